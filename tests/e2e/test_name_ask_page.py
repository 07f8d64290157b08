"""End to end at 360×640 in a fresh browser: the name asked for before the first roll (issue 38;
web/roll/ui_who.py). A first visit asks in a short line at the top of the roll form; «Tirar sin firmar» is a
choice that is remembered (focus on «Tirar», a reload does not ask); a typed name gives a signed,
chained roll and the next visit does not ask either. Nothing blocks «Tirar» meanwhile."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))      # tests/: tests/helpers
from helpers.axe import axe_problems  # noqa: E402

from tirada.links.chain import verify  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
HEIGHT = PHONE["viewport"]["height"]


def _in_first_screen(page, selector: str) -> bool:
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT


def test_unsigned_is_a_clear_choice_remembered_across_visits(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url)
    ask = page.locator("#who-ask")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("¿Firmas tus tiradas?")
    assert _in_first_screen(page, "#who-unsigned") and _in_first_screen(page, "#roll")
    assert axe_problems(page) == []
    page.click("#who-unsigned")
    expect(ask).to_be_hidden()
    expect(page.locator("#roll")).to_be_focused()
    assert page.locator("#who").get_attribute("open") is None
    assert page.evaluate("localStorage.getItem('tirada.unsigned.v1')") == "true"
    page.click("#roll")                                       # an unsigned roll, as before
    page.wait_for_selector("#result .total")
    assert verify(page.locator("#share-link").input_value().split("#", 1)[1])["seq"] is None
    page = open_app(page, base_url)                           # the next visit: not asked again
    expect(page.locator("#who-ask")).to_be_hidden()
    assert page.locator("#who").get_attribute("open") is None


def test_a_typed_name_signs_and_chains_and_the_next_visit_does_not_ask(new_context, base_url):
    ctx, _ = new_context(**PHONE, locale="en-US")
    page = open_app(ctx.new_page(), base_url)
    expect(page.locator("#who-ask")).to_contain_text("Sign your rolls?")
    page.click("#who-ask-name")                               # opens the box on the name field
    expect(page.locator("#roller")).to_be_focused()
    assert axe_problems(page) == []
    page.keyboard.type("Sharla")
    expect(page.locator("#who-ask")).to_be_hidden()           # a typed name answers the question
    page.click("#roll")
    page.wait_for_selector("#result .total")
    expect(page.locator("#result")).to_be_focused()
    rolled = verify(page.locator("#share-link").input_value().split("#", 1)[1])
    assert rolled["roller"] == "Sharla" and rolled["seq"] == 1   # signed: the first link of her chain
    page = open_app(page, base_url)
    expect(page.locator("#who-ask")).to_be_hidden()
    assert page.input_value("#roller") == "Sharla"
    assert page.evaluate("localStorage.getItem('tirada.unsigned.v1')") is None


def test_rolling_without_answering_still_works_and_asks_again(new_context, base_url):
    """Non-blocking: «Tirar» rolls unsigned while the line shows; no choice was made, so it stays."""
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url)
    expect(page.locator("#who-ask")).to_be_visible()
    page.click("#roll")
    page.wait_for_selector("#result .total")
    expect(page.locator("#result")).to_be_focused()
    expect(page.locator("#who-ask")).to_be_visible()
    page = open_app(page, base_url)
    expect(page.locator("#who-ask")).to_be_visible()


def test_refused_storage_still_asks_and_takes_the_choice_for_the_visit(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    ctx.add_init_script("Object.defineProperty(window, 'localStorage', {configurable: true, "
                        "get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});")
    page = open_app(ctx.new_page(), base_url)
    expect(page.locator("#who-ask")).to_be_visible()
    page.click("#who-unsigned")
    expect(page.locator("#who-ask")).to_be_hidden()
    expect(page.locator("#roll")).to_be_focused()


def _fresh_page_asking(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url)
    expect(page.locator("#who-ask")).to_be_visible()
    return page


def test_a_hand_over_adopted_hides_the_ask_at_once(new_context, base_url):
    """The name filled in by code (a hand-over taken into the empty chain book) answers the question
    now, not at the next roll."""
    import time

    from tirada.links.chain import ChainState
    from tirada.links.handover import encode_handover

    page = _fresh_page_asking(new_context, base_url)
    link = base_url.split("#", 1)[0] + "#" + encode_handover(ChainState("Sharla", "Arenas", 7, "0123456789ab"),
                                                            created=int(time.time()))
    page.goto(link)
    expect(page.locator("#chain-status")).to_contain_text("Sharla")
    assert page.input_value("#roller") == "Sharla"
    expect(page.locator("#who-ask")).to_be_hidden()


def test_a_gm_request_naming_the_player_hides_the_ask_at_once(new_context, base_url):
    from tirada.links.gm_request import encode_request
    from tirada.wire.request_layout import new_request

    page = _fresh_page_asking(new_context, base_url)
    spec = new_request("sifrp", {"test_dice": 4, "difficulty": 9}, "Trepar la muralla", "Sharla", campaign="Arenas")
    page.goto(base_url.split("#", 1)[0] + "#" + encode_request(spec))
    expect(page.locator("#roller")).to_have_value("Sharla")
    expect(page.locator("#who-ask")).to_be_hidden()
