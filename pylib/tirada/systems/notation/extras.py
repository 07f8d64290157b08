"""Dice notation, the words around a roll (issue 43; docs/notation.md §Dialects): what players type beside
the dice, read before the roll's tokens — a comment or label (Dice Maiden's ``4d6 ! texto``, Roll20's /
Foundry's / Avrae's ``[fuego]``, a trailing ``(ataque)``), a target (``1d20+5 vs 15``, ``dc 15``: the
roll's difficulty) and Dice Maiden's aliases (``4cod``, ``sr6``, ``3wh4+``, ``dd34``…), each expanded to
the notation it stands for. Aliases are read in the ``dicemaiden`` dialect; typed in another dialect
they are refused naming what they stand for (``notation.alias``).
"""

from __future__ import annotations

import re
from typing import Callable

from ...portable import NeedsFullEngine, category, has_unicodedata, is_ascii, is_decimal, is_space, nfc, strip
from ...portable_text import collapse_spaces
from .lexer import refuse

__all__ = ["ALIASES", "Extras", "read_extras"]

#: Dice Maiden's aliases (its README, "Alias Rolls"): pattern (matched on the whole part, lower case, to
#: its end: ``$``) → expansion. Patterns MicroPython's ``re`` runs too (no ``(?:…)``, no ``fullmatch``);
#: there the part is ASCII (:func:`read_extras`), so ``\d`` and ``\s`` read as CPython's.
ALIASES: list = [
    (re.compile(r"(\d+)cod([89])?$"), lambda m: f"{m.group(1)}d10 t8 ie{m.group(2) or 10}"),    # Chronicles of Darkness
    (re.compile(r"(\d+)wod(\d+)$"), lambda m: f"{m.group(1)}d10 f1 ie10 t{m.group(2)}"),       # World of Darkness 4e
    (re.compile(r"(\d+)wh(\d+)\+$"), lambda m: f"{m.group(1)}d6 t{m.group(2)}"),                # Warhammer
    (re.compile(r"dd(\d)(\d)$"), lambda m: f"(1d{m.group(1)}*10)+1d{m.group(2)}"),              # double-digit dice
    (re.compile(r"sr(\d+)$"), lambda m: f"{m.group(1)}d6 t5"),                                    # Shadowrun
    (re.compile(r"sp(\d+)$"), lambda m: f"{m.group(1)}d10 t8 ie10"),                             # Storypath
    (re.compile(r"(\d+)yz$"), lambda m: f"{m.group(1)}d6 t6"),                                    # Year Zero
    (re.compile(r"snm(\d+)$"), lambda m: f"{m.group(1)}d6 ie6 t4"),                              # Sunsails
    (re.compile(r"d6s(\d+)(\s*[+-]\s*\d+)?$"), lambda m: f"{m.group(1)}d6 + 1d6 ie{m.group(2) or ''}"),  # the D6 System
    (re.compile(r"age$"), lambda m: "2d6 + 1d6"),                                                # AGE system
    (re.compile(r"dndstats$"), lambda m: "6 4d6 k3"),                                            # D&D stats
]
#: the words before a target (``1d20+5 vs 15``), in either case: ``vs`` ``vs.`` ``dc`` ``contra`` ``cd``
_TARGET_WORDS = ("vs.", "vs", "dc", "contra", "cd")
#: the categories no letter is in: what MicroPython can tell apart without ``unicodedata``
_NOT_LETTERS = ("Cc", "Cs", "Cf", "Co", "Zl", "Zp", "Mn", "Me", "Zs", "Nd")


class Extras:
    """What :func:`read_extras` found: ``text`` (the roll alone, aliases expanded), ``labels`` (texts to
    name the roll with, in the order typed), ``difficulty`` (int or ``None``)."""

    def __init__(self, text: str, labels: list, difficulty: int | None) -> None:
        self.text, self.labels, self.difficulty = text, labels, difficulty


def _label(text: str) -> str:
    return nfc(collapse_spaces(text))


