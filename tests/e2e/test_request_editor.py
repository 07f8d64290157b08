"""End to end: the GM's request editor (issue #26 item 2), as a GM and a player in two browsers.

The GM fixes the Difficulty, bounds the test dice (2 to 5), leaves the bonus dice to the player,
copies the request link; the player opens it on a phone, rolls inside the bounds, and the roll card
and the forum snippet say the GM asked for it; the thread with the request and the roll audits clean.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import audit_text  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def test_a_bounded_request_from_the_editor_is_answered_and_audited(new_context, base_url):
    gm_ctx, _ = new_context(viewport={"width": 1366, "height": 800},
                            permissions=["clipboard-read", "clipboard-write"])
    gm = open_app(gm_ctx.new_page(), base_url)
    gm.select_option("#system", "sifrp")
    gm.fill("#sifrp-test_dice", "4")
    gm.select_option("#sifrp-difficulty", "12")
    gm.fill("#label", "Trepar la muralla")
    gm.click("#who summary")
    gm.fill("#campaign", "Arenas")
    gm.locator("#gm-make summary").click()
    expect(gm.locator("#gm-fields tbody tr")).to_have_count(5)
    expect(gm.locator('#gm-fields tr:has([data-gm-mode="test_dice"]) .gm-value')).to_have_text("4")
    gm.select_option('[data-gm-mode="test_dice"]', "range")
    expect(gm.locator('[data-gm-min="test_dice"]')).to_be_visible()
    gm.fill('[data-gm-min="test_dice"]', "2")
    gm.fill('[data-gm-max="test_dice"]', "5")
    gm.select_option('[data-gm-mode="bonus_dice"]', "free")
    gm.fill("#gm-for", "Sharla")
    expect(gm.locator("#gm-home")).to_have_value(base_url)      # this page is the official address
    gm.click("#gm-make-link")
    expect(gm.locator("#gm-link")).not_to_have_value("")
    gm.click("#gm-copy")
    expect(gm.locator("#gm-make-status")).to_contain_text("Copiado")
    request = gm.evaluate("navigator.clipboard.readText()")
    assert request == gm.locator("#gm-link").input_value() and "#t2" in request

    player_ctx, _ = new_context(**PHONE, permissions=["clipboard-read", "clipboard-write"])
    player = open_app(player_ctx.new_page(), request)
    expect(player.locator("#gm-request")).to_be_visible()
    dice = player.locator("#sifrp-test_dice")
    expect(dice).to_be_enabled()
    assert dice.get_attribute("min") == "2" and dice.get_attribute("max") == "5"
    expect(player.locator("#sifrp-bonus_dice")).to_be_enabled()          # free: the player's choice
    expect(player.locator("#sifrp-difficulty")).to_be_disabled()        # fixed
    expect(player.locator("#campaign")).to_be_disabled()
    dice.fill("3")
    player.fill("#sifrp-bonus_dice", "1")
    player.click("#roll")
    expect(player.locator("#result .total")).to_be_visible()
    expect(player.locator("#roll-meta")).to_contain_text("pedida por el máster")
    roll = player.locator("#share-link").input_value()
    player.click('#share [data-copy="bbcode"]')
    expect(player.locator("#copy-status")).not_to_be_empty()
    snippet = player.evaluate("navigator.clipboard.readText()")
    assert "pedida por el máster" in snippet.split("\n")[0] and "Trepar la muralla" in snippet

    text = audit_text(gm, f"GM: {request}\nSharla:\n{snippet}\n")
    assert "Hay problemas" not in text
    expect(gm.locator("#audit-verdict")).to_have_class("verdict ok")
    # the same answer posted through a look-alike copy of Tirada: flagged against the request's address
    copied = snippet.replace(base_url, "http://localhost:9/")
    text = audit_text(gm, f"GM: {request}\nSharla:\n{copied}\n")
    expect(gm.locator("#audit-problems")).to_contain_text("cuya dirección oficial es " + base_url)
    assert roll.split("#", 1)[1] in snippet
