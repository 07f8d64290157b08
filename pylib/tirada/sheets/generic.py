"""A character sheet for any other game (the generic roll): the character's saved rolls, each a
notation with its outcome bands (issue 28 item 4; docs/notation.md §Bands, §Presets), so a PbtA
character keeps "Actuar bajo presión: 2d6+1 | ≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito" and a D&D
character "Sigilo con ventaja: 2d20kh1+5 | ≤14 Fallo / ≥15 Éxito". Besides :class:`GenericSheet`, this
module gives :mod:`tirada.sheets` the system's hooks: :data:`SHEET`, :func:`roll_request`,
:func:`from_form`, :func:`to_form`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..fields import reject_unknown
from ..systems.bands import Bands, parse_bands
from .common import at, mapping, read_name, text

__all__ = ["MAX_SAVED", "SHEET", "GenericSheet", "SavedRoll", "from_form", "roll_request", "to_form"]

MAX_SAVED = 30                 #: most saved rolls on one sheet
MAX_NOTATION = 400             #: longest notation (as the notation field accepts)


@dataclass(frozen=True)
class SavedRoll:
    """One saved roll: ``name`` (1..80 characters, no ``:`` or ``|``), ``notation`` (a text
    :func:`tirada.systems.notation.parse` reads as one roll) and ``bands`` (:class:`Bands` or ``None``)."""

    name: str
    notation: str
    bands: Bands | None = None

    def line(self) -> str:
        """The editor's line: ``"Actuar bajo presión: 2d6+1 | ≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"``."""
        return f"{self.name}: {self.notation}" + (f" | {self.bands.text()}" if self.bands else "")


def _saved(value: Any, where: str) -> SavedRoll:
    from ..systems.notation import parse

    req = mapping(value, where)
    try:
        reject_unknown(req, {"name", "notation", "bands"}, "saved roll")
    except InvalidRequest as err:
        raise at(where, err) from None
    name = read_name(req.get("name"), f"{where}.name")
    if ":" in name or "|" in name:
        raise InvalidRequest("a saved roll's name has no ':' or '|'", field=f"{where}.name", code="sheet.roll_name")
    notation = req.get("notation")
    if not isinstance(notation, str) or not notation.strip() or len(notation) > MAX_NOTATION:
        raise InvalidRequest("must be a dice notation", field=f"{where}.notation", code="sheet.roll_notation",
                             params={"n": MAX_NOTATION})
    try:
        parsed = parse(notation)
        bands = Bands.from_value(req["bands"]) if req.get("bands") is not None else None
    except InvalidRequest as err:
        raise at(where, err) from None
    if bands is not None and "rolls" in parsed:
        raise InvalidRequest("bands name the total of one roll, not of several", field=f"{where}.bands",
                             code="bands.several_rolls")
    return SavedRoll(name, notation.strip(), bands)


@dataclass(frozen=True)
class GenericSheet:
    """A character of any other game: ``rolls`` (0..:data:`MAX_SAVED` :class:`SavedRoll`, names
    unique) and ``notes`` free text."""

    rolls: tuple = ()
    notes: str = ""

    def to_dict(self) -> dict:
        """``{"rolls": [{"name", "notation", "bands"?: [1, label, cut, …]}], "notes"}``."""
        return {"rolls": [{"name": r.name, "notation": r.notation, **({"bands": r.bands.to_value()} if r.bands else {})}
                          for r in self.rolls], "notes": self.notes}

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "GenericSheet":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field (``sheet.rolls[1].notation``)."""
        req = mapping(value, where)
        try:
            reject_unknown(req, {"rolls", "notes"}, "generic sheet")
        except InvalidRequest as err:
            raise at(where, err) from None
        items = req.get("rolls") or []
        if not isinstance(items, list) or len(items) > MAX_SAVED:
            raise InvalidRequest(f"at most {MAX_SAVED} saved rolls", field=f"{where}.rolls", code="sheet.rolls",
                                 params={"n": MAX_SAVED})
        rolls = tuple(_saved(one, f"{where}.rolls[{i}]") for i, one in enumerate(items))
        names = [r.name for r in rolls]
        if len(set(names)) != len(names):
            raise InvalidRequest("two saved rolls have the same name", field=f"{where}.rolls", code="sheet.roll_twice")
        return cls(rolls, text(req, "notes", where))


SHEET = GenericSheet


def roll_request(sheet: GenericSheet, choice: Mapping[str, Any]) -> dict:
    """``{"roll": name}`` → ``{"system": "generic", "notation", "bands"?}`` (expand the notation
    with :func:`tirada.systems.notation.expand` to roll it).

    Raises:
        InvalidRequest: no saved roll of that name (field ``roll``).
    """
    for one in sheet.rolls:
        if one.name == choice.get("roll"):
            return {"system": "generic", "notation": one.notation, **({"bands": one.bands.to_value()} if one.bands else {})}
    raise InvalidRequest("is not a saved roll of this character", field="roll", code="sheet.not_roll")


def from_form(fields: Mapping[str, Any]) -> dict:
    """The checked sheet dict from the editor's ``rolls`` (one per line: ``name: notation`` and,
    after ``|``, the bands as :func:`tirada.systems.bands.parse_bands` reads them) and ``notes``.

    Raises:
        InvalidRequest: field ``rolls`` (``sheet.roll_line``: a line without ``name:``; a refused
        notation or bands, its own code), ``notes``.
    """
    rolls = []
    for number, line in enumerate(str(fields.get("rolls", "") or "").splitlines(), 1):
        if not line.strip():
            continue
        name, colon, rest = line.partition(":")
        notation, _, bands = rest.partition("|")
        if not colon or not name.strip() or not notation.strip():
            raise InvalidRequest("each line is 'name: notation | bands'", field="rolls", code="sheet.roll_line",
                                 params={"n": number})
        try:
            value = parse_bands(bands).to_value() if bands.strip() else None
        except InvalidRequest as err:
            raise InvalidRequest(err.message, field="rolls", rule=err.rule, code=err.code, params=err.params) from None
        rolls.append({"name": name.strip(), "notation": notation.strip(), **({"bands": value} if value else {})})
    try:
        return GenericSheet.from_dict({"rolls": rolls, "notes": str(fields.get("notes", "") or "")}).to_dict()
    except InvalidRequest as err:
        field = "notes" if (err.field or "").startswith("sheet.notes") else "rolls"
        raise InvalidRequest(err.message, field=field, rule=err.rule, code=err.code, params=err.params) from None


def to_form(s: GenericSheet) -> dict:
    """The editor's texts for a sheet (inverse of :func:`from_form`)."""
    return {"rolls": "\n".join(r.line() for r in s.rolls), "notes": s.notes}
