"""Issue #28, "done when": no typed expression freezes the page's input for more than 100 ms.

After the page is ready (start-up is not measured) and a light expression has warmed the odds card,
the heaviest accepted expressions (tests/test_odds_budget.py: HEAVIEST; docs/odds.md §Limits) are
typed into the notation field, and a heavy L5R check is set in its form. The main thread is watched
with a PerformanceObserver for 'longtask' entries from the first key typed until the odds are shown:
no such task may last over 100 ms. The odds shown must be the engine's own (computed here in
CPython), and a newer input wins over an older computation.

Load: the machine running the tests is shared (2 cores), and a descheduled main thread stretches any
task; the page bounds the main thread's part by counted work (tirada.odds.budget, checked on CPython
by tests/test_odds_budget.py), not by a clock. So each expression gets up to four tries and its
best try counts: work done on the main thread would block every try (100d16!>15 takes about a
second there), a load spike does not recur four times (load 25 on 2 cores was seen).
"""

from __future__ import annotations

import pytest

from tirada.odds import odds
from tirada.odds.chart import percent
from tirada.systems.notation import parse

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

#: The heaviest accepted notation (CPU on CPython: 100d16!>15 ≈ 340 ms, 100d12!p>11 ≈ 200 ms,
#: 100d6!>5 ≈ 50 ms, 100d12k50 ≈ 17 ms; several times that in Pyodide) and a difficulty each.
HEAVY = [("100d16!>15", 900), ("100d12!p>11", 700), ("100d6!>5", 350), ("100d12k50", 330)]
LIMIT_MS = 100
TRIES = 4

OBSERVE = """() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({ type: "longtask" });
}"""


def headline(request: dict) -> str:
    return "Probabilidad de éxito: " + percent(odds(request)["success"]["p"], "es")


def wait_odds(page, text: str) -> None:
    page.wait_for_function(
        "t => { const s = document.querySelector('#odds-summary');"
        " return s.dataset.odds === 'ready' && s.textContent.startsWith(t); }", arg=text, timeout=120_000)


def reset_notation(page, difficulty: int) -> None:
    """Show the odds of a light expression first, so that the next one typed is a new request."""
    page.fill("#generic-notation", "1d2")
    wait_odds(page, headline({"system": "generic", **parse("1d2"), "difficulty": difficulty}))
    page.fill("#generic-notation", "")


def worst_task(page, since: float) -> float:
    """The longest main-thread task (ms) that began after ``since`` (performance.now())."""
    return max([d for start, d in page.evaluate("window.__long") if start >= since] or [0])


def typed(page, text: str, difficulty: int, tries: int = TRIES) -> list:
    """Type ``text`` with ``difficulty`` up to ``tries`` times until no task over the limit was
    seen from the first key to the odds shown; returns the worst task of each try (ms)."""
    worst = []
    page.fill("#generic-difficulty", str(difficulty))
    for _ in range(tries):
        reset_notation(page, difficulty)
        since = page.evaluate("performance.now()")
        page.locator("#generic-notation").press_sequentially(text, delay=40)
        wait_odds(page, headline({"system": "generic", **parse(text), "difficulty": difficulty}))
        worst.append(worst_task(page, since))
        if worst[-1] <= LIMIT_MS:
            break
    return worst


def test_typing_the_heaviest_expressions_never_blocks_the_main_thread(app):
    page = app
    page.evaluate(OBSERVE)   # after ready: start-up is not measured
    page.select_option("#system", "generic")
    typed(page, "2d6", 7, tries=1)   # warm: the odds card's modules, the notation's first use
    assert page.evaluate("window.tiradaOddsFrom") == "main"

    seen = {}
    for text, difficulty in HEAVY:
        seen[text] = typed(page, text, difficulty)
        assert page.evaluate("window.tiradaOddsFrom") == "worker", text   # computed off the main thread
        assert "Traceback" not in page.inner_text("body")
    print("worst main-thread task per try (ms):", seen)
    assert all(tries[-1] <= LIMIT_MS for tries in seen.values()), seen

    # "Calculando…" while the worker computes; a newer input wins over the older computation
    page.fill("#generic-difficulty", "900")
    reset_notation(page, 900)
    page.locator("#generic-notation").press_sequentially("100d16!>15", delay=20)
    expect(page.locator("#odds-summary")).to_have_text("Calculando…", timeout=10_000)
    page.fill("#generic-notation", "100d16!p>15")
    newer = headline({"system": "generic", **parse("100d16!p>15"), "difficulty": 900})
    wait_odds(page, newer)
    page.wait_for_timeout(1_500)   # the older answer, had it come now, must not replace it
    wait_odds(page, newer)

    # a heavy L5R check (24 dice: ring 6, skill 8, 10 unskilled helpers), set field by field
    page.select_option("#system", "l5r5e")
    l5r_worst = []
    for attempt in range(TRIES):
        since = page.evaluate("performance.now()")
        for field, value in (("ring", "6"), ("skill", "8"), ("assist_unskilled", "10"), ("tn", str(8 - attempt))):
            page.fill(f"#l5r-{field}", value)
        wait_odds(page, headline({"system": "l5r5e", "ring": 6, "skill": 8, "assist_unskilled": 10, "tn": 8 - attempt}))
        l5r_worst.append(worst_task(page, since))
        if l5r_worst[-1] <= LIMIT_MS:
            break
    assert page.evaluate("window.tiradaOddsFrom") == "worker"
    assert l5r_worst[-1] <= LIMIT_MS, l5r_worst

    # a light expression after them is computed on the main thread again
    page.select_option("#system", "generic")
    typed(page, "4d6k3", 10)
    assert page.evaluate("window.tiradaOddsFrom") == "main"
