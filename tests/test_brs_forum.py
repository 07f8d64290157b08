"""Issue #42: a Confrontation two forum players can play without a guide — the engine's side
(docs/brs-pace.md §Taking a move back)."""

from __future__ import annotations

import pytest

from helpers.brs import seeded_v2
from tirada.errors import InvalidRequest
from tirada.systems.brs import ASPECTS
from tirada.systems.brs.quick import ASPECT_WORDS, parse_quick
from helpers.brs_pace import ALL_ORDERS, play_paced
from tirada.systems.brs.example import balanced_setup, example_setup
from tirada.systems.brs.fair import can_take_back
from tirada.systems.brs.orders import own_answer
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


def test_own_answer_gives_the_moving_players_own_order_the_engine_still_asks():
    """Sharla ordered «save» for her Endurance: the engine still waits for her (her side moved), and
    the page makes the move her order gives instead of asking her; never for a player not at this
    keyboard, never for a choice left to ask."""
    sharla = {"move": "orders", "player": 1, "orders": {"endurance": "save"}}
    haster = {"move": "orders", "player": 0, "orders": {"strength": "battered"}}
    moves = [haster, {"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 3]}, sharla,
             {"move": "defend", "dice": [9, 10, 11]}]
    state = replay(example_setup(), moves)
    assert state.pending[0] == ("endurance", 10, 1)
    auto = own_answer(state, [1])
    assert auto is not None and auto["move"] == "endurance"
    assert own_answer(state, [0]) is None                       # not Haster's choice
    done = replay(example_setup(), moves + [auto])
    assert done.phase == "pick" and not done.pending
    asked = replay(example_setup(), moves[:3] + [{**sharla, "orders": {"endurance": "ask"}}] + moves[4:])
    assert own_answer(asked, [1]) is None                      # left to ask: asked


def test_a_quick_character_line_gives_its_traits_in_order():
    traits = parse_quick("Fuerza d10 d6, sutileza D8; Espadón: Strength d4\nResistencia 6")
    assert [(x["aspect"], x["die"]) for x in traits] == [("strength", 10), ("strength", 6), ("cunning", 8),
                                                          ("strength", 4), ("endurance", 6)]
    assert traits[0]["trait"] == "Fuerza d10" and traits[3]["trait"] == "Espadón"
    assert parse_quick("Hechiceria Bendita d6, Fusión de almas d8")[1]["aspect"] == "soul_fused"
    assert set(ASPECT_WORDS.values()) == set(ASPECTS)
    assert parse_quick("Fuerza d12", allow_d12=True)[0]["die"] == 12


@pytest.mark.parametrize("text, code", [
    ("", "brs.quick_empty"), (" , ;", "brs.quick_empty"), ("Destreza d8", "brs.quick_aspect"),
    ("Fuerza", "brs.quick_no_dice"), ("Fuerza d7", "brs.quick_die"), ("Fuerza d12", "brs.quick_die"),
    ("Fuerza " + "d6 " * 30, "brs.quick_too_many"),
])
def test_a_quick_character_line_is_refused_with_its_code(text, code):
    with pytest.raises(InvalidRequest) as err:
        parse_quick(text)
    assert err.value.code == code and err.value.field == "quick"


def test_the_balanced_example_is_a_valid_fair_duel_of_equal_dice():
    setup = balanced_setup("0" * 32)
    state = replay(setup, [])
    sizes = [sorted(state.dice[i].size for i in range(len(state.dice)) if state.dice[i].owner == p) for p in (0, 1)]
    assert sizes[0] == sizes[1] and len(sizes[0]) == 5
    assert play_paced({**setup, "version": 1}, {0: ALL_ORDERS, 1: ALL_ORDERS}).state.phase == "ended"   # the bot rolls v1 dice
