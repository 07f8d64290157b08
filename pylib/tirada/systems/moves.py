"""One move interface for the three stateful games: ``(state, move, dice) -> new state``.

The games: the Blood Red Sands Confrontation (:mod:`tirada.systems.brs.game`), the Tragedia scene
(:mod:`tirada.systems.tragedia.game`) and the L5R 5e skirmish turn (:mod:`tirada.systems.l5r.turn_game`).
Each exposes ``GAME``, an object of the :class:`Game` protocol, over its own rules modules (the
rules stay where they are; the game object only speaks this interface).

* The **state** is a frozen record of the game (``brs.state.State``, ``tragedia.state.SceneState``,
  ``l5r.turn_state.TurnState``; a frozen dataclass, or a :class:`tirada.portable.Struct` in the reading
  core): assigning a field raises ``AttributeError`` (``dataclasses.FrozenInstanceError`` for a
  dataclass); a move returns a new state and never changes the one it was given.
* A **move** is a :class:`Move`: its ``kind`` and its JSON object frozen (read-only mappings and
  tuples). :meth:`Game.move` reads one from JSON; :meth:`Move.to_dict` gives the JSON back.
* The **dice** are the replayable stream :meth:`Game.start` returned (a
  :class:`~tirada.dice.DiceStream` on the setup's seed or :class:`~tirada.dice.FixedFaces`),
  positioned after every die drawn so far — or ``None`` for a game whose dice come from the state
  itself (a Tragedia scene's seed or faces and each roll's own seed, a version-2 Confrontation's
  signed nonces) or that draws nothing (the L5R turn: a check is a finished roll carried by the move,
  rolled after the decision it depends on).

Replay is the fold :func:`replay`: the same setup and moves give an equal state, die for die.
A refused move raises :class:`~tirada.errors.IllegalMove` (the rules forbid it; ``rule`` names the
section) or :class:`~tirada.errors.InvalidRequest` (malformed) and draws no die that decides anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Protocol, TypeVar, runtime_checkable

from ..dice import Dice

__all__ = ["Game", "Move", "freeze", "replay", "thaw"]

S = TypeVar("S")


def freeze(value: Any) -> Any:
    """A JSON value made read-only: objects → ``MappingProxyType`` (keys as given), lists → tuples.
    (Moves from outside come through :func:`tirada.safejson.loads`, which bounds their nesting.)"""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: a fresh JSON value (dicts and lists) nobody else holds."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Move:
    """One move of a game: ``kind`` (the Confrontation's ``move``, the Tragedia action's verb, the L5R
    turn's ``action``; ``""`` when the object names none, which the game's ``apply`` refuses) and
    ``data``, the whole JSON object read-only (``kind`` included)."""

    kind: str
    data: Mapping[str, Any]

    @classmethod
    def of(cls, kind: str, data: Mapping[str, Any]) -> "Move":
        """A move from its kind and its JSON object (frozen here; ``data`` is not kept)."""
        return cls(kind, freeze(data))

    def to_dict(self) -> dict:
        """The move's JSON object, a fresh copy."""
        out: dict = thaw(self.data)
        return out


@runtime_checkable
class Game(Protocol[S]):
    """A stateful game: a setup gives the first state and its dice; each move gives a new state."""

    #: ``"brs"``, ``"tragedia"`` or ``"l5r_turn"``.
    name: str

    def start(self, setup: Mapping[str, Any]) -> tuple[S, Dice | None]:
        """The state before any move and the dice stream later moves draw from (``None``: see the
        module's note). Raises InvalidRequest / IllegalMove for a bad setup."""
        ...

    def move(self, data: Any) -> Move:
        """The :class:`Move` of a JSON object. Raises InvalidRequest when ``data`` is not an object."""
        ...

    def apply(self, state: S, move: Move, dice: Dice | None) -> S:
        """The state after ``move``; ``state`` is unchanged. Raises IllegalMove / InvalidRequest."""
        ...


def replay(game: Game[S], setup: Mapping[str, Any], moves: Iterable[Any]) -> S:
    """Fold ``moves`` (JSON objects) over ``game.start(setup)``: the state after the last one.

    Raises:
        InvalidRequest / IllegalMove: the setup's, or the first refused move's (unchanged).
    """
    state, dice = game.start(setup)
    for data in moves:
        state = game.apply(state, game.move(data), dice)
    return state
