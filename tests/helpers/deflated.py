"""Compressed links as another encoder may write them (docs/link-format.md §3: decoders accept a
compressed body for every kind; Tirada's own encoders never compress a roll link). Used by
tests/test_reading_core.py (the core inflates them on MicroPython) and
tests/e2e/test_userscript_core.py (the userscript's frame marks them from the core)."""

from __future__ import annotations

import zlib

from tirada.wire.frame import CHECK_LEN, b64_encode, decode_frame_versioned, payload_hash


def raw_deflate(data: bytes, level: int = 9) -> bytes:
    """``data`` as raw DEFLATE (RFC 1951, no header), as encoders write a compressed link's body."""
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def frame_with(kind_code: int, stored: bytes, body: bytes, version: int = 1) -> str:
    """A compressed link's fragment: ``stored`` as its (deflated) body, the check over ``body``."""
    check = payload_hash(kind_code, body, version)[:CHECK_LEN]
    return f"t{version}" + b64_encode(bytes([0x80 | kind_code]) + stored + check)


def deflated(fragment: str) -> str:
    """The same link (same kind, format, body and check) with its body compressed, whether or not
    that is shorter."""
    version, kind_code, body = decode_frame_versioned(fragment)
    return frame_with(kind_code, raw_deflate(body), body, version)
