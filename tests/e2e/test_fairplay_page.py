"""End to end for issue #13 (fair play v2): the Advantage peek in two tabs is reported by the audit.

The attempt from the issue: a player opens the same Confrontation link in two tabs and spends
Advantage on a different die in each, to post only the better one. With fresh dice each try takes a
number of the player's chain (one localStorage, shared by the tabs), so the posted try leaves a
numbered gap, and posting both shows two continuations of the same move.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import audit_text, request_link as make_request, roll_named  # noqa: E402

SHARLA = 1          # player index of Sharla in the seed's example Confrontation
D4, D8 = 9, 12      # Sharla's d4 (Strength) and d8 (Sorcery): dice 9 and 12 of the example


def spend_advantage(page, die: int) -> str:
    before = page.locator("#brs-share-link").input_value()
    page.select_option(f"#brs-{SHARLA}-advantage-die", str(die))
    page.click(f'#brs-actions [data-move="advantage"][data-player="{SHARLA}"]')
    page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
    assert page.locator("#brs-error").is_hidden(), page.inner_text("#brs-error")
    return page.locator("#brs-share-link").input_value()


def test_advantage_peek_in_two_tabs_is_reported(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    tab1 = open_app(ctx.new_page(), base_url)
    earlier = roll_named(tab1, "Sharla", "Arenas", "Atletismo")          # nº 1 of Sharla's chain, posted
    tab1.click("#tab-brs")
    tab1.click("#brs-example")
    assert tab1.locator("#brs-f-seed").count() == 0                       # no seed field any more
    tab1.click("#brs-start")                                              # the start: Sharla's nº 2 (issue 26)
    tab1.wait_for_selector("#brs-game:not([hidden])")
    opened = tab1.locator("#brs-share-link").input_value()
    assert re.search(r"#t2[A-Za-z0-9_-]+$", opened)

    tab2 = open_app(ctx.new_page(), opened)                               # the same link, second tab
    tab2.wait_for_function("l => document.getElementById('brs-share-link').value === l", arg=opened)

    try_d4 = spend_advantage(tab1, D4)                                    # takes Sharla's nº 3
    try_d8 = spend_advantage(tab2, D8)                                    # takes Sharla's nº 4

    # only the better try is posted: the audit shows the unposted nº 3 of Sharla's chain
    text = audit_text(tab1, f"{earlier}\nEmpieza: {opened}\nMi Ventaja: {try_d8}\n")
    assert "Sharla" in text and "Hay problemas" in text
    assert "1 sin publicar (nº 3)" in text
    assert "jugada 1 de una Confrontación (dados nuevos firmados)" in text

    # both tries posted: two continuations of the same move of the Confrontation
    text = audit_text(tab1, f"{earlier}\n{opened}\n{try_d4}\n{try_d8}\n")
    assert "dos continuaciones distintas de la jugada 1" in text


def test_gm_request_locks_the_form_and_a_second_roll_is_reported(new_context, base_url):
    from tirada.links.chain import decode_link

    gm_ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    gm = open_app(gm_ctx.new_page(), base_url)
    request_link = make_request(gm, "4", "Trepar la muralla", "Sharla", difficulty="12")

    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    player = open_app(ctx.new_page(), request_link)
    player.wait_for_selector("#gm-request:not([hidden])")
    assert "Trepar la muralla" in player.inner_text("#gm-request") and "Sharla" in player.inner_text("#gm-request")
    for locked in ("#sifrp-test_dice", "#sifrp-difficulty", "#label", "#roller", "#system"):
        assert player.locator(locked).is_disabled(), locked
    assert player.locator("#sifrp-test_dice").input_value() == "4"
    player.click("#roll")
    player.wait_for_selector("#result .total")
    first = player.locator("#share-link").input_value()
    assert decode_link(first)["gm_request"] and decode_link(first)["roller"] == "Sharla"
    assert player.locator("#gm-request").is_hidden() and not player.locator("#label").is_disabled()

    # the same request opened again (another try): the page warns, and the audit reports it
    player.goto(base_url)
    player = open_app(ctx.new_page(), request_link)
    player.wait_for_selector("#gm-request:not([hidden])")
    assert "Ya se tiró para esta petición" in player.inner_text("#gm-request")
    player.click("#roll")
    player.wait_for_function("l => { const v = document.getElementById('share-link').value; return v && v !== l; }",
                             arg=first)
    second = player.locator("#share-link").input_value()
    text = audit_text(player, f"Máster: {request_link}\nSharla: {first}\nSharla otra vez: {second}\n")
    assert "más de una tirada para la misma petición" in text and "Hay problemas" in text


def test_a_format_1_link_says_what_it_proves(app, base_url):
    import json
    from pathlib import Path

    vectors = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "l5r5e.json").read_text("utf-8"))
    old = vectors["rolls"][0]["fragment"]
    page = open_app(app, base_url + "#" + old)
    page.wait_for_selector("#shared:not([hidden])")
    assert "formato 1" in page.inner_text("#shared-proves")


def test_continue_the_chain_on_another_device(new_context, base_url):
    phone_ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    phone = open_app(phone_ctx.new_page(), base_url)
    links = [roll_named(phone, "Sharla", "Arenas", f"tirada {i}") for i in (1, 2)]
    phone.click("#chain-handover")
    phone.wait_for_function("document.getElementById('chain-link').value.includes('#t2')")
    assert "deja de usar la cadena nº 2" in phone.inner_text("#chain-status")
    handover = phone.locator("#chain-link").input_value()

    desk_ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    desk = open_app(desk_ctx.new_page(), handover)
    desk.wait_for_function("document.getElementById('chain-status').textContent.length > 0")
    assert "la próxima tirada será la nº 3" in desk.inner_text("#chain-status")
    assert desk.locator("#roller").input_value() == "Sharla"
    desk.fill("#label", "tirada 3")
    desk.click("#roll")
    desk.wait_for_selector("#result .total")
    links.append(desk.locator("#share-link").input_value())
    assert "tirada nº 3 de Sharla" in desk.locator("#roll-meta").inner_text()
    text = audit_text(desk, "\n".join(links))
    assert "Cadena completa" in text and "Hay problemas" not in text
