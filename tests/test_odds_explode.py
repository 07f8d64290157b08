"""Exact odds of exploding generic rolls (tirada.odds.explode, docs/odds.md §Exploding) against the
roll itself on every sequence of faces, and the work bound of every generic odds computation."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import roll
from tirada.errors import InvalidRequest
from tirada.odds import odds
from tirada.odds.explode import CUT_OFF, explode_bound, explode_counts, explode_work
from tirada.odds.keepsum import MAX_WORK, keep_sum_counts, work_estimate


def chains(sides: int, budget: int):
    """Every chain of one exploding die using at most ``budget`` explosions: (faces, explosions)."""
    for k in range(budget + 1):
        for last in range(1, sides):
            yield [sides] * k + [last], k


def sequences(dice: int, sides: int, bound: int):
    """Every sequence of faces of ``dice`` exploding dice with at most ``bound`` explosions in all."""
    if dice == 0:
        yield [], 0
        return
    for head, k in chains(sides, bound):
        for tail, rest in sequences(dice - 1, sides, bound - k):
            yield head + tail, k + rest


def brute(dice: int, sides: int, keep, lowest: bool, bound: int) -> dict:
    """Counts over ``sides**(dice + bound)`` of the roll's total, by rolling every sequence."""
    req = {"system": "generic", "dice": dice, "sides": sides, "explode": True}
    if keep is not None:
        req["keep"] = keep
    if lowest:
        req["keep_lowest"] = True
    counts: dict = {}
    for faces, e in sequences(dice, sides, bound):
        total = roll({**req, "faces": faces})["total"]
        counts[total] = counts.get(total, 0) + sides ** (bound - e)
    return counts


CASES = [(1, 6, None, False, 4), (2, 2, None, False, 5), (3, 3, None, False, 3), (3, 6, 2, False, 3),
         (2, 4, 3, False, 4), (3, 4, 2, True, 3), (3, 4, 4, True, 3), (2, 6, 1, False, 3),
         (3, 6, 5, False, 3), (2, 3, 1, True, 4), (4, 3, 2, False, 2)]


@pytest.mark.parametrize("dice, sides, keep, lowest, bound", CASES)
def test_exploding_counts_equal_every_roll_up_to_the_bound(dice, sides, keep, lowest, bound):
    out = explode_counts(dice, sides, keep, lowest, bound=bound)
    assert out.counts == brute(dice, sides, keep, lowest, bound)
    assert out.den == sides ** (dice + bound) and sum(out.counts.values()) + out.cut == out.den
    # the cut-off is P(more than `bound` explosions): 1 − Σ_{e ≤ bound} C(e+N−1, N−1)(s−1)^N / s^(N+e)
    kept = sum(Fraction(comb(e + dice - 1, dice - 1) * (sides - 1) ** dice, sides ** (dice + e))
               for e in range(bound + 1))
    assert Fraction(out.cut, out.den) == 1 - kept


def test_d6_explodes_as_the_field_example_says():
    out = odds({"system": "generic", "dice": 1, "sides": 6, "explode": True, "difficulty": 7})
    rows = {r["value"]: Fraction(r["exact"]) for r in out["distribution"] if "exact" in r}
    assert [rows[v] for v in range(1, 6)] == [Fraction(1, 6)] * 5          # 6 is never a total
    assert 6 not in rows and rows[7] == Fraction(1, 36) and rows[13] == Fraction(1, 216)
    assert Fraction(out["success"]["exact"]) + Fraction(out["cut_off"]["exact"]) == Fraction(1, 6)
    assert out["cut_off"]["p"] <= 1 / CUT_OFF and out["explosion_bound"] == 11   # 6^-12 ≤ 1e-9 < 6^-11


@pytest.mark.parametrize("dice, sides, keep", [(5, 10, 3), (3, 6, 5)])
def test_issue_28_exploding_pools_have_their_own_odds(dice, sides, keep):
    """5d10!k3 gave the non-exploding distribution, 3d6!k5 an empty one: both now sum to 1 − cut_off,
    agree with the roll on every sequence of up to 1 explosion, and make the top total likelier."""
    out = odds({"system": "generic", "dice": dice, "sides": sides, "keep": keep, "explode": True})
    assert out["distribution"] and abs(sum(r["p"] for r in out["distribution"]) + out["cut_off"]["p"] - 1) < 1e-12
    plain = odds({"system": "generic", "dice": dice, "sides": sides, "keep": min(keep, dice)})
    top = min(keep, dice) * sides
    p_top = {r["value"]: r["p"] for r in out["distribution"]}[top]
    assert p_top > plain["distribution"][-1]["p"] and plain["distribution"][-1]["value"] == top
    assert explode_counts(dice, sides, keep, bound=1).counts == brute(dice, sides, keep, False, 1)


def test_the_bound_is_the_smallest_with_a_cut_off_below_one_in_a_billion():
    for dice, sides in [(1, 6), (5, 10), (3, 2), (20, 6)]:
        b, cut = explode_bound(dice, sides)
        assert cut * CUT_OFF <= sides ** (dice + b)
        if b:
            prev = explode_counts(dice, sides, None, bound=b - 1)
            assert prev.cut * CUT_OFF > prev.den


