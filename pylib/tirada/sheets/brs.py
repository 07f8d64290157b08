"""The Blood Red Sands sheet: Components (Trait + die + Aspect per slot) and the Horde.

The Horde is the player's own dice taken from the Graveyard (blood-red-sands.md §Pieces). A BRS
sheet has no roll form: its dice are rolled inside a Confrontation (:mod:`tirada.systems.brs`).
The hooks for :mod:`tirada.sheets`: :data:`SHEET`, :func:`roll_request`, :func:`from_form`,
:func:`to_form`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..fields import reject_unknown
from ..systems.brs.config import ASPECTS
from .brs_record import BrsRecord
from .common import at, form_checked, mapping, read_name, text
from ..fields import typed_int

__all__ = ["BLANK_TRAIT", "BRS_DICE", "BrsComponent", "BrsSheet", "RULE_BRS", "SHEET", "form_record", "form_with_component",
           "form_with_trait", "from_form", "parse_horde",
           "roll_request", "to_form"]

RULE_BRS = "blood-red-sands.md §Pieces"
BRS_DICE = (4, 6, 8, 10, 12)


@dataclass(frozen=True)
class BrsComponent:
    """A Component (*Componente*): ``name`` and ``traits`` ((trait text, die 4..12, Aspect), …)."""

    name: str
    traits: tuple = ()

    def to_dict(self) -> dict:
        """``{"name", "traits": [{"trait", "die", "aspect"}]}`` (the Confrontation set-up's shape)."""
        return {"name": self.name, "traits": [{"trait": t, "die": d, "aspect": a} for t, d, a in self.traits]}

    @classmethod
    def from_dict(cls, value: Any, where: str) -> "BrsComponent":
        """Read :meth:`to_dict`'s shape; at most 12 Traits; die 4/6/8/10/12; a known Aspect."""
        req = mapping(value, where)
        try:
            reject_unknown(req, {"name", "traits"}, "Component")
        except InvalidRequest as err:
            raise at(where, err) from None
        items = req.get("traits") or []
        if not isinstance(items, list) or len(items) > 12:
            raise InvalidRequest("must be a list of at most 12 Traits", field=f"{where}.traits", rule=RULE_BRS,
                                 code="field.too_many_items", params={"n": 12})
        traits = []
        for i, item in enumerate(items):
            w = f"{where}.traits[{i}]"
            item = mapping(item, w)
            try:
                reject_unknown(item, {"trait", "die", "aspect"}, "Trait")
            except InvalidRequest as err:
                raise at(w, err) from None
            die = item.get("die")
            if die not in BRS_DICE or isinstance(die, bool):
                raise InvalidRequest("must be a d4, d6, d8, d10 or d12", field=f"{w}.die", rule=RULE_BRS,
                                     code="sheet.brs_die")
            if item.get("aspect") not in ASPECTS:
                raise InvalidRequest(f"must be one of {', '.join(ASPECTS)}", field=f"{w}.aspect", rule=RULE_BRS,
                                     code="field.choice",
                                     params={"choices": ', '.join(ASPECTS), "got": repr(item.get("aspect"))[:40]})
            traits.append((read_name(item.get("trait"), f"{w}.trait", 120), die, item["aspect"]))
        return cls(read_name(req.get("name"), f"{where}.name"), tuple(traits))


@dataclass(frozen=True)
class BrsSheet:
    """A Blood Red Sands player: ``components`` (tuple of :class:`BrsComponent`, at most 8) and the
    ``horde`` (*Horda*): die sizes the player holds, e.g. ``(4, 6)`` (blood-red-sands.md §Pieces);
    ``record``: what past Confrontations left (:class:`~tirada.sheets.brs_record.BrsRecord`)."""

    components: tuple = ()
    horde: tuple = ()
    notes: str = ""
    record: BrsRecord = BrsRecord()

    def to_dict(self) -> dict:
        """``{"components": [...], "horde": [die, …], "notes", "record"?}`` (``record`` only when
        something was recorded, so older sheets keep their exact shape)."""
        out: dict = {"components": [c.to_dict() for c in self.components], "horde": list(self.horde),
                     "notes": self.notes}
        record = self.record.to_dict()
        if record:
            out["record"] = record
        return out

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "BrsSheet":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field."""
        req = mapping(value, where)
        try:
            reject_unknown(req, {"components", "horde", "notes", "record"}, "Blood Red Sands sheet")
        except InvalidRequest as err:
            raise at(where, err) from None
        items = req.get("components") or []
        if not isinstance(items, list) or len(items) > 8:
            raise InvalidRequest("must be a list of at most 8 Components", field=f"{where}.components",
                                 code="field.too_many_items", params={"n": 8})
        comps = tuple(BrsComponent.from_dict(c, f"{where}.components[{i}]") for i, c in enumerate(items))
        horde = req.get("horde") or []
        if not isinstance(horde, list) or len(horde) > 60:
            raise InvalidRequest("must be a list of at most 60 dice", field=f"{where}.horde",
                                 code="field.too_many_items", params={"n": 60})
        for i, die in enumerate(horde):
            if die not in BRS_DICE or isinstance(die, bool):
                raise InvalidRequest("must be a d4, d6, d8, d10 or d12", field=f"{where}.horde[{i}]", rule=RULE_BRS,
                                     code="sheet.brs_die")
        record = BrsRecord.from_dict(req["record"], f"{where}.record") if "record" in req else BrsRecord()
        return cls(comps, tuple(horde), text(req, "notes", where), record)



SHEET = BrsSheet


def roll_request(sheet: BrsSheet, choice: Mapping[str, Any]) -> dict:
    """Always refused: Blood Red Sands rolls only inside a Confrontation.

    Raises:
        InvalidRequest: field ``system``.
    """
    raise InvalidRequest("this system's sheet has no roll form (Blood Red Sands rolls in a Confrontation)",
                         field="system", code="sheet.no_roll_form")


def parse_horde(text: str) -> tuple:
    """``"d4, d6 d6"`` → ``(4, 6, 6)`` (the Horde's dice; ``d`` optional).

    Raises:
        InvalidRequest: a die other than d4, d6, d8, d10, d12 (field ``horde``).
    """
    out = []
    for part in re.split(r"[\s,;]+", str(text).strip()):
        if not part:
            continue
        m = re.match(r"^[dD]?(\d{1,2})$", part)
        if not m or int(m.group(1)) not in BRS_DICE:
            raise InvalidRequest(f"«{part[:12]}» is not a d4, d6, d8, d10 or d12", field="horde", rule=RULE_BRS,
                                 code="sheet.horde_die", params={"part": part[:12]})
        out.append(int(m.group(1)))
    return tuple(out)



def from_form(fields: Mapping[str, Any]) -> dict:
    """The checked sheet dict from the editor's ``components`` (``[{"name", "traits": [{"trait",
    "die", "aspect"}]}]`` of texts; rows with no text are skipped), ``horde`` (``"d4 d6"``) and
    ``notes`` (and ``record``: the JSON text of the Confrontations' record, kept unchanged by the
    editor). Raises InvalidRequest naming the form key (``components[0].traits[1].die``)."""
    comps = []
    for comp in fields.get("components") or []:
        traits = []
        for t in comp.get("traits") or []:
            if not str(t.get("trait", "")).strip():
                continue
            die = str(t.get("die", "")).lstrip("dD")
            traits.append({"trait": str(t["trait"]), "die": typed_int(die),
                           "aspect": t.get("aspect")})
        if str(comp.get("name", "")).strip() or traits:
            comps.append({"name": str(comp.get("name", "")), "traits": traits})
    raw = {"components": comps, "horde": list(parse_horde(fields.get("horde", "") or "")),
           "notes": str(fields.get("notes", "") or "")}
    record = str(fields.get("record", "") or "").strip()
    if record:
        from ..safejson import loads

        raw["record"] = loads(record, field="record")
    return form_checked(BrsSheet, raw, {})


def to_form(s: BrsSheet) -> dict:
    """The editor's texts for a sheet (inverse of :func:`from_form`)."""
    out: dict = {"components": [{"name": c.name, "traits": [{"trait": t, "die": str(d), "aspect": a}
                                                      for t, d, a in c.traits]} for c in s.components],
           "horde": " ".join(f"d{d}" for d in s.horde), "notes": s.notes}
    if s.record.to_dict():
        out["record"] = json.dumps(s.record.to_dict(), ensure_ascii=False)
    return out


#: a blank Trait row of the editor (``die`` 6, Aspect cunning: what a new row shows)
BLANK_TRAIT = {"trait": "", "die": "6", "aspect": "cunning"}


def form_with_component(form: Mapping[str, Any]) -> dict:
    """The editor's texts (:func:`to_form`'s shape) with one blank Component more (no name, no Trait)."""
    return {**form, "components": [*(form.get("components") or []), {"name": "", "traits": []}]}


def form_with_trait(form: Mapping[str, Any], index: int) -> dict:
    """The editor's texts with a blank Trait row more in the Component ``index`` (0-based).

    Raises:
        IndexError: no Component ``index`` (the page draws the button of each one it shows).
    """
    comps = [dict(c) for c in form.get("components") or []]
    comps[index]["traits"] = [*(comps[index].get("traits") or []), dict(BLANK_TRAIT)]
    return {**form, "components": comps}


def form_record(form: Mapping[str, Any]) -> str:
    """The JSON text of the Confrontations' record in the editor's texts (``""``: none yet)."""
    return str(form.get("record", "") or "")
