"""The "Mis datos" view: characters by campaign, sheet editors, rolling with a sheet, backups.

Glue only. Sheets are checked by ``tirada.sheets`` (SIFRP, L5R, Blood Red Sands) and
``tirada.systems.tragedia.play`` (Tragedia, stored under the scene view's key); backups, import plans and
merges are ``tirada.storage``; every read and write goes through ``app.STORE`` (web/store.py), which
re-reads before writing so another tab's data survives.

Rolling with a sheet fills the roll form; while a sheet is in use, a finished L5R check updates its
strife and Void points (``tirada.sheets.apply_l5r_result``) with an undo: this view
listens on ``app.ON_ROLL`` for that, and on ``app.ON_NOTICE`` to add a "go to My data" button.
"""

from __future__ import annotations

import json
import time

from pyodide.ffi import create_proxy, to_js
from pyscript import document, when, window

import app
import errors_es
import ui_roll
import ui_sheets
from app import STORE, el, tr
from render import esc
from tirada import storage
from tirada.systems.tragedia import play
from tirada.dice import new_seed
from tirada.errors import TiradaError
from tirada.safejson import loads as safe_loads
from tirada.sheets import Character, L5rSheet, apply_l5r_result, check_l5r_roll, new_character, roll_request, sheet_from_form, \
    sheet_to_form
from tirada.systems.tragedia.sheet import Sheet

SYSTEM_ORDER = ("sifrp", "l5r5e", "brs", "tragedia")


class Data:
    """What the view shows besides storage: the sheet being edited, undo buffers, a pending import."""

    editing = None      # {"key": "<id>" | "tragedia:<name>", "system": str}
    deleted = None      # {"key", "item", "campaign"} for undo
    pending = None      # the parsed backup file waiting for "Importar"
    chain_keys = []     # roller chains of the pending import, in the order of their checkboxes
    active = None       # id of the character whose sheet the roll form uses
    undo = None         # {"id", "before", "after"} of the last roll's sheet change
    lang = None         # language the editor was drawn in


def fmt(key: str, **values) -> str:
    """Translated text with ``{name}`` fields filled."""
    return tr(key).format(**values)


def now_ms() -> int:
    return int(time.time() * 1000)


def iso_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# ------------------------------------------------------------------------------------ entries
def entries() -> list:
    """Every character and Tragedia sheet as ``{"key", "system", "name", "campaign", "item"}``."""
    out = [{"key": c["id"], "system": c["system"], "name": c["name"], "campaign": c["campaign"], "item": c}
           for c in STORE.characters()]
    camps = STORE.sheet_campaigns()
    out += [{"key": f"tragedia:{s['name']}", "system": "tragedia", "name": s["name"],
             "campaign": camps.get(s["name"], ""), "item": s} for s in STORE.sheets()]
    return out


def find(key: str):
    return next((e for e in entries() if e["key"] == key), None)


def render_list() -> None:
    """The characters grouped by campaign (campaigns in alphabetical order, "no campaign" last)."""
    items = entries()
    el("data-empty").hidden = bool(items)
    groups: dict = {}
    for e in items:
        groups.setdefault(e["campaign"], []).append(e)
    html = []
    for camp in sorted(groups, key=lambda c: (c == "", c.lower())):
        title = camp or tr("data.no_campaign")
        rows = []
        for e in sorted(groups[camp], key=lambda e: (SYSTEM_ORDER.index(e["system"]), e["name"].lower())):
            name, key = esc(e["name"]), esc(e["key"])
            rows.append(
                f'<li class="char" data-key="{key}"><span class="char-name"><strong>{name}</strong> '
                f'<span class="meta">{esc(tr("data.sys." + e["system"]))}</span></span>'
                f'<span class="buttons"><button type="button" class="ghost" data-open="{key}" '
                f'aria-label="{esc(tr("data.open"))}: {name}">{esc(tr("data.open"))}</button>'
                f'<button type="button" class="ghost" data-export="{key}" '
                f'aria-label="{esc(tr("data.export_one"))}: {name}">{esc(tr("data.export_one"))}</button>'
                f'<button type="button" class="ghost" data-delete="{key}" '
                f'aria-label="{esc(tr("data.delete"))}: {name}">{esc(tr("data.delete"))}</button></span></li>')
        export = (f'<button type="button" class="ghost" data-export-campaign="{esc(camp)}">'
                  f'{esc(tr("data.export_campaign"))}: {esc(title)}</button>' if camp else "")
        html.append(f'<section class="campaign" aria-label="{esc(title)}"><h3>{esc(title)}</h3>'
                    f'<ul class="chars">{"".join(rows)}</ul>{export}</section>')
    el("char-list").innerHTML = "".join(html)
    el("campaign-list").innerHTML = "".join(f'<option value="{esc(c)}">' for c in sorted(groups) if c)
    el("char-undo-delete").hidden = Data.deleted is None
    render_history_card()


