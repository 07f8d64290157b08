"""Fate's exact odds (docs/odds.md, docs/fate.md §Odds): 4dF has 81 equally likely rolls, counted
exactly (integers), against a difficulty or an opposition (6561 equally likely pairs).

Apart from the package's roll (:mod:`tirada.systems.fate`): it uses :mod:`tirada.odds.dist`
(:mod:`fractions`), which the MicroPython reading core lacks; the registry names it as Fate's ``odds``.
"""

from __future__ import annotations

from ...odds.dist import prob, rows
from . import outcome_of, read_request

__all__ = ["WAYS", "fate_odds"]

#: ways to roll each sum of 4dF (−4…+4) out of 81: the coefficients of (x⁻¹ + 1 + x)⁴
WAYS = {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}


def _convolve(a: dict, b: dict, sign: int = 1) -> dict:
    out: dict = {}
    for x, n in a.items():
        for y, m in b.items():
            out[x + sign * y] = out.get(x + sign * y, 0) + n * m
    return out


def fate_odds(params: dict) -> dict:
    """Exact odds of a Fate roll before its invocations (docs/odds.md; the request's fields as
    :func:`tirada.systems.fate.roll` reads them, ``invokes`` ignored: they are decided after the dice).

    Returns:
        ``{"method", "distribution", "at_least"}`` of the total (4dF + skill, 81 equally likely rolls)
        and, against a difficulty or an opposition, ``"success"`` (1 shift or more), ``"outcomes"``
        ``{"fail", "tie", "success", "style"}``; against a difficulty also ``"difficulty"`` (its value)
        and ``"success_from"``, the lowest total that succeeds (difficulty + 1: a success beats the
        difficulty, equalling it is a tie; docs/fate.md), the bar the odds card marks. Each
        probability is ``{"p": float, "exact": "a/b"}``.
    Raises:
        InvalidRequest: :func:`read_request`.
    """
    req = read_request({k: v for k, v in params.items() if k != "invokes"})
    counts = {req["skill"] + s: n for s, n in WAYS.items()}
    distribution, at_least = rows(counts, 81)
    out: dict = {"method": "exact: 4dF + skill (81 equally likely rolls)", "distribution": list(distribution),
                 "at_least": list(at_least)}
    if req["difficulty"] is not None:
        shifts, den = {v - req["difficulty"]: n for v, n in counts.items()}, 81
        out["difficulty"] = req["difficulty"]
        out["success_from"] = req["difficulty"] + 1
    elif req["opposition"] is not None:
        shifts, den = _convolve(counts, {req["opposition"] + s: n for s, n in WAYS.items()}, -1), 81 * 81
        out["method"] = "exact: 4dF + skill against 4dF + opposition (6561 equally likely pairs)"
    else:
        return out
    grades = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    for s, n in shifts.items():
        grades[outcome_of(s)] += n
    out["outcomes"] = {g: prob(n, den) for g, n in grades.items()}
    out["success"] = prob(grades["success"] + grades["style"], den)
    return out
