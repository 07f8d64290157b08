"""Standing orders (issue #29, docs/brs-pace.md): a player's own choices taken while it is not their
turn, set in a move of the log before the dice they depend on, never by the other side.

Rules: blood-red-sands.md §Aspects (Strength, Endurance, the manual rulings), §The fight (the
battering bonus, Weakness instead), §Yielding ("Derrotado por X"); the seed's worked example.
"""

from __future__ import annotations

import pytest

from helpers.brs import duel, seeded_v2
from helpers.brs_pace import ALL_ORDERS, example_three, play_paced, three_at_exchange_2
from tirada.errors import IllegalMove, InvalidRequest
from tirada.links.audit import audit
from tirada.systems.brs import summary
from tirada.systems.brs.compact import from_compact, to_compact
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.journal import journal
from tirada.systems.brs.link import decode_link, encode_link
from tirada.systems.brs import orders as orders_module
from tirada.systems.brs.options import options, step
from tirada.systems.brs.orders import ORDER_KEYS, ORDERS, actor_of, check_orders, ordered_attacker
from tirada.systems.brs.replay import legal_moves
from tirada.systems.brs.replay import replay

HASTER = {"move": "orders", "player": 0, "orders": {"strength": "battered", "endurance": "save", "bonus": "none"}}
EXAMPLE = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 3]},
           {"move": "defend", "dice": [9, 10, 11]}]


def test_the_worked_example_without_orders_stops_for_haster_strength_as_the_seed_plays_it():
    state = replay(example_setup(), EXAMPLE)
    assert state.pending[0] == ("strength", 9, 0)     # Sharla's Strength: Haster damages his own die
    assert state.orders == ()


def test_haster_order_answers_his_strength_choice_sharla_still_chooses_her_endurance():
    state = replay(example_setup(), [HASTER] + EXAMPLE)
    # his order "battered": an even face (only Battered) of his Available dice, the smallest die first
    event = state.current["events"][0]
    assert event == {"aspect": "strength", "source": 9, "die": 7, "mark": "battered", "order": 0}
    assert state.dice[7].size == 4 and state.dice[7].face == 2
    # Sharla made the defence: her own Endurance is hers to choose now, in the same post
    assert state.pending[0] == ("endurance", 10, 1)
    done = replay(example_setup(), [HASTER] + EXAMPLE + [{"move": "endurance", "die": 10}])
    assert done.phase == "pick" and done.exchange == 2 and not done.pending


def test_smallest_order_takes_the_smallest_die_even_when_its_face_is_odd():
    orders = {**HASTER, "orders": {"strength": "smallest"}}
    state = replay(example_setup(), [orders] + EXAMPLE)
    die = state.current["events"][0]["die"]
    assert state.dice[die].size == 4 and state.current["events"][0]["order"] == 0


def test_an_order_set_later_does_not_change_what_was_chosen_before():
    moves = EXAMPLE + [{"move": "strength", "die": 4}, {"move": "endurance", "die": 10}, HASTER]
    with pytest.raises(IllegalMove) as err:    # exchange 2: Sharla's side is to move, not Haster's
        replay(example_setup(), moves)
    assert err.value.code == "brs.orders_turn"
    base = replay(example_setup(), moves[:-1])
    assert base.exchanges[0]["events"][0]["die"] == 4 and "order" not in base.exchanges[0]["events"][0]


@pytest.mark.parametrize("moves", [
    [{"move": "orders", "player": 1, "orders": {"strength": "battered"}}],       # Haster's side picks
    EXAMPLE[:2] + [{"move": "orders", "player": 0, "orders": {}}],              # Sharla must defend
])
def test_a_player_sets_orders_only_when_their_side_is_to_move(moves):
    with pytest.raises(IllegalMove) as err:
        replay(example_setup(), moves)
    assert err.value.code == "brs.orders_turn" and "brs-pace.md" in err.value.rule


