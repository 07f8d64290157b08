"""The views redrawn after a language change are one explicit list (web/shell/lang_views.py, issue #40),
not a hook list filled at import time: every view of web/ that defines ``relang()`` is in it, every
module it names defines ``relang()`` taking no argument, and no module of web/ registers or runs
``app.ON_LANG`` any more. CPython only (reads web/ sources)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))      # tests/: tests/helpers
from helpers.imports import WEB, load_order, module_files  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/ sources (CPython only)")


def _lang_views() -> tuple:
    tree = ast.parse((WEB / "shell" / "lang_views.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "VIEWS" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("lang_views.VIEWS not found")


def _relang(path: Path) -> ast.FunctionDef | None:
    """The module-level ``def relang`` of a web/ module, if any."""
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == "relang":
            return node
    return None


def test_every_view_that_redraws_is_listed_once_and_each_listed_one_redraws():
    views, modules = _lang_views(), module_files(WEB)
    assert len(views) == len(set(views)), views
    defining = {name for name, path in modules.items() if _relang(path) is not None}
    assert set(views) == defining, (sorted(set(views) - defining), sorted(defining - set(views)))
    for name in views:
        fn = _relang(modules[name])
        assert fn is not None and not fn.args.args and not fn.args.posonlyargs and not fn.args.kwonlyargs, name
        assert ast.get_docstring(fn), name


def test_no_module_of_the_page_uses_a_language_hook_list():
    for name, path in module_files(WEB).items():
        assert "ON_LANG" not in path.read_text("utf-8"), name


def test_the_views_page_imports_at_start_redraw_first_in_their_load_order():
    """The views page.py imports at start redraw first, in the order their modules load (the order the
    import-time hook list ran them in); the views loaded later follow."""
    modules, order = module_files(WEB), []
    load_order("shell.page", modules, set(), order)
    views = _lang_views()
    at_start = [name for name in order if name in views]
    assert len(at_start) >= 5, at_start
    assert list(views[:len(at_start)]) == at_start, (views, at_start)
