"""The Tragedia scene view: sheets, scene set-up, dice by source, the roll, sheets after, sharing.

Glue only: every rule lives in ``tirada.systems.tragedia.play`` (start / act / undo / view / links / sheet
forms) and ``tirada.systems.tragedia.snippet`` (words for each die's source, the outcome, forum snippets).
The buttons come from the engine's ``legal_adds``: a source the rules refuse now is a disabled
button with the engine's reason next to it.
"""

from __future__ import annotations

import json

from pyscript import when, window

import app
import ui_odds
import store as store_mod
from app import STORE, el, tr
from render import esc
from tirada.systems.tragedia import play
from tirada.systems.tragedia import snippet as words
from tirada.errors import TiradaError
from tirada.odds import odds
from tirada.systems.tragedia.sheet import Sheet

#: sources in the order the rule file lists them (tragedia.md §Gathering dice).
SOURCES = ("trait", "theme", "destiny", "tragedy", "domain", "flaw", "turned_trait", "consequence",
           "tragedy_5", "support", "last_die")
ROLES = ("protagonist", "ally", "adversary", "henchman")
SHEET_FIELDS = ("name", "flaw", "tragedy", "tragedy_text", "destiny", "victories", "traits", "exhausted",
                "domains", "consequences")


class Scene:
    """What the view shows: my scene (persisted), a scene opened from a link, and undo buffers."""

    ledger = None       # my current scene ledger (tirada.systems.tragedia.play), or None
    shared = None       # a ledger opened from a link (read-only until continued)
    view = None         # the engine view of the ledger on screen
    editing = None      # name of the sheet in the form, when editing
    deleted = None      # the last deleted sheet (for undo)
    discarded = None    # the last discarded scene (for restore)
    roles: dict = {}    # sheet name → role chosen in the set-up


def shown():
    """The ledger on screen: a shared one first, else mine."""
    return Scene.shared if Scene.shared is not None else Scene.ledger


def lang() -> str:
    return app.State.lang


def show_line(node_id: str, text: str) -> None:
    """Show (or hide, with empty text) one error line."""
    node = el(node_id)
    node.textContent = text
    node.hidden = not text


# ------------------------------------------------------------------------------------ sheets
def sheet_html(sheet: dict, actions: bool) -> str:
    """One sheet as a list item: Tragedy, Destiny, Victories, Flaw, Traits (fresh/exhausted as
    words), Domains, Consequences; with Edit/Delete buttons when ``actions``."""
    name = esc(sheet["name"])
    traits = [f'<span class="trait {"tired" if t["exhausted"] else "fresh"}">{esc(t["name"])} '
              f'({esc(tr("sheet.tired" if t["exhausted"] else "sheet.fresh"))})</span>'
              for t in sheet.get("traits", [])]
    domains = [f'{esc(d["name"])} ({d["destiny"]} {esc(tr("sheet.destiny"))})' if d["destiny"]
               else f'{esc(d["name"])} ({esc(tr("sheet.floating"))})' for d in sheet.get("domains", [])]
    none = esc(tr("sheet.none"))
    tragedy_text = f' — «{esc(sheet["tragedy_text"])}»' if sheet.get("tragedy_text") else ""
    achieved = (f' · <strong>{esc(tr("sheet.objective"))}</strong>' if sheet.get("objective_achieved") else "")
    parts = [
        f'<li class="sheet" data-sheet="{name}"><h3>{name}</h3>',
        f'<p>{esc(tr("sheet.tragedy"))}: <strong>{sheet.get("tragedy", 1)}</strong>{tragedy_text}</p>',
        f'<p>{esc(tr("sheet.destiny"))}: <strong data-destiny>{sheet.get("destiny", 0)}</strong> · '
        f'{esc(tr("sheet.victories"))}: <strong data-victories>{sheet.get("victories", 0)}</strong>{achieved}</p>',
        f'<p>{esc(tr("sheet.flaw"))}: {esc(sheet.get("flaw") or "—")}</p>',
        f'<p>{esc(tr("sheet.traits_short"))} ({esc(tr("sheet.limit"))}: {7 - int(sheet.get("tragedy", 1))}): '
        f'{", ".join(traits) or none}</p>',
        f'<p>{esc(tr("sheet.domains_short"))}: {", ".join(domains) or none}</p>',
        f'<p>{esc(tr("sheet.consequences_short"))}: '
        f'{", ".join(esc(c) for c in sheet.get("consequences", [])) or none}</p>',
    ]
    if actions:
        parts.append(f'<div class="buttons"><button type="button" class="ghost" data-sheet-edit="{name}">'
                     f'{esc(tr("sheets.edit"))} <span class="sr-only">{name}</span></button>'
                     f'<button type="button" class="ghost" data-sheet-delete="{name}">'
                     f'{esc(tr("sheets.delete"))} <span class="sr-only">{name}</span></button></div>')
    parts.append("</li>")
    return "".join(parts)