def status(node_id: str, text: str, error: bool = False) -> None:
    node = el(node_id)
    node.textContent = text
    node.className = "error" if error else ""


@when("submit", "#char-new")
def on_create(event) -> None:
    event.preventDefault()
    create_character()


def create_character() -> None:
    """Create a blank sheet of the chosen system and open it in the editor."""
    system = str(el("char-new-system").value)
    name = str(el("char-new-name").value).strip()
    campaign = str(el("char-new-campaign").value).strip()
    try:
        if system == "tragedia":
            sheet = Sheet.from_dict({"name": name}).to_dict()
            if sheet["name"] in [s["name"] for s in STORE.sheets()]:
                raise TiradaError(tr("data.name_taken"), field="name")
            ok = STORE.save_sheets([sheet])
            ok = ok and (not campaign or STORE.set_sheet_campaign(sheet["name"], campaign))
            key = f"tragedia:{sheet['name']}"
        else:
            character = new_character("c" + new_seed()[:12], system, name, campaign, now_ms()).to_dict()
            ok = STORE.save_character(character)
            key = character["id"]
    except TiradaError as err:
        status("char-status", f'{el("char-new-name").labels[0].textContent}: {err.message}', error=True)
        el("char-new-name").focus()
        return
    if not ok:
        status("char-status", tr("data.not_saved"), error=True)
        render_alert()
        app.show_notices()
        return
    el("char-new-name").value = ""
    status("char-status", tr("data.created"))
    render_list()
    open_editor(key, focus=True)


@when("click", "#char-list")
def on_list(event) -> None:
    button = event.target.closest("button")
    data = getattr(button, "dataset", None)
    if data is None:
        return
    actions = (("open", lambda key: open_editor(key, focus=True)), ("export", export_one),
               ("delete", delete_entry), ("exportCampaign", export_campaign))
    for attr, action in actions:
        value = getattr(data, attr, None)
        if isinstance(value, str):
            action(value)
            return


def delete_entry(key: str) -> None:
    """Delete a character (undo keeps it in memory until the next delete)."""
    e = find(key)
    if e is None:
        return
    if e["system"] == "tragedia":
        STORE.delete_sheet(e["name"])
        STORE.set_sheet_campaign(e["name"], "")
    else:
        STORE.delete_character(key)
    Data.deleted = e
    if Data.editing and Data.editing["key"] == key:
        close_editor()
    status("char-status", fmt("data.deleted", name=e["name"]))
    render_list()
    el("char-undo-delete").focus()


@when("click", "#char-undo-delete")
def on_undo_delete(event) -> None:
    e = Data.deleted
    if e is None:
        return
    if e["system"] == "tragedia":
        STORE.save_sheets([e["item"]])
        if e["campaign"]:
            STORE.set_sheet_campaign(e["name"], e["campaign"])
    else:
        STORE.save_character(e["item"])
    Data.deleted = None
    status("char-status", "")
    render_list()


# ------------------------------------------------------------------------------------- editor
def open_editor(key: str, form: dict | None = None, focus: bool = False) -> None:
    """Show the sheet ``key`` in the editor (``form``: texts typed so far, kept on re-render;
    ``focus``: move focus to the editor's heading, as after a click on "Abrir ficha")."""
    e = find(key)
    if e is None:
        close_editor()
        return
    system = e["system"]
    if form is None:
        form = play.sheet_to_form(e["item"]) if system == "tragedia" else sheet_to_form(system, e["item"]["sheet"])
        el("cs-name").value = e["name"]
        el("cs-campaign").value = e["campaign"]
    Data.editing, Data.lang = {"key": key, "system": system}, app.State.lang
    el("sheet-editor-heading").textContent = fmt("data.editor", name=e["name"])
    el("cs-fields").innerHTML = ui_sheets.fields_html(system, form, app.State.lang)
    el("sheet-roll").innerHTML = ui_sheets.roll_chooser_html(e["item"], app.State.lang) if system != "tragedia" \
        else ""
    if system == "sifrp":
        el("roll-specialty").innerHTML = ui_sheets.specialty_options(e["item"], "agility", app.State.lang)
    show_derived()
    el("sheet-editor").hidden = False
    if focus:
        el("sheet-editor-heading").focus()


