"""Tragedia Chapter standing: who has achieved the Objective, who is held at Tragedy 5, who has lost.

Rule (seed ``001_0d4b6b4e1f6e6362.txt``, §Tragedia): "El máximo nivel que puede alcanzar la Tragedia de
un personaje es 5. Mientras esté en ese punto, no importa la cantidad de victorias que tenga en
escenas de personaje: no puede lograr su Objetivo hasta que disminuya su Tragedia y, si otros dos
jugadores se le adelantan ese Capítulo, se le considerará perdedor." (tragedia.md §Corrections and
additions: the Tragedy 5 Chapter loss).

[decision] (docs/tragedia-scene.md §Table settings and decisions) The tool judges it on the
Chapter's sheets as they are now: a character at Tragedy 5 while at least two *other* characters
have achieved their Objective (2 Victories and Tragedy below 5) has lost the Chapter. A character
who lowered Tragedy before the second other Objective was reached is not lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import InvalidRequest
from .sheet import MAX_TRAGEDY, VICTORIES_FOR_OBJECTIVE, Sheet

__all__ = ["OTHERS_TO_LOSE", "RULE_CHAPTER", "Standing", "chapter_standing", "standing_by_name"]

RULE_CHAPTER = "tragedia.md §Corrections and additions (the Tragedy 5 Chapter loss)"
#: "si otros dos jugadores se le adelantan ese Capítulo, se le considerará perdedor"
OTHERS_TO_LOSE = 2
MAX_SHEETS = 50


def chapter_standing(sheets: Any) -> list:
    """The standing of every character of a Chapter.

    Args:
        sheets: a list of sheet dicts (:meth:`Sheet.from_dict`), 1..50, distinct names.
    Returns:
        ``[{"name": str, "victories": int, "tragedy": 1..5, "status": str}]`` in the given order;
        ``status`` is ``"achieved"`` (2 Victories, Tragedy below 5), ``"lost"`` (Tragedy 5 and at
        least two other characters achieved), ``"blocked"`` (Tragedy 5: cannot achieve the
        Objective until Tragedy goes down) or ``"playing"``.
    Raises:
        InvalidRequest: not a list, too many or no sheets, a bad sheet, two sheets with one name.
    """
    if not isinstance(sheets, list) or not 1 <= len(sheets) <= MAX_SHEETS:
        raise InvalidRequest(f"must be a list of 1 to {MAX_SHEETS} sheets", field="sheets",
                             rule=RULE_CHAPTER, code="tragedia.chapter_sheets", params={"n": MAX_SHEETS})
    parsed = [Sheet.from_dict(s, f"sheets[{i}]") for i, s in enumerate(sheets)]
    names = [s.name for s in parsed]
    if len(set(names)) != len(names):
        raise InvalidRequest("two sheets have the same character name", field="sheets", rule=RULE_CHAPTER,
                             code="tragedia.participants_names")
    achieved = {s.name for s in parsed if s.objective_achieved}
    out = []
    for s in parsed:
        if s.name in achieved:
            status = "achieved"
        elif s.tragedy >= MAX_TRAGEDY and len(achieved - {s.name}) >= OTHERS_TO_LOSE:
            status = "lost"
        elif s.tragedy >= MAX_TRAGEDY:
            status = "blocked"
        else:
            status = "playing"
        out.append({"name": s.name, "victories": s.victories, "tragedy": s.tragedy, "status": status,
                    "victories_needed": VICTORIES_FOR_OBJECTIVE})
    return out


@dataclass(frozen=True)
class Standing:
    """One character's standing in a Chapter (a row of :func:`chapter_standing`).

    Attributes:
        name: the character's name.
        victories: Victories so far (≥ 0).
        tragedy: Tragedy 1..5.
        status: ``"achieved"``, ``"lost"``, ``"blocked"`` or ``"playing"`` (:func:`chapter_standing`).
        victories_needed: Victories that achieve the Objective (2).
    """

    name: str
    victories: int
    tragedy: int
    status: str
    victories_needed: int

    @classmethod
    def from_dict(cls, row: Any) -> "Standing":
        """Read one row of :func:`chapter_standing`."""
        return cls(name=row.get("name"), victories=row.get("victories"), tragedy=row.get("tragedy"),
                   status=row.get("status"), victories_needed=row.get("victories_needed"))

    def to_dict(self) -> dict:
        """The row's dict, as :func:`chapter_standing` gives it."""
        return {"name": self.name, "victories": self.victories, "tragedy": self.tragedy, "status": self.status,
                "victories_needed": self.victories_needed}


def standing_by_name(sheets: Any) -> dict:
    """``{character name: Standing}`` of the Chapter of ``sheets``; ``{}`` for no sheet.

    Raises:
        InvalidRequest: as :func:`chapter_standing`.
    """
    return {s.name: s for s in map(Standing.from_dict, chapter_standing(sheets))} if sheets else {}
