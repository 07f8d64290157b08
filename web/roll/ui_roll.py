"""The roll view: the form, the result, share links and snippets, the history (glue only).

The roll view owns the screen: what is on it (:class:`Roll`) changes only through :func:`show_roll`
and :func:`clear_roll`, called by the flows that make or open a roll (the L5R check, the shared-roll
view). Systems plug in through their Form (web/roll/forms.py, one per registry entry): the form's
fieldset is read with :func:`read_form` and written with :func:`write_request` (a link's "roll this
again", a GM's request, a character sheet); results are drawn by the Form's ``render_result`` and
``summary``; a system with a ``FLOW`` (L5R) runs its own check when the roll button is pressed. The
HTML of the result card and the history is web/roll/roll_view.py (pure).
"""

from __future__ import annotations

import asyncio
import importlib
import time

from pyodide.ffi import to_js
from pyscript import document, when, window

from shell import app
from shell import page_events
from shell import chain_writer
from roll import forms
from shell import ui_refusal
from shell import render
from roll import roll_view
from shell import sharing
from roll import result_views
from roll import ui_core_roll
from shell.app import STORE, el, tr
from shell.page_events import BeforeRoll, LangChanged, RequestWritten, RollSaved
from roll.forms import FormError
from tirada import systems
from tirada import TiradaError, new_seed
from tirada.links.roll_link import roll_link
from tirada.links.roll_record import RollHead, VerifiedRoll


class Roll:
    """The roll on screen: a verify() dict plus its fragment, or a faces-mode result."""

    current: dict | None = None          # the verified roll on screen with its "fragment", else None
    faces_result: dict | None = None     # the result of dice rolled elsewhere (faces mode), else None
    faces_request: dict | None = None    # the request of ``faces_result`` (for its forum snippet)
    cleared: list | None = None          # history removed by "clear", kept for undo


def active_system() -> str:
    return str(el("system").value)


def show_roll(current=None, faces=None, faces_request=None) -> None:
    """Put a roll on screen (not drawn yet: :func:`show_current`): ``current`` a verified link's
    ``{**verified, "fragment"}``, or ``faces`` a result of dice rolled elsewhere with its request."""
    Roll.current, Roll.faces_result, Roll.faces_request = current, faces, faces_request


def clear_roll() -> None:
    """Nothing on screen (a check in progress, a link that did not verify, the shared view closed)."""
    Roll.current = Roll.faces_result = None


def fieldset_of(system: str):
    """The roll form's fieldset of ``system``."""
    return document.querySelector(f'fieldset[data-system="{system}"]')


def read_form(system: str) -> dict:
    """The request the roll form's fieldset of ``system`` holds (``system`` included).

    Raises:
        FormError: a value that is not a number. UnknownSystem: no Form. TiradaError: bad notation.
    """
    return {"system": system, **forms.form_for(system).read_request(fieldset_of(system), app.State.lang)}


def write_request(request: dict, whole: bool = True) -> list:
    """Put ``request`` in the roll form through its system's Form (``whole``: the fields it leaves
    out get their defaults; else only those it names), open the folded sections it uses and tell
    the form's listeners (notation note, difficulty, odds, GM editor) with input/change events.
    Returns the input names written (a GM request locks them); ``[]`` for a system with no fieldset."""
    form = forms.form_for(RollHead.of(request).system)
    if not form.FIELDSET:
        return []
    opts = to_js({"bubbles": True}, dict_converter=window.Object.fromEntries)
    el("system").value = form.SYSTEM
    sync_system()
    el("system").dispatchEvent(window.Event.new("change", opts))
    fs = fieldset_of(form.SYSTEM)
    written = []
    for name, value in form.field_values(request, whole).items():
        node = app.node(fs.querySelector(f'[name="{name}"]'))
        if node is None:
            continue
        if str(node.type) == "checkbox":
            node.checked = bool(value)
        else:
            node.value = "" if value is None else str(value)
        written.append(name)
        node.dispatchEvent(window.Event.new("input", opts))
        node.dispatchEvent(window.Event.new("change", opts))
    for box, fields in form.SECTIONS.items():
        if any(request.get(f) not in (None, False, "", []) for f in fields):
            el(box).open = True
    # controls the request does not hold follow it (the bands' «Juego» select)
    page_events.emit(RequestWritten({**request, "system": form.SYSTEM}))
    return written


def view_for(system):
    """The module drawing ``system``'s results (web/roll/result_views.py: no fallback to another system).

    Raises:
        result_views.UnknownSystem: no page module draws that system.
    """
    return result_views.view_for(system)


@when("change", "#system")
def on_system(event) -> None:
    sync_system()


def sync_system() -> None:
    """Show only the fieldset of the chosen system."""
    system = active_system()
    for fs in document.querySelectorAll("fieldset[data-system]"):
        fs.hidden = fs.dataset.system != system


def parse_faces(text: str):
    """Typed faces "6, 5 3" → [6, 5, 3]; empty → None. Raises FormError on non-numbers."""
    try:
        return sharing.parse_faces(text)
    except ValueError:
        raise FormError(tr("error.faces"), "faces") from None


