"""Handlers of the Confrontation's before and after (issue #15): the trigger check and the Spoils
bidding in the setup card, the aftermath card once a side has Yielded (glue only: read inputs →
one engine call → store → render).

ui_brs imports this module and hands it the draft and the state through the functions below; this
module never imports ui_brs. Pure HTML: ui_brs_prefight, ui_brs_after.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from pyodide.ffi import create_proxy
from pyscript import document, window

from shell import app
from shell import sharing
from brs import ui_brs_after as afterview
from brs import ui_brs_prefight as prefight
from brs import ui_brs_setup as setupform
from shell import ui_refusal
from shell.app import STORE, el
from tirada import TiradaError
from tirada.sheets.brs_record import apply_aftermath, most_devastated
from tirada.systems.brs.after_view import aftermath_view
from tirada.systems.brs.state import State
from tirada.systems.brs.bidlink import decode_bid_link, encode_bid_link
from tirada.systems.brs.spoils import bid as play_bid
from tirada.systems.brs.spoils import setup_fields
from tirada.systems.brs.trigger import check_trigger
from tirada.systems.brs.stored import brs_characters
from tirada.storage_records import BrsCurrent
from tirada.systems.brs.draft import Draft


def _not_started(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("ui_brs_records.start() connects the Confrontation first")


class Records:
    """What the handlers need from ui_brs: ``draft()`` (the setup draft, read from the form),
    ``set_draft(new)`` (make ``new`` the draft: each edit returns a new one), ``setup_changed()`` (redraw and save the setup form), ``state()`` (the replayed Confrontation
    or None); the aftermath table setting ``kinds`` and the last status line's parts (``(written,
    missing, most devastated, ((name, refusal), …))``, worded in the page's language at each draw)."""

    started = False     # start() was called: the three callables below are ui_brs's
    draft: Callable[[], Draft] = _not_started
    set_draft: Callable[[Draft], Draft] = _not_started
    setup_changed: Callable[..., None] = _not_started
    state: Callable[[], State | None] = _not_started
    kinds: dict = {}
    status: tuple = ()
    key = ""


# ------------------------------------------------------------------------------- before the fight
def render_prefight(text: str = "") -> None:
    """Draw the trigger and bidding fieldsets from the draft, and the bidding's link (issue #29)."""
    draft = Records.set_draft(prefight.settled(Records.draft()))     # the pre-fight record of its shape
    el("brs-prefight").innerHTML = prefight.render(draft, app.State.lang, text)
    render_bid_link()


def render_bid_link() -> None:
    """The link of the bidding so far (kind "bid": the set-up without a seed and the bids), once a
    bid is made; hidden while there is none or the set-up cannot make one yet."""
    draft, box = Records.draft(), el("brs-bid-share")
    bids = list(prefight.prefight_of(draft).bids)
    try:
        fragment = encode_bid_link(setupform.to_setup(draft), bids) if bids else ""
    except TiradaError:
        fragment = ""
    el("brs-bid-link").value = sharing.page_link(fragment) if fragment else ""
    box.hidden = not fragment


def open_bid_link(fragment: str) -> None:
    """Open a bidding link: its set-up and bids become this page's draft, the bidding box in view."""
    app.show_view("brs")
    try:
        link = decode_bid_link(fragment)
    except TiradaError as err:
        box = el("brs-link-error")
        box.textContent = f'{app.tr("brs.bidlink.error")}: {ui_refusal.text(err)}'
        box.hidden = False
        box.focus()   # what changed (the reading core's first view had the focus)
        return
    el("brs-link-error").hidden = True
    new = prefight.set_prefight(setupform.from_setup(link.setup), bids=link.bids)
    if link.state.status != "open":
        new = new.put(**setup_fields(link.state, prefight.sides_of(new, app.State.lang)))
    Records.set_draft(new)
    Records.setup_changed()
    el("brs-setup-card").open = True
    # what changed first: the last bid (then whose bid it is now and its button, or how it ended)
    bids = el("brs-pf-bids")
    box = (bids.lastElementChild if bids is not None else None) or el("brs-pf-turn") or el("brs-prefight")
    box.scrollIntoView(True)


async def on_bid_copy(event) -> None:
    await sharing.copy(str(el("brs-bid-link").value), "brs-bid-copy-status", "brs-bid-link")


def refresh() -> None:
    """Redraw the pre-fight box after the setup form changed, keeping the bid text being typed."""
    if Records.started:
        render_prefight(_value("text"))


def reset(key: str = "") -> None:
    """A new Confrontation is on screen: forget the aftermath setting and status line."""
    Records.kinds, Records.status, Records.key = {}, (), key


def check_start(setup: dict) -> None:
    """The trigger check for a setup about to start, when the table turned it on.

    Raises:
        TiradaError: the engine's refusal, its field as ``prefight.<field>`` (the input's draft path).
    """
    trig = prefight.trigger_request(Records.draft())
    if trig is None:
        return
    try:
        check_trigger(setup, trig)
    except TiradaError as err:
        raise type(err)(err.message, field=f"prefight.{err.field or 'on'}", rule=err.rule, code=err.code,
                        params=err.params) from None


def _pf_nodes():
    return document.querySelectorAll("#brs-prefight [data-pf]")


def _value(key: str) -> str:
    node = el(prefight.input_id(key))
    return "" if node is None else str(node.value)


