"""The luck report: how lucky each posted roll was, and how unlikely a roller's streak is.

Issue #26 item 6. A player who runs their own code can roll privately and post only the good rolls
(docs/link-format.md §11: no link can prove otherwise). What the thread *can* show is that the
posted rolls are too good to be honest. From the exact odds Tirada already computes
(:func:`tirada.odds.odds`), each roll gets its **percentile** and each roller a **streak
probability**, worded as a statistic, never as an accusation.

The statistic, for one roll whose result ``x`` has the exact distribution ``P`` (higher is better):

* its mid-percentile ``u = P(X < x) + P(X = x) / 2`` (0..1; 0.5 is an average roll). For an honest
  roll ``E[u] = 1/2`` exactly and ``Var[u] = Σ P(x)·u(x)² − 1/4`` (< 1/12 for discrete dice);
* for a roller's ``n`` rated rolls, ``S = Σ u`` and ``z = (S − n/2) / sqrt(Σ Var[u])``; the streak
  probability is the upper normal tail ``P(Z ≥ z)`` — how often honest dice give a run at least this
  lucky. It is **flagged** when below :data:`FLAG_BELOW` (1 in 1,000) with at least
  :data:`MIN_ROLLS` rated rolls (fewer are reported, never flagged: the normal approximation needs
  them, and a few good rolls prove nothing).

A player who rolls three times and posts the best ("best of 3") over 30 rolls is flagged in ≥ 95%
of simulated trials and honest players in ≤ 0.5% (tests/test_luck.py).

Which rolls are rated (each system's registry ``rated`` function; "higher is better" must be the player's side): generic and SIFRP single
rolls (their ``total``), L5R checks whose odds are modelled (their kept ``successes``; the odds
assume every success is kept, so a player who kept fewer only looks less lucky). Not rated: several
rolls in one link, competitions, extended tests, a Tragedia roll (either side may have rolled it),
rolls the odds do not model (an L5R Distinction or Adversity), and dice typed by hand. At most
:data:`MAX_ODDS` different requests are priced in one audit (the rest are counted as not rated), so
the report's cost is bounded whatever the thread.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..errors import TiradaError
from ..systems.registry import REGISTRY

__all__ = ["FLAG_BELOW", "MAX_ODDS", "MIN_ROLLS", "RollLuck", "StreakLuck", "Pricer", "percentile", "streak"]

FLAG_BELOW = 0.001        #: a streak less likely than 1 in 1,000 under honest dice is flagged
MIN_ROLLS = 10            #: rated rolls a roller needs before a streak can be flagged
MAX_ODDS = 200            #: different requests priced in one audit (bounded work on the page)
#: request fields the odds never price: the dice, the label, the step mode; and each system's
#: decisions after its dice (registry ``decisions``): the odds price the roll before them
_NOT_PRICED = ("seed", "faces", "label", "fresh", "step")


@dataclass(frozen=True)
class RollLuck:
    """One rated roll: ``value`` (the result rated: a total or a success count), ``percentile``
    (the mid-percentile ``u``, 0..1), ``variance`` (``Var[u]`` under honest dice, 0..1/12)."""

    value: int
    percentile: float
    variance: float


@dataclass(frozen=True)
class StreakLuck:
    """A roller's streak: ``rolls`` rated, ``unrated`` posted but not rated, ``mean`` percentile
    (0..1, None without rated rolls), ``p`` the probability that honest dice give a streak at
    least this lucky (0..1, None without rated rolls), ``flagged`` (``p < FLAG_BELOW`` and
    ``rolls >= MIN_ROLLS``)."""

    rolls: int
    unrated: int
    mean: Optional[float]
    p: Optional[float]
    flagged: bool

    def to_dict(self) -> dict:
        """JSON-ready: ``{"rolls", "unrated", "mean", "p", "flagged"}``."""
        return {"rolls": self.rolls, "unrated": self.unrated, "mean": self.mean, "p": self.p,
                "flagged": self.flagged}


def percentile(distribution: Sequence[Mapping[str, Any]], value: int) -> Optional[RollLuck]:
    """The mid-percentile of ``value`` in ``distribution``.

    Args:
        distribution: ``[{"value": int, "p": float}]`` (an odds ``distribution``; probabilities
            summing to 1, or to 1 − a reported cut-off).
        value: the result rated.
    Returns:
        :class:`RollLuck`, or None when ``value`` is not a possible outcome of the distribution (a
        request and a result that do not belong together, or an empty distribution).
    """
    rows = sorted((int(r["value"]), float(r["p"])) for r in distribution if float(r["p"]) > 0)
    total = sum(p for _, p in rows)
    if total <= 0 or value not in {v for v, _ in rows}:
        return None
    below, u_of, mean_sq = 0.0, None, 0.0
    for v, p in rows:
        p /= total                       # a truncated distribution (explosions cut off) renormalised
        u = below + p / 2
        mean_sq += p * u * u
        if v == value:
            u_of = u
        below += p
    assert u_of is not None
    return RollLuck(value, u_of, max(0.0, mean_sq - 0.25))


def streak(rated: Sequence[RollLuck], unrated: int = 0) -> StreakLuck:
    """The streak probability of a roller's rated rolls (module docstring: the normal tail of the
    sum of mid-percentiles, exact mean and variance per roll).

    Args:
        rated: the roller's rated rolls, in any order. unrated: how many more were posted.
    """
    n = len(rated)
    if n == 0:
        return StreakLuck(0, unrated, None, None, False)
    mean = sum(r.percentile for r in rated) / n
    var = sum(r.variance for r in rated)
    if var <= 0:                           # every roll had one possible outcome: no luck involved
        return StreakLuck(n, unrated, mean, 1.0, False)
    z = (sum(r.percentile for r in rated) - n / 2) / math.sqrt(var)
    p = 0.5 * math.erfc(z / math.sqrt(2))
    return StreakLuck(n, unrated, mean, p, p < FLAG_BELOW and n >= MIN_ROLLS)


def _rated_value(request: Mapping[str, Any], result: Mapping[str, Any]) -> Optional[int]:
    """The value a roll is rated by (its system's registry ``rated`` function), or None when the
    roll is not rated (module docstring): typed dice never are."""
    if result.get("faces_given") or request.get("faces") is not None:
        return None
    from ..systems import hook

    rated = hook(request.get("system"), "rated")
    return rated(request, result) if rated is not None else None


class Pricer:
    """Rates rolls by their exact odds, pricing each different request once and at most
    :data:`MAX_ODDS` requests in all (an audit makes one)."""

    def __init__(self, max_odds: int = MAX_ODDS) -> None:
        self._cache: Dict[str, Optional[List[Mapping[str, Any]]]] = {}
        self._left = max_odds

    def _distribution(self, request: Mapping[str, Any]) -> Optional[List[Mapping[str, Any]]]:
        spec = REGISTRY.get(request.get("system"))  # type: ignore[arg-type]
        drop = _NOT_PRICED + (spec.decisions if spec is not None else ())
        priced_request = {k: v for k, v in request.items() if k not in drop}
        key = json.dumps(priced_request, sort_keys=True, default=str)
        if key in self._cache:
            return self._cache[key]
        if self._left <= 0:
            return None
        self._left -= 1
        from ..odds import odds

        try:
            priced = odds(priced_request)
        except (TiradaError, ValueError, OverflowError):
            priced = {}
        dist = priced.get("distribution") if not priced.get("not_modelled") else None
        self._cache[key] = dist if isinstance(dist, list) and dist else None
        return self._cache[key]

    def rate(self, request: Mapping[str, Any], result: Mapping[str, Any]) -> Optional[RollLuck]:
        """A posted roll's :class:`RollLuck`, or None when it is not rated (module docstring)."""
        if not isinstance(request, Mapping) or not isinstance(result, Mapping):
            return None
        value = _rated_value(request, result)
        if value is None:
            return None
        dist = self._distribution(request)
        return None if dist is None else percentile(dist, value)


def rate_rows(rows: Sequence[Mapping[str, Any]], pricer: Optional[Pricer] = None) -> Tuple[List[Optional[RollLuck]], StreakLuck]:
    """Rate a roller's posted rows (audit rows: ``{"valid", "request", "result"}``) and their streak.

    Returns:
        ``(per-row RollLuck or None, StreakLuck)``; invalid rows are neither rated nor counted.
    """
    pricer = pricer or Pricer()
    out: List[Optional[RollLuck]] = []
    for row in rows:
        out.append(pricer.rate(row.get("request") or {}, row.get("result") or {}) if row.get("valid") else None)
    rated = [r for r in out if r is not None]
    unrated = sum(1 for row, r in zip(rows, out) if row.get("valid") and r is None)
    return out, streak(rated, unrated)
