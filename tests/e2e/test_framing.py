"""End to end: frame-busting (issue #39). A meta CSP cannot carry ``frame-ancestors``, so the page
checks itself: framed by another page it never starts its engine and shows only why (es/en) and a
link that opens it on its own; the userscript's verification frame (``?marco=1``) still starts and
answers, with nothing of the page shown (tests/e2e/test_userscript.py checks its answers)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs
from playwright.sync_api import expect  # noqa: E402

from conftest import READY, READY_TIMEOUT_MS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.forum import links, serve  # noqa: E402

FRAME = "([src]) => { const f = document.createElement('iframe'); f.src = src; f.width = 360; f.height = 640; document.body.append(f); }"


@pytest.fixture(scope="module")
def other_site(tmp_path_factory):
    """A page of another site (``localhost``; Tirada is on ``127.0.0.1``) that frames whatever it is told."""
    url, server = serve(tmp_path_factory.mktemp("framer"), {"index.html": "<!doctype html><title>Ajena</title><p>Ajena"})
    yield url.replace("127.0.0.1", "localhost")
    server.shutdown()


def _frame(page, src: str):
    page.evaluate(FRAME, [src])
    page.wait_for_function("() => window.frames.length === 1")
    frame = page.frames[1]
    frame.wait_for_load_state()
    return frame


@pytest.mark.parametrize("locale, why, open_text", [
    ("es-ES", "Tirada no funciona dentro de otra página", "Abrir Tirada aparte"),
    ("en-GB", "Tirada does not work inside another page", "Open Tirada on its own")])
def test_a_framed_page_refuses_to_run_and_links_to_itself(new_context, base_url, other_site, locale, why, open_text):
    ctx, _ = new_context(viewport={"width": 800, "height": 800}, locale=locale)
    page = ctx.new_page()
    page.goto(other_site)
    fragment = "t1AAAA"
    frame = _frame(page, f"{base_url}#{fragment}")
    box = frame.locator("#framed")
    expect(box).to_be_visible()
    expect(box).to_contain_text(why)
    link = box.locator("a")
    expect(link).to_have_text(open_text)
    assert link.get_attribute("href") == f"{base_url}#{fragment}" and link.get_attribute("target") == "_blank"
    assert frame.locator("#roller-form").is_hidden() and frame.locator("#roll").is_hidden()
    frame.wait_for_function("() => globalThis.tiradaStart !== undefined", timeout=READY_TIMEOUT_MS)
    page.wait_for_timeout(2000)                    # the interpreter is up: the page's Python never runs
    assert frame.evaluate("document.documentElement.dataset.engine") == "loading"
    assert frame.locator("#roller-form").is_hidden() and frame.locator("#framed").is_visible()
    with page.expect_popup() as popup:             # the link opens it on its own, where it starts
        link.click()
    alone = popup.value
    alone.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert alone.locator("#roller-form").is_visible() and alone.locator("#framed").count() == 0


def test_the_verification_frame_still_starts_and_shows_nothing(new_context, base_url, other_site):
    ctx, _ = new_context()
    page = ctx.new_page()
    page.goto(other_site)
    origin = other_site.rstrip("/")
    frame = _frame(page, f"{base_url}?marco=1#origen={origin.replace(':', '%3A').replace('/', '%2F')}")
    frame.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert frame.locator("#framed").count() == 0
    assert frame.evaluate("[...document.body.children].every(e => getComputedStyle(e).display === 'none')")
    page.evaluate("() => { window.heard = []; }")
    ask = json.dumps({"tirada": "verificar", "v": 2, "id": "0123456789abcdef0123456789abcdef", "lang": "es",
                      "links": [{"href": base_url + "#" + links()[0], "text": ""}]})
    # protocol 2 (docs/link-format.md §20): the request brings its own MessageChannel, answered on it only
    page.evaluate("""m => { const channel = new MessageChannel();
        channel.port1.onmessage = (e) => window.heard.push(e.data);
        window.frames[0].postMessage(m, '*', [channel.port2]); }""", ask)
    page.wait_for_function("() => window.heard.some(m => m.includes('verificado'))", timeout=30_000)
    answer = json.loads(next(m for m in page.evaluate("window.heard") if "verificado" in m))
    assert answer["id"] == "0123456789abcdef0123456789abcdef" and answer["marks"][0]["status"] == "ok", answer
