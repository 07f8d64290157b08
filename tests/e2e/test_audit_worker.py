"""End to end (issue #41): a long thread is audited in the audit worker (web/audit-worker.mjs, a second
Pyodide; web/audit/ui_audit_worker.py), off the page's thread, with the report the page's own audit draws.

Two people on phones (360×640, fresh contexts) paste the same long thread — the worked sealed thread of
tests/test_audit_sealed_thread.py (a double answer, a forged reveal, one roll still sealed) posted with
this page's address, among 100 KB of forum text: one browser audits it in the worker, the other, whose
browser refuses the worker's script, on the page's thread as before. Both show the same report, word
for word; a short thread afterwards is audited on the page's thread (no worker needed).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

from conftest import open_app  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.sealed_thread import BASE, bad_thread  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
FILLER = "La arena espera a quien no mira atrás; el polvo guarda cada paso del camino. " * 20


def _long_thread(base_url: str) -> str:
    """The worked sealed thread with this page's address, each post followed by forum text: > 100 KB."""
    posts = bad_thread()[0].replace(BASE, base_url).split("\n\n")
    text = "\n\n".join(f"{post}\n{FILLER}" for post in posts)
    while len(text) < 120_000:
        text += f"\n\nComentario fuera de juego: {FILLER}"
    return text


def _marks(page, name: str) -> int:
    return page.evaluate("n => performance.getEntriesByName('tirada:' + n).length", name)


def _audit(page, thread: str) -> str:
    page.click("#tab-audit")
    page.fill("#audit-text", thread)
    page.click("#audit-run")
    report = page.locator("#audit-report")
    expect(report).to_contain_text("Enlaces encontrados: 9", timeout=60_000)
    expect(page.locator("#audit-verdict")).to_be_visible()
    assert page.evaluate("document.activeElement && document.activeElement.id") == "audit-report"
    return report.inner_text()


def test_a_long_thread_is_audited_in_the_worker_with_the_pages_own_report(new_context, base_url):
    thread = _long_thread(base_url)
    assert len(thread) >= 100_000 and thread.count(base_url + "#") == 9
    gm, _ = new_context(**PHONE)
    player, _ = new_context(**PHONE)
    refused: list = []
    player.route("**/audit-worker.mjs", lambda route, _req=None: (refused.append(route.request.url), route.abort()))
    gm_page = open_app(gm.new_page(), base_url)
    player_page = open_app(player.new_page(), base_url)

    in_worker = _audit(gm_page, thread)
    on_page = _audit(player_page, thread)
    assert _marks(gm_page, "audit-in-worker") == 1 and _marks(gm_page, "audit-worker-ready") == 1
    assert refused and _marks(player_page, "audit-in-worker") == 0, "the refused worker's browser audits itself"
    assert in_worker == on_page
    # the verdict first, then the double answer and the forged reveal, each named
    assert in_worker.startswith("Informe\n\nHay problemas en este hilo: 3 señalados"), in_worker
    for words in ("nº 1 «Sigilo»: tirada a ciegas, revelada y comprobada, 2 respuestas a su petición",
                  "nº 3 «Trepar»: tirada a ciegas, la revelación no coincide"):
        assert words in in_worker, in_worker
    assert "Traceback" not in gm_page.inner_text("body") + player_page.inner_text("body")

    # a short thread afterwards: the page's own audit, at once (nothing handed to the worker)
    short = "\n\n".join(bad_thread()[0].replace(BASE, base_url).split("\n\n"))
    assert _audit(gm_page, short).startswith(in_worker.split("\n")[0])
    assert _marks(gm_page, "audit-in-worker") == 1


def test_a_worker_not_up_in_time_leaves_the_audit_to_the_page_in_the_pages_language(new_context, base_url):
    """The worker's script hangs (its request never answered): «Auditar» says the worker is being got
    ready, in the page's language also after a switch, and after ui_audit_worker.WAIT_S the page's own
    thread audits, to the same report (nothing stuck on «Preparando…»)."""
    ctx, _ = new_context(**PHONE)
    held: list = []
    ctx.route("**/audit-worker.mjs", lambda route, _req=None: held.append(route))
    page = open_app(ctx.new_page(), base_url)
    page.click("#tab-audit")
    page.fill("#audit-text", _long_thread(base_url))      # a long text: the worker is asked for now
    page.click("#audit-run")
    progress = page.locator("#audit-progress")
    expect(progress).to_have_text("Preparando la comprobación de un hilo largo…")
    expect(progress).to_be_in_viewport()                   # scrolled to, below «Auditar» on a phone
    page.click("#lang")
    expect(progress).to_have_text("Getting ready to check a long thread…")
    report = page.locator("#audit-report")
    expect(report).to_contain_text("Links found: 9", timeout=60_000)
    assert held, "the worker's script was asked for"
    assert _marks(page, "audit-in-worker") == 0 and _marks(page, "audit-worker-ready") == 0
    assert report.inner_text().startswith("Report\n\nThere are problems in this thread: 3 flagged"), report.inner_text()
    assert page.evaluate("document.activeElement && document.activeElement.id") == "audit-report"
    for route in held:
        route.abort()


def test_on_a_visit_the_service_worker_answers_the_worker_starts_from_the_snapshot_and_works_offline(new_context, base_url):
    """A dedicated worker has no navigator.serviceWorker: the page names it so (web/shell/app.py
    module_worker → pyodide-start.mjs CONTROLLED_WORKER) and it starts from the precached memory snapshot
    (tiradaStart "snapshot"), as the page does — offline too, after one visit (it started plainly, downloading the
    archives again, before)."""
    from conftest import READY_TIMEOUT_MS
    from helpers.offline import wait_offline_ready

    ctx, _ = new_context(**PHONE, service_workers="allow")
    first = ctx.new_page()
    first.goto(base_url)
    expect(first.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    wait_offline_ready(first)
    first.close()
    ctx.set_offline(True)
    page = ctx.new_page()
    page.goto(base_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    page.click("#tab-audit")
    page.fill("#audit-text", _long_thread(base_url))
    page.wait_for_function("performance.getEntriesByName('tirada:audit-worker-ready').length", timeout=60_000)
    assert page.evaluate("performance.getEntriesByName('tirada:audit-worker-ready')[0].detail") == "snapshot"
    _audit(page, _long_thread(base_url))
    assert _marks(page, "audit-in-worker") == 1
