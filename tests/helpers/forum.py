"""Forum-like pages for the browser tests of issue #30 (the bookmarklet, the userscript), served from
a second localhost origin: a phpBB-style page (Tirada's BBCode snippets through the ``bbcode``
formatter), a Discourse-style page (the Markdown snippets through markdown-it in CommonMark mode)
and a plain page whose links sit behind the words "Comprobar la tirada". Made here from Tirada's own
snippets: no copyrighted captures."""

from __future__ import annotations

import threading
from pathlib import Path

from tirada.links.chain import ChainState
from tirada.links.roll_link import roll_link
from tirada.links.snippets import snippet

PAGE = "<!doctype html><meta charset=utf-8><title>Foro</title><body>{nav}<main>{body}</main></body>"
NAV = '<nav><a href="/">Inicio</a> · <a href="#top">Arriba</a></nav>'


def links(n: int = 3) -> list:
    """Corvo's rolls nº 1…n and one of Livia's, chained as the page makes them (fixed seeds, so
    every call gives the same links)."""
    out, chain = [], ChainState("Corvo", "Arenas")
    for i in range(n):
        done = roll_link({"system": "sifrp", "test_dice": 3, "difficulty": 9, "seed": f"{i + 1:032x}"}, chain, 1796000000)
        out.append(done.fragment)
        chain = done.chain
    out.append(roll_link({"system": "generic", "dice": 1, "sides": 20, "seed": "ab" * 16}, ChainState("Livia", "Arenas"),
                         1796000000).fragment)
    return out


#: the author of each post of the forum pages (issue #38: the audit names a problem's post and author)
AUTHORS = ("Corvo", "Corvo", "Corvo", "Livia")


def phpbb(posts_bbcode: list, authors: tuple = AUTHORS) -> str:
    """A phpBB-style thread body: one ``div.post`` per BBCode post, rendered by the ``bbcode`` formatter,
    its author in ``p.author``'s ``a.username`` as prosilver writes it."""
    import bbcode

    return "".join(f'<div class="post" id="p{i}"><div class="postbody"><h3>Re: La arena</h3>'
                   f'<p class="author">por <strong><a class="username" href="/u/{i}">{authors[i % len(authors)]}</a>'
                   f'</strong></p><div class="content">Mi turno.<br>{bbcode.render_html(text)}</div></div></div>'
                   for i, text in enumerate(posts_bbcode))


def pages(base_url: str) -> dict:
    """``{file name: html}``: phpbb.html, discourse.html, plain.html (the four links of :func:`links`
    on ``base_url``) and empty.html (no Tirada link)."""
    import markdown_it

    found = links()
    md = markdown_it.MarkdownIt("commonmark")
    discourse = "".join(f'<article class="topic-post" data-post-id="{i}"><div class="names"><span class="first username">'
                        f'<a href="/u/{AUTHORS[i]}">{AUTHORS[i]}</a></span></div><div class="cooked">'
                        f'{md.render(snippet(f, base_url, "markdown"))}</div></article>' for i, f in enumerate(found))
    plain = "".join(f'<p>Tirada {i + 1}: <a href="{base_url}#{f}">Comprobar la tirada</a></p>' for i, f in enumerate(found))
    body = {"phpbb.html": phpbb([snippet(f, base_url, "bbcode") for f in found]), "discourse.html": discourse,
            "plain.html": plain, "empty.html": "<p>Nada.</p>"}
    return {name: PAGE.format(nav=NAV, body=text) for name, text in body.items()}


def serve(folder: Path, files: dict):
    """Write ``files`` into ``folder`` and serve it on another localhost port (another origin).
    Returns ``(url, server)``; call ``server.shutdown()`` when done."""
    import build

    for name, text in files.items():
        (folder / name).write_text(text, "utf-8")
    server = build.make_server(0, folder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server
