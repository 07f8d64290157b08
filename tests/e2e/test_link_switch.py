"""End to end: opening another link drops what the earlier link left on screen (page_events.LinkOpening).

A GM request link locks the roll form and shows its banner; a roll link opened afterwards in the same
tab must release the form and hide the banner, and a chain hand-over's words go when a roll link is
opened after it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import request_link as make_request, roll_named  # noqa: E402

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def roll_fragment() -> str:
    return json.loads((VECTORS / "sifrp.json").read_text("utf-8"))["rolls"][0]["fragment"]


def test_a_roll_link_after_a_request_link_releases_the_form(app, base_url):
    gm = open_app(app, base_url)
    request_link = make_request(gm, "4", "Trepar la muralla", "Sharla")

    gm.goto(request_link)
    expect(gm.locator("#gm-request")).to_be_visible()
    expect(gm.locator("#sifrp-test_dice")).to_be_disabled()

    gm.goto(base_url + "#" + roll_fragment())
    expect(gm.locator("#shared .total")).to_be_visible()
    expect(gm.locator("#gm-request")).to_be_hidden()
    expect(gm.locator("#sifrp-test_dice")).to_be_enabled()


def test_a_roll_link_after_a_handover_link_drops_its_words(new_context, base_url):
    phone_ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    phone = open_app(phone_ctx.new_page(), base_url)
    roll_named(phone, "Sharla", "Arenas", "tirada 1")
    phone.click("#chain-handover")
    expect(phone.locator("#chain-link")).to_have_value(re.compile("#t2"))
    handover = phone.locator("#chain-link").input_value()

    desk_ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    desk = open_app(desk_ctx.new_page(), handover)
    expect(desk.locator("#chain-status")).to_contain_text("nº 2")
    desk.goto(base_url + "#" + roll_fragment())
    expect(desk.locator("#shared .total")).to_be_visible()
    expect(desk.locator("#chain-status")).to_have_text("")
    # the giving side keeps its words: they say which chain number it must stop at
    phone.goto(base_url + "#" + roll_fragment())
    expect(phone.locator("#shared .total")).to_be_visible()
    expect(phone.locator("#chain-status")).not_to_have_text("")
