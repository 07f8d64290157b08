"""A ratchet on the page's string-key reads (issue #40: ``web/`` reads no result by string key).

Every ``web/**/*.py`` is parsed with :mod:`ast` and its string-key reads are counted: a subscript
read ``x["key"]`` (a constant ``str`` index in load context; ``x["key"] = v`` and ``del x["key"]``
are writes, not reads) and a call ``x.get("key", …)`` (a constant ``str`` first argument). Each
file's count is compared with its budget in ``tests/result_reads_budget.json`` (a file missing there
has budget 0): a file over its budget fails (which file, by how much), and so does a file under it
whose budget was not lowered ("lower the budget to N"), so the budget only falls and stays honest.

JSON read back from storage, the DOM's ``dataset`` or a link is a result the page reads through a typed
record, so it counts. Reads that are not of a result are listed in :data:`NOT_RESULTS`, each file with its
exact count and why (the page's own config, Python's module tables, the text a player typed in an
editor): they are counted apart, so a new read there fails too. When typed records replace reads, lower
the budgets to the new counts: ``python3 tests/test_result_reads.py --lower`` rewrites them (it never
raises one).

Total when the ratchet was set (issue #40): 1,798 reads in web/. Since 2026-12-06: none of a result
(the budget file is empty), and the 23 reads of :data:`NOT_RESULTS`.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
BUDGET = Path(__file__).with_name("result_reads_budget.json")
#: string-key reads in web/ that are not of a result: ``{path: (exact count, why)}``
NOT_RESULTS = {
    "web/shell/contract.py": (17, "the reader of web/shell/contract.json, the page's own fixed names that its "
                                  "JavaScript shares (engine states, the language chosen early, globalThis names, "
                                  "marks); it builds the typed "
                                  "Diagnostics and Functions the page reads"),
    "web/shell/test_reset.py": (2, "Python's own tables in the test-only soft reset: a frame's globals (its module's "
                                   "__name__) and sys.modules"),
    "web/dice/form_generic.py": (2, "the sheet editor's texts as the player typed them, by input name (rolls, notes)"),
    "web/dice/form_sifrp.py": (2, "the sheet editor's texts as the player typed them, by input name (destiny, notes)"),
    "web/l5r/form_l5r5e.py": (1, "the sheet editor's texts as the player typed them, by input name (notes)"),
    "web/l5r/check_steps.py": (1, "the system's registry entry by its id (its decisions)"),
    "web/l5r/ui_l5r.py": (2, "the decisions the page itself is sending (faces typed, explosions chosen), read back "
                             "from the request it builds"),
}

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads the repository's sources (CPython only)")


def key_reads(source: str) -> int:
    """How many string-key reads ``source`` (Python text) makes: ``x["key"]`` loads and
    ``x.get("key", …)`` calls, each with a constant ``str`` key."""
    count = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            key = node.slice
            count += isinstance(key, ast.Constant) and isinstance(key.value, str)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            first = node.args[0] if node.args else None
            count += isinstance(first, ast.Constant) and isinstance(first.value, str)
    return count


def counts() -> dict:
    """``{path relative to the repository: reads}`` of every ``web/**/*.py`` with at least one read."""
    out = {}
    for path in sorted(WEB.rglob("*.py")):
        n = key_reads(path.read_text(encoding="utf-8"))
        if n:
            out[path.relative_to(ROOT).as_posix()] = n
    return out


def budget() -> dict:
    """The checked-in budget: ``{path: most reads allowed}``."""
    return json.loads(BUDGET.read_text(encoding="utf-8"))


def problems(now: dict, allowed: dict) -> list:
    """One line per file whose count differs from its budget (over it, or under it unlowered)."""
    out = []
    for path in sorted(set(now) | set(allowed)):
        n, most = now.get(path, 0), allowed.get(path, 0)
        if n > most:
            out.append(f"{path}: {n} string-key reads, {n - most} over its budget of {most} "
                       "(read the engine's typed record instead)")
        elif n < most:
            out.append(f"{path}: {n} string-key reads, under its budget of {most}: lower the budget to {n} "
                       f"in {BUDGET.name}")
    return out


def test_key_reads_counts_reads_only():
    src = 'a = r["total"]\nb = r.get("kept", [])\nr["x"] = 1\ndel r["y"]\nc = r[0]\nd = r[k]\ne = r.get(k)\n'
    assert key_reads(src) == 2
    assert key_reads('f(x["a"]["b"], y.get("c").get("d"))') == 4


def test_a_read_over_the_budget_fails_and_one_under_it_asks_to_lower_it():
    over = problems({"web/a.py": 5, "web/new.py": 1}, {"web/a.py": 3})
    assert over == ["web/a.py: 5 string-key reads, 2 over its budget of 3 (read the engine's typed record instead)",
                    "web/new.py: 1 string-key reads, 1 over its budget of 0 (read the engine's typed record instead)"]
    under = problems({"web/a.py": 2}, {"web/a.py": 3, "web/gone.py": 4})
    assert [line.split(": lower ")[1].split(" in ")[0] for line in under] == ["the budget to 2", "the budget to 0"]


def results(now: dict) -> dict:
    """``now`` (:func:`counts`) without the reads of :data:`NOT_RESULTS`."""
    out = {path: n - NOT_RESULTS.get(path, (0, ""))[0] for path, n in now.items()}
    return {path: n for path, n in out.items() if n}


def test_web_reads_no_more_results_by_string_key_than_its_budget():
    assert problems(results(counts()), budget()) == []


def test_the_reads_that_are_not_results_are_exactly_those_listed():
    now = counts()
    assert {path: now.get(path, 0) for path in NOT_RESULTS} == {path: n for path, (n, _) in NOT_RESULTS.items()}
    assert all(len(why) > 40 for _, why in NOT_RESULTS.values())


def test_web_reads_no_result_by_string_key():
    """Issue #40's done-when: every string-key read left in web/ is one of :data:`NOT_RESULTS`."""
    assert results(counts()) == {} and budget() == {}


if __name__ == "__main__":   # python3 tests/test_result_reads.py --lower: lower budgets to the counts
    if sys.argv[1:] != ["--lower"]:
        sys.exit("usage: python3 tests/test_result_reads.py --lower")
    now, allowed = results(counts()), budget()
    lowered = {path: min(now.get(path, 0), most) for path, most in allowed.items() if min(now.get(path, 0), most)}
    BUDGET.write_text(json.dumps(lowered, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{sum(now.values())} reads in web/; budget total {sum(lowered.values())}")
