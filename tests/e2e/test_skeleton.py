"""End to end: load, roll SIFRP, share the link into a fresh context, reload keeps history."""

import re

from conftest import open_app


def fill_sifrp(page, d, b=0, p=0, mod=0, difficulty="9"):
    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", str(d))
    page.fill("#sifrp-bonus_dice", str(b))
    page.fill("#sifrp-penalty_dice", str(p))
    page.fill("#sifrp-modifier", str(mod))
    page.select_option("#sifrp-difficulty", difficulty)


def shown_dice(page):
    faces = [int(x) for x in page.locator("#result .die .face").all_inner_texts()]
    kept = page.locator("#result .die.kept .face").all_inner_texts()
    return faces, [int(x) for x in kept]


def test_form_is_in_spanish_and_page_becomes_ready(app):
    assert app.locator("html").get_attribute("lang") == "es"
    assert app.locator("label[for=sifrp-test_dice]").inner_text().startswith("Dados de prueba")
    assert app.locator("#roll").is_enabled()
    assert app.locator("#loading").is_hidden()


def test_roll_sifrp_share_and_reload(app, new_context, base_url):
    fill_sifrp(app, 4, b=2, p=1, difficulty="12")
    app.fill("#label", "Sharla trepa la muralla")
    app.click("#roll")
    app.wait_for_selector("#result .total")
    faces, kept = shown_dice(app)
    assert len(faces) == 6 and len(kept) == 3
    assert sorted(kept, reverse=True) == sorted(faces, reverse=True)[:3]
    total = int(app.locator("#result .total").get_attribute("data-total"))
    assert total == sum(kept)
    verdict = app.locator("#result .verdict").inner_text()
    assert ("Éxito" in verdict) == (total >= 12) and "Complicada (12)" in verdict
    assert "Sharla trepa la muralla" in app.locator("#result").inner_text()
    link = app.locator("#share-link").input_value()
    assert re.match(r"http://127\.0\.0\.1:\d+/#t1[A-Za-z0-9_-]+$", link)

    # the same link in a fresh browser context: identical dice, marked as shared
    ctx, _ = new_context()
    other = open_app(ctx.new_page(), link)
    other.wait_for_selector("#result .total")
    assert shown_dice(other) == (faces, kept)
    assert other.locator("#shared").is_visible()
    assert "Sharla trepa la muralla" in other.locator("#result").inner_text()

    # reload: the roll is still in the history, and opening it shows the same dice
    app.reload()
    app.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    item = app.locator("#history-list li").first
    assert "Sharla trepa la muralla" in item.inner_text()
    item.locator("a").click()
    app.wait_for_selector("#result .total")
    assert shown_dice(app) == (faces, kept)


def test_generic_roll_keep_lowest(app):
    app.select_option("#system", "generic")
    app.fill("#generic-dice", "4")
    app.fill("#generic-sides", "20")
    app.fill("#generic-keep", "2")
    app.check("#generic-keep_lowest")
    app.click("#roll")
    app.wait_for_selector("#result .total")
    faces, kept = shown_dice(app)
    assert len(faces) == 4 and sorted(kept) == sorted(faces)[:2]


def test_faces_mode_interprets_given_dice(app):
    fill_sifrp(app, 3, b=2)
    app.fill("#faces", "6, 6, 5, 2, 1")
    app.click("#roll")
    app.wait_for_selector("#result .total")
    assert app.locator("#result .total").get_attribute("data-total") == "17"
    assert app.locator("#share").is_hidden()


def test_invalid_input_shows_clear_error_not_traceback(app):
    fill_sifrp(app, 2, b=21)
    app.click("#roll")
    box = app.locator("#result .error")
    box.wait_for()
    text = box.inner_text()
    assert "Dados de bonificación" in text and "Traceback" not in text
    app.fill("#sifrp-test_dice", "")
    app.click("#roll")
    assert "número entero" in app.locator("#result .error").inner_text()


def test_tampered_link_is_refused_clearly(new_context, base_url):
    ctx, _ = new_context()
    page = ctx.new_page()
    open_app(page, base_url)
    page.select_option("#system", "sifrp")
    page.click("#roll")
    page.wait_for_selector("#result .total")
    link = page.locator("#share-link").input_value()
    head, frag = link.split("#")
    i = len(frag) // 2
    bad = frag[:i] + ("A" if frag[i] != "A" else "B") + frag[i + 1:]
    page2 = ctx.new_page()
    open_app(page2, f"{head}#{bad}")
    err = page2.locator("#result .error")
    err.wait_for()
    assert "Traceback" not in err.inner_text()
    assert page2.locator("#result h2").inner_text() == "Este enlace no es válido"


def test_bonus_dice_above_test_dice_are_capped_and_said(app):
    """sifrp.md §The test 1 [decision] (issue #15): 2D + 3B rolls 4 dice (2 + 2) and says why."""
    fill_sifrp(app, 2, b=3)
    app.click("#roll")
    app.locator("#result .total").wait_for()
    faces, kept = shown_dice(app)
    assert len(faces) == 4 and len(kept) == 2
    assert "Se tiran 2 dados de bonificación de los 3 pedidos" in app.inner_text("#result .bonus-capped")
