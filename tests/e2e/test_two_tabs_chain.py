"""End to end: one chain writer across tabs (issue #39). Two tabs of one browser (one context) roll
under the same name at the same instant, 20 times: each roll takes its own number (web/chain-writer.mjs:
a Web Lock, and the head left in IndexedDB for the next tab), and the thread audit of the 40 links
finds no fork.

The two tabs are tabs of this worker's shared browser context (``warm_page``: storage cleared, HTTP
cache kept): what is tested is two tabs writing one chain, not a first visit (issue #37)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from conftest import open_app

pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.page import LINK_CHANGED, audit_text, l5r_decide, roll_at_once  # noqa: E402

from tirada.links.chain import verify  # noqa: E402

#: click "Tirar" at the wall-clock time ``at`` (ms): both tabs are given the same instant


def _two_tabs(warm_page, viewport: dict) -> list:
    """Two ready tabs of one browser (one context, its site storage empty), at ``viewport``."""
    first = warm_page(viewport=viewport)
    return [first, open_app(first.context.new_page(), first.url)]


def _ready(page) -> None:
    page.select_option("#system", "sifrp")
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", "Corvo")
    page.fill("#campaign", "Arenas")


def test_two_tabs_rolling_at_one_instant_never_take_the_same_number(warm_page):
    tabs = _two_tabs(warm_page, {"width": 360, "height": 640})
    for tab in tabs:
        _ready(tab)
    links = []
    for _ in range(20):
        links += roll_at_once(tabs)
    seqs = sorted(verify(link.split("#", 1)[1])["seq"] for link in links)
    assert seqs == list(range(1, 41)), seqs                       # no number taken twice
    report = audit_text(tabs[0], "".join(f"Corvo: {link}\n" for link in links))
    assert "Todo en orden" in report and "bifurca" not in report.lower(), report


#: click the element ``id`` at the wall-clock time ``at`` (ms)
AT_ID = ("([id, at]) => setTimeout(() => document.getElementById(id).click(), Math.max(0, at - Date.now()))")


def _at_once(tabs, element: str) -> None:
    at = int(time.time() * 1000) + 300
    for tab in tabs:
        tab.evaluate(AT_ID, [element, at])


def _l5r_ready(page) -> None:
    """The form ready for an L5R check as Corvo in «Arenas», with a Distinction (a reroll decision first)."""
    _ready(page)
    page.select_option("#system", "l5r5e")
    page.fill("#l5r-ring", "2")
    page.fill("#l5r-skill", "1")
    page.fill("#l5r-tn", "2")
    page.check("#l5r-distinction")


def _stage(page, name: str) -> None:
    page.wait_for_selector(f'#result .l5r-board[data-stage="{name}"]', timeout=30_000)


def test_two_tabs_finishing_l5r_checks_and_sealing_secret_rolls_at_one_instant_never_fork(warm_page):
    """The other numbered actions go through the same writer (web/shell/chain_writer.py): two tabs
    start an L5R check (numbered at each decision) and then seal a GM secret roll, each pair at the
    same instant under one name: the thread audit of the four links finds no fork."""
    tabs = _two_tabs(warm_page, {"width": 360, "height": 640})
    for tab in tabs:
        _l5r_ready(tab)
    _at_once(tabs, "roll")
    for tab in tabs:
        _stage(tab, "reroll")
    _at_once(tabs, "l5r-confirm")                     # the first decision, at one instant too
    for tab in tabs:
        _stage(tab, "keep")
    links = []
    befores = [tab.locator("#share-link").input_value() for tab in tabs]
    for tab in tabs:                                  # both keeps waiting for the chain together
        tab.locator("[data-l5r-die]:not([aria-disabled])").first.click()
        tab.click("#l5r-confirm")
    for tab, before in zip(tabs, befores):
        tab.wait_for_selector("#result:not([aria-busy])", timeout=30_000)   # the keep landed
        while tab.locator("#result .l5r-total").count() == 0:
            _stage(tab, "explosion")
            keep = tab.locator('[data-l5r-explosion="keep"]')
            l5r_decide(tab, keep if keep.get_attribute("aria-disabled") is None else
                       tab.locator('[data-l5r-explosion="drop"]'))
        tab.wait_for_function(LINK_CHANGED, arg=before, timeout=30_000)
        links.append(tab.locator("#share-link").input_value())
    for tab in tabs:                                  # a GM secret roll (sealed) in the same chain
        tab.select_option("#system", "sifrp")
        tab.fill("#sifrp-test_dice", "3")
        tab.locator("#gm-secret summary").click()
    _at_once(tabs, "gm-secret-roll")
    for tab in tabs:
        tab.wait_for_function("document.getElementById('sealed-link') && document.getElementById('sealed-link').value",
                              timeout=30_000)
        links.append(tab.locator("#sealed-link").input_value())
    assert len(set(links)) == 4
    report = audit_text(tabs[0], "".join(f"Corvo: {link}\n" for link in links))
    assert "Todo en orden" in report and "bifurca" not in report.lower(), report


#: hold the chain's Web Lock in this tab, as another tab numbering a roll does, until
#: ``window.heldChainRelease()``; resolves once held
HOLD = """() => new Promise(held => navigator.locks.request('tirada-chain', () => {
  held();
  return new Promise(release => { window.heldChainRelease = release; });
}))"""
RELEASE = "() => window.heldChainRelease()"


def _seq(page) -> int:
    chains = page.evaluate("() => JSON.parse(localStorage.getItem('tirada.chains.v1') || '{}')")
    return int((chains.get("Corvo\nArenas") or {}).get("seq") or 0)


def test_a_decision_waiting_for_another_tab_keeps_its_board_busy_and_takes_one_number(warm_page):
    """While another tab holds the chain (its own roll being numbered), an L5R decision waits its
    turn: the board's buttons are disabled and a progress line says why, holding focus; a second tap,
    Enter or a script's click send nothing (no decision dropped half-way, no second number). When the
    other tab lets go the decision lands once: one more chain number, the next stage drawn and
    focused. A GM secret roll waiting the same way keeps its button busy and seals one roll."""
    expect = pytest.importorskip("playwright.sync_api").expect
    tab, other = _two_tabs(warm_page, {"width": 360, "height": 640})
    _l5r_ready(tab)
    tab.click("#roll")
    _stage(tab, "reroll")
    before = _seq(tab)
    other.evaluate(HOLD)
    tab.click('[data-l5r-die="0"]')
    tab.click("#l5r-confirm")
    busy = tab.locator("#result .busy-line")
    expect(busy).to_contain_text("Numerando en tu cadena")
    expect(busy).to_be_focused()                      # focus waits on the progress, never on <body>
    expect(tab.locator("#result")).to_have_attribute("aria-busy", "true")
    expect(tab.locator("#l5r-confirm")).to_be_disabled()
    expect(tab.locator('[data-l5r-die="0"]')).to_be_disabled()
    tab.locator("#l5r-confirm").click(force=True)     # a second tap on the disabled button
    tab.keyboard.press("Enter")
    tab.evaluate("() => document.getElementById('l5r-confirm').click()")
    assert tab.locator("#result .l5r-board").get_attribute("data-stage") == "reroll"
    assert _seq(tab) == before                        # nothing numbered while the other tab holds it
    other.evaluate(RELEASE)
    _stage(tab, "keep")
    expect(tab.locator("#l5r-step")).to_be_focused()   # the new stage has the focus
    expect(tab.locator("#result")).not_to_have_attribute("aria-busy", "true")
    assert tab.locator(".busy-line").count() == 0
    assert _seq(tab) == before + 1                    # the decision took one number, once
    assert tab.locator('#result [data-rerolled="0"]').count() == 1

    tab.select_option("#system", "sifrp")             # a GM secret roll waiting its turn
    tab.fill("#sifrp-test_dice", "3")
    tab.locator("#gm-secret summary").click()
    other.evaluate(HOLD)
    tab.click("#gm-secret-roll")
    expect(tab.locator("#gm-secret-roll")).to_be_disabled()
    expect(tab.locator("#gm-secret-roll + .busy-line")).to_be_focused()
    tab.evaluate("() => document.getElementById('gm-secret-roll').click()")
    numbered = _seq(tab)
    other.evaluate(RELEASE)
    tab.wait_for_function("document.getElementById('sealed-link')?.value", timeout=30_000)
    expect(tab.locator("#gm-secret-roll")).to_be_enabled()
    assert _seq(tab) == numbered + 1                  # one secret roll sealed, not two
    assert tab.locator(".busy-line").count() == 0


#: click the element matching ``sel`` at the wall-clock time ``at`` (ms)
AT_SEL = "([sel, at]) => setTimeout(() => document.querySelector(sel).click(), Math.max(0, at - Date.now()))"
BRS_LINK = "before => document.getElementById('brs-share-link').value !== before"
ADVANTAGE = '#brs-actions [data-move="advantage"][data-player="1"]'   # Sharla's Advantage in the example


def _brs_at_once(tabs, selector: str) -> list:
    """Click ``selector`` in every tab at one instant; each tab's new Confrontation link once it landed."""
    befores = [tab.locator("#brs-share-link").input_value() for tab in tabs]
    at = int(time.time() * 1000) + 300
    for tab in tabs:
        tab.evaluate(AT_SEL, [selector, at])
    links = []
    for tab, before in zip(tabs, befores):
        tab.wait_for_function(BRS_LINK, arg=before, timeout=30_000)
        tab.wait_for_selector("#brs-game:not([aria-busy])", timeout=30_000)
        assert tab.locator("#brs-error").is_hidden(), tab.inner_text("#brs-error")
        links.append(tab.locator("#brs-share-link").input_value())
    return links


