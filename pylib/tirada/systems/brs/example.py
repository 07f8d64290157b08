"""Blood Red Sands: the seed's worked example (Haster against Sharla) as a ready setup.

Rules: ../shared/rules/blood-red-sands.md §Aspects (worked example); the same data as
docs/examples/brs-haster-sharla.json (a test keeps them equal). The page's "load the example"
button starts from it with a fresh seed instead of the hand-rolled ``faces``.
"""

from __future__ import annotations

import copy

__all__ = ["BALANCED_SETUP", "EXAMPLE_SETUP", "balanced_setup", "example_setup"]

#: The setup of docs/examples/brs-haster-sharla.json (faces rolled by hand, 13 draws).
EXAMPLE_SETUP = {'version': 1,
 'faces': [5, 7, 3, 5, 1, 4, 3, 2, 6, 2, 6, 2, 3],
 'sides': ['Haster (Cronista)', 'Sharla'],
 'players': [{'name': 'Haster',
              'side': 0,
              'hero': False,
              'advantage': 0,
              'components': [{'name': 'Haster Culdrok',
                              'committed': True,
                              'traits': [{'trait': '¡Tú dame un mapa, yo te daré la guerra!',
                                          'die': 8,
                                          'aspect': 'endurance'},
                                         {'trait': 'Cascos de trueno, el corcel',
                                          'die': 10,
                                          'aspect': 'strength'},
                                         {'trait': 'Lunamarga, la malla encantada',
                                          'die': 10,
                                          'aspect': 'soul_forged'},
                                         {'trait': 'Marda, doncella guerrera',
                                          'die': 6,
                                          'aspect': 'fortaleza'},
                                         {'trait': 'Corazón de buey', 'die': 6, 'aspect': 'fortaleza'}]},
                             {'name': 'El Paso de la Gaviota Cana',
                              'committed': True,
                              'traits': [{'trait': 'La montaña inabordable',
                                          'die': 10,
                                          'aspect': 'endurance'},
                                         {'trait': 'Parece que el viento se ríe',
                                          'die': 6,
                                          'aspect': 'cunning'},
                                         {'trait': 'Rocas rodantes', 'die': 4, 'aspect': 'strength'},
                                         {'trait': 'Las grietas traicioneras',
                                          'die': 8,
                                          'aspect': 'strength'}]}]},
             {'name': 'Sharla',
              'side': 1,
              'hero': True,
              'advantage': 1,
              'components': [{'name': 'Sharla',
                              'committed': True,
                              'traits': [{'trait': 'Puño de hierro', 'die': 4, 'aspect': 'strength'},
                                         {'trait': 'Aguanta lo que le echen',
                                          'die': 10,
                                          'aspect': 'endurance'},
                                         {'trait': 'Zorra del desierto', 'die': 6, 'aspect': 'cunning'},
                                         {'trait': 'Susurros del Velo', 'die': 8, 'aspect': 'sorcery'}]}]}],
 'graveyard': {'dice': [], 'advantage': 0},
 'spoils': ['Haster: Sharla pierde el mapa', 'Sharla: Haster queda en deuda con ella'],
 'stipulations': [],
 'back_down': None}


def example_setup(seed: str | None = None) -> dict:
    """A deep copy of :data:`EXAMPLE_SETUP`; with ``seed`` (hex), the dice come from that seed
    instead of the example's hand-rolled faces (which run out after the worked exchange)."""
    setup = copy.deepcopy(EXAMPLE_SETUP)
    if seed is not None:
        setup.pop("faces", None)
        setup["seed"] = seed
    return setup


def _fighter(name: str, side: int, component: str, traits: list, leader: bool = True) -> dict:
    return {"name": name, "side": side, "hero": True, "leader": leader, "advantage": 1,
            "components": [{"name": component, "committed": True,
                            "traits": [{"trait": t, "die": d, "aspect": a} for t, d, a in traits]}]}


#: A balanced duel between two players (issue #42): five dice each, the same sizes (d10, d8, two d6,
#: d4 = 34 faces), one Advantage token each, different Aspects — instead of the seed's 9 dice against 4.
BALANCED_SETUP = {
    "version": 2,
    "sides": ["Ryo", "Aria"],
    "players": [
        _fighter("Ryo", 0, "Ryo, espada a sueldo", [("Golpe de espadón", 10, "strength"), ("Ojo de mercenario", 8, "cunning"),
                                                    ("Piel curtida", 6, "endurance"), ("Finta sucia", 6, "cunning"),
                                                    ("Carga", 4, "strength")]),
        _fighter("Aria", 1, "Aria, bruja del desierto", [("Fuego del Velo", 10, "sorcery"), ("Danza de arena", 8, "cunning"),
                                                        ("Voluntad de hierro", 6, "endurance"), ("Daga curva", 6, "strength"),
                                                        ("Amuleto", 4, "fortaleza")]),
    ],
    "graveyard": {"dice": [], "advantage": 0},
    "spoils": [], "stipulations": [], "back_down": None,
}


def balanced_setup(seed: str) -> dict:
    """A deep copy of :data:`BALANCED_SETUP` with ``seed`` (hex): the page's example for two players."""
    return {**copy.deepcopy(BALANCED_SETUP), "seed": seed}
