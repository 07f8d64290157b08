"""The page's first script (web/first.js, issue #41): a classic script the build writes inline at the top of
<head>, allowed by its hash in the page's Content-Security-Policy; it runs before any module.

- It is the page's one inline script, the policy allows it by its hash (no 'unsafe-inline'), it runs (no
  policy violation) and nothing asks for a first.js file.
- A first visit to the plain page asks for Pyodide's WebAssembly and JavaScript module at once, and
  starts the reading core's worker for the form: the form rolls on that one worker (no second one).
- A first visit opened on a roll link starts the core's worker at once too and asks for none of
  Pyodide's big files before the core has its own (MicroPython and core.bin): what the core downloads
  comes first. The worker it started is the one that answers (web/core-first.mjs takes it).
- On such a first visit (plain page or roll link), app.zip and engine.zip.gz are asked for only once
  Pyodide's WebAssembly has arrived and compiled (web/pyodide-start.mjs afterWasm).
- A page opened on anything else (a fragment the core does not read first) leaves no worker of it
  behind (web/loader.js ends one nobody took).
- «Tirar» pressed before loader.js has run is kept and answered (the form's native submission is refused
  by the page's CSP: the press was lost).
- Pyodide refused with the form on the core: the loading line says the form still rolls, and «Tirar» on a
  system only the full engine rolls brings the focus to that line.
All at 360×640, in a fresh browser context with no service worker.
"""

from __future__ import annotations

import base64
import hashlib
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


#: every Content-Security-Policy refusal, recorded from the start (an init script)
RECORD_REFUSALS = """window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective));"""


def test_the_first_script_is_the_one_inline_script_and_the_policy_allows_it_by_its_hash(new_context, base_url):
    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    ctx.add_init_script(RECORD_REFUSALS)
    page = ctx.new_page()
    asked = watch(ctx)
    page.goto(base_url)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)
    inline = page.evaluate("[...document.scripts].filter((s) => !s.src && s.type !== 'py').map((s) => s.text)")
    assert len(inline) == 1 and "tiradaEarlyCore" in inline[0], inline
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    script_src = policy.split("script-src", 1)[1].split(";", 1)[0].split()
    digest = base64.b64encode(hashlib.sha256(inline[0].encode("utf-8")).digest()).decode("ascii")
    assert [token for token in script_src if token.startswith("'sha")] == [f"'sha256-{digest}'"], script_src
    assert "'unsafe-inline'" not in script_src
    assert page.evaluate("window.__csp") == []
    # it ran: Pyodide's WebAssembly was asked for by it (a first visit to the plain page)
    assert page.locator('link[rel="preload"][href="./pyodide/pyodide.asm.wasm"]').count() == 1
    assert "first.js" not in asked, asked


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


#: Pyodide's standard library fully downloaded (its resource entry is written when the response has ended)
STDLIB_ARRIVED = "performance.getEntriesByType('resource').some((e) => e.name.endsWith('/python_stdlib.zip'))"


@pytest.mark.parametrize("fragment", ["", f"#{FRAGMENT}"], ids=["plain-page", "roll-link"])
def test_a_first_visit_asks_for_the_archives_once_pyodides_webassembly_is_there(new_context, base_url, fragment):
    """On a visit no service worker answers, app.zip and engine.zip.gz wait for Pyodide's WebAssembly
    (web/pyodide-start.mjs afterWasm): sharing a slow link with it, they made it arrive last, and Python
    waits for it (docs/benchmarks.md, "Pyodide's WebAssembly first")."""
    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    held = hold_engine(ctx)
    page = ctx.new_page()
    asked = watch(ctx)
    page.goto(f"{base_url}{fragment}")
    # Pyodide has started: its standard library has come whole while its WebAssembly is held
    page.wait_for_function(STDLIB_ARRIVED, timeout=READY_TIMEOUT_MS)
    assert held and "pyodide.asm.mjs" in asked, asked
    assert "engine.zip.gz" not in asked and "app.zip" not in asked, asked
    release(page, held)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)
    assert asked.count("engine.zip.gz") == 1 and asked.count("app.zip") == 1, asked
    assert asked.index("pyodide.asm.wasm") < min(asked.index("engine.zip.gz"), asked.index("app.zip")), asked


def test_a_page_the_core_does_not_read_first_keeps_no_worker_of_the_first_script(new_context, base_url):
    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker.url.rpartition("/")[2]))
    page.goto(f"{base_url}#no-es-un-enlace")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)
    assert "core-worker.mjs" not in workers, workers
    assert page.evaluate("typeof window.tiradaEarlyCore") == "undefined"


def press_before_loader(new_context, base_url, system: str | None = None):
    """A fresh phone page whose loader.js is held back (the first script has run) and Pyodide held: ``system``
    chosen, «Tirar» pressed, then loader.js let through. Returns (page, the held Pyodide routes)."""
    ctx, _ = new_context(viewport=PHONE, service_workers="block")
    held_loader: list = []
    ctx.route("**/loader.js", lambda route, _req=None: held_loader.append(route))
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url, wait_until="commit")
    # the first script has run (it asked for Pyodide's WebAssembly); loader.js has not
    page.wait_for_selector('link[rel="preload"][href="./pyodide/pyodide.asm.wasm"]', state="attached",
                           timeout=READY_TIMEOUT_MS)
    if system:
        page.select_option("#system", system)
    page.click("#roll", no_wait_after=True)   # the page is still loading: no navigation to wait for
    assert page.evaluate("'earlyRoll' in document.documentElement.dataset")
    assert page.evaluate("location.search") == ""     # no native submission happened
    for route in held_loader:
        route.continue_()
    return page, held


def test_tirar_pressed_before_the_loader_runs_is_answered(new_context, base_url):
    from playwright.sync_api import expect

    page, held = press_before_loader(new_context, base_url)
    expect(page.locator("#result")).to_be_focused(timeout=READY_TIMEOUT_MS)   # rolled on the core
    expect(page.locator("#result")).to_contain_text(STRINGS["result.total"]["es"])
    assert not page.evaluate("'earlyRoll' in document.documentElement.dataset")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.core_form"]["es"])
    release(page, held)


def test_an_l5r_tirar_pressed_before_the_loader_runs_draws_the_board_and_the_line_says_the_form_rolls(new_context,
                                                                                                     base_url):
    """Break-it finding: the board was drawn while the line still said the roll was waiting («Tirada pedida…»)."""
    from playwright.sync_api import expect

    page, held = press_before_loader(new_context, base_url, "l5r5e")
    expect(page.locator('#result .l5r-board[data-core="check"]')).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.core_form"]["es"])
    assert STRINGS["loading.queued"]["es"] != STRINGS["loading.core_form"]["es"]
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
