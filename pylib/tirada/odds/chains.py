"""Exact odds of dice rolled as independent chains (docs/odds.md §Chains): success counting
(``10d10>8f1``, ``10d10>8!``), where each die rolled adds a value (+1 a success, −1 a failure, 0
otherwise) instead of its face, and rerolls (``4d6r1``, ``4d6ro<2k3``), where a die rolled again
adds nothing and only its last face counts; keep after a reroll: :func:`weighted_keep`.

Method: every die is a chain of ``k`` *continuing* draws (a face that explodes) and one *final*
draw. A continuing face adds its value and draws again, a final face adds its value and stops. With
``C`` (value → faces that continue) and ``F`` (value → faces that end), ``r`` = faces that
continue, a roll of ``N`` dice with ``e`` continuing draws in all has ``C(e+N−1, N−1)`` ways to
spread them over the dice, each sequence of probability ``s**−(N+e)``, and the value is a sum of
``e`` values of ``C`` and ``N`` values of ``F``: its counts are ``C(e+N−1, N−1)·[C^e · F^N]``. So over
``s**(N+B)``, ``e`` counted up to a **bound** ``B`` (the smallest with P(E > B) ≤ 1 /
:data:`~tirada.odds.explode.CUT_OFF`, at most the roll's own ``MAX_EXPLOSIONS``), the counts are
``F^N · Σ_e C(e+N−1, N−1)·s**(B−e)·C^e`` (one product at the end); the mass of more continuing draws is the reported
``cut_off``. Without continuing faces ``B = 0`` and the counts are ``F^N`` over ``s**N``.
:func:`chain_work` counts the list items the products write, exactly as :func:`chain_counts`
spends them, so a roll is refused (``odds.too_large``) before any work.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..systems.generic import MAX_EXPLOSIONS, GenericRequest
from .dist import add_uniform
from .explode import CUT_OFF
from .keepsum import MAIN_WORK, check_work
from .budget import spend

__all__ = ["Chain", "chain_counts", "chain_of", "chain_work", "explosion_bound", "face_value", "keep_weights", "weighted_keep",
           "weighted_keep_work"]


@dataclass(frozen=True)
class Chain:
    """One die's law: ``final`` and ``cont`` map a value (int) to the number of faces (of ``base``
    equally likely ones per draw) that end the die or make it draw again; ``cont`` empty = no chain."""

    final: dict
    cont: dict
    base: int


def face_value(r: GenericRequest, face: int) -> int:
    """What one die showing ``face`` adds: with ``successes`` +1 / −1 (a failure) / 0, else the face
    (with ``min_face`` / ``max_face``, the bound it counts as)."""
    if r.successes is None:
        return r.clamp(face)
    lo, hi = r.successes
    flo, fhi = r.failures or (0, -1)
    return 1 if lo <= face <= hi else -1 if flo <= face <= fhi else 0


def chain_of(r: GenericRequest) -> Chain:
    """The chain of one die of a validated request without keep: each face adds
    :func:`face_value`; with ``explode`` the highest face (or ``explode_at``) continues — a
    compounded die's sum is the chain's, a penetrating die gives each face that explodes one less
    (the next die's −1) — with ``reroll`` the faces
    rerolled continue and add 0 (rerolled while they show) or, rerolled once, the die is one draw
    of ``sides**2`` equal cases: a face outside the range in ``sides + q`` of them, inside in ``q``."""
    lo, hi = r.reroll or (0, -1)
    elo, ehi = r.explode_at or (r.sides, r.sides)
    q = hi - lo + 1
    final: dict = {}
    cont: dict = {}
    if r.explode_once:     # one draw of sides**2 equal cases: a face that explodes adds one die that does not
        for face in range(1, r.sides + 1):
            for value, weight in ([(face_value(r, face) + face_value(r, g), 1) for g in range(1, r.sides + 1)]
                                  if elo <= face <= ehi else [(face_value(r, face), r.sides)]):
                final[value] = final.get(value, 0) + weight
        return Chain(final, cont, r.sides ** 2)
    for face in range(1, r.sides + 1):
        value, weight, target = face_value(r, face), 1, final
        if r.reroll_once:
            weight = q if lo <= face <= hi else r.sides + q
        elif lo <= face <= hi:
            value, target = 0, cont
        elif r.explode and elo <= face <= ehi:   # !p: the die it adds counts one less: carried here
            value, target = value - (1 if r.penetrate else 0), cont
        target[value] = target.get(value, 0) + weight
    return Chain(final, cont, r.sides ** 2 if r.reroll_once else r.sides)


def keep_weights(r: GenericRequest) -> tuple:
    """``(weights, factor, den, bound)`` of a request that keeps after a reroll: the final faces are
    independent with ``weights`` (face → int), every count is multiplied by ``factor`` (the ways of
    rerolling, up to ``bound`` rerolls in all; ``None`` for a reroll once) and ``den`` is the common
    denominator; ``factor·Σ counts ≤ den``."""
    lo, hi = r.reroll or (0, -1)
    q, s, n = hi - lo + 1, r.sides, r.dice

    def merged(weights: dict) -> dict:      # min/max: faces counted as the same value weigh together
        out: dict = {}
        for face, w in weights.items():
            out[r.clamp(face)] = out.get(r.clamp(face), 0) + w
        return out

    if r.reroll is None:   # min/max alone: every face once
        return merged({f: 1 for f in range(1, s + 1)}), 1, s ** n, None
    if r.reroll_once:
        return merged({f: q if lo <= f <= hi else s + q for f in range(1, s + 1)}), 1, s ** (2 * n), None
    bound = explosion_bound(n, chain_of(r))
    factor = sum(comb(e + n - 1, n - 1) * q ** e * s ** (bound - e) for e in range(bound + 1))
    return merged({f: 1 for f in range(1, s + 1) if not lo <= f <= hi}), factor, s ** (n + bound), bound


def weighted_keep_work(dice: int, sides: int, keep: int) -> int:
    """An upper bound of the steps :func:`weighted_keep` takes: per face, per state (dice placed,
    kept sum), one step per number of dice that may show the face."""
    return sides * (dice + 1) * (dice + 2) // 2 * (min(keep, dice) * sides + 1)


def weighted_keep(dice: int, weights: dict, keep: int, lowest: bool = False, limit: int | None = None) -> dict:
    """Counts of the sum of the ``keep`` highest (or lowest) of ``dice`` independent dice whose
    faces have integer ``weights`` (face → int; absent = never shown): faces are placed from the
    best down, ``c`` dice at a time in ``C(left, c)·w**c`` ways, the first ``keep`` placed are kept.
    With ``limit``, the steps are counted as they are spent and the pool is refused
    (``odds.too_large``) once they pass it."""
    states: dict = {(0, 0): 1}
    steps = 0
    for face in sorted(weights, reverse=not lowest):
        w = weights[face]
        nxt: dict = {}
        if limit is not None:
            steps += sum(dice - j + 1 for j, _total in states)
            if steps > limit:
                check_work(steps, dice, max(weights), keep)
            spend(steps, MAIN_WORK)      # the page's main-thread share, counted as it is spent
        for (j, total), n in states.items():
            for c in range(dice - j + 1):
                key = (j + c, total + face * max(0, min(c, keep - j)))
                nxt[key] = nxt.get(key, 0) + n * comb(dice - j, c) * w ** c
        states = nxt
    return {total: n for (j, total), n in states.items() if j == dice}


def explosion_bound(dice: int, chain: Chain) -> int:
    """The fewest continuing draws ``B`` with P(E > B) ≤ 1 / CUT_OFF (or MAX_EXPLOSIONS)."""
    r = sum(chain.cont.values())
    if not r:
        return 0
    end = (chain.base - r) ** dice
    kept, den, b = end, chain.base ** dice, 0
    while b < MAX_EXPLOSIONS and (den - kept) * CUT_OFF > den:
        b += 1
        kept = kept * chain.base + comb(b + dice - 1, dice - 1) * r ** b * end
        den *= chain.base
    return b


def _span(poly: dict) -> int:
    return max(poly) - min(poly) if poly else 0


def _uniform(poly: dict) -> bool:
    """True when ``poly`` is one count on each of consecutive values (a plain die's faces)."""
    return len(set(poly.values())) == 1 and len(poly) == _span(poly) + 1


def chain_work(dice: int, chain: Chain) -> int:
    """The list items :func:`chain_counts` writes (an int ≥ 1): ``F^N`` by repeated products (by a
    sliding window when ``F`` is a plain die's faces), ``C^e`` for e ≤ B added up with their
    weights, and one product of that sum with ``F^N`` (a product of two tables is len × len items)."""
    nf, sf = len(chain.final), _span(chain.final)
    if _uniform(chain.final):
        work = 1 + sum(i * sf + 1 + nf for i in range(1, dice))
    else:
        work = 1 + sum((i * sf + 1) * nf for i in range(1, dice))
    bound = explosion_bound(dice, chain)
    if bound:
        nc, sc = len(chain.cont), _span(chain.cont)
        work += sum(((e - 1) * sc + 1) * nc + e * sc + 1 for e in range(1, bound + 1))
        work += (bound * sc + 1) * (dice * sf + 1)
    return work


def _mul(a: dict, b: dict) -> dict:
    out: dict = {}
    for x, m in a.items():
        for y, n in b.items():
            out[x + y] = out.get(x + y, 0) + m * n
    return out


def chain_counts(dice: int, chain: Chain, bound: int | None = None) -> tuple:
    """``(counts, den, bound)``: counts (value → int) of the sum over ``dice`` chains, over ``den``
    = ``base**(dice + bound)``; ``bound`` the continuing draws counted (default: :func:`explosion_bound`;
    tests pass a small one). ``den − Σ counts`` is the mass of more draws (the cut-off). The caller
    bounds the work first with :func:`chain_work`."""
    if bound is None:
        bound = explosion_bound(dice, chain)
    fin = dict(chain.final)
    if _uniform(fin):   # consecutive values, one count each: a sliding window per die
        low, count = min(fin), next(iter(fin.values()))
        poly = [1]
        for _ in range(dice):
            poly = add_uniform(poly, len(fin))
        fin = {low * dice + i - dice: n * count ** dice for i, n in enumerate(poly) if n}
    else:
        for _ in range(dice - 1):
            fin = _mul(fin, chain.final)
    if not chain.cont:
        return fin, chain.base ** dice, 0
    spread: dict = {}           # Σ_e C(e+N−1, N−1)·base^(B−e)·C^e, then one product with F^N
    power: dict = {0: 1}
    for e in range(bound + 1):
        if e:
            power = _mul(power, chain.cont)
        weight = comb(e + dice - 1, dice - 1) * chain.base ** (bound - e)
        for v, n in power.items():
            spread[v] = spread.get(v, 0) + weight * n
    return _mul(spread, fin), chain.base ** (dice + bound), bound
