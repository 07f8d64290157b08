"""Dice notation for the generic roll (docs/notation.md) and the rules it maps onto."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
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


@pytest.mark.parametrize("text", ["", "x", "5x10", "4d6dl4", "4d6!dl1", "3d6k1k2", "2d6+3k1", "d6!!!", "4d6k",
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


@pytest.mark.parametrize("text, params", [
    ("6 4d6 k3", {"rolls": [{"dice": 4, "sides": 6, "keep": 3}] * 6}),       # Dice Maiden: six rolls, not 64d6
    ("6 4d6k3", {"rolls": [{"dice": 4, "sides": 6, "keep": 3}] * 6}),
    ("2 1d20+1; 1d4", {"rolls": [{"dice": 1, "sides": 20, "modifier": 1}] * 2 + [{"dice": 1, "sides": 4}]}),
    ("1 4d6", {"dice": 4, "sides": 6}),
    ("5 + 2d20dl1", {"dice": 2, "sides": 20, "keep": 1, "modifier": 5}),
    ("3+1d8-1", {"dice": 1, "sides": 8, "modifier": 2}),
    ("+2 + d6", {"dice": 1, "sides": 6, "modifier": 2}),
    ("4d6d1", {"dice": 4, "sides": 6, "keep": 3}),
    ("4D6D1", {"dice": 4, "sides": 6, "keep": 3}),
    ("2d20kh", {"dice": 2, "sides": 20, "keep": 1}),
    ("2d20KL", {"dice": 2, "sides": 20, "keep": 1, "keep_lowest": True}),
    ("4d6dl", {"dice": 4, "sides": 6, "keep": 3}),
    ("4d6dh", {"dice": 4, "sides": 6, "keep": 3, "keep_lowest": True}),
    ("4d6 !k3", {"dice": 4, "sides": 6, "keep": 3, "explode": True}),
    ("1d8+1d6+3", {"groups": [{"dice": 1, "sides": 8}, {"dice": 1, "sides": 6}], "modifier": 3}),
    ("3d6 + 1d4", {"groups": [{"dice": 3, "sides": 6}, {"dice": 1, "sides": 4}]}),
    ("5-2d6", {"groups": [{"dice": 2, "sides": 6, "subtract": True}], "modifier": 5}),
    ("2d20kh1 - 1d4! + 2", {"groups": [{"dice": 2, "sides": 20, "keep": 1},
                                        {"dice": 1, "sides": 4, "explode": True, "subtract": True}], "modifier": 2}),
    ("2 1d8+1d6", {"rolls": [{"groups": [{"dice": 1, "sides": 8}, {"dice": 1, "sides": 6}]}] * 2}),
])
def test_issue_28_forms_forum_players_type(text, params):
    assert parse(text) == params
    assert parse(format_post(params)) == params


@pytest.mark.parametrize("text, code", [
    ("1" * 4301 + "d6", "notation.too_long"),         # an uncaught ValueError in the page before
    ("2d" + "9" * 5000, "notation.too_long"), ("1234567d6", "notation.number_too_long"),
    ("1d6+" + "1" * 7, "notation.number_too_long"),
    ("11 4d6", "notation.set_count"), ("0 d6", "notation.set_count"),
    ("6 4d6; 6 4d6", "notation.too_many_rolls"),
    ("4d 6", "notation.space"), ("4 d6 + 1 0", "notation.set_or_dice"), ("4 1d6 + 1 0", "notation.space"), ("4d6k 3", "notation.space"),
    ("1d20 + 1 d6", "notation.space"),
    ("+".join(["d6"] * 11), "notation.several_groups"),
    ("4d6d", "notation.needs_number"), ("4d6k", "notation.needs_number"), ("4d6!d1", "notation.explode_drop"),
    ("3+4", "notation.not_a_roll"), ("4dFx", "notation.dialect_option"), ("4dFq", "notation.unreadable"), ("٣d6", "notation.unreadable"),
    ("d6" + " " * 500, "notation.too_long"),
])
def test_issue_28_refusals_say_what_was_read(text, code):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.code == code and err.value.field == "notation"


def test_a_space_is_refused_with_the_reading_it_would_have_taken():
    with pytest.raises(InvalidRequest) as err:
        parse("4d 6")
    assert err.value.params == {"text": "4d 6", "reading": "4d6"}


def _leaf_groups(tree) -> list:
    """The dice groups at the leaves of an arithmetic tree (``["+", a, b]``, numbers, groups)."""
    if isinstance(tree, dict):
        return [tree]
    if isinstance(tree, list):
        return [g for node in tree[1:] for g in _leaf_groups(node)]
    return []


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dDkKhHlL!%+- ;xFf<>=trRoOpP\u0663", max_size=40))
@example("D66")   # digit dice (issue #43): an arithmetic tree, tens × 10 + units
def test_any_text_parses_or_is_refused_with_a_code(text):
    """Nothing typed raises anything but a coded refusal; what parses rolls or is refused by the roll."""
    try:
        params = parse(text)
    except InvalidRequest as err:
        assert err.code.startswith(("notation.", "generic."))
        return
    for one in params.get("rolls", [params]):
        for group in _leaf_groups(one.get("expr")) if "expr" in one else one.get("groups", [one]):
            assert set(group) <= {"dice", "sides", "keep", "keep_lowest", "explode", "modifier", "subtract", "fate",
                                  "successes", "failures", "reroll", "reroll_once",
                                  "explode_at", "compound", "penetrate"}
    try:
        systems.roll({"system": "generic", "seed": SEED, **params})
    except InvalidRequest as err:
        assert err.code.startswith(("field.", "generic."))


def test_dice_groups_roll_in_order_and_subtract():
    r = generic_roll(parse("1d8+2d6k1-1d4+3"), FixedFaces([7, 2, 5, 4]))
    assert [g["faces"] for g in r["groups"]] == [[7], [2, 5], [4]]
    assert [g["sum"] for g in r["groups"]] == [7, 5, 4] and r["groups"][2]["subtract"] is True
    assert r["total"] == 7 + 5 - 4 + 3
    with pytest.raises(InvalidRequest) as err:
        generic_roll({"groups": [{"dice": 60, "sides": 6}, {"dice": 41, "sides": 6}]}, FixedFaces([1] * 101))
    assert err.value.code == "generic.groups_dice"
    with pytest.raises(InvalidRequest):
        generic_roll({"groups": [{"dice": 1, "sides": 6, "modifier": 1}]}, FixedFaces([1]))
