"""No import circles: the engine (pylib/) and the page glue (web/) each form a graph without cycles.

Every ``import`` and ``from … import`` in a file counts, at module level or inside a function (a
lazy import that closes a circle is still a circle). ``from pkg import name`` is an edge to
``pkg.name`` when that is a module, else to ``pkg``. Issue #12.
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))      # tests/: tests/helpers
from helpers.imports import ENGINE, ROOT, WEB, graph, imports_of, module_files  # noqa: E402,F401


def cycles(edges: dict) -> list:
    """Every strongly connected component of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                item = stack.pop()
                on_stack.discard(item)
                component.append(item)
                if item == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(out)


def test_cycle_finder_finds_a_circle_and_passes_a_tree():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_graph_sees_relative_and_lazy_imports(tmp_path):
    pkg = tmp_path / "p"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..a import x\n")
    assert cycles(graph(tmp_path)) == [["p.a", "p.sub.b"]]


def test_engine_graph_is_read():
    edges = graph(ENGINE)
    assert "tirada.errors" in edges["tirada.systems"]
    assert "tirada.wire.codec" in edges["tirada.links.chain"]


def test_no_import_circle_in_the_engine():
    assert cycles(graph(ENGINE)) == []


def test_no_import_circle_in_the_page():
    assert cycles(graph(WEB)) == []
