"""Errors a player can read (issue #14 item 4): a refused roll is explained in the page's language,
next to the field that caused it and scrolled into view, on a phone (360×640) and a desktop
(1366×800); no rule-file reference ("§", "sifrp.md") reaches the page.
"""

from __future__ import annotations

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

SIZES = [pytest.param({"width": 360, "height": 640}, id="phone"),
         pytest.param({"width": 1366, "height": 800}, id="desktop")]


def _page(new_context, base_url, viewport, locale="es-ES", fragment=""):
    ctx, _ = new_context(viewport=viewport, locale=locale)
    return open_app(ctx.new_page(), base_url + fragment)


def _refuse_sifrp(page):
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "25")
    page.click("#roll")


@pytest.mark.parametrize("viewport", SIZES)
def test_an_invalid_roll_is_explained_next_to_its_field_in_view(warm_page, viewport):
    page = warm_page(viewport=viewport)
    _refuse_sifrp(page)
    note = page.locator("#roller-form .field-error")
    expect(note).to_be_visible()
    expect(note).to_be_in_viewport()
    expect(note).to_contain_text("Dados de prueba")
    expect(note).to_contain_text("debe estar entre 1 y 20 (has puesto 25)")
    text = note.inner_text()
    assert "§" not in text and ".md" not in text and "cannot" not in text
    field = page.locator("#sifrp-test_dice")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_focused()
    assert note.get_attribute("id") in field.get_attribute("aria-describedby").split()
    # fixed: the note and the mark go away, the roll is shown
    page.fill("#sifrp-test_dice", "3")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    expect(note).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")


def test_the_english_page_explains_in_english(warm_page):
    page = warm_page(viewport={"width": 360, "height": 640}, locale="en-US")
    _refuse_sifrp(page)
    note = page.locator("#roller-form .field-error")
    expect(note).to_be_in_viewport()
    expect(note).to_contain_text("Test dice")
    expect(note).to_contain_text("must be from 1 to 20, got 25")
    assert "§" not in note.inner_text()


def test_a_huge_typed_number_is_echoed_by_its_digits_not_in_scientific_form(warm_page):
    """Bug: typing 1000000000000000000000 showed "(has puesto 1.0e+21)"."""
    page = warm_page(viewport={"width": 360, "height": 640})
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "1000000000000000000000")
    page.click("#roll")
    note = page.locator("#roller-form .field-error")
    expect(note).to_contain_text("debe estar entre 1 y 20 (has puesto 100000000000…)")
    assert "e+" not in note.inner_text()


@pytest.mark.parametrize("viewport", SIZES)
def test_a_typed_face_a_die_cannot_show_is_explained_in_spanish(warm_page, viewport):
    page = warm_page(viewport=viewport)
    page.select_option("#system", "generic")
    page.fill("#faces", "11, 2, 3")
    page.click("#roll")
    note = page.locator("#roller-form .field-error")
    expect(note).to_be_in_viewport()
    expect(note).to_contain_text("un d10 no puede sacar 11")
    assert "faces[" not in note.inner_text() and "cannot" not in note.inner_text()


def test_a_broken_link_is_explained_in_spanish_in_view(new_context, base_url):
    page = _page(new_context, base_url, {"width": 360, "height": 640}, fragment="#t1AAAA")
    box = page.locator("#shared-error")   # the shared-roll view (issue #14)
    expect(box).to_be_in_viewport()
    expect(box).to_contain_text("enlace")
    text = box.inner_text()
    assert "§" not in text and "link" not in text.lower().replace("enlace", "")
