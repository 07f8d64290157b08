"""The sheet editor of the "Mis datos" view and rolling with a sheet (handlers; glue only).

Sheets are checked by ``tirada.sheets`` (SIFRP, L5R, Blood Red Sands) and, for Tragedia, by
web/tragedia/tragedia_sheet_form.py (the same logic as the scene view's sheets card). The fields' HTML is
web/data/ui_sheets.py. Rolling with a sheet fills the roll form; while a sheet is in use, a finished L5R
check updates its strife and Void points (``tirada.sheets.apply_l5r_result``) with an undo: this
module hears ``page_events.RollSaved`` for that (web/shell/page_events.py).
"""

from __future__ import annotations

from pyodide.ffi import to_js
from pyscript import document, when, window

from shell import app
from roll import forms
from tragedia import tragedia_sheet_form as tragedia_form
from data import ui_data_render as html
from roll import ui_roll
from shell import ui_refusal
from data import sheet_chooser, ui_sheets
from shell.app import STORE, el, tr
from shell.page_events import BeforeRoll, RollSaved
from tirada import Character, TiradaError, check_l5r_roll, roll_request, sheet_from_form, sheet_to_form
from tirada.sheets import brs as brs_sheet
from tirada.sheets.l5r import apply_l5r_roll, is_l5r_request
from tirada.data_view import SheetUndo
from data.ui_data_common import (Data, Editing, check_numbers, find, fmt, now_ms, render_alert, render_history_card, render_list,
                                 status)


# ------------------------------------------------------------------------------------- editor
def open_editor(key: str, form: dict | None = None, focus: bool = False) -> None:
    """Show the sheet ``key`` in the editor (``form``: texts typed so far, kept on re-render;
    ``focus``: move focus to the editor's heading, as after a click on "Abrir ficha")."""
    e = find(key)
    if e is None:
        close_editor()
        return
    system, typed, active = e.system, form is not None, document.activeElement
    # a field with focus is drawn anew (Enter in it saves): the focus goes back to it, never to <body>
    refocus = str(active.id) if app.node(active) is not None and el("cs-fields").contains(active) else ""
    if form is None:
        form = tragedia_form.to_form(e.item) if e.tragedia else sheet_to_form(system, e.sheet)
        el("cs-name").value = e.name
        el("cs-campaign").value = e.campaign
        Data.opened = sheet_chooser.opened(e)
    Data.editing, Data.lang = Editing(key, system), app.State.lang
    el("sheet-editor-heading").textContent = fmt("data.editor", name=e.name)
    el("cs-fields").innerHTML = ui_sheets.fields_html(system, form, app.State.lang)
    if not typed:
        Data.drawn_fields = read_fields(system)
    sheet_chooser.draw_chooser(e, sheet_chooser.typed(e, read_fields(system)) if typed else None)   # as typed
    show_derived()
    el("sheet-editor").hidden = False
    if focus:
        el("sheet-editor-heading").focus()
    elif refocus and el(refocus) is not None:
        el(refocus).focus()


def close_editor() -> None:
    Data.editing = Data.opened = Data.chooser = Data.chooser_item = Data.drawn_fields = None
    el("sheet-editor").hidden = True
    el("cs-status").textContent = ""


def show_derived() -> None:
    """L5R: Composure and Endurance of the stored sheet, and whether it is compromised."""
    node = el("cs-derived")
    e = find(Data.editing.key) if Data.editing else None
    if node is None or e is None or e.system != "l5r5e":
        return
    node.textContent = html.derived_text(e.sheet, app.State.lang)


@when("click", "#cs-close")
def on_close(event) -> None:
    close_editor()


@when("submit", "#cs-form")
def on_save(event) -> None:
    event.preventDefault()
    save_editor()


