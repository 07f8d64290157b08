"""Issue 28 item 4 in a fresh phone browser (360x640): a roll with a game preset names its outcome
band first, the odds card gives each band's exact odds, and the link, opened in another browser,
shows the same band recomputed (docs/notation.md §Bands)."""

from __future__ import annotations

import json
import re
import sys

import pytest

from conftest import READY, READY_TIMEOUT_MS, ROOT

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.page import hold_engine, release  # noqa: E402

sys.path.pop(0)

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
FATE = next(v for v in json.loads((ROOT / "tests" / "vectors" / "generic.json").read_text(encoding="utf-8"))["rolls"]
            if v["name"].startswith("bands 4dF+2"))


def _pbta(total: int) -> str:
    return "Fallo" if total <= 6 else "Éxito parcial" if total <= 9 else "Éxito"


def _with_preset(warm_page, locale: str, preset: str):
    """The roller's phone page on the generic form with the bands box open and ``preset`` chosen (its
    links open in fresh browsers)."""
    page = warm_page(locale=locale, **PHONE)
    page.select_option("#system", "generic")
    page.click("#generic-bands-box > summary")
    page.select_option("#generic-bands-preset", preset)
    return page


def test_a_pbta_preset_rolls_names_its_band_and_the_link_shows_it_in_a_fresh_browser(warm_page, reader):
    page = _with_preset(warm_page, "es-ES", "pbta")
    expect(page.locator("#generic-bands-value-label")).to_have_text("Atributo")
    expect(page.locator("#generic-bands-versus-field")).to_be_hidden()
    page.fill("#generic-bands-value", "1")
    page.locator("#generic-bands-value").dispatch_event("change")
    expect(page.locator("#generic-notation")).to_have_value("2d6+1")
    expect(page.locator("#generic-bands")).to_have_value("≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito")
    # the odds card: each band's exact odds first (2d6+1: 10/36, 16/36, 10/36)
    expect(page.locator("#odds-summary")).to_contain_text("Fallo 27,8\u00a0% (5/18)")
    expect(page.locator("#odds-summary")).to_contain_text("Éxito parcial 44,4\u00a0% (4/9)")
    page.click("#roll")
    outcome = page.locator("#result .band-outcome")
    expect(outcome).to_be_visible()
    total = int(page.locator("#result .total").get_attribute("data-total"))
    expect(outcome).to_have_text(f"Resultado: {_pbta(total)}")
    first = page.locator("#result").evaluate(   # the outcome comes before the dice and the total
        "r => [...r.querySelectorAll('.band-outcome, .total')].map(e => e.className)")
    assert first[0].endswith("band-outcome")
    link = page.locator("#share-link").input_value()

    other = reader(link.partition("#")[2], locale="es-ES", **PHONE)   # a browser that holds nothing
    expect(other.locator("#shared .shared-ok")).to_be_visible()
    expect(other.locator("#shared .band-outcome")).to_have_text(f"Resultado: {_pbta(total)}")
    expect(other.locator("#shared-pool")).to_have_text("2d6 +1, resultados: ≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito")
    assert other.locator("#shared .total").get_attribute("data-total") == str(total)
    assert other.evaluate("document.documentElement.scrollWidth") <= 360
    assert "Traceback" not in other.inner_text("body")


def test_a_cthulhu_bonus_die_in_english_names_the_success_level(warm_page):
    page = _with_preset(warm_page, "en-GB", "coc")
    expect(page.locator("#generic-bands-versus-label")).to_contain_text("Bonus")
    page.fill("#generic-bands-value", "45")
    page.fill("#generic-bands-versus", "1")
    page.locator("#generic-bands-versus").dispatch_event("change")
    expect(page.locator("#generic-notation")).to_have_value("(2d10kl1-1)*10+1d10")
    expect(page.locator("#generic-bands")).to_have_value(
        "≤1 Critical / 2–9 Extreme / 10–22 Hard / 23–45 Regular / 46–95 Failure / ≥96 Fumble")
    expect(page.locator("#odds-tables .odds-bands tr[data-band]")).to_have_count(6)
    page.click("#roll")
    total = int(page.locator("#result .total").get_attribute("data-total"))
    level = ["Critical", "Extreme", "Hard", "Regular", "Failure", "Fumble"][
        sum(total >= cut for cut in (2, 10, 23, 46, 96))]
    expect(page.locator("#result .band-outcome")).to_have_text(f"Outcome: {level}")
    # the box with both numbers shown, the odds per band and the outcome line pass axe
    assert axe_problems(page) == []


