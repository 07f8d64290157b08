"""End to end: a blind roll (issue #27; docs/link-format.md §19) played by a GM and a player in two
browser contexts, then checked by two readers in fresh ones.

The GM ticks "Tirada a ciegas (sellada)" in the request box: the request link is sealed with the
campaign secret this browser makes and keeps (never in the link). The player (a phone) opens it: the
form is locked and the banner says the roll is blind; "Tirar" makes the blind roll, numbered in the
player's chain, and shows "Tirada sellada" with its number and the link — and the player's page never
has the dice nor the result (its DOM text and its localStorage are searched for the result, the
secret and the dice seed the GM's secret gives). The GM opens the blind link and sees the result,
then "Revelar" makes the reveal link; a fresh reader opening the blind link sees only who and nº,
and then the reveal shows the result checked; another fresh reader opening the reveal alone is asked
for the blind link, pastes it, and sees the same result. The GM's "Exportar todo" holds the campaign secret, with its warning.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

from tirada.links import sealed  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import sealed_request  # noqa: E402

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def _storage(page) -> str:
    return page.evaluate("JSON.stringify(Object.entries(localStorage))")


def _fragment(url: str) -> str:
    return url.split("#", 1)[1]


def test_a_blind_roll_is_sealed_for_the_player_opened_by_the_gm_and_revealed_to_all(new_context, base_url):
    gm_ctx, _ = new_context(viewport={"width": 1366, "height": 800})
    gm = open_app(gm_ctx.new_page(), base_url)
    request = sealed_request(gm, "Sigilo", "Sharla", "Arenas")
    keys = json.loads(gm.evaluate("localStorage.getItem('tirada.sealkeys.v1')"))
    key = keys["Arenas"]
    assert key not in request and sealed.key_matches(key, _fragment(request))
    assert sealed.read_sealed(_fragment(request))[0] == "sealreq"

    # the GM's own browser holds the secret, so a roll there could be opened and tried again: refused
    gm.evaluate("f => { location.hash = f }", _fragment(request))
    expect(gm.locator("#gm-request-sealed")).to_contain_text("Tirada a ciegas")
    gm.click("#roll")
    expect(gm.locator("#result")).to_contain_text("se hizo en este navegador")
    expect(gm.locator("#sealed-link")).to_be_hidden()
    assert gm.locator("#sealed-link").input_value() == ""          # no blind link was made

    player_ctx, _ = new_context(**PHONE)
    player = open_app(player_ctx.new_page(), request)
    expect(player.locator("#gm-request")).to_be_visible()
    expect(player.locator("#gm-request-sealed")).to_contain_text("Tirada a ciegas")
    expect(player.locator("#sifrp-difficulty")).to_be_disabled()
    expect(player.locator("#roller")).to_have_value("Sharla")
    player.click("#roll")
    expect(player.locator("#sealed-who")).to_have_text("Tirada sellada de Sharla, nº 1")
    expect(player.locator("#sealed-made")).to_be_visible()
    expect(player.locator("#sealed-closed")).to_contain_text("«Arenas»")
    blind = _fragment(player.locator("#sealed-link").input_value())
    assert sealed.read_sealed(blind)[0] == "blind"
    expect(player.locator("#sealed-result")).to_have_count(0)
    expect(player.locator("#result")).to_be_hidden()

    # what the GM's secret gives, computed here: none of it is in the player's page or storage
    opened = sealed.open_blind(key, blind)
    player_text, player_storage = player.inner_text("body"), _storage(player)
    for hidden in (key, opened.secret, opened.request["seed"]):
        assert hidden not in player_text and hidden not in player_storage and hidden not in blind

    gm.evaluate("f => { location.hash = f }", blind)
    expect(gm.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    headline = gm.locator("#sealed-headline").inner_text()
    assert headline and headline not in player_text
    expect(gm.locator("#sealed-result")).to_be_visible()
    gm.click("#sealed-reveal")
    expect(gm.locator("#sealed-status")).to_contain_text("Enlace de revelación listo")
    reveal = _fragment(gm.locator("#sealed-link").input_value())
    assert sealed.verify_reveal(blind, reveal).result == opened.result
    assert headline not in player.inner_text("body")

    reader_ctx, _ = new_context(**PHONE)
    reader = open_app(reader_ctx.new_page(), base_url + "#" + blind)
    expect(reader.locator("#sealed-who")).to_have_text("Tirada sellada de Sharla, nº 1")
    expect(reader.locator("#sealed-result")).to_have_count(0)
    expect(reader.locator("#sealed-reveal")).to_be_hidden()
    reader.evaluate("f => { location.hash = f }", reveal)
    expect(reader.locator("#sealed-state")).to_have_attribute("data-sealed", "revealed")
    expect(reader.locator("#sealed-headline")).to_have_text(headline)
    expect(reader.locator("#sealed-reveal")).to_be_hidden()

    # the GM's "Exportar todo" carries the campaign secret, with the plain warning beside the button
    gm.click('[data-tab="data"]')
    expect(gm.locator("#export-secrets")).to_contain_text("puede abrir las tiradas selladas")
    with gm.expect_download() as info:
        gm.click("#export-all")
    backup = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert backup["data"]["sealkeys"] == {"Arenas": key}
    assert "sealkeys" not in _storage(player)          # the player's browser never holds a secret

    late_ctx, _ = new_context(**PHONE)
    late = open_app(late_ctx.new_page(), base_url + "#" + reveal)
    expect(late.locator("#sealed-needs")).to_be_visible()
    # another roll's blind link first (the hostile tester's report: the card went, the error sat at
    # y=1814 of a phone page): said beside the box, in the first screen, and the card stays
    other = json.loads((VECTORS / "sealed.json").read_text("utf-8"))["blind"][0]["roll_link"]["fragment"]
    late.fill("#sealed-paste-link", base_url + "#" + other)
    late.click("#sealed-verify")
    expect(late.locator("#sealed-status")).to_contain_text("No se pudo comprobar")
    expect(late.locator("#sealed-status")).to_be_in_viewport()
    expect(late.locator("#sealed-needs")).to_be_visible()
    late.fill("#sealed-paste-link", base_url + "#" + blind)
    late.click("#sealed-verify")
    expect(late.locator("#sealed-state")).to_have_attribute("data-sealed", "revealed")
    expect(late.locator("#sealed-headline")).to_have_text(headline)
