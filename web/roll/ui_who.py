"""The name asked for before the first roll (issue 38), glue only.

A player who never named themselves used to roll unsigned without being told. While
:meth:`store.Store.asks_for_name` says so (no name typed or remembered, an empty chain book, no
«Tirar sin firmar» chosen), a short line at the top of the roll form asks, with two buttons: «Poner
nombre» opens the box on the name field; «Tirar sin firmar» stores that choice (never asked again)
and puts the focus on «Tirar». Nothing is blocked: «Tirar» works while the line shows (an unsigned
roll, as before). A typed name hides the line, and so does a name filled in by code (a hand-over
adopted, a GM request that names the player: ``page_events.NameFilled``) at once; a named roll remembers the name (web/roll/ui_roll.py)
and fills the chain book, so the next visit does not ask. Storage refused or full: the choice holds
for this session (:data:`Ask.unsigned`).
"""

from __future__ import annotations

from pyscript import when

from shell import app
from shell.app import STORE, el
from shell.page_events import LangChanged, NameFilled, RollSaved


class Ask:
    """What this page session decided beyond the store."""

    unsigned: bool = False    # «Tirar sin firmar» clicked (kept here too: the store may refuse it)


def asks() -> bool:
    """Whether the ask line shows now (the store's rule, for the name in the field)."""
    return not Ask.unsigned and STORE.asks_for_name(str(el("roller").value))


def refresh(*_args) -> None:
    """Show or hide the ask line (start-up, a typed name, a roll)."""
    el("who-ask").hidden = not asks()


@when("click", "#who-unsigned")
def on_unsigned(event) -> None:
    """«Tirar sin firmar»: remember the choice, close the box, focus on «Tirar»."""
    Ask.unsigned = True
    if not STORE.choose_unsigned():
        app.show_notices()             # a full storage is said in the notice bar (the choice holds here)
    el("who").open = False
    refresh()
    el("roll").focus()


@when("click", "#who-ask-name")
def on_name(event) -> None:
    """«Poner nombre»: open the box on the name field."""
    el("who").open = True
    el("roller").focus()


@when("input", "#roller")
def on_typed(event) -> None:
    refresh()


def on_roll_saved(event: RollSaved) -> None:
    """A roll was saved (web/shell/page_events.py): a named roll asks no more."""
    refresh()


def on_name_filled(event: NameFilled) -> None:
    """A name filled by code (a hand-over adopted, a GM request naming the player): the ask line hides."""
    refresh()
def on_lang_changed(_event: LangChanged) -> None:
    """The name-ask line in the new language; also run when another tab changed the stored data
    (page.on_storage; web/shell/page_events.py (LangChanged))."""
    refresh()


def start() -> None:
    """Ask (or not) for the stored state, after ui_roll.start restored the name."""
    refresh()
