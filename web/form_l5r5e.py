"""The L5R 5e check's :class:`forms.Form` (pure: no pyscript; l5r5e.md §The check): its fieldset read
and written, its finished check's card (web/ui_l5r_render.py), its odds card. The check itself is
played decision by decision by its flow, web/ui_l5r.py (``FLOW``)."""

from __future__ import annotations

from typing import Any, Dict, Mapping

from forms import int_field
from odds_views import view_l5r as odds_view
from ui_l5r_render import render_result, summary

__all__ = ["BOOL_FIELDS", "FIELDSET", "FLOW", "INT_FIELDS", "PLAYER_FIELDS", "REQUESTABLE", "SECTIONS", "SYSTEM",
           "field_values", "odds_view", "read_request", "render_result", "summary"]

SYSTEM = "l5r5e"
FIELDSET = True
FLOW = "ui_l5r"
REQUESTABLE = ("ring", "skill", "tn")
PLAYER_FIELDS = ("ring", "skill")       # the player's character's, unless the GM fixes them
SECTIONS: Mapping[str, tuple] = {}

INT_FIELDS = ("ring", "skill", "tn", "assist_skilled", "assist_unskilled")
BOOL_FIELDS = ("void", "compromised", "distinction", "adversity", "passion", "anxiety")


def read_request(fieldset: Any, lang: str) -> Dict[str, Any]:
    """The check's own fields as the engine expects them (ranges are checked by the engine); false
    booleans and "no stance" are left out to keep links short."""
    req = {name: int_field(fieldset, name, lang) for name in INT_FIELDS}
    for name in BOOL_FIELDS:
        if fieldset.querySelector(f'[name="{name}"]').checked:
            req[name] = True
    stance = str(fieldset.querySelector('[name="stance"]').value)
    if stance:
        req["stance"] = stance
    return req


def field_values(request: Mapping[str, Any], whole: bool) -> Dict[str, Any]:
    """Ring, skill, TN, helpers, the Void point, advantages and stance; ``whole``: those the request
    leaves out are reset (0, unticked, no stance)."""
    names = INT_FIELDS + BOOL_FIELDS + ("stance",)
    if not whole:
        return {k: v for k, v in request.items() if k in names}
    values: Dict[str, Any] = {name: request.get(name, 0) for name in INT_FIELDS}
    values.update({name: request.get(name) for name in BOOL_FIELDS})
    values["stance"] = request.get("stance") or ""
    return values
