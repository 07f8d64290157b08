"""The roll-link round trip in one call: roll, link, verified result and new chain state.

The page used to stitch three entry points (``encode_link`` → ``verify`` → ``snippet``), so one roll
with its link and one copied snippet computed the roll three times and decoded the frame six times;
L5R had a second chain-writing path of its own. :func:`roll_link` encodes the link, decodes its
frame **once** (the id and the canonical request both come from that one decoding) and rolls the
request **once**; the snippet is then built from the verified result it returns
(:func:`tirada.links.snippets.snippet_of`), without decoding or rolling again.

:func:`peek_kind` reads a link's kind from its first byte without checking it, so the page can route
a broken Confrontation or scene link to its own tab (the full decoding there says what is wrong).

Format: docs/link-format.md (§5 roll links, §6 chains, §7 verifying). Pure: no clock, no storage
(the caller passes ``created`` and stores the new chain state).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..dice import new_seed
from ..errors import InvalidRequest, LinkError
from ..portable import Struct
from .chain import ChainState, encode_link, verify_link
from ..wire.codec import (KINDS, b64_decode, cbor_decode, decode_frame, decode_frame_versioned, encode_payload, payload_hash,
                    split_fragment)
from ..wire.roll_layout import RULE, roll_from_cbor
from ..wire.roll_layout2 import roll2_from_cbor

__all__ = ["Reservation", "RolledLink", "open_finished", "open_roll", "peek_kind", "reserve", "roll_link"]

_KIND_NAMES = {code: name for name, code in KINDS.items()}


class Reservation(Struct):
    """A chain number taken before the roll is finished (an L5R check takes its number when it
    starts, so an abandoned check shows as a gap): ``roller`` (1..40 chars), ``campaign`` ("" none),
    ``seq`` 1..10^9 reserved, ``prev`` the id of roll ``seq − 1`` (None when ``seq`` is 1)."""

    _fields = ("roller", "campaign", "seq", "prev")
    roller: str
    campaign: str
    seq: int
    prev: Optional[str]

    def __init__(self, roller: str, campaign: str, seq: int, prev: Optional[str]) -> None:
        self._init(roller, campaign, seq, prev)


class RolledLink(Struct):
    """What :func:`roll_link` returns.

    Fields: ``fragment`` (``"t2…"`` (fair play; ``"t1…"`` links still open), no ``#``); ``verified`` (the dict of
    :func:`tirada.links.chain.verify`: id, roller, campaign, seq, prev, created, created_iso, label, request,
    result, description); ``chain`` (the roller's new :class:`~tirada.links.chain.ChainState`, or None for
    an unsigned roll).
    """

    _fields = ("fragment", "verified", "chain")
    fragment: str
    verified: dict
    chain: Optional[ChainState]

    def __init__(self, fragment: str, verified: dict, chain: Optional[ChainState]) -> None:
        self._init(fragment, verified, chain)


def reserve(chain: ChainState, request: Mapping[str, Any], created: Optional[int] = None) -> tuple:
    """Take the next number of ``chain`` now, before the roll is finished: ``(Reservation, new
    ChainState)``. The new state (to store at once) has ``seq`` advanced and ``last`` the id of the
    link of ``request`` as it stands (seeded, not yet finished), so a check abandoned here leaves a
    gap in the chain; :func:`roll_link` with the reservation gives the finished link that number.

    Raises:
        InvalidRequest: ``chain`` is not a ChainState, or the request cannot be put in a link.
    """
    if not isinstance(chain, ChainState):
        raise InvalidRequest("not a chain state", field="chain", rule=RULE, code="chain.invalid")
    seq = chain.seq + 1
    link = {"request": dict(request), "roller": chain.roller, "campaign": chain.campaign or None,
            "seq": seq, "prev": chain.last, "created": created}
    fragment = encode_payload("roll", {k: v for k, v in link.items() if v is not None})
    kind_code, body = decode_frame(fragment)
    placeholder = payload_hash(kind_code, body)[:6].hex()
    return (Reservation(chain.roller, chain.campaign, seq, chain.last),
            ChainState(chain.roller, chain.campaign, seq, placeholder))


def _decode_roll(fragment: str) -> tuple:
    """``(link, roll_id)`` of a roll link of format 1 or 2, its frame decoded once.

    Raises:
        LinkError: unreadable link, or a link of another kind.
    """
    version, kind_code, body = decode_frame_versioned(fragment)
    if _KIND_NAMES.get(kind_code) != "roll":
        kind = _KIND_NAMES.get(kind_code, str(kind_code))
        raise LinkError(f"this link holds a {kind!r}, not a roll", field="link", rule=RULE, code="link.wrong_kind_roll",
                        params={"kind": str(kind)[:20]})
    from_cbor = roll2_from_cbor if version == 2 else roll_from_cbor
    return from_cbor(cbor_decode(body)), payload_hash(kind_code, body, version)[:6].hex()


def roll_link(request: Mapping[str, Any], chain: Optional[ChainState] = None, created: Optional[int] = None,
              reserved: Optional[Reservation] = None, gm_request: Optional[str] = None) -> RolledLink:
    """Roll ``request`` as a share link in one pass.

    Args:
        request: a request for :func:`tirada.systems.roll` (no ``faces``); a fresh 128-bit seed is
            added when it has none.
        chain: the roller's chain state: the link gets ``seq = chain.seq + 1`` and
            ``prev = chain.last``. None (and no ``reserved``) → an unsigned link.
        created: Unix seconds (the page's clock), or None.
        reserved: a number taken earlier by :func:`reserve` (used instead of ``chain``).
        gm_request: the id (16 hex digits) of the GM's roll request this roll answers, or None.
    Returns:
        :class:`RolledLink`; its ``chain`` is the state to store (``seq`` of this link, ``last`` its
        id), None for an unsigned roll.
    Raises:
        InvalidRequest, IllegalMove: the request or a chain field is invalid (the rules' reason
        first, as :func:`tirada.links.chain.encode_link`); nothing is stored by the caller then, so a
        refused roll consumes no number.
    """
    from ..systems import roll

    if not isinstance(request, Mapping):
        raise InvalidRequest("a request must be a JSON object", field="request", code="request.not_object")
    request = dict(request)
    if request.get("faces") is None and request.get("seed") is None:
        request.pop("seed", None)
        request["seed"] = new_seed()
    roller: Optional[str]
    campaign: Optional[str]
    seq: Optional[int]
    prev: Optional[str]
    if reserved is not None:
        roller, campaign, seq, prev = reserved.roller, reserved.campaign, reserved.seq, reserved.prev
    elif chain is not None:
        if not isinstance(chain, ChainState):
            raise InvalidRequest("not a chain state", field="chain", rule=RULE, code="chain.invalid")
        roller, campaign, seq, prev = chain.roller, chain.campaign, chain.seq + 1, chain.last
    else:
        roller = campaign = seq = prev = None
    from ..fresh import new_nonce

    request.setdefault("fresh", [])
    rolled = roll(request, on_fresh=lambda _segment: new_nonce())   # the one roll: nonces made now
    request["fresh"] = rolled.get("fresh", request["fresh"])
    # a format-2 link (fair play, docs/link-format.md §16), its nonces at the chain numbers that follow
    fragment = encode_link(request, roller, campaign or None, seq, prev, created, gm_request=gm_request,
                           check=False, nonces_made=True)
    decoded, roll_id = _decode_roll(fragment)                # the one decoding
    if not _same_request(decoded["request"], request):
        raise LinkError("the link does not replay the same dice", field="link", rule=RULE,
                        code="link.replay_mismatch")
    verified = verify_link(decoded, roll_id, rolled)         # no second roll
    entries = verified.get("entries") or [{"seq": seq, "id": roll_id}]   # format 2: its last chain entry
    new_chain = None if roller is None or seq is None else ChainState(roller, campaign or "", entries[-1]["seq"],
                                                                      entries[-1]["id"])
    return RolledLink(fragment, verified, new_chain)


def open_roll(fragment: str) -> dict:
    """:func:`tirada.links.chain.verify` with the frame decoded once (the id and the link both come
    from that one decoding): what the page does when a roll link is opened.

    Returns:
        the dict of :func:`tirada.links.chain.verify`.
    Raises:
        LinkError: unreadable link, a link of another kind, or a roll the rules refuse.
    """
    link, roll_id = _decode_roll(fragment)
    return verify_link(link, roll_id)


def open_finished(fragment: str, request: Mapping[str, Any], result: Mapping[str, Any]) -> dict:
    """:func:`open_roll` for a link the page has just made from a check it played step by step
    (:func:`tirada.links.fair_roll.finish`): the frame is decoded once and its request compared with
    the one played; the result is the one the last step gave (step mode's ``"step"`` key dropped), so
    nothing is rolled again (issue #25: one roll per action, none to finish).

    Raises:
        LinkError: ``link.replay_mismatch`` when the link does not hold the request played (a bug:
            the link would show other dice), or the link cannot be read.
    """
    link, roll_id = _decode_roll(fragment)
    if not _same_request(link["request"], {k: v for k, v in request.items() if k != "step"}):
        raise LinkError("the link does not replay the same dice", field="link", rule=RULE,
                        code="link.replay_mismatch")
    return verify_link(link, roll_id, dict(result, step=False) if "step" in result else dict(result))


def _same_request(held: Mapping[str, Any], played: Mapping[str, Any]) -> bool:
    """True when a decoded link's request is the request played: a link leaves out empty and false
    fields (``None``, ``False``, ``""``, ``[]``), which are no difference."""
    def meaningful(request: Mapping[str, Any]) -> dict:
        return {k: v for k, v in request.items() if v is not None and v is not False and v != "" and v != []}

    return meaningful(held) == meaningful(played)


def peek_kind(fragment: Any) -> Optional[str]:
    """The kind of a link (``"roll"``, ``"brs"``, ``"scene"``) read from its head byte, **without
    checking it**: for routing only (the view that opens it decodes it fully and says what is wrong).

    Returns:
        the kind name, or None when not even the head byte can be read or its code is unknown.
    """
    try:
        text = split_fragment(fragment)
        head = b64_decode(text[:4])[0] if len(text) >= 4 else None
    except (LinkError, IndexError):
        return None
    return None if head is None else _KIND_NAMES.get(head & 0x7F)
