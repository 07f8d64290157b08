"""The "roll with this sheet" box of the "Mis datos" sheet editor (glue only): drawn again for the same sheet it
keeps the choices made in it, and what web/data/ui_data_editor.py ``roll_with_sheet`` compares the editor with
(the sheet as the editor drew it from storage, ``Data.opened``)."""

from __future__ import annotations

from data import ui_sheets
from data.ui_data_common import Data, Opened
from roll import forms
from shell import app
from shell.app import el
from tirada import Character, TiradaError


def opened(e) -> Opened | None:
    """The character entry ``e`` as storage holds it now, in the engine's shape (None: a Tragedia sheet, which does
    not roll from here, or a stored sheet the engine cannot read)."""
    if e.tragedia:
        return None
    try:
        return Opened(e.key, e.name, e.campaign, Character.from_dict(e.item).sheet.to_dict())
    except TiradaError:
        return None


def draw_chooser(e) -> None:
    """The "roll with this sheet" box of the entry ``e``; drawn again for the same sheet (a save draws the editor
    again), it keeps the choices made in it that still exist (a renamed saved roll or a removed specialty goes back
    to the first)."""
    box = el("sheet-roll")
    kept = [(str(node.id), str(node.value)) for node in box.querySelectorAll("select")] if Data.chooser == e.key else []
    box.innerHTML = ui_sheets.roll_chooser_html(e, app.State.lang) if not e.tragedia else ""
    Data.chooser = e.key
    for node_id, value in kept:
        node = el(node_id)
        if node is None:
            continue
        before = str(node.value)
        node.value = value
        if str(node.value) != value:   # no such option any more
            node.value = before
            continue
        for changed, html_ in chooser_changes(e, node_id, value).items():
            el(changed).innerHTML = html_


def chooser_changes(e, node_id: str, value: str) -> dict:
    """What else the "roll with this sheet" box draws when its select ``node_id`` is ``value`` (its Form says:
    a SIFRP ability lists its own specialties): ``{element id: HTML}``."""
    if not forms.rolls_with_sheets(e.system):
        return {}
    return forms.form_for(e.system).sheet_roll_update(e.item, node_id, value, app.State.lang)


def value(node_id: str) -> str:
    """The value of the "roll with this sheet" box's input ``node_id`` ("" when the box has none: a generic sheet
    without saved rolls)."""
    node = el(node_id)
    return "" if node is None else str(node.value)


def focus_chooser() -> None:
    """Focus «Tirar con esta ficha» (after a refusal: a save may have drawn the box again)."""
    node = el("roll-with-sheet")
    if node is not None:
        node.focus()