def _whole(digits: str) -> int:
    """``int(digits)`` of decimal digits (another script's too, as CPython reads them)."""
    if not has_unicodedata() and not is_ascii(digits):
        raise NeedsFullEngine("digits of another script need the full engine")
    return int(digits)


def _end(text: str) -> int:
    """The index after the last character of ``text`` that is not a space (0 when none)."""
    end = len(text)
    while end and is_space(text[end - 1]):
        end -= 1
    return end


def _letter(ch: str) -> "bool | None":
    """Whether ``ch`` is a letter as ``[^\\W\\d_]`` reads it (``isalnum`` but not a decimal digit or ``_``);
    ``None`` when MicroPython cannot tell (a character outside ASCII of no category it knows)."""
    if ord(ch) < 0x80:
        return ch.isalpha()
    if has_unicodedata():
        return ch.isalnum() and not is_decimal(ch)
    return False if category(ch) in _NOT_LETTERS else None


def _has_word(text: str) -> bool:
    """``re.search(r"[^\\W\\d_]{2}", text)``: two letters side by side (``! texto`` is a comment, ``!k3``
    is not).

    Raises:
        NeedsFullEngine: on MicroPython, when only letters of other scripts could make the pair.
    """
    unsure = False
    before: "bool | None" = False
    for ch in text:
        now = _letter(ch)
        if now and before is True:
            return True
        unsure = unsure or (now is not False and before is not False and (now is None or before is None))
        before = now
    if unsure:
        raise NeedsFullEngine("telling letters of other scripts apart needs the full engine")
    return False


def _comment(text: str) -> "tuple | None":
    """``re.match(r"^(.*?\\S)\\s+!\\s+(.*\\S)\\s*$", text, re.S)``'s two groups (Dice Maiden's
    ``4d6 ! texto``: the roll, the comment), or ``None``: the first space run after a character that is
    followed by ``!``, a space and something."""
    n, end = len(text), _end(text)
    for i in range(1, n):
        if is_space(text[i]) and not is_space(text[i - 1]):
            j = i
            while j < n and is_space(text[j]):
                j += 1
            if text[j:j + 1] == "!" and j + 1 < n and is_space(text[j + 1]):
                k = j + 1
                while k < n and is_space(text[k]):
                    k += 1
                if k < n:
                    return text[:i], text[k:end]
    return None


def _brackets(text: str) -> tuple:
    """``_BRACKETS.findall(text)`` and ``_BRACKETS.sub(" ", text)`` of ``\\[([^\\[\\]]*)\\]``: the texts
    of the ``[…]`` without brackets inside, and ``text`` with each of them one space."""
    found, kept, at, i, n = [], [], 0, 0, len(text)
    while i < n:
        if text[i] == "[":
            j = i + 1
            while j < n and text[j] not in "[]":
                j += 1
            if j < n and text[j] == "]":
                found.append(text[i + 1:j])
                kept.append(text[at:i])
                at = i = j + 1
                continue
        i += 1
    kept.append(text[at:])
    return found, " ".join(kept)


def _trailing(text: str) -> "tuple | None":
    """``re.match(r"^(.*\\S)\\s*\\(([^()\\d]*)\\)\\s*$", text, re.S)``'s two groups (``1d20+5 (ataque)``:
    the roll, the words in the last parentheses, no digit inside), or ``None``."""
    end = _end(text)
    if not end or text[end - 1] != ")":
        return None
    opened = end - 2
    while opened >= 0 and text[opened] not in "()":
        if is_decimal(text[opened]):
            return None
        opened -= 1
    if opened < 0 or text[opened] != "(":
        return None
    before = _end(text[:opened])
    return (text[:before], text[opened + 1:end - 1]) if before else None


def _is_word(typed: str, word: str) -> bool:
    """``typed`` is ``word`` (ASCII, lower case) in either case, as ``re.I`` reads it (``ſ`` is an ``s``)."""
    return len(typed) == len(word) and all(
        c == w or c == w.upper() or (w == "s" and c == "\u017f") for c, w in zip(typed, word))


