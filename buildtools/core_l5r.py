"""The L5R check's board on the reading core (issue #41): dist/core-l5r.bin.

The page's own renderer of an L5R 5e check (web/l5r/ui_l5r_render.py: the board, its counters, the
finished check, the history line, the engine's refusals) runs unchanged on MicroPython, so the core's
worker can play a check before Pyodide is up in the page's words and HTML (one voice: no second
renderer). This module lays out what it needs beyond dist/core.bin, in the same layout
(:func:`buildtools.core.bundle`, gzip-compressed, compiled by mpy-cross), under the same paths
relative to ``/lib`` as their import names:

- the web modules of :data:`WEB_MODULES` (web/l5r/core_board.py, the worker's plain-JSON entry points,
  and what it imports: ui_l5r_render, shell.render, shell.refusal, shell.i18n);
- the engine modules they import that core.bin lacks (:func:`engine_modules`, found by their imports);
- ``shell/strings.py`` generated (:func:`strings_source`): the page's catalog cut to the keys these
  modules can look up (:func:`catalog_keys`), with the catalog's own ``t`` and ``html_escape`` (their
  source taken from web/shell/strings.py), never hand-copied.

The core's worker fetches it only for an L5R check: a roll link's first result never downloads it.
"""

from __future__ import annotations

import ast
import gzip
import sys
from pathlib import Path

from .common import CACHE, DIST, ROOT
from .core import bundle, compile_core, slim

WEB = ROOT / "web"
PYLIB = ROOT / "pylib"
#: the L5R board's bundle in dist/
L5R_BUNDLE = "core-l5r.bin"
#: the web modules the bundle holds (their sources in web/), by import name
WEB_MODULES = ("l5r.core_check", "l5r.check_steps", "l5r.core_board", "l5r.ui_l5r_render", "shell.render", "shell.refusal", "shell.i18n")
#: the generated catalog's import name (the page's is web/shell/strings.py, which assembles every module's)
STRINGS_MODULE = "shell.strings"
#: the engine modules whose refusals an L5R check can raise, with everything they import: the check in
#: step mode (``tirada.systems.roll`` → the registry → every core module of ``tirada.systems.l5r``,
#: which the registry names by text) and a fair-play check's numbered steps (``tirada.links.fair_roll``)
ERROR_ROOTS = ("tirada.systems", "tirada.systems.registry", "tirada.links.fair_roll")
#: the engine package of the check: its core modules are error roots too
L5R_PACKAGE = "tirada.systems.l5r"
#: every key of these catalog prefixes goes in whole: the board builds its keys from the stage, the die…
#: (``l5r.``), and every L5R refusal (``err.l5r.``: the registry's entry raises some by a code in a tuple)
KEY_PREFIXES = ("l5r.", "err.l5r.")


def _path(name: str, roots: tuple = (PYLIB, WEB)) -> Path | None:
    """The source file of module ``name`` (a package by its ``__init__.py``) under ``roots``, or None."""
    for root in roots:
        base = root.joinpath(*name.split("."))
        if (base / "__init__.py").is_file():
            return base / "__init__.py"
        if base.with_suffix(".py").is_file():
            return base.with_suffix(".py")
    return None


def imported(name: str) -> list:
    """The modules ``name`` imports at any depth of its code (absolute names; ``from a import b``
    gives ``a.b`` when that is a module, else ``a``)."""
    path = _path(name)
    if path is None:
        return []
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - (node.level - 1)] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            subs = [f"{base}.{a.name}" for a in node.names if _path(f"{base}.{a.name}") is not None]
            out += subs if len(subs) == len(node.names) else [base] + subs
    return out


def closure(roots: tuple, top: str = "tirada") -> list:
    """``roots`` and every module of package ``top`` they import, at any depth, sorted."""
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen or _path(name) is None:
            continue
        seen.add(name)
        todo += [m for m in imported(name) if m.split(".")[0] == top]
    return sorted(seen)


def _core() -> frozenset:
    sys.path.insert(0, str(PYLIB))
    try:
        from tirada.reading_core import core_modules
        from tirada.systems.registry import declared_packages
    finally:
        sys.path.remove(str(PYLIB))
    return frozenset(core_modules(declared_packages()))


def engine_modules() -> list:
    """The engine (``tirada``) modules the web modules need that core.bin lacks, at any depth."""
    core = _core()
    wanted = sorted({m for name in WEB_MODULES for m in imported(name) if m.split(".")[0] == "tirada"} - core)
    return [m for m in closure(tuple(wanted)) if m not in core]


