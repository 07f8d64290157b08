"""Exact odds of the generic roll (sifrp.md §The generic forum roll; docs/odds.md): the sum of the
kept dice (:mod:`tirada.odds.keepsum`) or, for an exploding roll, of every die rolled up to a stated
number of explosions (:mod:`tirada.odds.explode`), plus the modifier, against the difficulty.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest
from ..systems.generic import MAX_ROLLS, ExprRequest, GenericRequest, GroupsRequest, unlabelled, validated
from .chains import chain_counts, chain_of, chain_work, keep_weights, weighted_keep, weighted_keep_work
from .dist import combine, prob, rows
from .explode import explode_work, request_counts
from .explode_keep import compound_keep, keep_after_explosions
from .keepsum import check_work, keep_sum_counts, work_estimate

__all__ = ["generic_odds"]


def _group_counts(r: GenericRequest) -> tuple:
    """``(counts, den, bound)`` of one group's kept sum; ``bound`` ``None`` unless it explodes."""
    if (r.reroll is not None or _clamped(r)) and r.keep < r.dice:   # keep after a reroll or min/max: weighted dice
        weights, factor, den, bound = keep_weights(r)
        return {v: n * factor for v, n in weighted_keep(r.dice, weights, r.keep, r.keep_lowest).items()}, den, bound
    if _variant(r) and r.keep is not None:   # keep after !!: independent dice; after !>N, !p: draw by draw
        return compound_keep(r) if r.compound else keep_after_explosions(r)
    if _chained(r):   # each die a chain (odds/chains.py)
        counts, den, bound = chain_counts(r.dice, chain_of(r))
        return counts, den, bound if r.explode and not r.explode_once or r.reroll is not None and not r.reroll_once \
            else None
    if r.explode:
        exploded = request_counts(r)
        return exploded.counts, exploded.den, exploded.bound
    counts = keep_sum_counts(r.dice, r.sides, r.keep, r.keep_lowest)
    if r.fate:   # faces 1..3 drawn, −1..+1 shown: each kept die is 2 less
        counts = {v - 2 * min(r.keep, r.dice): n for v, n in counts.items()}
    return counts, r.sides ** r.dice, None


def _variant(r: GenericRequest) -> bool:
    """An explosion on a threshold (``!>5``), compounding (``!!``) or penetrating (``!p``)."""
    return r.explode_at is not None or r.compound or r.penetrate


def _clamped(r: GenericRequest) -> bool:
    """A minimum or maximum face (Foundry's ``min``/``max``, Avrae's ``mi``/``ma``)."""
    return r.min_face is not None or r.max_face is not None


def _chained(r: GenericRequest) -> bool:
    """Rolls whose odds are independent chains (odds/chains.py): success counts, rerolls, a minimum or
    maximum face, explosions once and the explosion variants without keep."""
    return r.successes is not None or r.reroll is not None or _variant(r) or _clamped(r) or r.explode_once


def _add(a: dict, b: dict) -> dict:
    """The law of X + Y (independent) as counts: the product of the two count tables."""
    out: dict = {}
    for x, m in a.items():
        for y, n in b.items():
            out[x + y] = out.get(x + y, 0) + m * n
    return out


def _tree_counts(tree: Any, laws: list, work: list, pool: tuple) -> dict:
    """The law (counts) of an arithmetic tree whose dice groups have the laws ``laws`` (in the order
    rolled; consumed): constants are certain, each operation combines two independent laws
    (:func:`tirada.odds.dist.combine`); ``work[0]`` counts the steps, bounded with the groups'."""
    if isinstance(tree, Mapping):
        return laws.pop(0)
    if not isinstance(tree, list):
        return {int(tree): 1}
    left = _tree_counts(tree[1], laws, work, pool)
    right = _tree_counts(tree[2], laws, work, pool)
    work[0] += len(left) * len(right)
    check_work(work[0], *pool)
    return combine(left, right, tree[0])


