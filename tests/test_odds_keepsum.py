"""Exact odds of generic and SIFRP rolls (tirada.odds.keepsum): every fast path against brute force
(itertools.product over all faces), the rolls themselves as the oracle, and icepool where installed."""

import itertools
from fractions import Fraction
from math import comb

import pytest

from tirada import roll
from tirada.errors import InvalidRequest
from tirada.odds import odds
from tirada.odds.keepsum import MAX_WORK, keep_sum_counts, work_estimate
from tirada.odds.keepsum import _keep_all, _keep_highest, _keep_one_highest


def brute(dice, sides, keep, lowest=False):
    counts = {}
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        total = sum(sorted(faces, reverse=not lowest)[:keep])
        counts[total] = counts.get(total, 0) + 1
    return counts


SMALL = [(n, s, k) for n in range(1, 5) for s in (2, 3, 6) for k in range(0, n + 1)]


@pytest.mark.parametrize("dice, sides, keep", SMALL)
@pytest.mark.parametrize("lowest", [False, True])
def test_keep_sum_counts_matches_brute_force(dice, sides, keep, lowest):
    assert keep_sum_counts(dice, sides, keep, lowest) == brute(dice, sides, keep, lowest)


@pytest.mark.parametrize("dice, sides, keep", [(n, s, k) for n, s, k in SMALL if k >= 1])
def test_general_dp_alone_matches_brute_force(dice, sides, keep):
    """The general DP must be right also where a fast path would normally answer."""
    assert _keep_highest(dice, sides, keep) == brute(dice, sides, keep)


@pytest.mark.parametrize("dice, sides", [(1, 6), (3, 4), (4, 6), (2, 10)])
def test_fast_paths_match_brute_force(dice, sides):
    assert _keep_all(dice, sides) == brute(dice, sides, dice)
    assert _keep_one_highest(dice, sides) == brute(dice, sides, 1)


def test_counts_add_up_for_the_largest_sifrp_pool():
    counts = keep_sum_counts(16, 6, 8)
    assert sum(counts.values()) == 6 ** 16
    # 48 = eight 6s kept: at least 8 of the 16 dice show 6
    assert min(counts) == 8 and max(counts) == 48
    assert counts[48] == sum(comb(16, j) * 5 ** (16 - j) for j in range(8, 17))


@pytest.mark.parametrize("dice, sides, keep, lowest", [
    (5, 6, 3, False), (8, 6, 3, True), (16, 6, 8, False), (6, 10, 2, False), (7, 4, 7, False),
])
def test_icepool_oracle(dice, sides, keep, lowest):
    icepool = pytest.importorskip("icepool")
    pool = icepool.d(sides).pool(dice)
    die = (pool.lowest(keep) if lowest else pool.highest(keep)).sum()
    assert keep_sum_counts(dice, sides, keep, lowest) == dict(die.items())


def test_generic_odds_match_every_roll_of_the_pool():
    req = {"system": "generic", "dice": 3, "sides": 4, "keep": 2, "modifier": 1, "difficulty": 7}
    wins, totals = 0, {}
    for faces in itertools.product(range(1, 5), repeat=3):
        r = roll({**req, "faces": list(faces)})
        wins += r["success"]
        totals[r["total"]] = totals.get(r["total"], 0) + 1
    out = odds(req)
    assert Fraction(out["success"]["exact"]) == Fraction(wins, 64)
    assert {row["value"]: Fraction(row["exact"]) for row in out["distribution"]} == {
        t: Fraction(n, 64) for t, n in totals.items()}


def test_generic_keep_lowest_and_no_difficulty():
    out = odds({"system": "generic", "dice": 2, "sides": 6, "keep": 1, "keep_lowest": True})
    assert "success" not in out
    assert out["distribution"][0] == {"value": 1, "p": 11 / 36, "exact": "11/36"}
    assert out["at_least"][-1] == {"value": 6, "p": 1 / 36, "exact": "1/36"}


@pytest.mark.parametrize("req", [
    {"test_dice": 2, "bonus_dice": 1, "difficulty": 9},
    {"test_dice": 3, "bonus_dice": 1, "penalty_dice": 1, "modifier": -2, "difficulty": 6},
    {"test_dice": 2, "penalty_dice": 3, "modifier": 4, "difficulty": 3},
    {"test_dice": 2, "helpers": [4, 1], "difficulty": 12, "weapon_damage": 3},
    {"test_dice": 1, "bonus_dice": 1, "destiny_bonus": True, "extra_time": 1, "difficulty": 3},
])
def test_sifrp_grades_match_every_roll_of_the_pool(req):
    """The SIFRP roll itself is the oracle: roll every face combination, count degrees/failures."""
    n = odds({"system": "sifrp", **req})
    count = roll({"system": "sifrp", **req, "seed": "00" * 16})["faces"]
    grades, damage = {}, 0
    for faces in itertools.product(range(1, 7), repeat=len(count)):
        r = roll({"system": "sifrp", **req, "faces": list(faces)})
        key = f"degrees_{r['degrees']}" if r["success"] else r["failure"]
        grades[key] = grades.get(key, 0) + 1
        damage += r["damage"] or 0
    den = 6 ** len(count)
    for key, value in n["outcomes"].items():
        assert Fraction(value["exact"]) == Fraction(grades.get(key, 0), den), key
    assert sum(Fraction(v["exact"]) for v in n["outcomes"].values()) == 1
    assert Fraction(n["success"]["exact"]) == 1 - Fraction(grades.get("marginal", 0) + grades.get("critical", 0), den)
    if "weapon_damage" in req:
        assert n["expected_damage"] == pytest.approx(damage / den, abs=1e-12)


def test_sifrp_worked_example_pool_and_shape():
    """sifrp.md §The test: 4D + 2B vs 12 (the worked example's pool) — 19 is a 2-degree result."""
    out = odds({"system": "sifrp", "test_dice": 4, "bonus_dice": 2, "difficulty": 12})
    assert out["difficulty"] == 12 and out["method"].startswith("exact")
    assert [row["value"] for row in out["distribution"]] == list(range(4, 25))
    assert out["at_least"][0]["p"] == 1.0
    at = {row["value"]: row["p"] for row in out["at_least"]}
    assert out["outcomes"]["degrees_2"]["p"] == pytest.approx(at[17] - at[22])
    assert out["outcomes"]["degrees_4"]["p"] == 0.0  # 24 − 12 = 12 < 15: 4 degrees impossible


def test_sifrp_odds_apply_the_bonus_cap_like_the_roll():
    # sifrp.md §The test 1 [decision]: 2D + 3B rolls as 2D + 2B, so its odds are 2D + 2B's.
    capped = odds({"system": "sifrp", "test_dice": 2, "bonus_dice": 3})
    assert capped["distribution"] == odds({"system": "sifrp", "test_dice": 2, "bonus_dice": 2})["distribution"]


def test_sifrp_refusals_come_from_the_roll_validation():
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "sifrp", "test_dice": 0})
    assert err.value.field == "test_dice"
    with pytest.raises(InvalidRequest):
        odds({"system": "sifrp", "test_dice": 2, "bonus_die": 1})


def test_too_large_pools_are_refused_not_computed():
    assert work_estimate(100, 1000, 50) > MAX_WORK
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "generic", "dice": 100, "sides": 1000, "keep": 50})
    assert err.value.field == "dice" and err.value.rule == "odds.md §Limits"