def close_editor() -> None:
    Data.editing = None
    el("sheet-editor").hidden = True
    el("cs-status").textContent = ""


def show_derived() -> None:
    """L5R: Composure and Endurance of the stored sheet, and whether it is compromised."""
    node = el("cs-derived")
    e = find(Data.editing["key"]) if Data.editing else None
    if node is None or e is None or e["system"] != "l5r5e":
        return
    s = L5rSheet.from_dict(e["item"]["sheet"])
    parts = [fmt("data.derived", c=s.composure, e=s.endurance)]
    if s.compromised:
        parts.append(tr("data.compromised"))
    if s.incapacitated:
        parts.append(tr("data.incapacitated"))
    node.textContent = " · ".join(parts)


@when("click", "#cs-close")
def on_close(event) -> None:
    close_editor()


@when("submit", "#cs-form")
def on_save(event) -> None:
    event.preventDefault()
    save_editor()


def save_editor() -> None:
    """Check the editor with the engine and store the sheet; an error names and focuses the field."""
    if Data.editing is None:
        return
    key, system = Data.editing["key"], Data.editing["system"]
    fields = ui_sheets.read_fields(system)
    name = str(el("cs-name").value).strip()
    campaign = str(el("cs-campaign").value).strip()
    try:
        if system == "tragedia":
            sheet = play.sheet_from_form({**fields, "name": name})
            old = key.split(":", 1)[1]
            if sheet["name"] != old and sheet["name"] in [s["name"] for s in STORE.sheets()]:
                raise TiradaError(tr("data.name_taken"), field="name")
            ok = STORE.save_sheets([sheet]) and STORE.set_sheet_campaign(sheet["name"], campaign)
            if ok and sheet["name"] != old:  # renamed: drop the old name only once the new one is stored
                STORE.delete_sheet(old)
                STORE.set_sheet_campaign(old, "")
            key = f"tragedia:{sheet['name']}" if ok else key
        else:
            character = Character.from_dict({"id": key, "system": system, "name": name, "campaign": campaign,
                                             "sheet": sheet_from_form(system, fields), "updated": now_ms()})
            ok = STORE.save_character(character.to_dict())
    except TiradaError as err:
        node = ui_sheets.input_for(err.field or "")
        label = node.labels[0].textContent if node.labels.length else ""
        status("cs-status", f"{label}: {err.message}" + (f" ({err.rule})" if err.rule else ""), error=True)
        node.focus()
        return
    if not ok:
        status("cs-status", tr("data.not_saved"), error=True)
        render_alert()
        app.show_notices()
        return
    Data.editing = {"key": key, "system": system}
    render_list()
    open_editor(key)
    status("cs-status", tr("data.saved"))


@when("click", "#cs-fields")
def on_editor_click(event) -> None:
    """Blood Red Sands: add a Trait row or a Component (re-rendering keeps what was typed)."""
    button = event.target.closest("button")
    if button is None or Data.editing is None or Data.editing["system"] != "brs":
        return
    form = ui_sheets.read_fields("brs")
    if button.hasAttribute("data-add-component"):
        form["components"].append({"name": "", "traits": []})
    elif button.hasAttribute("data-add-trait"):
        i = int(button.dataset.addTrait)
        form["components"][i]["traits"].append({"trait": "", "die": "6", "aspect": "cunning"})
    el("cs-fields").innerHTML = ui_sheets.fields_html("brs", form, app.State.lang)


@when("change", "#sheet-roll")
def on_roll_choice(event) -> None:
    if getattr(event.target, "id", "") == "roll-ability" and Data.editing:
        e = find(Data.editing["key"])
        el("roll-specialty").innerHTML = ui_sheets.specialty_options(e["item"], str(event.target.value), app.State.lang)


@when("click", "#sheet-roll")
def on_roll_with_sheet(event) -> None:
    if getattr(event.target, "id", "") == "roll-with-sheet":
        roll_with_sheet()


