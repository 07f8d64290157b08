"""The odds worker (web/odds-worker.mjs, web/roll/ui_odds_worker.py; issue #28): heavy odds are computed
off the main thread with the network off (the worker's files come from the service worker's
precache, as the page's do), and an idle worker is stopped and started again on demand.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import READY, READY_TIMEOUT_MS, open_app
from tirada.odds import odds
from tirada.odds.chart import percent
from tirada.systems.notation import parse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.offline import wait_offline_ready  # noqa: E402

pytest.importorskip("playwright.sync_api")

#: heavy enough for the worker (tirada.odds.budget refuses it on the main thread), light in CPython
HEAVY = ("100d6!>5", 350)
#: web/ui_odds_worker.IDLE_MS, and the odds card's input delay (web/ui_odds.DELAY_MS) with room
IDLE_MS, INPUT_MS = 60_000, 1_000
#: web/ui_odds_worker.STOPPED_NOTE (a console line: Playwright's clock fakes performance's entries)
STOPPED = "odds worker: stopped after a minute idle"


def engine_headline(text: str, difficulty: int) -> str:
    request = {"system": "generic", **parse(text), "difficulty": difficulty}
    return "Probabilidad de éxito: " + percent(odds(request)["success"]["p"], "es")


def show_odds(page, text: str, difficulty: int, clock: bool = False) -> None:
    """Type an expression and wait for the engine's own odds, computed by the worker."""
    page.fill("#generic-difficulty", str(difficulty))
    page.fill("#generic-notation", text)
    if clock:
        page.clock.run_for(INPUT_MS)
    page.wait_for_function(
        "t => { const s = document.querySelector('#odds-summary');"
        " return s.dataset.odds === 'ready' && s.textContent.startsWith(t); }",
        arg=engine_headline(text, difficulty), timeout=120_000, polling=200)
    assert page.evaluate("window.tiradaOddsFrom") == "worker"


def test_heavy_odds_are_computed_off_the_main_thread_with_the_network_off(new_context, base_url):
    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = open_app(ctx.new_page(), base_url)
    assert wait_offline_ready(page).endswith("/sw.js")
    failed: list = []
    ctx.on("requestfailed", lambda r: failed.append(r.url))
    ctx.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.evaluate("navigator.onLine") is False
    page.select_option("#system", "generic")
    show_odds(page, *HEAVY)
    assert failed == [], f"requests failed offline: {failed}"
    assert watch.errors == []


def test_an_idle_worker_is_stopped_and_started_again_on_demand(app):
    page = app
    said: list = []
    page.on("console", lambda m: said.append(m.text))

    def stops() -> int:
        page.evaluate("0")      # a round trip, so that console lines said before it have arrived
        return sum(text.startswith(STOPPED) for text in said)

    page.clock.install()          # the page's timers from now on: the idle minute passes at once
    page.select_option("#system", "generic")
    show_odds(page, *HEAVY, clock=True)
    assert stops() == 0
    page.clock.run_for(IDLE_MS // 2)
    assert stops() == 0                        # not before the idle time
    page.clock.run_for(IDLE_MS // 2 + 1_000)
    assert stops() == 1
    show_odds(page, "100d6!>4", 330, clock=True)   # a new worker computes it
    page.clock.run_for(IDLE_MS + 1_000)
    assert stops() == 2                        # and stops in its turn
    assert "Traceback" not in page.inner_text("body")
