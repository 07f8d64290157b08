"""End to end: the userscript "Tirada en el foro" (issue #30) on forum-like pages served from a second
origin marks each Tirada link in place, verified by a hidden frame of Tirada loaded from the address
configured in the userscript; the frame answers no origin but the one it was loaded for.

The userscript is dist/tirada.user.js as built, injected before the forum page's own scripts (as a
userscript manager does), with small GM_* shims holding the configured Tirada address. The forum
pages are tests/helpers/forum.py's (also used by the bookmarklet's tests), plus an "edited" thread:
a valid post, a post whose text claims another total, a post whose link was edited, and a link to
another address (``localhost`` instead of ``127.0.0.1``: another origin on the same server).
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import READY, READY_TIMEOUT_MS
pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs
pytest.importorskip("bbcode")
pytest.importorskip("markdown_it")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.forum import NAV, PAGE, links, pages, phpbb, serve  # noqa: E402
from helpers.userscript import DONE, MARKS, marks, with_userscript as _with_userscript  # noqa: E402

from tirada.links.snippets import snippet  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def _edited(base_url: str) -> str:
    """A valid post, a post whose text says 19 where its link gives another total, a post whose link
    was edited (one character of the fragment), a post linking to another address."""
    ok, claim, edited, other = links()
    posts = [snippet(ok, base_url, "bbcode"), snippet(claim, base_url, "bbcode"), snippet(edited, base_url, "bbcode"),
             snippet(other, base_url.replace("127.0.0.1", "localhost"), "bbcode")]
    claimed = re.sub(r"= \[b\]\d+\[/b\]", "= [b]19[/b]", posts[1], count=1)
    assert claimed != posts[1] and "= [b]19[/b]" not in posts[1]
    posts[1] = claimed
    cut = posts[2].index("#t2") + 20
    posts[2] = posts[2][:cut] + ("A" if posts[2][cut] != "A" else "B") + posts[2][cut + 1:]
    return PAGE.format(nav=NAV, body=phpbb(posts))


@pytest.fixture(scope="module")
def forum(base_url, tmp_path_factory):
    """The forum's origin: the bookmarklet's pages and the edited thread."""
    url, server = serve(tmp_path_factory.mktemp("forum-us"), {**pages(base_url), "edited.html": _edited(base_url)})
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def third(tmp_path_factory):
    """A third origin, neither the forum nor Tirada."""
    url, server = serve(tmp_path_factory.mktemp("third"), {"index.html": "<!doctype html><title>Otro</title><p>Otro"})
    yield url
    server.shutdown()


def _marks(page, n: int) -> list:
    return marks(page, n, READY_TIMEOUT_MS)


@pytest.mark.parametrize("page_name, size", [("phpbb.html", PHONE), ("discourse.html", {}), ("plain.html", PHONE)])
def test_each_valid_link_is_marked_with_its_recomputed_result(new_context, base_url, forum, page_name, size):
    ctx, _ = new_context(**size)
    _with_userscript(ctx, base_url)
    page = ctx.new_page()
    page.goto(forum + page_name)
    got = _marks(page, 4)
    for mark, fragment in zip(got, links()):
        outcome = snippet(fragment, base_url, "text").split("\n")[2]     # the dice and outcome line
        assert mark["href"].endswith(fragment)
        assert mark["status"] == "ok" and mark["label"] == f"Marca de Tirada: ✔ {outcome}", mark
    assert "tirada nº 1 de Corvo en «Arenas»" in got[0]["title"]
    frame = page.locator("iframe[title=Tirada]")
    assert frame.get_attribute("src") == f"{base_url}?marco=1#origen={forum[:-1].replace(':', '%3A').replace('/', '%2F')}"


#: the forum's own script forging the frame's messages: "listo", then every link "ok" and "falso"
FORGER = """setInterval(() => {
  for (const v of [1, 2]) {
    window.postMessage(JSON.stringify({tirada: 'listo', v}), '*');
    for (let id = 1; id < 4; id++) window.postMessage(JSON.stringify({tirada: 'verificado', v, id,
      marks: [0, 1, 2, 3].map(() => ({status: 'ok', text: 'falso', title: 'falso'}))}), '*');
  }
}, 20);"""


def _edited_page(new_context, base_url, forum, hostile: str):
    """The edited thread on a phone with the userscript and the forum's ``hostile`` script: the page
    and its four marks once drawn."""
    ctx, _ = new_context(**PHONE)
    _with_userscript(ctx, base_url)
    ctx.add_init_script(script=hostile)
    page = ctx.new_page()
    page.goto(forum + "edited.html")
    return page, _marks(page, 4)


def test_an_edited_link_an_edited_text_and_another_address_are_marked(new_context, base_url, forum):
    """… while the forum's own script forges the frame's answers: they are not taken."""
    page, (ok, claim, edited, other) = _edited_page(new_context, base_url, forum, FORGER)
    assert ok["status"] == "ok" and ok["label"].startswith("Marca de Tirada: ✔ "), ok
    assert claim["status"] == "bad" and "✘ el texto pone 19, el enlace da " in claim["label"], claim
    assert edited["status"] == "bad" and "✘ el enlace está cortado o ha sido modificado" in edited["label"], edited
    assert other["status"] == "other" and "no verificado por tu Tirada" in other["label"], other
    assert "localhost" in other["label"]
    assert not any("falso" in (m["label"] + m["title"]) for m in (ok, claim, edited, other))
    # the forum page cannot read the marks' insides (closed shadow roots)
    assert page.evaluate("[...document.querySelectorAll('tirada-marca')].every(h => h.shadowRoot === null)")


def test_a_page_without_tirada_links_gets_no_frame(new_context, base_url, forum):
    ctx, _ = new_context()
    _with_userscript(ctx, base_url)
    page = ctx.new_page()
    page.goto(forum + "empty.html")
    page.wait_for_timeout(1000)
    assert page.locator("iframe").count() == 0 and page.locator("tirada-marca").count() == 0


def test_without_an_address_nothing_is_verified_and_it_says_how(new_context, forum):
    ctx, _ = new_context()
    _with_userscript(ctx, "")
    page = ctx.new_page()
    page.goto(forum + "plain.html")
    got = _marks(page, 4)
    assert all(m["status"] == "other" and "configura tu dirección de Tirada" in m["label"] for m in got), got
    assert page.locator("iframe").count() == 0


#: make two frames of Tirada on this page, one for ``forum`` and one for this page's own origin;
#: record every message that reaches this page, by the frame it came from
TWO_FRAMES = """([tirada, forum]) => {
  window.heard = [];
  const make = (origin) => {
    const f = document.createElement('iframe');
    f.src = tirada + '?marco=1#origen=' + encodeURIComponent(origin);
    document.body.append(f);
    return f;
  };
  window.forumFrame = make(forum);
  window.ownFrame = make(location.origin);
  window.addEventListener('message', (e) => window.heard.push({
    from: e.source === window.forumFrame.contentWindow ? 'forum' : e.source === window.ownFrame.contentWindow ? 'own' : '?',
    data: e.data}));
}"""
#: ask a frame over a new channel (protocol 2); its answer is recorded as heard from that frame
ASK = """([which, message]) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => window.heard.push({from: which === 'ownFrame' ? 'own' : 'forum', data: e.data});
  window[which].contentWindow.postMessage(message, '*', [channel.port2]);
}"""


def test_the_frame_answers_no_origin_but_the_configured_one(new_context, base_url, forum, third):
    """From a third origin: the frame loaded for the forum stays silent, while a frame loaded for the
    third origin itself answers the same request (so silence is not a frame that never started)."""
    ctx, watch = new_context()
    page = ctx.new_page()
    page.goto(third)
    page.evaluate(TWO_FRAMES, [base_url, forum[:-1]])
    until = time.monotonic() + 30
    while len(page.frames) < 3 and time.monotonic() < until:
        page.wait_for_timeout(100)
    assert len(page.frames) == 3
    for frame in page.frames[1:]:
        frame.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    fragment = links()[0]
    request = json.dumps({"tirada": "verificar", "v": 2, "id": "9" * 32, "lang": "es",
                          "links": [{"href": base_url + "#" + fragment, "text": ""}]})
    page.evaluate(ASK, ["forumFrame", request])
    page.evaluate(ASK, ["ownFrame", request])
    page.evaluate(ASK, ["forumFrame", '{"tirada": "verificar", "v": 2, "id": "%s", "links": []}' % ("a" * 32)])
    page.wait_for_function("window.heard.some(m => m.from === 'own' && m.data.includes('verificado'))",
                           timeout=READY_TIMEOUT_MS)
    page.wait_for_timeout(3000)       # a bounded wait: an answer from the forum's frame would have come by now
    heard = page.evaluate("window.heard")
    assert [json.loads(m["data"])["tirada"] for m in heard if m["from"] == "own"] == ["listo", "verificado"], heard
    assert [m for m in heard if m["from"] != "own"] == [], heard
    # and not because its answers went elsewhere: it answered nothing at all (the own frame: one)
    counts = {f.url.split("origen=")[1]: f.evaluate("window.tiradaFrameAnswered") for f in page.frames[1:]}
    assert counts == {quote(forum[:-1], safe=""): 0, quote(third[:-1], safe=""): 1}, counts
    # the forum's frame did say "listo" to its parent, with the forum as target origin: the browser
    # drops it, and may log why (expected here, and only here)
    watch.errors[:] = [e for e in watch.errors if not ("target origin provided" in e and forum[:-1] in e)]


def test_the_audit_tab_says_how_to_install_it_and_which_address_to_give(app, base_url):
    app.click('[data-tab="audit"]')
    app.locator("#frame-help summary").click()
    link = app.locator("#frame-install")
    assert link.is_visible() and link.inner_text() == "Instalar el userscript"
    served = app.request.get(base_url + link.get_attribute("href").removeprefix("./"))
    assert served.ok and "// ==UserScript==" in served.text() and "@match        *://*/*" in served.text()
    assert app.locator("#frame-address").inner_text() == base_url


#: issue #38: the forum's own script asks the Tirada frame (it may: it is the forum's origin) about
#: the thread's one honest link four times, under every id the userscript could have used (protocol 1
#: counted 1, 2, 3…), as soon as the frame is there, and passes every answer it gets on to the page
#: (so a userscript listening on the window would take it for its own). Then it rewrites the marks'
#: attributes to «✔ éxito» and takes one out of the page.
HOSTILE = """(() => {
  window.stolen = 0;
  const ask = (frame) => {
    const honest = document.querySelector('a[href*="#t2"]').href;
    for (const v of [1, 2]) for (let id = 1; id < 6; id++) for (const ident of [id, String(id).repeat(32).slice(0, 32)]) {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => { window.stolen += 1; window.postMessage(e.data, '*'); };
      const links = [0, 1, 2, 3].map(() => ({href: honest, text: ''}));
      frame.contentWindow.postMessage(JSON.stringify({tirada: 'verificar', v, id: ident, lang: 'es', links}), '*',
                                      [channel.port2]);
    }
  };
  window.addEventListener('message', (e) => {
    const frame = document.querySelector('iframe[title=Tirada]');
    if (frame && e.source === frame.contentWindow) { ask(frame); ask(frame); }   // on "listo": first in line
  }, true);
})();"""
REWRITE = """() => {
  const hosts = [...document.querySelectorAll('tirada-marca')];
  for (const h of hosts) { h.dataset.tirada = 'ok'; h.setAttribute('aria-label', 'Marca de Tirada: ✔ 12 éxito');
                           h.setAttribute('title', 'éxito'); }
  hosts[2].remove();
}"""


def test_a_hostile_forum_script_cannot_make_a_bad_link_show_the_frames_ok(new_context, base_url, forum):
    """Protocol 2 (issue #38): each request has a random 128-bit id and its own MessageChannel; the
    frame answers on that port only. The forum's script does get the frame's ✔ answers about the
    honest link (the frame answers its origin), but the userscript never takes them: the edited text
    and the edited link stay ✘. Marks rewritten or taken out by the forum are drawn again."""
    page, (ok, claim, edited, other) = _edited_page(new_context, base_url, forum, HOSTILE)
    page.wait_for_function("window.stolen >= 10", timeout=READY_TIMEOUT_MS)   # the attack really ran
    assert ok["status"] == "ok", ok
    assert claim["status"] == "bad" and "✘ el texto pone 19, el enlace da " in claim["label"], claim
    assert edited["status"] == "bad" and "✘ el enlace está cortado o ha sido modificado" in edited["label"], edited
    assert other["status"] == "other", other
    page.evaluate(REWRITE)
    page.wait_for_function(DONE, arg=4, timeout=5000)     # the removed mark comes back (within a scan)
    page.wait_for_timeout(700)
    again = page.evaluate(MARKS)
    assert [m["status"] for m in again] == ["ok", "bad", "bad", "other"], again
    assert [m["label"] for m in again] == [m["label"] for m in (ok, claim, edited, other)]
    assert [m["title"] for m in again] == [m["title"] for m in (ok, claim, edited, other)]


#: test instrumentation, run before the userscript: shadow roots made open so the test can read the
#: marks' insides (the real userscript's are closed), and a look-alike mark the forum draws itself
OPEN_SHADOWS = """(() => {
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) { return attach.call(this, {...init, mode: 'open'}); };
})();"""
LOOK_ALIKE = """() => {
  const fake = document.createElement('tirada-marca');
  fake.attachShadow({mode: 'open'}).textContent = '✔ 12 éxito';
  document.querySelectorAll('a[href*="#t2"]')[1].after(fake);
}"""
SEAL = "🦊🌙🍀"


def test_every_real_mark_carries_the_readers_seal_which_the_page_cannot_read(new_context, base_url, forum):
    """Issue #38: a mark the forum draws itself can look like the userscript's, but only the real ones
    end with the reader's seal (kept by the manager, shown only inside the marks' shadow roots)."""
    ctx, _ = new_context(**PHONE)
    ctx.add_init_script(script=OPEN_SHADOWS)
    _with_userscript(ctx, base_url, SEAL)
    page = ctx.new_page()
    page.goto(forum + "edited.html")
    _marks(page, 4)
    page.evaluate(LOOK_ALIKE)
    insides = page.evaluate("[...document.querySelectorAll('tirada-marca')].map(h => h.shadowRoot.textContent)")
    assert len(insides) == 5 and sum(inside.endswith(SEAL) for inside in insides) == 4, insides
    assert [inside for inside in insides if not inside.endswith(SEAL)] == ["✔ 12 éxito"]
    light = page.evaluate("document.documentElement.outerHTML")   # all the page's scripts can read
    assert SEAL not in light and not any(s in light for s in ("🦊", "🌙", "🍀"))
