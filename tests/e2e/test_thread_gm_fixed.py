"""A GM request that fixes the dice of a generic roll (tirada.links.gm_request.POOL_FIXED), as a GM and
a player in two browsers, and the thread of both posted to the audit.

The GM asks for 2d6+1 from the request editor; the player opens the link on a phone, the form locked
to it, rolls and posts; the audit finds the request answered, with the pool the GM fixed. Then what an
edited request gives: the locked dice forced open in the form still roll the GM's dice, and a request
link re-made with other dice (same request id) answers a request the thread does not hold — the audit
says the roll does not match the GM's. The dice kept (locked by the page at every die, but a field a
request cannot name, so a fixed pool keeps them all) forced open is flagged too (gm_request.mismatches).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import audit_text, snippet_of_page  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
CLIPBOARD = {"permissions": ["clipboard-read", "clipboard-write"]}
LABEL = "Saltar el foso"


def gm_request(new_context, base_url, notation: str = "2d6+1") -> str:
    """As the GM (a desktop browser): a generic request for ``notation`` from the request editor,
    dice and sides fixed, for Sharla in «Arenas»; the request link."""
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    gm = open_app(ctx.new_page(), base_url)
    gm.select_option("#system", "generic")
    gm.fill("#generic-notation", notation)
    gm.fill("#label", LABEL)
    gm.click("#who summary")
    gm.fill("#campaign", "Arenas")
    gm.click("#gm-make summary")
    for field in ("dice", "sides"):
        expect(gm.locator(f'[data-gm-mode="{field}"]')).to_have_value("fixed")
    gm.fill("#gm-for", "Sharla")
    gm.click("#gm-make-link")
    gm.wait_for_function("document.getElementById('gm-link').value.includes('#t2')")
    link = gm.locator("#gm-link").input_value()
    assert link.startswith(base_url)
    return link


def open_request(new_context, link: str):
    """As the player (a phone): the request opened, its banner on screen."""
    ctx, _ = new_context(**PHONE, **CLIPBOARD)
    page = open_app(ctx.new_page(), link)
    expect(page.locator("#gm-request")).to_be_visible()
    expect(page.locator("#gm-request")).to_contain_text(f"«{LABEL}» para Sharla")
    return page


def answer(page) -> tuple:
    """Roll the request as the form stands; ``(roll link, BBCode snippet)``."""
    page.click("#gm-request-roll")
    expect(page.locator("#result .total")).to_be_visible()
    expect(page.locator("#roll-meta")).to_contain_text("pedida por el máster")
    return page.locator("#share-link").input_value(), snippet_of_page(page, "bbcode")


def test_a_fixed_pool_request_is_answered_and_the_thread_audits_clean(new_context, base_url):
    request = gm_request(new_context, base_url)
    player = open_request(new_context, request)
    expect(player.locator("#gm-request-ask")).to_contain_text("Te pide: 2d6 +1")
    for locked in ("#generic-dice", "#generic-sides", "#generic-modifier", "#generic-notation", "#system", "#roller"):
        expect(player.locator(locked)).to_be_disabled()
    expect(player.locator("#generic-dice")).to_have_value("2")
    expect(player.locator("#generic-sides")).to_have_value("6")
    expect(player.locator("#generic-keep")).to_have_value("2")     # every die kept (the form's default was 3)
    expect(player.locator("#generic-keep")).to_be_disabled()
    roll, snippet = answer(player)
    expect(player.locator("#result .die")).to_have_count(2)
    assert LABEL in snippet and roll.split("#", 1)[1] in snippet

    text = audit_text(player, f"Máster: {request}\n\nSharla:\n{snippet}\n")
    assert "Todo en orden" in text and "Hay problemas" not in text, text
    assert f"Petición del máster «{LABEL}» → Sharla: una tirada, conforme" in text, text
    row = player.locator(".audit-links li")
    expect(row).to_have_count(1)
    assert row.inner_text().startswith("✔") and "2d6 +1 →" in row.inner_text(), row.inner_text()


def test_a_request_edited_by_the_player_does_not_pass_as_the_gms(new_context, base_url):
    from tirada.links.gm_request import decode_request, encode_request, new_request

    request = gm_request(new_context, base_url)

    # the locked dice forced open in the form (as a cheater would) and raised to 6: still the GM's 2
    player = open_request(new_context, request)
    player.evaluate("document.getElementById('generic-dice').disabled = false")
    player.fill("#generic-dice", "6")
    roll, snippet = answer(player)
    expect(player.locator("#result .die")).to_have_count(2)
    text = audit_text(player, f"Máster: {request}\n\nSharla:\n{snippet}\n")
    assert "Todo en orden" in text and "2d6 +1 →" in text, text

    # the request link re-made with 4 dice and the same request id (requests are not signed)
    spec = decode_request(request.split("#", 1)[1])
    fields = {**spec["fields"], "dice": 4}
    forged = new_request(spec["system"], fields, spec.get("label"), spec.get("for"), spec.get("campaign"),
                         spec.get("created"), request_id=spec["id"], home=spec.get("home"))
    edited = f"{base_url}#{encode_request(forged)}"
    assert edited != request
    player = open_request(new_context, edited)
    expect(player.locator("#gm-request-ask")).to_contain_text("Te pide: 4d6 +1")
    roll, snippet = answer(player)
    expect(player.locator("#result .die")).to_have_count(4)
    text = audit_text(player, f"Máster: {request}\n\nSharla:\n{snippet}\n")
    assert "Hay problemas en este hilo" in text, text
    assert f"Petición del máster «{LABEL}» → Sharla: una tirada que no corresponde a la petición" in text, text
    bad = player.locator(".audit-links li.bad")
    expect(bad).to_have_count(1)
    assert "no corresponde a la petición del máster" in bad.inner_text() and "4d6 +1 →" in bad.inner_text()
    named = player.locator("#audit-problems li").first
    assert f"Sharla (Arenas) nº 1 «{LABEL}»" in named.inner_text(), named.inner_text()


def test_a_request_from_the_plain_fields_fixes_no_modifier_and_keeps_every_die(new_context, base_url):
    """The form as it opens (3d10, 3 kept, modifier 0) made into a request: it was refused («fija un
    campo que no se puede pedir»: the dice kept); "3d6" typed fixed no modifier, so a +5 answered it."""
    request = gm_request(new_context, base_url, notation="")
    player = open_request(new_context, request)
    expect(player.locator("#gm-request-ask")).to_contain_text("Te pide: 3d10")
    expect(player.locator("#generic-keep")).to_have_value("3")
    roll, snippet = answer(player)
    text = audit_text(player, f"Máster: {request}\n\nSharla:\n{snippet}\n")
    assert f"Petición del máster «{LABEL}» → Sharla: una tirada, conforme" in text, text

    request = gm_request(new_context, base_url, notation="3d6")
    player = open_request(new_context, request)
    expect(player.locator("#generic-modifier")).to_be_disabled()
    expect(player.locator("#generic-modifier")).to_have_value("0")
    player.evaluate("document.getElementById('generic-modifier').disabled = false")   # forced open: +5
    player.fill("#generic-modifier", "5")
    roll, snippet = answer(player)
    expect(player.locator("#result")).not_to_contain_text("modificador +5")     # the GM's 3d6, nothing added
    text = audit_text(player, f"Máster: {request}\n\nSharla:\n{snippet}\n")
    assert f"Petición del máster «{LABEL}» → Sharla: una tirada, conforme" in text and "3d6 →" in text, text


def test_keeping_fewer_dice_than_the_gm_asked_is_flagged(new_context, base_url):
    request = gm_request(new_context, base_url)
    player = open_request(new_context, request)
    expect(player.locator("#generic-keep")).to_be_disabled()     # the page locks every die kept …
    player.evaluate("document.getElementById('generic-keep').disabled = false")   # … forced open
    player.fill("#generic-keep", "1")
    roll, snippet = answer(player)
    expect(player.locator("#result")).to_contain_text("2d6, guardas 1 +1")   # not the roll the GM asked for
    text = audit_text(player, f"Máster: {request}\n\nSharla:\n{snippet}\n")
    assert "una tirada, conforme" not in text and "Hay problemas en este hilo" in text, text
