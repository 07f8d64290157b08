"""Blood Red Sands as this browser keeps it: the current Confrontation's logged moves, its name in
storage and the Blood Red Sands characters of «Mis datos», read once into records (issue #40: the
page reads no stored value by string key; the current Confrontation itself is
``tirada.storage_records.BrsCurrent``, its draft :mod:`tirada.systems.brs.draft`).

The stored values stay what the page wrote (the moves of ``tirada.brs.current``; the characters'
``Character.to_dict()``): these records read them without ever raising on an older or hand-edited
shape (a missing or wrong-typed part reads as absent), and :meth:`StoredMove.to_dict` gives back
the value it was read from. The moves' and the setup's meaning is the engine's
(:func:`tirada.systems.brs.replay.replay` checks them); here they are only carried.

Rules: ../shared/rules/blood-red-sands.md (the pieces named here); docs/brs-format.md (the setup and
move shapes). Written in the reading-core pattern (docs/architecture.md §How the core is written).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable, Mapping

from ...errors import TiradaError
from ...portable import Struct
from ...sheets import Character

__all__ = ["StoredMove", "brs_characters", "confrontation_key"]


class StoredMove(Struct):
    """One logged move as stored (docs/brs-format.md): ``kind`` (its ``"move"``: ``"pick"``,
    ``"orders"``, …; ``""`` when missing or not text), the acting ``player`` (index, or None), the
    standing ``orders`` an ``"orders"`` move holds (as stored, or None) and ``raw``: the move dict
    itself (whatever was stored), what the engine replays and :meth:`to_dict` gives back."""

    _fields = ("kind", "player", "orders", "raw")
    kind: str
    player: Any
    orders: Any
    raw: Any

    def __init__(self, kind: str, player: Any, orders: Any, raw: Any) -> None:
        self._init(kind, player, orders, raw)

    @classmethod
    def from_dict(cls, value: Any) -> "StoredMove":
        """The record of a stored move; never raises (a value that is not a dict reads as a move of
        kind ``""`` with nothing in it)."""
        m: Mapping[str, Any] = value if isinstance(value, Mapping) else {}
        kind = m.get("move")
        return cls(kind if isinstance(kind, str) else "", m.get("player"), m.get("orders"), value)

    def to_dict(self) -> Any:
        """The stored move, as it was read."""
        return self.raw


def confrontation_key(setup: Mapping[str, Any]) -> str:
    """A Confrontation's name in this browser's storage: 20 hex digits of the SHA-256 of its seed (a
    version-2 seed is made at the start, so two Confrontations never share it; a version-1 setup
    with typed faces uses them) and its players' names — the same whether the setup (a setup dict
    of docs/brs-format.md) was started here or read back from a link."""
    players = setup.get("players") or []
    basis = [setup.get("seed") or setup.get("faces"),
             [p.get("name") if isinstance(p, Mapping) else None for p in players]]
    text = json.dumps(basis, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def brs_characters(characters: Iterable[Any]) -> list:
    """The Blood Red Sands characters among ``characters`` (``Character.to_dict()`` dicts, as
    ``Store.characters`` gives them) as :class:`tirada.sheets.Character` records, in their order;
    one that does not read (never the case for what the store gives) is left out."""
    out = []
    for c in characters:
        if not isinstance(c, Mapping) or c.get("system") != "brs":
            continue
        try:
            out.append(Character.from_dict(c))
        except TiradaError:
            continue
    return out
