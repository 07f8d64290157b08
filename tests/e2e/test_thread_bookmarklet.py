"""End to end: "Comprobar este hilo" (issue #30) — the bookmarklet run on forum-like pages served
from a second origin opens Tirada's audit with every Tirada link of the page, in post order, with
the post text beside each link.

The forum pages are made here, from Tirada's own snippets put through real renderers (the
``bbcode`` formatter for a phpBB-style page, markdown-it for a Discourse-style page) and a plain
page whose links sit behind the words "Comprobar la tirada": no copyrighted captures. The
bookmarklet's code is the one the audit tab's help offers (web/audit/bookmarklet.py), bound to the
Tirada under test, and run on the forum page as a click on the bookmark would run it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs
pytest.importorskip("bbcode")
pytest.importorskip("markdown_it")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from audit import bookmarklet  # noqa: E402
from helpers.forum import links as _links, pages, serve  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def forum(base_url, tmp_path_factory):
    """A second origin (another localhost port) serving the forum pages."""
    url, server = serve(tmp_path_factory.mktemp("forum"), pages(base_url))
    yield url
    server.shutdown()


def _code(base_url: str) -> str:
    return unquote(bookmarklet.href(base_url)[len("javascript:"):])


@pytest.mark.parametrize("page_name", ["phpbb.html", "discourse.html", "plain.html"])
def test_the_bookmarklet_opens_an_audit_of_every_link_in_post_order(new_context, base_url, forum, page_name):
    ctx, _ = new_context(**PHONE)
    page = ctx.new_page()
    page.goto(forum + page_name)
    with ctx.expect_page() as opened:
        page.evaluate(_code(base_url))
    tirada = opened.value
    tirada.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=90_000)
    assert tirada.url.startswith(base_url + "#hilo1.")
    expect(tirada.locator("#thread-status")).to_contain_text("4 mensajes")
    expect(tirada.locator("#thread-status")).to_contain_text(forum + page_name)
    text = tirada.locator("#audit-text").input_value()
    positions = [text.find(f) for f in _links()]
    assert all(p >= 0 for p in positions) and positions == sorted(positions), positions
    if page_name != "plain.html":      # the snippet's words sit right before their link
        assert re.search(r"= 1\d.*\n?.*Comprobar la tirada " + re.escape(base_url), text)
        # each post after its post line: its number on the page and its author (issue #38)
        assert re.findall(r"^── #(\d+) · (\w+) ──$", text, re.M) == [("1", "Corvo"), ("2", "Corvo"), ("3", "Corvo"),
                                                                    ("4", "Livia")]
    else:                              # paragraphs are no posts: numbered as collected, no author
        assert re.findall(r"^── #(\d+) ──$", text, re.M) == ["1", "2", "3", "4"]
    report = tirada.locator("#audit-report")
    expect(report).to_be_visible()
    expect(report).to_contain_text("Corvo")
    expect(report).to_contain_text("Livia")


def test_a_page_without_tirada_links_says_so_and_opens_nothing(new_context, base_url, forum):
    ctx, _ = new_context()
    page = ctx.new_page()
    messages = []
    page.on("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    page.goto(forum + "empty.html")
    page.evaluate(_code(base_url))
    assert len(ctx.pages) == 1 and messages and "no hay enlaces de Tirada" in messages[0]


def test_a_browser_without_compression_says_how_to_check_and_opens_nothing(new_context, base_url, forum):
    """No ``CompressionStream`` (older browsers): a message saying to paste the thread, no blank tab."""
    ctx, _ = new_context()
    page = ctx.new_page()
    messages = []
    page.on("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    page.goto(forum + "phpbb.html")
    page.evaluate("delete window.CompressionStream")
    page.evaluate(_code(base_url))
    assert len(ctx.pages) == 1 and messages and "pégalo en la auditoría" in messages[0], messages


def test_the_audit_tab_offers_the_bookmarklet_bound_to_this_address(app, base_url):
    app.click('[data-tab="audit"]')
    app.locator("#thread-help summary").click()
    link = app.locator("#thread-bookmarklet")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", re.compile(r"^javascript:"))
    assert unquote(link.get_attribute("href")).count(f'"{base_url}"') == 1
    link.click()                        # on Tirada itself it only says how to use it
    expect(app.locator("#thread-copy-status")).to_contain_text("arrástralo")


def test_a_damaged_thread_link_is_refused_in_words(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url + "#hilo1.AAAA")
    expect(page.locator("#audit-report")).to_contain_text("No se puede leer este hilo")
    expect(page.locator("#audit-report")).to_contain_text("vuelve a pulsar el marcador")


def test_a_long_thread_is_audited_whole_with_its_text_kept_unshown(new_context, base_url, forum):
    """A thread link of 2,000 posts (0.2 MB of text, over ui_audit.HOLD_AT): the text goes in the
    audit's box without being shown (laying out a long text is one long task, issue #39), a line says
    what it holds, in the page's language; the audit reads all of it. «Mostrar y editar el texto»
    shows the whole text, focused; with another long thread, «Vaciar para pegar otro» empties it."""
    from tirada.links.thread_link import decode_thread, encode_thread

    found = _links()
    posts = [f"Corvo tira 3D contra 9 = 1{i % 10}\nComprobar la tirada {base_url}#{found[i % len(found)]}"
             for i in range(2000)]
    fragment = encode_thread(forum + "long.html", posts, ["Corvo"] * len(posts), list(range(1, len(posts) + 1)))
    text = decode_thread(fragment).text()
    size = f"{len(text) / 1_000_000:.1f}"
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url + "#" + fragment)
    report, box, held = page.locator("#audit-report"), page.locator("#audit-text"), page.locator("#audit-held")
    expect(page.locator("#audit-verdict")).to_be_visible(timeout=120_000)
    expect(report).to_contain_text("Enlaces encontrados: 4")
    expect(box).to_be_hidden()
    expect(held).to_contain_text(f"2.000 mensajes, {size.replace('.', ',')} MB")
    # the report of 2,000 posts is drawn again a few elements a turn (issue #39): beside another test
    # worker that takes longer than expect()'s 5 s
    page.click("#lang")
    expect(held).to_contain_text(f"2,000 posts, {size} MB", timeout=30_000)
    expect(report).to_contain_text("Links found: 4", timeout=30_000)
    page.click("#lang")
    expect(held).to_contain_text("2.000 mensajes", timeout=30_000)
    page.click("#audit-show")
    expect(box).to_be_visible()
    expect(box).to_be_focused()
    expect(held).to_be_hidden()
    assert box.input_value() == text
    # another long thread: held again, then emptied for a paste
    other = encode_thread(forum + "long.html", posts[:1500])
    page.goto(base_url + "#" + other)
    expect(held).to_contain_text("1.500 mensajes")
    expect(box).to_be_hidden()
    page.click("#audit-clear")
    expect(box).to_be_visible()
    expect(box).to_be_focused()
    assert box.input_value() == ""
