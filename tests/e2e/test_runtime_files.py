"""Ship only what runs (issue #16).

- The trimmed standard library of dist/pyodide/ holds every module the engine and the page import:
  Pyodide under Node boots on it and imports every engine and page module (tools/pyodide_build.mjs).
- Every runtime file (Pyodide, PyScript, the start module, the snapshot) that the service worker
  precaches is requested by the page while it starts, opens every view, rolls and, on a later
  visit, opens a link; and every file the page requests is precached (so it works offline). An
  unused file fails here.
- A first visit starts plainly (the standard library and the engine are compiled bytecode); every
  visit the service worker controls starts from the memory snapshot, and plainly when the snapshot
  cannot be had (web/pyodide-start.mjs). A controlled visit reads the snapshot from Cache Storage
  (the precache entry, then the unpacked copy kept by the first such visit) and needs no engine.zip.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from buildtools.common import web_folders
from conftest import ROOT, build, open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.kept_snapshot import KEPT_STATE  # noqa: E402
from helpers.link_cases import vector_fragments  # noqa: E402
from helpers.offline import precached, roll_sifrp, wait_offline_ready  # noqa: E402
from helpers.page import hold_engine  # noqa: E402

#: the start module's choice: how Pyodide started, and why
STARTED = "[globalThis.tiradaStart, globalThis.tiradaSnapshotReason]"
#: whether Pyodide runs calls into Python on stacks of their own (JSPI), and whether the browser has it
JSPI = "[globalThis.tiradaJspi, typeof WebAssembly.Suspending]"

#: resolves true once the unpacked snapshot is kept (web/pyodide-start.mjs, UNPACKED)
KEPT = "caches.open('tirada-snapshot-unpacked').then((c) => c.keys()).then((keys) => keys.length === 1)"
#: files precached for the installed app, not requested by a page in a tab
#: precached, but asked for by the browser or on demand only: the manifest and icons (installing),
#: the odds worker (started by the first odds too heavy for the main thread: test_odds_responsive) and the
#: audit worker (started by a thread of 100,000 characters or more in the audit: test_audit_worker)
NOT_REQUESTED_BY_THE_PAGE = ("manifest.webmanifest", "icons/", "odds-worker.mjs", "audit-worker.mjs")


def python_archives() -> tuple:
    """dist/app.zip and dist/engine.zip.gz (unpacked from its gzip, as the page does), open as zip archives
    named ``app.zip`` and ``engine.zip``."""
    app = zipfile.ZipFile(io.BytesIO((build.DIST / "app.zip").read_bytes()))
    engine = zipfile.ZipFile(io.BytesIO(build.engine_zip()))
    app.filename, engine.filename = "app.zip", "engine.zip"
    return app, engine


def test_engine_zip_is_one_gzip_stream_of_stored_entries():
    """engine.zip.gz (buildtools/startup.py split_engine): the zip's entries are stored, and the archive is
    gzipped whole, which compresses across its small files better than deflating each (smaller download on
    a first visit; zipimport inflates nothing)."""
    packed = build.DIST / build.ENGINE_ZIP
    _app, engine = python_archives()
    infos = engine.infolist()
    assert len(infos) > 150 and {info.compress_type for info in infos} == {zipfile.ZIP_STORED}
    deflated = io.BytesIO()
    with zipfile.ZipFile(deflated, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as each:
        for info in infos:
            each.writestr(info.filename, engine.read(info))
    assert packed.stat().st_size < 0.95 * len(deflated.getvalue())
    assert not (build.DIST / "engine.zip").exists()


def test_trimmed_stdlib_imports_every_engine_and_page_module(tmp_path):
    stdlib = build.DIST / "pyodide" / "python_stdlib.zip"
    full = build.PYODIDE_DIR / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as trimmed, zipfile.ZipFile(full) as whole:
        kept, every = trimmed.namelist(), whole.namelist()
    assert len(kept) < len(every) / 3  # really trimmed
    # compiled, without docstrings: nothing to compile at start-up (tools/pyodide_build.mjs sourceless)
    assert kept and all(name.endswith(".pyc") for name in kept if name.endswith((".py", ".pyc")))
    engine = tmp_path / "engine.zip"   # engine.zip.gz unpacked, as web/pyodide-start.mjs puts it on sys.path
    engine.write_bytes(build.engine_zip())
    proc = subprocess.run(["node", str(ROOT / "tools" / "pyodide_build.mjs"), "check", f"{build.DIST / 'app.zip'},{engine}",
                           str(stdlib), "-", ",".join(build.STDLIB_EXTRA)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "every engine and page module imports" in proc.stdout
    # the page imports from app.zip and engine.zip on sys.path: each compiled module's bytecode is
    # what zipimport loads (sourceless, or PyScript's checked-hash .pyc beside its source), nothing is compiled again
    assert "compiled modules load their bytecode from the archives" in proc.stdout


def test_engine_and_page_modules_ship_as_bytecode_without_docstrings():
    """The engine and the page's own modules (web/<folder>/) ship in app.zip and engine.zip as
    sourceless .pyc compiled with optimize=2 (buildtools/startup.py compile_app): no source to
    download, no docstring in the bytecode; only PyScript's own package keeps its source, beside a
    checked-hash .pyc (importPyscriptFromApp in web/pyodide-start.mjs imports it from there)."""
    ours = ("tirada", *(folder.name for folder in web_folders()))
    shipped = {}
    for archive in python_archives():
        shipped.update({name: archive.read(name) for name in archive.namelist()})
    modules = [name for name in shipped if name.split("/")[0] in ours and name.endswith((".py", ".pyc"))]
    assert len(modules) > 250 and all(name.endswith(".pyc") for name in modules)
    # each module docstring's first line is in the source, not in the bytecode
    for name in ("shell/page", "roll/ui_roll", "l5r/core_check", "tirada/links/fair_roll"):
        folder = ROOT / ("pylib" if name.startswith("tirada/") else "web")
        first_line = (folder / f"{name}.py").read_text(encoding="utf-8").split('"""')[1].split("\n")[0]
        assert len(first_line) > 20
        assert first_line.encode("utf-8") not in shipped[f"{name}.pyc"], name
    pyscript = [name for name in shipped if name.startswith("pyscript/")]
    assert "pyscript/__init__.py" in pyscript and "pyscript/__init__.pyc" in pyscript


