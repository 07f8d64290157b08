"""Hosting (issue #17): the folder of ``build.py deploy`` served under a sub-path of another origin,
and a new release published over an installed old one.

- Sub-path: ``/juegos/tirada/`` on ``localhost`` (the other tests use ``127.0.0.1``): the page
  starts, rolls, its share link hangs from the page's own URL, the link opens, and everything works
  again offline; no request leaves the sub-path and the service worker's scope is the sub-path only.
- Update: release A is installed (service worker), release B is published at the same URL with a
  marker in each kind of file (page, style, loader, PyScript's main, the Python archive). Until the
  player accepts, every tab runs A entirely; on consent the page reloads onto B entirely, other
  open tabs are offered a reload too, the stored data and old links still work.

Requests answered by the service worker are invisible to page.route; conftest's Watch also
listens to context.on("request"), and the servers here record every path they are asked for.
"""

from __future__ import annotations

import functools
import socketserver
import struct
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from conftest import READY, READY_TIMEOUT_MS, build, open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.offline import cached_urls, dice, roll_sifrp, wait_offline_ready, worker_scope  # noqa: E402

SUB = "/juegos/tirada/"
#: which release each kind of file of the running page came from ("A" = no marker)
RELEASE = """() => {
  const d = document.documentElement.dataset;
  const meta = document.querySelector('meta[name="tirada-release"]');
  return {
    page: meta ? meta.content : "A",
    style: getComputedStyle(document.documentElement).getPropertyValue('--tirada-release').trim() || "A",
    loader: d.releaseLoader || "A",
    main: d.releaseMain || "A",
    archive: d.releaseArchive || "A",
  };
}"""
ALL_A = dict.fromkeys(("page", "style", "loader", "main", "archive"), "A")
ALL_B = dict.fromkeys(ALL_A, "B")


class Site:
    """A web root served on localhost that records every path asked for; the Tirada folder goes in
    ``root / SUB`` (written by build.export_site, as ``build.py deploy`` does)."""

    def __init__(self, root):
        self.root = root
        self.paths: list = []
        paths = self.paths

        class Recording(build.QuietHandler):
            def send_head(self):
                paths.append(self.path)
                return super().send_head()

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0),
                                                      functools.partial(Recording, directory=str(root)))
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://localhost:{self.server.server_address[1]}"
        self.url = self.origin + SUB
        self.folder = root / SUB.strip("/")

    def deploy(self):
        self.folder.parent.mkdir(parents=True, exist_ok=True)
        build.export_site(build.DIST, self.folder, self.url)
        return self


@pytest.fixture
def site(tmp_path):
    www = tmp_path / "www"
    www.mkdir()
    (www / "index.html").write_text("<!doctype html><title>Another site</title><p>Not Tirada</p>")
    s = Site(www).deploy()
    yield s
    s.server.shutdown()


def png_size(data: bytes) -> tuple:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_under_a_sub_path_roll_link_offline(new_context, site):
    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = open_app(ctx.new_page(), site.url)
    wait_offline_ready(page)
    assert worker_scope(page) == site.url  # the worker's scope is the sub-path, not the origin
    link = roll_sifrp(page, "Bajo una subruta")
    assert link.startswith(site.url + "#")  # the page's own URL, whatever its host and path
    shown = dice(page)

    # the preview card points at this deployment, and its image is there
    og = page.locator('meta[property="og:image"]').get_attribute("content")
    assert og == site.url + "og-image.png"
    assert page.locator('meta[property="og:url"]').get_attribute("content") == site.url
    assert png_size(page.request.get(og).body()) == (1200, 630)

    other = open_app(ctx.new_page(), link)
    other.wait_for_selector("#shared .total")   # a link opens on the shared-roll view
    assert dice(other) == shown and other.locator("#shared").is_visible()
    other.close()

    ctx.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert "Bajo una subruta" in page.locator("#history-list").inner_text()
    roll_sifrp(page, "Sin red")
    assert "Sin red" in page.locator("#history-list li").first.inner_text()
    offline = open_app(ctx.new_page(), link)
    offline.wait_for_selector("#shared .total")   # a link opens on the shared-roll view
    assert dice(offline) == shown and offline.locator("#shared").is_visible()
    offline.close()
    ctx.set_offline(False)

    # nothing was ever asked for outside the sub-path
    assert site.paths and all(p.startswith(SUB) for p in site.paths), [p for p in site.paths if not p.startswith(SUB)]
    # and the worker does not take over the rest of the origin
    page.goto(site.origin + "/")
    assert page.title() == "Another site"
    assert page.evaluate("navigator.serviceWorker.controller") is None
    assert watch.errors == []


