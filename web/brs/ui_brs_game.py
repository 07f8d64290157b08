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

__all__ = ["Game", "draft", "playing"]


class Game:
    """The Confrontation on screen: its setup and moves (the truth), the replayed state, the dice
    chosen on the board, the setup draft being edited, and whether it came from a link."""

    setup: dict | None = None      # the setup (JSON, as linked and stored), None before a Confrontation
    moves: list = []
    state: State | None = None     # replay(setup, moves)
    selection: list = []
    draft: dict | None = None      # the setup form's draft (ui_brs_setup)
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


def draft() -> dict:
    """The setup draft being edited (a blank one with a fresh seed when there is none yet)."""
    if Game.draft is None:
        Game.draft = setupform.blank_draft(new_seed(), app.State.lang)
    return Game.draft
