"""The generic roll's :class:`forms.Form` (pure: no pyscript; docs/notation.md, sifrp.md §The generic
forum roll): its fieldset read and written, its result card (web/dice_result.py), its odds card."""

from __future__ import annotations

from typing import Any, Dict, Mapping

from dice_result import render_result, summary
from forms import checked, int_field
from odds_views import view_threshold as odds_view

__all__ = ["FIELDSET", "FLOW", "PLAYER_FIELDS", "REQUESTABLE", "SECTIONS", "SYSTEM", "field_values", "odds_view",
           "read_request", "render_result", "summary"]

SYSTEM = "generic"
FIELDSET = True
FLOW = None
REQUESTABLE = ("dice", "sides", "keep", "keep_lowest", "modifier", "difficulty")
PLAYER_FIELDS: tuple = ()
SECTIONS: Mapping[str, tuple] = {}

#: the fields the plain form holds; a request with any other goes back as notation
PLAIN_FIELDS = ("system", "seed", "label", "dice", "sides", "keep", "keep_lowest", "modifier", "difficulty")


def read_request(fieldset: Any, lang: str) -> Dict[str, Any]:
    """A typed notation wins over the fields (docs/notation.md; the engine refuses bad text), else
    dice, sides and the optional keep, modifier, difficulty (empty → the engine's default)."""
    notation = fieldset.querySelector('[name="notation"]')
    text = str(notation.value).strip() if notation is not None else ""
    if text:
        from tirada.systems.notation import parse

        req = parse(text)
        difficulty = None if "rolls" in req else int_field(fieldset, "difficulty", lang, optional=True)
        if difficulty is not None:   # a difficulty applies to one roll; several rolls hide the field
            req["difficulty"] = difficulty
        return req
    req = {"dice": int_field(fieldset, "dice", lang), "sides": int_field(fieldset, "sides", lang)}
    for name in ("keep", "modifier", "difficulty"):
        value = int_field(fieldset, name, lang, optional=True)
        if value is not None:
            req[name] = value
    if checked(fieldset, "keep_lowest"):
        req["keep_lowest"] = True
    return req


def field_values(request: Mapping[str, Any], whole: bool) -> Dict[str, Any]:
    """A request the plain fields cannot hold (several rolls, groups, arithmetic, any notation
    operator) goes back as notation; else dice, sides, keep, keep lowest and modifier."""
    if not whole:
        return {k: v for k, v in request.items() if k in REQUESTABLE}
    from tirada.systems.notation import format_post

    fancy = any(k not in PLAIN_FIELDS for k in request)
    values: Dict[str, Any] = {"notation": format_post(dict(request)) if fancy else ""}
    if not fancy:
        values.update({name: request.get(name, 0) for name in ("dice", "sides", "modifier")})
        values["keep"] = request.get("keep", request.get("dice"))
        values["keep_lowest"] = request.get("keep_lowest")
    values["difficulty"] = request.get("difficulty")
    return values