def publish_release_b(folder) -> None:
    """Overwrite the deployed folder with "release B": a marker in the page, the style sheet, the
    loader, the page's PyScript script (inline in the page) and the Python archive; the service worker
    regenerated as a build
    would (tools/sw.mjs)."""
    page = folder / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "<head>", '<head>\n  <meta name="tirada-release" content="B">', 1), encoding="utf-8")
    with open(folder / "style.css", "a", encoding="utf-8") as f:
        f.write('\n:root { --tirada-release: B; }\n')
    with open(folder / "loader.js", "a", encoding="utf-8") as f:
        f.write('\ndocument.documentElement.dataset.releaseLoader = "B";\n')
    script = build.PY_SCRIPT.replace("import shell.page<", 'import shell.page\nfrom pyscript import document\n'
                                     'document.documentElement.dataset.releaseMain = "B"\n<')
    page.write_text(page.read_text(encoding="utf-8").replace(build.PY_SCRIPT, script), encoding="utf-8")
    with zipfile.ZipFile(folder / "app.zip") as old:
        files = {name: old.read(name) for name in old.namelist()}
    # the archive ships bytecode only (buildtools/startup.py compile_app): release B's module goes in as
    # source, its bytecode out, and zipimport compiles it
    del files["shell/app.pyc"]
    files["shell/app.py"] = ((build.ROOT / "web" / "shell" / "app.py").read_bytes()
                             + b'\ndocument.documentElement.dataset.releaseArchive = "B"\n')
    with zipfile.ZipFile(folder / "app.zip", "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in files.items():
            new.writestr(name, data)
    subprocess.run(["node", str(build.ROOT / "tools" / "sw.mjs"), str(folder)], check=True, capture_output=True)


def release(page) -> dict:
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    return page.evaluate(RELEASE)


def test_new_release_over_an_installed_one(new_context, site):
    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = open_app(ctx.new_page(), site.url)
    wait_offline_ready(page)
    assert release(page) == ALL_A
    link = roll_sifrp(page, "Tirada de la versión A")
    shown = dice(page)
    stored = page.evaluate("localStorage.getItem('tirada.history.v1')")

    publish_release_b(site.folder)
    asked = len(site.paths)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.locator("#update-reload").wait_for(timeout=60_000)
    assert page.locator("#update").inner_text().startswith("Nueva versión disponible")
    # the new worker fetched release B's changed files in the background, revision-checked
    fetched = site.paths[asked:]
    assert any(p.startswith(SUB + "sw.js") for p in fetched)
    assert any(p.startswith(SUB + "app.zip") for p in fetched)

    # before consent: a reload and a new tab both run release A entirely, and both offer B
    page.reload()
    assert release(page) == ALL_A
    page.locator("#update-reload").wait_for(timeout=30_000)
    second = open_app(ctx.new_page(), site.url)
    assert release(second) == ALL_A
    second.locator("#update-reload").wait_for(timeout=30_000)

    # consent in the first tab: it reloads onto release B entirely
    with page.expect_navigation():
        page.click("#update-reload")
    assert release(page) == ALL_B
    assert page.locator("#update").inner_text() == ""
    # the second tab still runs A under B's worker: it is offered a reload, and reloads onto B
    second.wait_for_function("document.getElementById('update').textContent.includes('Nueva versión')")
    assert release(second) == ALL_A
    with second.expect_navigation():
        second.click("#update-reload")
    assert release(second) == ALL_B
    second.close()

    # the stored data and a link made on release A survive the update
    assert page.evaluate("localStorage.getItem('tirada.history.v1')") == stored
    assert "Tirada de la versión A" in page.locator("#history-list").inner_text()
    old = open_app(ctx.new_page(), link)
    assert release(old) == ALL_B
    old.wait_for_selector("#shared .total")   # a link opens on the shared-roll view
    assert dice(old) == shown and old.locator("#shared").is_visible()
    # one precache holding only release B's revisions of the changed files
    keys = cached_urls(page)
    assert len([k for k in keys if "/app.zip" in k]) == 1 and len([k for k in keys if "/index.html" in k]) == 1
    assert watch.errors == []
