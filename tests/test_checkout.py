"""The tests test this checkout's engine, whichever virtual environment runs them (issue #37).

A second git worktree that runs its tests with the first worktree's ``.venv`` used to import the
first worktree's engine: the ``.venv``'s editable install points there, so a change made in the second
worktree was never tested. ``pythonpath`` (pyproject.toml) and tests/conftest.py put this checkout's
``pylib/`` first, for pytest and for the subprocesses tests start.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tirada

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "pylib" / "tirada"

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="starts subprocesses (CPython only)")


def test_the_engine_imported_is_this_checkouts():
    assert Path(tirada.__file__).resolve().parent == ENGINE


def test_a_cli_subprocess_runs_this_checkouts_engine():
    code = "import tirada; print(tirada.__file__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT.parent, check=True)
    assert Path(done.stdout.strip()).resolve().parent == ENGINE


def _second_checkout(where: Path) -> Path:
    """A second worktree of this repository at HEAD, with this working tree's test set-up laid over it
    (the files that decide which engine the tests import), so the check holds before a commit too."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    second = where / "second"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(second), "HEAD"],
                   check=True, capture_output=True)
    for name in ("pyproject.toml", "tests/conftest.py", "buildtools/common.py", "tests/test_checkout.py"):
        shutil.copyfile(ROOT / name, second / name)
    return second


def test_a_second_worktree_run_with_this_venv_tests_its_own_engine(tmp_path):
    """The way it went wrong: a second worktree, its tests run by this checkout's Python (whose
    ``.venv`` has the editable install of this checkout). The engine the second worktree's tests see,
    in-process and in a subprocess, must be the second worktree's."""
    second = _second_checkout(tmp_path)
    try:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
             "tests/test_checkout.py::test_the_engine_imported_is_this_checkouts",
             "tests/test_checkout.py::test_a_cli_subprocess_runs_this_checkouts_engine"],
            cwd=second, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
        assert "2 passed" in done.stdout
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(second)], capture_output=True)
