"""Dice-notation dialects (issue 43; docs/notation.md §Dialects): the readings that looked fine and were
not (d66, Dice Maiden's ±d20 and ±d%, ``4 d6``), each against an independent oracle (icepool), never our
own odds or roll code."""

from __future__ import annotations

from fractions import Fraction

import pytest

icepool = pytest.importorskip("icepool")   # a dev tool: not in the Pyodide test wheels

from icepool import d  # noqa: E402

from tirada.errors import InvalidRequest  # noqa: E402
from tirada.odds import odds  # noqa: E402
from tirada.systems.notation import parse  # noqa: E402

from helpers.dialect_oracles import (  # noqa: E402
    COC_BONUS, COC_PENALTY, D66, again_successes, close, count, law, matches, once, ours)


@pytest.mark.parametrize("text, dialect, oracle", [
    ("d66", "roll20", D66),
    ("1d66", "foundry", D66),
    ("d66+2", "avrae", D66 + 2),
    ("d666", "dicemaiden", 100 * d(6) + 10 * d(6) + d(6)),
    ("1d(66)", "roll20", d(66)),                       # a plain 66-sided die is still written
    ("+d20", "dicemaiden", d(20).highest(2)),
    ("-d20", "dicemaiden", d(20).lowest(2)),
    ("-d20+5", "dicemaiden", d(20).lowest(2) + 5),
    ("+d8", "dicemaiden", d(8).highest(2)),
    ("+d%", "dicemaiden", COC_BONUS),
    ("-d%", "dicemaiden", COC_PENALTY),
])
def test_readings_that_were_wrong_now_have_the_oracles_law(text, dialect, oracle):
    assert ours(text, dialect) == law(oracle)


def test_d66_stays_in_11_to_66_and_its_percentile_cousins_too():
    assert set(ours("d66")) == {10 * a + b for a in range(1, 7) for b in range(1, 7)}
    assert min(ours("-d20", "dicemaiden")) == 1             # never a negative total


@pytest.mark.parametrize("text, code, reading, other", [
    ("-d20", "notation.signed_die", "2d20kl1", "-1d20"),
    ("+d20+5", "notation.signed_die", "2d20kh1", "1d20"),
    ("-d%", "notation.signed_die", "(2d10kh1-1)*10+1d10", "-1d%"),
    ("4 d6", "notation.set_or_dice", "4d6", "4 1d6"),
    ("2 d20+5", "notation.set_or_dice", "2d20+5", "2 1d20+5"),
    ("2d66", "notation.digit_dice", "d66+d66", "2d(66)"),
    ("d66k1", "notation.digit_dice", "d66", "1d(66)"),
])
def test_a_likely_slip_asks_with_the_working_forms(text, code, reading, other):
    for dialect in ("roll20", "foundry", "avrae") + (("dicemaiden",) if code != "notation.signed_die" else ()):
        with pytest.raises(InvalidRequest) as err:
            parse(text, dialect)
        assert (err.value.code, err.value.params["reading"], err.value.params["other"]) == (code, reading, other)
        assert parse(reading, dialect) is not None              # the working form reads


def test_an_unknown_dialect_is_refused_with_the_known_ones():
    with pytest.raises(InvalidRequest) as err:
        parse("1d20", "rolll20")
    assert err.value.code == "notation.dialect" and "dicemaiden" in err.value.params["known"]


# ---------------------------------------------------------------------------- item 2: r and <N per dialect


