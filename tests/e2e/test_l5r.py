"""End to end: the L5R 5e check on the page — faces mode with the rule file's Sakura example, an
illegal keep refused with the engine's reason, and a seeded check decided step by step whose link
replays the same dice and totals in a fresh context."""

import re
import sys
from pathlib import Path

from conftest import open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import l5r_decide  # noqa: E402

DICE = "els => els.map(e => [e.dataset.die, Number(e.dataset.face), e.dataset.state || ''])"
SHOWN = ":is(#result, #shared):not([hidden])"   # the check made here, or the shared-roll view of its link


def fill_check(page, ring, skill, tn, distinction=False):
    page.select_option("#system", "l5r5e")
    page.fill("#l5r-ring", str(ring))
    page.fill("#l5r-skill", str(skill))
    page.fill("#l5r-tn", str(tn))
    if distinction:
        page.check("#l5r-distinction")


def stage(page, name):
    page.wait_for_selector(f'#result .l5r-board[data-stage="{name}"]')


def type_faces(page, faces):
    """Answer the guided "faces" step: one input per die the engine asks for."""
    stage(page, "faces")
    inputs = page.locator("[data-l5r-face]")
    assert inputs.count() == len(faces)
    for i, face in enumerate(faces):
        inputs.nth(i).fill(str(face))
    page.click("#l5r-faces button[type=submit]")


