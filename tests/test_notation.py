"""Dice notation for the generic roll (docs/notation.md) and the rules it maps onto."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import systems
from tirada.dice import FixedFaces
from tirada.errors import InvalidRequest
from tirada.systems.generic import MAX_EXPLOSIONS
from tirada.systems.generic import roll as generic_roll
from tirada.systems.notation import format_post, parse

SEED = "8f14e45fceea167a5a36dedd4bea2543"


@pytest.mark.parametrize("text, params", [
    ("5d10k3+2", {"dice": 5, "sides": 10, "keep": 3, "modifier": 2}),
    ("4d6dl1", {"dice": 4, "sides": 6, "keep": 3}),
    ("4d6dh1", {"dice": 4, "sides": 6, "keep": 3, "keep_lowest": True}),
    ("3d6kl1", {"dice": 3, "sides": 6, "keep": 1, "keep_lowest": True}),
    ("2d20kh1", {"dice": 2, "sides": 20, "keep": 1}),
    ("d6!", {"dice": 1, "sides": 6, "explode": True}),
    ("4d6!k3", {"dice": 4, "sides": 6, "explode": True, "keep": 3}),
    (" 2D6 + 1 - 3 ", {"dice": 2, "sides": 6, "modifier": -2}),
    ("d%", {"dice": 1, "sides": 100}),
    ("3d6k3", {"dice": 3, "sides": 6}),
    ("1d20+5; 2d6+3", {"rolls": [{"dice": 1, "sides": 20, "modifier": 5}, {"dice": 2, "sides": 6, "modifier": 3}]}),
])
def test_notation_as_forum_players_type_it(text, params):
    assert parse(text) == params
    assert parse(format_post(params)) == params         # written back, it reads the same


@pytest.mark.parametrize("text", ["", "x", "5x10", "4d6dl4", "4d6!dl1", "3d6k1k2", "2d6+3k1", "d6!!", "4d6k",
                                  ";".join(["d6"] * 11), "d6!3"])
def test_bad_notation_is_refused_on_the_notation_field(text):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.field == "notation"


def test_keep_and_drop_by_the_rules():
    faces = [3, 6, 1, 5]
    assert generic_roll(parse("4d6dl1"), FixedFaces(faces))["kept"] == [6, 5, 3]
    assert generic_roll(parse("4d6kl1"), FixedFaces(faces))["kept"] == [1]
    assert generic_roll(parse("4d6dh1"), FixedFaces(faces))["kept"] == [1, 3, 5]
    r = generic_roll(parse("4d6k2+2"), FixedFaces(faces))
    assert r["kept"] == [6, 5] and r["total"] == 13


def test_exploding_dice_add_a_die_for_each_highest_face():
    r = generic_roll(parse("2d6!"), FixedFaces([6, 6, 2, 3]))
    assert r["faces"] == [6, 6, 2, 3] and r["exploded_indices"] == [1, 2] and r["total"] == 17
    r = generic_roll(parse("2d6!k2"), FixedFaces([6, 4, 1]))
    assert r["kept"] == [6, 4] and r["total"] == 10


def test_explosions_are_bounded():
    with pytest.raises(InvalidRequest) as err:
        generic_roll({"dice": 1, "sides": 2, "explode": True}, FixedFaces([2] * (MAX_EXPLOSIONS + 2)))
    assert err.value.field == "explode"


def test_several_rolls_share_the_stream_in_order():
    both = systems.roll({"system": "generic", "seed": SEED, **parse("1d20+5; 2d6+3")})
    first = systems.roll({"system": "generic", "seed": SEED, "dice": 1, "sides": 20, "modifier": 5})
    assert both["rolls"][0]["faces"] == first["faces"] and len(both["rolls"][1]["faces"]) == 2
    assert both["rolls"][1]["total"] == sum(both["rolls"][1]["faces"]) + 3
    with pytest.raises(InvalidRequest):
        systems.roll({"system": "generic", "seed": SEED, "rolls": [{"dice": 1, "sides": 6}]})
    with pytest.raises(InvalidRequest):
        systems.roll({"system": "generic", "seed": SEED, **parse("d6; d8"), "difficulty": 3})


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 20), st.integers(2, 20), st.integers(0, 19), st.integers(-50, 50), st.booleans())
def test_parsed_notation_always_rolls_or_refuses_clearly(n, sides, drop, mod, lowest):
    text = f"{n}d{sides}{'dh' if lowest else 'dl'}{drop}{mod:+d}"
    try:
        params = parse(text)
    except InvalidRequest:
        assert drop >= n
        return
    result = systems.roll({"system": "generic", "seed": SEED, **params})
    assert len(result["kept"]) == n - drop
    assert result["total"] == sum(result["kept"]) + mod
