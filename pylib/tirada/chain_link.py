"""Continue a roller chain on another device: a small link carrying the chain head (issue #13 part 3).

A chain's numbering lives in one browser (docs/link-format.md §6). An honest player who rolls on a
phone and on a desktop would otherwise make two chains (the audit shows a restart) or, with a copied
state, a fork. The **hand-over link** (kind ``chain``, format 2 only) carries the head of the chain —
roller, campaign, ``seq`` and ``last`` — so the other device continues the same chain. The page that
makes it stops using that chain (it would fork), until a hand-over link brings it back. The export
file (tirada.storage) carries the chains too; on import the copy further along wins.

CBOR body: ``[roller, campaign | null, seq, last (6 bytes) | null, created | null]`` (trailing nulls
dropped). JSON view: ``{"roller", "campaign", "seq", "last", "created"?}``.

Public API: :func:`encode_handover`, :func:`decode_handover`, :func:`adopt`.
"""

from __future__ import annotations

from typing import Any, Mapping

from .errors import InvalidRequest, LinkError, TiradaError
from .link_codec import cbor_encode, decode_payload_versioned, encode_payload
from .link_roll import MAX_CREATED, MAX_SEQ, check_int, check_prev, check_text

__all__ = ["adopt", "decode_handover", "encode_handover", "from_cbor", "to_cbor"]

RULE = "link-format.md §Chain hand-over"


def to_cbor(head: Mapping[str, Any]) -> list:
    """The CBOR array of a hand-over (module docstring).

    Raises:
        InvalidRequest: a bad roller/campaign text, seq outside 0..10^9, ``last`` not 12 hex digits,
        or ``last`` given exactly when seq is 0 (violated).
    """
    if not isinstance(head, Mapping) or set(head) - {"roller", "campaign", "seq", "last", "created"}:
        raise InvalidRequest("not a chain head", field="chain", rule=RULE)
    roller = check_text(head.get("roller"), "roller")
    if roller is None:
        raise InvalidRequest("a chain needs the roller's name", field="roller", rule=RULE)
    seq = check_int(head.get("seq"), "seq", 0, MAX_SEQ)
    last = check_prev(head.get("last"))
    if seq is None or (seq == 0) != (last is None):
        raise InvalidRequest("last is given exactly when seq is above 0", field="last", rule=RULE)
    out = [roller, check_text(head.get("campaign"), "campaign"), seq, last,
           check_int(head.get("created"), "created", 0, MAX_CREATED)]
    while out[-1] is None:
        out.pop()
    return out


def from_cbor(value: Any) -> dict:
    """Inverse of :func:`to_cbor`. Raises LinkError for any other structure."""
    if not isinstance(value, list) or not 3 <= len(value) <= 5 or value[-1] is None:
        raise LinkError("the chain in this link has the wrong shape", field="link", rule=RULE)
    original, value = value, value + [None] * (5 - len(value))
    roller, campaign, seq, last, created = value
    head = {"roller": roller, "campaign": campaign or "", "seq": seq,
            "last": last.hex() if isinstance(last, bytes) else last}
    if created is not None:
        head["created"] = created
    try:
        again = to_cbor({**head, "campaign": campaign})
    except TiradaError as err:
        raise LinkError(f"the chain in this link is not valid: {err.message}", field=err.field, rule=RULE) from None
    if cbor_encode(again) != cbor_encode(original):
        raise LinkError("the chain in this link is not in canonical form", field="link", rule=RULE)
    return head


def encode_handover(state, created: int | None = None) -> str:
    """The hand-over link fragment ``"t2…"`` of a :class:`tirada.link.ChainState`.

    Raises:
        InvalidRequest: not a chain state.
    """
    from .link import ChainState

    if not isinstance(state, ChainState):
        raise InvalidRequest("not a chain state", field="chain", rule=RULE)
    head = {"roller": state.roller, "campaign": state.campaign or None, "seq": state.seq, "last": state.last,
            "created": created}
    return encode_payload("chain", {k: v for k, v in head.items() if v is not None}, version=2)


def decode_handover(fragment: str):
    """``(ChainState, created | None)`` from a hand-over link.

    Raises:
        LinkError: unreadable, or a link of another kind.
    """
    from .link import ChainState

    version, kind, head = decode_payload_versioned(fragment)
    if kind != "chain":
        raise LinkError(f"this link holds a {kind!r}, not a chain", field="link", rule=RULE)
    return ChainState(head["roller"], head["campaign"], head["seq"], head["last"]), head.get("created")


def adopt(local, handed) -> tuple:
    """Decide what a device does with a handed-over chain head.

    Args:
        local: this device's ChainState for the same roller and campaign, or ``None``.
        handed: the ChainState from the hand-over link.
    Returns:
        ``(state_to_store | None, outcome)`` — outcome ``"adopted"`` (nothing here, or this device is
        behind: store it), ``"same"`` (already this head: nothing to do) or ``"local_ahead"`` (this
        device made rolls past that head: keep ours; adopting would make a fork).
    """
    if local is None or local.seq < handed.seq:
        return handed, "adopted"
    if local.seq == handed.seq and local.last == handed.last:
        return None, "same"
    return None, "local_ahead"
