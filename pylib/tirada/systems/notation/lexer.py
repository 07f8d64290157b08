"""Dice notation, step 1 of 5 (lexer → groups → expr → parser → render): the tokens of one roll, a cursor
over them, the text's bounds and the ``notation.*`` refusals every step raises (docs/notation.md)."""

from __future__ import annotations

from typing import Any

from ...errors import InvalidRequest
from ...portable import NeedsFullEngine, has_unicodedata, is_ascii, is_decimal, is_space

__all__ = ["COUNTS", "DEFAULT_DIALECT", "DEFAULT_ONE", "DIALECTS", "DIGIT_DICE", "MAX_DIGITS", "MAX_ROLLS", "MAX_TEXT", "OPTIONS", "RULE", "Reader", "bounded", "dialect_name", "refuse", "split_dialect",
           "space_refusal", "tokenize"]

RULE = "docs/notation.md §Grammar"
#: the tools whose notation a text may be read as (docs/notation.md §Dialects); the first is the default
DIALECTS = ("roll20", "foundry", "dicemaiden", "avrae")
DEFAULT_DIALECT = DIALECTS[0]
#: digit dice (``d66``: a tens d6 and a units d6, 11–66; ``d666``: hundreds, tens, units)
DIGIT_DICE = {"66": 2, "666": 3}
MAX_ROLLS = 10
MAX_DIGITS = 6         #: longest number read (a longer one is refused before it is converted)
MAX_TEXT = 400         #: longest notation text read
OPTIONS = ("k", "kh", "kl", "d", "dl", "dh")
DEFAULT_ONE = ("kh", "kl", "dl", "dh")
COUNTS = {">": "successes", "<": "successes", "=": "successes", "t": "successes", "f": "failures",
           "r": "reroll", "ro": "reroll"}


def refuse(message: str, code: str, params: dict | None = None) -> InvalidRequest:
    """A refusal on the ``notation`` field with its stable code (``notation.*``) and params."""
    return InvalidRequest(message, field="notation", rule=RULE, code=code, params=params)


def _token_end(text: str, i: int) -> int:
    """Where the token starting at ``text[i]`` (not a space) ends: the regular expression
    ``\\d+|df|[a-z]+|.`` written out (MicroPython's ``re`` has no ``finditer``): a run of decimal digits
    (Unicode's, as ``\\d``), ``df`` apart (``4dFk3`` = 4 dF k 3), a run of ASCII lower-case letters, else
    one character."""
    n = len(text)
    if is_decimal(text[i]):
        j = i + 1
        while j < n and is_decimal(text[j]):
            j += 1
        return j
    if text[i:i + 2] == "df":
        return i + 2
    j = i
    while j < n and "a" <= text[j] <= "z":
        j += 1
    return max(j, i + 1)


def tokenize(text: str) -> list:
    """``[(token, space_before)]`` of one part: numbers, letter runs (lower case), single signs; spaces
    (Unicode's too) only mark the token after them.

    Raises:
        InvalidRequest: ``notation.unreadable`` (digits of another script), ``notation.number_too_long``.
        NeedsFullEngine: on MicroPython, a character outside ASCII that is neither a space nor a decimal
            digit (its lower case and whether it is a digit need CPython's Unicode data).
    """
    out, space = [], False
    text = text.lower()
    i, n = 0, len(text)
    while i < n:
        if is_space(text[i]):
            space, i = True, i + 1
            continue
        j = _token_end(text, i)
        tok, i = text[i:j], j
        if tok.isdigit() or is_decimal(tok[0]):
            if not is_ascii(tok):
                raise refuse(f"cannot read {tok[:10]!r}", code="notation.unreadable", params={"text": tok[:10]})
            if len(tok) > MAX_DIGITS:
                raise refuse(f"numbers have at most {MAX_DIGITS} digits", code="notation.number_too_long",
                              params={"n": MAX_DIGITS})
        elif not has_unicodedata() and not is_ascii(tok):
            raise NeedsFullEngine("a letter or sign outside ASCII in a notation needs the full engine")
        out.append((tok, space))
        space = False
    return out


class Reader:
    """A cursor over the tokens of one roll."""

    def __init__(self, tokens: list, text: str) -> None:
        self.toks, self.i, self.text = tokens, 0, text

    def peek(self, ahead: int = 0):
        """The token ``ahead`` places on as ``(token, space_before)``; ``(None, False)`` past the end."""
        j = self.i + ahead
        return self.toks[j] if j < len(self.toks) else (None, False)

    def take(self):
        """The current token ``(token, space_before)``, moving past it."""
        tok = self.peek()
        self.i += 1
        return tok

    def number(self, after: str, need: bool) -> int | None:
        """The number right after ``after`` (no space between), or None when absent and not ``need``."""
        tok, space = self.peek()
        if tok is not None and tok.isdigit():
            if space:
                raise space_refusal(f"{after}{tok}", f"{after} {tok}")
            self.i += 1
            return int(tok)
        if need:
            raise refuse(f"{after!r} needs a number of dice, e.g. {after}1", code="notation.needs_number",
                          params={"text": after})
        return None


def space_refusal(reading: str, typed: str) -> InvalidRequest:
    """The refusal of a space that would change what was typed (``notation.space``), with the reading it
    would have taken (``4d 6`` → write ``4d6``)."""
    return refuse(f"{typed!r}: a space here is ambiguous; write {reading!r} if that is what you mean",
                   code="notation.space", params={"text": typed[:20], "reading": reading[:20]})


def dialect_name(dialect: Any, field: str = "dialect") -> str:
    """``dialect`` checked: one of :data:`DIALECTS` (``None`` is the default, Roll20).

    Raises:
        InvalidRequest: ``notation.dialect`` (another value), on ``field``.
    """
    if dialect is None:
        return DEFAULT_DIALECT
    if not isinstance(dialect, str) or dialect not in DIALECTS:
        raise InvalidRequest(f"dialect must be one of {', '.join(DIALECTS)}", field=field, rule="docs/notation.md §Dialects",
                             code="notation.dialect", params={"got": str(dialect)[:20], "known": ", ".join(DIALECTS)})
    return dialect


def split_dialect(req: Any) -> tuple:
    """``(dialect, the request without it)``: a generic roll and its odds read ``dialect`` this way (it
    names whose notation the roll was typed in, for showing it; the fields alone say what is rolled).

    Raises:
        InvalidRequest: ``notation.dialect`` (not one of :data:`DIALECTS`).
    """
    if "dialect" not in req:
        return DEFAULT_DIALECT, req
    return dialect_name(req["dialect"]), {k: v for k, v in req.items() if k != "dialect"}


def bounded(text: Any) -> str:
    """``text`` as a str, refused (``notation.too_long``) over :data:`MAX_TEXT` characters."""
    text = str(text)
    if len(text) > MAX_TEXT:
        raise refuse(f"at most {MAX_TEXT} characters", code="notation.too_long", params={"n": MAX_TEXT})
    return text
