"""Blood Red Sands: the Hero's Vow checks added by the audit against the seed (issue #15).

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §Getting more dice,
Hero's Vows, and §Corrections and additions (turn 2). Active from setup version 2 only
(:func:`seed_audit_rules`): a version-1 Confrontation replays exactly as before.

* A Vow that can do nothing (the Hero has no Used and no Battered die) is refused and the
  once-per-Ordeal Vow is not spent ("Puede renovar todos sus dados Usados … Además puede renovar
  todos los dados Vapuleados").
* "El Voto de que un enemigo morirá: ese personaje será el Personaje Principal de una Facción, y no
  deberá tener más de 3 Rasgos Devastados en el momento de realizarse el Voto." The move names the
  enemy (``enemy``: a Component of the other side, the Principal Character the Hero names; which
  Component is a Faction's Principal Character is the table's word [decision]) and ``crossed`` (its
  Traits already Devastated earlier in the Ordeal, crossed out on its sheet, 0..12, default 0); the
  Traits Devastated in this Confrontation (dice lost to the Graveyard, not a Weakness instead) are
  counted by the engine. More than 3 in all → refused.

Pure checks: nothing here draws a die or changes the state.
"""

from __future__ import annotations

from ...errors import IllegalMove
from .config import RULE_MORE
from .state import State

__all__ = ["MAX_DEVASTATED", "check_vow", "devastated_traits", "enemy_candidates", "seed_audit_rules",
           "vow_targets"]

#: "no deberá tener más de 3 Rasgos Devastados" (seed 000, Los Votos del Héroe).
MAX_DEVASTATED = 3


def seed_audit_rules(state: State) -> bool:
    """True when the corrections of the seed audit (issue #15) apply: setup version 2 or later.
    Version-1 Confrontations keep the earlier behaviour so that their links replay unchanged."""
    return state.setup.version >= 2


def vow_targets(state: State, player: int) -> list:
    """Dice a Vow would reroll for ``player``: their undamaged Used and Battered dice, die order."""
    return [i for i in state.dice_of(player, "used", "battered") if state.dice[i].mark is None]


def devastated_traits(state: State, component: int) -> int:
    """Traits of ``component`` Devastated in this Confrontation (its dice lost to the Graveyard)."""
    return sum(1 for d in state.dice if d.component == component and d.row == "lost")


def enemy_candidates(state: State, player: int) -> list:
    """``[{"component", "name", "devastated"}]``: the Components of the other side, each with the
    Traits it lost in this Confrontation, for the page's "an enemy will die" choice."""
    side = state.side_of(player)
    return [{"component": c, "name": comp.name, "devastated": devastated_traits(state, c)}
            for c, comp in enumerate(state.setup.components)
            if state.setup.players[comp.owner].side != side]


def check_vow(state: State, player: int, kind: str, move: dict) -> None:
    """Refuse a Vow that the seed does not allow (version 2 only; see the module docstring).

    Raises:
        IllegalMove: ``brs.vow_nothing`` no Used or Battered die to renew; ``brs.vow_enemy`` the
        "enemy will die" Vow without a Component of the other side; ``brs.vow_crossed`` a bad
        ``crossed`` count; ``brs.vow_enemy_devastated`` the enemy has more than 3 Devastated Traits.
    """
    if not seed_audit_rules(state):
        return
    if not vow_targets(state, player):
        raise IllegalMove("the Vow would renew nothing: you have no Used or Battered dice, and the Vow is "
                          "made once per Ordeal", field="vow", rule=RULE_MORE, code="brs.vow_nothing")
    if kind != "enemy_dies":
        return
    enemy = move.get("enemy")
    if type(enemy) is not int or not any(c["component"] == enemy for c in enemy_candidates(state, player)):
        raise IllegalMove("name the enemy: the Principal Character of a Faction, a Component of the other side",
                          field="enemy", rule=RULE_MORE, code="brs.vow_enemy")
    crossed = move.get("crossed", 0)
    if type(crossed) is not int or not 0 <= crossed <= 12:
        raise IllegalMove("Traits Devastated earlier in the Ordeal: a whole number from 0 to 12", field="crossed",
                          rule=RULE_MORE, code="brs.vow_crossed")
    total = crossed + devastated_traits(state, enemy)
    if total > MAX_DEVASTATED:
        name = state.setup.components[enemy].name
        raise IllegalMove(f"{name} has {total} Devastated Traits; the enemy of this Vow must have at most "
                          f"{MAX_DEVASTATED}", field="enemy", rule=RULE_MORE, code="brs.vow_enemy_devastated",
                          params={"name": name, "n": total, "max": MAX_DEVASTATED})
