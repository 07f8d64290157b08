"""Every public module, class and function of the engine has a docstring (STYLE.md, brief)."""

import ast
import pathlib

import pytest

ENGINE = pathlib.Path(__file__).resolve().parent.parent / "pylib" / "tirada"
FILES = sorted(ENGINE.rglob("*.py"))


def public_defs(tree):
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
            yield node
            if isinstance(node, ast.ClassDef):
                for sub in node.body:
                    if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and not sub.name.startswith("_"):
                        yield sub


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_public_names_have_docstrings(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{path.name} has no module docstring"
    missing = [node.name for node in public_defs(tree) if not ast.get_docstring(node)]
    assert missing == [], f"{path.name}: no docstring on {missing}"