def error_codes() -> list:
    """Every literal ``code="…"`` given in the modules of :data:`ERROR_ROOTS` and what they import
    (the refusals an L5R check can raise; the page's catalog says each as ``err.<code>``), sorted."""
    codes = set()
    roots = ERROR_ROOTS + tuple(m for m in sorted(_core()) if m == L5R_PACKAGE or m.startswith(L5R_PACKAGE + "."))
    for name in closure(roots):
        tree = ast.parse(_path(name).read_text(encoding="utf-8"))   # type: ignore[union-attr]
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "code":
                codes |= {c.value for c in ast.walk(node.value)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return sorted(codes)


def _literals(name: str) -> set:
    """Every text constant in module ``name``'s source."""
    tree = ast.parse(_path(name).read_text(encoding="utf-8"))   # type: ignore[union-attr]
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def catalog_keys(strings: dict) -> list:
    """The keys of the page's catalog ``strings`` the board's modules can look up, sorted: every key
    of :data:`KEY_PREFIXES`, every key a module of the bundle names literally (``result.heading``,
    the field labels and generic refusals of web/shell/refusal.py), and ``err.<code>`` of every code of
    :func:`error_codes`."""
    named = set()
    for name in WEB_MODULES:
        named |= _literals(name)
    keys = {k for k in strings if k.startswith(KEY_PREFIXES) or k in named}
    keys |= {"err." + code for code in error_codes() if "err." + code in strings}
    return sorted(keys)


def _function_source(tree: ast.Module, source: str, name: str) -> str:
    node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    return ast.get_source_segment(source, node) or ""


def strings_source() -> str:
    """The source of the generated ``shell.strings``: ``LANGS``, ``DEFAULT_LANG``, ``STRINGS`` cut to
    :func:`catalog_keys` (in key order) and web/shell/strings.py's own ``t`` and ``html_escape``."""
    sys.path[:0] = [str(PYLIB), str(WEB)]
    try:
        from shell import strings
    finally:
        del sys.path[:2]
    path = WEB / "shell" / "strings.py"
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = ['"""The page\'s catalog (web/shell/strings.py) cut to the L5R board\'s keys: generated by',
             'buildtools/core_l5r.py, never edited (issue #41)."""', "", "import html", "",
             f"LANGS = {strings.LANGS!r}", f"DEFAULT_LANG = {strings.DEFAULT_LANG!r}", "", "STRINGS = {"]
    lines += [f"    {key!r}: {{{', '.join(f'{lang!r}: {text!r}' for lang, text in sorted(strings.STRINGS[key].items()))}}},"
              for key in catalog_keys(strings.STRINGS)]
    lines += ["}", "", "", _function_source(tree, source, "t"), "", "", _function_source(tree, source, "html_escape"), ""]
    return "\n".join(lines)


def l5r_files() -> dict:
    """``{path under /lib: source file}`` of the bundle (the generated catalog written to
    ``.cache/core/shell_strings.py``)."""
    files = {}
    for name in WEB_MODULES + tuple(engine_modules()):
        path = _path(name)
        if path is None:
            raise FileNotFoundError(name)
        root = PYLIB if path.is_relative_to(PYLIB) else WEB
        files[path.relative_to(root).as_posix()] = path
    generated = CACHE / "core" / "shell_strings.py"
    generated.parent.mkdir(parents=True, exist_ok=True)
    generated.write_text(strings_source(), encoding="utf-8")
    files[STRINGS_MODULE.replace(".", "/") + ".py"] = generated
    return files


def l5r_sources() -> dict:
    """``{path under /lib: slimmed source}`` of :func:`l5r_files` (:func:`buildtools.core.slim`)."""
    return {target: slim(path.read_text(encoding="utf-8")) for target, path in l5r_files().items()}


def write_l5r() -> Path:
    """Write dist/core-l5r.bin: :func:`l5r_sources` compiled by mpy-cross and bundled as dist/core.bin
    (:func:`buildtools.core.compile_core`, :func:`buildtools.core.bundle`); return its path.

    Raises:
        SetupError: mpy-cross is missing or refuses a module, or a module cannot be slimmed."""
    out = DIST / L5R_BUNDLE
    out.write_bytes(gzip.compress(bundle(compile_core(l5r_sources())), compresslevel=9, mtime=0))
    return out
