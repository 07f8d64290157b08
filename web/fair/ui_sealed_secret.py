"""Secret GM rolls on the page ("tirada oculta", issue #27; docs/link-format.md §19.9). Glue only: the
rules are tirada.links.sealed's, the cards sealed_view.py's, the sealed card and its "Revelar" button
web/fair/ui_sealed.py's.

* "Tirar en secreto" (panels/secret-roll.html, beside the GM's request box): the roll of the form,
  sealed with the secret of the form's campaign (``STORE.campaign_secret``) and numbered by the chain
  book like any roll (``STORE.book``); what it rolled (system and parameters) is kept in this browser
  first (``STORE.keep_secret_roll``: opening and revealing need it). The card shows the GM the
  result, the sealed link to post and "Revelar";
* route ``secret``: in the GM's browser (a campaign secret and the kept request that open it) the
  result and "Revelar"; anywhere else who rolled, what for, the chain number and "sellada: la
  revelará el máster" — no dice, no result, not even what was rolled.
"""

from __future__ import annotations

import asyncio
import secrets
import time

from pyscript import when

from shell import app
from shell import busy
from shell import chain_writer
from fair import sealed_view
from shell import ui_refusal
from roll import ui_roll
from fair import ui_sealed
from shell.app import STORE, el, tr
from roll.forms import FormError
from tirada.errors import InvalidRequest, TiradaError
from tirada.links import sealed
from tirada.links.fair_records import sealed_card
from tirada.wire.sealed_layout import ID_BYTES


def _form_request() -> tuple:
    """``(hidden request, label)`` of the form: system and parameters (what the seal hides), label."""
    system = ui_roll.active_system()
    hidden = ui_roll.read_form(system)
    return hidden, str(el("label").value).strip()


@when("click", "#gm-secret-roll")
def on_secret_roll(event) -> None:
    """The GM rolls the form in secret: the sealed link to post, the result for the GM's eyes. The
    roll waits its turn for the chain in a task; the button is busy until it lands (web/shell/busy.py),
    made so before this click's handler returns: a second click cannot reach it."""
    held = busy.begin(el("gm-secret-roll"))
    ui_sealed.keep_task(asyncio.ensure_future(_secret_roll(held)))


async def _secret_roll(held: busy.Busy | None) -> None:
    try:
        await _seal(held)
    finally:
        busy.end(held)


async def _seal(held: busy.Busy | None) -> None:
    status = el("gm-secret-status")
    status.textContent = ""
    ui_refusal.clear("#roller-form")
    created, roll_id = int(time.time()), secrets.token_hex(ID_BYTES)
    try:
        hidden, label = _form_request()
        roller, campaign = ui_roll.chain_identity()
        if not roller:      # unnumbered, a secret roll could be made again and again unseen
            raise InvalidRequest("a secret roll needs the GM's name (a chain number)", field="roller",
                                 code="sealed.secret_needs_roller")
        key = STORE.campaign_secret(campaign)
        request = {**hidden, **({"label": label} if label else {})}
        sealed.seal_gm_roll(key, request, None, created, roll_id)   # refused here before a number is taken
        STORE.keep_secret_roll(roll_id, hidden)                     # kept before the roll is sealed

        def step(state):
            done = sealed.seal_gm_roll(key, request, state, created, roll_id)
            return done, done.chain

        done = await chain_writer.number(roller, campaign, step)   # one tab at a time (issue #39)
    except FormError as err:   # one line, already in the page's language
        busy.end(held)
        status.textContent = f'{tr("error.heading")}: {err}'
        ui_refusal.show_at(err.field, str(err))
        return
    except TiradaError as err:
        busy.end(held)
        status.textContent = f'{tr("error.heading")}: {ui_refusal.show(err, "#roller-form")}'
        return
    busy.end(held)
    ui_sealed.remember(done.id, done.fragment)
    ui_sealed.hold_for_reveal((key, done.fragment, hidden))
    ui_sealed.opened_card(done.opened, revealed=False, link=done.fragment)
    el("sealed-status").textContent = tr("secret.made")


def _open_here(fragment: str, roll_id: str):
    """``(campaign secret, hidden request, Opened)`` when this browser made the secret roll, else None."""
    hidden = STORE.secret_rolls().get(roll_id)
    if hidden is None:
        return None
    for key in STORE.campaign_secrets().values():
        try:
            return key, hidden, sealed.open_secret(key, fragment, hidden)
        except TiradaError:      # another campaign's secret: try the next one
            continue
    return None


def open_secret(fragment: str) -> None:
    """Open a secret roll link: the result for the GM who made it here, else who, what for and nº."""
    app.show_view("roll")
    try:
        _kind, view = sealed.read_sealed(fragment, ("secret",))
        roll_id = sealed_card(view).id or ""
        ui_sealed.remember(roll_id, fragment)
        found = _open_here(fragment, roll_id)
    except TiradaError as err:
        ui_sealed.refused(err)
        return
    if found is None:
        ui_sealed.hold_for_reveal(None)
        ui_sealed.card(lambda lang: sealed_view.closed_html(view, lang))
        return
    key, hidden, opened = found
    ui_sealed.hold_for_reveal((key, fragment, hidden))
    ui_sealed.opened_card(opened, revealed=False)


def start() -> None:
    """Enable "Tirar en secreto" (the page loads this module right after it is ready, or at once for a
    secret-roll link: the button stays disabled until its handler exists)."""
    el("gm-secret-roll").disabled = False
