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


def test_two_tabs_share_the_bidding_instead_of_overwriting_it(warm_page, base_url):
    """Tab B, opened before tab A bid, used to write its older draft over A's bids at its next edit."""
    a = warm_page(viewport={"width": 1280, "height": 900})        # two tabs of one browser (issue #37)
    b = open_app(a.context.new_page(), base_url)
    for page in (a, b):
        page.click("#tab-brs")
    a.click("#brs-example")
    a.fill("#brs-f-prefight-text", "Sharla pierde el mapa")
    a.click('#brs-prefight [data-pf-act="bid"]')
    expect(b.locator("#brs-pf-turn")).to_have_text("Puja: Sharla")          # B took A's draft
    b.fill("#brs-f-prefight-text", "Haster pierde su montura")
    b.click('#brs-prefight [data-pf-act="bid"]')
    expect(a.locator("#brs-pf-bids li")).to_have_count(2)
    a.reload()
    a = open_app(a, base_url)
    a.click("#tab-brs")
    expect(a.locator("#brs-pf-bids li")).to_have_count(2)


def test_the_after_fight_status_follows_the_language(new_context, base_url):
    """The "recorded on" line was kept as Spanish text when the page switched to English."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from helpers.brs import play_out

    from tirada import storage
    from tirada.systems.brs.example import example_setup
    from tirada.systems.brs.link import encode_link

    setup = example_setup("00112233445566778899aabbccddeeff")
    moves = play_out(setup)
    chars = [{"id": f"c{i}", "system": "brs", "name": p["name"], "campaign": "", "updated": 0,
              "sheet": {"components": [{"name": c["name"], "traits": c["traits"]} for c in p["components"]]}}
             for i, p in enumerate(setup["players"])]
    page = _seeded(new_context, base_url, {"tirada.characters.v1": json.dumps(storage.characters_doc(chars))}, **PHONE)
    page.evaluate(f"location.hash = {encode_link(setup, moves)!r}")
    page.click('#brs-after [data-after="apply"]')
    expect(page.locator("#brs-after-status")).to_contain_text("Anotado en: Haster, Sharla")
    page.click("#lang")
    expect(page.locator("#brs-after-status")).to_contain_text("Haster, Sharla")
    assert "Anotado" not in page.inner_text("#brs-after-status")
    _no_sideways_scroll(page)


def test_the_bid_act_is_chosen_and_bid_with_the_keyboard_only(app):
    """Choosing an act with the arrow keys redrew the bidding box and dropped the focus to the top of
    the page: a keyboard user could not go on to "Pujar"."""
    app.focus("#tab-brs")
    app.keyboard.press("Enter")
    app.focus("#brs-example")
    app.keyboard.press("Enter")
    app.focus("#brs-f-prefight-text")
    app.keyboard.type("Sharla pierde el mapa")
    app.keyboard.press("Enter")                                  # Enter in the text makes the bid
    expect(app.locator("#brs-pf-turn")).to_have_text("Puja: Sharla")
    act = app.locator("#brs-f-prefight-act")
    expect(act).to_be_focused()
    for _ in range(4):                                           # pain → stipulation → reduce → back_down
        if act.input_value() == "back_down":
            break
        before = act.input_value()
        app.keyboard.press("ArrowDown")
        expect(act).not_to_have_value(before)
        expect(act).to_be_focused()
    assert act.input_value() == "back_down"
    for _ in range(6):                                           # Tab on to the "Pujar" button
        app.keyboard.press("Tab")
        if app.evaluate("document.activeElement.dataset.pfAct") == "bid":
            break
    assert app.evaluate("document.activeElement.dataset.pfAct") == "bid"
    app.keyboard.press("Enter")
    expect(app.locator("#brs-pf-result")).to_contain_text("Sharla se retractó")
    app.focus("#brs-f-prefight-note")
    app.keyboard.type("siempre se retracta")
    app.keyboard.press("Enter")                                  # Enter in the reason makes the Challenge
    expect(app.locator("#brs-pf-turn")).to_have_text("Puja: Sharla")


def test_the_competencia_heading_sits_beside_its_marker(warm_page):
    """The card's <summary> showed its disclosure marker on a line of its own above the heading."""
    page = warm_page(**PHONE)
    page.click("#tab-brs")
    for card in ("#brs-setup-card", "#brs-contest-card"):
        summary = page.locator(f"{card} > summary").bounding_box()
        heading = page.locator(f"{card} > summary h2").bounding_box()
        assert heading["y"] - summary["y"] < 20 and heading["x"] - summary["x"] > 10, (card, summary, heading)


def test_a_sifrp_competition_of_long_names_fits_a_phone(warm_page):
    """40-character one-word names (the most a name takes) widened the result and the shared view
    (opened in the roller's own browser: a fresh one's is test_every_link's; issue #37)."""
    page = warm_page(**PHONE)
    ctx = page.context
    page.select_option("#system", "sifrp")
    page.click("#sifrp-competition > summary")
    page.fill("#sifrp-name", "A" * 40)
    page.fill("#sifrp-rival0-name", "B" * 40)
    page.fill("#sifrp-rival0-test_dice", "2")
    page.click("#roll")
    expect(page.locator("#result li.competitor")).to_have_count(2)
    _no_sideways_scroll(page)
    shared = open_app(ctx.new_page(), page.locator("#share-link").input_value())
    expect(shared.locator("#shared li.competitor")).to_have_count(2)
    _no_sideways_scroll(shared)
