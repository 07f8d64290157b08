"""The Tragedia scene view: scene set-up, dice by source, the roll, sheets after, sharing (handlers).

Glue only: every rule lives in ``tirada.systems.tragedia.play`` (start / act / undo / view / links / sheet
forms) and ``tirada.systems.tragedia.snippet`` (words for each die's source, the outcome, forum snippets).
The HTML is web/tragedia/ui_scene_render.py (pure); the sheets card and the set-up's roles are
web/tragedia/ui_scene_sheets.py. The buttons come from the engine's ``legal_adds``: a source the rules refuse
now is a disabled button with the engine's reason next to it.

Longer than 400 lines because the scene's roll now runs under the chain lock (issue #39) beside its
handlers; splitting the handlers from the view is left for issue #40's typed events.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyscript import when, window

from shell import app
from shell import busy
from shell import chain_writer
from fair import ui_fair
from shell import ui_refusal
from shell import sharing
from shell import store as store_mod
from roll import ui_odds
from tragedia import ui_scene_render as view_html
from tragedia import ui_scene_sheets as sheets_card
from shell.app import STORE, el, tr
from shell.page_events import LangChanged, LinkOpening
from tirada.systems.tragedia import play, snippet as words
from tirada.systems.tragedia.records import SceneView
from tirada import TiradaError
from tirada.storage_records import sheet_names
from tirada.odds import odds
from tragedia.ui_scene_render import ROLES
from tragedia.ui_scene_sheets import render_sheets
from tirada.fields import typed_int


class Scene:
    """What the view shows: my scene (persisted), a scene opened from a link, and undo buffers."""

    ledger: dict | None = None       # my current scene ledger (tirada.systems.tragedia.play), or None
    shared: dict | None = None       # a ledger opened from a link (read-only until continued)
    view: SceneView | None = None    # the engine view of the ledger on screen (typed: read by attribute)
    discarded: dict | None = None    # the last discarded scene (for restore)
    acting: bool = False             # an action is being numbered (web/shell/chain_writer.py): others wait
    task: Any = None                 # the asyncio task of the last action (kept from the collector)


def shown():
    """The ledger on screen: a shared one first, else mine."""
    return Scene.shared if Scene.shared is not None else Scene.ledger


def lang() -> str:
    """The UI language."""
    return app.State.lang


def show_line(node_id: str, text: str) -> None:
    """Show (or hide, with empty text) one error line."""
    node = el(node_id)
    node.textContent = text
    node.hidden = not text


# ------------------------------------------------------------------------------------- set-up
@when("submit", "#scene-setup")
def on_start(event) -> None:
    event.preventDefault()
    start_scene()


def table_settings() -> dict:
    """The set-up's table settings (docs/tragedia-scene.md §Table settings); not numbers go as text."""
    out = {}
    for key, node in (("henchman_tragedy_drop", "setup-henchman-drop"),
                      ("ally_consequences_removed", "setup-ally-removes")):
        raw = str(el(node).value).strip()
        out[key] = typed_int(raw)
    return out


def start_scene() -> None:
    """Build the set-up from the form and the saved sheets; the engine checks it."""
    stored = STORE.sheets()
    sheets = dict(zip(sheet_names(stored), stored))   # the stored dicts go into the set-up as they are
    participants = [{"role": role, "sheet": sheets[name]} for name, role in sheets_card.Sheets.roles.items()
                    if role in ROLES and name in sheets]
    themes = [t.strip() for t in str(el("setup-themes").value).splitlines() if t.strip()]
    setup = {"kind": str(el("setup-kind").value), "objective": str(el("setup-objective").value).strip(),
             "themes": themes, "participants": participants, "table": table_settings(),
             "campaign": str(el("campaign").value).strip() or None}   # the roll view's label names the chains
    try:
        ledger = play.start(setup)
    except TiradaError as err:
        ui_refusal.line("setup-error", err)
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
    if view.ended:
        STORE.save_sheets([s.to_dict() for s in view.sheets])
        STORE.set_themes(list(view.themes))
    app.show_notices()


