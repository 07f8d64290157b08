"""End to end: before and after the Confrontation (issue #15) — the Spoils bidding with a Challenge,
the trigger check refusing with its reason, and an ended Confrontation recorded on a "Mis datos"
sheet. Rules: blood-red-sands.md §Before the fight: the Spoils; docs/brs-spoils.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers (the test bot)
from helpers.brs import play_out  # noqa: E402

pytest.importorskip("playwright.sync_api")

SEED = "00112233445566778899aabbccddeeff"


def bid(page, act: str, text: str = "") -> None:
    page.select_option("#brs-f-prefight-act", act)
    if text:
        page.fill("#brs-f-prefight-text", text)
    page.click('#brs-prefight [data-pf-act="bid"]')


def test_bidding_challenge_and_trigger(app):
    from playwright.sync_api import expect

    app.click("#tab-brs")
    app.click("#brs-example")
    turn = app.locator("#brs-pf-turn")
    expect(turn).to_have_text("Puja: Haster (Cronista)")
    bid(app, "pain", "Sharla pierde el mapa")
    expect(turn).to_have_text("Puja: Sharla")
    bid(app, "back_down")
    expect(app.locator("#brs-pf-result")).to_contain_text("Sharla se retractó")
    expect(app.locator("#brs-f-back_down")).to_have_value("1")     # Ordinary Spoils in the setup
    app.fill("#brs-f-prefight-note", "siempre se retracta")
    app.click('#brs-prefight [data-pf-act="challenge"]')
    expect(turn).to_have_text("Puja: Sharla")
    expect(app.locator('#brs-f-prefight-act option[value="back_down"]')).to_have_count(0)
    bid(app, "call")
    expect(app.locator("#brs-pf-result")).to_contain_text("Se vio la puja")
    expect(app.locator("#brs-f-spoils")).to_have_value("Haster (Cronista): Sharla pierde el mapa")
    expect(app.locator("#brs-f-back_down")).to_have_value("")
    # the trigger, checked: a limit of 1 Component refuses Haster's two, with the reason by the field
    app.check("#brs-f-prefight-on")
    app.select_option("#brs-f-prefight-faces", "1")
    app.fill("#brs-f-prefight-limit", "1")
    app.locator("#brs-f-prefight-limit").dispatch_event("change")
    app.click("#brs-start")
    error = app.locator("#brs-setup-error")
    expect(error).to_contain_text("Haster implica 2 Componentes")
    assert "§" not in error.inner_text() and "involves" not in error.inner_text()
    app.fill("#brs-f-prefight-limit", "2")
    app.locator("#brs-f-prefight-limit").dispatch_event("change")
    app.click("#brs-start")
    expect(app.locator("#brs-game")).to_be_visible()
    expect(app.locator("#brs-info")).to_contain_text("Sharla pierde el mapa")


def test_an_ended_confrontation_is_recorded_on_the_sheets(app):
    from playwright.sync_api import expect

    from tirada import storage
    from tirada.systems.brs import replay
    from tirada.systems.brs.example import example_setup
    from tirada.systems.brs.link import encode_link

    setup = example_setup(SEED)
    moves = play_out(setup)
    names = [p["name"] for p in setup["players"]]
    chars = [{"id": f"c{i}", "system": "brs", "name": n, "campaign": "", "updated": 0,
              "sheet": {"components": [{"name": c["name"], "traits": c["traits"]} for c in p["components"]]}}
             for i, (n, p) in enumerate(zip(names, setup["players"]))]
    app.evaluate("d => localStorage.setItem('tirada.characters.v1', d)", json.dumps(storage.characters_doc(chars)))
    app.evaluate(f"location.hash = {encode_link(setup, moves)!r}")
    card = app.locator("#brs-after")
    expect(card).to_be_visible()
    expect(card).to_contain_text("Después de la lucha")
    app.click('#brs-after [data-after="apply"]')
    expect(app.locator("#brs-after-status")).to_contain_text("Anotado en: Haster, Sharla")
    stored = json.loads(app.evaluate("localStorage.getItem('tirada.characters.v1')"))["characters"]
    state = replay(setup, moves)
    lost = sum(d.row == "lost" for d in state.dice if d.owner == 0)
    assert stored[0]["sheet"]["record"]["confrontations"] == 1
    assert stored[0]["sheet"]["record"].get("devastated", 0) == lost
    # a second click records nothing twice
    app.click('#brs-after [data-after="apply"]')
    expect(app.locator("#brs-after-status")).to_contain_text("ya está anotada")
    # the sheet in "Mis datos" shows the record, and saving the editor keeps it
    app.click("#tab-data")
    app.click("#char-list [aria-label='Abrir ficha: Haster']")
    expect(app.locator("#cs-fields .brs-record")).to_contain_text("Confrontaciones: 1")
    app.click("#cs-save")
    expect(app.locator("#cs-status")).not_to_have_text("")
    stored = json.loads(app.evaluate("localStorage.getItem('tirada.characters.v1')"))["characters"]
    assert stored[0]["sheet"]["record"]["confrontations"] == 1
