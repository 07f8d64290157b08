"""A roll link shows its request at once and its verified dice when ready (issue #16).

While the engine loads, web/loader.js reads the link with web/link-reader.mjs and shows only what
it asks for (pool, label, roller, campaign, chain number), marked as being checked: never dice or a
result. The engine then replaces it with the verified result, or words the error of a bad link
(which the reader leaves alone). The engine is held back by holding Pyodide's WebAssembly request. The reading core, which verifies a
roll link on MicroPython before Pyodide (tests/e2e/test_core_first.py), is refused here: without it
the page works as before.
"""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT  # noqa: E402

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.page import block_core, hold_engine, release  # noqa: E402

VECTOR = json.loads((ROOT / "tests" / "vectors" / "sifrp.json").read_text(encoding="utf-8"))["rolls"][1]
FRAGMENT = VECTOR["fragment"]   # SIFRP 4D+2B−1P vs 12 "Atletismo", Sharla's nº 7 in "Arenas Sangrientas"
#: a Spoils bidding after two Pains, Haster (Cronista) to bid (tests/vectors/links.json)
BID = next(c["fragment"] for c in json.loads((ROOT / "tests" / "vectors" / "links.json").read_text(encoding="utf-8"))
           ["links"] if c["kind"] == "bid")


def test_roll_link_shows_its_request_then_the_verified_result(new_context, base_url):
    from playwright.sync_api import expect

    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    block_core(ctx)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{FRAGMENT}")
    shared = page.locator("#shared")
    expect(shared).to_be_visible()
    expect(page.locator("#shared-pool")).to_have_text("SIFRP 4D+2B\u22121P contra 12")
    expect(page.locator("#shared-label")).to_have_text("Atletismo")
    expect(page.locator("#shared-asked")).to_have_text(
        "Pedida por Sharla en «Arenas Sangrientas» · tirada nº 7 de su cadena")
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.checking"]["es"])
    # never dice, a result or a "verified" mark before the engine has recomputed them
    expect(shared.locator(".total, .dice, .die, [data-verified], .error")).to_have_count(0)
    expect(page.locator("#roll-again")).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"

    release(page, held)
    expect(shared.locator(".total")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(shared.locator("[data-verified]")).to_be_visible()
    expect(page.locator("#shared-preview, #shared-checking")).to_have_count(0)
    expect(page.locator("#shared-pool")).to_have_text("SIFRP 4D+2B\u22121P contra 12")
    assert page.locator("#shared .total").get_attribute("data-total") == str(VECTOR["result"]["total"])
    expect(page.locator("#roll-again")).to_be_visible()
    assert page.evaluate("globalThis.tiradaCore") == "failed"
    watch.errors[:] = [e for e in watch.errors if "ERR_FAILED" not in e]  # the refused MicroPython


def test_request_in_english_before_the_engine(new_context, base_url):
    from playwright.sync_api import expect

    ctx, watch = new_context(locale="en-US", service_workers="block")
    block_core(ctx)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{FRAGMENT}")
    expect(page.locator("#shared-pool")).to_have_text("SIFRP 4D+2B\u22121P vs 12")
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.checking"]["en"])
    expect(page.locator("#shared-asked")).to_have_text(
        "Asked by Sharla in “Arenas Sangrientas” · roll #7 of their chain")
    release(page, held)
    expect(page.locator("#shared .total")).to_be_visible(timeout=READY_TIMEOUT_MS)
    watch.errors[:] = [e for e in watch.errors if "ERR_FAILED" not in e]  # the refused MicroPython


def test_bad_link_shows_nothing_early_and_the_engine_words_the_error(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(service_workers="block")
    held = hold_engine(ctx)
    page = ctx.new_page()
    broken = FRAGMENT[:-1] + ("A" if FRAGMENT[-1] != "A" else "B")
    page.goto(f"{base_url}#{broken}")
    # the page's own reader (the same module instance) has answered: nothing to show
    assert page.evaluate("import('./link-reader.mjs').then((m) => m.readLink(location.hash))") is None
    assert page.evaluate("import('./link-reader.mjs').then((m) => m.readLink('#' + arguments[0]))"
                         .replace("arguments[0]", json.dumps(FRAGMENT))) is not None   # and it is built
    expect(page.locator("#shared")).to_be_hidden()
    release(page, held)
    expect(page.locator("#shared .error")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-preview")).to_have_count(0)


def test_bidding_link_shows_its_sides_at_once_then_whose_bid_it_is(new_context, base_url):
    """A Spoils bidding link (kind 10, issue #29): its two sides and number of bids while the engine
    loads, never whose bid it is (only the engine, folding the bids again, says that); then the
    bidding box with the turn, and the preview gone."""
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    block_core(ctx)   # the link's own preview (link-reader.mjs); the core's first view of it: test_game_link_core
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{BID}")
    expect(page.locator("#shared-heading")).to_have_text(STRINGS["shared.bid_heading"]["es"])
    expect(page.locator("#shared-bid-sides")).to_have_text("Haster (Cronista) contra Sharla")
    expect(page.locator("#shared-bid-count")).to_have_text("Pujas hechas: 2")
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.bid_checking"]["es"])
    expect(page.locator("#shared")).not_to_contain_text("Puja: ")
    expect(page.locator("#brs-pf-turn")).to_have_count(0)
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"

    release(page, held)
    expect(page.locator("#brs-pf-turn")).to_have_text("Puja: Haster (Cronista)", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared")).to_be_hidden()


def test_bidding_link_in_english_before_the_engine_and_when_it_fails(new_context, base_url):
    from playwright.sync_api import expect

    ctx, _ = new_context(locale="en-US", service_workers="block")
    block_core(ctx)   # the link's own preview: with the core up (first script), its verified view replaces it
    hold_engine(ctx)                                  # never released: the engine stays away
    page = ctx.new_page()
    page.goto(f"{base_url}#{BID}")
    expect(page.locator("#shared-bid-sides")).to_have_text("Haster (Cronista) against Sharla")
    expect(page.locator("#shared-bid-count")).to_have_text("Bids so far: 2")
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.bid_checking"]["en"])
    page.evaluate("window.dispatchEvent(new Event('tirada:engine-failed'))")   # the engine could not start
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.bid_unchecked"]["en"])
    expect(page.locator("#shared-bid-sides")).to_have_text("Haster (Cronista) against Sharla")   # still shown


def test_names_with_replacement_patterns_are_shown_as_written(new_context, base_url):
    """web/loader.js filled its strings with ``replace("{roller}", name)``: a name holding ``$&``, ``$'``,
    ``$``` or ``$1`` (JavaScript's replacement patterns) came out as other text, and a campaign holding
    ``{roller}`` could be filled in turn. The preview shows each value exactly as the link has it."""
    from playwright.sync_api import expect

    from tirada.links.chain import ChainState
    from tirada.links.roll_link import roll_link

    roller, campaign, label = "Ana $& $' $`", "C$1 {roller} $$", "Salto $& $'"
    fragment = roll_link({"system": "sifrp", "test_dice": 2, "difficulty": 9, "label": label},
                         ChainState(roller, campaign), 1_700_000_000).fragment
    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    block_core(ctx)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{fragment}")
    expect(page.locator("#shared-asked")).to_have_text(
        f"Pedida por {roller} en «{campaign}» · tirada nº 1 de su cadena")
    expect(page.locator("#shared-label")).to_have_text(label)
    release(page, held)
    expect(page.locator("#shared .total")).to_be_visible(timeout=READY_TIMEOUT_MS)
    watch.errors[:] = [e for e in watch.errors if "ERR_FAILED" not in e]  # the refused MicroPython
