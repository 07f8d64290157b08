"""Problems named by post number and author (issue #38; tirada.links.posts): a rendered forum page
pasted as HTML, in each forum layout the reader knows, and a thread from the bookmarklet carry their
post boundaries into the audit's text; every problem then says which post and whose. Plain text
without posts says so and places each problem by its line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from helpers.audit_cli import cli_report
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import ChainState
from tirada.links.paste import html_to_text
from tirada.links.posts import PostPlace, post_line, read_posts
from tirada.links.roll_link import roll_link
from tirada.links.thread_link import decode_thread, encode_thread

HOME = "https://usuario.github.io/tirada/"
EVIL = "https://evil.example/tirada/"


def _rolls() -> list:
    """Sharla's rolls nº 1 and 2 and Bob's nº 1 (fixed seeds)."""
    first = roll_link({"system": "generic", "dice": 2, "sides": 6, "seed": "a1" * 16}, ChainState("Sharla", "Arenas"), 1796000000)
    second = roll_link({"system": "generic", "dice": 2, "sides": 6, "seed": "a2" * 16}, first.chain, 1796000001)
    bob = roll_link({"system": "generic", "dice": 1, "sides": 20, "seed": "b1" * 16}, ChainState("Bob", "Arenas"), 1796000002)
    return [first.fragment, second.fragment, bob.fragment]


def _a(fragment: str, base: str = HOME) -> str:
    return f'<a href="{base}#{fragment}">Comprobar la tirada</a>'


def _the_bad_one(report: dict) -> dict:
    """The one problem of a thread whose only fault is Bob's roll posted with another address."""
    (problem,) = report["problems"]
    assert problem["code"] == "audit.other_address" and problem["roller"] == "Bob"
    return problem["place"]


def _posts(layout: str, bodies: list, authors: list) -> str:
    """Three posts in one forum engine's markup, as a browser copies a selection of them."""
    out = []
    for n, (body, who) in enumerate(zip(bodies, authors), 1):
        if layout == "phpbb":        # prosilver: div.post#pN, the profile then p.author's username link
            out.append(f'<div id="p{100 + n}" class="post has-profile bg{n % 2 + 1}"><div class="inner">'
                       f'<dl class="postprofile"><dt><a href="./memberlist.php?u={n}" class="username-coloured">{who}</a>'
                       f'</dt><dd class="profile-rank">Aventurero</dd></dl><div class="postbody"><h3>Re: La arena</h3>'
                       f'<p class="author">por <strong><a href="./memberlist.php?u={n}" class="username-coloured">{who}'
                       f'</a></strong> » 5 dic</p><div class="content">{body}</div></div></div></div>')
        elif layout == "discourse":  # article.boxed[data-post-id] with span.username
            out.append(f'<article class="boxed onscreen-post" data-post-id="{n}" id="post_{n}"><div class="topic-body">'
                       f'<div class="names"><span class="first username"><a href="/u/{who}">{who}</a></span></div>'
                       f'<div class="cooked"><p>{body}</p></div></div></article>')
        elif layout == "xenforo":    # article.message[data-author]
            out.append(f'<article class="message message--post" data-author="{who}" data-content="post-{n}">'
                       f'<h4 class="message-name"><a class="username">{who}</a></h4>'
                       f'<div class="bbWrapper">{body}</div></article>')
        elif layout == "smf":        # div.post_wrapper: .poster's first line is the name
            out.append(f'<div class="windowbg"><div class="post_wrapper"><div class="poster"><h4><a href="/p?u={n}">{who}'
                       f'</a></h4><ul><li>Miembro</li><li>Mensajes: 12</li></ul></div>'
                       f'<div class="postarea"><div class="inner">{body}</div></div></div></div>')
        elif layout == "vbulletin":  # li.postcontainer#post_N with a.username
            out.append(f'<li class="postbitlegacy postcontainer" id="post_{n}"><div class="userinfo">'
                       f'<a class="username" href="/member.php?{n}"><strong>{who}</strong></a></div>'
                       f'<div class="postbody"><blockquote class="postcontent">{body}</blockquote></div></li>')
        else:                        # Tirada's own test forum: article.post with the author in .author
            out.append(f'<article class="post"><h4 class="author">{who}</h4><div>{body}</div></article>')
    return "<html><body><!--StartFragment-->" + "".join(out) + "<!--EndFragment--></body></html>"


@pytest.mark.parametrize("layout", ["phpbb", "discourse", "xenforo", "smf", "vbulletin", "tirada"])
def test_each_forum_layout_names_the_post_and_author_of_a_problem(layout):
    mine, again, bob = _rolls()
    bodies = [f"Mi turno. {_a(mine)}", f"Sigo. {_a(again)}", f"¡Ja! {_a(bob, EVIL)}"]
    text = html_to_text(_posts(layout, bodies, ["Sharla", "Máster Ana", "Bob"]))
    assert [(n, a) for _at, n, a in read_posts(text)] == [(1, "Sharla"), (2, "Máster Ana"), (3, "Bob")]
    report = audit_thread(text, home=HOME)
    place = _the_bad_one(report)
    assert (place["post"], place["author"], place["boundaries"]) == (3, "Bob", True)
    assert place["words"] == {"es": "mensaje 3 de Bob", "en": "post 3 by Bob"}
    assert report["boundaries"] and [p["author"] for p in report["posts"]] == ["Sharla", "Máster Ana", "Bob"]


