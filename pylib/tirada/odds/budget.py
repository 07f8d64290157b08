"""The page's main-thread budget for odds (issue #28: no odds computation blocks input > 100 ms).

The odds modules refuse work past their limits before spending any (``keepsum.MAX_WORK``,
``l5r.MAX_WORK``: docs/odds.md §Limits). Inside :func:`main_thread` they also refuse work past a
much smaller **main-thread share** (:data:`tirada.odds.keepsum.MAIN_WORK`,
:data:`tirada.odds.l5r.MAIN_WORK`) with :class:`OffMainThread` (code ``odds.off_main_thread``),
again before any is spent. The page (web/roll/ui_odds.py) computes on its main thread only what fits
that share — every typical expression — and hands the rest to a Web Worker (web/odds-worker.mjs),
which computes it without the share. The share is counted in each module's own exact work units,
never by a clock, so the longest blocking slice is bounded by work (tests/test_odds_budget.py).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from ..errors import InvalidRequest

__all__ = ["OffMainThread", "main_thread", "spend"]

_MAIN = ContextVar("tirada_odds_main_thread", default=False)


class OffMainThread(InvalidRequest):
    """The odds asked for inside :func:`main_thread` need more work than its share: compute them
    elsewhere (a worker) or without the share. ``params``: ``{"work": int, "share": int}``."""

    default_code = "odds.off_main_thread"


@contextmanager
def main_thread() -> Iterator[None]:
    """While this context is open, :func:`spend` refuses work past each module's main-thread share."""
    token = _MAIN.set(True)
    try:
        yield
    finally:
        _MAIN.reset(token)


def spend(work: int, share: int) -> None:
    """Refuse ``work`` (an int, the module's exact work units) with :class:`OffMainThread` when a
    :func:`main_thread` context is open and ``work`` exceeds ``share``; otherwise do nothing."""
    if _MAIN.get() and work > share:
        raise OffMainThread(f"{work} steps of odds are more than the page's main thread does at once ({share})",
                            rule="odds.md §Limits", code="odds.off_main_thread", params={"work": work, "share": share})
