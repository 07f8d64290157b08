"""Exact odds for every system (issue #8; docs/odds.md): no dice are rolled, nothing is sampled.

``odds(request)`` takes the same request as :func:`tirada.systems.roll` (the common fields
``seed``, ``faces`` and ``label`` are ignored: odds are about dice not yet rolled) and dispatches on
``system``:

=============  ==========================================  =======================================
system         module                                      method
=============  ==========================================  =======================================
``generic``    :mod:`tirada.odds.generic`                  keep-K-of-N (+ explosions, bounded)
``sifrp``      :mod:`tirada.odds.keepsum`                  same, graded into degrees / failures
``l5r5e``      :mod:`tirada.odds.l5r`                      ranked-tier DP + capped explosion chains
``tragedia``   :mod:`tirada.odds.tragedia`                 binomial convolution (even = success)
``brs``        :mod:`tirada.odds.brs`                      top faces / totals of the Available pool
=============  ==========================================  =======================================

Every probability is computed from exact integer counts; the output gives it as a float ``p`` and,
while short, as an exact fraction string ``exact`` (see :mod:`tirada.odds.dist`).
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..systems.registry import TableView, odds_table
from . import budget

__all__ = ["ODDS", "odds"]

#: system id → "module:function" computing its odds from the system's own request fields: a live
#: view of the ``odds`` field of :data:`tirada.systems.registry.REGISTRY`.
ODDS = TableView(odds_table)
IGNORED = ("system", "seed", "faces", "label")


def odds(request: Mapping[str, Any], main_thread: bool = False) -> dict:
    """Exact odds of ``request`` (a roll request; ``seed``/``faces``/``label`` are ignored).

    With ``main_thread`` the work is bounded by the page's main-thread share
    (:mod:`tirada.odds.budget`): past it, :class:`~tirada.odds.budget.OffMainThread` is raised
    before any work is spent (the page then computes in its worker).

    Returns:
        ``{"system": id, **the system's odds}``; the shapes are in docs/odds.md §Output. Common
        keys: ``"method"`` (str), ``"distribution"`` / ``"at_least"`` (lists of ``{"value": int,
        "p": float, "exact"?: "a/b"}``), ``"success"`` (``{"p", "exact"?}``), ``"outcomes"``.
    Raises:
        InvalidRequest: not a JSON object, unknown ``system`` (the known ones are listed), or a
        field the system refuses (the message names the field and the rule);
        ``OffMainThread`` (code ``odds.off_main_thread``) as said above.
    """
    if not isinstance(request, Mapping):
        raise InvalidRequest("a request must be a JSON object", code="request.not_object")
    system = request.get("system")
    if not isinstance(system, str) or system not in ODDS:
        known = ", ".join(sorted(ODDS))
        raise InvalidRequest(f"no odds for system {str(system)[:40]!r}; known: {known}", field="system",
                             code="odds.system_unknown", params={"system": str(system)[:40]})
    module, func = ODDS[system].split(":")
    params = {k: v for k, v in request.items() if k not in IGNORED}
    compute = getattr(importlib.import_module(module), func)
    if not main_thread:
        return {"system": system, **compute(params)}
    with budget.main_thread():
        return {"system": system, **compute(params)}
