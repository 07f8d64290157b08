"""Issue 43 dialects in a fresh phone browser (360x640): the reading in words under the notation field as
you type (and again when the dialect changes), a Dice Maiden roll whose link carries its dialect and opens
in another fresh browser on the same total with "(notación de Dice Maiden)" in the pool, and a slip
refused with the working form. docs/notation.md §Dialects."""

from __future__ import annotations

import pytest

import sys

from conftest import ROOT, open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.page import open_shared_result  # noqa: E402

sys.path.pop(0)

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def _generic(warm_page, dialect: str = "roll20"):
    """The roller's phone page on the generic roll, the dialect chosen (its links open in fresh browsers)."""
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.select_option("#generic-dialect", dialect)
    return page


def test_the_reading_in_words_follows_the_text_and_the_dialect(warm_page):
    page = _generic(warm_page)
    page.fill("#generic-notation", "2d6r<3")
    words = page.locator("#generic-notation-words")
    expect(words).to_have_text("Se lee: 2d6, se repite cada dado menor que 4 hasta que no lo sea, se suman")
    page.select_option("#generic-dialect", "foundry")
    expect(words).to_have_text("Se lee: 2d6, se repite una vez cada dado menor que 3, se suman (leído como Foundry VTT)")
    page.fill("#generic-notation", "4 d6")
    expect(words).to_contain_text("«4d6» (una tirada) o «4 1d6»")
    page.fill("#generic-notation", "")
    expect(words).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert "Traceback" not in page.inner_text("body")


def test_a_dice_maiden_roll_links_with_its_dialect_and_opens_in_a_fresh_browser(warm_page, reader):
    page = _generic(warm_page, "dicemaiden")
    page.fill("#generic-notation", "-d20+5")
    expect(page.locator("#generic-notation-words")).to_have_text(
        "Se lee: (2d20, se queda el más bajo) más 5 (leído como Dice Maiden)")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    pool = "2d20, guardas 1 los más bajos +5 (notación de Dice Maiden)"
    expect(page.locator("#result-pool")).to_have_text(pool)
    assert 6 <= int(page.locator("#result .total").get_attribute("data-total")) <= 25   # never a negative total
    other = open_shared_result(reader, page, pool, locale="es-ES", **PHONE)
    assert other.evaluate("document.documentElement.scrollWidth") <= 360
    assert "Traceback" not in other.inner_text("body")


def test_a_leading_minus_die_in_roll20_is_refused_with_the_working_form(warm_page):
    page = _generic(warm_page)
    page.fill("#generic-notation", "-d20")
    page.click("#roll")
    expect(page.locator("#result .error")).to_contain_text("«2d20kl1»")
    assert "Traceback" not in page.inner_text("body")


@pytest.mark.parametrize("dialect, text, pool", [
    ("foundry", "{1d8x, 1d6x}kh+2", "{(1d8! (explosivos)), (1d6! (explosivos))}kh1 + 2 (notación de Foundry VTT)"),
    ("avrae", "8d6mi2", "8d6, mínimo 2 (notación de Avrae)"),
    ("dicemaiden", "4d10 t8 e10", "4d10! (explosivos una vez), éxitos con ≥8 (notación de Dice Maiden)"),
    ("roll20", "d66", "1d6 × 10 + 1d6"),
])
def test_each_new_kind_of_roll_opens_through_its_link_in_a_fresh_browser(warm_page, reader,
                                                                         dialect, text, pool):
    page = _generic(warm_page, dialect)
    page.fill("#generic-notation", text)
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    expect(page.locator("#result-pool")).to_have_text(pool)
    other = open_shared_result(reader, page, pool, locale="es-ES", **PHONE)
    assert other.evaluate("document.documentElement.scrollWidth") <= 360
    assert "Traceback" not in other.inner_text("body")


def test_a_campaign_remembers_its_dialect(warm_page, base_url):
    """A dialect chosen while a campaign is named comes back when that campaign is named again (a
    preference of this browser, like the roller's name)."""
    page = _generic(warm_page)
    if not page.locator("#campaign").is_visible():
        page.click("#who summary")
    page.fill("#campaign", "Mesa del jueves")
    page.dispatch_event("#campaign", "change")
    page.select_option("#generic-dialect", "dicemaiden")
    page.fill("#campaign", "Otra mesa")
    page.dispatch_event("#campaign", "change")
    page.select_option("#generic-dialect", "avrae")
    page.fill("#campaign", "Mesa del jueves")
    page.dispatch_event("#campaign", "change")
    expect(page.locator("#generic-dialect")).to_have_value("dicemaiden")
    page.fill("#generic-notation", "4d6 r2")
    expect(page.locator("#generic-notation-words")).to_contain_text("leído como Dice Maiden")
    page = open_app(page.context.new_page(), base_url)     # kept in this browser's storage
    page.select_option("#system", "generic")
    if not page.locator("#campaign").is_visible():
        page.click("#who summary")
    page.fill("#campaign", "Otra mesa")
    page.dispatch_event("#campaign", "change")
    expect(page.locator("#generic-dialect")).to_have_value("avrae")
    assert "Traceback" not in page.inner_text("body")