def roll_with_sheet() -> None:
    """Fill the roll form from the stored sheet and switch to the roll view."""
    e = find(Data.editing["key"]) if Data.editing else None
    if e is None:
        return
    c = Character.from_dict(e["item"])
    if c.system == "sifrp":
        choice = {"ability": str(el("roll-ability").value), "specialty": str(el("roll-specialty").value)}
        words = tr(f"data.ab.{choice['ability']}") + (f" ({choice['specialty']})" if choice["specialty"] else "")
    else:
        choice = {"ring": str(el("roll-ring").value), "skill": str(el("roll-skill").value)}
        words = f'{tr("data.sk." + choice["skill"])} + {tr("data.ring." + choice["ring"])}'
    try:
        req = roll_request(c, choice)
    except TiradaError as err:
        status("cs-status", str(err), error=True)
        return
    if req["system"] == "l5r5e" and el("l5r-ring") is None:
        status("cs-status", tr("data.no_roll"), error=True)
        return
    fill_roll_form(req, f"{c.name}: {words}")
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
    """Put a sheet's request into the roll form (and tell the form it changed)."""
    app.show_view("roll")
    el("system").value = req["system"]
    opts = to_js({"bubbles": True}, dict_converter=window.Object.fromEntries)
    el("system").dispatchEvent(window.Event.new("change", opts))
    if req["system"] == "sifrp":
        _set("sifrp-test_dice", req["test_dice"])
        _set("sifrp-bonus_dice", req["bonus_dice"])
    else:
        _set("l5r-ring", req["ring"])
        _set("l5r-skill", req["skill"])
        _set("l5r-compromised", req["compromised"])
    _set("label", label)
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
    parts = [f'<p>{esc(fmt("data.using", name=e["name"]))} '
             f'<button type="button" class="ghost" data-banner="stop">{esc(tr("data.stop_using"))}</button></p>']
    if extra:
        parts.append(f'<p class="sheet-change">{esc(extra)}</p>')
    if undo:
        parts.append(f'<button type="button" class="ghost" data-banner="undo">{esc(tr("data.undo_update"))}</button>')
    banner.innerHTML = "".join(parts)
    banner.hidden = False


def after_roll(verified: dict) -> None:
    """A roll was remembered: apply what the rules change on the sheet in use (L5R strife, Void)."""
    e = find(Data.active) if Data.active else None
    if e is None or e["system"] != "l5r5e" or verified["request"].get("system") != "l5r5e":
        return
    c = Character.from_dict(e["item"])
    try:
        new, changes = apply_l5r_result(c.sheet, verified["request"], verified["result"])
    except TiradaError as err:  # e.g. a Void point the sheet no longer has: said, never silent
        render_banner(ui_roll.engine_message(err))
        return
    if not changes:
        render_banner()
        return
    if not STORE.save_character(c.with_sheet(new, now_ms()).to_dict()):
        render_banner(tr("data.not_saved"))
        return
    Data.undo = {"id": c.id, "before": {ch["field"]: ch["before"] for ch in changes},
                 "after": {ch["field"]: ch["after"] for ch in changes}}
    words = ", ".join(fmt("data.change", field=tr(f"data.{ch['field']}"), before=ch["before"], after=ch["after"])
                      for ch in changes)
    render_banner(fmt("data.updated", name=c.name, changes=words), undo=True)
    refresh_editor()
    render_list()


def undo_change() -> None:
    """Put back the sheet values the last roll changed (only those; other edits stay)."""
    u, Data.undo = Data.undo, None
    e = find(u["id"]) if u else None
    if e is None:
        return
    sheet = {**e["item"]["sheet"], **u["before"]}
    try:
        c = Character.from_dict({**e["item"], "sheet": sheet, "updated": now_ms()})
    except TiradaError as err:
        render_banner(str(err))
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
    if Data.editing and Data.active and Data.editing["key"] == Data.active:
        open_editor(Data.active)


def on_roll_saved(verified: dict) -> None:
    """After a roll is saved (app.ON_ROLL): the sheet update of :func:`after_roll`."""
    try:
        after_roll(verified)
    except TiradaError:
        pass  # a stored sheet that no longer reads: the roll itself is kept
    render_history_card()


app.ON_ROLL.append(on_roll_saved)


