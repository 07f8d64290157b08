"""One non-ASCII host label to ASCII as browsers do: UTS #46 non-transitional (issue #38).

The WHATWG URL Standard's "domain to ASCII" (https://url.spec.whatwg.org/#concept-domain-to-ascii)
runs UTS #46 ToASCII, non-transitional, CheckJoiners on, no DNS length check. Python's own ``idna``
codec is IDNA 2003: the same for the usual letters, fullwidth forms and ignored characters (its
nameprep is used here), but it maps the four **deviation characters** away — ``ß`` → ``ss``, ``ς`` →
``σ``, zero-width joiner and non-joiner removed — where browsers keep them: ``faß.de`` is
``xn--fa-hia.de`` in a browser, ``fass.de`` in IDNA 2003, so a link at the ``ß`` twin of the official
host would read as the official one. :func:`to_ascii` keeps them (and maps ``ẞ`` to ``ß`` as UTS #46
does), checks the joiners (RFC 5892 CONTEXTJ) and drops the 63-character limit.

The maintained pure ``idna`` package does this too (``uts46=True, transitional=False``) but would be
the page's first third-party module in app.zip, with 330 kB of tables and about 90 ms of import on
CPython (more in Pyodide), for four characters; tests/e2e/test_address_chromium.py compares this with
Chromium. Known gap, on the safe side: a label IDNA 2003's bidi check refuses (an Arabic letter with a
vowel mark before a ZWNJ) fails here while Chromium reads it — such a link is flagged, never passed.

Public API: :func:`to_ascii`.
"""

from __future__ import annotations

import encodings.idna
import re

__all__ = ["to_ascii"]

#: UTS #46 deviation characters: IDNA 2003 maps them away (ß → ss, ς → σ, joiners removed); browsers,
#: non-transitional, keep them
_DEVIATION = re.compile("([\u00df\u03c2\u200c\u200d])")
#: letters that join across a zero-width non-joiner (CONTEXTJ, RFC 5892 A.1, by script: Arabic,
#: Syriac, N'Ko, Mongolian, Phags-pa; a stand-in for the Joining_Type data Python lacks: a ZWNJ
#: between other letters is refused; one beside a right-joining-only letter of these scripts, which
#: browsers refuse, is read — a host no browser reaches, never the official one)
_JOINING = re.compile("[\u0620-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff\u0710-\u074f\u0750-\u077f"
                      "\u07ca-\u07ea\u0860-\u086a\u08a0-\u08c9\u1820-\u1878\u18aa\ua840-\ua872]")


def _joiners_ok(label: str) -> bool:
    """RFC 5892 CONTEXTJ: a ZWJ only after a virama; a ZWNJ after a virama or between joining
    letters (:data:`_JOINING`, combining marks skipped)."""
    import unicodedata

    for i, c in enumerate(label):
        if c not in "\u200c\u200d":
            continue
        if i and unicodedata.combining(label[i - 1]) == 9:
            continue
        if c == "\u200d":
            return False
        before = label[:i].rstrip("".join(ch for ch in label[:i] if unicodedata.category(ch) == "Mn"))
        after = label[i + 1:].lstrip("".join(ch for ch in label[i + 1:] if unicodedata.category(ch) == "Mn"))
        if not (before and after and _JOINING.match(before[-1]) and _JOINING.match(after[0])):
            return False
    return True


def to_ascii(label: str) -> str:
    """One non-ASCII label to ASCII as browsers do (UTS #46 non-transitional, module docstring): the
    text between deviation characters through nameprep, the deviation characters kept (``ẞ`` → ``ß``),
    the joiners checked, then Punycode with ``xn--``. Raises UnicodeError (the host fails)."""
    pieces = _DEVIATION.split(label.replace("\u1e9e", "\u00df"))
    mapped = "".join(p if _DEVIATION.fullmatch(p) else encodings.idna.nameprep(p) for p in pieces if p)
    if not _joiners_ok(mapped):
        raise UnicodeError("a joiner outside its context")
    if mapped.isascii():
        return mapped.lower()
    if mapped.lower().startswith("xn--"):
        raise UnicodeError("a Punycode prefix on a Unicode label")
    return "xn--" + mapped.encode("punycode").decode("ascii")
