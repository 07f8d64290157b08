"""Blood Red Sands: one exchange — attack, defence, outcomes, damage, Aspect choices, clean-up.

Rules: ../shared/rules/blood-red-sands.md §The fight: Rounds and Exchanges, §Aspects (seed
000_95455a330fc0ceb0.txt). Dice indices: A's dice first, then B's (see test_brs_game.duel).
"""

from __future__ import annotations

import pytest

from helpers.brs import duel, player, refused
from tirada.systems.brs import legal_moves, replay, summary
from tirada.systems.brs.replay import apply, new_confrontation

PICK = {"move": "pick", "attacker": 0, "target": 1}
N = "cunning"  # both sides advance Cunning in these tests, so Cunning cancels nothing


def neutral_duel(a_faces, b_faces, extra=(), **kw):
    """A and B with d10 Cunning dice showing the given faces."""
    return duel([(10, N, f) for f in a_faces], [(10, N, f) for f in b_faces], extra, **kw)


def test_block_two_dice_no_damage_dice_to_used():
    setup = neutral_duel([6, 4, 1], [7, 3, 2])
    state = replay(setup, [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [3, 4]}])
    ex = summary(state)["exchanges"][0]
    assert ex["outcome"] == "Block" and ex["score"] == 10 and ex["damage"] == []
    assert [state.dice[i].row for i in range(6)] == ["used", "used", "available", "used", "used", "available"]
    assert state.exchange == 2 and state.phase == "pick"


def test_damage_every_defence_die_by_parity_and_vp():
    setup = neutral_duel([9, 8], [4, 3, 5, 6])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4, 5]}]
    state = replay(setup, moves)
    # the first lost d10 is in the Graveyard: the second may become a Weakness instead
    assert state.pending == (("devastate", 4, 0),)
    state = replay(setup, moves + [{"move": "devastate", "weakness": None}])
    assert summary(state)["exchanges"][0]["outcome"] == "Damage"
    assert [state.dice[i].row for i in (2, 3, 4, 5)] == ["battered", "lost", "lost", "battered"]
    assert state.players[0].vp == 2 and state.players[1].vp == 0
    # the two lost d10 went to the Graveyard, then each Battered die gave A the smallest one
    assert state.graveyard_dice == () and state.players[0].horde == (10, 10)


def test_more_than_needed_is_allowed_and_still_damages_all():
    # the seed: all dice used are damaged, not only those beyond two
    setup = neutral_duel([5, 5], [8, 2, 4])
    state = replay(setup, [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}])
    assert [state.dice[i].row for i in (2, 3, 4)] == ["battered"] * 3


def test_defence_below_the_score_is_refused():
    setup = neutral_duel([6, 4], [7, 2, 9])
    err = refused(setup, [PICK, {"move": "attack", "dice": [0, 1]}], {"move": "defend", "dice": [2, 3]}, "§The fight")
    assert "below the Attack Score 10" in err.message


def test_reversal_keeps_the_die_and_obliges_the_next_attack():
    setup = neutral_duel([3, 4, 5], [8, 6, 2], extra=[])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [3]}]
    state = replay(setup, moves)
    assert summary(state)["exchanges"][0]["outcome"] == "Reversal"
    assert state.dice[3].row == "advanced" and state.dice[3].kept
    assert state.reversal == (1, 0, 3)
    assert summary(state)["reversal"] == {"player": "B", "must_target": "A", "kept_die": 3}
    back = [{"move": "pick", "attacker": 1, "target": 0}]
    refused(setup, moves + back, {"move": "attack", "dice": [4, 5]}, "§The fight")
    state = replay(setup, moves + back + [{"move": "attack", "dice": [3, 5]}])
    assert state.current["score"] == 8 + 2 and state.reversal is None


