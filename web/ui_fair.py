"""Fair play v2 glue (issue #13): the roller chains the page reads and stores around each decision.

Also "continue my chain on another device": the hand-over link (tirada.links.handover) made from the
roll view's roller, and opened on the other device (route ``chain``).

Fresh dice are made by the engine (:mod:`tirada.links.fair_roll`, :mod:`tirada.systems.brs.fair`) at the moment a
decision is committed; this module only reads a chain from storage *now* (another tab of this
browser may have used it), and stores the one the engine returns. Nothing here decides anything.
"""

from __future__ import annotations

import time

from pyscript import when

import app
import sharing
import store as store_mod
import ui_refusal
from app import STORE, el, tr
from tirada.links import handover as chain_link
from tirada.links import chain as links
from tirada.errors import TiradaError

#: chains the storage refused (full): kept for this session (shared with the roll view's copy)
UNSAVED: dict = {}


def chain_key(roller: str, campaign: str) -> str:
    """The storage key of a roller's chain (the same as the roll view's)."""
    return f"{roller}\n{campaign}"


def chain_now(roller: str, campaign: str):
    """The stored chain of (roller, campaign) as it is now, or a new one (``None`` if unnamed).

    Raises:
        InvalidRequest: a name the link format refuses.
    """
    roller, campaign = (roller or "").strip(), (campaign or "").strip()
    if not roller:
        return None
    key = chain_key(roller, campaign)
    saved = UNSAVED.get(key) or STORE.chains().get(key)
    try:
        state = links.ChainState.from_dict(saved) if saved else None
    except TiradaError:     # a damaged stored chain: start a new one (the audit shows the restart)
        state = None
    return state or links.ChainState(roller, campaign)


def store_chain(state) -> None:
    """Store a chain the engine returned (in memory only when the storage is full)."""
    if state is None:
        return
    key = chain_key(state.roller, state.campaign)
    if STORE.set_chain(key, state.to_dict()):
        UNSAVED.pop(key, None)
    else:
        UNSAVED[key] = state.to_dict()


def commit_for(campaign: str):
    """The engine's ``commit(roller, fresh) -> {"seq", "prev"}`` for chains of ``campaign``: takes the
    roller's next number for fresh randomness made now (a scene roll's seed, a Confrontation's start
    seed), on the chain as stored now, and stores the chain (tirada.links.chain.reserve)."""
    def commit(roller: str, fresh: str) -> dict:
        position, state = links.reserve(chain_now(roller, campaign or ""), fresh)
        store_chain(state)
        return position
    return commit


def throwaway(_segment: int) -> str:
    """A nonce for checking that a decision is legal before any fresh dice are committed (its
    dice are never shown)."""
    return "00" * 8


def drop_chain(roller: str, campaign: str) -> None:
    """Stop using a chain in this browser (it was handed over to another device)."""
    key = chain_key(roller, campaign)
    UNSAVED.pop(key, None)
    chains = STORE.chains()
    chains.pop(key, None)
    STORE.write(store_mod.CHAIN_KEY, chains)


@when("click", "#chain-handover")
def on_handover(event) -> None:
    """Make the hand-over link of the roll view's roller chain; this browser stops using it."""
    status = el("chain-status")
    try:
        state = chain_now(str(el("roller").value), str(el("campaign").value))
    except TiradaError as err:
        status.textContent = f'{tr("error.heading")}: {ui_refusal.text(err)}'
        return
    if state is None:
        status.textContent = tr("chain.none")
        return
    el("chain-link").value = sharing.page_link(chain_link.encode_handover(state, int(time.time())))
    drop_chain(state.roller, state.campaign)
    status.textContent = tr("chain.given").format(seq=state.seq, who=state.roller)


def open_handover(fragment: str) -> None:
    """Open a hand-over link: take that chain for this browser unless it is already further along."""
    import ui_roll

    app.show_view("roll")
    try:
        handed, _ = chain_link.decode_handover(fragment)
    except TiradaError as err:
        ui_roll.show_error(tr("error.link"), ui_roll.engine_message(err))
        return
    key = chain_key(handed.roller, handed.campaign)
    saved = UNSAVED.get(key) or STORE.chains().get(key)
    try:
        local = links.ChainState.from_dict(saved) if saved else None
    except TiradaError:
        local = None
    state, outcome = chain_link.adopt(local, handed)
    store_chain(state)
    el("roller").value, el("campaign").value = handed.roller, handed.campaign
    STORE.set_roller(handed.roller, handed.campaign)
    el("who").open = True
    now = state or local or handed
    el("chain-status").textContent = tr(f"chain.{outcome}").format(who=handed.roller, next=now.seq + 1)
    Opened.handover = True


app.ROUTES["chain"] = open_handover


class Opened:
    """Whether the chain status now speaks of an opened hand-over link (not of one given here)."""

    handover = False


def forget_link(kind: str) -> None:
    """Another link is opened: the words about an earlier hand-over link go (ON_LINK); the words
    about a hand-over given from this browser stay."""
    if kind != "chain" and Opened.handover:
        el("chain-status").textContent = ""
        Opened.handover = False


app.ON_LINK.append(forget_link)
