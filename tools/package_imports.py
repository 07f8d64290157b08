"""Import the page's modules by package path (issue #40): rewrite every bare import of a web/
module (``import app``, ``from strings import t``) into its package form (``from shell import
app``, ``from shell.strings import t``), keeping the local name, so no code body changes.

web/ is the one ``sys.path`` root of the page's Python (web/<folder>/ are namespace packages;
buildtools/common.py web_on_path, app.zip keeps the folders): a module imported under two names
would be two module objects with split state, so every importer must use the package name.

Usage (deterministic and re-runnable: a file already in package form is left as it is)::

    python3 tools/package_imports.py            # rewrite web/, tests/, buildtools/, bench/, tools/, build.py
    python3 tools/package_imports.py --check    # list bare imports left, exit 1 if any (tests/test_package_imports.py)

Rewrites (the statement's indentation and trailing comment stay):

- ``import app`` → ``from shell import app``; ``import ui_fair as f`` → ``from fair import ui_fair as f``;
- ``import json, app`` → ``import json; from shell import app`` (one statement per web module);
- ``from strings import t, html_escape as esc`` → ``from shell.strings import t, html_escape as esc``.

Names given as strings (``importlib.import_module("ui_fair")``, ``sys.modules["app"]``) are not
rewritten: they are found by the check of tests/test_package_imports.py and written by hand.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
#: Where Python that imports page modules lives (pylib/, the engine, never does).
SCOPES = ("web", "tests", "buildtools", "bench", "tools", "build.py")


def module_folders(web: Path = WEB) -> dict[str, str]:
    """{module name: its folder of web/}, e.g. {"app": "shell", "ui_fair": "fair"}."""
    return {p.stem: p.parent.name for p in sorted(web.glob("*/*.py"))}


def python_files(root: Path = ROOT) -> list[Path]:
    """Every .py file under SCOPES (no virtualenv, cache or node_modules), sorted."""
    out: list[Path] = []
    for scope in SCOPES:
        path = root / scope
        if path.is_file():
            out.append(path)
        elif path.is_dir():
            out.extend(p for p in path.rglob("*.py")
                       if not {"__pycache__", "node_modules", ".venv"} & set(p.relative_to(root).parts))
    return sorted(out)


def _statement_span(lines: list[str], node: ast.stmt) -> tuple[int, int, int]:
    """(first line index, last line index, column) of ``node`` in ``lines``."""
    return node.lineno - 1, (node.end_lineno or node.lineno) - 1, node.col_offset


def rewrite(source: str, modules: dict[str, str]) -> tuple[str, list[str]]:
    """``source`` with every bare import of a page module in package form, and what changed
    ("line N: old → new"). Raises SyntaxError on a file that does not parse."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int, str]] = []  # (line, col, end line, end col, new text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            top = node.module.split(".")[0]
            if top in modules and "." not in node.module:
                line = lines[node.lineno - 1]
                start = node.col_offset
                head = line[start:]
                # "from X import": replace the module name right after "from"
                after_from = head[4:]
                gap = len(after_from) - len(after_from.lstrip())
                name_at = start + 4 + gap
                if line[name_at:name_at + len(node.module)] != node.module:
                    raise SyntaxError(f"line {node.lineno}: cannot place {node.module!r}")
                edits.append((node.lineno - 1, name_at, node.lineno - 1, name_at + len(node.module),
                              f"{modules[top]}.{node.module}"))
        elif isinstance(node, ast.Import) and any(a.name in modules for a in node.names):
            parts = []
            for alias in node.names:
                if alias.name in modules:
                    text = f"from {modules[alias.name]} import {alias.name}"
                else:
                    text = f"import {alias.name}"
                if alias.asname:
                    text += f" as {alias.asname}"
                parts.append(text)
            # merge plain imports that stay plain back into one statement, in order
            merged: list[str] = []
            for text in parts:
                if text.startswith("import ") and merged and merged[-1].startswith("import "):
                    merged[-1] += ", " + text[len("import "):]
                else:
                    merged.append(text)
            first, last, col = _statement_span(lines, node)
            end_col = node.end_col_offset if node.end_col_offset is not None else len(lines[last])
            edits.append((first, col, last, end_col, "; ".join(merged)))
    changes: list[tuple[int, str]] = []
    # apply from the end, so earlier offsets stay valid (ast offsets are UTF-8 byte offsets: the
    # import lines we edit are ASCII up to the edit's end)
    for first, col, last, end_col, text in sorted(edits, reverse=True):
        before, tail = lines[first][:col], lines[last][end_col:]
        old = "".join([lines[first][col:], *lines[first + 1:last]]) + lines[last][:end_col] if first != last \
            else lines[first][col:end_col]
        changes.append((first + 1, f"line {first + 1}: {' '.join(old.split())} → {text}"))
        lines[first:last + 1] = [before + text + tail]
    return "".join(lines), [text for _, text in sorted(changes)]


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with --check, list) bare imports of page modules; the exit status is 1 when
    --check finds any."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="list bare imports, change nothing")
    args = parser.parse_args(argv)
    modules = module_folders()
    found = 0
    for path in python_files():
        source = path.read_text(encoding="utf-8")
        new, changes = rewrite(source, modules)
        if not changes:
            continue
        found += len(changes)
        rel = path.relative_to(ROOT)
        for change in changes:
            print(f"{rel}: {change}")
        if not args.check:
            path.write_text(new, encoding="utf-8")
    if args.check and found:
        print(f"{found} bare import(s) of page modules: run python3 tools/package_imports.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
