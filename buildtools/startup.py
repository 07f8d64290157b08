"""Start-up (issue #16): trimmed standard library, compiled modules, the memory snapshot,
engine.zip, the start module's data, preloads and compile hints."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import zipfile
from pathlib import Path

from .common import DIST, PYODIDE_DIR, ROOT, SetupError, run, web_folders, web_on_path
from .generated import GENERATED, write_generated
from .pages import insert_before

#: Standard-library modules PyScript's own Python package imports (read from its bundled sources);
#: kept in the trimmed standard library even if no Tirada module imported them.
STDLIB_EXTRA = ("asyncio", "inspect", "json", "functools", "collections")
#: The memory snapshot, gzip-compressed at build time (web/pyodide-start.mjs unpacks it).
SNAPSHOT = "snapshot.bin.gz"


def pyodide_node(*args) -> None:
    """Run tools/pyodide_build.mjs (Pyodide under Node) with ``args``."""
    run(["node", ROOT / "tools" / "pyodide_build.mjs", *args])


def compile_app() -> str:
    """Compile dist/app.zip with Pyodide's own Python (issue #16; docs/benchmarks.md): the engine
    package and the page modules ship as sourceless .pyc compiled without docstrings and asserts
    (optimize=2; the engine wheel in dist/wheels/ and web/ keep the source), and PyScript's own
    package as a checked-hash .pyc beside its source, so the page compiles nothing at start-up and
    the downloads and the snapshot are smaller.

    Returns the fingerprint ("LENGTH:HASH") of the Python set-up PyScript runs after Pyodide has
    booted (it writes its own package as source files, then imports it), for start_data:
    app.zip holds that package compiled, so the page imports it from there instead."""
    out = DIST / "app.zip"
    pyodide_node("pyc", out, PYODIDE_DIR / "python_stdlib.zip", out)
    # the engine and the page's own modules (web/<folder>/): bytecode only, without docstrings and
    # asserts; the source stays in the engine wheel and in web/ (docs/benchmarks.md, "The page's
    # first script": 0.2 MB less on a first visit)
    prefixes = ["tirada/", *(f"{folder.name}/" for folder in web_folders())]
    pyodide_node("sourceless", out, PYODIDE_DIR / "python_stdlib.zip", out, ",".join(prefixes))
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


#: The engine and the page modules held by the snapshot, split out of app.zip (web/pyodide-start.mjs): a zip
#: archive of stored (uncompressed) entries, gzipped whole (split_engine; engine_zip reads it back)
ENGINE_ZIP = "engine.zip.gz"


def engine_zip() -> bytes:
    """The zip archive in dist/engine.zip.gz, unpacked from its gzip: what web/pyodide-start.mjs puts on the
    interpreter's ``sys.path`` (as ``engine.zip``)."""
    return gzip.decompress((DIST / ENGINE_ZIP).read_bytes())


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

    Both archives hold bytecode only for the engine and the page modules (compile_app); a source
    left beside its .pyc would still be left out of engine.zip (a plain start loads the .pyc; a
    snapshot start reads neither).

    engine.zip's entries are stored, not deflated one by one, and the whole archive is gzipped
    (ENGINE_ZIP; web/pyodide-start.mjs unpacks it with the browser's DecompressionStream): one stream
    compresses across its 260 small files, 1.48 → 1.28 MB to download on a first visit, and zipimport
    then reads each module without inflating it (docs/benchmarks.md, "engine.zip gzipped whole")."""
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

    stored = io.BytesIO()
    with zipfile.ZipFile(app, "w") as glue, zipfile.ZipFile(stored, "w") as eng:
        for info, data in entries:
            if not engine_side(_module_of(info.filename)):
                glue.writestr(info, data)
            elif not (info.filename.endswith(".py") and f"{info.filename}c" in names):
                eng.writestr(info, data, compress_type=zipfile.ZIP_STORED)
    # mtime 0: the same sources make the same bytes (as fixed_zip_entry does for the entries)
    engine.write_bytes(gzip.compress(stored.getvalue(), compresslevel=9, mtime=0))
    return engine


def start_data(snapshot: Path | None, pyscript_setup: str = "") -> dict:
    """What web/pyodide-start.mjs starts with (generated.mjs's START): the lock file, the snapshot's
    name, precache revision and unpacked length, the WebAssembly's precache revision and the
    fingerprint of PyScript's Python set-up (compile_app)."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    # the snapshot's revision is Workbox's (tools/sw.mjs): the MD5 hex of the file's bytes
    packed = snapshot.read_bytes() if snapshot else b""
    revision = hashlib.md5(packed).hexdigest() if snapshot else ""  # noqa: S324 - a cache key
    # the unpacked length: gzip's trailer (ISIZE, the length modulo 2**32; the snapshot is ~30 MiB)
    length = int.from_bytes(packed[-4:], "little") if snapshot else ""
    # Pyodide's WebAssembly is read from the precache as the snapshot is (wasmFromCaches): its revision
    wasm = hashlib.md5((DIST / "pyodide" / "pyodide.asm.wasm").read_bytes()).hexdigest()  # noqa: S324 - a cache key
    return {"lock": json.dumps(lock, separators=(",", ":")), "snapshot": snapshot.name if snapshot else "",
            "snapshot_revision": revision, "snapshot_length": length, "wasm_revision": wasm,
            "pyscript_setup": pyscript_setup}


def use_start_module() -> None:
    """Point pyscript.json at dist/pyodide-start.mjs (the interpreter module PyScript loads)."""
    config_path = DIST / "pyscript.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["interpreter"] = "./pyodide-start.mjs"
    config_path.write_text(json.dumps(config, indent=1), encoding="utf-8")


def fill_english() -> None:
    """Fill ``{{en:key}}`` in dist/index.html with the English text of ``key`` (web/shell/strings.py):
    web/loader.js shows the loading texts in English before the engine has applied the language."""
    web_on_path()
    from shell import strings
    page = DIST / "index.html"

    def fill(match: re.Match) -> str:
        if match.group(1) not in strings.STRINGS:
            raise SetupError(f"web/index.html uses {{{{en:{match.group(1)}}}}} but web/shell/strings.py has no such key")
        return strings.html_escape(strings.STRINGS[match.group(1)]["en"])

    page.write_text(re.sub(r"\{\{en:([a-z0-9_.]+)\}\}", fill, page.read_text(encoding="utf-8")), encoding="utf-8")


#: web/index.html's tag for its first script (web/first.js), which the build writes inline (inline_first_script)
FIRST_SCRIPT = '<script src="./first.js" async></script>'


def inline_first_script() -> None:
    """Write web/first.js into dist/index.html in place of FIRST_SCRIPT, as an inline classic script the
    page's Content-Security-Policy allows by its hash (``'sha256-…'`` added to ``script-src``; every other
    inline script stays refused), and drop dist/first.js. Its whole-line ``//`` comments and blank lines
    are left out.

    Why (issue #41; docs/benchmarks.md, "Fewer modules at a plain start, and the first script inline"):
    fetched, it arrived ~0.6 s after the page was asked for on the phone profile (behind the page's other
    requests) and ran ~0.3 s later still, while the page was parsed; inline it runs as the parser reaches
    it, so Pyodide's files and the core's worker are asked for ~0.6 s sooner on a first visit.

    Raises:
        SetupError: web/index.html holds FIRST_SCRIPT not exactly once, it has no ``script-src`` policy,
        or the script holds a text an HTML ``<script>`` element cannot (``</script``, ``<!--``)."""
    page = DIST / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(FIRST_SCRIPT) != 1 or html.count("script-src 'self'") != 1:
        raise SetupError(f"web/index.html: no single {FIRST_SCRIPT} or script-src 'self'")
    source = (DIST / "first.js").read_text(encoding="utf-8")
    code = "\n".join(line for line in source.splitlines() if line.strip() and not line.strip().startswith("//"))
    if "</script" in code.lower() or "<!--" in code:
        raise SetupError("web/first.js holds </script or <!--: it cannot be written inline")
    digest = "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"
    html = html.replace(FIRST_SCRIPT, f"<script>{code}</script>").replace("script-src 'self'", f"script-src 'self' {digest}")
    page.write_text(html, encoding="utf-8")
    (DIST / "first.js").unlink()


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
             f'<link rel="modulepreload" href="./{GENERATED}">',
             '<link rel="modulepreload" href="./pyodide-start.mjs">',
             '<link rel="modulepreload" href="./pyodide/pyodide.mjs">',
             # web/loader.js's own imports: asked for with it, not once it has arrived and been read
             *(f'<link rel="modulepreload" href="./{name}">' for name in loader_imports() if name != GENERATED)]
    # (Pyodide's JavaScript module and WebAssembly are asked for by the first script (web/first.js, inline), or by web/loader.js
    # after the reading core's first verdict on a page opened on a link)
    insert_before('<script type="module" src="./loader.js"></script>', links)


def loader_imports() -> list[str]:
    """The modules web/loader.js imports statically (``import ... from "./NAME"``), in its order."""
    text = (ROOT / "web" / "loader.js").read_text(encoding="utf-8")
    return re.findall(r'^import [^;]*?"\./([\w.-]+\.mjs)";', text, flags=re.M)


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
    inline_first_script()
    add_preloads()
    add_compile_hints()
    write_generated(DIST)  # START empty: compile_app imports pyodide-start.mjs under Node
    pyscript_setup = compile_app()
    trim_stdlib()
    snapshot, held = make_snapshot()
    split_engine(held)  # without a snapshot engine.zip is empty: app.zip keeps every module
    write_generated(DIST, start_data(snapshot, pyscript_setup))
    use_start_module()
