"""Blood Red Sands Confrontation as a :class:`tirada.systems.moves.Game` (``GAME``).

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``). The rules are in
:mod:`.replay` and the modules it folds; this object speaks the common move interface over them.
State: :class:`~tirada.systems.brs.state.State` (frozen). Dice: the stream
:func:`~tirada.systems.brs.replay.new_confrontation` returns (version 1: the setup's ``seed`` or
``faces``); with ``None`` the stream is rebuilt from the state's draws
(:func:`~tirada.systems.brs.replay.play`, which also checks a new move's note), and a version-2
Confrontation's moves draw from their own signed nonces either way.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import Dice
from ...errors import InvalidRequest
from ..moves import Game, Move
from .replay import apply, new_confrontation, play
from .state import State

__all__ = ["GAME", "Confrontation"]


class Confrontation:
    """The Confrontation: setup (docs/brs-format.md) → :class:`State`; moves ``{"move": kind, …}``."""

    name = "brs"

    def start(self, setup: Mapping[str, Any]) -> tuple[State, Dice | None]:
        """The initial state and its dice (:func:`~tirada.systems.brs.replay.new_confrontation`)."""
        state, dice = new_confrontation(setup)
        return state, dice

    def move(self, data: Any) -> Move:
        """``{"move": kind, …}`` → :class:`Move` (kind ``""`` when missing: ``apply`` names it).

        Raises:
            InvalidRequest: not an object (``brs.move_object``).
        """
        if not isinstance(data, Mapping):
            raise InvalidRequest("a move must be a JSON object {\"move\": kind, …}", field="move",
                                 code="brs.move_object")
        kind = data.get("move")
        return Move.of(kind if isinstance(kind, str) else "", data)

    def apply(self, state: State, move: Move, dice: Dice | None) -> State:
        """:func:`~tirada.systems.brs.replay.apply` with ``dice`` (or :func:`play` without)."""
        if dice is None:
            return play(state, move.to_dict())
        return apply(state, move.to_dict(), dice)


GAME: Game[State] = Confrontation()
