"""The roll form rolls on the reading core before Pyodide is up (issue #41).

A plain first visit starts MicroPython with the reading core in a Web Worker (web/core-first.mjs
coreForm) beside Pyodide; once it is up (<html data-core-form="ready">) «Tirar» for SIFRP and the
generic roll rolls there (web/loader.js rollOnCore → tirada.core_roll): the same link format,
numbered on the roller's chain under the chain lock, stored, shown outcome first with its copy buttons.
When Pyodide is up it verifies the roll again and shows the full card (web/roll/ui_roll.py
take_core_roll); what the core cannot roll as the full page would waits for the engine, as before.
Every test is a fresh phone (360×640, no service worker) with Pyodide's WebAssembly held back or refused.
"""

from __future__ import annotations

import json
import os
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)
from tirada.links.chain import verify  # noqa: E402
from tirada.links.core_view import core_view  # noqa: E402
from tirada.links.pool import pool_text  # noqa: E402
from tirada.links.snippets import snippet_of  # noqa: E402

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.page import LINK_CHANGED, audit_text, hold_engine, refuse_engine, release, roll_at_once  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
#: the longest main-thread task while the core rolls (click → card), in ms: the brief's input bound,
#: three times over beside another test worker
CORE_TASK_MS = 300 if os.environ.get("PYTEST_XDIST_WORKER") else 100
RECORD_LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});"""


def _core_ready(page) -> None:
    from playwright.sync_api import expect

    expect(page.locator("html")).to_have_attribute("data-core-form", "ready", timeout=READY_TIMEOUT_MS)


def _failed_phone(new_context, base_url: str) -> tuple:
    """A fresh phone whose Pyodide files are refused, once the engine has failed and the core is up:
    ``(page, watch, the refused addresses)``."""
    from playwright.sync_api import expect

    ctx, watch = new_context(service_workers="block", **PHONE)
    refused = refuse_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    _core_ready(page)
    return page, watch, refused


def _name(page, roller: str, campaign: str) -> None:
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", roller)
    page.fill("#campaign", campaign)


def _fragment(link: str) -> str:
    return link.split("#", 1)[1]


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("en-GB", "en")])
def test_the_form_rolls_on_the_core_before_pyodide_then_the_full_card_takes_over(new_context, base_url, locale, lang):
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", locale=locale, permissions=["clipboard-read", "clipboard-write"],
                         **PHONE)
    held = hold_engine(ctx)                           # Pyodide waits: what rolls now is the core
    ctx.add_init_script(RECORD_LONG_TASKS)
    page = ctx.new_page()
    page.goto(base_url)
    _core_ready(page)
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.core_form"][lang])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360   # the text fits a phone
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "4")
    page.fill("#sifrp-bonus_dice", "1")
    page.select_option("#sifrp-difficulty", "12")   # the options are in the page before the engine
    _name(page, "Sharla", "Poniente")
    page.fill("#label", "Atletismo")
    clicked = page.evaluate("performance.now()")
    page.click("#roll")
    headline = page.locator("#core-roll-headline")
    expect(headline).to_be_visible(timeout=30_000)
    shown = page.evaluate("performance.now()")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"   # before Pyodide
    link = page.locator("#share-link").input_value()
    fragment = _fragment(link)
    checked = verify(fragment)                         # the full engine, here, from the link alone
    assert (checked["roller"], checked["campaign"], checked["seq"], checked["label"]) == \
           ("Sharla", "Poniente", 1, "Atletismo")
    assert checked["request"]["test_dice"] == 4 and checked["request"]["difficulty"] == 12
    expect(headline).to_have_text(core_view(fragment, lang).outcome)   # the system's own words, outcome first
    expect(page.locator("#core-roll-pool")).to_have_text(pool_text(checked["request"], lang))
    expect(page.locator("#result")).to_be_focused()   # focus on what changed, never <body>
    expect(page.locator("#core-roll-checking")).to_have_text(STRINGS["roll.core_loading"][lang])
    expect(page.locator("#share")).to_be_visible()
    # the copy buttons work before Pyodide: the link, and the full page's snippet of the same roll
    page.click('#share [data-copy="link"]')
    expect(page.locator("#copy-status")).to_have_text(STRINGS["action.copied"][lang])
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.click('#share [data-copy="bbcode"]')
    expect(page.locator("#copy-status")).to_have_text(STRINGS["action.copied"][lang])
    home = link.split("#", 1)[0]
    assert page.evaluate("navigator.clipboard.readText()") == snippet_of(dict(checked, fragment=fragment), fragment,
                                                                        home, style="bbcode", lang=lang)
    assert axe_problems(page) == []
    during = [d for begin, d in page.evaluate("window.__long") if begin < shown and begin + d > clicked]
    assert max(during, default=0) <= CORE_TASK_MS, during
    # stored as the full page stores it: the chain's head and the history (marked as the core's)
    book = json.loads(page.evaluate("localStorage.getItem('tirada.chains.v1')"))
    assert book["Sharla\nPoniente"]["seq"] == 1
    history = json.loads(page.evaluate("localStorage.getItem('tirada.history.v1')"))
    assert history[0]["fragment"] == fragment and history[0]["core"] is True

    release(page, held)                               # Pyodide now: the full card of the same roll
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#result .total")).to_be_visible()
    expect(page.locator("#core-roll")).to_have_count(0)
    assert page.locator("#share-link").input_value() == link
    first_item = page.locator("#history-list li").first
    expect(first_item).to_contain_text("Atletismo")
    expect(first_item).to_contain_text(str(checked["result"]["total"]))   # worded as the full page words it
    assert "core" not in json.loads(page.evaluate("localStorage.getItem('tirada.history.v1')"))[0]
    page.click("#roll")                               # the next roll, on Pyodide, goes on from the core's
    page.wait_for_function(LINK_CHANGED, arg=link, timeout=30_000)
    second = page.locator("#share-link").input_value()
    assert (verify(_fragment(second))["seq"], verify(_fragment(second))["prev"]) == (2, book["Sharla\nPoniente"]["last"])

    # the core's link opened by another player on a fresh phone: the same verified roll
    reader, _ = new_context(service_workers="block", locale=locale, **PHONE)
    other = reader.new_page()
    other.goto(link)
    expect(other.locator("#shared .total")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(other.locator("#shared")).to_contain_text(core_view(fragment, lang).outcome)
    if lang == "es":                                  # the thread audit (its helper reads the Spanish report)
        report = audit_text(page, f"Sharla: {link}\nSharla: {second}\n")
        assert "Todo en orden" in report and "bifurca" not in report.lower(), report


def test_two_tabs_one_on_the_core_one_on_pyodide_never_take_the_same_number(new_context, base_url):
    """One player, two tabs: one with Pyodide up, one still on the core, rolling under the same name at
    the same instant: each roll takes its own number (the chain lock of web/chain-writer.mjs), and the
    thread audit of the links finds nothing wrong."""
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", **PHONE)
    held = hold_engine(ctx)
    full = ctx.new_page()
    full.goto(base_url)
    release(full, held)
    expect(full.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    held.clear()                                      # the next tab's WebAssembly is held (the route stays)
    core = ctx.new_page()
    core.goto(base_url)
    _core_ready(core)
    tabs = [full, core]
    for tab in tabs:
        tab.select_option("#system", "sifrp")
        _name(tab, "Corvo", "Arenas")
    links = []
    for _ in range(5):
        links += roll_at_once(tabs)
    assert core.evaluate("document.documentElement.dataset.engine") == "loading"   # every one of its rolls the core's
    seqs = sorted(verify(_fragment(link))["seq"] for link in links)
    assert seqs == list(range(1, 11)), seqs                       # no number taken twice
    report = audit_text(full, "".join(f"Corvo: {link}\n" for link in links))
    assert "Todo en orden" in report and "bifurca" not in report.lower(), report


def test_with_pyodide_refused_the_core_still_rolls_and_says_the_rest_could_not_load(new_context, base_url):
    from playwright.sync_api import expect

    page, watch, refused = _failed_phone(new_context, base_url)
    page.select_option("#system", "generic")
    page.fill("#generic-dice", "3")
    page.fill("#generic-sides", "6")
    page.click("#roll")
    expect(page.locator("#core-roll-headline")).to_be_visible(timeout=30_000)
    expect(page.locator("#core-roll-checking")).to_have_text(STRINGS["roll.core_failed"]["es"])
    expect(page.locator("#core-roll-checking")).not_to_have_attribute("aria-busy", "true")
    link = page.locator("#share-link").input_value()
    assert verify(_fragment(link))["request"]["dice"] == 3 and verify(_fragment(link)).get("seq") is None   # unsigned
    assert json.loads(page.evaluate("localStorage.getItem('tirada.history.v1')"))[0]["fragment"] == _fragment(link)
    expect(page.locator(".py-error:visible")).to_have_count(0)
    assert refused
    watch.errors.clear()   # the browser's console names the refused files


def test_a_typed_notation_with_bands_rolls_on_the_core(new_context, base_url):
    """The notation parser and the bands' reader are in the reading core (issue #41): a typed notation
    with a label, a target and typed bands rolls on MicroPython, Pyodide refused."""
    from playwright.sync_api import expect

    page, watch, refused = _failed_phone(new_context, base_url)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "daño de fuego: 2d6+3 vs 9")
    page.click("#generic-bands-box > summary")
    page.fill("#generic-bands", "≤8 Fallo / 9–11 Éxito parcial / ≥12 Éxito")
    page.click("#roll")
    expect(page.locator("#core-roll-headline")).to_be_visible(timeout=30_000)
    request = verify(_fragment(page.locator("#share-link").input_value()))["request"]
    assert (request["dice"], request["sides"], request["modifier"], request["difficulty"]) == (2, 6, 3, 9), request
    assert request["bands"] == [1, "Fallo", 9, "Éxito parcial", 12, "Éxito"], request
    assert refused
    watch.errors.clear()   # the browser's console names the refused files


@pytest.mark.parametrize("what", ["notation", "faces", "l5r"])
def test_what_the_core_cannot_roll_waits_for_the_engine(new_context, base_url, what):
    """A typed notation MicroPython cannot read as CPython does (a label NFC would change: the core's
    notation parser hands it over), dice rolled elsewhere, an L5R check with its dice rolled elsewhere (an
    L5R check is played on the core otherwise: tests/e2e/test_l5r_core_page.py): queued, said so, and
    rolled once Pyodide is up."""
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", **PHONE)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    _core_ready(page)
    if what == "notation":
        page.select_option("#system", "generic")
        page.fill("#generic-notation", "Cafe\u0301: 2d6+3")
    elif what == "faces":
        page.select_option("#system", "sifrp")
        page.fill("#faces", "6, 5, 3")
    else:
        page.select_option("#system", "l5r5e")
        page.check("#l5r-faces_mode")
    page.fill("#label", "Para el motor")
    page.click("#roll")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.queued"]["es"])
    expect(page.locator("#roll")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#core-roll")).to_have_count(0)
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    if what == "l5r":
        expect(page.locator("#result .l5r-board")).to_be_visible()
    else:
        expect(page.locator("#result .total")).to_be_visible()
        expect(page.locator("#history-list li").first).to_contain_text("Para el motor")


def test_a_visit_the_service_worker_answers_starts_the_core_only_when_the_form_is_reached_for(new_context, base_url):
    """A second visit (the service worker answers: Pyodide starts from its cached snapshot) leaves the
    device to Pyodide: the form's core starts only once the visitor touches, focuses or types in the form
    before Pyodide is up (web/loader.js), so a visit that just reads starts no MicroPython at all."""
    from conftest import open_app

    from helpers.offline import wait_offline_ready

    ctx, _ = new_context(service_workers="allow", **PHONE)
    first = open_app(ctx.new_page(), base_url)
    assert wait_offline_ready(first).endswith("/sw.js")
    first.close()
    page = ctx.new_page()
    workers: list = []
    page.on("worker", lambda worker: workers.append(worker.url.rpartition("/")[2]))
    page = open_app(page, base_url)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert "core-worker.mjs" not in workers, workers
    assert page.evaluate("document.documentElement.dataset.coreForm") is None
    page.focus("#label")                              # the engine is up already: still none
    page.wait_for_timeout(300)
    assert "core-worker.mjs" not in workers, workers


def test_a_roll_asked_while_the_core_starts_is_rolled_by_the_core_once_it_is_up(new_context, base_url):
    """«Tirar» pressed before the core is up is queued («Tirada pedida…»); the core, up first, rolls it
    (web/loader.js): the visitor does not wait for Pyodide for it."""
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", **PHONE)
    held = hold_engine(ctx)
    held_core: list = []
    ctx.route("**/core.bin", lambda route, _req=None: held_core.append(route))
    page = ctx.new_page()
    page.goto(base_url)
    page.select_option("#system", "sifrp")
    page.fill("#label", "Antes del núcleo")
    page.click("#roll")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.queued"]["es"])
    expect(page.locator("#roll")).to_have_attribute("aria-busy", "true")
    release(page, held_core)                          # the core's modules arrive; Pyodide is still held
    expect(page.locator("#core-roll-headline")).to_be_visible(timeout=30_000)
    expect(page.locator("#core-roll-label")).to_have_text("Antes del núcleo")
    expect(page.locator("#roll")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.core_form"]["es"])
    expect(page.locator("#result")).to_be_focused()
    link = page.locator("#share-link").input_value()
    release(page, held)                               # once up, the engine does not roll it a second time
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#result .total")).to_be_visible()
    assert page.locator("#share-link").input_value() == link
    expect(page.locator("#history-list li")).to_have_count(1)


#: the chain lock's first holder waits until the engine is up (a slow phone: the core still rolling when
#: Pyodide's start has already looked for a core roll to take over)
SLOW_FIRST_LOCK = """(() => {
  if (!globalThis.navigator?.locks || !globalThis.document) return;   // the page itself, not its workers
  const request = navigator.locks.request.bind(navigator.locks);
  let slowed = false;
  navigator.locks.request = (name, ...rest) => {
    if (name !== 'tirada-chain' || slowed) return request(name, ...rest);
    slowed = true;
    const work = rest.pop();
    return request(name, ...rest, async (lock) => {
      await new Promise((ok) => { const t = setInterval(() => {
        if (document.documentElement.dataset.engine === 'ready') { clearInterval(t); ok(); } }, 50); });
      return work(lock);
    });
  };
})();"""


def test_a_core_roll_finished_after_the_engine_came_up_is_taken_over_all_the_same(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", **PHONE)
    held = hold_engine(ctx)
    ctx.add_init_script(SLOW_FIRST_LOCK)
    page = ctx.new_page()
    page.goto(base_url)
    _core_ready(page)
    page.select_option("#system", "sifrp")
    _name(page, "Lenta", "Mesa")
    page.fill("#label", "Tarde")
    page.click("#roll")                               # the core rolls, inside the (slowed) chain lock
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#result .total")).to_be_visible(timeout=30_000)   # the full card, not the core's
    expect(page.locator("#core-roll")).to_have_count(0)
    link = page.locator("#share-link").input_value()
    checked = verify(_fragment(link))
    assert (checked["roller"], checked["seq"], checked["label"]) == ("Lenta", 1, "Tarde")
    first_item = page.locator("#history-list li").first
    expect(first_item).to_contain_text(str(checked["result"]["total"]))   # worded by the full page
    expect(page.locator("#history-list li")).to_have_count(1)


def test_with_pyodide_refused_a_value_the_rules_refuse_is_pointed_at(new_context, base_url):
    """The engine that words refusals failed to load: the core's refusal names the field (its label)
    and the stable code, marks it invalid and focuses it; nothing is rolled or stored."""
    from playwright.sync_api import expect

    page, watch, _refused = _failed_phone(new_context, base_url)
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "0")
    page.click("#roll")
    said = page.locator("#core-roll-refused-text")
    expect(said).to_contain_text("field.range")
    label = page.locator('label[for="sifrp-test_dice"]').inner_text().strip()
    expect(said).to_contain_text(label)
    expect(page.locator("#sifrp-test_dice")).to_be_focused()
    expect(page.locator("#sifrp-test_dice")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#share")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('tirada.history.v1')") is None
    page.fill("#sifrp-test_dice", "3")                # corrected: it rolls
    expect(page.locator("#sifrp-test_dice")).not_to_have_attribute("aria-invalid", "true")
    page.click("#roll")
    expect(page.locator("#core-roll-headline")).to_be_visible(timeout=30_000)
    watch.errors.clear()   # the browser's console names the refused files


def test_a_history_the_browser_will_not_store_is_said_on_the_cores_card(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", **PHONE)
    held = hold_engine(ctx)
    ctx.add_init_script("""(() => { if (!globalThis.Storage) return;
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === 'tirada.history.v1') throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, key, value);
      }; })();""")
    page = ctx.new_page()
    page.goto(base_url)
    _core_ready(page)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "2d6+1")
    page.click("#roll")
    expect(page.locator("#core-roll-headline")).to_be_visible(timeout=30_000)
    expect(page.locator("#core-roll-warning")).to_have_text(STRINGS["roll.core_not_saved"]["es"])
    assert verify(_fragment(page.locator("#share-link").input_value()))["request"]["system"] == "generic"
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)


def test_with_storage_refused_the_roll_waits_for_the_engine_and_is_made(new_context, base_url):
    """A browser that refuses the page's storage (localStorage throws, as with third-party storage
    blocked): the core cannot store a chain's number before showing the link, so it leaves the roll to the
    engine (which keeps its storage in memory), queued and then made."""
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block", **PHONE)
    held = hold_engine(ctx)
    ctx.add_init_script("""Object.defineProperty(window, 'localStorage', {configurable: true,
      get() { throw new DOMException('refused', 'SecurityError'); }});""")
    page = ctx.new_page()
    page.goto(base_url)
    _core_ready(page)
    page.select_option("#system", "sifrp")
    page.fill("#label", "Sin almacenamiento")
    page.click("#roll")
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.queued"]["es"])
    expect(page.locator("#core-roll")).to_have_count(0)
    release(page, held)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#result .total")).to_be_visible()