def render_sheets() -> None:
    sheets = STORE.sheets()
    el("sheets-empty").hidden = bool(sheets)
    el("sheet-list").innerHTML = "".join(sheet_html(s, True) for s in sheets)
    el("sheet-undo-delete").hidden = Scene.deleted is None
    el("sheet-form-heading").textContent = tr("sheets.editing" if Scene.editing else "sheets.new")
    el("sheet-cancel").hidden = Scene.editing is None
    render_roles(sheets)


def form_fields() -> dict:
    return {f: str(el(f"sheet-{f}").value) for f in SHEET_FIELDS}


def fill_form(fields: dict) -> None:
    for f in SHEET_FIELDS:
        el(f"sheet-{f}").value = fields.get(f, "")


@when("submit", "#sheet-form")
def on_sheet_save(event) -> None:
    event.preventDefault()
    save_sheet()


def save_sheet() -> None:
    """Check the form with the engine and store the sheet (replacing the one being edited)."""
    status = el("sheet-status")
    try:
        sheet = play.sheet_from_form(form_fields())
    except TiradaError as err:
        field = err.field if err.field in SHEET_FIELDS else "name"
        label = el(f"sheet-{field}").labels[0].textContent
        status.textContent = f"{label}: {err.message}" + (f" ({err.rule})" if err.rule else "")
        status.className = "error"
        el(f"sheet-{field}").focus()
        return
    names = [s["name"] for s in STORE.sheets()]
    if sheet["name"] in names and sheet["name"] != Scene.editing:
        status.textContent = f'{el("sheet-name").labels[0].textContent}: {tr("sheets.exists")}'
        status.className = "error"
        el("sheet-name").focus()
        return
    if Scene.editing and Scene.editing != sheet["name"]:
        STORE.delete_sheet(Scene.editing)
        Scene.roles[sheet["name"]] = Scene.roles.pop(Scene.editing, "")
    STORE.save_sheets([sheet])
    Scene.editing = None
    fill_form({"tragedy": "1", "destiny": "0", "victories": "0"})
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
    sheets = {s["name"]: s for s in STORE.sheets()}
    if isinstance(edit, str) and edit in sheets:
        Scene.editing = edit
        fill_form(play.sheet_to_form(sheets[edit]))
        render_sheets()
        el("sheet-name").focus()
    elif isinstance(delete, str) and delete in sheets:
        Scene.deleted = sheets[delete]
        STORE.delete_sheet(delete)
        render_sheets()
        el("sheet-undo-delete").focus()


@when("click", "#sheet-undo-delete")
def on_undo_delete(event) -> None:
    if Scene.deleted is not None:
        STORE.save_sheets([Scene.deleted])
        Scene.deleted = None
        render_sheets()


@when("click", "#sheet-cancel")
def on_sheet_cancel(event) -> None:
    Scene.editing = None
    fill_form({"tragedy": "1", "destiny": "0", "victories": "0"})
    el("sheet-status").textContent = ""
    render_sheets()


