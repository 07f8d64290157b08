"""An L5R check played on the reading core before Pyodide is up (issue #41; web/core-check.mjs,
web/l5r/core_check.py).

A first visit's «Tirar» with L5R chosen used to wait ~11 s on a phone for the full engine. Now the core
plays the check: the board the full page draws (its HTML and words, web/l5r/ui_l5r_render.py on
MicroPython), each tap answered, each decision's fresh dice numbered on the roller's chain, and the
finished roll shown as a core roll with its link and copy buttons; once Pyodide is up the full card takes
it over. Every test is a fresh phone (360×640, no service worker) with Pyodide's WebAssembly held back.
"""

from __future__ import annotations

import os
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

from shell.i18n import tn  # noqa: E402  (a plural text as the page words it)
from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)
from tirada.links.core_view import core_view  # noqa: E402
from tirada.links.roll_link import open_roll  # noqa: E402

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.page import audit_text, hold_engine, refuse_engine, release  # noqa: E402

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
#: the longest main-thread task while the core answers a tap, in ms: the brief's input bound, three
#: times over beside another test worker
TAP_TASK_MS = 300 if os.environ.get("PYTEST_XDIST_WORKER") else 100
RECORD_LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});"""


def _phone(new_context, locale: str = "es-ES"):
    ctx, watch = new_context(service_workers="block", locale=locale, **PHONE)
    return ctx, watch


def _start(page, base_url: str, roller: str = "Kaito", label: str = "Saltar") -> None:
    """The form, with L5R chosen (Fire 2, skill 1, TN 2, a Distinction), named, «Tirar» pressed."""
    from playwright.sync_api import expect

    page.goto(base_url)
    expect(page.locator("html")).to_have_attribute("data-core-form", "ready", timeout=READY_TIMEOUT_MS)
    with page.expect_request("**/core-l5r.bin"):      # L5R chosen: its check's modules come before «Tirar»
        page.select_option("#system", "l5r5e")
    page.check("#l5r-distinction")
    if roller:
        page.click("#who summary")
        page.fill("#roller", roller)
        page.fill("#campaign", "Rokugan")
    page.fill("#label", label)
    page.click("#roll")
    expect(page.locator('#result .l5r-board[data-core="check"]')).to_be_visible(timeout=30_000)


def _stage(page) -> str:
    board = page.locator("#result .l5r-board")
    return board.get_attribute("data-stage") if board.count() else ""


def _play_out(page) -> None:
    """From the board on screen to the finished roll: one die rerolled, the first die kept, explosions kept."""
    from playwright.sync_api import expect

    for _ in range(12):
        stage = _stage(page)
        # the board on screen when a decision is sent is marked: the next one (the same stage again for a
        # second explosion die) replaces it
        mark = "(document.querySelector('#result .l5r-board') || {}).dataset.before = '1'"
        if stage in ("reroll", "keep"):
            page.locator("[data-l5r-die]:not(.not-allowed)").first.click()
            expect(page.locator("[data-l5r-die][aria-pressed=true]")).to_have_count(1)
            page.evaluate(mark)
            page.click("#l5r-confirm")
        elif stage == "explosion":
            page.evaluate(mark)
            page.click("[data-l5r-explosion=keep]")
        else:
            break
        page.wait_for_function("() => document.getElementById('core-roll') "
                               "|| !document.querySelector('#result .l5r-board[data-before]')")
    expect(page.locator("#core-roll-headline")).to_be_visible()


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("en-GB", "en")])
def test_an_l5r_check_is_played_on_the_core_before_pyodide_then_the_full_card_takes_over(new_context, base_url,
                                                                                         locale, lang):
    from playwright.sync_api import expect

    ctx, watch = _phone(new_context, locale)
    held = hold_engine(ctx)
    ctx.add_init_script(RECORD_LONG_TASKS)
    page = ctx.new_page()
    _start(page, base_url)
    assert page.get_attribute("html", "data-engine") == "loading"
    assert _stage(page) == "reroll"                                        # the Distinction's reroll first
    expect(page.locator("#l5r-step")).to_be_focused()                     # focus on what to do now
    expect(page.locator("#l5r-step")).to_have_text(STRINGS["l5r.do_reroll_distinction"][lang].format(min=0, max=2))
    assert axe_problems(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # a tap marks the die and says so, as the full page's board does; focus stays on the die
    die = page.locator("[data-l5r-die]").first
    before = page.evaluate("performance.now()")
    die.click()
    expect(die).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-l5r-die]").first).to_be_focused()
    expect(page.locator("#l5r-status")).to_have_text(tn("l5r.marked_count", lang, 1))
    expect(page.locator("#l5r-confirm")).to_have_text(STRINGS["l5r.confirm_reroll"][lang])
    long = [d for at, d in page.evaluate("window.__long") if at >= before and d > TAP_TASK_MS]
    assert long == [], long                                                # the core answers in its worker
    page.locator("[data-l5r-die]").first.click()                            # and a second tap unmarks it
    expect(page.locator("[data-l5r-die][aria-pressed=true]")).to_have_count(0)
    _play_out(page)
    link = page.locator("#share-link").input_value()
    fragment = link.split("#", 1)[1]
    verified = open_roll(fragment)                                         # the full engine, from the link
    assert verified["request"]["system"] == "l5r5e" and verified["roller"] == "Kaito" and verified["seq"] == 1
    assert verified["request"]["rerolls"] == [0] and verified["label"] == "Saltar"
    expect(page.locator("#core-roll-headline")).to_have_text(core_view(fragment, lang).outcome)
    expect(page.locator("#result")).to_be_focused()
    # once Pyodide is up the full page shows the same roll as its own (its history entry worded again)
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#core-roll")).to_have_count(0)
    expect(page.locator("#share-link")).to_have_value(link)
    expect(page.locator("#history-list li").first).to_contain_text("Saltar")
    watch.assert_clean()


def test_the_cores_check_link_is_verified_on_a_fresh_phone_and_the_thread_audit_is_clean(new_context, base_url):
    """The link the core made opens on another phone (its own core verifies it), and a thread of the core's
    check and the full page's next roll on the same chain audits «Todo en orden»."""
    from playwright.sync_api import expect

    ctx, _ = _phone(new_context)
    held = hold_engine(ctx)
    page = ctx.new_page()
    _start(page, base_url)
    _play_out(page)
    first = page.locator("#share-link").input_value()
    reader_ctx, reader_watch = _phone(new_context)
    reader = reader_ctx.new_page()
    reader.goto(first)
    expect(reader.locator("#core-headline")).to_have_text(core_view(first.split("#", 1)[1], "es").outcome,
                                                          timeout=READY_TIMEOUT_MS)
    reader_watch.assert_clean()
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    page.select_option("#system", "sifrp")
    page.fill("#label", "Después")
    page.click("#roll")
    page.wait_for_function("b => document.getElementById('share-link').value !== b", arg=first)
    second = page.locator("#share-link").input_value()
    assert open_roll(second.split("#", 1)[1])["seq"] == open_roll(first.split("#", 1)[1])["entries"][-1]["seq"] + 1
    report = audit_text(page, f"Kaito: {first}\n\nKaito: {second}")
    assert "Todo en orden" in report and "bifurca" not in report.lower(), report


