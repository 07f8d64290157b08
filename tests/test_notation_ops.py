"""Issue 28, the operators Roll20 and Dice Maiden users type beyond NdS: Fate dice ``4dF``, ``d%``
(docs/notation.md): parse → request → roll on the dice stream → exact odds equal to brute force."""

from __future__ import annotations

import itertools
from math import comb
from fractions import Fraction

import pytest

from tirada import roll
from tirada.dice import FixedFaces
from tirada.errors import InvalidRequest
from tirada.odds import odds
from tirada.systems.generic import roll as generic_roll
from tirada.systems.notation import format_post, parse

from helpers.dice_brute import brute, exact

SEED = "8f14e45fceea167a5a36dedd4bea2543"


@pytest.mark.parametrize("text, params", [
    ("4dF", {"dice": 4, "fate": True}),
    ("4DF+1", {"dice": 4, "fate": True, "modifier": 1}),
    ("dF", {"dice": 1, "fate": True}),
    ("4dF k3", {"dice": 4, "fate": True, "keep": 3}),
    ("4dFkl2", {"dice": 4, "fate": True, "keep": 2, "keep_lowest": True}),
    ("1d6+2dF", {"groups": [{"dice": 1, "sides": 6}, {"dice": 2, "fate": True}]}),
    ("d%", {"dice": 1, "sides": 100}),
    ("2d%+1", {"dice": 2, "sides": 100, "modifier": 1}),
])
def test_fate_dice_and_d_percent_read_as_typed(text, params):
    assert parse(text) == params
    assert parse(format_post(params)) == params


def test_fate_dice_show_minus_one_zero_plus_one_drawn_as_a_d3():
    r = generic_roll(parse("4dF+1"), FixedFaces([1, 2, 3, 3]))
    assert r["faces"] == [-1, 0, 1, 1] and r["sides"] == "F" and r["total"] == 1 + 1
    r = generic_roll(parse("4dFk2"), FixedFaces([1, 2, 3, 1]))
    assert r["kept"] == [1, 0] and r["total"] == 1
    with pytest.raises(InvalidRequest):
        generic_roll(parse("4dF"), FixedFaces([4, 1, 1, 1]))      # a d3 draw is 1..3


@pytest.mark.parametrize("req, code", [
    ({"dice": 4, "fate": True, "sides": 6}, "generic.fate"),
    ({"dice": 4, "fate": True, "explode": True}, "generic.fate"),
])
def test_fate_dice_refuse_sides_and_explosions(req, code):
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, **req})
    assert err.value.code == code


def test_fate_explosion_typed_is_refused_with_its_code():
    with pytest.raises(InvalidRequest) as err:
        parse("4dF!")
    assert err.value.code == "notation.fate_explode"


@pytest.mark.parametrize("text", ["4dF", "4dF+2", "4dFk2", "3dFkl1", "1d4+2dF-1", "2dF-1d3"])
def test_fate_odds_equal_every_roll(text):
    req = parse(text)
    draws = [3 if g.get("fate") else g["sides"] for g in req.get("groups", [req]) for _ in range(g["dice"])]
    counts = brute(req, draws)
    den = 1
    for s in draws:
        den *= s
    assert exact(odds({"system": "generic", **req})) == {t: Fraction(n, den) for t, n in counts.items()}


def test_four_fate_dice_have_the_known_ladder_odds():
    out = exact(odds({"system": "generic", "dice": 4, "fate": True}))
    assert out == {-4: Fraction(1, 81), -3: Fraction(4, 81), -2: Fraction(10, 81), -1: Fraction(16, 81),
                   0: Fraction(19, 81), 1: Fraction(16, 81), 2: Fraction(10, 81), 3: Fraction(4, 81), 4: Fraction(1, 81)}


# ------------------------------------------------------------------ success counting (>N <N =N fN)
@pytest.mark.parametrize("text, params", [
    ("5d10>7", {"dice": 5, "sides": 10, "successes": [7, 10]}),
    ("10d10>8f1", {"dice": 10, "sides": 10, "successes": [8, 10], "failures": [1, 1]}),
    ("10d10>8!", {"dice": 10, "sides": 10, "explode": True, "successes": [8, 10]}),
    ("6d6>5f<2+1", {"dice": 6, "sides": 6, "successes": [5, 6], "failures": [1, 2], "modifier": 1}),
    ("5d10<3", {"dice": 5, "sides": 10, "successes": [1, 3]}),
    ("6d6=6", {"dice": 6, "sides": 6, "successes": [6, 6]}),
    ("3d6>3f=3", {"dice": 3, "sides": 6, "successes": [3, 6], "failures": [3, 3]}),
    ("5d10t7", {"dice": 5, "sides": 10, "successes": [7, 10]}),            # Dice Maiden's target
    ("5D10 >7", {"dice": 5, "sides": 10, "successes": [7, 10]}),
])
def test_success_counts_read_as_roll20_writes_them(text, params):
    assert parse(text) == params
    assert parse(format_post(params)) == params


