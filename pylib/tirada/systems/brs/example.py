"""Blood Red Sands: the seed's worked example (Haster against Sharla) as a ready setup.

Rules: ../shared/rules/blood-red-sands.md §Aspects (worked example); the same data as
docs/examples/brs-haster-sharla.json (a test keeps them equal). The page's "load the example"
button starts from it with a fresh seed instead of the hand-rolled ``faces``.
"""

from __future__ import annotations

import copy

__all__ = ["EXAMPLE_SETUP", "example_setup"]

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
