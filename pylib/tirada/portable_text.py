"""Text helpers of the reading core that MicroPython lacks (split from :mod:`tirada.portable`, whose
fallbacks they use): the snippets' markup (:mod:`tirada.wire.markup`) and the userscript marks' claim
check (:mod:`tirada.links.claims`) run on CPython, Pyodide and MicroPython alike with them
(docs/architecture.md §The reading core).

* :func:`escape_html` — ``html.escape``; :func:`quote` — ``urllib.parse.quote``;
* :func:`is_rtl` — a right-to-left letter (``unicodedata.bidirectional``); :func:`is_alnum` — ``isalnum``
  for any letter;
* :func:`collapse_spaces` — ``re.sub(r"\\s+", " ", text).strip()`` with Unicode's spaces.

Each reads :mod:`tirada.portable`'s ``_unicodedata`` / ``_quote`` when it is called (``None`` on
MicroPython), so a test can take them away there; tests/test_portable.py checks each against the
standard library, with and without them.
"""

from __future__ import annotations

from . import portable as _portable
from .portable import NeedsFullEngine, is_space

__all__ = ["collapse_spaces", "escape_html", "is_alnum", "is_rtl", "quote"]


def escape_html(text: str) -> str:
    """``html.escape(text)``: ``&``, ``<``, ``>``, ``"`` and ``'`` as character references (``&amp;``,
    ``&lt;``, ``&gt;``, ``&quot;``, ``&#x27;``), the same on every interpreter."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&#x27;"))


#: what ``urllib.parse.quote`` never escapes
_ALWAYS_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def quote(text: str, safe: str = "/") -> str:
    """``urllib.parse.quote(text, safe=safe)``: the text's UTF-8 bytes, each percent-escaped
    (``%XX``, upper-case hex) unless an ASCII letter, digit, ``_.-~`` or a character of ``safe``
    (ASCII)."""
    if _portable._quote is not None:
        return _portable._quote(text, safe=safe)
    keep = set(_ALWAYS_SAFE) | set(safe.encode("ascii"))
    return "".join(chr(b) if b in keep else "%%%02X" % b for b in text.encode("utf-8"))


#: the blocks holding every right-to-left (bidi class R or AL) character of Unicode 14, and U+200F
_RTL_BLOCKS = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF), (0x10800, 0x10FFF), (0x1E800, 0x1EFFF),
               (0x200F, 0x200F))


def is_rtl(ch: str) -> bool:
    """``unicodedata.bidirectional(ch) in ("R", "AL")``: a right-to-left letter. Without
    ``unicodedata``: False outside :data:`_RTL_BLOCKS` (no R or AL character is there); inside them
    :class:`NeedsFullEngine` (the blocks also hold digits and marks of other classes)."""
    if _portable._unicodedata is not None:
        return _portable._unicodedata.bidirectional(ch) in ("R", "AL")
    code = ord(ch)
    if any(low <= code <= high for low, high in _RTL_BLOCKS):
        raise NeedsFullEngine("right-to-left text needs the full engine's Unicode data")
    return False


def is_alnum(ch: str) -> bool:
    """``ch.isalnum()`` for one character (what ``[^\\W_]`` matches). Without ``unicodedata``
    (MicroPython, whose ``isalnum`` knows ASCII only) a non-ASCII character raises
    :class:`NeedsFullEngine`."""
    if ord(ch) < 0x80 or _portable._unicodedata is not None:
        return ch.isalnum()
    raise NeedsFullEngine("a non-ASCII letter test needs the full engine's Unicode data")


#: the whitespace every interpreter's ``str.split()`` splits at (MicroPython's: these only)
_SPLIT_SPACES = frozenset(" \t\n\r\x0b\x0c")


def collapse_spaces(text: str) -> str:
    """``re.sub(r"\\s+", " ", text).strip()``: every run of whitespace (:func:`is_space`, Unicode's
    too, which MicroPython's ``re`` and ``strip`` do not know) one space, none at either end."""
    if _portable._unicodedata is not None or not any(is_space(ch) for ch in set(text) if ch not in _SPLIT_SPACES
                                            and (ord(ch) > 0x7E or ord(ch) < 0x21)):
        return " ".join(text.split())   # CPython's split() splits where \s matches; MicroPython's at ASCII spaces
    words: list = []
    word: list = []
    for ch in text:
        if is_space(ch):
            if word:
                words.append("".join(word))
                word = []
        else:
            word.append(ch)
    if word:
        words.append("".join(word))
    return " ".join(words)