def test_reversal_obligation_picks_the_reversing_player_and_the_reversed_target():
    a2 = player("A2", 0, [(10, N)])
    b2 = player("B2", 1, [(10, N)])
    setup = neutral_duel([3, 4], [8, 6], extra=[])
    setup["players"][0]["leader"] = True
    setup["players"][1]["leader"] = True
    setup["players"] += [a2, b2]
    setup["faces"] = [3, 4, 8, 6, 5, 5]  # A: 0,1  B: 2,3  A2: 4  B2: 5
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2]}]
    refused(setup, moves, {"move": "pick", "attacker": 3, "target": 0}, "§The fight")
    refused(setup, moves, {"move": "pick", "attacker": 1, "target": 2}, "§The fight")
    state = replay(setup, moves + [{"move": "pick", "attacker": 1, "target": 0}])
    assert state.phase == "attack"


def test_reversal_with_soul_fused_keeps_only_the_counted_die():
    setup = duel([(10, N, 7), (10, N, 3)], [(10, N, 6), (6, "soul_fused", 4)])
    state = replay(setup, [PICK, {"move": "attack", "dice": [0, 1]},
                           {"move": "defend", "dice": [2], "soul_fused": 3}])
    assert summary(state)["exchanges"][0]["outcome"] == "Reversal"
    assert state.dice[2].kept and state.dice[3].row == "used"


def test_soul_fused_attack_die_adds_but_does_not_count():
    setup = duel([(10, N, 5), (10, N, 5), (6, "soul_fused", 3)], [(10, N, 9), (10, N, 4)])
    base = [PICK]
    state = replay(setup, base + [{"move": "attack", "dice": [0, 1], "soul_fused": 2}])
    assert state.current["score"] == 13
    refused(setup, base, {"move": "attack", "dice": [0, 1, 2]}, "§The fight")
    refused(setup, base, {"move": "attack", "dice": [0, 2], "soul_fused": 1}, "§The fight")


@pytest.mark.parametrize("bad", [
    {"move": "attack", "dice": [0]},
    {"move": "attack", "dice": [0, 0]},
    {"move": "attack", "dice": [0, 2]},     # die 2 is B's
    {"move": "attack", "dice": [0, 99]},
    {"move": "defend", "dice": [2]},        # not the defence phase
    {"move": "pick", "attacker": 0, "target": 1},
])
def test_illegal_attack_moves_are_refused(bad):
    refused(neutral_duel([5, 5], [5, 5]), [PICK], bad, "blood-red-sands.md §")


def test_players_never_attack_their_own_side():
    refused(neutral_duel([5, 5], [5, 5]), [], {"move": "pick", "attacker": 0, "target": 0}, "§Pieces")
    refused(neutral_duel([5, 5], [5, 5]), [], {"move": "pick", "attacker": 1, "target": 0}, "§The fight")


def test_overwhelmed_yield_damages_all_remaining_dice_and_ignores_defender_aspects():
    setup = duel([(10, "strength", 9), (10, N, 8)], [(4, "strength", 2), (6, "endurance", 3)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}]
    state = replay(setup, moves)
    assert summary(state)["overwhelmed"] is True
    assert legal_moves(state) == {1: ["yield"]}
    err = refused(setup, moves, {"move": "defend", "dice": [2, 3]}, "§The fight")
    assert "Overwhelmed" in err.message
    state = replay(setup, moves + [{"move": "yield", "player": 1}])
    ex = summary(state)["exchanges"][0]
    assert ex["outcome"] == "Overwhelmed"
    assert state.dice[2].row == "battered" and state.dice[3].row == "lost"
    # B's Strength/Endurance did not act; A's Strength found no undamaged Available die of B
    assert all(e.get("source") in (0, None) for e in ex["events"] if "aspect" in e)
    assert summary(state)["winner"] == "Players" and state.phase == "ended" or state.loser == 1
    assert state.loser == 1 and summary(state)["winner_side"] == 0


