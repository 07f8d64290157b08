"""Tragedia: the final roll of a scene (even = success).

Rules: ../shared/rules/tragedia.md §The final roll (seed ``001_0d4b6b4e1f6e6362.txt``). Gathering
dice by source, character sheets and the scene ledger live in the sibling modules ``sheet``,
``state``, ``sources``, ``moves`` and ``scene``; this module only
rolls two pools and compares them, and is what ``systems.roll`` calls for ``system: "tragedia"``.

Draw order (fixed, so every roll replays from its seed or faces): the Protagonist side's pool, then
the Adversary side's pool; after a loss with a post-loss step: the new Tragedy dice, then the
Protagonist side's last dice, then the Adversary side's last dice.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import MAX_SIDES, Dice
from ...errors import InvalidRequest
from ...fields import get_bool, get_int, reject_unknown

__all__ = [
    "DEFAULT_SIDES", "RULE_ROLL", "check_sides", "final_stage", "post_loss_stage",
    "roll", "roll_result", "successes", "winner_of",
]

RULE_ROLL = "tragedia.md §The final roll"
DEFAULT_SIDES = 6
MAX_POOL = 100
MAX_LAST = 20
MAX_AUTO = 20
MIN_TRAGEDY_DICE, MAX_TRAGEDY_DICE = 2, 5
FIELDS = {"protagonist_dice", "adversary_dice", "auto_successes", "protagonist_wins_ties", "sides",
          "post_loss"}
POST_LOSS_FIELDS = {"tragedy_dice", "last_dice"}
LAST_DICE_FIELDS = {"protagonist_side", "adversary_side"}


def check_sides(value: Any, field: str = "sides") -> int:
    """Return ``value`` as a die size: an even whole number from 2 to 1000 (d6 by default).

    Rule: tragedia.md §The final roll ("d6 by default [decision]; … as long as it is even-sided").
    Raises:
        InvalidRequest: not a whole number, out of range, or odd (an odd die would favour failures).
    """
    sides = get_int({field: value}, field, lo=2, hi=MAX_SIDES, rule=RULE_ROLL)
    if sides % 2:
        raise InvalidRequest(f"the dice must be even-sided, got d{sides}", field=field, rule=RULE_ROLL,
                             code="tragedia.even_sides", params={"sides": sides})
    return sides


def successes(faces: list) -> int:
    """Number of faces showing an even number (tragedia.md §The final roll: even = success)."""
    return sum(1 for face in faces if face % 2 == 0)


def winner_of(protagonist_successes: int, adversary_successes: int, protagonist_wins_ties: bool) -> str:
    """``"protagonist"`` or ``"adversary"``: more successes wins; a tie goes to the Adversary unless
    the Protagonist bought the ties with a Flaw (tragedia.md §The final roll)."""
    if protagonist_successes == adversary_successes:
        return "protagonist" if protagonist_wins_ties else "adversary"
    return "protagonist" if protagonist_successes > adversary_successes else "adversary"


def _roll_dice(count: int, sides: int, dice: Dice) -> list:
    return [dice.roll(sides) for _ in range(count)]


def final_stage(protagonist_dice: int, adversary_dice: int, dice: Dice, auto_successes: int = 0,
                protagonist_wins_ties: bool = False, sides: int = DEFAULT_SIDES) -> dict:
    """Roll both pools once and compare them (tragedia.md §The final roll).

    Args:
        protagonist_dice, adversary_dice: pool sizes, ≥ 0. auto_successes: ≥ 0, added to the
        Protagonist's even faces. protagonist_wins_ties: ties bought with a Flaw. sides: even ≥ 2.
        dice: draws ``protagonist_dice`` dice, then ``adversary_dice`` dice.
    Returns:
        ``{"stage": "final", "protagonist_faces": [int], "adversary_faces": [int],
        "auto_successes": int, "protagonist_wins_ties": bool, "protagonist_successes": int,
        "adversary_successes": int, "tie": bool, "winner": "protagonist" | "adversary"}``.
    Raises:
        InvalidRequest: bad given faces (from ``dice``).
    """
    p_faces = _roll_dice(protagonist_dice, sides, dice)
    a_faces = _roll_dice(adversary_dice, sides, dice)
    p_succ = successes(p_faces) + auto_successes
    a_succ = successes(a_faces)
    return {
        "stage": "final",
        "protagonist_faces": p_faces,
        "adversary_faces": a_faces,
        "auto_successes": auto_successes,
        "protagonist_wins_ties": protagonist_wins_ties,
        "protagonist_successes": p_succ,
        "adversary_successes": a_succ,
        "tie": p_succ == a_succ,
        "winner": winner_of(p_succ, a_succ, protagonist_wins_ties),
    }


def post_loss_stage(first: Mapping[str, Any], tragedy_dice: int, protagonist_last: int,
                    adversary_last: int, dice: Dice, sides: int = DEFAULT_SIDES) -> dict:
    """After a loss: the Protagonist's new Tragedy dice plus each other player's last die, added to
    the successes already rolled; compared again with the same tie rule (tragedia.md §The final
    roll, "If the Protagonist loses").

    Args:
        first: the :func:`final_stage` result (its winner must be the Adversary).
        tragedy_dice: the new Tragedy level, 2..5. protagonist_last / adversary_last: last dice of
        the Allies / of the Adversary and Henchmen, ≥ 0. dice: draws the Tragedy dice, then the
        Protagonist side's last dice, then the Adversary side's last dice.
    Returns:
        ``{"stage": "post_loss", "tragedy_faces", "protagonist_last_faces", "adversary_last_faces":
        [int], "protagonist_successes", "adversary_successes": int (running totals), "tie": bool,
        "winner": str}``.
    Raises:
        ValueError: ``first`` was not a loss (a caller bug; requests are checked before).
        InvalidRequest: bad given faces.
    """
    if first["winner"] != "adversary":
        raise ValueError("the post-loss step follows a loss only")
    t_faces = _roll_dice(tragedy_dice, sides, dice)
    p_last = _roll_dice(protagonist_last, sides, dice)
    a_last = _roll_dice(adversary_last, sides, dice)
    p_succ = first["protagonist_successes"] + successes(t_faces) + successes(p_last)
    a_succ = first["adversary_successes"] + successes(a_last)
    ties = bool(first["protagonist_wins_ties"])
    return {
        "stage": "post_loss",
        "tragedy_faces": t_faces,
        "protagonist_last_faces": p_last,
        "adversary_last_faces": a_last,
        "protagonist_successes": p_succ,
        "adversary_successes": a_succ,
        "tie": p_succ == a_succ,
        "winner": winner_of(p_succ, a_succ, ties),
    }


def roll_result(stages: list, sides: int) -> dict:
    """The JSON result of a roll made of ``stages`` (1 or 2 stage dicts): the last stage decides.

    Returns ``{"sides", "faces": [int] in draw order, "stages": [...], "post_loss": bool,
    "protagonist_successes", "adversary_successes", "tie", "winner"}``.
    """
    faces: list = []
    for stage in stages:
        for key in ("protagonist_faces", "adversary_faces", "tragedy_faces", "protagonist_last_faces",
                    "adversary_last_faces"):
            faces += stage.get(key, [])
    last = stages[-1]
    return {
        "sides": sides,
        "faces": faces,
        "stages": list(stages),
        "post_loss": len(stages) > 1,
        "protagonist_successes": last["protagonist_successes"],
        "adversary_successes": last["adversary_successes"],
        "tie": last["tie"],
        "winner": last["winner"],
    }


def _post_loss_request(value: Any) -> tuple:
    if not isinstance(value, Mapping):
        raise InvalidRequest('must be {"tragedy_dice": n, "last_dice": {...}}', field="post_loss",
                             code="tragedia.post_loss_object")
    reject_unknown(value, POST_LOSS_FIELDS, "tragedia post_loss")
    tragedy = get_int(value, "tragedy_dice", lo=MIN_TRAGEDY_DICE, hi=MAX_TRAGEDY_DICE, rule=RULE_ROLL)
    last = value.get("last_dice") or {}
    if not isinstance(last, Mapping):
        raise InvalidRequest('must be {"protagonist_side": a, "adversary_side": b}',
                             field="post_loss.last_dice", code="tragedia.last_dice_object")
    reject_unknown(last, LAST_DICE_FIELDS, "tragedia last_dice")
    a = get_int(last, "protagonist_side", default=0, lo=0, hi=MAX_LAST, rule=RULE_ROLL)
    b = get_int(last, "adversary_side", default=0, lo=0, hi=MAX_LAST, rule=RULE_ROLL)
    return tragedy, a, b


def roll(params: Mapping[str, Any], dice: Dice) -> dict:
    """Roll a Tragedia final roll from a plain request (tragedia.md §The final roll).

    Request fields: ``protagonist_dice`` 0..100 (required), ``adversary_dice`` 0..100 (required),
    ``auto_successes`` 0..20 (default 0), ``protagonist_wins_ties`` bool (default false), ``sides``
    even 2..1000 (default 6), ``post_loss`` optional ``{"tragedy_dice": 2..5, "last_dice":
    {"protagonist_side": 0..20, "adversary_side": 0..20}}`` — the Protagonist's decision to raise
    Tragedy *if* they lose; it is used only when the first stage is lost.

    Returns:
        :func:`roll_result`: ``stages`` holds the :func:`final_stage` and, after a loss with
        ``post_loss``, the :func:`post_loss_stage`; the top-level ``protagonist_successes``,
        ``adversary_successes``, ``tie`` and ``winner`` are those of the last stage.
    Raises:
        InvalidRequest: unknown field, a field out of range, odd ``sides``, bad given faces.
    """
    reject_unknown(params, FIELDS, "tragedia")
    p_dice = get_int(params, "protagonist_dice", lo=0, hi=MAX_POOL, rule=RULE_ROLL)
    a_dice = get_int(params, "adversary_dice", lo=0, hi=MAX_POOL, rule=RULE_ROLL)
    auto = get_int(params, "auto_successes", default=0, lo=0, hi=MAX_AUTO, rule=RULE_ROLL)
    ties = get_bool(params, "protagonist_wins_ties")
    sides = check_sides(params["sides"]) if params.get("sides") is not None else DEFAULT_SIDES
    post = _post_loss_request(params["post_loss"]) if params.get("post_loss") is not None else None
    stages = [final_stage(p_dice, a_dice, dice, auto, ties, sides)]
    if post is not None and stages[0]["winner"] == "adversary":
        stages.append(post_loss_stage(stages[0], post[0], post[1], post[2], dice, sides))
    return roll_result(stages, sides)
