"""The luck report (tirada.links.luck; issue #26 item 6): percentiles from exact odds, the streak
probability of a roller, and its flag checked against simulated honest and cherry-picking players.

Rules of the statistic: pylib/tirada/links/luck.py (module docstring) and docs/link-format.md §11.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from tirada import roll
from tirada.links.luck import FLAG_BELOW, MIN_ROLLS, Pricer, RollLuck, percentile, rate_rows, streak
from tirada.odds import odds

sys.path.insert(0, str(Path(__file__).resolve().parent))   # tests/: tests/helpers
from helpers.luck import REQUESTS, chained_thread, seed as _seed  # noqa: E402

D6 = [{"value": v, "p": 1 / 6} for v in range(1, 7)]


def test_percentile_of_a_die_is_its_mid_rank():
    assert percentile(D6, 1).percentile == pytest.approx(1 / 12)
    assert percentile(D6, 6).percentile == pytest.approx(11 / 12)
    # E[u] = 1/2 exactly; Var[u] of a fair d6 = (n² − 1) / (12 n²) = 35/432
    assert sum(percentile(D6, v).percentile for v in range(1, 7)) / 6 == pytest.approx(0.5)
    assert percentile(D6, 3).variance == pytest.approx(35 / 432)


def test_a_value_the_distribution_cannot_give_is_not_rated():
    assert percentile(D6, 7) is None and percentile(D6, 0) is None and percentile([], 1) is None
    assert percentile([{"value": 5, "p": 0.0}], 5) is None


def test_a_truncated_distribution_is_renormalised():
    """Exploding dice report a cut-off: the rows sum to less than 1."""
    half = [{"value": v, "p": 0.5 / 6} for v in range(1, 7)]
    assert percentile(half, 6).percentile == pytest.approx(11 / 12)


def test_a_certain_result_is_never_luck():
    sure = percentile([{"value": 4, "p": 1.0}], 4)
    assert sure.variance == 0 and streak([sure] * 20).p == 1.0 and not streak([sure] * 20).flagged


def test_streak_tail_and_flag_rules():
    average = RollLuck(4, 0.5, 1 / 12)
    assert streak([average] * 30).p == pytest.approx(0.5)
    great = RollLuck(6, 11 / 12, 35 / 432)
    few = streak([great] * (MIN_ROLLS - 1))
    assert few.p < FLAG_BELOW and not few.flagged          # too few rolls to judge: reported only
    many = streak([great] * MIN_ROLLS)
    assert many.flagged and many.mean == pytest.approx(11 / 12)
    z = (MIN_ROLLS * (11 / 12 - 0.5)) / math.sqrt(MIN_ROLLS * 35 / 432)
    assert many.p == pytest.approx(0.5 * math.erfc(z / math.sqrt(2)))
    assert streak([], unrated=3).to_dict() == {"rolls": 0, "unrated": 3, "mean": None, "p": None, "flagged": False}


def test_which_rolls_are_rated():
    pricer = Pricer()
    sifrp = {"system": "sifrp", "test_dice": 3, "bonus_dice": 1, "difficulty": 9, "seed": "ab" * 16}
    rated = pricer.rate(sifrp, roll(sifrp))
    assert rated is not None and 0 < rated.percentile < 1
    several = {"system": "generic", "rolls": [{"dice": 1, "sides": 20}, {"dice": 2, "sides": 6}], "seed": "ab" * 16}
    assert pricer.rate(several, roll(several)) is None
    tragedia = {"system": "tragedia", "protagonist_dice": 3, "adversary_dice": 3, "seed": "ab" * 16}
    assert pricer.rate(tragedia, roll(tragedia)) is None
    typed = {"system": "generic", "dice": 1, "sides": 6, "faces": [6]}
    assert pricer.rate(typed, roll(typed)) is None
    assert pricer.rate({"system": "generic"}, {"total": 3}) is None           # odds refuse it: not rated
    step = {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "step": True, "seed": "ab" * 16}
    assert roll(step)["stage"] != "done" and pricer.rate(step, roll(step)) is None   # unfinished check
    assert pricer.rate("x", {}) is None and pricer.rate({"system": "generic"}, "x") is None


def test_the_pricing_budget_bounds_the_work():
    pricer = Pricer(max_odds=2)
    reqs = [{"system": "generic", "dice": 1, "sides": s, "seed": "ab" * 16} for s in (4, 6, 8)]
    rated = [pricer.rate(r, roll(r)) for r in reqs]
    assert rated[0] is not None and rated[1] is not None and rated[2] is None
    assert pricer.rate(reqs[0], roll(reqs[0])) is not None         # priced once, then cached


def test_rate_rows_skips_invalid_rows_and_counts_unrated():
    ok = {"system": "generic", "dice": 1, "sides": 20, "seed": "cd" * 16}
    rows = [{"valid": True, "request": ok, "result": roll(ok)},
            {"valid": False, "request": ok, "result": roll(ok)},
            {"valid": True, "request": {"system": "tragedia"}, "result": {}}]
    each, summary = rate_rows(rows)
    assert each[0] is not None and each[1] is None and each[2] is None
    assert summary.rolls == 1 and summary.unrated == 1


# ------------------------------------------------------------------ simulated players (issue #26)


def _player(pricer: Pricer, trial: int, tries: int, rolls: int = 30):
    """One player's 30 posted rolls; ``tries`` > 1 rolls that often and posts the luckiest."""
    posted = []
    for i in range(rolls):
        request = REQUESTS[(trial + i) % len(REQUESTS)]
        best = None
        for k in range(tries):
            r = {**request, "seed": _seed(tries, trial, i, k)}
            luck = pricer.rate(r, roll(r))
            assert luck is not None
            if best is None or luck.percentile > best.percentile:
                best = luck
        posted.append(best)
    return streak(posted)


