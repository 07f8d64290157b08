"""Issue 28: exact odds of keep after an explosion variant — on a threshold (``5d10!>8k3``), compounding
(``4d6!!kh2``), penetrating (``3d6!pk2``) — equal to the roll itself on every sequence of faces up to
the bound (docs/odds.md §Keep after explosions)."""

from __future__ import annotations

import pytest

from tirada import roll
from tirada.errors import InvalidRequest
from tirada.odds import odds
from tirada.odds.explode_keep import compound_keep, keep_after_explosions
from tirada.systems.generic import GenericRequest
from tirada.systems.notation import parse


def chains(sides: int, lo: int, hi: int, most: int):
    """Every chain of one die: ``k`` exploding faces (``lo..hi``) then one that is not, ``k ≤ most``."""
    finals = [f for f in range(1, sides + 1) if not lo <= f <= hi]
    def grow(k):
        if k == 0:
            yield []
            return
        for head in grow(k - 1):
            for f in range(lo, hi + 1):
                yield head + [f]
    for k in range(most + 1):
        for head in grow(k):
            for f in finals:
                yield head + [f], k


def sequences(dice: int, sides: int, lo: int, hi: int, bound: int):
    """Every sequence of draws of ``dice`` dice with at most ``bound`` explosions in all, with their count."""
    if dice == 0:
        yield [], 0
        return
    for chain, k in chains(sides, lo, hi, bound):
        for rest, more in sequences(dice - 1, sides, lo, hi, bound - k):
            yield chain + rest, k + more


def per_die(dice: int, sides: int, lo: int, hi: int, bound: int):
    """Every sequence with at most ``bound`` explosions on each die, with the list of each die's count."""
    if dice == 0:
        yield [], []
        return
    for chain, k in chains(sides, lo, hi, bound):
        for rest, ks in per_die(dice - 1, sides, lo, hi, bound):
            yield chain + rest, [k] + ks


@pytest.mark.parametrize("text, bound", [
    ("3d6!>5k2", 3), ("2d6!>4kl1", 3), ("3d4!<1k2", 3), ("3d6!pk2", 3), ("2d4!pkl1", 4), ("3d4!p>3k2", 3),
    ("2d6!=3k1", 3), ("2d3!>2k3", 4), ("3d4!pk4", 3), ("1d6!pk1", 5),
])
def test_keep_after_threshold_and_penetrating_explosions_equals_every_roll(text, bound):
    req = parse(text)
    r = GenericRequest.from_dict(req)
    lo, hi = r.explode_at or (r.sides, r.sides)
    counts, den, b = keep_after_explosions(r, bound)
    want: dict = {}
    for faces, e in sequences(r.dice, r.sides, lo, hi, bound):
        total = roll({"system": "generic", **req, "faces": faces})["total"]
        want[total] = want.get(total, 0) + r.sides ** (bound - e)
    assert counts == want and den == r.sides ** (r.dice + bound) and b == bound


@pytest.mark.parametrize("text, bound", [("3d4!!k2", 2), ("2d6!!kh1", 3), ("3d4!!kl1", 2), ("2d6!!>5k1", 2),
                                         ("3d3!!k4", 2)])
def test_keep_after_compounding_equals_every_roll(text, bound):
    req = parse(text)
    r = GenericRequest.from_dict(req)
    lo, hi = r.explode_at or (r.sides, r.sides)
    counts, den, b = compound_keep(r, bound)
    want: dict = {}
    for faces, ks in per_die(r.dice, r.sides, lo, hi, bound):
        total = roll({"system": "generic", **req, "faces": faces})["total"]
        weight = 1
        for k in ks:
            weight *= r.sides ** (bound - k)
        want[total] = want.get(total, 0) + weight
    assert counts == want and den == r.sides ** (r.dice * (bound + 1)) and b == bound


@pytest.mark.parametrize("text", ["5d10!>8k3", "4d6!!kh2", "3d6!pk2", "d6!pk1", "4d6!pkl2", "2d20!!kh1"])
def test_the_issue_cases_have_odds_with_a_bound_and_a_tiny_cut_off(text):
    out = odds({"system": "generic", **parse(text)})
    assert out["explosion_bound"] >= 1 and 0 < out["cut_off"]["p"] < 1e-9
    assert abs(sum(r["p"] for r in out["distribution"]) + out["cut_off"]["p"] - 1) < 1e-12


def test_compounding_counts_each_die_within_the_rolls_limit():
    """No counted outcome is one the roll refuses (more than 100 explosions): bound × dice ≤ 100."""
    out = odds({"system": "generic", **parse("20d4!!kh1")})
    assert out["explosion_bound"] * 20 <= 100 and out["explosion_bound"] == 5
    assert out["cut_off"]["p"] == pytest.approx(1 - (1 - 4 ** -6) ** 20)   # some die explodes a 6th time


@pytest.mark.parametrize("text", ["30d10!>8k15", "20d10!!k10"])
def test_large_pools_are_refused_within_the_work_limit(text):
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "generic", **parse(text)})
    assert err.value.code == "odds.too_large"


def test_penetrating_keep_is_read_after_p():
    """``!pk2`` is ``!p`` then ``k2`` (one run of letters for the tokenizer), as Roll20 writes it."""
    assert parse("3d6!pk2") == {"dice": 3, "sides": 6, "explode": True, "penetrate": True, "keep": 2}
    assert parse("4d6!pkl1") == {"dice": 4, "sides": 6, "explode": True, "penetrate": True, "keep": 1,
                                 "keep_lowest": True}
