"""The SIFRP test's :class:`forms.Form` (pure: no pyscript; sifrp.md): its fieldset read and written
(teamwork, extra time, conflict, competition and extended tests included), its result card
(web/dice/dice_result.py), its odds card."""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Tuple

from dice.dice_result import render_result, summary
from roll.forms import read_fieldset, select_field
from roll.odds_views import view_threshold as odds_view
from shell.render import esc
from shell.strings import SIFRP_DIFFICULTIES, t
from roll.sheet_inputs import input_id, number, text
from tirada.systems import form_read
from tirada.systems.form_requests import sifrp_form_request
from tirada.sheets import SIFRP_ABILITIES, stored_sheet

__all__ = ["FIELDSET", "FLOW", "PLAYER_FIELDS", "REQUESTABLE", "RIVAL_ROWS", "SECTIONS", "SYSTEM", "field_values",
           "odds_view", "read_request", "render_result", "sheet_choice", "sheet_fields_html", "sheet_roll_html",
           "sheet_roll_update", "specialty_options", "summary"]

SYSTEM = "sifrp"
FIELDSET = True
FLOW = None
REQUESTABLE = ("test_dice", "bonus_dice", "penalty_dice", "modifier", "difficulty")
PLAYER_FIELDS: tuple = ()
SECTIONS = {"sifrp-helpers": ("helpers", "extra_time"), "sifrp-conflict": ("passive_rank", "weapon_damage"),
            "sifrp-competition": ("rivals",), "sifrp-extended": ("extended_goal",)}

#: rival rows of the SIFRP competition form (web/panels/roll.html), as the reader reads them
RIVAL_ROWS = form_read.RIVAL_ROWS
_RIVAL_KEYS = form_read.RIVAL_KEYS


def read_request(fieldset: Any, lang: str) -> Dict[str, Any]:
    """The test as the engine expects it, read by :func:`tirada.systems.form_read.read_form` from the
    fieldset's values (web/roll/forms.py :func:`~roll.forms.read_fieldset`; values unchecked beyond
    being whole numbers: the engine validates ranges and rules; empty optional fields left out).

    Raises:
        FormError: a value that is not a whole number (its label, in ``lang``)."""
    return read_fieldset(SYSTEM, fieldset, lang)


def _difficulty(value: Any) -> Dict[str, Any]:
    """The difficulty select (a named step, else "other") and its number field."""
    return {"difficulty_step": str(value) if value in SIFRP_DIFFICULTIES else "custom", "difficulty": value}


def field_values(request: Mapping[str, Any], whole: bool) -> Dict[str, Any]:
    """The test's fields; ``whole``: also teamwork, conflict, competition and extended test (empty
    when the request has none). ``request`` is read once into its
    :class:`tirada.systems.form_requests.SifrpFormRequest`."""
    one = sifrp_form_request(request)
    if not whole:
        values = {k: v for k, v in request.items() if k != "difficulty" and k != "system"}
        return {**values, **(_difficulty(one.difficulty) if "difficulty" in one.names else {})}
    values = {"test_dice": one.test_dice, "bonus_dice": one.bonus_dice, "penalty_dice": one.penalty_dice,
              "modifier": one.modifier}
    values.update(_difficulty(one.difficulty))
    values["destiny_bonus"] = one.destiny_bonus
    values["helpers"] = ", ".join(str(h) for h in one.helpers) if one.helpers is not None else ""
    values["allow_more_helpers"] = one.allow_more_helpers
    values.update({"extra_time": one.extra_time, "passive_rank": one.passive_rank, "weapon_damage": one.weapon_damage,
                   "name": one.name, "extended_goal": one.extended_goal, "extended_span": one.extended_span})
    values["extended_count"] = one.extended_count or "degrees"
    values["extended_max"] = one.extended_max
    for i in range(RIVAL_ROWS):
        row = one.rivals[i] if i < len(one.rivals) else {}
        values.update({f"rivals[{i}].{key}": row.get(key) for key in _RIVAL_KEYS})
    return values


# ------------------------------------------------------------------ rolling with a character sheet
def specialty_options(character: Mapping[str, Any], ability: str, lang: str) -> str:
    """``<option>``s of the SIFRP specialties of ``ability`` ("none" first)."""
    items = stored_sheet(SYSTEM, character).specialties_of(ability)
    opts = [f'<option value="">{esc(t("data.specialty_none", lang))}</option>']
    opts += [f'<option value="{esc(name)}">{esc(name)} ({rank}B)</option>' for name, rank in items]
    return "".join(opts)


