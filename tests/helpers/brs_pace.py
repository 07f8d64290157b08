"""Forum pace of a Confrontation (issue #29): play a whole game with the test bot, each side setting
its standing orders in its first post, and count the posts.

A *post* is a maximal run of consecutive moves made by one side (one seat: web/brs/ui_brs_seat.py) — what
one forum post's link carries; ``by_person`` counts runs by one player instead (a side of several
people, each in their own browser). Choices taken by standing orders are not moves: they cost no post.
The bot (tests/helpers/brs.bot_move) is never a source of truth: every move goes through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from helpers.brs import bot_move
from tirada.systems.brs import legal_moves
from tirada.systems.brs.orders import actor_of, side_to_move
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.replay import apply, new_confrontation, replay

__all__ = ["ALL_ORDERS", "Pace", "example_three", "play_paced", "three_at_exchange_2"]

#: every choice answered without waiting (the Weakness instead is always asked: it needs a Trait)
ALL_ORDERS = {"strength": "battered", "endurance": "save", "ruling": "none", "devastate": "lose", "bonus": "die",
              "defeat": "largest"}


@dataclass
class Pace:
    """A played game: ``log`` (moves), ``state`` (final), ``posts`` ([(side, first move, moves)]),
    ``people`` (posts counted by player), ``ex_of`` (per move, the exchange it was made in)."""

    log: list
    state: Any
    posts: list
    people: int
    ex_of: list

    @property
    def exchanges(self) -> int:
        """Exchanges played (a last one cut short by a Yield counts)."""
        return len(self.state.exchanges) + (1 if self.state.current is not None else 0)

    def per_side(self, side: int) -> float:
        """Posts by ``side`` per exchange."""
        return sum(1 for s, _, _ in self.posts if s == side) / max(self.exchanges, 1)

    def worst_run(self, side: int) -> int:
        """The most posts ``side`` made within any one exchange (its moves, grouped by exchange)."""
        counts: dict = {}
        for s, _first, _n, ex in self.runs():
            if s == side:
                counts[ex] = counts.get(ex, 0) + 1
        return max(counts.values(), default=0)

    def runs(self) -> list:
        """``posts`` with the exchange number (1-based, in play order) each post started in."""
        return [(s, first, n, self.ex_of[first]) for s, first, n in self.posts]


def play_paced(setup: dict, orders: dict | None = None, max_moves: int = 800) -> Pace:
    """Play ``setup`` to its end with the bot; ``orders`` ({player: orders dict}) are set by each
    player as the first move of their side's first post (when their side is to move). Reinforcing
    is not played (a side that is not to move would need a post of its own: it rolls dice)."""
    state, dice = new_confrontation(setup)
    log, sides, players, ex_of = [], [], [], []
    pending = dict(orders or {})
    while state.phase != "ended" or state.pending:
        assert len(log) < max_moves, "the Confrontation did not end"
        side = side_to_move(state)
        mine = [p for p in pending if state.side_of(p) == side and state.players[p].active]
        if mine:
            move = {"move": "orders", "player": mine[0], "orders": pending.pop(mine[0])}
        else:
            move = bot_move(state)
            who = actor_of(state, move)
            assert move["move"] in legal_moves(state).get(who, []), (move, legal_moves(state))
        who = actor_of(state, move)
        sides.append(state.side_of(who))
        players.append(who)
        ex_of.append(len(state.exchanges) + 1)
        state = apply(state, move, dice)
        log.append(move)
    posts, people = [], 0
    for k, s in enumerate(sides):
        if k == 0 or sides[k - 1] != s:
            posts.append([s, k, 0])
        posts[-1][2] += 1
        people += k == 0 or players[k - 1] != players[k]
    return Pace(log, state, [tuple(p) for p in posts], people, ex_of)


def example_three(setup: dict) -> dict:
    """The seed's example with Sharla's side made of three players: Sharla (Leader, Hero) and two
    support players, each with one Component of four Traits (invented, like Sharla's)."""
    def support(name: str, aspects: tuple) -> dict:
        traits = [{"trait": f"{name} {k}", "die": d, "aspect": a} for k, (d, a) in enumerate(zip((6, 8, 4, 10), aspects))]
        return {"name": name, "side": 1, "hero": False, "advantage": 1,
                "components": [{"name": name, "committed": True, "traits": traits}]}
    out = {**setup, "players": [dict(p) for p in setup["players"]]}
    out["players"][1] = {**out["players"][1], "leader": True}
    out["players"] += [support("Kirra", ("strength", "endurance", "cunning", "fortaleza")),
                       support("Odo", ("endurance", "strength", "sorcery", "cunning"))]
    return out


def three_at_exchange_2(pick: str, seed: str = "00112233445566778899aabbccddeeff") -> tuple:
    """``(setup, moves, state)``: the three-player example (:func:`example_three`) after exchange 1
    (Haster attacks Kirra with his two highest dice, the bot answers), Sharla's side to pick, her
    ``pick`` order set in her side's post before (while Kirra defends)."""
    setup = example_three(example_setup(seed))
    state = replay(setup, [])
    attack = {"move": "attack", "dice": sorted(state.dice_of(0, "available"), key=lambda i: -state.dice[i].face)[:2]}
    moves = [{"move": "pick", "attacker": 0, "target": 2}, attack,
             {"move": "orders", "player": 1, "orders": {"pick": pick}}]
    state = replay(setup, moves)
    while state.phase != "pick" or state.pending:
        moves.append(bot_move(state))
        state = replay(setup, moves)
    return setup, moves, state
