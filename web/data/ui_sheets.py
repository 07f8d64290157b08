"""The sheet editor's HTML of the "Mis datos" view (pure: no pyscript, tested on CPython in
tests/test_web_views.py): a sheet's inputs and the "roll with this sheet" chooser, each drawn by the
sheet's system's Form (web/roll/forms.py ``sheet_fields_html``, ``sheet_roll_html``; the inputs'
building blocks in web/roll/sheet_inputs.py); web/data/ui_data_editor.py reads them back for the
engine's ``sheet_from_form``, which checks every value.
"""

from __future__ import annotations

from roll import forms
from brs.brs_sheet_view import brs_record_html, new_ordeal_text
from shell.render import esc
from shell.strings import t
from tirada.data_view import Entry

__all__ = ["brs_record_html", "fields_html", "new_ordeal_text", "roll_chooser_html"]


def fields_html(system: str, form: dict, lang: str) -> str:
    """The inputs of one system's sheet, filled with ``form`` (the engine's form texts): drawn by the
    system's Form (``sheet_fields_html``, web/roll/forms.py; every system with sheets has one)."""
    return forms.form_for(system).sheet_fields_html(form, lang)


def roll_chooser_html(character: Entry | dict, lang: str) -> str:
    """The "roll with this sheet" box of a stored character (its :class:`~tirada.data_view.Entry`,
    or its ``Character.to_dict()``): its system's Form draws the choice (SIFRP: ability and
    specialty; L5R: ring and skill); a system whose sheets cannot fill the roll form says so."""
    entry = character if isinstance(character, Entry) else Entry.of_character(character)
    head = f'<h3>{esc(t("data.roll_heading", lang))}</h3>'
    if not forms.rolls_with_sheets(entry.system):
        return f'{head}<p class="meta">{esc(t("data.no_roll", lang))}</p>'
    body = forms.form_for(entry.system).sheet_roll_html(entry.item, lang)
    return (f'{head}<p class="meta">{esc(t("data.roll_help", lang))}</p><div class="grid">{body}</div>'
            f'<button type="button" id="roll-with-sheet" class="primary">{esc(t("data.roll", lang))}</button>')
