"""Link formats 1 and 2, generic layer: any JSON-like payload ↔ a URL fragment ``t1…``/``t2…`` (docs/link-format.md).

::

    fragment := "t1" base64url_nopad(frame)          (the page puts it after "#"; no server sees it)
    frame    := head body check
    head     := one byte: bit 7 = body is raw DEFLATE (RFC 1951); bits 0-6 = kind code (KINDS)
    body     := one deterministic CBOR item (RFC 8949 §4.2.1 subset, see ``cbor_encode``)
    check    := SHA-256("tirada1" || kind code byte || uncompressed body)[0:4]

Format 2 (``t2…``; docs/link-format.md §16) has the same frame with the domain ``"tirada2"``; its
roll links use :mod:`tirada.wire.roll_layout2`, and only it carries GM roll requests
(:mod:`tirada.wire.request_layout`) and chain hand-overs (:mod:`tirada.wire.handover_layout`).

The decoder re-encodes what it decoded and refuses anything that is not byte-for-byte canonical, so
every payload has exactly one uncompressed body and the check covers the canonical payload. Every
malformed input raises :class:`~tirada.errors.LinkError` with one clear line; nothing else escapes.

Public API: :func:`encode_payload`, :func:`decode_payload`, :data:`KINDS`; the frame, CBOR and
base64url helpers (:func:`payload_hash`, :func:`decode_frame`, …) live in :mod:`tirada.wire.frame`
and are re-exported here.
"""

from __future__ import annotations

from typing import Any, Callable

from ..errors import LinkError
from ..portable import merged
from . import handover_layout, request_layout, roll_layout, roll_layout2, sealed_layout
from .frame import (MAX_BODY, MAX_FRAGMENT, PREFIX, VERSIONS, Simple, b64_decode, b64_encode, cbor_decode,
                    cbor_encode, decode_frame, decode_frame_versioned, encode_frame, payload_hash,
                    read_frame, split_fragment, split_versioned)

__all__ = [
    "KINDS", "MAX_BODY", "MAX_FRAGMENT", "PREFIX", "Simple", "b64_decode", "b64_encode", "cbor_decode",
    "cbor_encode", "decode_body", "decode_frame", "decode_payload", "encode_frame", "encode_payload",
    "payload_hash", "read_frame", "split_fragment", "split_versioned", "VERSIONS", "decode_frame_versioned",
    "decode_payload_versioned",
]

KINDS = merged({"roll": 1, "brs": 2, "scene": 3, "request": 4, "chain": 5},
               sealed_layout.KIND_CODES,   #: kind name → code (1..127); 0 and the rest reserved
               {"bid": 10})                #: a Spoils bidding (tirada.systems.brs.bidlink, issue #29)
_KIND_NAMES = {code: name for name, code in KINDS.items()}
#: kinds whose bodies are mostly random bytes or short: never compressed (one body, one length)
_NEVER_DEFLATED = frozenset(["roll"] + list(sealed_layout.KIND_CODES))


