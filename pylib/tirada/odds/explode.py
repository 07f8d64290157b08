"""Exact odds of an exploding generic roll (``d6!``, ``5d10!k3``, ``3d6!k5``; docs/odds.md §Exploding).

The roll (:mod:`tirada.systems.generic`): each of the ``N`` dice that shows its highest face ``s``
adds one more die right after it, which may explode again; keep then counts every die rolled,
explosions included, and a roll with more than :data:`~tirada.systems.generic.MAX_EXPLOSIONS`
explosions is refused.

Method (no sampling, no enumeration): every die's chain is ``k`` faces ``s`` then one last face
``v`` in ``1..s−1``, with probability ``s**−(k+1)``. So the dice rolled are ``E`` faces ``s`` (``E``
= all explosions) plus ``N`` last faces, independent of ``E`` and uniform on ``1..s−1``. A sequence
of faces with ``E = e`` has probability ``s**−(N+e)`` and there are ``C(e+N−1, N−1)`` ways to spread
``e`` explosions over the ``N`` dice. The kept sum given ``e`` is:

* keep all: ``s·e`` + the sum of the ``N`` last faces;
* keep the ``K`` highest: ``s·min(e, K)`` + the ``K − e`` highest last faces (none when ``e ≥ K``);
* keep the ``K`` lowest: the ``K`` lowest last faces when ``K ≤ N``; else all of them + ``s·min(e, K−N)``.

The last faces' sums come from :func:`tirada.odds.keepsum.keep_sum_counts` on ``s − 1`` faces.
Explosions are counted up to a **bound** ``B``: the smallest number with P(E > B) ≤
1 / :data:`CUT_OFF` (at most ``MAX_EXPLOSIONS``, the roll's own limit). Every count is an exact integer
over ``s**(N+B)``; the mass left out, P(E > B), is reported as ``cut_off``, so a true probability
of the roll lies between the value given and that value + ``cut_off``.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..systems.generic import MAX_EXPLOSIONS, GenericRequest
from .keepsum import check_work, keep_sum_counts, work_estimate

__all__ = ["CUT_OFF", "Exploded", "explode_bound", "explode_counts", "explode_work"]

#: Explosions are counted until the probability of more is at most 1 / CUT_OFF (or the roll's own limit).
CUT_OFF = 10 ** 9


@dataclass(frozen=True)
class Exploded:
    """Counts of an exploding roll's kept sum: ``counts`` (kept sum → int) over ``den``
    (``sides**(dice + bound)``); ``bound`` explosions counted at most; ``cut`` the count left out
    (P(more explosions than ``bound``) = ``cut / den``); ``sum(counts) + cut == den``."""

    counts: dict
    den: int
    bound: int
    cut: int


def explode_bound(dice: int, sides: int) -> tuple:
    """``(B, cut)``: the fewest explosions ``B`` (0..MAX_EXPLOSIONS) with P(E > B) ≤ 1 / :data:`CUT_OFF`
    (or MAX_EXPLOSIONS), and ``cut`` = P(E > B) · ``sides**(dice + B)`` (an exact int ≥ 0)."""
    last = (sides - 1) ** dice
    kept = last                      # Σ_{e≤b} C(e+N−1, N−1)·(s−1)^N·s^(b−e), over s^(N+b)
    den = sides ** dice
    b = 0
    while b < MAX_EXPLOSIONS and (den - kept) * CUT_OFF > den:
        b += 1
        kept = kept * sides + comb(b + dice - 1, dice - 1) * last
        den *= sides
    return b, den - kept


def _last_faces(dice: int, sides: int, keep: int | None, lowest: bool, bound: int) -> list:
    """For each ``e`` in 0..bound: ``(shift, sizes)`` — the kept sum is ``shift`` + the sum of the
    ``sizes`` = (how many, lowest?) last faces, or ``None`` for keep-all."""
    out = []
    for e in range(bound + 1):
        if keep is None:
            out.append((sides * e, (dice, False)))
        elif not lowest:
            out.append((sides * min(e, keep), (max(0, min(keep - e, dice)), False)))
        elif keep <= dice:
            out.append((0, (keep, True)))
        else:
            out.append((sides * min(e, keep - dice), (dice, False)))
    return out


def explode_work(dice: int, sides: int, keep: int | None, lowest: bool = False) -> int:
    """Inner steps of :func:`explode_counts` (an int): the distinct last-face sums
    (:func:`~tirada.odds.keepsum.work_estimate` each) plus one step per item combined."""
    bound, _ = explode_bound(dice, sides)
    plan = _last_faces(dice, sides, keep, lowest, bound)
    work = sum(work_estimate(dice, sides - 1, n) for n, _low in {s for _, s in plan})
    return work + sum(n * (sides - 1) + 1 for _, (n, _low) in plan)


def explode_counts(dice: int, sides: int, keep: int | None, lowest: bool = False,
                   bound: int | None = None, steps: list | None = None) -> Exploded:
    """Exact counts of the kept sum of an exploding roll (the module docstring's method).

    Args:
        dice: 1..100; sides: 2..1000; keep: ``None`` (every die rolled) or ≥ 1 (may exceed
        ``dice``: explosions add dice); lowest: keep the lowest; bound: explosions counted (default
        :func:`explode_bound`; tests pass a small one to compare with every sequence of faces);
        steps: a one-item list counting the inner steps (tests: never above :func:`explode_work`).
    Returns:
        :class:`Exploded`.
    Raises:
        InvalidRequest: ``odds.too_large`` when :func:`explode_work` exceeds the work limit.
    """
    cut = None
    if bound is None:
        bound, cut = explode_bound(dice, sides)
    check_work(explode_work(dice, sides, keep, lowest), dice, sides, keep or dice)
    den = sides ** (dice + bound)
    sums: dict = {}
    counts: dict = {}
    for e, (shift, size) in enumerate(_last_faces(dice, sides, keep, lowest, bound)):
        if size not in sums:
            sums[size] = keep_sum_counts(dice, sides - 1, size[0], size[1], steps)
        weight = comb(e + dice - 1, dice - 1) * sides ** (bound - e)
        if steps is not None:
            steps[0] += len(sums[size])
        for v, n in sums[size].items():
            counts[v + shift] = counts.get(v + shift, 0) + weight * n
    if cut is None:
        cut = den - sum(counts.values())
    return Exploded(counts, den, bound, cut)


def request_counts(r: GenericRequest) -> Exploded:
    """:func:`explode_counts` of a validated exploding request (keep ``None`` = every die)."""
    return explode_counts(r.dice, r.sides, r.keep, r.keep_lowest)
