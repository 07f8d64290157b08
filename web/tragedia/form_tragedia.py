"""Tragedia's :class:`forms.Form` (pure; tragedia.md): no fieldset on the roll view (its rolls are
made in the scene, web/tragedia/ui_scene.py), a roll link's card (web/tragedia/tragedia_result.py) and its odds card."""

from __future__ import annotations

from odds_views import view_tragedia as odds_view
from tragedia_result import render_result, summary

__all__ = ["FIELDSET", "FLOW", "SYSTEM", "odds_view", "render_result", "summary"]

SYSTEM = "tragedia"
FIELDSET = False
FLOW = None