def test_python_archives_do_not_depend_on_the_build_time():
    """Every entry of the Python archives is dated 1980-01-01 (build.fixed_zip_entry and its twin in
    tools/pyodide_build.mjs): the same sources make the same bytes, so a deploy that changes no
    Python leaves their precache revisions, and a returning visitor's download, alone."""
    stdlib = zipfile.ZipFile(io.BytesIO((build.DIST / "pyodide" / "python_stdlib.zip").read_bytes()))
    stdlib.filename = "python_stdlib.zip"
    for archive in (*python_archives(), stdlib):
        dates = {info.date_time for info in archive.infolist()}
        assert dates == {(1980, 1, 1, 0, 0, 0)}, archive.filename
    # engine.zip.gz's gzip header carries no build time either (mtime 0: bytes 4–7)
    assert (build.DIST / build.ENGINE_ZIP).read_bytes()[4:8] == bytes(4)


def test_no_shipped_module_is_shadowed_by_its_package_in_the_other_archive():
    """A plain start puts app.zip before engine.zip on sys.path (web/pyodide-start.mjs), and a
    regular package is read from one path entry only: a module shipped in one archive whose package
    (``pkg/__init__``) is in the other can never be imported, only downloaded. Each such file must
    sit in its package's archive. The page's folders (``shell/``, ``fair/``…) are namespace packages
    (no ``__init__``), read from every path entry: their modules may sit in either archive."""
    names = {}
    for archive in python_archives():
        names[archive.filename] = set(archive.namelist())
    packages = {name: {entry.rpartition("/")[0] for entry in entries if entry.endswith(("/__init__.py", "/__init__.pyc"))}
                for name, entries in names.items()}
    shadowed = []
    for name, entries in names.items():
        for entry in entries:
            folder = entry.rpartition("/")[0]
            regular = any(folder in found for found in packages.values())
            if entry.endswith((".py", ".pyc")) and regular and folder not in packages[name]:
                shadowed.append(f"{name}: {entry}")
    assert shadowed == []