@when("click", "#sheet-example")
def on_example(event) -> None:
    """Store the example's four sheets and pre-fill the set-up with their roles and Themes."""
    sheets = [Sheet.from_dict(p["sheet"]).to_dict() for p in play.EXAMPLE["participants"]]
    STORE.save_sheets(sheets)
    for p in play.EXAMPLE["participants"]:
        Scene.roles[p["sheet"]["name"]] = p["role"]
    el("setup-objective").value = play.EXAMPLE["objective"]
    el("setup-themes").value = "\n".join(play.EXAMPLE["themes"])
    render_sheets()
    app.show_notices()


# ------------------------------------------------------------------------------------- set-up
def render_roles(sheets: list) -> None:
    """One role select per saved sheet (keeping the choices already made)."""
    el("setup-no-sheets").hidden = bool(sheets)
    rows = []
    for i, sheet in enumerate(sheets):
        chosen = Scene.roles.get(sheet["name"], "")
        options = [f'<option value=""{" selected" if not chosen else ""}>{esc(tr("role.none"))}</option>']
        options += [f'<option value="{r}"{" selected" if chosen == r else ""}>{esc(tr("role." + r))}</option>'
                    for r in ROLES]
        rows.append(f'<div class="field"><label for="role-{i}">{esc(sheet["name"])}</label>'
                    f'<select id="role-{i}" data-role-of="{esc(sheet["name"])}">{"".join(options)}</select></div>')
    el("setup-roles").innerHTML = "".join(rows)


@when("change", "#setup-roles")
def on_role(event) -> None:
    data = getattr(event.target, "dataset", None)
    role_of = getattr(data, "roleOf", None)
    if isinstance(role_of, str):
        Scene.roles[role_of] = str(event.target.value)


def parse_faces(text: str):
    """Typed faces "2, 5 4" → [2, 5, 4]; empty → None; ValueError on non-numbers."""
    cleaned = text.replace(",", " ").replace(";", " ").split()
    return [int(x) for x in cleaned] if cleaned else None


@when("submit", "#scene-setup")
def on_start(event) -> None:
    event.preventDefault()
    start_scene()


def start_scene() -> None:
    """Build the set-up from the form and the saved sheets; the engine checks it."""
    sheets = {s["name"]: s for s in STORE.sheets()}
    participants = [{"role": role, "sheet": sheets[name]} for name, role in Scene.roles.items()
                    if role in ROLES and name in sheets]
    themes = [t.strip() for t in str(el("setup-themes").value).splitlines() if t.strip()]
    setup = {"kind": str(el("setup-kind").value), "objective": str(el("setup-objective").value).strip(),
             "themes": themes, "participants": participants}
    try:
        ledger = play.start(setup)
    except TiradaError as err:
        show_line("setup-error", str(err))
        return
    show_line("setup-error", "")
    STORE.set_themes(themes)
    Scene.shared = None
    el("sheets-card").open = False
    commit(ledger)
    render_scene()
    el("play-heading").scrollIntoView()
    el("play-actor").focus()


# --------------------------------------------------------------------------------- the scene
def commit(ledger) -> None:
    """Make ``ledger`` my scene: store it and, once the scene has ended, the sheets it updated."""
    Scene.ledger = ledger
    STORE.set_scene(ledger)
    if ledger is None:
        return
    try:
        view = play.view(ledger)
    except TiradaError:
        return
    if view["ended"]:
        STORE.save_sheets([{k: v for k, v in s.items() if k != "objective_achieved"} for s in view["sheets"]])
        STORE.set_themes(view["themes"])
    app.show_notices()


