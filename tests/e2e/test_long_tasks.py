"""End to end: big inputs never freeze the forum page (issue #39). Long-task probes
(PerformanceObserver ``longtask``) on a forum page of 10,000 posts:

* while the "Comprobar este hilo" bookmarklet collects them: the containment check walks up from each
  post (no comparison of every pair) and the collection runs in slices with its progress in the new
  tab;
* while the userscript marks its 10,000 links: posts read and marks drawn in slices ("…" on each link
  as it is reached), batches sent a few per task.

and on the audit tab (the Python audit, web/audit/ui_audit.py, runs in ~40 ms slices with its
progress on screen):

* the tab the bookmarklet opens, auditing those 10,000 posts, from the moment it is ready (its
  interpreter's own start is not the audit's): the thread's 0.8 MB of text is kept in the audit's box
  without being shown (laying it out was one task of 0.4 s), the views not needed yet are imported one
  a task, the report drawn a few elements a turn; and when the language changes, the report drawn
  again the same way;
* the audit of 5 MB of junk links and words, and of 5 MB of repetitive text without links;
* a pasted page (clipboard HTML) of 10,000 posts, read in pieces before it is put in the box.

No task on the forum page or the audit tab goes over 200 ms. The times are rows of
docs/benchmarks.md (``TIRADA_BENCH=1`` prints them).

Run beside another test worker (``build.py test`` runs pytest-xdist workers, one per core), the
page shares its core and its tasks stretch (seen: 150 ms alone, 567 ms beside a worker booting
Pyodide), so there the bound is three times the target: still far below the 1.5–3.8 s freezes this
guards against; run alone (``TIRADA_TEST_WORKERS=1``, or this file by itself) the target holds."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from urllib.parse import unquote

import pytest
from conftest import open_app

pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from audit import bookmarklet  # noqa: E402
from helpers.forum import NAV, PAGE, links, serve  # noqa: E402
from helpers.junk import junk_links  # noqa: E402
from helpers.userscript import with_userscript  # noqa: E402

POSTS = 10_000
#: the longest task allowed on the forum page, in ms (see the module's docstring)
LIMIT_MS = 600 if os.environ.get("PYTEST_XDIST_WORKER") else 200
#: the longest task seen on this page since the probe was (re)armed, in ms
PROBE = """window.probeLongest = 0; window.probeTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  window.probeTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  window.probeLongest = Math.max(window.probeLongest, e.duration); } }).observe({type: 'longtask'});
new MutationObserver(() => { if (document.documentElement.dataset.engine === 'ready' && !window.probeReady)
  window.probeReady = performance.now(); }).observe(document, {attributes: true, subtree: true,
                                                               attributeFilter: ['data-engine']});"""

#: the audit has drawn its whole report ("Cancelar" hidden again once the last element is drawn)
DONE = "document.getElementById('audit-verdict') && document.getElementById('audit-cancel').hidden"
#: a paste of the HTML page and plain text left in window.probeHtml / probePlain into the audit's box
PASTE = """() => { const data = new DataTransfer();
  data.setData('text/html', window.probeHtml); data.setData('text/plain', window.probePlain);
  const event = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
  document.getElementById('audit-text').dispatchEvent(event); return event.defaultPrevented; }"""


@pytest.fixture(scope="module")
def big_forum(base_url, tmp_path_factory):
    """A phpBB-like page of 10,000 posts, each with one Tirada link and its words."""
    found = links()
    body = "".join(f'<article class="post" id="p{i}"><div class="content"><p>Corvo tira 3D contra 9 = <b>1{i % 10}</b></p>'
                   f'<p><a href="{base_url}#{found[i % len(found)]}">Comprobar la tirada</a></p></div></article>'
                   for i in range(POSTS))
    url, server = serve(tmp_path_factory.mktemp("big"), {"big.html": PAGE.format(nav=NAV, body=body)})
    yield url
    server.shutdown()


def test_the_bookmarklet_on_10000_posts_runs_no_task_over_200_ms(new_context, base_url, big_forum):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    page.goto(big_forum + "big.html")
    page.wait_for_timeout(1500)                       # the page's own load is not the bookmarklet's
    page.evaluate("window.probeLongest = 0")
    code = unquote(bookmarklet.href(base_url)[len("javascript:"):])
    start = time.monotonic()
    with ctx.expect_page() as opened:
        page.evaluate(f"() => {{ {code} }}")
    tirada = opened.value
    tirada.wait_for_url(base_url + "#hilo1.*", timeout=60_000)
    took = time.monotonic() - start
    longest = page.evaluate("window.probeLongest")
    # the audit tab it opened: once its engine is ready, it audits the 10,000 posts in slices
    tirada.wait_for_function(DONE, timeout=240_000, polling=500)
    audited = time.monotonic() - start
    # from the moment the tab is ready: its interpreter's start (Pyodide, seconds of WebAssembly) is
    # not the audit's; from the audit's start too (docs/benchmarks.md gives both)
    began = tirada.evaluate("performance.getEntriesByName('tirada:audit-start')[0].startTime")
    tab = _longest_after(tirada, began)
    ready = _longest_after(tirada, tirada.evaluate("window.probeReady"))
    report = tirada.locator("#audit-report")
    assert "Enlaces encontrados: 4" in report.inner_text()
    # the thread's text is in the box, not shown: a line says what it holds
    assert tirada.locator("#audit-text").is_hidden()
    assert "5.000 mensajes" in tirada.inner_text("#audit-held")
    assert tirada.evaluate("document.getElementById('audit-text').value.length") > 700_000
    # the language changes: the report is drawn again a few elements a turn
    elements = tirada.evaluate("document.getElementById('audit-report').childElementCount")
    tirada.evaluate("window.probeTasks = []")
    switched = time.monotonic()
    tirada.click("#lang")
    tirada.wait_for_function("n => { const r = document.getElementById('audit-report');"
                             " return r.childElementCount === n && r.innerText.includes('Links found: 4'); }",
                             arg=elements, timeout=60_000, polling=100)
    redrawn = time.monotonic() - switched
    relang = _longest_after(tirada, 0)
    if os.environ.get("TIRADA_BENCH"):
        print(f"\nbookmarklet on {POSTS} posts: {took * 1000:.0f} ms to the audit tab, longest forum task {longest:.0f} ms; "
              f"audit tab: {audited * 1000:.0f} ms to the whole report, longest task once the page is ready {ready:.0f} ms "
              f"(of the audit: {tab:.0f} ms); the language changed: {redrawn * 1000:.0f} ms to the report "
              f"({elements} elements) redrawn, longest task {relang:.0f} ms")
    assert "5,000 posts" in tirada.inner_text("#audit-held")
    assert longest <= LIMIT_MS, f"a task of {longest:.0f} ms on the forum page"
    assert ready <= LIMIT_MS, f"a task of {ready:.0f} ms on the audit tab"
    assert relang <= LIMIT_MS, f"a task of {relang:.0f} ms on the audit tab while the language changed"


def _longest_after(page, since: float) -> float:
    """The longest task that started on ``page`` at or after ``since`` (ms of its clock)."""
    return max([duration for begin, duration in page.evaluate("window.probeTasks") if begin >= since], default=0)


@pytest.mark.parametrize("kind", ["junk links", "repetitive text", "junk links on the page's thread", "junk links, accented"])
def test_the_audit_of_5_mb_runs_no_task_over_200_ms(new_context, base_url, kind):
    """5 MB in the audit's box (the most it takes): checked in the audit worker (issue #41) or, where
    its script is refused, on the page's thread in slices, the progress on screen ("Comprobando… n de
    N enlaces"), read and drawn in slices; no task over 200 ms, the report at the end."""
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(PROBE)
    if kind.endswith("on the page's thread"):
        ctx.route("**/audit-worker.mjs", lambda route, _req=None: route.abort())
    page = open_app(ctx.new_page(), base_url)
    page.click("#tab-audit")
    text = junk_links(base_url, 4_990_000) if kind.startswith("junk") else ("La arena espera. " * 300_000)[:4_990_000]
    if kind.endswith("accented"):   # a Spanish thread: handed to the worker as the box's JS string (issue #41)
        text = text.replace(" no es un enlace ", " no és un enlace ")
    page.evaluate("t => { document.getElementById('audit-text').value = t; }", text)
    page.wait_for_timeout(1000)
    page.evaluate("window.probeTasks = []")
    start = time.monotonic()
    page.click("#audit-run")
    page.wait_for_function(DONE, timeout=240_000, polling=500)
    took = time.monotonic() - start
    longest = _longest_after(page, 0)
    report = page.inner_text("#audit-report")
    if os.environ.get("TIRADA_BENCH"):
        print(f"\naudit of 5 MB of {kind}: {took * 1000:.0f} ms to the verdict, longest task {longest:.0f} ms")
    assert ("Enlaces encontrados: " in report) if kind.startswith("junk") else ("ningún enlace" in report)
    in_worker = page.evaluate("performance.getEntriesByName('tirada:audit-in-worker').length")
    assert in_worker == (0 if kind.endswith("on the page's thread") else 1), in_worker
    assert page.locator("#audit-cancel").is_hidden()
    assert longest <= LIMIT_MS, f"a task of {longest:.0f} ms on the audit tab"


