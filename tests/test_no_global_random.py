"""Fair play guard (issue #16): neither the engine nor the page draws from Python's ``random``.

The page starts from a memory snapshot made at build time (docs/benchmarks.md), and the snapshot
holds the state of every module imported then: ``random``'s global generator would start from the
same state on every phone. Dice come from the stream a caller passes in, seeds and nonces from
:mod:`secrets` (the operating system's generator, asked at each call), never from ``random``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _imports_random(path: Path) -> list:
    """Line numbers of ``import random`` / ``from random import …`` in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "random" for a in node.names):
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "random" and not node.level:
            lines.append(node.lineno)
    return lines


def test_engine_and_page_never_import_random():
    sources = [*sorted((ROOT / "pylib" / "tirada").rglob("*.py")), *sorted((ROOT / "web").rglob("*.py"))]
    assert len(sources) > 100  # the whole engine and every glue module
    found = {str(p.relative_to(ROOT)): lines for p in sources if (lines := _imports_random(p))}
    assert found == {}, f"random is frozen in the memory snapshot; use secrets or the dice stream: {found}"


def test_the_guard_sees_both_import_forms(tmp_path):
    code = tmp_path / "m.py"
    code.write_text("import os\nimport random\nfrom random import choice\nfrom .random import x\n")
    assert _imports_random(code) == [2, 3]
