"""Blood Red Sands: the Spoils bidding played by links (issue #29), like the fight — each bid a move in
a link the other side opens to answer.

Rules: ../shared/rules/blood-red-sands.md §Before the fight: the Spoils; seed
``000_95455a330fc0ceb0.txt`` "El Botín de guerra" ("El Cronista puja primero … a lo largo de la cual cada bando irá
haciendo algo de lo siguiente"). The bids are open and alternate: each side bids knowing every earlier bid, and no die is
rolled before the fight starts, so no bid is secret and none needs a commitment (docs/brs-spoils.md
§Bidding by links). The link carries the set-up being bid for **without a seed** (the seed is made,
and signed by the starter's chain, only when the Confrontation starts after the Call: nothing of the
fight is knowable while bidding) and the bids so far (:mod:`tirada.systems.brs.spoils`).

Link kind ``"bid"`` (docs/link-format.md: ``encode_payload("bid", {"setup", "bids"})``); opening it
folds every bid again, so a bid the rules refuse is never shown as made.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import LinkError
from ...portable import Struct, merged
from ...wire.codec import decode_payload, encode_payload
from .config import Setup
from .spoils import MAX_BIDS, Bidding, bidding_from_dict

__all__ = ["BidLink", "check_bid_payload", "decode_bid_link", "encode_bid_link"]

#: a placeholder seed for checking a set-up that has none yet (never drawn from)
_CHECK_SEED = "0" * 32


class BidLink(Struct):
    """An opened bidding link: ``setup`` (the set-up dict bid for, no ``seed``/``faces``/``start``),
    ``bids`` (the bids, in order: list of dicts as :func:`tirada.systems.brs.spoils.bid` takes them)
    and ``state`` (the :class:`~tirada.systems.brs.spoils.Bidding` they make)."""

    _fields = ("setup", "bids", "state")
    setup: dict
    bids: list
    state: Bidding

    def __init__(self, setup: dict, bids: list, state: Bidding) -> None:
        self._init(setup, bids, state)


def _plain_setup(setup: Any) -> dict:
    """The set-up without its dice source, checked (as it would start) and normalised.

    Raises:
        InvalidRequest: the set-up is invalid (:meth:`Setup.from_dict`).
        LinkError: not an object.
    """
    if not isinstance(setup, Mapping):
        raise LinkError("the bidding's set-up is damaged", field="setup", code="brs.data_damaged",
                        params={"what": "setup"})
    base = {k: v for k, v in setup.items() if k not in ("seed", "faces", "start")}
    checked = Setup.from_dict(merged(base, {"seed": _CHECK_SEED})).to_dict()
    return {k: v for k, v in checked.items() if k not in ("seed", "faces", "start")}


def encode_bid_link(setup: Mapping, bids: list) -> str:
    """The fragment (no ``#``) of a bidding after ``bids`` (kind ``"bid"``, format 1).

    Raises:
        InvalidRequest / IllegalMove: a bad set-up, or a bid the rules refuse (with ``bids[k]`` in the field).
        LinkError: too large for a link.
    """
    bid_list = list(bids)
    bidding_from_dict({"bids": bid_list})
    return encode_payload("bid", {"setup": _plain_setup(setup), "bids": bid_list})


def check_bid_payload(data: Any) -> BidLink:
    """The decoded body of a bidding link, checked as the page opens it (the thread audit calls this too).

    Raises:
        LinkError: not this shape (``brs.data_damaged``), more than the bids a bidding may hold.
        InvalidRequest / IllegalMove: the set-up is invalid, or a bid the rules refuse.
    """
    if not isinstance(data, Mapping) or set(data) != {"setup", "bids"} or not isinstance(data["bids"], list):
        raise LinkError("the bidding link is damaged", field="link", code="brs.data_damaged", params={"what": "bidding"})
    if len(data["bids"]) > MAX_BIDS + 1:    # bounded before folding
        raise LinkError("the bidding link is damaged", field="bids", code="brs.data_damaged", params={"what": "bids"})
    setup = _plain_setup(data["setup"])
    bids = [dict(b) if isinstance(b, Mapping) else b for b in data["bids"]]
    return BidLink(setup=setup, bids=bids, state=bidding_from_dict({"bids": bids}))


def decode_bid_link(fragment: Any) -> BidLink:
    """:func:`check_bid_payload` of a fragment (full URL, ``#t1…`` or ``t1…``).

    Raises:
        LinkError: not a Tirada link, damaged, or a link of another kind (``link.wrong_kind_bid``).
        InvalidRequest / IllegalMove: as :func:`check_bid_payload`.
    """
    kind, data = decode_payload(fragment)
    if kind != "bid":
        raise LinkError(f"this is a {kind} link, not a Spoils bidding", field="link", code="link.wrong_kind_bid",
                        params={"kind": str(kind)[:20]})
    return check_bid_payload(data)