def test_a_new_audit_or_cancel_stops_the_one_under_way(new_context, base_url):
    """While 5 MB are being checked the page answers: "Cancelar" stops the audit (nothing drawn from
    it), and an audit started again runs to its own report (the older one never replaces it)."""
    ctx, _ = new_context(viewport={"width": 360, "height": 640})
    page = open_app(ctx.new_page(), base_url)
    page.click("#tab-audit")
    page.evaluate("t => { document.getElementById('audit-text').value = t; }", junk_links(base_url, 2_000_000))
    page.click("#audit-run")
    page.wait_for_selector("#audit-progress", timeout=30_000)
    page.click("#audit-cancel")
    report = page.locator("#audit-report")
    assert "cancelada" in report.inner_text()
    page.wait_for_timeout(1500)                                     # the stopped audit draws nothing more
    assert "cancelada" in report.inner_text() and not page.locator("#audit-verdict").count()
    page.click("#audit-run")                                        # again, then once more at once
    page.wait_for_selector("#audit-progress", timeout=30_000)
    page.fill("#audit-text", "Nada que ver aquí")
    page.click("#audit-run")
    page.wait_for_selector("#audit-verdict", timeout=30_000)
    assert "ningún enlace" in report.inner_text()
    page.wait_for_timeout(1500)
    assert "ningún enlace" in report.inner_text(), "the older audit's report replaced the newer one"


