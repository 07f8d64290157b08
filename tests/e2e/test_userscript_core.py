"""End to end: the userscript's frame answers from the reading core on MicroPython before Pyodide is up
(issue #41; tirada.links.core_marks, web/core-first.mjs coreFrame, web/loader.js frameListen).

A phpBB-like thread of 20 roll links (Corvo's chain nº 1…19 and one of Livia's, each posted with its
BBCode snippet) on a phone: with every Pyodide file refused, the marks still come, each the verified
result, all from the core (the frame's ``tiradaFrameCore``). A page with a good link, a tampered one (its
checksum changed) and one whose post's snippet claims another total, with Pyodide held back: all three
marks come from the core, ✔, ✘ «cortado o modificado» and ✘ «el texto pone…» (tirada.links.mark_words).
A link the core cannot judge (a roll the rules refuse: its ✘ names the field, worded by the page's
catalogs) waits for Pyodide, and is marked ✘ as before once it is up. Compressed roll links (raw DEFLATE, as another
encoder may write them) are marked by the core too (MicroPython inflates them: tirada.wire.inflate).
A page of 60 links with Pyodide refused: the core answers the first request at once and, once Pyodide
has failed, the second one too (web/loader.js FRAME_CORE_REQUESTS).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import READY_TIMEOUT_MS
pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs
pytest.importorskip("bbcode")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.deflated import deflated  # noqa: E402
from helpers.forum import NAV, PAGE, links, phpbb, serve  # noqa: E402
from helpers.userscript import DONE, MARKS, with_userscript  # noqa: E402

from tirada.links.snippets import snippet  # noqa: E402
from tirada.wire.codec import encode_payload  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
#: the forum page's links: Corvo's rolls nº 1…19 and Livia's
FOUND = links(19)
#: compressed.html's links: Corvo's nº 1 and Livia's compressed, Corvo's nº 2 as the page makes it
COMPRESSED = [deflated(FOUND[0]), FOUND[1], deflated(FOUND[19])]
#: long.html's links: Corvo's rolls nº 1…59 and Livia's (two requests: 50 links, then 10)
LONG = links(59)
#: Corvo's nº 3 with its checksum's last character changed, as a hand or a forum may leave it
TAMPERED = FOUND[2][:-1] + ("A" if FOUND[2][-1] != "A" else "B")
#: a roll link the rules refuse (SIFRP difficulty 300): its ✘ names the field, the page's words
RULE_REFUSED = encode_payload("roll", {"request": {"system": "sifrp", "seed": "8f14e45fceea167a5a36dedd4bea2543",
                                                  "test_dice": 1, "bonus_dice": 1, "difficulty": 300}})


def _claimed(post: str) -> str:
    """``post`` (a BBCode snippet) saying 19 where its link gives another total."""
    claimed = re.sub(r"= \[b\]\d+\[/b\]", "= [b]19[/b]", post, count=1)
    assert claimed != post
    return claimed


@pytest.fixture(scope="module")
def forum(base_url, tmp_path_factory):
    """The forum's origin: thread.html (the 20 links), tampered.html (a good link, a tampered one and
    one whose text lies), refused.html (a good link and one the rules refuse), compressed.html, long.html."""
    posts = [snippet(f, base_url, "bbcode") for f in FOUND]
    authors = ("Corvo",) * 19 + ("Livia",)
    tampered = posts[2].replace(FOUND[2], TAMPERED)
    assert tampered != posts[2]
    files = {"thread.html": PAGE.format(nav=NAV, body=phpbb(posts, authors)),
             "tampered.html": PAGE.format(nav=NAV, body=phpbb([posts[0], tampered, _claimed(posts[1])])),
             "refused.html": PAGE.format(nav=NAV, body=phpbb([posts[0], f"[url={base_url}#{RULE_REFUSED}]Comprobar "
                                                                        "la tirada[/url]"])),
             "compressed.html": PAGE.format(nav=NAV, body=phpbb([snippet(f, base_url, "bbcode") for f in COMPRESSED],
                                                                ("Corvo", "Corvo", "Livia"))),
             "long.html": PAGE.format(nav=NAV, body=phpbb([snippet(f, base_url, "bbcode") for f in LONG],
                                                          ("Corvo",) * 59 + ("Livia",)))}
    url, server = serve(tmp_path_factory.mktemp("forum-core"), files)
    yield url
    server.shutdown()


def _frame(page):
    """The userscript's hidden frame of Tirada, once loaded."""
    page.wait_for_function("document.querySelector('iframe[title=Tirada]')", timeout=30_000)
    return next(f for f in page.frames if "marco=1" in f.url)


def test_twenty_links_are_marked_by_the_core_with_pyodide_refused(new_context, base_url, forum):
    ctx, watch = new_context(**PHONE)
    with_userscript(ctx, base_url)
    refused = []
    ctx.route(re.compile(r".*/pyodide/.*"), lambda route: (refused.append(route.request.url), route.abort()))
    page = ctx.new_page()
    page.goto(forum + "thread.html")
    page.wait_for_function(DONE, arg=20, timeout=READY_TIMEOUT_MS)
    got = page.evaluate(MARKS)
    assert len(got) == 20
    for mark, fragment in zip(got, FOUND):
        outcome = snippet(fragment, base_url, "text").split("\n")[2]      # the dice and outcome line
        assert mark["href"].endswith(fragment)
        assert mark["status"] == "ok" and mark["label"] == f"Marca de Tirada: ✔ {outcome}", mark
    assert "tirada nº 19 de Corvo en «Arenas»" in got[18]["title"]
    frame = _frame(page)
    assert refused, "no Pyodide file was asked for: the test refused nothing"
    assert frame.evaluate("document.documentElement.dataset.engine") != "ready"
    assert frame.evaluate("window.tiradaFrameCore") >= 1
    assert frame.evaluate("window.tiradaFrameCore") == frame.evaluate("window.tiradaFrameAnswered")
    # the refused downloads are this test's doing: their console errors are expected here
    watch.errors[:] = [e for e in watch.errors if "pyodide" not in e.lower() and "ERR_FAILED" not in e]


