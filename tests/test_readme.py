"""Every command-line example in README.md runs and exits 0 (run in-process, from the repo root)."""

import io
import pathlib
import re
import shlex
import sys

import pytest

from tirada.cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
PREFIX = ".venv/bin/python -m tirada "
EXAMPLES = [line.split("  #")[0].strip()[len(PREFIX):]
            for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
            if line.startswith(PREFIX)]


def test_readme_has_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.skipif(sys.platform == "emscripten", reason="reads files relative to the repository root")
@pytest.mark.parametrize("example", EXAMPLES)
def test_readme_example_runs(example, monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    code = main(shlex.split(example), stdin=io.StringIO(""), stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    assert out.getvalue().strip(), "no output"
    assert not re.search(r"Traceback", err.getvalue())
