"""Exact odds of keep/drop after an explosion variant (docs/odds.md §Keep after explosions): ``5d10!>8k3``
(explode on a threshold), ``4d6!!kh2`` (compounding), ``3d6!pk2`` (penetrating), any of them keeping the
highest or the lowest.

The roll (:mod:`tirada.systems.generic_dice`): dice are drawn in order, each one's explosions right
after it; keep counts every die rolled (a compounded die is one die, the sum of its chain; a
penetrating explosion die counts one less). Method: the draws are followed one at a time — a state
is ``(the K best values so far, explosions so far, dice finished, the compounded die's running sum,
whether the next draw starts a die)`` with an integer count — each of the ``s`` faces of a draw moving
a state on; a die showing an exploding face draws again unless ``B`` explosions were already counted
(that path is the cut-off). A finished roll with ``e`` explosions weighs ``s**(B−e)``, so every count
is an exact integer over ``s**(N+B)``. ``B`` is the same bound as for every explosion
(:func:`tirada.odds.chains.explosion_bound`: P(more) ≤ 10⁻⁹, at most the roll's limit). Keeping
the lowest keeps the highest of the negated values. Only the K best values are kept in a state, so
the states stay few for the small keeps players type; the work is counted as it is spent and the
roll is refused (``odds.too_large``) the moment it passes :data:`~tirada.odds.keepsum.MAX_WORK`
steps — it never runs longer than that.
"""

from __future__ import annotations

from bisect import insort

from ..systems.generic import GenericRequest
from ..systems.generic import MAX_EXPLOSIONS
from .chains import chain_of, explosion_bound, weighted_keep
from .explode import CUT_OFF
from .budget import spend
from .keepsum import MAIN_WORK, MAX_WORK, check_work

__all__ = ["compound_keep", "keep_after_explosions"]


def _better(top: tuple, value: int, keep: int) -> tuple:
    """``top`` (ascending, at most ``keep`` values) with ``value`` added, the lowest dropped past ``keep``."""
    if len(top) < keep:
        out = list(top)
        insort(out, value)
        return tuple(out)
    if value <= top[0]:
        return top
    out = list(top[1:])
    insort(out, value)
    return tuple(out)


def compound_keep(r: GenericRequest, bound: int | None = None) -> tuple:
    """``(counts, den, bound)`` of keep after compounding (``4d6!!kh2``): each die is independent, one
    value per chain, its explosions counted up to ``bound`` **on each die** (default: the fewest with
    P(some die explodes more) ≤ 10⁻⁹, and at most ``MAX_EXPLOSIONS // dice`` so that no counted outcome
    is one the roll refuses); the die's law over ``s**(bound+1)`` (a chain of ``k`` explosions weighs
    ``s**(bound−k)``) then keep ``K`` of ``N`` by :func:`~tirada.odds.chains.weighted_keep`, over
    ``s**(N·(bound+1))``."""
    s, n = r.sides, r.dice
    lo, hi = r.explode_at or (s, s)
    boom = hi - lo + 1
    if bound is None:
        bound = 0
        while bound < MAX_EXPLOSIONS // n and n * boom ** (bound + 1) * CUT_OFF > s ** (bound + 1):
            bound += 1
    law: dict = {0: 1}           # sums of k exploding faces: how many sequences give each
    weights: dict = {}           # one die's value → sequences over s**(bound+1)
    for k in range(bound + 1):
        for v, w in law.items():
            for face in range(1, s + 1):
                if not lo <= face <= hi:
                    weights[v + face] = weights.get(v + face, 0) + w * s ** (bound - k)
        law = _spread(law, lo, hi)
    return weighted_keep(n, weights, r.keep or n, r.keep_lowest, MAX_WORK), s ** (n * (bound + 1)), bound


def _spread(law: dict, lo: int, hi: int) -> dict:
    out: dict = {}
    for v, w in law.items():
        for face in range(lo, hi + 1):
            out[v + face] = out.get(v + face, 0) + w
    return out


def keep_after_explosions(r: GenericRequest, bound: int | None = None) -> tuple:
    """``(counts, den, bound)``: the kept sum's counts (value → int) over ``den = sides**(dice + bound)``
    for a validated request with ``explode``, a variant (``explode_at``, ``compound`` or ``penetrate``)
    and ``keep``; ``den − Σ counts`` is the mass of more than ``bound`` explosions (default
    :func:`~tirada.odds.chains.explosion_bound`; tests pass a small one).

    Raises:
        InvalidRequest: ``odds.too_large`` once the steps spent pass ``MAX_WORK``.
    """
    s, n, keep = r.sides, r.dice, r.keep or r.dice
    if bound is None:
        bound = explosion_bound(n, chain_of(r))
    lo, hi = r.explode_at or (s, s)
    sign = -1 if r.keep_lowest else 1
    layer: dict = {((), 0, 0, 0, True): 1}      # (top, explosions, finished, running sum, first draw)
    counts: dict = {}
    work = 0
    while layer:
        nxt: dict = {}
        for (top, e, done, acc, first), ways in layer.items():
            work += s
            if work > MAX_WORK:
                check_work(work, n, s, keep)
            if work > MAIN_WORK:         # the page's main-thread share, counted as it is spent
                spend(work, MAIN_WORK)
            for face in range(1, s + 1):
                boom = lo <= face <= hi
                if boom and e == bound:          # one more explosion than counted: the cut-off
                    continue
                if r.compound:
                    key = (top, e + 1, done, acc + face, False) if boom else \
                        (_better(top, sign * (acc + face), keep), e, done + 1, 0, True)
                else:
                    value = face - 1 if r.penetrate and not first else face
                    top2 = _better(top, sign * value, keep)
                    key = (top2, e + 1, done, 0, False) if boom else (top2, e, done + 1, 0, True)
                if key[2] == n:
                    total = sign * sum(key[0])
                    counts[total] = counts.get(total, 0) + ways * s ** (bound - key[1])
                else:
                    nxt[key] = nxt.get(key, 0) + ways
        layer = nxt
    return counts, s ** (n + bound), bound
