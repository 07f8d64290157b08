"""JSON from outside (an imported backup, a value read back from browser storage), parsed only
after its size and nesting are known to be safe (issue #18).

A deeply nested file makes a recursive parser overflow the stack — in Pyodide that kills the
whole Python runtime ("Pyodide fatal error") instead of raising. So :func:`loads` measures the
text first, in linear time and without recursion (strings are skipped by one regular expression,
then the brackets are counted), and refuses NaN and Infinity, which JSON does not have.

On MicroPython (the reading core reads a thread link with it, issue #41) the parser does not recurse
(a text a million levels deep parses in milliseconds) and its ``re`` cannot scan a long string, so
there the value is parsed first and its depth measured after, without recursion (:func:`value_depth`):
the same refusals, ``json.too_deep`` for a value deeper than ``max_depth``. MicroPython's parser never
reads NaN or Infinity (``json.invalid``, as here), but accepts two malformations CPython's refuses (a
comma before ``]`` or ``}``, a number with leading zeros): no encoder writes them, and a text crafted
with them is read by the full engine that takes over with ``json.invalid``.

Plain Python of the reading core (runs unchanged on CPython, Pyodide and MicroPython;
docs/architecture.md §The reading core).

Public API: :data:`MAX_CHARS`, :data:`MAX_DEPTH`, :func:`loads`, :func:`depth`, :func:`value_depth`.
"""

from __future__ import annotations

import json
import re
import sys
from itertools import accumulate
from typing import Any

from .errors import InvalidRequest

__all__ = ["MAX_CHARS", "MAX_DEPTH", "depth", "loads", "value_depth"]

MAX_CHARS = 5_000_000   #: longest JSON text accepted (characters; browser storage holds about 5 MB)
MAX_DEPTH = 64          #: deepest nesting of arrays/objects accepted (Tirada's own data uses < 12)
#: one JSON string, quotes included; the loop is unrolled (a run of plain characters, then an escape and
#: its run), which the regex engine matches ~8× faster than one alternation per character: the depth of
#: a thread link's 0.8 MB of JSON is ~7 ms of CPython, not ~55 ms (issue #39: no task over 200 ms)
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"')
#: the interpreter's json parser recurses (CPython, Pyodide): measure the text before parsing it
_RECURSIVE_PARSER = sys.implementation.name != "micropython"
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
    if _RECURSIVE_PARSER and depth(text) > max_depth:
        raise _too_deep(max_depth, field)
    try:
        value = json.loads(text, parse_constant=_constant) if _RECURSIVE_PARSER else json.loads(text)
    except (ValueError, RuntimeError) as err:   # RecursionError is a RuntimeError (MicroPython has no name for it)
        raise InvalidRequest("is not valid JSON: " + str(err)[:120], field=field, code="json.invalid") from None
    if not _RECURSIVE_PARSER and value_depth(value) > max_depth:
        raise _too_deep(max_depth, field)
    return value


def _too_deep(max_depth: int, field: str) -> InvalidRequest:
    return InvalidRequest("is nested too deeply (more than " + str(max_depth) + " levels)", field=field,
                          code="json.too_deep", params={"n": max_depth})


def value_depth(value: Any) -> int:
    """The nesting of lists and objects in a parsed JSON ``value`` (0 for a scalar), without recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            todo.extend((inner, level + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest
