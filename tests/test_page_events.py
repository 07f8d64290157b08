"""The page is driven by typed events heard by explicit lists of views (web/shell/page_events.py, issue
#40), not by hook lists filled at import time: no module of web/ names one of the old hook lists or
registers anything into ``app`` when it is imported; every view with an event handler is listed for that
event (and every listed one has it), in the order the views load; every link kind opens through the
explicit route table, a lazy view's kind through a module page.py loads lazily; the roll form's
questions to the GM request and sealed views have their defaults while those are not loaded.

The source checks read web/ (CPython only); the dispatch tests run page_events itself (also on Pyodide).
"""

from __future__ import annotations

import ast
import re
import sys
import types
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))                                  # tests/: tests/helpers
from shell import page_events  # noqa: E402  (web/shell, on the path by tests/conftest.py: plain Python, no pyscript)
from helpers.imports import WEB, load_order, module_files  # noqa: E402

on_cpython = pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/ sources (CPython only)")

#: the hook lists and dicts web/shell/app.py had, filled by the views at import (ON_LANG: now LangChanged)
OLD_HOOKS = ("ROUTES", "ON_LINK", "ON_ROLL", "ON_NOTICE", "ON_WRITE", "ON_NAME", "BEFORE_ROLL", "GM_REQUEST",
             "SEALED", "ON_LANG")
#: shared modules nothing may write into when it is imported
SHARED = ("app", "page_events")
MUTATORS = {"append", "extend", "insert", "update", "setdefault", "add", "__setitem__"}


def _old_hooks_named(text: str) -> list:
    return [hook for hook in OLD_HOOKS if re.search(rf"\b{hook}\b", text)]


def _root(node: ast.AST) -> str:
    """The name an attribute / subscript chain starts from (``app`` for ``app.X[k].y``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _import_time_writes(source: str) -> list:
    """The lines of a module's top level (run when it is imported, ``if`` / ``try`` / ``with`` blocks
    included, functions and classes not) that write into a shared module: ``app.X.append(…)``,
    ``app.X[k] = …``, ``app.X = …``, ``setattr(app, …)``."""
    found: list = []

    def statements(body: list) -> list:
        out: list = []
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            out.append(node)
            for field in ("body", "orelse", "finalbody"):
                if isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                    out += statements(getattr(node, field, []))
            for handler in getattr(node, "handlers", []):
                out += statements(handler.body)
        return out

    for stmt in statements(ast.parse(source).body):
        shallow = [stmt] if isinstance(stmt, (ast.If, ast.Try, ast.With, ast.For, ast.While)) else list(ast.walk(stmt))
        for node in shallow:
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [node.lineno for t in targets
                          if isinstance(t, (ast.Attribute, ast.Subscript)) and _root(t) in SHARED]
            elif isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr in MUTATORS and _root(func.value) in SHARED:
                    found.append(node.lineno)
                elif isinstance(func, ast.Name) and func.id == "setattr" and node.args \
                        and _root(node.args[0]) in SHARED:
                    found.append(node.lineno)
    return found


@on_cpython
def test_no_module_of_the_page_names_an_old_hook_list():
    named = {name: _old_hooks_named(path.read_text("utf-8")) for name, path in module_files(WEB).items()}
    assert {name: hooks for name, hooks in named.items() if hooks} == {}


@on_cpython
def test_no_module_of_the_page_writes_into_a_shared_module_when_imported():
    writes = {name: _import_time_writes(path.read_text("utf-8")) for name, path in module_files(WEB).items()}
    assert {name: lines for name, lines in writes.items() if lines} == {}


def test_the_checks_see_a_hook_and_an_import_time_registration():
    """The two source checks can fail: each way a view used to register is reported."""
    assert _old_hooks_named("app.ON_LINK.append(forget)") == ["ON_LINK"]
    assert _old_hooks_named("x = _SEALED; ROUTESX = 1") == []
    planted = ("import app\napp.ON_ROLL.append(f)\napp.ROUTES['x'] = g\napp.SEALED.update(a=b)\n"
               "if True:\n    app.X = 1\nsetattr(app, 'Y', 2)\n"
               "def later():\n    app.ON_ROLL.append(f)\n")
    assert _import_time_writes(planted) == [2, 3, 4, 6, 7]


def _handler(path: Path, name: str) -> ast.FunctionDef | None:
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    return None


def _one_argument(fn: ast.FunctionDef) -> bool:
    return len(fn.args.args) == 1 and not fn.args.posonlyargs and not fn.args.kwonlyargs \
        and not fn.args.defaults and fn.args.vararg is None


def test_every_event_has_a_handler_name_and_a_list():
    events = (page_events.LinkOpening, page_events.RollSaved, page_events.NoticesDrawn,
              page_events.RequestWritten, page_events.NameFilled, page_events.BeforeRoll, page_events.LangChanged)
    assert set(page_events.HANDLERS) == set(page_events.LISTENERS) == set(events)
    assert len(set(page_events.HANDLERS.values())) == len(events)


@on_cpython
def test_every_view_with_a_handler_is_listed_once_and_each_listed_one_has_it():
    modules = module_files(WEB)
    for event, handler in page_events.HANDLERS.items():
        listed = page_events.LISTENERS[event]
        assert len(listed) == len(set(listed)), (event, listed)
        defining = {name for name, path in modules.items() if _handler(path, handler) is not None}
        assert set(listed) == defining, (event.__name__, sorted(set(listed) - defining),
                                         sorted(defining - set(listed)))
        for name in listed:
            fn = _handler(modules[name], handler)
            assert fn is not None and _one_argument(fn) and ast.get_docstring(fn), (name, handler)


def _lazy() -> dict:
    """page.py's ``LAZY``: tab or link kind → the view module loaded then."""
    for node in ast.parse((WEB / "shell" / "page.py").read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "LAZY" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("page.LAZY not found")


def _boxes() -> dict:
    """page.py's ``BOXES``: a box's id → the view module loaded when it opens (or by the timer, first)."""
    for node in ast.parse((WEB / "shell" / "page.py").read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "BOXES" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("page.BOXES not found")


def _flows() -> list:
    """The ``FLOW`` modules the roll systems' Forms name (``web/*/form_<id>.py``: a check played decision
    by decision, loaded when such a roll starts, e.g. ``dice.ui_fate``), by module name."""
    out = []
    for name, path in sorted(module_files(WEB).items()):
        if name.split(".")[-1].startswith("form_"):
            for node in ast.parse(path.read_text("utf-8")).body:
                if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "FLOW" for t in node.targets):
                    flow = ast.literal_eval(node.value)
                    out += [flow] if isinstance(flow, str) else []
    return out


def _page_order() -> tuple:
    """(the modules page.py loads at start in load order, then the Forms' ``FLOW`` views a roll loads,
    then the lazy ones in the order its timer loads them: ``BOXES``' and ``LAZY``'s views in turn, each with
    the modules it brings)."""
    modules, seen, order = module_files(WEB), set(), []
    load_order("shell.page", modules, seen, order)
    at_start = list(order)
    for view in _flows() + list(dict.fromkeys([*_boxes().values(), *_lazy().values()])):
        load_order(view, modules, seen, order)
    return at_start, order


@on_cpython
def test_each_event_is_heard_in_the_order_the_views_load():
    """The order the import-time hook lists ran the views in: start-up views as they load, then the
    lazy ones as page.py's timer loads them."""
    at_start, order = _page_order()
    for event, listed in page_events.LISTENERS.items():
        assert all(name in order for name in listed), (event.__name__, listed)
        assert list(listed) == sorted(listed, key=order.index), (event.__name__, listed)
    assert "fair.ui_fair" in at_start and "data.ui_data_editor" not in at_start   # both kinds are listed


@on_cpython
def test_every_link_kind_opens_through_the_table_and_lazy_views_stay_lazy():
    from tirada.links.roll_link import _KIND_NAMES

    modules, (at_start, _order) = module_files(WEB), _page_order()
    lazy = _lazy()
    assert set(_KIND_NAMES.values()) | {"thread"} == set(page_events.OPENERS)
    for kind, (module, function) in page_events.OPENERS.items():
        fn = _handler(modules[module], function)
        assert fn is not None and _one_argument(fn), (kind, module, function)
        if module not in at_start:        # a lazy view: page.py loads it (and its start()) first
            assert kind in lazy, (kind, module)
            brought: list = []
            load_order(lazy[kind], modules, set(at_start), brought)
            assert module in brought, (kind, module, lazy[kind])
    assert any(module not in at_start for module, _fn in page_events.OPENERS.values())


@on_cpython
def test_the_roll_forms_questions_name_functions_that_exist():
    modules = module_files(WEB)
    for ask, (module, function) in page_events.ASKS.items():
        assert _handler(modules[module], function) is not None, (ask, module, function)


# ------------------------------------------------------------------------------ the dispatch itself
@pytest.fixture
def views(monkeypatch):
    """Fake view modules put in sys.modules under listed names; returns the calls they receive."""
    calls: list = []

    def install(name: str, **functions) -> None:
        module = types.ModuleType(name)
        for key, fn in functions.items():
            setattr(module, key, fn)
        monkeypatch.setitem(sys.modules, name, module)

    for name in {n for listed in page_events.LISTENERS.values() for n in listed} | {"fair.ui_request", "fair.ui_sealed"}:
        monkeypatch.delitem(sys.modules, name, raising=False)
    return install, calls


def test_emit_calls_the_loaded_listeners_in_order_and_skips_the_others(views):
    install, calls = views
    install("fair.ui_shared", on_link_opening=lambda e: calls.append(("fair.ui_shared", e.kind)))
    install("fair.ui_fair", on_link_opening=lambda e: calls.append(("fair.ui_fair", e.kind)))
    install("fair.ui_sealed", on_link_opening=lambda e: calls.append(("fair.ui_sealed", e.kind)))
    page_events.emit(page_events.LinkOpening("scene"))
    assert calls == [("fair.ui_fair", "scene"), ("fair.ui_shared", "scene"), ("fair.ui_sealed", "scene")]
    assert "brs.ui_brs" not in sys.modules      # an unloaded listener is not imported by the event


def test_a_before_roll_refusal_stops_the_roll(views):
    install, calls = views

    def refuse(event):
        raise ValueError(event.request["system"])

    install("data.ui_data_editor", on_before_roll=refuse)
    with pytest.raises(ValueError, match="l5r5e"):
        page_events.emit(page_events.BeforeRoll({"system": "l5r5e"}))
    with pytest.raises(KeyError):
        page_events.emit(object())


def test_the_roll_forms_questions_have_their_defaults_until_the_views_load(views):
    install, calls = views
    request = {"system": "generic"}
    assert page_events.gm_answer(request) == (request, None)
    page_events.gm_answered()
    assert page_events.sealed_active() is False
    page_events.sealed_roll("generic")
    install("fair.ui_request", answer=lambda r: ({**r, "locked": True}, 7), answered=lambda: calls.append("answered"))
    install("fair.ui_sealed", active=lambda: True, roll=lambda system: calls.append(("blind", system)))
    assert page_events.gm_answer(request) == ({"system": "generic", "locked": True}, 7)
    page_events.gm_answered()
    assert page_events.sealed_active() is True
    page_events.sealed_roll("sifrp")
    assert calls == ["answered", ("blind", "sifrp")]


def test_a_route_is_resolved_when_its_link_opens(views):
    install, calls = views
    assert page_events.opener("no-such-kind") is None
    install("fair.ui_request", open_request=lambda fragment: calls.append(fragment))
    page_events.opener("request")("frag")
    assert calls == ["frag"]
