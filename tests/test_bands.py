"""Outcome bands (issue 28 item 4; docs/notation.md §Bands): the typed model and its rules, the
roll naming its band, exact odds per band against brute force, and the presets."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import roll
from tirada.errors import InvalidRequest, TiradaError
from tirada.odds import odds
from tirada.systems.band_presets import PRESETS, preset_roll, recognize
from tirada.systems.bands import MAX_BANDS, Band, Bands, parse_bands
from tirada.systems.notation import expand, parse

PBTA = "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"
SEED = "ab" * 16


@pytest.mark.parametrize("text, labels, cuts, canonical", [
    (PBTA, ("Fallo", "Éxito parcial", "Éxito"), (7, 10), PBTA),
    ("<=6 Miss\n7-9: Weak hit\n10+ Strong hit", ("Miss", "Weak hit", "Strong hit"), (7, 10),
     "≤6 Miss / 7–9 Weak hit / ≥10 Strong hit"),
    ("6 Fallo / 7..9 Parcial / >=10 Éxito", ("Fallo", "Parcial", "Éxito"), (7, 10), "≤6 Fallo / 7–9 Parcial / ≥10 Éxito"),
    ("≤−2 Terrible / −1 Malo / 0 Mediocre / ≥1 Normal", ("Terrible", "Malo", "Mediocre", "Normal"), (-1, 0, 1),
     "≤−2 Terrible / −1 Malo / 0 Mediocre / ≥1 Normal"),
    ("-5--1 Mal / 0-3 Bien", ("Mal", "Bien"), (0,), "≤−1 Mal / ≥0 Bien"),
])
def test_bands_read_as_typed_and_write_back_canonically(text, labels, cuts, canonical):
    bands = parse_bands(text)
    assert (bands.labels, bands.cuts) == (labels, cuts)
    assert bands.text() == canonical
    assert parse_bands(bands.text()) == bands
    assert Bands.from_value(bands.to_value()) == bands


def test_every_total_has_exactly_one_band():
    bands = parse_bands(PBTA)
    assert bands.bands() == (Band("Fallo", None, 6), Band("Éxito parcial", 7, 9), Band("Éxito", 10, None))
    assert [bands.index_of(t) for t in (-1000, 6, 7, 9, 10, 1000)] == [0, 0, 1, 1, 2, 2]
    assert bands.name(8) == {"index": 1, "label": "Éxito parcial"}


@pytest.mark.parametrize("text, code, params", [
    ("≤6 Fallo / 8–9 Parcial / ≥10 Éxito", "bands.gap", {"a": 7, "b": 7}),
    ("≤6 Fallo / 6–9 Parcial / ≥10 Éxito", "bands.overlap", {"a": 6, "b": 6}),
    ("≤6 Fallo / ≤9 Parcial / ≥10 Éxito", "bands.open_middle", {"text": "≤9 Parcial"}),
    ("≤6 Fallo / ≥7 Parcial / ≥10 Éxito", "bands.open_middle", {"text": "≥7 Parcial"}),
    ("≤6 Fallo / 9–7 Parcial / ≥10 Éxito", "bands.reversed", {"a": 9, "b": 7}),
    ("≤6 Fallo / Parcial / ≥10 Éxito", "bands.unreadable", {"text": "Parcial"}),
    ("≤6 / ≥7 Éxito", "bands.unreadable", {"text": "≤6"}),
    ("≥7 Éxito", "bands.count", {"n": MAX_BANDS}),
    (" / ".join(f"{i} B{i}" for i in range(MAX_BANDS + 1)), "bands.count", {"n": MAX_BANDS}),
    ("   ", "bands.empty", {}),
    ("≤6 " + "x" * 41 + " / ≥7 Éxito", "bands.label", {"n": 40, "text": "x" * 40}),
    ("≤6 Fa\u200bllo / ≥7 Éxito", "bands.label", {"n": 40, "text": "Fa\u200bllo"}),
    ("≤200000 Fallo / ≥200001 Éxito", "bands.edge", {"n": 100000}),
    ("≤6 Fallo / ≥7 " + "É" * 600, "bands.too_long", {"n": 600}),
])
def test_bad_bands_are_refused_with_a_code_naming_what_was_read(text, code, params):
    with pytest.raises(InvalidRequest) as err:
        parse_bands(text)
    assert (err.value.code, err.value.params) == (code, params)


@pytest.mark.parametrize("value, code", [
    ([2, "Fallo", 7, "Éxito"], "bands.version"),
    ([1, "Fallo", 7], "bands.shape"),
    ([1, "Fallo"], "bands.count"),
    ("≤6 Fallo", "bands.shape"),
    ([1, "Fallo", 7.0, "Éxito"], "bands.edge"),
    ([1, "Fallo", True, "Éxito"], "bands.edge"),
    ([1, "Fallo", 7, "Parcial", 7, "Éxito"], "bands.overlap"),
    ([1, "Fallo", 10, "Parcial", 7, "Éxito"], "bands.overlap"),
    ([1, "", 7, "Éxito"], "bands.label"),
    ([1, "Fa/llo", 7, "Éxito"], "bands.label"),
    ([1, "Cafe\u0301", 7, "Éxito"], "bands.label"),   # not NFC
])
def test_bands_from_a_link_are_checked(value, code):
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, "dice": 2, "sides": 6, "bands": value})
    assert err.value.code == code


def test_the_roll_names_its_band_recomputed_from_the_total():
    bands = parse_bands(PBTA).to_value()
    for faces, band in (([1, 2], "Fallo"), ([3, 4], "Éxito parcial"), ([6, 3], "Éxito")):
        out = roll({"system": "generic", "dice": 2, "sides": 6, "modifier": 1, "bands": bands, "faces": faces})
        assert (out["total"], out["band"]["label"]) == (sum(faces) + 1, band)
    out = roll({"system": "generic", **parse("(2d6+3)*2"), "difficulty": 15, "bands": bands, "faces": [1, 1]})
    assert (out["total"], out["success"], out["band"]) == (10, False, {"index": 2, "label": "Éxito"})


def test_bands_are_for_one_roll_only():
    with pytest.raises(InvalidRequest) as err:
        roll({"system": "generic", "seed": SEED, **parse("1d20; 2d6"), "bands": parse_bands(PBTA).to_value()})
    assert err.value.code == "bands.several_rolls"
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "generic", **parse("3 2d6"), "bands": parse_bands(PBTA).to_value()})
    assert err.value.code == "bands.several_rolls"


def _brute_bands(req: dict, draws: list, bands: Bands) -> list:
    """Ways each band is reached over every combination of draws (each rolled by the engine)."""
    ways = [0] * len(bands.labels)
    for faces in itertools.product(*[range(1, s + 1) for s in draws]):
        out = roll({"system": "generic", **req, "bands": bands.to_value(), "faces": list(faces)})
        ways[out["band"]["index"]] += 1
    return ways


@pytest.mark.parametrize("text, draws, bands", [
    ("2d6+1", [6, 6], PBTA),
    ("3d4kh2", [4, 4, 4], "≤3 Bajo / 4 Cuatro / 5–6 Medio / ≥7 Alto"),
    ("4dF+1", [3] * 4, "≤−2 Terrible / −1 Malo / 0 Mediocre / 1 Normal / 2 Bueno / ≥3 Grande"),
    ("3d6>5f1", [6] * 3, "≤0 Fracaso / 1 Marginal / ≥2 Bien"),
    ("(2d4kl1-1)*4+1d4", [4, 4, 4], "≤1 Crítico / 2–3 Extremo / 4–8 Normal / 9–15 Fallo / ≥16 Pifia"),
    ("2d20kh1-3", [20, 20], "≤11 Fallo / ≥12 Éxito"),
])
def test_exact_odds_per_band_equal_brute_force(text, draws, bands):
    model = parse_bands(bands)
    req = parse(text)
    den = 1
    for s in draws:
        den *= s
    out = odds({"system": "generic", **req, "bands": model.to_value()})
    got = [Fraction(b["p"]["exact"]) for b in out["bands"]]
    assert got == [Fraction(n, den) for n in _brute_bands(req, draws, model)]
    assert sum(got) == 1
    assert [(b["label"], b["lo"], b["hi"]) for b in out["bands"]] == [(b.label, b.lo, b.hi) for b in model.bands()]


def test_exploding_band_odds_leave_out_the_cut_off():
    out = odds({"system": "generic", **parse("d6!"), "bands": parse_bands("≤6 Poco / ≥7 Explota").to_value()})
    assert out["bands"][0]["p"]["exact"] == "5/6"
    assert abs(sum(b["p"]["p"] for b in out["bands"]) + out["cut_off"]["p"] - 1) < 1e-12


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 20), min_size=1, max_size=5, unique=True).map(sorted), st.integers(-30, 30))
def test_any_model_names_every_total_once(cuts, total):
    bands = Bands(tuple(f"B{i}" for i in range(len(cuts) + 1)), tuple(cuts))
    holding = [i for i, b in enumerate(bands.bands()) if (b.lo is None or b.lo <= total) and (b.hi is None or total <= b.hi)]
    assert holding == [bands.index_of(total)]
    assert parse_bands(bands.text()) == bands


def _odds(request: dict) -> dict:
    return {b["label"]: Fraction(b["p"]["exact"]) for b in odds(expand(request))["bands"]}


def test_pbta_preset():
    got = preset_roll("pbta", 1)
    assert (got.notation, got.bands.text()) == ("2d6+1", "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito")
    assert _odds(got.request()) == {"Fallo": Fraction(10, 36), "Éxito parcial": Fraction(16, 36), "Éxito": Fraction(10, 36)}
    assert preset_roll("pbta", -1, lang="en").bands.labels == ("Miss", "Partial success", "Full success")


def test_dnd_presets_advantage_and_disadvantage():
    assert [preset_roll(p, 5, 15).notation for p in ("dnd", "dnd_adv", "dnd_dis")] == ["1d20+5", "2d20kh1+5", "2d20kl1+5"]
    assert preset_roll("dnd", 5, 15).bands.text() == "≤14 Fallo / ≥15 Éxito"
    # P(d20+5 ≥ 15) = 11/20; with advantage 1 − (9/20)²; with disadvantage (11/20)²
    assert _odds(preset_roll("dnd", 5, 15).request())["Éxito"] == Fraction(11, 20)
    assert _odds(preset_roll("dnd_adv", 5, 15).request())["Éxito"] == 1 - Fraction(9, 20) ** 2
    assert _odds(preset_roll("dnd_dis", 5, 15).request())["Éxito"] == Fraction(11, 20) ** 2


@pytest.mark.parametrize("skill, text", [
    (50, "≤1 Crítico / 2–10 Extremo / 11–25 Difícil / 26–50 Normal / 51–99 Fallo / ≥100 Pifia"),
    (45, "≤1 Crítico / 2–9 Extremo / 10–22 Difícil / 23–45 Normal / 46–95 Fallo / ≥96 Pifia"),
    (4, "≤1 Crítico / 2 Difícil / 3–4 Normal / 5–95 Fallo / ≥96 Pifia"),   # no extreme level under 5
    (1, "≤1 Crítico / 2–95 Fallo / ≥96 Pifia"),
    (99, "≤1 Crítico / 2–19 Extremo / 20–49 Difícil / 50–99 Normal / ≥100 Pifia"),
])
def test_call_of_cthulhu_success_levels(skill, text):
    assert preset_roll("coc", skill).bands.text() == text


def test_call_of_cthulhu_bonus_and_penalty_dice_have_the_books_law():
    """Brute force over the book's dice: units 0..9, tens 00..90 per tens die, 00+0 = 100, the lowest
    (bonus) or highest (penalty) result kept."""
    for extra in (-2, -1, 1, 2):
        got = preset_roll("coc", 40, extra)
        assert got.notation == f"({1 + abs(extra)}d10k{'l' if extra > 0 else 'h'}1-1)*10+1d10"
        ways: dict = {}
        for units in range(10):
            for tens in itertools.product(range(10), repeat=1 + abs(extra)):
                results = [10 * t + units or 100 for t in tens]
                value = min(results) if extra > 0 else max(results)
                label = got.bands.labels[got.bands.index_of(value)]
                ways[label] = ways.get(label, 0) + 1
        den = 10 ** (2 + abs(extra))
        assert _odds(got.request()) == {k: Fraction(n, den) for k, n in ways.items()}


def test_fate_ladder_and_world_of_darkness():
    fate = preset_roll("fate", 2)
    assert fate.notation == "4dF+2"
    assert fate.bands.labels[0] == "Terrible" and fate.bands.labels[-1] == "Legendario" and len(fate.bands.labels) == 11
    assert fate.bands.name(-7)["label"] == "Terrible" and fate.bands.name(2)["label"] == "Bueno"
    assert _odds(fate.request())["Bueno"] == Fraction(19, 81)   # P(4dF = 0)
    assert preset_roll("fate", 0, lang="en").bands.name(8)["label"] == "Legendary"
    wod = preset_roll("wod", 5, 6)
    assert (wod.notation, wod.bands.text()) == ("5d10>6f1", "≤0 Fracaso / 1 Éxito marginal / 2 Éxito moderado / "
                                                "3 Éxito completo / 4 Éxito excepcional / ≥5 Éxito fenomenal")
    assert _odds(wod.request())["Éxito fenomenal"] == Fraction(5, 10) ** 5   # every die 6..10


@pytest.mark.parametrize("preset, value, versus, code, field", [
    ("gurps", 1, None, "bands.preset", "preset"),
    ("pbta", 6, None, "bands.preset_number", "value"),
    ("dnd", 5, 0, "bands.preset_number", "versus"),
    ("coc", 50, 3, "bands.preset_number", "versus"),
    ("wod", "5", 6, "bands.preset_number", "value"),
])
def test_presets_refuse_numbers_out_of_range(preset, value, versus, code, field):
    with pytest.raises(InvalidRequest) as err:
        preset_roll(preset, value, versus)
    assert (err.value.code, err.value.field) == (code, field)


def test_every_preset_rolls_at_its_ends_in_both_languages():
    for spec in PRESETS.values():
        for value in spec.value[:2]:
            for versus in (spec.versus[:2] if spec.versus else (None,)):
                for lang in ("es", "en"):
                    req = expand({**preset_roll(spec.id, value, versus, lang).request(), "seed": SEED})
                    out = roll(req)
                    assert out["band"]["label"] in req["bands"][1::2]



def test_a_preset_roll_is_recognized_from_its_link_request_or_its_notation():
    """«Tirar esto otra vez» sets the «Juego» select from the request it writes back (web/dice/ui_bands.py):
    each preset at its ends and its default, in both languages, from a link's expanded fields (seed,
    label and difficulty beside them) or from a saved roll's notation."""
    for spec in PRESETS.values():
        for value in (*spec.value[:2], spec.value[2]):
            for versus in ((*spec.versus[:2], spec.versus[2]) if spec.versus else (None,)):
                for lang in ("es", "en"):
                    made = preset_roll(spec.id, value, versus, lang)
                    link = {**expand({**made.request(), "seed": SEED}), "label": "x", "difficulty": 3}
                    assert recognize(link) == (spec.id, value, versus)
                    assert recognize({"notation": made.notation, "bands": made.bands.to_value()}) == \
                        (spec.id, value, versus)


