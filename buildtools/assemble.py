"""``build.py build``: dist/ from scratch, ending with the service worker."""

from __future__ import annotations

import shutil
from pathlib import Path

from .common import DIST, ROOT, log, run, web_modules
from .core import write_core
from .core_l5r import write_l5r
from .pages import build_wheel, copy_runtime, render_pages
from .setup import ensure_node, ensure_venv
from .startup import start_fast


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
    write_core()
    write_l5r()   # dist/core-l5r.bin: an L5R check's modules for the core
    render_pages(wheel)
    start_fast()
    write_service_worker()
    after = web_modules()
    log(f"built {DIST} ({sum(f.stat().st_size for f in DIST.rglob('*') if f.is_file()) // 1024} KiB, "
        f"engine {wheel.name}, {len(after)} glue modules)")
    return DIST
