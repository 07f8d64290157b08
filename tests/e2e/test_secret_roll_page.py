"""End to end: a secret GM roll ("tirada oculta", issue #27; docs/link-format.md §19.9), in three
browser contexts, then the thread in the audit.

The GM (a desktop) fills the roll form and presses "Tirar en secreto" in the "Tirada oculta (máster)"
box: the roll is sealed with the campaign secret this browser keeps and takes nº 1 in the GM's chain;
the GM's page shows the result, and the sealed link says only who, what for and nº. A player (a
phone) opens that link: "Tirada oculta de Máster (máster), nº 1", "Sellada: la revelará el máster",
and neither the DOM text nor localStorage holds the result, the dice, what was rolled, the secret or
the seed (computed here with the GM's secret from the engine). The GM presses "Revelar"; a fresh
phone opens the sealed link, then the reveal, and sees the same result checked. The thread (sealed
link + reveal) pasted in "Auditar hilo" is all in order. The GM's browser reopens its secret link in a
new tab from what it stored.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import audit_text, secret_roll  # noqa: E402
from tirada.links import sealed  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
WHO = "Tirada oculta de Máster (máster), nº 1"


def _fragment(url: str) -> str:
    return url.split("#", 1)[1]


def _storage(page) -> str:
    return page.evaluate("JSON.stringify(Object.entries(localStorage))")


def _secret_roll(gm) -> str:
    """As the GM: a secret SIFRP roll of 4 dice against 12 for "Sigilo del PNJ"; the sealed link."""
    return secret_roll(gm, WHO)


def test_a_secret_gm_roll_is_sealed_for_all_but_the_gm_and_revealed_to_all(new_context, base_url):
    gm_ctx, _ = new_context(viewport={"width": 1366, "height": 800})
    gm = open_app(gm_ctx.new_page(), base_url)
    link = _secret_roll(gm)
    secret = _fragment(link)
    kind, view = sealed.read_sealed(secret)
    assert kind == "secret" and view["seq"] == 1 and view["label"] == "Sigilo del PNJ" and view["roller"] == "Máster"
    assert len(link) <= len(base_url) + 200
    key = json.loads(gm.evaluate("localStorage.getItem('tirada.sealkeys.v1')"))["Arenas"]
    hidden = json.loads(gm.evaluate("localStorage.getItem('tirada.secretrolls.v1')"))[view["id"]]
    assert hidden == {"system": "sifrp", "test_dice": 4, "difficulty": 12} | {k: v for k, v in hidden.items()
                                                                           if k not in ("system", "test_dice", "difficulty")}
    opened = sealed.open_secret(key, secret, hidden)
    headline = gm.locator("#sealed-headline").inner_text()
    assert headline and str(opened.result["total"]) in gm.locator("#sealed-result").inner_text()
    expect(gm.locator("#sealed-pool")).to_contain_text("4")

    player_ctx, _ = new_context(**PHONE)
    player = open_app(player_ctx.new_page(), link)
    expect(player.locator("#sealed-who")).to_have_text(WHO)
    expect(player.locator("#sealed-label")).to_contain_text("Sigilo del PNJ")
    expect(player.locator("#sealed-closed")).to_contain_text("sellada: la revelará el máster")
    expect(player.locator("#sealed-result")).to_have_count(0)
    expect(player.locator("#sealed-pool")).to_have_count(0)
    expect(player.locator("#sealed-reveal")).to_be_hidden()
    expect(player.locator("#result")).to_be_hidden()
    player_text, player_storage = player.inner_text("#sealed"), _storage(player)
    for hidden_text in (headline, key, opened.secret, opened.request["seed"]):
        assert hidden_text not in player_text and hidden_text not in player_storage and hidden_text not in link
    assert "Dificultad" not in player_text and "secretrolls" not in player_storage and "sealkeys" not in player_storage

    gm.click("#sealed-reveal")
    expect(gm.locator("#sealed-status")).to_contain_text("Enlace de revelación listo")
    reveal = _fragment(gm.locator("#sealed-link").input_value())
    assert sealed.verify_reveal(secret, reveal).result == opened.result
    assert headline not in player.inner_text("body")

    reader_ctx, _ = new_context(**PHONE)
    reader = open_app(reader_ctx.new_page(), link)
    expect(reader.locator("#sealed-who")).to_have_text(WHO)
    expect(reader.locator("#sealed-result")).to_have_count(0)
    reader.evaluate("f => { location.hash = f }", reveal)
    expect(reader.locator("#sealed-state")).to_have_attribute("data-sealed", "revealed")
    expect(reader.locator("#sealed-heading")).to_have_text("Tirada oculta, revelada")
    expect(reader.locator("#sealed-headline")).to_have_text(headline)
    expect(reader.locator("#sealed-label")).to_contain_text("Sigilo del PNJ")
    expect(reader.locator("#sealed-reveal")).to_be_hidden()

    # the thread, posted: the sealed roll and its reveal are in order
    report = audit_text(reader, f"Máster: {link}\nMáster revela: {base_url}#{reveal}\n")
    assert "Todo en orden" in report, report
    expect(reader.locator("#audit-verdict")).to_have_class("verdict ok")


def test_a_secret_roll_reopened_by_the_gm_is_open_and_revealable(new_context, base_url):
    """The GM's browser reopens its own secret link later in a new tab (the result and "Revelar", from
    what it stored) and shows the statement of guarantees in Spanish and English; a reader's page in
    English says who, nº and that the GM will reveal it."""
    gm_ctx, _ = new_context(viewport={"width": 1366, "height": 800})
    gm = open_app(gm_ctx.new_page(), base_url)
    secret = _fragment(_secret_roll(gm))
    headline = gm.locator("#sealed-headline").inner_text()
    gm.close()
    gm = open_app(gm_ctx.new_page(), base_url + "#" + secret)    # a new tab: only what was stored
    expect(gm.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    expect(gm.locator("#sealed-headline")).to_have_text(headline)
    expect(gm.locator("#sealed-reveal")).to_be_visible()

    # the statement of guarantees under the "Tirada a ciegas" checkbox, in both languages
    gm.locator("#gm-make summary").click()
    guarantees = gm.locator("#sealed-guarantees")
    expect(guarantees).to_be_visible()
    for text in ("Quien tira no puede ver los dados", "El máster no puede elegir los dados", "no se podrán revelar"):
        expect(guarantees).to_contain_text(text)
    gm.click("#lang")
    for text in ("cannot see the dice", "cannot choose the dice", "can never be revealed"):
        expect(guarantees).to_contain_text(text)
    expect(gm.locator("#secret-guarantee")).to_contain_text("it can never be revealed")

    reader_ctx, _ = new_context(**PHONE)
    reader = open_app(reader_ctx.new_page(), base_url + "#" + secret)
    reader.click("#lang")
    expect(reader.locator("#sealed-who")).to_have_text("Secret roll by Máster (GM), no. 1")
    expect(reader.locator("#sealed-closed")).to_contain_text("the GM will reveal it")
