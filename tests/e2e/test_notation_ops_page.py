"""Issue 28 operators in a fresh phone browser (360x640): each one typed as notation shows exact odds
in the odds card, rolls, and its share link opens in another fresh browser on the same verified dice
and total, with the pool the early reader and the engine write."""

from __future__ import annotations

import re

import pytest


expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}

#: (notation, difficulty or "", pool in Spanish, a text the odds card must show: an exact fraction or the cut-off)
CASES = [
    ("4dF+1", "2", "4dF +1 contra 2", "(31/81)"),
    ("2d%", "200", "2d100 contra 200", "(1/10000)"),
    ("3d10>8f1", "3", "3d10, éxitos con \u22658, fallos con =1 contra 3", "(27/1000)"),
    ("10d10>8!f1", "2", "10d10! (explosivos), éxitos con \u22658, fallos con =1 contra 2", "Explosiones contadas hasta 14"),
    ("4d6r<2k3", "", "4d6, guardas 3, repite \u22642", "Repeticiones contadas hasta"),
    ("2d20ro1kh1+5", "20", "2d20, guardas 1, repite una vez =1 +5 contra 20", "(21231/40000)"),
    ("3d6!>5", "", "3d6! (explosivos \u22655)", "Explosiones contadas hasta"),
    ("2d10!!", "15", "2d10!! (explosivos acumulados) contra 15", "Explosiones contadas hasta"),
    ("3d6!p", "", "3d6!p (explosivos penetrantes)", "Explosiones contadas hasta"),
]


def dice_labels(page, where: str) -> list:
    return page.locator(f"{where} .die").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


@pytest.mark.parametrize("text, difficulty, pool, shown", CASES, ids=[c[0] for c in CASES])
def test_operator_has_exact_odds_rolls_and_verifies_through_its_link(reader, warm_page, text, difficulty,
                                                                   pool, shown):
    page = warm_page(**PHONE)   # the roller's browser; the link opens below in one that holds nothing
    page.select_option("#system", "generic")
    page.fill("#generic-difficulty", difficulty)
    page.fill("#generic-notation", text)
    # the odds card (its numbers table folded, read as text) shows the exact fraction or the cut-off
    page.wait_for_function("t => document.querySelector('#odds').textContent.includes(t)", arg=shown,
                           timeout=15_000)
    assert page.locator("#odds-figure svg rect.bar").count() > 2
    assert "Traceback" not in page.inner_text("body")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    expect(page.locator("#result-pool")).to_have_text(pool)
    total = page.locator("#result .total").get_attribute("data-total")
    faces = dice_labels(page, "#result")
    assert faces
    if re.search(r"\d[<>=]\d", text.split("!")[0]):   # success counting: the card says how many and marks each die
        counted = page.locator("#result .counted")
        n, m = int(counted.get_attribute("data-successes")), int(counted.get_attribute("data-failures"))
        assert int(total) == n - m and page.locator("#result .die.success").count() == n
        assert page.locator("#result .die.failure").count() == m
    if "r<2" in text:   # rerolled while 1 or 2: no die ends there; a rerolled one names what it replaced
        assert all(int(f.split(",")[0].split()[1]) >= 3 for f in faces), faces
        assert all(re.search(r"repetido \(antes [12](, [12])*\)", f) for f in faces if "repetido" in f), faces
    if "dF" in text:  # Fate faces −1, 0, +1, signed as the sums are (a minus sign, U+2212)
        assert all(re.match(r"dF (\+1|0|\u22121)(,|$)", f) for f in faces), faces
    link = page.locator("#share-link").input_value()
    other = reader(link.partition("#")[2], locale="es-ES", **PHONE)   # a browser that holds nothing
    expect(other.locator("#shared .shared-ok")).to_be_visible()
    expect(other.locator("#shared-pool")).to_have_text(pool)
    expect(other.locator("#shared .total")).to_have_attribute("data-total", total)
    assert dice_labels(other, "#shared") == faces
    assert other.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("text, said", [("10d10>8f2", "ambiguo"), ("4dF!", "no explotan"), ("5d10>7k3", "compara cada dado"),
                                        ("4d6r<6", "no todas"), ("4d6!<6", "no para nunca")])
def test_operator_refused_with_its_reason_in_spanish(warm_page, text, said):
    page = warm_page(**PHONE)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", text)
    page.click("#roll")
    expect(page.locator("#result .error")).to_contain_text(said)
    assert "Traceback" not in page.inner_text("body")