def option_label(source: str, option: dict) -> str:
    """The button text of one legal option of a source."""
    base = tr(f"src.{source}")
    if source == "destiny":
        text = f'{base} {tr("use." + option["use"])}'
        if option.get("use") == "exhausted_trait":
            text += f' «{option.get("trait")}»'
        return text
    if source == "flaw":
        return f'{base}: {tr("src.flaw_" + str(option["dice"]))}'
    if source == "consequence":
        return f'{base} «{option["consequence"]}» ({option["target"]})'
    name = option.get("trait") or option.get("theme") or option.get("domain")
    return f"{base} «{name}»" if name else base


def sources_html(p: dict, gathering: bool) -> str:
    """Buttons of participant ``p`` (a scene_view participant): one per legal option; each illegal
    source disabled, with the rule and the engine's reason as text (folded away after the roll)."""
    legal, illegal = [], []
    for source in SOURCES:
        entry = p["adds"][source]
        if entry["legal"]:
            for option in entry["options"]:
                action = {"add": source, "by": p["name"], **option}
                legal.append(f'<li><button type="button" class="source" data-source="{source}" '
                             f'data-act="{esc(json.dumps(action, ensure_ascii=False))}">'
                             f'{esc(option_label(source, option))}</button></li>')
        else:
            illegal.append(f'<li><button type="button" class="source" data-source="{source}" disabled '
                           f'aria-describedby="why-{source}">{esc(tr("src." + source))}</button> '
                           f'<span class="reason" id="why-{source}">{esc(tr("why." + source))} '
                           f'<small lang="en">{esc(entry["reason"] or "")}</small></span></li>')
    out = f'<ul class="legal">{"".join(legal)}</ul>' if legal else ""
    if illegal:
        out += (f'<details class="unavailable"{" open" if gathering else ""}><summary>'
                f'{esc(tr("play.unavailable"))} ({len(illegal)})</summary>'
                f'<ul class="illegal">{"".join(illegal)}</ul></details>')
    return out


def act_button(action: dict, label: str) -> str:
    return (f'<button type="button" class="ghost" data-act="{esc(json.dumps(action, ensure_ascii=False))}">'
            f'{esc(label)}</button>')


def moves_html(p: dict, view: dict) -> str:
    """Other moves open to participant ``p`` now: enter, drop Traits, decline, impose, transform,
    and claiming a Domain ("Me lo pido")."""
    name, parts = p["name"], []
    if p["can_enter"]:
        parts.append(act_button({"enter": "scene", "by": name}, tr("move.enter")))
    if p["trait_excess"]:
        sheet = next(s for s in view["sheets"] if s["name"] == name)
        parts += [act_button({"drop": "trait", "by": name, "trait": t["name"]},
                             f'{tr("move.drop")} «{t["name"]}»') for t in sheet["traits"]]
    if p["can_decline"]:
        parts.append(act_button({"decline": "post_loss", "by": name}, tr("move.decline")))
    if p["can_impose"]:
        parts.append(f'<div class="field"><label for="impose-text">{esc(tr("move.impose_text"))}</label>'
                     f'<input id="impose-text" type="text" maxlength="120"></div>'
                     f'<button type="button" class="ghost" data-form="impose">{esc(tr("move.impose"))}</button>')
        parts.append(act_button({"impose": "tragedy", "by": name}, tr("move.impose_tragedy")))
    if p["can_transform"]:
        hero = next(q["name"] for q in view["participants"] if q["role"] == "protagonist")
        protagonist = next(s for s in view["sheets"] if s["name"] == hero)
        options = "".join(f'<option>{esc(t["name"])}</option>' for t in protagonist["traits"])
        parts.append(
            f'<fieldset class="transform"><legend>{esc(tr("move.transform"))}</legend>'
            f'<div class="field"><label for="t-flaw">{esc(tr("move.t_flaw"))}</label><input id="t-flaw" type="text"></div>'
            f'<div class="field"><label for="t-trait">{esc(tr("move.t_trait"))}</label><select id="t-trait">{options}</select></div>'
            f'<div class="field"><label for="t-new">{esc(tr("move.t_new"))}</label><input id="t-new" type="text"></div>'
            f'<div class="field"><label for="t-text">{esc(tr("move.t_text"))}</label><input id="t-text" type="text"></div>'
            f'<button type="button" class="ghost" data-form="transform">{esc(tr("move.transform"))}</button></fieldset>')
    others = "".join(f'<option value="{esc(q["name"])}">{esc(q["name"])}</option>'
                     for q in view["participants"] if q["name"] != name)
    parts.append(
        f'<details class="claim"><summary>{esc(tr("move.claim"))}</summary>'
        f'<div class="field"><label for="claim-name">{esc(tr("move.claim_name"))}</label>'
        f'<input id="claim-name" type="text" maxlength="120"></div>'
        f'<div class="field"><label for="claim-from">{esc(tr("move.claim_from"))}</label>'
        f'<select id="claim-from">{others}</select></div>'
        f'<div class="field"><label for="claim-destiny">{esc(tr("move.claim_destiny"))}</label>'
        f'<input id="claim-destiny" type="number" inputmode="numeric" min="1" value="1"></div>'
        f'<button type="button" class="ghost" data-form="claim">{esc(tr("move.claim_do"))}</button></details>')
    return "".join(parts)


