#!/usr/bin/env python3
"""Build, serve, test and benchmark Tirada — every step installs what it needs.

    python3 build.py serve [--port 8000]   build dist/ and serve it on http://127.0.0.1:PORT/
    python3 build.py test [--fast]         set up, build, lint (ruff, mypy) and run every test suite
    python3 build.py build                 only assemble dist/
    python3 build.py deploy DIR [--url U]  build, then a folder ready for any static host (docs/hosting.md)
    python3 build.py bench                 measure load and roll speed (docs/benchmarks.md)

Set-up (idempotent, done by the commands that need it):
  .venv/                  Python dev tools pinned in requirements-dev.txt (pytest, hypothesis, Playwright,
                          ruff, mypy…)
  node_modules/           the runtime, pinned in package-lock.json (npm ci)
  .cache/pyodide-wheels/  pytest + hypothesis wheels to run the engine tests inside Pyodide
  /usr/bin/chromium       Debian's Chromium for the browser tests (apt-get, when run as root)

Uses only the standard library itself, so it runs on a fresh machine's python3 (3.11+).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import zipfile
from xml.etree import ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = Path(os.environ.get("TIRADA_DIST") or ROOT / "dist")  # override to build elsewhere
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIR = NODE_MODULES / "@pyscript" / "core" / "dist"
CHROMIUM = Path("/usr/bin/chromium")
#: Files of the pyodide npm package the page needs (the rest are docs, typings and consoles); its
#: standard library is shipped trimmed (trim_stdlib) and its lock file inlined (write_start_module).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: PyScript's chunks the page loads: core.js imports core-*.js, which imports each plugin chunk the
#: config does not turn off, and always the error plugin's. The page turns the others off
#: (PYSCRIPT_PLUGINS_OFF); the rest (xterm terminal, codemirror editor, TOML parser, zip reader for
#: workers, package graph) serve features the page does not use. tests/e2e/test_runtime_files.py
#: checks that every shipped runtime file is requested and every requested one shipped.
PYSCRIPT_CHUNKS = ("core", "error")
#: PyScript plugins the page does not use, turned off in pyscript.json ("plugins": ["!name", …],
#: PyScript's own switch): no <py-editor>, <py-game> or terminal, no deprecation notices, no
#: "donkey" worker helper: five module requests fewer at every start.
PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")


class SetupError(RuntimeError):
    """A set-up step failed; the message says what is missing and how to get it."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    """Run a command from ROOT, echoing it; raise SetupError on failure."""
    log("$ " + " ".join(str(c) for c in cmd))
    proc = subprocess.run([str(c) for c in cmd], cwd=kw.pop("cwd", ROOT), **kw)
    if proc.returncode != 0:
        raise SetupError(f"command failed ({proc.returncode}): {' '.join(str(c) for c in cmd)}")
    return proc


def _stamp_ok(stamp: Path, *inputs: Path) -> bool:
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in inputs)).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return True
    return False


def _write_stamp(stamp: Path, *inputs: Path) -> None:
    stamp.write_text(hashlib.sha256(b"".join(p.read_bytes() for p in inputs)).hexdigest())


# ---------------------------------------------------------------------------------------- set-up
def ensure_venv() -> Path:
    """Create .venv and install requirements-dev.txt and the engine (editable); return its python."""
    if sys.version_info < (3, 11):
        raise SetupError("Python 3.11 or newer is needed to run build.py")
    req = ROOT / "requirements-dev.txt"
    stamp = VENV / ".tirada-stamp"
    if VENV_PY.exists() and _stamp_ok(stamp, req, ROOT / "pyproject.toml"):
        return VENV_PY
    if not VENV_PY.exists():
        run([sys.executable, "-m", "venv", VENV])
    run([VENV_PY, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", req])
    run([VENV_PY, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-e", ROOT])
    _write_stamp(stamp, req, ROOT / "pyproject.toml")
    return VENV_PY


def ensure_node() -> None:
    """Install the pinned runtime (npm ci) unless node_modules matches package-lock.json."""
    for tool in ("node", "npm"):
        if not shutil.which(tool):
            raise SetupError(f"'{tool}' is missing: install Node.js 18+ with npm (Debian: apt-get install -y nodejs npm)")
    stamp = NODE_MODULES / ".tirada-stamp"
    if PYODIDE_DIR.exists() and PYSCRIPT_DIR.exists() and _stamp_ok(stamp, ROOT / "package-lock.json"):
        return
    run(["npm", "ci", "--no-audit", "--no-fund"])
    _write_stamp(stamp, ROOT / "package-lock.json")


def _pip_download(dest: Path, args: list) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "-d", dest, *args])


def ensure_pyodide_test_wheels() -> Path:
    """pytest + hypothesis (pure-Python wheels for CPython 3.14) for the engine tests in Pyodide."""
    dest = CACHE / "pyodide-wheels"
    req = ROOT / "requirements-pyodide.txt"
    stamp = dest / ".tirada-stamp"
    if dest.exists() and _stamp_ok(stamp, req):
        return dest
    shutil.rmtree(dest, ignore_errors=True)
    _pip_download(dest, ["-r", req, "--python-version", "3.14", "--only-binary=:all:", "--platform", "any",
                         "--implementation", "py"])
    _write_stamp(stamp, req)
    return dest


def ensure_chromium() -> Path:
    """Debian's Chromium for Playwright; installed with apt-get when running as root."""
    if CHROMIUM.exists():
        return CHROMIUM
    if os.geteuid() == 0 and shutil.which("apt-get"):
        run(["apt-get", "update", "-qq"])
        run(["apt-get", "install", "-y", "-qq", "chromium"], env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    if not CHROMIUM.exists():
        raise SetupError("Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium' "
                         "(the browser tests drive /usr/bin/chromium)")
    return CHROMIUM


# ----------------------------------------------------------------------------------------- build
def build_wheel(py: Path) -> Path:
    """Build the engine's py3-none-any wheel into dist/wheels/ and return its path."""
    out = DIST / "wheels"
    out.mkdir(parents=True, exist_ok=True)
    # SOURCE_DATE_EPOCH (1980-01-01): the wheel's entries carry no build time, so a rebuild of the same
    # sources gives the same bytes, like the rest of dist/ (tests/e2e/test_runtime_files.py)
    run([py, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps", "--no-build-isolation",
         "-w", out, ROOT], stdout=subprocess.DEVNULL, env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    wheels = sorted(out.glob("tirada-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SetupError(f"expected one engine wheel in {out}, found {[w.name for w in wheels]}")
    return wheels[0]


def copy_runtime() -> None:
    """Copy the Pyodide and PyScript files the page loads into dist/ (no package manager: the page
    installs no packages, so neither micropip nor a lock file listing packages is shipped)."""
    pyo = DIST / "pyodide"
    pyo.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, pyo / name)
    ps = DIST / "pyscript"
    ps.mkdir(parents=True, exist_ok=True)
    for f in PYSCRIPT_DIR.iterdir():
        chunk = re.sub(r"-[A-Za-z0-9_-]{8}$", "", f.stem)  # "core-C9KDLldu" → "core"
        if f.suffix in (".js", ".css") and f.is_file() and chunk in PYSCRIPT_CHUNKS:
            shutil.copy2(f, ps / f.name)


def include_panels(html: str, depth: int = 0) -> str:
    """Replace each ``<!--#include panels/NAME.html-->`` line with that file of web/panels/ (panels
    may include panels, up to 4 levels deep)."""

    def include(match: re.Match) -> str:
        path = ROOT / "web" / match.group(1)
        if not path.is_file() or "panels" not in path.parts:
            raise SetupError(f"web/index.html includes {match.group(1)}, which is not a file in web/panels/")
        if depth >= 4:
            raise SetupError(f"{match.group(1)}: panels included more than 4 levels deep (a loop?)")
        return include_panels(path.read_text(encoding="utf-8"), depth + 1)

    return re.sub(r"<!--#include (panels/[a-z0-9_-]+\.html)-->", include, html)


def write_app_zip(wheel: Path) -> Path:
    """dist/app.zip: the engine package (from the wheel) plus the page's glue modules, which
    web/pyodide-start.mjs puts whole on the interpreter's ``sys.path`` (zipimport; nothing unpacked).

    One archive instead of a wheel installed through micropip plus one fetch per glue module: fewer
    requests and no package manager at start-up (docs/benchmarks.md)."""
    out = DIST / "app.zip"
    glue = sorted((ROOT / "web").glob("*.py"))
    with zipfile.ZipFile(wheel) as whl, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(whl.namelist()):
            if name.startswith("tirada/"):
                zf.writestr(fixed_zip_entry(name), whl.read(name))
        for path in glue:
            zf.writestr(fixed_zip_entry(path.name), path.read_bytes())
    return out


def fixed_zip_entry(name: str) -> zipfile.ZipInfo:
    """A zip entry for ``name`` dated 1980-01-01, deflated, mode 0644: the same sources make
    byte-identical archives (zipfile would stamp the current time or the file's), so their precache
    revisions change only with their contents (tools/pyodide_build.mjs does the same)."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def render_pages(wheel: Path) -> None:
    """Copy web/ and public/ into dist/, fill the Spanish strings and write the PyScript config."""
    sys.path.insert(0, str(ROOT / "web"))
    try:
        import strings  # web/strings.py: the one place for UI text
    finally:
        sys.path.pop(0)
    for src in (ROOT / "public", ROOT / "web"):
        for f in src.rglob("*"):
            rel = f.relative_to(src)
            if (f.is_file() and "__pycache__" not in f.parts and "panels" not in rel.parts
                    and f.suffix != ".py"):
                dest = DIST / f.relative_to(src)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(f, dest)
    html = include_panels((ROOT / "web" / "index.html").read_text(encoding="utf-8"))

    def fill(match: re.Match) -> str:
        key = match.group(1)
        if key not in strings.STRINGS:
            raise SetupError(f"web/index.html uses {{{{{key}}}}} but web/strings.py has no such key")
        return strings.html_escape(strings.STRINGS[key]["es"])

    html = re.sub(r"\{\{\s*([a-z0-9_.]+)\s*\}\}", fill, html)
    (DIST / "index.html").write_text(html, encoding="utf-8")
    write_app_zip(wheel)
    # JSON, not TOML: PyScript would otherwise fetch its TOML parser first.
    # No "files": web/pyodide-start.mjs fetches app.zip itself while Pyodide boots (issue #16).
    config = {"interpreter": "./pyodide/pyodide.mjs",
              "experimental_create_proxy": "auto", "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF]}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    # PyScript loads every plugin that no config of each interpreter type turns off, and reads an
    # "mpy" config even with no MicroPython script on the page: say it there too (hidden; PyScript's
    # own style hides <mpy-config> as well). No MicroPython is ever loaded.
    off = json.dumps({"plugins": config["plugins"]}, separators=(",", ":"))
    insert_before(PY_SCRIPT,
                  [f"<mpy-config hidden>{off}</mpy-config>"])


#: The page's PyScript script in web/index.html: one inline line (no fetch of a main.py once Pyodide
#: has booted; issue #16), which imports web/page.py, compiled in app.zip.
PY_SCRIPT = '<script type="py" config="./pyscript.json">import page</script>'


def insert_before(anchor: str, lines: list) -> None:
    """Put ``lines`` (HTML) before ``anchor`` in dist/index.html, one per line.

    Raises:
        SetupError: web/index.html holds ``anchor`` not exactly once."""
    page = DIST / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(anchor) != 1:
        raise SetupError(f"web/index.html: no single {anchor}")
    page.write_text(html.replace(anchor, "\n  ".join([*lines, anchor])), encoding="utf-8")


# -------------------------------------------------------------------------- start-up (issue #16)
#: Standard-library modules PyScript's own Python package imports (read from its bundled sources);
#: kept in the trimmed standard library even if no Tirada module imported them.
STDLIB_EXTRA = ("asyncio", "inspect", "json", "functools", "collections")
#: The memory snapshot, gzip-compressed at build time (web/pyodide-start.mjs unpacks it).
SNAPSHOT = "snapshot.bin.gz"


def pyodide_node(*args) -> None:
    """Run tools/pyodide_build.mjs (Pyodide under Node) with ``args``."""
    run(["node", ROOT / "tools" / "pyodide_build.mjs", *args])


def compile_app() -> str:
    """Compile dist/app.zip with Pyodide's own Python (issue #16; docs/benchmarks.md): each page
    module gets a checked-hash .pyc beside its source, and the engine package ships as sourceless
    .pyc compiled without docstrings (optimize=2; the engine wheel in dist/wheels/ keeps them for
    scripts), so the page compiles nothing of its own at start-up and the snapshot is smaller.

    Returns the fingerprint ("LENGTH:HASH") of the Python set-up PyScript runs after Pyodide has
    booted (it writes its own package as source files, then imports it), for write_start_module:
    app.zip holds that package compiled, so the page imports it from there instead."""
    out = DIST / "app.zip"
    pyodide_node("pyc", out, PYODIDE_DIR / "python_stdlib.zip", out)
    pyodide_node("sourceless", out, PYODIDE_DIR / "python_stdlib.zip", out, "tirada/")
    setup = Path(f"{out}.pyscript-setup")
    fingerprint = setup.read_text(encoding="ascii").strip()
    setup.unlink()
    return fingerprint


def trim_stdlib() -> Path:
    """dist/pyodide/python_stdlib.zip holding only the modules the engine, the page and PyScript
    import (Pyodide's full one is 2.5 MB compressed), as sourceless .pyc compiled without docstrings
    (Python compiles nothing of it at start-up), then check that everything imports under it."""
    out = DIST / "pyodide" / "python_stdlib.zip"
    extra = ",".join(STDLIB_EXTRA)
    pyodide_node("trim", DIST / "app.zip", PYODIDE_DIR / "python_stdlib.zip", out, extra)
    pyodide_node("sourceless", out, PYODIDE_DIR / "python_stdlib.zip", out)
    pyodide_node("check", DIST / "app.zip", out, "-", extra)  # app.zip still holds the engine here
    return out


def make_snapshot() -> tuple:
    """dist/pyodide/snapshot.bin.gz: Pyodide's memory after booting on the trimmed standard library
    and importing the engine and the page modules that need no browser (tools/pyodide_build.mjs);
    returns (its path, the app modules it holds), or (None, []) when ``TIRADA_SNAPSHOT=0`` builds
    without one (the page then always starts plainly)."""
    if os.environ.get("TIRADA_SNAPSHOT", "1") == "0":
        return None, []
    raw = DIST / "pyodide" / "snapshot.bin"  # removed below, before the service worker lists dist/
    pyodide_node("snapshot", DIST / "app.zip", DIST / "pyodide" / "python_stdlib.zip", raw, ",".join(STDLIB_EXTRA))
    out = DIST / "pyodide" / SNAPSHOT
    with open(raw, "rb") as src, gzip.GzipFile(out, "wb", compresslevel=9, mtime=0) as dst:
        shutil.copyfileobj(src, dst)
    raw.unlink()
    listing = Path(f"{raw}.modules.json")
    held = json.loads(listing.read_text(encoding="utf-8"))
    listing.unlink()
    return out, held


#: The engine and the page modules held by the snapshot, split out of app.zip (web/pyodide-start.mjs).
ENGINE_ZIP = "engine.zip"


def _module_of(name: str) -> str:
    """The module an app.zip entry belongs to: ``tirada/links/__init__.pyc`` → ``tirada.links``,
    ``store.py`` and ``store.pyc`` → ``store`` (bytecode sits beside its source, where zipimport
    looks for it)."""
    return re.sub(r"\.pyc?$", "", name).removesuffix("/__init__").replace("/", ".")


def split_engine(in_snapshot: list) -> Path:
    """Move the files of every module the memory snapshot holds (``in_snapshot``: the engine and the
    page modules that need no browser) out of dist/app.zip into dist/engine.zip.

    A start from the snapshot has those modules imported already, so only a plain start (a first
    visit) needs their files: web/pyodide-start.mjs fetches engine.zip then and puts it on sys.path
    beside app.zip (the modules that need the browser, and PyScript's own package, compiled).
    Warm starts fetch less than half as much (issue #16; docs/benchmarks.md).

    engine.zip holds bytecode only, like the engine: a page module's source is left out where its
    .pyc is there (a plain start loads the .pyc; a snapshot start reads neither), which keeps the
    first visit's download about 0.12 MB smaller than source and bytecode together."""
    app, engine = DIST / "app.zip", DIST / ENGINE_ZIP
    held = set(in_snapshot)
    with zipfile.ZipFile(app) as src:
        entries = [(info, src.read(info.filename)) for info in src.infolist()]
    names = {info.filename for info, _ in entries}

    def engine_side(module: str) -> bool:
        # a module of a held package goes with it even when the snapshot does not hold it (the
        # command line's tirada.__main__): a regular package is read from one sys.path entry only,
        # so in app.zip it could never be imported
        parts = module.split(".")
        return any(".".join(parts[:i]) in held for i in range(1, len(parts) + 1))

    with zipfile.ZipFile(app, "w") as glue, zipfile.ZipFile(engine, "w") as eng:
        for info, data in entries:
            if not engine_side(_module_of(info.filename)):
                glue.writestr(info, data)
            elif not (info.filename.endswith(".py") and f"{info.filename}c" in names):
                eng.writestr(info, data)
    return engine


def write_start_module(snapshot: Path | None, pyscript_setup: str = "") -> None:
    """Fill dist/pyodide-start.mjs (the interpreter module PyScript loads) with the lock file, the
    snapshot's name, precache revision and unpacked length, the WebAssembly's precache revision and
    the fingerprint of PyScript's Python set-up (compile_app), and point pyscript.json at it."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    start = DIST / "pyodide-start.mjs"
    text = start.read_text(encoding="utf-8")
    # the snapshot's revision is Workbox's (tools/sw.mjs): the MD5 hex of the file's bytes
    packed = snapshot.read_bytes() if snapshot else b""
    revision = hashlib.md5(packed).hexdigest() if snapshot else ""  # noqa: S324 - a cache key
    # the unpacked length: gzip's trailer (ISIZE, the length modulo 2**32; the snapshot is ~30 MiB)
    length = int.from_bytes(packed[-4:], "little") if snapshot else ""
    # Pyodide's WebAssembly is read from the precache as the snapshot is (wasmFromCaches): its revision
    wasm = hashlib.md5((DIST / "pyodide" / "pyodide.asm.wasm").read_bytes()).hexdigest()  # noqa: S324 - a cache key
    for name, value in (("LOCK", json.dumps(lock, separators=(",", ":"))), ("SNAPSHOT", snapshot.name if snapshot else ""),
                        ("SNAPSHOT_REVISION", revision), ("SNAPSHOT_LENGTH", length), ("WASM_REVISION", wasm),
                        ("PYSCRIPT_SETUP", pyscript_setup)):
        text, count = re.subn(rf'^const {name} = "";$', f"const {name} = {json.dumps(value)};", text, flags=re.M)
        if count != 1:
            raise SetupError(f"web/pyodide-start.mjs: no 'const {name} = \"\";' line to fill")
    start.write_text(text, encoding="utf-8")
    config_path = DIST / "pyscript.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["interpreter"] = "./pyodide-start.mjs"
    config_path.write_text(json.dumps(config, indent=1), encoding="utf-8")


def fill_english() -> None:
    """Fill ``{{en:key}}`` in dist/index.html with the English text of ``key`` (web/strings.py):
    web/loader.js shows the loading texts in English before the engine has applied the language."""
    sys.path.insert(0, str(ROOT / "web"))
    try:
        import strings
    finally:
        sys.path.pop(0)
    page = DIST / "index.html"

    def fill(match: re.Match) -> str:
        if match.group(1) not in strings.STRINGS:
            raise SetupError(f"web/index.html uses {{{{en:{match.group(1)}}}}} but web/strings.py has no such key")
        return strings.html_escape(strings.STRINGS[match.group(1)]["en"])

    page.write_text(re.sub(r"\{\{en:([a-z0-9_.]+)\}\}", fill, page.read_text(encoding="utf-8")), encoding="utf-8")


def link_reader_data() -> dict:
    """The tables web/link-reader.mjs reads roll links with, taken from the engine (never copied by
    hand): system codes and the key/text tables of ``tirada.systems.registry``, the short names, and
    the pool words of ``tirada.links.pool`` (Spanish and English)."""
    sys.path.insert(0, str(ROOT / "pylib"))
    try:
        from tirada.links import pool
        from tirada.systems import registry
    finally:
        sys.path.pop(0)
    return {"codes": registry.codes(), "keys": {k: list(v) for k, v in registry.param_keys().items()},
            "texts": {k: list(v) for k, v in registry.param_texts().items()},
            "short_names": registry.short_names(), "game_names": dict(pool.GAME_NAMES),
            "words": json.loads(json.dumps(pool._W))}


def fill_link_reader(path: Path) -> None:
    """Fill ``const DATA = null;`` of a copy of web/link-reader.mjs with :func:`link_reader_data`."""
    data = json.dumps(link_reader_data(), ensure_ascii=False, separators=(",", ":"))
    text, count = re.subn(r"^const DATA = null;$", lambda _m: f"const DATA = {data};",
                          path.read_text(encoding="utf-8"), flags=re.M)
    if count != 1:
        raise SetupError(f"{path.name}: no 'const DATA = null;' line to fill")
    path.write_text(text, encoding="utf-8")


def add_preloads() -> None:
    """Let dist/index.html ask at once for what PyScript and Pyodide would otherwise fetch one after
    another (its core chunk and error plugin, the config, the start module, Pyodide's two JavaScript
    modules), so they download and compile while the page parses (issue #16; docs/benchmarks.md)."""
    chunks = sorted(p.name for p in (DIST / "pyscript").glob("core-*.js"))
    if len(chunks) != 1:
        raise SetupError(f"expected one PyScript core chunk in {DIST / 'pyscript'}, found {chunks}")
    errors = sorted(p.name for p in (DIST / "pyscript").glob("error-*.js"))
    links = [f'<link rel="modulepreload" href="./pyscript/{chunks[0]}">',
             *(f'<link rel="modulepreload" href="./pyscript/{name}">' for name in errors),
             '<link rel="preload" href="./pyscript.json" as="fetch" crossorigin="anonymous">',
             '<link rel="modulepreload" href="./pyodide-start.mjs">',
             '<link rel="modulepreload" href="./pyodide/pyodide.mjs">',
             '<link rel="modulepreload" href="./pyodide/pyodide.asm.mjs">']
    # (Pyodide's WebAssembly is preloaded by web/loader.js, on a first visit only)
    insert_before('<script type="module" src="./loader.js"></script>', links)


#: V8's explicit compile hint (Chromium 136 and later; other browsers read a comment): compile every
#: function of the file eagerly, on the streaming thread, and keep them all in the code cache.
COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"


def add_compile_hints() -> None:
    """Mark Pyodide's two JavaScript modules and PyScript's core chunk with COMPILE_HINT (issue #16).

    Nearly all of their functions run at every start; without the hint V8 compiles each lazily on
    the main thread at its first call, in every new tab, because its code cache holds only what had
    been compiled when the cache was made. Measured (docs/benchmarks.md, "Shaving a warm start"):
    a warm start on the phone profile boots from the snapshot ~140 ms sooner; first visits are
    unchanged."""
    files = [DIST / "pyodide" / "pyodide.asm.mjs", DIST / "pyodide" / "pyodide.mjs",
             *sorted((DIST / "pyscript").glob("core-*.js"))]
    for path in files:
        text = path.read_text(encoding="utf-8")
        if not text.startswith(COMPILE_HINT):
            path.write_text(COMPILE_HINT + text, encoding="utf-8")


def start_fast() -> None:
    """Issue #16: ship only what runs (trimmed standard library), start from a memory snapshot,
    loading texts in both languages, a roll link's request shown before the engine is ready."""
    fill_english()
    add_preloads()
    add_compile_hints()
    fill_link_reader(DIST / "link-reader.mjs")
    pyscript_setup = compile_app()
    trim_stdlib()
    snapshot, held = make_snapshot()
    split_engine(held)  # without a snapshot engine.zip is empty: app.zip keeps every module
    write_start_module(snapshot, pyscript_setup)


def write_service_worker() -> Path:
    """Generate dist/sw.js (Workbox, tools/sw.mjs): precache every file of dist/ with content hashes.

    Runs after everything else is in dist/, so the precache list is complete (issue #9)."""
    run(["node", ROOT / "tools" / "sw.mjs", DIST])
    return DIST / "sw.js"


def build() -> Path:
    """Assemble dist/ from scratch; return it."""
    py = ensure_venv()
    ensure_node()
    shutil.rmtree(DIST, ignore_errors=True)
    DIST.mkdir()
    wheel = build_wheel(py)
    copy_runtime()
    render_pages(wheel)
    start_fast()
    write_service_worker()
    after = [p for p in (ROOT / "web").rglob("*.py")]
    log(f"built {DIST} ({sum(f.stat().st_size for f in DIST.rglob('*') if f.is_file()) // 1024} KiB, "
        f"engine {wheel.name}, {len(after)} glue modules)")
    return DIST


# ----------------------------------------------------------------------------------------- serve
class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with the right MIME types for the runtime, no request logging."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".whl": "application/zip", ".toml": "text/plain", ".py": "text/plain",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, *args) -> None:  # noqa: D401 - keep the console quiet
        pass


def make_server(port: int = 0, directory: Path = DIST) -> socketserver.TCPServer:
    """A threaded static server on 127.0.0.1:port (0 = any free port) serving ``directory``."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve(port: int) -> None:
    build()
    server = make_server(port)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"\nTirada is served at {url}  (Ctrl+C to stop)\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# ---------------------------------------------------------------------------------------- deploy
#: Files a deployed site cannot start without (checked by check_site).
SITE_REQUIRED = ("index.html", "sw.js", "pyscript.json", "app.zip", "engine.zip", "manifest.webmanifest", "og-image.png",
                 "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip")
#: Preview-card tags whose ``content`` becomes absolute with ``deploy --url`` (crawlers want absolute URLs).
PREVIEW_URL_TAGS = re.compile(r'(<meta (?:property|name)="(?:og:url|og:image|twitter:image)" content=")\./([^"]*)"')


def site_url(url: str) -> str:
    """Check and normalise ``deploy --url``: an http(s) URL of the folder the site is served from,
    ending in ``/`` (``https://user.github.io/repo`` → ``https://user.github.io/repo/``).

    Raises SetupError for anything else (no scheme, a fragment or query, another scheme)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SetupError(f"--url must be the http(s) address the site is served from, such as "
                         f"https://user.github.io/tirada/ (got {url!r})")
    return url.strip() if url.strip().endswith("/") else url.strip() + "/"


def _safe_target(target: Path) -> Path:
    """Resolve the deploy folder; refuse one that would wipe something else (the repository or a
    folder with other files in it)."""
    target = target.resolve()
    if target == ROOT or target in ROOT.parents or (ROOT in target.parents and target.parts[len(ROOT.parts)]
                                                     in ("web", "public", "pylib", "tests", "docs", "tools")):
        raise SetupError(f"refusing to deploy into {target}: choose a folder of its own, such as dist or site")
    if target.exists() and (not target.is_dir() or (any(target.iterdir()) and not (target / "sw.js").exists())):
        raise SetupError(f"refusing to replace {target}: it is not empty and holds no earlier Tirada build")
    return target


def _references(site: Path) -> list:
    """``(file, url)`` for every URL the page itself loads: index.html's src/href/content, the
    manifest's icons, pyscript.json's interpreter and files, the service worker's precache list."""
    refs = []
    html = (site / "index.html").read_text(encoding="utf-8")
    for attr, url in re.findall(r'\s(src|href|content)="([^"]*)"', html):
        if attr != "content" or url.startswith(("./", "/", "http:", "https:")):
            refs.append(("index.html", url))
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    refs += [("manifest.webmanifest", u) for u in [manifest.get("start_url", ""), manifest.get("scope", "")]
             + [icon["src"] for icon in manifest.get("icons", [])]]
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    refs += [("pyscript.json", u) for u in [config.get("interpreter", ""), *config.get("files", {})]]
    refs += [("sw.js", u) for u in re.findall(r'\{url:"([^"]+)",revision:', (site / "sw.js").read_text("utf-8"))]
    return refs


def check_site(site: Path, url: str | None = None) -> int:
    """Check that ``site`` is self-contained for any static host under any path; return its file count.

    Every URL the page loads must be relative (``./x`` or ``x``) and name a file of the folder: a
    root-absolute ``/x`` would break under a sub-path such as GitHub Pages' ``/REPO/``, and another
    host would break offline use. Absolute URLs are allowed only under ``url`` (by default the
    absolute ``og:url`` that ``deploy --url`` wrote), for the preview-card tags. Raises SetupError
    listing every problem."""
    problems = [f"{name} is missing" for name in SITE_REQUIRED if not (site / name).is_file()]
    if problems:
        raise SetupError(f"{site} is not a complete site: " + "; ".join(problems))
    if url is None:
        own = re.search(r'<meta property="og:url" content="(https?://[^"]+/)"',
                        (site / "index.html").read_text(encoding="utf-8"))
        url = own.group(1) if own else None
    for where, ref in _references(site):
        if url and ref.startswith(url):
            ref = "./" + ref[len(url):]
        if ref.startswith("#") or ref in ("", "./"):
            continue
        if ref.startswith(("/", "http:", "https:", "//")):
            problems.append(f"{where} refers to {ref}: use a path relative to the page (./…)")
        elif not (site / ref.split("?")[0].split("#")[0].removeprefix("./")).is_file():
            problems.append(f"{where} refers to {ref}, which is not in the folder")
    if problems:
        raise SetupError(f"{site} is not self-contained: " + "; ".join(problems))
    return sum(1 for f in site.rglob("*") if f.is_file())


def export_site(src: Path, target: Path, url: str | None = None) -> Path:
    """Copy the built site ``src`` (dist/) to ``target``, ready for a static host (issue #17).

    With ``url`` (the address it will be served from) the preview-card tags get absolute URLs, as
    Open Graph asks, and the service worker is regenerated so its precache matches the new
    index.html. Then check_site. Returns the resolved target."""
    target = _safe_target(target)
    url = site_url(url) if url else None
    if target != src.resolve():
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(src, target)
    if url:
        page = target / "index.html"
        html = page.read_text(encoding="utf-8")
        html = PREVIEW_URL_TAGS.sub(lambda m: f'{m.group(1)}{url}{m.group(2)}"', html)
        page.write_text(html, encoding="utf-8")
        bake_userscript(target / "tirada.user.js", url)
        run(["node", ROOT / "tools" / "sw.mjs", target])
    count = check_site(target, url)
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    log(f"deploy: {target} is ready for any static host ({count} files, {size / 1048576:.1f} MiB"
        f"{', previews point to ' + url if url else ''}); publish the whole folder (docs/hosting.md)")
    return target


#: The userscript's default Tirada address (web/tirada.user.js), filled by ``deploy --url``.
USERSCRIPT_DEFAULT = 'const TIRADA_DEFAULT = "";'


def bake_userscript(path: Path, url: str) -> None:
    """Make ``url`` the default Tirada address of the userscript at ``path`` (issue #30), and its
    update address (``@downloadURL``/``@updateURL``) the copy served beside the page."""
    text = path.read_text(encoding="utf-8")
    if USERSCRIPT_DEFAULT not in text:
        raise SetupError(f"{path} has no line {USERSCRIPT_DEFAULT!r} to fill with the address")
    text = text.replace(USERSCRIPT_DEFAULT, f"const TIRADA_DEFAULT = {json.dumps(url)};")
    update = f"// @downloadURL  {url}tirada.user.js\n// @updateURL    {url}tirada.user.js\n"
    path.write_text(text.replace("// ==/UserScript==", update + "// ==/UserScript==", 1), encoding="utf-8")


def deploy(target: Path, url: str | None = None) -> Path:
    """``build.py deploy DIR [--url URL]``: build, then export_site into DIR."""
    if url:
        site_url(url)  # refuse a bad URL before the build, not after it
    _safe_target(target)
    return export_site(build(), target, url)


# ------------------------------------------------------------------------------------------ test
def junit_totals(path: Path) -> dict:
    """``{"passed", "failed", "skipped"}`` counted from pytest's JUnit XML report at ``path``.

    Errors (collection, fixtures) count as failed; skipped includes xfailed tests (JUnit has no
    separate kind for them). Raises OSError / ElementTree.ParseError when there is no valid report.
    """
    root = ElementTree.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    count = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for suite in suites:
        for key in count:
            count[key] += int(suite.get(key, 0))
    failed = count["failures"] + count["errors"]
    return {"passed": count["tests"] - failed - count["skipped"], "failed": failed, "skipped": count["skipped"]}


def _pytest(label: str, cmd: list, totals: dict, env: dict | None = None) -> int:
    """Run one pytest suite (``cmd`` gets ``--junitxml``) and add its counts to ``totals``."""
    log(f"--- {label}")
    report = CACHE / f"junit-{re.sub(r'[^a-z]+', '-', label.lower()).strip('-')}.xml"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.unlink(missing_ok=True)
    # the path is relative to ROOT: the Pyodide runner mounts ROOT as its working directory
    proc = subprocess.run([str(c) for c in cmd] + [f"--junitxml={report.relative_to(ROOT)}"], cwd=ROOT,
                          env=env)
    try:
        for key, value in junit_totals(report).items():
            totals[key] = totals.get(key, 0) + value
    except (OSError, ElementTree.ParseError):
        if proc.returncode != 0:   # crashed before writing a report: still one failure
            totals["failed"] = totals.get("failed", 0) + 1
    if proc.returncode == 5:  # no tests collected: a suite that ran nothing is a failure here
        log(f"{label}: no tests ran")
        return 1
    return proc.returncode


def _lint(py: Path) -> list:
    """ruff (pylib, web, tests, build.py) and mypy (the engine), configured in pyproject.toml.
    Returns their exit codes; each failure counts once in the totals."""
    codes = []
    log("--- ruff (lint)")
    codes.append(subprocess.run([str(py), "-m", "ruff", "check", "pylib", "web", "tests", "build.py"],
                                cwd=ROOT).returncode)
    log("--- mypy (engine types)")
    codes.append(subprocess.run([str(py), "-m", "mypy"], cwd=ROOT).returncode)
    return codes


def test(fast: bool = False) -> int:
    """Build, lint (ruff, mypy), then run the engine tests on CPython and in Pyodide, then the browser
    tests. Totals come from each suite's JUnit XML (.cache/junit-*.xml)."""
    py = ensure_venv()
    ensure_node()
    wheels = ensure_pyodide_test_wheels()
    build()
    totals: dict = {}
    codes = []
    marker = "not e2e and not slow" if fast else "not e2e"
    lint = _lint(py)
    codes += lint
    totals["failed"] = sum(1 for c in lint if c != 0)
    codes.append(_pytest("engine tests on CPython", [py, "-m", "pytest", "-q", "-m", marker, "tests"], totals))
    codes.append(_pytest("engine tests inside Pyodide (Node)",
                         ["node", "tests/pyodide/run_pytest.mjs", ROOT, wheels, "-q", "-m", "not e2e and not slow",
                          "tests"], totals))
    if not fast:
        ensure_chromium()
        codes.append(_pytest("browser tests (Playwright + Chromium)", [py, "-m", "pytest", "-q", "-m", "e2e", "tests/e2e"],
                             totals))
    # a suite that failed without a count (crash, collection error) still counts as one failure
    failed = max(totals.get("failed", 0), sum(1 for c in codes if c != 0))
    print(f"\ntirada: {totals.get('passed', 0)} passed, {failed} failed, {totals.get('skipped', 0)} skipped")
    return 0 if all(c == 0 for c in codes) else 1


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("build", help="assemble dist/")
    p_serve = sub.add_parser("serve", help="build and serve dist/ locally")
    p_serve.add_argument("--port", type=int, default=8000)
    p_test = sub.add_parser("test", help="set up, build and run every test")
    p_test.add_argument("--fast", action="store_true", help="engine tests only, no slow or browser tests")
    p_deploy = sub.add_parser("deploy", help="build a folder ready for any static host (docs/hosting.md)")
    p_deploy.add_argument("dir", type=Path, help="the folder to write (replaced if it holds an earlier build)")
    p_deploy.add_argument("--url", help="the address it will be served from, for absolute preview-card URLs")
    p_bench = sub.add_parser("bench", help="measure load and roll speed")
    p_bench.add_argument("--runs", type=int, default=7)
    p_bench.add_argument("--profile", action="append", choices=("desktop", "phone"), default=[],
                         help="measure only this start-up profile (repeatable; default both)")
    args = parser.parse_args(argv)
    try:
        if args.cmd == "build":
            build()
        elif args.cmd == "serve":
            serve(args.port)
        elif args.cmd == "deploy":
            deploy(args.dir, args.url)
        elif args.cmd == "test":
            return test(args.fast)
        elif args.cmd == "bench":
            py = ensure_venv()
            build()
            ensure_chromium()
            profiles = [arg for name in args.profile for arg in ("--profile", name)]
            code = subprocess.call([str(py), str(ROOT / "bench" / "bench.py"), "--runs", str(args.runs), *profiles],
                                   cwd=ROOT)
            # exact odds inside Pyodide under Node (~20 s; docs/benchmarks.md §Odds speed)
            return subprocess.call(["node", str(ROOT / "bench" / "odds_pyodide.mjs"), "--write"], cwd=ROOT) or code
    except SetupError as err:
        print(f"[build] error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
