"""Link formats 1 and 2, the frame layer: bytes ↔ a URL fragment ``t1…``/``t2…`` (docs/link-format.md).

::

    fragment := "t1" base64url_nopad(frame)          (the page puts it after "#"; no server sees it)
    frame    := head body check
    head     := one byte: bit 7 = body is raw DEFLATE (RFC 1951); bits 0-6 = kind code
    body     := one deterministic CBOR item (RFC 8949 §4.2.1 subset, see ``cbor_encode``)
    check    := SHA-256("tirada1" || kind code byte || uncompressed body)[0:4]

Format 2 (``t2…``, fair play: fresh dice after every decision) has the same frame with the domain
``"tirada2"``; ``version`` arguments below are 1 or 2.

This module knows nothing of what a payload means: :mod:`tirada.wire.codec` maps kinds to payloads
and :mod:`tirada.wire.roll_layout` lays out a roll link; both build on this one (which is why it is
separate: the roll layout needs the CBOR helpers, and the codec needs the roll layout).
Every malformed input raises :class:`~tirada.errors.LinkError` with one clear line.

Longer than 400 lines because it is the one place that reads a link's bytes: the canonical address
parse, base64url, the CBOR subset, the frame and its work limits for formats 1 and 2 belong together
(a second parser elsewhere would be a second way to read one link differently).
"""

from __future__ import annotations

import hashlib
import math
import re
import struct
import zlib
from typing import Any

from ..errors import LinkError
from ..portable import Struct, fullmatch, is_decimal
from .inflate import InflateError, inflate_raw

try:   # MicroPython: its C codec (its ``binascii`` and ``base64`` are slow pure-Python modules of micropython-lib)
    from ubinascii import a2b_base64 as _a2b, b2a_base64 as _b2a  # type: ignore[import-not-found]
except ImportError:   # CPython, Pyodide
    from binascii import a2b_base64 as _a2b, b2a_base64 as _b2a

__all__ = [
    "CHECK_LEN", "MAX_BODY", "MAX_DEPTH", "MAX_FRAGMENT", "PREFIX", "Simple", "b64_decode",
    "b64_encode", "cbor_decode", "cbor_encode", "decode_frame", "decode_frame_versioned", "encode_frame",
    "payload_hash", "read_frame", "split_fragment", "split_versioned", "VERSIONS",
]

PREFIX = "t1"                 #: version tag of format 1
VERSIONS = (1, 2)             #: formats this version reads and writes ("t1…", "t2…")
MAX_FRAGMENT = 8192           #: longest fragment text accepted (characters, without "#")
MAX_BODY = 65536              #: longest body after inflating (bytes): stops "zip bombs"
MAX_DEPTH = 32                #: deepest nesting of lists/maps
CHECK_LEN = 4
_B64 = re.compile(r"[A-Za-z0-9_-]*")


# ---------------------------------------------------------------------------------- base64url
def b64_encode(data: bytes) -> str:
    """base64url (RFC 4648 §5) without ``=`` padding."""
    # the standard alphabet with "+/" swapped after: MicroPython's base64 has no urlsafe functions
    return _b2a(data).decode("ascii").rstrip("\n").replace("+", "-").replace("/", "_").rstrip("=")


def b64_decode(text: str) -> bytes:
    """Strict inverse of :func:`b64_encode`.

    Raises:
        LinkError: a character outside ``A-Z a-z 0-9 - _``, an impossible length (4k+1), or unused
        trailing bits that are not zero (a changed last character).
    """
    if not fullmatch(_B64, text):
        bad = next(c for c in text if not fullmatch(_B64, c))
        raise LinkError(f"the link contains a character that cannot be in a link: {bad!r}", field="link",
                        code="link.bad_character", params={"char": str(bad)[:8]})
    if len(text) % 4 == 1:
        raise LinkError("the link was cut short or changed (impossible length)", field="link",
                        code="link.cut_or_changed")
    data = _a2b(text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4))
    if b64_encode(data) != text:
        raise LinkError("the link was cut short or changed (its last character is not valid)", field="link",
                        code="link.cut_or_changed")
    return data


# ------------------------------------------------------------------- deterministic CBOR subset
class Simple(Struct):
    """A CBOR simple value ``n`` 0..19 (one byte, ``0xe0 + n``): the roll codec uses it for table
    texts. A record, not an ``int`` subclass (MicroPython's ints cannot be subclassed usefully)."""

    _fields = ("n",)
    n: int

    def __init__(self, n: int) -> None:
        self._set("n", n)

    def __repr__(self) -> str:
        return f"Simple({self.n})"


def _head(major: int, n: int) -> bytes:
    if n < 24:
        return bytes([major << 5 | n])
    for extra, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if n < 1 << (8 * size):
            return bytes([major << 5 | extra]) + n.to_bytes(size, "big")
    raise LinkError("a number is too large for a link", field="link", code="link.number_too_large")


