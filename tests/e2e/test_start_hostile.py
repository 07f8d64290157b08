"""Hostile conditions for the start-up shortcuts of web/pyodide-start.mjs and web/shell/page.py (issue #16).

- Pyodide's WebAssembly read from Cache Storage on a visit the worker controls (wasmFromCaches):
  a Cache Storage that refuses, or a precache without the entry, goes to the network (the worker);
  a damaged entry, which the worker's precache route would serve again, is dropped after the
  snapshot start fails on it, so that the plain start and later visits get the host's copy. The
  page starts each time, and fetch() is never left wrapped.
- PyScript's Python set-up recognised by its build-time fingerprint (importPyscriptFromApp): a
  set-up text of another build runs as written, and the page works.
- The static texts are not rewritten at start-up when the page shows the language it is built in
  (page.apply_lang): an English browser, a remembered "en" and a switch then a reload each show
  every [data-i18n] text and [data-i18n-attr] attribute in their language.
"""

from __future__ import annotations

import re
import sys

import pytest

from conftest import ROOT, build, open_app

pytest.importorskip("playwright.sync_api")

from shell.strings import STRINGS, t  # noqa: E402  (web/shell/strings.py: the page's texts)

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.offline import roll_sifrp, wait_offline_ready  # noqa: E402

#: how the page started and where its WebAssembly and PyScript's package came from; whether
#: fetch() is the browser's own again
STARTED = """[globalThis.tiradaStart, globalThis.tiradaSnapshotReason, globalThis.tiradaWasmFrom,
  globalThis.tiradaPyscriptFrom, String(globalThis.fetch).includes('[native code]')]"""

#: changes the precached pyodide.asm.wasm: "delete" it, or put a "truncated" copy or one as long
#: but all zeros ("zeros") in its place; resolves to the number of entries changed
SPOIL_WASM = """async (how) => {
  let changed = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) {
      if (!new URL(req.url).pathname.endsWith('/pyodide/pyodide.asm.wasm')) continue;
      const body = new Uint8Array(await (await cache.match(req)).arrayBuffer());
      if (how === 'delete') await cache.delete(req);
      else if (how === 'truncated') await cache.put(req, new Response(body.subarray(0, 4096), {headers: {'content-type': 'application/wasm'}}));
      else await cache.put(req, new Response(new Uint8Array(body.length), {headers: {'content-type': 'application/wasm'}}));
      changed++;
    }
  }
  return changed;
}"""

#: Cache Storage refusing to read Pyodide's WebAssembly (as a browser's storage may)
REFUSE_WASM = """(() => {
  if (typeof CacheStorage !== 'function') return; // not the page (a worker)
  const match = CacheStorage.prototype.match;
  CacheStorage.prototype.match = function (request, options) {
    if (String(request?.url ?? request).includes('pyodide.asm.wasm')) return Promise.reject(new DOMException('refused', 'SecurityError'));
    return match.call(this, request, options);
  };
})()"""


def controlled(new_context, base_url):
    """A context whose service worker has precached everything: ``(context, watch)``."""
    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    first = open_app(ctx.new_page(), base_url)
    wait_offline_ready(first)
    first.close()
    return ctx, watch


@pytest.mark.parametrize("spoil", ["refused", "delete", "truncated", "zeros"])
def test_warm_start_without_a_usable_precached_webassembly(new_context, base_url, spoil):
    if not (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        return  # built with TIRADA_SNAPSHOT=0: no controlled start reads Cache Storage
    ctx, _ = controlled(new_context, base_url)
    if spoil == "refused":
        ctx.add_init_script(REFUSE_WASM)
    else:
        page = ctx.new_page()
        page.goto(base_url)
        assert page.evaluate(SPOIL_WASM, spoil) == 1
        page.close()
    page = open_app(ctx.new_page(), base_url)
    started = page.evaluate(STARTED)
    if spoil in ("refused", "delete"):
        # not in Cache Storage: through the worker (whose precache route falls back to the host)
        assert started == ["snapshot", "local", "network", "app.zip", True]
    else:
        # the precached copy does not compile: the snapshot start fails on it and drops it, the
        # plain start gets the host's copy through the worker, and so does the next visit
        assert started == ["plain", "local", "network", "app.zip", True]
        assert page.evaluate("globalThis.tiradaWasmDropped") is True
        again = open_app(ctx.new_page(), base_url)
        assert again.evaluate(STARTED) == ["snapshot", "local", "network", "app.zip", True]
    roll_sifrp(page, f"WebAssembly {spoil}")
    assert f"WebAssembly {spoil}" in page.locator("#history-list li").first.inner_text()


def test_a_pyscript_set_up_of_another_build_runs_as_written(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="block")

    def other_fingerprint(route):
        body = route.fetch().text()
        body, count = re.subn(r'"pyscript_setup":"[^"]+"', '"pyscript_setup":"1:00000000"', body)
        assert count == 1, "the build wrote START.pyscript_setup"
        route.fulfill(body=body, content_type="text/javascript")

    ctx.route("**/generated.mjs", other_fingerprint)
    page = open_app(ctx.new_page(), base_url)
    assert page.evaluate(STARTED)[:4] == ["plain", "first visit", None, "written"]
    roll_sifrp(page, "Escrito")
    assert "Escrito" in page.locator("#history-list li").first.inner_text()


#: every [data-i18n] element's key and text, and every [data-i18n-attr] attribute's key and value
STATIC_TEXTS = """() => [...document.querySelectorAll('[data-i18n]')].map((n) => [n.dataset.i18n, n.textContent])
  .concat([...document.querySelectorAll('[data-i18n-attr]')].flatMap((n) => n.dataset.i18nAttr.split(';')
    .map((pair) => [pair.split(':')[1], n.getAttribute(pair.split(':')[0])])))"""


def assert_static_texts_in(page, lang: str) -> None:
    found = page.evaluate(STATIC_TEXTS)
    assert len(found) > 300
    wrong = [(key, text) for key, text in found if key in STRINGS and text != t(key, lang)]
    assert wrong == [], f"static texts not in {lang}: {wrong[:5]}"
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.title() == t("app.title", lang)


def test_english_visitors_see_every_static_text_in_english(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow", locale="en-US")
    first = open_app(ctx.new_page(), base_url)
    assert_static_texts_in(first, "en")
    wait_offline_ready(first)
    page = open_app(ctx.new_page(), base_url)  # a warm start too
    assert_static_texts_in(page, "en")
    page.click("#lang")
    assert_static_texts_in(page, "es")
    page = open_app(page, page.url)  # load it again
    assert_static_texts_in(page, "es")  # remembered; the page as built
    page.click("#lang")
    page = open_app(page, page.url)  # load it again
    assert_static_texts_in(page, "en")
    # a remembered "en" in a Spanish browser
    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, locale="es-ES", service_workers="allow")
    ctx.add_init_script("try { localStorage.getItem('tirada.lang') || localStorage.setItem('tirada.lang', JSON.stringify('en')) } catch {}")
    assert_static_texts_in(open_app(ctx.new_page(), base_url), "en")
