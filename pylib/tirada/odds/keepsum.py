"""Exact distribution of "roll N dice, keep the K highest (or lowest), sum" — and the
SIFRP odds built on it (sifrp.md §The test, §Degrees, §The generic forum roll; seed ``004_…``).

Method (no enumeration of the ``sides**N`` outcomes): condition on the K-th highest face ``t`` and on
``a`` (0..K−1), the number of dice strictly above it. Those ``a`` dice are all kept and sum to
``a·t + X`` where ``X`` is the sum of ``a`` dice of ``sides − t`` faces (a count polynomial built one
die at a time by a sliding window, :func:`tirada.odds.dist.add_uniform`); the other ``N − a`` dice
show ``t`` or less with at least ``K − a`` of them on ``t``:
``g = t**(N−a) − Σ_{j<K−a} C(N−a, j)·(t−1)**(N−a−j)`` ways. So the count of total ``K·t + X`` gains
``C(N, a)·g·D[X]``. Every outcome is counted once (its ``t`` and ``a`` are determined), every count is
an exact integer over ``sides**N``. Keep-lowest is the mirror image (face ``v`` ↔ ``sides + 1 − v``).
Fast paths: keep all dice (one sliding window per die), keep none, keep the single highest
(``v**N − (v − 1)**N``); each is checked against brute-force enumeration in
tests/test_odds_keepsum.py. :func:`work_estimate` counts the inner steps exactly (tests check the
count against the steps taken) and larger pools than :data:`MAX_WORK` are refused before any work.
The generic roll's odds: :mod:`tirada.odds.generic`; exploding rolls: :mod:`tirada.odds.explode`.
"""

from __future__ import annotations

from math import comb
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..systems.sifrp import SifrpRequest, combat_damage, degrees_for, failure_grade, teamwork_bonus
from .budget import spend
from .dist import add_uniform, prob, rows, shift

__all__ = ["MAX_WORK", "check_work", "keep_sum_counts", "sifrp_odds", "work_estimate"]

#: Largest accepted :func:`work_estimate` (inner steps, 80–170 ns of CPU each): the worst accepted pool takes ≈ 25 ms on
#: CPython 3.11 (docs/odds.md §Limits); more is refused with ``odds.too_large``, not computed.
MAX_WORK = 150_000
#: Most work done on the page's main thread (:mod:`tirada.odds.budget`): ≤ ≈ 4 ms of CPU on CPython 3.11
#: whatever the step (80–800 ns each); typical notation (4d6k3: 124, 5d10!k3: 484, 20d10k10: 3026) fits.
MAIN_WORK = 5_000
RULE_LIMIT = "odds.md §Limits"


