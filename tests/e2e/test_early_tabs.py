"""The tabs before the full engine is up: progress, never a dead button (issue #41; web/early-tabs.mjs).

On a phone's first visit Pyodide takes ~11 s; until then the tabs were buttons that did nothing (the full
page's handler, web/shell/page.py on_tab, runs on Pyodide). Now a tab switches its view at once, the view
says it opens as soon as Tirada has loaded (its controls inert meanwhile), and the full page opens the tab
chosen once it is up; when Pyodide fails the view says so and the «Tirar» tab keeps rolling on the core.
Every test is a fresh phone (360×640, no service worker) with Pyodide's WebAssembly held back or refused.
"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.link_cases import vector_fragments  # noqa: E402
from helpers.page import hold_engine, refuse_engine, release  # noqa: E402

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
#: the tabs whose views need the full engine, and a control of each that must not work before it
NEEDS_ENGINE = {"audit": "#audit-text", "scene": "#sheet-name", "brs": "[data-start-point=duel]",
                "data": "#char-new-name"}
SHOWN = """name => [document.querySelector('[data-tab][aria-current=page]').dataset.tab,
  [...document.querySelectorAll('[data-view]')].filter(s => !s.hidden).map(s => s.dataset.view)]"""


def _core_up(page) -> None:
    from playwright.sync_api import expect

    expect(page.locator("html")).to_have_attribute("data-core-form", "ready", timeout=READY_TIMEOUT_MS)


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("en-GB", "en")])
def test_a_tab_pressed_before_the_engine_opens_its_view_says_it_is_loading_then_works(new_context, base_url,
                                                                                     locale, lang):
    from playwright.sync_api import expect

    ctx, watch = new_context(service_workers="block", locale=locale, **PHONE)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    _core_up(page)
    assert page.get_attribute("html", "data-engine") == "loading"
    for tab, control in NEEDS_ENGINE.items():
        page.click(f"#tab-{tab}")
        assert page.evaluate(SHOWN) == [tab, [tab]]
        view = page.locator(f'[data-view="{tab}"]')
        line = view.locator(".tab-waiting")
        expect(line).to_have_text(STRINGS["loading.tab"][lang])
        expect(line).to_have_attribute("role", "status")
        expect(line).to_have_attribute("aria-busy", "true")
        # the view's controls wait with it: not focusable, not usable, until the engine is up
        assert page.evaluate("sel => Boolean(document.querySelector(sel).closest('[inert]'))", control)
        assert page.evaluate("document.activeElement.id") == f"tab-{tab}"   # focus stays on the tab pressed
        assert line.bounding_box()["y"] < 640   # said where the reader looks, not below the fold
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert axe_problems(page) == []
    page.click("#tab-roll")                   # the form needs no engine: no line, nothing inert
    assert page.evaluate(SHOWN) == ["roll", ["roll"]]
    assert page.locator('[data-view="roll"] .tab-waiting, [data-view="roll"] [inert]').count() == 0
    page.click("#tab-data")
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    # the full page opens the tab chosen meanwhile: no line, nothing inert, and its view works
    expect(page.locator(".tab-waiting")).to_have_count(0)
    expect(page.locator("[data-view] [inert]")).to_have_count(0)
    assert page.evaluate(SHOWN) == ["data", ["data"]]
    page.fill("#char-new-name", "Corvo")
    page.click("#char-create")
    expect(page.locator("#char-list")).to_contain_text("Corvo")
    watch.assert_clean()


def test_with_pyodide_refused_a_tab_says_its_view_could_not_load_and_the_form_still_rolls(new_context, base_url):
    from playwright.sync_api import expect

    ctx, watch = new_context(service_workers="block", locale="es-ES", **PHONE)
    refused = refuse_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    _core_up(page)
    page.click("#tab-brs")                     # pressed while it still loads, then it fails
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    line = page.locator('[data-view="brs"] .tab-waiting')
    expect(line).to_have_text(STRINGS["loading.tab_failed"]["es"])
    expect(line).to_have_attribute("aria-busy", "false")
    expect(line.locator("progress")).to_be_hidden()
    page.click("#tab-audit")                   # pressed after it failed
    expect(page.locator('[data-view="audit"] .tab-waiting')).to_have_text(STRINGS["loading.tab_failed"]["es"])
    assert axe_problems(page) == []
    page.click("#tab-roll")
    assert page.evaluate(SHOWN) == ["roll", ["roll"]]
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "3")
    page.click("#roll")
    expect(page.locator("#core-roll-headline")).to_be_visible()
    assert "#t2" in page.locator("#share-link").input_value()
    assert refused and all("/pyodide/" in url for url in refused)
    assert all("ERR_FAILED" in e or "pyodide" in e for e in watch.errors), watch.errors
    watch.errors.clear()   # the browser's console names the refused files


def test_a_link_opened_keeps_its_view_when_the_reader_went_back_to_the_first_tab(new_context, base_url):
    """A Confrontation link's first view is on «Tirar» (the core's card); a reader who looks at another tab and
    comes back while Tirada loads gets the link's board once it is up, not the empty form."""
    from playwright.sync_api import expect

    fragment = {name: f for _stem, name, f in vector_fragments() if name}["Haster vs Sharla, Sharla spends Advantage"]
    ctx, watch = new_context(service_workers="block", locale="es-ES", **PHONE)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{fragment}")
    expect(page.locator("#core-headline")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.core_link"]["es"])
    page.click("#tab-scene")
    expect(page.locator('[data-view="scene"] .tab-waiting')).to_be_visible()
    page.click("#tab-roll")
    expect(page.locator("#core-headline")).to_be_visible()             # back on the link's first view
    release(page, held)
    expect(page.locator("#brs-view")).to_be_visible(timeout=READY_TIMEOUT_MS)
    assert page.evaluate(SHOWN) == ["brs", ["brs"]]
    expect(page.locator(".tab-waiting")).to_have_count(0)
    watch.assert_clean()
