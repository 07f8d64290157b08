"""JSON from outside (an imported backup, a value read back from browser storage), parsed only
after its size and nesting are known to be safe (issue #18).

A deeply nested file makes a recursive parser overflow the stack — in Pyodide that kills the
whole Python runtime ("Pyodide fatal error") instead of raising. So :func:`loads` measures the
text first, in linear time and without recursion (strings are skipped by one regular expression,
then the brackets are counted), and refuses NaN and Infinity, which JSON does not have.

Public API: :data:`MAX_CHARS`, :data:`MAX_DEPTH`, :func:`loads`.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import InvalidRequest

__all__ = ["MAX_CHARS", "MAX_DEPTH", "loads"]

MAX_CHARS = 5_000_000   #: longest JSON text accepted (characters; browser storage holds about 5 MB)
MAX_DEPTH = 64          #: deepest nesting of arrays/objects accepted (Tirada's own data uses < 12)
#: one JSON string, quotes included; the loop is unrolled (a run of plain characters, then an escape and
#: its run), which the regex engine matches ~8× faster than one alternation per character: the depth of
#: a thread link's 0.8 MB of JSON is ~7 ms of CPython, not ~55 ms (issue #39: no task over 200 ms)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def depth(text: str) -> int:
    """The deepest nesting of arrays/objects in the JSON ``text`` (0 for a scalar), counted
    without parsing: brackets inside strings are skipped. Linear time, no recursion."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(_STEP[ch] for ch in brackets), default=0)


def loads(text: Any, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH, field: str = "file") -> Any:
    """``json.loads(text)`` once ``text`` is known to be at most ``max_chars`` characters and
    ``max_depth`` levels deep.

    Raises:
        InvalidRequest (a ValueError): not text, too long, too deep, NaN/Infinity, or not JSON; the
        message says which (field ``field``).
    """
    if not isinstance(text, str):
        raise InvalidRequest("must be JSON text", field=field, code="json.not_text")
    if len(text) > max_chars:
        raise InvalidRequest(f"is too large ({len(text)} characters; at most {max_chars})", field=field,
                             code="json.too_large", params={"got": len(text), "n": max_chars})
    if depth(text) > max_depth:
        raise InvalidRequest(f"is nested too deeply (more than {max_depth} levels)", field=field,
                             code="json.too_deep", params={"n": max_depth})
    try:
        return json.loads(text, parse_constant=_constant)
    except (ValueError, RecursionError) as err:
        raise InvalidRequest(f"is not valid JSON: {str(err)[:120]}", field=field, code="json.invalid") from None