def chain_identity() -> tuple[str, str]:
    """``(roller, campaign)`` named in the form (remembered for the next visit); the chain book
    (``STORE.book``) checks the names and numbers the roll."""
    roller = str(el("roller").value).strip()
    campaign = str(el("campaign").value).strip()
    STORE.set_roller(roller, campaign)
    return roller, campaign


async def make_link(request: dict) -> dict:
    """Roll a fresh request (seeded here) as a link, chained when the roller is named, in one engine
    call (tirada.links.roll_link) numbered by the chain book: ``{**verified, "fragment"}``.

    Raises:
        TiradaError: a refused request or name; ``chain.retired`` (handed over), ``chain.storage_full``
        (the number could not be stored: no link is made).
    """
    request = {**request, "seed": new_seed()}
    request, gm_id = page_events.gm_answer(request)   # a GM's roll request, when one is open (fair play v2)
    created = int(time.time())

    def step(state):
        done = roll_link(request, state, created, gm_request=gm_id)
        return done, done.chain

    done = await chain_writer.number(*chain_identity(), step)   # one tab at a time (issue #39)
    page_events.gm_answered()
    return {**done.verified, "fragment": done.fragment}


@when("submit", "#roller-form")
def on_roll(event) -> None:
    """"Tirar": the form is never sent. A roll of the form runs as a task (a named roll waits its turn
    for the chain: web/shell/chain_writer.py); the last result leaves the screen at once, so what
    shows next is this roll's."""
    event.preventDefault()
    system = active_system()
    form = forms.form_for(system)
    if page_events.sealed_active():   # a sealed GM request: a blind roll, no dice shown (web/fair/ui_sealed.py)
        page_events.sealed_roll(system)
        app.show_notices()
        return
    if form.FLOW:                     # multi-step systems (L5R) run their own check (web/l5r/ui_l5r.py)
        importlib.import_module(form.FLOW).start_check()
        app.show_notices()
        return
    el("result").innerHTML = ""
    asyncio.ensure_future(roll_form(system))


async def roll_form(system: str) -> None:
    """Roll what the form holds for ``system`` and show it (or why not), focus on the result."""
    ui_refusal.clear("#roller-form")
    try:
        request = read_form(system)
        label = str(el("label").value).strip()
        if label:   # the form's label, then a single roll's own ("ataque: 1d20+5") after it
            own = RollHead.of(request).label
            request["label"] = f'{label} · {own}' if own else label
        page_events.emit(BeforeRoll(request))
        faces = parse_faces(str(el("faces").value))
        if faces is not None:
            faces_request = {**request, "faces": faces}
            rolled = systems.roll(faces_request)
            show_roll(faces=rolled, faces_request=faces_request)
            remember_faces(rolled, faces_request)
        else:
            current = await make_link(request)
            show_roll(current)
            remember(current)
        el("shared").hidden = True
        show_current()
        el("result").focus()
    except FormError as err:
        show_error(tr("error.heading"), str(err))
        ui_refusal.show_at(err.field, str(err))
    except TiradaError as err:
        show_error(tr("error.heading"), ui_refusal.show(err, "#roller-form"))
    app.show_notices()


def engine_message(err: TiradaError) -> str:
    """An engine refusal in the page's language (by its code), shown next to its field in the
    roll form and scrolled into view; returns the text."""
    return ui_refusal.show(err, "#roller-form")


def remember_faces(result: dict, request: dict) -> None:
    """Add dice rolled elsewhere to the history: no link (nothing to verify), marked as such."""
    system, at = RollHead.of(result).system, int(time.time() * 1000)
    summaries = {lang: view_for(system).summary(result, lang) for lang in app.langs()}
    STORE.add_history({"fragment": f"elsewhere-{at}", "elsewhere": True, "system": system,
                       "label": RollHead.of(request).label, "summary": summaries, "at": at})
    render_history()


def remember(verified: dict) -> None:
    """Add a roll to the history (both languages' summaries, so switching needs no recompute)."""
    roll = VerifiedRoll.of(verified)
    summaries = {lang: view_for(roll.system).summary(roll.result, lang) for lang in app.langs()}
    STORE.add_history({"fragment": roll.fragment, "system": roll.system, "label": roll.label or "",
                       "summary": summaries, "at": int(time.time() * 1000)})
    render_history()
    page_events.emit(RollSaved(verified))


# ---------------------------------------------------------------------------------- results
def show_error(title: str, message: str, focus: str | None = None) -> None:
    box = el("result")
    box.innerHTML = render.error_box(title, message)
    box.hidden = False
    el("share").hidden = True
    if focus and el(focus) is not None:
        el(focus).focus()


def show_current() -> None:
    """Render the roll on screen (if any) in the current language, with its share card. While the
    shared-roll view (ui_shared) is open, it shows the roll instead."""
    if not el("shared").hidden:
        return
    box, share, lang = el("result"), el("share"), app.State.lang
    if Roll.faces_result is not None:
        box.innerHTML = roll_view.faces_card_html(Roll.faces_result, lang)
        box.hidden, share.hidden = False, False
        _link_parts(False)
        el("copy-status").textContent = ""
        return
    if Roll.current is None:
        return
    v = Roll.current
    box.innerHTML = roll_view.link_card_html(v, lang)
    box.hidden = False
    el("share-link").value = sharing.page_link(VerifiedRoll.of(v).fragment)
    share.hidden = False
    _link_parts(True)
    el("copy-status").textContent = ""