def test_a_pasted_page_of_10000_posts_is_read_without_a_task_over_200_ms(new_context, base_url):
    """A rendered forum page of 10,000 posts pasted into the audit (its clipboard HTML, 2 MB): read
    in pieces, then put in the box with every link's address; no task over 200 ms meanwhile."""
    found = links()
    html = "".join(f'<article class="post"><p>Corvo tira 3D contra 9 = <b>1{i % 10}</b></p>'
                   f'<p><a href="{base_url}#{found[i % len(found)]}">Comprobar la tirada</a></p></article>'
                   for i in range(POSTS))
    plain = "".join(f"Corvo tira 3D contra 9 = 1{i % 10}\nComprobar la tirada\n" for i in range(POSTS))
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(PROBE)
    page = open_app(ctx.new_page(), base_url)
    page.click("#tab-audit")
    page.focus("#audit-text")
    page.evaluate("([html, plain]) => { window.probeHtml = html; window.probePlain = plain; }", [html, plain])
    page.wait_for_timeout(1000)
    page.evaluate("window.probeTasks = []")
    start = time.monotonic()
    assert page.evaluate(PASTE)            # the page takes the paste over
    page.wait_for_function("document.getElementById('audit-text').value.length > 0", timeout=120_000, polling=200)
    took = time.monotonic() - start
    longest = _longest_after(page, 0)
    text = page.locator("#audit-text").input_value()
    if os.environ.get("TIRADA_BENCH"):
        print(f"\npasted page of {POSTS} posts ({len(html)} characters of HTML): {took * 1000:.0f} ms to the text, "
              f"longest task {longest:.0f} ms")
    assert text.count(f"{base_url}#t") == POSTS
    assert longest <= LIMIT_MS, f"a task of {longest:.0f} ms on the audit tab"