def _target(text: str) -> "tuple | None":
    """``re.match(r"^(.*?\\S)\\s+(?:vs\\.?|dc|contra|cd)\\s*(-?\\d{1,6})\\s*$", text, re.I | re.S)``'s two
    groups (``1d20+5 vs 15``: the roll, the difficulty's digits), read from the end, or ``None``."""
    end = _end(text)
    digits = end
    while digits and is_decimal(text[digits - 1]):
        digits -= 1
    if not 1 <= end - digits <= 6:
        return None
    sign = digits - 1 if digits and text[digits - 1] == "-" else digits
    word_end = _end(text[:sign])
    for word in _TARGET_WORDS:
        start = word_end - len(word)
        if start > 0 and _is_word(text[start:word_end], word) and is_space(text[start - 1]):
            before = _end(text[:start])
            return (text[:before], text[sign:end]) if before else None
    return None


def read_extras(text: str, dialect: str, roll_label: Callable[[str, str], str]) -> Extras:
    """The roll part of ``text`` with its comment, labels, target and alias read (module docstring).
    Written as scans, not regular expressions MicroPython's ``re`` cannot run (each names the pattern it
    reads as).

    Raises:
        InvalidRequest: ``notation.alias`` (a Dice Maiden alias outside its dialect), ``notation.comment``
        (``! texto`` outside Dice Maiden: write the label first, ``texto: 1d20``), ``generic.roll_label``
        (a label that is not 1–40 visible characters without ``;`` or ``:``).
        NeedsFullEngine: on MicroPython only (the page hands the roll to the full engine): a roll (once
        its labels, comment and target are read) with a character outside ASCII, a label NFC would
        change, words only in letters of other scripts after ``!`` or in trailing parentheses.
    """
    labels: list = []
    comment = _comment(text)
    if comment and _has_word(comment[1]):      # words after " ! ", not "4d6 !k3"
        if dialect != "dicemaiden":
            shown = _label(comment[1])[:20]
            raise refuse(f"' ! {shown}' is Dice Maiden's comment: write '{shown}: {strip(comment[0])[:20]}'",
                         code="notation.comment", params={"text": f"! {shown}", "reading": f"{shown}: {strip(comment[0])[:20]}"})
        text, labels = comment[0], [_label(comment[1])]
    found, rest = _brackets(text)
    if found:
        text = rest
        labels = [one for one in (_label(m) for m in found) if one] + labels
    trailing = _trailing(text)
    if trailing and _has_word(trailing[1]) and not _fate_or_percent(trailing[1]):
        text, labels = trailing[0], [_label(trailing[1])] + labels
    difficulty = None
    target = _target(text)
    if target:
        text, difficulty = target[0], _whole(target[1])
    bare = strip(text)
    if not has_unicodedata() and not is_ascii(bare):     # lower case, \d and \s of other scripts: CPython's
        raise NeedsFullEngine("a notation with characters outside ASCII is read by the full engine")
    bare = bare.lower()
    for pattern, expand in ALIASES:
        alias = pattern.match(bare)
        if alias:
            if dialect != "dicemaiden":
                raise refuse(f"{bare!r} is a Dice Maiden alias for {expand(alias)!r}: choose that dialect or write it out",
                             code="notation.alias", params={"text": bare[:20], "reading": expand(alias)})
            text = expand(alias)
            break
    return Extras(text, [roll_label(one, "notation") for one in labels], difficulty)


def _fate_or_percent(text: str) -> bool:
    """``re.fullmatch(r"\\s*d\\s*[%fF]\\s*", text)``: ``(d%)``, ``(dF)`` are dice, not a label."""
    bare = strip(text)
    return len(bare) >= 2 and bare[0] == "d" and bare[-1] in "%fF" and all(is_space(c) for c in bare[1:-1])
