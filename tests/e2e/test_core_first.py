"""A roll link opened on a first visit shows its verified result from the reading core on MicroPython
before Pyodide is up, then the full page takes over with the same verdict (issue #41).

web/loader.js starts web/core-first.mjs on a roll link: MicroPython (dist/micropython/) runs
tirada.links.core_view over the core's modules (dist/core.bin, compiled .mpy files) and the result goes in the shared-roll
view with «Verificada» and «Cargando el resto de Tirada…»; web/pyodide-start.mjs waits for it before
Pyodide's downloads. Every headline the page draws, from the first to the last, says the same verdict
(a MutationObserver records them). With Pyodide's files refused, the core's result stays and the page
says clearly that the rest did not load.
"""

from __future__ import annotations

import json
import os
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)
from tirada.links.core_view import core_view  # noqa: E402

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.deflated import deflated  # noqa: E402
from helpers.offline import wait_offline_ready  # noqa: E402
from helpers.page import hold_engine, refuse_engine, release  # noqa: E402

VECTOR = json.loads((ROOT / "tests" / "vectors" / "sifrp.json").read_text(encoding="utf-8"))["rolls"][1]
FRAGMENT = VECTOR["fragment"]   # SIFRP 4D+2B−1P vs 12 "Atletismo", Sharla's nº 7 in "Arenas Sangrientas"