def before_roll(request: dict) -> None:
    """Before a roll with an L5R sheet in use (app.BEFORE_ROLL): refuse a check the character
    cannot make — Incapacitated, or a Void point spent with none left (tirada.sheets.check_l5r_roll)."""
    e = find(Data.active) if Data.active else None
    if e is None or e["system"] != "l5r5e" or request.get("system") != "l5r5e":
        return
    check_l5r_roll(Character.from_dict(e["item"]).sheet, request)


app.BEFORE_ROLL.append(before_roll)


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


def slug(text: str) -> str:
    out = "".join(c.lower() if c.isalnum() else "-" for c in text).strip("-")
    return "-".join(p for p in out.split("-") if p)[:40] or "tirada"


@when("click", "#export-all")
def on_export_all(event) -> None:
    download(f"tirada-{time.strftime('%Y%m%d-%H%M', time.gmtime())}.json", storage.backup(STORE.all_data(), iso_now()))


def export_one(key: str) -> None:
    e = find(key)
    if e is not None:
        data = storage.select(STORE.all_data(), character_id=key)
        download(f"tirada-{slug(e['name'])}.json", storage.backup(data, iso_now()))


def export_campaign(campaign: str) -> None:
    data = storage.select(STORE.all_data(), campaign=campaign)
    download(f"tirada-{slug(campaign)}.json", storage.backup(data, iso_now()))


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
    except ValueError as err:
        why = getattr(err, "message", str(err))
        why = errors_es.to_spanish(why) if app.State.lang == "es" else why
        status("backup-status", fmt("data.bad_file", why=f"JSON: {why}"), error=True)
        return
    plan = storage.plan_import(STORE.all_data(), doc)
    if not plan["add"] and not plan["replace"] and plan["errors"] and not plan["same"]:
        first = plan["errors"][0]
        status("backup-status", fmt("data.bad_file", why=f'{first["field"]}: {first["message"]}'), error=True)
        return
    Data.pending = doc
    el("import-plan").innerHTML = plan_html(plan)
    el("import-confirm").hidden = not plan["add"] and not plan["replace"]
    status("backup-status", "" if plan["add"] or plan["replace"] else tr("data.nothing"))
    el("import-preview").hidden = False
    el("import-preview-heading").focus()


def plan_html(plan: dict) -> str:
    """The preview: sheets by name, history by count, each roller chain with its numbers and a
    checkbox, refused fields one per line."""
    Data.chain_keys = []
    out = []
    for verdict, key in (("add", "data.will_add"), ("replace", "data.will_replace")):
        items = plan[verdict]
        if not items:
            continue
        lines = [f'<li>{esc(i["name"])} <span class="meta">· {esc(tr("data.sys." + i["system"]))}'
                 f'{" · " + esc(i["campaign"]) if i["campaign"] else ""}</span></li>'
                 for i in items if i["part"] in ("characters", "tragedia_sheets")]
        history = sum(1 for i in items if i["part"] == "history")
        chains = sum(1 for i in items if i["part"] == "chains")
        if history:
            lines.append(f'<li>{esc(fmt("data.history_n", n=history))}</li>')
        if chains:
            lines.append(f'<li>{esc(fmt("data.chains_n", n=chains))}<ul>'
                         f'{"".join(chain_choice_html(i) for i in items if i["part"] == "chains")}</ul></li>')
        out.append(f'<h4>{esc(fmt(key, n=len(items)))}</h4><ul data-plan="{verdict}">{"".join(lines)}</ul>')
    if plan.get("history_dropped"):
        out.append(f'<p class="meta" data-plan="dropped">{esc(fmt("data.history_dropped", n=plan["history_dropped"]))}</p>')
    if plan["same"]:
        out.append(f'<p class="meta" data-plan="same">{esc(fmt("data.same", n=len(plan["same"])))}</p>')
    if plan["errors"]:
        lines = "".join(f'<li>{esc(e["field"])}: {esc(e["message"])}</li>' for e in plan["errors"][:50])
        out.append(f'<h4 class="error">{esc(fmt("data.errors", n=len(plan["errors"])))}</h4>'
                   f'<ul data-plan="errors">{lines}</ul>')
    return "".join(out)


