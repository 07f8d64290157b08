"""End to end: "Comprobar este hilo" (issue #30) — the bookmarklet run on forum-like pages served
from a second origin opens Tirada's audit with every Tirada link of the page, in post order, with
the post text beside each link.

The forum pages are made here, from Tirada's own snippets put through real renderers (the
``bbcode`` formatter for a phpBB-style page, markdown-it for a Discourse-style page) and a plain
page whose links sit behind the words "Comprobar la tirada": no copyrighted captures. The
bookmarklet's code is the one the audit tab's help offers (web/bookmarklet.py), bound to the
Tirada under test, and run on the forum page as a click on the bookmark would run it.
"""

from __future__ import annotations

import re
import sys
import threading
from pathlib import Path
from urllib.parse import unquote

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs
bbcode = pytest.importorskip("bbcode")
markdown_it = pytest.importorskip("markdown_it")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))
import bookmarklet  # noqa: E402
import build  # noqa: E402

from tirada.links.chain import ChainState  # noqa: E402
from tirada.links.roll_link import roll_link  # noqa: E402
from tirada.links.snippets import snippet  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def _links() -> list:
    """Corvo's rolls nº 1–3 and one of Livia's, chained as the page makes them (fixed seeds, so
    every call gives the same links)."""
    out, chain = [], ChainState("Corvo", "Arenas")
    for i in range(3):
        done = roll_link({"system": "sifrp", "test_dice": 3, "difficulty": 9, "seed": f"{i + 1:032x}"}, chain, 1796000000)
        out.append(done.fragment)
        chain = done.chain
    out.append(roll_link({"system": "generic", "dice": 1, "sides": 20, "seed": "ab" * 16}, ChainState("Livia", "Arenas"),
                         1796000000).fragment)
    return out


def _pages(base_url: str) -> dict:
    links = _links()
    posts_bb = [snippet(f, base_url, "bbcode") for f in links]
    posts_md = [snippet(f, base_url, "markdown") for f in links]
    md = markdown_it.MarkdownIt("commonmark")
    phpbb = "".join(f'<div class="post" id="p{i}"><div class="postbody"><h3>Re: La arena</h3>'
                    f'<div class="content">Mi turno.<br>{bbcode.render_html(text)}</div></div></div>'
                    for i, text in enumerate(posts_bb))
    discourse = "".join(f'<article class="topic-post" data-post-id="{i}"><div class="cooked">{md.render(text)}</div></article>'
                        for i, text in enumerate(posts_md))
    plain = "".join(f'<p>Tirada {i + 1}: <a href="{base_url}#{f}">Comprobar la tirada</a></p>' for i, f in enumerate(links))
    nav = '<nav><a href="/">Inicio</a> · <a href="#top">Arriba</a></nav>'
    page = "<!doctype html><meta charset=utf-8><title>Foro</title><body>{nav}<main>{body}</main></body>"
    return {"phpbb.html": page.format(nav=nav, body=phpbb), "discourse.html": page.format(nav=nav, body=discourse),
            "plain.html": page.format(nav=nav, body=plain), "empty.html": page.format(nav=nav, body="<p>Nada.</p>")}


@pytest.fixture(scope="module")
def forum(base_url, tmp_path_factory):
    """A second origin (another localhost port) serving the forum pages."""
    folder = tmp_path_factory.mktemp("forum")
    for name, text in _pages(base_url).items():
        (folder / name).write_text(text, "utf-8")
    server = build.make_server(0, folder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
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