@pytest.mark.slow
def test_best_of_3_is_flagged_and_honest_players_are_not():
    """Issue #26: a best-of-3 player over 30 rolls is flagged in ≥ 95% of trials, honest players in
    ≤ 0.5%."""
    pricer = Pricer()
    honest = [_player(pricer, t, 1) for t in range(400)]
    cheats = [_player(pricer, t, 3) for t in range(200)]
    honest_rate = sum(s.flagged for s in honest) / len(honest)
    cheat_rate = sum(s.flagged for s in cheats) / len(cheats)
    assert honest_rate <= 0.005, honest_rate
    assert cheat_rate >= 0.95, cheat_rate
    # the honest percentiles average one half (the statistic is centred)
    assert abs(sum(s.mean for s in honest) / len(honest) - 0.5) < 0.01


def test_the_rated_values_are_outcomes_of_the_odds():
    """Each system's rated value is a value of its odds distribution (so the percentile means
    something): checked on every request of the simulation."""
    for request in REQUESTS:
        r = {**request, "seed": _seed("values", request["system"])}
        result = roll(r)
        values = {row["value"] for row in odds(request)["distribution"]}
        value = result["successes"] if request["system"] == "l5r5e" else result["total"]
        assert value in values


# ------------------------------------------------------------------ in the thread audit


def test_the_audit_rates_every_roll_and_flags_only_the_cherry_picker():
    from tirada.links.audit import audit

    report = audit(chained_thread("Honesta", 1) + "\n" + chained_thread("Tramposo", 3))
    honest = next(g for g in report["rollers"] if g["roller"] == "Honesta")
    cheat = next(g for g in report["rollers"] if g["roller"] == "Tramposo")
    assert honest["luck"]["rolls"] == 30 and not honest["luck"]["flagged"]
    assert cheat["luck"]["rolls"] == 30 and cheat["luck"]["flagged"] and cheat["luck"]["p"] < FLAG_BELOW
    assert all(0 < row["luck"] < 1 for row in cheat["links"])
    luck = [p for p in report["problems"] if p["code"] == "audit.luck"]
    assert [p["roller"] for p in luck] == ["Tramposo"] and luck[0]["params"]["n"] == 30
    assert luck[0]["params"]["one_in"] > 1000 and luck[0]["params"]["mean"] > 60
    # the chain itself looks complete (no gap, no fork): the streak is the only witness
    assert not cheat["missing"] and not cheat.get("forks") and honest["ok"]
