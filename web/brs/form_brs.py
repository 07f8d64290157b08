"""Blood Red Sands' :class:`forms.Form` (pure; brs.md): no fieldset on the roll view and no roll links
(it rolls inside the Confrontation, web/brs/ui_brs.py), only its odds card."""

from __future__ import annotations

from odds_views import view_brs as odds_view

__all__ = ["FIELDSET", "FLOW", "SYSTEM", "odds_view"]

SYSTEM = "brs"
FIELDSET = False
FLOW = None
