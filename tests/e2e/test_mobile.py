"""Phones (issue #9): a Pixel 5 emulated context (Debian's Chromium, not Playwright's), 360×640 portrait,
touch targets ≥ 44 px, no horizontal scroll, and the language chosen from the browser or the switch.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import READY, READY_TIMEOUT_MS, open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.layout import CLIPPED_SELECTS  # noqa: E402
from helpers.offline import dice, roll_sifrp, wait_offline_ready  # noqa: E402

#: interactive elements too small to hit with a finger, on what is visible now
SMALL_TARGETS = """() => {
  const out = [];
  const seen = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const q = 'button, select, textarea, summary, a[href], input:not([type=hidden])';
  for (const e of document.querySelectorAll(q)) {
    if (!seen(e) || e.classList.contains('skip')) continue;
    if (e.tagName === 'A' && e.closest('p, td, th')) continue;  // links inside a sentence: WCAG exception
    // a checkbox or radio is hit through its label: the label is the target
    const box = (e.type === 'checkbox' || e.type === 'radio') ? (e.closest('label') || e) : e;
    const r = box.getBoundingClientRect();
    if (r.height < 44 - 0.5 || r.width < 44 - 0.5) {
      out.push(`${e.tagName.toLowerCase()}#${e.id || ''}.${e.className || ''} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return out;
}"""
OVERFLOW = """() => {
  const w = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return e.getClientRects().length && r.right > w + 1 && !e.closest('.sr-only, .skip');
  }).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`);
  return {scroll: document.documentElement.scrollWidth, width: w, wide: wide.slice(0, 5)};
}"""


def pixel5(browser_devices) -> dict:
    """Playwright's Pixel 5 descriptor for a context on our own Chromium (no browser type switch)."""
    device = dict(browser_devices["Pixel 5"])
    device.pop("default_browser_type", None)
    return device


#: Playwright's "Pixel 5" descriptor (1.65), used only if the running Playwright cannot be asked
PIXEL5_FALLBACK = {
    "user_agent": "Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/159.0.8154.6 Mobile Safari/537.36",
    "viewport": {"width": 393, "height": 727}, "screen": {"width": 393, "height": 851},
    "device_scale_factor": 2.75, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def devices(browser):
    """``playwright.devices`` of the Playwright that drives the session's browser."""
    try:  # the sync API exposes devices only on the Playwright object that conftest keeps to itself
        return dict(browser.browser_type._impl_obj._playwright.devices)
    except AttributeError:
        return {"Pixel 5": PIXEL5_FALLBACK}


def tabs(page) -> list:
    return page.eval_on_selector_all("[data-tab]", "els => els.map(e => e.dataset.tab)")


def check_layout(page, where: str, problems: dict) -> None:
    """Record horizontal overflow and small touch targets of the page as it is now."""
    over = page.evaluate(OVERFLOW)
    if over["scroll"] > over["width"]:
        problems[f"{where}: horizontal scroll"] = over
    small = page.evaluate(SMALL_TARGETS)
    if small:
        problems[f"{where}: targets < 44 px"] = small
    clipped = page.evaluate(CLIPPED_SELECTS)
    if clipped:
        problems[f"{where}: clipped selects"] = clipped


def test_phone_flows_online_and_offline(new_context, base_url, devices):
    ctx, watch = new_context(**pixel5(devices), service_workers="allow")
    page = open_app(ctx.new_page(), base_url)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    wait_offline_ready(page)
    # roll with taps
    page.tap("#roll")
    page.wait_for_selector("#result .total")
    page.locator("#label").tap()
    page.keyboard.type("Desde el móvil")
    page.tap("#roll")
    page.wait_for_function("document.querySelector('#result').textContent.includes('Desde el móvil')")
    link = page.locator("#share-link").input_value()
    shown = dice(page)
    # offline: reload, roll, open the link
    ctx.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    roll_sifrp(page, "Sin cobertura")
    assert "Sin cobertura" in page.locator("#history-list").inner_text()
    other = open_app(ctx.new_page(), link)
    other.wait_for_selector("#shared .total")
    assert dice(other) == shown and other.locator("#shared").is_visible()
    assert watch.errors == []


def test_small_screen_every_view(warm_page):
    page = warm_page(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True,
                         device_scale_factor=2)
    problems: dict = {}
    for name in tabs(page):
        page.tap(f'[data-tab="{name}"]')
        page.wait_for_selector(f'[data-view="{name}"]:not([hidden])')
        page.eval_on_selector_all("details", "els => els.forEach(d => { d.open = true; })")
        check_layout(page, name, problems)
    # after a roll with a long label: result, share link and history on screen
    page.tap('[data-tab="roll"]')
    roll_sifrp(page, "Una descripción muy larga de la tirada " * 4)
    check_layout(page, "after roll", problems)
    page.tap("#lang")
    page.wait_for_function("document.documentElement.lang === 'en'")
    check_layout(page, "after roll (en)", problems)
    assert problems == {}, problems
    # the checks themselves work: a tiny button, a too-wide box and a narrow select are all reported
    page.evaluate("""() => {
      const b = document.createElement('button'); b.textContent = 'x';
      b.style.cssText = 'min-height:0;min-width:0;padding:0;height:20px;width:20px';
      const wide = document.createElement('div'); wide.style.width = '900px'; wide.textContent = '-';
      const s = document.createElement('select'); s.style.cssText = 'width:120px;min-height:44px';
      s.append(new Option('Complicada (12), muy larga'));
      document.querySelector('main').append(b, wide, s);
    }""")
    check_layout(page, "planted", problems)
    assert set(problems) == {"planted: horizontal scroll", "planted: targets < 44 px", "planted: clipped selects"}


def test_language_from_browser_and_remembered(new_context, base_url, devices):
    ctx, _ = new_context(**{**pixel5(devices), "locale": "en-US"}, service_workers="allow")
    page = open_app(ctx.new_page(), base_url)
    # an English browser gets English, rule terms included
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#roll").inner_text() == "Roll"
    assert page.locator("label[for=sifrp-bonus_dice]").inner_text().startswith("Bonus dice")
    page.fill("#faces", "6, 6, 5, 2, 1")
    page.fill("#sifrp-bonus_dice", "2")
    page.select_option("#sifrp-difficulty", "12")
    page.tap("#roll")
    page.wait_for_selector("#result .verdict")
    assert "Great success (2 degrees)" in page.locator("#result .verdict").inner_text()
    assert "Formidable" in page.locator("#result .verdict").inner_text()
    # the switch is remembered across visits, whatever the browser says
    page.tap("#lang")
    page.wait_for_function("document.documentElement.lang === 'es'")
    assert "Éxito considerable (2 grados)" in page.locator("#result .verdict").inner_text()
    assert "Complicada" in page.locator("#result .verdict").inner_text()
    assert page.evaluate("localStorage.getItem('tirada.lang')") == '"es"'
    page.reload()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("#roll").inner_text() == "Tirar"
    assert page.title().startswith("Tirada — dados")
