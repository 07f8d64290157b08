"""No module of the page writes another module's state (issue #40: "no view writing another view's
state"). Each view keeps its state in its own module (a class of class attributes, e.g. ``Sealed`` in
web/fair/ui_sealed.py) and others change it only by calling that module's functions
(``ui_sealed.remember``, ``ui_request.lock_to``, ``app.set_lang``), so each piece of state has one
writer to read when it goes wrong.

A write is an assignment (also augmented or annotated, or to an item) to a name reached through an
imported page module (``ui_sealed.Sealed.opened = …``, ``app.State.lang = …``), or a call of a
mutating method on one (``ui_sealed.Sealed.rolls.update(…)``)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/'s sources (CPython only)")

#: methods that change the container they are called on
MUTATING = {"append", "clear", "update", "pop", "extend", "add", "discard", "remove", "insert", "setdefault",
            "popitem", "sort", "reverse"}


def _root(node: ast.AST) -> tuple:
    """``(name, [attributes])`` at the bottom of ``a.b[c].d``: ``("a", ["b", "d"])``."""
    chain = []
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            chain.append(node.attr)
        node = node.value
    return (node.id if isinstance(node, ast.Name) else None), chain[::-1]


def _written(tree: ast.AST) -> list:
    """``(line, target node)`` of every write and mutating call in ``tree``."""
    out = []
    for node in ast.walk(tree):
        targets: list = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATING:
            targets = [node.func.value]
        for target in targets:
            for one in target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]:
                out.append((node.lineno, one))
    return out


def writes_to_other_modules(source: str, own: str, page_modules: set) -> list:
    """``["line: module.attr…"]``: writes in ``source`` (the module named ``own``) to state reached through
    another imported page module."""
    tree = ast.parse(source)
    imported: dict = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name.split(".")[-1]     # "import fair.ui_fair as ui_fair" → ui_fair
                if name in page_modules:
                    imported[alias.asname or alias.name.split(".")[0]] = name
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name in page_modules:
                    imported[alias.asname or alias.name] = alias.name
    found = []
    for line, target in _written(tree):
        name, chain = _root(target)
        if name in imported and imported[name] != own and chain:
            found.append(f"{line}: {name}.{'.'.join(chain)}")
    return found


def _page_modules() -> dict:
    return {path.stem: path for path in WEB.rglob("*.py")}


def test_no_page_module_writes_another_modules_state():
    modules = _page_modules()
    assert len(modules) > 50
    found = {}
    for name, path in sorted(modules.items()):
        writes = writes_to_other_modules(path.read_text(encoding="utf-8"), name, set(modules))
        if writes:
            found[str(path.relative_to(ROOT))] = writes
    assert not found, f"modules writing another module's state (call a function of its owner instead): {found}"


@pytest.mark.parametrize("line", [
    "ui_sealed.Sealed.opened = None",
    "ui_sealed.Sealed.rolls[key] = fragment",
    "ui_sealed.Sealed.rolls.update(more)",
    "app.State.lang += 'x'",
    "a, ui_request.Active.spec = 1, spec",
])
def test_the_check_finds_each_kind_of_write(line):
    source = "from fair import ui_sealed\nimport ui_request\nimport app\n" + line + "\n"
    assert writes_to_other_modules(source, "ui_fair", {"ui_sealed", "ui_request", "app", "ui_fair"})


def test_a_module_may_write_its_own_state_and_read_others():
    source = ("import ui_request\nclass Sealed:\n    opened = None\nSealed.opened = 1\n"
              "spec = ui_request.Active.spec\nui_request.lock_to(spec)\n")
    assert writes_to_other_modules(source, "ui_sealed", {"ui_sealed", "ui_request"}) == []
