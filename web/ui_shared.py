"""The shared-roll view (issue #14): what a forum reader sees on opening a roll link (glue only).

Opening any roll link shows first, full width, the verified result, the pool in the game's
notation, the label, roller and chain position, the trust line and the actions — "roll this again"
(the form filled with the link's request) and copy for the forum. A link that cannot be read or
verified gets the same view with the reason. HTML comes from shared_view.py (pure renderers).
"""

from __future__ import annotations

from pyscript import document, when, window

import app
import refusal
import result_views
import shared_view
import sharing
import store as store_mod
import ui_dice
import ui_roll
from app import el, tr
from strings import SIFRP_DIFFICULTIES
from tirada.links.roll_link import open_roll
from tirada.errors import TiradaError
from tirada.systems.notation import format_post


class Shared:
    """The link on screen: ``error`` (a TiradaError) when it could not be verified."""

    error: TiradaError | None = None


#: the generic fields the plain form holds; a request with any other goes back as notation
_PLAIN_FIELDS = ("system", "seed", "label", "dice", "sides", "keep", "keep_lowest", "modifier", "difficulty")


def visible() -> bool:
    """True while the shared-roll view is shown."""
    return not el("shared").hidden


def open_link(fragment: str) -> None:
    """Open a roll link: verify it (one decoding, one roll) and show the shared-roll view."""
    app.show_view("roll")
    try:
        verified = open_roll(fragment)
    except TiradaError as err:
        ui_roll.Roll.current, ui_roll.Roll.faces_result, Shared.error = None, None, err
    else:
        ui_roll.Roll.current, ui_roll.Roll.faces_result = {**verified, "fragment": fragment}, None
        Shared.error = None
    el("shared").hidden = False
    render()
    heading = el("shared-heading")
    if heading is not None:
        heading.focus()
    window.scrollTo(0, 0)


def _message(err: TiradaError) -> str:
    return refusal.text(err, app.State.lang)


def render() -> None:
    """Draw the shared-roll view in the current language (nothing when it is not shown)."""
    if not visible():
        return
    lang, v = app.State.lang, ui_roll.Roll.current
    for node in document.querySelectorAll("#shared [data-needs-roll]"):
        node.hidden = v is None
    el("result").hidden = True
    el("share").hidden = True
    if v is None:
        message = _message(Shared.error) if Shared.error is not None else tr("error.link")
        el("shared-body").innerHTML = shared_view.broken_html(message, lang)
        return
    try:
        view = ui_roll.view_for(v["request"]["system"])
    except result_views.UnknownSystem:    # a system this page cannot draw: a refusal, never a crash
        el("shared-body").innerHTML = shared_view.broken_html(tr("shared.unknown_system"), lang)
        return
    # "roll this again" fills the roll form: only for systems that have one (a Tragedia roll is
    # rolled in its scene)
    el("roll-again").hidden = v["request"]["system"] not in ui_roll.FORMS
    result = {k: val for k, val in v["result"].items() if k != "label"}
    el("shared-body").innerHTML = shared_view.verified_html(v, lang, view.render_result(result, lang),
                                                            view.summary(v["result"], lang), sharing.page_url())
    el("shared-link").value = sharing.page_link(v["fragment"])
    el("shared-copy-status").textContent = ""


def close() -> None:
    """Leave the shared-roll view for the reader's own roll form."""
    store_mod.clear_fragment(window)
    el("shared").hidden = True
    ui_roll.Roll.current, Shared.error = None, None
    el("result").hidden = True
    el("share").hidden = True


def forget_link(kind: str) -> None:
    """Another kind of link is being opened: drop the shared roll or its error (no stale screen)."""
    if kind != "roll" and visible():
        el("shared").hidden = True
        ui_roll.Roll.current, Shared.error = None, None


app.ON_LINK.append(forget_link)


@when("click", "#new-roll")
def on_new_roll(event) -> None:
    close()
    el("system").focus()


@when("click", "#roll-again")
def on_roll_again(event) -> None:
    v = ui_roll.Roll.current
    if v is None:
        return
    request = dict(v["request"])
    close()
    fill_form(request)
    el("roller-form").scrollIntoView()
    el("roll").focus()


# ----------------------------------------------------------------------------- roll again
def _set(fieldset, name: str, value) -> None:
    node = app.node(fieldset.querySelector(f'[name="{name}"]'))
    if node is None:
        return
    if str(node.type) == "checkbox":
        node.checked = bool(value)
    else:
        node.value = "" if value is None else str(value)


