"""The table `python3 build.py test` prints at the end (issue #37: "the run prints its time per phase at
the end, so growth is seen"). The CPython and Pyodide suites run side by side: the total is the run's
wall time, not the phases added up, and the test time leaves the set-up out, as the 15-minute target does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build tooling (CPython only)")


def _testing():
    sys.path.insert(0, str(ROOT))
    from buildtools import testing

    return testing


def _phases(testing):
    Phase = testing.Phase
    return [Phase("set-up (.venv, npm, wheels, Chromium)", 36.0), Phase("build dist/", 29.0),
            Phase("ruff (lint)", 3.0, {"failed": 0}),
            Phase("engine tests on CPython", 136.0, {"passed": 4000, "failed": 0, "skipped": 10}),
            Phase("engine tests inside Pyodide (Node)", 143.0, {"passed": 3800, "failed": 0, "skipped": 500},
                  beside=True),
            Phase("browser tests (Playwright + Chromium)", 1168.0, {"passed": 461, "failed": 0, "skipped": 40})]


def test_side_by_side_phases_count_once_in_the_total():
    testing = _testing()
    table = testing.summary(_phases(testing))
    # 36 + 29 + 3 + max(136, 143) + 1168 = 1379, not 1515 (the sum of every row)
    assert "total (wall)" in table and "1379.0s" in table and "1515.0s" not in table
    assert "1343.0s = 22.4 min" in table          # without the 36 s of set-up
    assert "∥ engine tests inside Pyodide (Node)" in table
    assert "∥ engine tests on CPython" not in table


def test_a_measured_wall_time_is_the_total():
    testing = _testing()
    table = testing.summary(_phases(testing), wall=1400.0)
    assert "1400.0s" in table and "1364.0s = 22.7 min" in table


def test_run_suites_marks_the_second_suite_as_beside(tmp_path, monkeypatch):
    testing = _testing()
    monkeypatch.setattr(testing, "CACHE", tmp_path)
    monkeypatch.setattr(testing, "ROOT", tmp_path)
    ok = [sys.executable, "-c", "pass"]
    phases = testing.run_suites([testing.Suite("one", ok), testing.Suite("two", ok)], selective=True)
    assert [p.beside for p in phases] == [False, True]
    alone = testing.run_suites([testing.Suite("alone", ok)], selective=True)
    assert [p.beside for p in alone] == [False]
