"""The shared-roll view (issue #14): what a forum reader sees on opening a roll link (glue only).

Opening any roll link shows first, full width, the verified result, the pool in the game's
notation, the label, roller and chain position, the trust line and the actions — "roll this again"
(the form filled with the link's request) and copy for the forum. A link that cannot be read or
verified gets the same view with the reason. HTML comes from shared_view.py (pure renderers).
"""

from __future__ import annotations

from pyscript import document, when, window

from shell import app
from shell import refusal
from roll import result_views
from fair import shared_view
from shell import sharing
from shell import store as store_mod
from roll import ui_roll
from shell.app import el, tr
from shell.page_events import LangChanged, LinkOpening
from tirada.links.fair_records import verified
from tirada.links.roll_link import open_roll
from tirada.errors import TiradaError


class Shared:
    """The link on screen: ``error`` (a TiradaError) when it could not be verified."""

    error: TiradaError | None = None


def visible() -> bool:
    """True while the shared-roll view is shown."""
    return not el("shared").hidden


def open_link(fragment: str) -> None:
    """Open a roll link: verify it (one decoding, one roll) and show the shared-roll view."""
    app.show_view("roll")
    try:
        verified = open_roll(fragment)
    except TiradaError as err:
        ui_roll.clear_roll()
        Shared.error = err
    else:
        ui_roll.show_roll({**verified, "fragment": fragment})
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
    lang, current = app.State.lang, ui_roll.Roll.current
    v = None if current is None else verified(current)
    for node in document.querySelectorAll("#shared [data-needs-roll]"):
        node.hidden = v is None
    el("result").hidden = True
    el("share").hidden = True
    if v is None:
        message = _message(Shared.error) if Shared.error is not None else tr("error.link")
        el("shared-body").innerHTML = shared_view.broken_html(message, lang)
        return
    try:
        view = ui_roll.view_for(v.system)
    except result_views.UnknownSystem:    # a system this page cannot draw: a refusal, never a crash
        el("shared-body").innerHTML = shared_view.broken_html(tr("shared.unknown_system"), lang)
        return
    # "roll this again" fills the roll form: only for systems that have one (a Tragedia roll is
    # rolled in its scene)
    el("roll-again").hidden = not view.FIELDSET
    result = v.unlabelled_result()
    el("shared-body").innerHTML = shared_view.verified_html(v, lang, view.render_result(result, lang),
                                                            view.summary(v.result, lang), sharing.page_url())
    el("shared-link").value = sharing.page_link(v.fragment or "")
    el("shared-copy-status").textContent = ""


def close() -> None:
    """Leave the shared-roll view for the reader's own roll form."""
    store_mod.clear_fragment(window)
    el("shared").hidden = True
    ui_roll.clear_roll()
    Shared.error = None
    el("result").hidden = True
    el("share").hidden = True


def on_link_opening(event: LinkOpening) -> None:
    """Another kind of link is being opened (web/shell/page_events.py): drop the shared roll or its
    error (no stale screen)."""
    if event.kind != "roll" and visible():
        el("shared").hidden = True
        ui_roll.clear_roll()
        Shared.error = None


@when("click", "#new-roll")
def on_new_roll(event) -> None:
    close()
    el("system").focus()


@when("click", "#roll-again")
def on_roll_again(event) -> None:
    current = ui_roll.Roll.current
    if current is None:
        return
    v = verified(current)
    close()
    fill_form(dict(v.request), v.label)
    el("roller-form").scrollIntoView()
    el("roll").focus()


# ----------------------------------------------------------------------------- roll again
def fill_form(request: dict, label: str = "") -> None:
    """Put a link's request in the roll form (system, its fields) through its Form
    (ui_roll.write_request), and its ``label``; the reader's own roller identity stays. The form then rolls it with a
    fresh seed."""
    if not ui_roll.write_request(request):
        return
    el("label").value = label or ""
    el("faces").value = ""


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


def on_lang_changed(_event: LangChanged) -> None:
    """The opened link and the typed-faces table in the new language (web/shell/page_events.py: LangChanged)."""
    render()
    render_faces_table()


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
