"""The "Mis datos" view: characters by campaign, backups, history and storage problems (handlers).

Glue only. Backups, import plans and merges are ``tirada.storage``; every read and write goes
through ``app.STORE`` (web/shell/store.py), which re-reads before writing so another tab's data survives.
The sheet editor and rolling with a sheet are web/data/ui_data_editor.py; shared state and the list are
web/data/ui_data_common.py; the HTML is web/data/ui_data_render.py (pure). This module listens on
``page_events.NoticesDrawn`` to add a "go to My data" button; its :func:`on_lang_changed` hears ``page_events.LangChanged``.
"""

from __future__ import annotations

import json
import time

from pyodide.ffi import create_proxy, to_js
from pyscript import document, when, window

from shell import app
from shell import i18n
from shell import page_events
from shell import refusal
from shell import ui_refusal
from tragedia import tragedia_sheet_form as tragedia_form
from data import sheet_leave
from data import ui_data_editor as editor
from data import ui_data_render as html
from roll import ui_roll
from shell.app import STORE, el, tr
from shell.page_events import LangChanged, NoticesDrawn
from tirada import storage
from tirada import TiradaError, new_character, new_seed
from tirada.safejson import loads as safe_loads
from tirada.data_view import ImportPlan
from data.ui_data_common import Data, find, fmt, iso_now, now_ms, render_alert, render_history_card, render_list, status


@when("submit", "#char-new")
def on_create(event) -> None:
    event.preventDefault()
    create_character()


def create_character() -> None:
    """Create a blank sheet of the chosen system and open it in the editor (the sheet the editor shows, changed, is
    saved first: web/data/sheet_leave.py)."""
    status("char-status", "")
    if not sheet_leave.leave():
        return
    saved = str(el("char-status").textContent)   # the sheet left, saved: said before what follows
    system = str(el("char-new-system").value)
    name = str(el("char-new-name").value).strip()
    campaign = str(el("char-new-campaign").value).strip()
    try:
        if system == "tragedia":
            sheet, ok = tragedia_form.create(STORE, name, campaign)
            key = f"tragedia:{sheet.name}"
        else:
            character = new_character("c" + new_seed()[:12], system, name, campaign, now_ms())
            ok = STORE.save_character(character.to_dict())
            key = character.id
    except TiradaError as err:
        message = tr("data.name_taken") if isinstance(err, tragedia_form.NameTaken) else refusal.message(err, app.State.lang)
        field = el("char-new-campaign" if refusal.field_name(err.field) == "campaign" else "char-new-name")
        status("char-status", f'{saved} {str(field.labels[0].textContent).strip()}: {message}'.strip(), error=True)
        field.focus()
        return
    if not ok:
        status("char-status", tr("data.not_saved"), error=True)
        render_alert()
        app.show_notices()
        return
    el("char-new-name").value = ""
    status("char-status", f'{saved} {tr("data.created")}'.strip())
    render_list()
    editor.open_editor(key, focus=True)


@when("click", "#char-list")
def on_list(event) -> None:
    button = event.target.closest("button")
    data = getattr(button, "dataset", None)
    if data is None:
        return
    actions = (("open", open_sheet), ("export", export_one),
               ("delete", delete_entry), ("exportCampaign", export_campaign))
    for attr, action in actions:
        value = getattr(data, attr, None)
        if isinstance(value, str):
            action(value)
            return


def open_sheet(key: str) -> None:
    """«Abrir ficha»: the sheet ``key`` in the editor, the one it showed saved first if changed (sheet_leave; the
    same sheet too: opening it again draws it from storage)."""
    status("char-status", "")
    if sheet_leave.leave():
        editor.open_editor(key, focus=True)


def delete_entry(key: str) -> None:
    """Delete a character (undo keeps it in memory until the next delete)."""
    e = find(key)
    if e is None:
        return
    if e.tragedia:
        STORE.delete_sheet(e.name)
        STORE.set_sheet_campaign(e.name, "")
    else:
        STORE.delete_character(key)
    Data.deleted = e
    if Data.editing and Data.editing.key == key:
        editor.close_editor()
    status("char-status", fmt("data.deleted", name=e.name))
    render_list()
    el("char-undo-delete").focus()


