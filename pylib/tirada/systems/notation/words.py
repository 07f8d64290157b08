"""A roll's fields said in plain words, Spanish or English (issue 43; docs/notation.md §Dialects):
``{"dice": 2, "sides": 6, "reroll": [1, 2], "reroll_once": True}`` → "2d6, se repite una vez cada dado
menor que 3, se suman". It reads the generic fields (what a link carries), so it says what is rolled
whatever the dialect the text was typed in; :func:`dialect_words` names that dialect. Total on any
JSON-like input (display only: a value of the wrong type is written as it is).
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["DIALECT_NAMES", "dialect_words", "digit_places", "group_words", "post_words", "roll_words"]

#: each dialect's name as a player knows it (the same in both languages)
DIALECT_NAMES = {"roll20": "Roll20", "foundry": "Foundry VTT", "dicemaiden": "Dice Maiden", "avrae": "Avrae"}

_W = {
    "es": {"sum": "se suman", "keep_high": "se suman los {n} más altos", "keep_low": "se suman los {n} más bajos",
           "keep_high1": "se queda el más alto", "keep_low1": "se queda el más bajo",
           "reroll_once": "se repite una vez cada dado {faces}", "reroll": "se repite cada dado {faces} hasta que no lo sea",
           "explode": "cada dado {faces} explota (añade otro dado, que puede volver a explotar)",
           "explode_once": "cada dado {faces} explota una vez (añade otro dado, que no explota)",
           "min_face": "cada dado cuenta como mínimo {n}", "max_face": "cada dado cuenta como máximo {n}",
           "compound": "cada dado {faces} explota sumando en el mismo dado",
           "penetrate": "cada dado {faces} explota y cada dado extra cuenta uno menos",
           "successes": "se cuenta un éxito por dado {faces}", "failures": "y se resta uno por dado {faces}",
           "eq": "igual a {n}", "ge": "de {n} o más", "lt": "menor que {n}", "range": "de {lo} a {hi}",
           "max": "el mayor de [{items}]", "min": "el menor de [{items}]",
           "fate": "{n}dF (caras −1, 0, +1)", "plus": "más", "minus": "menos", "roll_set": "{n} tiradas de: {roll}",
           "dialect": "leído como {name}", "versus": "contra {n}", "digits": "d{digits}: un d6 por cifra ({lo}–{hi})"},
    "en": {"sum": "added up", "keep_high": "the {n} highest added up", "keep_low": "the {n} lowest added up",
           "keep_high1": "the highest kept", "keep_low1": "the lowest kept",
           "reroll_once": "each die {faces} rerolled once", "reroll": "each die {faces} rerolled until it is not",
           "explode": "each die {faces} explodes (adds another die, which may explode again)",
           "explode_once": "each die {faces} explodes once (adds another die, which does not explode)",
           "min_face": "each die counts at least {n}", "max_face": "each die counts at most {n}",
           "compound": "each die {faces} explodes into the same die",
           "penetrate": "each die {faces} explodes and each extra die counts one less",
           "successes": "one success per die {faces}", "failures": "minus one per die {faces}",
           "eq": "showing {n}", "ge": "showing {n} or more", "lt": "below {n}", "range": "showing {lo} to {hi}",
           "max": "the higher of [{items}]", "min": "the lower of [{items}]",
           "fate": "{n}dF (faces −1, 0, +1)", "plus": "plus", "minus": "minus", "roll_set": "{n} rolls of: {roll}",
           "dialect": "read as {name}", "versus": "vs {n}", "digits": "d{digits}: one d6 per digit ({lo}–{hi})"},
}


def _faces(faces: Any, sides: Any, w: dict) -> str:
    """``[lo, hi]`` said: "igual a 6", "de 7 o más", "menor que 3", "de 2 a 4"."""
    if not (isinstance(faces, list) and len(faces) == 2):
        return str(faces)
    lo, hi = faces
    if lo == hi:
        return w["eq"].format(n=lo)
    if hi == sides:
        return w["ge"].format(n=lo)
    if lo == 1 and isinstance(hi, int):
        return w["lt"].format(n=hi + 1)
    return w["range"].format(lo=lo, hi=hi)


def group_words(g: Mapping[str, Any], lang: str = "es") -> str:
    """One dice group's fields said: its dice, then what is done to them in the order the roll does it."""
    w = _W["es" if lang == "es" else "en"]
    dice, sides = g.get("dice", 1), g.get("sides")
    parts = [w["fate"].format(n=dice) if g.get("fate") else f"{dice}d{sides}"]
    if g.get("reroll"):
        parts.append(w["reroll_once" if g.get("reroll_once") else "reroll"].format(faces=_faces(g["reroll"], sides, w)))
    if g.get("explode"):
        at = g.get("explode_at") or [sides, sides]
        kind = "compound" if g.get("compound") else "penetrate" if g.get("penetrate") else \
            "explode_once" if g.get("explode_once") else "explode"
        parts.append(w[kind].format(faces=_faces(at, sides, w)))
    for bound in ("min_face", "max_face"):
        if isinstance(g.get(bound), int):
            parts.append(w[bound].format(n=g[bound]))
    if g.get("successes"):
        said = w["successes"].format(faces=_faces(g["successes"], sides, w))
        if g.get("failures"):
            said += " " + w["failures"].format(faces=_faces(g["failures"], sides, w))
        parts.append(said)
        return ", ".join(parts)
    keep = g.get("keep")
    if isinstance(keep, int) and (keep != dice or g.get("keep_lowest") or g.get("explode")) and not (
            keep == dice and not g.get("explode")):
        low = bool(g.get("keep_lowest"))
        key = ("keep_low" if low else "keep_high") + ("1" if keep == 1 else "")
        parts.append(w[key].format(n=keep))
    elif dice != 1 or len(parts) > 1:
        parts.append(w["sum"])
    return ", ".join(parts)


