"""``build.py test``: set up, build, lint, then every test suite, in parallel where the machine allows;
totals read from JUnit XML, and the time of each phase printed at the end (issue #37).

- ``test`` (what CI runs): set-up, build, lint (ruff, mypy), then three suites side by side: the
  browser suite (Playwright + Chromium, pytest-xdist workers, each with its own browser and server),
  and at the lowest priority, on the time it leaves idle, the engine suite on CPython (pytest-xdist
  workers) and the engine suite inside Pyodide (Node).
- ``test --fast``: the inner loop: ruff and the CPython suite (engine and page modules), no build,
  no browser, no Pyodide, no ``slow`` tests.
- ``-k EXPR`` selects tests by name in every suite (``test --fast -k l5r``: one system's tests).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from . import minidump as _minidump
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


def workers() -> int:
    """How many pytest-xdist workers a suite gets: ``TIRADA_TEST_WORKERS`` if set (1 = serial), else
    one per core the process may use (2 on the project's machines)."""
    wanted = os.environ.get("TIRADA_TEST_WORKERS", "").strip()
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def xdist_args(n: int) -> list:
    """pytest arguments for ``n`` workers: none for one (a plain serial run), else ``-n n`` with idle
    workers taking queued tests from busy ones (``--dist worksteal``: test times differ a hundredfold)."""
    return [] if n <= 1 else ["-n", str(n), "--dist", "worksteal"]


@dataclass
class Phase:
    """One step of the run: its label, its wall time in seconds, and its counts when it ran tests;
    ``beside``: it ran at the same time as the phase before it (its time is not added again)."""

    label: str
    seconds: float = 0.0
    counts: dict = field(default_factory=dict)
    code: int = 0
    beside: bool = False


@dataclass
class Suite:
    """A pytest run: its label, its command (``--junitxml`` is added) and its environment."""

    label: str
    cmd: list
    env: dict | None = None
    #: the suite's niceness (0 to 19): 19 runs it on what the suites beside it leave idle
    nice: int = 0

    @property
    def report(self) -> Path:
        return CACHE / f"junit-{re.sub(r'[^a-z]+', '-', self.label.lower()).strip('-')}.xml"


def _start(suite: Suite, output) -> subprocess.Popen:
    suite.report.parent.mkdir(parents=True, exist_ok=True)
    suite.report.unlink(missing_ok=True)
    # the path is relative to ROOT: the Pyodide runner mounts ROOT as its working directory
    cmd = [str(c) for c in suite.cmd] + [f"--junitxml={suite.report.relative_to(ROOT)}"]
    lower = (lambda: os.nice(suite.nice)) if suite.nice and hasattr(os, "nice") else None
    return subprocess.Popen(cmd, cwd=ROOT, env=suite.env, stdout=output, stderr=subprocess.STDOUT if output else None,
                            preexec_fn=lower)


def _finish(suite: Suite, code: int, phase: Phase, selective: bool) -> None:
    """Read ``suite``'s report into ``phase``. A suite that crashed before writing its report counts
    one failure; one that collected no test fails too, unless ``-k`` selected tests (a filter may
    leave a suite empty)."""
    phase.code = code
    try:
        phase.counts = junit_totals(suite.report)
    except (OSError, ElementTree.ParseError):
        phase.counts = {"passed": 0, "failed": 1 if code != 0 else 0, "skipped": 0}
    if code == 5:
        if selective:
            phase.code = 0
        else:
            log(f"{suite.label}: no tests ran")
            phase.code = 1
    if phase.code != 0 and phase.counts.get("failed", 0) == 0:
        phase.counts["failed"] = 1  # failed without a count (crash, collection error): still one failure


def run_suites(suites: list, selective: bool) -> list:
    """Run ``suites`` at the same time. The first one prints as it goes; each other one's output goes
    to a log under .cache/, printed whole once it and the first have ended (outputs never
    interleave). Returns one Phase per suite, in order."""
    if len(suites) == 1:
        suite = suites[0]
        log(f"--- {suite.label}")
        phase, started = Phase(suite.label), time.monotonic()
        code = _start(suite, None).wait()
        phase.seconds = time.monotonic() - started
        _finish(suite, code, phase, selective)
        return [phase]
    log("--- " + " | ".join(s.label for s in suites) + " (side by side)")
    running = []
    for i, suite in enumerate(suites):
        out_path = suite.report.with_suffix(".log")
        out = None if i == 0 else open(out_path, "w", encoding="utf-8")  # noqa: SIM115 (closed when it ends)
        running.append((suite, _start(suite, out), out, out_path, Phase(suite.label), time.monotonic()))
    phases: dict = {}
    waiting: list = []          # ended while the first suite still prints: shown after it
    while len(phases) < len(running):
        for suite, proc, out, out_path, phase, started in running:
            if suite.label in phases or proc.poll() is None:
                continue
            phase.seconds = time.monotonic() - started
            _finish(suite, proc.returncode, phase, selective)
            phases[suite.label] = phase
            if out is None:
                log(f"--- {suite.label} ({phase.seconds:.0f} s)")
            else:
                out.close()
                waiting.append((suite, phase, out_path))
        if running[0][0].label in phases:
            for suite, phase, out_path in waiting:
                log(f"--- {suite.label} ({phase.seconds:.0f} s)")
                sys.stdout.write(out_path.read_text(encoding="utf-8", errors="replace"))
                sys.stdout.flush()
            waiting.clear()
        time.sleep(0.2)
    ordered = [phases[s.label] for s in suites]
    for phase in ordered[1:]:
        phase.beside = True
    return ordered


def _timed(label: str, phases: list, job) -> None:
    """Run ``job()`` as a phase without tests (set-up, build) and note its time."""
    started = time.monotonic()
    job()
    phases.append(Phase(label, time.monotonic() - started))


def _lint(py: Path, mypy: bool = True) -> list:
    """ruff (pylib, web, tests, build.py, buildtools) and, unless ``mypy`` is false, mypy (the engine and
    the page), configured in pyproject.toml. Returns one Phase each; a failure counts once."""
    phases = []
    checks = [("ruff (lint)", [str(py), "-m", "ruff", "check", "pylib", "web", "tests", "build.py", "buildtools"])]
    if mypy:
        checks.append(("mypy (types)", [str(py), "-m", "mypy"]))
    for label, cmd in checks:
        log(f"--- {label}")
        started = time.monotonic()
        code = subprocess.run(cmd, cwd=ROOT).returncode
        phases.append(Phase(label, time.monotonic() - started, {"failed": int(code != 0)}, code))
    return phases


#: a container's limits and use, as tests/e2e/conftest.py's ``record_crash`` names them (cgroup v2, v1)
_CGROUP_KEYS = ("memory.max", "memory.current", "memory.events", "pids.max", "pids.current",
                "memory.limit_in_bytes", "memory.max_usage_in_bytes", "memory.failcnt")


def crash_report(path: Path, limit: int = 8, sites: list | None = None) -> str:
    """What the browser tests' renderer crashes ("Target crashed") had in common, from the JSON lines
    that tests/e2e/conftest.py's ``record_crash`` appends to ``path``: their number, then up to
    ``limit`` of them, one line each (test, free memory, free space for shared memory, load,
    Chromium's processes and memory, its last logged error), then where they stopped: ``sites``
    (``buildtools.minidump.CrashSite`` of the minidumps crashpad wrote meanwhile) counted by
    instruction, e.g. ``chromium+0x9c6674d ×3 (signal 11)``. Empty when there were none."""
    records = []
    for line in (path.read_text().splitlines() if path.exists() else []):
        try:
            records.append(json.loads(line))
        except ValueError:
            continue
    if not records and not sites:
        return ""
    rows = [f"\nrenderer crashes in the browser tests: {len(records)}"]
    for r in records[:limit]:
        rows.append(f"  {r.get('test', '?')} load {r.get('load', 0):.1f}, {r.get('mem_available_mb')} MB free, "
                    f"tmp {r.get('tmp_free_mb')} MB, /dev/shm {r.get('dev_shm_free_mb')} MB, "
                    f"{r.get('chromium_processes')} chromium processes {r.get('chromium_rss_mb')} MB "
                    f"{r.get('chromium_threads')} threads"
                    + "".join(f", {key} {r[key]}" for key in _CGROUP_KEYS if key in r)
                    + "".join(f"\n    {line}" for line in r.get("chromium_log", [])))
    if sites:
        counts: dict = {}
        for site in sites:
            counts[(site.site, site.signal)] = counts.get((site.site, site.signal), 0) + 1
        rows.append(f"  minidumps written meanwhile ({_minidump.PENDING}): {len(sites)}, by crash site: "
                    + ", ".join(f"{name} ×{n} (signal {signal})" for (name, signal), n in
                                sorted(counts.items(), key=lambda item: -item[1])))
    return "\n".join(rows)


def summary(phases: list, wall: float | None = None) -> str:
    """The table printed at the end of a run: each phase's time and counts (a phase that ran beside
    the one before it is marked ``∥``), then the run's total wall time and its test time — the total
    without the set-up phase, the figure issue #37's 15-minute target is about.

    ``wall``: the run's measured wall time in seconds; without it, the phases' times are added up,
    counting side-by-side phases once (the longest of each group)."""
    rows = [f"{'phase':<44} {'time':>8} {'passed':>7} {'failed':>7} {'skipped':>8}"]
    for p in phases:
        c = p.counts
        nums = (f"{c.get('passed', ''):>7} {c.get('failed', ''):>7} {c.get('skipped', ''):>8}"
                if "passed" in c else f"{'':>7} {c.get('failed', '') or '':>7} {'':>8}")
        label = ("∥ " if p.beside else "") + p.label
        rows.append(f"{label:<44} {p.seconds:>7.1f}s {nums}")
    if wall is None:
        groups: list = []
        for p in phases:
            if p.beside and groups:
                groups[-1] = max(groups[-1], p.seconds)
            else:
                groups.append(p.seconds)
        wall = sum(groups)
    setup = sum(p.seconds for p in phases if p.label.startswith("set-up"))
    rows.append(f"{'total (wall)':<44} {wall:>7.1f}s")
    rows.append(f"{'test time (total without set-up)':<44} {wall - setup:>7.1f}s = {(wall - setup) / 60:.1f} min")
    return "\n".join(rows)


def test(fast: bool = False, keyword: str | None = None) -> int:
    """Set up, build, lint, then run the suites; print a table of phases and the closing totals line
    (``tirada: N passed, N failed, N skipped``). Returns 0 when every step passed, else 1.

    ``fast``: ruff and the CPython suite without ``slow`` tests: no build, no Pyodide, no browser.
    ``keyword``: pytest's ``-k`` expression, given to every suite."""
    n = workers()
    select = ["-k", keyword] if keyword else []
    started = time.monotonic()
    py = ensure_venv()
    if not fast:
        ensure_node()
        wheels = ensure_pyodide_test_wheels()
        ensure_chromium()
    phases = [Phase("set-up (.venv)" if fast else "set-up (.venv, npm, wheels, Chromium)",
                    time.monotonic() - started)]
    pytest = [py, "-m", "pytest", "-q", *select]
    if fast:
        phases += _lint(py, mypy=False)
        phases += run_suites([Suite("engine and page modules on CPython (fast)",
                                    [*pytest, *xdist_args(n), "-m", "not e2e and not slow", "tests"])], bool(keyword))
    else:
        _timed("build dist/", phases, build)
        phases += _lint(py)
        # a failed browser test runs up to twice more (pytest-rerunfailures; ``-raR``: the summary names
        # every rerun, which ``-ra`` alone leaves out): two workers share two cores, and a page's timing races show there first; a CI run saw
        # Chromium's renderers crash in 47 attempts of 457 tests (9 twice), so a third attempt, and
        # every crash is reported with the machine's state (crash_report)
        crashes = CACHE / "e2e-crashes.jsonl"      # written by tests/e2e/conftest.py's record_crash
        crashes.unlink(missing_ok=True)
        browser_started = time.time()
        # the browser suite keeps every core busy but about a tenth of its time (a test waiting on its
        # page, the last tests of one worker): the engine suites run beside it at the lowest priority,
        # so they take only that idle time while it runs (the pages' timings are undisturbed) and the
        # cores once it has ended (issue #37). The Pyodide suite is one process (no subprocesses in
        # Pyodide); the CPython suite gets the other workers.
        phases += run_suites([
            Suite("browser tests (Playwright + Chromium)",
                  [*pytest, *xdist_args(n), "--reruns", "2", "-raR", "-m", "e2e", "tests/e2e"]),
            Suite("engine tests on CPython", [*pytest, *xdist_args(max(1, n - 1)), "-m", "not e2e", "tests"],
                  nice=19),
            Suite("engine tests inside Pyodide (Node)",
                  ["node", "tests/pyodide/run_pytest.mjs", ROOT, wheels, "-q", *select, "-m", "not e2e and not slow",
                   "tests"], nice=19),
        ], bool(keyword))
        print(crash_report(crashes, sites=_minidump.new_sites(browser_started)), flush=True)
    print("\n" + summary(phases, time.monotonic() - started), flush=True)
    totals = {key: sum(p.counts.get(key, 0) for p in phases) for key in ("passed", "failed", "skipped")}
    ok = all(p.code == 0 for p in phases)
    print(f"\ntirada: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")
    return 0 if ok else 1