def chain_choice_html(item: dict) -> str:
    """One roller chain of an import: its name and numbers, a checkbox left unticked (a chain
    changes only on explicit consent) and a warning when its name looks like a stored one."""
    Data.chain_keys.append(item["key"])
    name = item["name"] + (f' · {item["campaign"]}' if item["campaign"] else "")
    text = fmt("data.chain_choice", name=name, a=item["seq_from"], b=item["seq_to"])
    warn = ""
    if item.get("lookalike"):
        warn = f'<br><strong class="error">{esc(fmt("data.chain_lookalike", names=", ".join(item["lookalike"])))}</strong>'
    return (f'<li><label><input type="checkbox" data-chain="{len(Data.chain_keys) - 1}"> {esc(text)}</label>'
            f'{warn}</li>')


def consented_chains() -> list:
    """Keys of the chains whose checkbox the user ticked in the preview."""
    boxes = document.querySelectorAll("#import-plan input[data-chain]")
    return [Data.chain_keys[int(boxes.item(i).dataset.chain)] for i in range(boxes.length)
            if boxes.item(i).checked and int(boxes.item(i).dataset.chain) < len(Data.chain_keys)]


@when("click", "#import-confirm")
def on_import_confirm(event) -> None:
    confirm_import()


def confirm_import() -> None:
    """Merge the pending backup into what is stored now (read fresh) and write it."""
    if Data.pending is None:
        return
    existing = STORE.all_data()
    plan = storage.plan_import(existing, Data.pending)
    try:
        merged = storage.merge(existing, Data.pending, chains=consented_chains())
    except TiradaError as err:
        status("backup-status", fmt("data.bad_file", why=str(err)), error=True)
        return
    ok = STORE.put_data(merged)
    Data.pending = None
    el("import-preview").hidden = True
    el("import-file").value = ""
    if ok:
        status("backup-status", fmt("data.imported", a=len(plan["add"]), r=len(plan["replace"])))
    else:
        status("backup-status", tr("data.not_saved"), error=True)
    render_all()
    for callback in app.ON_LANG:  # other views show what was imported (history, Tragedia sheets)
        if callback is not relang:
            callback()
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


def render_history_card() -> None:
    el("data-history-count").textContent = fmt("data.history_count", n=len(STORE.history()))
    kb = f"{STORE.used_bytes() / 1024:.1f}"
    el("data-usage").textContent = fmt("data.usage", kb=kb.replace(".", ",") if app.State.lang == "es" else kb)


def render_aside() -> None:
    items = STORE.set_aside_items()
    el("data-aside").hidden = not items
    rows = []
    for key, raw in items:
        why = storage.diagnose(raw)
        text = fmt(f"data.why.{why['code']}", detail=why["detail"])
        rows.append(f'<li data-why="{esc(why["code"])}"><code>{esc(key)}</code>: {esc(text)}</li>')
    el("data-aside-list").innerHTML = "".join(rows)


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


def render_alert() -> None:
    """The view's own line about storage: unavailable (session only) or full."""
    lines = []
    if "storage.unavailable" in STORE.problems:
        lines.append(tr("data.unavailable"))
    if "storage.full" in STORE.problems:
        lines.append(tr("data.full"))
    el("data-alert").textContent = " ".join(lines)
    el("data-alert").hidden = not lines


def add_notice_button() -> None:
    """After the notice bar is drawn (app.ON_NOTICE): a button to this view, where the data can be
    exported or trimmed."""
    box = el("notice")
    if STORE.problems and box is not None:
        button = document.createElement("button")
        button.type = "button"
        button.className = "ghost notice-go"
        button.textContent = tr("data.go")
        button.dataset.go = "data"
        box.appendChild(button)
    render_alert()


app.ON_NOTICE.append(add_notice_button)


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
    render_aside()
    render_alert()


@when("click", "#tab-data")
def on_tab(event) -> None:
    """Opening the view: show what storage holds now."""
    render_all()


def relang() -> None:
    """Language switch or another tab's write: redraw the lists; the editor is redrawn (keeping
    what was typed) only for a new language, so typing is never interrupted by another tab."""
    new_lang = Data.lang != app.State.lang
    if new_lang:
        for node_id in ("char-status", "trim-status"):
            status(node_id, "")
    render_all()
    if Data.editing is not None:
        if find(Data.editing["key"]) is None:
            close_editor()
        elif new_lang:
            open_editor(Data.editing["key"], ui_sheets.read_fields(Data.editing["system"]))
    Data.lang = app.State.lang
    render_banner()


app.ON_LANG.append(relang)


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
    banner.addEventListener("click", create_proxy(on_banner))
    el("notice").addEventListener("click", create_proxy(on_notice))
    render_all()