def test_strength_damages_a_die_of_the_opponent_chosen_by_them():
    setup = duel([(10, "strength", 6), (10, N, 4)], [(10, N, 7), (10, N, 3), (6, N, 5), (4, N, 2)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3]}]
    state = replay(setup, moves)
    assert state.pending[0] == ("strength", 0, 1)
    assert legal_moves(state)[1] == ["strength"]
    refused(setup, moves, {"move": "strength", "die": 1}, "§Aspects")      # not B's die
    refused(setup, moves, {"move": "strength", "die": 2}, "§Aspects")      # advanced, not Available
    refused(setup, moves, {"move": "endurance", "die": 4}, "§Aspects")     # not the owed choice
    refused(setup, moves, {"move": "pick", "attacker": 1, "target": 0}, "§The fight")
    state = replay(setup, moves + [{"move": "strength", "die": 4}])
    assert state.dice[4].row == "lost" and state.players[0].vp == 1   # odd 5 → Devastated
    state = replay(setup, moves + [{"move": "strength", "die": 5}])
    assert state.dice[5].row == "battered" and state.players[0].vp == 0  # even 2 → Battered


def test_endurance_lifts_used_to_available_keeping_the_face():
    setup = duel([(10, N, 6), (10, N, 4), (10, N, 9), (10, N, 1)],
                 [(10, N, 7), (10, N, 3), (10, "endurance", 5), (10, N, 5)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [4, 5]},   # Block: 4, 5 Used
             {"move": "pick", "attacker": 1, "target": 0}, {"move": "attack", "dice": [6, 7]},
             {"move": "defend", "dice": [2, 3]}]                                              # Block
    state = replay(setup, moves)
    assert state.pending[0] == ("endurance", 6, 1)
    state = replay(setup, moves + [{"move": "endurance", "die": 4}])
    assert (state.dice[4].row, state.dice[4].face) == ("available", 7)
    assert state.round == 2 and state.reinforce_open


def test_endurance_choice_and_auto_skip():
    # B defends with an Endurance die among 3 dice; the Damage Battered dice can be lifted
    setup = duel([(10, N, 9), (10, N, 9)], [(10, "endurance", 8), (10, N, 6), (10, N, 4), (4, N, 1)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}]
    state = replay(setup, moves)
    assert state.pending[0] == ("endurance", 2, 1)
    refused(setup, moves, {"move": "endurance", "die": 5}, "§Aspects")   # Available: cannot be lifted
    state = replay(setup, moves + [{"move": "endurance", "die": 3}])
    assert state.dice[3].row == "used" and state.dice[2].row == "battered"
    # A's Endurance with nothing to lift is skipped without a choice
    setup2 = duel([(10, "endurance", 5), (10, N, 5)], [(10, N, 5), (10, N, 5)])
    state = replay(setup2, [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3]}])
    assert state.phase == "pick" and {"aspect": "endurance", "source": 0, "die": None} in \
        state.exchanges[0]["events"]


def test_endurance_lifts_devastated_to_battered_and_the_batterer_gets_no_vp():
    setup = duel([(10, N, 9), (10, N, 9)], [(10, "endurance", 8), (10, N, 5), (10, N, 5)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]},
             {"move": "endurance", "die": 3}]
    state = replay(setup, moves)
    assert state.dice[3].row == "battered" and state.dice[4].row == "lost"
    assert state.players[0].vp == 1


