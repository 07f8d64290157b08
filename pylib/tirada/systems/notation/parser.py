"""Dice notation, step 4 of 5: roll sets and a post's ``;``-parts (each roll read by :mod:`.expr`) → the generic
request parameters (docs/notation.md §Grammar: ``post``, ``part``, ``roll``)."""

from __future__ import annotations

from ...portable import nfc, strip
from ..generic_dice import roll_label
from .expr import read_roll
from .extras import read_extras
from .lexer import DEFAULT_DIALECT, MAX_ROLLS, bounded, dialect_name, refuse, tokenize

__all__ = ["parse", "parse_roll"]


def _part(text: str, dialect: str = DEFAULT_DIALECT) -> list:
    """One ``;``-part → its rolls (several for a roll set ``N roll``); ``label: roll`` gives each of
    them ``"label"`` (docs/notation.md §Labels)."""
    label = None
    if ":" in text:      # "ataque: 1d20+5": the text before the first ":" names the roll
        label, text = text.split(":", 1)
        label = roll_label(nfc(strip(label)), "notation")
    extras = read_extras(text, dialect, roll_label)   # "! texto", "[fuego]", "(ataque)", "vs 15", aliases
    text = extras.text
    if extras.labels:
        label = roll_label(strip(" · ".join(([label] if label else []) + extras.labels)[:40]), "notation")
    tokens = tokenize(text)
    sets = 1
    if len(tokens) >= 2 and tokens[0][0].isdigit() and tokens[1][1] and (tokens[1][0] in ("d", "df", "(") or tokens[1][0].isdigit()):
        sets = int(tokens[0][0])
        if not 1 <= sets <= MAX_ROLLS:
            raise refuse(f"a roll set is 1 to {MAX_ROLLS} rolls; {sets} would be {sets} rolls of "
                          f"{strip(strip(text)[len(tokens[0][0]):])[:30]!r}",
                          code="notation.set_count", params={"n": MAX_ROLLS, "got": sets})
        if tokens[1][0] in ("d", "df"):      # "4 d6": 4d6 with a stray space, or four rolls of 1d6? ask
            rest = strip(strip(text)[len(tokens[0][0]):])
            raise refuse(f"{strip(text)[:30]!r}: write {tokens[0][0]}{rest[:20]!r} for {tokens[0][0]} dice in one roll, "
                         f"or {tokens[0][0]} 1{rest[:20]!r} for {sets} rolls", code="notation.set_or_dice",
                         params={"text": strip(text)[:30], "reading": f"{tokens[0][0]}{rest}"[:30],
                                 "other": f"{tokens[0][0]} 1{rest}"[:30]})
        tokens = tokens[1:]
        tokens[0] = (tokens[0][0], False)
    one = read_roll(tokens, text, dialect)
    if extras.difficulty is not None:
        one["difficulty"] = extras.difficulty
    if label is not None:
        one["label"] = label
    return [dict(one) for _ in range(sets)]


def parse_roll(text: str, dialect: str = DEFAULT_DIALECT) -> dict:
    """One roll of notation → generic parameters.

    Returns:
        ``{"dice", "sides", "keep"?, "keep_lowest"?, "explode"?, "modifier"?}`` (defaults left out),
        or ``{"groups": [group fields + "subtract"?], "modifier"?}`` for several groups.
    Raises:
        InvalidRequest: text that is not notation (the offending part is quoted), ``dl``/``dh``
        combined with ``!``, an option given twice, dropping or keeping more dice than rolled, a
        number longer than :data:`MAX_DIGITS`, an ambiguous space, a roll set (use :func:`parse`).
    """
    text = bounded(text)
    rolls = _part(text, dialect_name(dialect))
    if len(rolls) != 1:
        raise refuse("a roll set is several rolls", code="notation.set_count", params={"n": 1, "got": len(rolls)})
    return rolls[0]


def parse(text: str, dialect: str = DEFAULT_DIALECT) -> dict:
    """A post's notation → the generic request parameters: one roll's fields, or
    ``{"rolls": [fields, …]}`` for 2..:data:`MAX_ROLLS` rolls separated by ``;`` or made by roll
    sets (``6 4d6k3`` = six rolls of 4d6k3). A roll typed ``label: roll`` carries ``"label"`` (for a
    single roll that is the request's own label). ``dialect`` (``"roll20"`` default, ``"foundry"``,
    ``"dicemaiden"``, ``"avrae"``) says whose notation the text is (docs/notation.md §Dialects).

    Raises:
        InvalidRequest: empty text, text over :data:`MAX_TEXT` characters, too many rolls, or a
        roll :func:`parse_roll` refuses.
        NeedsFullEngine: on MicroPython only, a text it cannot read as CPython does
            (:func:`.extras.read_extras`; docs/architecture.md §The reading core).
    """
    text, dialect = bounded(text), dialect_name(dialect)
    parts = [p for p in text.split(";") if strip(p)]
    if not parts:
        raise refuse("write a roll such as 5d10k3+2", code="notation.empty")
    if len(parts) > MAX_ROLLS:
        raise refuse(f"at most {MAX_ROLLS} rolls in one post, got {len(parts)}", code="notation.too_many_rolls",
                      params={"n": MAX_ROLLS})
    rolls = [one for p in parts for one in _part(p, dialect)]
    if len(rolls) > MAX_ROLLS:
        raise refuse(f"at most {MAX_ROLLS} rolls in one post, got {len(rolls)}", code="notation.too_many_rolls",
                      params={"n": MAX_ROLLS})
    return rolls[0] if len(rolls) == 1 else {"rolls": rolls}


