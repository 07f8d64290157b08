"""The page's first script (web/first.js, issue #41): a classic script loaded `async` from the top of
<head>, before any module runs.

- A first visit to the plain page asks for Pyodide's WebAssembly and JavaScript module at once, and
  starts the reading core's worker for the form: the form rolls on that one worker (no second one).
- A first visit opened on a roll link starts the core's worker at once too and asks for none of
  Pyodide's big files before the core has its own (MicroPython and core.bin): what the core downloads
  comes first. The worker it started is the one that answers (web/core-first.mjs takes it).
- A page opened on anything else (a fragment the core does not read first) leaves no worker of it
  behind (web/loader.js ends one nobody took), and neither does a first script that arrives after
  loader.js (it is async): loader.js started its own, the first script then starts none.
- «Tirar» pressed before loader.js has run is kept and answered (the form's native submission is refused
  by the page's CSP: the press was lost).
- Pyodide refused with the form on the core: the loading line says the form still rolls, and «Tirar» on a
  system only the full engine rolls brings the focus to that line.
All at 360×640, in a fresh browser context with no service worker.
"""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)

sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.page import hold_engine, refuse_engine, release  # noqa: E402

PHONE = {"width": 360, "height": 640}
#: SIFRP 4D+2B−1P vs 12 "Atletismo", Sharla's nº 7 in "Arenas Sangrientas" (a roll link the core verifies)
FRAGMENT = json.loads((ROOT / "tests" / "vectors" / "sifrp.json").read_text(encoding="utf-8"))["rolls"][1]["fragment"]
def watch(ctx) -> list:
    """Every URL the context ``ctx`` requests (page and workers), in order, from now on."""
    asked: list = []
    ctx.on("request", lambda request: asked.append(request.url.rpartition("/")[2]))
    return asked


def test_a_first_visit_asks_for_pyodide_at_once_and_rolls_on_the_first_scripts_worker(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    held = hold_engine(ctx)            # Pyodide's WebAssembly is asked for, and held there
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker.url.rpartition("/")[2]))
    asked = watch(ctx)
    page.goto(base_url)
    page.wait_for_function("document.documentElement.dataset.coreForm === 'ready'", timeout=READY_TIMEOUT_MS)
    # both of Pyodide's big files asked for while the core starts (how much sooner: docs/benchmarks.md)
    assert "pyodide.asm.wasm" in asked and "pyodide.asm.mjs" in asked
    assert len(held) == 1
    page.click("#roll")
    expect(page.locator("#result")).to_be_focused(timeout=READY_TIMEOUT_MS)
    assert workers == ["core-worker.mjs"], workers   # one worker: the first script's, taken by the form
    release(page, held)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)
    # each asked for once: Pyodide's own requests used what the first script asked for
    assert asked.count("pyodide.asm.wasm") == 1 and asked.count("pyodide.asm.mjs") == 1, asked


def test_a_roll_link_starts_the_core_first_and_pyodide_after_the_cores_files(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    held = hold_engine(ctx)
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker.url.rpartition("/")[2]))
    asked = watch(ctx)
    page.goto(f"{base_url}#{FRAGMENT}")
    expect(page.locator("#core-headline")).to_be_visible(timeout=READY_TIMEOUT_MS)
    assert workers == ["core-worker.mjs"], workers
    page.wait_for_function("() => performance.getEntriesByName('tirada:boot-start').length === 1",
                           timeout=READY_TIMEOUT_MS)
    # MicroPython and the core's bundle first, then Pyodide's files
    first_pyodide = min(asked.index(name) for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"))
    assert asked.index("micropython.wasm") < first_pyodide and asked.index("core.bin") < first_pyodide, asked
    release(page, held)
    expect(page.locator("#shared-headline")).to_be_visible(timeout=READY_TIMEOUT_MS)


def test_a_page_the_core_does_not_read_first_keeps_no_worker_of_the_first_script(new_context, base_url):
    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker.url.rpartition("/")[2]))
    page.goto(f"{base_url}#no-es-un-enlace")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)
    assert "core-worker.mjs" not in workers, workers
    assert page.evaluate("typeof window.tiradaEarlyCore") == "undefined"


@pytest.mark.parametrize("where", ["roll link", "form"])
def test_a_first_script_arriving_after_loader_starts_no_second_worker(new_context, base_url, where):
    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    late: list = []
    ctx.route("**/first.js", lambda route, _req=None: late.append(route))
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker))
    page.goto(f"{base_url}#{FRAGMENT}" if where == "roll link" else base_url, wait_until="commit")
    mark = "core-start" if where == "roll link" else "form-core-start"
    page.wait_for_function(f"() => performance.getEntriesByName('tirada:{mark}').length === 1",
                           timeout=READY_TIMEOUT_MS)
    for route in late:
        route.continue_()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => [...document.scripts].some((s) => s.src.endsWith('/first.js'))")
    page.wait_for_timeout(300)   # the first script has run by now (it was released before the engine started)
    assert len(workers) == 1, [w.url for w in workers]
    assert page.evaluate("typeof window.tiradaEarlyCore") == "undefined"


def test_tirar_pressed_before_the_loader_runs_is_answered(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    held_loader: list = []
    ctx.route("**/loader.js", lambda route, _req=None: held_loader.append(route))
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url, wait_until="commit")
    # the first script has run (it asked for Pyodide's WebAssembly); loader.js has not
    page.wait_for_selector('link[rel="preload"][href="./pyodide/pyodide.asm.wasm"]', state="attached",
                           timeout=READY_TIMEOUT_MS)
    page.click("#roll", no_wait_after=True)   # the page is still loading: no navigation to wait for
    assert page.evaluate("'earlyRoll' in document.documentElement.dataset")
    assert page.evaluate("location.search") == ""     # no native submission happened
    for route in held_loader:
        route.continue_()
    expect(page.locator("#result")).to_be_focused(timeout=READY_TIMEOUT_MS)   # rolled on the core
    expect(page.locator("#result")).to_contain_text(STRINGS["result.total"]["es"])
    assert not page.evaluate("'earlyRoll' in document.documentElement.dataset")
    release(page, held)


def test_pyodide_refused_says_the_form_still_rolls_and_a_full_engine_roll_goes_to_that_line(new_context,
                                                                                            base_url):
    from playwright.sync_api import expect

    ctx, watch = new_context(viewport=PHONE, service_workers="block")
    refuse_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    page.wait_for_function("document.documentElement.dataset.engine === 'failed'", timeout=READY_TIMEOUT_MS)
    watch.errors.clear()   # the browser's console names the refused files
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.failed_core"]["es"], timeout=READY_TIMEOUT_MS)
    page.click("#roll")                                      # SIFRP: rolled on the core
    expect(page.locator("#result")).to_be_focused(timeout=READY_TIMEOUT_MS)
    page.select_option("#system", "fate")                    # only the full engine rolls Fate
    page.click("#roll")
    expect(page.locator("#loading")).to_be_focused()
    expect(page.locator("#loading")).to_be_in_viewport()
