"""Offline and updates (issue #9): the Workbox service worker of dist/sw.js.

- second visit with the network off: reload, roll, open a share link — all from the precache;
- a new deploy: the page offers "Nueva versión disponible — Recargar", keeps serving the old files
  until the user accepts, then reloads onto the new ones with the stored data untouched.

Requests answered by the service worker are invisible to page.route; conftest's Watch also
listens to context.on("request"), so every request is still checked to stay on localhost.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ARGS, CHROMIUM, READY, READY_TIMEOUT_MS, Watch, build, open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.offline import cached_urls, dice, precached, roll_sifrp, wait_offline_ready  # noqa: E402


def test_worker_precaches_every_file_with_content_hashes():
    sw = (build.DIST / "sw.js").read_text(encoding="utf-8")
    assert "importScripts" not in sw and "cdn" not in sw.lower()  # Workbox runtime inlined
    entries = precached(build.DIST)
    files = {p.relative_to(build.DIST).as_posix() for p in build.DIST.rglob("*") if p.is_file()} - {"sw.js"}
    # the engine wheel is for scripts and bots, the preview card for link previewers, the userscript
    # for userscript managers; the page never loads them (issue #16: only what runs)
    files = {f for f in files if not f.startswith("wheels/") and f not in ("og-image.png", "tirada.user.js")}
    assert set(entries) == files
    for url in ("index.html", "manifest.webmanifest", "icons/icon-512.png", "pyodide/pyodide.asm.wasm"):
        assert entries[url] == hashlib.md5((build.DIST / url).read_bytes()).hexdigest()


def test_installable_by_chromium(browser, base_url, tmp_path):
    """Chromium's own installability check (DevTools) finds nothing missing; the manifest parses."""
    ctx = browser.browser_type.launch_persistent_context(  # incognito contexts are never installable
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, locale="es-ES")
    watch = Watch()
    watch.attach(ctx)
    try:
        page = ctx.new_page()
        page = open_app(page, base_url)
        wait_offline_ready(page)
        cdp = ctx.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        data = json.loads(manifest["data"])
        sizes = {(i["sizes"], i.get("purpose", "any")) for i in data["icons"] if i["type"] == "image/png"}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
        for icon in data["icons"]:
            assert page.request.get(base_url + icon["src"]).ok
    finally:
        ctx.close()
    watch.assert_clean()


def test_second_visit_works_offline(new_context, base_url):
    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = open_app(ctx.new_page(), base_url)
    assert wait_offline_ready(page).endswith("/sw.js")
    link = roll_sifrp(page, "Antes de perder la conexión")
    shown = dice(page)
    failed = []
    ctx.on("requestfailed", lambda r: failed.append(r.url))

    ctx.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.evaluate("navigator.onLine") is False
    # the history survived and a new roll works with no network at all
    assert "Antes de perder la conexión" in page.locator("#history-list").inner_text()
    roll_sifrp(page, "Sin conexión")
    assert page.locator("#result .total").is_visible()
    assert "Sin conexión" in page.locator("#history-list li").first.inner_text()
    # a share link opened in a new tab, still offline: the same dice, marked as shared
    other = ctx.new_page()
    other = open_app(other, link)
    other.wait_for_selector("#shared .total")
    assert dice(other) == shown
    # the reading core verified it first on MicroPython, from the precache too (issue #41)
    assert other.evaluate("globalThis.tiradaCore") == "verified"
    assert other.locator("#shared").is_visible()
    assert failed == [], f"requests failed offline: {failed}"
    assert watch.errors == []


class CountingHandler(build.QuietHandler):
    """The static server, counting the bodies it sends (200) and the revalidations (304) per path."""

    sent: list = []

    def send_response(self, code, message=None) -> None:
        CountingHandler.sent.append((self.path.split("?")[0].lstrip("/"), code))
        super().send_response(code, message)


