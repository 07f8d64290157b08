"""Blood Red Sands Confrontation: what each player may do now, in detail, for the page.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §The fight,
§Getting more dice, §Yielding, §Aspects. :func:`tirada.systems.brs.legal_moves` says *which kinds* of
move each player may make; :func:`options` adds the *candidates* of each kind (which dice, which
players, which Graveyard sizes), and :func:`step` describes the current moment, so that the page
enables only legal actions without knowing any rule. The engine still checks every move.

The page reads them as typed records (:mod:`tirada.systems.brs.board_view`): :func:`choices`,
:func:`now` and :func:`cells` (issue #40); the dicts of :func:`options`, :func:`step` and
:func:`board` are the same facts, for the tests and the command line.
"""

from __future__ import annotations

from ...portable import merged
from .aspects import RULINGS
from .board_view import Cell, Choices, Step
from .config import ASPECTS, VOWS
from .defence import defences_for
from .checks import can_advance_two, overwhelmed
from .orders import ordered_attacker
from .replay import legal_moves
from .state import State, lift_targets
from .vows import enemy_candidates, seed_audit_rules

__all__ = ["board", "cells", "choices", "now", "options", "step"]


def _undamaged(state: State, player: int, *rows: str) -> list:
    return [i for i in state.dice_of(player, *rows) if state.dice[i].mark is None]


def _pending_options(state: State, kind: str, subject: int, chooser: int) -> dict:
    if kind == "strength":
        return {"source": subject, "dice": _undamaged(state, chooser, "available")}
    if kind == "endurance":
        return {"source": subject, "dice": lift_targets(state, chooser)}
    if kind == "ruling":
        dice = [i for i, d in enumerate(state.dice)
                if d.owner in (state.attacker, state.target) and d.row not in ("sheet", "lost")]
        return {"source": subject, "dice": dice, "actions": list(RULINGS)}
    if kind == "devastate":
        size = state.dice[subject].size
        return {"die": subject, "sizes": sorted({s for s in state.graveyard_dice if s <= size}),
                "aspects": list(ASPECTS)}
    if kind == "bonus":
        takes = ["none"] + (["die"] if state.graveyard_dice else []) + \
                (["advantage"] if state.graveyard_advantage else [])
        return {"die": subject, "takes": takes,
                "smallest": state.graveyard_dice[0] if state.graveyard_dice else None}
    if kind == "defeat":
        return {"victim": subject, "sizes": sorted(set(state.graveyard_dice))}
    return {}


def _kind_options(state: State, p: int, kind: str) -> dict:
    if state.pending and kind == state.pending[0][0] and state.pending[0][2] == p:
        return _pending_options(state, *state.pending[0])
    if kind == "pick":
        side = state.attacking_side
        if state.reversal is not None:
            return {"attackers": [state.reversal[0]], "targets": [state.reversal[1]]}
        ordered = ordered_attacker(state)     # the Leader's standing order (docs/brs-pace.md)
        return {"attackers": state.active_players(side) if ordered is None else [ordered],
                "targets": state.active_players(1 - side)}
    if kind == "attack":
        kept = state.reversal[2] if state.reversal and state.reversal[0] == p else None
        dice = state.dice_of(p, "available") + ([kept] if kept is not None else [])
        return {"dice": sorted(dice), "required": kept,
                "soul_fused": [i for i in state.dice_of(p, "available") if state.dice[i].aspect == "soul_fused"]}
    if kind == "defend":
        dice = _undamaged(state, p, "available")
        return {"dice": dice, "score": state.fight["score"],
                "soul_fused": [i for i in dice if state.dice[i].aspect == "soul_fused"],
                "smallest": defences_for(state, limit=5)}
    if kind == "advantage":
        return {"dice": _undamaged(state, p, "available"), "tokens": state.players[p].advantage}
    if kind == "renew":
        return {"dice": _undamaged(state, p, "used")}
    if kind == "vow":
        out = {"vows": [v for v in VOWS if v not in state.players[p].vows]}
        if seed_audit_rules(state):
            out["enemies"] = enemy_candidates(state, p)
        return out
    if kind == "reinforce":
        comps = sorted({d.component for d in state.dice if d.owner == p and d.row == "sheet"
                        and d.face is None and d.component >= 0})
        return {"components": comps}
    if kind == "yield":
        side = state.side_of(p)
        leader = state.leaders[side] == p
        others = [q for q in state.active_players(side) if q != p] if leader else []
        return {"leader": leader, "new_leaders": others}
    return {}


