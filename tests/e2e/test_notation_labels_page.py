"""Issue 28 in a fresh phone browser (360x640): a label per roll (``ataque: 1d20+5; daño: 2d6+3``) rolls,
shows on the card and verifies through its link; the generic form hides the fields a typed notation
replaces and says so (docs/notation.md §Labels, §The form)."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import READY_TIMEOUT_MS, ROOT

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.page import hold_engine, release  # noqa: E402

sys.path.pop(0)

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
VECTOR = next(v for v in json.loads((ROOT / "tests" / "vectors" / "generic.json").read_text(encoding="utf-8"))["rolls"]
              if v["name"].startswith("notation ataque: 1d20+5; daño:"))


def test_typed_notation_hides_the_fields_it_replaces_and_says_so(warm_page):
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.fill("#generic-difficulty", "12")
    for name in ("dice", "sides", "keep", "modifier", "keep_lowest"):
        expect(page.locator(f"#generic-{name}")).to_be_visible()
    page.fill("#generic-notation", "4d6k3+1")
    for name in ("dice", "sides", "keep", "modifier", "keep_lowest"):
        expect(page.locator(f"#generic-{name}")).to_be_hidden()
    expect(page.locator("#generic-notation-note")).to_contain_text("no se usan")
    expect(page.locator("#generic-difficulty")).to_be_visible()          # one roll: the difficulty applies
    page.fill("#generic-notation", "ataque: 1d20+5; daño: 2d6+3")
    expect(page.locator("#generic-difficulty")).to_be_hidden()           # several rolls: not read either
    expect(page.locator("#generic-notation-note")).to_contain_text("la dificultad no se aplica")
    page.fill("#generic-notation", "")
    expect(page.locator("#generic-notation-note")).to_be_hidden()
    expect(page.locator("#generic-dice")).to_be_visible()
    expect(page.locator("#generic-difficulty")).to_have_value("12")       # nothing typed was lost


def test_labelled_rolls_roll_show_their_labels_and_verify_through_the_link(warm_page, reader):
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.fill("#generic-difficulty", "12")       # hidden once several rolls are typed: never refused for it
    page.fill("#generic-notation", "ataque: 1d20+5; daño: (2d6+3)*2")
    page.click("#roll")
    expect(page.locator("#result .roll-label")).to_have_text(["ataque", "daño"])
    expect(page.locator("#result-pool")).to_have_text("ataque: 1d20 +5; daño: (2d6 + 3) \u00d7 2")
    totals = page.locator("#result .total").evaluate_all("els => els.map(e => e.getAttribute('data-total'))")
    assert len(totals) == 2
    link = page.locator("#share-link").input_value()
    other = reader(link.partition("#")[2], locale="es-ES", **PHONE)   # a browser that holds nothing
    expect(other.locator("#shared .shared-ok")).to_be_visible()
    expect(other.locator("#shared .roll-label")).to_have_text(["ataque", "daño"])
    expect(other.locator("#shared-pool")).to_have_text("ataque: 1d20 +5; daño: (2d6 + 3) \u00d7 2")
    assert other.locator("#shared .total").evaluate_all(
        "els => els.map(e => e.getAttribute('data-total'))") == totals
    assert other.evaluate("document.documentElement.scrollWidth") <= 360
    assert "Traceback" not in other.inner_text("body")


def test_the_labelled_vector_link_shows_its_labels_at_once_then_recomputed(new_context, base_url):
    ctx, _ = new_context(locale="es-ES", service_workers="block", **PHONE)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{VECTOR['fragment']}")
    pool = "ataque: 1d20 +5; daño: (2d6 + 3) \u00d7 2"
    expect(page.locator("#shared-pool, #core-pool").first).to_have_text(pool)   # the early reader, or the core's view
    release(page, held)
    expect(page.locator("#shared [data-verified]")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared .roll-label")).to_have_text(["ataque", "daño"])
    got = page.locator("#shared .total").evaluate_all("els => els.map(e => e.getAttribute('data-total'))")
    assert got == [str(r["total"]) for r in VECTOR["result"]["rolls"]]


def test_a_bad_label_is_refused_in_spanish(warm_page):
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "x" * 41 + ": 1d6")
    page.click("#roll")
    expect(page.locator("#result .error")).to_contain_text("de 1 a 40 caracteres")
    assert "Traceback" not in page.inner_text("body")
