"""A start-up that cannot finish says so at once (issue #16): never a blank page, a traceback or
PyScript's English error box, never two minutes of "loading".

Each runtime file of a first visit is made unreachable (refused by the host, the connection
dropped, or a truncated / garbled body): the loading box turns into the failure message of
web/shell/strings.py in the page's language within seconds (web/loader.js listens to the start module,
web/pyodide-start.mjs, and to PyScript), the form stays on the page. engine.zip, which the start
module fetches itself, is tried a second time before giving up, so one flaky download still starts.
A visit the service worker controls that can start neither from the snapshot nor plainly says so too.
"""

from __future__ import annotations

import re
import sys

import pytest

from conftest import READY_TIMEOUT_MS, ROOT, build, open_app

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.offline import wait_offline_ready  # noqa: E402
from helpers.page import block_core, hold_engine, release  # noqa: E402

#: well under loader.js's last-resort time-out (120 s): a failure is noticed, not waited out
SAID_AT_ONCE_MS = 30_000


def refuse(route):
    route.fulfill(status=404, body="gone")


def drop(route):
    route.abort()


def truncate(route):
    # the first bytes of a zip archive, cut short (a download interrupted half-way)
    route.fulfill(status=200, body=b"PK\x03\x04" + b"\x00" * 200, content_type="application/zip")


def expect_failure_text(page, lang: str = "es") -> None:
    """The loading line says, in ``lang``, that the engine could not load: and that the form still rolls
    when its reading core is up (web/loader.js fail(): ``loading.failed_core``), else ``loading.failed``."""
    from playwright.sync_api import expect

    either = [STRINGS["loading.failed"][lang], STRINGS["loading.failed_core"][lang]]
    expect(page.locator("#loading-text")).to_have_text(re.compile("^(" + "|".join(map(re.escape, either)) + ")$"))
    core = page.evaluate("document.documentElement.dataset.coreForm === 'ready'")
    expect(page.locator("#loading-text")).to_have_text(either[1] if core else either[0])


def expect_failure_said(page, lang: str = "es") -> None:
    """The page says, in ``lang``, that the engine could not load; the form is still there."""
    from playwright.sync_api import expect

    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=SAID_AT_ONCE_MS)
    expect_failure_text(page, lang)
    expect(page.locator("#loading")).to_have_attribute("role", "alert")
    expect(page.locator("#loading progress")).to_have_count(0)
    expect(page.locator(".py-error:visible")).to_have_count(0)  # PyScript's English box, a traceback
    expect(page.locator("#roller-form")).to_be_visible()
    page.select_option("#system", "sifrp")  # the form still answers
    expect(page.locator('fieldset[data-system="sifrp"]')).to_be_visible()


@pytest.mark.parametrize("answer", [refuse, drop, truncate], ids=["404", "dropped", "truncated"])
def test_engine_archive_unreachable_on_a_first_visit(new_context, base_url, answer):
    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    asked = []

    def route(r):
        asked.append(r.request.url)
        answer(r)

    ctx.route("**/engine.zip.gz", route)
    page = ctx.new_page()
    page.goto(base_url)
    expect_failure_said(page)
    assert len(asked) == 2  # tried once more before giving up
    # the browser's console names the failure (for whoever debugs it), nothing else
    assert watch.errors and all("engine.zip" in e or "Failed to" in e for e in watch.errors), watch.errors
    watch.errors.clear()


def test_engine_archive_failing_once_still_starts(new_context, base_url):
    from playwright.sync_api import expect

    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    asked = []

    def flaky(route):
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()
        else:
            route.continue_()

    ctx.route("**/engine.zip.gz", flaky)
    page = ctx.new_page()
    page.goto(base_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    assert len(asked) == 2
    page.select_option("#system", "sifrp")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    watch.errors[:] = [e for e in watch.errors if "ERR_FAILED" not in e]  # the dropped first try


@pytest.mark.parametrize(("path", "answer", "locale", "lang"), [
    ("**/app.zip", refuse, "es-ES", "es"),
    ("**/app.zip", truncate, "en-GB", "en"),
    ("**/pyodide/pyodide.asm.wasm", refuse, "es-ES", "es"),  # Pyodide itself only warns and waits
    ("**/pyodide/python_stdlib.zip", refuse, "en-GB", "en"),
    ("**/pyodide-start.mjs", refuse, "es-ES", "es"),
    ("**/pyscript.json", refuse, "en-GB", "en"),  # PyScript shows its own (English) error box
], ids=["app.zip-404", "app.zip-truncated-en", "wasm-404", "stdlib-404-en", "start-module-404", "config-404-en"])
def test_runtime_file_unreachable_on_a_first_visit(new_context, base_url, path, answer, locale, lang):
    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block", locale=locale)
    ctx.route(path, answer)
    page = ctx.new_page()
    page.goto(base_url)
    expect_failure_said(page, lang)
    assert watch.errors, "the console names the failure"
    watch.errors.clear()


def test_a_failure_stays_said(new_context, base_url):
    """The "still loading" text (after 15 s) never replaces the failure message."""

    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    ctx.route("**/engine.zip.gz", refuse)
    page = ctx.new_page()
    page.clock.install()
    page.goto(base_url)
    expect_failure_said(page)
    page.clock.run_for(20_000)
    expect_failure_text(page)
    watch.errors.clear()


#: deletes the precached snapshot and engine.zip (and the kept unpacked copy); resolves to the number
#: of precache entries deleted
FORGET = """async () => {
  await caches.delete('tirada-snapshot-unpacked');
  let deleted = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) {
      if (!/\\/(pyodide\\/snapshot\\.bin\\.gz|engine\\.zip\\.gz)$/.test(new URL(req.url).pathname)) continue;
      await cache.delete(req);
      deleted++;
    }
  }
  return deleted;
}"""


def test_controlled_visit_with_nothing_to_start_from(new_context, base_url):
    """A visit the worker controls, with the snapshot and engine.zip gone from its precache and the
    host unreachable for them: the snapshot fails, the plain start fails, and the page says so at once."""
    if not (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        return  # built with TIRADA_SNAPSHOT=0: the first-visit tests above cover the plain start
    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="allow")
    first = open_app(ctx.new_page(), base_url)
    wait_offline_ready(first)
    assert first.evaluate(FORGET) == 2
    ctx.route("**/pyodide/snapshot.bin.gz", drop)
    ctx.route("**/engine.zip.gz", drop)
    page = ctx.new_page()
    page.goto(base_url)
    expect_failure_said(page)
    assert page.evaluate("[globalThis.tiradaStart, globalThis.tiradaSnapshotReason]") == ["plain", "local"]
    watch.errors.clear()  # the dropped requests and the failed start, named in the console


#: the page's width against the phone's, and the loading text's box (left, right)
FITS = """() => {
  const box = document.getElementById('loading-text').getBoundingClientRect();
  return [document.documentElement.scrollWidth, document.documentElement.clientWidth, box.left, box.right];
}"""


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("en-GB", "en")])
def test_loading_and_failure_texts_fit_a_phone(new_context, base_url, locale, lang):
    """On a 360 px phone each loading text (at start, after 15 s, on failure) fits: no sideways scroll."""
    from playwright.sync_api import expect

    def fits(page):
        scroll, width, left, right = page.evaluate(FITS)
        assert scroll <= width and left >= 0 and right <= width, (scroll, width, left, right)

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block", locale=locale)
    held = hold_engine(ctx)
    block_core(ctx)   # the engine's own loading texts (the core's form says it rolls: tests/e2e/test_core_form.py)
    page = ctx.new_page()
    page.clock.install()
    page.goto(base_url)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.text"][lang])
    fits(page)
    page.clock.run_for(16_000)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.slow"][lang])
    fits(page)
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#loading")).to_be_hidden()

    failing, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block", locale=locale)
    failing.route("**/engine.zip.gz", refuse)
    broken = failing.new_page()
    broken.goto(base_url)
    expect_failure_said(broken, lang)
    fits(broken)
    watch.errors.clear()  # the refused engine.zip, named in the console


def test_a_roll_asked_after_a_failure_shows_why_nothing_rolls(new_context, base_url):
    """On a phone scrolled down to the roll button, asking a roll once the engine has failed brings
    the failure message into view (no silent button). With the reading core refused too: where the core
    is up it rolls SIFRP and the generic roll all the same (tests/e2e/test_core_form.py)."""
    from playwright.sync_api import expect

    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    ctx.route("**/engine.zip.gz", refuse)
    block_core(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    expect_failure_said(page)
    page.evaluate("window.scrollBy(0, 600)")   # «Tirar» sticks to the bottom while its form is in view
    expect(page.locator("#roll")).to_be_in_viewport()
    expect(page.locator("#loading")).not_to_be_in_viewport()
    page.click("#roll")
    expect(page.locator("#loading")).to_be_in_viewport()
    assert page.url == base_url  # no native form submission
    watch.errors.clear()  # the refused engine.zip, named in the console


def test_a_roll_asked_on_a_very_slow_link_runs_after_the_time_out(new_context, base_url):
    """The loader's last-resort time-out (120 s) says the engine failed; if it was only a very slow
    link and the engine gets ready after all, the page works and the roll asked for meanwhile runs."""
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held = hold_engine(ctx)
    block_core(ctx)   # the engine's own loading texts (the core's form says it rolls: tests/e2e/test_core_form.py)
    page = ctx.new_page()
    page.clock.install()
    page.goto(base_url)
    page.fill("#label", "Con paciencia")
    page.click("#roll")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.queued"]["es"])
    page.clock.run_for(121_000)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.failed"]["es"])
    expect(page.locator("#roll")).not_to_have_attribute("aria-busy", "true")
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#history-list li").first).to_contain_text("Con paciencia")
