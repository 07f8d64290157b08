"""Set-up (idempotent): the dev tools in .venv, the pinned Node runtime, the Pyodide test wheels,
Chromium for the browser tests."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from .common import (
    CACHE,
    CHROMIUM,
    NODE_MODULES,
    PYODIDE_DIR,
    PYSCRIPT_DIR,
    ROOT,
    VENV,
    VENV_PY,
    SetupError,
    _stamp_ok,
    _write_stamp,
    run,
)


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