def render_odds(view: SceneView) -> None:
    """The exact odds of the scene's final roll as the pools stand (tirada.odds), while gathering."""
    box = el("scene-odds")
    pro, adv = view.pools.protagonist, view.pools.adversary
    if view.phase != "gathering" or not (pro.dice or pro.auto_successes or adv.dice):
        box.hidden = True
        return
    request = {"system": "tragedia", "protagonist_dice": pro.dice, "adversary_dice": adv.dice,
               "auto_successes": pro.auto_successes, "protagonist_wins_ties": bool(pro.wins_ties)}
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
        ui_refusal.line("setup-error", err)
        return
    Scene.view = view
    el("scene-play").hidden = False
    el("play-objective").innerHTML = view_html.objective_html(view, lang())
    el("play-pools").innerHTML = view_html.pools_html(view, lang())
    render_odds(view)
    el("play-phase").textContent = view_html.phase_text(view, lang())
    el("scene-proves").textContent = view_html.proves_text(view, lang())
    el("play-controls").hidden = readonly
    el("scene-next").textContent = view_html.next_text(view, lang()) if readonly else ""
    el("scene-continue").hidden = not readonly or view.phase == "decided"
    render_actor(view)
    el("play-undo").disabled = not view.can_undo
    el("play-roll").disabled = not view.can_roll
    el("play-roll").textContent = tr("play.roll_post" if view.phase == "post_loss" else "play.roll")
    el("play-roll").hidden = view.phase == "decided"
    el("play-faces").parentElement.hidden = view.phase == "decided"
    el("play-log-empty").hidden = bool(view.contributions)
    el("play-log").innerHTML = view_html.log_html(view, lang())
    if view.roll is not None:
        el("scene-result").innerHTML = view_html.result_html(view, lang())
        el("scene-result").hidden = False
    if view.ended:
        el("after-sheets").innerHTML = "".join(view_html.sheet_html(s, False, lang()) for s in view.sheets)
        el("after-status").textContent = "" if readonly else tr("after.saved")
        el("after-save-shared").hidden = not readonly
        el("scene-after").hidden = False
    try:
        el("scene-link").value = sharing.page_link(play.to_fragment(ledger))
        el("scene-share").hidden = False
        el("scene-discard").hidden = readonly
        el("scene-copy-status").textContent = ""
    except TiradaError as err:
        ui_refusal.line("play-error", err)


def render_actor(view: SceneView) -> None:
    """The "who adds" select and the sources and moves of the chosen participant."""
    select = el("play-actor")
    current = str(select.value)
    names = [p.name for p in view.participants]
    select.innerHTML = view_html.actor_options_html(view, lang())
    select.value = current if current in names else names[0]
    p = view.participant(str(select.value))
    el("play-sources").innerHTML = view_html.sources_html(p, view.phase == "gathering", lang())
    el("play-sources").dataset.actor = p.name
    el("play-moves").innerHTML = view_html.moves_html(p, view, lang())


@when("change", "#play-actor")
def on_actor(event) -> None:
    if Scene.view is not None:
        show_line("play-error", "")
        render_actor(Scene.view)


def do_act(action: dict) -> None:
    """Ask the engine to add ``action`` to my scene; on refusal show its one-line reason. A roll
    (the only action that takes a chain number) runs as a task under the chain lock
    (web/shell/chain_writer.py): until it lands the play card is busy (web/shell/busy.py: its
    controls disabled, a progress line after the roll button), so no other action can be sent on
    the scene being replaced; the others run at once."""
    if Scene.acting:   # unreachable by a click: the play card's controls are disabled meanwhile
        return
    if "roll" not in action:
        _acted(action, engine_act(action))
        return
    Scene.acting = True
    Scene.task = asyncio.ensure_future(_roll(action, busy.begin(el("scene-play"), el("play-roll"))))