def pools_html(view: dict) -> str:
    """Running pool counts per side (and the post-loss dice), in words."""
    pro, adv = view["pools"]["protagonist"], view["pools"]["adversary"]
    extra = []
    if pro["auto_successes"]:
        extra.append(f'+{pro["auto_successes"]} {tr("play.auto")}')
    extra.append(tr("play.ties") if pro["wins_ties"] else tr("play.ties_adv"))
    out = (f'<p class="pool side-p"><strong>{esc(tr("play.side_p"))}</strong>: '
           f'<span class="count" data-pool="protagonist">{pro["dice"]}</span> {esc(tr("play.dice"))} '
           f'<span class="meta">({esc(", ".join(extra))})</span></p>'
           f'<p class="pool side-a"><strong>{esc(tr("play.side_a"))}</strong>: '
           f'<span class="count" data-pool="adversary">{adv["dice"]}</span> {esc(tr("play.dice"))}</p>')
    post = view["pools"].get("post_loss")
    if post:
        out += (f'<p class="pool">{esc(tr("play.post_pool"))}: {esc(tr("res.tragedy_dice"))} '
                f'{post["tragedy_dice"]} · {esc(tr("res.last_p"))} {post["protagonist_last_dice"]} · '
                f'{esc(tr("res.last_a"))} {post["adversary_last_dice"]}</p>')
    return out


def dice_html(faces: list, label: str) -> str:
    """Dice with even = success as a word on each die (colour is never the only signal)."""
    items = []
    for face in faces:
        ok = face % 2 == 0
        word = tr("res.success" if ok else "res.fail")
        items.append(f'<li class="die {"kept" if ok else "dropped"}" aria-label="{face}, {esc(word)}">'
                     f'<span class="face" aria-hidden="true">{face}</span>'
                     f'<span class="tag" aria-hidden="true">{esc(word)}</span></li>')
    return f'<ul class="dice" aria-label="{esc(label)}">{"".join(items)}</ul>'


