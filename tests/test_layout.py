"""Test modules need unique base names: pytest imports tests/ and tests/e2e/ into one namespace."""

import pathlib
from collections import Counter

TESTS = pathlib.Path(__file__).resolve().parent


def test_test_module_names_are_unique():
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []
