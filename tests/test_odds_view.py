"""The typed odds the page draws (tirada.odds.view, issue #40): every system's odds dict reads into an
OddsView that says what the dict says, without changing the dict; partial or older shapes read as
absent; the odds worker's answer and a Form's card read into records too."""

from __future__ import annotations

import copy
import json

import pytest

from tirada.odds import odds
from tirada.odds.view import BandOdds, Card, OddsView, Prob, Renewal, WorkerAnswer, probs, read

REQUESTS = [
    {"system": "generic", "dice": 3, "sides": 6, "difficulty": 12},
    {"system": "generic", "dice": 2, "sides": 6},
    {"system": "generic", "dice": 3, "sides": 6, "explode": True, "difficulty": 12},
    {"system": "generic", "rolls": [{"dice": 4, "sides": 6, "keep": 3}] * 6},
    {"system": "generic", "dice": 2, "sides": 6, "modifier": 1, "bands": [1, "Fallo", 7, "Parcial", 10, "Éxito"]},
    {"system": "sifrp", "test_dice": 4, "bonus_dice": 2, "difficulty": 12, "weapon_damage": 3},
    {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "distinction": True},
    {"system": "tragedia", "protagonist_dice": 3, "adversary_dice": 2},
    {"system": "fate", "skill": 0, "difficulty": 2},
    {"system": "brs", "available": [3, 5], "attack_score": 12, "renew": [6, 8]},
]


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: r["system"])
def test_every_systems_odds_read_into_a_view_that_says_what_the_dict_says(request_):
    result = odds(request_)
    before = json.dumps(result, sort_keys=True)
    kept = copy.deepcopy(result)
    view = read(result)
    assert json.dumps(result, sort_keys=True) == before and result == kept    # the odds dict is only read
    assert read(view) is view
    assert view.system == request_["system"]
    if "success" in result:
        assert view.success == Prob(result["success"]["p"], result["success"].get("exact"))
    else:
        assert view.success is None
    assert list(view.at_least) == result.get("at_least", []) or "renewal" in result
    assert list(view.distribution) == result.get("distribution", []) or "renewal" in result
    if isinstance(result.get("outcomes"), dict):
        assert set(view.outcomes or {}) == set(result["outcomes"])
        assert all(view.outcomes[k].p == v["p"] for k, v in result["outcomes"].items())


def test_the_mark_is_the_difficulty_else_the_row_of_the_chance_of_success():
    assert read(odds({"system": "generic", "dice": 3, "sides": 6, "difficulty": 12})).mark == 12
    assert read(odds({"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2})).mark == 2
    tragedia = odds({"system": "tragedia", "protagonist_dice": 3, "adversary_dice": 2})
    row = next(r for r in tragedia["at_least"] if r["p"] == tragedia["success"]["p"])
    assert read(tragedia).mark == row["value"] == 1     # winning by one success or more
    assert read({"success": {"p": 0.5}, "at_least": [{"value": 3, "p": 0.4}]}).mark is None


def test_the_parts_of_one_system_read_as_its_records():
    sifrp = read(odds({"system": "sifrp", "test_dice": 4, "bonus_dice": 2, "difficulty": 12, "weapon_damage": 3}))
    assert isinstance(sifrp.expected_damage, float) and sifrp.expected_damage > 0
    assert set(sifrp.outcomes or {}) >= {"degrees_1", "marginal", "critical"}
    explode = read(odds({"system": "generic", "dice": 3, "sides": 6, "explode": True, "difficulty": 12}))
    assert isinstance(explode.explosion_bound, int) and explode.cut_off is not None and explode.cut_off.p > 0
    l5r = read(odds({"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "distinction": True}))
    assert l5r.rerolls == "distinction" and l5r.expected_strife is None and l5r.expected_successes > 0
    tragedia = read(odds({"system": "tragedia", "protagonist_dice": 3, "adversary_dice": 2}))
    assert [s.tragedy_dice for s in tragedia.tragedy_steps] == [2, 3, 4, 5]
    assert all(0 < s.win_overall.p <= 1 for s in tragedia.tragedy_steps)
    brs = read(odds({"system": "brs", "available": [3, 5], "attack_score": 12, "renew": [6, 8]}))
    assert isinstance(brs.renewal, Renewal) and brs.attack_score == 12 and brs.best_now in (
        "reversal", "block", "damage", "overwhelmed")
    assert set(brs.renewal.reachable) == set(brs.renewal.best) == {"reversal", "block", "damage", "overwhelmed"}
    assert read(odds({"system": "brs", "available": [3, 5, 6], "attack_score": 12})).renewal is None
    bands = read(odds({"system": "generic", "dice": 2, "sides": 6, "modifier": 1,
                       "bands": [1, "Fallo", 7, "Parcial", 10, "Éxito"]})).bands
    assert [b.label for b in bands] == ["Fallo", "Parcial", "Éxito"]
    assert abs(sum(b.p.p for b in bands) - 1) < 1e-12 and (bands[0].lo, bands[0].hi, bands[-1].lo) == (None, 6, 10)
    assert read(odds({"system": "generic", "rolls": [{"dice": 4, "sides": 6, "keep": 3}] * 6})).rolls == 6


@pytest.mark.parametrize("partial", [{}, {"system": "generic"}, {"success": None, "outcomes": 3, "bands": "x"},
                                     {"now": [], "renewal": {}, "tragedy_step": [1, {"turns": None}], "rolls": True},
                                     {"cut_off": {"exact": 1}, "explosion_bound": "2", "bands": [{"label": "a"}]}])
def test_a_partial_or_older_shape_reads_as_absent(partial):
    view = read(partial)
    assert isinstance(view, OddsView) and view.at_least == () and view.best_now == "overwhelmed"
    assert view.renewal is None and view.explosion_bound is None
    assert all(isinstance(b, BandOdds) and b.p == Prob(0.0) for b in view.bands)


def test_named_probabilities_keep_their_order_and_leave_out_what_is_not_one():
    got = probs({"b": {"p": 0.25, "exact": "1/4"}, "a": {"p": 0.75}, "c": 0.5})
    assert list(got) == ["b", "a"] and got["b"] == Prob(0.25, "1/4") and got["a"].exact is None
    assert probs(got) == got and probs(None) == {}


def test_the_workers_answer_reads_as_ok_error_or_failed():
    result = odds({"system": "generic", "dice": 2, "sides": 6})
    ok = WorkerAnswer.of(json.loads(json.dumps({"ok": result})))
    assert ok.kind == "ok" and ok.odds == result
    error = WorkerAnswer.of({"error": {"code": "odds.too_big", "rule": "odds.md §Limits"}})
    assert (error.kind, error.code, error.rule) == ("error", "odds.too_big", "odds.md §Limits")
    assert WorkerAnswer.of({"error": {}}).code == "" and WorkerAnswer.of({"error": None}).rule is None
    failed = WorkerAnswer.of({"failed": "RangeError: x"})
    assert (failed.kind, failed.failed) == ("failed", "RangeError: x")


def test_a_forms_card_reads_with_its_missing_parts_empty():
    assert Card.of({"svg": "<svg/>", "table": "<table/>", "headline": "h"}) == Card("h", "<svg/>", "<table/>")
    assert Card.of({}) == Card() and Card.of({"note": None}).note == ""
