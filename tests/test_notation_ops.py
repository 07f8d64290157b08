"""Issue 28, the operators Roll20 and Dice Maiden users type beyond NdS: Fate dice ``4dF``, ``d%``
(docs/notation.md): parse → request → roll on the dice stream → exact odds equal to brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tirada import roll
from tirada.dice import FixedFaces
from tirada.errors import InvalidRequest
from tirada.odds import odds
from tirada.systems.generic import roll as generic_roll
from tirada.systems.notation import format_post, parse

SEED = "8f14e45fceea167a5a36dedd4bea2543"


def brute(req: dict, draws: list) -> dict:
    """Counts of the roll's total over every combination of the dice stream's draws (``draws``: the
    sides of each draw, in order), by rolling each one."""
    counts: dict = {}
    for faces in itertools.product(*[range(1, s + 1) for s in draws]):
        total = roll({"system": "generic", **req, "faces": list(faces)})["total"]
        counts[total] = counts.get(total, 0) + 1
    return counts


def exact(out: dict) -> dict:
    return {r["value"]: Fraction(r["exact"]) for r in out["distribution"]}


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
