"""Layout classes of issue #29, one test each, at a phone (360×640) and a desktop (1366×800) size:
no overlapping chart labels ("1112 13" on the odds axis), the primary action in the first screen
("Tirar" was at 950 px of 800 on desktop) and no clipped select (the measure of test_mobile.py,
kept in tests/helpers/layout.py, on every system's form and every tab).

«Tirar» is kept in sight by sticking to the bottom of the screen while its form is (style.css); the
selects by a two-column span on wider screens, a whole row on phones, and settings tables that stack.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


expect = pytest.importorskip("playwright.sync_api").expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))      # tests/: tests/helpers
from helpers.layout import CLIPPED_SELECTS, PAST_THE_CARD  # noqa: E402

#: the page's two languages, by the browser's locale (the page starts in the browser's language)
LANGS = {"es": "es-ES", "en": "en-US"}
SIZES = {"phone": {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True},
         "desktop": {"viewport": {"width": 1366, "height": 800}}}

#: pairs of chart texts of one row (same baseline) whose boxes overlap, in every visible SVG chart
OVERLAPS = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('svg')) {
    if (!svg.getClientRects().length) continue;
    const texts = [...svg.querySelectorAll('text')].map(t => ({t: t.textContent, r: t.getBoundingClientRect()}))
      .filter(x => x.r.width > 0);
    for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i].r, b = texts[j].r;
      const sameRow = Math.abs(a.bottom - b.bottom) < 2;
      if (sameRow && a.left < b.right - 0.5 && b.left < a.right - 0.5) out.push(`${texts[i].t} × ${texts[j].t}`);
    }
  }
  return out;
}"""

#: forms whose odds charts have the most bars (many labels in a row)
CHARTS = [("sifrp", {"#sifrp-test_dice": "10", "#sifrp-bonus_dice": "0"}),
          ("sifrp", {"#sifrp-test_dice": "2", "#sifrp-bonus_dice": "2"}),
          ("generic", {"#generic-notation": "20d6"}),
          ("generic", {"#generic-notation": "4d6k3"}),
          ("generic", {"#generic-notation": "3d20"}),
          ("l5r5e", {"#l5r-ring": "5", "#l5r-skill": "5"})]


def _open_in(warm_page, size: str, lang: str):
    """A page at ``size`` in a browser that speaks ``lang``; the page must start in it."""
    page = warm_page(**SIZES[size], locale=LANGS[lang])
    assert page.evaluate("document.documentElement.lang") == lang
    return page


@pytest.mark.parametrize("size", sorted(SIZES))
def test_no_chart_labels_overlap(warm_page, size):
    page = warm_page(**SIZES[size])
    problems = {}
    for system, fields in CHARTS:
        before = page.inner_html("#odds-figure")        # before the fields change: filling redraws it
        page.select_option("#system", system)
        for selector, value in fields.items():
            page.fill(selector, value)
        page.locator(list(fields)[-1]).dispatch_event("input")
        page.wait_for_function("b => { const f = document.getElementById('odds-figure');"
                               " return !f.hidden && f.innerHTML !== b && f.querySelector('svg'); }", arg=before)
        labels = page.locator("#odds-figure svg text.label").count()
        assert labels >= 2, (system, fields)
        found = page.evaluate(OVERLAPS)
        if found:
            problems[f"{system} {fields}"] = found
    assert problems == {}
    # the measure works: two labels planted on one spot are reported
    page.evaluate("""() => { const svg = document.querySelector('#odds-figure svg');
      for (const t of ['11', '12']) { const e = document.createElementNS('http://www.w3.org/2000/svg', 'text');
        e.setAttribute('x', '50'); e.setAttribute('y', '50'); e.textContent = t; svg.append(e); } }""")
    assert "11 × 12" in page.evaluate(OVERLAPS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_primary_action_is_in_the_first_screen(warm_page, size, lang):
    """Each system's roll form shows «Tirar» without scrolling, at both sizes."""
    page = _open_in(warm_page, size, lang)
    height = SIZES[size]["viewport"]["height"]
    problems = {}

    def check(where: str, selector: str) -> None:
        box = page.locator(selector).bounding_box()
        if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
            problems[where] = box

    for system in page.eval_on_selector_all("#system option", "els => els.map(e => e.value)"):
        page.select_option("#system", system)
        page.evaluate("window.scrollTo(0, 0)")
        check(f"roll {system}", "#roll")
    assert problems == {}, problems


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_audit_button_is_in_the_first_screen(warm_page, size, lang):
    """«Auditar» was at 879 px on a phone (the luck note and an eight-row box above it)."""
    page = _open_in(warm_page, size, lang)
    page.click('[data-tab="audit"]')
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#audit-run").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= SIZES[size]["viewport"]["height"], box


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", sorted(SIZES))
def test_no_select_is_clipped_and_nothing_reaches_past_its_card_on_any_form(warm_page, size, lang):
    """Every tab and every system's roll form with its boxes open: no select cuts its chosen option off,
    and nothing reaches past the right edge of its card (the L5R skirmish settings did, by 113 px)."""
    page = _open_in(warm_page, size, lang)
    problems = {}

    def measure(where: str) -> None:
        found = page.evaluate(CLIPPED_SELECTS) + page.evaluate(PAST_THE_CARD)
        if found:
            problems[where] = found

    for name in page.eval_on_selector_all("[data-tab]", "els => els.map(e => e.dataset.tab)"):
        page.click(f'[data-tab="{name}"]')
        page.eval_on_selector_all("details", "els => els.forEach(d => { d.open = true; })")
        if name == "roll":
            for system in page.eval_on_selector_all("#system option", "els => els.map(e => e.value)"):
                page.select_option("#system", system)
                page.eval_on_selector_all("details", "els => els.forEach(d => { d.open = true; })")
                measure(f"roll {system}")
        else:
            measure(name)
    assert problems == {}
    # the measure works: a box planted wider than its card is reported
    page.evaluate("""() => { const e = document.createElement('div'); e.id = 'too-wide';
      e.style.width = '5000px'; e.style.height = '1px'; [...document.querySelectorAll('.card')].find((c) => c.getClientRects().length).append(e); }""")
    assert any(found.startswith("div#too-wide +") for found in page.evaluate(PAST_THE_CARD))
