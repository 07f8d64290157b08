"""Dice notation, the words around a roll (issue 43; docs/notation.md §Dialects): what players type beside
the dice, read before the roll's tokens — a comment or label (Dice Maiden's ``4d6 ! texto``, Roll20's /
Foundry's / Avrae's ``[fuego]``, a trailing ``(ataque)``), a target (``1d20+5 vs 15``, ``dc 15``: the
roll's difficulty) and Dice Maiden's aliases (``4cod``, ``sr6``, ``3wh4+``, ``dd34``…), each expanded to
the notation it stands for. Aliases are read in the ``dicemaiden`` dialect; typed in another dialect
they are refused naming what they stand for (``notation.alias``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from .lexer import refuse

__all__ = ["ALIASES", "Extras", "read_extras"]

#: Dice Maiden's aliases (its README, "Alias Rolls"): pattern (whole part, case-insensitive) → expansion
ALIASES: list = [
    (re.compile(r"(\d+)cod([89])?"), lambda m: f"{m[1]}d10 t8 ie{m[2] or 10}"),          # Chronicles of Darkness
    (re.compile(r"(\d+)wod(\d+)"), lambda m: f"{m[1]}d10 f1 ie10 t{m[2]}"),               # World of Darkness 4e
    (re.compile(r"(\d+)wh(\d+)\+"), lambda m: f"{m[1]}d6 t{m[2]}"),                        # Warhammer
    (re.compile(r"dd(\d)(\d)"), lambda m: f"(1d{m[1]}*10)+1d{m[2]}"),                      # double-digit dice
    (re.compile(r"sr(\d+)"), lambda m: f"{m[1]}d6 t5"),                                     # Shadowrun
    (re.compile(r"sp(\d+)"), lambda m: f"{m[1]}d10 t8 ie10"),                              # Storypath
    (re.compile(r"(\d+)yz"), lambda m: f"{m[1]}d6 t6"),                                     # Year Zero
    (re.compile(r"snm(\d+)"), lambda m: f"{m[1]}d6 ie6 t4"),                               # Sunsails
    (re.compile(r"d6s(\d+)((?:\s*[+-]\s*\d+)?)"), lambda m: f"{m[1]}d6 + 1d6 ie{m[2]}"),  # the D6 System
    (re.compile(r"age"), lambda m: "2d6 + 1d6"),                                            # AGE system
    (re.compile(r"dndstats"), lambda m: "6 4d6 k3"),                                        # D&D stats
]
_TARGET = re.compile(r"^(.*?\S)\s+(?:vs\.?|dc|contra|cd)\s*(-?\d{1,6})\s*$", re.I | re.S)
_BRACKETS = re.compile(r"\[([^\[\]]*)\]")
_TRAILING = re.compile(r"^(.*\S)\s*\(([^()\d]*)\)\s*$", re.S)   # "1d20+5 (ataque)": no digit inside
_COMMENT = re.compile(r"^(.*?\S)\s+!\s+(.*\S)\s*$", re.S)          # Dice Maiden: "4d6 ! texto"


class Extras:
    """What :func:`read_extras` found: ``text`` (the roll alone, aliases expanded), ``labels`` (texts to
    name the roll with, in the order typed), ``difficulty`` (int or ``None``)."""

    def __init__(self, text: str, labels: list, difficulty: int | None) -> None:
        self.text, self.labels, self.difficulty = text, labels, difficulty


def _label(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split()))


def read_extras(text: str, dialect: str, roll_label: Callable[[str, str], str]) -> Extras:
    """The roll part of ``text`` with its comment, labels, target and alias read (module docstring).

    Raises:
        InvalidRequest: ``notation.alias`` (a Dice Maiden alias outside its dialect), ``notation.comment``
        (``! texto`` outside Dice Maiden: write the label first, ``texto: 1d20``), ``generic.roll_label``
        (a label that is not 1–40 visible characters without ``;`` or ``:``).
    """
    labels: list = []
    comment = _COMMENT.match(text)
    if comment and re.search(r"[^\W\d_]{2}", comment[2]):      # words after " ! ", not "4d6 !k3"
        if dialect != "dicemaiden":
            shown = _label(comment[2])[:20]
            raise refuse(f"' ! {shown}' is Dice Maiden's comment: write '{shown}: {comment[1].strip()[:20]}'",
                         code="notation.comment", params={"text": f"! {shown}", "reading": f"{shown}: {comment[1].strip()[:20]}"})
        text, labels = comment[1], [_label(comment[2])]
    found = [_label(m) for m in _BRACKETS.findall(text)]
    if found:
        text = _BRACKETS.sub(" ", text)
        labels = [one for one in found if one] + labels
    trailing = _TRAILING.match(text)
    if trailing and re.search(r"[^\W\d_]{2}", trailing[2]) and not re.fullmatch(r"\s*d\s*[%fF]\s*", trailing[2]):
        text, labels = trailing[1], [_label(trailing[2])] + labels
    difficulty = None
    target = _TARGET.match(text)
    if target:
        text, difficulty = target[1], int(target[2])
    bare = text.strip().lower()
    for pattern, expand in ALIASES:
        alias = pattern.fullmatch(bare)
        if alias:
            if dialect != "dicemaiden":
                raise refuse(f"{bare!r} is a Dice Maiden alias for {expand(alias)!r}: choose that dialect or write it out",
                             code="notation.alias", params={"text": bare[:20], "reading": expand(alias)})
            text = expand(alias)
            break
    return Extras(text, [roll_label(one, "notation") for one in labels], difficulty)