def test_the_fate_vector_shows_its_pool_at_once_then_the_recomputed_band(new_context, base_url):
    ctx, _ = new_context(locale="es-ES", service_workers="block", **PHONE)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{FATE['fragment']}")
    # the request preview's pool line, or the same line in the reading core's view (it replaces the preview)
    expect(page.locator("#shared-pool, #core-pool").first).to_have_text(
        "4dF +2, resultados: ≤−2 Terrible / … / ≥8 Legendary (11)")
    release(page, held)
    expect(page.locator("#shared [data-verified]")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared .band-outcome")).to_have_text(f"Resultado: {FATE['result']['band']['label']}")


def test_bands_with_a_gap_are_refused_under_their_field_in_spanish(warm_page):
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "2d6")
    page.click("#generic-bands-box > summary")
    page.fill("#generic-bands", "≤6 Fallo / 8+ Éxito")
    expect(page.locator("#generic-bands-preset")).to_have_value("custom")
    page.click("#roll")
    error = page.locator("#generic-bands-box .field-error")
    expect(error).to_contain_text(re.compile("7 a 7 se quedan sin nombre"))
    assert "Traceback" not in page.inner_text("body")


def test_a_generic_character_saves_a_roll_with_its_bands_and_rolls_it(warm_page):
    page = warm_page(**PHONE)
    page.click("#tab-data")
    page.select_option("#char-new-system", "generic")
    page.fill("#char-new-name", "Rook")
    page.fill("#char-new-campaign", "Apocalypse World")
    page.click("#char-create")
    page.wait_for_function("document.querySelector('#sheet-editor-heading').textContent.includes('Rook')")
    page.fill("#cs-rolls", "Actuar bajo presión: 2d6+1 | <=6 Fallo / 7-9 Éxito parcial / 10+ Éxito\nDaño: 1d8+2")
    page.click("#cs-save")
    stored = page.evaluate("JSON.parse(localStorage.getItem('tirada.characters.v1'))")
    rook = next(c for c in stored["characters"] if c["name"] == "Rook")
    assert rook["sheet"]["rolls"][0]["bands"] == [1, "Fallo", 7, "Éxito parcial", 10, "Éxito"]
    page.reload()   # kept in this browser: the editor shows it back in canonical form
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)   # the list is drawn once the engine is ready
    page.click("#tab-data")
    page.click("#char-list [aria-label='Abrir ficha: Rook']")
    expect(page.locator("#cs-rolls")).to_have_value(
        "Actuar bajo presión: 2d6+1 | ≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito\nDaño: 1d8+2")
    page.select_option("#roll-saved", "Actuar bajo presión")
    page.click("#roll-with-sheet")
    expect(page.locator("#generic-notation")).to_have_value("2d6+1")
    expect(page.locator("#generic-bands")).to_have_value("≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito")
    page.click("#roll")
    total = int(page.locator("#result .total").get_attribute("data-total"))
    expect(page.locator("#result .band-outcome")).to_have_text(f"Resultado: {_pbta(total)}")
    assert "Traceback" not in page.inner_text("body")


def test_roll_this_again_shows_the_game_of_the_roll_it_repeats(warm_page):
    """«Tirar esto otra vez» filled the form but the «Juego» select kept the earlier choice ("custom"
    for a preset's bands, the old game for a roll without bands): it now shows the preset that makes
    the repeated roll's dice and bands, with its numbers, else "custom" or "no names"."""
    page = _with_preset(warm_page, "es-ES", "dnd_adv")
    page.fill("#generic-bands-value", "3")
    page.fill("#generic-bands-versus", "12")
    page.locator("#generic-bands-versus").dispatch_event("change")
    expect(page.locator("#generic-notation")).to_have_value("2d20kh1+3")
    page.click("#roll")
    expect(page.locator("#result .band-outcome")).to_be_visible()
    dnd_link = page.locator("#share-link").input_value()
    page.select_option("#generic-bands-preset", "")          # no names, plain dice
    page.fill("#generic-notation", "1d8+2")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    plain_link = page.locator("#share-link").input_value()

    page.select_option("#generic-bands-preset", "wod")       # another game chosen meanwhile
    page.evaluate("h => { location.hash = h; }", dnd_link.split("#", 1)[1])
    expect(page.locator("#shared .shared-ok")).to_be_visible()
    page.click("#roll-again")
    expect(page.locator("#generic-bands")).to_have_value("≤11 Fallo / ≥12 Éxito")
    expect(page.locator("#generic-bands-preset")).to_have_value("dnd_adv")
    expect(page.locator("#generic-bands-value")).to_have_value("3")
    expect(page.locator("#generic-bands-versus")).to_have_value("12")
    expect(page.locator("#generic-bands-versus-label")).to_be_visible()

    page.select_option("#generic-bands-preset", "pbta")      # and a game again before the plain roll's link
    page.evaluate("h => { location.hash = h; }", plain_link.split("#", 1)[1])
    expect(page.locator("#shared .shared-ok")).to_be_visible()
    page.click("#roll-again")
    expect(page.locator("#generic-bands")).to_have_value("")
    expect(page.locator("#generic-bands-preset")).to_have_value("")
    expect(page.locator("#generic-bands-value-field")).to_be_hidden()
    expect(page.locator("#generic-bands-versus-field")).to_be_hidden()
    assert "Traceback" not in page.inner_text("body")
