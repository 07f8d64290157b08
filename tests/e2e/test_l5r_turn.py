"""End to end: the L5R 5e skirmish turn box (web/l5r/ui_l5r_turn.py) — seed 002's Matsu Kaoru critical
strike and light wound, the destructive parry (Void point, Damaged weapon, a new check started after
the decision, once per scene), unmasking, and the actions Challenge, Maneuver, Guard, Wait, Prepare
item in Water stance (Spanish and English)."""

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import hold_engine, l5r_decide, release  # noqa: E402
from conftest import READY_TIMEOUT_MS  # noqa: E402
from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)

OUT = "#l5r-turn-out"
ERR = "#l5r-turn-error"


def open_boxes(page):
    page.select_option("#system", "l5r5e")
    page.click("#l5r-skirmish > summary")
    page.click("#l5r-turn > summary")


def faces_check(page, ring, skill, tn, stance, faces, keep):
    """A finished check with dice typed in (faces mode): the pool, then the kept dice."""
    page.fill("#l5r-ring", str(ring))
    page.fill("#l5r-skill", str(skill))
    page.fill("#l5r-tn", str(tn))
    page.select_option("#l5r-stance", stance)
    page.check("#l5r-faces_mode")
    page.click("#roll")
    page.wait_for_selector('#result .l5r-board[data-stage="faces"]')
    inputs = page.locator("[data-l5r-face]")
    for i, face in enumerate(faces):
        inputs.nth(i).fill(str(face))
    page.click("#l5r-faces button[type=submit]")
    page.wait_for_selector('#result .l5r-board[data-stage="keep"]')
    for i in keep:
        page.click(f'[data-l5r-die="{i}"]')
    page.click("#l5r-confirm")
    page.wait_for_selector("#result .l5r-total")


def finish_seeded_check(page):
    """Decide a seeded check to the end: keep the first die, drop every explosion die (each decision
    is numbered under the chain lock: its next stage is waited for, tests/helpers/page.py)."""
    for _ in range(30):
        if page.locator("#result .l5r-total").count():
            return
        stage = page.locator("#result .l5r-board").get_attribute("data-stage")
        if stage == "keep":
            page.click('[data-l5r-die="0"]')
            l5r_decide(page, "#l5r-confirm")
        else:
            assert stage == "explosion", stage
            l5r_decide(page, '[data-l5r-explosion="drop"]')
    raise AssertionError("the check did not finish")


def shown_buttons(page) -> list:
    """The box's buttons on screen now, in page order."""
    return page.eval_on_selector_all("#l5r-turn [data-turn]",
                                     "els => els.filter(e => e.getClientRects().length).map(e => e.dataset.turn)")


def scene(page, void_points=1, strife=0):
    page.fill("#l5r-turn-void_points", str(void_points))
    page.fill("#l5r-turn-strife", str(strife))
    page.click("#l5r-turn-scene")


