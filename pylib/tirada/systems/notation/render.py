"""Dice notation, step 5 of 5: generic request parameters written back as notation (``5d10k3+2``),
for display (the form's Notation field, the shared view). Total on any JSON-like input."""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["compare_text", "format_group", "format_post", "format_roll"]

#: the reroll-until letters of each dialect (``ro`` reads "once" in all of them)
_UNTIL = {"roll20": "r", "foundry": "rr", "dicemaiden": "ir", "avrae": "rr"}


def _inclusive(faces: Any, sides: Any) -> str:
    """``[7, 10]`` → ``">=7"``, ``[1, 2]`` → ``"<=2"``, ``[3, 3]`` → ``"=3"``: read the same in every dialect."""
    text = compare_text(faces, sides)
    return text[0] + "=" + text[1:] if text[:1] in (">", "<") else text


def format_group(params: Mapping[str, Any], dialect: str | None = None) -> str:
    """One dice group's fields as notation (``{"dice": 4, "sides": 6, "keep": 3}`` → ``"4d6k3"``); total
    on any JSON-like input (display only). With a ``dialect`` (:data:`~.lexer.DIALECTS`) other than Roll20
    the text reads back the same in that dialect: compare points as ``>=N`` ``<=N`` ``=N``, keep as
    ``kh``/``kl``, the dialect's reroll-until letter (``rr``, ``ir``), ``ro`` for once, Foundry's ``cs``/``cf``."""
    roll20 = dialect in (None, "roll20")
    sides = params.get("sides")
    dice = params.get("dice", 1)

    def cmp(faces: Any, inclusive: bool = not roll20) -> str:
        return _inclusive(faces, sides) if inclusive else compare_text(faces, sides)

    text = f"{dice}d{'F' if params.get('fate') else params.get('sides', '?')}"
    if params.get("successes"):   # before "!": a compare point right after it is where it explodes
        text += ("cs" if dialect == "foundry" else "") + cmp(params["successes"])
    if params.get("explode"):     # xo (Foundry's explode once) is read in every dialect
        text += "xo" if params.get("explode_once") else \
            "!" + ("!" if params.get("compound") else "p" if params.get("penetrate") else "")
        text += cmp(params["explode_at"], not roll20 or bool(params.get("explode_once"))) if params.get("explode_at") else ""
    keep = params.get("keep")
    if keep is not None and (keep != dice or params.get("keep_lowest") or params.get("explode")):
        text += f"{'kl' if params.get('keep_lowest') else 'k' if roll20 else 'kh'}{keep}"
    text += _min_max(params)
    if params.get("reroll"):
        text += "ro" if params.get("reroll_once") else _UNTIL.get(dialect or "roll20", "r")
        text += "1" if roll20 and params["reroll"] == [1, 1] else cmp(params["reroll"])
    if params.get("failures"):
        text += "cf" if dialect == "foundry" else "f"
        text += "1" if roll20 and params["failures"] == [1, 1] else cmp(params["failures"])
    return text


def _min_max(params: Mapping[str, Any]) -> str:
    """``min2`` / ``max5`` (Foundry's letters, read in every dialect) for a minimum / maximum face."""
    return (f"min{params['min_face']}" if params.get("min_face") is not None else "") + \
        (f"max{params['max_face']}" if params.get("max_face") is not None else "")


def compare_text(faces: Any, sides: Any) -> str:
    """``[7, 10]`` on a d10 → ``">7"``, ``[1, 2]`` → ``"<2"``, ``[3, 3]`` → ``"=3"`` (for display:
    any other value is written as it is)."""
    if not (isinstance(faces, list) and len(faces) == 2):
        return f"={faces}"
    lo, hi = faces
    return f"={lo}" if lo == hi else f">{lo}" if hi == sides else f"<{hi}" if lo == 1 else f"={faces}"


def format_roll(params: Mapping[str, Any], dialect: str | None = None) -> str:
    """Generic parameters → notation: ``{"dice": 5, "sides": 10, "keep": 3, "modifier": 2}`` →
    ``"5d10k3+2"``; keep lowest → ``kl``; exploding → ``!``; several groups → ``"1d8+1d6-1d4+3"``.
    Total on any JSON-like input (a value of the wrong type is written as it is, for display only).
    ``dialect``: written to read back the same in it (:func:`format_group`)."""
    groups = params.get("groups")
    if "expr" in params:     # arithmetic: the tree with the fewest parentheses
        from .tree import expr_text
        from .words import digit_places

        digits = digit_places(params["expr"])
        if digits:           # d66, d666: written as typed
            return "d" + "6" * digits
        return expr_text(params["expr"], lambda g: format_group(g, dialect))
    if isinstance(groups, list):
        text = ""
        for i, g in enumerate(groups):
            g = g if isinstance(g, Mapping) else {}
            text += ("-" if g.get("subtract") else "+" if i else "") + format_group(g, dialect)
    else:
        text = format_group(params, dialect)
    modifier = params.get("modifier") or 0
    if isinstance(modifier, int) and modifier:
        text += f"{modifier:+d}"
    return text


def format_post(params: Mapping[str, Any], dialect: str | None = None) -> str:
    """:func:`format_roll` of one roll, or the rolls of ``{"rolls": [...]}`` joined by ``"; "``
    (``dialect``: written to read back the same in it)."""
    rolls = params.get("rolls")
    if isinstance(rolls, list):   # each with its label: "ataque: 1d20+5; daño: 2d6+3"
        return "; ".join((f"{r['label']}: " if isinstance(r.get("label"), str) else "") + format_roll(r, dialect)
                         if isinstance(r, Mapping) else "?" for r in rolls)
    return format_roll(params, dialect)
