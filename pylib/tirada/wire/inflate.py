"""Bounded raw inflate (RFC 1951) that reads a link the same way on CPython, Pyodide and MicroPython.

A compressed link's body is raw DEFLATE (docs/link-format.md §3). Reading one must never cost more
than a bound, however far a hostile stream would inflate ("zip bombs"), and must say the same thing
for the same bytes on every interpreter of the reading core (docs/architecture.md §The reading core):

* CPython and Pyodide: ``zlib.decompressobj(-15)`` with ``max_length``;
* MicroPython 1.27 (its ``zlib`` has no ``decompressobj``): ``deflate.DeflateIO`` over an
  ``io.BytesIO`` with a 32 KiB window (``wbits`` 15, as CPython's encoder writes; MicroPython's default
  window is smaller and refuses farther references), read in bounded pieces. It raises ``OSError``
  (``EINVAL``) on damaged data and ``EOFError`` on a stream cut short; it ignores bytes after the
  stream's end, so how far it read (``tell()`` of the input: it reads the input byte by byte) says
  whether any are left.

tests/test_reading_core.py runs every link of tests/vectors/ (compressed ones too) and hostile streams
(bombs, cut short, damaged, bytes after the end) on both and compares the answers byte for byte.

Known difference: MicroPython's inflater accepts two malformations that no encoder writes and zlib
refuses — a distance reaching before the start of the output (read as zeros) and an incomplete
Huffman code set — and inflates them to some bytes; the link's integrity check then decides
(docs/architecture.md §The reading core).
"""

from __future__ import annotations

import io
import zlib

try:
    import deflate as _deflate  # type: ignore[import-not-found]  # MicroPython
except ImportError:   # CPython and Pyodide: zlib.decompressobj
    _deflate = None

__all__ = ["InflateError", "inflate_raw"]

WINDOW_BITS = 15        #: the window of every raw-DEFLATE stream read here (32 KiB, CPython's encoder's)


class InflateError(ValueError):
    """The data is not exactly one complete raw-DEFLATE stream: damaged, cut short before its last
    block ends, or followed by other bytes."""


def inflate_raw(data: bytes, limit: int) -> bytes:
    """Inflate the raw-DEFLATE stream ``data``, producing at most ``limit + 1`` bytes.

    Args:
        data: the stored bytes (no zlib or gzip header).
        limit: the most bytes the caller accepts (``limit >= 0``).

    Returns:
        The inflated bytes (at most ``limit``) when ``data`` is exactly one complete stream; or,
        when the stream inflates to more than ``limit`` bytes, its first ``limit + 1`` bytes (the
        caller refuses it as too large; the rest is not read, damaged or not).

    Raises:
        InflateError: the data is damaged, cut short, or has bytes after the end of the stream.
    """
    if _deflate is not None and not hasattr(zlib, "decompressobj"):
        return _inflate_micropython(data, limit)
    unpacker = zlib.decompressobj(-WINDOW_BITS)
    try:
        out = unpacker.decompress(data, limit + 1)
    except zlib.error:
        raise InflateError("damaged DEFLATE data") from None
    if len(out) > limit:
        return out
    if not unpacker.eof or unpacker.unconsumed_tail or unpacker.unused_data:
        raise InflateError("DEFLATE data cut short or followed by other bytes")
    return out


def _inflate_micropython(data: bytes, limit: int) -> bytes:
    """:func:`inflate_raw` with MicroPython's ``deflate`` module (see the module's text)."""
    source = io.BytesIO(data)
    reader = _deflate.DeflateIO(source, _deflate.RAW, WINDOW_BITS)
    pieces = []
    got = 0
    try:
        while got <= limit:
            piece = reader.read(limit + 1 - got)
            if not piece:
                break
            pieces.append(piece)
            got += len(piece)
    except (OSError, EOFError, ValueError):   # EINVAL: damaged; EOFError: cut short
        raise InflateError("damaged DEFLATE data") from None
    out = b"".join(pieces)
    if got <= limit and source.tell() != len(data):
        raise InflateError("DEFLATE data followed by other bytes")
    return out