@when("click", "#char-undo-delete")
def on_undo_delete(event) -> None:
    e = Data.deleted
    if e is None:
        return
    if e.tragedia:
        STORE.save_sheets([e.item])
        if e.campaign:
            STORE.set_sheet_campaign(e.name, e.campaign)
    else:
        STORE.save_character(e.item)
    Data.deleted = None
    status("char-status", fmt("data.restored", name=e.name))
    render_list()
    # the undo button is gone: the focus goes to the restored sheet's «Abrir ficha», never to <body>
    opener = next((b for b in el("char-list").querySelectorAll("button[data-open]") if str(b.dataset.open) == e.key), None)
    (opener or el("char-list")).focus()


# --------------------------------------------------------------------------- export / import
def download(filename: str, doc) -> None:
    """Offer ``doc`` as a downloaded JSON file (Blob + a[download])."""
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 2000)
    status("backup-status", fmt("data.exported", file=filename))


@when("click", "#export-all")
def on_export_all(event) -> None:
    download(f"tirada-{time.strftime('%Y%m%d-%H%M', time.gmtime())}.json", storage.backup(STORE.all_data(), iso_now()))


def export_one(key: str) -> None:
    e = find(key)
    if e is not None:
        data = storage.select(STORE.all_data(), character_id=key)
        download(f"tirada-{html.slug(e.name)}.json", storage.backup(data, iso_now()))


def export_campaign(campaign: str) -> None:
    data = storage.select(STORE.all_data(), campaign=campaign)
    download(f"tirada-{html.slug(campaign)}.json", storage.backup(data, iso_now()))


@when("change", "#import-file")
async def on_import_file(event) -> None:
    files = el("import-file").files
    if not files.length:
        return
    text = await files.item(0).text()
    preview_import(str(text))


def preview_import(text: str) -> None:
    """Parse and check the file, show what would be added / replaced, wait for "Importar"."""
    Data.pending = None
    el("import-preview").hidden = True
    try:
        doc = safe_loads(text)   # size and nesting checked before parsing (a deep file would crash Pyodide)
    except TiradaError as err:
        status("backup-status", fmt("data.bad_file", why=f"JSON: {refusal.message(err, app.State.lang)}"), error=True)
        return
    plan = ImportPlan.from_dict(storage.plan_import(STORE.all_data(), doc))
    if plan.refused:
        first = plan.errors[0]
        status("backup-status", fmt("data.bad_file", why=f'{first.field}: {refusal.message(first.to_dict(), app.State.lang)}'),
               error=True)
        return
    Data.pending = doc
    Data.chain_keys = []
    el("import-plan").innerHTML = html.plan_html(plan, app.State.lang, Data.chain_keys)
    el("import-confirm").hidden = not plan.changes
    status("backup-status", "" if plan.changes else tr("data.nothing"))
    el("import-preview").hidden = False
    el("import-preview-heading").focus()


def consented_chains() -> list:
    """Keys of the roller chains whose checkbox the user ticked in the import preview."""
    boxes = document.querySelectorAll("#import-plan input[data-chain]")
    out = []
    for i in range(boxes.length):
        index = int(boxes.item(i).dataset.chain)
        if boxes.item(i).checked and index < len(Data.chain_keys):
            out.append(Data.chain_keys[index])
    return out


@when("click", "#import-confirm")
def on_import_confirm(event) -> None:
    confirm_import()


def confirm_import() -> None:
    """Merge the pending backup into what is stored now (read fresh) and write it."""
    if Data.pending is None:
        return
    existing = STORE.all_data()
    plan = ImportPlan.from_dict(storage.plan_import(existing, Data.pending))
    chosen = consented_chains()
    restored = plan.chains_restored(chosen)
    try:
        merged = storage.merge(existing, Data.pending, chains=chosen)
    except TiradaError as err:
        status("backup-status", fmt("data.bad_file", why=ui_refusal.text(err)), error=True)
        return
    ok = STORE.put_data(merged)
    Data.pending = None
    el("import-preview").hidden = True
    el("import-file").value = ""
    if ok:
        chains = i18n.template("data.imported_chains", app.State.lang, restored).format(n=restored)
        status("backup-status", fmt("data.imported", a=len(plan.add), r=len(plan.replace), chains=chains))
    else:
        status("backup-status", tr("data.not_saved"), error=True)
    render_all()
    page_events.emit(LangChanged(redrawn=__name__))   # the other views show what was imported (history, Tragedia sheets)
    app.show_notices()


@when("click", "#import-cancel")
def on_import_cancel(event) -> None:
    Data.pending = None
    el("import-preview").hidden = True
    el("import-file").value = ""
    status("backup-status", "")


