"""Typed records of the "Mis datos" view (issue #40: the page reads attributes, never string keys):
the stored characters and Tragedia sheets it lists, what an import would do, why a value was set aside.

Each is read once from the dicts :mod:`tirada.storage` gives or the store holds (``from_dict`` never
raises on an older or partial shape: a missing key reads as absent) and gives the same dict back with
``to_dict()``; the stored values and backup files stay byte for byte what they were
(``tests/test_storage_records.py``).

* :class:`Entry` — one stored character or Tragedia sheet of the list (:func:`entries`);
  :class:`SheetUndo` — what undoing a roll's change on a sheet puts back.
* :class:`PlanItem`, :class:`ImportProblem`, :class:`ImportPlan` — :func:`tirada.storage.plan_import`.
* :class:`Diagnosis` — why a value set aside could not be read (:func:`tirada.storage.diagnose`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Tuple

__all__ = ["Diagnosis", "Entry", "ImportPlan", "ImportProblem", "PlanItem", "SheetUndo", "entries"]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _map(value: Any) -> dict:
    return dict(value) if isinstance(value, Mapping) else {}


# ------------------------------------------------------------------------------- "Mis datos"
@dataclass(frozen=True)
class Entry:
    """One stored character or Tragedia sheet as the "Mis datos" view lists it.

    Attributes:
        key: the character's ``id``, or ``"tragedia:<name>"`` for a Tragedia sheet.
        system: ``"sifrp"``, ``"l5r5e"``, ``"brs"``, ``"generic"``… (:data:`tirada.sheets.SYSTEMS`)
            or ``"tragedia"``.
        name: the character's or sheet's name (1..80 characters).
        campaign: its campaign (``""``: none).
        item: the stored dict itself (``Character.to_dict()`` or ``Sheet.to_dict()``), unchanged: it
            is what is written back, exported and read by the engine's sheet functions.
    """

    key: str
    system: str
    name: str
    campaign: str
    item: dict

    @classmethod
    def of_character(cls, character: Mapping[str, Any]) -> "Entry":
        """The entry of a stored character dict (``Character.to_dict()``; missing keys read as ``""``)."""
        return cls(key=_text(character.get("id")), system=_text(character.get("system")),
                   name=_text(character.get("name")), campaign=_text(character.get("campaign")),
                   item=dict(character))

    @classmethod
    def of_sheet(cls, sheet: Mapping[str, Any], campaign: str = "") -> "Entry":
        """The entry of a stored Tragedia sheet dict (``Sheet.to_dict()``) in ``campaign``."""
        name = _text(sheet.get("name"))
        return cls(key=f"tragedia:{name}", system="tragedia", name=name, campaign=campaign, item=dict(sheet))

    @property
    def sheet(self) -> dict:
        """A character's stored sheet dict (``{}`` for a Tragedia sheet, whose item is the sheet)."""
        return _map(self.item.get("sheet")) if self.system != "tragedia" else {}

    @property
    def tragedia(self) -> bool:
        """Whether this is a Tragedia sheet (stored apart from the characters, by name)."""
        return self.system == "tragedia"

    def to_dict(self) -> dict:
        """``{"key", "system", "name", "campaign", "item"}``: the shape the view used to build."""
        return {"key": self.key, "system": self.system, "name": self.name, "campaign": self.campaign,
                "item": self.item}


def entries(characters: list, sheets: list, campaigns: Mapping[str, Any]) -> list:
    """Every stored character (checked ``Character.to_dict()`` dicts), then every Tragedia sheet
    (``Sheet.to_dict()`` dicts, in the campaign ``campaigns[name]``), as :class:`Entry` records."""
    out = [Entry.of_character(c) for c in characters if isinstance(c, Mapping)]
    return out + [Entry.of_sheet(s, _text(campaigns.get(_text(s.get("name"))))) for s in sheets
                  if isinstance(s, Mapping)]


@dataclass(frozen=True)
class SheetUndo:
    """What undoing the last roll's change on a sheet puts back (L5R strife, Void points).

    Attributes:
        id: the character's id.
        before: ``{field: value}`` before the roll (only the fields it changed).
        after: ``{field: value}`` after it.
    """

    id: str
    before: Dict[str, Any]
    after: Dict[str, Any]

    @classmethod
    def of_changes(cls, cid: str, changes: Any) -> "SheetUndo":
        """The undo of ``changes`` (:class:`tirada.sheets.l5r.SheetChange` records) on ``cid``."""
        return cls(id=cid, before={ch.field: ch.before for ch in changes}, after={ch.field: ch.after for ch in changes})