def generic_odds(params: Mapping[str, Any]) -> dict:
    """Exact odds of a generic roll (same fields as :mod:`tirada.systems.generic`).

    Returns:
        ``{"method", "distribution", "at_least"}`` over the total (kept sum + modifier), plus
        ``"success"`` (P(total ≥ difficulty), ``{"p", "exact"}``) when a difficulty is given. An
        exploding roll (:mod:`tirada.odds.explode`) adds ``"explosion_bound"`` (int: explosions
        counted, in all) and ``"cut_off"`` (``{"p", "exact"?}``: P(more explosions), left out of
        every row, so each true probability lies in ``[p, p + cut_off]``); with several exploding
        groups ``"explosion_bound"`` is the list of their bounds. Several groups (``groups``) give the
        law of Σ ± each group's kept sum + modifier (a product of the groups' laws); arithmetic (``expr``) the law of
        the tree's value, each operation on two independent laws (``/`` rounded down). A roll set (``rolls``: 2..10
        equal rolls, as ``6 4d6k3`` writes) gives the odds of one of its rolls plus ``"rolls": n``.
        With ``bands`` (one roll), ``"bands"``: :func:`tirada.odds.bands.band_odds` (exact odds per band).
    Raises:
        InvalidRequest: from :meth:`GenericRequest.from_dict`, a pool past the work limit
        (``odds.too_large``), several different rolls (``odds.several_rolls``).
    """
    from ..systems.bands import split
    from ..systems.notation.lexer import split_dialect

    _dialect, params = split_dialect(params)
    bands, params = split(params)
    rolls = params.get("rolls")
    if isinstance(rolls, list) and set(params) == {"rolls"} and 2 <= len(rolls) <= MAX_ROLLS:
        if all(one == rolls[0] for one in rolls) and isinstance(rolls[0], Mapping):
            return {**generic_odds(unlabelled(rolls[0])), "rolls": len(rolls)}   # a roll set: each roll's odds
        raise InvalidRequest("odds are given for one roll at a time, or for a roll set of equal rolls",
                             field="rolls", rule="odds.md §Output", code="odds.several_rolls")
    r = validated(params)
    groups = [(g, False) for g in r.groups] if isinstance(r, ExprRequest) else \
        list(r.groups) if isinstance(r, GroupsRequest) else [(r, False)]
    work, pool = 0, (sum(g.dice for g, _ in groups), max(g.sides for g, _ in groups),
                     sum(g.keep or g.dice for g, _ in groups))   # named in a refusal
    for g, _sub in groups:   # the whole roll's work is bounded before any is spent
        if _variant(g) and g.keep is not None:
            continue      # keep after an explosion variant: its steps are counted as they are spent (MAX_WORK)
        work += weighted_keep_work(g.dice, g.sides, g.keep) if (g.reroll is not None or _clamped(g)) and g.keep < g.dice else \
            chain_work(g.dice, chain_of(g)) if _chained(g) else \
            explode_work(g.dice, g.sides, g.keep, g.keep_lowest) if g.explode else work_estimate(g.dice, g.sides, g.keep)
        check_work(work, *pool)
    counts: dict = {0 if isinstance(r, ExprRequest) else r.modifier: 1}
    den = 1
    bounds: list = []    # explosion bounds, one per exploding group
    rerolls: list = []   # reroll bounds, one per group rerolling while a face shows
    laws = []
    for g, subtract in groups:   # independent groups: the law of the sum is the product of their laws
        part, part_den, bound = _group_counts(g)
        if len(counts) > 1 and not isinstance(r, ExprRequest):   # the first group is only shifted by the modifier
            work += len(counts) * len(part)
            check_work(work, *pool)
        if isinstance(r, ExprRequest):
            laws.append(part)
        else:
            counts = _add(counts, {-v: n for v, n in part.items()} if subtract else part)
        den *= part_den
        if bound is not None:
            (rerolls if g.reroll is not None else bounds).append(bound)
    if isinstance(r, ExprRequest):   # arithmetic: the tree's law from its groups' laws, left to right
        counts = _tree_counts(r.tree, laws, [work], pool)
    out: dict = {"method": "exact: keep K of N by the K-th highest face (integer counts)"}
    if bounds or rerolls:
        out = {"method": "exact up to explosion_bound explosions / reroll_bound rerolls in all (integer counts); "
                         "cut_off is the probability of more, not counted in any row",
               "cut_off": prob(den - sum(counts.values()), den)}
    for name, found in (("explosion_bound", bounds), ("reroll_bound", rerolls)):
        if found:
            out[name] = found[0] if len(found) == 1 else found
    out["distribution"], out["at_least"] = rows(counts, den)
    if bands is not None:   # exact odds per outcome band (odds/bands.py)
        from .bands import band_odds

        out["bands"] = band_odds(bands, counts, den)
    if r.difficulty is not None:
        out["difficulty"] = r.difficulty
        out["success"] = prob(sum(n for v, n in counts.items() if v >= r.difficulty), den)
    return out