@pytest.mark.parametrize("text, code", [
    ("10d10>8f2", "notation.ambiguous"),   # Roll20: exactly 2; Dice Maiden: 2 or less
    ("5d10>7k3", "notation.count"), ("4dF>0", "notation.count"), ("5d10f1", "notation.count"),
    ("5d10>7>8", "notation.twice"), ("5d10>", "notation.needs_number"), ("5d10> 7", "notation.space"),
])
def test_success_counts_refused_where_they_make_no_sense(text, code):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.code == code
    if code == "notation.ambiguous":
        assert err.value.params == {"text": "f2", "reading": "f<2", "other": "f=2"}


@pytest.mark.parametrize("req", [
    {"dice": 3, "sides": 6, "successes": [3, 6], "failures": [3, 3]},   # overlap
    {"dice": 3, "sides": 6, "successes": [2, 4]},                         # not >N, <N or =N
    {"dice": 3, "sides": 6, "successes": [5, 7]},
    {"dice": 3, "sides": 6, "successes": "5"},
    {"dice": 3, "sides": 6, "failures": [1, 1]},
    {"dice": 3, "sides": 6, "successes": [5, 6], "keep": 2},
])
def test_success_count_requests_are_checked(req):
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, **req})
    assert err.value.code in ("generic.count", "generic.range")


def test_world_of_darkness_counts_successes_minus_ones_with_explosions():
    r = generic_roll(parse("5d10>8!f1+1"), FixedFaces([10, 3, 8, 1, 9, 1]))
    assert r["faces"] == [10, 3, 8, 1, 9, 1] and r["exploded_indices"] == [1]
    assert r["success_indices"] == [0, 2, 4] and r["failure_indices"] == [3, 5]
    assert r["total"] == 3 - 2 + 1


def sequences(dice: int, sides: int, bound: int):
    """Every sequence of faces of ``dice`` dice exploding on ``sides`` with at most ``bound``
    explosions in all, with its number of explosions."""
    if dice == 0:
        yield [], 0
        return
    for k in range(bound + 1):
        for last in range(1, sides):
            for tail, rest in sequences(dice - 1, sides, bound - k):
                yield [sides] * k + [last] + tail, k + rest


@pytest.mark.parametrize("text", ["3d6>5", "4d4>3f1", "3d6<2f=6+1", "2d10=10", "1d6+2d4>3", "2d6>4-1d4"])
def test_success_count_odds_equal_every_roll(text):
    req = parse(text)
    draws = [g["sides"] for g in req.get("groups", [req]) for _ in range(g["dice"])]
    den = 1
    for s in draws:
        den *= s
    assert exact(odds({"system": "generic", **req})) == {t: Fraction(n, den) for t, n in brute(req, draws).items()}


@pytest.mark.parametrize("text, bound", [("2d6>5!", 3), ("3d4>3!f1", 2), ("1d6=6!", 4)])
def test_exploding_success_count_odds_equal_every_roll_up_to_the_bound(text, bound):
    from tirada.odds.chains import chain_counts, chain_of
    from tirada.systems.generic import GenericRequest

    req = parse(text)
    counts, den, _ = chain_counts(req["dice"], chain_of(GenericRequest.from_dict(req)), bound)
    sides = req["sides"]
    want: dict = {}
    for faces, e in sequences(req["dice"], sides, bound):
        total = roll({"system": "generic", **req, "faces": faces})["total"]
        want[total] = want.get(total, 0) + sides ** (bound - e)
    assert counts == want and den == sides ** (req["dice"] + bound)


def test_exploding_success_counts_report_their_bound_and_cut_off():
    out = odds({"system": "generic", **parse("10d10>8!")})
    assert out["explosion_bound"] == 14 and 0 < out["cut_off"]["p"] < 1e-9
    assert abs(sum(r["p"] for r in out["distribution"]) + out["cut_off"]["p"] - 1) < 1e-12


