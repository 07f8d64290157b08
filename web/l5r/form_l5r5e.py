"""The L5R 5e check's :class:`forms.Form` (pure: no pyscript; l5r5e.md §The check): its fieldset read
and written, its finished check's card (web/l5r/ui_l5r_render.py), its odds card. The check itself is
played decision by decision by its flow, web/l5r/ui_l5r.py (``FLOW``)."""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Tuple

from roll.forms import read_fieldset, select_field
from shell.render import esc
from roll.sheet_inputs import number, text
from shell.strings import t
from tirada.sheets import L5R_RINGS, L5R_SKILLS, stored_sheet
from tirada.systems.form_read import L5R_BOOL_FIELDS, L5R_INT_FIELDS
from tirada.systems.form_requests import l5r_form_request
from roll.odds_views import view_l5r as odds_view
from l5r.ui_l5r_render import render_result, summary

__all__ = ["BOOL_FIELDS", "FIELDSET", "FLOW", "INT_FIELDS", "PLAYER_FIELDS", "REQUESTABLE", "SECTIONS", "SYSTEM",
           "field_values", "odds_view", "read_request", "render_result", "sheet_choice", "sheet_fields_html",
           "sheet_roll_html", "sheet_roll_update", "summary"]

SYSTEM = "l5r5e"
FIELDSET = True
FLOW = "l5r.ui_l5r"
REQUESTABLE = ("ring", "skill", "tn")
PLAYER_FIELDS = ("ring", "skill")       # the player's character's, unless the GM fixes them
SECTIONS: Mapping[str, tuple] = {}

INT_FIELDS = L5R_INT_FIELDS
BOOL_FIELDS = L5R_BOOL_FIELDS


def read_request(fieldset: Any, lang: str) -> Dict[str, Any]:
    """The check's own fields as the engine expects them, read by the engine's one form reader
    (:func:`tirada.systems.form_read.read_form`, which the reading core uses too: ranges are checked by the
    engine); false booleans and "no stance" are left out to keep links short.

    Raises:
        FormError: a value that is not a whole number (its label, in ``lang``)."""
    return read_fieldset(SYSTEM, fieldset, lang)


def field_values(request: Mapping[str, Any], whole: bool) -> Dict[str, Any]:
    """Ring, skill, TN, helpers, the Void point, advantages and stance; ``whole``: those the request
    leaves out are reset (0, unticked, no stance)."""
    names = INT_FIELDS + BOOL_FIELDS + ("stance",)
    if not whole:
        return {k: v for k, v in request.items() if k in names}
    values: Dict[str, Any] = {name: request.get(name, 0) for name in INT_FIELDS}
    values.update({name: request.get(name) for name in BOOL_FIELDS})
    values["stance"] = l5r_form_request(request).stance
    return values


# ------------------------------------------------------------------ rolling with a character sheet
def sheet_roll_html(character: Mapping[str, Any], lang: str) -> str:
    """The "roll with this sheet" choice (web/data/ui_sheets.py): ring and skill, each with its value."""
    sheet = stored_sheet(SYSTEM, character)
    ring_of = dict(sheet.rings)
    rings = "".join(f'<option value="{r}">{esc(t(f"data.ring.{r}", lang))} ({ring_of.get(r, 1)})</option>'
                    for r in L5R_RINGS)
    skills = "".join(f'<option value="{s}">{esc(t(f"data.sk.{s}", lang))} ({sheet.skill(s)})</option>'
                     for s in L5R_SKILLS)
    return select_field("roll-ring", t("data.ring", lang), rings) + select_field("roll-skill", t("data.skill", lang), skills)


def sheet_roll_update(character: Mapping[str, Any], changed: str, value: str, lang: str) -> Dict[str, str]:
    """Nothing in the L5R chooser depends on another select."""
    return {}


def sheet_choice(value: Callable[[str], str], lang: str) -> Tuple[dict, str]:
    """``(choice for tirada.roll_request, words for the label)`` from the chooser (``value(id)``)."""
    ring, skill = value("roll-ring"), value("roll-skill")
    return {"ring": ring, "skill": skill}, f'{t("data.sk." + skill, lang)} + {t("data.ring." + ring, lang)}'


def sheet_fields_html(form: Mapping[str, Any], lang: str) -> str:
    """The L5R sheet editor's inputs ("Mis datos"): rings, strife/fatigue/Void points, skills, notes;
    ``form``: the engine's form texts (``tirada.sheets.sheet_to_form``)."""
    rings = "".join(number(f"ring.{r}", t(f"data.ring.{r}", lang), form.get(f"ring.{r}", "1"), 1, 10)
                    for r in L5R_RINGS)
    state = "".join(number(k, t(f"data.{k}", lang), form.get(k, "0"), 0, 99)
                    for k in ("strife", "fatigue", "void_points"))
    skills = "".join(number(f"skill.{s}", t(f"data.sk.{s}", lang), form.get(f"skill.{s}", "0"), 0, 10)
                     for s in L5R_SKILLS)
    return (f'<fieldset class="cs-block"><legend>{esc(t("data.rings", lang))}</legend><div class="grid">{rings}</div>'
            f'</fieldset><fieldset class="cs-block"><legend>{esc(t("data.state", lang))}</legend>'
            f'<div class="grid">{state}</div><p id="cs-derived" class="meta"></p></fieldset>'
            f'<fieldset class="cs-block"><legend>{esc(t("data.skills", lang))}</legend>'
            f'<div class="grid">{skills}</div></fieldset>'
            f'{text("notes", t("data.notes", lang), form.get("notes", ""), long=True)}')
