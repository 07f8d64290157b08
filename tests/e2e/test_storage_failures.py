"""End to end: storage failures never lose data (issue #7).

* corrupt or unknown-version data: the page loads, says what was wrong, keeps the raw value aside
  (exportable) and never writes over it;
* full storage: the roll is still shown, the user is told, sheets already saved stay, trimming the
  history makes room;
* two tabs writing alternately: every write survives;
* storage refused (private mode): the page works for the session and says so; export still works.
"""

import json
import sys
from pathlib import Path

from conftest import open_app
from test_data import characters, create, save, stored

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import FILL  # noqa: E402

FUTURE = json.dumps({"schema": 99, "characters": [{"id": "x", "hologram": True}]})
BROKEN = '[{"fragment": "t1AAA", "summary": '


def roll_sifrp(page):
    page.click("#tab-roll")
    page.select_option("#system", "sifrp")
    page.click("#roll")
    page.wait_for_selector("#result .total")


def test_corrupt_and_unknown_version_data_is_kept_aside(warm_page, base_url, tmp_path):
    from playwright.sync_api import expect

    page = warm_page(viewport={"width": 1280, "height": 900})
    page.evaluate("([a, b]) => { localStorage.setItem('tirada.characters.v1', a); "
                  "localStorage.setItem('tirada.history.v1', b); }", [FUTURE, BROKEN])
    page = open_app(page, base_url)                      # reload: the page still starts
    # the sheets' view reads its store after the page is ready (the views not needed yet are imported one
    # a task): wait until both damaged stores are set aside and the notice says so
    page.wait_for_function("localStorage.getItem('tirada.corrupt.tirada.characters.v1') !== null"
                           " && localStorage.getItem('tirada.corrupt.tirada.history.v1') !== null")
    expect(page.locator("#notice")).to_contain_text("dañados")
    assert stored(page, "tirada.corrupt.tirada.characters.v1") == json.loads(FUTURE)
    assert page.evaluate("localStorage.getItem('tirada.corrupt.tirada.history.v1')") == BROKEN
    page.click("#notice [data-go=data]")
    assert page.locator("#data-aside").is_visible()
    reasons = page.inner_text("#data-aside-list")
    assert "versión más nueva de Tirada (esquema 99)" in reasons and "no es JSON válido" in reasons

    # the raw data can be downloaded exactly as it was
    with page.expect_download() as info:
        page.click("#export-aside")
    dump = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert dump["items"]["tirada.corrupt.tirada.characters.v1"] == FUTURE
    assert dump["items"]["tirada.corrupt.tirada.history.v1"] == BROKEN

    # new data goes on; the damaged copy is never written over, not even by a second damage
    create(page, "sifrp", "Nueva")
    assert list(characters(page)) == ["Nueva"]
    page.evaluate("localStorage.setItem('tirada.characters.v1', '{oops')")
    page = open_app(page, base_url)
    # the sheets' view reads its store after the page is ready (the views not needed yet are imported
    # one a task): wait until it has set the new damage aside, then check both copies
    page.wait_for_function("localStorage.getItem('tirada.corrupt.tirada.characters.v1.2') !== null")
    assert page.evaluate("localStorage.getItem('tirada.corrupt.tirada.characters.v1')") == FUTURE
    assert page.evaluate("localStorage.getItem('tirada.corrupt.tirada.characters.v1.2')") == "{oops"




