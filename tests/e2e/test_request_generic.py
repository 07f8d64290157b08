"""A GM request for the generic roll (issue #27 follow-up, hostile tester): fields the request fixes
are locked, and so is the notation — a typed notation would win over the locked fields (it had kept
its modifier and silently dropped the requested dice)."""

from __future__ import annotations

import pytest

from conftest import open_app
from tirada.links.gm_request import encode_request, new_request

pytest.importorskip("playwright.sync_api")

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def test_a_generic_request_locks_its_dice_and_the_notation(new_context, base_url):
    spec = new_request("generic", {"dice": 3, "sides": 6}, "Saltar el foso", "Sharla")
    ctx, watch = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "1d20+5")          # typed before the request is opened
    page.goto(base_url + "#" + encode_request(spec))
    page.wait_for_selector("#gm-request:not([hidden])")
    assert page.locator("#generic-dice").is_disabled() and page.locator("#generic-sides").is_disabled()
    assert page.locator("#generic-notation").is_disabled()
    assert page.locator("#generic-notation").input_value() == ""
    page.click("#roll")
    page.wait_for_selector("#result .total")
    assert page.locator("#result .die").count() == 3     # the requested dice, nothing typed before
    assert watch.errors == []
