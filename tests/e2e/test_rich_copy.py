"""End to end: posts that render well in a visual editor and the phone's share sheet (issue #30
item 3). "Copiar con formato" puts the snippet on the clipboard as rich text, which pastes into a
contenteditable editor (a forum's visual editor, on another origin) with the result in bold, the
dropped dice struck and a working link to the roll; "Compartir…" opens the Web Share sheet with the
snippet and the link, and is not offered where the browser has no share sheet.
"""

from __future__ import annotations

import re
import threading

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

import build  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
EDITOR = ("<!doctype html><meta charset=utf-8><title>Responder</title>"
          "<div id=editor contenteditable=true style='min-height:5em;border:1px solid'></div>")


@pytest.fixture(scope="module")
def editor_page(tmp_path_factory):
    """A forum's visual editor on another origin (another localhost port)."""
    folder = tmp_path_factory.mktemp("editor")
    (folder / "reply.html").write_text(EDITOR, "utf-8")
    server = build.make_server(0, folder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/reply.html"
    server.shutdown()


def _roll(page) -> str:
    page.select_option("#system", "generic")
    page.fill("#generic-dice", "4")
    page.fill("#generic-sides", "6")
    page.fill("#generic-keep", "3")
    page.click("#roll")
    expect(page.locator("#result .total")).to_be_visible()
    return page.locator("#result .total").get_attribute("data-total")


def test_copy_formatted_pastes_into_a_visual_editor_with_a_working_link(new_context, base_url, editor_page):
    ctx, _ = new_context(viewport={"width": 1366, "height": 800}, permissions=["clipboard-read", "clipboard-write"])
    page = open_app(ctx.new_page(), base_url)
    total = _roll(page)
    link = page.locator("#share-link").input_value()
    page.click('#share [data-copy="html"]')
    expect(page.locator("#copy-status")).to_contain_text("con formato")
    editor = ctx.new_page()
    editor.goto(editor_page)
    editor.click("#editor")
    editor.keyboard.press("Control+V")
    expect(editor.locator("#editor a")).to_have_count(1)
    assert editor.locator("#editor a").get_attribute("href") == link
    expect(editor.locator("#editor a")).to_have_text("Comprobar la tirada")
    expect(editor.locator("#editor strong").filter(has_text=re.compile(rf"^{total}$"))).to_have_count(1)
    expect(editor.locator("#editor s")).to_have_count(1)                # the dropped die, struck
    # the plain text beside it, for editors that take only text
    plain = page.evaluate("navigator.clipboard.readText()")
    assert f"= {total}" in plain and link in plain
    # the link pasted in the editor opens the same roll, verified
    reader = ctx.new_page()
    reader = open_app(reader, link)
    expect(reader.locator("#shared [data-verified='true']")).to_be_visible()
    expect(reader.locator("#shared .total")).to_have_attribute("data-total", total)


def test_share_sheet_on_a_phone_gets_the_snippet_and_the_link(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    ctx.add_init_script("navigator.share = async (data) => { window.tiradaShared = data; };")
    page = open_app(ctx.new_page(), base_url)
    total = _roll(page)
    button = page.locator('#share [data-share]')
    expect(button).to_be_visible()
    button.click()
    page.wait_for_function("window.tiradaShared !== undefined")
    shared = page.evaluate("window.tiradaShared")
    assert shared["url"] == page.locator("#share-link").input_value()
    assert f"= {total}" in shared["text"] and shared["title"]


def test_no_share_button_where_the_browser_has_no_share_sheet(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    ctx.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page = open_app(ctx.new_page(), base_url)
    _roll(page)
    expect(page.locator('#share [data-copy="html"]')).to_be_visible()
    expect(page.locator('#share [data-share]')).to_be_hidden()
