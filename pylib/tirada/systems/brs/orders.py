"""Blood Red Sands: standing orders — how a player's own choices resolve while it is not their turn.

Rules: ../shared/rules/blood-red-sands.md §The fight (Battered bonus, Weakness instead), §Aspects,
in column order (Strength, Endurance, the manual rulings), §Yielding ("Derrotado por X"); issue #29
(play at forum pace: at most one post per side per exchange). docs/brs-pace.md maps every point where
the game waits for the side that is not moving, and what an order says there.

An order is a move of the log, ``{"move": "orders", "player": p, "orders": {key: choice}}`` (keys
and choices: :data:`ORDERS`; a key left out is ``"ask"``), that replaces ``p``'s earlier orders. It
is legal only while ``p``'s side is the side to move (:func:`side_to_move`), so a player sets it in
their own post, and it acts only on choices owed *after* it in the log: it is fixed before any die it
depends on is drawn, and the log (hence the thread) shows where it was set. The engine applies it
(:func:`answer`) when a choice is owed to ``p`` while the move that led there was made by the other
side; a choice owed to the side that is moving is always asked (that player is at the keyboard).
No order draws a die (a Weakness instead of a lost die needs a Trait named, so it is always asked).

The Leader's ``pick`` order is of another kind: on a side of several players it names, in advance,
whom the Leader picks to attack ("el Líder de ese bando elige qué jugador atacará"), so the pick needs
no post of the Leader's. It is not taken by the engine (the Yield and Reinforce windows stay open
until someone of the side picks); it binds the pick (:func:`ordered_attacker`): the side's next pick
must name that attacker, who then chooses the target ("Ese jugador escoge a su vez quién será su
blanco") in their own post. A Reversal's obligation comes before it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from ...errors import IllegalMove, InvalidRequest
from ...portable import merged
from .config import RULE_FIGHT
from .state import State, lift_targets

__all__ = ["ORDERS", "ORDER_KEYS", "QUICK_ORDERS", "actor_of", "answer", "check_orders", "follow", "ordered_attacker",
           "orders_move", "own_answer", "side_to_move"]

RULE_ORDERS = "brs-pace.md §Standing orders"
#: key → its choices, ``"ask"`` first (the default: the game waits for the player).
ORDERS = {
    "strength": ("ask", "battered", "smallest"),       # which own Available die an enemy Strength damages
    "endurance": ("ask", "save", "available"),         # which own die an Endurance die lifts
    "ruling": ("ask", "none"),                         # the manual ruling of an open Aspect of one's own die
    "devastate": ("ask", "lose"),                      # a die one Devastated: lost (1 VP), or ask (Weakness)
    "bonus": ("ask", "die", "advantage", "none"),      # the battering bonus
    "defeat": ("ask", "largest", "smallest"),          # the die of "Derrotado por X" one gives the loser
    "pick": ("ask", "defender", "self", "strongest", "turns"),   # a Leader's pick of the attacker (a side of several)
}
#: the keys in compact order (append only: a link stores each choice's index in this order); written
#: out, not ``tuple(ORDERS)``: MicroPython's dicts keep no order (the reading core, issue #41)
ORDER_KEYS = ("strength", "endurance", "ruling", "devastate", "bonus", "defeat", "pick")
#: «Órdenes rápidas» (issue #42): one tap sets these, so the game never waits for a player who has
#: not chosen one by one — the damage that costs least (an even face: only Battered), the die about
#: to be lost saved first, no effect for the Aspects the seed gives none, a die one Devastates lost
#: (a Weakness needs a Trait named), the smallest Graveyard die as the bonus, the largest die for
#: "Derrotado por X". A Leader's ``pick`` stays ``ask`` (whom to send is the Leader's own plan).
#: Each key stays editable; the choices are the player's, the page only fills them in one tap.
QUICK_ORDERS = {"strength": "battered", "endurance": "save", "ruling": "none", "devastate": "lose", "bonus": "die",
                "defeat": "largest", "pick": "ask"}


def check_orders(value: Any, field: str = "orders") -> dict:
    """``value`` as a complete orders dict (every key of :data:`ORDERS`; missing ones ``"ask"``).

    Raises:
        InvalidRequest: not an object, an unknown key or choice (``field.choice``).
    """
    if not isinstance(value, Mapping):
        raise InvalidRequest("orders must be an object {key: choice}", field=field, code="brs.orders_object")
    out = {}
    for key in value:
        if key not in ORDERS:
            raise InvalidRequest(f"must be one of {', '.join(ORDER_KEYS)}", field=f"{field}.{str(key)[:20]}",
                                 code="field.choice", params={"choices": ", ".join(ORDER_KEYS), "got": repr(key)[:40]})
    for key in ORDER_KEYS:
        choices = ORDERS[key]
        choice = value.get(key, "ask")
        if choice not in choices:
            raise InvalidRequest(f"must be one of {', '.join(choices)}", field=f"{field}.{key}", code="field.choice",
                                 params={"choices": ", ".join(choices), "got": repr(choice)[:40]})
        out[key] = choice
    return out


def actor_of(state: State, move: Mapping) -> int | None:
    """The player who makes ``move`` in ``state`` (the one whose choice or turn it is)."""
    kind = move.get("move")
    if kind == "advantage":
        die = move.get("die")
        return state.dice[die].owner if type(die) is int and 0 <= die < len(state.dice) else None
    if isinstance(move.get("player"), int):
        return move["player"]
    if state.pending:
        return state.pending[0][2]
    if kind == "pick":
        ordered = ordered_attacker(state)
        return state.leaders[state.attacking_side] if ordered is None else ordered
    if kind in ("attack", "renew", "vow", "yield") and state.phase == "attack":
        return state.attacker
    if state.phase == "defence":
        return state.target
    return None


def ordered_attacker(state: State) -> int | None:
    """The attacker the attacking side's Leader's ``pick`` order names now, or None (not the pick
    phase, a Reversal to follow, a side of one active player, no order or ``"ask"``).

    Among the side's active players with at least 2 Available dice (all of them when none has):
    ``defender`` the one the last exchange attacked (they hit back in the same post; else as
    ``strongest``); ``self`` the Leader (else as ``strongest``); ``strongest`` the highest sum of two
    Available faces (the strongest Attack Score; ties: setup order); ``turns`` the next in setup
    order after the side's last attacker (the first one before any attack)."""
    if state.phase != "pick" or state.reversal is not None or not state.orders:
        return None
    side = state.attacking_side
    leader = state.leaders[side]
    orders = state.orders[leader] if leader is not None else None
    players = state.active_players(side)
    how = "ask" if orders is None else orders.get("pick", "ask")
    if how == "ask" or len(players) < 2:
        return None

    def faces(p: int) -> list:
        return sorted((state.dice[i].face or 0 for i in state.dice_of(p, "available")), reverse=True)

    able = [p for p in players if len(faces(p)) >= 2] or players
    attacked = state.exchanges[-1]["target"] if state.exchanges else None
    if how == "self" and leader in able:
        return leader
    if how == "defender" and attacked in able:
        return attacked
    if how in ("defender", "self", "strongest"):
        return max(able, key=lambda p: (sum(faces(p)[:2]), -p))
    last = next((x["attacker"] for x in reversed(state.exchanges) if state.side_of(x["attacker"]) == side), -1)
    return next((p for p in able if p > last), able[0])


