"""The SIFRP character sheet: abilities, specialties and Destiny points (sifrp.md §The test).

An ability's rank is the number of test dice, a specialty's rank the bonus dice. The page shows the
Spanish names of *Canción de Hielo y Fuego*; the ids here are English. Besides :class:`SifrpSheet`,
this module gives :mod:`tirada.sheets` the system's hooks: :data:`SHEET`, :func:`roll_request`,
:func:`from_form`, :func:`to_form`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..fields import reject_unknown
from .common import MAX_NAME, at, form_checked, form_int, int_at, mapping, read_name, text

__all__ = ["RULE_SIFRP", "SHEET", "SIFRP_ABILITIES", "SIFRP_DEFAULT_RANK", "SifrpSheet", "from_form",
           "parse_specialties", "roll_request", "specialties_text", "to_form"]

RULE_SIFRP = "sifrp.md §The test"
#: SIFRP abilities (English ids; the page shows the Spanish names of *Canción de Hielo y Fuego*).
SIFRP_ABILITIES = ("agility", "animal_handling", "athletics", "awareness", "cunning", "deception",
                   "endurance", "fighting", "healing", "language", "knowledge", "marksmanship",
                   "persuasion", "status", "stealth", "survival", "thievery", "warfare", "will")
SIFRP_DEFAULT_RANK = 2


@dataclass(frozen=True)
class SifrpSheet:
    """A SIFRP character: ``abilities`` maps ability id → rank (1..10; abilities absent are rank 2),
    ``specialties`` maps ability id → tuple of ``(name, bonus dice 1..10)``; ``destiny`` 0..99
    points; ``notes`` free text."""

    abilities: tuple = ()        # ((ability, rank), …) sorted by SIFRP_ABILITIES order
    specialties: tuple = ()      # ((ability, ((name, rank), …)), …)
    destiny: int = 0
    notes: str = ""

    def rank(self, ability: str) -> int:
        """The ability's rank (test dice); 2 when not set."""
        return dict(self.abilities).get(ability, SIFRP_DEFAULT_RANK)

    def specialties_of(self, ability: str) -> tuple:
        """``((name, rank), …)`` of the ability."""
        return dict(self.specialties).get(ability, ())

    def to_dict(self) -> dict:
        """``{"abilities": {id: rank}, "specialties": {id: [{"name", "rank"}]}, "destiny", "notes"}``."""
        return {"abilities": dict(self.abilities),
                "specialties": {a: [{"name": n, "rank": r} for n, r in sp] for a, sp in self.specialties},
                "destiny": self.destiny, "notes": self.notes}

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "SifrpSheet":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field (``sheet.abilities.will``)."""
        req = mapping(value, where)
        try:
            reject_unknown(req, {"abilities", "specialties", "destiny", "notes"}, "SIFRP sheet")
        except InvalidRequest as err:
            raise at(where, err) from None
        abilities = mapping(req.get("abilities") or {}, f"{where}.abilities")
        ranks = []
        for ability in abilities:
            if ability not in SIFRP_ABILITIES:
                raise InvalidRequest("is not a SIFRP ability", field=f"{where}.abilities.{str(ability)[:40]}",
                                     code="sheet.not_ability")
            ranks.append((ability, int_at(abilities, ability, f"{where}.abilities", 2, 1, 10, RULE_SIFRP)))
        specs = mapping(req.get("specialties") or {}, f"{where}.specialties")
        out = []
        for ability, items in specs.items():
            w = f"{where}.specialties.{str(ability)[:40]}"
            if ability not in SIFRP_ABILITIES:
                raise InvalidRequest("is not a SIFRP ability", field=w, code="sheet.not_ability")
            if not isinstance(items, list) or len(items) > 20:
                raise InvalidRequest("must be a list of at most 20 specialties", field=w,
                                     code="field.too_many_items", params={"n": 20})
            read = []
            for i, item in enumerate(items):
                item = mapping(item, f"{w}[{i}]")
                try:
                    reject_unknown(item, {"name", "rank"}, "specialty")
                except InvalidRequest as err:
                    raise at(f"{w}[{i}]", err) from None
                read.append((read_name(item.get("name"), f"{w}[{i}].name"),
                             int_at(item, "rank", f"{w}[{i}]", None, 1, 10, RULE_SIFRP)))
            if len({n for n, _ in read}) != len(read):
                raise InvalidRequest("specialty names must not repeat", field=w, code="sheet.specialty_repeat")
            if read:
                out.append((ability, tuple(read)))
        order = {a: i for i, a in enumerate(SIFRP_ABILITIES)}
        return cls(tuple(sorted(ranks, key=lambda p: order[p[0]])),
                   tuple(sorted(out, key=lambda p: order[p[0]])),
                   int_at(req, "destiny", where, 0, 0, 99, RULE_SIFRP),
                   text(req, "notes", where))


def parse_specialties(text: str, where: str = "specialties") -> tuple:
    """``"Trepar 1, Saltar 2B"`` → ``(("Trepar", 1), ("Saltar", 2))``: comma- or line-separated
    names each ending in a rank 1..10 (a trailing ``B`` is allowed, as sheets write bonus dice).

    Raises:
        InvalidRequest: an item without a rank, or a rank out of 1..10 (``field`` = ``where``).
    """
    out = []
    for part in re.split(r"[,;\n]", str(text)):
        part = part.strip()
        if not part:
            continue
        m = re.match(r"^(.*\S)\s+(\d{1,2})\s*[Bb]?$", part)
        if not m or not 1 <= int(m.group(2)) <= 10:
            raise InvalidRequest(f"«{part[:40]}» needs a rank from 1 to 10 after the name (Trepar 1)",
                                 field=where, rule=RULE_SIFRP,
                                 code="sheet.specialty_rank", params={"part": part[:40]})
        out.append((m.group(1).strip()[:MAX_NAME], int(m.group(2))))
    if len({n for n, _ in out}) != len(out):
        raise InvalidRequest("specialty names must not repeat", field=where, code="sheet.specialty_repeat")
    return tuple(out)


def specialties_text(items: tuple) -> str:
    """Inverse of :func:`parse_specialties`: ``"Trepar 1, Saltar 2"``."""
    return ", ".join(f"{n} {r}" for n, r in items)



SHEET = SifrpSheet


def roll_request(sheet: SifrpSheet, choice: Mapping[str, Any]) -> dict:
    """``{"ability", "specialty"?}`` → ``{"system": "sifrp", "test_dice": rank, "bonus_dice":
    specialty rank or 0}``.

    Raises:
        InvalidRequest: unknown ability (field ``ability``) or specialty (field ``specialty``).
    """
    ability = choice.get("ability")
    if ability not in SIFRP_ABILITIES:
        raise InvalidRequest("is not a SIFRP ability", field="ability", code="sheet.not_ability")
    bonus = 0
    spec = choice.get("specialty") or ""
    if spec:
        found = dict(sheet.specialties_of(ability))
        if spec not in found:
            raise InvalidRequest("is not a specialty of that ability", field="specialty", code="sheet.not_specialty")
        bonus = found[spec]
    return {"system": "sifrp", "test_dice": sheet.rank(ability), "bonus_dice": bonus}


def from_form(fields: Mapping[str, Any]) -> dict:
    """The checked sheet dict from the editor's ``rank.<ability>``, ``spec.<ability>``
    (``"Trepar 1, Saltar 2"``), ``destiny`` and ``notes``. Raises InvalidRequest naming the form key."""
    notes = str(fields.get("notes", "") or "")
    ranks = {a: form_int(fields, f"rank.{a}", SIFRP_DEFAULT_RANK) for a in SIFRP_ABILITIES}
    specs = {}
    for a in SIFRP_ABILITIES:
        items = parse_specialties(fields.get(f"spec.{a}", "") or "", where=f"spec.{a}")
        if items:
            specs[a] = [{"name": n, "rank": r} for n, r in items]
    raw = {"abilities": {a: r for a, r in ranks.items() if r != SIFRP_DEFAULT_RANK},
           "specialties": specs, "destiny": form_int(fields, "destiny", 0), "notes": notes}
    return form_checked(SifrpSheet, raw, {"abilities": "rank", "specialties": "spec"})


def to_form(s: SifrpSheet) -> dict:
    """The editor's texts for a sheet (inverse of :func:`from_form`)."""
    out = {f"rank.{a}": str(s.rank(a)) for a in SIFRP_ABILITIES}
    out.update({f"spec.{a}": specialties_text(s.specialties_of(a)) for a in SIFRP_ABILITIES})
    out.update(destiny=str(s.destiny), notes=s.notes)
    return out
