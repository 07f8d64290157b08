"""The reading core on the page (issue #41): MicroPython's WebAssembly build and the core's modules in dist/.

- dist/micropython/: ``micropython.mjs`` and ``micropython.wasm`` of npm
  ``@micropython/micropython-webassembly-pyscript`` (pinned in package-lock.json), as they are.
- dist/core.json: ``{"files": {"tirada/dice.py": source, …}}``, every module of
  :data:`tirada.reading_core.CORE_MODULES` and the stand-ins of tools/micropython/lib/, which
  web/core-worker.mjs writes into MicroPython's file system under ``/lib`` (one request; MicroPython has
  no zipimport). The sources go without their docstrings and comment lines (MicroPython compiles
  what it is given: less to download and to compile), checked to compile to the same code on CPython.
"""

from __future__ import annotations

import ast
import io
import json
import shutil
import sys
import tokenize
from pathlib import Path

from .common import CACHE, DIST, NODE_MODULES, ROOT, SetupError

MICROPYTHON_DIR = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
#: the files of the npm package the page loads
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PYLIB = ROOT / "pylib"
SHIMS = ROOT / "tools" / "micropython" / "lib"


def core_files() -> dict:
    """``{path under /lib: source file}`` of the reading core: its modules (with every system package's,
    :func:`tirada.reading_core.core_modules`), the generated list of system packages (written to
    ``.cache/core/packages.py``) and MicroPython's stand-ins."""
    sys.path.insert(0, str(PYLIB))
    try:
        from tirada import reading_core
        from tirada.systems.registry import declared_packages, packages_source
    finally:
        sys.path.remove(str(PYLIB))
    files = {}
    for name in reading_core.core_modules(declared_packages()):
        base = PYLIB.joinpath(*name.split("."))
        path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        files[path.relative_to(PYLIB).as_posix()] = path
    # the system packages listed for MicroPython, which has no pkgutil (registry.declared_packages)
    listing = CACHE / "core" / "packages.py"
    listing.parent.mkdir(parents=True, exist_ok=True)
    listing.write_text(packages_source(), encoding="utf-8")
    files["tirada/systems/packages.py"] = listing
    files.update({shim.name: shim for shim in sorted(SHIMS.glob("*.py"))})
    return files


#: the nodes that may have a docstring
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstring_lines(tree: ast.AST) -> list:
    """``(first line, last line, column, alone in its body)`` of every docstring of ``tree``."""
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if _is_docstring(first) and first.end_lineno is not None:
                spans.append((first.lineno, first.end_lineno, first.col_offset, len(node.body) == 1))
    return spans


def _is_docstring(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _code(tree: ast.AST) -> str:
    """``tree`` dumped without its docstrings (a body left empty holds ``pass``): what runs."""
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body and _is_docstring(node.body[0]):
            node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)


def slim(source: str) -> str:
    """``source`` without its docstrings (a body of only a docstring keeps ``pass``) and its
    comment-only lines; the code is otherwise unchanged (same lines' text, so the same code).

    Raises:
        SetupError: the slimmed source does not compile to the same code (``ast.dump``) as the source.
    """
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    for first, last, col, alone in _docstring_lines(tree):
        if lines[first - 1][:col].strip() or lines[last - 1].rstrip().endswith(("\\",)):
            continue  # shares its line with code: kept
        lines[first - 1] = " " * col + "pass\n" if alone else ""
        for n in range(first, last):
            lines[n] = ""
    text = "".join(lines)
    comments = {tok.start[0] for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT and not tok.line[:tok.start[1]].strip()}
    out = "".join(line for n, line in enumerate(text.splitlines(keepends=True), 1) if n not in comments)

    if _code(ast.parse(out)) != _code(ast.parse(source)):
        raise SetupError("slimming a core module changed its code")
    return out


def write_core() -> Path:
    """Copy MicroPython's files to dist/micropython/ and write dist/core.json (see the module's
    docstring); return the latter.

    Raises:
        SetupError: node_modules lacks MicroPython (``npm ci``), or a core module cannot be slimmed."""
    if not all((MICROPYTHON_DIR / name).is_file() for name in MICROPYTHON_FILES):
        raise SetupError(f"{MICROPYTHON_DIR} is missing: run npm ci (python3 build.py build does)")
    out = DIST / "micropython"
    out.mkdir(parents=True, exist_ok=True)
    for name in MICROPYTHON_FILES:
        shutil.copy2(MICROPYTHON_DIR / name, out / name)
    files = {}
    for target, path in core_files().items():
        try:
            files[target] = slim(path.read_text(encoding="utf-8"))
        except SetupError as err:
            raise SetupError(f"{path}: {err}") from None
    core = DIST / "core.json"
    core.write_text(json.dumps({"files": files}, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
                    encoding="utf-8")
    return core