def side_to_move(state: State) -> int | None:
    """The side whose move the game waits for: the chooser's of the head owed choice, else the
    advancing player's (attack / defence), else the attacking side (its Leader picks); None once over."""
    if state.pending:
        return state.side_of(state.pending[0][2])
    if state.phase == "attack" and state.attacker is not None:
        return state.side_of(state.attacker)
    if state.phase == "defence" and state.target is not None:
        return state.side_of(state.target)
    if state.phase == "pick":
        return state.attacking_side
    return None


def orders_move(state: State, move: dict, dice) -> State:
    """``{"move": "orders", "player": p, "orders": {…}}``: ``p``'s standing orders from now on
    (replacing earlier ones). Draws nothing.

    Raises:
        IllegalMove: no such player; the player has Yielded; ``p``'s side is not the side to move
        (a player sets orders in their own post, never in the other side's: ``brs.orders_turn``).
        InvalidRequest: bad orders (:func:`check_orders`).
    """
    p = move.get("player")
    if type(p) is not int or not 0 <= p < len(state.players):
        raise IllegalMove(f"there is no player {str(p)[:20]}", field="player", rule=RULE_FIGHT,
                          code="brs.no_player", params={"player": str(p)[:20]})
    orders = check_orders(move.get("orders"))
    if not state.players[p].active:
        raise IllegalMove("a player who has Yielded gives no more orders", field="player", rule=RULE_ORDERS,
                          code="brs.orders_yielded")
    if side_to_move(state) != state.side_of(p):
        raise IllegalMove(f"{state.setup.players[p].name} sets orders only when their side is to move "
                          "(in their own post)", field="player", rule=RULE_ORDERS, code="brs.orders_turn",
                          params={"name": state.setup.players[p].name})
    table = list(state.orders) or [None] * len(state.players)
    table[p] = orders
    return state.replace(orders=tuple(table))


