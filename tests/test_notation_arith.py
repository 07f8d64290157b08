"""Issue 28, arithmetic in dice notation: ``*``, ``/`` (rounded down) and parentheses
(docs/notation.md §Arithmetic): parse → tree → roll on the dice stream → exact odds equal to brute force;
the link carries the tree (vectors in tests/vectors/generic.json)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import roll
from tirada.dice import FixedFaces
from tirada.errors import InvalidRequest
from tirada.links.pool import pool_text
from tirada.odds import odds
from tirada.systems.generic import roll as generic_roll
from tirada.systems.notation import format_post, parse

from helpers.dice_brute import brute, exact
from tirada.systems.notation.tree import evaluate, value_range

SEED = "8f14e45fceea167a5a36dedd4bea2543"
D6, D8, D4 = {"dice": 1, "sides": 6}, {"dice": 1, "sides": 8}, {"dice": 1, "sides": 4}


@pytest.mark.parametrize("text, params, written", [
    ("(2d6+3)*2", {"expr": ["*", ["+", {"dice": 2, "sides": 6}, 3], 2]}, "(2d6+3)*2"),
    ("4d6k3 / 2", {"expr": ["/", {"dice": 4, "sides": 6, "keep": 3}, 2]}, "4d6k3/2"),
    ("2*(1d8+1d6)", {"expr": ["*", 2, ["+", D8, D6]]}, "2*(1d8+1d6)"),
    ("1d20+(5-2)", {"dice": 1, "sides": 20, "modifier": 3}, "1d20+3"),          # only sums: the flat fields
    ("1d6-(2d4-1)", {"groups": [D6, {"dice": 2, "sides": 4, "subtract": True}], "modifier": 1}, "1d6-2d4+1"),
    ("(1+1)d6", {"dice": 2, "sides": 6}, "2d6"),                                  # a constant count is trivial
    ("1d(2*3)", D6, "1d6"),
    ("2*3*1d6", {"expr": ["*", 6, D6]}, "6*1d6"),                                  # leading constants folded
    ("1d6*(2+3)", {"expr": ["*", D6, 5]}, "1d6*5"),
    ("(2+1d6+3)*2", {"expr": ["*", ["+", 5, D6], 2]}, "(5+1d6)*2"),             # a sum's constants gathered
    ("1d6*2/3", {"expr": ["/", ["*", D6, 2], 3]}, "1d6*2/3"),                     # left to right
    ("1d6*(2/3)", {"expr": ["*", D6, 0]}, "1d6*0"),
    ("1d6/(1d4)*2", {"expr": ["*", ["/", D6, D4], 2]}, "1d6/1d4*2"),
    ("1d6/(1d4*2)", {"expr": ["/", D6, ["*", D4, 2]]}, "1d6/(1d4*2)"),
    ("3+1d6*2", {"expr": ["+", 3, ["*", D6, 2]]}, "3+1d6*2"),
    ("1d20-1d4*2", {"expr": ["-", {"dice": 1, "sides": 20}, ["*", D4, 2]]}, "1d20-1d4*2"),
    ("1d20-(1d4-1d6)*2", {"expr": ["-", {"dice": 1, "sides": 20}, ["*", ["-", D4, D6], 2]]}, "1d20-(1d4-1d6)*2"),
    ("-(1d6)*2", {"expr": ["-", 0, ["*", D6, 2]]}, "-1d6*2"),
    ("2*-1d6", {"expr": ["*", 2, ["-", 0, D6]]}, "2*(-1d6)"),
    ("(1d6-3)*-2", {"expr": ["*", ["-", D6, 3], -2]}, "(1d6-3)*(-2)"),
    ("4dF * 2", {"expr": ["*", {"dice": 4, "fate": True}, 2]}, "4dF*2"),
    ("10d10>8f1 / 2", {"expr": ["/", {"dice": 10, "sides": 10, "successes": [8, 10], "failures": [1, 1]}, 2]},
     "10d10>8f1/2"),
    ("(3d6!)*2", {"expr": ["*", {"dice": 3, "sides": 6, "explode": True}, 2]}, "3d6!*2"),
    ("1d20+5; (2d6+3)*2", {"rolls": [{"dice": 1, "sides": 20, "modifier": 5},
                                     {"expr": ["*", ["+", {"dice": 2, "sides": 6}, 3], 2]}]}, "1d20+5; (2d6+3)*2"),
    ("2 (1d6+1)*2", {"rolls": [{"expr": ["*", ["+", D6, 1], 2]}] * 2}, "(1d6+1)*2; (1d6+1)*2"),   # a roll set
])
def test_arithmetic_reads_as_typed_and_writes_back(text, params, written):
    assert parse(text) == params
    assert format_post(params) == written
    assert parse(written) == params


@pytest.mark.parametrize("text, code, shown", [
    ("1d6/0", "notation.divide_zero", {"text": "0"}),
    ("1d6/(2-2)", "notation.divide_zero", {"text": "0"}),
    ("10/(1d6-1)", "notation.divide_zero", {"text": "1d6-1"}),      # a divisor that may be 0 is refused too
    ("10/(1d6-3)", "notation.divide_zero", {"text": "1d6-3"}),
    ("10/4dF", "notation.divide_zero", {"text": "4dF"}),
    ("10/(5d10>7)", "notation.divide_zero", {"text": "5d10>7"}),
    ("2(1d6)", "notation.implicit", {"text": "2(", "reading": "2*("}),
    ("(1d6)(1d4)", "notation.implicit", {"text": "(…)(", "reading": "(…)*("}),
    ("(1d6)2", "notation.implicit", {"text": "(…)2", "reading": "(…)*2"}),
    ("1d6(2)", "notation.implicit", {"text": "1d6(", "reading": "1d6*("}),
    ("(1d4)d6", "notation.computed_dice", {"text": "(…)d"}),
    ("1d(1d4)", "notation.computed_dice", {"text": "d(…)"}),
    ("((((((((((1d6))))))))))", "notation.too_deep", {"n": 8}),
    ("1d6" + "*2" * 17, "notation.too_deep", {"n": 16}),
    ("999999*999999*1d6", "notation.number_too_big", {"n": 1_000_000}),
    ("(1d6+2", "notation.unreadable", {"text": "("}),
    ("1d6+2)", "notation.unreadable", {"text": ")"}),
    ("1d6*", "notation.unreadable", {"text": "1d6*"}),
    ("1d6**2", "notation.unreadable", {"text": "*"}),
    ("1d6 * 2 0", "notation.space", {"text": "2 0", "reading": "20"}),
    ("(2*3)", "notation.not_a_roll", {"text": "(2*3)"}),
])
def test_arithmetic_refusals_name_what_was_read(text, code, shown):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.code == code and err.value.params == shown


@pytest.mark.parametrize("expr, code", [
    (["*", D6, 0, 1], "generic.expr"), (["%", D6, 2], "generic.expr"), (["*", D6, 2.5], "generic.expr"),
    (["*", D6, True], "generic.expr"), (["*", D6, 10 ** 7], "generic.expr"), (["*", 2, 3], "generic.groups_count"),
    (["/", D6, ["-", D6, 1]], "generic.divide_zero"), (["/", 6, 0], "generic.divide_zero"),
    (["*", {"dice": 60, "sides": 6}, {"dice": 41, "sides": 6}], "generic.groups_dice"),
    (["*", {"dice": 1, "sides": 6, "modifier": 2}, 2], "field.unknown"),
    (["*", {"dice": 1, "sides": 6, "subtract": True}, 2], "field.unknown"),
    (["*", {"dice": 1, "sides": 1}, 2], "field.range"),
])
def test_the_engine_refuses_a_bad_tree_from_a_link(expr, code):
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, "expr": expr})
    assert err.value.code == code


def test_a_tree_deeper_than_the_limit_is_refused():
    expr: object = D6
    for _ in range(17):
        expr = ["*", expr, 2]
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, "expr": expr})
    assert err.value.code == "generic.expr"


def test_groups_roll_left_to_right_and_division_rounds_down():
    r = generic_roll(parse("(1d20-1d4)*2+3"), FixedFaces([16, 3]))
    assert [g["sum"] for g in r["groups"]] == [16, 3] and r["worked"] == "(16\u22123)\u00d72+3" and r["total"] == 29
    r = generic_roll(parse("4d6k3/2"), FixedFaces([1, 2, 4, 2]))
    assert r["groups"][0]["dropped"] == [1] and r["worked"] == "8\u00f72" and r["total"] == 4
    r = generic_roll(parse("(1d6-4)/2 vs 0".split(" vs")[0]), FixedFaces([1]))
    assert r["total"] == -2 and r["worked"] == "(1\u22124)\u00f72"                # −3 / 2 rounds down to −2
    r = generic_roll({**parse("2*4dF"), "difficulty": 1}, FixedFaces([1, 1, 2, 3]))   # faces −1 −1 0 +1
    assert r["worked"] == "2\u00d7(\u22121)" and r["total"] == -2 and r["success"] is False and r["margin"] == -3


def test_pool_text_of_a_tree_in_both_languages():
    req = {"system": "generic", **parse("(4d6k3+1)/2"), "difficulty": 5}
    assert pool_text(req, "es") == "((4d6, guardas 3) + 1) \u00f7 2 contra 5"
    assert pool_text(req, "en") == "((4d6, keep 3) + 1) \u00f7 2 vs 5"


@pytest.mark.parametrize("text, draws", [
    ("(2d6+3)*2", [6, 6]), ("4d4k3/2", [4] * 4), ("2*(1d8+1d6)", [8, 6]), ("1d6/(1d4)", [6, 4]),
    ("(1d4-3)/2", [4]), ("1d6/(0-1d3)", [6, 3]), ("(1d6-1d6)*(1d4-2)", [6, 6, 4]), ("3dF*2-1d4", [3, 3, 3, 4]),
    ("4d3>2f1/2+1", [3] * 4), ("1d6*1d6/1d4", [6, 6, 4]), ("3d4kl2*(1d3)", [4, 4, 4, 3]),
])
def test_exact_odds_of_arithmetic_equal_brute_force(text, draws):
    req = parse(text)
    den = 1
    for s in draws:
        den *= s
    assert exact(odds({"system": "generic", **req})) == {v: Fraction(n, den) for v, n in brute(req, draws).items()}


_GROUPS = st.sampled_from([D4, {"dice": 2, "sides": 3}, {"dice": 3, "sides": 2, "keep": 2}, {"dice": 2, "fate": True},
                           {"dice": 2, "sides": 3, "successes": [3, 3], "failures": [1, 1]}])
_TREES = st.recursive(st.one_of(_GROUPS, st.integers(-3, 3)),
                      lambda sub: st.tuples(st.sampled_from(["+", "-", "*", "/"]), sub, sub).map(list), max_leaves=4)


def _draws(tree) -> list:
    if isinstance(tree, dict):
        return [3 if tree.get("fate") else tree["sides"]] * tree["dice"]
    return _draws(tree[1]) + _draws(tree[2]) if isinstance(tree, list) else []


@settings(max_examples=60, deadline=None)
@given(_TREES)
def test_any_small_tree_has_the_odds_of_rolling_every_face(tree):
    """Random trees of small groups: the odds equal the roll over every face, or the tree is refused
    (a divisor that may be 0, no dice) by the roll and the odds alike, with the same code."""
    req = {"expr": tree}
    try:
        out = odds({"system": "generic", **req})
    except InvalidRequest as err:
        with pytest.raises(InvalidRequest) as again:
            roll({"system": "generic", "seed": SEED, **req})
        assert again.value.code == err.code
        return
    draws = _draws(tree)
    den = 1
    for s in draws:
        den *= s
    assert exact(out) == {v: Fraction(n, den) for v, n in brute(req, draws).items()}
    lo, hi = value_range(tree)
    assert lo <= min(exact(out)) and max(exact(out)) <= hi


def test_exploding_groups_in_a_tree_report_their_bound_and_cut_off():
    out = odds({"system": "generic", **parse("(1d6!)*2")})
    assert out["explosion_bound"] == 11 and out["cut_off"]["exact"] == "1/2176782336"
    assert exact(out)[2] == Fraction(1, 6) and exact(out)[14] == Fraction(1, 36)   # 6 then 1: 7 × 2


def test_evaluate_floors_like_the_roll():
    assert evaluate(["/", {"g": 1}, 2], [-3]) == -2 and evaluate(["/", 7, {"g": 1}], [-2]) == -4


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dDkK!%+-*/() ;F<>=", max_size=40))
def test_any_arithmetic_text_parses_or_is_refused_with_a_code(text):
    """No typed expression raises anything but a coded refusal; what parses rolls and has odds or a coded refusal."""
    try:
        params = parse(text)
    except InvalidRequest as err:
        assert err.code.startswith(("notation.", "generic."))
        return
    try:
        roll({"system": "generic", "seed": SEED, **params})
    except InvalidRequest as err:
        assert err.code.startswith(("field.", "generic."))


# --- a label per roll (docs/notation.md §Labels) --------------------------------------------------

def test_each_roll_of_a_post_carries_its_label():
    params = parse("ataque: 1d20+5; daño: 2d6+3")
    assert params == {"rolls": [{"dice": 1, "sides": 20, "modifier": 5, "label": "ataque"},
                                {"dice": 2, "sides": 6, "modifier": 3, "label": "daño"}]}
    assert format_post(params) == "ataque: 1d20+5; daño: 2d6+3" and parse(format_post(params)) == params
    assert parse("stats: 3 4d6k3") == {"rolls": [{"dice": 4, "sides": 6, "keep": 3, "label": "stats"}] * 3}
    assert parse("  Golpe  de  espada : 1d8") == {"dice": 1, "sides": 8, "label": "Golpe  de  espada"}
    out = roll({"system": "generic", "seed": SEED, **params})
    assert [r["label"] for r in out["rolls"]] == ["ataque", "daño"] and out["rolls"][0]["total"] >= 6
    assert pool_text({"system": "generic", **params}, "es") == "ataque: 1d20 +5; daño: 2d6 +3"


@pytest.mark.parametrize("text", [": 1d6", "x" * 41 + ": 1d6", "a\u200bb: 1d6", "a\u202eb: 1d6"])
def test_a_bad_label_is_refused_with_its_code(text):
    with pytest.raises(InvalidRequest) as err:
        parse(text)
    assert err.value.code == "generic.roll_label" and err.value.field == "notation"


@pytest.mark.parametrize("label", ["", " a", "a;b", "a:b", "x" * 41, 7, "e\u0301", "a\nb"])
def test_a_bad_label_in_a_link_is_refused_by_the_roll(label):
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, "rolls": [{"dice": 1, "sides": 6, "label": label},
                                                            {"dice": 1, "sides": 6}]})
    assert err.value.code == "generic.roll_label" and err.value.field == "rolls[0].label"


def test_a_labelled_roll_set_has_the_odds_of_one_roll():
    out = odds({"system": "generic", **parse("fuerza: 2 1d6")})
    assert out["rolls"] == 2 and out["distribution"][0]["exact"] == "1/6"


def test_labels_show_in_every_snippet_kind_as_user_text():
    from tirada.wire.codec import encode_payload
    from tirada.links.snippets import snippet

    request = {"system": "generic", "seed": SEED, **parse("[b]x[/b]: 1d6; *y*: 1d4")}
    fragment = encode_payload("roll", {"request": request})
    bbcode = snippet(fragment, "https://x.org/", "bbcode")
    assert "\uff3bb\uff3dx\uff3b/b\uff3d: 1d6; " in bbcode and "[b]x" not in bbcode    # no tag opens
    assert "\\*y\\*" in snippet(fragment, "https://x.org/", "markdown")
    text = snippet(fragment, "https://x.org/", "text")
    assert "*y* \u2014 1d4: " in text and "[b]x[/b] \u2014 1d6: " in text and "[b]x[/b]: 1d6; *y*: 1d4" in text
    assert "<strong>*y*</strong>" in snippet(fragment, "https://x.org/", "html")
