"""Exact odds of the generic roll (sifrp.md §The generic forum roll; docs/odds.md): the sum of the
kept dice (:mod:`tirada.odds.keepsum`) or, for an exploding roll, of every die rolled up to a stated
number of explosions (:mod:`tirada.odds.explode`), plus the modifier, against the difficulty.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest
from ..systems.generic import MAX_ROLLS, GenericRequest
from .dist import prob, rows, shift
from .explode import request_counts
from .keepsum import keep_sum_counts

__all__ = ["generic_odds"]


def generic_odds(params: Mapping[str, Any]) -> dict:
    """Exact odds of a generic roll (same fields as :mod:`tirada.systems.generic`).

    Returns:
        ``{"method", "distribution", "at_least"}`` over the total (kept sum + modifier), plus
        ``"success"`` (P(total ≥ difficulty), ``{"p", "exact"}``) when a difficulty is given. An
        exploding roll (:mod:`tirada.odds.explode`) adds ``"explosion_bound"`` (int: explosions
        counted, in all) and ``"cut_off"`` (``{"p", "exact"?}``: P(more explosions), left out of
        every row, so each true probability lies in ``[p, p + cut_off]``). A roll set (``rolls``: 2..10
        equal rolls, as ``6 4d6k3`` writes) gives the odds of one of its rolls plus ``"rolls": n``.
    Raises:
        InvalidRequest: from :meth:`GenericRequest.from_dict`, a pool past the work limit
        (``odds.too_large``), several different rolls (``odds.several_rolls``).
    """
    rolls = params.get("rolls")
    if isinstance(rolls, list) and set(params) == {"rolls"} and 2 <= len(rolls) <= MAX_ROLLS:
        if all(one == rolls[0] for one in rolls) and isinstance(rolls[0], Mapping):
            return {**generic_odds(rolls[0]), "rolls": len(rolls)}   # a roll set: each roll's odds
        raise InvalidRequest("odds are given for one roll at a time, or for a roll set of equal rolls",
                             field="rolls", rule="odds.md §Output", code="odds.several_rolls")
    r = GenericRequest.from_dict(params)
    out: dict = {"method": "exact: keep K of N by the K-th highest face (integer counts)"}
    if r.explode:
        exploded = request_counts(r)
        counts, den = shift(exploded.counts, r.modifier), exploded.den
        out = {"method": "exact up to explosion_bound explosions in all (integer counts); cut_off is "
                         "the probability of more, not counted in any row",
               "explosion_bound": exploded.bound, "cut_off": prob(exploded.cut, den)}
    else:
        counts = shift(keep_sum_counts(r.dice, r.sides, r.keep, r.keep_lowest), r.modifier)
        den = r.sides ** r.dice
    out["distribution"], out["at_least"] = rows(counts, den)
    if r.difficulty is not None:
        out["difficulty"] = r.difficulty
        out["success"] = prob(sum(n for v, n in counts.items() if v >= r.difficulty), den)
    return out
