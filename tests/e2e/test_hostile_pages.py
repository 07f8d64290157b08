"""End to end, as a hostile or careless forum player: a Confrontation draft edited by hand in the
browser's storage, one-word texts of hundreds of characters on a 360×640 phone, digits that are not
plain ASCII («²») typed in the new text fields. Each must give a worded message or a working view —
never a traceback (the fixtures fail a test that logs a console error) nor a page that scrolls
sideways. Rules: blood-red-sands.md §Before the fight: the Spoils (docs/brs-spoils.md); sifrp.md.
"""

from __future__ import annotations

import json

import pytest

from conftest import open_app

from tirada.systems.brs.spoils import MAX_PAIN_TEXT

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
LONG = "P" * MAX_PAIN_TEXT        # the longest Pain the bidding takes, as one word


def _seeded(new_context, base_url, items: dict, **options):
    """A ready page whose localStorage held ``items`` before the app started."""
    ctx, _ = new_context(**options)
    ctx.add_init_script("(() => { try { if (location.protocol !== 'http:' || sessionStorage.getItem('seeded')) return;"
                        " sessionStorage.setItem('seeded', '1');"
                        + "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in items.items())
                        + "} catch (e) { /* a frame without storage */ } })()")
    return open_app(ctx.new_page(), base_url)


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


@pytest.mark.parametrize("draft", [
    {"prefight": {"bids": [{"act": "call"}]}},                           # a bid the engine refuses
    {"prefight": 5},
    {"prefight": {"bids": "x", "trigger": []}},
    {"players": "x", "sides": 7},
])
def test_a_hand_edited_confrontation_draft_still_opens_the_view(new_context, base_url, draft):
    """It was a traceback at start (ui_brs_records.render_prefight) and a dead Confrontation tab."""
    page = _seeded(new_context, base_url, {"tirada.brs.current": json.dumps({"draft": draft})},
                   viewport={"width": 1280, "height": 900})
    page.click("#tab-brs")
    expect(page.locator("#brs-pf-turn")).to_have_text("Puja: Cronista")
    page.click("#brs-example")
    expect(page.locator("#brs-pf-turn")).to_have_text("Puja: Haster (Cronista)")


def test_long_one_word_texts_never_widen_a_phone(new_context, base_url):
    record = {"vp": 1, "confrontations": 1, "crossed": [["Espada", "X" * 480, 8]], "destroyed": ["Z" * 480],
              "weaknesses": [["W" * 480, 6, "H" * 480]]}
    char = {"id": "c0", "system": "brs", "name": "Haster", "campaign": "", "updated": 0,
            "sheet": {"components": [{"name": "Espada", "traits": [{"trait": "R", "die": 6, "aspect": "cunning"}]}],
                      "record": record}}
    page = _seeded(new_context, base_url, {"tirada.characters.v1": json.dumps({"schema": 1, "characters": [char]})},
                   **PHONE)
    page.click("#tab-data")
    page.click("#char-list [aria-label='Abrir ficha: Haster']")
    expect(page.locator("#cs-fields .brs-record")).to_contain_text("Debilidades")
    _no_sideways_scroll(page)
    # the Spoils bidding: a one-word Pain, listed in the box and then in the setup and the info card
    page.click("#tab-brs")
    page.click("#brs-example")
    page.fill("#brs-f-prefight-text", LONG)
    page.click('#brs-prefight [data-pf-act="bid"]')
    expect(page.locator("#brs-pf-turn")).to_have_text("Puja: Sharla")
    _no_sideways_scroll(page)
    page.select_option("#brs-f-prefight-act", "call")
    page.click('#brs-prefight [data-pf-act="bid"]')
    expect(page.locator("#brs-pf-result")).to_contain_text("Se vio la puja")
    page.click("#brs-start")          # the Pain fits the setup's Spoils (it did not: 499 > 480 characters)
    expect(page.locator("#brs-info")).to_contain_text(LONG[:40])
    _no_sideways_scroll(page)


def test_superscript_digits_in_the_new_text_fields_are_refused_in_words(app):
    """«²» passes str.isdigit() but int() refuses it: it was a traceback in the SIFRP teamwork field
    and in the Competencia's dice."""
    app.select_option("#system", "sifrp")
    app.click("#sifrp-helpers > summary")
    app.fill("#sifrp-helpers-ranks", "²")
    app.click("#roll")
    expect(app.locator("#sifrp-helpers-ranks-error")).to_contain_text("número entero")
    app.click("#tab-brs")
    app.click("#brs-contest-card > summary")
    app.fill("#brs-contest-player-dice", "d8 d6")
    app.click("#brs-contest-roll")
    expect(app.locator("#brs-contest-result")).to_be_visible()
    app.fill("#brs-contest-player-dice", "d8 d²")
    app.click("#brs-contest-roll")
    expect(app.locator("#brs-contest-error")).to_contain_text("d²")
    expect(app.locator("#brs-contest-result")).to_be_hidden()       # not the earlier roll's result
