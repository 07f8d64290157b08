"""Tragedia final roll (tragedia.md §The final roll; seed 001_0d4b6b4e1f6e6362.txt) and ``roll`` CLI."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import systems
from tirada.dice import DiceStream, FixedFaces
from tirada.errors import InvalidRequest
from tirada.systems.tragedia.roll import check_sides, final_stage, post_loss_stage, roll, successes, winner_of
from helpers.cli import run

# The seed's example pools (rule file fixture): Protagonist + Ally 7 dice, 1 automatic success and
# the ties (Flaw with 2 dice) against Adversary + Henchman 6 dice.
SEED_P_FACES = [2, 5, 4, 1, 6, 3, 3]  # 3 even faces → 3 + 1 automatic = 4 successes
SEED_A_FACES = [2, 2, 4, 1, 6, 5]  # 4 even faces → 4 successes: a tie
SEED_REQUEST = {"system": "tragedia", "protagonist_dice": 7, "adversary_dice": 6, "auto_successes": 1,
                "protagonist_wins_ties": True, "faces": SEED_P_FACES + SEED_A_FACES}


def test_even_faces_are_successes():
    assert successes([1, 2, 3, 4, 5, 6]) == 3
    assert successes([]) == 0
    assert successes([10, 9, 8]) == 2  # any even-sided die: d10 here


def test_more_successes_win_and_ties_go_to_the_adversary_unless_bought():
    assert winner_of(3, 2, False) == "protagonist"
    assert winner_of(2, 3, True) == "adversary"
    assert winner_of(4, 4, False) == "adversary"
    assert winner_of(4, 4, True) == "protagonist"


def test_seed_example_tie_bought_with_the_flaw_goes_to_the_protagonist():
    result = systems.roll(SEED_REQUEST)
    stage = result["stages"][0]
    assert stage["protagonist_faces"] == SEED_P_FACES and stage["adversary_faces"] == SEED_A_FACES
    assert result["protagonist_successes"] == 4 and result["adversary_successes"] == 4
    assert result["tie"] is True and result["winner"] == "protagonist"
    assert result["post_loss"] is False and len(result["stages"]) == 1
    assert result["faces"] == SEED_REQUEST["faces"] and result["sides"] == 6 and result["seed"] is None


def test_seed_example_tie_without_the_flaw_goes_to_the_adversary():
    result = systems.roll(dict(SEED_REQUEST, protagonist_wins_ties=False))
    assert (result["protagonist_successes"], result["adversary_successes"]) == (4, 4)
    assert result["winner"] == "adversary"


def test_post_loss_adds_new_tragedy_dice_and_each_side_last_dice_in_draw_order():
    faces = [1, 3, 5, 2] + [2, 4, 6, 1] + [2, 4, 6, 1] + [2] + [4, 1]
    request = {"system": "tragedia", "protagonist_dice": 4, "adversary_dice": 4, "faces": faces,
               "post_loss": {"tragedy_dice": 4, "last_dice": {"protagonist_side": 1, "adversary_side": 2}}}
    result = systems.roll(request)
    first, second = result["stages"]
    assert (first["protagonist_successes"], first["adversary_successes"], first["winner"]) == (1, 3, "adversary")
    assert second["tragedy_faces"] == [2, 4, 6, 1]
    assert second["protagonist_last_faces"] == [2] and second["adversary_last_faces"] == [4, 1]
    # earlier dice stay as rolled: 1 + 3 (Tragedy dice) + 1 (last die) = 5 against 3 + 1 = 4
    assert (second["protagonist_successes"], second["adversary_successes"]) == (5, 4)
    assert result["winner"] == "protagonist" and result["post_loss"] is True
    assert result["faces"] == faces


def test_post_loss_can_lose_again_with_the_same_tie_rule():
    faces = [1, 1] + [2, 2] + [2, 1]
    request = {"system": "tragedia", "protagonist_dice": 2, "adversary_dice": 2, "faces": faces,
               "post_loss": {"tragedy_dice": 2}}
    result = systems.roll(request)
    assert result["stages"][1]["protagonist_successes"] == 1 and result["adversary_successes"] == 2
    assert result["winner"] == "adversary"
    tie = systems.roll(dict(request, faces=[1, 1] + [2, 1] + [2, 1]))
    assert tie["tie"] is True and tie["winner"] == "adversary"


def test_post_loss_is_used_only_after_a_loss():
    request = {"system": "tragedia", "protagonist_dice": 1, "adversary_dice": 1, "faces": [2, 1],
               "post_loss": {"tragedy_dice": 3}}
    result = systems.roll(request)
    assert result["winner"] == "protagonist" and result["post_loss"] is False
    with pytest.raises(InvalidRequest, match="faces given but the roll used only 2"):
        systems.roll(dict(request, faces=[2, 1, 2, 2, 2]))


def test_post_loss_stage_refuses_a_win_as_a_caller_bug():
    first = final_stage(1, 0, FixedFaces([2]))
    with pytest.raises(ValueError):
        post_loss_stage(first, 2, 0, 0, FixedFaces([2, 2]))


def test_other_even_dice_sizes_and_odd_ones_refused():
    result = systems.roll({"system": "tragedia", "protagonist_dice": 2, "adversary_dice": 1, "sides": 10,
                           "faces": [10, 7, 8]})
    assert result["sides"] == 10 and result["protagonist_successes"] == 1 and result["adversary_successes"] == 1
    assert check_sides(2) == 2
    for bad in (1, 5, 1001, "6", True):
        with pytest.raises(InvalidRequest) as err:
            check_sides(bad)
        assert err.value.field == "sides" and err.value.rule == "tragedia.md §The final roll"
    with pytest.raises(InvalidRequest, match="a d6 cannot show 7"):
        systems.roll(dict(SEED_REQUEST, faces=[7] * 13))


@pytest.mark.parametrize("params, field", [
    ({"protagonist_dice": 1}, "adversary_dice"),
    ({"protagonist_dice": -1, "adversary_dice": 1}, "protagonist_dice"),
    ({"protagonist_dice": 101, "adversary_dice": 1}, "protagonist_dice"),
    ({"protagonist_dice": 1, "adversary_dice": 1, "auto_successes": -1}, "auto_successes"),
    ({"protagonist_dice": 1, "adversary_dice": 1, "protagonist_wins_ties": "yes"}, "protagonist_wins_ties"),
    ({"protagonist_dice": 1, "adversary_dice": 1, "bonus": 1}, "bonus"),
    ({"protagonist_dice": 1, "adversary_dice": 1, "post_loss": 3}, "post_loss"),
    ({"protagonist_dice": 1, "adversary_dice": 1, "post_loss": {"tragedy_dice": 1}}, "tragedy_dice"),
    ({"protagonist_dice": 1, "adversary_dice": 1, "post_loss": {"tragedy_dice": 6}}, "tragedy_dice"),
    ({"protagonist_dice": 1, "adversary_dice": 1, "post_loss": {"tragedy_dice": 2, "last_dice": [1]}},
     "post_loss.last_dice"),
    ({"protagonist_dice": 1, "adversary_dice": 1,
      "post_loss": {"tragedy_dice": 2, "last_dice": {"ally": 1}}}, "ally"),
])
def test_invalid_requests_name_their_field(params, field):
    with pytest.raises(InvalidRequest) as err:
        roll(params, FixedFaces([2] * 20))
    assert err.value.field == field


def test_seeded_roll_replays_and_draws_in_order():
    request = {"system": "tragedia", "protagonist_dice": 5, "adversary_dice": 4, "seed": "ab" * 16,
               "post_loss": {"tragedy_dice": 5, "last_dice": {"protagonist_side": 2, "adversary_side": 1}}}
    first, again = systems.roll(request), systems.roll(request)
    assert first == again
    stream = DiceStream("ab" * 16)
    assert first["faces"] == [stream.roll(6) for _ in range(len(first["faces"]))]
    expected_dice = 9 + (8 if first["post_loss"] else 0)
    assert len(first["faces"]) == expected_dice


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=0, max_size=8), st.lists(st.integers(1, 6), max_size=8),
       st.integers(0, 2), st.booleans())
def test_final_stage_matches_the_rule_by_hand(p_faces, a_faces, auto, ties):
    stage = final_stage(len(p_faces), len(a_faces), FixedFaces(p_faces + a_faces), auto, ties)
    p = len([f for f in p_faces if f in (2, 4, 6)]) + auto
    a = len([f for f in a_faces if f in (2, 4, 6)])
    assert (stage["protagonist_successes"], stage["adversary_successes"]) == (p, a)
    assert stage["winner"] == ("protagonist" if p > a or (p == a and ties) else "adversary")


def test_cli_roll_prints_the_result_json():
    code, out, err = run(["roll", json.dumps(SEED_REQUEST)])
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["system"] == "tragedia" and result["winner"] == "protagonist"
    assert (result["protagonist_successes"], result["adversary_successes"]) == (4, 4)


def test_cli_roll_error_is_one_line_with_exit_2():
    code, out, err = run(["roll", json.dumps({"system": "tragedia", "protagonist_dice": 1,
                                                 "adversary_dice": 1, "sides": 7})])
    assert code == 2 and out == ""
    assert err.strip() == "error: sides: the dice must be even-sided, got d7 (tragedia.md §The final roll)"
