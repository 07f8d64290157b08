"""Reading request fields with one clear message per mistake.

Requests arrive as JSON-like dicts from the CLI, the page and share links. These helpers check one
field each and raise :class:`~tirada.errors.InvalidRequest` naming the field, the range and the rule,
so every system validates the same way.
"""

from __future__ import annotations

from typing import Any, Mapping

from .errors import InvalidRequest
from .portable import is_ascii, is_whole

__all__ = ["echo", "get_bool", "get_choice", "get_int", "get_int_list", "get_text", "reject_unknown", "typed_int"]

_MISSING = object()
#: the longest digit string :func:`typed_int` converts (CPython refuses int() of over 4300 digits).
TYPED_DIGITS = 100
#: how many characters of a typed value an error message echoes before cutting it with "…".
ECHO_CHARS = 12


def echo(value: Any, most: int = ECHO_CHARS) -> str:
    """``value`` as a message shows it back to the person who typed it: a whole number as its plain
    digits (``1000000000000000000000``, never ``1.0e+21``), a huge float likewise, text as it is,
    anything else as its ``repr``; cut to its first ``most`` characters and "…" when longer
    (``"100000000000…"``). Never raises: a number with more digits than ``str()`` allows is shown by
    its leading digits."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        try:
            text = repr(value)
        except ValueError:           # a container holding an int too long for repr()
            text = type(value).__name__
    elif isinstance(value, int):
        text = _digits(value, most)
    elif isinstance(value, float):      # 1e+21 → its digits; inf and nan stay words
        text = f"{value:.0f}" if 1e16 <= abs(value) < float("inf") else repr(value)
    else:
        text = value
    return text if len(text) <= most else text[:most] + "…"


def _digits(value: int, most: int) -> str:
    """The decimal digits of ``value``, or (past the ``str()`` digit limit) a sign and at least
    ``most + 1`` leading digits: dropping trailing digits by floor division keeps the leading ones exact."""
    try:
        return str(value)
    except ValueError:
        drop = abs(value).bit_length() * 30102 // 100000 - most - 2     # < log10(2): the head keeps > most digits
        return ("-" if value < 0 else "") + _digits(abs(value) // 10 ** drop, most)


def typed_int(text: Any) -> Any:
    """What a person typed, as an ``int`` when it is an optional ``-`` and ASCII digits (at most
    :data:`TYPED_DIGITS` of them), else the text stripped, unchanged, for :func:`get_int` to refuse
    with its message. Never raises: ``"²"``, ``"--5"``, ``"٣"`` and a 5,000-digit string stay text."""
    s = str(text if text is not None else "").strip()
    digits = s[1:] if s.startswith("-") else s
    if is_ascii(digits) and digits.isdigit() and len(digits) <= TYPED_DIGITS:
        return int(s)
    return s


def get_int(req: Mapping[str, Any], name: str, default: Any = _MISSING, lo: int | None = None,
            hi: int | None = None, rule: str | None = None) -> int:
    """Return ``req[name]`` as an int in ``lo..hi`` (inclusive; ``None`` = unbounded).

    A missing field takes ``default``; with no default it is an error. Booleans, floats with a
    fraction and strings are refused (``3.0`` is accepted as 3).

    Raises:
        InvalidRequest: missing, not a whole number, or out of range; the message names the field,
        the range and ``rule``.
    """
    value = req.get(name, _MISSING)
    if value is _MISSING or value is None:
        if default is _MISSING:
            raise InvalidRequest("is required", field=name, rule=rule, code="field.required")
        return default
    if isinstance(value, float) and is_whole(value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        got = echo(repr(value) if isinstance(value, str) else value, 40)    # text quoted: 'x'
        raise InvalidRequest(f"must be a whole number, got {got}", field=name, rule=rule,
                             code="field.not_int", params={"got": got})
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if hi is None:
            span = f"at least {lo}"
        elif lo is None:
            span = f"at most {hi}"
        else:
            span = f"from {lo} to {hi}"
        shown = echo(value)     # the digits as typed, cut with "…" (never 1.0e+21, never thousands of digits)
        raise InvalidRequest(f"must be {span}, got {shown}", field=name, rule=rule,
                             code="field.at_least" if hi is None else "field.at_most" if lo is None else "field.range",
                             params={"lo": lo, "hi": hi, "got": shown})
    return value


def get_bool(req: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """Return ``req[name]`` as a bool (missing → ``default``).

    Raises:
        InvalidRequest: present but not ``true``/``false``.
    """
    value = req.get(name, None)
    if value is None:
        return default
    if not isinstance(value, bool):
        got = echo(repr(value) if isinstance(value, str) else value, 40)
        raise InvalidRequest(f"must be true or false, got {got}", field=name,
                             code="field.not_bool", params={"got": got})
    return value


def get_text(req: Mapping[str, Any], name: str, default: str = "", max_len: int = 200) -> str:
    """Return ``req[name]`` as a string of at most ``max_len`` characters (missing → ``default``).

    Raises:
        InvalidRequest: not a string, or too long.
    """
    value = req.get(name, None)
    if value is None:
        return default
    if not isinstance(value, str):
        raise InvalidRequest("must be text", field=name, code="field.not_text")
    if len(value) > max_len:
        raise InvalidRequest(f"must be at most {max_len} characters, got {len(value)}", field=name,
                             code="field.too_long", params={"n": max_len, "got": len(value)})
    return value


def get_choice(req: Mapping[str, Any], name: str, choices: tuple, default: Any = _MISSING) -> Any:
    """Return ``req[name]`` if it is one of ``choices`` (missing → ``default``).

    Raises:
        InvalidRequest: missing with no default, or not one of the choices (all are listed).
    """
    value = req.get(name, None)
    if value is None:
        if default is _MISSING:
            raise InvalidRequest("is required", field=name, code="field.required")
        return default
    if value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        got = echo(repr(value) if isinstance(value, str) else value, 40)
        raise InvalidRequest(f"must be one of {listed}, got {got}"[:200], field=name,
                             code="field.choice", params={"choices": listed[:160], "got": got})
    return value


def get_int_list(req: Mapping[str, Any], name: str, lo: int | None = None, hi: int | None = None,
                 max_len: int = 200) -> list:
    """Return ``req[name]`` as a list of ints in ``lo..hi`` (missing → ``[]``).

    Raises:
        InvalidRequest: not a list, too long, or an item that is not a whole number in range
        (field ``name[i]``).
    """
    value = req.get(name, None)
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidRequest("must be a list of whole numbers", field=name, code="field.int_list")
    if len(value) > max_len:
        raise InvalidRequest(f"may hold at most {max_len} items", field=name,
                             code="field.too_many_items", params={"n": max_len})
    return [_item(name, i, item, lo, hi)
            for i, item in enumerate(value)]


def _item(name: str, i: int, item: Any, lo: int | None, hi: int | None) -> int:
    try:
        return get_int({name: item}, name, lo=lo, hi=hi)
    except InvalidRequest as err:
        raise InvalidRequest(err.message, field=f"{name}[{i}]", rule=err.rule,
                             code=err.code, params=err.params) from None


def reject_unknown(req: Mapping[str, Any], allowed: set, where: str) -> None:
    """Refuse fields not in ``allowed`` (catches typos like ``bonus_die``).

    Raises:
        InvalidRequest: naming the first unknown field and the system ``where``.
    """
    for key in req:
        if key not in allowed:
            raise InvalidRequest(f"is not a field of a {where} request", field=str(key)[:40],
                                 code="field.unknown", params={"where": where})
