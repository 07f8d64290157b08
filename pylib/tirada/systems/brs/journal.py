"""Blood Red Sands Confrontation: every move of the log, who made it and which dice it rolled.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §What the tool must
do (asynchronous play: whoever opens a link sees what happened since their last move). The exchange
records of :func:`tirada.systems.brs.summary` tell how each exchange went; this journal adds the moves made
between and inside exchanges (Advantage rerolls, Renewals, Vows, Reinforcements, choices) with
their actor and the faces they rolled. Nothing here changes a state. The page reads
:func:`entries`, the typed records of :func:`journal` (:mod:`tirada.systems.brs.story_view`, issue #40).
"""

from __future__ import annotations

from typing import Any, Mapping

from .config import Setup
from .orders import actor_of, ordered_attacker
from .state import State
from .story_view import JournalEntry
from .replay import apply, new_confrontation

__all__ = ["actor_of", "entries", "journal"]


def journal(setup: Setup | Mapping, moves: Any) -> list:
    """One entry per move: ``{"n": 1-based move number, "move": the move dict, "player": actor
    index or None, "round", "exchange" (before the move), "rolled": [{"die", "d", "before": face
    or None, "after": face}]}`` (dice whose face the move drew). An ``attack`` or ``defend`` entry
    also tells what it did: ``"advanced": [{"die", "d", "face", "aspect"}]`` (the counted dice, then a
    Soul-Fused die), ``"score"`` (the Attack Score), ``"target"`` (player index) and, for a defence, ``"outcome"`` (Reversal / Block /
    Damage, §The fight, the outcome by the number of counted defence dice). A ``pick`` made as the
    Leader's standing order named has ``"order"``: the Leader's index (docs/brs-pace.md).

    Raises:
        IllegalMove / InvalidRequest: as :func:`tirada.systems.brs.replay`.
    """
    state, dice = new_confrontation(setup)
    out = []
    for k, move in enumerate(moves):
        before = state
        state = apply(state, move, dice)
        drawn = len(state.draws) - len(before.draws)
        rolled = []
        if drawn:
            for i, d in enumerate(state.dice):
                new = i >= len(before.dice)
                old = None if new else before.dice[i].face
                rerolled = move.get("move") == "advantage" and move.get("die") == i
                moved_in = not new and before.dice[i].row != d.row and d.row == "available"
                if d.face is not None and (new or old != d.face or moved_in or rerolled):
                    rolled.append({"die": i, "d": d.size, "before": old, "after": d.face})
        entry = {"n": k + 1, "move": dict(move), "player": actor_of(before, move), "round": before.round,
                 "exchange": before.exchange, "rolled": rolled}
        if move.get("move") in ("attack", "defend"):
            entry.update(_advanced(state, move["move"]))
        if move.get("move") == "pick" and ordered_attacker(before) is not None:
            entry["order"] = before.leaders[before.attacking_side]     # the Leader's standing order
        out.append(entry)
    return out


def entries(setup: Setup | Mapping, moves: Any) -> tuple:
    """:func:`journal` as records: one :class:`~tirada.systems.brs.story_view.JournalEntry` per move.

    Raises:
        IllegalMove / InvalidRequest: as :func:`tirada.systems.brs.replay`.
    """
    return tuple(JournalEntry.from_dict(e) for e in journal(setup, moves))


def _advanced(state: State, kind: str) -> dict:
    """What an attack or a defence just advanced: the exchange record under way (or, when the
    defence finished the exchange, the one just recorded)."""
    rec = state.current if state.current is not None else (state.exchanges[-1] if state.exchanges else None)
    if rec is None:
        return {}
    faces = dict(rec.get("faces") or ())
    dice = list(rec.get(kind if kind == "attack" else "defence") or ())
    sf = rec.get("soul_fused_attack" if kind == "attack" else "soul_fused_defence")
    dice += [sf] if sf is not None else []
    out = {"advanced": [{"die": i, "d": state.dice[i].size, "face": faces.get(i, state.dice[i].face),
                         "aspect": state.dice[i].aspect} for i in dice], "score": rec.get("score"),
           "target": rec.get("target")}
    if kind == "defend":
        out["outcome"] = rec.get("outcome")
    return out
