"""The "roll with this sheet" box of the "Mis datos" sheet editor (glue only): drawn again for the same sheet it
keeps the choices made in it; it follows the editor as typed (a SIFRP specialty not saved yet can be chosen); and
what web/data/ui_data_editor.py ``roll_with_sheet`` compares the editor with (the sheet as the editor drew it from
storage, ``Data.opened``)."""

from __future__ import annotations

from dataclasses import replace

from pyscript import document

from data import ui_sheets
from data.ui_data_common import Data, Opened, check_numbers
from roll import forms
from shell import app
from shell.app import el
from tirada import Character, TiradaError, sheet_from_form


def opened(e) -> Opened | None:
    """The entry ``e`` as storage holds it now: a character's sheet in the engine's shape, a Tragedia sheet as stored
    (None: a stored character sheet the engine cannot read)."""
    if e.tragedia:
        return Opened(e.key, e.name, e.campaign, dict(e.item))
    try:
        return Opened(e.key, e.name, e.campaign, Character.from_dict(e.item).sheet.to_dict())
    except TiradaError:
        return None


def drawn(e) -> Opened | None:
    """The sheet of the entry ``e`` as the editor drew it from storage (``Data.opened``), or None when the editor
    drew another sheet or none."""
    return Data.opened if Data.opened is not None and Data.opened.key == e.key else None


def changed_elsewhere(e) -> bool:
    """Whether storage holds the entry ``e``'s sheet other than the editor drew it (:func:`drawn`): another tab saved
    it since."""
    was = drawn(e)
    return was is not None and opened(e) != was


def draw_chooser(e, item: dict | None = None) -> None:
    """The "roll with this sheet" box of the entry ``e``, drawn from ``item`` (a character dict,
    ``Character.to_dict()``'s shape; None: ``e.item``, the stored one). Drawn again for the same sheet (a save, or a
    change in the editor: :func:`follow_editor`), it keeps the choices made in it that still exist (a renamed saved
    roll or a removed specialty goes back to the first); with the same selects as before only their options change,
    so the element with focus and «Tirar con esta ficha» stay where they are. Following the editor, a box that would
    get other selects (a generic sheet's first saved roll typed) waits for the save: grown under the pointer, it would
    move the button away from a press that ends the field's edit, and the press would be lost (in another language it is
    drawn whole, from ``item``)."""
    box = el("sheet-roll")
    chosen = dict(e.item if item is None else item)
    fresh = document.createElement("template")
    fresh.innerHTML = ui_sheets.roll_chooser_html(replace(e, item=chosen), app.State.lang) if not e.tragedia else ""
    live = {str(node.id): node for node in box.querySelectorAll("select")} if Data.chooser == e.key else {}
    new = {str(node.id): node for node in fresh.content.querySelectorAll("select")}
    kept = [(node_id, str(node.value)) for node_id, node in live.items()]
    button = app.node(box.querySelector("#roll-with-sheet"))
    drawn_button = app.node(fresh.content.querySelector("#roll-with-sheet"))
    language = button is not None and drawn_button is not None and button.textContent == drawn_button.textContent
    if live and list(live) == list(new) and language:   # the same selects, in the same language: their options
        for node_id, node in live.items():
            node.innerHTML = new[node_id].innerHTML
    elif item is not None and language:
        return
    else:
        box.innerHTML = fresh.innerHTML
    Data.chooser, Data.chooser_item = e.key, chosen
    for node_id, value in kept:
        node = el(node_id)
        if node is None:
            continue
        node.value = value
        if str(node.value) != value:   # no such option any more: the first
            node.selectedIndex = 0
            value = str(node.value)
        for changed, html_ in chooser_changes(e, node_id, value).items():
            el(changed).innerHTML = html_


def typed(e, fields: dict) -> dict | None:
    """The character dict of the entry ``e`` with the sheet the editor shows now (``fields``: its texts, as the
    engine's ``sheet_from_form`` reads them), saved or not; None when the sheet does not roll from here (Tragedia,
    Blood Red Sands) or the engine refuses it as typed (an empty number too: it would read as its default)."""
    if e.tragedia or not forms.rolls_with_sheets(e.system):
        return None
    try:
        check_numbers()
        return {**e.item, "sheet": sheet_from_form(e.system, fields)}
    except TiradaError:
        return None


def follow_editor(e, fields: dict) -> None:
    """Draw the box of the entry ``e`` again from the sheet the editor shows now (:func:`typed`): a SIFRP specialty
    just typed is in the list and an ability shows the rank typed, as «Tirar con esta ficha» (which saves first) will
    roll it. A sheet the engine refuses as typed leaves the box as it is (the save says why, at the field)."""
    item = typed(e, fields)
    if item is not None:
        draw_chooser(e, item)


def edited(e, fields: dict) -> bool:
    """Whether the editor shows something other than the sheet of the entry ``e`` as it drew it from storage
    (:func:`drawn`: not what storage holds now, which another tab may have saved since): a field (``fields``: the
    editor's texts), the name or the campaign changed; a field the engine refuses counts as changed. Tragedia sheets
    do not roll from here."""
    if e.tragedia:
        return False
    was = drawn(e) or opened(e)
    if was is None:
        return True
    if str(el("cs-name").value).strip() != was.name or str(el("cs-campaign").value).strip() != was.campaign:
        return True
    try:
        return sheet_from_form(e.system, fields) != was.sheet
    except TiradaError:
        return True


def chooser_changes(e, node_id: str, value: str) -> dict:
    """What else the "roll with this sheet" box draws when its select ``node_id`` is ``value`` (its Form says:
    a SIFRP ability lists its own specialties, from the sheet the box was drawn from): ``{element id: HTML}``."""
    if not forms.rolls_with_sheets(e.system):
        return {}
    item = Data.chooser_item if Data.chooser == e.key and Data.chooser_item is not None else e.item
    return forms.form_for(e.system).sheet_roll_update(item, node_id, value, app.State.lang)


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
