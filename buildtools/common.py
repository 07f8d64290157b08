"""What every job of build.py shares: the repository's paths, the runtime files the page ships,
SetupError, log and run (set-up stamps too)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("TIRADA_DIST") or ROOT / "dist")  # override to build elsewhere
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIR = NODE_MODULES / "@pyscript" / "core" / "dist"
CHROMIUM = Path("/usr/bin/chromium")
#: Files of the pyodide npm package the page needs (the rest are docs, typings and consoles); its
#: standard library is shipped trimmed (trim_stdlib) and its lock file inlined (start_data).
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


def web_folders() -> list[Path]:
    """The folders of web/ that hold the page's Python modules, by name: one per roll system's views
    and strings (web/dice/ is the generic roll and SIFRP), the roll view (web/roll/), fair play
    (web/fair/), the audit (web/audit/), "Mis datos" (web/data/) and the shell (web/shell/: start-up,
    store, i18n). Each is a namespace package (no ``__init__.py``) of the one import root web/: a module
    is imported by its package path (``from shell import app``, ``from fair.ui_fair import …``), in
    app.zip as on CPython (:func:`web_on_path`; tools/package_imports.py, issue #40)."""
    return sorted(p for p in WEB.iterdir() if p.is_dir() and any(p.glob("*.py")))


def web_modules() -> list[Path]:
    """Every page module (``web/<folder>/<name>.py``), sorted by name.

    Raises:
        SetupError: two folders hold a module of the same name (tools/package_imports.py finds a
            module's folder by its name) or a module stands at web/'s top, outside every folder."""
    loose = sorted(p.name for p in WEB.glob("*.py"))
    if loose:
        raise SetupError(f"web/ modules belong in a folder of web/ (docs/architecture.md): {', '.join(loose)}")
    modules = sorted((p for folder in web_folders() for p in folder.glob("*.py")), key=lambda p: p.name)
    twice = sorted({p.name for p in modules if sum(q.name == p.name for q in modules) > 1})
    if twice:
        raise SetupError(f"a page module's name must be unique in web/: {', '.join(twice)}")
    return modules


def module_path(path: Path) -> str:
    """The dotted name a page module is imported by: ``web/shell/app.py`` → ``shell.app``."""
    return ".".join(path.relative_to(WEB).with_suffix("").parts)


def web_on_path() -> list[str]:
    """Put web/, the one import root of the page's modules (:func:`web_folders` are its packages), at
    the front of ``sys.path`` (once; the build's and the tests' way to import the page's modules on
    CPython as the page does from app.zip); returns it in a list."""
    root = str(WEB)
    if root not in sys.path:
        sys.path.insert(0, root)
    return [root]


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


@contextlib.contextmanager
def source_build_lock():
    """Hold the checkout's package-build lock (``.cache/package-build.lock``) for the ``with`` block.

    Building the engine package from the checkout (``pip wheel`` in :func:`buildtools.pages.build_wheel`,
    ``python -m build`` in tests/test_package.py) writes ``build/`` and the ``*.egg-info`` folder in
    the source tree; ``build.py test`` runs the engine suites beside the browser suite (whose
    test_a_rebuild_gives_the_same_site builds dist/ again), so two builds could meet there. One at a
    time: a build waits for the other (about 2 s). No lock where ``fcntl`` is missing (not Linux or macOS)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "package-build.lock", "w", encoding="ascii") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
