"""Fair play v2 glue (issue #13): the roller chains the page reads and stores around each decision.

Also "continue my chain on another device": the hand-over link (tirada.links.handover) made from the
roll view's roller, and opened on the other device (route ``chain``).

Fresh dice are made by the engine (:mod:`tirada.links.fair_roll`, :mod:`tirada.systems.brs.fair`) at the moment a
decision is committed; every chain is read, numbered, handed over and received by the one chain book
(``STORE.book``: web/shell/store.py on the rules of :mod:`tirada.chainbook`). Nothing here decides anything.
"""

from __future__ import annotations

import time
from typing import Callable

from pyscript import when

from shell import app
from shell import sharing
from shell import ui_refusal
from shell.app import STORE, el, tr
from shell.page_events import LinkOpening, NoticesDrawn
from tirada.errors import TiradaError
from tirada.links.fair_records import fair_check


def advanced(pair: tuple) -> tuple:
    """``(result, check)`` of :func:`tirada.links.fair_roll.begin` or
    :func:`tirada.links.fair_roll.advance` as a chain-book step:
    ``((result, check), its new chain head)``."""
    return pair, fair_check(pair[1]).chain


def commit_for(campaign: str | None) -> Callable[[str, str], dict]:
    """The engine's ``commit(roller, fresh) -> {"seq", "prev"}`` for chains of ``campaign``: takes the
    roller's next number for fresh randomness made now (a scene roll's seed, a Confrontation's start
    seed), on the chain as stored now, and stores the chain through the one chain book
    (``STORE.book.number`` on tirada.links.chain.reserve: refused on a retired chain or a full storage)."""
    from tirada.links.chain import reserve

    def commit(roller: str, fresh: str) -> dict:
        return STORE.book.number(roller, campaign or "", lambda head: reserve(head, fresh))
    return commit


def throwaway(_segment: int) -> str:
    """A nonce for checking that a decision is legal before any fresh dice are committed (its
    dice are never shown)."""
    return "00" * 8


@when("click", "#chain-handover")
def on_handover(event) -> None:
    """Make the hand-over link of the roll view's roller chain; the chain is retired here."""
    status = el("chain-status")
    roller, campaign = str(el("roller").value).strip(), str(el("campaign").value).strip()
    if not roller:
        status.textContent = tr("chain.none")
        return
    try:
        fragment, state = STORE.book.hand_over(roller, campaign, int(time.time()))
    except TiradaError as err:
        status.textContent = f'{tr("error.handover")}: {ui_refusal.text(err)}'
        app.show_notices()
        return
    el("chain-link").value = sharing.page_link(fragment)
    status.textContent = tr("chain.given").format(seq=state.seq, who=state.roller)


@when("change", "#roller")
@when("change", "#campaign")
def on_name(event) -> None:
    show_retired()


def show_retired() -> None:
    """Say as soon as the form names a chain handed over from this browser (before any roll would
    be refused for it), and take the words back when it names another."""
    gone = STORE.book.retired(str(el("roller").value), str(el("campaign").value))
    status = el("chain-status")
    if gone is not None:
        status.textContent = tr("chain.retired").format(who=str(el("roller").value).strip(), seq=gone.seq)
        Opened.retired = True
    elif Opened.retired:
        status.textContent = ""
        Opened.retired = False


def open_handover(fragment: str) -> None:
    """Open a hand-over link. Into an empty chain it is taken at once; a link that would change a
    chain this browser holds is shown and asked about first (tirada.chainbook.plan, issue #38): a
    head this browser never handed away needs the worded choice ticked before the button works.
    A hand-over is single-use and never moves a chain back."""
    from roll import ui_roll

    app.show_view("roll")
    Asked.clear()
    try:
        asked = STORE.book.plan(fragment)
    except TiradaError as err:
        ui_roll.show_error(tr("error.link"), ui_roll.engine_message(err))
        app.show_notices()
        return
    if asked.outcome == "ask":
        ask(fragment, asked)
        return
    settle(fragment, "")