def _link_parts(shown: bool) -> None:
    """Show the link field and its copy button (a verified roll) or the "no link" note (faces)."""
    for node in document.querySelectorAll("#share [data-link-only]"):
        node.hidden = not shown
    el("share-note").hidden = shown


# ------------------------------------------------------------------------------------ share
def snippet(kind: str) -> str:
    """The text a copy button puts on the clipboard: the link, or a BBCode / Markdown / plain-text
    snippet built from the verified result on screen (nothing decoded or rolled again); dice rolled
    elsewhere get their snippet without a link."""
    from tirada.links import snippets  # imported when first needed: it is not needed to start

    lang = app.State.lang
    if Roll.current is None and Roll.faces_result is not None:
        return snippets.faces_snippet(Roll.faces_result, Roll.faces_request or {}, style=kind, lang=lang)
    current = Roll.current
    if current is None:     # the copy buttons show only with a roll on screen
        raise RuntimeError("no roll on screen to copy")
    fragment = VerifiedRoll.of(current).fragment
    if kind == "link":
        return sharing.page_link(fragment)
    return snippets.snippet_of(current, fragment, sharing.page_url(), style=kind, lang=lang)


@when("click", "[data-copy]")
async def on_copy(event) -> None:
    if Roll.current is None and Roll.faces_result is None:
        return
    # async handlers run after dispatch, when event.currentTarget is already null: use the target
    button = event.target.closest("[data-copy]")
    kind = str(button.dataset.copy)
    shared = app.node(button.closest("#shared")) is not None   # the shared-roll view's own copy buttons
    status, field = ("shared-copy-status", "shared-link") if shared else ("copy-status", "share-link")
    if kind == "html":      # rich text for a visual editor, with the plain snippet beside it
        await sharing.copy_rich(snippet("html"), snippet("text"), status, field)
    else:
        await sharing.copy(snippet(kind), status, field)


@when("click", "[data-share]")
async def on_share(event) -> None:
    """The phone's share sheet with the plain snippet and the link (Web Share)."""
    if Roll.current is None:
        return
    shared = app.node(event.target.closest("#shared")) is not None
    await sharing.share(tr("share.heading"), snippet("text"), sharing.page_link(VerifiedRoll.of(Roll.current).fragment),
                        "shared-copy-status" if shared else "copy-status")


# ---------------------------------------------------------------------------------- history
def render_history() -> None:
    items = STORE.history()
    el("history-empty").hidden = bool(items)
    undo = Roll.cleared is not None and not items
    el("clear-history").hidden = not items and not undo
    el("clear-history").textContent = tr("action.undo_clear" if undo else "action.clear_history")
    el("history-list").innerHTML = roll_view.history_html(items, app.State.lang)


@when("click", "#clear-history")
def on_clear(event) -> None:
    if Roll.cleared is not None and not STORE.history():
        STORE.set_history(Roll.cleared)
        Roll.cleared = None
    else:
        Roll.cleared = STORE.history()
        STORE.set_history([])
    render_history()


def on_lang_changed(_event: LangChanged) -> None:
    """The result shown and the history in the new language (web/shell/page_events.py: LangChanged)."""
    show_current()
    render_history()


def start() -> None:
    """Restore the roller identity (unless typed while the engine was loading) and show the history."""
    sync_system()
    who = STORE.roller_identity()
    for field, value in (("roller", who.roller), ("campaign", who.campaign)):
        if not str(el(field).value).strip():
            el(field).value = value
    el("who").open = el("who").open or bool(who.roller)
    from dice import ui_dice

    ui_dice.campaign_dialect()   # the dialect the restored campaign types in (docs/notation.md §Dialects)
    ui_core_roll.start(show_roll, show_current, render_history)   # the core's rolls (issue #41)
    render_history()
    start_odds()
    if sharing.can_share():   # the "Compartir…" buttons (Web Share) show only where the browser has it
        document.documentElement.classList.add("can-share")


# ------------------------------------------------------------------------------------- odds
from roll import ui_odds  # noqa: E402  (the odds card beside the form, issue #8)


def odds_request():
    """The form's request for the odds card, or None while it is incomplete (ui_odds shows "—")."""
    try:
        return read_form(active_system())
    except Exception:  # a half-typed or invalid field: no odds yet, and no error while typing
        return None


def on_form_edit(event) -> None:
    """A field of the system's fieldset (or the system) changed: refresh the odds after a pause."""
    if bool(event.target.matches("fieldset[data-system] *, #system")):
        ui_odds.schedule(odds_request)


def start_odds() -> None:
    """Listen to the roll form's edits and show the odds of its initial values."""
    from pyodide.ffi import create_proxy

    listener = create_proxy(on_form_edit)
    for kind in ("input", "change"):
        el("roller-form").addEventListener(kind, listener)
    ui_odds.schedule(odds_request)