def result_html(view: dict) -> str:
    """The roll: each side's faces per stage, successes, and the outcome in words."""
    roll = view["roll"]
    parts = [f'<h2>{esc(tr("res.heading"))}</h2>']
    for stage in roll["stages"]:
        if stage["stage"] == "final":
            auto = (f' <span class="meta">{esc(tr("res.auto"))}: {stage["auto_successes"]}</span>'
                    if stage["auto_successes"] else "")
            parts.append(f'<h3>{esc(tr("res.final"))}</h3>'
                         f'<p>{esc(tr("play.side_p"))}{auto}</p>'
                         + dice_html(stage["protagonist_faces"], tr("play.side_p"))
                         + f'<p>{esc(tr("play.side_a"))}</p>'
                         + dice_html(stage["adversary_faces"], tr("play.side_a"))
                         + f'<p class="score" data-score="{stage["protagonist_successes"]}-{stage["adversary_successes"]}">'
                         f'{stage["protagonist_successes"]} – {stage["adversary_successes"]} '
                         f'{esc(tr("res.successes"))}</p>')
        else:
            parts.append(f'<h3>{esc(tr("res.post"))}</h3>'
                         f'<p>{esc(tr("res.tragedy_dice"))}</p>' + dice_html(stage["tragedy_faces"], tr("res.tragedy_dice"))
                         + f'<p>{esc(tr("res.last_p"))}</p>' + dice_html(stage["protagonist_last_faces"], tr("res.last_p"))
                         + f'<p>{esc(tr("res.last_a"))}</p>' + dice_html(stage["adversary_last_faces"], tr("res.last_a")))
    if view["phase"] == "decided":
        cls = "ok" if roll["winner"] == "protagonist" else "bad"
        parts.append(f'<p class="verdict {cls}" id="scene-verdict" data-winner="{roll["winner"]}">'
                     f'{esc(words.outcome(view, lang()))}</p>')
    else:
        parts.append(f'<p class="verdict bad" id="scene-verdict" data-winner="pending">'
                     f'{esc(words.outcome(view, lang()))}</p>')
    if view["given_faces"]:
        parts.append(f'<p class="meta">{esc(tr("res.given"))}</p>')
    return "".join(parts)


def render_odds(view: dict) -> None:
    """The exact odds of the scene's final roll as the pools stand (tirada.odds), while gathering."""
    box = el("scene-odds")
    pro, adv = view["pools"]["protagonist"], view["pools"]["adversary"]
    if view["phase"] != "gathering" or not (pro["dice"] or pro["auto_successes"] or adv["dice"]):
        box.hidden = True
        return
    request = {"system": "tragedia", "protagonist_dice": pro["dice"], "adversary_dice": adv["dice"],
               "auto_successes": pro["auto_successes"], "protagonist_wins_ties": bool(pro["wins_ties"])}
    try:
        box.innerHTML = ui_odds.card_html(odds(request), "scene-odds")
        box.hidden = False
    except TiradaError:
        box.hidden = True


def render_scene() -> None:
    """Render the scene on screen (mine or a shared one), or the set-up when there is none."""
    ledger, readonly = shown(), Scene.shared is not None
    el("scene-shared").hidden = not readonly
    el("scene-setup").hidden = ledger is not None
    el("scene-restore").hidden = Scene.discarded is None or ledger is not None
    for node in ("scene-play", "scene-result", "scene-after", "scene-share"):
        el(node).hidden = True
    if ledger is None:
        Scene.view = None
        return
    try:
        view = play.view(ledger)
    except TiradaError as err:
        Scene.view = None
        el("scene-setup").hidden = False
        show_line("setup-error", str(err))
        return
    Scene.view = view
    el("scene-play").hidden = False
    el("play-objective").innerHTML = (f'<strong>{esc(tr("play.objective"))}:</strong> {esc(view["objective"])}'
                                      if view["objective"] else "")
    el("play-pools").innerHTML = pools_html(view)
    render_odds(view)
    phase = {"post_loss": tr("play.post_loss"), "decided": tr("play.decided")}.get(view["phase"], "")
    el("play-phase").textContent = phase
    el("play-controls").hidden = readonly
    el("scene-continue").hidden = not readonly or view["phase"] == "decided"
    render_actor(view)
    el("play-undo").disabled = not view["can_undo"]
    el("play-roll").disabled = not view["can_roll"]
    el("play-roll").textContent = tr("play.roll_post" if view["phase"] == "post_loss" else "play.roll")
    el("play-roll").hidden = view["phase"] == "decided"
    el("play-faces").parentElement.hidden = view["phase"] == "decided"
    contributions = view["contributions"]
    el("play-log-empty").hidden = bool(contributions)
    el("play-log").innerHTML = "".join(f'<li>{esc(words.describe_text(c, lang()))}</li>' for c in contributions)
    if view["roll"]:
        el("scene-result").innerHTML = result_html(view)
        el("scene-result").hidden = False
    if view["ended"]:
        el("after-sheets").innerHTML = "".join(sheet_html(s, False) for s in view["sheets"])
        el("after-status").textContent = "" if readonly else tr("after.saved")
        el("after-save-shared").hidden = not readonly
        el("scene-after").hidden = False
    try:
        el("scene-link").value = app.page_url() + "#" + play.to_fragment(ledger)
        el("scene-share").hidden = False
        el("scene-discard").hidden = readonly
        el("scene-copy-status").textContent = ""
    except TiradaError as err:
        show_line("play-error", str(err))


