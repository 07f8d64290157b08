"""Blood Red Sands Confrontation: replay (setup, moves) into a state, and what may happen next.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §What the tool must
do. The log of moves is the source of truth: the state is ``fold(apply, moves, initial_state)``
with one dice source built from the setup's ``seed`` (:class:`~tirada.dice.DiceStream`) or
``faces`` (:class:`~tirada.dice.FixedFaces`); every draw happens in the order documented in
:mod:`tirada.systems.brs.state`, :mod:`tirada.systems.brs.moves` and :mod:`tirada.systems.brs.aspects`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import DiceStream, FixedFaces
from ...errors import InvalidRequest, TiradaError
from ...portable import merged
from . import aspects, moves, orders
from .checks import NOTE_MOVES, check_note
from .config import RULE_FIGHT, Setup
from .state import State, initial_state
from .vows import seed_audit_rules, vow_targets

__all__ = ["MOVES", "apply", "legal_moves", "new_confrontation", "play", "replay"]

#: move kind → function ``(state, move, dice) -> State``.
MOVES = merged({
    "pick": moves.pick, "attack": moves.attack, "advantage": moves.advantage, "renew": moves.renew,
    "vow": moves.vow, "reinforce": moves.reinforce, "yield": moves.yield_}, aspects.CHOICES,
    {"orders": orders.orders_move})
#: the move kinds in the order a refusal lists them (not the dict's: MicroPython's dicts keep no order)
KINDS = ("pick", "attack", "advantage", "renew", "vow", "reinforce", "yield", "defend", "strength", "endurance",
         "ruling", "devastate", "bonus", "defeat", "orders")
MAX_MOVES = 2000


def _dice(setup: Setup):
    if setup.faces is not None:
        return FixedFaces(setup.faces)
    if setup.seed is None:      # Setup.from_dict gives one of the two; a hand-built Setup may not
        raise InvalidRequest("a Confrontation needs a seed or the faces rolled", field="seed", code="brs.needs_seed")
    return DiceStream(setup.seed)


def new_confrontation(setup: Setup | Mapping) -> tuple:
    """``(state, dice)``: the initial state and the dice source positioned after its draws.

    Raises:
        InvalidRequest: a bad setup (see :meth:`Setup.from_dict`) or too few ``faces``.
    """
    if not isinstance(setup, Setup):
        setup = Setup.from_dict(setup)
    dice = _dice(setup)
    return initial_state(setup, dice), dice


def apply(state: State, move: Any, dice) -> State:
    """Apply one move (a dict ``{"move": kind, …}``, kinds in :data:`MOVES`) with ``dice``.

    In a version-2 (fair-play) Confrontation ``dice`` is ignored: a move that rolls draws from its
    own signed nonce (:mod:`tirada.systems.brs.fair`).

    Raises:
        IllegalMove: the rules forbid the move (``rule`` names the section); ``state`` is unchanged.
        InvalidRequest: not a move object, the ``faces`` ran out, a move that rolls without fresh dice.
    """
    if state.setup.version == 2 and isinstance(move, Mapping):
        from .fair import apply_v2

        return apply_v2(state, move, _apply)
    if isinstance(move, Mapping) and "fresh" in move:
        raise InvalidRequest("fresh dice belong to version 2 Confrontations", field="fresh", code="brs.fresh_needs_v2")
    return _apply(state, move, dice)


def _apply(state: State, move: Any, dice) -> State:
    """:func:`apply` with the given ``dice`` (version 1, or a version-2 move's own dice)."""
    if not isinstance(move, Mapping):
        raise InvalidRequest("a move must be a JSON object {\"move\": kind, …}", field="move", code="brs.move_object")
    kind = move.get("move")
    if kind not in MOVES:
        raise InvalidRequest(f"unknown move {str(kind)[:30]!r}; known: {', '.join(KINDS)}", field="move",
                             code="brs.move_unknown", params={"got": str(kind)[:30], "choices": ', '.join(KINDS)})
    new = MOVES[kind](state, dict(move), dice)
    if new.orders:      # choices owed to the other side, taken by their standing orders (draw nothing)
        new = orders.follow(state, move, new, lambda s, m: MOVES[m["move"]](s, m, dice))
    return new.replace(moves=state.moves + 1)


def replay(setup: Setup | Mapping, log: Any, check_notes: bool = False) -> State:
    """Fold every move of ``log`` over the initial state of ``setup``.

    ``check_notes``: the log is new input (a file written for the command line), so every Yield, Vow
    and ruling note is checked as :func:`play` checks a new move's, in any setup version; without it a
    version-1 log replays exactly as before (a note over 200 characters cut to 200,
    :func:`tirada.systems.brs.checks.move_note`).

    Raises:
        IllegalMove / InvalidRequest: the first refused move, with ``field`` ``moves[k].…`` and the
        message starting ``move k (kind):``; the rule of the original refusal is kept.
    """
    if not isinstance(log, list) or len(log) > MAX_MOVES:
        raise InvalidRequest(f"moves must be a list of at most {MAX_MOVES} moves", field="moves",
                             code="brs.moves_count", params={"n": MAX_MOVES})
    state, dice = new_confrontation(setup)
    for k, move in enumerate(log):
        try:
            if check_notes:
                _check_new(move)
            state = apply(state, move, dice)
        except TiradaError as err:
            kind = move.get("move") if isinstance(move, Mapping) else None
            field = f"moves[{k}]" + (f".{err.field}" if err.field and err.field != "move" else "")
            raise type(err)(f"move {k} ({str(kind)[:20]}): {err.message}", field=field, rule=err.rule,
                            code=err.code, params=err.params) from None
    return state


def _check_new(move: Any) -> None:
    """A new move's note: refused over 200 characters in any setup version (``brs.note_too_long``)."""
    if isinstance(move, Mapping) and move.get("move") in NOTE_MOVES:
        check_note(move)


def play(state: State, move: Any) -> State:
    """Apply one more move to ``state`` (for the page: no dice object to keep around).

    The dice source is rebuilt from the setup and advanced past ``state.draws``. The move is new, so
    its note is checked in any setup version (:func:`tirada.systems.brs.checks.check_note`).

    Raises:
        IllegalMove / InvalidRequest: as :func:`apply`, and ``brs.note_too_long``; ``state`` is unchanged.
    """
    _check_new(move)
    if state.setup.version == 2:
        return apply(state, move, None)
    dice = _dice(state.setup)
    for sides, face in state.draws:
        if dice.roll(sides) != face:  # pragma: no cover - a state not made by this engine
            raise InvalidRequest("the state does not match its dice", field="draws", rule=RULE_FIGHT,
                                 code="brs.state_mismatch")
    return apply(state, move, dice)


def legal_moves(state: State) -> dict:
    """Who may act now and how: ``{player_index: [kind, …]}`` (kinds of :data:`MOVES`), for the page
    to enable only legal actions. Advantage is listed for every active player with a token and an
    undamaged Available die (§Getting more dice: any time)."""
    out: dict = {}

    def add(p: int, kind: str) -> None:
        out.setdefault(p, [])
        if kind not in out[p]:
            out[p].append(kind)

    if state.pending:
        kind, _, chooser = state.pending[0]
        add(chooser, "defend" if kind == "defend" else kind)
    elif state.phase == "pick":     # the Leader picks, or the attacker their standing order names
        ordered = orders.ordered_attacker(state)
        add(state.leaders[state.attacking_side] if ordered is None else ordered, "pick")
        for p in state.yield_window:
            add(p, "yield")
        if state.reinforce_open:
            for p in range(len(state.players)):
                if state.players[p].active and any(d.row == "sheet" and d.face is None
                                                   for d in state.dice if d.owner == p and d.component >= 0):
                    add(p, "reinforce")
    elif state.phase in ("attack", "defence"):
        p = state.fight_attacker if state.phase == "attack" else state.fight_target
        if state.phase == "attack":
            add(p, "attack" if moves.can_advance_two(state, p) else "yield")
        else:
            add(p, "yield" if moves.overwhelmed(state) else "defend")
        if moves.renewal_allowed(state, state.side_of(p)) and any(state.dice[i].mark is None
                                                                  for i in state.dice_of(p, "used")):
            add(p, "renew")
        if state.setup.players[p].hero and len(state.players[p].vows) < 3 and \
                (not seed_audit_rules(state) or vow_targets(state, p)):
            add(p, "vow")
    if state.phase != "ended":
        for p, ps in enumerate(state.players):
            if ps.active and ps.advantage > 0 and any(state.dice[i].mark is None
                                                      for i in state.dice_of(p, "available")):
                add(p, "advantage")
    return out