@pytest.mark.parametrize("text, dialect, oracle", [
    # rerolls: Roll20 until no match, Foundry/Dice Maiden once; <3 is "3 or less" (Roll20) or "below 3"
    ("2d6r<3", "roll20", 2 @ d(6).reroll([1, 2, 3], depth="inf")),
    ("2d6r<3", "foundry", 2 @ d(6).reroll([1, 2], depth=1)),
    ("2d6rr<3", "foundry", 2 @ d(6).reroll([1, 2], depth="inf")),
    ("1d20r", "foundry", d(20).reroll([1], depth=1)),
    ("2d6 r2", "dicemaiden", 2 @ d(6).reroll([1, 2], depth=1)),
    ("2d6 ir2", "dicemaiden", 2 @ d(6).reroll([1, 2], depth="inf")),
    ("2d6rr1", "avrae", 2 @ d(6).reroll([1], depth="inf")),
    ("2d6ro<3", "avrae", 2 @ d(6).reroll([1, 2], depth=1)),
    ("2d6ro<3", "roll20", 2 @ d(6).reroll([1, 2, 3], depth=1)),
    ("2d6ro<=3", "foundry", 2 @ d(6).reroll([1, 2, 3], depth=1)),
    # success counting: > is "or more" in Roll20, strictly more in Foundry; >= everywhere
    ("6d10>7", "roll20", count(d(10), 6, {7, 8, 9, 10})),
    ("6d10>7", "foundry", count(d(10), 6, {8, 9, 10})),
    ("6d10cs>=7", "foundry", count(d(10), 6, {7, 8, 9, 10})),
    ("6d10cs7", "foundry", count(d(10), 6, {7})),
    ("6d10>=7", "roll20", count(d(10), 6, {7, 8, 9, 10})),
    ("6d10<=2", "roll20", count(d(10), 6, {1, 2})),
    ("6d10 t7", "dicemaiden", count(d(10), 6, {7, 8, 9, 10})),
    ("5d10 t8 f1", "dicemaiden", count(d(10), 5, {8, 9, 10}, {1})),
    ("5d10 t8 f2", "dicemaiden", count(d(10), 5, {8, 9, 10}, {1, 2})),
    ("5d10>8f<2", "roll20", count(d(10), 5, {8, 9, 10}, {1, 2})),
    ("5d10cs>7cf<3", "foundry", count(d(10), 5, {8, 9, 10}, {1, 2})),
    # keep and drop
    ("4d6pl1", "avrae", d(6).pool(4)[-3:].sum()),
    ("4d6ph1", "avrae", d(6).pool(4)[:3].sum()),
    ("4d6kh3", "avrae", d(6).pool(4)[-3:].sum()),
    ("4d6 d1", "dicemaiden", d(6).pool(4)[-3:].sum()),
    ("4d10 kl3", "dicemaiden", d(10).pool(4)[:3].sum()),
])
def test_each_dialect_reads_its_own_meaning(text, dialect, oracle):
    assert matches(text, dialect, oracle)


@pytest.mark.parametrize("text, dialect, code", [
    ("4d6k3", "avrae", "notation.dialect_option"),        # Avrae: keep the dice showing 3
    ("4d6p1", "avrae", "notation.dialect_option"),
    ("10d10>7", "avrae", "notation.compare_total"),       # Avrae compares the total
    ("4d6x", "roll20", "notation.dialect_option"),        # Foundry's x in Roll20: write !
    ("4d6 ie", "roll20", "notation.dialect_option"),
    ("4d6rr1", "roll20", "notation.dialect_option"),
    ("1d20r<1", "foundry", "notation.no_faces"),          # below 1: no face
    ("4d6r2", "roll20", "notation.ambiguous"),
])
def test_what_a_dialect_reads_otherwise_is_refused_with_the_working_form(text, dialect, code):
    with pytest.raises(InvalidRequest) as err:
        parse(text, dialect)
    assert err.value.code == code and err.value.field == "notation"


def test_the_dialect_travels_in_the_request_and_the_link_but_never_changes_the_roll():
    from tirada import roll
    from tirada.links.chain import encode_link, verify
    from tirada.systems.notation import expand

    seed = "8f14e45fceea167a5a36dedd4bea2543"
    plain = expand({"notation": "2d6ro<2", "seed": seed})
    maiden = expand({"notation": "2d6 r2", "dialect": "dicemaiden", "seed": seed})
    assert "dialect" not in plain and maiden["dialect"] == "dicemaiden"
    assert expand({"notation": "2d6ro<2", "dialect": "roll20", "seed": seed}) == plain   # the default is left out
    assert roll(plain)["total"] == roll(maiden)["total"]
    link = encode_link(maiden)
    assert link != encode_link(plain) and verify(link)["request"]["dialect"] == "dicemaiden"
    with pytest.raises(InvalidRequest) as err:
        roll({**plain, "dialect": "foundryy"})
    assert err.value.code == "notation.dialect"