def test_a_rebuild_gives_the_same_site(tmp_path):
    """Building the same sources again gives a byte-identical dist/ (the Python archives, the memory
    snapshot, the service worker and its precache revisions, the engine wheel): a deploy sends a
    returning visitor only the files whose contents changed (docs/benchmarks.md, "Reproducible
    builds")."""
    again = tmp_path / "dist"
    env = {**os.environ, "TIRADA_DIST": str(again)}
    proc = subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    first = {p.relative_to(build.DIST): p for p in build.DIST.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p for p in again.rglob("*") if p.is_file()}
    assert sorted(first) == sorted(second)
    differ = [str(rel) for rel, path in first.items() if path.read_bytes() != second[rel].read_bytes()]
    assert differ == []


def test_compile_hints_leave_the_runtime_as_shipped():
    """Pyodide's JavaScript and PyScript's core chunk in dist/ are npm's files with V8's compile hint
    on a line of its own before them (build.add_compile_hints), nothing else changed."""
    marked = [build.DIST / "pyodide" / "pyodide.asm.mjs", build.DIST / "pyodide" / "pyodide.mjs",
              *(build.DIST / "pyscript").glob("core-*.js")]
    assert len(marked) == 3
    for path in marked:
        origin = (build.PYODIDE_DIR if path.parent.name == "pyodide" else build.PYSCRIPT_DIR) / path.name
        assert path.read_text(encoding="utf-8") == build.COMPILE_HINT + origin.read_text(encoding="utf-8")