def work_estimate(dice: int, sides: int, keep: int) -> int:
    """The number of inner steps :func:`keep_sum_counts` takes for these sizes (an int ≥ 1): list
    items written or added, and terms of the ``g`` sums. ``keep`` above ``dice`` counts as ``dice``."""
    keep = min(keep, dice)
    if keep == 0:
        return 1
    if keep == dice:   # one sliding window per die: the polynomial grows by `sides` each time
        return sum(i * sides + 1 for i in range(1, dice + 1))
    if keep == 1:
        return dice * sides
    # t = sides: one g sum (keep terms) and one item; each other t: the g sums, the Horner windows
    # (a·m + 1 items for a = 1..keep−1) and the final addition ((keep−1)·m + 1 items)
    g_terms = keep * keep - keep * (keep - 1) // 2
    windows = (keep * (keep - 1) // 2) * (sides * (sides - 1) // 2) + (keep - 1) * (sides - 1)   # Σ_m Σ_a (a·m + 1)
    return (keep + 1) + (sides - 1) * g_terms + windows + (keep - 1) * sides * (sides - 1) // 2 + sides - 1


def check_work(work: int, dice: int, sides: int, keep: int) -> None:
    """Refuse (``InvalidRequest``, code ``odds.too_large``, field ``dice``) when ``work`` (inner
    steps) exceeds :data:`MAX_WORK`; the message names the pool. Inside
    :func:`tirada.odds.budget.main_thread`, more than :data:`MAIN_WORK` raises ``OffMainThread``."""
    if work > MAX_WORK:
        raise InvalidRequest(f"{dice}d{sides} keep {keep} is too large for exact odds; use fewer "
                             "dice or smaller dice", field="dice", rule=RULE_LIMIT,
                             code="odds.too_large", params={"dice": dice, "sides": sides, "keep": keep})
    spend(work, MAIN_WORK)


def _keep_all(dice: int, sides: int, steps: list | None = None) -> dict:
    poly = [1]
    for _ in range(dice):
        poly = add_uniform(poly, sides)
        if steps is not None:
            steps[0] += len(poly)
    return {v: n for v, n in enumerate(poly) if n}


def _keep_one_highest(dice: int, sides: int) -> dict:
    return {v: v ** dice - (v - 1) ** dice for v in range(1, sides + 1)}


def _keep_highest(dice: int, sides: int, keep: int, steps: list | None = None) -> dict:
    """Sum of the ``keep`` highest of ``dice`` d``sides`` (1 ≤ keep ≤ dice; any sides ≥ 1) by the
    threshold method of the module docstring; ``steps`` (a one-item list) counts the inner steps.
    For each ``t`` the weighted tables ``Σ_a C(N, a)·g_a·D^a`` are summed by Horner's rule in the
    die polynomial (one sliding window per ``a``, additions only), then added to the counts once."""
    final = [0] * (keep * sides + 1)
    for t in range(1, sides + 1):
        m, low = sides - t, t - 1
        top = keep if m else 1                      # no die can show more than t = sides
        coef = []
        for a in range(top):
            rest, need = dice - a, keep - a
            coef.append(comb(dice, a) * (t ** rest - sum(comb(rest, j) * low ** (rest - j) for j in range(need))))
        poly = [coef[-1]]
        for a in range(top - 2, -1, -1):            # Horner: poly = poly·(x + … + x^m) + coef[a]
            poly = add_uniform(poly, m)
            poly[0] += coef[a]
        base = keep * t
        end = base + len(poly)
        final[base:end] = [f + w for f, w in zip(final[base:end], poly)]
        if steps is not None:
            steps[0] += sum(keep - a for a in range(top)) + sum(a * m + 1 for a in range(1, top)) + len(poly)
    return {v: n for v, n in enumerate(final) if n}


def keep_sum_counts(dice: int, sides: int, keep: int, lowest: bool = False, steps: list | None = None) -> dict:
    """Distribution of the sum of the ``keep`` highest (or lowest) of ``dice`` d``sides``.

    Args:
        dice: 1..100; sides: 1..1000; keep: 0.. (above ``dice`` keeps them all); lowest: keep the
        lowest instead; steps: a one-item list that counts the inner steps taken (for tests; they
        never exceed :func:`work_estimate`).
    Returns:
        dict kept sum → number of outcomes; the counts add up to ``sides**dice``.
    Raises:
        InvalidRequest: the pool is too large to compute exactly (:data:`MAX_WORK`), field ``dice``.
    """
    keep = min(keep, dice)
    check_work(work_estimate(dice, sides, keep), dice, sides, keep)
    if keep == 0:
        return {0: sides ** dice}
    if keep == dice:
        return _keep_all(dice, sides, steps)
    if lowest:
        high = keep_sum_counts(dice, sides, keep, steps=steps)
        return {keep * (sides + 1) - s: n for s, n in high.items()}
    if keep == 1:
        if steps is not None:
            steps[0] += dice * sides
        return _keep_one_highest(dice, sides)
    return _keep_highest(dice, sides, keep, steps)


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
    counts = shift(keep_sum_counts(r.dice_rolled, 6, r.dice_kept), r.modifier + teamwork)
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
        "method": "exact: keep K of N by the K-th highest face (integer counts)",
        "difficulty": r.difficulty,
        "distribution": distribution,
        "at_least": at_least,
        "success": prob(den - grades["marginal"] - grades["critical"], den),
        "outcomes": {name: prob(n, den) for name, n in grades.items()},
    }
    if r.weapon_damage is not None:
        out["expected_damage"] = damage / den
    return out
