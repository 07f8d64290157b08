"""The shared roll at a glance (issue #14), at 360×640 and 1366×800, in Spanish and English.

A roll link opens on its verified result and its pool, first and without scrolling (SIFRP, generic,
L5R, chained, notation); broken links get the same view with the reason, and broken Confrontation or
scene links land on their own tab; every snippet kind holds the pool and the modifier; ``5d10k3+2``
rolls and verifies through a link; typed faces get a card, a snippet without a link and a history
entry; the phone tab row says there are more tabs. With ``TIRADA_SCREENS=1`` the phone test also
writes a screenshot of every tab to docs/screens/.

A link is opened in this worker's reader tab for its size and language (``reader``: a browser that
holds nothing, moved to the link by its ``#``; issue #37), as someone who never used Tirada reads
it; each sort of link is opened in a fresh browser by test_every_link, and the dice groups' link
here.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import open_app
from tirada.links.chain import encode_link
from tirada.wire.codec import encode_payload

SEED = "8f14e45fceea167a5a36dedd4bea2543"
CHAIN = {"roller": "Sharla", "campaign": "Arenas Sangrientas", "seq": 7, "prev": "0123456789ab",
         "created": 1796000000}
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 800}}
LOCALES = {"es": "es-ES", "en": "en-US"}
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

#: (case, request, chain fields, pool in es, pool in en)
LINKS = [
    ("sifrp", {"system": "sifrp", "seed": SEED, "test_dice": 4, "bonus_dice": 2, "penalty_dice": 1, "modifier": 3,
               "difficulty": 9, "label": "Atletismo"}, CHAIN, "SIFRP 4D+2B\u22121P +3 contra 9",
     "SIFRP 4D+2B\u22121P +3 vs 9"),
    ("generic", {"system": "generic", "seed": SEED, "dice": 5, "sides": 10, "keep": 3}, {},
     "5d10, guardas 3", "5d10, keep 3"),
    ("l5r", {"system": "l5r5e", "seed": SEED, "ring": 3, "skill": 1, "tn": 3, "stance": "fire", "distinction": True,
             "rerolls": [1, 3]}, {"roller": "Sakura", "seq": 1}, "L5R Anillo 3 + Habilidad 1 contra NO 3 (actitud de Fuego, ventaja)",
     "L5R Ring 3 + Skill 1 vs TN 3 (stance Fire, distinction)"),
    ("notation", {"system": "generic", "seed": SEED, "rolls": [{"dice": 1, "sides": 20, "modifier": 5},
                                                              {"dice": 2, "sides": 6, "modifier": 3}]}, {},
     "1d20 +5; 2d6 +3", "1d20 +5; 2d6 +3"),
    ("dice groups", {"system": "generic", "seed": SEED, "groups": [
        {"dice": 1, "sides": 8}, {"dice": 2, "sides": 6, "keep": 1},
        {"dice": 1, "sides": 4, "explode": True, "subtract": True}], "modifier": 3, "difficulty": 7}, {},
     "1d8 + 2d6, guardas 1 \u2212 1d4! (explosivos) +3 contra 7", "1d8 + 2d6, keep 1 \u2212 1d4! (exploding) +3 vs 7"),
    ("roll set", {"system": "generic", "seed": SEED, "rolls": [{"dice": 4, "sides": 6, "keep": 3}] * 6}, {},
     "; ".join(["4d6, guardas 3"] * 6), "; ".join(["4d6, keep 3"] * 6)),
]


def expect(target):
    """Playwright's auto-waiting ``expect`` (imported when used: the Pyodide run collects this file
    without Playwright and deselects it)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def page_for(new_context, base_url, size: dict, lang: str, url: str = "", **extra):
    """``url`` opened in a fresh browser context (nothing stored, HTTP cache empty)."""
    ctx, _ = new_context(locale=LOCALES[lang], **size, **extra)
    return open_app(ctx.new_page(), base_url + url)


def read(reader, size: dict, lang: str, url: str):
    """The link ``url`` (``#…``) in this worker's reader tab for ``size`` and ``lang``."""
    return reader(url, locale=LOCALES[lang], **size)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1366x800"])
