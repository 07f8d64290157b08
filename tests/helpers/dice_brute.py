"""Brute-force oracles for the generic roll's odds (tests of issue 28): roll every combination of
faces and count the totals; read an odds result's exact fractions."""

from __future__ import annotations

import itertools
from fractions import Fraction

from tirada import roll


def brute(req: dict, draws: list) -> dict:
    """Counts of the roll's total over every combination of the dice stream's draws (``draws``: the
    sides of each draw, in order), by rolling each one."""
    counts: dict = {}
    for faces in itertools.product(*[range(1, s + 1) for s in draws]):
        total = roll({"system": "generic", **req, "faces": list(faces)})["total"]
        counts[total] = counts.get(total, 0) + 1
    return counts


def exact(out: dict) -> dict:
    """An odds result's distribution as ``{value: Fraction}``."""
    return {r["value"]: Fraction(r["exact"]) for r in out["distribution"]}
