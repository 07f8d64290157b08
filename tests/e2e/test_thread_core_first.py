"""A thread link («Comprobar este hilo», #hilo1.…) opened on a first visit shows the reading core's first
verdict — each roll link ✔ or ✘, post by post — before Pyodide is up, then the full thread audit
replaces it (issue #41).

web/loader.js starts web/core-first.mjs coreThread on a thread link: MicroPython runs
tirada.links.core_thread over the core's modules (dist/core.bin) in a Web Worker and the verdict goes in
the audit's tab (#thread-core) with «Cargando la auditoría completa del hilo…»; web/pyodide-start.mjs
waits for it before Pyodide's downloads. With Pyodide's files refused, the first verdict stays and says
that the full audit could not load.
"""

from __future__ import annotations

import json
import os
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

from audit.strings_thread import STRINGS  # noqa: E402  (web/audit/strings_thread.py: the thread's texts)
from shell.strings import STRINGS as PAGE_STRINGS  # noqa: E402  (the whole catalog: the loading line)
from tirada.links.chain import verify  # noqa: E402
from tirada.links.snippets import _WORDS, render, tokens  # noqa: E402
from tirada.links.thread_link import encode_thread  # noqa: E402

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.page import hold_engine, refuse_engine, release  # noqa: E402

VECTORS = json.loads((ROOT / "tests" / "vectors" / "sifrp.json").read_text(encoding="utf-8"))["rolls"]
GOOD = VECTORS[1]["fragment"]      # SIFRP 4D+2B−1P vs 12 "Atletismo", Sharla's nº 7
OTHER = VECTORS[2]["fragment"]
TAMPERED = OTHER[:-1] + ("A" if OTHER[-1] != "A" else "B")   # its check no longer matches: cut or changed
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
#: the longest main-thread task while the core reads the thread (between thread-core-start and
#: thread-core-read), in ms: the brief's input bound, three times over beside another test worker
CORE_TASK_MS = 300 if os.environ.get("PYTEST_XDIST_WORKER") else 100
RECORD_LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});"""


def _thread(base_url: str, lang: str = "es") -> str:
    """A thread link of two posts: Sharla's good roll after its own snippet, Corvo's tampered one."""
    lines = render(tokens(verify(GOOD), lang)[:-1], base_url, "text")
    posts = [f"Salto el muro.\n{lines}\n{_WORDS[lang]['check']} {base_url}#{GOOD}",
             f"Y yo ataco.\n{_WORDS[lang]['check']} {base_url}#{TAMPERED}"]
    return encode_thread("https://foro.example/viewtopic.php?t=7", posts, ["Sharla", "Corvo"], [3, 4])


def _open(new_context, url: str, prepare):
    """A fresh phone (360×640, no service worker) opened at ``url`` once ``prepare(context)`` has held or
    refused Pyodide's files: ``(page, watch, what prepare returned)``."""
    ctx, watch = new_context(service_workers="block", **PHONE)
    got = prepare(ctx)
    page = ctx.new_page()
    page.goto(url)
    return page, watch, got


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("en-GB", "en")])
def test_a_thread_link_shows_the_cores_marks_before_pyodide_then_the_full_audit(new_context, base_url, locale, lang):
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", locale=locale, **PHONE)
    held = hold_engine(ctx)                       # Pyodide waits here: what shows now is the core's
    ctx.add_init_script(RECORD_LONG_TASKS)
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(f"{base_url}#{_thread(base_url, lang)}")
    box = page.locator("#thread-core")
    expect(box).to_be_visible(timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"   # before Pyodide
    expect(page.locator("#thread-core-heading")).to_have_text(STRINGS["thread.core_heading"][lang])
    expect(page.locator("#thread-core-heading")).to_be_focused()   # focus on what changed, never <body>
    summary = STRINGS["thread.core_summary"][lang].format(n=2, ok=1, bad=1)
    expect(page.locator("#thread-core-summary")).to_have_text(summary)      # outcome first
    expect(page.locator("#loading-text")).to_have_text(PAGE_STRINGS["loading.core_link"][lang])
    expect(page.locator("#thread-core-note")).to_have_text(STRINGS["thread.core_note"][lang])
    places = page.locator(".thread-core-place")
    expect(places).to_have_text(["mensaje 3 de Sharla", "mensaje 4 de Corvo"] if lang == "es"
                                else ["post 3 by Sharla", "post 4 by Corvo"])
    marks = page.locator(".thread-core-mark")
    expect(marks).to_have_count(2)
    assert [marks.nth(i).get_attribute("data-state") for i in range(2)] == ["ok", "bad"]
    expect(marks.nth(0)).to_contain_text("✔")
    expect(marks.nth(1)).to_contain_text("✘")
    checking = page.locator("#thread-core-checking")
    expect(checking).to_have_text(STRINGS["thread.core_loading"][lang])
    expect(checking).to_have_attribute("aria-busy", "true")
    assert page.evaluate("window.tiradaThreadCore") == "read"
    assert axe_problems(page) == []          # the first verdict reads well with a screen reader too
    # the core's work ran in its worker: no main-thread task over the input bound meanwhile
    start, end = page.evaluate("""['thread-core-start', 'thread-core-read'].map(
        name => performance.getEntriesByName('tirada:' + name)[0].startTime)""")
    during = [d for begin, d in page.evaluate("window.__long") if begin < end and begin + d > start]
    assert max(during, default=0) <= CORE_TASK_MS, during
    assert [url.rpartition("/")[2] for url in workers] == ["core-worker.mjs"]
    # Pyodide now: the full audit replaces the first verdict
    release(page, held)
    expect(page.locator("#audit-verdict")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(box).to_be_hidden()
    expect(page.locator("#audit-report")).to_be_focused()
    report = page.locator("#audit-report").inner_text()
    assert ("cortado o ha sido modificado" if lang == "es" else "cut short or changed") in report, report


def test_the_first_verdict_stays_and_says_so_when_pyodide_fails_to_load(new_context, base_url):
    from playwright.sync_api import expect

    page, watch, refused = _open(new_context, f"{base_url}#{_thread(base_url)}", refuse_engine)
    expect(page.locator("#thread-core-summary")).to_have_text(
        STRINGS["thread.core_summary"]["es"].format(n=2, ok=1, bad=1), timeout=READY_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    checking = page.locator("#thread-core-checking")
    expect(checking).to_have_text(STRINGS["thread.core_failed"]["es"])
    expect(checking).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#thread-core")).to_be_visible()                 # still there
    expect(page.locator(".thread-core-mark")).to_have_count(2)
    expect(page.locator(".py-error:visible")).to_have_count(0)
    assert refused, "Pyodide's files were asked for (after the core's first verdict)"
    watch.errors.clear()   # the browser's console names the refused files


def test_a_damaged_thread_link_is_refused_by_the_core_then_in_the_pages_words(new_context, base_url):
    from playwright.sync_api import expect

    page, _, held = _open(new_context, f"{base_url}#hilo1.AAAA", hold_engine)
    expect(page.locator("#thread-core-refused")).to_have_text(
        STRINGS["thread.core_refused"]["es"].format(code="thread.unreadable"), timeout=READY_TIMEOUT_MS)
    expect(page.locator("#thread-core-heading")).to_be_focused()
    release(page, held)
    expect(page.locator("#audit-report")).to_contain_text("No se puede leer este hilo", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#thread-core")).to_be_hidden()
