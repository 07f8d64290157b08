"""The page's outcome bands (web/dice/bands_view.py, issue 28 item 4): the card's outcome line first, the
odds per band, what presets write in the form. CPython only (imports web/ from the repository)."""

from __future__ import annotations

import sys

import pytest

from tirada import roll
from tirada.errors import TiradaError
from tirada.odds import odds
from tirada.systems.dice_card import Band, card
from tirada.systems.form_read import read_form
from tirada.systems.notation import expand

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from dice import bands_view  # noqa: E402
from shell.strings import STRINGS  # noqa: E402

PBTA = [1, "Fallo", 7, "Éxito parcial", 10, "Éxito"]


def test_the_outcome_line_names_the_band_and_escapes_it():
    result = roll({"system": "generic", "dice": 2, "sides": 6, "bands": [1, "<b>x<b>", 7, "Éxito"], "faces": [1, 2]})
    html = bands_view.outcome_html(card(result).band, "es")
    assert 'data-band="0"' in html and "Resultado: <strong>&lt;b&gt;x&lt;b&gt;</strong>" in html
    assert card(result).band == Band(0, "<b>x<b>")
    assert bands_view.outcome_html(card({"total": 3}).band, "es") == ""
    assert card({"total": 3, "band": {"index": 1}}).band is None   # a band without its label: none shown


@pytest.mark.parametrize("lang, words", [("es", ("Probabilidad de cada resultado", "27,8\u00a0%")),
                                         ("en", ("Odds of each outcome", "27.8%"))])
def test_the_odds_card_shows_each_bands_exact_odds_first(lang, words):
    result = odds({"system": "generic", "dice": 2, "sides": 6, "modifier": 1, "bands": PBTA})
    view = bands_view.odds_view(result, {"headline": "", "extra": "<table id=old></table>"}, lang)
    assert view["headline"].startswith("Fallo ") and "Éxito parcial" in view["headline"]
    assert "(5/18)" in view["headline"] and words[1] in view["headline"]
    assert view["extra"].index("odds-bands") < view["extra"].index("id=old")
    assert words[0] in view["extra"] and "<td>7\u20139</td>" in view["extra"] and "<td>\u226510</td>" in view["extra"]
    assert bands_view.odds_view({"distribution": []}, {"headline": "h"}, lang) == {"headline": "h"}


def test_bands_that_cannot_happen_leave_the_headline():
    result = odds({"system": "generic", "dice": 2, "sides": 6, "modifier": 5, "bands": PBTA})
    view = bands_view.odds_view(result, {"headline": ""}, "es")
    assert "Fallo" not in view["headline"] and 'data-band="0"' in view["extra"]   # still in the table, at 0 %


def test_presets_write_the_notation_and_bands_in_the_pages_language():
    assert bands_view.preset_texts("pbta", 2, None, "es") == ("2d6+2", "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito")
    assert bands_view.preset_texts("dnd_adv", 3, 12, "en") == ("2d20kh1+3", "≤11 Failure / ≥12 Success")
    assert bands_view.preset_labels("coc", "es") == ("Habilidad (%)", "Dados de bonificación (+) o penalización (−)")
    assert bands_view.preset_labels("fate", "en") == ("Skill", None)
    assert bands_view.preset_labels("custom", "es") == (None, None)
    assert bands_view.preset_defaults("wod") == (5, 6)
    with pytest.raises(TiradaError) as err:
        bands_view.preset_texts("coc", 120, 0, "es")
    assert err.value.code == "bands.preset_number"


def test_every_preset_has_its_words_in_both_languages():
    for choice in bands_view.CHOICES:
        assert {"es", "en"} <= set(STRINGS[f"bands.preset.{choice or 'none'}"])
    for preset in bands_view.PRESETS:
        for lang in ("es", "en"):
            value, versus = bands_view.preset_labels(preset, lang)
            assert value and (versus is None) == (bands_view.PRESETS[preset].versus is None)


def test_the_forms_text_becomes_the_requests_bands_and_back():
    text = "<=6 Fallo\n7-9 Éxito parcial\n10+ Éxito"
    value = read_form("generic", {"dice": "2", "sides": "6", "bands": text})["bands"]
    assert value == PBTA and "bands" not in read_form("generic", {"dice": "2", "sides": "6", "bands": "  "})
    assert bands_view.bands_text(value) == "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"
    assert bands_view.bands_text([9, "x"]) == "" and bands_view.bands_text(None) == ""
    with pytest.raises(TiradaError) as err:
        read_form("generic", {"notation": "2d6", "bands": "≤6 Fallo / 8+ Éxito"})
    assert (err.value.code, err.value.field) == ("bands.gap", "bands")
    # what the form sends is what the engine rolls
    req = expand({"notation": "2d6+1", "bands": value, "seed": "ab" * 16})
    assert roll(req)["band"]["label"] in ("Fallo", "Éxito parcial", "Éxito")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_history_and_shared_headline_name_the_band(lang):
    """The one-line summary (history list, shared view's headline) ends with the band's name, after
    the sum; without bands it stays as it was."""
    from dice import dice_result

    req = {"system": "generic", "dice": 2, "sides": 6, "bands": PBTA, "seed": "00" * 16}
    result = roll(req)
    line = dice_result.summary(result, lang)
    assert line.endswith(" \u2014 " + result["band"]["label"]) and f'= {result["total"]}' in line
    plain = roll({k: v for k, v in req.items() if k != "bands"})
    assert "\u2014" not in dice_result.summary(plain, lang)