def test_weakness_instead_of_devastation():
    setup = duel([(10, N, 5), (10, N, 4)], [(6, N, 5), (10, N, 3), (10, N, 2)],
                 [3], graveyard={"dice": [4, 10], "advantage": 0})
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}]
    state = replay(setup, moves)
    assert state.pending[0] == ("devastate", 2, 0)
    refused(setup, moves, {"move": "devastate", "weakness": {"size": 10, "trait": "x"}}, "§The fight")  # bigger
    refused(setup, moves, {"move": "devastate", "weakness": {"size": 6, "trait": "x"}}, "§The fight")   # absent
    refused(setup, moves, {"move": "devastate", "weakness": {"size": 4, "trait": ""}}, "§The fight")
    refused(setup, moves, {"move": "devastate", "weakness": {"size": 4, "trait": "x", "claim": True}}, "§The fight")
    weak = {"size": 4, "trait": "Cojea", "claim": True, "aspect": "strength"}
    state = replay(setup, moves + [{"move": "devastate", "weakness": weak}])
    assert state.pending[0] == ("devastate", 3, 0)  # the d10 left in the Graveyard fits the d10
    state = replay(setup, moves + [{"move": "devastate", "weakness": weak}, {"move": "devastate", "weakness": None}])
    assert state.dice[2].row == "used"                       # no slot crossed out
    assert state.players[0].vp == 2                          # still 1 VP each
    assert state.players[1].weaknesses == ({"trait": "Cojea", "size": 4, "by": 0},)
    claimed = state.dice[-1]
    assert (claimed.owner, claimed.size, claimed.row, claimed.face, claimed.aspect) == (
        0, 4, "available", 3, "strength")
    assert state.dice[3].row == "lost"
    assert 4 not in state.graveyard_dice


def test_bonus_choice_when_graveyard_has_dice_and_tokens():
    setup = neutral_duel([6, 5], [4, 2, 6], graveyard={"dice": [8], "advantage": 1})
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}]
    state = replay(setup, moves)
    assert state.pending[0] == ("bonus", 2, 0)
    refused(setup, moves, {"move": "bonus", "take": "everything"}, "§The fight")
    state = replay(setup, moves + [{"move": "bonus", "take": "advantage"}])
    # the second Battered die: only a die left → taken at once; the third: nothing left
    assert state.players[0].advantage == 1 and state.players[0].horde == (8,)
    assert state.graveyard_dice == () and state.graveyard_advantage == 0 and state.phase == "pick"


def test_manual_ruling_for_open_aspects():
    setup = duel([(10, "soul_forged", 6), (10, N, 4)], [(10, N, 7), (10, N, 3), (10, N, 5)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3]}]
    state = replay(setup, moves)
    assert state.pending[0] == ("ruling", 0, 0)
    refused(setup, moves, {"move": "ruling", "action": "explode"}, "§Aspects")
    refused(setup, moves, {"move": "ruling", "action": "up", "die": 4}, "§Aspects")  # Available: no step up
    state = replay(setup, moves + [{"move": "ruling", "action": "damage", "die": 4, "note": "house rule"}])
    assert state.dice[4].row == "lost" and state.players[0].vp == 1
    ev = state.exchanges[0]["events"][0]
    assert ev["ruling"] == "damage" and ev["note"] == "house rule"
    state = replay(setup, moves + [{"move": "ruling", "action": "none"}])
    assert state.dice[4].row == "available"


def test_moves_refused_while_a_choice_is_owed_and_after_the_end():
    setup = duel([(10, "strength", 6), (10, N, 4)], [(10, N, 7), (10, N, 3), (6, N, 5)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3]}]
    refused(setup, moves, {"move": "yield", "player": 1}, "§The fight")
    state, dice = new_confrontation(setup)
    for m in moves:
        state = apply(state, m, dice)
    assert state.phase == "resolve"


def test_component_with_all_dice_devastated_is_destroyed_and_counted():
    setup = duel([(10, N, 9), (10, N, 8)], [(10, N, 5), (10, N, 7), (10, N, 9)])
    moves = [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]},
             {"move": "devastate", "weakness": None}, {"move": "devastate", "weakness": None}]
    out = summary(replay(setup, moves))
    assert out["devastated"] == {"per_component": {0: 0, 1: 3}, "destroyed": [1]}
    assert out["players"][1]["devastated"] == 3 and out["vp"] == {"A": 3, "B": 0}


def test_battering_bonus_takes_the_smallest_graveyard_die():
    setup = neutral_duel([6, 5], [4, 2, 6], graveyard={"dice": [8, 4, 6], "advantage": 0})
    state = replay(setup, [PICK, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}])
    assert state.players[0].horde == (4, 6, 8) and state.graveyard_dice == ()