def test_a_roll_link_opens_on_its_verified_result_and_pool(reader, base_url, size, lang):
    page = None
    for case, request, chain, pool_es, pool_en in LINKS:
        url = "#" + encode_link(request, **chain)
        if page is None:
            page = read(reader, size, lang, url)
        else:
            page.goto(base_url + url)
        expect(page.locator("#shared")).to_be_visible()
        expect(page.locator("#shared .shared-ok")).to_be_visible()
        expect(page.locator("#shared-pool")).to_have_text(pool_es if lang == "es" else pool_en)
        for part in ("#shared-heading", "#shared-pool", "#shared-headline"):
            expect(page.locator(part)).to_be_in_viewport()          # the first screen, no scrolling
        assert page.evaluate("window.scrollY") == 0, case
        expect(page.locator("#result")).to_be_hidden()              # not a second copy below the form
        if chain.get("roller"):
            expect(page.locator("#shared-meta")).to_contain_text(chain["roller"])
        if request.get("label"):
            expect(page.locator("#shared-label")).to_have_text(request["label"])
            expect(page.locator("#shared .roll-label .tag-label")).to_have_text(
                "Etiqueta" if lang == "es" else "Label")
    # the chained SIFRP link again: its number, its previous roll and the trust text
    page.goto(base_url + "#" + encode_link(LINKS[0][1], **CHAIN))
    meta = page.locator("#shared-meta")
    expect(meta).to_contain_text("nº 7" if lang == "es" else "#7")
    expect(meta).to_contain_text("0123456789ab")
    expect(page.locator("#shared .trust-more")).to_contain_text("garantiza" if lang == "es" else "guarantees")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_roll_this_again_fills_the_form_with_the_links_request(reader, lang):
    request = LINKS[0][1]
    page = read(reader, DESKTOP, lang, "#" + encode_link(request, **CHAIN))
    page.click("#roll-again")
    expect(page.locator("#shared")).to_be_hidden()
    expect(page.locator("#system")).to_have_value("sifrp")
    expect(page.locator("#sifrp-test_dice")).to_have_value("4")
    expect(page.locator("#sifrp-bonus_dice")).to_have_value("2")
    expect(page.locator("#sifrp-penalty_dice")).to_have_value("1")
    expect(page.locator("#sifrp-modifier")).to_have_value("3")
    expect(page.locator("#label")).to_have_value("Atletismo")
    assert "#t1" not in page.url
    page.click("#roll")
    expect(page.locator("#result-pool")).to_contain_text("4D+2B\u22121P +3")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1366x800"])
def test_broken_links_get_the_same_view_or_their_own_tab(reader, base_url, size):
    good = encode_link(LINKS[0][1], **CHAIN)
    page = read(reader, size, "es", "#" + good[:-1] + ("A" if good[-1] != "A" else "B"))
    expect(page.locator("#shared-error")).to_be_visible()
    expect(page.locator("#shared-error")).to_be_in_viewport()
    expect(page.locator("#shared-heading")).to_have_text("Este enlace no es válido")
    expect(page.locator("#roll-again")).to_be_hidden()
    for kind, tab, error in (("brs", "brs", "#brs-link-error"), ("scene", "scene", "#setup-error")):
        fragment = encode_payload(kind, {"broken": True})
        broken = fragment[:-2] + ("AA" if fragment[-2:] != "AA" else "BB")
        page.goto(base_url + "#" + broken)
        expect(page.locator(f'[data-tab="{tab}"]')).to_have_attribute("aria-current", "page")
        expect(page.locator(error)).to_be_visible()
        expect(page.locator("#shared")).to_be_hidden()


def read_clipboard(page, button) -> str:
    page.click(button)
    expect(page.locator("#copy-status")).not_to_be_empty()
    return page.evaluate("navigator.clipboard.readText()")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_snippet_kind_says_the_pool_and_the_modifier(warm_page, lang):
    page = warm_page(locale=LOCALES[lang], **DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "4")
    page.fill("#sifrp-bonus_dice", "2")
    page.fill("#sifrp-penalty_dice", "1")
    page.fill("#sifrp-modifier", "3")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    total = page.locator("#result .total").get_attribute("data-total")
    for kind in ("bbcode", "markdown", "text"):
        text = read_clipboard(page, f'#share [data-copy="{kind}"]')
        assert "4D+2B\u22121P +3" in text, (kind, text)              # the pool with its modifier
        assert " +3 = " in text and total in text, (kind, text)       # the sum explained
        assert "\\(" not in text and "\\:" not in text                  # Markdown readable raw


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1366x800"])
def test_notation_rolls_and_verifies_through_a_link(warm_page, reader, base_url, size, lang):
    page = warm_page(locale=LOCALES[lang], **size)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "5d10k3+2")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    pool = "5d10, guardas 3 +2" if lang == "es" else "5d10, keep 3 +2"
    expect(page.locator("#result-pool")).to_have_text(pool)
    faces = page.locator("#result .die").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert len(faces) == 5 and page.locator("#result .die.kept").count() == 3
    total = page.locator("#result .total").get_attribute("data-total")
    link = page.locator("#share-link").input_value()
    other = read(reader, size, lang, link[len(base_url):])
    expect(other.locator("#shared-pool")).to_have_text(pool)
    expect(other.locator("#shared .total")).to_have_attribute("data-total", total)
    assert other.locator("#shared .die").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))") == faces
    # a bad notation is refused next to its field
    page.fill("#generic-notation", "5d10k9x")
    page.click("#roll")
    expect(page.locator("#result .error")).to_be_visible()


