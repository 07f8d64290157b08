"""Ship only what runs (issue #16).

- The trimmed standard library of dist/pyodide/ holds every module the engine and the page import:
  Pyodide under Node boots on it and imports every engine and page module (tools/pyodide_build.mjs).
- Every runtime file (Pyodide, PyScript, the start module, the snapshot) that the service worker
  precaches is requested by the page while it starts, opens every view, rolls and, on a later
  visit, opens a link; and every file the page requests is precached (so it works offline). An
  unused file fails here.
- The page starts from the memory snapshot, on a first visit too unless the browser is asked to
  save data (then from the worker's copy on later visits), and plainly when the snapshot cannot be
  had (web/pyodide-start.mjs). A visit the worker controls reads the snapshot from Cache Storage
  (the precache entry, then the unpacked copy kept by the first such visit).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT, build, open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.offline import precached, roll_sifrp, wait_offline_ready  # noqa: E402

#: what the browser says of the link (navigator.connection), set before the page's scripts run
LINK = "Object.defineProperty(navigator, 'connection', {{value: {{downlink: {downlink}, saveData: {save}}}}});"
#: the start module's choice: how Pyodide started, and why
STARTED = "[globalThis.tiradaStart, globalThis.tiradaSnapshotReason]"

#: resolves true once the unpacked snapshot is kept (web/pyodide-start.mjs, UNPACKED)
KEPT = "caches.open('tirada-snapshot-unpacked').then((c) => c.keys()).then((keys) => keys.length === 1)"
#: files precached for the installed app, not requested by a page in a tab
NOT_REQUESTED_BY_THE_PAGE = ("manifest.webmanifest", "icons/")


def test_trimmed_stdlib_imports_every_engine_and_page_module():
    stdlib = build.DIST / "pyodide" / "python_stdlib.zip"
    full = build.PYODIDE_DIR / "python_stdlib.zip"
    assert stdlib.stat().st_size < full.stat().st_size / 2  # really trimmed
    proc = subprocess.run(["node", str(ROOT / "tools" / "pyodide_build.mjs"), "check", str(build.DIST / "app.zip"),
                           str(stdlib), "-", ",".join(build.STDLIB_EXTRA)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "every engine and page module imports" in proc.stdout


def test_no_unused_runtime_file_is_shipped_or_precached(new_context, base_url):
    # a first visit saving data (no snapshot), then a later one (the snapshot, from the worker)
    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    ctx.add_init_script(LINK.format(downlink=2, save="true"))
    page = ctx.new_page()
    asked = set()
    page.on("request", lambda r: asked.add(r.url.removeprefix(base_url).split("?")[0].split("#")[0]))
    open_app(page, base_url)
    for tab in ("audit", "scene", "brs", "data", "roll"):
        page.click(f"#tab-{tab}")
    link = roll_sifrp(page, "Todo lo que se usa")
    wait_offline_ready(page)
    other = ctx.new_page()
    other.on("request", lambda r: asked.add(r.url.removeprefix(base_url).split("?")[0].split("#")[0]))
    open_app(other, link)
    other.wait_for_selector("#shared .total")  # a roll link opens on the shared-roll view (issue #14)
    if (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        assert page.evaluate(STARTED) == ["plain", "plain"]
        assert other.evaluate(STARTED) == ["snapshot", "local"]
        # a controlled visit reads the snapshot from Cache Storage itself, not with a request
        assert other.evaluate("globalThis.tiradaSnapshotFrom") == "precache"
        asked.add(f"pyodide/{build.SNAPSHOT}")
    asked.discard("")
    asked.add("index.html")  # "/" is the page

    cache = set(precached(build.DIST))
    unused = {url for url in cache - asked if not url.startswith(NOT_REQUESTED_BY_THE_PAGE)}
    assert unused == set(), f"precached but never requested by the page: {sorted(unused)}"
    assert asked - cache == set(), f"requested but not precached (breaks offline): {sorted(asked - cache)}"
    for folder in ("pyodide", "pyscript"):
        shipped = {p.relative_to(build.DIST).as_posix() for p in (build.DIST / folder).iterdir()}
        assert shipped <= asked, f"shipped in dist/{folder} but never requested: {sorted(shipped - asked)}"
    assert not any("micropip" in url or "xterm" in url or "codemirror" in url for url in cache)


def test_snapshot_on_a_first_visit_unless_saving_data(new_context, base_url):
    """A first visit fetches the snapshot (on a slow link too: measured, it still pays) unless the
    browser is asked to save data; once the service worker holds it, every visit starts from it."""
    if not (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        return  # built with TIRADA_SNAPSHOT=0: nothing to start from
    cases = ((10, "false", ["snapshot", "first visit"]), (2, "false", ["snapshot", "first visit"]),
             (10, "true", ["plain", "plain"]))
    for downlink, save, first in cases:
        ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
        ctx.add_init_script(LINK.format(downlink=downlink, save=save))
        asked = []
        page = ctx.new_page()
        page.on("request", lambda r, asked=asked: asked.append(r.url))  # the page's, not the worker's
        open_app(page, base_url)
        assert page.evaluate(STARTED) == first, (downlink, save)
        fetched = any(url.endswith("/" + build.SNAPSHOT) for url in asked)
        assert fetched == (first[0] == "snapshot"), (downlink, save)
        wait_offline_ready(page)
        again = open_app(ctx.new_page(), base_url)
        assert again.evaluate(STARTED) == ["snapshot", "local"], (downlink, save)
        roll_sifrp(again, "Desde la instantánea")
        assert "Desde la instantánea" in again.locator("#history-list li").first.inner_text()
        # that visit unpacked the precached snapshot and kept the bytes: the next one reads them back
        assert again.evaluate("globalThis.tiradaSnapshotFrom") == "precache"
        again.wait_for_function(KEPT)
        third = open_app(ctx.new_page(), base_url)
        assert third.evaluate(STARTED + ".concat(globalThis.tiradaSnapshotFrom)") == ["snapshot", "local", "unpacked"]
        roll_sifrp(third, "Desde la copia")
        assert "Desde la copia" in third.locator("#history-list li").first.inner_text()


def test_plain_start_when_the_snapshot_fails(new_context, base_url):
    """A damaged or missing snapshot: the page starts without it and works (never a blank page)."""
    for answer in ({"status": 404, "body": "gone"}, {"status": 200, "body": b"\x1f\x8bnot gzip at all"}):
        ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
        ctx.route("**/pyodide/snapshot.bin.gz", lambda route, _req=None, answer=answer: route.fulfill(**answer))
        page = open_app(ctx.new_page(), base_url)
        assert page.evaluate(STARTED) == ["plain", "first visit"]
        roll_sifrp(page, "Sin instantánea")
        assert "Sin instantánea" in page.locator("#history-list li").first.inner_text()
        watch.errors[:] = [e for e in watch.errors if "404" not in e]  # the refused snapshot itself