def render_actor(view: dict) -> None:
    """The "who adds" select and the sources and moves of the chosen participant."""
    select = el("play-actor")
    current = str(select.value)
    names = [p["name"] for p in view["participants"]]
    select.innerHTML = "".join(
        f'<option value="{esc(p["name"])}">{esc(p["name"])} — {esc(tr("role." + p["role"]))} '
        f'({esc(tr("sheet.destiny"))} {p["destiny"]})</option>' for p in view["participants"])
    select.value = current if current in names else names[0]
    p = view["participants"][names.index(str(select.value))]
    el("play-sources").innerHTML = sources_html(p, view["phase"] == "gathering")
    el("play-sources").dataset.actor = p["name"]
    el("play-moves").innerHTML = moves_html(p, view)


@when("change", "#play-actor")
def on_actor(event) -> None:
    if Scene.view is not None:
        show_line("play-error", "")
        render_actor(Scene.view)


def do_act(action: dict) -> None:
    """Ask the engine to add ``action`` to my scene; on refusal show its one-line reason."""
    note = str(el("play-note").value).strip()
    if note and ("add" in action or "claim" in action or "impose" in action):
        action = {**action, "note": note}
    try:
        ledger = play.act(Scene.ledger, action)
    except TiradaError as err:
        show_line("play-error", str(err))
        return
    show_line("play-error", "")
    el("play-note").value = ""
    el("play-newname").value = ""
    el("play-faces").value = ""
    commit(ledger)
    render_all()
    if "roll" in action:
        el("scene-result").focus()


@when("click", "#play-sources")
def on_source(event) -> None:
    data = getattr(event.target.closest("[data-act]"), "dataset", None)
    act = getattr(data, "act", None)
    if not isinstance(act, str):
        return
    action = json.loads(act)
    missing = [k for k, v in action.items() if v is None]
    if missing:
        name = str(el("play-newname").value).strip()
        if not name:
            show_line("play-error", tr("play.need_name"))
            el("play-newname").focus()
            return
        action.update({k: name for k in missing})
    do_act(action)


@when("click", "#play-moves")
def on_move(event) -> None:
    button = event.target.closest("button")
    data = getattr(button, "dataset", None)
    if data is None or Scene.view is None:
        return
    name, act, form = str(el("play-actor").value), getattr(data, "act", None), getattr(data, "form", None)
    if isinstance(act, str):
        do_act(json.loads(act))
    elif form == "impose":
        do_act({"impose": "consequence", "by": name, "consequence": str(el("impose-text").value).strip()})
    elif form == "claim":
        try:
            points = int(str(el("claim-destiny").value))
        except ValueError:
            points = 0
        do_act({"claim": "domain", "by": name, "domain": str(el("claim-name").value).strip(),
                "destiny": points, "from": str(el("claim-from").value)})
    elif form == "transform":
        do_act({"transform": "protagonist", "by": name, "flaw": str(el("t-flaw").value).strip(),
                "trait": str(el("t-trait").value), "new_trait": str(el("t-new").value).strip(),
                "tragedy_text": str(el("t-text").value).strip()})


