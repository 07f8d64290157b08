"""``build.py bench``: build, then measure load and roll speed (docs/benchmarks.md)."""

from __future__ import annotations

import subprocess

from .assemble import build
from .common import ROOT
from .setup import ensure_chromium, ensure_venv


def bench(runs: int, profiles: list) -> int:
    """Build, then run bench/bench.py ``runs`` times per start-up profile (``profiles``: "desktop",
    "phone"; empty for both) and the exact odds inside Pyodide under Node; return the exit code."""
    py = ensure_venv()
    build()
    ensure_chromium()
    args = [arg for name in profiles for arg in ("--profile", name)]
    code = subprocess.call([str(py), str(ROOT / "bench" / "bench.py"), "--runs", str(runs), *args], cwd=ROOT)
    # exact odds inside Pyodide under Node (~20 s; docs/benchmarks.md §Odds speed)
    return subprocess.call(["node", str(ROOT / "bench" / "odds_pyodide.mjs"), "--write"], cwd=ROOT) or code
