"""Every test imports this checkout's code, whichever virtual environment runs it.

- The engine: ``pylib/`` of this checkout goes first on ``sys.path`` (pyproject's ``pythonpath``, put
  here again for runners that start pytest without the project's configuration) and into ``PYTHONPATH``
  for the subprocesses tests start (``python -m tirada``, a wheel build): a second worktree whose tests
  run with the first one's ``.venv`` (its editable install points at the first checkout) still tests
  its own engine (tests/test_checkout.py).
- The page's modules: as the page does from app.zip, by their flat names. Their files stand in folders
  of web/ (one per system's views and strings, the roll view, fair play, the audit, "Mis datos", the
  shell; docs/architecture.md), so each folder goes on ``sys.path`` here, before any test module is
  imported (buildtools.common.web_on_path, the build's own way).
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = str(ROOT / "pylib")
if sys.path[:1] != [ENGINE]:
    sys.path.insert(0, ENGINE)
os.environ["PYTHONPATH"] = os.pathsep.join([ENGINE, *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                                    if p and p != ENGINE]])
sys.path.insert(0, str(ROOT))
try:
    from buildtools.common import web_on_path
finally:
    sys.path.remove(str(ROOT))

web_on_path()

try:
    from hypothesis import settings as _hypothesis
except ImportError:  # pragma: no cover (hypothesis is in requirements-dev.txt)
    _hypothesis = None
if _hypothesis is not None:
    # No time limit per example: speed targets live in bench/ and docs/benchmarks.md, not in timed tests
    # (this shared 2-core machine and Pyodide's engine run move timings 2-5x: a 200 ms deadline failed a
    # run inside Pyodide on a 381 ms example). Tests that set their own settings keep them.
    _hypothesis.register_profile("tirada", deadline=None)
    _hypothesis.load_profile("tirada")


try:
    import pytest
except ImportError:  # pragma: no cover (pytest runs this file)
    pytest = None

if pytest is not None:
    @pytest.fixture(scope="module")
    def js_reader(tmp_path_factory):
        """A folder with the page's JavaScript link reader and a Node driver (tests/helpers/link_reader.py),
        one per test module."""
        from helpers.link_reader import make_reader

        return make_reader(tmp_path_factory.mktemp("reader"))
