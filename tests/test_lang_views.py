"""The views redrawn after a language change are one explicit list, the typed event
``page_events.LangChanged`` and its :data:`LISTENERS` entry (web/shell/page_events.py, issue #40): not a
hook list filled at import time, nor a second list of views beside the events' (the old
``shell/lang_views.py`` and its ``VIEWS`` / ``relang()``). Every view of web/ that redraws defines
``on_lang_changed(event)`` and is listed (tests/test_page_events.py checks handlers against lists for
every event); here: the old shape is gone, the views page.py imports at start redraw first in their load
order, and the event's ``redrawn`` view is not called again. CPython only (reads web/ sources)."""

from __future__ import annotations

import ast
import re
import sys
import types
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))      # tests/: tests/helpers
from shell import page_events  # noqa: E402
from helpers.imports import WEB, load_order, module_files  # noqa: E402

on_cpython = pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/ sources (CPython only)")


def _listed() -> tuple:
    return page_events.LISTENERS[page_events.LangChanged]


def _defines(path: Path, name: str) -> bool:
    return any(isinstance(node, ast.FunctionDef) and node.name == name
               for node in ast.parse(path.read_text("utf-8")).body)


@on_cpython
def test_the_language_change_is_an_event_with_one_list_and_no_second_list_remains():
    modules = module_files(WEB)
    assert page_events.HANDLERS[page_events.LangChanged] == "on_lang_changed"
    assert "shell.lang_views" not in modules and not (WEB / "shell" / "lang_views.py").exists()
    assert [name for name, path in modules.items() if _defines(path, "relang")] == []
    assert [name for name, path in modules.items() if re.search(r"\blang_views\b", path.read_text("utf-8"))] == []
    listed = _listed()
    assert len(listed) == len(set(listed)) >= 10, listed
    assert {name for name, path in modules.items() if _defines(path, "on_lang_changed")} == set(listed)


@on_cpython
def test_no_module_of_the_page_uses_a_language_hook_list():
    for name, path in module_files(WEB).items():
        assert "ON_LANG" not in path.read_text("utf-8"), name


@on_cpython
def test_the_views_page_imports_at_start_redraw_first_in_their_load_order():
    """The views page.py imports at start redraw first, in the order their modules load (the order the
    import-time hook list ran them in); the views loaded later follow."""
    modules, order = module_files(WEB), []
    load_order("shell.page", modules, set(), order)
    views = _listed()
    at_start = [name for name in order if name in views]
    assert len(at_start) >= 5, at_start
    assert list(views[:len(at_start)]) == at_start, (views, at_start)


def test_every_loaded_view_redraws_in_order_but_the_one_that_already_did(monkeypatch):
    calls: list = []
    for name in _listed():
        monkeypatch.delitem(sys.modules, name, raising=False)
    for name in ("data.ui_data", "dice.ui_dice", "roll.ui_roll"):
        module = types.ModuleType(name)
        module.on_lang_changed = lambda event, name=name: calls.append((name, event.redrawn))   # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, name, module)
    page_events.emit(page_events.LangChanged())
    assert calls == [("dice.ui_dice", ""), ("roll.ui_roll", ""), ("data.ui_data", "")]
    calls.clear()
    page_events.emit(page_events.LangChanged(redrawn="data.ui_data"))     # My data after an import
    assert calls == [("dice.ui_dice", "data.ui_data"), ("roll.ui_roll", "data.ui_data")]
    assert "brs.ui_brs" not in sys.modules      # an unloaded view is not imported by the event