def test_explain_says_the_reading_in_words_and_the_dialect():
    from tirada.systems.notation import explain

    out = explain("2d6r<3", "foundry")
    assert out["dialect"] == "foundry" and out["dialect_words"]["es"] == "leído como Foundry VTT"
    assert out["words"]["es"] == ["2d6, se repite una vez cada dado menor que 3, se suman"]
    assert out["words"]["en"] == ["2d6, each die below 3 rerolled once, added up"]
    assert explain("2d6r<3")["words"]["es"] == ["2d6, se repite cada dado de 3 o menos hasta que no lo sea, se suman"] \
        or explain("2d6r<3")["words"]["es"] == ["2d6, se repite cada dado menor que 4 hasta que no lo sea, se suman"]


# ---------------------------------------------------------------------------- writing back in a dialect
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tirada.systems.notation import format_post  # noqa: E402


@st.composite
def roll20_texts(draw) -> str:
    """Roll20 texts of one group with the options whose letters differ between dialects."""
    dice, sides = draw(st.integers(1, 6)), draw(st.sampled_from([4, 6, 10, 20]))
    n = draw(st.integers(2, sides - 1))
    option = draw(st.sampled_from(["", f"r<{n}", f"ro<{n}", f"r>{n}", "r1", f">{n}", f">{n}f1", f"<{n}", f"=={n}",
                                   f"!>{n}", "!", f"kh{max(dice - 1, 1)}", f"kl{dice}"]))
    return f"{dice}d{sides}{option.replace('==', '=')}" + draw(st.sampled_from(["", "+2", "-1d4"]))


@settings(max_examples=200, deadline=None)
@given(roll20_texts(), st.sampled_from(["roll20", "foundry", "dicemaiden", "avrae"]))
def test_fields_written_in_a_dialect_read_back_the_same_in_it(text, dialect):
    """The page writes a roll back into the form in its own dialect: what it writes reads as the same fields."""
    params = parse(text)
    try:
        written = format_post(params, dialect)
        again = parse(written, dialect)
    except InvalidRequest as err:     # only Avrae cannot count successes (it compares the total)
        assert dialect == "avrae" and err.code == "notation.compare_total" and "successes" in str(params)
        return
    assert again == params, (text, dialect, written)


def test_the_form_writes_a_roll_back_in_its_dialect():
    from roll import forms

    values = forms.form_for("generic").field_values(
        {"system": "generic", "dice": 4, "sides": 6, "reroll": [1, 2], "dialect": "dicemaiden"}, True)
    assert values["dialect"] == "dicemaiden" and parse(values["notation"], "dicemaiden") == \
        {"dice": 4, "sides": 6, "reroll": [1, 2]}


# ---------------------------------------------------------------------------- item 4: what players type daily


@pytest.mark.parametrize("text, dialect, oracle", [
    ("4cod", "dicemaiden", 4 @ again_successes(10, 8, 10)),
    ("3cod8", "dicemaiden", 3 @ again_successes(10, 8, 8)),
    ("2sp4"[1:], "dicemaiden", 4 @ again_successes(10, 8, 10)),
    ("3d6 ie5", "dicemaiden", 3 @ d(6).explode([5, 6], depth=30)),
    ("1d6x", "foundry", d(6).explode([6], depth=30)),
    ("2d6x>=5", "foundry", 2 @ d(6).explode([5, 6], depth=30)),
    ("1d6e6", "avrae", d(6).explode([6], depth=30)),
    ("1d6e>4", "avrae", d(6).explode([5, 6], depth=30)),
    ("d6s2 +1", "dicemaiden", 2 @ d(6) + d(6).explode([6], depth=30) + 1),
])
def test_exploding_notations_against_icepool(text, dialect, oracle):
    assert close(text, dialect, oracle)


@pytest.mark.parametrize("text, dialect, oracle", [
    ("sr6", "dicemaiden", count(d(6), 6, {5, 6})),
    ("3wh4+", "dicemaiden", count(d(6), 3, {4, 5, 6})),
    ("6yz", "dicemaiden", count(d(6), 6, {6})),
    ("dd34", "dicemaiden", 10 * d(3) + d(4)),
    ("age", "dicemaiden", 3 @ d(6)),
    ("1d20+5 vs 15", "roll20", d(20) + 5),
    ("2d6[fuego]+3", "foundry", 2 @ d(6) + 3),
    ("1d20+5 (ataque)", "avrae", d(20) + 5),
    ("4d6 ! Hola mundo", "dicemaiden", 4 @ d(6)),
])
def test_aliases_labels_comments_and_targets_against_icepool(text, dialect, oracle):
    assert matches(text, dialect, oracle)


