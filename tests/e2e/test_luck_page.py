"""End to end: the luck report in the page's audit (issue #26 item 6), on a phone.

A thread with two players' 30 rolls each is posted into "Auditar hilo": Honesta posts every roll,
Tramposo rolls three times from the same place in his chain (browser data restored, or his own
code, so the chain itself looks complete) and posts the best. The report flags Tramposo's streak,
worded as a statistic, and not Honesta's; each roll shows its percentile.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.luck import chained_thread  # noqa: E402
from helpers.page import audit_text  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def test_a_best_of_3_player_is_flagged_and_an_honest_one_is_not(warm_page, base_url):
    page = warm_page(**PHONE)
    thread = chained_thread("Honesta", 1, base=base_url) + "\n" + chained_thread("Tramposo", 3, base=base_url)
    audit_text(page, thread)
    expect(page.locator("#audit-verdict")).to_contain_text("Hay problemas")
    problems = page.locator("#audit-problems li")
    expect(problems).to_have_count(1)
    expect(problems.first).to_contain_text("Tramposo")
    expect(problems.first).to_contain_text("racha de suerte muy improbable")
    expect(problems.first).to_contain_text("Es una estadística, no una prueba")
    # the verdict and the named streak are in the first screen of the phone
    box = problems.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640 + page.evaluate("scrollY")
    blocks = page.locator(".audit-roller")
    honest = blocks.filter(has_text="Honesta")
    expect(honest.locator(".audit-luck")).to_have_attribute("data-flagged", "false")
    expect(honest.locator(".verdict")).to_have_text("Cadena completa")
    cheat = blocks.filter(has_text="Tramposo")
    expect(cheat.locator(".audit-luck")).to_have_attribute("data-flagged", "true")
    expect(cheat.locator(".audit-luck")).to_contain_text("30 tiradas valoradas")
    expect(cheat.locator(".audit-result").first).to_contain_text("percentil")
