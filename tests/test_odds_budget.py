"""The page's main-thread share of odds work (tirada.odds.budget, issue #28): typical expressions
are computed on the main thread as before, the heaviest accepted ones are refused there before any
work (the page hands them to its worker), and the work done on the main thread is bounded by
counted steps, never by a clock."""

import itertools

import pytest

from tirada.errors import InvalidRequest
from tirada.odds import budget, chart, odds
from tirada.odds import keepsum, l5r
from tirada.odds.explode import explode_counts
from tirada.systems.notation import parse

TYPICAL = ["1d20+5", "2d20kh1", "4d6k3", "3d6", "1d8+1d6+3", "5d10!k3", "d6!", "3d6!k5", "4dF",
           "10d10>8f1", "4d6r<2k3", "2d20ro1kh1", "20d10k10", "6d6!>5", "8d6!!", "d%", "6 4d6k3"]
#: The heaviest accepted expressions found (docs/odds.md §Limits, docs/benchmarks.md): each is
#: accepted by the odds' own limit and needs more than the main-thread share.
HEAVIEST = ["100d16!>15", "100d16!p>15", "100d12!p>11", "100d12!>11", "100d10!>9", "100d6!>5", "100d6!p>4", "100d10!!",
            "100d12k50", "8d100k7", "60d30k15", "72d200k2", "100d3!k60"]


def notation(text: str) -> dict:
    return {"system": "generic", **parse(text)}


@pytest.mark.parametrize("text", TYPICAL)
def test_typical_expressions_are_computed_on_the_main_thread(text):
    assert odds(notation(text), main_thread=True) == odds(notation(text))


@pytest.mark.parametrize("text", HEAVIEST)
def test_the_heaviest_accepted_expressions_go_off_the_main_thread(text):
    with pytest.raises(budget.OffMainThread) as err:
        odds(notation(text), main_thread=True)
    assert err.value.code == "odds.off_main_thread"
    assert err.value.params["share"] == keepsum.MAIN_WORK < err.value.params["work"] <= keepsum.MAX_WORK


#: keep after explosions and arithmetic (wt-arith, merged after the share): their steps are counted as
#: they are spent, so on the main thread they stop at the share (they ran 100+ ms on CPython there)
COUNTED_AS_SPENT = ["5d10!!k3", "4d10!!k2", "4d6!!kh2", "5d10!>8k3", "10d10!!k5*10d10", "50d6*50d6"]


@pytest.mark.parametrize("text", COUNTED_AS_SPENT)
def test_keep_after_explosions_and_products_stop_at_the_share(text):
    with pytest.raises(budget.OffMainThread) as err:
        odds(notation(text), main_thread=True)
    assert err.value.params["share"] == keepsum.MAIN_WORK < err.value.params["work"]


def test_off_the_main_thread_the_same_request_is_computed():
    result = odds(notation("100d12k50"))
    assert result["distribution"] and result["at_least"][0]["p"] == 1.0


def test_the_share_is_closed_after_a_refusal():
    with pytest.raises(budget.OffMainThread):
        odds(notation("100d12k50"), main_thread=True)
    odds(notation("100d12k50"))   # no share outside the context: computed, not refused


@pytest.mark.parametrize("dice, sides", list(itertools.product((2, 5, 10, 20, 40, 100), (3, 6, 10, 20, 100))))
def test_steps_taken_on_the_main_thread_never_exceed_the_share(dice, sides):
    """Every keep of the pool: on the main thread it is refused before any step (past the share,
    or past the odds' own limit), or the steps it takes (counted by the computation itself) are
    within the share."""
    computed = 0
    for keep in sorted({1, 2, dice // 2, dice - 1, dice}):
        steps = [0]
        with budget.main_thread():
            try:
                keepsum.keep_sum_counts(dice, sides, keep, steps=steps)
            except InvalidRequest as err:
                assert err.code in ("odds.off_main_thread", "odds.too_large") and steps == [0]
                continue
        assert steps[0] <= keepsum.MAIN_WORK
        computed += 1
    assert computed or keepsum.work_estimate(dice, sides, 1) > keepsum.MAIN_WORK


@pytest.mark.parametrize("dice, sides, keep", [(5, 10, 3), (3, 6, 5), (20, 6, None), (40, 10, 20), (100, 6, None)])
def test_exploding_steps_on_the_main_thread_never_exceed_the_share(dice, sides, keep):
    steps = [0]
    with budget.main_thread():
        try:
            explode_counts(dice, sides, keep, steps=steps)
        except budget.OffMainThread:
            assert steps == [0]
            return
    assert 0 < steps[0] <= keepsum.MAIN_WORK


def test_l5r_pools_on_the_main_thread_are_those_within_the_share():
    seen = {True: 0, False: 0}
    for ring, skill, helpers in itertools.product((1, 3, 5, 6), (0, 3, 5, 8), (0, 2, 6, 10)):
        request = {"system": "l5r5e", "ring": ring, "skill": skill, "assist_unskilled": helpers, "tn": 3}
        work = l5r.work_estimate(l5r.L5rPool(ring, skill, 3, assist_unskilled=helpers))
        if work > l5r.MAX_WORK:
            continue
        try:
            odds(request, main_thread=True)
            fits = True
        except budget.OffMainThread:
            fits = False
        assert fits == (work <= l5r.MAIN_WORK), (ring, skill, helpers, work)
        seen[fits] += 1
    assert seen[True] and seen[False]
    # the largest standard pool (docs/odds.md §Speed) is computed on the main thread
    odds({"system": "l5r5e", "ring": 5, "skill": 5, "assist_skilled": 2, "void": True, "tn": 5}, main_thread=True)


@pytest.mark.parametrize("request_", [
    notation("100d16!>15") | {"difficulty": 900}, notation("100d12k50") | {"difficulty": 330},
    notation("100d6!>5"), notation("8d100k7"), notation("4d6k3") | {"difficulty": 12},
    {"system": "l5r5e", "ring": 6, "skill": 8, "assist_unskilled": 10, "tn": 8},
    {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "distinction": True}])
def test_the_worker_sends_only_the_rows_the_card_draws_and_the_bars_are_the_same(request_):
    """tirada.odds.chart.for_card (what web/odds-worker.mjs sends): fewer rows, the same bars."""
    full = odds(request_)
    light = chart.for_card(odds(request_))
    mark = full.get("difficulty", full.get("tn"))
    kind, cumulative = ("at_least", True) if "success" in full else ("distribution", False)
    assert chart.pick_bars(light[kind], cumulative, mark) == chart.pick_bars(full[kind], cumulative, mark)
    assert len(light[kind]) <= len(full[kind]) and ("distribution" in light) != ("at_least" in light)
    assert light.get("success") == full.get("success") and light.get("cut_off") == full.get("cut_off")