# ------------------------------------------------------------------------- generic payloads
def _json_like(value: Any, depth: int = 0) -> Any:
    """Refuse what JSON cannot hold (bytes, simple values, non-text keys) in a generic payload."""
    if isinstance(value, (bytes, bytearray, Simple)):
        raise LinkError("this link holds a value that its kind does not allow", field="link", code="link.edited")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise LinkError("the maps of this kind of link must have text keys", field="link", code="link.edited")
            _json_like(item, depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _json_like(item, depth + 1)
    return value


def _codecs(version: int = 1) -> dict:
    if version == 2:
        return {"roll": (roll_layout2.roll2_to_cbor, roll_layout2.roll2_from_cbor),
                "request": (request_layout.to_cbor, request_layout.from_cbor),
                "chain": (handover_layout.to_cbor, handover_layout.from_cbor),
                "sealreq": (sealed_layout.sealreq_to_cbor, sealed_layout.sealreq_from_cbor),
                "blind": (sealed_layout.blind_to_cbor, sealed_layout.blind_from_cbor),
                "secret": (sealed_layout.secret_to_cbor, sealed_layout.secret_from_cbor),
                "reveal": (sealed_layout.reveal_to_cbor, sealed_layout.reveal_from_cbor)}
    only2 = (_format2_only, _format2_only)
    return merged({"roll": (roll_layout.roll_to_cbor, roll_layout.roll_from_cbor), "request": only2, "chain": only2,
            }, {kind: only2 for kind in sealed_layout.KIND_CODES})


def _format2_only(_value: Any) -> Any:
    """GM roll requests, chain hand-overs and sealed rolls exist only in format 2."""
    raise LinkError("a roll request, a chain hand-over or a sealed roll is a format 2 link", field="link",
                    code="link.format2_only")


def encode_payload(kind: str, obj: Any, version: int = 1) -> str:
    """Encode a payload of ``kind`` (a key of :data:`KINDS`) as a fragment ``"t1…"`` (no ``#``), or
    ``"t2…"`` with ``version`` 2 (roll links then use the format-2 layout).

    ``"roll"`` takes a roll-link dict (see :mod:`tirada.links.chain`) and is never compressed; other kinds
    take any JSON-like value (dict/list/str/int/float/bool/None; Blood Red Sands setup + move log,
    a Tragedia scene) as deterministic CBOR, raw-DEFLATEd when that is shorter.

    Raises:
        LinkError: unknown kind, a value a link cannot hold, or a roll link the roll codec refuses.
        InvalidRequest: (roll kind) the request or a chain field is invalid.
    """
    if kind not in KINDS:
        raise LinkError(f"unknown link kind {str(kind)[:20]!r}; known: {', '.join(sorted(KINDS))}",
                        field="kind", code="link.kind_unknown", params={"kind": str(kind)[:20]})
    if version not in VERSIONS:
        raise LinkError(f"unknown link format {version!r}", field="version", code="link.format_unknown",
                        params={"version": str(version)[:10]})
    to_cbor: Callable = _codecs(version).get(kind, (_json_like, None))[0]
    body = cbor_encode(to_cbor(obj))
    if len(body) > MAX_BODY:
        raise LinkError(f"the data is too large for a link ({len(body)} > {MAX_BODY} bytes)", field="link",
                        code="link.data_too_large", params={"n": MAX_BODY})
    fragment = encode_frame(KINDS[kind], body, deflate=kind not in _NEVER_DEFLATED, version=version)
    if len(fragment) > MAX_FRAGMENT:
        raise LinkError(f"the link would be too long ({len(fragment)} > {MAX_FRAGMENT} characters)",
                        field="link", code="link.would_be_too_long", params={"n": MAX_FRAGMENT})
    return fragment


def decode_payload(fragment: str) -> tuple:
    """Decode a fragment (full URL, ``#t1…`` or ``t1…``) into ``(kind, obj)``.

    ``obj`` is what was given to :func:`encode_payload` (for ``"roll"``: the normalised roll-link
    dict; bytes never appear, lists stay lists).

    Raises:
        LinkError: anything wrong with the link, one clear line (never another exception).
    """
    return decode_payload_versioned(fragment)[1:]


def decode_payload_versioned(fragment: str) -> tuple:
    """``(version, kind, obj)``: :func:`decode_payload` that also says the format (1 or 2).

    Raises:
        LinkError: anything wrong with the link, one clear line.
    """
    version, kind_code, body = decode_frame_versioned(fragment)
    return (version,) + tuple(decode_body(kind_code, body, version))


def decode_body(kind_code: int, body: bytes, version: int = 1) -> tuple:
    """The second half of :func:`decode_payload`, for a frame already read by
    :func:`~tirada.wire.frame.read_frame`: ``(kind, obj)``; ``version`` is the frame's format
    (1 or 2, as ``read_frame`` returns it), which picks the payload layouts.

    Raises:
        LinkError: an unknown kind, a body that is not canonical CBOR, or a kind-specific refusal.
    """
    kind = _KIND_NAMES.get(kind_code)
    if kind is None:
        raise LinkError(f"this link holds data of an unknown kind ({kind_code}); a newer Tirada may "
                        "read it", field="link", code="link.kind_newer", params={"kind": kind_code})
    value = cbor_decode(body)
    from_cbor = _codecs(version).get(kind, (None, _json_like))[1]
    return kind, from_cbor(value)
