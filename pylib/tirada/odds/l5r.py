"""Exact L5R 5e odds: P(successes ≥ TN) under the best keep policy, with explosions to any depth
(l5r5e.md §The check 3, 5, 6; seed ``002_…``; symbol tables from :mod:`tirada.systems.l5r.dice`).

**The policy ("keep every success")**, applied after the faces are seen:

1. Rank each die that may be kept (all dice; when ``compromised`` only dice without strife,
   l5r5e.md §The check 5) by its success value: explosive skill (d12) > explosive ring (d6) > plain
   success > no success. Between dice of equal value it keeps the one with fewer strife (then
   more opportunities, which changes nothing computed here).
2. Keep the best ``min(limit, dice with a success)``; keep limit = ring + helpers + Void.
3. If no die shows a success, keep one die anyway (the minimum is 1 unless compromised), one
   without strife when there is one.
4. Keep every explosion die that shows a success and may be kept; drop the others.

Why it maximises P(successes ≥ TN) for *every* TN at once: dice are independent and the value of
a kept die is a random variable (1 + the successes of its explosion chain for an explosive
success, 1 for a success, 0 otherwise); the skill chain stochastically dominates the ring chain
(checked in tests/test_odds_l5r.py), so the ranked dice dominate any other choice one by one and so
does their sum; keeping an explosion die that shows a success never lowers the count. **Ties between
policies**: several policies reach the same P(≥ TN) (e.g. once TN is met, surplus successes could
be dropped to avoid strife); this one keeps every success (it also maximises the bonus successes
and gives one chart for all TNs), and the reported ``expected_strife`` is the strife of this policy,
with ties between equal dice broken towards less strife as in 1. Assistance strife cancelling,
stances, advantages and rerolls are not modelled.

**Method**: a dynamic programme over the ranked tiers (multinomial counts of how many ring and
skill dice land in each tier, integer weights over ``6**ring_dice * 12**skill_dice``) gives the
joint law of (kept explosive skill dice, kept explosive ring dice, kept plain successes) and the
expected strife. An explosion chain's extra successes ``X`` satisfy ``X = v + X'`` (explosive face
kept), ``v`` (other kept success face) or 0; its law is computed capped at ``M`` (each explosion
adds ≥ 1, so ``M`` levels of recursion give min(X, M) exactly, over ``sides**M``). The kept dice's
chains are combined by convolution capped at ``M`` (Horner over the counts). Nothing is truncated:
the result is the exact law of ``min(successes, M)``; the last bar reads "M or more".
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..fields import get_bool, get_int, reject_unknown
from ..systems.l5r.dice import DIE_SIDES, RING_FACES, SKILL_FACES, tally
from .budget import spend
from .dist import convolve, prob, rows
from .l5r_rerolls import rerolled_law, rerolled_work

__all__ = ["MAX_WORK", "L5rPool", "chain_counts", "l5r_odds", "success_counts", "work_estimate"]

RULE = "l5r5e.md §The check"
FIELDS = {"ring", "skill", "tn", "assist_skilled", "assist_unskilled", "void", "compromised", "distinction",
          "adversity"}
#: Fields of an ``l5r5e`` roll request that the odds accept but do not model (listed in the output
#: as ``"not_modelled"`` when present): advantages, stance, strife cancelling and the decisions.
ROLL_ONLY = {"stance", "passion", "anxiety", "helpers_cancel_strife", "step", "rerolls", "keep", "explosions",
             "added"}
MAX_POOL = 30
#: most estimated work (:func:`work_estimate`) computed exactly: ≈ 0.4 s on CPython, ≈ 1 s in
#: Pyodide; a larger pool (many dice *and* a high keep limit, e.g. 15 + 15 dice keeping 20) is refused
MAX_WORK = 1_600_000
#: Most work done on the page's main thread (:mod:`tirada.odds.budget`): ≈ 5 ms of CPU on CPython 3.11
#: (ring 5, skill 5, 2 skilled helpers and Void: 61 250)
MAIN_WORK = 80_000
#: The rerolls played for the odds (odds/l5r_rerolls.py; docs/l5r5e.md §Odds with a Distinction or an Adversity).
REROLL_POLICY = {
    "distinction": "reroll up to 2 dice that add nothing: no keepable success first (d12 before d6), then "
                   "successes past the keep limit",
    "adversity": "reroll the 2 success dice worth least: unkeepable, then plain (d12 first), explosive d6, "
                 "explosive d12",
}
#: Ranking of explosive faces by die type: the skill chain dominates the ring chain.
_EXPLOSIVE_RANK = {"skill": 0, "ring": 1}
_PLAIN_RANK = 2


class L5rPool:
    """A validated L5R check for odds (l5r5e.md §The check 3, 5).

    Fields (ranges as the ``l5r5e`` roll): ``ring`` 1..10, ``skill`` 0..10, ``tn`` 0..20,
    ``assist_skilled`` and ``assist_unskilled`` 0..10 (helpers with / without rank in the skill),
    ``void`` (bool, a Void point spent), ``compromised`` (bool); at most :data:`MAX_POOL` dice in
    all (the exact computation grows fast past that). Derived: ``ring_dice`` = ring + unskilled helpers + Void,
    ``skill_dice`` = skill + skilled helpers, ``keep_limit`` = ring + helpers + Void.
    """

    def __init__(self, ring: int, skill: int, tn: int, assist_skilled: int = 0,
                 assist_unskilled: int = 0, void: bool = False, compromised: bool = False,
                 distinction: bool = False, adversity: bool = False) -> None:
        self.ring, self.skill, self.tn = ring, skill, tn
        # a Distinction and an Adversity cancel (l5r5e.md §The check 4): rerolls by one of them, or none
        self.reroll_by = None if distinction == adversity else "distinction" if distinction else "adversity"
        self.assist_skilled, self.assist_unskilled = assist_skilled, assist_unskilled
        self.void, self.compromised = void, compromised
        self.ring_dice = ring + assist_unskilled + int(void)
        self.skill_dice = skill + assist_skilled
        self.keep_limit = ring + assist_skilled + assist_unskilled + int(void)

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "L5rPool":
        """Validate a request dict (fields above).

        Raises:
            InvalidRequest: unknown field, a field missing / out of range, more than
            :data:`MAX_POOL` dice. Fields of the roll that odds do not model (:data:`ROLL_ONLY`)
            are accepted and not checked.
        """
        reject_unknown(req, FIELDS | ROLL_ONLY, "l5r5e")
        pool = cls(
            ring=get_int(req, "ring", lo=1, hi=10, rule=f"{RULE} 3"),
            skill=get_int(req, "skill", default=0, lo=0, hi=10, rule=f"{RULE} 3"),
            tn=get_int(req, "tn", lo=0, hi=20, rule=f"{RULE} 2"),
            assist_skilled=get_int(req, "assist_skilled", default=0, lo=0, hi=10, rule=f"{RULE} 3"),
            assist_unskilled=get_int(req, "assist_unskilled", default=0, lo=0, hi=10, rule=f"{RULE} 3"),
            void=get_bool(req, "void"), compromised=get_bool(req, "compromised"),
            distinction=get_bool(req, "distinction"), adversity=get_bool(req, "adversity"),
        )
        if pool.ring_dice + pool.skill_dice > MAX_POOL:
            raise InvalidRequest(f"{pool.ring_dice + pool.skill_dice} dice are too many for exact odds "
                                 f"(at most {MAX_POOL})", field="ring", rule="odds.md §Limits",
                                 code="odds.l5r_too_large",
                                 params={"got": pool.ring_dice + pool.skill_dice, "n": MAX_POOL})
        work = work_estimate(pool)
        if work > MAX_WORK:   # bounded before it is spent: the page never freezes
            raise InvalidRequest(f"{pool.ring_dice + pool.skill_dice} dice keeping {pool.keep_limit} are too "
                                 "many for exact odds; use fewer dice or helpers", field="ring",
                                 rule="odds.md §Limits", code="odds.l5r_too_much_work",
                                 params={"got": pool.ring_dice + pool.skill_dice, "keep": pool.keep_limit})
        spend(work, MAIN_WORK)
        return pool


def work_estimate(pool: "L5rPool") -> int:
    """An upper estimate of the steps of :func:`success_counts` for ``pool``, computed in
    O(ring_dice × skill_dice): the dynamic programme's states ``(r6, r12, a, b, c)`` (dice left,
    kept so far: fewer than the keep limit and than the dice used) times the faces tried from each,
    plus the Horner part ``(a + 1)(b + 1)(cap + 1)²``. Calibrated: 1,600,000 ≈ 0.4 s on CPython."""
    big_r, big_s, k = pool.ring_dice, pool.skill_dice, pool.keep_limit
    work = 0
    for r6 in range(big_r + 1):
        for r12 in range(big_s + 1):
            used = (big_r - r6) + (big_s - r12)
            work += comb(min(k - 1, used) + 3, 3) * (used + 1)
    cap = max(pool.tn, 2 * k + 2)
    if pool.reroll_by:   # the rerolls' splits (odds/l5r_rerolls.py) instead of the tiers
        work = 60 * rerolled_work(big_r, big_s, pool.compromised)   # ≈ 60 of the units above per step
    return work + (min(k, big_s) + 1) * (min(k, big_r) + 1) * (cap + 1) ** 2


def _faces(die: str) -> list:
    """``[(successes, explosive, strife)]`` per face of a ``"ring"``/``"skill"`` die."""
    table = RING_FACES if die == "ring" else SKILL_FACES
    out = []
    for face in sorted(table):
        t = tally(table[face])
        out.append((t["successes"], t["explosive"] > 0, t["strife"]))
    return out


def _keepable(face: tuple, compromised: bool) -> bool:
    return face[0] > 0 and not (compromised and face[2] > 0)


def chain_counts(die: str, cap: int, compromised: bool = False) -> list:
    """Law of the extra successes ``X`` of one explosion of a kept explosive ``die``, capped.

    Args:
        die: ``"ring"`` or ``"skill"``; cap: M ≥ 1; compromised: strife dice cannot be kept.
    Returns:
        list of ``cap + 1`` ints: item ``x`` = outcomes with min(X, cap) = x, over ``sides**cap``.
    """
    faces = _faces(die)
    law = [0] * cap + [1]  # any start works: level k is exact below k, and we run `cap` levels
    for _ in range(cap):
        scale = sum(law)
        new = [0] * (cap + 1)
        for face in faces:
            if not _keepable(face, compromised):
                new[0] += scale
            elif face[1]:
                for x, n in enumerate(law):
                    new[min(cap, x + face[0])] += n
            else:
                new[min(cap, face[0])] += scale
        law = new
    return law


def _chain_means(die: str, compromised: bool) -> tuple:
    """(E[extra successes], E[extra strife]) of one explosion chain, as Fractions.

    From E = Σ_kept faces (value + [explosive]·E) / sides, i.e. E = Σ value / (sides − #explosive).
    """
    sides, faces = DIE_SIDES[die], _faces(die)
    kept = [f for f in faces if _keepable(f, compromised)]
    stay = sides - sum(1 for f in kept if f[1])
    return Fraction(sum(f[0] for f in kept), stay), Fraction(sum(f[2] for f in kept), stay)


def _tiers(compromised: bool) -> list:
    """Ranked tiers ``[(rank, strife, ring_faces, skill_faces)]``, best first; one of the two face
    counts is 0 in each."""
    tiers: dict = {}
    for die in ("ring", "skill"):
        for face in _faces(die):
            if _keepable(face, compromised):
                rank = _EXPLOSIVE_RANK[die] if face[1] else _PLAIN_RANK
                counts = tiers.setdefault((rank, face[2]), {"ring": 0, "skill": 0})
                counts[die] += 1
    # A tier holding both die types is split into its ring part then its skill part: both parts
    # keep in the same order, and single loops over one die type are much cheaper than x × y.
    return [(rank, strife, c["ring"] if die == "ring" else 0, c["skill"] if die == "skill" else 0)
            for (rank, strife), c in sorted(tiers.items()) for die in ("ring", "skill") if c[die]]


def _kept_law(pool: L5rPool) -> tuple:
    """Joint law of the kept dice: ``({(a, b): {c: outcomes}}, strife_numerator)`` over
    ``6**ring_dice * 12**skill_dice``; a/b = kept explosive skill/ring dice, c = plain successes."""
    tiers, k = _tiers(pool.compromised), pool.keep_limit
    left6, left12 = DIE_SIDES["ring"], DIE_SIDES["skill"]  # faces not yet assigned to a tier
    states = {(pool.ring_dice, pool.skill_dice, 0, 0, 0): (1, 0)}
    done: dict = {}
    strife_total = 0
    for rank, strife, f6, f12 in tiers:
        left6, left12 = left6 - f6, left12 - f12
        ring, faces = f6 > 0, f6 or f12  # each tier holds one die type (see _tiers)
        new: dict = {}
        for (r6, r12, a, b, c), (w, sw) in states.items():
            slots, dice = k - a - b - c, (r6 if ring else r12)
            for x in range(dice + 1):  # x of those dice show a face of this tier
                mult = comb(dice, x) * faces ** x
                m, kept = w * mult, min(slots, x)
                n6, n12 = (r6 - x, r12) if ring else (r6, r12 - x)
                na, nb, nc = (a + kept * (rank == 0), b + kept * (rank == 1), c + kept * (rank == _PLAIN_RANK))
                nsw = sw * mult + m * kept * strife  # Σ weight × strife over the paths
                if kept == slots:  # limit reached: the other dice may show any face left
                    rest = left6 ** n6 * left12 ** n12
                    cell = done.setdefault((na, nb), {})
                    cell[nc] = cell.get(nc, 0) + m * rest
                    strife_total += nsw * rest
                else:
                    key = (n6, n12, na, nb, nc)
                    old = new.get(key, (0, 0))
                    new[key] = (old[0] + m, old[1] + nsw)
        states = new
    for (r6, r12, a, b, c), (w, sw) in states.items():
        rest = left6 ** r6 * left12 ** r12  # the remaining dice show no keepable success
        cell = done.setdefault((a, b), {})
        cell[c] = cell.get(c, 0) + w * rest
        strife_total += sw * rest
        if a + b + c == 0 and not pool.compromised:
            strife_total += w * _forced_keep_strife(r6, r12)
    return done, strife_total


def _forced_keep_strife(r6: int, r12: int) -> int:
    """Σ over no-success outcomes of the least strife among the dice (the one die that must be
    kept, l5r5e.md §The check 5): Σ_m #(every die shows ≥ m strife)."""
    total, m = 0, 1
    while True:
        n6 = sum(1 for f in _faces("ring") if f[0] == 0 and f[2] >= m)
        n12 = sum(1 for f in _faces("skill") if f[0] == 0 and f[2] >= m)
        ways = (n6 ** r6) * (n12 ** r12) if r6 + r12 else 0
        if not ways:
            return total
        total, m = total + ways, m + 1


def success_counts(pool: L5rPool, cap: int) -> tuple:
    """Law of min(successes, ``cap``) under the policy of the module docstring (with a Distinction
    or an Adversity: their rerolls first, :mod:`tirada.odds.l5r_rerolls`).

    Returns:
        ``(counts, den, law)``: counts = list of ``cap + 1`` ints over ``den``; ``law`` is the
        :func:`_kept_law` result (reused for the expectations; strife ``None`` with rerolls), and
        the pool's own denominator is ``den`` over the chains' part.
    """
    if pool.reroll_by:
        law, pool_den = rerolled_law(pool.ring_dice, pool.skill_dice, pool.keep_limit, pool.reroll_by,
                                     pool.compromised)
        strife_num = None
    else:
        (law, strife_num), pool_den = _kept_law(pool), 6 ** pool.ring_dice * 12 ** pool.skill_dice
    big_a = max(a for a, _ in law)
    big_b = max(b for _, b in law)
    cs, cr = chain_counts("skill", cap, pool.compromised), chain_counts("ring", cap, pool.compromised)
    unit_s, unit_r = 12 ** cap, 6 ** cap
    total = [0] * (cap + 1)
    for a in range(big_a, -1, -1):  # Horner over a (skill chains), inner Horner over b (ring)
        inner = [0] * (cap + 1)
        for b in range(big_b, -1, -1):
            inner = convolve(inner, cr, cap) if any(inner) else inner
            scale = unit_r ** (big_b - b)
            for c, n in law.get((a, b), {}).items():
                inner[min(cap, a + b + c)] += n * scale
        total = convolve(total, cs, cap) if any(total) else total
        scale = unit_s ** (big_a - a)
        total = [t + i * scale for t, i in zip(total, inner)]
    den = pool_den * unit_s ** big_a * unit_r ** big_b
    return total, den, (law, strife_num, pool_den)


def l5r_odds(params: Mapping[str, Any]) -> dict:
    """Exact odds of an L5R 5e check (fields: see :class:`L5rPool`).

    Returns:
        ``{"method", "policy", "tn", "keep_limit", "ring_dice", "skill_dice", "distribution",
        "at_least", "success", "outcomes": {"success", "failure"}, "expected_successes",
        "expected_strife", "not_modelled": [field]}``; distribution over successes 0..M (the last
        row ``"or_more": true``), probabilities as ``{"p", "exact"}``, expectations as floats with ``"…_exact"`` strings.
    Raises:
        InvalidRequest: see :meth:`L5rPool.from_dict`.
    """
    pool = L5rPool.from_dict(params)
    cap = max(pool.tn, 2 * pool.keep_limit + 2)
    counts, den, (law, strife_num, pool_den) = success_counts(pool, cap)
    mean_a = Fraction(sum(a * n for (a, _), cell in law.items() for n in cell.values()), pool_den)
    mean_b = Fraction(sum(b * n for (_, b), cell in law.items() for n in cell.values()), pool_den)
    mean_c = Fraction(sum(c * n for cell in law.values() for c, n in cell.items()), pool_den)
    (succ_s, strife_s), (succ_r, strife_r) = (_chain_means("skill", pool.compromised),
                                              _chain_means("ring", pool.compromised))
    successes = mean_a * (1 + succ_s) + mean_b * (1 + succ_r) + mean_c
    strife = None if strife_num is None else Fraction(strife_num, pool_den) + mean_a * strife_s + mean_b * strife_r
    distribution, at_least = rows(dict(enumerate(counts)), den, or_more=cap)
    hit = sum(counts[pool.tn:])
    return {
        "method": "exact: dynamic programme over ranked dice tiers + capped explosion chains",
        "policy": "keep every success: explosive d12 > explosive d6 > success, fewer strife first",
        "tn": pool.tn, "keep_limit": pool.keep_limit,
        "ring_dice": pool.ring_dice, "skill_dice": pool.skill_dice,
        "distribution": distribution, "at_least": at_least,
        "success": prob(hit, den),
        "outcomes": {"success": prob(hit, den), "failure": prob(den - hit, den)},
        "expected_successes": float(successes), "expected_successes_exact": str(successes),
        "expected_strife": None if strife is None else float(strife),
        "expected_strife_exact": None if strife is None else str(strife),
        "rerolls": pool.reroll_by, **({"reroll_policy": REROLL_POLICY[pool.reroll_by]} if pool.reroll_by else {}),
        "not_modelled": sorted(k for k in ROLL_ONLY if params.get(k) not in (None, False, 0, [], "")),
    }
