"""Useful before ready (issue #16): while the engine loads, the loading text says what to expect,
the roll form can be filled and a roll asked for runs as soon as the engine is ready.

The engine is held back by holding Pyodide's WebAssembly request until the test lets it go. The reading
core's form (issue #41: SIFRP and the generic roll roll on MicroPython before Pyodide) is refused here, so
these are the page a browser that cannot start the core sees; tests/e2e/test_core_form.py has the core's.
"""

from __future__ import annotations

import sys

from conftest import READY_TIMEOUT_MS, ROOT

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.page import block_core, hold_engine, release  # noqa: E402


def test_roll_asked_while_loading_runs_when_ready(new_context, base_url):
    from playwright.sync_api import expect  # here: the suite is also collected inside Pyodide

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held = hold_engine(ctx)
    block_core(ctx)                  # no reading core: the roll waits for the engine
    page = ctx.new_page()
    page.goto(base_url)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.text"]["es"])
    page.select_option("#system", "sifrp")
    expect(page.locator('fieldset[data-system="sifrp"]')).to_be_visible()
    expect(page.locator('fieldset[data-system="generic"]')).to_be_hidden()
    page.fill("#label", "Antes de estar listo")
    page.click("#roll")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.queued"]["es"])
    expect(page.locator("#roll")).to_have_attribute("aria-busy", "true")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert page.url == base_url  # no native form submission

    release(page, held)
    expect(page.locator("#result .total")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#history-list li").first).to_contain_text("Antes de estar listo")
    expect(page.locator("#roll")).not_to_have_attribute("aria-busy", "true")
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"


def test_loading_text_in_english_before_the_engine(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block", locale="en-US")
    held = hold_engine(ctx)
    block_core(ctx)                  # the loading text stays the engine's (the core's form says it rolls)
    page = ctx.new_page()
    page.goto(base_url)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.text"]["en"])
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "en")