@pytest.mark.parametrize("request_", [
    {"system": "generic", "dice": 2, "sides": 6},                                    # no bands: "no names"
    {"system": "generic", "dice": 2, "sides": 6, "bands": [1, "Fallo", 7, "Bien", 10, "Éxito"]},   # custom
    {"system": "generic", "dice": 3, "sides": 6, "bands": preset_roll("pbta", 0).bands.to_value()},  # other dice
    {"system": "generic", "dice": 2, "sides": 6, "bands": [1, "Fallo", 7, "Éxito parcial", 9, "Éxito"]},  # moved cut
    {"system": "generic", "notation": "2d6+", "bands": preset_roll("pbta", 0).bands.to_value()},  # unreadable
    {"system": "generic", "dice": 2, "sides": 6, "bands": "Fallo"},
])
def test_a_roll_no_preset_makes_is_not_recognized(request_):
    assert recognize(request_) is None


# ------------------------------------------------------------------ a generic character's saved rolls
def test_a_generic_character_saves_rolls_with_their_bands():
    from tirada.sheets import Character, new_character, roll_request, sheet_from_form, sheet_to_form

    form = {"rolls": "Actuar bajo presión: 2d6+1 | <=6 Fallo / 7-9 Éxito parcial / 10+ Éxito\n\n"
                     "Daño: 1d8+2\nSigilo: 2d20kh1+5 | ≤14 Fallo / ≥15 Éxito", "notes": "Pícaro"}
    sheet = sheet_from_form("generic", form)
    assert sheet["rolls"][0] == {"name": "Actuar bajo presión", "notation": "2d6+1", "bands": [1, "Fallo", 7,
                                                                                             "Éxito parcial", 10, "Éxito"]}
    assert "bands" not in sheet["rolls"][1]
    assert sheet_to_form("generic", sheet)["rolls"].splitlines()[0] == \
        "Actuar bajo presión: 2d6+1 | ≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"
    c = Character.from_dict({**new_character("c1", "generic", "Ana").to_dict(), "sheet": sheet})
    req = roll_request(c, {"roll": "Sigilo"})
    assert req == {"system": "generic", "notation": "2d20kh1+5", "bands": [1, "Fallo", 15, "Éxito"]}
    assert roll({**expand(req), "seed": SEED})["band"]["label"] in ("Fallo", "Éxito")
    assert Character.from_dict(c.to_dict()) == c


