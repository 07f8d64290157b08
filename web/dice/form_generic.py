"""The generic roll's :class:`forms.Form` (pure: no pyscript; docs/notation.md, sifrp.md §The generic
forum roll): its fieldset read and written, its result card (web/dice/dice_result.py), its odds card."""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Tuple

from dice.dice_result import render_result, summary
from roll.forms import read_fieldset, select_field
from dice.bands_view import odds_view as with_bands
from roll.odds_views import view_threshold
from shell.render import esc
from roll.sheet_inputs import text
from shell.strings import t
from tirada.sheets import stored_sheet
from tirada.systems.form_requests import generic_form_request

__all__ = ["FIELDSET", "FLOW", "PLAYER_FIELDS", "REQUESTABLE", "REQUEST_NEUTRAL", "SECTIONS", "SYSTEM", "field_values", "odds_view",
           "read_request", "render_result", "sheet_choice", "sheet_fields_html", "sheet_roll_html", "sheet_roll_update",
           "summary"]

SYSTEM = "generic"
FIELDSET = True
FLOW = None
REQUESTABLE = ("dice", "sides", "keep", "keep_lowest", "modifier", "difficulty")
PLAYER_FIELDS: tuple = ()
#: what a request field fixed with nothing in the form is fixed at (web/fair/request_view.py): "2d6" typed
#: asks for no modifier; left out, the modifier would be the player's and a +5 would answer it unflagged
REQUEST_NEUTRAL: Mapping[str, Any] = {"modifier": 0}
#: folded boxes opened when the request uses their fields: the outcome bands (web/dice/ui_bands.py)
SECTIONS: Mapping[str, tuple] = {"generic-bands-box": ("bands",)}

#: the fields the plain form holds; a request with any other goes back as notation
PLAIN_FIELDS = ("system", "seed", "label", "dice", "sides", "keep", "keep_lowest", "modifier", "difficulty", "dialect")


def odds_view(result: Mapping[str, Any], lang: str, label: Callable[[str], str]) -> Dict[str, Any]:
    """The generic roll's odds card (web/roll/odds_views.py ``view_threshold``: the chance to reach the
    difficulty), with each named outcome's odds first when the roll has outcome bands
    (web/dice/bands_view.py; docs/notation.md §Bands)."""
    return with_bands(result, view_threshold(result, lang, label), lang)


def read_request(fieldset: Any, lang: str) -> Dict[str, Any]:
    """A typed notation wins over the fields (docs/notation.md; the engine refuses bad text), else
    dice, sides and the optional keep, modifier, difficulty (empty → the engine's default); the outcome
    bands with either. Read by :func:`tirada.systems.form_read.read_form` from the fieldset's values
    (web/roll/forms.py :func:`~roll.forms.read_fieldset`).

    Raises:
        FormError: a value that is not a whole number (its label, in ``lang``).
        TiradaError: the notation's or the bands' refusal (``notation.*``, ``bands.*``)."""
    return read_fieldset(SYSTEM, fieldset, lang)


def field_values(request: Mapping[str, Any], whole: bool) -> Dict[str, Any]:
    """A request the plain fields cannot hold (several rolls, groups, arithmetic, any notation
    operator) goes back as notation; else dice, sides, keep, keep lowest and modifier. ``request`` is
    read once into its :class:`tirada.systems.form_requests.GenericFormRequest`."""
    from dice.bands_view import bands_text

    one = generic_form_request(request)
    bands = one.bands
    if not whole:   # a GM request's fields, or a saved roll of a sheet (its notation and bands)
        part = {k: v for k, v in request.items() if k in REQUESTABLE}
        if isinstance(one.notation, str):
            part["notation"] = one.notation
            part["dialect"] = "roll20"      # a saved roll's notation is read as Roll20's
        elif part:   # fields a GM request fixes: a typed notation would win over them, so it is
            part["notation"] = ""   # emptied (and, written, locked with them: web/fair/ui_request.py)
            if "dice" in part and isinstance(one.dice, int) and "keep" not in one.names:   # every die asked for is kept:
                part["keep"] = one.dice   # a request cannot name keep, and the form's old 3 of 2 was refused
        if part:     # a saved roll without bands, or a request, leaves no earlier bands behind
            part["bands"] = bands_text(bands) if bands else ""
        return part
    from tirada.systems.notation import format_post

    dialect = one.dialect if one.dialect in ("foundry", "dicemaiden", "avrae") else "roll20"
    plain = {k: v for k, v in request.items() if k not in ("bands", "dialect")}
    fancy = any(k not in PLAIN_FIELDS for k in plain)
    values: Dict[str, Any] = {"dialect": dialect,      # the text is written to read back the same in it
                              "notation": format_post(plain, dialect) if fancy else "", "bands": bands_text(bands) if bands else ""}
    if not fancy:
        values.update({"dice": one.dice, "sides": one.sides, "modifier": one.modifier})
        values["keep"] = one.keep
        values["keep_lowest"] = one.keep_lowest
    values["difficulty"] = one.difficulty
    return values


def sheet_roll_html(character: Mapping[str, Any], lang: str) -> str:
    """The "roll with this sheet" choice (web/data/ui_sheets.py): one of the character's saved rolls
    (tirada.sheets.generic: a name, its notation and its outcome bands)."""
    rolls = stored_sheet(SYSTEM, character).rolls
    if not rolls:
        return f'<p class="meta field wide">{esc(t("data.generic.no_rolls", lang))}</p>'
    saved = "".join(f'<option value="{esc(r.name)}">{esc(r.name)} ({esc(r.notation)})</option>' for r in rolls)
    return select_field("roll-saved", t("data.generic.roll", lang), saved, wide=True)


def sheet_roll_update(character: Mapping[str, Any], changed: str, value: str, lang: str) -> Dict[str, str]:
    """Nothing else changes with the saved roll chosen."""
    return {}


def sheet_choice(value: Callable[[str], str], lang: str) -> Tuple[dict, str]:
    """``(choice for tirada.roll_request, words for the label)``: the saved roll's name, twice."""
    name = value("roll-saved")
    return {"roll": name}, name


def sheet_fields_html(form: Mapping[str, Any], lang: str) -> str:
    """The generic sheet editor's inputs ("Mis datos"): the character's saved rolls, one per line, with
    their outcome bands (web/dice/bands_view.py, ``tirada.sheets.generic``), and notes."""
    return (f'<p class="meta">{esc(t("data.generic.help", lang))}</p>'
            f'{text("rolls", t("data.generic.rolls", lang), form.get("rolls", ""), long=True)}'
            f'{text("notes", t("data.notes", lang), form.get("notes", ""), long=True)}')
