"""The page's first script (web/first.js, issue #41): a classic script loaded `async` from the top of
<head>, before any module runs.

- A first visit to the plain page asks for Pyodide's WebAssembly and JavaScript module at once, and
  starts the reading core's worker for the form: the form rolls on that one worker (no second one).
- A first visit opened on a roll link starts the core's worker at once too and asks for none of
  Pyodide's big files before the core has its own (MicroPython and core.bin): what the core downloads
  comes first. The worker it started is the one that answers (web/core-first.mjs takes it).
- A page opened on anything else (a fragment the core does not read first) leaves no worker of it
  behind (web/loader.js ends one nobody took).
All at 360×640, in a fresh browser context with no service worker.
"""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.page import hold_engine, release  # noqa: E402

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
