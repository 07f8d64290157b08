"""The L5R 5e character sheet: rings, skills, strife, fatigue and Void points.

Composure and Endurance are derived (l5r5e.md §Composure, strife, unmasking, Void; §Skirmish
helpers). :func:`check_l5r_roll` refuses a check the character cannot make and
:func:`apply_l5r_result` applies what a finished check changes. The hooks for
:mod:`tirada.sheets`: :data:`SHEET`, :func:`roll_request`, :func:`from_form`, :func:`to_form`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..errors import IllegalMove, InvalidRequest
from ..fields import reject_unknown
from .common import at, form_checked, form_int, int_at, mapping, text

__all__ = ["L5R_RINGS", "L5R_SKILLS", "L5rSheet", "RULE_L5R", "SHEET", "SheetChange", "apply_l5r_result", "apply_l5r_roll",
           "is_l5r_request", "check_l5r_roll",
           "from_form", "roll_request", "to_form"]

RULE_L5R = "l5r5e.md §Composure, strife, unmasking, Void"
L5R_RINGS = ("air", "earth", "fire", "water", "void")
#: L5R 5e skills in the core book's groups (artisan, martial, scholar, social, trade).
L5R_SKILLS = ("aesthetics", "composition", "design", "smithing",
              "fitness", "martial_arts_melee", "martial_arts_ranged", "martial_arts_unarmed", "meditation",
              "tactics", "culture", "government", "medicine", "sentiment", "theology",
              "command", "courtesy", "games", "performance",
              "commerce", "labor", "seafaring", "skulduggery", "survival")


@dataclass(frozen=True)
class L5rSheet:
    """An L5R 5e character: ``rings`` ((ring, 1..10) for the five rings, default 1), ``skills``
    ((skill, rank 0..10), only ranks above 0 kept), ``strife`` 0..99, ``fatigue`` 0..99,
    ``void_points`` 0..Void ring (l5r5e.md §Composure, strife, unmasking, Void)."""

    rings: tuple = (("air", 1), ("earth", 1), ("fire", 1), ("water", 1), ("void", 1))
    skills: tuple = ()
    strife: int = 0
    fatigue: int = 0
    void_points: int = 0
    notes: str = ""

    def ring(self, name: str) -> int:
        """The ring's value."""
        return dict(self.rings)[name]

    def skill(self, name: str) -> int:
        """The skill's rank (0 when untrained)."""
        return dict(self.skills).get(name, 0)

    @property
    def composure(self) -> int:
        """(Earth + Water) × 2 (l5r5e.md §Skirmish helpers)."""
        return (self.ring("earth") + self.ring("water")) * 2

    @property
    def endurance(self) -> int:
        """(Earth + Fire) × 2 (l5r5e.md §Skirmish helpers)."""
        return (self.ring("earth") + self.ring("fire")) * 2

    @property
    def compromised(self) -> bool:
        """Strife above Composure."""
        return self.strife > self.composure

    @property
    def incapacitated(self) -> bool:
        """Fatigue above Endurance."""
        return self.fatigue > self.endurance

    def to_dict(self) -> dict:
        """``{"rings": {ring: n}, "skills": {skill: rank}, "strife", "fatigue", "void_points", "notes"}``."""
        return {"rings": dict(self.rings), "skills": dict(self.skills), "strife": self.strife,
                "fatigue": self.fatigue, "void_points": self.void_points, "notes": self.notes}

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "L5rSheet":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field (``sheet.rings.fire``);
        Void points above the Void ring are refused."""
        req = mapping(value, where)
        try:
            reject_unknown(req, {"rings", "skills", "strife", "fatigue", "void_points", "notes"}, "L5R sheet")
        except InvalidRequest as err:
            raise at(where, err) from None
        rings_in = mapping(req.get("rings") or {}, f"{where}.rings")
        for ring in rings_in:
            if ring not in L5R_RINGS:
                raise InvalidRequest("is not a ring", field=f"{where}.rings.{str(ring)[:40]}", code="sheet.not_ring")
        rings = tuple((r, int_at(rings_in, r, f"{where}.rings", 1, 1, 10, RULE_L5R)) for r in L5R_RINGS)
        skills_in = mapping(req.get("skills") or {}, f"{where}.skills")
        skills = []
        for skill in L5R_SKILLS:
            if skill in skills_in:
                rank = int_at(skills_in, skill, f"{where}.skills", 0, 0, 10, RULE_L5R)
                if rank:
                    skills.append((skill, rank))
        for skill in skills_in:
            if skill not in L5R_SKILLS:
                raise InvalidRequest("is not an L5R skill", field=f"{where}.skills.{str(skill)[:40]}",
                                     code="sheet.not_skill")
        void_ring = dict(rings)["void"]
        return cls(rings, tuple(skills), int_at(req, "strife", where, 0, 0, 99, RULE_L5R),
                   int_at(req, "fatigue", where, 0, 0, 99, RULE_L5R),
                   int_at(req, "void_points", where, 0, 0, void_ring, RULE_L5R), text(req, "notes", where))


def check_l5r_roll(sheet: L5rSheet, request: Mapping[str, Any]) -> None:
    """Refuse, before any die is drawn, an L5R check this character cannot make.

    * Incapacitated (fatigue > Endurance): "no puede efectuar acciones que requieran tiradas"
      (seed 002, Incapacitado; l5r5e.md §Skirmish helpers, Damage).
    * A Void point spent (``request["void"]``) with 0 Void points on the sheet: spending what the
      character does not have is refused, never silently ignored (l5r5e.md §Composure, strife,
      unmasking, Void; issue #15).

    Raises:
        IllegalMove: ``field`` ``"fatigue"`` or ``"void"``.
    """
    if sheet.incapacitated:
        raise IllegalMove("an Incapacitated character cannot make checks (fatigue above Endurance)",
                          field="fatigue", rule="l5r5e.md §Skirmish helpers", code="l5r.incapacitated")
    if request.get("void") is True and sheet.void_points < 1:
        raise IllegalMove("no Void point left on the sheet to spend", field="void", rule=RULE_L5R,
                          code="sheet.no_void")


def apply_l5r_result(sheet: L5rSheet, request: Mapping[str, Any], result: Mapping[str, Any]) -> tuple:
    """What a finished L5R check changes on the sheet: ``(new_sheet, changes)``.

    * strife += the check's ``strife_change`` (kept strife symbols not cancelled, then passion −3 /
      anxiety +3), never below 0;
    * a Void point spent (``request["void"]``) −1, an adversity on a failed check (
      ``void_points_gained``) +1; Void points stay within 0..Void ring (l5r5e.md §Composure, strife,
      unmasking, Void).

    ``changes`` is ``[{"field": "strife"|"void_points", "before": n, "after": n}]`` (only what changed).

    Raises:
        IllegalMove: the check spent a Void point the sheet does not have (``field`` ``"void"``):
            nothing is changed, so the page can say so instead of staying silently at 0.
    """
    if request.get("void") is True and sheet.void_points < 1:
        raise IllegalMove("no Void point left on the sheet to spend", field="void", rule=RULE_L5R,
                          code="sheet.no_void")
    strife_change = result.get("strife_change")
    if not isinstance(strife_change, int):
        strife = result.get("strife")
        strife_change = strife if isinstance(strife, int) else 0
    void = sheet.void_points - (1 if request.get("void") is True else 0)
    void += int(result.get("void_points_gained") or 0)
    new = replace(sheet, strife=min(99, max(0, sheet.strife + strife_change)),
                  void_points=max(0, min(sheet.ring("void"), void)))
    changes = [{"field": f, "before": getattr(sheet, f), "after": getattr(new, f)}
               for f in ("strife", "void_points") if getattr(sheet, f) != getattr(new, f)]
    return new, changes


@dataclass(frozen=True)
class SheetChange:
    """One sheet value a finished L5R check changed (:func:`apply_l5r_result`'s ``changes``).

    Attributes:
        field: ``"strife"`` or ``"void_points"``.
        before: the value before the check (int ≥ 0).
        after: the value after it (int ≥ 0).
    """

    field: str
    before: Any
    after: Any

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "SheetChange":
        """Read ``{"field", "before", "after"}`` (missing keys read as ``""`` / None)."""
        field = value.get("field")
        return cls(field=field if isinstance(field, str) else "", before=value.get("before"), after=value.get("after"))

    def to_dict(self) -> dict:
        """``{"field", "before", "after"}``."""
        return {"field": self.field, "before": self.before, "after": self.after}


def is_l5r_request(request: Any) -> bool:
    """Whether ``request`` (a roll request dict) is an L5R check (``"system": "l5r5e"``)."""
    return isinstance(request, Mapping) and request.get("system") == "l5r5e"


def apply_l5r_roll(sheet: L5rSheet, roll: Mapping[str, Any]) -> tuple | None:
    """What a saved roll (``{"request", "result", …}``, the verified roll) changes on the sheet:
    ``(new_sheet, (SheetChange, …))`` for an L5R check (:func:`apply_l5r_result`), None for a roll of
    another system.

    Raises:
        IllegalMove: as :func:`apply_l5r_result` (a Void point spent that the sheet does not have).
    """
    request, result = roll.get("request"), roll.get("result")
    if not isinstance(request, Mapping) or not is_l5r_request(request) or not isinstance(result, Mapping):
        return None
    new, changes = apply_l5r_result(sheet, request, result)
    return new, tuple(SheetChange.from_dict(ch) for ch in changes)


SHEET = L5rSheet


def roll_request(sheet: L5rSheet, choice: Mapping[str, Any]) -> dict:
    """``{"ring", "skill"}`` → ``{"system": "l5r5e", "ring": n, "skill": rank, "compromised": strife >
    Composure}``.

    Raises:
        InvalidRequest: unknown ring (field ``ring``) or skill (field ``skill``).
    """
    ring, skill = choice.get("ring"), choice.get("skill")
    if ring not in L5R_RINGS:
        raise InvalidRequest("is not a ring", field="ring", code="sheet.not_ring")
    if skill not in L5R_SKILLS:
        raise InvalidRequest("is not an L5R skill", field="skill", code="sheet.not_skill")
    return {"system": "l5r5e", "ring": sheet.ring(ring), "skill": sheet.skill(skill),
            "compromised": sheet.compromised}


def from_form(fields: Mapping[str, Any]) -> dict:
    """The checked sheet dict from the editor's ``ring.<ring>``, ``skill.<skill>``, ``strife``,
    ``fatigue``, ``void_points`` and ``notes``. Raises InvalidRequest naming the form key."""
    raw = {"rings": {r: form_int(fields, f"ring.{r}", 1) for r in L5R_RINGS},
           "skills": {s: form_int(fields, f"skill.{s}", 0) for s in L5R_SKILLS},
           "strife": form_int(fields, "strife", 0), "fatigue": form_int(fields, "fatigue", 0),
           "void_points": form_int(fields, "void_points", 0), "notes": str(fields.get("notes", "") or "")}
    return form_checked(L5rSheet, raw, {"rings": "ring", "skills": "skill"})


def to_form(s: L5rSheet) -> dict:
    """The editor's texts for a sheet (inverse of :func:`from_form`)."""
    out = {f"ring.{r}": str(s.ring(r)) for r in L5R_RINGS}
    out.update({f"skill.{k}": str(s.skill(k)) for k in L5R_SKILLS})
    out.update(strife=str(s.strife), fatigue=str(s.fatigue), void_points=str(s.void_points), notes=s.notes)
    return out
