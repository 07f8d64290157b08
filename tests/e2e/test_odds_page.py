"""End to end: the odds card beside the roll form follows the fields (issue #8).

One page is reused across the steps (a page load costs seconds).
"""

import pytest

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

SUMMARY = "#odds-summary"


def wait_summary(page, pattern: str) -> str:
    """Wait until the odds headline matches ``pattern`` (a regex); return the headline."""
    page.wait_for_function(
        "([sel, pat]) => new RegExp(pat).test(document.querySelector(sel).textContent)",
        arg=[SUMMARY, pattern], timeout=10_000)
    return page.inner_text(SUMMARY)


def marked_rows(page) -> list:
    return page.locator("#odds-tables table").first.locator("tr.marked").all_inner_texts()


def test_odds_follow_sifrp_and_generic_fields(app):
    odds = app.locator("#odds")
    assert odds.get_attribute("aria-live") == "polite"
    # the default SIFRP form (3D vs 9) already has its odds
    wait_summary(app, r"^Probabilidad de éxito: \d")

    # SIFRP 1D vs 6 → P(success) = 1/6 ≈ 16,7 %
    app.select_option("#system", "sifrp")
    app.fill("#sifrp-test_dice", "1")
    app.fill("#sifrp-bonus_dice", "0")
    app.select_option("#sifrp-difficulty", "6")
    text = wait_summary(app, r"16,7")
    assert text == "Probabilidad de éxito: 16,7\u00a0% (1/6)"

    # the chart: an image with a title and a description that gives the number as text
    svg = app.locator("#odds-figure svg")
    assert svg.get_attribute("role") == "img"
    title_id, desc_id = svg.get_attribute("aria-labelledby").split()
    assert app.locator(f"#{title_id}").text_content() == "Probabilidad de sacar al menos cada total"
    desc = app.locator(f"#{desc_id}").text_content()
    assert "de 1 a 6" in desc and "(6)" in desc and "16,7" in desc
    assert svg.locator("rect.bar").count() == 6 and svg.locator("rect.bar.marked").count() == 1
    assert "umbral (6)" in app.inner_text("#odds-figure figcaption")

    # the numbers as text: a table with the threshold row marked in words, and the degrees
    app.click("#odds-numbers summary")
    rows = marked_rows(app)
    assert len(rows) == 1 and "tu dificultad" in rows[0] and "16,7" in rows[0] and "1/6" in rows[0]
    degrees = app.locator("#odds-tables table").nth(1).inner_text()
    assert "Fallo crítico" in degrees and "2/3" in degrees  # failing by 1–4: faces 2..5

    # more dice: 2D vs 6 → 26/36 = 13/18 ≈ 72,2 %
    app.fill("#sifrp-test_dice", "2")
    assert wait_summary(app, r"72,2") == "Probabilidad de éxito: 72,2\u00a0% (13/18)"
    assert "13/18" in marked_rows(app)[0]

    # an incomplete field: "—" (with a text for screen readers), and back
    app.fill("#sifrp-test_dice", "")
    wait_summary(app, r"^—")
    assert "completa el formulario" in app.locator(f"{SUMMARY} .sr-only").text_content()
    assert app.locator("#odds-figure").is_hidden()
    app.fill("#sifrp-test_dice", "1")
    wait_summary(app, r"16,7")

    # quick typing ("1", "12", "1") is debounced: the card settles on the last value
    field = app.locator("#sifrp-test_dice")
    field.fill("")
    field.press_sequentially("12", delay=30)
    field.fill("1")
    app.wait_for_timeout(600)
    assert wait_summary(app, r"16,7").endswith("(1/6)")
    assert "de 1 a 6" in app.locator("#odds-figure svg desc").text_content()

    # the generic roll: 2d6 keep 2 vs 7 → 21/36 = 7/12 ≈ 58,3 %
    app.select_option("#system", "generic")
    app.fill("#generic-dice", "2")
    app.fill("#generic-sides", "6")
    app.fill("#generic-keep", "2")
    app.fill("#generic-modifier", "0")
    app.fill("#generic-difficulty", "7")
    assert wait_summary(app, r"58,3") == "Probabilidad de éxito: 58,3\u00a0% (7/12)"
    assert app.locator("#odds-figure svg rect.bar").count() == 11
    assert "7" in marked_rows(app)[0] and "7/12" in marked_rows(app)[0]

    # no difficulty: the distribution of the total (2..12), 7 the most likely at 1/6
    app.fill("#generic-difficulty", "")
    wait_summary(app, r"^Sin dificultad")
    table = app.locator("#odds-tables table").first
    assert table.locator("tbody tr").count() == 11
    row7 = table.locator("tbody tr", has=app.locator('th:text-is("7")')).inner_text()
    assert "16,7" in row7 and "1/6" in row7
    assert app.locator("#odds-figure svg title").first.text_content() == "Probabilidad de cada total"

    # keep the lowest: 2d6 keep the lowest 1 vs 6 → both dice 6 = 1/36 ≈ 2,8 %
    app.fill("#generic-keep", "1")
    app.check("#generic-keep_lowest")
    app.fill("#generic-difficulty", "6")
    assert wait_summary(app, r"2,8") == "Probabilidad de éxito: 2,8\u00a0% (1/36)"

    # L5R: one ring die, keep 1 → P(≥1) = 1/2, P(≥2) = 1/12, P(≥3) = 1/72 (explosions included)
    app.select_option("#system", "l5r5e")
    app.fill("#l5r-ring", "1")
    app.fill("#l5r-skill", "0")
    app.fill("#l5r-assist_skilled", "0")
    app.fill("#l5r-assist_unskilled", "0")
    app.fill("#l5r-tn", "1")
    assert wait_summary(app, r"50,0") == "Probabilidad de éxito: 50,0\u00a0% (1/2)"
    app.fill("#l5r-tn", "2")
    assert wait_summary(app, r"8,3") == "Probabilidad de éxito: 8,3\u00a0% (1/12)"
    app.fill("#l5r-tn", "3")
    assert wait_summary(app, r"1,4") == "Probabilidad de éxito: 1,4\u00a0% (1/72)"
    assert "número objetivo" in marked_rows(app)[0] and "1/72" in marked_rows(app)[0]
    assert "Éxitos esperados" in app.inner_text("#odds-note")
    app.select_option("#system", "generic")
    wait_summary(app, r"2,8")

    # English: the card follows the language without a new computation
    app.click("#lang")
    assert wait_summary(app, r"^Chance") == "Chance of success: 2.8% (1/36)"
    assert app.locator("#odds-heading").inner_text() == "Odds"
    assert "your difficulty" in marked_rows(app)[0]
    app.click("#lang")
    wait_summary(app, r"^Probabilidad")

    # a narrow phone: the card fits without horizontal scrolling
    app.set_viewport_size({"width": 360, "height": 640})
    app.wait_for_timeout(200)
    assert app.evaluate("document.documentElement.scrollWidth") <= 360
    box = app.locator("#odds-figure svg").bounding_box()
    assert box["width"] <= 360 and box["height"] > 100



