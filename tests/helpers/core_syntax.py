"""The reading core's static checks, shared by tests/test_reading_core.py (every core module) and
tests/test_core_l5r_board.py (the L5R board's bundle, dist/core-l5r.bin): what MicroPython 1.27 cannot
compile or run in a source, and every import statement with the statements around it (issue #41)."""

from __future__ import annotations

import ast


def guarded(parents: list) -> bool:
    """True when an import sits in a ``try`` that catches ImportError or under ``if TYPE_CHECKING``."""
    for node in parents:
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError")
                for h in node.handlers):
            return True
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return True
    return False


def imports(tree: ast.AST):
    """``(node, parents)`` for every import statement, at any depth."""
    stack = [(tree, [])]
    while stack:
        node, parents = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, parents + [node]
            stack.append((child, parents + [node]))


#: attributes MicroPython 1.27 lacks (str, float, re, base64, datetime methods): tirada.portable has each
MISSING_ATTRIBUTES = frozenset({
    "casefold", "isascii", "isdecimal", "translate", "maketrans", "ljust", "rjust", "title", "swapcase",
    "removeprefix", "removesuffix", "zfill", "format_map", "expandtabs", "is_integer", "fullmatch", "findall",
    "finditer", "urlsafe_b64encode", "urlsafe_b64decode", "strftime", "S", "I", "M", "X", "DOTALL",
    "IGNORECASE", "MULTILINE", "VERBOSE", "ASCII", "bit_length",
})
#: (module, attribute) uses outside the reading path, with the reason
ALLOWED_ATTRIBUTES = {
    ("tirada.links.claims", "IGNORECASE"): "the markup pattern is compiled only where re has flags (else a scan)",
    ("tirada.fields", "bit_length"): "only past CPython's int-to-str digit limit (MicroPython's str() has none)",
}


def core_syntax_problems(name: str, source: str) -> list:
    """What MicroPython cannot compile or run in ``source``: ``*``/``**`` inside a display, an
    attribute of :data:`MISSING_ATTRIBUTES`, ``signed=``, a counted repetition in a regular
    expression given to ``re``, an f-string literal holding ``:`` inside a replacement field, an f-string
    inside a replacement field, the ``format()`` built-in."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and isinstance(getattr(node, "ctx", ast.Load()), ast.Load) \
                and any(isinstance(e, ast.Starred) for e in node.elts):
            problems.append(f"line {line}: *x inside a display (write (x,) + tuple(rest))")
        elif isinstance(node, ast.Dict) and any(key is None for key in node.keys):
            problems.append(f"line {line}: **x inside a dict display (write portable.merged)")
        elif isinstance(node, ast.Attribute) and node.attr in MISSING_ATTRIBUTES \
                and (name, node.attr) not in ALLOWED_ATTRIBUTES:
            problems.append(f"line {line}: .{node.attr} is missing on MicroPython (see tirada.portable)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("from_bytes", "to_bytes") and any(k.arg == "signed" for k in node.keywords):
            problems.append(f"line {line}: signed= (MicroPython's int.from_bytes/to_bytes take no keywords)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args and \
                isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) and \
                any(f"{{{d}" in node.args[0].value for d in "0123456789"):
            problems.append(f"line {line}: counted repetition in a regular expression (never matches on MicroPython)")
        elif isinstance(node, ast.FormattedValue) and any(
                isinstance(c, ast.Constant) and isinstance(c.value, str) and ":" in c.value for c in ast.walk(node.value)):
            problems.append(f"line {line}: a literal with ':' inside an f-string field")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "format":
            problems.append(f"line {line}: format() (MicroPython has no such built-in: write '{{:spec}}'.format(v))")
        elif isinstance(node, ast.FormattedValue) and any(isinstance(c, ast.JoinedStr) for c in ast.walk(node.value)):
            problems.append(f"line {line}: an f-string inside an f-string field (MicroPython cannot compile it)")
    return problems
