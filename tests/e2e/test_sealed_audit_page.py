"""End to end (issue #27 item 4): the audit tab ties sealed requests, blind rolls and reveals together.

A thread where a player answers one sealed request twice, the GM posts a reveal that does not match
its commitment and another blind roll is still sealed is pasted into the audit tab of a phone (360x640,
a fresh context): the verdict counts the three problems and names each roll in the first screen, in
Spanish and then in English, and the unrevealed roll is listed with its age and who can reveal it (on
the GM's browser, holding the campaign secret: "you"). A clean sealed thread (request, blind roll,
reveal) audits as good. The links are real ones made by the engine (tirada.links.sealed), posted with
the page's own address.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

from tirada.links import sealed  # noqa: E402
from tirada.links.chain import ChainState  # noqa: E402
from tirada.wire.codec import encode_payload  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import audit_text as run_audit  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
KEY = "ab" * 32
SPEC = {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}},
        "for": "Sharla", "campaign": "Arenas"}
PLAYER = {"system": "sifrp", "test_dice": 4, "bonus_dice": 1}
DAY = 86400


def _request(label: str) -> sealed.SealedRequest:
    return sealed.seal_request({**SPEC, "label": label, "created": int(time.time()) - 3 * DAY}, KEY)


def _thread(base_url: str, *fragments: str) -> str:
    return "\n\n".join(f"Mensaje {k + 1}: {base_url}#{f}" for k, f in enumerate(fragments))


def in_first_screen(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_a_mismatched_reveal_a_double_answer_and_an_unrevealed_roll_are_flagged_on_a_phone(warm_page, base_url):
    now = int(time.time())
    double, mismatched, waiting = _request("Sigilo"), _request("Trepar"), _request("Oír")
    a1 = sealed.blind_roll(double.fragment, PLAYER, ChainState("Sharla", "Arenas"), now - 3 * DAY)
    a2 = sealed.blind_roll(double.fragment, PLAYER, a1.chain, now - 3 * DAY + 60)       # the second answer
    m = sealed.blind_roll(mismatched.fragment, PLAYER, a2.chain, now - 3 * DAY + 120)
    w = sealed.blind_roll(waiting.fragment, PLAYER, m.chain, now - 2 * DAY - 3600)     # never revealed
    forged = encode_payload("reveal", {"id": mismatched.id, "secret": "11" * 16}, version=2)
    thread = _thread(base_url, double.fragment, a1.fragment, a2.fragment, mismatched.fragment, m.fragment, forged,
                     waiting.fragment, w.fragment, sealed.reveal(KEY, double.fragment))

    page = warm_page(**PHONE)
    text = run_audit(page, thread)
    assert "Hay problemas en este hilo: 3 señalados" in text, text
    assert in_first_screen(page, page.locator("#audit-verdict"))
    named = page.locator("#audit-problems li")
    expect(named).to_have_count(3)
    expected = [("Sharla (Arenas) nº 1 «Sigilo»", "otra respuesta a la misma petición sellada"),
                ("Sharla (Arenas) nº 2 «Sigilo»", "otra respuesta a la misma petición sellada"),
                ("Sharla (Arenas) nº 3 «Trepar»", "su revelación no coincide con el compromiso sellado")]
    for k, (who, why) in enumerate(expected):
        line = named.nth(k).inner_text()
        assert who in line and why in line, line
        assert in_first_screen(page, named.nth(k))
    pending = page.locator("#audit-sealed-pending")
    expect(pending).to_have_text("○ 1 tirada sellada sin revelar")
    assert in_first_screen(page, pending)

    waiting_row = page.locator('#audit-sealed li[data-state="sealed"]')
    expect(waiting_row).to_have_count(1)
    row = waiting_row.inner_text()
    assert "Sharla (Arenas) nº 4 «Oír»" in row and "sin revelar" in row and "hecha hace 2 días" in row, row
    assert "1 enlace publicado después" in row, row
    assert "solo puede revelarla el máster que guarda el secreto de la campaña «Arenas»" in row, row
    expect(page.locator('#audit-sealed li[data-state="bad_reveal"]')).to_contain_text("la revelación no coincide")
    expect(page.locator('#audit-sealed li[data-state="revealed"]')).to_have_count(2)
    expect(page.locator('#audit-sealed li[data-state="revealed"]').first).to_contain_text("2 respuestas a su petición")
    sharla = page.locator(".audit-roller", has_text="Sharla").first
    expect(sharla.locator(".verdict")).to_have_text("Hay problemas")

    page.click("#lang")                                       # the same report in English
    report = page.locator("#audit-report")
    expect(report).to_contain_text("There are problems in this thread: 3 flagged")
    expect(report).to_contain_text("its reveal does not match the commitment sealed before the roll")
    expect(report).to_contain_text("another answer to the same sealed request")
    expect(page.locator("#audit-sealed-pending")).to_have_text("○ 1 sealed roll not revealed yet")
    expect(page.locator('#audit-sealed li[data-state="sealed"]')).to_contain_text("made 2 days ago")
    page.click("#lang")

    # the GM's browser holds the campaign secret: it can reveal the waiting roll
    page.evaluate("k => localStorage.setItem('tirada.sealkeys.v1', k)", json.dumps({"Arenas": KEY}))
    run_audit(page, thread)
    expect(page.locator('#audit-sealed li[data-state="sealed"]')).to_contain_text(
        "puedes revelarla tú: este navegador guarda el secreto de su campaña")


def test_a_clean_sealed_thread_audits_as_good(warm_page, base_url):
    now = int(time.time())
    req = _request("Sigilo")
    blind = sealed.blind_roll(req.fragment, PLAYER, ChainState("Sharla", "Arenas"), now - 3600)
    thread = _thread(base_url, req.fragment, blind.fragment, sealed.reveal(KEY, req.fragment))
    page = warm_page(**PHONE)
    text = run_audit(page, thread)
    assert "Todo en orden" in text and "Hay problemas" not in text, text
    expect(page.locator("#audit-verdict")).to_have_class("verdict ok")
    expect(page.locator("#audit-sealed-pending")).to_have_count(0)
    revealed = page.locator('#audit-sealed li[data-state="revealed"]')
    expect(revealed).to_have_count(1)
    expect(revealed).to_contain_text("Sharla (Arenas) nº 1 «Sigilo»: tirada a ciegas, revelada y comprobada")
    expect(page.locator("#audit-sealed")).to_contain_text("1 tirada sellada, 1 revelada")


def test_the_gms_pending_list_holds_a_blind_roll_and_their_own_secret_roll(new_context, base_url):
    """Issue #38: the GM's list of pending sealed rolls listed blind rolls only. The GM asks Sharla
    (her own phone) for a blind roll and makes a secret roll; the GM's audit lists both, each with a
    link that opens it here ready to reveal; Sharla's audit of the same thread offers none."""
    from conftest import open_app
    from helpers.page import blind_answer, sealed_request, secret_roll

    gm_ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    gm = open_app(gm_ctx.new_page(), base_url)
    request = sealed_request(gm, "Sigilo", "Sharla", "Arenas", roller="Máster")
    sharla, blind = blind_answer(new_context, request, "Tirada sellada de Sharla, nº 1", **PHONE)
    gm.goto(base_url)
    gm.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=90_000)
    gm.locator("#gm-make summary").click()
    secret = secret_roll(gm, "Tirada oculta de Máster (máster), nº 1")
    thread = "\n\n".join(f"Mensaje {k}: {link}" for k, link in enumerate((request, blind, secret), 1))

    run_audit(gm, thread)
    mine = gm.locator("#audit-sealed-yours li")
    expect(mine).to_have_count(2)
    expect(mine.nth(0)).to_contain_text("Sharla (Arenas) nº 1 «Sigilo» — tirada a ciegas")
    expect(mine.nth(1)).to_contain_text("Máster (Arenas) nº 1 «Sigilo del PNJ» — tirada oculta del máster")
    mine.nth(1).locator("a").click()           # opens the secret roll here, ready to reveal
    expect(gm.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    expect(gm.locator("#sealed-reveal")).to_be_visible()

    run_audit(sharla, thread)                  # a player's browser holds neither: nothing to reveal from there
    expect(sharla.locator("#audit-sealed-pending")).to_contain_text("2 tiradas selladas sin revelar")
    assert sharla.locator("#audit-sealed-yours").count() == 0