def test_the_userscript_on_10000_links_runs_no_task_over_200_ms(new_context, base_url, big_forum):
    """The userscript on the same 10,000 posts, the forum on another site (``localhost``, as a real
    forum is): every link marked ✔, no task over 200 ms on the forum page once it is parsed, while
    the userscript reads the posts, draws the marks, sends them and takes the frame's answers (the
    frame works in its own process)."""
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(PROBE)
    with_userscript(ctx, base_url)
    page = ctx.new_page()
    start = time.monotonic()
    page.goto(big_forum.replace("127.0.0.1", "localhost") + "big.html")
    page.wait_for_function("n => document.querySelectorAll('tirada-marca').length === n && "
                           "!document.querySelector('tirada-marca[data-tirada=wait]')", arg=POSTS,
                           timeout=240_000, polling=500)
    took = time.monotonic() - start
    # the forum's own parsing of its 10,000 posts (before domInteractive) is not the userscript's
    parsed = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
    longest = max([duration for begin, duration in page.evaluate("window.probeTasks") if begin >= parsed], default=0)
    ok = page.evaluate("document.querySelectorAll('tirada-marca[data-tirada=ok]').length")
    if os.environ.get("TIRADA_BENCH"):
        print(f"\nuserscript on {POSTS} links: {took * 1000:.0f} ms to the last mark, longest forum task {longest:.0f} ms")
    assert ok == POSTS
    assert longest <= LIMIT_MS, f"a task of {longest:.0f} ms on the forum page"


ROWS = 1500


def test_a_report_of_1500_rows_is_drawn_and_redrawn_in_english_without_a_task_over_200_ms(new_context, base_url):
    """A thread of one roller's 1,500 rolls: its chain's 1,500 rows are drawn a few dozen a turn
    (audit_view.render_slices), and drawn again the same way when the language changes (it was one
    task of the whole report; the box of the thread's text, lang="" as its forum wrote it in any
    language, is not laid out again either); no task over 200 ms in either."""
    from tirada.links.chain import ChainState, next_link

    state, lines = ChainState("Corvo", "Arenas"), []
    for i in range(ROWS):
        fragment, state = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": f"{i:032x}"}, state, i)
        lines.append(f"Corvo tira 1d6\nComprobar la tirada {base_url}#{fragment}")
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(PROBE)
    page = open_app(ctx.new_page(), base_url)
    page.click("#tab-audit")
    page.evaluate("t => { document.getElementById('audit-text').value = t; }", "\n\n".join(lines))
    page.wait_for_timeout(1000)
    page.evaluate("window.probeTasks = []")
    start = time.monotonic()
    page.click("#audit-run")
    page.wait_for_function(DONE + f" && document.querySelectorAll('#audit-report li.ok').length === {ROWS}",
                           timeout=240_000, polling=500)
    took = time.monotonic() - start
    drawn = _longest_after(page, 0)
    elements = page.evaluate("document.getElementById('audit-report').childElementCount")
    page.evaluate("window.probeTasks = []")
    switched = time.monotonic()
    page.click("#lang")
    page.wait_for_function(f"n => {{ const r = document.getElementById('audit-report'); return r.childElementCount === n"
                           f" && r.querySelectorAll('li.ok').length === {ROWS} && r.innerText.includes('Links found'); }}",
                           arg=elements, timeout=60_000, polling=100)
    redrawn = time.monotonic() - switched
    relang = _longest_after(page, 0)
    if os.environ.get("TIRADA_BENCH"):
        print(f"\nreport of {ROWS} rows: {took * 1000:.0f} ms to the whole report, longest task {drawn:.0f} ms; "
              f"the language changed: {redrawn * 1000:.0f} ms to the report redrawn, longest task {relang:.0f} ms")
    assert page.locator("#audit-report li.ok .sr-only").last.text_content() == "valid"      # the last row too
    assert drawn <= LIMIT_MS, f"a task of {drawn:.0f} ms while the report was drawn"
    assert relang <= LIMIT_MS, f"a task of {relang:.0f} ms while the report was drawn in English"
