"""End to end: the SIFRP rules of seed 004 beyond the basic test, played in the roll form.

Teamwork and extra time ("Modificadores"), a conflict against a passive value and a competition
("Tipos de tiradas"): each with given dice (exact values from the seed's rules), refusals worded
next to their field, and a seeded competition whose link is recomputed in a fresh context.
"""

import re

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs


def sifrp(page, d, difficulty="9"):
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", str(d))
    page.select_option("#sifrp-difficulty", difficulty)


def test_teamwork_and_extra_time_with_the_director_allowing_a_third_helper(app):
    """«Los aliados conceden un modificador [...] igual a la mitad de su rango [...] (redondeando
    hacía abajo y con un mínimo de 1)»; «1 dado de habilidad adicional» per unit of time, «No se
    pueden recibir más del doble»; «Normalmente no se puede recibir ayuda de más de dos personas a la
    vez, aunque [...] el Director puede permitir ayuda adicional.»"""
    sifrp(app, 2)
    app.click("#sifrp-helpers > summary")
    app.fill("#sifrp-helpers-ranks", "5, 1")
    app.fill("#sifrp-extra_time", "5")           # 2D doubled at most: 4 dice
    app.fill("#faces", "1, 2, 3, 4")
    app.click("#roll")
    expect(app.locator("#result .total")).to_have_attribute("data-total", "13")   # 4+3+2+1 + 2 + 1
    assert "trabajo en equipo +3" in app.inner_text("#result .total")
    assert app.locator("#result .die").count() == 4
    # a third helper: refused next to the field, in Spanish, until the Director allows it
    app.fill("#sifrp-helpers-ranks", "2, 2, 2")
    app.fill("#faces", "1, 1, 1, 1")
    app.click("#roll")
    error = app.locator("#sifrp-helpers-ranks-error")
    expect(error).to_contain_text("como mucho 2 ayudantes, salvo que el Director permita ayuda adicional")
    expect(app.locator("#sifrp-helpers-ranks")).to_have_attribute("aria-invalid", "true")
    app.check("#sifrp-allow_more_helpers")
    app.click("#roll")
    expect(app.locator("#result .total")).to_have_attribute("data-total", "7")    # 1+1+1+1 + 3
    # a rank that is not a number is the engine's coded refusal, worded
    app.fill("#sifrp-helpers-ranks", "4, x")
    app.click("#roll")
    expect(app.locator("#sifrp-helpers-ranks-error")).to_be_visible()
    assert "Traceback" not in app.inner_text("body")


def test_conflict_against_the_guards_passive_perception(app):
    """«Si el guardia tiene Percepción 3, el valor pasivo y por lo tanto la dificultad de la acción
    sera 3x4=12.» Discreción 3D: 4+4+3 = 11 against 12 → fallo insignificante."""
    sifrp(app, 3)
    app.click("#sifrp-conflict > summary")
    assert "cuatro veces el rango" in app.inner_text("#sifrp-conflict-help")
    # «la dificultad de la tirada es la defensa del adversario»: a defence of 14 under "Otra (número)"
    app.select_option("#sifrp-difficulty", "custom")
    app.fill("#sifrp-difficulty-custom", "14")
    app.fill("#faces", "6, 5, 3")
    app.click("#roll")
    expect(app.locator("#result .verdict")).to_contain_text("Éxito insignificante")
    assert app.inner_text("#result .verdict").endswith("contra 14")
    app.fill("#sifrp-passive_rank", "3")
    app.fill("#faces", "4, 4, 3")
    app.click("#roll")
    expect(app.locator("#result .passive")).to_have_text("Dificultad = valor pasivo: rango 3 × 4 = 12")
    expect(app.locator("#result .verdict")).to_contain_text("Fallo insignificante")
    assert "Complicada (12)" in app.inner_text("#result .verdict")
    # combat: «cuanto mayor sea el grado de éxito, más daño inflige el ataque» — 6+6+6 = 18 vs 12:
    # margin 6, 2 degrees; weapon base damage 4 → 8
    app.fill("#sifrp-weapon_damage", "4")
    app.fill("#faces", "6, 6, 6")
    app.click("#roll")
    expect(app.locator("#result .damage")).to_have_attribute("data-damage", "8")
    assert app.inner_text("#result .damage") == "Daño: 8 (daño base del arma × 2 grados de éxito)"
    app.fill("#sifrp-passive_rank", "0")
    app.click("#roll")
    expect(app.locator("#sifrp-passive_rank-error")).to_be_visible()