# ----------------------------------------------------------------------------------- imports
@dataclass(frozen=True)
class PlanItem:
    """One entry an import adds, replaces or finds the same (:func:`tirada.storage.plan_import`).

    Attributes:
        part: the backup part (:data:`tirada.storage.PARTS`).
        key: its key there (a character id, a sheet name, a fragment, ``"<roller>\\n<campaign>"``,
            a campaign or a secret roll's id).
        name: what the page calls it (a name, a label, a roller).
        system: its system id (``""`` for chains and campaign secrets).
        campaign: its campaign (``""``: none).
        seq_from: chains only: the number stored now (0 = none); None for other parts.
        seq_to: chains only: the backup's number; None for other parts.
        lookalike: chains only: stored rollers whose names look the same (≤ 10); None for other parts.
    """

    part: str
    key: str
    name: str
    system: str
    campaign: str
    seq_from: Optional[int] = None
    seq_to: Optional[int] = None
    lookalike: Optional[Tuple[str, ...]] = None

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "PlanItem":
        """Read one plan entry (missing keys read as absent)."""
        look = value.get("lookalike")
        return cls(part=_text(value.get("part")), key=_text(value.get("key")), name=_text(value.get("name")),
                   system=_text(value.get("system")), campaign=_text(value.get("campaign")),
                   seq_from=value.get("seq_from"), seq_to=value.get("seq_to"),
                   lookalike=tuple(look) if isinstance(look, (list, tuple)) else None)

    def to_dict(self) -> dict:
        """The plan entry's dict, as :func:`tirada.storage.plan_import` gives it."""
        out: Dict[str, Any] = {"part": self.part, "key": self.key, "name": self.name, "system": self.system,
               "campaign": self.campaign}
        if self.part == "chains":
            out.update({"seq_from": self.seq_from, "seq_to": self.seq_to, "lookalike": list(self.lookalike or ())})
        return out


@dataclass(frozen=True)
class ImportProblem:
    """One refused field of an import (``tirada.errors`` code and params, for the page's words).

    Attributes:
        field: the engine's field path (``"characters[2].sheet.rings.fire"``, ``"data.otra"``, ``""``).
        message: the engine's English message.
        code: the stable dotted error code (tests/test_error_codes.py).
        params: the code's parameters.
        name: the refused entry's own name (≤ 80 characters), ``""`` when it has none.
    """

    field: str
    message: str
    code: Optional[str]
    params: Dict[str, Any]
    name: str = ""

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "ImportProblem":
        """Read one import error (missing keys read as absent)."""
        return cls(field=str(value.get("field", "")), message=_text(value.get("message")), code=value.get("code"),
                   params=_map(value.get("params")), name=str(value.get("name") or ""))

    def to_dict(self) -> dict:
        """``{"field", "message", "code", "params"}`` plus ``"name"`` when there is one."""
        out = {"field": self.field, "message": self.message, "code": self.code, "params": self.params}
        if self.name:
            out["name"] = self.name
        return out


@dataclass(frozen=True)
class ImportPlan:
    """What importing a backup would do (:func:`tirada.storage.plan_import`), read once.

    Attributes:
        add: entries that are new here.
        replace: entries that replace a stored one (a chain further along, a character changed).
        same: entries already stored as they are.
        errors: refused fields (the rest of the file still imports).
        history_dropped: how many of the oldest rolls the history cap (200) leaves out (≥ 0).
    """

    add: Tuple[PlanItem, ...] = ()
    replace: Tuple[PlanItem, ...] = ()
    same: Tuple[PlanItem, ...] = ()
    errors: Tuple[ImportProblem, ...] = ()
    history_dropped: int = 0

    @classmethod
    def from_dict(cls, plan: Mapping[str, Any]) -> "ImportPlan":
        """Read :func:`tirada.storage.plan_import`'s dict (missing parts read as empty)."""
        def items(verdict: str) -> tuple:
            return tuple(PlanItem.from_dict(i) for i in plan.get(verdict) or () if isinstance(i, Mapping))

        dropped = plan.get("history_dropped")
        return cls(add=items("add"), replace=items("replace"), same=items("same"),
                   errors=tuple(ImportProblem.from_dict(e) for e in plan.get("errors") or () if isinstance(e, Mapping)),
                   history_dropped=dropped if isinstance(dropped, int) and not isinstance(dropped, bool) else 0)

    def to_dict(self) -> dict:
        """The plan's dict, as :func:`tirada.storage.plan_import` gives it."""
        return {"add": [i.to_dict() for i in self.add], "replace": [i.to_dict() for i in self.replace],
                "same": [i.to_dict() for i in self.same], "errors": [e.to_dict() for e in self.errors],
                "history_dropped": self.history_dropped}

    def of(self, verdict: str) -> tuple:
        """The entries of ``verdict`` (``"add"``, ``"replace"`` or ``"same"``)."""
        return {"add": self.add, "replace": self.replace, "same": self.same}[verdict]

    @property
    def changes(self) -> bool:
        """Whether importing would add or replace anything."""
        return bool(self.add or self.replace)

    @property
    def refused(self) -> bool:
        """Whether the file gives nothing but errors (not a backup, or every entry refused)."""
        return not self.changes and not self.same and bool(self.errors)

    def chains_restored(self, chosen: Any) -> int:
        """How many roller chains added or replaced have their key in ``chosen`` (the ticked ones)."""
        return sum(1 for i in self.add + self.replace if i.part == "chains" and i.key in chosen)


@dataclass(frozen=True)
class Diagnosis:
    """Why a stored value was set aside (:func:`tirada.storage.diagnose`).

    Attributes:
        code: ``"missing"``, ``"json"`` (not JSON), ``"schema"`` (written by a newer version, or a
            schema that is not a number) or ``"shape"`` (JSON of the wrong shape).
        detail: the parser's message (``json``), the schema found (``schema``), else ``""``.
    """

    code: str
    detail: str

    @classmethod
    def of(cls, raw: Any) -> "Diagnosis":
        """The diagnosis of the stored text ``raw``."""
        from .storage import diagnose

        return cls.from_dict(diagnose(raw))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Diagnosis":
        """Read ``{"code", "detail"}`` (missing keys read as ``""``)."""
        return cls(code=_text(value.get("code")), detail=_text(value.get("detail")))

    def to_dict(self) -> dict:
        """``{"code", "detail"}``."""
        return {"code": self.code, "detail": self.detail}