def test_issue_28_notation_odds_explosions_roll_sets_and_hostile_counts(app):
    """d6! put a traceback on the page and left the old odds; 6 4d6 k3 was one roll of 64d6k3;
    a 4,301-digit count raised an uncaught error; 60d30k15 froze the page (the app fixture fails on
    any console error or uncaught exception)."""
    app.select_option("#system", "generic")
    app.fill("#generic-difficulty", "7")
    app.fill("#generic-notation", "d6!")
    assert wait_summary(app, r"16,7").startswith("Probabilidad de éxito: 16,7")
    note = app.inner_text("#odds-note")
    assert "Explosiones contadas hasta 11 en total" in note and "1/2176782336" in note
    app.fill("#generic-difficulty", "")
    app.fill("#generic-notation", "5d10!k3")
    wait_summary(app, r"^Sin dificultad")
    assert "Explosiones contadas hasta" in app.inner_text("#odds-note")
    assert app.locator("#odds-figure svg rect.bar").count() > 5
    app.fill("#generic-notation", "1d20+5; 2d6+3")     # several different rolls: said, nothing stale
    assert wait_summary(app, r"de una en una").startswith("Varias tiradas distintas")
    assert app.locator("#odds-figure").is_hidden() and app.locator("#odds-note").is_hidden()
    app.fill("#generic-notation", "3d6!k5")
    wait_summary(app, r"^Sin dificultad")
    app.fill("#generic-notation", "6 4d6 k3")
    assert wait_summary(app, r"^Cada una de las 6 tiradas")
    app.click("#roll")
    expect(app.locator("#result .sub-roll")).to_have_count(6)
    assert app.locator("#result .sub-roll").first.locator(".die").count() == 4
    app.fill("#generic-notation", "60d30k15")
    wait_summary(app, r"^Sin dificultad")
    app.fill("#generic-notation", "1" * 4400 + "d6")
    wait_summary(app, r"^—")
    app.click("#roll")
    expect(app.locator("#result .error")).to_be_visible()
    assert "Traceback" not in app.inner_text("body")


def test_a_refused_odds_card_says_one_thing(warm_page):
    """Testers saw «Demasiados dados…» under «Sin probabilidades: completa el formulario.» (the blank
    headline's words for screen readers, there while the reason sat in a note outside the live region):
    now the reason is the headline itself, alone; a half-typed form still shows "—"."""
    from shell.strings import STRINGS

    page = warm_page(viewport={"width": 360, "height": 640})
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "100d100")
    too_big = STRINGS["odds.too_big"]["es"]
    wait_summary(page, too_big)
    card = page.locator("#odds")
    expect(page.locator(SUMMARY)).to_have_text(too_big)
    assert "completa el formulario" not in card.text_content()
    assert card.locator(".sr-only").count() == 0 and page.locator("#odds-note").is_hidden()
    assert page.locator("#odds-figure").is_hidden()
    page.fill("#generic-notation", "2d6+")              # incomplete: "—", said as "complete the form"
    wait_summary(page, r"^—")
    assert too_big not in card.text_content()
    assert STRINGS["odds.blank_sr"]["es"] in card.text_content() and page.locator("#odds-note").is_hidden()
