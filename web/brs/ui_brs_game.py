"""The Blood Red Sands Confrontation on the page's screen: the state web/brs/ui_brs.py's handlers share.

web/brs/ui_brs.py (the handlers) owns it; web/brs/ui_brs_records.py reads the draft and the state through the
callables ui_brs hands it (:func:`draft`, a lambda on ``Game.state``).
"""

from __future__ import annotations

from typing import Any

from shell import app
from brs import ui_brs_setup as setupform
from tirada import new_seed
from tirada.systems.brs import State
from tirada.systems.brs.draft import Draft

__all__ = ["Game", "draft", "playing", "set_draft"]


class Game:
    """The Confrontation on screen: its setup and moves (the truth), the replayed state, the dice
    chosen on the board, the setup draft being edited, and whether it came from a link."""

    setup: dict | None = None      # the setup (JSON, as linked and stored), None before a Confrontation
    moves: list = []
    state: State | None = None     # replay(setup, moves)
    selection: list = []
    draft: Draft | None = None     # the setup form's draft (tirada.systems.brs.draft; ui_brs_setup draws it)
    fragment = ""
    seat: str | None = None   # ui_brs_seat.SEATS, None until chosen (issue #29)
    undo: list = []   # len(moves) before each move made here since the link was last copied (issue #42)
    moving: dict | None = None     # a move being numbered under the chain lock (web/shell/chain_writer.py)
    task: Any = None               # the asyncio task of the last start or numbered move (kept from the collector)


def playing() -> tuple[dict, State]:
    """``(setup, state)`` of the Confrontation on screen; only called while there is one.

    Raises:
        RuntimeError: no Confrontation (a handler called out of turn: a bug, not bad input).
    """
    if Game.setup is None or Game.state is None:
        raise RuntimeError("no Confrontation on screen")
    return Game.setup, Game.state


def draft() -> Draft:
    """The setup draft being edited (a blank one with a fresh seed when there is none yet); each
    edit makes a new one, kept in ``Game.draft`` (:func:`set_draft`)."""
    if Game.draft is None:
        Game.draft = setupform.blank_draft(new_seed(), app.State.lang)
    return Game.draft


def set_draft(new: Draft) -> Draft:
    """Make ``new`` the setup draft being edited (not stored: ui_brs_form.save_draft does that); returned."""
    Game.draft = new
    return new
