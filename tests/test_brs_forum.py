"""Issue #42: a Confrontation two forum players can play without a guide — the engine's side
(docs/brs-pace.md §Taking a move back)."""

from __future__ import annotations

from helpers.brs import seeded_v2
from helpers.brs_pace import ALL_ORDERS, play_paced
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.fair import can_take_back
from tirada.systems.brs.replay import replay


def test_only_moves_that_roll_nothing_can_be_taken_back():
    """Over whole games, a move may be taken back exactly when replaying it drew no die; a move
    signed with fresh dice never may."""
    kinds = {True: set(), False: set()}
    for n in range(6):
        setup = example_setup(f"{n:032x}")
        log = play_paced(setup, {0: ALL_ORDERS, 1: ALL_ORDERS}).log
        for k, move in enumerate(log):
            before, after = replay(setup, log[:k]), replay(setup, log[:k + 1])
            rolled = len(after.draws) > len(before.draws)
            if rolled:     # a move that drew dice is final (taking it back would allow a re-roll)
                assert not can_take_back(before, move), (k, move)
            kinds[can_take_back(before, move)].add(move["move"])
    assert {"pick", "attack", "defend", "orders"} <= kinds[True]
    assert "renew" in kinds[False] or "vow" in kinds[False]
    assert not kinds[True] & {"renew", "vow", "advantage", "reinforce"}


def test_a_signed_move_is_never_taken_back():
    state = replay(seeded_v2(example_setup("0" * 32), []), [])
    assert not can_take_back(state, {"move": "renew", "fresh": {"nonce": "0" * 16, "seq": 1, "prev": None}})
    assert not can_take_back(state, {"move": "devastate", "weakness": {"size": 6, "trait": "x", "claim": True}})
    assert can_take_back(state, {"move": "devastate", "weakness": None})
    assert can_take_back(state, {"move": "pick", "attacker": 0, "target": 1})