def cbor_encode(value: Any, depth: int = 0) -> bytes:
    """Deterministic CBOR of a JSON-like value (RFC 8949 §4.2.1, shortest forms, definite lengths).

    Types: ``None`` → f6, ``False``/``True`` → f4/f5, :class:`Simple` n → e0+n, int in
    −2^64..2^64−1 → major 0/1, float
    (finite) → f64 (fb), ``str`` → major 3, ``bytes`` → major 2, list/tuple → major 4, dict → major
    5 with int or str keys sorted by their encoded bytes.

    Raises:
        LinkError: another type, a non-finite float, too deep, a duplicate or bad key.
    """
    out = bytearray()
    _encode(value, depth, out)
    return bytes(out)


def _encode(value: Any, depth: int, out: bytearray) -> None:
    """Append the CBOR of ``value`` to ``out`` (one shared buffer: linear time however deep)."""
    if depth > MAX_DEPTH:
        raise LinkError("the data is nested too deeply for a link", field="link", code="link.too_deep")
    if value is None:
        out += b"\xf6"
    elif value is True or value is False:
        out += b"\xf5" if value else b"\xf4"
    elif isinstance(value, Simple):
        if not 0 <= value.n < 20:
            raise LinkError("a link's simple value must be 0 to 19", field="link", code="link.value_unsupported")
        out.append(0xE0 | value.n)
    elif isinstance(value, int):
        out += _head(0, value) if value >= 0 else _head(1, -1 - value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise LinkError("a link cannot hold NaN or infinity", field="link", code="link.value_unsupported")
        out += b"\xfb" + struct.pack(">d", value)
    elif isinstance(value, str):
        try:
            raw = value.encode("utf-8", "strict")
        except UnicodeEncodeError:
            raise LinkError("a link cannot hold text with lone surrogate characters", field="link",
                            code="link.value_unsupported") from None
        out += _head(3, len(raw))
        out += raw
    elif isinstance(value, (bytes, bytearray)):
        out += _head(2, len(value))
        out += value
    elif isinstance(value, (list, tuple)):
        out += _head(4, len(value))
        for item in value:
            _encode(item, depth + 1, out)
    elif isinstance(value, dict):
        items = []
        for key, val in value.items():
            if isinstance(key, (bool, Simple)) or not isinstance(key, (int, str)):
                raise LinkError("a link's map keys must be text or whole numbers", field="link",
                                code="link.value_unsupported")
            items.append((cbor_encode(key, depth + 1), cbor_encode(val, depth + 1)))
        items.sort()
        if any(a[0] == b[0] for a, b in zip(items, items[1:])):
            raise LinkError("a link's map has the same key twice", field="link", code="link.value_unsupported")
        out += _head(5, len(items))
        for key_bytes, val_bytes in items:
            out += key_bytes
            out += val_bytes
    else:
        raise LinkError(f"a link cannot hold a value of type {type(value).__name__}", field="link",
                        code="link.value_unsupported")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int) -> bytes:
        if n > len(self.data) - self.pos:
            raise LinkError("the link was cut short or changed (data ends early)", field="link",
                            code="link.cut_or_changed")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def item(self, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise LinkError("the link is nested too deeply", field="link", code="link.edited")
        first = self.take(1)[0]
        major, info = first >> 5, first & 31
        if major == 7:
            simple = {20: False, 21: True, 22: None}
            if info in simple:
                return simple[info]
            if info < 20:
                return Simple(info)
            if info == 27:
                return struct.unpack(">d", self.take(8))[0]
            raise LinkError("the link holds a value type it may not hold", field="link", code="link.edited")
        if info < 24:
            n = info
        elif info <= 27:
            n = int.from_bytes(self.take(1 << (info - 24)), "big")
        else:
            raise LinkError("the link uses an encoding it may not use", field="link", code="link.edited")
        if major == 0:
            return n
        if major == 1:
            return -1 - n
        if major in (2, 3):
            raw = self.take(n)
            if major == 2:
                return raw
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                raise LinkError("the link holds text that is not valid UTF-8", field="link",
                                code="link.edited") from None
        if n > len(self.data) - self.pos:   # every item takes ≥ 1 byte: refuse absurd counts early
            raise LinkError("the link was cut short or changed (data ends early)", field="link",
                            code="link.cut_or_changed")
        if major == 4:
            return [self.item(depth + 1) for _ in range(n)]
        if major == 5:
            out = {}
            for _ in range(n):
                key = self.item(depth + 1)
                if isinstance(key, (bool, Simple)) or not isinstance(key, (int, str)):
                    raise LinkError("the link has a map key that is not text or a number", field="link",
                                    code="link.edited")
                out[key] = self.item(depth + 1)
            return out
        raise LinkError("the link uses a CBOR tag, which format 1 does not allow", field="link", code="link.edited")


def cbor_decode(data: bytes) -> Any:
    """Decode exactly one canonical CBOR item (the subset of :func:`cbor_encode`).

    Raises:
        LinkError: truncated data, trailing bytes, a type outside the subset, or a non-canonical
        encoding (longer number forms, unsorted or repeated map keys, …).
    """
    reader = _Reader(data)
    value = reader.item()
    if reader.pos != len(data):
        raise LinkError("the link has extra data at its end", field="link", code="link.edited")
    if cbor_encode(value) != data:
        raise LinkError("the link is not in canonical form (changed or made by a faulty encoder)", field="link",
                        code="link.edited")
    return value


# ---------------------------------------------------------------------------------- the frame
def payload_hash(kind_code: int, body: bytes, version: int = 1) -> bytes:
    """``SHA-256("tirada<version>" || kind_code || body)`` (32 bytes); its first 4 bytes are the
    check and its first 6 bytes the id of a link (:func:`tirada.links.chain.link_id`)."""
    return hashlib.sha256(b"tirada%d" % version + bytes([kind_code]) + body).digest()


def _unquote(text: str) -> str:
    """Percent-decode ``text`` (UTF-8; a text whose escapes do not make valid UTF-8 stays as it is):
    ``urllib.parse.unquote`` for valid escapes, without ``urllib`` (MicroPython has none)."""
    if "%" not in text:
        return text
    raw, out, i = text.encode("utf-8"), bytearray(), 0
    while i < len(raw):
        pair = raw[i + 1:i + 3]
        if raw[i] == 0x25 and len(pair) == 2 and all(c in b"0123456789abcdefABCDEF" for c in pair):
            out.append(int(bytes(pair).decode("ascii"), 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    try:
        return bytes(out).decode("utf-8")
    except (UnicodeError, ValueError):
        return text


def split_fragment(text: str) -> str:
    """The fragment text of a link after its version tag (``t1`` or ``t2``): see :func:`split_versioned`.

    Raises:
        LinkError: as :func:`split_versioned`.
    """
    return split_versioned(text)[1]


def split_versioned(text: str) -> tuple:
    """``(version, rest)``: the one canonical parse of a link's address, shared by the page
    (``location.hash``) and the thread audit; ``version`` is the format (1 or 2) its tag names.

    Accepts a full URL, ``#t1…`` / ``#t2…`` or ``t1…`` / ``t2…``; surrounding spaces are stripped.
    An address holding "%" is percent-decoded once first (a forum's ``%23`` for ``#``, ``%20``).
    The fragment is everything after the **first** ``#``, as browsers read it; a second ``#`` (also
    ``%23``) is refused — readers would see one roll while the text holds two.

    Raises:
        LinkError: not text, empty, too long, two fragments, or without a known ``t`` version tag.
    """
    if not isinstance(text, str):
        raise LinkError("a link must be text", field="link", code="link.not_text")
    if len(text) > 4 * MAX_FRAGMENT + 2048:
        raise LinkError(f"the link is too long (more than {MAX_FRAGMENT} characters)", field="link",
                        code="link.too_long", params={"n": MAX_FRAGMENT})
    if "%" in text:   # "%" is never part of a fragment: undo percent-encoding
        text = _unquote(text)   # (a forum's or a browser's "%20", "%23")
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
        if "#" in text:
            raise LinkError("this address holds more than one link (a second “#”): readers would see "
                            "only one of them", field="link", code="link.two_fragments")
    text = text.strip()
    if len(text) > MAX_FRAGMENT:
        raise LinkError(f"the link is too long (more than {MAX_FRAGMENT} characters)", field="link",
                        code="link.too_long", params={"n": MAX_FRAGMENT})
    if not text:
        raise LinkError("no link given", field="link", code="link.empty")
    for version in VERSIONS:
        if text.startswith(f"t{version}"):
            return version, text[2:]
    digits = 0        # "t" and 1..4 digits (the regular expression t(\d{1,4}), written out for MicroPython)
    while text[:1] == "t" and digits < 4 and 1 + digits < len(text) and is_decimal(text[1 + digits]):
        digits += 1
    if digits:
        newer = text[1:1 + digits]
        raise LinkError(f"this link uses format {newer}, which this version of Tirada "
                        "cannot read; open it with a newer Tirada", field="link",
                        code="link.format_newer", params={"version": newer})
    raise LinkError("this is not a Tirada link (it must start with #t1 or #t2)", field="link", code="link.not_tirada")


def encode_frame(kind_code: int, body: bytes, deflate: bool = False, version: int = 1) -> str:
    """``"t<version>" + base64url(head + body' + check)``; body' is raw DEFLATE of body when
    ``deflate`` and that is shorter (the check always covers the uncompressed body)."""
    stored, flag = body, 0
    if deflate:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        packed = packer.compress(body) + packer.flush()
        if len(packed) < len(body):
            stored, flag = packed, 0x80
    check = payload_hash(kind_code, body, version)[:CHECK_LEN]
    return f"t{version}" + b64_encode(bytes([flag | kind_code]) + stored + check)


def _inflates_to(stored: bytes, body: bytes) -> bool:
    """True when ``stored`` is one complete raw-DEFLATE stream that inflates to exactly ``body``."""
    try:
        return inflate_raw(stored, len(body)) == body   # more is not the body: stops after one byte more
    except InflateError:
        return False


def _check_padding(stored: bytes, body: bytes) -> None:
    """Refuse set padding bits after the end of the DEFLATE stream (the high bits of its last byte).

    Inflaters ignore those bits, and the check covers only the inflated body, so without this a
    changed character there would go unnoticed (the link would still read the same). A bit is
    padding exactly when clearing it still inflates to the same body; encoders write zeros. The
    padding is the top bits of the byte, so only the highest set bit needs testing: one extra
    inflate at most (:func:`read_frame` charges it before it is spent).

    Raises:
        LinkError: a padding bit is set.
    """
    last = stored[-1] if stored else 0
    top = 0x80          # the highest set bit of the last byte (int.bit_length, which MicroPython lacks)
    while top > last:
        top >>= 1
    if last and _inflates_to(stored[:-1] + bytes([last & ~top]), body):
        raise LinkError("the link was cut short or changed (its compressed data has been altered)",
                        field="link", code="link.cut_or_changed")


def decode_frame(fragment: str) -> tuple:
    """Inverse of :func:`encode_frame`: ``(kind_code, body_bytes)`` after checking the check.

    Raises:
        LinkError: see :func:`decode_frame_versioned`.
    """
    return decode_frame_versioned(fragment)[1:]


def decode_frame_versioned(fragment: str) -> tuple:
    """``(version, kind_code, body_bytes)`` of a fragment of format 1 or 2, after the check.

    Raises:
        LinkError: see :func:`split_fragment`, :func:`b64_decode`; too short; bad DEFLATE data or
        a body above :data:`MAX_BODY`; a check that does not match (cut short or changed).
    """
    return read_frame(fragment)[:3]


def read_frame(fragment: str, max_work: int | None = None) -> tuple:
    """:func:`decode_frame_versioned` with its work bounded *before* it is spent:
    ``(version, kind_code, body, work)``; ``version`` is the format (1 or 2) of the tag.

    ``work`` is the bytes inflated (the body, and once more for the padding check of
    :func:`_check_padding`), at least the stored length. With ``max_work``, inflating stops as soon
    as it would pass ``max_work`` — a "zip bomb" costs at most ``max_work`` bytes, however far it
    would inflate.

    Raises:
        LinkError: as :func:`decode_frame_versioned`; with field ``"work"`` when ``max_work`` would
        be passed.
    """
    version, text = split_versioned(fragment)
    frame = b64_decode(text)
    if len(frame) < 1 + CHECK_LEN + 1:
        raise LinkError("the link was cut short (too little data)", field="link", code="link.cut")
    head, stored, check = frame[0], frame[1:-CHECK_LEN], frame[-CHECK_LEN:]
    kind_code = head & 0x7F
    body, work = stored, len(stored)
    if head & 0x80:
        trials = 2 if stored and stored[-1] else 1   # inflates: once, and once more for the padding
        # each inflate makes at most limit + 1 bytes (the one more says "larger"): within max_work
        limit = MAX_BODY if max_work is None else min(MAX_BODY, max_work // trials - 1)
        if limit < 1:
            raise LinkError("too much link data to check at once", field="work", code="link.too_much_work")
        try:
            body = inflate_raw(stored, limit)
        except InflateError:
            raise LinkError("the link was cut short or changed (its compressed data is damaged)",
                            field="link", code="link.cut_or_changed") from None
        if len(body) > limit and limit < MAX_BODY:
            raise LinkError("too much link data to check at once", field="work", code="link.too_much_work")
        if len(body) > limit:
            raise LinkError(f"the link was cut short or changed (its compressed data is larger than {MAX_BODY} "
                            "bytes)", field="link", code="link.cut_or_changed")
        work = max(work, len(body) * trials)
        _check_padding(stored, body)
    if max_work is not None and work > max_work:
        raise LinkError("too much link data to check at once", field="work", code="link.too_much_work")
    if payload_hash(kind_code, body, version)[:CHECK_LEN] != check:
        raise LinkError("the link was cut short or changed: its integrity check does not match "
                        "(copy the whole link again)", field="link", code="link.cut_or_changed")
    return version, kind_code, body, work