def serious_axe_problems(page):
    """axe-core's serious or critical violations on the page as it is now (no network)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']}: {v['help']}" for v in found if v.get("impact") in ("serious", "critical")]


def result_dice(page, step):
    return page.eval_on_selector_all(f'{SHOWN} ul[data-step="{step}"] [data-face]', DICE)


def totals(page):
    total = page.locator(f"{SHOWN} .l5r-total")
    counts = page.locator(f"{SHOWN} .l5r-counts")
    return (int(total.get_attribute("data-successes")), int(total.get_attribute("data-tn")),
            page.locator(f"{SHOWN} .verdict").get_attribute("data-success"),
            int(counts.get_attribute("data-opportunities")), int(counts.get_attribute("data-strife")))


def test_sakura_in_faces_mode_and_an_illegal_keep(app):
    """Rule file: Fire 3, Fitness 1, TN 3, distinction; d6 5,1,2 + d12 3; reroll d6 1→3 and
    d12 3→12; keep 5, 3, 12; the 12 explodes into a d12 6, kept → 3 successes, success +0,
    1 opportunity, 1 strife."""
    fill_check(app, 3, 1, 3, distinction=True)
    app.check("#l5r-faces_mode")
    app.click("#roll")
    labels = app.locator("#l5r-faces label").all_inner_texts()
    assert "dado de anillo (d6)" in labels[0] and "dado de habilidad (d12)" in labels[3]
    type_faces(app, [5, 1, 2, 3])

    stage(app, "reroll")
    assert "hasta 2 dados" in app.inner_text("#l5r-step")
    assert app.locator('[data-l5r-die="0"]').get_attribute("aria-label").endswith("5: éxito")
    app.click('[data-l5r-die="1"]')
    app.click('[data-l5r-die="3"]')
    assert app.locator('[data-l5r-die="1"]').get_attribute("aria-pressed") == "true"
    app.click("#l5r-confirm")
    labels = app.locator("#l5r-faces label").all_inner_texts()
    assert labels[0].startswith("Repetición del dado 2") and labels[1].startswith("Repetición del dado 4")
    type_faces(app, [3, 12])

    # keep: four dice with a keep limit of 3 is refused with the engine's reason, live and on confirm
    stage(app, "keep")
    for i in range(4):
        app.click(f'[data-l5r-die="{i}"]')
    error = app.locator("#l5r-error")
    assert error.is_visible() and "guarda como mucho 3 dados (anillo 3 + 0 ayudantes); has marcado 4" \
        in error.inner_text()
    app.click("#l5r-confirm")
    stage(app, "keep")
    assert "has marcado 4" in error.inner_text() and "§" not in error.inner_text()   # rule refs: CLI only
    assert serious_axe_problems(app) == []
    app.click('[data-l5r-die="2"]')                       # unmark the d6 2: now legal
    assert error.is_hidden()
    assert "2 éxitos de NO 3" in app.inner_text("#l5r-status")   # live counters of the marked dice
    app.click("#l5r-confirm")
    labels = app.locator("#l5r-faces label").all_inner_texts()
    assert labels == ["Explosión del dado 4: dado de habilidad (d12)"]
    type_faces(app, [6])

    stage(app, "explosion")
    assert "2 éxitos de NO 3" in app.inner_text("#l5r-status")
    app.click('[data-l5r-explosion="keep"]')
    app.wait_for_selector("#result .l5r-total")
    assert totals(app) == (3, 3, "true", 1, 1)
    assert app.inner_text("#result .verdict") == "Éxito"    # no "(+0 éxitos adicionales)"
    assert result_dice(app, "pool") == [["ring", 5, "plain"], ["ring", 1, "plain"], ["ring", 2, "plain"],
                                        ["skill", 3, "plain"]]
    assert result_dice(app, "kept") == [["ring", 5, "kept"], ["ring", 3, "kept"], ["ring", 2, "dropped"],
                                        ["skill", 12, "kept"]]
    assert result_dice(app, "explosions") == [["skill", 6, "kept"]]
    assert "Dados tirados fuera de Tirada" in app.inner_text("#result")
    assert serious_axe_problems(app) == []
    # typed faces: nothing to verify, so no link; a snippet saying so and a history entry
    assert app.locator("#share-note").is_visible() and app.locator("#share-link").is_hidden()
    assert "dados tirados fuera" in app.inner_text("#history-list li.elsewhere")


def test_seeded_check_step_by_step_replays_from_its_link(app, new_context):
    fill_check(app, 3, 2, 2, distinction=True)
    app.fill("#label", "Sakura salta al tejado")
    app.click("#roll")
    stage(app, "reroll")
    app.click('[data-l5r-die="0"]')
    l5r_decide(app, "#l5r-confirm")                   # numbered under the chain lock: waits for the keep
    stage(app, "keep")
    allowed = app.locator("[data-l5r-die]:not([aria-disabled])")
    for i in range(min(3, allowed.count())):
        allowed.nth(i).click()
    l5r_decide(app, "#l5r-confirm")
    resolved = 0
    while app.locator("#result .l5r-total").count() == 0:
        stage(app, "explosion")
        keep = app.locator('[data-l5r-explosion="keep"]')
        l5r_decide(app, keep if keep.get_attribute("aria-disabled") is None else
                   app.locator('[data-l5r-explosion="drop"]'))
        resolved += 1
    app.wait_for_selector("#result .l5r-total")
    seen = {step: result_dice(app, step) for step in ("pool", "kept", "explosions")}
    seen_totals = totals(app)
    assert len(seen["pool"]) == 5 and len(seen["explosions"]) == resolved
    assert sum(1 for d in seen["kept"] if d[2] == "kept") == 3
    assert app.locator('#result [data-rerolled="0"]').count() == 1
    link = app.locator("#share-link").input_value()
    assert re.match(r"http://127\.0\.0\.1:\d+/#t2[A-Za-z0-9_-]+$", link)   # format 2 (fair play)
    assert "L5R" in app.locator("#history-list li").first.inner_text()

    ctx, _ = new_context()
    other = open_app(ctx.new_page(), link)
    other.wait_for_selector("#shared .l5r-total")
    assert other.locator("#shared").is_visible()
    assert {step: result_dice(other, step) for step in ("pool", "kept", "explosions")} == seen
    assert totals(other) == seen_totals
    assert other.locator('#shared [data-rerolled="0"]').count() == 1
    assert "Sakura salta al tejado" in other.inner_text("#shared")


def test_a_double_tap_on_roll_makes_no_decision(warm_page):
    """On a phone (360x640) the board is drawn under the finger that tapped «Tirar», and its decision
    button can take the button's place: the second tap of a quick double tap chose «No repetir
    ninguno» for the player. A decision button now ignores a click that is the second of a multi-click
    (``event.detail`` 2, as the browser counts a double tap); a single tap and the keyboard decide."""
    from playwright.sync_api import expect

    page = warm_page(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    fill_check(page, 3, 2, 2, distinction=True)
    roll = page.locator("#roll").bounding_box()
    page.mouse.move(roll["x"] + roll["width"] / 2, roll["y"] + roll["height"] / 2)
    page.mouse.down()
    page.mouse.up()                                   # the first tap: the check starts
    stage(page, "reroll")
    confirm = page.locator("#l5r-confirm").bounding_box()
    page.mouse.move(confirm["x"] + confirm["width"] / 2, confirm["y"] + confirm["height"] / 2)
    page.mouse.down(click_count=2)                    # the double tap's second tap, on «No repetir ninguno»
    page.mouse.up(click_count=2)
    page.click('[data-l5r-die="0"]')                  # handled after it, in order: the board is still here
    expect(page.locator('[data-l5r-die="0"]')).to_have_attribute("aria-pressed", "true")
    assert page.locator("#result .l5r-board").get_attribute("data-stage") == "reroll"
    l5r_decide(page, "#l5r-confirm")                  # a single tap decides
    stage(page, "keep")
    allowed = page.locator("[data-l5r-die]:not([aria-disabled])")
    allowed.first.click()
    page.focus("#l5r-confirm")
    page.keyboard.press("Enter")                      # so does the keyboard (detail 0)
    page.wait_for_selector('#result .l5r-board:not([data-stage="keep"]), #result .l5r-total')
    assert "Traceback" not in page.inner_text("body")
