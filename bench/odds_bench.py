"""Timing of the exact odds on the largest standard pools (issue #8: ≤ 100 ms in Pyodide, ≈ 30 ms
on CPython as a proxy). Not a test: run ``.venv/bin/python bench/odds_bench.py`` (CPython) and, for
the page's budget, the same requests inside Pyodide.

Prints one line per request: the best and the median of ``REPEAT`` runs, in milliseconds.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pylib"))

from tirada.odds import odds  # noqa: E402

REPEAT = 15
BUDGET_MS = 30.0  # CPython proxy for the 100 ms Pyodide budget

CASES = [
    ("sifrp 8D + 8B vs 21", {"system": "sifrp", "test_dice": 8, "bonus_dice": 8, "difficulty": 21}),
    ("sifrp 8D + 8B − 3P", {"system": "sifrp", "test_dice": 8, "bonus_dice": 8, "penalty_dice": 3}),
    ("generic 10d10 keep 5", {"system": "generic", "dice": 10, "sides": 10, "keep": 5, "difficulty": 30}),
    ("l5r ring 5 skill 5 +2 skilled +Void", {"system": "l5r5e", "ring": 5, "skill": 5, "assist_skilled": 2,
                                             "void": True, "tn": 5}),
    ("l5r ring 5 skill 5 +2 unskilled +Void", {"system": "l5r5e", "ring": 5, "skill": 5, "assist_unskilled": 2,
                                               "void": True, "tn": 5}),
    ("l5r ring 5 skill 5 +1/+1 +Void", {"system": "l5r5e", "ring": 5, "skill": 5, "assist_skilled": 1,
                                        "assist_unskilled": 1, "void": True, "tn": 5}),
    ("l5r same, compromised", {"system": "l5r5e", "ring": 5, "skill": 5, "assist_skilled": 1,
                               "assist_unskilled": 1, "void": True, "tn": 5, "compromised": True}),
    ("l5r large: ring 6, skill 8, 10 unskilled helpers (24 dice)",
     {"system": "l5r5e", "ring": 6, "skill": 8, "assist_unskilled": 10, "tn": 8}),
    ("tragedia 12 vs 12, steps 2..5", {"system": "tragedia", "protagonist_dice": 12, "adversary_dice": 12}),
    ("brs renew 6 dice", {"system": "brs", "attack_score": 14, "available": [3, 5], "renew": [4, 6, 8, 10, 10, 12]}),
]


def time_ms(request: dict) -> list:
    """``REPEAT`` wall-clock timings of :func:`odds` on ``request``, in milliseconds."""
    out = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        odds(request)
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> int:
    """Print the table; exit status 1 if a standard pool (not the 'largest accepted') is over budget."""
    print(f"Python {sys.version.split()[0]} on {sys.platform}; best / median of {REPEAT} runs")
    over = False
    for name, request in CASES:
        runs = time_ms(request)
        best, median = min(runs), statistics.median(runs)
        flag = ""
        if median > BUDGET_MS and "largest" not in name:
            flag, over = "  OVER BUDGET", True
        print(f"{name:<40} {best:8.2f} ms {median:8.2f} ms{flag}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
