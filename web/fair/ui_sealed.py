"""Sealed rolls on the page (issue #27; glue only: rules in tirada.links.sealed, HTML in sealed_view.py).

* route ``sealreq``: a sealed GM request fills and locks the roll form like a GM request (web/fair/ui_request.py)
  and says the roll will be blind; the roll button (``page_events.sealed_active``) then makes a **blind roll**
  (numbered by the chain book like any roll) and shows "Tirada sellada", its number, who can open it
  and the link to post — the page never has its dice (it cannot: they need the GM's secret);
* route ``blind``: with a campaign secret of this browser that sealed it (the GM's), the result and a
  "Revelar" button making the reveal link; anywhere else, who rolled and that the GM reveals it;
* route ``reveal``: checked against the blind link it reveals (``verify_reveal``). The reveal does not
  hold the roll, so the page needs the blind link too: one opened before in this page (remembered in
  memory while the page is open, never stored), or pasted in the field the reveal view shows.

The campaign secrets live in localStorage through ``STORE.campaign_secrets`` (web/shell/store.py) only.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from pyscript import when, window

from shell import app
from shell import busy
from shell import chain_writer
from roll import result_views
from fair import sealed_view
from shell import sharing
from shell import ui_refusal
from fair import ui_request
from roll import ui_roll
from shell.app import STORE, el, tr
from shell.page_events import LangChanged, LinkOpening
from roll.forms import FormError
from tirada.errors import InvalidRequest, TiradaError
from tirada.links import sealed
from tirada.links.fair_records import rolled_system, sealed_card


class Sealed:
    """The page's sealed-roll state (memory only): ``request`` / ``spec`` the sealed request the form
    is locked to, ``rolls`` sealed request id → blind link opened or made here (for reveals),
    ``opened`` ``(campaign secret, blind or secret link, secret roll's hidden request or None)`` the GM may reveal, ``reveal`` the reveal link on screen, ``draw`` re-draws the card, ``revealed`` the (roll, reveal) links of
    the reveal made here (its forum snippet is shown)."""

    request: str | None = None
    spec: dict | None = None
    rolls: dict = {}
    opened: tuple | None = None
    reveal: str | None = None
    draw: Any = None
    revealed: tuple | None = None     # (sealed roll link, reveal link) made here: its forum snippet shown
    task: Any = None                  # the asyncio task of the last blind roll (kept from the collector)


def keep_task(task: Any) -> None:
    """Keep ``task`` (the asyncio task of a blind or secret roll) from the garbage collector until the next."""
    Sealed.task = task


def remember(roll_id: str, fragment: str) -> None:
    """Remember the sealed or secret roll link ``fragment`` opened or made here as roll ``roll_id`` (for its
    reveal)."""
    Sealed.rolls[roll_id] = fragment


def hold_for_reveal(opened: tuple | None) -> None:
    """What the GM may reveal now: ``(campaign secret, blind or secret link, secret roll's hidden request or
    None)``, or ``None`` for nothing (a roll this browser cannot open)."""
    Sealed.opened = opened


def active() -> bool:
    """True while the roll form is locked to the sealed request (not cancelled, not answered)."""
    return Sealed.spec is not None and ui_request.Active.spec is Sealed.spec


def card(draw, reveal: bool = False, link: str | None = None, paste: bool = False) -> None:
    """Show the sealed card drawn by ``draw(lang) -> html``, with its optional parts."""
    Sealed.draw = draw
    el("shared").hidden = True
    el("result").hidden = True
    el("sealed").hidden = False
    el("sealed-body").innerHTML = draw(app.State.lang)
    el("sealed-reveal").hidden = not reveal
    el("sealed-paste").hidden = not paste
    el("sealed-share").hidden = link is None
    Sealed.revealed = None
    el("sealed-snippet-box").hidden = True
    if link is not None:
        el("sealed-link").value = sharing.page_link(link)
    el("sealed-status").textContent = ""
    heading = el("sealed-heading")
    if heading is not None:
        heading.focus()
    window.scrollTo(0, 0)


def refused(err: TiradaError) -> None:
    """A sealed link that cannot be read or checked: the roll view's error box, in words."""
    el("sealed").hidden = True
    ui_roll.show_error(tr("error.link"), ui_roll.engine_message(err))


def open_request(fragment: str) -> None:
    """Open a sealed request link: the roll form locked to it, the banner saying the roll is blind."""
    app.show_view("roll")
    try:
        _kind, spec = sealed.read_sealed(fragment, ("sealreq",))
    except TiradaError as err:
        refused(err)
        return
    Sealed.request, Sealed.spec = fragment, spec
    ui_request.lock_to(spec)
    ui_request.render_banner()
    el("gm-request-sealed").hidden = False
    el("gm-request").scrollIntoView()


def roll(system: str) -> None:
    """The roll button on a sealed request: a blind roll, numbered by the chain book; no dice (a
    task: it waits its turn for the chain, web/shell/chain_writer.py). The roll button is busy until
    it lands (web/shell/busy.py): a second tap cannot roll the request twice."""
    held = busy.begin(el("roll"))
    Sealed.task = asyncio.ensure_future(_roll(system, held))


async def _roll(system: str, held: busy.Busy | None) -> None:
    """The blind roll under the chain lock, then its card (focused); ``held`` released first."""
    try:
        await _blind(system, held)
    finally:
        busy.end(held)


async def _blind(system: str, held: busy.Busy | None) -> None:
    ui_refusal.clear("#roller-form")
    fragment, created = Sealed.request, int(time.time())
    if fragment is None:     # the roll button shows only on an open sealed request
        return
    try:
        if _key_for(fragment) is not None:     # this browser sealed it: it could open every try
            raise InvalidRequest("this browser made this sealed request, so it could open its rolls: the player "
                                 "rolls it in their own browser", field="roller", code="sealed.own_request")
        request = ui_roll.read_form(system)
        label = str(el("label").value).strip()
        if label:
            request["label"] = label

        def step(state):
            done = sealed.blind_roll(fragment, request, state, created)
            return done, done.chain

        done = await chain_writer.number(*ui_roll.chain_identity(), step)   # one tab at a time (issue #39)
    except FormError as err:
        busy.end(held)
        ui_roll.show_error(tr("error.heading"), str(err))
        ui_refusal.show_at(err.field, str(err))
        return
    except TiradaError as err:
        busy.end(held)
        ui_roll.show_error(tr("error.heading"), ui_refusal.show(err, "#roller-form"))
        return
    busy.end(held)
    ui_request.answered()
    el("gm-request-sealed").hidden = True
    Sealed.request = Sealed.spec = None
    _kind, view = sealed.read_sealed(done.fragment, ("blind",))
    Sealed.rolls[done.sealed_request] = done.fragment
    card(lambda lang: sealed_view.closed_html(view, lang, made=True), link=done.fragment)


def _key_for(fragment: str):
    """The campaign secret of this browser that sealed the blind link, or None."""
    for key in STORE.campaign_secrets().values():
        if sealed.key_matches(key, fragment):
            return key
    return None


def opened_card(opened, revealed: bool, link: str | None = None) -> None:
    """Show a sealed roll opened (by the GM, ``revealed`` False, with "Revelar") or checked against a reveal."""
    view = result_views.view_for(rolled_system(opened))
    result = {k: v for k, v in opened.result.items() if k != "label"}

    def draw(lang: str) -> str:
        return sealed_view.opened_html(opened.link, lang, view.render_result(result, lang),
                                       view.summary(opened.result, lang), revealed, opened.request)

    card(draw, reveal=not revealed, link=link)


def open_blind(fragment: str) -> None:
    """Open a blind roll link: the result for the GM holding its campaign secret, else who and nº."""
    app.show_view("roll")
    try:
        _kind, view = sealed.read_sealed(fragment, ("blind",))
        Sealed.rolls[sealed_card(view).key] = fragment
        key = _key_for(fragment)
        opened = None if key is None else sealed.open_blind(key, fragment)
    except TiradaError as err:
        refused(err)
        return
    if opened is None:
        Sealed.opened = None
        card(lambda lang: sealed_view.closed_html(view, lang))
        return
    Sealed.opened = (key, fragment, None)
    opened_card(opened, revealed=False)


def open_reveal(fragment: str) -> None:
    """Open a reveal link: checked against the blind link it reveals, when this page has it."""
    app.show_view("roll")
    try:
        _kind, opening = sealed.read_sealed(fragment, ("reveal",))
    except TiradaError as err:
        refused(err)
        return
    Sealed.opened = None
    Sealed.reveal = fragment
    roll_link = Sealed.rolls.get(sealed_card(opening).id)
    if roll_link is None:
        card(sealed_view.needs_roll_html, paste=True)
        return
    _verify(roll_link, fragment)


def _verify(roll_link: str, reveal_link: str) -> None:
    try:
        opened = sealed.verify_reveal(roll_link, reveal_link)
    except TiradaError as err:
        refused(err)
        return
    opened_card(opened, revealed=True)


@when("click", "#sealed-verify")
def on_verify(event) -> None:
    """A blind link pasted for the reveal on screen: check the reveal against it."""
    text = str(el("sealed-paste-link").value).strip()
    fragment = text.split("#", 1)[1] if "#" in text else text
    try:
        _kind, view = sealed.read_sealed(fragment, ("blind", "secret"))
    except TiradaError as err:
        el("sealed-status").textContent = f'{tr("error.check")}: {ui_refusal.text(err)}'
        return
    Sealed.rolls[sealed_card(view).key] = fragment
    if Sealed.reveal is None:
        return
    try:                # the wrong roll's link: said beside the box, the reveal stays on screen to try again
        opened = sealed.verify_reveal(fragment, Sealed.reveal)
    except TiradaError as err:
        el("sealed-status").textContent = f'{tr("error.check")}: {ui_refusal.text(err)}'
        el("sealed-status").scrollIntoView({"block": "nearest"})
        return
    el("sealed-status").textContent = ""
    opened_card(opened, revealed=True)


@when("click", "#sealed-reveal")
def on_reveal(event) -> None:
    """The GM reveals the blind or secret roll on screen: the reveal link to post."""
    if Sealed.opened is None:
        return
    key, fragment, request = Sealed.opened
    try:
        link = sealed.reveal(key, fragment, request, created=int(time.time()))
    except TiradaError as err:
        el("sealed-status").textContent = f'{tr("error.reveal")}: {ui_refusal.text(err)}'
        return
    el("sealed-link").value = sharing.page_link(link)
    el("sealed-share").hidden = False
    Sealed.revealed = (fragment, link)
    show_reveal_snippet()
    el("sealed-status").textContent = tr("sealed.reveal_made")


def show_reveal_snippet() -> None:
    """The reveal's forum snippet (tirada.links.sealed_snippet): the revealed result in words with
    the reveal link, in BBCode, so the thread shows what was revealed (issue #38)."""
    from tirada.links.sealed_snippet import reveal_snippet

    if Sealed.revealed is None:
        el("sealed-snippet-box").hidden = True
        return
    fragment, link = Sealed.revealed
    try:
        opened = sealed.verify_reveal(fragment, link)
        el("sealed-snippet").value = reveal_snippet(opened, link, sharing.page_url(), "bbcode", app.State.lang)
    except TiradaError as err:
        el("sealed-status").textContent = f'{tr("error.reveal")}: {ui_refusal.text(err)}'
        return
    el("sealed-snippet-box").hidden = False


@when("click", "#sealed-copy-snippet")
async def on_copy_snippet(event) -> None:
    await sharing.copy(str(el("sealed-snippet").value), "sealed-status", "sealed-snippet")


@when("click", "#sealed-copy")
async def on_copy(event) -> None:
    await sharing.copy(str(el("sealed-link").value), "sealed-status", "sealed-link")


def on_link_opening(event: LinkOpening) -> None:
    """Another link is opened (web/shell/page_events.py): the sealed card and the sealed request's
    lock go."""
    if event.kind != "sealreq":
        Sealed.request = Sealed.spec = None
        el("gm-request-sealed").hidden = True
    el("sealed").hidden = True


def on_lang_changed(_event: LangChanged) -> None:
    """The sealed request or revealed roll shown, in the new language (web/shell/page_events.py: LangChanged)."""
    if Sealed.draw is not None and not el("sealed").hidden:
        el("sealed-body").innerHTML = Sealed.draw(app.State.lang)
    if Sealed.revealed is not None and not el("sealed-snippet-box").hidden:
        show_reveal_snippet()
