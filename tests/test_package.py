"""The engine as a normal Python package (issue #17): ``python -m build`` makes an sdist and a wheel
whose metadata is complete and passes ``twine check --strict``; ``pip install tirada-*.whl`` in a
clean virtual environment gives the ``tirada`` command and the library.

CPython only (builds and installs in subprocesses); marked slow (about 20 s).
"""

from __future__ import annotations

import email.parser
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "emscripten", reason="builds and installs in subprocesses"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """sdist + wheel from ``python -m build`` (run outside the repository: there, ``-m build``
    would find the project's own build.py first)."""
    out = tmp_path_factory.mktemp("pkg")
    from buildtools.common import source_build_lock

    with source_build_lock():    # a build of dist/ in the browser suite may run beside (build.py test)
        proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                              cwd=out, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return out


def wheel_of(folder: Path) -> Path:
    wheels = sorted(folder.glob("tirada-*-py3-none-any.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_build_and_twine_check_pass(built):
    sdists = sorted(built.glob("tirada-*.tar.gz"))
    assert len(sdists) == 1
    proc = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel_of(built)), str(sdists[0])],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("PASSED") == 2


def test_wheel_metadata_is_complete(built):
    with zipfile.ZipFile(wheel_of(built)) as whl:
        name = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(whl.read(name).decode("utf-8"))
        names = whl.namelist()
    import tirada

    assert meta["Name"] == "tirada" and meta["Version"] == tirada.__version__
    assert meta["License-Expression"] == "MIT"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# Tirada")
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Source", "Documentation", "Issues"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())
    classifiers = meta.get_all("Classifier")
    # the Python versions the classifiers name are exactly those from requires-python up to 3.14
    versions = {c.rsplit(" ", 1)[1] for c in classifiers if c.startswith("Programming Language :: Python :: 3.")}
    assert versions == {"3.11", "3.12", "3.13", "3.14"}
    assert "Topic :: Games/Entertainment :: Role-Playing" in classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # the SPDX expression replaces them
    # the engine only: no page glue, no tests
    assert {n.split("/")[0] for n in names} == {"tirada", name.split("/")[0]}


def test_pip_install_wheel_gives_command_and_library(built, tmp_path):
    import venv  # not in Pyodide's standard library

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    # the installed wheel alone: no PYTHONPATH pointing at this checkout (tests/conftest.py sets one)
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-index",
                           "--disable-pip-version-check", str(wheel_of(built))], capture_output=True, text=True, env=clean)
    assert proc.returncode == 0, proc.stderr
    request = {"system": "sifrp", "test_dice": 4, "bonus_dice": 2, "difficulty": 12,
               "seed": "8f14e45fceea167a5a36dedd4bea2543"}
    proc = subprocess.run([str(bin_dir / "tirada"), "roll", json.dumps(request)], capture_output=True, text=True,
                          cwd=tmp_path, env=clean)
    assert proc.returncode == 0, proc.stderr
    from tirada import roll  # the same roll computed by the repository's engine

    assert json.loads(proc.stdout) == json.loads(json.dumps(roll(request)))
    # the library, imported from the installed wheel and not from the repository
    code = "import tirada, tirada.links.chain; print(tirada.__file__)"
    proc = subprocess.run([str(bin_dir / "python"), "-c", code], capture_output=True, text=True, cwd=tmp_path,
                          env=clean)
    assert proc.returncode == 0, proc.stderr
    assert str(env_dir) in proc.stdout
    bad = subprocess.run([str(bin_dir / "tirada"), "roll", "{"], capture_output=True, text=True, cwd=tmp_path,
                         env=clean)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
