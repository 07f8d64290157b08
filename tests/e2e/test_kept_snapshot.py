"""The kept unpacked snapshot against hostile contents (web/pyodide-start.mjs, sparse()/unsparse()).

Whatever Cache Storage holds under the kept copy's key (nothing useful, a header that lies, the raw
unpacked bytes an earlier release kept, shuffled pages), the next visit becomes ready and rolls,
and a visit after it reads a good copy again: never a page that fails at every visit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import build, open_app  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.kept_snapshot import kept_is  # noqa: E402
from helpers.offline import roll_sifrp, wait_offline_ready  # noqa: E402

#: how the page started and where the snapshot's bytes came from (web/pyodide-start.mjs)
STARTED = "[globalThis.tiradaStart, globalThis.tiradaSnapshotFrom]"
#: replaces the kept copy with a hostile one made from it (``variant``); resolves to its length
SPOIL_KEPT = """async (variant) => {
  const {unsparse} = await import('./pyodide-start.mjs');
  const cache = await caches.open('tirada-snapshot-unpacked');
  const [key] = await cache.keys();
  const kept = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  const count = new DataView(kept.buffer).getUint32(12, true);
  const header = (...words) => {
    const out = new Uint8Array(4 + 4 * words.length);
    out.set([0x54, 0x53, 0x50, 0x31]);
    words.forEach((w, i) => new DataView(out.buffer).setUint32(4 + 4 * i, w, true));
    return out;
  };
  const copy = kept.slice();
  const view = new DataView(copy.buffer);
  const data = (i) => 16 + 4 * count + 4096 * i;  // where the i-th kept page's bytes start
  let body;
  if (variant === 'empty') body = new Uint8Array(0);
  else if (variant === 'magic only') body = copy.subarray(0, 4);
  else if (variant === 'huge length') body = header(0xFFFFFFFF, 4096, 0);
  else if (variant === 'huge count') body = header(1 << 20, 4096, 0xFFFFFFFF);
  else if (variant === 'old format') body = unsparse(kept);  // the previous release kept the raw bytes
  else if (variant === 'truncated') body = kept.subarray(0, kept.length >> 1);  // a half-written entry
  else if (variant === 'length off') { view.setUint32(4, view.getUint32(4, true) + 4096, true); body = copy; }
  else if (variant === 'page beyond') { view.setUint32(16 + 4 * (count - 1), 0x7FFFFFFF, true); body = copy; }
  else if (variant === 'page numbers shuffled') {
    const [a, b] = [view.getUint32(36, true), view.getUint32(40, true)];  // the 6th and 7th
    view.setUint32(36, b, true); view.setUint32(40, a, true); body = copy;
  } else if (variant === 'page repeated') { view.setUint32(40, view.getUint32(36, true), true); body = copy; }
  else if (variant === 'pages swapped') {  // numbers in order, two pages' bytes exchanged
    copy.set(kept.subarray(data(5), data(6)), data(6)); copy.set(kept.subarray(data(6), data(7)), data(5)); body = copy;
  } else throw new Error(variant);
  await cache.put(key, new Response(body));
  return body.length;
}"""
#: sparse() then unsparse() over edge cases (all zero, a short last page kept or dropped, a buffer not
#: 4-byte aligned, one byte, runs of consecutive pages between zero ones), and unsparse() refusing damaged copies: a list of failures
SPARSE_CASES = """async () => {
  const {sparse, unsparse} = await import('./pyodide-start.mjs');
  const bad = [];
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const make = (n, nonzero) => { const b = new Uint8Array(n); for (const i of nonzero) b[i] = 7; return b; };
  const cases = {empty: make(0, []), one: make(1, [0]), zeros: make(3 * 4096 + 5, []),
    shortLastKept: make(2 * 4096 + 10, [1, 2 * 4096 + 9]), shortLastDropped: make(2 * 4096 + 10, [4096]),
    exact: make(4 * 4096, [0, 3 * 4096 + 4095]),
    runs: make(9 * 4096 + 100, [10, 4096 + 1, 2 * 4096 + 2, 4 * 4096, 5 * 4096 + 4095, 7 * 4096 + 7, 9 * 4096 + 99]),
    unaligned: new Uint8Array(make(3 * 4096 + 1, [5000, 12288]).buffer, 1)};
  for (const [name, bytes] of Object.entries(cases)) {
    const packed = sparse(bytes);
    if (!same(unsparse(packed), bytes)) bad.push(name);
  }
  if (sparse(cases.zeros).length !== 16) bad.push('zeros not dropped');
  const good = sparse(cases.shortLastKept);
  for (const [name, damaged] of [['truncated', good.subarray(0, good.length - 1)], ['magic', Uint8Array.of(1, 2, 3, 4, ...good.subarray(4))],
                                 ['short', good.subarray(0, 8)], ['long', Uint8Array.of(...good, 0)]]) {
    try { unsparse(damaged); bad.push('accepted ' + name); } catch (err) { /* refused: good */ }
  }
  return bad;
}"""
HOSTILE = ("empty", "magic only", "huge length", "huge count", "old format", "page beyond",
           "page numbers shuffled", "page repeated", "length off", "truncated")



def installed(new_context, base_url):
    """A context whose worker has precached the site and whose kept copy is good; its watcher."""
    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    first = open_app(ctx.new_page(), base_url)
    wait_offline_ready(first)
    second = open_app(ctx.new_page(), base_url)
    second.wait_for_function(kept_is("good"), timeout=60_000)
    return ctx, watch, second


@pytest.fixture
def snapshot_built():
    if not (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        pytest.skip("built with TIRADA_SNAPSHOT=0: nothing is kept")


@pytest.mark.usefixtures("snapshot_built")
def test_hostile_kept_copy_is_not_used(new_context, base_url):
    """Each hostile kept copy is refused before it reaches Pyodide: the visit unpacks the precached
    snapshot, starts from it, rolls, and keeps a good copy again (the next one is spoiled from it)."""
    ctx, _, page = installed(new_context, base_url)
    for variant in HOSTILE:
        assert page.evaluate(SPOIL_KEPT, variant) >= 0
        page = open_app(ctx.new_page(), base_url)
        # refused by unsparse() before Pyodide sees anything (the format, the page order, the
        # build's SNAPSHOT_LENGTH): the visit unpacks the precached snapshot instead
        assert page.evaluate(STARTED) == ["snapshot", "precache"], variant
        roll_sifrp(page, variant)
        assert variant in page.locator("#history-list li").first.inner_text()
        page.wait_for_function(kept_is("good"), timeout=60_000)


@pytest.mark.usefixtures("snapshot_built")
def test_kept_copy_that_boots_into_a_failure_is_dropped(new_context, base_url):
    """A kept copy that unpacks and boots but holds a damaged memory (two pages' bytes exchanged):
    that visit may fail (saying so, never blank), but it drops the copy, so the next visit starts
    from the precached snapshot and rolls: never a page that fails at every visit."""
    ctx, watch, page = installed(new_context, base_url)
    page.evaluate(SPOIL_KEPT, "pages swapped")
    damaged = ctx.new_page()
    damaged.goto(base_url)
    damaged.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=90_000)
    if damaged.evaluate("document.documentElement.dataset.engine") == "failed":
        assert damaged.locator("#loading").is_visible()
        damaged.wait_for_function(kept_is("0 kept"), timeout=30_000)
    # closed before the next visit rolls: that roll's storage event would otherwise wake this tab's
    # damaged memory again (on_storage), and its errors are this test's doing, not the page's
    damaged.close()
    watch.errors.clear()  # the damaged memory's own errors
    page = open_app(ctx.new_page(), base_url)
    assert page.evaluate(STARTED)[0] == "snapshot"
    roll_sifrp(page, "Tras la copia dañada")
    assert "Tras la copia dañada" in page.locator("#history-list li").first.inner_text()
    page.wait_for_function(kept_is("good"), timeout=60_000)


@pytest.mark.usefixtures("snapshot_built")
def test_two_tabs_keep_one_copy_then_an_offline_visit_reads_it(new_context, base_url):
    """Two tabs opened at once on a controlled visit both unpack and keep the snapshot: one good
    copy stays. A third visit, offline, starts from it, rolls, and its audit view (loaded lazily
    once the page is ready) checks a link at once."""
    from playwright.sync_api import expect

    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    first = open_app(ctx.new_page(), base_url)
    wait_offline_ready(first)
    link = roll_sifrp(first, "Antes de las dos pestañas")
    first.close()
    tabs = [ctx.new_page(), ctx.new_page()]
    for tab in tabs:
        tab.goto(base_url, wait_until="commit")  # both start before either has kept a copy
    for tab in tabs:
        tab.wait_for_function("document.documentElement.dataset.engine !== 'loading'", timeout=90_000)
        assert tab.evaluate(STARTED) == ["snapshot", "precache"]
    for name, tab in zip("AB", tabs):
        roll_sifrp(tab, f"Pestaña {name}")
    tabs[0].wait_for_function(kept_is("good"), timeout=60_000)
    ctx.set_offline(True)
    third = open_app(ctx.new_page(), base_url)
    assert third.evaluate(STARTED) == ["snapshot", "unpacked"]
    third.click("#tab-audit")
    third.fill("#audit-text", f"Mensaje 1: {link}")
    third.click("#audit-run")
    expect(third.locator("#audit-report")).to_contain_text("Enlaces encontrados: 1")
    expect(third.locator("#audit-report")).to_contain_text("Antes de las dos pestañas")
    roll_sifrp(third, "Sin conexión")
    assert "Sin conexión" in third.locator("#history-list li").first.inner_text()


def test_kept_snapshot_format_round_trips(new_context, base_url):
    """The kept copy's sparse format (web/pyodide-start.mjs): every edge case unpacks to the same
    bytes, all-zero pages take no room, and a damaged copy is refused (the tests below: the page then
    unpacks the precached snapshot again)."""
    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = ctx.new_page()
    page.goto(base_url)
    assert page.evaluate(SPARSE_CASES) == []