def sheet_roll_html(character: Mapping[str, Any], lang: str) -> str:
    """The "roll with this sheet" choice (web/data/ui_sheets.py): ability with its rank, and the first
    ability's specialties."""
    sheet = stored_sheet(SYSTEM, character)
    abil = "".join(f'<option value="{a}">{esc(t(f"data.ab.{a}", lang))} ({sheet.rank(a)})</option>'
                   for a in SIFRP_ABILITIES)
    return (select_field("roll-ability", t("data.ability", lang), abil)
            + select_field("roll-specialty", t("data.specialty", lang), specialty_options(character, SIFRP_ABILITIES[0], lang)))


def sheet_roll_update(character: Mapping[str, Any], changed: str, value: str, lang: str) -> Dict[str, str]:
    """Element id → new inner HTML after the chooser's ``changed`` select took ``value``: another
    ability lists its own specialties."""
    return {"roll-specialty": specialty_options(character, value, lang)} if changed == "roll-ability" else {}


def sheet_choice(value: Callable[[str], str], lang: str) -> Tuple[dict, str]:
    """``(choice for tirada.roll_request, words for the label)`` from the chooser (``value(id)``)."""
    ability, specialty = value("roll-ability"), value("roll-specialty")
    words = t(f"data.ab.{ability}", lang) + (f" ({specialty})" if specialty else "")
    return {"ability": ability, "specialty": specialty}, words


def sheet_fields_html(form: Mapping[str, Any], lang: str) -> str:
    """The SIFRP sheet editor's inputs ("Mis datos"): rank and specialties per ability, Destiny, notes;
    ``form``: the engine's form texts (``tirada.sheets.sheet_to_form``)."""
    rows = []
    for a in SIFRP_ABILITIES:
        name = t(f"data.ab.{a}", lang)
        rows.append(
            f'<div class="ab-row"><label for="{input_id("rank." + a)}" class="ab-name">{esc(name)}</label>'
            f'<input id="{input_id("rank." + a)}" data-cs="rank.{a}" type="number" inputmode="numeric" min="1" '
            f'max="10" value="{esc(form.get("rank." + a, "2"))}">'
            f'<label for="{input_id("spec." + a)}" class="sr-only">{esc(name)}: {esc(t("data.specialties", lang))}</label>'
            f'<input id="{input_id("spec." + a)}" data-cs="spec.{a}" type="text" maxlength="400" '
            f'value="{esc(form.get("spec." + a, ""))}" placeholder="{esc(t("data.specialties_ph", lang))}"></div>')
    head = (f'<div class="ab-row ab-head" aria-hidden="true"><span>{esc(t("data.ability", lang))}</span>'
            f'<span>{esc(t("data.rank", lang))}</span><span>{esc(t("data.specialties", lang))}</span></div>')
    return (f'<fieldset class="cs-block"><legend>{esc(t("data.abilities", lang))}</legend>{head}{"".join(rows)}'
            f'</fieldset><div class="grid">{number("destiny", t("data.destiny", lang), form.get("destiny", "0"), 0, 99)}'
            f'</div>{text("notes", t("data.notes", lang), form.get("notes", ""), long=True)}')


def difficulty_options_html(lang: str | None) -> str:
    """The options of the SIFRP difficulty select (web/panels/roll.html ``#sifrp-difficulty``): each named
    step of ``shell.strings.SIFRP_DIFFICULTIES`` as "Moderada (9)" in ``lang`` (the catalog's
    ``sifrp.difficulty.N``, made from tirada.systems.sifrp.difficulty_name; sifrp.md §The test), then
    "other" (a number of one's own). Moderada (9) is the one selected. Each option is a ``[data-i18n]``
    element of its key: the build writes them into the page (``lang`` None: each text its ``{{key}}``, which
    the build fills in Spanish; buildtools/pages.py), so the form is whole before the engine (issue #41: it
    rolls on the reading core) and follows the language before it too (web/early-lang.mjs); the page
    writes them again in the language chosen (web/dice/ui_dice.py)."""

    def shown(key: str) -> str:
        return f"{{{{{key}}}}}" if lang is None else esc(t(key, lang))

    options = [f'<option value="{tn}"{" selected" if tn == 9 else ""} data-i18n="sifrp.difficulty.{tn}">'
               f'{shown(f"sifrp.difficulty.{tn}")}</option>' for tn in SIFRP_DIFFICULTIES]
    options.append(f'<option value="custom" data-i18n="field.difficulty_custom">{shown("field.difficulty_custom")}</option>')
    return "".join(options)