@pytest.mark.parametrize("orders, field", [
    ({"strength": "largest"}, "moves[0].orders.strength"), ({"renew": "ask"}, "moves[0].orders.renew"),
    ("battered", "moves[0].orders"),
])
def test_bad_orders_are_refused_with_the_field(orders, field):
    with pytest.raises(InvalidRequest) as err:
        replay(example_setup(), [{"move": "orders", "player": 0, "orders": orders}])
    assert err.value.field == field


def test_a_yielded_player_gives_no_orders():
    a = [(10, "strength", 9), (10, "strength", 9)]
    b = [(4, "cunning", 1), (4, "cunning", 1)]
    setup = duel(a, b, a_kw={"leader": True}, b_kw={})
    setup["players"].append({"name": "C", "side": 1, "advantage": 0, "components": [
        {"name": "C", "committed": True, "traits": [{"trait": "c", "die": 4, "aspect": "cunning"}]}]})
    setup["faces"].insert(4, 2)
    setup["players"][1]["leader"] = True
    moves = [{"move": "pick", "attacker": 0, "target": 2}, {"move": "attack", "dice": [0, 1]},
             {"move": "yield", "player": 2}]
    state = replay(setup, moves)
    assert not state.players[2].active
    with pytest.raises(IllegalMove) as err:
        replay(setup, moves + [{"move": "orders", "player": 2, "orders": {}}])
    assert err.value.code == "brs.orders_yielded"


def test_check_orders_fills_every_key_with_ask():
    assert check_orders({}) == {k: "ask" for k in ORDER_KEYS}
    assert all(choices[0] == "ask" for choices in ORDERS.values())


def test_orders_travel_in_the_link_and_old_links_keep_their_bytes():
    setup = example_setup("00112233445566778899aabbccddeeff")
    old = encode_link(setup, EXAMPLE)
    new = encode_link(setup, [HASTER] + EXAMPLE)
    assert new != old and len(new) - len(old) < 20
    back_setup, back_moves = decode_link(new)
    assert back_moves[0] == {"move": "orders", "player": 0, "orders": check_orders(HASTER["orders"])}
    assert summary(replay(back_setup, back_moves)) == summary(replay(setup, [HASTER] + EXAMPLE))
    assert decode_link(old)[1] == EXAMPLE      # a link made before has no orders and replays as before
    assert to_compact(setup, [HASTER])[2][0] == [14, 0, [1, 1, 0, 0, 3, 0]]


def test_damaged_orders_in_a_link_are_refused_as_damaged():
    setup = example_setup("00112233445566778899aabbccddeeff")
    compact = to_compact(setup, [HASTER])
    for bad in ([1, 1], [9, 0, 0, 0, 0, 0], "x"):
        compact[2][0] = [14, 0, bad]
        with pytest.raises(Exception) as err:
            from_compact(compact)
        assert getattr(err.value, "code", "") == "brs.data_damaged"


def test_the_journal_names_who_set_the_orders():
    entries = journal(example_setup(), [HASTER] + EXAMPLE)
    assert entries[0]["player"] == 0 and entries[0]["move"]["move"] == "orders"


def test_version_2_orders_take_no_fresh_dice_and_replay_from_the_link():
    setup = seeded_v2(example_setup(), [])
    moves = [HASTER, {"move": "pick", "attacker": 0, "target": 1}]
    state = replay(setup, moves)
    assert state.orders[0]["strength"] == "battered"
    with pytest.raises(InvalidRequest) as err:
        replay(setup, [{**HASTER, "fresh": {"nonce": "00" * 8, "seq": 1, "prev": None}}])
    assert err.value.code == "brs.fresh_not_rolled"
    assert decode_link(encode_link(setup, moves))[1][0]["orders"]["bonus"] == "none"