def test_a_good_and_a_tampered_link_get_both_marks_from_the_core_with_pyodide_held_back(new_context, base_url,
                                                                                       forum):
    ctx, _ = new_context(**PHONE)
    with_userscript(ctx, base_url)
    held: list = []      # Pyodide's downloads are held (never answered): the marks can only be the core's
    ctx.route(re.compile(r".*/pyodide/.*"), lambda route: held.append(route.request.url))
    page = ctx.new_page()
    page.goto(forum + "tampered.html")
    page.wait_for_function(DONE, arg=3, timeout=READY_TIMEOUT_MS)
    ok, tampered, claim = page.evaluate(MARKS)
    outcome = snippet(FOUND[0], base_url, "text").split("\n")[2]
    assert ok["status"] == "ok" and ok["label"] == f"Marca de Tirada: ✔ {outcome}", ok
    assert tampered["href"].endswith(TAMPERED)
    assert tampered["status"] == "bad" and tampered["label"] == (
        "Marca de Tirada: ✘ el enlace está cortado o ha sido modificado: vuelve a copiar el enlace completo del "
        "mensaje"), tampered
    assert claim["status"] == "bad" and "✘ el texto pone 19, el enlace da " in claim["label"], claim
    assert "tirada nº 2 de Corvo en «Arenas»" in claim["title"]          # who rolled, as the full engine says
    frame = _frame(page)
    assert held, "no Pyodide file was asked for: the test held nothing back"
    assert frame.evaluate("document.documentElement.dataset.engine") not in ("ready", "failed")
    assert frame.evaluate("window.tiradaFrameCore") == frame.evaluate("window.tiradaFrameAnswered") == 1


def test_a_link_the_core_cannot_judge_waits_for_pyodide_and_is_marked_as_before(new_context, base_url, forum):
    ctx, _ = new_context(**PHONE)
    with_userscript(ctx, base_url)
    page = ctx.new_page()
    page.goto(forum + "refused.html")
    page.wait_for_function(DONE, arg=2, timeout=READY_TIMEOUT_MS)
    ok, refused = page.evaluate(MARKS)
    assert ok["status"] == "ok" and ok["label"].startswith("Marca de Tirada: ✔ "), ok
    assert refused["status"] == "bad" and refused["label"] == (
        "Marca de Tirada: ✘ la tirada de este enlace no es válida: Dificultad: debe estar entre -100 y 200 "
        "(has puesto 300)"), refused
    frame = _frame(page)
    assert frame.evaluate("document.documentElement.dataset.engine") == "ready"
    assert frame.evaluate("window.tiradaFrameCore") == 0      # one request, judged by the full engine
    assert frame.evaluate("window.tiradaFrameAnswered") == 1


def _marked_with_pyodide_refused(new_context, base_url, url: str, fragments: list):
    """Open ``url`` (a forum page of ``fragments``) on a phone with the userscript and every Pyodide file
    refused; once every link is marked, check each is ✔ with its link's recomputed dice and outcome line.
    Returns ``(marks, frame)``; the refused downloads' console errors are this test's doing."""
    ctx, watch = new_context(**PHONE)
    with_userscript(ctx, base_url)
    refused: list = []
    ctx.route(re.compile(r".*/pyodide/.*"), lambda route: (refused.append(route.request.url), route.abort()))
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(DONE, arg=len(fragments), timeout=READY_TIMEOUT_MS)
    got = page.evaluate(MARKS)
    assert len(got) == len(fragments)
    for mark, fragment in zip(got, fragments):
        outcome = snippet(fragment, base_url, "text").split("\n")[2]      # the dice and outcome line
        assert mark["href"].endswith(fragment)
        assert mark["status"] == "ok" and mark["label"] == f"Marca de Tirada: ✔ {outcome}", mark
    assert refused, "no Pyodide file was asked for: the test refused nothing"
    watch.errors[:] = [e for e in watch.errors if "pyodide" not in e.lower() and "ERR_FAILED" not in e]
    return got, _frame(page)


def test_compressed_roll_links_are_marked_by_the_core_with_pyodide_refused(new_context, base_url, forum):
    assert COMPRESSED[0] != FOUND[0] and COMPRESSED[2] != FOUND[19]      # compressed: another fragment…
    got, frame = _marked_with_pyodide_refused(new_context, base_url, forum + "compressed.html", COMPRESSED)
    assert "tirada nº 1 de Corvo en «Arenas»" in got[0]["title"]         # …the same roll, ✔
    assert frame.evaluate("document.documentElement.dataset.engine") != "ready"
    assert frame.evaluate("window.tiradaFrameCore") == frame.evaluate("window.tiradaFrameAnswered") >= 1


def test_pyodide_failing_on_a_page_of_sixty_links_leaves_them_all_to_the_core(new_context, base_url, forum):
    _, frame = _marked_with_pyodide_refused(new_context, base_url, forum + "long.html", LONG)
    assert frame.evaluate("document.documentElement.dataset.engine") == "failed"
    # two requests (50 links, then 10): the first taken at once, the second once Pyodide had failed
    assert frame.evaluate("window.tiradaFrameCore") == frame.evaluate("window.tiradaFrameAnswered") == 2