def test_the_cut_off_is_the_roll_refusal_when_the_limit_is_reached():
    """100d2!: half the rolls explode more than 100 times, which the roll refuses; the odds count
    up to that limit and say how much is left out."""
    out = odds({"system": "generic", "dice": 100, "sides": 2, "explode": True})
    assert out["explosion_bound"] == 100 and 0.4 < out["cut_off"]["p"] < 0.5


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 100), st.integers(1, 1000), st.integers(0, 100), st.booleans())
def test_work_is_counted_exactly_and_bounded(dice, sides, keep, lowest):
    """The steps taken equal work_estimate; odds are computed iff that is at most MAX_WORK."""
    keep = min(keep, dice)
    work = work_estimate(dice, sides, keep)
    if work > MAX_WORK:
        with pytest.raises(InvalidRequest) as err:
            keep_sum_counts(dice, sides, keep, lowest)
        assert err.value.code == "odds.too_large"
        return
    steps = [0]
    keep_sum_counts(dice, sides, keep, lowest, steps)
    assert steps[0] <= work <= MAX_WORK
    if 1 < keep < dice or keep == dice:
        assert steps[0] == work


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 100), st.integers(2, 1000), st.one_of(st.none(), st.integers(1, 150)), st.booleans())
def test_exploding_work_is_bounded(dice, sides, keep, lowest):
    work = explode_work(dice, sides, keep, lowest)
    req = {"system": "generic", "dice": dice, "sides": sides, "explode": True}
    if keep is not None:
        req.update(keep=keep, keep_lowest=lowest)
    if work > MAX_WORK:
        with pytest.raises(InvalidRequest) as err:
            odds(req)
        assert err.value.code == "odds.too_large"
        return
    steps = [0]
    explode_counts(dice, sides, keep, lowest and keep is not None, steps=steps)
    assert steps[0] <= work
    assert odds(req)["distribution"]


@pytest.mark.parametrize("dice, sides, keep", [(60, 30, 15), (72, 200, 2), (7, 100, 6), (8, 100, 7)])
def test_issue_28_heavy_pools_are_cheap_now(dice, sides, keep):
    """60d30k15 and 72d200k2 froze the page for up to 2.5 s: their work is now far below the limit."""
    assert work_estimate(dice, sides, keep) <= MAX_WORK
    steps = [0]
    counts = keep_sum_counts(dice, sides, keep, steps=steps)
    assert steps[0] == work_estimate(dice, sides, keep) and sum(counts.values()) == sides ** dice


def test_a_roll_set_has_the_odds_of_each_of_its_rolls():
    from tirada.systems.notation import parse

    one = odds({"system": "generic", **parse("4d6k3")})
    six = odds({"system": "generic", **parse("6 4d6 k3")})
    assert six["rolls"] == 6 and six["distribution"] == one["distribution"]
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "generic", **parse("1d20+5; 2d6+3")})
    assert err.value.code == "odds.several_rolls"


@pytest.mark.parametrize("groups, modifier", [
    ([{"dice": 1, "sides": 8}, {"dice": 1, "sides": 6}], 3),
    ([{"dice": 2, "sides": 4, "keep": 1}, {"dice": 1, "sides": 3, "subtract": True}], 0),
    ([{"dice": 2, "sides": 6, "subtract": True}], 5),
])
def test_dice_groups_odds_match_every_roll(groups, modifier):
    """1d8+1d6+3 was refused ("no se entiende «d4»" for 3d6 + 1d4): the odds of several groups are
    the roll's own totals over every face combination."""
    import itertools

    req = {"system": "generic", "groups": groups, "modifier": modifier, "difficulty": 6}
    sizes = [g["sides"] for g in groups for _ in range(g["dice"])]
    totals: dict = {}
    for faces in itertools.product(*[range(1, s + 1) for s in sizes]):
        total = roll({**req, "faces": list(faces)})["total"]
        totals[total] = totals.get(total, 0) + 1
    den = 1
    for s in sizes:
        den *= s
    out = odds(req)
    assert {r["value"]: Fraction(r["exact"]) for r in out["distribution"]} == {t: Fraction(n, den) for t, n in totals.items()}
    assert Fraction(out["success"]["exact"]) == Fraction(sum(n for t, n in totals.items() if t >= 6), den)


def test_exploding_groups_report_each_bound_and_one_cut_off():
    out = odds({"system": "generic", "groups": [{"dice": 1, "sides": 6, "explode": True},
                                                {"dice": 1, "sides": 4, "explode": True, "subtract": True}]})
    assert out["explosion_bound"] == [11, 14]
    assert abs(sum(r["p"] for r in out["distribution"]) + out["cut_off"]["p"] - 1) < 1e-12
    assert out["cut_off"]["p"] < 2 / CUT_OFF


def test_the_work_of_all_groups_together_is_bounded():
    """Each 8d100k7 alone is within the limit; two of them in one roll are not (refused, not computed)."""
    group = {"dice": 8, "sides": 100, "keep": 7}
    assert work_estimate(8, 100, 7) <= MAX_WORK < 2 * work_estimate(8, 100, 7)
    assert odds({"system": "generic", **group})["distribution"]
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "generic", "groups": [group, group]})
    assert err.value.code == "odds.too_large"