def on_bid(act: str) -> None:
    """Apply one bid (or the Challenge, or undo) with the engine; a refusal shows its reason."""
    draft = Records.set_draft(prefight.read(Records.draft(), _pf_nodes()))
    bids = prefight.prefight_of(draft).bids
    box = el("brs-setup-error")
    if act == "undo":
        Records.set_draft(prefight.set_prefight(draft, bids=bids[:-1]))
    else:
        if act == "bid":
            act = _value("act")
        new = prefight.next_bid(act, text=_value("text").strip(), pain=_value("pain"), note=_value("note").strip())
        try:
            state = play_bid(prefight.bidding_state(draft), new)
        except TiradaError as err:
            ui_refusal.line("brs-setup-error", err)
            render_prefight(_value("text"))
            return
        draft = prefight.set_prefight(draft, bids=bids + (new,))
        if state.status != "open":
            draft = draft.put(**setup_fields(state, prefight.sides_of(draft, app.State.lang)))
        Records.set_draft(draft)
    box.hidden = True
    Records.setup_changed()
    render_prefight()
    focus = el(prefight.input_id("act")) or el("brs-pf-result")
    if focus is not None:
        focus.focus()


def on_prefight_click(event) -> None:
    node = app.node(event.target.closest("[data-pf-act]")) if hasattr(event.target, "closest") else None
    if node is not None:
        on_bid(str(node.dataset.pfAct))


def on_prefight_key(event) -> None:
    """Enter in a bid's text makes the bid (it would otherwise submit the setup form and start)."""
    if str(event.key) == "Enter" and event.target.matches("input[type=text][data-pf]"):
        event.preventDefault()
        on_bid("challenge" if str(event.target.dataset.pf) == "note" else "bid")


def on_prefight_change(event) -> None:
    if event.target.matches("[data-pf]"):
        Records.set_draft(prefight.read(Records.draft(), _pf_nodes()))
        Records.setup_changed(redraw=False)
        if str(event.target.dataset.pf) == "act":
            render_prefight(_value("text"))
            again = el(prefight.input_id("act"))   # redrawn: a keyboard user keeps their place
            if again is not None:
                again.focus()


# ------------------------------------------------------------------------------- after the fight
def render_after() -> None:
    """Show the aftermath card when the Confrontation has ended, else hide it."""
    box = el("brs-after")
    state = Records.state()
    if state is None or state.phase != "ended":
        box.hidden = True
        return
    key = str(state.setup.seed or state.setup.faces)
    if key != Records.key:
        reset(key)
    try:
        result = aftermath_view(state, Records.kinds or None)
    except TiradaError:
        box.hidden = True
        return
    status = ""
    if Records.status:
        done, missing, best, refused = Records.status
        status = afterview.applied_words(done, missing, best, app.State.lang,
                                         [f"{name} ({ui_refusal.text(err)})" for name, err in refused])
    box.innerHTML = afterview.render(result, app.State.lang, status)
    box.hidden = False


def apply_to_sheets() -> None:
    """Write each player's part on the saved BRS sheet with the same name; say which were written,
    which players have none, and who is the Most Devastated among the saved sheets."""
    state = Records.state()
    if state is None:       # the button shows only once the Confrontation has ended
        return
    result = aftermath_view(state, Records.kinds or None)
    chars = {c.name: c for c in brs_characters(STORE.characters())}
    done, missing, already = [], [], []
    for part in result.players:
        char = chars.get(part.name)
        if char is None:
            missing.append(part.name)
            continue
        try:
            sheet = apply_aftermath(char.sheet, part.to_dict())
        except TiradaError as err:   # this Confrontation is already on the sheet (or the sheet is damaged)
            already.append((part.name, err))
            continue
        char = replace(char, sheet=sheet)
        if STORE.save_character(char.to_dict()):
            chars[part.name] = char
            done.append(part.name)
    best = most_devastated({n: c.sheet for n, c in chars.items()})
    Records.status = (done, missing, best, already)
    render_after()
    app.show_notices()


def on_after_click(event) -> None:
    node = app.node(event.target.closest("[data-after]")) if hasattr(event.target, "closest") else None
    if node is not None and str(node.dataset.after) == "apply":
        apply_to_sheets()


def on_after_change(event) -> None:
    if event.target.matches("[data-after-kind]"):
        Records.kinds = {**Records.kinds, str(event.target.dataset.afterKind): str(event.target.value)}
        Records.status = ()
        render_after()


def on_other_tab(event) -> None:
    """Another tab saved the Confrontation's draft (its bidding, its trigger, its names): this tab
    takes it, so it never writes its older copy back over the other tab's bids."""
    if str(event.key) != "tirada.brs.current" or not Records.started:
        return
    stored = setupform.sane_draft(BrsCurrent.from_dict(STORE.brs_current()).draft)
    if stored is None or stored.to_dict() == Records.draft().to_dict():
        return
    draft = Records.set_draft(stored)
    # drawn, never saved back: a write from here could land after the other tab's newer one
    el("brs-setup-fields").innerHTML = setupform.render(draft, app.State.lang)
    refresh()


def start(draft: Callable[[], Draft], set_draft: Callable[[Draft], Draft], setup_changed: Callable[..., None],
          state: Callable[[], State | None]) -> None:
    """Connect to ui_brs (the four callables of :class:`Records`) and listen to both boxes."""
    Records.draft, Records.set_draft, Records.setup_changed, Records.state = draft, set_draft, setup_changed, state
    Records.started = True
    pre, after = el("brs-prefight"), el("brs-after")
    pre.addEventListener("click", create_proxy(on_prefight_click))
    pre.addEventListener("change", create_proxy(on_prefight_change))
    pre.addEventListener("keydown", create_proxy(on_prefight_key))
    el("brs-setup-fields").addEventListener("change", create_proxy(lambda event: refresh()))  # names, sides
    after.addEventListener("click", create_proxy(on_after_click))
    after.addEventListener("change", create_proxy(on_after_change))
    el("brs-bid-copy").addEventListener("click", create_proxy(on_bid_copy))
    window.addEventListener("storage", create_proxy(on_other_tab))
    render_prefight()