def save_editor() -> bool:
    """Check the editor with the engine and store the sheet; an error names and focuses the field.
    Returns whether the sheet was stored."""
    if Data.editing is None:
        return False
    key, system = Data.editing.key, Data.editing.system
    fields = read_fields(system)
    name = str(el("cs-name").value).strip()
    campaign = str(el("cs-campaign").value).strip()
    try:
        check_numbers()
        if system == "tragedia":
            sheet, ok = save_tragedia({**fields, "name": name}, key.split(":", 1)[1], campaign)
            key = f"tragedia:{sheet.name}" if ok else key
        else:
            character = Character.from_dict({"id": key, "system": system, "name": name, "campaign": campaign,
                                             "sheet": sheet_from_form(system, fields), "updated": now_ms()})
            ok = STORE.save_character(character.to_dict())
    except TiradaError as err:   # "Label: reason", the label as the editor shows it, at its input
        node = input_for(err.field or "")
        label = str(node.labels[0].textContent).strip() if node is not None and node.labels.length else None
        said = ui_refusal.text(err, label=label)
        status("cs-status", said, error=True)
        if node is not None:
            ui_refusal.show_at(node, said)
            node.focus()
        return False
    if not ok:
        status("cs-status", tr("data.not_saved"), error=True)
        render_alert()
        app.show_notices()
        return False
    Data.editing = Editing(key, system)
    render_list()
    open_editor(key)
    status("cs-status", tr("data.saved"))
    return True


def save_tragedia(fields: dict, old: str, campaign: str) -> tuple:
    """Store a Tragedia sheet (web/tragedia/tragedia_sheet_form.py ``save``: ``(Sheet, stored)``); a taken name is this view's
    "name taken" error on the name field."""
    try:
        return tragedia_form.save(STORE, fields, old, campaign)
    except tragedia_form.NameTaken:
        raise TiradaError(tr("data.name_taken"), field="name", code="data.name_taken") from None


@when("click", "#cs-fields")
def on_editor_click(event) -> None:
    """Blood Red Sands: add a Trait row or a Component, or start a new Ordeal (re-rendering keeps
    what was typed)."""
    button = event.target.closest("button")
    if button is None or Data.editing is None or Data.editing.system != "brs":
        return
    form = read_fields("brs")
    if button.hasAttribute("data-add-component"):
        form = brs_sheet.form_with_component(form)
    elif button.hasAttribute("data-add-trait"):
        form = brs_sheet.form_with_trait(form, int(button.dataset.addTrait))
    elif button.hasAttribute("data-new-ordeal"):   # the Hero's crossed slots come back (saved with the sheet)
        form = {**form, "record": ui_sheets.new_ordeal_text(brs_sheet.form_record(form))}
    el("cs-fields").innerHTML = ui_sheets.fields_html("brs", form, app.State.lang)


@when("change", "#cs-fields")
def on_field_change(event) -> None:
    """A field of the editor changed: the "roll with this sheet" box follows it (sheet_chooser.follow_editor)."""
    e = find(Data.editing.key) if Data.editing else None
    if e is not None and not e.tragedia:
        sheet_chooser.follow_editor(e, read_fields(e.system))


@when("change", "#sheet-roll")
def on_roll_choice(event) -> None:
    """A select of "roll with this sheet" changed: what depends on it follows (its Form says what:
    a SIFRP ability lists its own specialties)."""
    e = find(Data.editing.key) if Data.editing else None
    if e is None:
        return
    changes = sheet_chooser.chooser_changes(e, str(getattr(event.target, "id", "")), str(event.target.value))
    for node_id, html_ in changes.items():
        el(node_id).innerHTML = html_


@when("click", "#sheet-roll")
def on_roll_with_sheet(event) -> None:
    if getattr(event.target, "id", "") == "roll-with-sheet":
        roll_with_sheet()