def test_success_count_work_is_bounded_before_it_is_spent():
    from tirada.odds.chains import chain_counts, chain_of, chain_work
    from tirada.odds.keepsum import MAX_WORK
    from tirada.systems.generic import GenericRequest

    heavy = GenericRequest.from_dict(parse("100d10>8!f1"))
    assert chain_work(100, chain_of(heavy)) <= MAX_WORK
    assert odds({"system": "generic", **parse("100d10>8!f1")})["distribution"]
    # the bound counts at least every item the products write
    light = GenericRequest.from_dict(parse("7d6>4!f1"))
    counts, _, _ = chain_counts(7, chain_of(light))
    assert len(counts) <= chain_work(7, chain_of(light))


# ------------------------------------------------------------------ rerolls (r1, r<2, ro<2)
@pytest.mark.parametrize("text, params", [
    ("4d6r1", {"dice": 4, "sides": 6, "reroll": [1, 1]}),
    ("4d6r<2k3", {"dice": 4, "sides": 6, "reroll": [1, 2], "keep": 3}),
    ("4d6ro<2", {"dice": 4, "sides": 6, "reroll": [1, 2], "reroll_once": True}),
    ("2d20ro1kh1", {"dice": 2, "sides": 20, "reroll": [1, 1], "reroll_once": True, "keep": 1}),
    ("4d6r=3", {"dice": 4, "sides": 6, "reroll": [3, 3]}),
    ("3d6r>5", {"dice": 3, "sides": 6, "reroll": [5, 6]}),
    ("10d10r1>8", {"dice": 10, "sides": 10, "reroll": [1, 1], "successes": [8, 10]}),
])
def test_rerolls_read_as_typed(text, params):
    assert parse(text) == params
    assert parse(format_post(params)) == params


@pytest.mark.parametrize("text, code", [
    ("4d6r2", "notation.ambiguous"), ("4d6ro3", "notation.ambiguous"), ("4d6r<6", "notation.reroll"),
    ("4d6!r1", "notation.reroll"), ("4dFr1", "notation.reroll"), ("4d6r1r2", "notation.twice"), ("4d6r", "notation.needs_number"),
])
def test_rerolls_refused_where_they_make_no_sense(text, code):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.code == code


@pytest.mark.parametrize("req", [
    {"dice": 2, "sides": 6, "reroll": [1, 6]}, {"dice": 2, "sides": 6, "reroll_once": True},
    {"dice": 2, "sides": 6, "reroll": [1, 1], "explode": True}, {"dice": 2, "reroll": [1, 1], "fate": True},
])
def test_reroll_requests_are_checked(req):
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, **req})
    assert err.value.code in ("generic.reroll", "generic.fate")


def test_rerolls_keep_the_faces_they_replace():
    r = generic_roll(parse("3d6r<2"), FixedFaces([1, 2, 5, 4, 1, 1, 6]))
    assert r["faces"] == [5, 4, 6] and r["rerolled"] == [[0, [1, 2]], [2, [1, 1]]] and r["total"] == 15
    r = generic_roll(parse("3d6ro<2"), FixedFaces([1, 2, 5, 4]))
    assert r["faces"] == [2, 5, 4] and r["rerolled"] == [[0, [1]]]


def test_rerolls_are_bounded():
    with pytest.raises(InvalidRequest) as err:
        generic_roll(parse("1d2r1"), FixedFaces([1] * 101 + [2]))
    assert err.value.code == "generic.too_many_rerolls"


def reroll_sequences(sides: int, lo: int, hi: int, once: bool, bound: int):
    """Every draw sequence of one die with rerolls (at most ``bound``), with its reroll count."""
    for k in range(0 if once else bound + 1):
        for prefix in itertools.product(range(lo, hi + 1), repeat=k):
            for last in range(1, sides + 1):
                if not lo <= last <= hi:
                    yield [*prefix, last], k
    if once:
        for first in range(1, sides + 1):
            for last in range(1, sides + 1):
                if lo <= first <= hi:
                    yield [first, last], 1
                elif last == 1:
                    yield [first], 0


def reroll_brute(text: str, bound: int) -> tuple:
    """``(counts, den)`` of the roll's total over every draw sequence with at most ``bound`` rerolls
    in all (a reroll once: every sequence, over ``sides**(2·dice)``)."""
    req = parse(text)
    sides, (lo, hi), once, n = req["sides"], req["reroll"], req.get("reroll_once", False), req["dice"]
    per = list(reroll_sequences(sides, lo, hi, once, bound))
    counts: dict = {}
    for combo in itertools.product(per, repeat=n):
        e = sum(k for _, k in combo)
        if not once and e > bound:
            continue
        faces = [f for seq, _ in combo for f in seq]
        total = roll({"system": "generic", **req, "faces": faces})["total"]
        # a once-die's weight: drawn twice when rerolled (s² cases), once otherwise (s cases of s²)
        weight = 1
        for _seq, k in combo:
            weight *= 1 if k else sides
        counts[total] = counts.get(total, 0) + (weight if once else sides ** (bound - e))
    return counts, sides ** (2 * n if once else n + bound)


