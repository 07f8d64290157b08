"""Blood Red Sands, before the fight: the Spoils bidding as the page reads it (issue #40: the page
reads no result by string key).

:func:`bidding_view` returns a :class:`BiddingView`: the facts of
:func:`tirada.systems.brs.spoils.bidding_summary` (whose dict stays the command line's JSON, byte for
byte) as records. Nothing here is stored: the page stores the bids, and the engine replays them.

Rules: ../shared/rules/blood-red-sands.md §Before the fight: the Spoils (seed
``000_95455a330fc0ceb0.txt`` "El Botín de guerra", "Retractarse y el Botín Ordinario"). Written in the
reading-core pattern (docs/architecture.md §How the core is written): plain classes on
:class:`tirada.portable.Struct`, frozen, equal by their fields.
"""

from __future__ import annotations

from typing import Any

from ...portable import Struct
from .spoils import Bidding, bidding_summary

__all__ = ["BidEntry", "BiddingView", "PainBid", "bidding_view"]


class BidEntry(Struct):
    """One bid made: its ``act`` (``"pain"``, ``"stipulation"``, ``"reduce"``, ``"back_down"``,
    ``"call"``, ``"challenge"``), the ``side`` (0/1) that made it, its ``text`` (a Pain, a
    Stipulation, a reduced Pain; else None), the ``pain`` a reduction changed (index, else None) and
    a Challenge's ``note`` (else None)."""

    _fields = ("act", "side", "text", "pain", "note")
    act: str
    side: int
    text: str | None
    pain: int | None
    note: str | None

    def __init__(self, act: str, side: int, text: str | None = None, pain: int | None = None,
                 note: str | None = None) -> None:
        self._init(act, side, text, pain, note)


class PainBid(Struct):
    """A Pain standing in the Spoils: ``by`` the side name that named it, ``suffered_by`` the side
    name that suffers it on losing, its ``text`` and the texts it ``was`` before reductions."""

    _fields = ("by", "suffered_by", "text", "was")
    by: str
    suffered_by: str
    text: str
    was: tuple

    def __init__(self, by: str, suffered_by: str, text: str, was: Any) -> None:
        self._init(by, suffered_by, text, tuple(was))


class BiddingView(Struct):
    """The bidding so far: ``status`` (``"open"``, ``"called"``, ``"backed_down"``), ``turn`` (the side
    name to bid, None when over) and ``turn_side`` (0/1/None), the ``pains`` and ``stipulations``
    (texts) that stand, ``back_down`` (side name or None), ``challenged`` (side names),
    ``ordinary`` (Ordinary Spoils), the ``log`` of bids and the ``legal`` acts now."""

    _fields = ("status", "turn", "turn_side", "pains", "stipulations", "back_down", "challenged", "ordinary", "log",
               "legal")
    status: str
    turn: str | None
    turn_side: int | None
    pains: tuple
    stipulations: tuple
    back_down: str | None
    challenged: tuple
    ordinary: bool
    log: tuple
    legal: tuple

    def __init__(self, status: str, turn: str | None, turn_side: int | None, pains: Any, stipulations: Any,
                 back_down: str | None, challenged: Any, ordinary: bool, log: Any, legal: Any) -> None:
        self._init(status, turn, turn_side, tuple(pains), tuple(stipulations), back_down, tuple(challenged), ordinary,
                   tuple(log), tuple(legal))


def bidding_view(state: Bidding, sides: tuple = ("Chronicler", "Players")) -> BiddingView:
    """:func:`~tirada.systems.brs.spoils.bidding_summary` of ``state`` (``sides``: the two side
    names) as a :class:`BiddingView`."""
    s = bidding_summary(state, sides)
    log = tuple(BidEntry(e["act"], e["side"], e.get("text"), e.get("pain"), e.get("note")) for e in s["log"])
    pains = tuple(PainBid(p["by"], p["suffered_by"], p["text"], p["was"]) for p in s["pains"])
    return BiddingView(s["status"], s["turn"], s["turn_side"], pains, tuple(x["text"] for x in s["stipulations"]),
                       s["back_down"], s["challenged"], s["ordinary"], log, s["legal"])
