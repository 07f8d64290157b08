"""The engine's floors (issue #25, docs/architecture.md §Layers): every import — at module level or
inside a function, as tests/test_import_graph.py counts them — goes to the same floor or one below.

0 base: errors, dice seeds, names, fields, fresh nonces, plural, safe JSON, storage keys, what MicroPython
  lacks (portable, unicode_core_data) and the reading core's list;
1 wire: :mod:`tirada.wire` (frames, codec, layouts, post markup) and the system registry's tables;
2 games: :mod:`tirada.systems`, :mod:`tirada.odds`, :mod:`tirada.sheets`;
3 links: :mod:`tirada.links` (chains, audits, snippets of a verified roll, requests, sealed rolls);
4 app: storage, the chain book, the CLI and the package's front door.

So no lazy import can hide a two-way dependency between links and systems: the layers say which
way each may point.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))      # tests/: tests/helpers
from helpers.imports import ENGINE, graph  # noqa: E402

BASE = {"tirada.errors", "tirada.dice", "tirada.names", "tirada.fields", "tirada.fresh", "tirada.plural",
        "tirada.safejson", "tirada.storage_keys", "tirada.lookalike_data", "tirada.portable", "tirada.portable_text",
        "tirada.unicode_core_data", "tirada.reading_core", "tirada.steps", "tirada.refusals"}
APP = {"tirada", "tirada.__main__", "tirada.cli", "tirada.storage", "tirada.chainbook", "tirada.core_roll", "tirada.stored",
       "tirada.storage_records", "tirada.data_view"}
NAMES = ("base", "wire", "games", "links", "app")


def floor(module: str) -> int:
    """The floor of an engine module (raises KeyError for a module no floor names)."""
    if module in BASE:
        return 0
    if module.startswith("tirada.wire") or module == "tirada.systems.registry":
        return 1
    if module.startswith(("tirada.systems", "tirada.odds", "tirada.sheets")):
        return 2
    if module.startswith("tirada.links"):
        return 3
    if module in APP:
        return 4
    raise KeyError(module)


ENGINE_GRAPH = graph(ENGINE)


def test_every_engine_module_has_a_floor():
    missing = []
    for module in ENGINE_GRAPH:
        try:
            floor(module)
        except KeyError:
            missing.append(module)
    assert missing == [], "name the floor of these modules in tests/test_layers.py: " + ", ".join(missing)


def test_no_import_points_up_a_floor():
    up = sorted(f"{a} ({NAMES[floor(a)]}) → {b} ({NAMES[floor(b)]})"
                for a, targets in ENGINE_GRAPH.items() for b in targets if floor(b) > floor(a))
    assert up == [], "\n".join(up)


def test_the_check_sees_an_upward_import():
    """The check can fail: a wire module importing a links module is reported."""
    planted = {**ENGINE_GRAPH, "tirada.wire.codec": ENGINE_GRAPH["tirada.wire.codec"] | {"tirada.links.chain"}}
    up = [(a, b) for a, targets in planted.items() for b in targets if floor(b) > floor(a)]
    assert ("tirada.wire.codec", "tirada.links.chain") in up


@pytest.mark.parametrize("package, lowest", [("tirada.wire", 1), ("tirada.links", 3)])
def test_the_floors_are_not_empty(package, lowest):
    assert any(m.startswith(package) and floor(m) == lowest for m in ENGINE_GRAPH)