@when("click", "#play-roll")
def on_roll(event) -> None:
    if Scene.view is None:
        return
    action = {"roll": "final" if Scene.view["phase"] == "gathering" else "post_loss"}
    try:
        faces = parse_faces(str(el("play-faces").value))
    except ValueError:
        show_line("play-error", tr("setup.faces_error"))
        el("play-faces").focus()
        return
    if faces is not None:
        action["faces"] = faces
    do_act(action)


@when("click", "#play-undo")
def on_undo(event) -> None:
    try:
        ledger = play.undo(Scene.ledger)
    except TiradaError as err:
        show_line("play-error", str(err))
        return
    show_line("play-error", "")
    commit(ledger)
    render_all()


@when("click", "#scene-discard")
def on_discard(event) -> None:
    Scene.discarded = Scene.ledger
    commit(None)
    el("sheets-card").open = True
    render_all()
    el("scene-restore").focus()


@when("click", "#scene-restore")
def on_restore(event) -> None:
    if Scene.discarded is not None:
        commit(Scene.discarded)
        Scene.discarded = None
        render_scene()


# -------------------------------------------------------------------------------- shared links
def open_scene_link(fragment: str) -> None:
    """Open a scene link: replay it read-only (it may be continued here if not decided)."""
    app.show_view("scene")
    try:
        Scene.shared = play.from_fragment(fragment)
    except TiradaError as err:
        Scene.shared = None
        render_all()
        show_line("setup-error", f'{tr("error.link")}: {err}')
        return
    show_line("play-error", "")
    show_line("setup-error", "")   # an earlier link's error
    el("sheets-card").open = False
    render_all()
    el("play-heading").scrollIntoView()


app.ROUTES["scene"] = open_scene_link
app.ON_LINK.append(lambda kind: kind == "scene" or show_line("setup-error", ""))


@when("click", "#scene-continue")
def on_continue(event) -> None:
    if Scene.shared is None:
        return
    if Scene.ledger is not None:
        Scene.discarded = Scene.ledger
    ledger, Scene.shared = Scene.shared, None
    store_mod.clear_fragment(window)
    commit(ledger)
    render_scene()


@when("click", "#scene-close-shared")
def on_close_shared(event) -> None:
    Scene.shared = None
    store_mod.clear_fragment(window)
    render_scene()


@when("click", "#after-save-shared")
def on_save_shared(event) -> None:
    if Scene.view is not None and Scene.view["ended"]:
        STORE.save_sheets([{k: v for k, v in s.items() if k != "objective_achieved"}
                           for s in Scene.view["sheets"]])
        el("after-status").textContent = tr("after.saved")
        render_sheets()
        app.show_notices()


@when("click", "[data-scene-copy]")
async def on_copy(event) -> None:
    data = getattr(event.target.closest("[data-scene-copy]"), "dataset", None)
    url = str(el("scene-link").value)
    if data is None or Scene.view is None or not url:
        return
    kind = str(getattr(data, "sceneCopy", "link"))
    text = url if kind == "link" else words.snippet(Scene.view, url, style=kind, lang=lang())
    status = el("scene-copy-status")
    try:
        await window.navigator.clipboard.writeText(text)
        status.textContent = tr("action.copied")
    except Exception:
        el("scene-link").value = text
        el("scene-link").select()
        status.textContent = tr("action.copy_failed")


# ----------------------------------------------------------------------------------- start-up
def render_all() -> None:
    render_sheets()
    render_scene()


def relang() -> None:
    """Re-render in the current language (also after another tab changed the stored scene)."""
    if Scene.shared is None:
        Scene.ledger = STORE.scene()
    render_all()


app.ON_LANG.append(relang)


def start() -> None:
    """Resume the stored scene and show the saved sheets."""
    Scene.ledger = STORE.scene()
    el("setup-themes").value = "\n".join(STORE.themes())
    el("sheets-card").open = Scene.ledger is None
    render_all()
