"""The views that redraw themselves when the page's language changes, in one explicit list (issue #40:
no hook list filled at import time).

Each view module named in :data:`VIEWS` defines ``relang() -> None`` (the :class:`LangView` protocol):
it redraws what it shows in ``app.State.lang``. :func:`redraw` calls it on each of them that is
loaded, in the list's order — a view loaded later (page.py's ``LAZY``: the audit, the Confrontation,
the scene, My data, sealed rolls; Fate's invocations when a Fate roll starts) draws itself in the
current language when it starts, so a view not imported yet is skipped, never imported here (its
imports would then delay the page's start). Called by page.py after a language change and after
another tab changed the stored data, and by web/data/ui_data.py after an import (the other views
show what was imported). tests/test_lang_views.py checks the list against the views' sources.
"""

from __future__ import annotations

import sys
from typing import Protocol, cast

__all__ = ["LangView", "VIEWS", "redraw"]


class LangView(Protocol):
    """A view module that redraws itself in the page's language."""

    def relang(self) -> None:
        """Redraw what the view shows in ``app.State.lang`` (also after another tab's write)."""


#: the views in the order they redraw: the ones page.py imports at start (in the order their modules
#: are loaded, as the hook list ran them), then the ones loaded later
VIEWS = ("dice.ui_dice", "roll.ui_odds", "roll.ui_roll", "l5r.ui_l5r", "l5r.ui_l5r_turn", "dice.ui_bands", "fair.ui_request", "roll.ui_who",
         "fair.ui_shared", "dice.ui_fate", "audit.ui_audit", "brs.ui_brs", "data.ui_data", "tragedia.ui_scene", "fair.ui_sealed")


def redraw(but: str = "") -> None:
    """Call ``relang()`` on every loaded view of :data:`VIEWS`, in order; ``but``: a view's module name
    left out (the one asking, which has redrawn itself)."""
    for name in VIEWS:
        view = sys.modules.get(name)
        if view is not None and name != but:
            cast(LangView, view).relang()