def test_two_tabs_starting_confrontations_and_rolling_moves_at_one_instant_never_fork(warm_page):
    """Blood Red Sands under the same writer (web/brs/ui_brs.py → chain_writer.hold): two tabs of one
    browser, the same roller, start a Confrontation at one instant, then spend an Advantage (a move
    that rolls: fresh dice signed by the mover's chain) at one instant, three times over: every start
    and every signed move takes its own number, and the thread audit of the links finds no fork."""
    from tirada.systems.brs.link import decode_link

    tabs = _two_tabs(warm_page, {"width": 1280, "height": 900})
    for tab in tabs:
        _ready(tab)
        tab.fill("#roller", "Sharla")                 # the example's Sharla: her Advantage is hers to spend
        tab.click("#tab-brs")
    posted, seqs = [], []
    for _ in range(3):
        for tab in tabs:
            if tab.locator("#brs-game").is_visible():
                tab.click("#brs-new")                 # another Confrontation from this one's set-up
            tab.click("#brs-example")
        starts = _brs_at_once(tabs, "#brs-start")
        seqs += [decode_link(link.split("#", 1)[1])[0]["start"]["seq"] for link in starts]
        for tab in tabs:
            tab.select_option("#brs-1-advantage-die", "9")   # Sharla's d4 (Strength)
        moved = _brs_at_once(tabs, ADVANTAGE)
        seqs += [decode_link(link.split("#", 1)[1])[1][-1]["fresh"]["seq"] for link in moved]
        posted += moved
    assert sorted(seqs) == list(range(1, 13)), seqs          # twelve numbers, none taken twice
    report = audit_text(tabs[0], "".join(f"Sharla: {link}\n" for link in posted))
    assert "bifurca" not in report.lower() and "Sharla" in report, report