@pytest.mark.parametrize("rolls, code", [
    ("sin notación", "sheet.roll_line"),
    ("A: 2d6 | ≤6 Fallo / 8+ Éxito", "bands.gap"),
    ("A: 2d6 k", "notation.needs_number"),
    ("A: 2d6\nA: 1d6", "sheet.roll_twice"),
    ("A: 1d20; 2d6 | ≤6 Fallo / ≥7 Éxito", "bands.several_rolls"),
    ("A|B: 2d6", "sheet.roll_name"),
    ("\n".join(f"R{i}: 1d6" for i in range(31)), "sheet.rolls"),
])
def test_bad_saved_rolls_are_refused_on_the_rolls_field(rolls, code):
    from tirada.sheets import roll_request, sheet_from_form

    with pytest.raises(InvalidRequest) as err:
        sheet_from_form("generic", {"rolls": rolls})
    assert (err.value.code, err.value.field) == (code, "rolls")
    from tirada.sheets.generic import GenericSheet

    with pytest.raises(InvalidRequest) as err:
        roll_request(type("C", (), {"system": "generic", "sheet": GenericSheet()})(), {"roll": "x"})
    assert err.value.code == "sheet.not_roll"


@pytest.mark.parametrize("text", ["≤99999 a / ≥1000001 b", "≤999999 a / ≥1000000 b", "≤٦ a / ≥7 b"])
def test_edges_are_ascii_numbers_in_range_never_misread(text):
    """Past six digits an edge is refused as an edge (not read as a shorter number plus a label),
    and digits of other scripts are not numbers here (hostile tester)."""
    with pytest.raises(TiradaError) as err:
        parse_bands(text)
    assert err.value.code != "bands.overlap"


@pytest.mark.parametrize("labels, cuts", [
    (("a", "-3 raro", "c"), (8, 9)), (("a", "..5 x", "c"), (8, 9)), (("a", "\u20135", "c"), (8, 9)),
    (("a", ":x", "c"), (8, 9)), (("-1 malo", "9 vidas"), (3,)), (("Fallo", "+2 al daño", "Éxito"), (7, 10)),
])
def test_a_label_that_looks_like_an_edge_reads_back_the_same(labels, cuts):
    """The hostile tester's "8 -3 raro": a single-total band whose name starts like a number was read
    back as the range 8–3. The canonical text puts ": " before such a name."""
    bands = Bands(labels=labels, cuts=cuts)
    assert parse_bands(bands.text()) == bands
    assert ": " in bands.text()


@pytest.mark.parametrize("label", ["\u3164", "\u2800\u2800", "\u200d", "\u115f\u1160", "\u034f"])
def test_a_band_name_that_shows_nothing_is_refused(label):
    with pytest.raises(InvalidRequest) as err:
        Bands(labels=("Fallo", label), cuts=(7,))
    assert err.value.code == "bands.label"
    assert Bands(labels=("Fallo", f"Éxito{label}"), cuts=(7,)).labels[1] == f"Éxito{label}"