@pytest.mark.parametrize("text, dialect, key, value", [
    ("1d20+5 vs 15", "roll20", "difficulty", 15), ("1d20+5 dc 15", "avrae", "difficulty", 15),
    ("1d20+5 VS 15", "foundry", "difficulty", 15), ("2d6 contra 8", "roll20", "difficulty", 8),
    ("2d6[fuego]+3[fuerza]", "roll20", "label", "fuego · fuerza"), ("1d20+5 (ataque)", "roll20", "label", "ataque"),
    ("ataque: 1d20+5 [espada] vs 12", "foundry", "label", "ataque · espada"),
    ("4d6 ! Hola mundo", "dicemaiden", "label", "Hola mundo"),
])
def test_words_beside_the_roll_become_its_difficulty_or_label(text, dialect, key, value):
    assert parse(text, dialect)[key] == value


@pytest.mark.parametrize("text, dialect, code, reading", [
    ("4cod", "roll20", "notation.alias", "4d10 t8 ie10"),
    ("sr6", "foundry", "notation.alias", "6d6 t5"),
    ("4d6 ! Hola", "roll20", "notation.comment", "Hola: 4d6"),
])
def test_dice_maiden_words_elsewhere_are_refused_with_the_working_form(text, dialect, code, reading):
    with pytest.raises(InvalidRequest) as err:
        parse(text, dialect)
    assert (err.value.code, err.value.params["reading"]) == (code, reading)


def test_a_typed_target_and_another_difficulty_ask_which():
    from tirada.systems.notation import expand

    assert expand({"notation": "1d20+5 vs 15", "difficulty": 15})["difficulty"] == 15
    with pytest.raises(InvalidRequest) as err:
        expand({"notation": "1d20+5 vs 15", "difficulty": 12})
    assert err.value.code == "notation.two_difficulties"


import math  # noqa: E402


@pytest.mark.parametrize("text, oracle", [
    ("floor(1d6/2)", d(6).map(lambda x: math.floor(Fraction(x, 2)))),
    ("ceil(1d6/2)", d(6).map(lambda x: math.ceil(Fraction(x, 2)))),
    ("round(3d6/4)", (3 @ d(6)).map(lambda x: math.floor(Fraction(x, 4) + Fraction(1, 2)))),   # Roll20: halves up
    ("ceil(2d6/1d4)+1", icepool.map(lambda a, b: math.ceil(Fraction(a, b)) + 1, 2 @ d(6), d(4))),
    ("floor(4d6kh3)", d(6).pool(4)[-3:].sum()),
])
def test_floor_ceil_round_round_the_exact_value_once(text, oracle):
    for dialect in ("roll20", "foundry", "avrae"):
        assert matches(text, dialect, oracle)


def test_a_rounding_of_several_divisions_is_refused():
    with pytest.raises(InvalidRequest) as err:
        parse("floor(1d6/2+1d4/2)")
    assert err.value.code == "notation.floor_inner"


# ---------------------------------------------------------------------------- explode once, minimum, maximum


@pytest.mark.parametrize("text, dialect, oracle", [
    ("3d6 e6", "dicemaiden", 3 @ once(d(6), {6})),
    ("3d6 e", "dicemaiden", 3 @ once(d(6), {6})),
    ("2d6 e5", "dicemaiden", 2 @ once(d(6), {5, 6})),
    ("2d6xo", "foundry", 2 @ once(d(6), {6})),
    ("2d6xo>=5", "foundry", 2 @ once(d(6), {5, 6})),
    ("8d6mi2", "avrae", 8 @ d(6).map(lambda x: max(x, 2))),
    ("1d20min10", "foundry", d(20).map(lambda x: max(x, 10))),
    ("1d20ma5", "avrae", d(20).map(lambda x: min(x, 5))),
    ("4d6kh3min2", "roll20", d(6).map(lambda x: max(x, 2)).pool(4)[-3:].sum()),
    ("4d6ro1min2", "roll20", 4 @ d(6).reroll([1], depth=1).map(lambda x: max(x, 2))),
    ("2d20kl1max15", "foundry", d(20).map(lambda x: min(x, 15)).lowest(2)),
])
def test_explode_once_and_face_bounds_against_icepool(text, dialect, oracle):
    assert matches(text, dialect, oracle)


