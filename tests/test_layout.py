"""Layout checks: unique test module names (pytest imports tests/ and tests/e2e/ into one namespace)
and the engine's package layout (issue #12)."""

import pathlib
from collections import Counter

TESTS = pathlib.Path(__file__).resolve().parent


def test_test_module_names_are_unique():
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []


ENGINE = TESTS.parent / "pylib" / "tirada"


def test_engine_layout_one_package_per_system():
    """Issue #12: each system is a package (or one module) under tirada/systems/, links under
    tirada/links/; no flat per-system modules are left at the top of the engine."""
    for path in ("systems/__init__.py", "systems/generic.py", "systems/sifrp.py", "systems/l5r/__init__.py",
                 "systems/tragedia/__init__.py", "systems/brs/__init__.py", "links/__init__.py",
                 "odds/__init__.py", "cli.py"):
        assert (ENGINE / path).is_file(), path
    top = sorted(p.name for p in ENGINE.glob("*.py"))
    flat = [n for n in top if n.startswith(("tragedia", "l5r", "link", "generic", "sifrp", "audit", "snippets"))]
    assert flat == []
    assert not (ENGINE / "brs").exists()


def test_every_registered_system_lives_in_tirada_systems():
    from tirada.systems import SYSTEMS, get_system

    for system_id, module in SYSTEMS.items():
        assert module.startswith("tirada.systems."), system_id
        assert callable(get_system(system_id).roll)


def test_only_the_cli_imports_the_cli():
    """Domain modules never import the command line; every ``cmd_*`` lives in tirada/cli.py."""
    import ast

    offenders, commands = [], []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = str(path.relative_to(ENGINE))
        if rel in ("cli.py", "__main__.py"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "cli":
                offenders.append(rel)
            if isinstance(node, ast.FunctionDef) and node.name.startswith("cmd_"):
                commands.append(f"{rel}:{node.name}")
    assert offenders == [] and commands == []