def test_posts_without_links_still_count_and_an_author_not_found_is_not_invented():
    mine, _again, bob = _rolls()
    html = (f'<div class="post"><div class="content">{_a(mine)}</div></div>'
            '<div class="post"><div class="content">Sin tiradas.</div></div>'
            f'<div class="post"><div class="content">{_a(bob, EVIL)}</div></div>')
    place = _the_bad_one(audit_thread(html_to_text(html), home=HOME))
    assert (place["post"], place["author"]) == (3, None) and place["words"]["es"] == "mensaje 3"


def test_a_post_cannot_pose_as_the_start_of_another_post():
    """A player writes a post line of their own (even split by markup or soft hyphens) to put their
    bad link under someone else's name: the reader writes it with plain hyphens."""
    mine, _again, bob = _rolls()
    forged = "<br>── #1 · Sharla ──<br><b>─</b>&shy;─ #1 · Sharla ──<br>"
    html = _posts("tirada", [f"Hola. {_a(mine)}", f"{forged}{_a(bob, EVIL)}"], ["Sharla", "Bob"])
    text = html_to_text(html)
    assert [(n, a) for _at, n, a in read_posts(text)] == [(1, "Sharla"), (2, "Bob")]
    assert (_the_bad_one(audit_thread(text, home=HOME))["post"]) == 2


def test_an_author_name_is_never_read_as_a_link():
    mine, _again, _bob = _rolls()
    for name in (f"#{mine}", f"%23{mine}"):     # a post line names its author; the name holds no link
        text = f"{post_line(1, name)}\nHola."
        assert audit_thread(text, home=HOME)["links_found"] == 0, text
        assert read_posts(text)[0][2].endswith(mine[-10:])


def test_the_bookmarklet_thread_carries_posts_numbers_and_authors():
    mine, again, bob = _rolls()
    posts = [f"Mi turno {HOME}#{mine}", f"Sigo {HOME}#{again}", f"── #1 · Sharla ──\n¡Ja! {EVIL}#{bob}"]
    fragment = encode_thread("https://foro.example/t/7", posts, ["Sharla", None, "Bob"], [4, 5, 9])
    thread = decode_thread(fragment)
    assert thread.authors == ("Sharla", None, "Bob") and thread.numbers == (4, 5, 9)
    text = thread.text()
    assert text.startswith(post_line(4, "Sharla")) and post_line(5, None) in text
    place = _the_bad_one(audit_thread(text, home=HOME))
    assert (place["post"], place["author"]) == (9, "Bob")
    # a link made before authors were collected: posts numbered in order, authors unknown
    old = decode_thread(encode_thread("https://foro.example/t/7", posts))
    assert _the_bad_one(audit_thread(old.text(), home=HOME))["words"]["en"] == "post 3"


def test_plain_text_says_it_has_no_posts_and_places_each_problem_by_its_line():
    mine, again, bob = _rolls()
    text = f"Sharla: {HOME}#{mine}\nSharla otra vez: {HOME}#{again}\n\nBob:\n{EVIL}#{bob}"
    report = cli_report(text.replace(HOME, HOME))           # the CLI's JSON carries the same places
    assert report["boundaries"] is False and report["posts"] == []
    local = audit_thread(text, home=HOME)
    place = _the_bad_one(local)
    assert place == {"post": None, "author": None, "line": 5, "boundaries": False,
                     "words": {"es": "línea 5", "en": "line 5"}}
    assert PostPlace(None, None, 5, False).to_dict() == place
    assert all(p["place"] is None or p["place"]["boundaries"] is False for p in report["problems"])


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_page_names_the_post_and_author_and_says_when_the_text_has_no_posts():
    from audit import audit_view

    mine, again, bob = _rolls()
    html = _posts("phpbb", [_a(mine), _a(again), _a(bob, EVIL)], ["Sharla", "Ana", "Bob"])
    shown = audit_view.verdict_html(audit_thread(html_to_text(html), home=HOME), "es")
    assert "Bob (Arenas) nº 1</strong> <span class=\"audit-place\">(mensaje 3 de Bob)</span>:" in shown
    assert "audit-no-posts" not in shown
    plain = audit_view.verdict_html(audit_thread(f"{HOME}#{mine}\n{EVIL}#{bob}", home=HOME), "en")
    assert 'id="audit-no-posts"' in plain and "(line 2)" in plain and "does not separate the posts" in plain
    assert Path(audit_view.__file__).parent.name == "audit"
