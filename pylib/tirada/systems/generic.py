"""The generic forum roll: "dados lanzados / dados guardados".

Rule: ../shared/rules/sifrp.md §"The generic forum roll" (seed ``004_…``): roll ``dice`` dice of
``sides`` sides, keep the ``keep`` highest (or lowest), add ``modifier``, and compare with an optional
``difficulty`` (success when total ≥ difficulty).

Two extensions typed as dice notation (:mod:`tirada.systems.notation`, docs/notation.md): ``explode``
(a die showing its highest face adds one more die, which may explode again; keep then counts every
die rolled, and :data:`MAX_EXPLOSIONS` bounds the extra dice) and ``rolls`` (several rolls in one
post: a list of 2..10 requests of this shape, rolled one after another on the same dice stream).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..dice import MAX_SIDES, Dice
from ..errors import InvalidRequest
from ..fields import get_bool, get_int, reject_unknown

__all__ = ["GenericRequest", "MAX_EXPLOSIONS", "keep_indices", "roll"]

RULE = "sifrp.md §The generic forum roll"
MAX_DICE = 100
MAX_EXPLOSIONS = 100           #: most extra dice an exploding roll may add (then it is refused)
MAX_ROLLS = 10                 #: most rolls in one ``rolls`` request
FIELDS = {"dice", "sides", "keep", "keep_lowest", "modifier", "difficulty", "explode"}


@dataclass(frozen=True)
class GenericRequest:
    """A generic roll: ``dice`` 1..100 of ``sides`` 2..1000, keep ``keep`` 1..dice (highest, or
    lowest when ``keep_lowest``), ``modifier`` −10000..10000, ``difficulty`` int or ``None``,
    ``explode`` (bool; then ``keep`` ``None`` means every die rolled, explosions included)."""

    dice: int
    sides: int
    keep: int
    keep_lowest: bool = False
    modifier: int = 0
    difficulty: int | None = None
    explode: bool = False

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "GenericRequest":
        """Validate a request dict (fields as in the CLI) and build the request.

        Raises:
            InvalidRequest: unknown field, or a field out of range (``sides: 1``, ``keep > dice``).
        """
        reject_unknown(req, FIELDS, "generic")
        dice = get_int(req, "dice", lo=1, hi=MAX_DICE, rule=RULE)
        sides = get_int(req, "sides", lo=2, hi=MAX_SIDES, rule=RULE)
        explode = get_bool(req, "explode")
        keep = get_int(req, "keep", default=None if explode else dice, lo=1, rule=RULE)
        if keep is not None and keep > dice and not explode:
            raise InvalidRequest(f"cannot keep {keep} of {dice} dice", field="keep", rule=RULE,
                                 code="generic.keep_too_many", params={"keep": keep, "n": dice})
        difficulty = req.get("difficulty")
        if difficulty is not None:
            difficulty = get_int(req, "difficulty", lo=-100000, hi=100000)
        return cls(dice, sides, keep, get_bool(req, "keep_lowest"),
                   get_int(req, "modifier", default=0, lo=-10000, hi=10000), difficulty, explode)


def keep_indices(faces: list, keep: int, lowest: bool = False) -> list:
    """Indices of the ``keep`` highest (or lowest) faces, best first; ties keep the earlier die.

    Args:
        faces: die faces in draw order. keep: 0..len(faces).
    Returns:
        list of indices into ``faces``, ordered by face (descending, or ascending when ``lowest``).
    """
    order = sorted(range(len(faces)), key=lambda i: (faces[i] if lowest else -faces[i], i))
    return order[:keep]


def _roll_one(r: GenericRequest, dice: Dice) -> dict:
    """Roll one validated request: the dice in draw order, explosions right after the die that
    caused them (so a die and its explosions sit together), then keep and total."""
    faces: list = []
    exploded: list = []
    for _ in range(r.dice):
        face = dice.roll(r.sides)
        faces.append(face)
        while r.explode and face == r.sides:
            if len(exploded) >= MAX_EXPLOSIONS:
                raise InvalidRequest(f"more than {MAX_EXPLOSIONS} dice exploded; roll again with a new seed",
                                     field="explode", rule=RULE, code="generic.too_many_explosions",
                                     params={"n": MAX_EXPLOSIONS})
            exploded.append(len(faces))
            face = dice.roll(r.sides)
            faces.append(face)
    keep = len(faces) if r.keep is None else min(r.keep, len(faces))
    idx = keep_indices(faces, keep, r.keep_lowest)
    kept = [faces[i] for i in idx]
    total = sum(kept) + r.modifier
    out = {
        "sides": r.sides,
        "faces": faces,
        "kept": kept,
        "kept_indices": idx,
        "dropped": [faces[i] for i in range(len(faces)) if i not in idx],
        "modifier": r.modifier,
        "total": total,
    }
    if r.explode:
        out["exploded_indices"] = exploded
    if r.difficulty is not None:
        out.update(difficulty=r.difficulty, success=total >= r.difficulty, margin=total - r.difficulty)
    return out


def roll(req: Mapping[str, Any], dice: Dice) -> dict:
    """Roll a generic request on ``dice``.

    Returns:
        ``{"sides", "faces": [int] (draw order; explosion dice right after
        the die that exploded), "kept": [int] (best first), "kept_indices": [int], "dropped": [int],
        "modifier": int, "total": int}`` plus ``"exploded_indices"`` (faces that are explosion dice)
        when ``explode``, and ``"difficulty"``, ``"success"`` (bool), ``"margin"`` (total −
        difficulty) when a difficulty is given. A ``rolls`` request gives ``{"rolls": [one result
        per roll]}``.
    Raises:
        InvalidRequest: see :meth:`GenericRequest.from_dict`; bad given faces; more than
        :data:`MAX_EXPLOSIONS` explosions; ``rolls`` that is not a list of 2..10 requests or comes
        with other fields.
    """
    if "rolls" in req:
        rolls = req["rolls"]
        if set(req) != {"rolls"}:
            raise InvalidRequest("several rolls carry their own fields; nothing else may come with them",
                                 field=sorted(set(req) - {"rolls"})[0][:40], rule=RULE,
                                 code="generic.rolls_alone")
        if not isinstance(rolls, list) or not 2 <= len(rolls) <= MAX_ROLLS:
            raise InvalidRequest(f"must be a list of 2 to {MAX_ROLLS} rolls", field="rolls", rule=RULE,
                                 code="generic.rolls_count", params={"n": MAX_ROLLS})
        parsed = []
        for i, one in enumerate(rolls):
            if not isinstance(one, Mapping):
                raise InvalidRequest("must be a roll", field=f"rolls[{i}]", rule=RULE, code="generic.rolls_item")
            parsed.append(GenericRequest.from_dict(one))
        return {"rolls": [_roll_one(r, dice) for r in parsed]}
    return _roll_one(GenericRequest.from_dict(req), dice)