def test_every_order_kind_is_applied_in_whole_games(monkeypatch):
    taken: list = []
    real = orders_module.answer

    def spy(state, side):
        move = real(state, side)
        if move is not None:
            taken.append(move["move"])
        return move
    monkeypatch.setattr(orders_module, "answer", spy)
    for k in range(40):
        setup = example_setup(f"{k:032x}")
        setup["graveyard"] = {"dice": [4, 6], "advantage": 2}   # the bonus and the Weakness are asked
        setup["back_down"] = k % 2    # Ordinary Spoils: the winner gives the die of "Derrotado por"
        play_paced(setup, {0: ALL_ORDERS, 1: ALL_ORDERS})
    assert set(taken) == set(ORDER_KEYS) - {"pick"}     # the pick order binds the pick, it takes nothing


def test_the_seed_example_at_forum_pace_is_at_most_one_post_per_side_per_exchange():
    for k in range(30):
        pace = play_paced(example_setup(f"{k:032x}"), {0: ALL_ORDERS, 1: ALL_ORDERS})
        assert pace.worst_run(0) <= 1 and pace.worst_run(1) <= 1, (k, pace.posts)
        assert pace.per_side(0) <= 1 and pace.per_side(1) <= 1


def test_without_orders_the_same_games_take_more_posts():
    more = 0
    for k in range(30):
        setup = example_setup(f"{k:032x}")
        more += len(play_paced(setup).posts) > len(play_paced(setup, {0: ALL_ORDERS, 1: ALL_ORDERS}).posts)
    assert more >= 20


def test_a_three_player_side_at_forum_pace():
    people = {"ask": 0, "defender": 0}
    for k in range(20):
        setup = example_three(example_setup(f"{k:032x}"))
        for how in people:
            pace = play_paced(setup, {p: {**ALL_ORDERS, "pick": how} for p in range(4)})
            assert pace.worst_run(0) <= 1 and pace.worst_run(1) <= 1, (k, pace.posts)
            people[how] += pace.people
    # the Leader's pick order: the one just attacked hits back in the same post, not after the Leader's
    assert people["defender"] < people["ask"], people


def test_the_thread_audit_shows_an_order_changed_after_it_was_posted():
    setup = example_setup("00112233445566778899aabbccddeeff")
    url = "https://tirada.example/#"
    posted = encode_link(setup, [HASTER] + EXAMPLE[:2])
    answer = encode_link(setup, [HASTER] + EXAMPLE)                           # the thread goes on: no fork
    assert audit(f"{url}{posted}\n{url}{answer}")["confrontation_forks"] == []
    other = {**HASTER, "orders": {"strength": "smallest"}}                    # his order rewritten afterwards
    rewritten = encode_link(setup, [other] + EXAMPLE)
    forks = audit(f"{url}{posted}\n{url}{answer}\n{url}{rewritten}")["confrontation_forks"]
    assert [f["move"] for f in forks] == [0, 0], forks


# ---------------------------------------------------------------------- the Leader's pick (issue #29)
SHARLA_SIDE = [1, 2, 3]     # example_three: Sharla (Leader), Kirra, Odo


def test_no_pick_order_leaves_the_pick_to_the_leader():
    setup, moves, state = three_at_exchange_2("ask")
    assert state.attacking_side == 1 and ordered_attacker(state) is None
    assert "pick" in legal_moves(state)[1] and options(state)[1]["pick"]["attackers"] == SHARLA_SIDE


