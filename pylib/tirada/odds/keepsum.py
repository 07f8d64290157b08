"""Exact distribution of "roll N dice, keep the K highest (or lowest), sum" — and the generic and
SIFRP odds built on it (sifrp.md §The test, §Degrees, §The generic forum roll; seed ``004_…``).

Method (the classic roll-N-keep-K dynamic programme with multinomial counts, no enumeration of
the ``sides**N`` outcomes): go through the faces from the highest to the lowest. The state is
``(i, s)``: ``i`` dice placed so far (all showing faces above the current one), ``s`` the sum of
the kept ones among them, and the number of outcomes leading there. Placing ``j`` of the ``N − i``
remaining dice on face ``v`` multiplies by ``C(N − i, j)``; the first ``K − i`` of them are kept.
As soon as ``K`` dice are kept the sum is final and the other dice may show any lower face:
``(v − 1)**(N − i − j)`` ways. Every count is an exact integer over ``sides**N``. Keep-lowest is
the mirror image (face ``v`` ↔ ``sides + 1 − v``). Fast paths: keep all dice (plain convolution),
keep none, keep the single highest (``v**N − (v − 1)**N``); each is checked against brute-force
enumeration in tests/test_odds_keepsum.py.
"""

from __future__ import annotations

from math import comb
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..systems.generic import GenericRequest
from ..systems.sifrp import SifrpRequest, combat_damage, degrees_for, failure_grade, teamwork_bonus
from .dist import convolve, prob, rows, uniform

__all__ = ["MAX_WORK", "generic_odds", "keep_sum_counts", "sifrp_odds", "work_estimate"]

#: Largest accepted :func:`work_estimate` (about 1 s on CPython; more is refused, not computed).
MAX_WORK = 3_000_000
RULE_LIMIT = "odds.md §Limits"


def work_estimate(dice: int, sides: int, keep: int) -> int:
    """Rough count of the inner steps :func:`keep_sum_counts` takes for these sizes (an int)."""
    if keep in (0, 1) or keep == dice:
        return dice * dice * sides * sides // 2 + 1 if keep == dice else dice * sides
    return sides * keep * (keep * (sides - 1) + 1) * (dice + 1) // 4 + 1


def _keep_all(dice: int, sides: int) -> dict:
    poly = [1]
    for _ in range(dice):
        poly = convolve(poly, uniform(sides))
    return {v: n for v, n in enumerate(poly) if n}


def _keep_one_highest(dice: int, sides: int) -> dict:
    return {v: v ** dice - (v - 1) ** dice for v in range(1, sides + 1)}


def _keep_highest(dice: int, sides: int, keep: int) -> dict:
    final: dict = {}
    states = {(0, 0): 1}  # (dice placed, kept sum) -> outcomes, while fewer than `keep` are kept
    for v in range(sides, 0, -1):
        new: dict = {}
        for (i, s), w in states.items():
            rest = dice - i
            for j in range(rest + 1):
                ways = w * comb(rest, j)
                if i + j >= keep:
                    total = s + (keep - i) * v
                    lower = (v - 1) ** (rest - j)
                    if lower:
                        final[total] = final.get(total, 0) + ways * lower
                else:
                    key = (i + j, s + j * v)
                    new[key] = new.get(key, 0) + ways
        states = new
    return final


def keep_sum_counts(dice: int, sides: int, keep: int, lowest: bool = False) -> dict:
    """Distribution of the sum of the ``keep`` highest (or lowest) of ``dice`` d``sides``.

    Args:
        dice: 1..100; sides: 2..1000; keep: 0..dice; lowest: keep the lowest instead.
    Returns:
        dict kept sum → number of outcomes; the counts add up to ``sides**dice``.
    Raises:
        InvalidRequest: the pool is too large to compute exactly (:data:`MAX_WORK`), field ``dice``.
    """
    if work_estimate(dice, sides, keep) > MAX_WORK:
        raise InvalidRequest(f"{dice}d{sides} keep {keep} is too large for exact odds; use fewer "
                             "dice or smaller dice", field="dice", rule=RULE_LIMIT,
                             code="odds.too_large", params={"dice": dice, "sides": sides, "keep": keep})
    if keep == 0:
        return {0: sides ** dice}
    if keep == dice:
        return _keep_all(dice, sides)
    if lowest:
        high = keep_sum_counts(dice, sides, keep)
        return {keep * (sides + 1) - s: n for s, n in high.items()}
    if keep == 1:
        return _keep_one_highest(dice, sides)
    return _keep_highest(dice, sides, keep)


def _shift(counts: dict, by: int) -> dict:
    return {v + by: n for v, n in counts.items()}


def generic_odds(params: Mapping[str, Any]) -> dict:
    """Exact odds of a generic roll (same fields as :mod:`tirada.systems.generic`).

    Returns:
        ``{"method", "distribution", "at_least"}`` over the total (kept sum + modifier), plus
        ``"success"`` (P(total ≥ difficulty), ``{"p", "exact"}``) when a difficulty is given.
    Raises:
        InvalidRequest: from :meth:`GenericRequest.from_dict`, or a pool past :data:`MAX_WORK`.
    """
    r = GenericRequest.from_dict(params)
    counts = _shift(keep_sum_counts(r.dice, r.sides, r.keep, r.keep_lowest), r.modifier)
    den = r.sides ** r.dice
    distribution, at_least = rows(counts, den)
    out = {"method": "exact: roll-N-keep-K dynamic programme over faces (integer counts)",
           "distribution": distribution, "at_least": at_least}
    if r.difficulty is not None:
        out["difficulty"] = r.difficulty
        out["success"] = prob(sum(n for v, n in counts.items() if v >= r.difficulty), den)
    return out


def sifrp_odds(params: Mapping[str, Any]) -> dict:
    """Exact odds of a SIFRP test (same fields as :mod:`tirada.systems.sifrp`; sifrp.md §The test, §Degrees).

    Returns:
        ``{"method", "distribution", "at_least"}`` over the result (kept sum + modifier + teamwork),
        ``"success"``, and ``"outcomes"``: ``{"degrees_1".."degrees_4", "marginal", "critical"}``,
        each ``{"p", "exact"}`` (they add up to 1); ``"expected_damage"`` (float) when
        ``weapon_damage`` is given (sifrp.md §Other rules, Combat damage).
    Raises:
        InvalidRequest: from :meth:`SifrpRequest.from_dict`.
    """
    r = SifrpRequest.from_dict(params)
    teamwork = teamwork_bonus(list(r.helpers), r.allow_more_helpers) if r.helpers else 0
    counts = _shift(keep_sum_counts(r.dice_rolled, 6, r.dice_kept), r.modifier + teamwork)
    den = 6 ** r.dice_rolled
    distribution, at_least = rows(counts, den)
    grades = {f"degrees_{d}": 0 for d in range(1, 5)}
    grades.update(marginal=0, critical=0)
    damage = 0
    for total, n in counts.items():
        degrees = degrees_for(total, r.difficulty)
        grades[f"degrees_{degrees}" if degrees else str(failure_grade(total, r.difficulty))] += n
        if r.weapon_damage is not None:
            damage += n * combat_damage(r.weapon_damage, degrees)
    out = {
        "method": "exact: roll-N-keep-K dynamic programme over faces (integer counts)",
        "difficulty": r.difficulty,
        "distribution": distribution,
        "at_least": at_least,
        "success": prob(den - grades["marginal"] - grades["critical"], den),
        "outcomes": {name: prob(n, den) for name, n in grades.items()},
    }
    if r.weapon_damage is not None:
        out["expected_damage"] = damage / den
    return out