def test_dice_maiden_e_counts_the_extra_die_as_a_success_too():
    per_die = icepool.map(lambda a, b: int(a >= 8) + (int(b >= 8) if a == 10 else 0), d(10), d(10))
    assert matches("4d10 t8 e10", "dicemaiden", 4 @ per_die)


def test_the_face_rolled_stays_visible_when_a_bound_counts_instead():
    from tirada.dice import FixedFaces
    from tirada.systems.generic import roll as generic_roll

    r = generic_roll(parse("3d6mi3", "avrae"), FixedFaces([1, 5, 2]))
    assert r["faces"] == [3, 5, 3] and r["clamped"] == [[0, 1], [2, 2]] and r["total"] == 11
    r = generic_roll(parse("2d6 e6", "dicemaiden"), FixedFaces([6, 6, 2]))
    assert r["faces"] == [6, 6, 2] and r["exploded_indices"] == [1] and r["total"] == 14   # the extra 6 does not explode


# ---------------------------------------------------------------------------- grouped rolls (Savage Worlds' wild die)
WILD_D8 = icepool.highest(d(8).explode([8], depth=30), d(6).explode([6], depth=30))


@pytest.mark.parametrize("text, dialect, oracle", [
    ("{1d8!,1d6!}kh1", "roll20", WILD_D8),
    ("{1d8!, 1d6!}kh1+2", "roll20", WILD_D8 + 2),
    ("{1d8x, 1d6x}kh", "foundry", WILD_D8),
    ("{1d8!,1d6!}k1", "avrae", WILD_D8),
])
def test_a_grouped_roll_keeps_the_higher_of_its_rolls(text, dialect, oracle):
    assert close(text, dialect, oracle)


@pytest.mark.parametrize("text, oracle", [
    ("{1d20,1d20}kl1", d(20).lowest(2)), ("{1d6,1d8}", d(6) + d(8)), ("{2d6,1d12}kh1+1", icepool.highest(2 @ d(6), d(12)) + 1),
])
def test_grouped_rolls_without_explosions_are_exact(text, oracle):
    assert matches(text, "roll20", oracle)


def test_a_grouped_roll_rolls_its_parts_in_order_and_shows_them():
    from tirada.dice import FixedFaces
    from tirada.systems.generic import roll as generic_roll

    r = generic_roll(parse("{1d8!,1d6!}kh1+2"), FixedFaces([8, 3, 5]))
    assert [g["faces"] for g in r["groups"]] == [[8, 3], [5]] and r["total"] == 13 and r["worked"] == "{11, 5}kh1+2"
    with pytest.raises(InvalidRequest) as err:
        parse("{1d6,1d8}kh2")
    assert err.value.code == "notation.group_keep"


# ---------------------------------------------------------------------------- the page's early reader (JavaScript)
@pytest.mark.parametrize("text, dialect", [
    ("{1d8!,1d6!}kh1+2", "roll20"), ("-d20+5", "dicemaiden"), ("3d6 e5", "dicemaiden"), ("8d6mi2", "avrae"),
    ("{1d20,1d20}kl1; 2d6r<3", "foundry"), ("4d6kh3min2max5", "roll20"), ("d66", "roll20"),
])
def test_the_early_reader_writes_the_same_pool_as_the_engine(js_reader, text, dialect):  # noqa: F811
    """A link of each new field read by web/link-reader.mjs under Node, before the engine: the same view
    and pool line (es, en) as the Python decoder (tests/test_link_reader.py's comparison)."""
    from helpers.link_reader import python_view, read_with_js

    from tirada.links.chain import encode_link
    from tirada.systems.notation import expand

    fragment = encode_link(expand({"notation": text, "dialect": dialect, "seed": "8f14e45fceea167a5a36dedd4bea2543"}))
    expected = python_view(fragment)
    assert expected is not None and read_with_js(js_reader, [fragment]) == [expected]
    if dialect != "roll20":
        assert "notación de" in expected["pool"]["es"]