@pytest.mark.parametrize("text", ["2d6ro1", "3d4ro<2", "2d6ro1k1", "3d4ro>3kl2", "2d4ro=2>3"])
def test_reroll_once_odds_equal_every_roll(text):
    counts, den = reroll_brute(text, 0)
    assert exact(odds({"system": "generic", **parse(text)})) == {t: Fraction(n, den) for t, n in counts.items()}


@pytest.mark.parametrize("text, bound", [("2d4r1", 3), ("2d4r<2k1", 3), ("3d3r=2kl2", 2), ("2d6r1>4", 3)])
def test_reroll_while_odds_equal_every_roll_up_to_the_bound(text, bound):
    from tirada.odds.chains import chain_counts, chain_of, keep_weights, weighted_keep
    from tirada.systems.generic import GenericRequest

    r = GenericRequest.from_dict(parse(text))
    if r.keep < r.dice:
        weights, _, _, _ = keep_weights(r)
        q = r.reroll[1] - r.reroll[0] + 1
        factor = sum(comb(e + r.dice - 1, r.dice - 1) * q ** e * r.sides ** (bound - e) for e in range(bound + 1))
        counts = {v: n * factor for v, n in weighted_keep(r.dice, weights, r.keep, r.keep_lowest).items()}
    else:
        counts, _, _ = chain_counts(r.dice, chain_of(r), bound)
    assert (counts, r.sides ** (r.dice + bound)) == reroll_brute(text, bound)


def test_reroll_odds_report_their_bound_and_cut_off():
    out = odds({"system": "generic", **parse("4d6r<2k3")})
    assert out["reroll_bound"] > 0 and 0 < out["cut_off"]["p"] < 1e-9
    assert abs(sum(r["p"] for r in out["distribution"]) + out["cut_off"]["p"] - 1) < 1e-12
    assert "cut_off" not in odds({"system": "generic", **parse("4d6ro<2k3")})


# ------------------------------------------------------------------ explosion variants (!>N, !!, !p)
@pytest.mark.parametrize("text, params", [
    ("d6!>5", {"dice": 1, "sides": 6, "explode": True, "explode_at": [5, 6]}),
    ("4d6!!", {"dice": 4, "sides": 6, "explode": True, "compound": True}),
    ("4d6!p", {"dice": 4, "sides": 6, "explode": True, "penetrate": True}),
    ("4d6!!>5", {"dice": 4, "sides": 6, "explode": True, "compound": True, "explode_at": [5, 6]}),
    ("4d6!p<2", {"dice": 4, "sides": 6, "explode": True, "penetrate": True, "explode_at": [1, 2]}),
    ("10d10!>8", {"dice": 10, "sides": 10, "explode": True, "explode_at": [8, 10]}),   # Roll20: explodes on 8+
    ("5d10!!k3", {"dice": 5, "sides": 10, "explode": True, "compound": True, "keep": 3}),
    ("10d10>8!>9", {"dice": 10, "sides": 10, "explode": True, "explode_at": [9, 10], "successes": [8, 10]}),
])
def test_explosion_variants_read_as_roll20_writes_them(text, params):
    assert parse(text) == params
    assert parse(format_post(params)) == params


@pytest.mark.parametrize("text, code", [
    ("4d6!<6", "notation.explode_all"), ("d6!!!", "notation.twice"), ("3d6!5", "notation.explode_number"),
    ("10d10>8!!", "notation.count"), ("10d10>8!p", "notation.count"), ("4dF!!", "notation.fate_explode"),
])
def test_explosion_variants_refused_where_they_make_no_sense(text, code):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.code == code


@pytest.mark.parametrize("req", [
    {"dice": 2, "sides": 6, "compound": True}, {"dice": 2, "sides": 6, "explode": True, "compound": True, "penetrate": True},
    {"dice": 2, "sides": 6, "explode": True, "explode_at": [1, 6]},
    {"dice": 2, "sides": 6, "explode": True, "compound": True, "successes": [5, 6]},
])
def test_explosion_variant_requests_are_checked(req):
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, **req})
    assert err.value.code == "generic.explode_variant"