def test_faces_typed_from_elsewhere_get_a_card_a_snippet_without_link_and_history(warm_page):
    page = warm_page(locale=LOCALES["es"], **DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "3")
    page.fill("#sifrp-bonus_dice", "2")
    page.fill("#label", "Pelea")
    page.fill("#faces", "6 6 5 2 1")
    page.click("#roll")
    expect(page.locator("#result .faces-kicker")).to_have_text("Dados tirados fuera de Tirada")
    expect(page.locator("#result .total")).to_have_attribute("data-total", "17")
    expect(page.locator("#share-link")).to_be_hidden()
    expect(page.locator("#share-note")).to_be_visible()
    text = read_clipboard(page, '#share [data-copy="bbcode"]')
    assert "dados tirados fuera de Tirada" in text and "SIFRP 3D+2B" in text and "#t1" not in text
    expect(page.locator("#history-list li.elsewhere")).to_contain_text("dados tirados fuera")


def test_l5r_faces_mode_shows_the_books_number_to_symbol_table(app):
    app.select_option("#system", "l5r5e")
    app.check("#l5r-faces_mode")
    table = app.locator('#l5r-faces-table .faces-table[data-die="skill"]')
    expect(table).to_be_visible()
    expect(table.locator("tr", has_text="11")).to_contain_text("éxito relanzable + conflicto")
    expect(app.locator('#l5r-faces-table .faces-table[data-die="ring"] tbody tr')).to_have_count(6)


def test_phone_tab_row_says_there_are_more_tabs_and_shows_every_tab(warm_page, base_url):
    page = warm_page(locale=LOCALES["es"], **PHONE)
    cue = page.locator("#tabs-more")
    expect(cue).to_be_visible()
    expect(cue).to_have_text("Más →")
    # the cue stands beside the scrolling row, never over a tab (the hostile tester found "Escena"
    # under "Más →"): the row ends where the cue starts, and Tirar, Auditar hilo and Escena fit whole
    row, mark = page.locator("#tabs").bounding_box(), cue.bounding_box()
    assert row["x"] + row["width"] <= mark["x"] + 0.5, (row, mark)
    for tab in ("roll", "audit", "scene"):
        box = page.locator(f"#tab-{tab}").bounding_box()
        assert box["x"] + box["width"] <= mark["x"] + 0.5, (tab, box, mark)
    assert page.locator("#tab-scene").inner_text() == "Escena"            # "(Tragedia)" only where it fits
    for tab in ("roll", "audit", "scene", "brs", "data"):
        page.click(f"#tab-{tab}")
        expect(page.locator(f"#tab-{tab}")).to_have_attribute("aria-current", "page")
        expect(page.locator(f"#tab-{tab}")).to_be_in_viewport(ratio=1)   # the chosen tab is whole
        expect(page.locator(f'[data-view="{tab}"]')).to_be_visible()
        if os.environ.get("TIRADA_SCREENS") == "1":
            SCREENS.mkdir(exist_ok=True)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENS / f"phone-{tab}.png"))
    expect(cue).to_be_hidden()                                         # the last tab is shown
    if os.environ.get("TIRADA_SCREENS") == "1":
        page.click("#tab-roll")
        page.goto(base_url + "#" + encode_link(LINKS[0][1], **CHAIN))
        expect(page.locator("#shared-headline")).to_be_visible()
        page.screenshot(path=str(SCREENS / "phone-shared-roll.png"))


def test_dice_groups_roll_and_verify_through_a_link_in_a_fresh_browser(warm_page, new_context, base_url):
    """1d8+1d6+3 (issue 28: mixed dice were refused) rolls with each group's dice shown, and its
    link opens at 360x640 in another browser on the same dice and total; "roll this again" puts
    the notation back."""
    page = warm_page(locale=LOCALES["es"], **DESKTOP)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "1d8 + 1d6 - 1d4 + 3")
    page.click("#roll")
    expect(page.locator("#result .dice-group")).to_have_count(3)
    expect(page.locator("#result-pool")).to_have_text("1d8 + 1d6 \u2212 1d4 +3")
    sums = [int(x) for x in page.locator("#result .dice-group").evaluate_all("els => els.map(e => e.dataset.sum)")]
    total = page.locator("#result .total").get_attribute("data-total")
    assert int(total) == sums[0] + sums[1] - sums[2] + 3
    link = page.locator("#share-link").input_value()
    other = page_for(new_context, base_url, PHONE, "es", link[len(base_url):])
    expect(other.locator("#shared .shared-ok")).to_be_visible()
    expect(other.locator("#shared-pool")).to_have_text("1d8 + 1d6 \u2212 1d4 +3")
    expect(other.locator("#shared .total")).to_have_attribute("data-total", total)
    assert other.locator("#shared .dice-group").evaluate_all("els => els.map(e => e.dataset.sum)") == [str(s) for s in sums]
    other.click("#roll-again")
    expect(other.locator("#generic-notation")).to_have_value("1d8+1d6-1d4+3")