def test_a_failed_test_can_be_tried_again(app):
    """«Fallar una tirada de habilidad significa que la acción no ha tenido éxito, pero normalmente eso
    no quiere decir que no se pueda volver a intentar.» 1D against Heroica (21) always fails; the
    form keeps its values and rolls again with a new seed (a new link, one more entry in history)."""
    sifrp(app, 1, "21")
    app.click("#roll")
    expect(app.locator("#result .verdict")).to_contain_text("Fallo crítico")
    app.wait_for_function("/#t[12]/.test(document.getElementById('share-link').value)")
    first = app.locator("#share-link").input_value()
    before = app.locator("#history-list li").count()
    app.click("#roll")
    expect(app.locator("#history-list li")).to_have_count(before + 1)
    app.wait_for_function(f"document.getElementById('share-link').value && "
                          f"document.getElementById('share-link').value !== {first!r}")
    expect(app.locator("#result .verdict")).to_contain_text("Fallo crítico")


def test_competition_rolled_shared_recomputed_and_rolled_again(app, new_context):
    """«Ambos personajes hacen sus respectivas tiradas contra la misma dificultad; gana el personaje
    que consiga superar la dificultad con mayor grado de éxito.» Ana 3D: 6+6+6 = 18 (2 degrees);
    Bruno 2D+1B: 6, 5, 1 → 11 (1 degree): Ana wins."""
    sifrp(app, 3)
    app.click("#sifrp-competition > summary")
    app.fill("#sifrp-name", "Ana")
    app.fill("#sifrp-rival0-name", "Bruno")
    app.fill("#sifrp-rival0-test_dice", "2")
    app.fill("#sifrp-rival0-bonus_dice", "1")
    app.fill("#faces", "6, 6, 6, 6, 5, 1")
    app.click("#roll")
    expect(app.locator("#result .competition-winner")).to_have_attribute("data-winners", "Ana")
    assert app.inner_text("#result .competition-winner") == "Gana Ana"
    bruno = app.locator('#result [data-competitor="Bruno"]')
    expect(bruno.locator(".total")).to_have_attribute("data-total", "11")
    assert "Éxito insignificante" in bruno.inner_text()
    # bad input: a rival without test dice, then two characters with one name — worded, next to the field
    app.fill("#sifrp-rival1-name", "Cleo")
    app.click("#roll")
    expect(app.locator("#sifrp-rival1-test_dice-error")).to_be_visible()
    app.fill("#sifrp-rival1-name", "")
    app.fill("#sifrp-rival0-name", "Ana")
    app.click("#roll")
    expect(app.locator("#sifrp-rival0-name-error")).to_contain_text("dos participantes se llaman «Ana»")
    # rolled with a seed: the link holds only the request; a fresh context rolls it again
    app.fill("#sifrp-rival0-name", "Bruno")
    app.fill("#faces", "")
    app.click("#roll")
    app.wait_for_function("/#t[12]/.test(document.getElementById('share-link').value)")
    winners = app.locator("#result .competition-winner").get_attribute("data-winners")
    totals = app.locator("#result .competitor .total").evaluate_all("els => els.map(e => e.dataset.total)")
    link = app.locator("#share-link").input_value()
    ctx, _ = new_context(viewport={"width": 360, "height": 640})
    other = open_app(ctx.new_page(), link)
    shared = other.locator("#shared")
    expect(shared.locator(".competition-winner")).to_have_attribute("data-winners", winners)
    assert shared.locator(".competitor .total").evaluate_all("els => els.map(e => e.dataset.total)") == totals
    # "Tirar de nuevo": the form gets the whole competition back (nothing lost), with a fresh seed
    other.click("#roll-again")
    expect(other.locator("#sifrp-rival0-name")).to_have_value("Bruno")
    expect(other.locator("#sifrp-rival0-bonus_dice")).to_have_value("1")
    expect(other.locator("#sifrp-name")).to_have_value("Ana")
    assert other.locator("#sifrp-competition").evaluate("d => d.open")


def test_the_new_parts_speak_english(app):
    app.click("#lang")
    expect(app.locator("html")).to_have_attribute("lang", "en")
    sifrp(app, 2)
    assert app.inner_text("#sifrp-competition > summary") == "Competition: several characters against the same Difficulty"
    app.click("#sifrp-competition > summary")
    app.fill("#sifrp-name", "Ana")
    app.fill("#sifrp-rival0-name", "Bruno")
    app.fill("#sifrp-rival0-test_dice", "2")
    app.fill("#faces", "5, 5, 6, 6")           # 10 and 12: one degree each, a tie
    app.click("#roll")
    expect(app.locator("#result .competition-winner")).to_have_text("Tie between Ana, Bruno")
    assert re.search(r"Marginal success", app.inner_text("#result"))
