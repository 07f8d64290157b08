"""Dice notation for the generic roll, as Roll20 and Dice Maiden users type it.

A package read in order: :mod:`.lexer` (tokens, refusals) → :mod:`.groups` (one dice group's options)
→ :mod:`.expr` (a roll's terms, ``*`` ``/`` and parentheses; :mod:`.tree`) → :mod:`.parser` (sets, posts
→ the generic request) → :mod:`.render` (the request written back); :mod:`.request` (``notation`` in a
request, ``explain``).

``5d10k3+2`` · ``4d6dl1`` · ``4d6d1`` · ``3d6kl`` · ``2d20kh1`` · ``d6!`` · ``5 + 2d20dl1`` ·
``1d8+1d6+3`` · ``2d20kh1-1d4`` (dice groups added or subtracted) · ``1d20+5; 2d6+3`` (several rolls in one post) · ``6 4d6k3`` (Dice Maiden's roll set: six rolls of
4d6k3); at most :data:`MAX_ROLLS` rolls in a post. :func:`parse` (:mod:`.parser`) turns the text into the request
parameters of :mod:`tirada.systems.generic` (the same fields the form writes, so a link made from
notation is a normal generic link, verified by the same rules); :func:`format_roll` (:mod:`.render`) writes
parameters back as notation. The text itself is never stored in a link: only the parameters, so a
later change to this parser cannot change what an old link means.

Grammar (letters in either case; docs/notation.md §Grammar)::

    post     = part *( ";" part )
    part     = [sets SPACE] roll          sets: 1..MAX_ROLLS rolls of the same roll (Dice Maiden)
    roll     = [sign] term *( sign term ) at least one term is a dice group (at most MAX_ROLLS)
    term     = group | n                  n: a constant, added (or subtracted) to the total
    group    = [count] "d" (sides | "%" | "F") *option   dF: Fate dice, faces −1, 0, +1 (no "!")
    option   = "!" ["!" | "p"] [cmp n]    exploding: a die showing its highest face (or cmp n) adds one more
                                          die; !! compounds it into the same die, !p counts it one less
             | "k" n | "kh" [n]           keep the n highest (kh alone: 1)
             | "kl" [n]                   keep the n lowest (alone: 1)
             | ("dl" | "d") n | "dl"      drop the n lowest (dl alone: 1; a bare d needs its n)
             | "dh" [n]                   drop the n highest (alone: 1)
             | (">" | "<" | "=" | "t") n  count successes: n or more, n or less, exactly n
             | "f" (cmp n | "1")          count failures (subtracted); cmp = ">" | "<" | "="
             | ("r" | "ro") (cmp n | "1") reroll while (r) or once (ro) the die shows such a face
    count 1..100 · sides 2..1000 · numbers at most MAX_DIGITS digits

Space and case policy (a space never changes what was typed): letters are read in either case
(``4D6KH3`` = ``4d6kh3``); spaces may stand around signs and before an option, never inside ``NdS``
nor between an option and its number; a number then a space then a roll is a roll set (``6 4d6``),
anywhere else two numbers or a number and a roll side by side are refused with the reading they
would have taken (``notation.space``), never glued together.

Why not the ``d20`` library (PyPI): it draws from Python's global ``random`` (no dice stream can be
passed, so links could not be verified), it needs ``lark-parser`` 0.9 (published only as a source
archive, which Pyodide's micropip cannot install, plus ``cachetools``), and its syntax differs from
what forum players type (``e6`` instead of ``!``, ``p`` instead of ``dl``). See docs/notation.md.

Errors: :class:`~tirada.errors.InvalidRequest` with ``field="notation"``, a stable ``notation.*``
code and the part of the text it could not read. Work is bounded by the text's length
(:data:`MAX_TEXT` characters at most).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...portable import lazy_attribute, merged

if TYPE_CHECKING:   # what the lazy names are, for type checkers and editors
    from .lexer import DEFAULT_DIALECT, DIALECTS, MAX_DIGITS, MAX_ROLLS, MAX_TEXT, dialect_name, split_dialect
    from .parser import parse, parse_roll
    from .render import compare_text, format_post, format_roll
    from .request import expand, explain

#: public name → the module that defines it. Loaded on first use (PEP 562), so reading a link's words
#: (:mod:`.render`, :mod:`.tree`) does not load the parser; every module of the package is in the reading
#: core (docs/architecture.md §The reading core).
_HOME = merged(
    dict.fromkeys(("DEFAULT_DIALECT", "DIALECTS", "MAX_DIGITS", "MAX_ROLLS", "MAX_TEXT", "dialect_name",
                   "split_dialect"), ".lexer"),
    dict.fromkeys(("parse", "parse_roll"), ".parser"),
    dict.fromkeys(("compare_text", "format_post", "format_roll"), ".render"),
    dict.fromkeys(("expand", "explain"), ".request"),
)

__all__ = ["DEFAULT_DIALECT", "DIALECTS", "MAX_DIGITS", "MAX_ROLLS", "MAX_TEXT", "compare_text", "expand", "explain", "format_post", "format_roll", "parse",
           "parse_roll", "dialect_name", "split_dialect"]


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562); unknown names raise AttributeError."""
    return lazy_attribute(__name__, _HOME, globals(), name)