async def _roll(action: dict, held: busy.Busy | None) -> None:
    """The roll under the chain lock; then the play card is released and the result focused."""
    try:
        ledger = await chain_writer.hold(lambda: engine_act(action))   # one tab at a time (issue #39)
        busy.end(held)
        _acted(action, ledger)
    finally:
        busy.end(held)
        Scene.acting = False


def engine_act(action: dict) -> dict | TiradaError:
    """The engine's new ledger for ``action`` (with the play note), or its refusal."""
    note = str(el("play-note").value).strip()
    if note and ("add" in action or "claim" in action or "impose" in action):
        action = {**action, "note": note}
    try:
        return play.act(Scene.ledger or {}, action, commit=ui_fair.commit_for(play.ledger_campaign(Scene.ledger)))
    except TiradaError as err:
        return err


def _acted(action: dict, ledger: dict | TiradaError) -> None:
    """Show what the engine answered to ``action``: its refusal, or the scene with it."""
    if isinstance(ledger, TiradaError):
        ui_refusal.line("play-error", ledger)
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
        action = {"impose": "consequence", "by": name, "consequence": str(el("impose-text").value).strip()}
        if el("impose-target") is not None:
            action["target"] = str(el("impose-target").value)
        do_act(action)
    elif form == "impose_tragedy":
        do_act({"impose": "tragedy", "by": name, "target": str(el("impose-target").value)})
    elif form == "claim":
        do_act({"claim": "domain", "by": name, "domain": str(el("claim-name").value).strip(),
                "destiny": app.number("claim-destiny"), "from": str(el("claim-from").value)})
    elif form == "take":  # a floating Domain: the chosen option holds the move, the bid is typed
        do_act({**json.loads(str(el("take-domain").value)), "destiny": app.number("take-destiny")})
    elif form == "transform":
        do_act({"transform": "protagonist", "by": name, "flaw": str(el("t-flaw").value).strip(),
                "trait": str(el("t-trait").value), "new_trait": str(el("t-new").value).strip(),
                "tragedy_text": str(el("t-text").value).strip()})


@when("click", "#play-roll")
def on_roll(event) -> None:
    if Scene.view is None:
        return
    action: dict[str, object] = {"roll": "final" if Scene.view.phase == "gathering" else "post_loss", "by": str(el("play-actor").value)}
    try:
        faces = sharing.parse_faces(str(el("play-faces").value))
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
        ledger = play.undo(Scene.ledger or {})
    except TiradaError as err:
        ui_refusal.line("play-error", err)
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
        ui_refusal.line("setup-error", err, prefix=f'{tr("error.link")}: ')
        el("setup-error").focus()   # what changed (the reading core's first view had the focus)
        return
    show_line("play-error", "")
    show_line("setup-error", "")   # an earlier link's error
    el("sheets-card").open = False
    render_all()
    shared = el("scene-shared")
    shared.scrollIntoView()   # the outcome or the next step first (#scene-next)
    shared.focus()            # and the focus: what changed (the reading core's first view had it)


def on_link_opening(event: LinkOpening) -> None:
    """Another kind of link is opened (web/shell/page_events.py): the error of an earlier scene link goes."""
    if event.kind != "scene":
        show_line("setup-error", "")


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
    if Scene.view is not None and Scene.view.ended:
        STORE.save_sheets([s.to_dict() for s in Scene.view.sheets])
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
    await sharing.copy(text, "scene-copy-status", "scene-link")


# ----------------------------------------------------------------------------------- start-up
def render_all() -> None:
    render_sheets()
    render_scene()


def on_lang_changed(_event: LangChanged) -> None:
    """Re-render in the current language (also after another tab changed the stored scene); not
    while a roll is being numbered (its landing re-renders: the busy card keeps its controls off)."""
    if Scene.acting:
        return
    if Scene.shared is None:
        Scene.ledger = STORE.scene()
    render_all()


def start() -> None:
    """Resume the stored scene and show the saved sheets."""
    Scene.ledger = STORE.scene()
    el("setup-themes").value = "\n".join(STORE.themes())
    el("sheets-card").open = Scene.ledger is None
    render_all()
