"""Blood Red Sands: getting more dice — Advantage, Renew (order and limits), Vows, Reinforce,
and the Ordinary Spoils after a Back Down.

Rules: ../shared/rules/blood-red-sands.md §Getting more dice, §Before the fight: the Spoils
(seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

from helpers.brs import duel, refused
from tirada.systems.brs import legal_moves, replay, summary
from tirada.systems.brs.moves import renewal_allowed

N = "cunning"
PICK_A = {"move": "pick", "attacker": 0, "target": 1}
PICK_B = {"move": "pick", "attacker": 1, "target": 0}


def fives(extra=(), a_kw=None, b_kw=None, **kw):
    """A (dice 0–5) and B (dice 6–11): six d10 showing 5 each; every pair blocks every pair."""
    return duel([(10, N, 5)] * 6, [(10, N, 5)] * 6, list(extra), a_kw, b_kw, **kw)


EX1 = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [6, 7]}]


def test_renewal_order_any_side_then_the_other_then_the_first():
    setup = fives([5] * 6)
    moves = EX1 + [PICK_B, {"move": "renew", "player": 1}]                  # 1st: side 1 (any side)
    state = replay(setup, moves)
    assert state.renewals == (1,) and [state.dice[i].row for i in (6, 7)] == ["available"] * 2
    assert renewal_allowed(state, 0) and not renewal_allowed(state, 1)
    refused(setup, moves, {"move": "renew", "player": 1}, "§Getting more dice")  # 2nd only by the other side
    moves += [{"move": "attack", "dice": [6, 7]}, {"move": "renew", "player": 0},  # 2nd: side 0
              {"move": "defend", "dice": [0, 1]}]
    state = replay(setup, moves)
    assert state.renewals == (1, 0) and summary(state)["renewals"] == {"used": [1, 0], "left": 1, "may_renew": [1]}
    moves += [PICK_A]
    refused(setup, moves, {"move": "renew", "player": 0}, "§Getting more dice")  # 3rd only by the first side
    moves += [{"move": "attack", "dice": [2, 3]}, {"move": "renew", "player": 1}, {"move": "defend", "dice": [6, 7]}]
    state = replay(setup, moves)
    assert state.renewals == (1, 0, 1) and summary(state)["renewals"]["left"] == 0
    moves += [PICK_B]
    refused(setup, moves, {"move": "renew", "player": 1}, "§Getting more dice")  # no 4th


def test_renew_only_at_your_turn_to_advance_and_with_used_dice():
    setup = fives([5] * 2)
    refused(setup, [], {"move": "renew", "player": 0}, "§Getting more dice")          # pick phase
    refused(setup, [PICK_A], {"move": "renew", "player": 0}, "§Getting more dice")    # no Used die [decision]
    refused(setup, EX1 + [PICK_B], {"move": "renew", "player": 0}, "§Getting more dice")  # B advances now


def test_ordinary_spoils_one_renewal_for_the_side_that_did_not_back_down_and_no_reinforce():
    setup = fives([5] * 4, back_down=1)
    state = replay(setup, EX1 + [PICK_B])
    assert not renewal_allowed(state, 1) and renewal_allowed(state, 0)
    refused(setup, EX1 + [PICK_B], {"move": "renew", "player": 1}, "§Getting more dice")
    moves = EX1 + [PICK_B, {"move": "attack", "dice": [8, 9]}, {"move": "renew", "player": 0},
                   {"move": "defend", "dice": [0, 1]}]
    state = replay(setup, moves)
    assert state.renewals == (0,) and summary(state)["renewals"] == {"used": [0], "left": 0, "may_renew": []}
    assert not state.reinforce_open
    refused(setup, moves + [PICK_A], {"move": "renew", "player": 0}, "§Getting more dice")
    err = refused(setup, moves, {"move": "reinforce", "player": 0, "components": [0]}, "§Getting more dice")
    assert "Ordinary Spoils" in err.message


def test_advantage_rerolls_an_available_die_and_the_token_follows_it():
    setup = fives([2, 5, 5], b_kw={"advantage": 2})
    state = replay(setup, EX1 + [{"move": "advantage", "die": 8}])
    assert state.dice[8].face == 2 and state.dice[8].tokens == 1 and state.players[1].advantage == 1
    # Advantage on a Used die is refused; with no token it is refused
    refused(setup, EX1, {"move": "advantage", "die": 6}, "§Getting more dice")
    refused(setup, EX1, {"move": "advantage", "die": 0}, "§Getting more dice")      # A has no token
    # the token rides the die into Used and comes back to the hand when the die is renewed
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "advantage", "die": 6},
             {"move": "defend", "dice": [6, 7]}]
    setup = fives([5, 5, 5], b_kw={"advantage": 1})
    state = replay(setup, moves)
    assert state.dice[6].row == "used" and state.dice[6].tokens == 1 and state.players[1].advantage == 0
    state = replay(setup, moves + [PICK_B, {"move": "renew", "player": 1}])
    assert state.dice[6].tokens == 0 and state.players[1].advantage == 1


def test_advantage_tokens_on_lost_dice_go_to_the_graveyard_and_on_battered_dice_are_locked():
    setup = duel([(10, N, 5), (10, N, 4)], [(10, N, 6), (10, N, 6), (10, N, 4), (10, N, 1)], [3, 4],
                 b_kw={"advantage": 2})
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "advantage", "die": 2},
             {"move": "advantage", "die": 3}, {"move": "defend", "dice": [2, 3, 4, 5]}]
    state = replay(setup, moves + [{"move": "devastate", "weakness": None}])
    # die 2 (3, odd) lost with its token → Graveyard; die 3 (4, even) Battered → its token locked
    assert state.dice[2].row == "lost" and state.dice[3].row == "battered"
    assert state.graveyard_advantage == 1 and state.players[1].locked == 1 and state.players[1].advantage == 0
    assert state.pending[0] == ("bonus", 3, 0)  # the Graveyard holds dice and a token: A chooses
    state = replay(setup, moves + [{"move": "devastate", "weakness": None}, {"move": "bonus", "take": "die"},
                                   {"move": "bonus", "take": "advantage"}])
    assert state.players[0].horde == (10,) and state.players[0].advantage == 1 and state.graveyard_advantage == 0


def test_several_tokens_on_one_die():
    setup = fives([1, 9], b_kw={"advantage": 2})
    state = replay(setup, EX1 + [{"move": "advantage", "die": 8}, {"move": "advantage", "die": 8}])
    assert (state.dice[8].face, state.dice[8].tokens, state.players[1].advantage) == (9, 2, 0)


def test_advantage_any_time_even_while_a_choice_is_owed():
    setup = duel([(10, "strength", 6), (10, N, 4)], [(10, N, 7), (10, N, 3), (6, N, 5)], [4],
                 b_kw={"advantage": 1})
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3]}]
    state = replay(setup, moves)
    assert legal_moves(state)[1] == ["strength", "advantage"]
    state = replay(setup, moves + [{"move": "advantage", "die": 4}, {"move": "strength", "die": 4}])
    assert state.dice[4].row == "battered"  # rerolled 5 → 4, even


def test_vow_renews_used_and_battered_dice_without_a_renewal():
    # B Backed Down (no Renewals for B) but a Vow still works
    setup = duel([(10, N, 9), (10, N, 8)], [(10, N, 6), (10, N, 6), (10, N, 6), (10, N, 3)], [7, 8, 9],
                 b_kw={"hero": True, "vows": ["faction_fails"]}, back_down=1)
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}, PICK_B]
    state = replay(setup, moves)
    assert [state.dice[i].row for i in (2, 3, 4)] == ["battered"] * 3
    assert legal_moves(state)[1] == ["yield", "vow"]          # one die left: cannot attack
    refused(setup, moves, {"move": "renew", "player": 1}, "§Getting more dice")
    refused(setup, moves, {"move": "vow", "player": 1, "vow": "faction_fails"}, "§Getting more dice")  # made
    refused(setup, moves, {"move": "vow", "player": 1, "vow": "an oath"}, "§Getting more dice")
    state = replay(setup, moves + [{"move": "vow", "player": 1, "vow": "enemy_dies"}])
    assert [(state.dice[i].row, state.dice[i].face) for i in (2, 3, 4)] == [
        ("available", 7), ("available", 8), ("available", 9)]
    assert state.renewals == () and state.players[1].vows == ("faction_fails", "enemy_dies")


def test_only_a_hero_makes_vows():
    setup = fives([5] * 2)
    refused(setup, [PICK_A], {"move": "vow", "player": 0, "vow": "faction_fails"}, "§Getting more dice")


def test_reinforce_after_a_round_only_own_uncommitted_components():
    setup = fives([4, 4, 6, 6, 6, 6])
    extra = {"name": "Refuerzo", "committed": False, "traits": [{"trait": "Lanceros", "die": 8, "aspect": "strength"},
                                                                {"trait": "Honderos", "die": 6, "aspect": N}]}
    setup["players"][0]["components"].append(extra)   # component 1, dice 6 and 7 (B's dice shift to 8–13)
    faces = setup["faces"]
    setup["faces"] = faces[:6] + faces[6:12] + [4, 4, 6, 6, 6, 6]
    ex1 = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [8, 9]}]
    ex2 = [PICK_B, {"move": "attack", "dice": [10, 11]}, {"move": "defend", "dice": [2, 3]}]
    refused(setup, [], {"move": "reinforce", "player": 0, "components": [1]}, "§Getting more dice")
    refused(setup, ex1, {"move": "reinforce", "player": 0, "components": [1]}, "§Getting more dice")
    state = replay(setup, ex1 + ex2)
    assert state.reinforce_open and "reinforce" in legal_moves(state)[0]
    refused(setup, ex1 + ex2, {"move": "reinforce", "player": 1, "components": [1]}, "§Getting more dice")
    refused(setup, ex1 + ex2, {"move": "reinforce", "player": 0, "components": [0]}, "§Getting more dice")
    state = replay(setup, ex1 + ex2 + [{"move": "reinforce", "player": 0, "components": [1]}])
    assert [(state.dice[i].row, state.dice[i].face) for i in (6, 7)] == [("available", 4), ("available", 4)]
    refused(setup, ex1 + ex2 + [PICK_A], {"move": "reinforce", "player": 0, "components": [1]}, "§Getting more dice")
