"""Blood Red Sands' :class:`forms.Form` (pure; brs.md): no fieldset on the roll view and no roll links
(it rolls inside the Confrontation, web/brs/ui_brs.py), only its odds card and its sheet's inputs in "Mis datos" (web/brs/brs_sheet_view.py)."""

from __future__ import annotations

from brs.brs_sheet_view import sheet_fields_html
from roll.odds_views import view_brs as odds_view

__all__ = ["FIELDSET", "FLOW", "SYSTEM", "odds_view", "sheet_fields_html"]

SYSTEM = "brs"
FIELDSET = False
FLOW = None