@pytest.mark.parametrize("how", ["defender", "self", "strongest", "turns"])
def test_the_leader_pick_order_names_the_attacker_who_picks_the_target_in_their_own_post(how):
    setup, moves, state = three_at_exchange_2(how)
    a = ordered_attacker(state)
    faces = {p: sorted((state.dice[i].face for i in state.dice_of(p, "available")), reverse=True) for p in SHARLA_SIDE}
    able = [p for p in SHARLA_SIDE if state.players[p].active and len(faces[p]) >= 2]
    strongest = max(able, key=lambda p: (sum(faces[p][:2]), -p))
    if how == "defender":     # Kirra was attacked in exchange 1: she hits back
        assert a == (2 if 2 in able else strongest)
    elif how == "self":
        assert a == (1 if 1 in able else strongest)
    elif how == "strongest":
        assert sum(faces[a][:2]) == max(sum(faces[p][:2]) for p in able)
    else:                     # in turns: nobody of Sharla's side has attacked yet, so the first able one
        assert a == able[0]
    assert a in legal_moves(state) and "pick" in legal_moves(state)[a]     # the attacker picks, not the Leader
    assert options(state)[a]["pick"] == {"attackers": [a], "targets": [0]}
    assert step(state)["player"] == a
    pick = {"move": "pick", "attacker": a, "target": 0}
    assert actor_of(state, pick) == a
    entry = journal(setup, moves + [pick])[-1]
    assert entry["player"] == a and entry["order"] == 1               # "(orden permanente de Sharla)"
    other = next(p for p in SHARLA_SIDE if p != a)
    with pytest.raises(IllegalMove) as err:
        replay(setup, moves + [{"move": "pick", "attacker": other, "target": 0}])
    assert err.value.code == "brs.pick_order" and err.value.params["leader"] == "Sharla"


def test_in_turns_the_next_after_the_side_last_attacker():
    from helpers.brs import bot_move
    checked = 0
    for k in range(8):
        setup, moves, state = three_at_exchange_2("turns", f"{k:032x}")
        first = ordered_attacker(state)
        moves.append({"move": "pick", "attacker": first, "target": 0})
        state = replay(setup, moves)
        while not (state.phase == "pick" and state.attacking_side == 1 and not state.pending) and state.phase != "ended":
            moves.append(bot_move(state))
            state = replay(setup, moves)
        if state.phase == "ended" or state.leaders[1] != 1 or state.reversal is not None:
            continue            # over, or Sharla Yielded (a new Leader has orders of their own), or a Reversal
        able = [p for p in SHARLA_SIDE if state.players[p].active and len(state.dice_of(p, "available")) >= 2]
        assert ordered_attacker(state) == next((p for p in able if p > first), able[0])
        checked += 1
    assert checked >= 3


def test_a_reversal_comes_before_the_pick_order():
    setup, moves, state = three_at_exchange_2("self")
    kept = next(i for i, d in enumerate(state.dice) if d.owner == 2)
    obliged = state.replace(reversal=(2, 0, kept))
    assert ordered_attacker(obliged) is None
    assert options(obliged)[1]["pick"] == {"attackers": [2], "targets": [0]}


def test_a_side_of_one_player_has_no_pick_order():
    moves = [{"move": "orders", "player": 0, "orders": {"pick": "turns"}}]
    state = replay(example_setup(), moves)
    assert state.orders[0]["pick"] == "turns" and ordered_attacker(state) is None
    assert legal_moves(state)[0] == ["pick"] or "pick" in legal_moves(state)[0]


def test_pick_orders_travel_in_the_link_and_six_key_orders_keep_their_bytes():
    setup = example_setup("00112233445566778899aabbccddeeff")
    assert to_compact(setup, [HASTER])[2][0] == [14, 0, [1, 1, 0, 0, 3, 0]]         # as before the pick key
    picked = {"move": "orders", "player": 0, "orders": {"bonus": "none", "pick": "turns"}}
    assert to_compact(setup, [picked])[2][0] == [14, 0, [0, 0, 0, 0, 3, 0, 4]]
    assert decode_link(encode_link(setup, [picked]))[1][0]["orders"] == check_orders(picked["orders"])
    compact = to_compact(setup, [picked])
    compact[2][0] = [14, 0, [0, 0, 0, 0, 3, 0, 5]]                                # no such choice
    with pytest.raises(Exception) as err:
        from_compact(compact)
    assert getattr(err.value, "code", "") == "brs.data_damaged"
