"""What every character sheet shares: name/text/number readers whose errors carry the field's path.

Used by :mod:`tirada.sheets.sifrp`, :mod:`tirada.sheets.l5r`, :mod:`tirada.sheets.brs` and the
:class:`tirada.sheets.Character` around them. Every error is an :class:`InvalidRequest` whose
``field`` is the path inside the character (``sheet.rings.fire``) or the page form's key.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest
from ..fields import echo, get_int, get_text
from ..names import check_name

__all__ = ["MAX_NAME", "MAX_NOTES", "at", "form_checked", "form_int", "int_at", "mapping", "read_name", "text"]

MAX_NAME, MAX_NOTES = 80, 4000


def mapping(value: Any, where: str) -> Mapping[str, Any]:
    """``value`` if it is a JSON object; else InvalidRequest at ``where``."""
    if not isinstance(value, Mapping):
        raise InvalidRequest("must be a JSON object", field=where, code="field.object")
    return value


def at(where: str, err: InvalidRequest) -> InvalidRequest:
    """``err`` with ``where.`` in front of its field (unless already there)."""
    if err.field and (err.field == where or err.field.startswith(where + ".") or err.field.startswith(where + "[")):
        return err
    return InvalidRequest(err.message, field=f"{where}.{err.field}" if err.field else where, rule=err.rule,
                          code=err.code, params=err.params)


def read_name(value: Any, where: str, max_len: int = MAX_NAME) -> str:
    """A stripped name of 1..``max_len`` characters with no invisible or control character (the one
    name validator, :func:`tirada.names.check_name`); else InvalidRequest at ``where``."""
    return check_name(value, where, max_len)


def int_at(req: Mapping[str, Any], key: str, where: str, default: Any, lo: int, hi: int, rule: Any) -> int:
    """``get_int`` with the field prefixed by ``where``; ``default`` None = required."""
    try:
        if default is None:
            return get_int(req, key, lo=lo, hi=hi, rule=rule)
        return get_int(req, key, default=default, lo=lo, hi=hi, rule=rule)
    except InvalidRequest as err:
        raise at(where, err) from None


def text(req: Mapping[str, Any], key: str, where: str) -> str:
    """Free text of at most :data:`MAX_NOTES` characters (``""`` when absent)."""
    try:
        return get_text(req, key, max_len=MAX_NOTES)
    except InvalidRequest as err:
        raise at(where, err) from None



def form_int(fields: Mapping[str, Any], key: str, default: int) -> Any:
    """A form text as an int (empty → ``default``); other text stays as it is for the sheet's
    checks to refuse with the field's name."""
    raw = str(fields.get(key, "") or "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise InvalidRequest(f"must be a whole number, got {echo(repr(raw), 40)}", field=key,
                             code="field.not_int", params={"got": echo(repr(raw), 40)}) from None


def form_checked(cls, raw: dict, prefixes: dict) -> dict:
    """``cls.from_dict(raw).to_dict()``, with the error's field turned into the form key."""
    try:
        return cls.from_dict(raw, "sheet").to_dict()
    except InvalidRequest as err:
        field = (err.field or "").removeprefix("sheet.")
        head, _, rest = field.partition(".")
        if head in prefixes:
            field = f"{prefixes[head]}.{rest.split('[')[0]}"
        raise InvalidRequest(err.message, field=field, rule=err.rule, code=err.code, params=err.params) from None
