"""Chain hand-over links, the layout (issue #13 part 3; docs/link-format.md §18): the CBOR array of a
chain head. The API (encode, decode) is :mod:`tirada.links.handover`; the rules of a book :mod:`tirada.chainbook`.

(The overview below is shared with that module.)

A chain's numbering lives in one browser (docs/link-format.md §6). An honest player who rolls on a
phone and on a desktop would otherwise make two chains (the audit shows a restart) or, with a copied
state, a fork. The **hand-over link** (kind ``chain``, format 2 only) carries the head of the chain —
roller, campaign, ``seq`` and ``last`` — so the other device continues the same chain. The page that
makes it retires that chain (it would fork), until a hand-over link brings it back; a book opens each
hand-over link once. The export file (tirada.storage) carries the chains too; on import the copy
further along wins.

CBOR body: ``[roller, campaign | null, seq, last (6 bytes) | null, created | null]`` (trailing nulls
dropped). JSON view: ``{"roller", "campaign", "seq", "last", "created"?}``.

Here: :func:`to_cbor`, :func:`from_cbor`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest, LinkError, TiradaError
from ..portable import merged
from .frame import cbor_encode
from .roll_layout import MAX_CREATED, MAX_SEQ, check_int, check_prev, check_text

__all__ = ["RULE", "from_cbor", "to_cbor"]

RULE = "link-format.md §Chain hand-over"


def to_cbor(head: Mapping[str, Any]) -> list:
    """The CBOR array of a hand-over (module docstring).

    Raises:
        InvalidRequest: a bad roller/campaign text, seq outside 0..10^9, ``last`` not 12 hex digits,
        or ``last`` given exactly when seq is 0 (violated).
    """
    if not isinstance(head, Mapping) or set(head) - {"roller", "campaign", "seq", "last", "created"}:
        raise InvalidRequest("not a chain head", field="chain", rule=RULE, code="handover.invalid")
    roller = check_text(head.get("roller"), "roller")
    if roller is None:
        raise InvalidRequest("a chain needs the roller's name", field="roller", rule=RULE, code="handover.roller")
    seq = check_int(head.get("seq"), "seq", 0, MAX_SEQ)
    last = check_prev(head.get("last"))
    if seq is None or (seq == 0) != (last is None):
        raise InvalidRequest("last is given exactly when seq is above 0", field="last", rule=RULE, code="handover.last")
    out = [roller, check_text(head.get("campaign"), "campaign"), seq, last,
           check_int(head.get("created"), "created", 0, MAX_CREATED)]
    while out[-1] is None:
        out.pop()
    return out


def from_cbor(value: Any) -> dict:
    """Inverse of :func:`to_cbor`. Raises LinkError for any other structure."""
    if not isinstance(value, list) or not 3 <= len(value) <= 5 or value[-1] is None:
        raise LinkError("the chain in this link has the wrong shape", field="link", rule=RULE, code="link.chain_damaged")
    original, value = value, value + [None] * (5 - len(value))
    roller, campaign, seq, last, created = value
    head = {"roller": roller, "campaign": campaign or "", "seq": seq,
            "last": last.hex() if isinstance(last, bytes) else last}
    if created is not None:
        head["created"] = created
    try:
        again = to_cbor(merged(head, {"campaign": campaign}))
    except TiradaError as err:
        raise LinkError(f"the chain in this link is not valid: {err.message}", field=err.field, rule=RULE, code="link.chain_invalid", params={"cause": err.cause()}) from None
    if cbor_encode(again) != cbor_encode(original):
        raise LinkError("the chain in this link is not in canonical form", field="link", rule=RULE, code="link.chain_damaged")
    return head