def roll_with_sheet() -> None:
    """Fill the roll form from the sheet in the editor and switch to the roll view.

    - Changed in the editor: saved first, as «Guardar» would (a refused change is said at its field and nothing
      is rolled); before, the roll took the stored sheet while the editor showed other values.
    - Changed there *and* saved meanwhile in another tab: nothing is saved or rolled; the status line says so
      («Guardar» keeps this tab's, reopening shows the other): a tab never overwrites another's save on its own.
    - Unchanged here but saved meanwhile in another tab: the editor shows the stored version, which is rolled.
    The choice (ability and specialty, ring and skill, saved roll) is read after any save, which keeps it."""
    e = find(Data.editing.key) if Data.editing else None
    if e is None:
        return
    elsewhere = sheet_chooser.changed_elsewhere(e)
    if sheet_chooser.edited(e, read_fields(e.system)):
        if elsewhere:
            status("cs-status", tr("data.changed_elsewhere"), error=True)
            el("cs-save").focus()
            return
        if not save_editor():
            return
    elif elsewhere:
        open_editor(e.key)
        status("cs-status", tr("data.reloaded"))
    e = find(Data.editing.key) if Data.editing else None
    if e is None:
        return
    c = Character.from_dict(e.item)
    choice, words = forms.form_for(c.system).sheet_choice(sheet_chooser.value, app.State.lang)
    if not words:   # nothing to choose from (a generic sheet without saved rolls): what to do, at its field
        status("cs-status", tr("data.generic.no_rolls"), error=True)
        node = input_for("rolls")
        (node or el("roll-with-sheet")).focus()
        return
    try:
        req = roll_request(c, choice)
    except TiradaError as err:
        status("cs-status", ui_refusal.text(err), error=True)
        sheet_chooser.focus_chooser()   # a save drew the box again: the pressed button is gone
        return
    if app.node(ui_roll.fieldset_of(c.system)) is None:   # no fieldset for it (a sheet's request is of its system)
        status("cs-status", tr("data.no_roll"), error=True)
        sheet_chooser.focus_chooser()
        return
    fill_roll_form(req, f"{c.name}: {words}")
    _set("roller", c.name[:40])       # signed with the character and its campaign: a chained roll
    _set("campaign", c.campaign)
    el("who").open = True
    Data.active, Data.undo = c.id, None
    render_banner(fmt("data.filled", name=c.name))
    el("roll").focus()


def _set(node_id: str, value) -> None:
    node = el(node_id)
    if node is None:
        return
    if isinstance(value, bool):
        node.checked = value
    else:
        node.value = str(value)


def fill_roll_form(req: dict, label: str) -> None:
    """Put a sheet's request into the roll form through its Form (only the fields the sheet gives:
    ui_roll.write_request tells the form they changed), then the label."""
    app.show_view("roll")
    ui_roll.write_request(req, whole=False)
    _set("label", label)
    opts = to_js({"bubbles": True}, dict_converter=window.Object.fromEntries)
    el("roller-form").dispatchEvent(window.Event.new("input", opts))


# ------------------------------------------------------------------- after a roll (the sheet)
def render_banner(extra: str = "", undo: bool = False) -> None:
    """The roll view's line about the sheet in use (and the last change with its undo)."""
    banner = el("sheet-banner")
    e = find(Data.active) if Data.active else None
    if banner is None:
        return
    if e is None:
        banner.hidden = True
        banner.innerHTML = ""
        return
    banner.innerHTML = html.banner_html(e.name, extra, undo, app.State.lang)
    banner.hidden = False


def after_roll(verified: dict) -> None:
    """A roll was remembered: apply what the rules change on the sheet in use (L5R strife, Void)."""
    e = find(Data.active) if Data.active else None
    if e is None or e.system != "l5r5e":
        return
    c = Character.from_dict(e.item)
    try:
        applied = apply_l5r_roll(c.sheet, verified)   # None: not an L5R check
    except TiradaError as err:  # e.g. a Void point the sheet no longer has: said, never silent
        render_banner(ui_roll.engine_message(err))
        return
    if applied is None:
        return
    new, changes = applied
    if not changes:
        render_banner()
        return
    if not STORE.save_character(c.with_sheet(new, now_ms()).to_dict()):
        render_banner(tr("data.not_saved"))
        return
    Data.undo = SheetUndo.of_changes(c.id, changes)
    render_banner(html.changes_text(c.name, changes, app.State.lang), undo=True)
    refresh_editor()
    render_list()


