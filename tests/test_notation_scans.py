"""The notation's and the bands' hand-written scans read as the regular expressions they replace (issue #41:
the parser joined the reading core, and MicroPython's ``re`` has no flags, named groups, counted
repetition, ``fullmatch``, ``findall`` or ``finditer``). The patterns below are the ones CPython ran
before; each scan must give their groups for every text of the notation corpus and of random texts
made of the characters that matter (spaces of every kind, signs, digits of another script, ``ſ``).
"""

from __future__ import annotations

import random
import re

import pytest

from tirada.errors import InvalidRequest
from tirada.systems import bands
from tirada.systems.notation import extras, lexer

from helpers.notation_corpus import band_texts, notation_texts

_TARGET = re.compile(r"^(.*?\S)\s+(?:vs\.?|dc|contra|cd)\s*(-?\d{1,6})\s*$", re.I | re.S)
_BRACKETS = re.compile(r"\[([^\[\]]*)\]")
_TRAILING = re.compile(r"^(.*\S)\s*\(([^()\d]*)\)\s*$", re.S)
_COMMENT = re.compile(r"^(.*?\S)\s+!\s+(.*\S)\s*$", re.S)
_WORD = re.compile(r"[^\W\d_]{2}")
_FATE = re.compile(r"\s*d\s*[%fF]\s*")
_TOKEN = re.compile(r"\s+|\d+|df|[a-z]+|.")
_NUM = r"[-\u2212]?[0-9]{1,7}(?![0-9])"
_RANGE = re.compile(rf"^\s*(?:(?P<le>\u2264|<=)\s*(?P<a>{_NUM})|(?P<ge>\u2265|>=)\s*(?P<b>{_NUM})"
                    rf"|(?P<lo>{_NUM})\s*(?:\u2013|\u2014|-|\.\.)\s*(?P<hi>{_NUM})|(?P<c>{_NUM})(?P<plus>\+)?)"
                    rf"\s*:?\s*(?P<label>.*?)\s*$", re.S)
#: the aliases as CPython read them (``fullmatch``), in extras.ALIASES' order
_ALIASES = (
    (r"(\d+)cod([89])?", lambda m: f"{m[1]}d10 t8 ie{m[2] or 10}"), (r"(\d+)wod(\d+)", lambda m: f"{m[1]}d10 f1 ie10 t{m[2]}"),
    (r"(\d+)wh(\d+)\+", lambda m: f"{m[1]}d6 t{m[2]}"), (r"dd(\d)(\d)", lambda m: f"(1d{m[1]}*10)+1d{m[2]}"),
    (r"sr(\d+)", lambda m: f"{m[1]}d6 t5"), (r"sp(\d+)", lambda m: f"{m[1]}d10 t8 ie10"), (r"(\d+)yz", lambda m: f"{m[1]}d6 t6"),
    (r"snm(\d+)", lambda m: f"{m[1]}d6 ie6 t4"), (r"d6s(\d+)((?:\s*[+-]\s*\d+)?)", lambda m: f"{m[1]}d6 + 1d6 ie{m[2]}"),
    (r"age", lambda m: "2d6 + 1d6"), (r"dndstats", lambda m: "6 4d6 k3"))

_PIECES = (" ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u3000", "!", "! ", " ! ", "(", ")", "[", "]", "(d%)", "( dF )",
           "vs", "VS", "vs.", "v\u017f", "dc", "DC", "cd", "contra", "CONTRA", "-", "--", "+", "1", "15", "1234567",
           "\u0663", "\u0661\u0665", "\u00b2", "a", "ab", "ñ", "éx", "_", "x1", "d", "f", "F", "%", ":", "1d20", "≤", "≥",
           "<=", ">=", "\u2212", "\u2013", "\u2014", "..", ".", "7", "9", "K", "\u212a", "\u0130", "cod", "3cod8", "wod",
           "dd", "d6s", "age", "wh", "sr", "yz", "snm", "sp", "dndstats")


def _random(count: int, seed: int) -> list:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 14))) for _ in range(count)]