# --------------------------------------------------------------------- history and problems
@when("click", "#trim-history")
def on_trim(event) -> None:
    try:
        keep = max(0, min(storage.HISTORY_CAP, int(str(el("trim-keep").value).strip())))
    except ValueError:
        status("trim-status", f'{el("trim-keep").labels[0].textContent}: {tr("error.number")}', error=True)
        el("trim-keep").focus()
        return
    if STORE.trim_history(keep):
        status("trim-status", fmt("data.trimmed", n=len(STORE.history())))
    else:
        status("trim-status", tr("data.not_saved"), error=True)
    render_all()
    ui_roll.render_history()
    app.show_notices()


def render_held() -> None:
    """The damaged chain book / campaign secrets waiting for the player's decision."""
    STORE.chains()
    STORE.campaign_secrets()
    el("data-held").hidden = not STORE.held
    el("data-held-list").innerHTML = html.held_html(STORE.held, app.State.lang)


@when("click", "#data-held-list")
def on_keep_recovered(event) -> None:
    """The player's decision: go on with what was recovered (the damaged text stays aside)."""
    button = event.target.closest("button")
    key = getattr(getattr(button, "dataset", None), "keep", None)
    if not key:
        return
    ok = STORE.keep_recovered(str(key))
    render_all()
    status("held-status", tr("data.held_kept") if ok else tr("data.not_saved"), error=not ok)
    el("data-held").hidden = False
    el("held-status").focus()
    app.show_notices()


def render_aside() -> None:
    """The stored items set aside as damaged, with why."""
    items = STORE.set_aside_items()
    el("data-aside").hidden = not items
    el("data-aside-list").innerHTML = html.aside_html(items, app.State.lang)


@when("click", "#export-aside")
def on_export_aside(event) -> None:
    items = dict(STORE.set_aside_items())
    download(f"tirada-apartados-{time.strftime('%Y%m%d-%H%M', time.gmtime())}.json",
             {"app": "tirada", "kind": "set-aside", "exported": iso_now(), "items": items})


@when("click", "#forget-aside")
def on_forget_aside(event) -> None:
    STORE.forget_set_aside()
    render_aside()
    status("backup-status", tr("data.aside_forgotten"))
    app.show_notices()


def on_notices_drawn(event: NoticesDrawn) -> None:
    """After the notice bar is drawn (web/shell/page_events.py): a button to this view, where the data
    can be exported or trimmed."""
    box = el("notice")
    if STORE.problems and box is not None:
        button = document.createElement("button")
        button.type = "button"
        button.className = "ghost notice-go"
        button.textContent = tr("data.go")
        button.dataset.go = "data"
        box.appendChild(button)
    render_alert()


def on_notice(event) -> None:
    button = event.target.closest("button")
    if getattr(getattr(button, "dataset", None), "go", None) == "data":
        app.show_view("data")
        render_all()
        el("data-heading").scrollIntoView()


# ------------------------------------------------------------------------------ lifecycle
def render_all() -> None:
    render_list()
    render_history_card()
    render_held()
    render_aside()
    render_alert()


@when("click", "#tab-data")
def on_tab(event) -> None:
    """Opening the view: show what storage holds now."""
    render_all()


def on_lang_changed(_event: LangChanged) -> None:
    """Language switch or another tab's write: redraw the lists; the editor is redrawn (keeping
    what was typed) only for a new language, so typing is never interrupted by another tab."""
    new_lang = Data.lang != app.State.lang
    if new_lang:
        for node_id in ("char-status", "trim-status"):
            status(node_id, "")
    render_all()
    if Data.editing is not None:
        if find(Data.editing.key) is None:
            editor.close_editor()
        elif new_lang:
            editor.open_editor(Data.editing.key, editor.read_fields(Data.editing.system))
    Data.lang = app.State.lang
    editor.render_banner()


def start() -> None:
    """Draw the view; add the roll view's sheet banner; listen to the notice bar."""
    banner = document.createElement("div")
    banner.id = "sheet-banner"
    banner.className = "card sheet-banner"
    banner.setAttribute("role", "status")
    banner.setAttribute("aria-live", "polite")
    banner.hidden = True
    form = el("roller-form")
    form.parentNode.insertBefore(banner, form)
    banner.addEventListener("click", create_proxy(editor.on_banner))
    el("notice").addEventListener("click", create_proxy(on_notice))
    render_all()