#: every text a headline of the shared view takes, recorded as the page draws it
RECORD_HEADLINES = """
window.__headlines = [];
new MutationObserver(() => {
  for (const node of document.querySelectorAll('#core-headline, #shared-headline')) {
    const said = node.id + ': ' + node.textContent;
    if (window.__headlines[window.__headlines.length - 1] !== said) window.__headlines.push(said);
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("en-GB", "en")])
def test_a_roll_link_shows_the_cores_verified_result_before_pyodide_then_the_same(new_context, base_url, locale,
                                                                                   lang):
    from playwright.sync_api import expect

    expected = core_view(FRAGMENT, lang)
    assert expected.state == "verified" and expected.outcome
    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block", locale=locale)
    held = hold_engine(ctx)                       # Pyodide waits here: what shows now is the core's
    ctx.add_init_script(RECORD_HEADLINES)
    page = ctx.new_page()
    page.goto(f"{base_url}#{FRAGMENT}")
    shared = page.locator("#shared")
    expect(page.locator("#core-headline")).to_have_text(expected.outcome, timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert page.evaluate("globalThis.tiradaCore") == "verified"
    expect(page.locator("#core-verified")).to_have_text(STRINGS["shared.verified"][lang])
    expect(page.locator("#core-total")).to_contain_text(expected.total)
    expect(page.locator("#core-label")).to_have_text("Atletismo")
    expect(page.locator("#core-pool")).to_have_text("SIFRP 4D+2B\u22121P " + ("contra" if lang == "es" else "vs") + " 12")
    expect(page.locator("#core-meta")).to_contain_text(expected.id)
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.core_loading"][lang])
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.core_link"][lang])   # one short line above
    # outcome first: the verdict stands above the pool, label and who rolled
    order = page.evaluate("[...document.querySelectorAll('#shared-core > *')].map((n) => n.id)")
    assert order.index("core-headline") < min(order.index(i) for i in ("core-pool", "core-label", "core-meta"))
    # what needs Pyodide is not offered before it is up (never a dead button)
    expect(page.locator("#roll-again")).to_be_hidden()
    expect(shared.locator(".shared-share")).to_be_hidden()   # the copy buttons come with the full page

    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-headline")).to_contain_text(expected.outcome)
    expect(shared.locator(".total")).to_have_attribute("data-total", str(VECTOR["result"]["total"]))
    expect(page.locator("#shared-core, #shared-checking")).to_have_count(0)
    expect(page.locator("#roll-again")).to_be_visible()
    said = page.evaluate("window.__headlines")
    assert said[0] == f"core-headline: {expected.outcome}", said
    assert any(s.startswith("shared-headline: ") for s in said), said
    assert all(expected.outcome in s for s in said), said   # never another verdict, not for a moment


@pytest.mark.parametrize(("system", "index", "compressed"), [("generic", 1, False), ("l5r5e", 0, False),
                                                            ("tragedia", 1, False), ("fate", 1, False),
                                                            ("sifrp", 1, True), ("generic", 1, True)])
def test_every_systems_links_show_the_cores_verdict_then_the_same(new_context, base_url, system, index, compressed):
    """The generic roll (3d20 keep 1 +5 vs 15), an L5R check (a Distinction's reroll), a Tragedia final
    roll (3 against 5 on d8, signed) and a Fate roll (4dF+3 against Normal) too, and roll links compressed
    as another encoder may write them (MicroPython inflates them: tirada.wire.inflate): the core's verdict
    first, and the full page's headline says it again."""
    from playwright.sync_api import expect

    fragment = json.loads((ROOT / "tests" / "vectors" / f"{system}.json").read_text(encoding="utf-8"))["rolls"][index][
        "fragment"]
    expected = core_view(fragment, "es")
    if compressed:
        fragment = deflated(fragment)
        assert core_view(fragment, "es") == expected              # the same roll, read from another fragment
    assert expected.state == "verified" and expected.system == system
    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held = hold_engine(ctx)
    ctx.add_init_script(RECORD_HEADLINES)
    page = ctx.new_page()
    page.goto(f"{base_url}#{fragment}")
    expect(page.locator("#core-headline")).to_have_text(expected.outcome, timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    release(page, held)
    expect(page.locator("#shared-headline")).to_contain_text(expected.outcome, timeout=READY_TIMEOUT_MS)
    said = page.evaluate("window.__headlines")
    assert said[0] == f"core-headline: {expected.outcome}" and all(expected.outcome in s for s in said), said


#: the longest main-thread task while the core verifies (between the marks core-start and core-verified),
#: in ms: the brief's input bound, three times over beside another test worker (tasks stretch there)
CORE_TASK_MS = 300 if os.environ.get("PYTEST_XDIST_WORKER") else 100
#: long tasks of the page's main thread, recorded from the start
RECORD_LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});"""


def test_the_core_verifies_in_a_worker_and_leaves_the_main_thread_free(new_context, base_url):
    """MicroPython's compile and the link's check (about 300 ms of CPU on a desktop, four times that on a
    phone) run in web/core-worker.mjs: no main-thread task between core-start and core-verified goes
    over the input bound (issue #41: no input waits more than 100 ms while the page boots); the worker
    is ended once it has answered."""
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held = hold_engine(ctx)
    ctx.add_init_script(RECORD_LONG_TASKS)
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(f"{base_url}#{FRAGMENT}")
    expect(page.locator("#core-headline")).to_be_visible(timeout=READY_TIMEOUT_MS)
    start, end = page.evaluate("""['core-start', 'core-verified'].map(
        name => performance.getEntriesByName('tirada:' + name)[0].startTime)""")
    assert end > start
    during = [duration for begin, duration in page.evaluate("window.__long") if begin < end and begin + duration > start]
    assert max(during, default=0) <= CORE_TASK_MS, during
    assert [url.rpartition("/")[2] for url in workers] == ["core-worker.mjs"]
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)


def test_new_roll_under_the_cores_result_works_before_pyodide(new_context, base_url):
    """«Nueva tirada» is never a dead button: before Pyodide it leaves the link for the roll form
    (focused), and the engine, once up, does not open the link again."""
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{FRAGMENT}")
    expect(page.locator("#core-headline")).to_be_visible(timeout=READY_TIMEOUT_MS)
    page.click("#new-roll")
    expect(page.locator("#shared")).to_be_hidden()
    expect(page.locator("#system")).to_be_focused()
    assert page.evaluate("location.hash") == ""
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared")).to_be_hidden()
    page.select_option("#system", "sifrp")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()


def test_the_cores_result_stays_when_pyodide_fails_to_load(new_context, base_url):
    from playwright.sync_api import expect

    expected = core_view(FRAGMENT, "es")
    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    refused = refuse_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{FRAGMENT}")
    expect(page.locator("#core-headline")).to_have_text(expected.outcome, timeout=READY_TIMEOUT_MS)
    expect(page.locator("#core-verified")).to_have_text(STRINGS["shared.verified"]["es"])
    expect(page.locator("#shared-heading")).to_be_focused()   # focus on what changed, never <body>
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.core_failed"]["es"])
    expect(page.locator("#shared-checking")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.failed"]["es"])
    expect(page.locator(".py-error:visible")).to_have_count(0)
    expect(page.locator("#core-headline")).to_have_text(expected.outcome)   # still there
    assert refused, "Pyodide's files were asked for (after the core's result)"
    watch.errors.clear()   # the browser's console names the refused files


def test_the_cores_result_does_not_take_focus_from_a_field_being_typed_in(new_context, base_url):
    """The core's view puts focus on its heading only when nothing of the page has it: a visitor who
    started typing in the form while the link was checked keeps typing there."""
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held_engine = hold_engine(ctx)
    held_core: list = []
    ctx.route("**/core.bin", lambda route, _req=None: held_core.append(route))
    page = ctx.new_page()
    page.goto(f"{base_url}#{FRAGMENT}")
    page.wait_for_function("document.readyState === 'complete'")
    for _ in range(600):   # the worker asks for the core once MicroPython's module is in
        if held_core:
            break
        page.wait_for_timeout(50)
    assert held_core, "the core's bundle was never requested"
    page.locator("#label").fill("Atletismo")   # the visitor types while the link is being checked
    held_core[0].continue_()
    expect(page.locator("#core-headline")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#label")).to_be_focused()
    release(page, held_engine)


def test_a_refused_link_is_not_shown_as_verified_by_the_core(new_context, base_url):
    """A link the rules refuse (a request edited to a SIFRP difficulty over 200 keeps a valid frame,
    so the request preview reads it): the core says it is not valid, with the full engine's code."""
    from playwright.sync_api import expect

    from tirada.wire.codec import encode_payload

    bad = encode_payload("roll", {"request": {"system": "sifrp", "seed": "8f14e45fceea167a5a36dedd4bea2543",
                                              "test_dice": 1, "bonus_dice": 1, "difficulty": 300}})
    expected = core_view(bad, "es")
    assert expected.state == "refused" and expected.code
    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{bad}")
    expect(page.locator("#core-refused")).to_contain_text(expected.code, timeout=READY_TIMEOUT_MS)
    expect(page.locator("#core-verified, #core-headline")).to_have_count(0)
    expect(page.locator("#shared-heading")).to_be_focused()
    release(page, held)
    expect(page.locator("#shared .error")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-core")).to_have_count(0)


def test_a_browser_saving_data_starts_pyodide_without_the_snapshot(new_context, base_url):
    """With ``navigator.connection.saveData`` (CDP ``Emulation.setDataSaverOverride``), a visit the
    service worker controls starts plainly from the precached files: no 6 MB snapshot is read or
    downloaded (web/pyodide-start.mjs "save data"; tools/sw-src.js leaves it out of the precache of a
    worker installed so)."""
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="allow")
    first = ctx.new_page()
    first.goto(base_url)
    expect(first.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    wait_offline_ready(first)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(base_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("navigator.connection.saveData") is True
    assert page.evaluate("[globalThis.tiradaStart, globalThis.tiradaSnapshotReason]") == ["plain", "save data"]
    assert not [url for url in asked if "snapshot" in url]