def options(state: State) -> dict:
    """``{player_index: {kind: details}}`` for every kind :func:`legal_moves` lists.

    Details by kind (die, player and Component values are indices):
    ``pick`` ``{attackers, targets}`` (one each after a Reversal; one attacker when the Leader's
    standing order names them); ``attack`` ``{dice, required,
    soul_fused}`` (``required``: a Reversal's kept die or None); ``defend`` ``{dice, score,
    soul_fused, smallest}`` (``smallest``: :func:`tirada.systems.brs.defence.defences_for`, 5 best);
    ``advantage`` ``{dice, tokens}``; ``renew`` ``{dice}`` (the Used dice rerolled); ``vow``
    ``{vows, enemies?}`` (kinds not yet made; from version 2 the candidate enemies of "an enemy will
    die", :func:`tirada.systems.brs.vows.enemy_candidates`); ``reinforce`` ``{components}``; ``yield`` ``{leader,
    new_leaders}``; owed choices: ``strength``/``endurance`` ``{source, dice}``, ``ruling``
    ``{source, dice, actions}``, ``devastate`` ``{die, sizes, aspects}`` (Weakness sizes),
    ``bonus`` ``{die, takes, smallest}``, ``defeat`` ``{victim, sizes}``.
    """
    return {p: {kind: _kind_options(state, p, kind) for kind in kinds}
            for p, kinds in legal_moves(state).items()}


def choices(state: State) -> dict:
    """:func:`options` as records: ``{player index: Choices}``
    (:class:`~tirada.systems.brs.board_view.Choices`, each kind's details a record)."""
    return {p: Choices.from_dict(kinds) for p, kinds in options(state).items()}


def step(state: State) -> dict:
    """The current moment, for a sentence such as "Intercambio 3: Sharla defiende contra 13".

    ``{"kind": "pick" | "attack" | "stuck" (the attacker cannot advance 2 dice: Renew, Vow or
    Yield) | "defend" | "overwhelmed" | "reinforce" | <owed choice> | "ended", "number": exchanges so far + 1, "round", "exchange", "player": index who acts (None
    when over), "attacker", "target", "score", "subject": die or player index of an owed choice,
    "winner_side", "reversal": bool}``. ``reinforce`` is reported while a Round has just ended,
    someone may Reinforce and the Leader has not picked yet (the ``pick`` is then the main move).
    """
    out = {"number": len(state.exchanges) + (0 if state.phase == "ended" else 1), "round": state.round,
           "exchange": state.exchange, "attacker": state.attacker, "target": state.target,
           "score": state.current["score"] if state.current else None, "subject": None,
           "winner_side": None if state.loser is None else 1 - state.loser,
           "reversal": state.reversal is not None}
    if state.pending:
        kind, subject, chooser = state.pending[0]
        return merged(out, {"kind": kind, "player": chooser, "subject": subject})
    if state.phase == "ended":
        return merged(out, {"kind": "ended", "player": None})
    if state.phase == "pick":
        reinforcing = state.reinforce_open and any("reinforce" in k for k in legal_moves(state).values())
        kind = "reinforce" if reinforcing else "pick"
        ordered = ordered_attacker(state)
        return merged(out, {"kind": kind, "player": state.leaders[state.attacking_side] if ordered is None else ordered})
    if state.phase == "attack":
        kind = "attack" if can_advance_two(state, state.fight_attacker) else "stuck"
        return merged(out, {"kind": kind, "player": state.attacker})
    return merged(out, {"kind": "overwhelmed" if overwhelmed(state) else "defend", "player": state.target})


def now(state: State) -> Step:
    """:func:`step` as a :class:`~tirada.systems.brs.board_view.Step`, with ``can``: the legal kinds
    (sorted) of a stuck or Overwhelmed player, so the step names only the ways out that have a button
    (issue #42); ``can`` is None at any other step."""
    out = step(state)
    can = None
    if out["kind"] in ("stuck", "overwhelmed") and out["player"] is not None:
        can = tuple(sorted(legal_moves(state).get(out["player"], [])))
    return Step.from_dict(out, can)


def cells(state: State) -> tuple:
    """Every die as a :class:`~tirada.systems.brs.board_view.Cell` (its index, owner, Component,
    size, face, Aspect, Trait, row as in :mod:`tirada.systems.brs.state`, the provisional ``mark``
    of the exchange being resolved, tokens, a Reversal's ``kept`` die), for drawing the Battle Board."""
    return tuple(Cell(i, d.owner, d.component, d.size, d.face, d.aspect, d.trait, d.row, d.mark, d.tokens, d.kept)
                 for i, d in enumerate(state.dice))


def board(state: State) -> list:
    """Every die as ``{"die", "owner", "component", "d", "face", "aspect", "trait", "row", "mark",
    "tokens", "kept"}``: :func:`cells` as dicts."""
    return [c.to_dict() for c in cells(state)]
