"""The L5R 5e skirmish turn as a :class:`tirada.systems.moves.Game` (``GAME``).

Rules: seed ``002_ffc4b51df0ee9169.txt`` ("ACCIONES DE ESCARAMUZAS"); ../shared/rules/l5r5e.md
§Skirmish helpers. The rules are in :mod:`.turn`; this object speaks the common move interface over
them. State: :class:`~tirada.systems.l5r.turn_state.TurnState` (frozen; ``effects`` holds what each
move did). Setup: the character (the JSON state of :func:`~tirada.systems.l5r.turn_state.new_state`).
Dice: ``None`` — the turn draws nothing; a move that needs a check carries the finished check, rolled
after the decision that asks for it.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import Dice
from ...errors import InvalidRequest
from ..moves import Game, Move, freeze
from .turn import apply
from .turn_state import TurnState

__all__ = ["GAME", "SkirmishTurn"]


class SkirmishTurn:
    """One character's skirmish: character → :class:`TurnState`; moves ``{"action": kind, …}``."""

    name = "l5r_turn"

    def start(self, setup: Mapping[str, Any]) -> tuple[TurnState, Dice | None]:
        """The character at the start of the scene (:meth:`TurnState.from_dict`); no dice.

        Raises:
            InvalidRequest: as :func:`~tirada.systems.l5r.turn_state.new_state`.
        """
        return TurnState.from_dict(dict(setup)), None

    def move(self, data: Any) -> Move:
        """``{"action": kind, …}`` → :class:`Move` (kind ``""`` when missing: ``apply`` names it).

        Raises:
            InvalidRequest: not an object (``field.object``).
        """
        if not isinstance(data, Mapping):
            raise InvalidRequest("each move must be an object", field="move", code="field.object")
        kind = data.get("action")
        return Move.of(kind if isinstance(kind, str) else "", data)

    def apply(self, state: TurnState, move: Move, dice: Dice | None) -> TurnState:
        """:func:`~tirada.systems.l5r.turn.apply` on the state's JSON; its effect is appended to
        ``effects`` (``dice`` is not used: see the module)."""
        out = apply(state.to_dict(), move.to_dict())
        return TurnState.from_dict(out["state"], effects=state.effects + (freeze(out["effect"]),))


GAME: Game[TurnState] = SkirmishTurn()