def test_matsu_kaoru_light_wound_and_the_destructive_parry(app):
    """Seed: "letalidad 5 [...] dos éxitos, disminuyendo la letalidad del ataque a 3. Matsu Kaoru recibe
    una herida leve asociada a su anillo de aire, lo que hace que todas las tiradas realizadas con dicho
    anillo incrementen su NO en 1"; "una vez por escena*, podéis gastar un Punto de Vacío, para hacer
    una parada destructiva [...] volver a tirar los dados, aunque el arma adquirirá la propiedad
    "Dañada"."""
    page = app
    open_boxes(page)
    page.fill("#l5r-sk-deadliness", "5")
    faces_check(page, 2, 1, 1, "air", [5, 3, 8], [0, 2])     # Aptitud física: 2 successes vs NO 1
    scene(page, void_points=0)
    page.select_option("#l5r-turn-stance", "air")
    page.click("#l5r-turn-start")
    page.click("#l5r-turn-critical")
    expect(page.locator(OUT)).to_contain_text("Impacto crítico de letalidad 5: gravedad 3")
    page.click("#l5r-turn-parry")                              # no Void point: refused, with the reason
    expect(page.locator(ERR)).to_contain_text("gasta un punto de Vacío y no te queda ninguno")
    page.click("#l5r-turn-accept")
    expect(page.locator(OUT)).to_contain_text("Herida leve asociada al anillo de aire")
    expect(page.locator(OUT)).to_contain_text("Heridas leves: aire")
    page.select_option("#l5r-turn-action", "maneuver")
    expect(page.locator("#l5r-turn-hint")).to_have_text("Tirada: Aptitud física, NO 3, anillo de aire.")

    # a new scene with a Void point: the parry spends it, the katana becomes Dañada, a new check starts
    faces_check(page, 2, 1, 1, "air", [1, 3, 1], [1])         # a failed critical check
    scene(page, void_points=1)
    page.select_option("#l5r-turn-stance", "air")
    page.click("#l5r-turn-start")
    page.click("#l5r-turn-critical")
    expect(page.locator(OUT)).to_contain_text("gravedad 5")
    page.uncheck("#l5r-faces_mode")
    page.fill("#faces", "")
    page.click("#l5r-turn-parry")
    expect(page.locator("#result .l5r-board")).to_be_visible()            # the reroll: fresh dice, now
    expect(page.locator("#roll")).to_be_enabled()                         # numbered: the roll button is back
    expect(page.locator("#l5r-tn")).to_have_value("1")
    expect(page.locator(OUT)).to_contain_text("Vacío 0/2")
    expect(page.locator(OUT)).to_contain_text("katana (preparada, Dañada)")
    page.click("#l5r-turn-critical")           # the first check cannot stand in for the reroll
    expect(page.locator(ERR)).to_contain_text("Termina antes la nueva tirada de la parada destructiva")
    finish_seeded_check(page)                  # the reroll, decided like any check
    expect(page.locator("#result .l5r-total")).to_have_attribute("data-tn", "1")
    page.click("#l5r-turn-critical")
    expect(page.locator(OUT)).to_contain_text("Impacto crítico de letalidad 5: gravedad")
    page.click("#l5r-turn-parry")
    expect(page.locator(ERR)).to_contain_text("solo se puede hacer una vez por escena")


def test_water_stance_actions_challenge_guard_wait_prepare_maneuver_and_unmasking_in_english(app):
    """Seed: Water "permite [...] realizar una acción adicional para la que no haga falta tiradas";
    Desafiar "Mando, contra un NO de 1"; Esperar "una acción que no sea de movimiento"; Maniobrar
    "Mueve un intervalo de alcance"; Quitarse la máscara "descarta todos los puntos de conflicto"."""
    page = app
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'en'")
    open_boxes(page)
    faces_check(page, 2, 0, 1, "water", [5, 1], [0])          # Command: 1 success vs TN 1
    scene(page, strife=20)                                      # Composure (2+2)×2 = 8: Compromised
    expect(page.locator(OUT)).to_contain_text("Compromised")
    page.click("#l5r-turn-unmask")
    expect(page.locator(OUT)).to_contain_text("You unmask: 20 strife discarded.")
    expect(page.locator("#l5r-turn-unmask")).to_be_hidden()      # once per scene: no longer offered

    page.select_option("#l5r-turn-stance", "water")
    page.click("#l5r-turn-start")
    expect(page.locator(OUT)).to_contain_text("Water stance: one extra action that needs no check.")
    page.select_option("#l5r-turn-action", "prepare")
    page.select_option("#l5r-turn-grip", "2")
    page.click("#l5r-turn-act")
    expect(page.locator(OUT)).to_contain_text("katana: readied, Two hands.")
    page.select_option("#l5r-turn-action", "challenge")
    page.fill("#l5r-turn-range", "6")
    page.click("#l5r-turn-act")
    expect(page.locator(ERR)).to_contain_text("challenge reaches range 0 - 5 (got 6)")
    page.fill("#l5r-turn-range", "3")
    page.click("#l5r-turn-act")
    expect(page.locator(OUT)).to_contain_text("Challenge issued (10 Honor and 5 Glory at stake)")
    page.check("#l5r-turn-accepted")
    page.check("#l5r-turn-won")
    page.click("#l5r-turn-outcome")
    expect(page.locator(OUT)).to_contain_text("each of the target's allies suffers 3 strife")

    page.click("#l5r-turn-start")                               # next turn
    page.select_option("#l5r-turn-action", "wait")
    page.select_option("#l5r-turn-declared", "maneuver")
    page.click("#l5r-turn-act")
    expect(page.locator(ERR)).to_contain_text("Wait declares an action that is not movement")
    page.select_option("#l5r-turn-declared", "guard")
    page.click("#l5r-turn-act")
    expect(page.locator(OUT)).to_contain_text("Waiting to take: Guard")
    page.click("#l5r-turn-wait_yes")
    page.select_option("#l5r-turn-action", "maneuver")
    page.click("#l5r-turn-act")
    expect(page.locator(ERR)).to_contain_text("you may only take the action you declared")
    page.select_option("#l5r-turn-action", "guard")
    page.click("#l5r-turn-act")                                 # the Command check served the Challenge
    expect(page.locator(ERR)).to_contain_text("That check already served another move: make a new check")
    faces_check(page, 2, 0, 1, "water", [5, 1], [0])          # Strategy: 1 success vs TN 1
    page.click("#l5r-turn-act")
    expect(page.locator(OUT)).to_contain_text("You guard yourself: +1 TN on attacks against them")

    page.click("#l5r-turn-start")
    page.select_option("#l5r-turn-action", "maneuver")
    page.click("#l5r-turn-act")
    expect(page.locator(OUT)).to_contain_text("You move 1 range band.")


