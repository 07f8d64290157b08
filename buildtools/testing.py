"""``build.py test``: build, lint, then every test suite, totals read from JUnit XML."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from xml.etree import ElementTree

from .assemble import build
from .common import CACHE, ROOT, log
from .setup import ensure_chromium, ensure_node, ensure_pyodide_test_wheels, ensure_venv


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
    """ruff (pylib, web, tests, build.py, buildtools) and mypy (the engine), configured in pyproject.toml.
    Returns their exit codes; each failure counts once in the totals."""
    codes = []
    log("--- ruff (lint)")
    codes.append(subprocess.run([str(py), "-m", "ruff", "check", "pylib", "web", "tests", "build.py", "buildtools"],
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
