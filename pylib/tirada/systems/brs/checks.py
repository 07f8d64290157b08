"""Blood Red Sands Confrontation: the checks and predicates shared by the moves and the Aspects.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §The fight: Rounds
and Exchanges, §Getting more dice, §Yielding. Each check raises :class:`~tirada.errors.IllegalMove`
(``rule`` = the section that forbids the move) and draws no die; each predicate only reads the state.
Both :mod:`tirada.systems.brs.moves` and :mod:`tirada.systems.brs.aspects` build on this module, which
imports neither (so they do not import each other in a circle).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import IllegalMove, InvalidRequest
from .config import RULE_FIGHT, RULE_YIELD
from .state import State

__all__ = ["MAX_NOTE", "NOTE_MOVES", "can_advance_two", "check_die", "check_no_pending", "check_note",
           "check_soul_fused", "move_note", "overwhelmed", "renewal_allowed"]

#: the longest ``note`` a Yield, a Vow or a ruling may carry, in characters (the page's fields stop at 120).
MAX_NOTE = 200
#: the move kinds that carry a ``note`` (docs/brs-format.md, the moves table).
NOTE_MOVES = ("vow", "yield", "ruling")


def check_note(move: Mapping, field: str = "note") -> str:
    """The ``note`` of a Yield, Vow or ruling ``move`` as text (``""`` when absent; a non-text note
    is read with ``str`` as it always was).

    Raises:
        InvalidRequest: ``brs.note_too_long`` (params ``limit`` = :data:`MAX_NOTE`, ``length``) when the
        note is longer than :data:`MAX_NOTE` characters: it is refused, never cut without saying so.
    """
    text = str(move.get("note") or "")
    if len(text) > MAX_NOTE:
        raise InvalidRequest(f"a note may have at most {MAX_NOTE} characters, this one has {len(text)}",
                             field=field, code="brs.note_too_long", params={"limit": MAX_NOTE, "length": len(text)})
    return text


def move_note(state: State, move: Mapping[str, Any]) -> str:
    """The note a move records while ``state`` is replayed. Version 2 (fair play): :func:`check_note`.
    Version 1: a note over :data:`MAX_NOTE` characters is cut to that length exactly as before, so every
    version-1 log and link replays unchanged; new moves are checked before they are applied
    (:func:`tirada.systems.brs.replay.play`, and ``replay(…, check_notes=True)`` for the command line).

    Raises:
        InvalidRequest: (version 2) as :func:`check_note`.
    """
    if state.setup.version >= 2:
        return check_note(move)
    return str(move.get("note") or "")[:MAX_NOTE]


def check_die(state: State, die: object, field: str = "die") -> int:
    """``die`` as a valid die index. Raises IllegalMove when it is not one."""
    if type(die) is not int or not 0 <= die < len(state.dice):
        raise IllegalMove(f"there is no die {str(die)[:20]}", field=field, rule=RULE_FIGHT,
                          code="brs.no_die", params={"die": str(die)[:20]})
    return die


def check_no_pending(state: State) -> None:
    """Refuse any move while a player still owes a choice (a pending Strength / Endurance / bonus
    decision) or after the end.

    Raises:
        IllegalMove: naming who must choose first (blood-red-sands.md §The fight), or the end
        (§Yielding).
    """
    if state.pending:
        kind, _, chooser = state.pending[0]
        who = state.setup.players[chooser].name
        raise IllegalMove(f"{who} must first resolve the pending {kind} choice", field="move", rule=RULE_FIGHT,
                          code="brs.pending", params={"name": who})
    if state.phase == "ended":
        raise IllegalMove("the Confrontation is over", field="move", rule=RULE_YIELD, code="brs.over")


def can_advance_two(state: State, player: int) -> bool:
    """True when ``player`` has 2 dice to attack with: Available dice plus a Reversal's kept die
    (§The fight, Attack)."""
    kept = 1 if state.reversal and state.reversal[0] == player else 0
    return len(state.dice_of(player, "available")) + kept >= 2


def overwhelmed(state: State) -> bool:
    """True in the defence phase when all the target's Available dice together cannot reach the
    Attack Score (§The fight, Outcome: Overwhelmed)."""
    if state.phase != "defence":
        return False
    total = sum(state.dice[i].face for i in state.dice_of(state.fight_target, "available"))
    return total < state.fight["score"]


def check_soul_fused(state: State, move: dict, owner: int, used: list) -> int | None:
    """The index of the optional Soul-Fused die of ``move`` (``None`` when absent), checked: it must
    be the mover's own Available die with the Soul-Fused Aspect and not already in ``used``.

    Raises:
        IllegalMove: any of those conditions broken (blood-red-sands.md §The fight: Attack / Defence).
    """
    sf = move.get("soul_fused")
    if sf is None:
        return None
    sf = check_die(state, sf, "soul_fused")
    d = state.dice[sf]
    if d.owner != owner or d.row != "available" or sf in used:
        raise IllegalMove("the Soul-Fused die must be another of your Available dice", field="soul_fused",
                          rule=RULE_FIGHT, code="brs.soul_fused_die")
    if d.aspect != "soul_fused":
        raise IllegalMove("only a Soul-Fused die may be advanced without counting", field="soul_fused",
                          rule=RULE_FIGHT, code="brs.soul_fused_only")
    return sf


def renewal_allowed(state: State, side: int) -> bool:
    """May ``side`` take the next Renewal? At most 3: the 1st by any side, the 2nd only by the
    other side, the 3rd only by the first side; under Ordinary Spoils 1 only, for the side that
    did not Back Down (§Getting more dice, §Spoils)."""
    taken = state.renewals
    if state.setup.ordinary_spoils:
        return not taken and side != state.setup.back_down
    if len(taken) >= 3:
        return False
    return len(taken) == 0 or (len(taken) == 1 and side != taken[0]) or (len(taken) == 2 and side == taken[0])
