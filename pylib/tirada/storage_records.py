"""Typed records of the single values the page keeps in the browser (``web/shell/store.py``), and the
store's list and map updates, on the stored dicts (issue #40: the page reads attributes, never string keys).

The stored values stay what they are, byte for byte: each record is read from its dict with
``from_dict`` (never raising on an older or partial shape: a missing key reads as absent, except
:class:`HistoryEntry`, which checks) and gives the same dict back with ``to_dict()``;
``tests/test_storage_records.py`` checks that round trip on every kind of record the store holds,
schema 0 history entries included. The "Mis datos" view's records are :mod:`tirada.data_view`.

* :class:`StoredData` — the parts of a data dict (:func:`tirada.storage.backup`'s ``data``).
* :class:`HistoryEntry`, :class:`RollerIdentity`, :class:`BrsCurrent` — single stored values;
  :func:`upgrade_history_item` — a schema 0 history entry as schema 1.
* :func:`put_character`, :func:`without_character`, :func:`put_sheets`, :func:`without_sheet`,
  :func:`named_sheets`, :func:`sheet_names`, :func:`stored_sheet`, :func:`add_history`,
  :func:`further_along`, :func:`secret_rolls_ok` — the store's updates and checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional, Tuple

__all__ = ["BrsCurrent", "HistoryEntry", "RollerIdentity", "StoredData", "add_history", "further_along", "named_sheets",
           "put_character", "put_sheets", "secret_rolls_ok", "sheet_names", "stored_sheet", "upgrade_history_item",
           "without_character", "without_sheet"]


# ------------------------------------------------------------------------- the stored values
@dataclass(frozen=True)
class StoredData:
    """The parts of a data dict (:mod:`tirada.storage`: what a backup carries), each as stored.

    Attributes:
        characters: character dicts (``Character.to_dict()``, entries a newer version wrote included).
        tragedia_sheets: Tragedia sheet dicts (``Sheet.to_dict()``).
        tragedia_campaigns: ``{sheet name: campaign}``.
        history: history entry dicts, newest first.
        chains: ``{"<roller>\\n<campaign>": chain entry dict}``.
        sealkeys: ``{campaign: 64 hex}``.
        secretrolls: ``{roll id: hidden request}``.
        present: the parts the dict held (``to_dict`` gives only these).
    """

    characters: list = field(default_factory=list)
    tragedia_sheets: list = field(default_factory=list)
    tragedia_campaigns: dict = field(default_factory=dict)
    history: list = field(default_factory=list)
    chains: dict = field(default_factory=dict)
    sealkeys: dict = field(default_factory=dict)
    secretrolls: dict = field(default_factory=dict)
    present: Tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "StoredData":
        """Read a data dict; a part missing, ``None`` or of the wrong kind reads as empty."""
        from .storage import PARTS, TABLES

        def part(name: str) -> Any:
            value = data.get(name)
            if name in TABLES:
                return dict(value) if isinstance(value, Mapping) else {}
            return list(value) if isinstance(value, list) else []

        return cls(**{name: part(name) for name in PARTS}, present=tuple(p for p in PARTS if p in data))

    def to_dict(self) -> dict:
        """The data dict of the parts present, in :data:`tirada.storage.PARTS` order."""
        return {name: getattr(self, name) for name in self.present}


def upgrade_history_item(item: Any) -> Any:
    """A history entry of schema 0 (a plain-string ``summary``) read as schema 1 (``{"es", "en"}``,
    the same text in both); any other value as it is (the check, :func:`tirada.stored.history_item`,
    refuses what is not an entry)."""
    if isinstance(item, Mapping) and isinstance(item.get("summary"), str):
        return {**item, "summary": {"es": item["summary"], "en": item["summary"]}}
    return item


@dataclass(frozen=True)
class HistoryEntry:
    """One remembered roll (``tirada.history.v1``; :func:`tirada.stored.history_item` checks it).

    Attributes:
        fragment: the share link's fragment (``"elsewhere-<ms>"`` for dice rolled elsewhere).
        system: the system id (≤ 20 characters).
        label: the roll's label (``""``: none).
        summary: ``{"es": text, "en": text}``, the one-line summary in each language.
        at: when, in ms since 1970 (0..10^14).
        elsewhere: dice rolled elsewhere (no link).
    """

    fragment: str
    system: str
    label: str
    summary: Dict[str, str]
    at: int
    elsewhere: bool = False

    @classmethod
    def from_dict(cls, item: Any, where: str = "history") -> "HistoryEntry":
        """Read and check a stored entry (schema 0's plain-string summary is upgraded).

        Raises:
            InvalidRequest: a missing or malformed field (:func:`tirada.stored.history_item`).
        """
        from .stored import history_item

        d = history_item(upgrade_history_item(item), where)
        return cls(fragment=d["fragment"], system=d["system"], label=d["label"], summary=dict(d["summary"]),
                   at=d["at"], elsewhere=bool(d.get("elsewhere")))

    def to_dict(self) -> dict:
        """The checked entry's dict (:func:`tirada.stored.history_item`'s shape and key order)."""
        out = {"fragment": self.fragment, "system": self.system, "label": self.label,
               "summary": {"es": self.summary["es"], "en": self.summary["en"]}, "at": self.at}
        if self.elsewhere:
            out["elsewhere"] = True
        return out


def add_history(items: list, entry: Mapping[str, Any], cap: int) -> list:
    """``entry`` first, then ``items`` without the one of the same fragment; the newest ``cap``."""
    frag = entry.get("fragment")
    return [entry, *[i for i in items if not isinstance(i, Mapping) or i.get("fragment") != frag]][:cap]


@dataclass(frozen=True)
class RollerIdentity:
    """The remembered roller (``tirada.roller.v1``): ``roller`` (≤ 40 characters) and ``campaign``
    (≤ 80); anything missing or not text reads as ``""``."""

    roller: str
    campaign: str

    @classmethod
    def from_dict(cls, value: Any) -> "RollerIdentity":
        """Read the stored value (never raises: a damaged one reads as no name)."""
        value = value if isinstance(value, Mapping) else {}
        return cls(roller=str(value.get("roller") or "")[:40], campaign=str(value.get("campaign") or "")[:80])

    def to_dict(self) -> dict:
        """``{"roller", "campaign"}``."""
        return {"roller": self.roller, "campaign": self.campaign}


@dataclass(frozen=True)
class BrsCurrent:
    """The current Blood Red Sands Confrontation (``tirada.brs.current``): ``setup`` (dict or None),
    ``moves`` (list) and ``draft`` (dict or None); a part missing or of the wrong kind reads as
    None / empty."""

    setup: Optional[dict]
    moves: list
    draft: Optional[dict]

    @classmethod
    def from_dict(cls, value: Any) -> "BrsCurrent":
        """Read the stored value (never raises)."""
        value = value if isinstance(value, Mapping) else {}
        setup, moves, draft = value.get("setup"), value.get("moves"), value.get("draft")
        return cls(setup=setup if isinstance(setup, dict) else None, moves=moves if isinstance(moves, list) else [],
                   draft=draft if isinstance(draft, dict) else None)

    def to_dict(self) -> dict:
        """``{"setup", "moves", "draft"}``."""
        return {"setup": self.setup, "moves": self.moves, "draft": self.draft}


def put_character(current: list, character: Mapping[str, Any]) -> list:
    """The stored character list with ``character`` added at the end, or replacing the one of its id:
    inserted at the index that id had among the readable (dict) entries, in the list without it —
    its place when no unreadable entry stands before it (entries this version cannot read are kept
    as they are; the store has always placed it so)."""
    cid = character.get("id")
    items = [c for c in current if not (isinstance(c, Mapping) and c.get("id") == cid)]
    ids = [c.get("id") for c in current if isinstance(c, Mapping)]   # its place among the readable entries
    if cid in ids:
        items.insert(ids.index(cid), character)
    else:
        items.append(character)
    return items


def without_character(current: list, cid: str) -> list:
    """The stored character list without the character ``cid``."""
    return [c for c in current if not (isinstance(c, Mapping) and c.get("id") == cid)]


def named_sheets(items: Any) -> list:
    """The stored Tragedia sheets that are dicts with a text ``name``, in order."""
    return [s for s in items if isinstance(s, dict) and isinstance(s.get("name"), str)]


def sheet_names(items: Any) -> list:
    """The names of the stored Tragedia sheets ``items`` (named sheet dicts), in order."""
    return [s.get("name") for s in named_sheets(items)]


def stored_sheet(value: Any) -> Any:
    """A stored Tragedia sheet dict as a :class:`~tirada.systems.tragedia.sheet.Sheet`; one the engine
    refuses (edited by hand in storage) as a Sheet of its name alone (it stays stored as it is)."""
    from .errors import TiradaError
    from .systems.tragedia.sheet import Sheet

    try:
        return Sheet.from_dict(value)
    except TiradaError:
        return Sheet(name=str(value.get("name") if isinstance(value, Mapping) else None))


def put_sheets(items: list, sheets: list) -> list:
    """``items`` (named sheet dicts) with each of ``sheets`` replacing the one of its name, or added."""
    items = list(items)
    for sheet in sheets:
        names = [s.get("name") for s in items]
        if sheet.get("name") in names:
            items[names.index(sheet.get("name"))] = sheet
        else:
            items.append(sheet)
    return items


def without_sheet(items: list, name: str) -> list:
    """``items`` (named sheet dicts) without the sheet called ``name``."""
    return [s for s in items if s.get("name") != name]


def further_along(book: Mapping[str, Any], key: str, entry: Mapping[str, Any]) -> bool:
    """Whether the checked chain ``entry`` is further along than the chain ``key`` of ``book``."""
    old = book.get(key)
    return (old.get("seq", 0) if isinstance(old, Mapping) else 0) < entry.get("seq", 0)


def secret_rolls_ok(value: Any) -> bool:
    """A stored secret-roll map: 16-character ids to request objects with a text ``system``."""
    return isinstance(value, dict) and all(isinstance(k, str) and len(k) == 16 and isinstance(v, dict) and
                                           isinstance(v.get("system"), str) for k, v in value.items())