def _shaped(count: int, seed: int) -> list:
    """Texts near each pattern's shape: a roll, spaces, a target word, a sign and digits; words in
    parentheses at the end; ``d`` and ``%``/``F`` between spaces; a comment after ``!``."""
    rng = random.Random(seed)
    spaces = ("", " ", "  ", "\u00a0", "\n", "\t ")
    words = ("vs", "vs.", "Vs.", "VS", "v\u017f", "dc", "Dc", "cd", "CD", "contra", "conTra", "vs..", "d", "kontra")
    digits = ("1", "15", "123456", "1234567", "\u0661\u0665", "1\u0663", "", "x")
    out = []
    for _ in range(count):
        head = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 4)))
        out.append(head + rng.choice(spaces) + rng.choice(words) + rng.choice(spaces) + rng.choice(("", "-", "--"))
                   + rng.choice(digits) + rng.choice(spaces))
        out.append(head + rng.choice(spaces) + "(" + "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 3)))
                   + ")" + rng.choice(spaces))
        out.append(rng.choice(spaces) + "d" + rng.choice(spaces) + rng.choice("%fFx") + rng.choice(spaces))
        out.append(head + rng.choice(spaces) + "!" + rng.choice(spaces) + rng.choice(("texto", "ñu", "k3", "", "a b"))
                   + rng.choice(spaces))
    return out


TEXTS = sorted({text for text, _ in notation_texts()} | set(_random(6000, 41)) | set(_shaped(2000, 42)))
BAND_PARTS = sorted({part for text in band_texts() for part in text.replace("\n", "/").split("/")}
                    | set(_random(3000, 43)))


def _groups(m: re.Match | None) -> tuple | None:
    return None if m is None else (m[1], m[2])


def _old_tokens(text: str) -> object:
    """lexer.tokenize as it was: the tokens, or the refusal's code and params."""
    out, space = [], False
    for match in _TOKEN.finditer(text.lower()):
        tok = match.group()
        if tok.isspace():
            space = True
            continue
        if tok.isdigit():
            if not tok.isascii():
                return ("notation.unreadable", {"text": tok[:10]})
            if len(tok) > lexer.MAX_DIGITS:
                return ("notation.number_too_long", {"n": lexer.MAX_DIGITS})
        out.append((tok, space))
        space = False
    return out


def _new_tokens(text: str) -> object:
    try:
        return lexer.tokenize(text)
    except InvalidRequest as err:
        return (err.code, err.params)


@pytest.mark.parametrize("chunk", range(4))
def test_the_extras_scans_read_as_their_patterns(chunk):
    for text in TEXTS[chunk::4]:
        assert extras._target(text) == _groups(_TARGET.match(text)), text
        assert extras._trailing(text) == _groups(_TRAILING.match(text)), text
        assert extras._comment(text) == _groups(_COMMENT.match(text)), text
        assert extras._brackets(text) == (_BRACKETS.findall(text), _BRACKETS.sub(" ", text)), text
        assert extras._has_word(text) == bool(_WORD.search(text)), text
        assert extras._fate_or_percent(text) == bool(_FATE.fullmatch(text)), text
        assert _new_tokens(text) == _old_tokens(text), text
        bare = text.strip().lower()
        for (pattern, expand), (old, old_expand) in zip(extras.ALIASES, _ALIASES, strict=True):
            m, full = pattern.match(bare), re.fullmatch(old, bare)
            assert (m and expand(m)) == (full and old_expand(full)), (text, old)


def _old_band(part: str) -> tuple | None:
    m = _RANGE.match(part)
    if not m:
        return None

    def num(t):
        return None if t is None else int(t.replace("\u2212", "-"))

    if m["le"]:
        lo, hi = None, num(m["a"])
    elif m["ge"]:
        lo, hi = num(m["b"]), None
    elif m["lo"] is not None:
        lo, hi = num(m["lo"]), num(m["hi"])
    else:
        lo, hi = (num(m["c"]), None) if m["plus"] else (num(m["c"]), num(m["c"]))
    return lo, hi, m["label"]


def test_the_bands_scan_reads_as_its_pattern():
    for part in BAND_PARTS:
        assert bands._band(part) == _old_band(part), part