def test_a_check_left_half_played_shows_in_the_thread_audit(new_context, base_url):
    """Fair play: a player who dislikes the dice after a decision and starts again cannot hide it: the
    numbers the check left half played took are missing from the thread between the two posted rolls."""
    from playwright.sync_api import expect

    ctx, _ = _phone(new_context)
    held = hold_engine(ctx)
    page = ctx.new_page()
    _start(page, base_url)
    _play_out(page)
    posted = page.locator("#share-link").input_value()
    last = open_roll(posted.split("#", 1)[1])["entries"][-1]["seq"]
    page.click("#roll")                                                    # a second check…
    expect(page.locator("#result .l5r-board")).to_have_attribute("data-stage", "reroll")
    page.locator("[data-l5r-die]").first.click()
    page.click("#l5r-confirm")                                             # …a die rerolled (two numbers taken)…
    expect(page.locator("#result .l5r-board")).to_have_attribute("data-stage", "keep")
    page.click("#roll")                                                    # …and left for a third
    expect(page.locator("#result .l5r-board")).to_have_attribute("data-stage", "reroll")
    _play_out(page)
    again = page.locator("#share-link").input_value()
    assert open_roll(again.split("#", 1)[1])["seq"] == last + 3
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    report = audit_text(page, f"Kaito: {posted}\n\nKaito: {again}")
    assert "Todo en orden" not in report, report
    assert f"nº {last + 1}" in report and STRINGS["audit.missing"]["es"] in report, report


def test_with_pyodide_refused_the_core_plays_the_check_to_its_end(new_context, base_url):
    from playwright.sync_api import expect

    ctx, watch = _phone(new_context)
    refuse_engine(ctx)
    page = ctx.new_page()
    _start(page, base_url, roller="", label="Sin motor")
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    _play_out(page)
    expect(page.locator("#core-roll-checking")).to_have_text(STRINGS["roll.core_failed"]["es"])
    verified = open_roll(page.locator("#share-link").input_value().split("#", 1)[1])
    assert verified["roller"] is None and verified["label"] == "Sin motor"
    watch.errors.clear()   # the browser's console names the refused files