def fill_form(request: dict) -> None:
    """Put a link's request in the roll form (system, its fields, the label); the reader's own
    roller identity stays. The form then rolls it with a fresh seed."""
    system = request.get("system")
    if system not in ui_roll.FORMS:
        return
    el("system").value = system
    ui_roll.sync_system()
    fs = document.querySelector(f'fieldset[data-system="{system}"]')
    if system == "sifrp":
        for name in ("test_dice", "bonus_dice", "penalty_dice", "modifier"):
            _set(fs, name, request.get(name, 3 if name == "test_dice" else 0))
        difficulty = request.get("difficulty", 9)
        step = str(difficulty) if difficulty in SIFRP_DIFFICULTIES else "custom"
        _set(fs, "difficulty_step", step)
        _set(fs, "difficulty", difficulty)
        ui_dice.sync_difficulty()
        _set(fs, "destiny_bonus", request.get("destiny_bonus"))
        _fill_sifrp_more(fs, request)
    elif system == "generic":
        # anything the plain fields cannot hold (several rolls, groups, arithmetic, any notation operator)
        fancy = any(k not in _PLAIN_FIELDS for k in request)
        _set(fs, "notation", format_post(request) if fancy else "")
        if not fancy:
            for name in ("dice", "sides", "modifier"):
                _set(fs, name, request.get(name, 0))
            _set(fs, "keep", request.get("keep", request.get("dice")))
            _set(fs, "keep_lowest", request.get("keep_lowest"))
        _set(fs, "difficulty", request.get("difficulty"))
        ui_dice.sync_notation()
    else:
        for name in ("ring", "skill", "tn", "assist_skilled", "assist_unskilled"):
            _set(fs, name, request.get(name, 0))
        for name in ("void", "compromised", "distinction", "adversity", "passion", "anxiety"):
            _set(fs, name, request.get(name))
        _set(fs, "stance", request.get("stance") or "")
    el("label").value = request.get("label") or ""
    el("faces").value = ""
    import ui_odds
    ui_odds.schedule(ui_roll.odds_request)


def _fill_sifrp_more(fs, request: dict) -> None:
    """The SIFRP form's teamwork, extra time, conflict, competition and extended-test fields from a
    link's request (empty when the request has none), each section opened when it is used."""
    helpers = request.get("helpers")
    _set(fs, "helpers", ", ".join(str(h) for h in helpers) if isinstance(helpers, list) else "")
    _set(fs, "allow_more_helpers", request.get("allow_more_helpers"))
    for name in ("extra_time", "passive_rank", "weapon_damage", "name", "extended_goal", "extended_span"):
        _set(fs, name, request.get(name))
    _set(fs, "extended_count", request.get("extended_count") or "degrees")
    _set(fs, "extended_max", request.get("extended_max", 10))
    rivals = given if isinstance(given := request.get("rivals"), list) else []
    for i in range(ui_dice.RIVAL_ROWS):
        row = rivals[i] if i < len(rivals) and isinstance(rivals[i], dict) else {}
        for key in ("name", "test_dice", "bonus_dice", "penalty_dice", "modifier"):
            _set(fs, f"rivals[{i}].{key}", row.get(key))
    used = {"sifrp-helpers": helpers or request.get("extra_time"), "sifrp-conflict": request.get("passive_rank") or request.get("weapon_damage") is not None,
            "sifrp-competition": rivals, "sifrp-extended": request.get("extended_goal")}
    for box, on in used.items():
        if on:
            el(box).open = True


# ---------------------------------------------------------------- L5R faces: number → symbol
def render_faces_table() -> None:
    """The core book's number → symbol table beside the L5R faces mode (open while it is on)."""
    box = el("l5r-faces-table-box")
    if box is None:
        return
    box.innerHTML = shared_view.faces_table_html(app.State.lang)
    box.firstElementChild.open = bool(el("l5r-faces_mode").checked)


@when("change", "#l5r-faces_mode")
def on_faces_mode(event) -> None:
    render_faces_table()


def relang() -> None:
    render()
    render_faces_table()


app.ROUTES["roll"] = open_link
app.ON_LANG.append(relang)


# ----------------------------------------------------------------- phone tab row: "more" cue
def sync_tabs(*_args) -> None:
    """Hide the "more tabs →" cue once the sideways-scrolling tab row shows its last tab."""
    tabs = el("tabs")
    at_end = tabs.scrollLeft + tabs.clientWidth >= tabs.scrollWidth - 4
    el("tabs-wrap").classList.toggle("at-end", bool(at_end))


def reveal_tab(tab) -> None:
    """Bring the chosen tab fully into the sideways-scrolling row (phones), then update the cue.

    The browser does the scrolling; the row's ``scroll-padding-inline`` (style.css) keeps the tab
    clear of the row's edges, so the "Más →" cue beside the row never covers it."""
    from js import Object
    from pyodide.ffi import to_js

    tab.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=Object.fromEntries))
    sync_tabs()


def start() -> None:
    """Draw the L5R faces table and watch the tab row (the view itself opens from a link)."""
    from pyodide.ffi import create_proxy

    render_faces_table()
    listener = create_proxy(sync_tabs)
    el("tabs").addEventListener("scroll", listener)
    window.addEventListener("resize", listener)
    sync_tabs()
