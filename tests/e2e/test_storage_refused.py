"""End to end: a start that never waits on storage (issue #39).

* a real cross-site frame: the forum on ``localhost``, Tirada on ``127.0.0.1`` (another site, so
  Chromium refuses the frame its storage: localStorage throws, IndexedDB says "denied"); the
  userscript's hidden frame still starts and marks every link right (verification needs no storage);
* first-party with IndexedDB refused (``indexedDB.open`` throws, or its request fails, or never
  answers) or localStorage refused: the page starts on a memory store, says what that means
  (nothing kept after closing; export to keep) and rolls.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app
pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs
pytest.importorskip("bbcode")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.forum import links, pages, serve  # noqa: E402
from helpers.userscript import marks, with_userscript  # noqa: E402

from tirada.links.snippets import snippet  # noqa: E402


@pytest.fixture(scope="module")
def cross_site_forum(base_url, tmp_path_factory):
    """The forum's pages served on ``localhost``: another *site* than Tirada's ``127.0.0.1``."""
    url, server = serve(tmp_path_factory.mktemp("forum-xs"), pages(base_url))
    yield url.replace("127.0.0.1", "localhost")
    server.shutdown()


def test_a_cross_site_frame_without_storage_marks_every_link(new_context, base_url, cross_site_forum):
    ctx, _ = new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    with_userscript(ctx, base_url)
    page = ctx.new_page()
    page.goto(cross_site_forum + "phpbb.html")
    frame_storage = None
    got = marks(page, 4)
    for frame in page.frames[1:]:
        frame_storage = frame.evaluate("(() => { try { localStorage.length; return 'ok'; } catch (e) { return e.name; } })()")
    assert frame_storage == "SecurityError"       # the frame really had no storage
    for mark, fragment in zip(got, links()):
        outcome = snippet(fragment, base_url, "text").split("\n")[2]
        assert mark["href"].endswith(fragment)
        assert mark["status"] == "ok" and mark["label"] == f"Marca de Tirada: ✔ {outcome}", mark
    # the frame opened PyScript's database in memory: the browser refused its own
    assert page.frames[1].evaluate("globalThis.tiradaIndexedDB") == "memory"


#: IndexedDB refused three ways, before the page's own scripts: ``indexedDB.open`` throws a
#: SecurityError; its request fails ("denied", as Chromium says in a cross-site frame); it never answers
IDB_REFUSED = {
    "throws": "IDBFactory.prototype.open = function () { throw new DOMException('denied', 'SecurityError'); };",
    "fails": """IDBFactory.prototype.open = function () {
        const request = {error: new DOMException('The user denied permission', 'UnknownError')};
        setTimeout(() => request.onerror && request.onerror({target: request, preventDefault() {}}), 5);
        return request; };""",
    "silent": "IDBFactory.prototype.open = function () { return {}; };",
}
LS_REFUSED = """Object.defineProperty(window, 'localStorage', {configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});"""


def _roll(page) -> str:
    page.click("#tab-roll")
    page.select_option("#system", "sifrp")
    page.click("#roll")
    page.wait_for_selector("#result .total")
    return page.inner_text("#result .total")


@pytest.mark.parametrize("how", sorted(IDB_REFUSED))
def test_indexeddb_refused_first_party_the_page_starts_rolls_and_keeps(new_context, base_url, how):
    """Tirada keeps nothing in IndexedDB: with only IndexedDB refused, rolls are still kept (localStorage)
    and nothing is said; PyScript's own cache is in memory for the session."""
    ctx, _ = new_context(viewport={"width": 360, "height": 640})
    ctx.add_init_script(IDB_REFUSED[how])
    page = open_app(ctx.new_page(), base_url)
    assert page.evaluate("globalThis.tiradaIndexedDB") == "memory"
    assert _roll(page)
    assert page.locator("#history-list li").count() == 1
    assert page.locator("#notice").is_hidden()
    page = open_app(page, base_url)                          # and again: the roll was kept
    assert page.locator("#history-list li").count() == 1


def test_all_storage_refused_first_party_starts_in_memory_and_says_so(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    ctx.add_init_script(IDB_REFUSED["fails"] + "\n" + LS_REFUSED)
    page = open_app(ctx.new_page(), base_url)
    assert page.evaluate("globalThis.tiradaIndexedDB") == "memory"
    notice = page.inner_text("#notice")
    assert "nothing is kept when the tab closes" in notice and "«Export everything»" in notice, notice
    page.click("#lang")                                      # and in Spanish
    notice = page.inner_text("#notice")
    assert "nada se conserva al cerrar la pestaña" in notice and "«Exportar todo»" in notice, notice
    assert _roll(page)
    assert page.locator("#history-list li").count() == 1


def test_a_normal_start_uses_the_browsers_indexeddb(app):
    assert app.evaluate("globalThis.tiradaIndexedDB") == "browser"
