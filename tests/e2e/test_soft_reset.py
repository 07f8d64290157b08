"""The browser tests' soft reset (web/shell/test_reset.py, issue #37): a tab a test has used, reset in
place, is what a fresh visit shows — and a visitor's page has no such reset at all."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import TEST_PAGE_SCRIPT, open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import roll_named  # noqa: E402

#: what a test can see of a page: the DOM (body, <html>'s attributes, title), the focus, the scroll,
#: the address, the site's storage, the views' global marks
_STATE = """() => JSON.stringify({
  body: document.body.innerHTML,
  html: Array.from(document.documentElement.attributes).map(a => [a.name, a.value]),
  title: document.title,
  focus: document.activeElement === document.body ? 'body' : document.activeElement.outerHTML.slice(0, 80),
  scroll: [window.scrollX, window.scrollY],
  hash: location.hash,
  local: Object.entries(localStorage).sort(),
  session: Object.entries(sessionStorage).sort(),
})"""


def _settled_state(page) -> str:
    """The page's state once the views loaded after ready have drawn (unchanged for 1 s)."""
    before = page.evaluate(_STATE)
    for _ in range(60):
        page.wait_for_timeout(1000)
        now = page.evaluate(_STATE)
        if now == before:
            return now
        before = now
    raise AssertionError("the page kept changing for a minute")


def _difference(fresh: str, after: str) -> str:
    """Where two states differ, line by line (for the failure message)."""
    import difflib

    def lines(state: str) -> list:
        return state.replace("\\n", "\n").replace("><", ">\n<").splitlines()
    return "\n".join(list(difflib.unified_diff(lines(fresh), lines(after), "fresh", "reset", n=1))[:60])


def _use(page) -> None:
    """What tests do to a tab: roll as a named roller, switch the language, open the audit, type, open
    a details box, keep something in sessionStorage, move the address and the focus."""
    roll_named(page, "Aria", "Invernalia", "Atletismo")
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.click("#tab-audit")
    page.fill("#audit-text", "nothing here")
    page.evaluate("sessionStorage.setItem('x', '1'); location.hash = 'roller-form'; window.scrollTo(0, 400)")
    page.focus("#audit-text")


def test_a_reset_tab_is_what_a_fresh_visit_shows(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(TEST_PAGE_SCRIPT)
    page = open_app(ctx.new_page(), base_url)
    fresh = _settled_state(page)
    _use(page)
    assert page.evaluate(_STATE) != fresh, "the test's own changes did not show"
    assert page.evaluate("window.tiradaReset('')") == "ready"
    after = _settled_state(page)
    assert after == fresh, _difference(fresh, after)
    # and it still works as a fresh page does: one roll, numbered 1 in its chain, in Spanish
    roll_named(page, "Aria", "Invernalia", "Atletismo")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.locator("#result .total").count() == 1
    assert page.evaluate("Object.keys(localStorage).some(k => k.startsWith('tirada.chains'))")


def test_a_visitors_page_has_no_reset(new_context, base_url):
    ctx, _ = new_context()
    page = open_app(ctx.new_page(), base_url)
    assert page.evaluate("[typeof window.tiradaReset, typeof window.__tiradaTestSnapshot]") == \
        ["undefined", "undefined"]
