"""End to end: one chain writer across tabs (issue #39). Two tabs of one browser (one context) roll
under the same name at the same instant, 20 times: each roll takes its own number (web/chain-writer.mjs:
a Web Lock, and the head left in IndexedDB for the next tab), and the thread audit of the 40 links
finds no fork."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from conftest import open_app

pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.page import audit_text  # noqa: E402

from tirada.links.chain import verify  # noqa: E402

#: click "Tirar" at the wall-clock time ``at`` (ms): both tabs are given the same instant
AT = "at => setTimeout(() => document.getElementById('roll').click(), Math.max(0, at - Date.now()))"
CHANGED = "before => document.getElementById('share-link').value !== before"


def _ready(page) -> None:
    page.select_option("#system", "sifrp")
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", "Corvo")
    page.fill("#campaign", "Arenas")


def test_two_tabs_rolling_at_one_instant_never_take_the_same_number(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 360, "height": 640})
    tabs = [open_app(ctx.new_page(), base_url) for _ in range(2)]
    for tab in tabs:
        _ready(tab)
    links = []
    for _ in range(20):
        before = [tab.locator("#share-link").input_value() for tab in tabs]
        at = int(time.time() * 1000) + 300
        for tab in tabs:
            tab.evaluate(AT, at)
        for tab, old in zip(tabs, before):
            tab.wait_for_function(CHANGED, arg=old, timeout=30_000)
            links.append(tab.locator("#share-link").input_value())
    seqs = sorted(verify(link.split("#", 1)[1])["seq"] for link in links)
    assert seqs == list(range(1, 41)), seqs                       # no number taken twice
    report = audit_text(tabs[0], "".join(f"Corvo: {link}\n" for link in links))
    assert "Todo en orden" in report and "bifurca" not in report.lower(), report
