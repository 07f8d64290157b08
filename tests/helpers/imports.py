"""The engine's and the page's import graphs, as tests/test_import_graph.py and tests/test_layers.py
read them: every ``import`` and ``from … import`` in a file counts, at module level or inside a
function. ``from pkg import name`` is an edge to ``pkg.name`` when that is a module, else to ``pkg``."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "pylib"
WEB = ROOT / "web"


def module_files(base: pathlib.Path) -> dict:
    """``{dotted module name: path}`` for every .py file under ``base`` (packages by their __init__).
    The page's modules (``base`` is web/, its folders namespace packages) go by their package path
    (``shell.app``), as app.zip ships them and the page imports them (issue #40)."""
    out = {}
    for path in sorted(base.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(base).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: pathlib.Path, modules: dict) -> set:
    """The modules of ``modules`` that ``name`` (at ``path``) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = alias.name
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target:
                    found.add(target)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target else alias.name
                if sub in modules:
                    found.add(sub)
                elif target in modules:
                    found.add(target)
    found.discard(name)
    return found


def graph(base: pathlib.Path) -> dict:
    """``{module: set of imported modules}`` for the files under ``base``."""
    modules = module_files(base)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def load_order(name: str, modules: dict, seen: set, order: list) -> None:
    """The page modules in the order their bodies finish running when ``name`` is imported: the
    imports at a module's top level (also inside a top-level ``if`` / ``try``), depth first."""
    if name in seen or name not in modules:
        return
    seen.add(name)

    def top(body: list) -> list:
        out: list = []
        for node in body:
            if isinstance(node, ast.Import):
                out += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                # ``from pkg import mod`` loads pkg.mod; ``from pkg.mod import name`` loads pkg.mod
                out += [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules
                        else node.module or "" for alias in node.names]
            elif isinstance(node, (ast.If, ast.Try)):
                out += top(node.body) + top(node.orelse)
                out += [m for handler in getattr(node, "handlers", []) for m in top(handler.body)]
        return out

    for imported in top(ast.parse(modules[name].read_text("utf-8")).body):
        load_order(imported, modules, seen, order)
    order.append(name)