def ask(fragment: str, asked) -> None:
    """Show what the hand-over link would do and wait for the reader's choice (nothing stored)."""
    here = asked.here
    words = {"who": asked.handed.roller, "here": here.seq, "next": asked.handed.seq + 1,
             "first": here.seq + 1, "last": asked.handed.seq}
    if asked.consent == "back":
        text = tr("chain.ask_back")
    elif asked.here_retired is None:
        text = tr("chain.ask_active")
    else:
        text = tr("chain.ask_retired")
    el("who").open = True
    el("chain-ask-text").textContent = text.format(**words)
    el("chain-ask-yes").textContent = tr("chain.ask_yes").format(**words)
    sure = asked.consent != "back"
    el("chain-ask-sure-row").hidden = not sure
    el("chain-ask-sure").checked = False
    el("chain-ask-yes").disabled = sure
    el("chain-status").textContent = ""
    el("chain-ask").hidden = False
    Asked.fragment, Asked.key = fragment, asked.key
    Asked.chain = (asked.handed.roller, asked.handed.campaign)
    Opened.handover = True
    ui_refusal.reveal(el("chain-ask"))
    el("chain-ask-text").focus()


def settle(fragment: str, consent: str) -> None:
    """Open the link in the book (with ``consent``: the key of the plan the reader accepted) and
    say what it did; the form takes the chain's name."""
    from roll import ui_roll

    try:
        outcome, now = STORE.book.receive(fragment, consent)
    except TiradaError as err:
        ui_roll.show_error(tr("error.link"), ui_roll.engine_message(err))
        app.show_notices()
        return
    if outcome == "ask":        # the book changed since the question: ask again about what it is now
        open_handover(fragment)
        return
    el("roller").value, el("campaign").value = now.roller, now.campaign
    STORE.set_roller(now.roller, now.campaign)
    app.name_filled()                      # the name-ask line hides now, not at the next roll
    el("who").open = True
    el("chain-status").textContent = tr(f"chain.{outcome}").format(who=now.roller, next=now.seq + 1)
    Opened.handover = True
    ui_refusal.reveal(el("chain-status"))   # what the link did, in the first screen (issue #29)


class Asked:
    """The hand-over link being asked about (its fragment and the plan's consent key), if any."""

    fragment = ""
    key = ""
    chain: tuple = ("", "")     # (roller, campaign) of the chain asked about

    @classmethod
    def clear(cls) -> None:
        """Forget the question and hide it."""
        cls.fragment = cls.key = ""
        cls.chain = ("", "")
        el("chain-ask").hidden = True


@when("change", "#chain-ask-sure")
def on_sure(event) -> None:
    """The worded choice («I made this link on my other device») enables the button."""
    el("chain-ask-yes").disabled = not bool(el("chain-ask-sure").checked)


@when("click", "#chain-ask-yes")
def on_ask_yes(event) -> None:
    """Continue the chain as the link says (the plan the reader saw)."""
    fragment, key = Asked.fragment, Asked.key
    if not fragment or (not el("chain-ask-sure-row").hidden and not el("chain-ask-sure").checked):
        return
    Asked.clear()
    settle(fragment, key)
    el("chain-status").setAttribute("tabindex", "-1")
    el("chain-status").focus()


@when("click", "#chain-ask-no")
def on_ask_no(event) -> None:
    """Leave the chain as it was and say so."""
    roller, campaign = Asked.chain
    Asked.clear()
    try:
        now = STORE.book.head(roller, campaign)
    except TiradaError:          # retired here: it stays retired
        now = None
    status = el("chain-status")
    status.textContent = tr("chain.ask_kept") if now is None else \
        tr("chain.ask_kept_chain").format(who=now.roller, next=now.seq + 1)
    status.setAttribute("tabindex", "-1")
    status.focus()


class Opened:
    """Whether the chain status now speaks of an opened hand-over link (not of one given here)."""

    handover = False
    retired = False     # the status names a retired chain (show_retired)


def on_link_opening(event: LinkOpening) -> None:
    """Another link is opened (web/shell/page_events.py): the words about an earlier hand-over link go;
    the words about a hand-over given from this browser stay."""
    if event.kind != "chain" and Opened.handover:
        el("chain-status").textContent = ""
        Asked.clear()
        Opened.handover = False


def on_notices_drawn(event: NoticesDrawn) -> None:
    """At start and after each roll (the notice bar drawn, web/shell/page_events.py): name a retired chain in the form, unless the
    status speaks of a hand-over link just opened."""
    if not Opened.handover:
        show_retired()
