"""The scene view's sheets card and the roles of the set-up (handlers; glue only).

The card lists the saved Tragedia sheets (web/tragedia/ui_scene_render.py ``sheet_html``) and edits them in
the static form of web/panels/scene.html (``#sheet-<field>`` inputs). Checking, storing and renaming
are web/tragedia/tragedia_sheet_form.py, the same logic the "Mis datos" editor uses. The set-up's role
selects (one per saved sheet) live here too, since they follow the list of sheets.
"""

from __future__ import annotations

from pyscript import when

from shell import app
from tragedia import tragedia_sheet_form as sheet_form
from shell import ui_refusal
from tragedia import ui_scene_render as view
from shell.app import STORE, el, tr
from tirada.systems.tragedia import play
from tirada.systems.tragedia.chapter import standing_by_name
from tirada import TiradaError
from tirada.storage_records import sheet_names, stored_sheet


class Sheets:
    """The card's state: the sheet being edited, the last deleted one, the roles chosen."""

    editing: str | None = None      # name of the sheet in the form, when editing
    deleted: dict | None = None     # the last deleted sheet (for undo)
    roles: dict = {}    # sheet name → role chosen in the set-up


def saved_sheets(stored: list) -> list:
    """The stored sheet dicts (``STORE.sheets()``) as :class:`~tirada.systems.tragedia.sheet.Sheet`
    records, in order, for the page to read by attribute; a stored sheet the engine refuses (edited
    by hand in storage) shows by its name alone, and stays stored as it is."""
    return [stored_sheet(s) for s in stored]


def render_sheets() -> None:
    """The saved sheets with Edit / Delete, the form's heading, and the set-up's roles."""
    stored = STORE.sheets()
    sheets = saved_sheets(stored)
    el("sheets-empty").hidden = bool(sheets)
    try:
        standing = standing_by_name(stored)
    except TiradaError:
        standing = {}
    el("sheet-list").innerHTML = "".join(view.sheet_html(s, True, app.State.lang,
                                                         standing[s.name].status if s.name in standing else None)
                                         for s in sheets)
    el("sheet-undo-delete").hidden = Sheets.deleted is None
    el("sheet-form-heading").textContent = tr("sheets.editing" if Sheets.editing else "sheets.new")
    el("sheet-cancel").hidden = Sheets.editing is None
    render_roles(sheets)


def form_fields() -> dict:
    """The form's texts, by field."""
    return {f: str(el(f"sheet-{f}").value) for f in sheet_form.FIELDS}


def fill_form(fields: dict) -> None:
    """Put ``fields`` in the form (missing fields empty)."""
    for f in sheet_form.FIELDS:
        el(f"sheet-{f}").value = fields.get(f, "")


@when("submit", "#sheet-form")
def on_sheet_save(event) -> None:
    event.preventDefault()
    save_sheet()


def save_sheet() -> None:
    """Check the form with the engine and store the sheet (replacing the one being edited)."""
    status = el("sheet-status")
    try:
        sheet, _ = sheet_form.save(STORE, form_fields(), Sheets.editing)
    except sheet_form.NameTaken:
        status.textContent = f'{el("sheet-name").labels[0].textContent}: {tr("sheets.exists")}'
        status.className = "error"
        el("sheet-name").focus()
        return
    except TiradaError as err:
        field = err.field if err.field in sheet_form.FIELDS else "name"
        label = el(f"sheet-{field}").labels[0].textContent
        status.textContent = ui_refusal.text(err, label=label)
        status.className = "error"
        el(f"sheet-{field}").focus()
        return
    if Sheets.editing and Sheets.editing != sheet.name:
        Sheets.roles[sheet.name] = Sheets.roles.pop(Sheets.editing, "")
    Sheets.editing = None
    fill_form(sheet_form.BLANK)
    status.textContent = tr("sheets.saved")
    status.className = ""
    render_sheets()
    app.show_notices()


@when("click", "#sheet-list")
def on_sheet_list(event) -> None:
    button = event.target.closest("button")
    data = getattr(button, "dataset", None)
    if data is None:
        return
    edit, delete = getattr(data, "sheetEdit", None), getattr(data, "sheetDelete", None)
    stored = STORE.sheets()
    sheets = dict(zip(sheet_names(stored), stored))
    if isinstance(edit, str) and edit in sheets:
        Sheets.editing = edit
        fill_form(sheet_form.to_form(sheets[edit]))
        render_sheets()
        el("sheet-name").focus()
    elif isinstance(delete, str) and delete in sheets:
        Sheets.deleted = sheets[delete]
        STORE.delete_sheet(delete)
        render_sheets()
        el("sheet-undo-delete").focus()


@when("click", "#sheet-undo-delete")
def on_undo_delete(event) -> None:
    if Sheets.deleted is not None:
        STORE.save_sheets([Sheets.deleted])
        Sheets.deleted = None
        render_sheets()


@when("click", "#sheet-cancel")
def on_sheet_cancel(event) -> None:
    Sheets.editing = None
    fill_form(sheet_form.BLANK)
    el("sheet-status").textContent = ""
    render_sheets()


@when("click", "#sheet-example")
def on_example(event) -> None:
    """Store the example's four sheets and pre-fill the set-up with their roles and Themes."""
    example = play.example_setup()
    STORE.save_sheets([s.to_dict() for s in example.sheets])
    Sheets.roles.update(example.roles)
    el("setup-objective").value = example.objective
    el("setup-themes").value = "\n".join(example.themes)
    render_sheets()
    app.show_notices()


# ------------------------------------------------------------------------------------- set-up
def render_roles(sheets: list) -> None:
    """One role select per saved sheet (``Sheet`` records; keeping the choices already made)."""
    el("setup-no-sheets").hidden = bool(sheets)
    el("setup-roles").innerHTML = view.roles_html(sheets, Sheets.roles, app.State.lang)


@when("change", "#setup-roles")
def on_role(event) -> None:
    data = getattr(event.target, "dataset", None)
    role_of = getattr(data, "roleOf", None)
    if isinstance(role_of, str):
        Sheets.roles[role_of] = str(event.target.value)
