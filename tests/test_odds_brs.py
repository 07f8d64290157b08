"""Blood Red Sands odds (tirada.odds.brs): reachable defences against every subset of the dice, and
Renewal odds against enumeration of every renewed face."""

import itertools
from fractions import Fraction

import pytest

from tirada.errors import InvalidRequest
from tirada.odds import odds
from tirada.odds.brs import reachable

NAMES = {1: "reversal", 2: "block"}


def brute_reachable(faces, score, soul=0):
    """Outcome names reachable by some set of counted defence dice (§The fight, outcome table)."""
    found = set()
    for size in range(1, len(faces) + 1):
        for subset in itertools.combinations(faces, size):
            if sum(subset) + soul >= score:
                found.add(NAMES.get(size, "damage"))
    return found or {"overwhelmed"}


def test_seed_example_defence_is_damage():
    """blood-red-sands.md worked example: Sharla defends with d4(2), d10(6), d6(2): three dice →
    Damage. Against a score of 10 only all three reach it; against 8 a Block does."""
    r = reachable([2, 6, 2], 10)
    assert (r["reversal"], r["block"], r["damage"], r["overwhelmed"], r["best"]) == (False, False, True, False, "damage")
    assert reachable([2, 6, 2], 8)["best"] == "block" and reachable([2, 6, 2], 8)["fewest_dice"] == 2
    assert reachable([2, 6, 2], 11)["best"] == "overwhelmed"


@pytest.mark.parametrize("faces", [list(f) for n in range(0, 5) for f in itertools.combinations_with_replacement((1, 3, 4, 6, 8), n)])
@pytest.mark.parametrize("score", [1, 5, 9, 14])
def test_reachable_matches_every_subset(faces, score):
    r = reachable(faces, score)
    assert {name for name in ("reversal", "block", "damage", "overwhelmed") if r[name]} == brute_reachable(faces, score)


def test_soul_fused_adds_but_is_not_counted():
    assert reachable([4], 7, soul_fused=3)["best"] == "reversal"
    assert brute_reachable([4], 7, 3) == {"reversal"}
    assert reachable([4, 2], 7)["best"] == "overwhelmed"


@pytest.mark.parametrize("available, renew, score, soul", [
    ([], [6, 6], 7, 0), ([3], [4, 8], 9, 0), ([2, 2], [6, 4, 4], 8, 0), ([5], [10], 12, 2), ([], [8], 5, 0),
])
def test_renewal_matches_every_renewed_face(available, renew, score, soul):
    req = {"system": "brs", "attack_score": score, "available": available, "renew": renew}
    if soul:
        req["soul_fused"] = soul
    out = odds(req)["renewal"]
    den = 1
    for s in renew:
        den *= s
    sums, reach, best, can = {}, 0, {}, {}
    for faces in itertools.product(*[range(1, s + 1) for s in renew]):
        sums[sum(faces)] = sums.get(sum(faces), 0) + 1
        reach += sum(faces) >= score
        found = brute_reachable(available + list(faces), score, soul)
        first = next(n for n in ("reversal", "block", "damage", "overwhelmed") if n in found)
        best[first] = best.get(first, 0) + 1
        for name in found:
            can[name] = can.get(name, 0) + 1
    assert {r["value"]: Fraction(r["exact"]) for r in out["distribution"]} == {
        s: Fraction(n, den) for s, n in sums.items()}
    assert Fraction(out["reach_score"]["exact"]) == Fraction(reach, den)
    for name in ("reversal", "block", "damage", "overwhelmed"):
        assert Fraction(out["best"][name]["exact"]) == Fraction(best.get(name, 0), den), name
        assert Fraction(out["reachable"][name]["exact"]) == Fraction(can.get(name, 0), den), name


def test_without_renew_only_the_current_pool():
    out = odds({"system": "brs", "attack_score": 9, "available": [5, 4, 1]})
    assert "renewal" not in out and out["now"]["best"] == "block"


@pytest.mark.parametrize("req, field", [
    ({"available": [3]}, "attack_score"),
    ({"attack_score": 5, "available": [13]}, "available[0]"),
    ({"attack_score": 5, "renew": [7]}, "renew[0]"),
    ({"attack_score": 5, "renew": [6] * 25}, "renew"),
    ({"attack_score": 5, "score": 3}, "score"),
])
def test_refusals(req, field):
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "brs", **req})
    assert err.value.field == field