# ---------------------------------------------------------------------------- each modifier × each dialect
#: modifier → {dialect: (text as that dialect writes it, icepool oracle or "explode" pair, or a refusal code)};
#: every dialect is named, so the docs/notation.md §Dialects table is checked cell by cell
EXPLODE_D6 = ("close", 2 @ d(6).explode([6], depth=30))
MATRIX = {
    "keep highest": {"roll20": ("4d6kh3", d(6).pool(4)[-3:].sum()), "foundry": ("4d6kh3", d(6).pool(4)[-3:].sum()),
                     "dicemaiden": ("4d6 k3", d(6).pool(4)[-3:].sum()), "avrae": ("4d6kh3", d(6).pool(4)[-3:].sum())},
    "keep lowest": {dl: ("2d20kl1", d(20).lowest(2)) for dl in ("roll20", "foundry", "dicemaiden", "avrae")},
    "drop lowest": {"roll20": ("4d6dl1", d(6).pool(4)[-3:].sum()), "foundry": ("4d6dl", d(6).pool(4)[-3:].sum()),
                    "dicemaiden": ("4d6 d1", d(6).pool(4)[-3:].sum()), "avrae": ("4d6pl1", d(6).pool(4)[-3:].sum())},
    "k3 (Avrae: dice showing 3)": {"roll20": ("4d6k3", d(6).pool(4)[-3:].sum()), "foundry": ("4d6k3", d(6).pool(4)[-3:].sum()),
                                   "dicemaiden": ("4d6k3", d(6).pool(4)[-3:].sum()), "avrae": ("4d6k3", "notation.dialect_option")},
    "r<3": {"roll20": ("2d6r<3", 2 @ d(6).reroll([1, 2, 3], depth="inf")),
            "foundry": ("2d6r<3", 2 @ d(6).reroll([1, 2], depth=1)),
            "dicemaiden": ("2d6 r2", 2 @ d(6).reroll([1, 2], depth=1)),
            "avrae": ("2d6r<3", "notation.dialect_option")},
    "reroll until": {"roll20": ("2d6r<2", 2 @ d(6).reroll([1, 2], depth="inf")),
                     "foundry": ("2d6rr<3", 2 @ d(6).reroll([1, 2], depth="inf")),
                     "dicemaiden": ("2d6 ir2", 2 @ d(6).reroll([1, 2], depth="inf")),
                     "avrae": ("2d6rr<3", 2 @ d(6).reroll([1, 2], depth="inf"))},
    "reroll once ro<3": {"roll20": ("2d6ro<3", 2 @ d(6).reroll([1, 2, 3], depth=1)),
                         "foundry": ("2d6ro<3", 2 @ d(6).reroll([1, 2], depth=1)),
                         "dicemaiden": ("2d6ro<3", 2 @ d(6).reroll([1, 2, 3], depth=1)),
                         "avrae": ("2d6ro<3", 2 @ d(6).reroll([1, 2], depth=1))},
    "success >7": {"roll20": ("5d10>7", count(d(10), 5, {7, 8, 9, 10})), "foundry": ("5d10cs>7", count(d(10), 5, {8, 9, 10})),
                   "dicemaiden": ("5d10 t7", count(d(10), 5, {7, 8, 9, 10})), "avrae": ("5d10>7", "notation.compare_total")},
    "success >=7": {"roll20": ("5d10>=7", count(d(10), 5, {7, 8, 9, 10})), "foundry": ("5d10cs>=7", count(d(10), 5, {7, 8, 9, 10})),
                    "dicemaiden": ("5d10>=7", count(d(10), 5, {7, 8, 9, 10})), "avrae": ("5d10>=7", "notation.compare_total")},
    "failures f2": {"roll20": ("5d10>8f2", "notation.ambiguous"), "foundry": ("5d10cs>=8cf<=2", count(d(10), 5, {8, 9, 10}, {1, 2})),
                    "dicemaiden": ("5d10 t8 f2", count(d(10), 5, {8, 9, 10}, {1, 2})), "avrae": ("5d10>8f2", "notation.compare_total")},
    "explode": {"roll20": ("2d6!", EXPLODE_D6), "foundry": ("2d6x", EXPLODE_D6), "dicemaiden": ("2d6 ie", EXPLODE_D6),
                "avrae": ("2d6e6", EXPLODE_D6)},
    "explode on 5+": {dl: (text, ("close", 2 @ d(6).explode([5, 6], depth=30))) for dl, text in
                      (("roll20", "2d6!>5"), ("foundry", "2d6x>=5"), ("dicemaiden", "2d6 ie5"), ("avrae", "2d6e>4"))},
    "explode once": {"roll20": ("2d6xo", 2 @ once(d(6), {6})), "foundry": ("2d6xo", 2 @ once(d(6), {6})),
                     "dicemaiden": ("2d6 e6", 2 @ once(d(6), {6})), "avrae": ("2d6xo", 2 @ once(d(6), {6}))},
    "minimum": {"roll20": ("3d6min2", 3 @ d(6).map(lambda x: max(x, 2))), "foundry": ("3d6min2", 3 @ d(6).map(lambda x: max(x, 2))),
                "dicemaiden": ("3d6min2", 3 @ d(6).map(lambda x: max(x, 2))), "avrae": ("3d6mi2", 3 @ d(6).map(lambda x: max(x, 2)))},
    "maximum": {"roll20": ("3d6max4", 3 @ d(6).map(lambda x: min(x, 4))), "foundry": ("3d6max4", 3 @ d(6).map(lambda x: min(x, 4))),
                "dicemaiden": ("3d6max4", 3 @ d(6).map(lambda x: min(x, 4))), "avrae": ("3d6ma4", 3 @ d(6).map(lambda x: min(x, 4)))},
    "d66": {dl: ("d66", D66) for dl in ("roll20", "foundry", "dicemaiden", "avrae")},
    "-d20": {"roll20": ("-d20", "notation.signed_die"), "foundry": ("-d20", "notation.signed_die"),
             "dicemaiden": ("-d20", d(20).lowest(2)), "avrae": ("-d20", "notation.signed_die")},
    "+d%": {"roll20": ("+d%", "notation.signed_die"), "foundry": ("+d%", "notation.signed_die"),
            "dicemaiden": ("+d%", COC_BONUS), "avrae": ("+d%", "notation.signed_die")},
    "grouped kh1": {"roll20": ("{1d8,1d6}kh1", icepool.highest(d(8), d(6))), "foundry": ("{1d8,1d6}kh", icepool.highest(d(8), d(6))),
                    "dicemaiden": ("{1d8,1d6}kh1", icepool.highest(d(8), d(6))), "avrae": ("(1d8, 1d6)kh1", icepool.highest(d(8), d(6)))},
    "ceil()": {dl: ("ceil(1d6/4)", d(6).map(lambda x: math.ceil(Fraction(x, 4)))) for dl in ("roll20", "foundry", "dicemaiden", "avrae")},
    "label [x]": {dl: ("1d6+1[fuego]", d(6) + 1) for dl in ("roll20", "foundry", "dicemaiden", "avrae")},
    "vs 15": {dl: ("1d20+2 vs 15", d(20) + 2) for dl in ("roll20", "foundry", "dicemaiden", "avrae")},
    "alias sr6": {"roll20": ("sr6", "notation.alias"), "foundry": ("sr6", "notation.alias"),
                  "dicemaiden": ("sr6", count(d(6), 6, {5, 6})), "avrae": ("sr6", "notation.alias")},
}
CELLS = [(mod, dl, *cell) for mod, row in MATRIX.items() for dl, cell in row.items()]


