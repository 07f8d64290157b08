"""The generic forum roll: "dados lanzados / dados guardados".

Rule: ../shared/rules/sifrp.md §"The generic forum roll" (seed ``004_…``): roll ``dice`` dice of
``sides`` sides, keep the ``keep`` highest (or lowest), add ``modifier``, and compare with an optional
``difficulty`` (success when total ≥ difficulty).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..dice import MAX_SIDES, Dice
from ..errors import InvalidRequest
from ..fields import get_bool, get_int, reject_unknown

__all__ = ["GenericRequest", "keep_indices", "roll"]

RULE = "sifrp.md §The generic forum roll"
MAX_DICE = 100
FIELDS = {"dice", "sides", "keep", "keep_lowest", "modifier", "difficulty"}


@dataclass(frozen=True)
class GenericRequest:
    """A generic roll: ``dice`` 1..100 of ``sides`` 2..1000, keep ``keep`` 1..dice (highest, or
    lowest when ``keep_lowest``), ``modifier`` −10000..10000, ``difficulty`` int or ``None``."""

    dice: int
    sides: int
    keep: int
    keep_lowest: bool = False
    modifier: int = 0
    difficulty: int | None = None

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "GenericRequest":
        """Validate a request dict (fields as in the CLI) and build the request.

        Raises:
            InvalidRequest: unknown field, or a field out of range (``sides: 1``, ``keep > dice``).
        """
        reject_unknown(req, FIELDS, "generic")
        dice = get_int(req, "dice", lo=1, hi=MAX_DICE, rule=RULE)
        sides = get_int(req, "sides", lo=2, hi=MAX_SIDES, rule=RULE)
        keep = get_int(req, "keep", default=dice, lo=1, rule=RULE)
        if keep > dice:
            raise InvalidRequest(f"cannot keep {keep} of {dice} dice", field="keep", rule=RULE,
                                 code="generic.keep_too_many", params={"keep": keep, "n": dice})
        difficulty = req.get("difficulty")
        if difficulty is not None:
            difficulty = get_int(req, "difficulty", lo=-100000, hi=100000)
        return cls(dice, sides, keep, get_bool(req, "keep_lowest"),
                   get_int(req, "modifier", default=0, lo=-10000, hi=10000), difficulty)


def keep_indices(faces: list, keep: int, lowest: bool = False) -> list:
    """Indices of the ``keep`` highest (or lowest) faces, best first; ties keep the earlier die.

    Args:
        faces: die faces in draw order. keep: 0..len(faces).
    Returns:
        list of indices into ``faces``, ordered by face (descending, or ascending when ``lowest``).
    """
    order = sorted(range(len(faces)), key=lambda i: (faces[i] if lowest else -faces[i], i))
    return order[:keep]


def roll(req: Mapping[str, Any], dice: Dice) -> dict:
    """Roll a generic request on ``dice``.

    Returns:
        ``{"faces": [int], "kept": [int] (best first), "kept_indices": [int], "dropped": [int],
        "modifier": int, "total": int}`` plus ``"difficulty"``, ``"success"`` (bool) and
        ``"margin"`` (total − difficulty) when a difficulty is given.
    Raises:
        InvalidRequest: see :meth:`GenericRequest.from_dict`; bad given faces.
    """
    r = GenericRequest.from_dict(req)
    faces = [dice.roll(r.sides) for _ in range(r.dice)]
    idx = keep_indices(faces, r.keep, r.keep_lowest)
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
    if r.difficulty is not None:
        out.update(difficulty=r.difficulty, success=total >= r.difficulty, margin=total - r.difficulty)
    return out