def test_compounding_adds_into_one_die_and_penetrating_counts_one_less():
    r = generic_roll(parse("2d6!!"), FixedFaces([6, 6, 2, 3]))
    assert r["faces"] == [14, 3] and r["compounded"] == [[0, [6, 6, 2]]] and r["total"] == 17
    r = generic_roll(parse("2d6!p"), FixedFaces([6, 6, 2, 3]))
    assert r["faces"] == [6, 5, 1, 3] and r["exploded_indices"] == [1, 2] and r["total"] == 15
    r = generic_roll(parse("2d6!>5"), FixedFaces([5, 1, 6, 2]))
    assert r["faces"] == [5, 1, 6, 2] and r["exploded_indices"] == [1, 3]


def range_sequences(dice: int, sides: int, lo: int, hi: int, bound: int):
    """Every draw sequence of ``dice`` dice exploding on ``lo..hi`` with at most ``bound``
    explosions in all, with its number of explosions."""
    if dice == 0:
        yield [], 0
        return
    for k in range(bound + 1):
        for head in itertools.product(range(lo, hi + 1), repeat=k):
            for last in range(1, sides + 1):
                if lo <= last <= hi:
                    continue
                for tail, rest in range_sequences(dice - 1, sides, lo, hi, bound - k):
                    yield [*head, last, *tail], k + rest


@pytest.mark.parametrize("text, bound", [("2d6!>5", 3), ("2d4!!", 3), ("3d4!p", 2), ("2d6!p<2", 3), ("2d4!!>3+1", 3),
                                         ("3d6>4!>5f1", 2), ("3d3!p>2", 2)])
def test_explosion_variant_odds_equal_every_roll_up_to_the_bound(text, bound):
    from tirada.odds.chains import chain_counts, chain_of
    from tirada.systems.generic import GenericRequest

    g = parse(text)
    lo, hi = g.get("explode_at", [g["sides"], g["sides"]])
    r = GenericRequest.from_dict({k: v for k, v in g.items() if k != "modifier"})
    counts, den, _ = chain_counts(r.dice, chain_of(r), bound)
    want: dict = {}
    for faces, e in range_sequences(g["dice"], g["sides"], lo, hi, bound):
        total = roll({"system": "generic", **g, "faces": faces})["total"] - g.get("modifier", 0)
        want[total] = want.get(total, 0) + g["sides"] ** (bound - e)
    assert counts == want and den == g["sides"] ** (g["dice"] + bound)


def test_explosion_variant_odds_report_the_bound_and_keep_after_them():
    out = odds({"system": "generic", **parse("d6!>5")})
    assert out["explosion_bound"] == 18 and 0 < out["cut_off"]["p"] < 1e-9
    assert abs(sum(r["p"] for r in out["distribution"]) + out["cut_off"]["p"] - 1) < 1e-12
    kept = odds({"system": "generic", **parse("5d10!!k3")})   # computed since keep after explosions (tests/test_odds_explode_keep.py)
    assert kept["explosion_bound"] >= 1 and 0 < kept["cut_off"]["p"] < 1e-9
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "generic", **parse("100d1000!p")})
    assert err.value.code == "odds.too_large"


@pytest.mark.parametrize("text, expected", [("20d20!>2", 380), ("50d10!>3", 200), ("100d6!>2", 500), ("15d20!>2", 285),
                                            ("100d3!p>2", 200)])
def test_dice_that_would_explode_past_the_cap_are_refused_before_rolling(text, expected):
    """The hostile tester's ``20d20!>2`` (Roll20's ``>2``: 2 or more): every roll of it passed the
    100-explosion cap and was refused only after its dice, with "roll again". Now dice that stay within
    the cap in fewer than 1 roll out of 20 (negative binomial sum) are refused up front, with the numbers."""
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", **parse(text), "faces": [1] * 40})
    assert err.value.code == "generic.explode_likely" and err.value.field == "explode"
    assert err.value.params == {"expected": expected, "n": 100}


@pytest.mark.parametrize("text", ["100d6!", "10d6!>4", "5d10!!>6", "4d6!p>4", "25d6!>4", "10d20!>3", "6d10!>2",
                                  "8d20!>2", "3d100!>2", "100d2!", "100d6!p>4"])
def test_dice_that_explode_within_the_cap_still_roll(text):
    """Dice that stay within the cap often enough are rolled; past it, that one roll is refused
    after its dice as before (``100d2!`` about half the time)."""
    try:
        result = roll({"system": "generic", **parse(text), "seed": "ab" * 16})
    except InvalidRequest as err:
        assert err.code == "generic.too_many_explosions", err
        return
    assert result["faces"]                       # 25d6!>4: 25 × (3/6)/(3/6) = 25 expected explosions
