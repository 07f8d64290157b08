"""End to end: a damaged chain book (``tirada.chains.v1``) or campaign-secret map
(``tirada.sealkeys.v1``) is kept and reported, never replaced (issue #39): the page starts, says so,
copies the damaged text aside and leaves it where it is, refuses to number a roll or make a new secret
until the player decides in «Mis datos», where what can be recovered is named; going on with it
keeps the recovered chain's numbers (no restart at nº 1) and the recovered campaign secret."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import open_app

pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs
from playwright.sync_api import expect  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
WHO = "Tirada oculta de Máster (máster), nº 1"
sys.path.insert(0, str(ROOT / "tests"))
from helpers.page import roll_named, secret_roll  # noqa: E402

from tirada.links.chain import verify  # noqa: E402

#: cut the stored value of key ``k`` just after ``marker``'s first letters (the value no longer parses)
CUT = """([k, marker]) => { const s = localStorage.getItem(k);
  const cut = s.slice(0, s.indexOf(marker) + marker.length);
  localStorage.setItem(k, cut); return cut; }"""


def _seq(link: str) -> int:
    return verify(link.split("#", 1)[1])["seq"]


def test_a_damaged_chain_book_is_kept_and_numbering_waits_for_the_players_choice(warm_page, base_url):
    page = warm_page(**PHONE)
    page.select_option("#system", "sifrp")
    assert [_seq(roll_named(page, "Corvo", "Arenas", f"t{i}")) for i in range(2)] == [1, 2]
    roll_named(page, "Lía", "Arenas", "t")
    damaged = page.evaluate(CUT, ["tirada.chains.v1", '"Lía\\nAre'])

    page = open_app(page, base_url)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("no se numera ninguna tirada")
    page.select_option("#system", "sifrp")
    before = page.locator("#share-link").input_value()
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", "Corvo")
    page.fill("#campaign", "Arenas")
    page.click("#roll")
    expect(page.locator("#result .error")).to_contain_text("Tus cadenas guardadas están dañadas")
    assert page.locator("#share-link").input_value() == before            # no number taken
    assert page.evaluate("localStorage.getItem('tirada.chains.v1')") == damaged          # never replaced
    assert page.evaluate("localStorage.getItem('tirada.corrupt.tirada.chains.v1')") == damaged   # kept aside

    notice.locator("[data-go=data]").click()
    held = page.locator("#data-held")
    expect(held).to_be_visible()
    expect(held).to_contain_text("Se puede recuperar 1 de 1 cadena: Corvo en «Arenas» (nº 2)")
    held.locator("button.keep-recovered").click()
    expect(page.locator("#held-status")).to_be_focused()
    expect(page.locator("#held-status")).to_contain_text("se sigue con lo recuperado")
    page.click("#tab-roll")
    assert _seq(roll_named(page, "Corvo", "Arenas", "t3")) == 3            # no restart at nº 1
    assert page.evaluate("localStorage.getItem('tirada.corrupt.tirada.chains.v1')") == damaged


def test_a_damaged_secret_map_is_kept_its_readable_secret_used_and_no_new_one_made(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1366, "height": 800})
    gm = open_app(ctx.new_page(), base_url)
    link = secret_roll(gm, WHO)
    key = gm.evaluate("JSON.parse(localStorage.getItem('tirada.sealkeys.v1')).Arenas")
    gm.evaluate("k => localStorage.setItem('tirada.sealkeys.v1', JSON.stringify({Arenas: k, Norte: 'x'}).slice(0, -6))", key)
    damaged = gm.evaluate("localStorage.getItem('tirada.sealkeys.v1')")

    gm.goto("about:blank")
    gm = open_app(gm, link)                                   # the secret roll still opens: its secret was read back
    expect(gm.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    expect(gm.locator("#notice")).to_contain_text("ni se crea ningún secreto nuevo")
    gm.goto("about:blank")
    gm = open_app(gm, base_url)
    gm.select_option("#system", "sifrp")
    gm.fill("#label", "Otra")
    if not gm.locator("#campaign").is_visible():
        gm.click("#who summary")
    gm.fill("#campaign", "Norte")
    gm.fill("#roller", "Máster")
    gm.locator("#gm-secret summary").click()
    gm.click("#gm-secret-roll")
    expect(gm.locator("#gm-secret-status")).to_contain_text("secretos de campaña guardados están dañados")
    assert gm.evaluate("localStorage.getItem('tirada.sealkeys.v1')") == damaged
    assert gm.evaluate("localStorage.getItem('tirada.corrupt.tirada.sealkeys.v1')") == damaged

    gm.locator("#notice [data-go=data]").click()
    held = gm.locator("#data-held")
    expect(held).to_contain_text("Se puede recuperar 1 de 1: «Arenas»")
    assert key not in held.inner_text()                      # a secret is never shown
    held.locator("button.keep-recovered").click()
    expect(gm.locator("#held-status")).to_contain_text("se sigue con lo recuperado")
    assert gm.evaluate("JSON.parse(localStorage.getItem('tirada.sealkeys.v1')).Arenas") == key
    gm.click("#tab-roll")
    gm.click("#gm-secret-roll")
    expect(gm.locator("#sealed-status")).to_contain_text("Hecha y sellada")


def test_a_secret_roll_travels_with_export_all_and_is_revealed_on_a_second_browser(new_context, base_url, tmp_path):
    """Issue #39: «Exportar todo» carries the campaign secret and what the secret roll rolled; a second
    browser imports the file, opens the GM's secret link as the GM (result shown) and reveals it; the
    reveal checks against the sealed link."""
    from tirada.links import sealed

    first_ctx, _ = new_context(viewport={"width": 1366, "height": 800})
    first = open_app(first_ctx.new_page(), base_url)
    link = secret_roll(first, WHO)
    headline = first.locator("#sealed-headline").inner_text()
    first.click("#tab-data")
    with first.expect_download() as info:
        first.click("#export-all")
    path = tmp_path / "tirada.json"
    info.value.save_as(path)

    second_ctx, _ = new_context(**PHONE)
    second = open_app(second_ctx.new_page(), base_url)
    second.click("#tab-data")
    second.set_input_files("#import-file", str(path))
    expect(second.locator("#import-preview")).to_be_visible()
    expect(second.locator("#import-plan")).to_contain_text("1 tirada oculta del máster")
    second.click("#import-confirm")
    expect(second.locator("#backup-status")).to_contain_text("Importado")
    second.goto("about:blank")
    second = open_app(second, link)
    expect(second.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    expect(second.locator("#sealed-headline")).to_have_text(headline)
    second.click("#sealed-reveal")
    expect(second.locator("#sealed-status")).to_contain_text("Enlace de revelación listo")
    reveal = second.locator("#sealed-link").input_value().split("#", 1)[1]
    assert sealed.verify_reveal(link.split("#", 1)[1], reveal).result is not None