def test_a_die_the_rules_refuse_is_said_on_the_board_and_not_marked(new_context, base_url):
    """At the keep, a die past the Ring's limit: the engine's reason, the board unchanged, the die unmarked."""
    from playwright.sync_api import expect

    ctx, watch = _phone(new_context)
    hold_engine(ctx)
    page = ctx.new_page()
    _start(page, base_url, roller="")
    page.click("#l5r-confirm")                                             # no reroll
    expect(page.locator("#result .l5r-board")).to_have_attribute("data-stage", "keep")
    dice = page.locator("[data-l5r-die]")
    for i in range(dice.count()):                                          # Ring 2: at most 2 kept
        dice.nth(i).click()
    error = page.locator("#l5r-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(STRINGS["l5r.refused"]["es"])
    page.click("#l5r-confirm")                                             # sent anyway: refused, nothing kept
    expect(error).to_be_visible()
    expect(page.locator("#result .l5r-board")).to_have_attribute("data-stage", "keep")
    watch.assert_clean()


#: localStorage refuses the chain book's next write once ``window.__failChains`` is set (a full storage)
FAIL_CHAINS_ONCE = """(() => { const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'tirada.chains.v1' && window.__failChains) { window.__failChains = false;
      throw new DOMException('full', 'QuotaExceededError'); }
    return set.call(this, key, value); }; })();"""


def test_a_decision_whose_chain_number_cannot_be_stored_is_not_made_and_can_be_sent_again(new_context, base_url):
    """Fair play: the decision's dice are not shown and its numbers are not taken when the chain book cannot
    be stored; pressing again makes it at those numbers, and the next roll takes the next one (no number
    twice: the audit would call it a fork)."""
    from playwright.sync_api import expect

    ctx, _ = _phone(new_context)
    hold_engine(ctx)
    ctx.add_init_script(FAIL_CHAINS_ONCE)
    page = ctx.new_page()
    _start(page, base_url)
    page.locator("[data-l5r-die]").first.click()
    page.evaluate("window.__failChains = true")
    page.click("#l5r-confirm")
    error = page.locator("#l5r-error")
    expect(error).to_have_text(STRINGS["loading.check_retry"]["es"].format(code="core.step_not_saved"))
    assert _stage(page) == "reroll"                                        # not made: the board as it was
    expect(page.locator("[data-l5r-die][aria-pressed=true]")).to_have_count(1)
    page.click("#l5r-confirm")                                             # pressed again: made now
    expect(page.locator("#result .l5r-board")).to_have_attribute("data-stage", "keep")
    _play_out(page)
    first = open_roll(page.locator("#share-link").input_value().split("#", 1)[1])
    numbers = [e["seq"] for e in first["entries"]]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 2
    page.select_option("#system", "sifrp")
    page.fill("#label", "Después")
    before = page.locator("#share-link").input_value()
    page.click("#roll")
    page.wait_for_function("b => document.getElementById('share-link').value !== b", arg=before)
    assert open_roll(page.locator("#share-link").input_value().split("#", 1)[1])["seq"] == numbers[-1] + 1


def test_the_board_follows_the_language_button_mid_check(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = _phone(new_context)
    hold_engine(ctx)
    page = ctx.new_page()
    _start(page, base_url)
    expect(page.locator("#l5r-step")).to_have_text(STRINGS["l5r.do_reroll_distinction"]["es"].format(min=0, max=2))
    page.click("#lang")                                                    # English, before Pyodide
    expect(page.locator("#l5r-step")).to_have_text(STRINGS["l5r.do_reroll_distinction"]["en"].format(min=0, max=2))
    expect(page.locator("#l5r-confirm")).to_have_text(STRINGS["l5r.confirm_reroll"]["en"])


def test_with_pyodide_refused_a_value_the_rules_refuse_is_pointed_at(new_context, base_url):
    from playwright.sync_api import expect

    ctx, watch = _phone(new_context)
    refuse_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("data-core-form", "ready", timeout=READY_TIMEOUT_MS)
    page.select_option("#system", "l5r5e")
    page.fill("#l5r-ring", "0")
    page.click("#roll")
    label = STRINGS["l5r.ring"]["es"]
    expect(page.locator("#core-roll-refused-text")).to_have_text(
        STRINGS["roll.core_refused"]["es"].format(field=label, code="field.range"))
    expect(page.locator("#l5r-ring")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#l5r-ring")).to_be_focused()
    watch.errors.clear()   # the browser's console names the refused files


def test_with_storage_refused_and_pyodide_refused_an_unnamed_check_is_still_played(new_context, base_url):
    """Nothing else can roll then: the core plays an unnamed check (it numbers nothing) and says the roll
    could not be kept in «Tiradas recientes»."""
    from playwright.sync_api import expect

    ctx, watch = _phone(new_context)
    refuse_engine(ctx)
    ctx.add_init_script("""Object.defineProperty(window, 'localStorage', {configurable: true,
      get() { throw new DOMException('refused', 'SecurityError'); }});""")
    page = ctx.new_page()
    page.goto(base_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    _start(page, base_url, roller="", label="Sin almacenamiento")
    _play_out(page)
    expect(page.locator("#core-roll")).to_contain_text(STRINGS["roll.core_not_saved"]["es"])
    assert open_roll(page.locator("#share-link").input_value().split("#", 1)[1])["label"] == "Sin almacenamiento"
    watch.errors.clear()   # the browser's console names the refused files