def test_the_matrix_names_every_dialect_for_every_modifier():
    assert all(set(row) == {"roll20", "foundry", "dicemaiden", "avrae"} for row in MATRIX.values())


@pytest.mark.parametrize("modifier, dialect, text, oracle", CELLS, ids=[f"{c[0]}/{c[1]}" for c in CELLS])
def test_each_modifier_in_each_dialect_against_icepool(modifier, dialect, text, oracle):
    if isinstance(oracle, str):
        with pytest.raises(InvalidRequest) as err:
            parse(text, dialect)
        assert err.value.code == oracle
    elif isinstance(oracle, tuple):
        assert close(text, dialect, oracle[1])
    else:
        assert matches(text, dialect, oracle)


@pytest.mark.parametrize("text, dialect, es, en", [
    ("ataque: 1d20+5 [espada] vs 15", "roll20", "ataque · espada: 1d20 más 5 contra 15", "ataque · espada: 1d20 plus 5 vs 15"),
    ("6 4d6k3", "roll20", "6 tiradas de: 4d6, se suman los 3 más altos", "6 rolls of: 4d6, the 3 highest added up"),
    ("d66", "roll20", "d66: un d6 por cifra (11–66)", "d66: one d6 per digit (11–66)"),
    ("8d6mi2", "avrae", "8d6, cada dado cuenta como mínimo 2, se suman", "8d6, each die counts at least 2, added up"),
    ("5d10 t8 f1", "dicemaiden", "5d10, se cuenta un éxito por dado de 8 o más y se resta uno por dado igual a 1",
     "5d10, one success per die showing 8 or more minus one per die showing 1"),
    ("{1d20,1d20}kl1", "roll20", "el menor de [1d20 | 1d20]", "the lower of [1d20 | 1d20]"),
])
def test_the_reading_in_words(text, dialect, es, en):
    from tirada.systems.notation import explain

    assert explain(text, dialect)["words"] == {"es": [es], "en": [en]}


