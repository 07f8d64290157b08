"""The reading core as the page downloads it: compiled to MicroPython bytecode, in one file (issue #41).

buildtools/core.py compiles every core module with mpy-cross of the page's MicroPython version and
lays them out in dist/core.bin (gzip of :func:`buildtools.core.bundle`), which web/core-worker.mjs
inflates and writes into MicroPython's file system. tests/test_reading_core.py runs these compiled
modules on MicroPython against CPython; tests/e2e/test_core_first.py opens a link with them.
"""

from __future__ import annotations

import ast
import gzip
import struct
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="runs mpy-cross, a native program (CPython only)")

from buildtools import core  # noqa: E402
from buildtools.common import SetupError  # noqa: E402
from tirada import reading_core  # noqa: E402
from tirada.systems.registry import declared_packages  # noqa: E402

PYLIB = core.PYLIB


def module_path(name: str):
    """The file of the engine module ``name`` (a package by its ``__init__.py``)."""
    base = PYLIB.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


@pytest.fixture(scope="module")
def compiled() -> dict:
    return core.compile_core(core.core_sources())


def test_every_core_module_is_compiled_for_the_pages_micropython(compiled):
    sources = core.core_sources()
    assert sorted(compiled) == sorted(name[:-3] + ".mpy" for name in sources)
    assert "tirada/links/core_view.mpy" in compiled and "typing.mpy" in compiled
    for name, data in compiled.items():
        # .mpy header: "M", the bytecode version (6 for MicroPython 1.20 and later), feature flags
        assert data[:2] == b"M\x06", name
    assert core.compile_core(core.core_sources()) == compiled   # the same bytes again: a reproducible dist/


def test_the_bundle_holds_each_file_and_refuses_a_cut_short_one(compiled):
    data = core.bundle(compiled)
    assert core.unbundle(data) == compiled
    (n,) = struct.unpack("<I", data[:4])
    assert data[:2] != b"\x1f\x8b" and n < 0x8B1F   # never mistaken for gzip by the worker's check
    with pytest.raises(ValueError):
        core.unbundle(data[:-1])
    with pytest.raises(ValueError):
        core.unbundle(data + b"\0")


def test_dist_core_bin_is_the_gzipped_bundle(tmp_path, monkeypatch, compiled):
    """dist/core.bin and dist/core-games.bin together hold every compiled core module once: the
    games' modules (tirada.reading_core.GAME_MODULES) in the latter only."""
    monkeypatch.setattr(core, "DIST", tmp_path)
    path = core.write_core()
    assert path == tmp_path / core.CORE_BUNDLE
    first = core.unbundle(gzip.decompress(path.read_bytes()))
    games = core.unbundle(gzip.decompress((tmp_path / core.GAMES_BUNDLE).read_bytes()))
    assert not set(first) & set(games) and dict(first, **games) == compiled
    assert "tirada/systems/tragedia/scene.mpy" in games and "tirada/systems/tragedia/roll.mpy" in first
    assert len(games) == len(reading_core.GAME_MODULES)
    assert (tmp_path / "micropython" / "micropython.wasm").is_file()
    # about what the sources took gzipped: the download before a link's first result stays ≤ 0.8 MB (the
    # games' modules, Blood Red Sands' and Tragedia's scene, are in core-games.bin, fetched for their links only)
    assert path.stat().st_size < 160_000


def test_no_module_of_the_first_bundle_imports_a_games_module():
    """What core.bin holds runs without core-games.bin (the page does not fetch it for a roll link):
    no import of a games module from any other core module, at any depth of its code."""
    games = set(reading_core.GAME_MODULES)
    found = []
    for name in reading_core.core_modules(declared_packages()):
        if name in games:
            continue
        tree = ast.parse(module_path(name).read_text(encoding="utf-8"))
        package = name if module_path(name).name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            found += [(name, node.lineno, t) for t in targets if t in games]
    assert found == []


def test_mpy_cross_of_another_micropython_version_is_refused(monkeypatch):
    monkeypatch.setattr(core, "micropython_version", lambda: "1.99.0")
    with pytest.raises(SetupError, match="1.99.0"):
        core.mpy_cross()


def test_a_module_mpy_cross_refuses_is_named(monkeypatch):
    with pytest.raises(SetupError, match="tirada/broken.py"):
        core.compile_core({"tirada/broken.py": "def f(:\n"})