def test_damage_matsu_kaoru_shuriken_then_incapacitated_falls_unconscious(app):
    """Seed, DAÑO: "Los shuriken hacen daño 2 [...] sólo puede reducir el daño en 1 punto [...] la bushi
    se defiende del ataque, recibiendo un punto de Fatiga"; Incapacitado: "ni podrá defenderse contra el
    daño. Además, si sufre un impacto crítico, adquirirá el estado Inconsciente"."""
    page = app
    open_boxes(page)
    page.fill("#l5r-turn-fatigue", "8")                          # Aguante (2 + 2) × 2 = 8
    scene(page)
    page.fill("#l5r-turn-damage", "2")
    page.fill("#l5r-turn-resistance", "1")
    page.fill("#l5r-turn-deadliness", "3")
    page.click("#l5r-turn-damage_btn")
    expect(page.locator(OUT)).to_contain_text("Daño 2, reducción 1: se defiende y recibe 1 de Fatiga. "
                                              "La Fatiga supera el Aguante: queda Incapacitado.")
    page.click("#l5r-turn-damage_btn")
    expect(page.locator(OUT)).to_contain_text("impacto crítico de gravedad 3 (la letalidad); queda Inconsciente")
    expect(page.locator(OUT)).to_contain_text("Incapacitado · Inconsciente")
    # Unconscious with a critical strike pending: only accepting it (or a new scene) is offered
    assert shown_buttons(page) == ["scene", "accept"]
    expect(page.locator("#l5r-turn-action")).to_be_hidden()


def test_typed_numbers_must_be_whole(app):
    """The turn box reads its numbers like the rest of the page (tirada.fields.typed_int): what a
    number field lets through but is not a whole number in plain digits ("1e3", "2.5") is refused
    with what was typed; then a whole number works."""
    page = app
    open_boxes(page)
    for typed in ("1e3", "2.5"):
        page.fill("#l5r-turn-strife", typed)
        page.click("#l5r-turn-scene")
        expect(page.locator(ERR)).to_contain_text(typed)
    scene(page, void_points=1, strife=0)
    expect(page.locator(ERR)).to_be_hidden()