def test_full_storage_keeps_the_roll_and_the_sheets(app):
    create(app, "sifrp", "Sharla", "Desembarco")
    app.fill("#cs-rank-will", "5")
    assert save(app) == "Ficha guardada."
    for _ in range(3):
        roll_sifrp(app)
    saved = characters(app)
    assert app.evaluate(FILL) > 0

    roll_sifrp(app)                                   # the roll is still shown…
    assert app.locator("#result .total").is_visible()
    assert "lleno" in app.inner_text("#notice")      # …the user is told…
    assert len(stored(app, "tirada.history.v1")) == 3
    app.click("#notice [data-go=data]")
    assert "lleno" in app.inner_text("#data-alert")
    with app.expect_download() as info:                # …and can export everything
        app.click("#export-all")
    doc = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert [c["name"] for c in doc["data"]["characters"]] == ["Sharla"] and len(doc["data"]["history"]) == 3

    # editing a sheet that cannot be saved says so and keeps the typed value
    app.click("#char-list [aria-label='Abrir ficha: Sharla']")
    app.fill("#cs-notes", "x" * 3000)
    assert save(app).startswith("No se pudo guardar")
    assert app.input_value("#cs-notes") == "x" * 3000
    assert characters(app) == saved                  # nothing lost

    # trimming the history makes room; the notice goes away
    app.fill("#trim-keep", "1")
    app.click("#trim-history")
    assert app.inner_text("#trim-status") == "Historial recortado a 1 tiradas."
    assert len(stored(app, "tirada.history.v1")) == 1
    assert app.locator("#notice").is_hidden() and app.locator("#data-alert").is_hidden()
    roll_sifrp(app)
    assert len(stored(app, "tirada.history.v1")) == 2
    assert characters(app) == saved


def test_two_tabs_writing_alternately_both_survive(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    one = open_app(ctx.new_page(), base_url)
    two = open_app(ctx.new_page(), base_url)
    create(one, "sifrp", "Uno", "Mesa")
    create(two, "l5r5e", "Dos", "Mesa")
    create(one, "brs", "Tres", "Arena")
    two.fill("#cs-strife", "4")                      # tab two still edits "Dos", saved after "Tres"
    assert save(two) == "Ficha guardada."
    roll_sifrp(one)
    roll_sifrp(two)
    roll_sifrp(one)
    assert sorted(characters(one)) == ["Dos", "Tres", "Uno"]
    assert characters(one)["Dos"]["sheet"]["strife"] == 4
    assert len(stored(two, "tirada.history.v1")) == 3
    # each tab's views follow the other's writes (the storage event)
    for page in (one, two):
        page.click("#tab-data")
        page.wait_for_function("document.querySelectorAll('#char-list .char').length === 3")
    two.click("#tab-roll")
    two.wait_for_function("document.querySelectorAll('#history-list li').length === 3")


BLOCK = """Object.defineProperty(window, 'localStorage', {configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});"""


def test_unavailable_storage_works_for_the_session(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(BLOCK)
    page = open_app(ctx.new_page(), base_url)
    assert "no permite guardar" in page.inner_text("#notice")
    roll_sifrp(page)
    assert page.locator("#history-list li").count() == 1
    create(page, "sifrp", "Efímera", "Sesión")
    assert "sesión" in page.inner_text("#data-alert") or "pestaña" in page.inner_text("#data-alert")
    assert page.locator("#char-list .char").count() == 1
    with page.expect_download() as info:
        page.click("#export-all")
    doc = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert [c["name"] for c in doc["data"]["characters"]] == ["Efímera"]
    assert len(doc["data"]["history"]) == 1


def test_a_stored_sheet_this_version_cannot_read_is_named_and_kept(app, base_url):
    create(app, "sifrp", "Sharla", "Desembarco")
    assert save(app) == "Ficha guardada."
    doc = stored(app, "tirada.characters.v1")
    bad = {**doc["characters"][0], "id": "roto", "name": "Rota", "system": "brs",
           "sheet": {"components": "no es una lista"}}
    doc["characters"].append(bad)
    app.evaluate("d => localStorage.setItem('tirada.characters.v1', JSON.stringify(d))", doc)
    app = open_app(app, base_url)
    app.click("#tab-data")
    note = app.locator("#data-unreadable")
    note.wait_for(state="visible")
    assert "1 ficha guardada no se puede leer" in note.inner_text()
    assert "Sharla" in app.inner_text("#char-list") and "Rota" not in app.inner_text("#char-list")
    # saving another sheet keeps the unreadable one exactly as it was
    create(app, "sifrp", "Otra")
    assert save(app) == "Ficha guardada."
    assert characters(app)["Rota"] == bad
    assert "1 ficha guardada" in note.inner_text()