@pytest.mark.parametrize("style", ["bbcode", "markdown", "text"])
def test_the_snippet_names_a_dialect_that_is_not_the_default_and_shows_bounded_faces(style):
    from tirada.links.chain import encode_link
    from tirada.links.snippets import snippet
    from tirada.systems.notation import expand

    seed = "8f14e45fceea167a5a36dedd4bea2543"
    maiden = snippet(encode_link(expand({"notation": "3d6mi3", "dialect": "avrae", "seed": seed})), "https://x.org/", style)
    assert "notación de Avrae" in maiden
    plain = snippet(encode_link(expand({"notation": "3d6min3", "seed": seed})), "https://x.org/", style, "en")
    assert "notation" not in plain.split("https://x.org/")[0] and "minimum 3" in plain
    from tirada import roll

    rolled = roll(expand({"notation": "3d6min3", "seed": seed}))
    assert rolled["clamped"] == [[2, 2]]            # this seed's third die showed 2
    for index, face in rolled["clamped"]:      # the face rolled shows before the one it counts as: "1→3"
        assert f"{face}\u2192{rolled['faces'][index]}" in plain


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789dDkKhHlLpP!%+-*/ ;:xXoOeEiImMaAnNrRtTfFcCsS<>=(){}[],vV66", max_size=30),
       st.sampled_from(["roll20", "foundry", "dicemaiden", "avrae"]))
def test_any_text_in_any_dialect_reads_or_is_refused_with_a_code(text, dialect):
    """Nothing typed in any dialect raises anything but a coded refusal; what reads rolls on the dice
    stream and has odds, or both refuse with a code (never a traceback)."""
    from tirada import roll

    try:
        params = parse(text, dialect)
    except InvalidRequest as err:
        assert err.code.startswith(("notation.", "generic."))
        return
    request = {"system": "generic", "seed": "8f14e45fceea167a5a36dedd4bea2543", **params}
    for attempt in (lambda: roll(request), lambda: odds({k: v for k, v in request.items() if k != "seed"})):
        try:
            attempt()
        except InvalidRequest as err:
            assert err.code.startswith(("generic.", "odds.", "bands.", "field."))


def test_each_campaign_remembers_its_dialect_and_a_bad_stored_value_is_set_aside():
    from shell import store

    memory = store.MemoryStorage()
    kept = store.Store(memory)
    kept.set_dialect("Mesa del jueves", "dicemaiden")
    kept.set_dialect("Otra mesa", "avrae")
    kept.set_dialect("", "foundry")                  # no campaign named: nothing remembered
    kept.set_dialect("Otra mesa", "rolll20")         # not a dialect: the one remembered stays
    assert (kept.dialect_for("Mesa del jueves"), kept.dialect_for(" Otra mesa "), kept.dialect_for("")) == \
        ("dicemaiden", "avrae", None)
    for n in range(store.DIALECTS_KEPT + 5):
        kept.set_dialect(f"c{n}", "foundry")
    assert kept.dialect_for("Mesa del jueves") is None and kept.dialect_for(f"c{store.DIALECTS_KEPT + 4}") == "foundry"
    memory.setItem(store.DIALECT_KEY, "[not a map")
    assert kept.dialect_for("c1") is None and memory.getItem("tirada.corrupt." + store.DIALECT_KEY) is not None
