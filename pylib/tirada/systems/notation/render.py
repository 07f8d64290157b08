"""Dice notation, step 5 of 5: generic request parameters written back as notation (``5d10k3+2``),
for display (the form's Notation field, the shared view). Total on any JSON-like input."""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["compare_text", "format_group", "format_post", "format_roll"]

def format_group(params: Mapping[str, Any]) -> str:
    """One dice group's fields as notation (``{"dice": 4, "sides": 6, "keep": 3}`` → ``"4d6k3"``); total
    on any JSON-like input (display only)."""
    dice, sides = params.get("dice", 1), "F" if params.get("fate") else params.get("sides", "?")
    text = f"{dice}d{sides}"
    if params.get("successes"):   # before "!": a compare point right after it is where it explodes
        text += compare_text(params.get("successes"), params.get("sides"))
    if params.get("explode"):
        text += "!" + ("!" if params.get("compound") else "p" if params.get("penetrate") else "")
        text += compare_text(params["explode_at"], params.get("sides")) if params.get("explode_at") else ""
    keep = params.get("keep")
    if keep is not None and (keep != dice or params.get("keep_lowest") or params.get("explode")):
        text += f"{'kl' if params.get('keep_lowest') else 'k'}{keep}"
    if params.get("reroll"):
        once = "ro" if params.get("reroll_once") else "r"
        text += f"{once}1" if params.get("reroll") == [1, 1] else once + compare_text(params.get("reroll"), params.get("sides"))
    if params.get("failures"):
        text += "f1" if params.get("failures") == [1, 1] else "f" + compare_text(params.get("failures"), params.get("sides"))
    return text


def compare_text(faces: Any, sides: Any) -> str:
    """``[7, 10]`` on a d10 → ``">7"``, ``[1, 2]`` → ``"<2"``, ``[3, 3]`` → ``"=3"`` (for display:
    any other value is written as it is)."""
    if not (isinstance(faces, list) and len(faces) == 2):
        return f"={faces}"
    lo, hi = faces
    return f"={lo}" if lo == hi else f">{lo}" if hi == sides else f"<{hi}" if lo == 1 else f"={faces}"


def format_roll(params: Mapping[str, Any]) -> str:
    """Generic parameters → notation: ``{"dice": 5, "sides": 10, "keep": 3, "modifier": 2}`` →
    ``"5d10k3+2"``; keep lowest → ``kl``; exploding → ``!``; several groups → ``"1d8+1d6-1d4+3"``.
    Total on any JSON-like input (a value of the wrong type is written as it is, for display only)."""
    groups = params.get("groups")
    if "expr" in params:     # arithmetic: the tree with the fewest parentheses
        from .tree import expr_text

        return expr_text(params["expr"], lambda g: format_group(g))
    if isinstance(groups, list):
        text = ""
        for i, g in enumerate(groups):
            g = g if isinstance(g, Mapping) else {}
            text += ("-" if g.get("subtract") else "+" if i else "") + format_group(g)
    else:
        text = format_group(params)
    modifier = params.get("modifier") or 0
    if isinstance(modifier, int) and modifier:
        text += f"{modifier:+d}"
    return text


def format_post(params: Mapping[str, Any]) -> str:
    """:func:`format_roll` of one roll, or the rolls of ``{"rolls": [...]}`` joined by ``"; "``."""
    rolls = params.get("rolls")
    if isinstance(rolls, list):   # each with its label: "ataque: 1d20+5; daño: 2d6+3"
        return "; ".join((f"{r['label']}: " if isinstance(r.get("label"), str) else "") + format_roll(r)
                         if isinstance(r, Mapping) else "?" for r in rolls)
    return format_roll(params)