def _strength(state: State, chooser: int, how: str) -> dict:
    options = [i for i in state.dice_of(chooser, "available") if state.dice[i].mark is None]
    if how == "battered":   # an even face is only Battered (back after the fight); then the smallest die
        key = lambda i: (state.dice[i].face % 2, state.dice[i].size, i)  # noqa: E731
    else:                   # the smallest die, an even face first among equals
        key = lambda i: (state.dice[i].size, state.dice[i].face % 2, i)  # noqa: E731
    return {"move": "strength", "die": min(options, key=key)}


def _endurance(state: State, chooser: int, how: str) -> dict:
    def rank(i: int) -> int:
        d = state.dice[i]
        step = 0 if d.mark == "devastated" else 1 if (d.mark == "battered" or d.row == "battered") else 2
        return step if how == "save" else (step + 1) % 3    # "available": a Used die back first
    return {"move": "endurance", "die": min(lift_targets(state, chooser),
                                            key=lambda i: (rank(i), -state.dice[i].size, i))}


def _bonus(state: State, how: str) -> dict:
    has = {"die": bool(state.graveyard_dice), "advantage": state.graveyard_advantage > 0}
    prefer = {"die": ("die", "advantage"), "advantage": ("advantage", "die"), "none": ()}[how]
    return {"move": "bonus", "take": next((k for k in prefer if has[k]), "none")}


def answer(state: State, mover_side: int | None) -> dict | None:
    """The move the head owed choice takes by its chooser's standing order, or None when the game
    must wait (no order, ``"ask"``, or the chooser is on ``mover_side``: the side that made the move
    that led here decides itself). Only choices with more than one answer reach this (the others
    the engine takes at once)."""
    if not state.pending or not state.orders:
        return None
    kind, _, chooser = state.pending[0]
    orders = state.orders[chooser]
    if orders is None or kind not in ORDERS or state.side_of(chooser) == mover_side:
        return None
    how = orders[kind]
    if how == "ask":
        return None
    if kind == "strength":
        return _strength(state, chooser, how)
    if kind == "endurance":
        return _endurance(state, chooser, how)
    if kind == "ruling":
        return {"move": "ruling", "action": "none"}
    if kind == "devastate":
        return {"move": "devastate", "weakness": None}
    if kind == "bonus":
        return _bonus(state, how)
    sizes = state.graveyard_dice
    return {"move": "defeat", "size": max(sizes) if how == "largest" else min(sizes)}


def own_answer(state: State, players: Iterable[int]) -> dict | None:
    """The move a standing order gives the head owed choice when its chooser is one of ``players``
    (the players at this keyboard), even on the side that is moving; None when no order answers it.

    The engine asks the moving side itself (:func:`answer`: "that player is at the keyboard"), so a
    link stays what the player made; the page uses this to make that move for the player instead of
    asking what their own order already answers (issue #42: "no question that a set order
    answers"). The move is an ordinary move of the log, made by the chooser's page."""
    if not state.pending or state.pending[0][2] not in set(players):
        return None
    return answer(state, None)


def follow(before: State, move: Mapping, state: State, play: Callable[[State, dict], State]) -> State:
    """``state`` (just made by ``move`` from ``before``) with every owed choice its chooser's standing
    order answers taken at once, by ``play(state, choice_move)``, until one must wait. Each choice
    taken adds ``"order": chooser`` to the event it records (an Aspect's or the bonus's)."""
    actor = actor_of(before, move)
    side = None if actor is None else before.side_of(actor)
    while True:
        auto = answer(state, side)
        if auto is None:
            return state
        chooser = state.pending[0][2]
        count = len(state.current["events"]) if state.current is not None else 0
        state = play(state, auto)
        if state.current is not None and len(state.current["events"]) > count:
            events = state.current["events"]
            state = state.replace(current=merged(state.current, {
                "events": events[:-1] + (merged(events[-1], {"order": chooser}),)}))