def on_before_roll(event: BeforeRoll) -> None:
    """Before a roll with an L5R sheet in use (web/shell/page_events.py): refuse a check the character
    cannot make — Incapacitated, or a Void point spent with none left (tirada.sheets.check_l5r_roll).

    Raises:
        TiradaError: the check the sheet refuses (the roll stops, nothing is drawn).
    """
    request = event.request
    e = find(Data.active) if Data.active else None
    if e is None or e.system != "l5r5e" or not is_l5r_request(request):
        return
    check_l5r_roll(Character.from_dict(e.item).sheet, request)


def undo_change() -> None:
    """Put back the sheet values the last roll changed (only those; other edits stay)."""
    u, Data.undo = Data.undo, None
    e = find(u.id) if u is not None else None
    if u is None or e is None:
        return
    sheet = {**e.sheet, **u.before}
    try:
        c = Character.from_dict({**e.item, "sheet": sheet, "updated": now_ms()})
    except TiradaError as err:
        render_banner(ui_refusal.text(err))
        return
    STORE.save_character(c.to_dict())
    render_banner(tr("data.undone"))
    refresh_editor()
    render_list()


def on_banner(event) -> None:
    button = event.target.closest("button")
    kind = getattr(getattr(button, "dataset", None), "banner", None)
    if kind == "stop":
        Data.active = Data.undo = None
        render_banner()
        el("system").focus()
    elif kind == "undo":
        undo_change()


def refresh_editor() -> None:
    """Re-draw the editor from storage when it shows the sheet a roll just changed."""
    if Data.editing and Data.active and Data.editing.key == Data.active:
        open_editor(Data.active)


def on_roll_saved(event: RollSaved) -> None:
    """After a roll is saved (web/shell/page_events.py): the sheet update of :func:`after_roll`."""
    try:
        after_roll(event.roll)
    except TiradaError:
        pass  # a stored sheet that no longer reads: the roll itself is kept
    render_history_card()



# ------------------------------------------------------------------------------ reading the form
def read_fields(system: str) -> dict:
    """The editor's texts as the engine's ``sheet_from_form`` expects them."""
    box = document.getElementById("cs-fields")
    if system == "brs":
        comps = []
        for fs in box.querySelectorAll("[data-comp]"):
            traits = []
            for row in fs.querySelectorAll("[data-trait]"):
                traits.append({p: str(row.querySelector(f'[data-part="{p}"]').value) for p in ("trait", "die", "aspect")})
            comps.append({"name": str(fs.querySelector('[data-part="name"]').value), "traits": traits})
        out: dict[str, object] = {"components": comps}
        for key in ("horde", "notes", "record"):   # record: hidden, only once a Confrontation was recorded
            node = app.node(box.querySelector(f'[data-cs="{key}"]'))
            if node is not None:
                out[key] = str(node.value)
        return out
    return {str(node.dataset.cs): str(node.value) for node in box.querySelectorAll("[data-cs]")}


#: engine fields of the character itself (``Character``'s ``character.name``…) → the editor's input id
OUTER_INPUTS = {"name": "cs-name", "character.name": "cs-name", "campaign": "cs-campaign",
                "character.campaign": "cs-campaign"}


def input_for(field: str):
    """The editor input of an engine error's ``field`` (a form key of ``data-cs``, or the character's
    name or campaign), or ``None`` when no input is its (the message then names the field from the
    catalog, web/shell/refusal.py, and never borrows another input's label)."""
    if field in OUTER_INPUTS:
        return app.el(OUTER_INPUTS[field])
    if not field or '"' in field or "\\" in field:   # engine paths hold neither: no selector is built from one
        return None
    return app.node(document.querySelector(f'#cs-fields [data-cs="{field}"]'))
