"""Blood Red Sands: Yielding — timing, Leaders and support players, the end, Broken Heroes.

Rules: ../shared/rules/blood-red-sands.md §Yielding, §Before the fight: the Spoils (Ordinary
Spoils), §The fight (Battered: Broken) (seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

from helpers.brs import duel, player, refused
from tirada.systems.brs import legal_moves, replay, summary

N = "cunning"
PICK_A = {"move": "pick", "attacker": 0, "target": 1}
PICK_B = {"move": "pick", "attacker": 1, "target": 0}
EX1 = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [4, 5]}]


def fours(**kw):
    """A (dice 0–3) and B (dice 4–7), d10 showing 5: every exchange is a Block."""
    return duel([(10, N, 5)] * 4, [(10, N, 5)] * 4, **kw)


def test_yield_only_after_being_attacked_never_after_attacking():
    setup = fours()
    refused(setup, [], {"move": "yield", "player": 1}, "§Yielding")            # before any exchange
    refused(setup, EX1, {"move": "yield", "player": 0}, "§Yielding")           # A just attacked
    refused(setup, EX1 + [PICK_B], {"move": "yield", "player": 1}, "§Yielding")  # the moment passed
    refused(setup, [PICK_A], {"move": "yield", "player": 0}, "§Yielding")      # A can still attack
    refused(setup, [PICK_A, {"move": "attack", "dice": [0, 1]}], {"move": "yield", "player": 1},
            "§Yielding")                                                       # B can defend: not Overwhelmed
    state = replay(setup, EX1)
    assert "yield" in legal_moves(state)[1] and "yield" not in legal_moves(state).get(0, [])


def test_the_side_whose_leader_yields_loses_and_the_game_ends():
    setup = fours()
    state = replay(setup, EX1 + [{"move": "yield", "player": 1, "note": "ofrece el mapa a cambio"}])
    out = summary(state)
    assert out["status"] == "ended" and out["winner"] == "Chronicler" and out["winner_side"] == 0
    assert out["yields"][0]["note"] == "ofrece el mapa a cambio"   # conditional yield recorded
    assert legal_moves(state) == {}
    refused(setup, EX1 + [{"move": "yield", "player": 1}], PICK_B, "§Yielding")
    refused(setup, EX1 + [{"move": "yield", "player": 1}], {"move": "advantage", "die": 6}, "§Yielding")
    # undamaged dice return to the sheet
    assert all(state.dice[i].row == "sheet" for i in (6, 7))


def three_on_side_one(**kw):
    """A (player 0, dice 0–3) against B (1, Leader, dice 4–7), C (2, 8–11), D (3, 12–15)."""
    setup = fours(**kw)
    setup["players"][1]["leader"] = True
    setup["players"] += [player("C", 1, [(10, N)] * 4), player("D", 1, [(10, N)] * 4)]
    setup["faces"] += [5] * 8
    return setup


def test_support_player_yields_without_the_side_losing_and_takes_a_weakness():
    setup = three_on_side_one(graveyard={"dice": [4, 8], "advantage": 0})
    ex = [{"move": "pick", "attacker": 0, "target": 2}, {"move": "attack", "dice": [0, 1]},
          {"move": "defend", "dice": [8, 9]}]
    state = replay(setup, ex + [{"move": "yield", "player": 2}])
    assert state.loser is None and not state.players[2].active
    assert state.pending == (("defeat", 2, 0),)                 # A, who attacked C, picks the die
    refused(setup, ex + [{"move": "yield", "player": 2}], {"move": "defeat", "size": 6}, "§Yielding")
    state = replay(setup, ex + [{"move": "yield", "player": 2}, {"move": "defeat", "size": 8}])
    assert state.players[2].weaknesses == ({"trait": "Derrotado por A", "size": 8, "by": 0},)
    assert state.graveyard_dice == (4,) and state.phase == "pick"
    # C is out: never a target again
    moves = ex + [{"move": "yield", "player": 2}, {"move": "defeat", "size": 8},
                  {"move": "pick", "attacker": 1, "target": 0}, {"move": "attack", "dice": [4, 5]},
                  {"move": "defend", "dice": [2, 3]}]
    refused(setup, moves, {"move": "pick", "attacker": 0, "target": 2}, "§Pieces")


def test_leader_yields_naming_a_new_leader_and_others_may_yield_with_them():
    setup = three_on_side_one()
    refused(setup, EX1, {"move": "yield", "player": 1, "new_leader": 0}, "§Yielding")   # not of the side
    refused(setup, EX1, {"move": "yield", "player": 1, "new_leader": 1}, "§Yielding")   # himself
    moves = EX1 + [{"move": "yield", "player": 1, "new_leader": 2}]
    state = replay(setup, moves)
    assert state.loser is None and state.leaders == (0, 2) and state.spoils_bearer == (None, 1)
    assert set(state.yield_window) == {2, 3}
    refused(setup, moves, {"move": "yield", "player": 3, "new_leader": 2}, "§Yielding")  # support names nobody
    state = replay(setup, moves + [{"move": "yield", "player": 3}])   # D yields with the Leader
    assert not state.players[3].active and state.players[3].weaknesses[0]["trait"] == "Derrotado por A"
    assert state.loser is None
    # the window closes with the next pick
    refused(setup, moves + [PICK_B | {"attacker": 2}], {"move": "yield", "player": 3}, "§Yielding")


def test_original_leader_bears_the_ordinary_spoils_when_the_side_later_loses():
    setup = three_on_side_one(back_down=0, graveyard={"dice": [6], "advantage": 0})
    moves = EX1 + [{"move": "yield", "player": 1, "new_leader": 2}, {"move": "yield", "player": 3},
                   {"move": "yield", "player": 2}]   # the new Leader yields the side
    state = replay(setup, moves)
    assert state.loser == 1 and state.phase == "ended"
    # D got "Derrotado por A" with the one d6; the Ordinary Spoils weakness falls on B, no die left
    assert state.players[3].weaknesses == ({"trait": "Derrotado por A", "size": 6, "by": 0},)
    assert state.players[1].weaknesses == ({"trait": "Derrotado por A", "size": None, "by": 0},)
    assert state.players[2].weaknesses == ()
    out = summary(state)
    assert out["spoils"] == {"ordinary": True, "backed_down": "Chronicler", "pains": [], "stipulations": [],
                             "bearer": "B", "applied": []}


def test_spoils_stand_unless_someone_backed_down():
    setup = fours(spoils=["Pierdes el mapa"], stipulations=["Sin caballos"])
    out = summary(replay(setup, EX1 + [{"move": "yield", "player": 1}]))
    assert out["spoils"] == {"ordinary": False, "backed_down": None, "pains": ["Pierdes el mapa"],
                             "stipulations": ["Sin caballos"], "bearer": "B",
                             "applied": [{"text": "Pierdes el mapa", "by": None}]}   # names no side: the table decides
    setup["back_down"] = 1
    assert summary(replay(setup, []))["spoils"]["pains"] == []


def test_ordinary_spoils_winner_picks_the_weakness_die():
    setup = fours(back_down=1, graveyard={"dice": [4, 10], "advantage": 0})
    state = replay(setup, EX1 + [{"move": "yield", "player": 1}])
    assert state.phase == "ended" and state.pending == (("defeat", 1, 0),)
    assert legal_moves(state) == {0: ["defeat"]}
    state = replay(setup, EX1 + [{"move": "yield", "player": 1}, {"move": "defeat", "size": 10}])
    assert state.players[1].weaknesses == ({"trait": "Derrotado por A", "size": 10, "by": 0},)
    # no Ordinary Spoils → no such weakness
    state = replay(fours(graveyard={"dice": [4, 10], "advantage": 0}), EX1 + [{"move": "yield", "player": 1}])
    assert state.players[1].weaknesses == () and state.pending == ()


def test_broken_hero_all_remaining_dice_battered_and_side_lost():
    setup = duel([(10, N, 9), (10, N, 9)], [(10, N, 6), (10, N, 6), (10, N, 8)], b_kw={"hero": True})
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}]
    state = replay(setup, moves)
    assert summary(state)["broken"] == []                    # the side has not lost (yet)
    state = replay(setup, moves + [{"move": "yield", "player": 1}])
    assert summary(state)["broken"] == ["B"]
    # with one undamaged die left, not Broken
    setup = duel([(10, N, 9), (10, N, 9)], [(10, N, 6), (10, N, 6), (10, N, 8), (4, N, 1)], b_kw={"hero": True})
    state = replay(setup, moves + [{"move": "yield", "player": 1}])
    assert summary(state)["broken"] == []


def test_attacker_who_cannot_advance_two_dice_may_yield():
    setup = duel([(10, N, 5), (10, N, 5)], [(10, N, 5), (10, N, 5), (10, N, 5)])
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3]}, PICK_B]
    state = replay(setup, moves)        # B has one Available die: Renew, Vow or Yield [decision]
    assert legal_moves(state)[1] == ["yield", "renew"]
    refused(setup, moves, {"move": "attack", "dice": [4, 2]}, "§The fight")
    state = replay(setup, moves + [{"move": "yield", "player": 1}])
    assert state.loser == 1 and summary(state)["winner_side"] == 0
    # with two dice the attacker may not yield
    refused(setup, [PICK_A], {"move": "yield", "player": 0}, "§Yielding")


def test_all_battered_hero_on_the_winning_side_is_not_broken():
    setup = duel([(10, N, 9), (10, N, 9), (10, N, 5), (10, N, 5)], [(10, N, 6), (10, N, 6), (10, N, 8)],
                 b_kw={"hero": True})
    setup["players"].append(player("C", 1, [(10, N)] * 2, leader=True))
    setup["faces"] += [5, 5]                                  # C: dice 7, 8
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [4, 5, 6]},  # B all Battered
             {"move": "pick", "attacker": 2, "target": 0}, {"move": "attack", "dice": [7, 8]},
             {"move": "defend", "dice": [2, 3]}, {"move": "yield", "player": 0}]              # A's side loses
    state = replay(setup, moves)
    assert state.loser == 0 and all(state.dice[i].row == "battered" for i in (4, 5, 6))
    assert summary(state)["broken"] == []


def test_derrotado_por_the_last_player_who_attacked_them():
    setup = three_on_side_one(graveyard={"dice": [4], "advantage": 0})
    setup["players"][0]["leader"] = True
    setup["players"].append(player("A2", 0, [(10, N)] * 2))
    setup["faces"] += [5, 5]                                  # A2: dice 16, 17
    moves = [{"move": "pick", "attacker": 4, "target": 2}, {"move": "attack", "dice": [16, 17]},
             {"move": "defend", "dice": [8, 9]}, {"move": "yield", "player": 2}]
    state = replay(setup, moves)
    assert state.players[2].weaknesses == ({"trait": "Derrotado por A2", "size": 4, "by": 4},)


def test_overwhelmed_leader_yields_naming_a_successor_and_support_may_follow():
    setup = three_on_side_one()
    setup["faces"][0:2] = [10, 10]          # A attacks for 20
    setup["faces"][4:8] = [4, 4, 4, 4]      # B's dice sum 16: Overwhelmed
    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}]
    state = replay(setup, moves)
    assert state.current["score"] == 20 and summary(state)["overwhelmed"]
    state = replay(setup, moves + [{"move": "yield", "player": 1, "new_leader": 2}])
    assert state.loser is None and state.leaders[1] == 2 and set(state.yield_window) == {2, 3}
    assert [state.dice[i].row for i in range(4, 8)] == ["battered"] * 4
    state = replay(setup, moves + [{"move": "yield", "player": 1, "new_leader": 2}, {"move": "yield", "player": 3}])
    assert not state.players[3].active and state.loser is None
