"""Character sheets for SIFRP, L5R 5e and Blood Red Sands, grouped by campaign.

A :class:`Character` is what the page stores for one character: an ``id`` (unique in the browser,
kept on export so importing twice never duplicates it), the ``system``, a ``name``, a ``campaign``
and the system's sheet. Tragedia sheets are :class:`tirada.systems.tragedia.sheet.Sheet` (stored by the
scene view); this module does not duplicate them.

Sheets (all frozen; ``to_dict()`` / ``from_dict()``; errors are :class:`InvalidRequest` whose
``field`` is the path inside the character, such as ``sheet.rings.fire``):

* :class:`SifrpSheet` — abilities with rank 1..10 (default 2) and specialties (bonus dice 1..10)
  (sifrp.md §The test: ability rank = test dice, specialty rank = bonus dice), Destiny points.
* :class:`L5rSheet` — the five rings 1..10, skill ranks 0..10, strife, fatigue and Void points;
  Composure and Endurance derived (l5r5e.md §Composure, strife, unmasking, Void; §Skirmish helpers).
* :class:`BrsSheet` — Components (Trait + die + Aspect per slot) and the Horde, the player's own
  dice taken from the Graveyard (blood-red-sands.md §Pieces).

:func:`roll_request` turns a sheet plus the chosen ability/skill into the roll form's fields, and
:func:`apply_l5r_result` applies what a finished L5R check changes on the sheet (strife, Void).

Each system's sheet is its own module (:mod:`tirada.sheets.sifrp`, :mod:`tirada.sheets.l5r`,
:mod:`tirada.sheets.brs`), named by the ``sheet`` field of its entry in
:mod:`tirada.systems.registry`; this module holds what is common and dispatches through it.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, Mapping

from ..errors import InvalidRequest
from ..fields import reject_unknown
from ..systems.registry import TableView, sheet_table
from .common import MAX_NAME, MAX_NOTES, at, int_at, mapping, read_name
from .l5r import L5R_RINGS, L5R_SKILLS, RULE_L5R, L5rSheet, apply_l5r_result, check_l5r_roll
from .sifrp import RULE_SIFRP, SIFRP_ABILITIES, SIFRP_DEFAULT_RANK, SifrpSheet, parse_specialties, specialties_text
from ..portable import lazy_attribute

if TYPE_CHECKING:   # what the lazy names are, for type checkers and editors
    from .brs import BRS_DICE, RULE_BRS, BrsComponent, BrsSheet, parse_horde

#: the Blood Red Sands sheet's public names, loaded when first used (PEP 562 ``__getattr__``): that sheet
#: needs the Confrontation's modules (:mod:`tirada.systems.brs`), which a page that only rolls does not
#: import at its start (the SIFRP and generic forms read :func:`stored_sheet`; issue #41)
_HOME = {name: ".brs" for name in ("BRS_DICE", "RULE_BRS", "BrsComponent", "BrsSheet", "parse_horde")}

__all__ = [
    "BRS_DICE", "BrsComponent", "BrsSheet", "Character", "L5R_RINGS", "L5R_SKILLS", "L5rSheet", "MAX_NAME",
    "MAX_NOTES", "RULE_BRS", "RULE_L5R", "RULE_SIFRP", "SHEETS", "SIFRP_ABILITIES", "SIFRP_DEFAULT_RANK",
    "SYSTEMS", "SifrpSheet", "apply_l5r_result", "check_l5r_roll", "new_character", "parse_horde",
    "parse_specialties", "roll_request", "sheet_from_form", "sheet_module", "sheet_to_form", "specialties_text", "stored_sheet",
]

#: system id → sheet module path: the systems with character sheets (a live view of the registry).
SYSTEMS = TableView(sheet_table)
ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


def sheet_module(system: Any, field: str = "system") -> ModuleType:
    """The sheet module of ``system`` (it exposes ``SHEET``, ``roll_request``, ``from_form``, ``to_form``).

    Raises:
        InvalidRequest: a system without character sheets (``field`` names the place).
    """
    if not isinstance(system, str) or system not in SYSTEMS:
        raise InvalidRequest(f"must be one of {', '.join(SYSTEMS)}", field=field,
                             code="field.choice", params={"choices": ', '.join(SYSTEMS), "got": repr(system)[:40]})
    return importlib.import_module(SYSTEMS[system])


class _Sheets(Mapping):
    """``{system id: sheet class}`` (the old ``SHEETS`` table), computed from the registry."""

    def __getitem__(self, system: Any) -> type:
        if not isinstance(system, str) or system not in SYSTEMS:
            raise KeyError(system)
        return sheet_module(system).SHEET

    def __iter__(self):
        return iter(SYSTEMS)

    def __len__(self) -> int:
        return len(SYSTEMS)


SHEETS = _Sheets()


@dataclass(frozen=True)
class Character:
    """One stored character: ``id`` (1..40 of ``A-Z a-z 0-9 _ -``), ``system`` (one of
    :data:`SYSTEMS`), ``name`` (1..80), ``campaign`` (0..80, empty = no campaign), ``sheet`` (the
    system's sheet) and ``updated`` (ms since 1970, for showing which copy is newer)."""

    id: str
    system: str
    name: str
    campaign: str
    sheet: Any
    updated: int = 0

    def to_dict(self) -> dict:
        """``{"id", "system", "name", "campaign", "sheet": {...}, "updated"}``."""
        return {"id": self.id, "system": self.system, "name": self.name, "campaign": self.campaign,
                "sheet": self.sheet.to_dict(), "updated": self.updated}

    @classmethod
    def from_dict(cls, value: Any, where: str = "character") -> "Character":
        """Read :meth:`to_dict`'s shape, checking every field.

        Raises:
            InvalidRequest: ``field`` is the path from ``where`` (``characters[2].sheet.rings.fire``).
        """
        req = mapping(value, where)
        try:
            reject_unknown(req, {"id", "system", "name", "campaign", "sheet", "updated"}, "character")
        except InvalidRequest as err:
            raise at(where, err) from None
        cid = req.get("id")
        if not isinstance(cid, str) or not ID_RE.match(cid):
            raise InvalidRequest("must be 1 to 40 letters, digits, _ or -", field=f"{where}.id", code="sheet.id")
        system = req.get("system")
        module = sheet_module(system, field=f"{where}.system")
        campaign = req.get("campaign") or ""
        if not isinstance(campaign, str) or len(campaign) > MAX_NAME:
            raise InvalidRequest(f"must be text of at most {MAX_NAME} characters", field=f"{where}.campaign",
                                 code="field.too_long", params={"n": MAX_NAME, "got": len(str(campaign))})
        sheet = module.SHEET.from_dict(req.get("sheet") or {}, f"{where}.sheet")
        return cls(cid, str(system), read_name(req.get("name"), f"{where}.name"), campaign.strip(), sheet,
                   int_at(req, "updated", where, 0, 0, 10 ** 14, None))

    def with_sheet(self, sheet: Any, updated: int) -> "Character":
        """A copy with another sheet and time stamp."""
        return replace(self, sheet=sheet, updated=updated)


def new_character(cid: str, system: str, name: str, campaign: str = "", updated: int = 0) -> Character:
    """A character with the system's blank sheet (SIFRP abilities at 2, L5R rings at 1).

    Raises:
        InvalidRequest: bad id, system, name or campaign (as :meth:`Character.from_dict`).
    """
    return Character.from_dict({"id": cid, "system": system, "name": name, "campaign": campaign,
                                "sheet": {}, "updated": updated})


def roll_request(character: Character, choice: Mapping[str, Any]) -> dict:
    """The roll form's fields for a roll made with this sheet (the sheet module's ``roll_request``).

    Args:
        choice: SIFRP ``{"ability", "specialty"?}`` → ``{"system": "sifrp", "test_dice": rank,
            "bonus_dice": specialty rank or 0}``; L5R ``{"ring", "skill"}`` → ``{"system": "l5r5e",
            "ring": n, "skill": rank, "compromised": strife > Composure}``.
    Raises:
        InvalidRequest: unknown ability, specialty, ring or skill, or a system with no roll form.
    """
    return sheet_module(character.system).roll_request(character.sheet, choice)


def sheet_from_form(system: str, fields: Mapping[str, Any]) -> dict:
    """A checked sheet dict (``to_dict`` shape) from the page's sheet editor.

    Args:
        fields: SIFRP ``rank.<ability>``, ``spec.<ability>`` (``"Trepar 1, Saltar 2"``), ``destiny``,
            ``notes``; L5R ``ring.<ring>``, ``skill.<skill>``, ``strife``, ``fatigue``,
            ``void_points``, ``notes``; BRS ``components`` (``[{"name", "traits": [{"trait", "die",
            "aspect"}]}]`` of texts; rows with no text are skipped), ``horde`` (``"d4 d6"``), ``notes``.
    Raises:
        InvalidRequest: ``field`` is the form key at fault (``rank.will``, ``ring.fire``,
        ``components[0].traits[1].die``), or ``system`` for a system without sheets.
    """
    return sheet_module(system).from_form(fields)


def sheet_to_form(system: str, sheet: Mapping[str, Any]) -> dict:
    """The editor's texts for a sheet dict (inverse of :func:`sheet_from_form`).

    Raises:
        InvalidRequest: ``sheet`` is not a valid sheet of ``system``.
    """
    module = sheet_module(system)
    return module.to_form(module.SHEET.from_dict(sheet))


def stored_sheet(system: str, character: Mapping[str, Any]) -> Any:
    """The typed sheet (the system's ``SHEET``: :class:`SifrpSheet`, :class:`L5rSheet`, ``GenericSheet``…)
    of a stored character dict of ``system`` (``{"sheet": {...}, …}``: :meth:`Character.to_dict`, or just
    its ``sheet``), read once for the page. The page holds only characters that read
    (``Store.characters``); a missing or damaged sheet reads as the system's empty sheet (never raises
    for a system with sheets).

    Raises:
        InvalidRequest: a system without character sheets.
    """
    module = sheet_module(system)
    try:
        return module.SHEET.from_dict(character.get("sheet") or {})
    except InvalidRequest:
        return module.SHEET()


def __getattr__(name: str) -> Any:
    """Load a Blood Red Sands name (``_HOME``) or a submodule on first use (PEP 562); unknown names raise
    AttributeError."""
    return lazy_attribute(__name__, _HOME, globals(), name)