def test_steps_in_order_refusals_name_what_is_missing_and_the_checks_strife_is_suffered(app):
    """Issue #29: "No permitido: Es obligatorio" said nothing of what was missing, and a strike that
    kept 2 strife left "Conflicto 0/8"; the box offered every button at once."""
    page = app
    open_boxes(page)
    assert shown_buttons(page) == ["scene"]                       # step 1 only, until the scene starts
    scene(page)
    assert shown_buttons(page) == ["scene", "stance", "damage", "critical", "end_scene"]
    page.select_option("#l5r-turn-stance", "fire")
    page.click("#l5r-turn-start")
    assert shown_buttons(page) == ["scene", "stance", "act", "fill", "damage", "critical", "end_scene"]
    headings = page.locator("#l5r-turn .l5r-step:not([hidden]) > h3").all_inner_texts()
    assert [h.split(".")[0] for h in headings] == ["1", "2", "3", "5", "6"]
    page.select_option("#l5r-turn-action", "strike")
    page.click("#l5r-turn-act")                                   # no check made yet: which one is named
    expect(page.locator(ERR)).to_have_text("No permitido: haz antes la tirada de L5R que pide esta acción. "
                                           "Tirada: Artes Marciales, NO 2, anillo de fuego.")
    expect(page.locator(ERR)).to_be_in_viewport()
    page.select_option("#l5r-turn-action", "prepare")
    page.fill("#l5r-turn-weapon", "")
    page.click("#l5r-turn-act")                                   # nothing to prepare: the field is named
    expect(page.locator(ERR)).to_have_text(re.compile(r"^No permitido: Objeto[^:]*: es obligatorio$"))
    page.fill("#l5r-turn-weapon", "katana")
    faces_check(page, 2, 0, 2, "fire", [4, 4], [0, 1])          # two success+strife dice: 2 strife kept
    page.select_option("#l5r-turn-action", "strike")
    page.click("#l5r-turn-act")
    expect(page.locator(ERR)).to_be_hidden()
    expect(page.locator(OUT)).to_contain_text("La tirada te da 2 puntos de conflicto.")
    expect(page.locator(OUT)).to_contain_text("Conflicto 2/8")
    expect(page.locator(OUT)).to_be_in_viewport()
    assert "act" not in shown_buttons(page)                       # the turn's action is spent
    # the same finished check cannot serve a second move: its strife would count twice (issue #29)
    page.click("#l5r-turn-start")                                 # the next turn, still in fire
    page.select_option("#l5r-turn-action", "strike")
    page.click("#l5r-turn-act")
    expect(page.locator(ERR)).to_have_text("No permitido: Esa tirada ya sirvió a otro movimiento: haz una tirada nueva")
    expect(page.locator(OUT)).to_contain_text("Conflicto 2/8")
    faces_check(page, 2, 0, 2, "fire", [4, 4], [0, 1])          # a new check serves
    page.click("#l5r-turn-act")
    expect(page.locator(ERR)).to_be_hidden()
    expect(page.locator(OUT)).to_contain_text("Conflicto 4/8")


def test_the_box_opened_before_the_engine_shows_its_first_screen_and_answers_once_the_engine_is_up(new_context,
                                                                                                  base_url):
    """Break-it finding (issue #41): opened while the engine was loading, the box showed all its buttons and
    steps, and a press did nothing. Now the page ships the first screen (step 1, «Empezar la escena»
    disabled, «Empieza antes la escena.»), and the box's module (loaded once the page is ready, or when the
    box is opened) enables it."""
    ctx, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    page.select_option("#system", "l5r5e")
    page.click("#l5r-turn > summary")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert shown_buttons(page) == ["scene"]
    expect(page.locator("#l5r-turn-scene")).to_be_disabled()
    expect(page.locator(OUT)).to_have_text(STRINGS["l5r.turn.no_scene"]["es"])
    assert page.locator("#l5r-turn .l5r-step:not([hidden])").evaluate_all("els => els.map(e => e.dataset.step)") == ["1"]
    release(page, held)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#l5r-turn-scene")).to_be_enabled()
    scene(page)
    expect(page.locator(OUT)).not_to_have_text(STRINGS["l5r.turn.no_scene"]["es"])
    assert "stance" in shown_buttons(page)
