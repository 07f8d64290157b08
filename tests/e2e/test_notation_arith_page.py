"""Issue 28 arithmetic (``*``, ``/``, parentheses) in a fresh phone browser (360x640): each vector link
shows its expression at once (the early reader, engine held back) and then the recomputed dice and
total; each operator typed as notation shows exact odds, rolls with the worked total, and its share
link opens in another fresh browser on the same total. docs/notation.md §Arithmetic."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import READY_TIMEOUT_MS, ROOT

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.page import hold_engine, open_shared_result, release  # noqa: E402

sys.path.pop(0)

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
VECTORS = [v for v in json.loads((ROOT / "tests" / "vectors" / "generic.json").read_text(encoding="utf-8"))["rolls"]
           if "expr" in json.dumps(v["link"]["request"])]
#: (vector name prefix, pool the early reader and the engine both write, in Spanish)
POOLS = {
    "notation (2d6+3)*2": "(2d6 + 3) \u00d7 2 contra 15",
    "notation 4d6k3/2": "(4d6, guardas 3) \u00f7 2",
    "notation 2*(1d8+1d6)": "2 \u00d7 (1d8 + 1d6)",
    "notation (1d20-1d4)*2+3": "(1d20 \u2212 1d4) \u00d7 2 + 3; 1d6 \u00f7 1d4",
    "notation ataque: 1d20+5; daño:": "ataque: 1d20 +5; daño: (2d6 + 3) \u00d7 2",
    "bands (2d10kl1-1)*10+1d10": "((2d10, guardas 1 los m\u00e1s bajos) \u2212 1) \u00d7 10 + 1d10, "
                                 "resultados: \u22641 Cr\u00edtico / \u2026 / \u226596 Pifia (6)",
}


def _pool(name: str) -> str:
    return next(pool for prefix, pool in POOLS.items() if name.startswith(prefix))


def test_every_arithmetic_vector_is_tested():
    assert len(VECTORS) == len(POOLS) and all(_pool(v["name"]) for v in VECTORS)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_arithmetic_link_shows_its_expression_at_once_then_the_recomputed_total(new_context, base_url, vector):
    ctx, _ = new_context(locale="es-ES", service_workers="block", **PHONE)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{vector['fragment']}")
    # before the engine: the request preview's pool line, or the same line in the reading core's view
    # (web/core-first.mjs replaces the preview once MicroPython has verified the link)
    expect(page.locator("#shared-pool, #core-pool").first).to_have_text(_pool(vector["name"]))
    expect(page.locator("#shared .total, #shared .die")).to_have_count(0)
    release(page, held)
    result = vector["result"]
    totals = [r["total"] for r in result["rolls"]] if "rolls" in result else [result["total"]]
    expect(page.locator("#shared [data-verified]")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-pool")).to_have_text(_pool(vector["name"]))
    got = page.locator("#shared .total").evaluate_all("els => els.map(e => e.getAttribute('data-total'))")
    assert got == [str(t) for t in totals]
    worked = [r.get("worked") for r in result.get("rolls", [result])]
    for text, shown in zip(worked, page.locator("#shared .total").all_inner_texts()):
        assert text is None or text in shown          # "Total: (8+3)×2 = 22"
    faces = [f for r in result.get("rolls", [result]) for g in r.get("groups", [r]) for f in g["faces"]]
    assert page.locator("#shared .die").count() == len(faces)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert "Traceback" not in page.inner_text("body")


#: (notation, difficulty, pool in Spanish, the exact chance of success the odds card must show)
CASES = [
    ("(2d6+3)*2", "20", "(2d6 + 3) \u00d7 2 contra 20", "(7/12)"),        # 2d6 ≥ 7: 21/36
    ("4d6k3 / 2", "9", "(4d6, guardas 3) \u00f7 2 contra 9", "(7/432)"),  # 4d6k3 = 18, rounded down
    ("2*(1d8+1d6)", "28", "2 \u00d7 (1d8 + 1d6) contra 28", "(1/48)"),
    ("1d20+(5-2)", "23", "1d20 +3 contra 23", "(1/20)"),                     # sums only: the flat roll
]


@pytest.mark.parametrize("text, difficulty, pool, shown", CASES, ids=[c[0] for c in CASES])
def test_typed_arithmetic_has_exact_odds_rolls_and_verifies_through_its_link(warm_page, reader, text,
                                                                             difficulty, pool, shown):
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.fill("#generic-difficulty", difficulty)
    page.fill("#generic-notation", text)
    page.wait_for_function("t => document.querySelector('#odds').textContent.includes(t)", arg=shown,
                           timeout=15_000)
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    expect(page.locator("#result-pool")).to_have_text(pool)
    other = open_shared_result(reader, page, pool, locale="es-ES", **PHONE)
    assert other.locator("#shared .total").inner_text() == page.locator("#result .total").inner_text()
    assert other.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("text, said", [("1d6/0", "no se puede dividir entre «0»"),
                                        ("10/(1d6-1)", "puede valer 0"), ("2(1d6)", "«2*(»"),
                                        ("(1d4)d6", "no puede salir de otros dados")])
def test_arithmetic_refused_with_its_reason_in_spanish(warm_page, text, said):
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", text)
    page.click("#roll")
    expect(page.locator("#result .error")).to_contain_text(said)
    assert "Traceback" not in page.inner_text("body")
