"""End to end for issue #38 (hand-over consent): a hand-over link continues a chain this browser
holds only after the reader saw what it would do and said yes; silently it fills an empty chain only.

Two people, two browsers at 360×640: the victim (Sharla) rolls; the forger rolls under her name and
campaign in his own browser and hands that chain over — a link anyone can make for any name. Opened
in the victim's browser the link asks first (with the worded choice «Creé yo este enlace…» needed
before the button works); cancelling keeps her chain and her next honest roll keeps its numbering
(the thread audits one complete chain); confirming works; a head of nº 1,000,000,000 is refused; an
honest hand-over into an empty browser is taken without a question.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import open_app
pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.page import audit_text, hand_over, roll_again, roll_named  # noqa: E402

from tirada.links.chain import ChainState  # noqa: E402
from tirada.links.handover import encode_handover  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}}
WHO = ("Sharla", "Arenas")


def chain(page) -> dict:
    raw = page.evaluate("() => localStorage.getItem('tirada.chains.v1')")
    return (json.loads(raw) if raw else {}).get("\n".join(WHO), {})


def asked(ctx, link: str):
    """Open ``link`` in a new tab of ``ctx``: the page must ask (nothing stored yet)."""
    page = open_app(ctx.new_page(), link)
    page.wait_for_selector("#chain-ask:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "chain-ask-text"
    assert page.locator("#chain-status").inner_text() == ""
    return page


def test_a_forged_hand_over_is_never_adopted_without_a_confirmation(new_context, base_url):
    victim_ctx, _ = new_context(**PHONE)
    victim = open_app(victim_ctx.new_page(), base_url)
    links = [roll_named(victim, *WHO, f"tirada {i}") for i in (1, 2)]
    honest = chain(victim)
    assert honest["seq"] == 2

    forger_ctx, _ = new_context(**PHONE)            # the forger: her name and campaign, his browser
    forger = open_app(forger_ctx.new_page(), base_url)
    roll_named(forger, *WHO, "falsa 1")
    for i in (2, 3, 4):
        roll_again(forger, f"falsa {i}")
    forged = hand_over(forger)                       # a head at nº 4 she never had

    page = asked(victim_ctx, forged)
    text = page.inner_text("#chain-ask-text")
    assert "nunca se pasó a otro dispositivo" in text and "nº 2" in text and "nº 4" in text, text
    assert page.locator("#chain-ask-yes").is_disabled()          # the worded choice comes first
    assert axe_problems(page) == []                              # the question is accessible as shown
    page.locator("#chain-ask-yes").click(force=True)             # a click on the disabled button does nothing
    assert chain(page) == honest
    page.click("#chain-ask-no")                                  # cancel: the chain as it was
    assert "no usado" in page.inner_text("#chain-status")
    assert page.evaluate("document.activeElement.id") == "chain-status"
    assert page.locator("#chain-ask").is_hidden() and chain(page) == honest

    links.append(roll_named(page, *WHO, "tirada 3"))            # her next honest roll keeps its numbering
    assert "tirada nº 3 de Sharla" in page.locator("#roll-meta").inner_text()
    text = audit_text(page, "\n".join(f"Post {i}: {link}" for i, link in enumerate(links)))
    assert "Cadena completa" in text and "Hay problemas" not in text, text

    page = asked(victim_ctx, forged)                             # asked again: confirming works, by keyboard
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "chain-ask-sure"
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "chain-ask-yes"
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('chain-status').textContent.includes('nº 5')")
    assert "recibida" in page.inner_text("#chain-status")
    assert page.evaluate("document.activeElement.id") == "chain-status"
    assert chain(page)["seq"] == 4


def test_an_absurd_head_is_refused_and_an_empty_chain_adopts_silently(new_context, base_url):
    victim_ctx, _ = new_context(**PHONE)
    victim = open_app(victim_ctx.new_page(), base_url)
    roll_named(victim, *WHO, "tirada 1")
    honest = chain(victim)

    absurd = base_url.split("#")[0] + "#" + encode_handover(ChainState(*WHO, 1_000_000_000, "0123456789ab"), 1)
    page = open_app(victim_ctx.new_page(), absurd)
    page.wait_for_selector("#result .error")
    assert "no es una cadena real" in page.inner_text("#result")
    assert page.locator("#chain-ask").is_hidden() and chain(page) == honest

    other_ctx, _ = new_context(**PHONE)              # her other device, with no chain yet
    given = hand_over(victim)
    other = open_app(other_ctx.new_page(), given)
    other.wait_for_function("document.getElementById('chain-status').textContent.length > 0")
    assert "la próxima tirada será la nº 2" in other.inner_text("#chain-status")
    assert other.locator("#chain-ask").is_hidden() and chain(other)["seq"] == 1
    roll_again(other, "tirada 2")
    assert "tirada nº 2 de Sharla" in other.locator("#roll-meta").inner_text()

    back = asked(victim_ctx, given)                  # her own link opened where she made it: a plain question
    assert "hecho desde este navegador en la nº 1" in back.inner_text("#chain-ask-text")
    assert back.locator("#chain-ask-sure").is_hidden() and back.locator("#chain-ask-yes").is_enabled()
    assert chain(back)["retired"]
    back.click("#chain-ask-yes")
    back.wait_for_function("document.getElementById('chain-status').textContent.includes('nº 2')")
    assert "retired" not in chain(back) and chain(back)["seq"] == 1
