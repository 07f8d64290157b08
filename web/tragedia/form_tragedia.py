"""Tragedia's :class:`forms.Form` (pure; tragedia.md): no fieldset on the roll view (its rolls are
made in the scene, web/tragedia/ui_scene.py), a roll link's card (web/tragedia/tragedia_result.py) and its odds card, and its sheet's inputs in "Mis datos"."""

from __future__ import annotations

from typing import Any, Mapping

from roll.odds_views import view_tragedia as odds_view
from shell.render import esc
from roll.sheet_inputs import number, text
from shell.strings import t
from tragedia.tragedia_result import render_result, summary
from tragedia.tragedia_sheet_form import FIELDS, LONG

__all__ = ["FIELDSET", "FLOW", "SYSTEM", "odds_view", "render_result", "sheet_fields_html", "summary"]

SYSTEM = "tragedia"
FIELDSET = False
FLOW = None


def sheet_fields_html(form: Mapping[str, Any], lang: str) -> str:
    """The Tragedia sheet editor's inputs in "Mis datos" (the scene view's sheets card draws its own):
    every field of web/tragedia/tragedia_sheet_form.py ``FIELDS`` but the name; ``form``: its ``to_form`` texts."""
    parts = []
    for f in FIELDS:
        if f == "name":
            continue
        label = t(f"data.trag.{f}", lang)
        if f in ("tragedy", "destiny", "victories"):
            parts.append(number(f, label, form.get(f, "0"), 0, 999))
        else:
            parts.append(text(f, label, form.get(f, ""), long=f in LONG))
    return f'<p class="meta">{esc(t("data.trag.help", lang))}</p><div class="grid">{"".join(parts)}</div>'