def test_first_visit_downloads_each_file_once(browser, tmp_path):
    """Issue #16: filling the precache reuses the browser's HTTP cache (tools/sw-src.js asks with
    "no-cache": a revalidation answered 304), so a first visit sends no file's body twice (before,
    Workbox's cache "reload" fetched all of them again: about 12 MB more)."""
    import functools
    import socketserver

    CountingHandler.sent = []
    server = socketserver.ThreadingTCPServer(
        ("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(build.DIST)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    # A disk HTTP cache, as a visitor's browser has. Playwright turns the HTTP cache off in a context
    # with routes, so other hosts are refused by the browser's resolver instead of conftest's route
    # (Watch still records any request that leaves localhost, and console errors).
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, locale="es-ES",
        args=[*ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    watch = Watch()
    ctx.on("request", lambda req: watch._check(req.url))
    ctx.on("page", watch.watch_page)
    try:
        page = open_app(ctx.new_page(), url)
        wait_offline_ready(page)   # active after its install: every precache entry is stored
        stored = page.evaluate("""async () => {
          let n = 0;
          for (const name of await caches.keys()) n += (await (await caches.open(name)).keys()).length;
          return n;
        }""")
    finally:
        ctx.close()
        server.shutdown()
    watch.assert_clean()
    entries = precached(build.DIST)
    assert stored == len(entries)
    bodies: dict = {}
    for path, code in CountingHandler.sent:   # by address: "/" (the visit) is not "index.html" (the
        if code == 200:                       # precache's copy of it, a few KB) for the HTTP cache
            bodies[path or "/"] = bodies.get(path or "/", 0) + 1
    twice = {path: n for path, n in bodies.items() if n > 1}
    assert not twice, f"sent more than once: {twice}"
    assert {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "app.zip"} <= set(bodies)
    assert any(code == 304 for _, code in CountingHandler.sent)   # the precache revalidated


@pytest.fixture
def deploy(tmp_path):
    """A copy of dist/ served on its own port, so the test can publish a "new version" of it."""
    site = tmp_path / "site"
    shutil.copytree(build.DIST, site)
    server = build.make_server(0, site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def publish_new_version(site) -> str:
    """Change one file of the copy and regenerate its service worker, as a new deploy would."""
    marker = "/* deploy 2 */"
    with open(site / "style.css", "a", encoding="utf-8") as f:
        f.write(f"\n{marker}\n")
    subprocess.run(["node", str(build.ROOT / "tools" / "sw.mjs"), str(site)], check=True, capture_output=True)
    return marker


def test_new_deploy_offers_reload_and_keeps_data(new_context, deploy):
    site, url = deploy
    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = open_app(ctx.new_page(), url)
    wait_offline_ready(page)
    roll_sifrp(page, "Tirada antes del cambio")
    stored = page.evaluate("localStorage.getItem('tirada.history.v1')")
    assert "Tirada antes del cambio" in stored
    old_css = page.evaluate("fetch('./style.css').then(r => r.text())")

    marker = publish_new_version(site)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    button = page.locator("#update-reload")
    button.wait_for(timeout=60_000)
    offer = page.locator("#update")
    assert offer.get_attribute("role") == "status"
    assert offer.inner_text().startswith("Nueva versión disponible") and button.inner_text() == "Recargar"
    # the offer follows the language
    page.click("#lang")
    page.wait_for_function("document.getElementById('update').textContent.includes('New version available')")
    assert page.locator("#update-reload").inner_text() == "Reload"
    # until the user accepts, the old worker keeps serving the old files: never a mix
    assert page.evaluate("fetch('./style.css').then(r => r.text())") == old_css
    assert marker not in old_css

    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert marker in page.evaluate("fetch('./style.css').then(r => r.text())")
    # stored data untouched: the same history and the chosen language
    assert page.evaluate("localStorage.getItem('tirada.history.v1')") == stored
    assert "Tirada antes del cambio" in page.locator("#history-list").inner_text()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#update").inner_text() == ""
    # one precache, holding only the new revisions (old entries cleaned when the new worker took over)
    keys = cached_urls(page)
    css = [k for k in keys if "/style.css" in k]
    assert len(css) == 1, css
    assert watch.errors == []