def test_no_unused_runtime_file_is_shipped_or_precached(new_context, base_url):
    # a first visit (plain start, engine.zip), then a later one (the snapshot, from the worker)
    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = ctx.new_page()
    asked = set()
    page.on("request", lambda r: asked.add(r.url.removeprefix(base_url).split("?")[0].split("#")[0]))
    page = open_app(page, base_url)
    for tab in ("audit", "scene", "brs", "data", "roll"):
        page.click(f"#tab-{tab}")
    link = roll_sifrp(page, "Todo lo que se usa")
    wait_offline_ready(page)
    # the visitor reads English from now on (stored): the next visits show the static page in English
    # before Pyodide is up, from strings-en.json (web/early-lang.mjs, issue #41)
    page.click("#lang")
    page.wait_for_function("localStorage.getItem('tirada.lang') === '\"en\"'")
    other = ctx.new_page()
    other.on("request", lambda r: asked.add(r.url.removeprefix(base_url).split("?")[0].split("#")[0]))
    other = open_app(other, link)
    other.wait_for_selector("#shared .total")  # a roll link opens on the shared-roll view (issue #14)
    assert other.evaluate("document.documentElement.lang") == "en" and "strings-en.json" in asked
    # a Confrontation link: the reading core replays it with the games' bundle (dist/core-games.bin, issue #41)
    game = ctx.new_page()
    game.on("request", lambda r: asked.add(r.url.removeprefix(base_url).split("?")[0].split("#")[0]))
    confrontation = next(f for _stem, name, f in vector_fragments() if name == "Haster vs Sharla, Sharla spends Advantage")
    game.goto(f"{base_url}#{confrontation}")
    game.wait_for_function("window.tiradaCore !== undefined", timeout=120_000)
    assert game.evaluate("window.tiradaCore") == "verified"
    # an L5R check on a first visit, before Pyodide is up: the core plays it with its bundle (dist/core-l5r.bin)
    fresh, _ = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    hold_engine(fresh)
    check = fresh.new_page()
    check.on("request", lambda r: asked.add(r.url.removeprefix(base_url).split("?")[0].split("#")[0]))
    check.goto(base_url)
    check.wait_for_selector("html[data-core-form=ready]", timeout=120_000)
    check.select_option("#system", "l5r5e")
    check.click("#roll")
    check.wait_for_selector('#result .l5r-board[data-core="check"]', timeout=60_000)
    if (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        assert page.evaluate(STARTED) == ["plain", "first visit"]
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


def test_first_visit_starts_plainly_then_every_visit_from_the_snapshot(new_context, base_url):
    """A first visit starts plainly (compiled bytecode, no snapshot download: measured faster on the
    phone profile) and fetches engine.zip; once the service worker holds the snapshot every visit
    starts from it, without engine.zip, and the next one reads the kept unpacked copy."""
    if not (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        return  # built with TIRADA_SNAPSHOT=0: nothing to start from
    ctx, _ = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    asked = []
    page = ctx.new_page()
    page.on("request", lambda r: asked.append(r.url))  # the page's, not the worker's
    page = open_app(page, base_url)
    assert page.evaluate(STARTED) == ["plain", "first visit"]
    assert not any(url.endswith("/" + build.SNAPSHOT) for url in asked)
    assert any(url.endswith("/" + build.ENGINE_ZIP) for url in asked)
    # the WebAssembly's preload hint and Pyodide's own fetch are one download
    assert sum(url.endswith("/pyodide/pyodide.asm.wasm") for url in asked) == 1
    roll_sifrp(page, "Primera visita")
    wait_offline_ready(page)
    again_asked = []
    again = ctx.new_page()
    again.on("request", lambda r: again_asked.append(r.url))
    again = open_app(again, base_url)
    assert again.evaluate(STARTED) == ["snapshot", "local"]
    # that visit read the precached snapshot and Pyodide's WebAssembly itself (no request) and
    # needed no engine.zip
    assert again.evaluate("globalThis.tiradaSnapshotFrom") == "precache"
    assert again.evaluate("globalThis.tiradaWasmFrom") == "precache"
    assert not any(url.endswith(("/" + build.SNAPSHOT, "/" + build.ENGINE_ZIP, "/pyodide.asm.wasm"))
                   for url in again_asked)
    # PyScript's set-up was recognised: its package came from app.zip, none of it was written out
    assert again.evaluate("globalThis.tiradaPyscriptFrom") == "app.zip"
    assert page.evaluate("globalThis.tiradaPyscriptFrom") == "app.zip"  # on a first visit too
    roll_sifrp(again, "Desde la instantánea")
    assert "Desde la instantánea" in again.locator("#history-list li").first.inner_text()
    assert "Primera visita" in again.locator("#history-list").inner_text()
    # it kept the unpacked bytes, without their zero pages: the next visit reads them back
    again.wait_for_function(KEPT)
    kept = again.evaluate(KEPT_STATE)
    assert kept["magic"] == "TSP1"
    assert kept["state"] == "good", "the kept copy unpacks to the precached snapshot's bytes"
    assert kept["keptBytes"] < 0.75 * kept["snapshotBytes"]
    third = open_app(ctx.new_page(), base_url)
    assert third.evaluate(STARTED + ".concat(globalThis.tiradaSnapshotFrom)") == ["snapshot", "local", "unpacked"]
    # every start ran without JSPI (web/pyodide-start.mjs hideJspi: the renderer crash of issue #37),
    # and the page's WebAssembly has it back afterwards
    for visit in (page, again, third):
        assert visit.evaluate(JSPI) == [False, "function"]
    roll_sifrp(third, "Desde la copia")
    assert "Desde la copia" in third.locator("#history-list li").first.inner_text()


#: replaces the precached snapshot (and drops the kept unpacked copy) with ``body``, or deletes it
#: when ``body`` is null; resolves to the number of precache entries changed
SPOIL = """async (body) => {
  await caches.delete('tirada-snapshot-unpacked');
  let changed = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) {
      if (!new URL(req.url).pathname.endsWith('/pyodide/snapshot.bin.gz')) continue;
      if (body === null) await cache.delete(req);
      else await cache.put(req, new Response(new TextEncoder().encode(body)));
      changed++;
    }
  }
  return changed;
}"""


def test_plain_start_when_the_snapshot_fails(new_context, base_url):
    """A damaged or missing snapshot on a visit the worker controls: the page starts without it,
    fetching engine.zip, and works (never a blank page)."""
    if not (build.DIST / "pyodide" / build.SNAPSHOT).exists():
        return  # built with TIRADA_SNAPSHOT=0: every start is plain (the other tests)
    for body in ("\x1f\x8bnot gzip at all", None):
        ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
        first = open_app(ctx.new_page(), base_url)
        wait_offline_ready(first)
        assert first.evaluate(SPOIL, body) == 1
        # a missing one is asked for again, through the worker: the host refuses it too
        ctx.route("**/pyodide/snapshot.bin.gz", lambda route: route.fulfill(status=404, body="gone"))
        page = open_app(ctx.new_page(), base_url)
        assert page.evaluate(STARTED) == ["plain", "local"], body
        roll_sifrp(page, "Sin instantánea")
        assert "Sin instantánea" in page.locator("#history-list li").first.inner_text()
        watch.errors[:] = [e for e in watch.errors if "404" not in e]  # the refused snapshot itself

