"""The Tragedia scene as a :class:`tirada.systems.moves.Game` (``GAME``).

Rules: ../shared/rules/tragedia.md (seed ``001_0d4b6b4e1f6e6362.txt``); ledger format
docs/tragedia-scene.md. The rules are in :mod:`.scene` and the modules it applies; this object speaks
the common move interface over them. State: :class:`~tirada.systems.tragedia.state.SceneState`
(frozen). Dice: ``None`` — a scene draws from its own ``seed`` or ``faces`` (kept in the state with
the count already drawn) or from a roll action's own ``seed``, picked when that roll is made.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import Dice
from ...errors import InvalidRequest
from ..moves import Game, Move
from .scene import VERBS, apply
from .state import SceneState, new_scene

__all__ = ["GAME", "Scene"]


class Scene:
    """A scene: its ledger without actions → :class:`SceneState`; actions ``{verb: …, "by": …}``."""

    name = "tragedia"

    def start(self, setup: Mapping[str, Any]) -> tuple[SceneState, Dice | None]:
        """:func:`~tirada.systems.tragedia.state.new_scene` (a ledger's ``actions`` are ignored)."""
        return new_scene(setup), None

    def move(self, data: Any) -> Move:
        """An action → :class:`Move` whose kind is its verb (``""`` unless exactly one of
        :data:`~tirada.systems.tragedia.scene.VERBS`: ``apply`` refuses it).

        Raises:
            InvalidRequest: not an object (``tragedia.action_object``).
        """
        if not isinstance(data, Mapping):
            raise InvalidRequest("an action must be a JSON object", code="tragedia.action_object")
        verbs = [v for v in VERBS if v in data]
        return Move.of(verbs[0] if len(verbs) == 1 else "", data)

    def apply(self, state: SceneState, move: Move, dice: Dice | None) -> SceneState:
        """:func:`~tirada.systems.tragedia.scene.apply` (``dice`` is not used: see the module)."""
        return apply(state, move.to_dict())


GAME: Game[SceneState] = Scene()
