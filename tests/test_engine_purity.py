"""The engine stays pure: no browser imports, no 3.12+ syntax, a pinned public surface."""

import ast
import pathlib

import pytest

import tirada

ENGINE = pathlib.Path(__file__).resolve().parent.parent / "pylib" / "tirada"
FILES = sorted(ENGINE.rglob("*.py"))


def test_engine_files_found():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_browser_or_random_imports_and_311_syntax(path):
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path), feature_version=(3, 11))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top not in {"pyscript", "js", "pyodide", "random"}, f"{path.name} imports {name}"


def test_public_surface_is_pinned():
    assert tirada.__all__ == [
        "DiceStream", "FixedFaces", "IllegalMove", "InvalidRequest", "LinkError", "SYSTEMS",
        "TiradaError", "new_seed", "roll",
    ]
