"""An engine refusal in the page's language, by its stable code (glue: no pyscript, runs on CPython).

The engine raises :class:`tirada.errors.TiradaError` with a dotted ``code`` and JSON-ready ``params``;
the page shows ``strings["err." + code]`` in its language, formatted with the params (plural forms
through :mod:`i18n`), after the field's label in that language. The English ``message`` and the
rule-file reference (``rule``) are for the command line and are never shown here. An unknown code
gets a generic message of the error's kind, never the English text.
"""

from __future__ import annotations

from typing import Any

from shell import i18n
from shell.strings import DEFAULT_LANG, STRINGS, t
from tirada.refusals import refusal_of

#: Engine field names (the last part of ``err.field``, without ``[i]``) → catalog key of their label,
#: for refusals whose field has no input on screen (a link, a stored item, another view).
FIELD_LABELS = {
    "dice": "generic.dice", "sides": "generic.sides", "keep": "generic.keep", "modifier": "field.modifier",
    "difficulty": "field.difficulty", "test_dice": "sifrp.test_dice", "bonus_dice": "sifrp.bonus_dice",
    "penalty_dice": "sifrp.penalty_dice", "faces": "field.faces", "label": "field.label",
    "roller": "who.roller", "campaign": "who.campaign", "ring": "l5r.ring", "skill": "l5r.skill",
    "tn": "l5r.tn",
}

#: The generic message of each error class (a code without a catalog entry).
GENERIC = {"InvalidRequest": "err.request.invalid", "IllegalMove": "err.move.illegal",
           "LinkError": "err.link.invalid"}


def as_dict(err: Any) -> dict:
    """``{"code", "params", "field", "kind"}`` of a TiradaError (or of such a dict): its
    :class:`tirada.refusals.Refusal` as a dict."""
    return refusal_of(err).to_dict()


def field_name(field: str | None) -> str | None:
    """The plain field name of an engine field path: ``"actions[2].faces[3]"`` → ``"faces"``."""
    if not field:
        return None
    return str(field).split(".")[-1].split("[")[0] or None


def field_label(field: str | None, lang: str) -> str | None:
    """The label of an engine field in ``lang`` (from :data:`FIELD_LABELS`), or None."""
    key = FIELD_LABELS.get(field_name(field) or "")
    return t(key, lang).rstrip(":") if key else None


def _value(value: Any, lang: str) -> str:
    if isinstance(value, dict) and "code" in value:        # a nested refusal (e.g. a link's roll)
        return text(value, lang)
    if isinstance(value, bool):
        return t("common.yes" if value else "common.no", lang) if "common.yes" in STRINGS else str(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v, lang) for v in value)
    return "" if value is None else str(value)


def fill(template: str, params: dict, lang: str, strict: bool = False) -> str:
    """``template`` with its ``{name}`` placeholders filled from ``params``; a missing one is left
    empty (``strict`` → KeyError, for the tests)."""
    out = []
    for literal, name, spec, _ in i18n.fields(template):
        out.append(literal)
        if name is None:
            continue
        if name not in params:
            if strict:
                raise KeyError(name)
            continue
        shown = _value(params[name], lang)
        out.append(("{:" + spec + "}").format(shown) if spec else shown)   # MicroPython has no format()
    return "".join(out)


def message(err: Any, lang: str, strict: bool = False) -> str:
    """The refusal's own text in ``lang`` (no field label): the catalog entry of its code, or the
    generic text of its kind when the code is unknown."""
    info = refusal_of(err)
    key = "err." + str(info.code)
    if key not in STRINGS:
        if strict:
            raise KeyError(key)
        key = GENERIC.get(info.kind or "", "err.unknown")
    return fill(i18n.template(key, lang, info.count), info.params, lang, strict)


def text(err: Any, lang: str, label: str | None = None, strict: bool = False) -> str:
    """One line for the page: "Label: message" with the field's label in ``lang`` (``label`` as the
    form shows it, else :func:`field_label`), or the message alone, capitalised."""
    info = refusal_of(err)
    body = message(info, lang, strict)
    nested = any(isinstance(v, dict) and "code" in v for v in info.params.values())
    name = None if nested else label or field_label(info.field, lang)   # the cause names its field
    if name:
        return f"{name}: {body}"
    return body[:1].upper() + body[1:]


__all__ = ["FIELD_LABELS", "as_dict", "field_label", "fill", "message", "text", "DEFAULT_LANG"]
