"""Continue a roller chain on another device: a small link carrying the chain head (issue #13 part 3).

A chain's numbering lives in one browser (docs/link-format.md §6). The **hand-over link** (kind
``chain``, format 2 only; layout in :mod:`tirada.wire.handover_layout`) carries the head of the
chain — roller, campaign, ``seq`` and ``last`` — so another device continues the same chain instead
of starting a new one (a restart in the audit) or copying the state (a fork). The page that makes it
retires that chain (:mod:`tirada.chainbook`). The export file (tirada.storage) carries the chains too.

Public API: :func:`encode_handover`, :func:`decode_handover`. What a book does with a hand-over
(single use, never back) is :func:`tirada.chainbook.receive`.
"""

from __future__ import annotations

from ..errors import InvalidRequest, LinkError
from .chain import ChainState
from ..wire.codec import decode_payload_versioned, encode_payload
from ..wire.handover_layout import RULE

__all__ = ["decode_handover", "encode_handover"]


def encode_handover(state, created: int | None = None) -> str:
    """The hand-over link fragment ``"t2…"`` of a :class:`tirada.links.chain.ChainState`.

    Raises:
        InvalidRequest: not a chain state.
    """
    if not isinstance(state, ChainState):
        raise InvalidRequest("not a chain state", field="chain", rule=RULE, code="chain.invalid")
    head = {"roller": state.roller, "campaign": state.campaign or None, "seq": state.seq, "last": state.last,
            "created": created}
    return encode_payload("chain", {k: v for k, v in head.items() if v is not None}, version=2)


def decode_handover(fragment: str):
    """``(ChainState, created | None)`` from a hand-over link.

    Raises:
        LinkError: unreadable, or a link of another kind.
    """
    version, kind, head = decode_payload_versioned(fragment)
    if kind != "chain":
        raise LinkError(f"this link holds a {kind!r}, not a chain", field="link", rule=RULE, code="handover.link_kind")
    return ChainState(head["roller"], head["campaign"], head["seq"], head["last"]), head.get("created")