def digit_places(tree: Any) -> int:
    """How many d6 digits ``tree`` is (``d66`` → 2, ``d666`` → 3), or 0 when it is not digit dice."""
    d6 = {"dice": 1, "sides": 6}
    n, node = 1, tree
    while isinstance(node, list) and node[0] == "+" and node[2] == d6:
        left = node[1]
        if left == ["*", d6, 10 ** n]:
            return n + 1
        if not (isinstance(left, list) and left[0] == "+" and left[2] == ["*", d6, 10 ** n]):
            return 0
        n, node = n + 1, ["+", left[1], d6]
    return 0


def roll_words(params: Mapping[str, Any], lang: str = "es") -> str:
    """One roll's fields (one group, ``groups``, or ``expr``) said, with its difficulty ("contra 15");
    its label, if any, is not said here."""
    said = _roll_words(params, lang)
    difficulty = params.get("difficulty")
    if isinstance(difficulty, int) and not isinstance(difficulty, bool):
        said += " " + _W["es" if lang == "es" else "en"]["versus"].format(n=difficulty)
    return said


def _roll_words(params: Mapping[str, Any], lang: str) -> str:
    w = _W["es" if lang == "es" else "en"]
    if "expr" in params:
        from .tree import expr_text

        digits = digit_places(params["expr"])
        if digits:
            return w["digits"].format(digits="6" * digits, lo="1" * digits, hi="6" * digits)
        return expr_text(params["expr"], lambda g: (lambda said: f"({said})" if "," in said else said)(group_words(g, lang)),
                         {"+": " + ", "-": " − ", "*": " × ", "/": " ÷ ", "max": w["max"], "min": w["min"]})
    groups = params.get("groups")
    if isinstance(groups, list):
        said = ""
        for i, g in enumerate(groups):
            g = g if isinstance(g, Mapping) else {}
            sign = w["minus"] if g.get("subtract") else w["plus"] if i else ""
            one = group_words(g, lang)
            said += (f" {sign} " if i else (f"{sign} " if sign else "")) + (f"({one})" if "," in one else one)
    else:
        said = group_words(params, lang)
    modifier = params.get("modifier") or 0
    if isinstance(modifier, int) and modifier:
        said = f"({said})" if "," in said and not isinstance(groups, list) else said
        said += f" {w['plus'] if modifier > 0 else w['minus']} {abs(modifier)}"
    return said


def post_words(params: Mapping[str, Any], lang: str = "es") -> list:
    """Each roll of a post said (``label: …`` when it has one); a roll set of equal rolls said once
    ("6 tiradas de: 4d6, se suman 3 más altos")."""
    rolls = params.get("rolls")
    if not isinstance(rolls, list):
        return [(f"{params['label']}: " if isinstance(params.get("label"), str) else "") + roll_words(params, lang)]
    if len(rolls) > 1 and all(r == rolls[0] for r in rolls) and isinstance(rolls[0], Mapping):
        one = rolls[0]
        said = roll_words({k: v for k, v in one.items() if k != "label"}, lang)
        label = f"{one['label']}: " if isinstance(one.get("label"), str) else ""
        return [label + _W["es" if lang == "es" else "en"]["roll_set"].format(n=len(rolls), roll=said)]
    return [(f"{r['label']}: " if isinstance(r.get("label"), str) else "")
            + roll_words({k: v for k, v in r.items() if k != "label"}, lang) if isinstance(r, Mapping) else "?"
            for r in rolls]


def dialect_words(dialect: str, lang: str = "es") -> str:
    """"leído como Foundry VTT" / "read as Foundry VTT"."""
    return _W["es" if lang == "es" else "en"]["dialect"].format(name=DIALECT_NAMES.get(dialect, str(dialect)))
