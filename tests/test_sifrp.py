"""SIFRP (sifrp.md): every worked example, degrees table, other rules, refusals."""

import pytest

from tirada import roll
from tirada.errors import InvalidRequest
from tirada.systems.sifrp import (
    DIFFICULTIES, combat_damage, competition, degrees_for, difficulty_name, extra_time_dice,
    failure_grade, passive_value, teamwork_bonus,
)


def s(**kw):
    return roll({"system": "sifrp", **kw})


@pytest.mark.parametrize("faces, d, b, p, kept, total", [
    ([6, 6, 5, 2, 1], 3, 2, 0, [6, 6, 5], 17),
    ([6, 5, 4, 4, 3, 1], 4, 2, 1, [6, 5, 4], 15),
    ([6, 5, 3, 2, 2], 3, 2, 1, [6, 5], 11),
])
def test_worked_examples(faces, d, b, p, kept, total):
    r = s(test_dice=d, bonus_dice=b, penalty_dice=p, faces=faces)
    assert r["kept"] == kept and r["total"] == total


def test_worked_example_degrees():
    r = s(test_dice=4, bonus_dice=2, difficulty=12, faces=[6, 5, 4, 4, 2, 1])
    assert (r["total"], r["success"], r["degrees"], r["failure"]) == (19, True, 2, None)
    assert r["difficulty_name"] == {"en": "Formidable", "es": "Complicada"}


def test_kept_is_descending_whatever_the_draw_order():
    r = s(test_dice=2, bonus_dice=1, faces=[2, 6, 4])
    assert r["kept"] == [6, 4] and r["dropped"] == [2]


@pytest.mark.parametrize("result, degrees, failure", [
    (12, 1, None), (16, 1, None), (17, 2, None), (22, 3, None), (27, 4, None), (40, 4, None),
    (8, 0, "marginal"), (11, 0, "marginal"), (7, 0, "critical"), (-3, 0, "critical"),
])
def test_degree_check_table_tn12(result, degrees, failure):
    assert degrees_for(result, 12) == degrees
    assert failure_grade(result, 12) == failure


def test_degrees_through_roll_with_modifier():
    r = s(test_dice=2, modifier=-4, difficulty=12, faces=[6, 6])
    assert (r["total"], r["degrees"], r["failure"]) == (8, 0, "marginal")
    r = s(test_dice=1, difficulty=12, faces=[6])
    assert r["failure"] == "critical" and r["success"] is False


def test_difficulty_names_cover_every_step_and_default_is_challenging():
    assert sorted(DIFFICULTIES) == list(range(0, 22, 3))
    assert difficulty_name(9) == {"en": "Challenging", "es": "Moderada"}
    assert difficulty_name(10) is None
    assert s(test_dice=1, faces=[3])["difficulty"] == 9


def test_bonus_cap_is_applied_not_refused():
    # sifrp.md §The test 1 [decision] / seed 004: "nunca se pueden tirar más dados de bonificación
    # que dados de habilidad" — a sheet's specialty above its ability rolls D + D and says so.
    r = s(test_dice=2, bonus_dice=3, faces=[6, 1, 5, 4])
    assert r["faces"] == [6, 1, 5, 4] and r["kept"] == [6, 5] and r["total"] == 11
    assert r["bonus_capped"] == {"asked": 3, "rolled": 2}
    with pytest.raises(InvalidRequest):  # 5 faces for a roll that throws only 4
        s(test_dice=2, bonus_dice=3, faces=[6, 1, 5, 4, 3])
    assert "bonus_capped" not in s(test_dice=3, bonus_dice=3, faces=[1, 2, 3, 4, 5, 6])
    # extra time raises D, and with it the cap
    r = s(test_dice=2, bonus_dice=3, extra_time=1, faces=[1, 2, 3, 4, 5, 6])
    assert "bonus_capped" not in r and len(r["faces"]) == 6


def test_heroic_covers_every_difficulty_from_21_up():
    # seed 004 "Dificultad": steps of three "hasta llegar a 21 para las acciones heroicas".
    assert difficulty_name(21) == {"en": "Heroic", "es": "Heroica"}
    assert difficulty_name(24) == difficulty_name(30) == difficulty_name(200) == difficulty_name(21)
    assert difficulty_name(19) is None and difficulty_name(20) is None


def test_destiny_exception_passes_the_cap():
    r = s(test_dice=2, bonus_dice=2, destiny_bonus=True, faces=[1, 2, 3, 6, 5])
    assert len(r["faces"]) == 5 and r["kept"] == [6, 5] and r["total"] == 11


def test_penalty_beyond_test_dice_keeps_nothing():
    r = s(test_dice=2, penalty_dice=3, modifier=2, faces=[6, 6])
    assert r["kept"] == [] and r["total"] == 2


def test_teamwork_extra_time_and_damage_in_a_roll():
    r = s(test_dice=2, helpers=[4, 1], extra_time=5, weapon_damage=3, difficulty=9, faces=[6, 6, 5, 1])
    # extra time doubles 2D → 4D at most; teamwork 2 + 1
    assert len(r["faces"]) == 4 and r["teamwork"] == 3
    assert r["total"] == 18 + 3 and r["degrees"] == 3 and r["damage"] == 9


def test_other_rules():
    assert passive_value(3) == 12 and passive_value(3, 2) == 14
    assert teamwork_bonus([1]) == 1 and teamwork_bonus([5, 2]) == 3
    with pytest.raises(InvalidRequest, match="at most 2 helpers"):
        teamwork_bonus([2, 2, 2])
    assert teamwork_bonus([2, 2, 2], allow_more=True) == 3
    assert extra_time_dice(3, 1) == 4 and extra_time_dice(3, 9) == 6
    assert combat_damage(4, 3) == 12 and combat_damage(4, 0) == 0


def test_competition_most_degrees_then_least_shortfall_then_tie():
    win = competition([("Arya", 20, 9), ("Sansa", 12, 9)])
    assert win["winners"] == ["Arya"] and not win["tie"]
    fail = competition([("Arya", 5, 9), ("Sansa", 8, 9)])
    assert fail["winners"] == ["Sansa"]
    tie = competition([("Arya", 10, 9), ("Sansa", 12, 9)])
    assert tie["winners"] == ["Arya", "Sansa"] and tie["tie"]
    with pytest.raises(InvalidRequest):
        competition([("Arya", 10, 9)])


@pytest.mark.parametrize("req, field", [
    ({"test_dice": 0}, "test_dice"),
    ({"test_dice": 21}, "test_dice"),
    ({"test_dice": "3"}, "test_dice"),
    ({"test_dice": 3, "penalty_dice": -1}, "penalty_dice"),
    ({"test_dice": 3, "difficulty": "Formidable"}, "difficulty"),
    ({"test_dice": 3, "helpers": [0]}, "helpers[0]"),
    ({"test_dice": 3, "bonus": 1}, "bonus"),
    ({}, "test_dice"),
])
def test_invalid_requests(req, field):
    with pytest.raises(InvalidRequest) as err:
        s(**req)
    assert err.value.field == field
