"""Rolls the reading core made from the form before the engine was up, taken over by the full page
(issue #41; glue only).

web/loader.js rolls SIFRP and the generic roll on MicroPython while Pyodide starts (tirada.core_roll):
the card it shows (#core-roll in #result, the link in ``data-core-fragment``) and the history entries it
stores (marked ``core``, worded by the core) are the full page's to redraw once it is up: the roll is
verified again from its link (never read from the card) and shown as the page shows a roll; each history
entry is worded as the page words a roll, in both languages.
"""

from __future__ import annotations

from typing import Any, Callable

from roll import result_views
from shell import app
from shell.app import STORE, el
from tirada import TiradaError
from tirada.links.roll_link import open_roll
from tirada.links.roll_record import HistoryEntry, VerifiedRoll

__all__ = ["start", "take_over"]


def start(put: Callable[[dict], None], draw: Callable[[], None], history: Callable[[], None]) -> None:
    """At the engine's start (web/roll/ui_roll.py start): take over the core's rolls now (:func:`take_over`),
    and again whenever web/loader.js says it showed one after the engine came up (the contract's event
    ``core_roll`` on #result: the core was rolling while the engine started), then redraw the history
    (``history``)."""
    from pyodide.ffi import create_proxy

    from shell import contract

    take_over(put, draw)

    def later(_event: Any) -> None:
        take_over(put, draw)
        history()

    el("result").addEventListener(contract.EVENTS.core_roll, create_proxy(later))


def take_over(put: Callable[[dict], None], draw: Callable[[], None]) -> None:
    """Take over the core's rolls: the one on screen (#core-roll, its link in #result's
    ``data-core-fragment``, read and removed), unless a shared roll is open, is put on screen as the
    page's own (``put``: web/roll/ui_roll.py show_roll, a ``{**tirada.links.chain.verify dict,
    "fragment"}``; ``draw``: show_current, which draws it); the
    history entries marked ``core`` get the page's summary in each language. A link that does not verify
    is left as it is (it says why wherever it is opened)."""
    result = el("result")
    fragment = result.getAttribute("data-core-fragment")
    result.removeAttribute("data-core-fragment")
    if el("core-roll") is not None and el("shared").hidden and isinstance(fragment, str) and fragment:
        try:
            put({**open_roll(fragment), "fragment": fragment})
            draw()
        except TiradaError:
            pass
    items, changed = STORE.history(), False
    for i, item in enumerate(items):
        entry = HistoryEntry.of(item)
        if not entry.core:
            continue
        try:
            roll = VerifiedRoll.of({**open_roll(entry.fragment), "fragment": entry.fragment})
        except TiradaError:
            continue
        items[i] = {key: value for key, value in item.items() if key != "core"}
        items[i]["summary"] = {lang: result_views.view_for(roll.system).summary(roll.result, lang)
                               for lang in app.langs()}
        changed = True
    if changed:
        STORE.set_history(items)
