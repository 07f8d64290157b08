"""Blood Red Sands, after the fight: what an ended Confrontation leaves on each sheet, as the page
reads it (issue #40: the page reads no result by string key).

:func:`aftermath_view` returns an :class:`Aftermath`: the facts of
:func:`tirada.systems.brs.aftermath.aftermath` as records. That dict stays what the command line
prints and what :func:`tirada.sheets.brs_record.apply_aftermath` writes on a sheet; nothing here is
stored (:meth:`AfterPlayer.to_dict` gives back a player's part, byte for byte, for that writer).

Rules: ../shared/rules/blood-red-sands.md §The fight (Devastated, Battered, Broken Heroes), §Corrections
and additions (Hero and Faction Components after the Ordeal). Written in the reading-core pattern
(docs/architecture.md §How the core is written): plain classes on :class:`tirada.portable.Struct`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...portable import Struct
from .aftermath import aftermath
from .state import State

__all__ = ["AfterComponent", "AfterPlayer", "AfterWeakness", "Aftermath", "Slot", "aftermath_view"]


class Slot(Struct):
    """A Trait's slot on a sheet: its ``trait`` text, ``die`` size 4..12 and ``aspect``."""

    _fields = ("trait", "die", "aspect")
    trait: str
    die: int
    aspect: str

    def __init__(self, trait: str, die: int, aspect: str) -> None:
        self._init(trait, die, aspect)

    def to_dict(self) -> dict:
        """``{"trait", "die", "aspect"}``."""
        return {"trait": self.trait, "die": self.die, "aspect": self.aspect}


def _slots(items: Any) -> tuple:
    return tuple(Slot(s["trait"], s["die"], s["aspect"]) for s in items)


class AfterComponent(Struct):
    """One Component after the fight: its global ``index``, ``name``, ``kind`` (``"hero"`` or
    ``"faction"``), the slots ``returned`` to the sheet, ``crossed`` (a Hero's: back at the next
    Ordeal), ``lost`` (a Faction's: for good) and whether it was ``destroyed`` (every die lost)."""

    _fields = ("index", "name", "kind", "returned", "crossed", "lost", "destroyed")
    index: int
    name: str
    kind: str
    returned: tuple
    crossed: tuple
    lost: tuple
    destroyed: bool

    def __init__(self, index: int, name: str, kind: str, returned: Any, crossed: Any, lost: Any,
                 destroyed: bool) -> None:
        self._init(index, name, kind, tuple(returned), tuple(crossed), tuple(lost), destroyed)

    def to_dict(self) -> dict:
        """``{"index", "name", "kind", "returned", "crossed", "lost", "destroyed"}`` (slots as dicts)."""
        return {"index": self.index, "name": self.name, "kind": self.kind,
                "returned": [x.to_dict() for x in self.returned], "crossed": [x.to_dict() for x in self.crossed],
                "lost": [x.to_dict() for x in self.lost], "destroyed": self.destroyed}


class AfterWeakness(Struct):
    """A Weakness gained: its ``trait`` text, die ``size`` (or None) and ``by`` (the name of the
    player who inflicted it)."""

    _fields = ("trait", "size", "by")
    trait: str
    size: int | None
    by: str

    def __init__(self, trait: str, size: int | None, by: str) -> None:
        self._init(trait, size, by)

    def to_dict(self) -> dict:
        """``{"trait", "size", "by"}``."""
        return {"trait": self.trait, "size": self.size, "by": self.by}


class AfterPlayer(Struct):
    """One player's part: ``name``, ``side`` 0/1, ``won``, ``vp``, the ``horde`` (die sizes taken),
    the ``weaknesses``, ``broken`` (a Broken Hero), how many dice were ``devastated`` (really lost),
    the ``components`` and the ``confrontation`` id."""

    _fields = ("name", "side", "won", "vp", "horde", "weaknesses", "broken", "devastated", "components",
               "confrontation")
    name: str
    side: int
    won: bool
    vp: int
    horde: tuple
    weaknesses: tuple
    broken: bool
    devastated: int
    components: tuple
    confrontation: str

    def __init__(self, name: str, side: int, won: bool, vp: int, horde: Any, weaknesses: Any, broken: bool,
                 devastated: int, components: Any, confrontation: str) -> None:
        self._init(name, side, won, vp, tuple(horde), tuple(weaknesses), broken, devastated, tuple(components),
                   confrontation)

    def to_dict(self) -> dict:
        """The player's item of ``aftermath(...)["players"]``, as
        :func:`tirada.sheets.brs_record.apply_aftermath` takes it."""
        return {"name": self.name, "side": self.side, "won": self.won, "vp": self.vp, "horde": list(self.horde),
                "weaknesses": [w.to_dict() for w in self.weaknesses], "broken": self.broken,
                "devastated": self.devastated, "components": [c.to_dict() for c in self.components],
                "confrontation": self.confrontation}


class Aftermath(Struct):
    """The consequences of an ended Confrontation: its ``confrontation`` id (what a sheet remembers),
    the ``winner`` side name and each player's part (``players``, setup order)."""

    _fields = ("confrontation", "winner", "players")
    confrontation: str
    winner: str | None
    players: tuple

    def __init__(self, confrontation: str, winner: str | None, players: Any) -> None:
        self._init(confrontation, winner, tuple(players))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Aftermath":
        """The record of an :func:`~tirada.systems.brs.aftermath.aftermath` dict."""
        players = tuple(AfterPlayer(
            p["name"], p["side"], p["won"], p["vp"], p["horde"],
            tuple(AfterWeakness(w["trait"], w["size"], w["by"]) for w in p["weaknesses"]), p["broken"],
            p["devastated"],
            tuple(AfterComponent(c["index"], c["name"], c["kind"], _slots(c["returned"]), _slots(c["crossed"]),
                                 _slots(c["lost"]), c["destroyed"]) for c in p["components"]),
            p["confrontation"])
            for p in value["players"])
        return cls(value["confrontation"], value["winner"], players)


def aftermath_view(state: State, kinds: Any = None) -> Aftermath:
    """:func:`~tirada.systems.brs.aftermath.aftermath` as an :class:`Aftermath` (``kinds``: as there).

    Raises:
        IllegalMove: the Confrontation has not ended (``brs.aftermath_not_ended``).
        InvalidRequest: a bad ``kinds`` (``brs.aftermath_kinds``).
    """
    return Aftermath.from_dict(aftermath(state, kinds))
