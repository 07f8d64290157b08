"""What was rolled, in each game's own notation: the line a result card and a forum snippet show
above the dice (issue #14: "4D+2B−1P +3 vs 9", "5d10, keep 3").

:func:`pool_text` reads only the request (never the result), so it says what was *asked*; the dice
and the outcome are the result's. Texts are Spanish (``"es"``, the official terms of the Spanish
editions) or English (any other ``lang``). Total on any JSON-like request: a value of the wrong type
is shown as it is (the request is validated by the rules, not here).

* SIFRP (sifrp.md §The test): ``"4D+2B−1P +3 vs 9"`` — test dice D (after extra time), bonus dice B
  (+1 bought with Destiny), penalty dice P, modifier, helpers, Difficulty.
* Generic (sifrp.md §The generic forum roll; docs/notation.md): ``"5d10, keep 3 +2 vs 15"`` /
  ``"5d10, guardas 3 +2 contra 15"``; exploding, keep lowest, several rolls joined by ``"; "``;
  arithmetic ``"(2d6 + 3) × 2"``, ``"(4d6, guardas 3) ÷ 2"``.
* L5R 5e (l5r5e.md §The check): ``"Ring 3 + Skill 1 vs TN 3"`` / ``"Anillo 3 + Habilidad 1 contra NO 3"``
  plus stance, Void point, helpers and advantages.
* Tragedia: ``"7 protagonist dice vs 6 adversary dice"``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..systems.registry import TableView, short_names

__all__ = ["GAME_NAMES", "pool_text"]

#: systems whose pool is shown without a game name (the generic roll: its notation says it all)
_UNNAMED = ("generic",)
#: system id → short game name shown before the pool: the registry's ``short_name`` (a view).
GAME_NAMES: Mapping[str, str] = TableView(lambda: {k: "" if k in _UNNAMED else v for k, v in short_names().items()})

_W = {
    "es": {"vs": "contra", "keep": "guardas", "successes": "éxitos con", "failures": "fallos con",
           "reroll": "repite", "reroll_once": "repite una vez", "lowest": "los más bajos", "exploding": "explosivos",
           "compounding": "explosivos acumulados", "penetrating": "explosivos penetrantes",
           "helpers": "ayudantes", "extra_time": "tiempo extra", "passive": "valor pasivo", "competition": "competición", "weapon": "daño del arma", "ring": "Anillo",
           "skill": "Habilidad", "tn": "NO", "stance": "actitud", "void": "punto de Vacío",
           "assist": ("ayudante", "ayudantes"), "protagonist": "dados del protagonista", "adversary": "dados del adversario",
           "auto": ("éxito automático", "éxitos automáticos"), "destiny": "Destino",
           "advantages": {"distinction": "ventaja", "adversity": "adversidad", "passion": "pasión",
                          "anxiety": "angustia", "compromised": "comprometido"},
           "stances": {"air": "Aire", "earth": "Tierra", "fire": "Fuego", "water": "Agua", "void": "Vacío"}},
    "en": {"vs": "vs", "keep": "keep", "successes": "successes on", "failures": "failures on",
           "reroll": "reroll", "reroll_once": "reroll once", "lowest": "lowest", "exploding": "exploding",
           "compounding": "compounding", "penetrating": "penetrating", "helpers": "helpers",
           "passive": "passive value", "competition": "competition",
           "extra_time": "extra time", "weapon": "weapon damage", "ring": "Ring", "skill": "Skill", "tn": "TN",
           "stance": "stance", "void": "Void point", "assist": ("helper", "helpers"), "protagonist": "protagonist dice",
           "adversary": "adversary dice", "auto": ("automatic success", "automatic successes"), "destiny": "Destiny",
           "advantages": {"distinction": "distinction", "adversity": "adversity", "passion": "passion",
                          "anxiety": "anxiety", "compromised": "compromised"},
           "stances": {"air": "Air", "earth": "Earth", "fire": "Fire", "water": "Water", "void": "Void"}},
}


def _words(lang: str) -> dict:
    return _W["es" if lang == "es" else "en"]


def _signed(value: Any) -> str:
    """`` +3`` / `` −2`` (a true minus sign) for a non-zero int, ``""`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value == 0:
        return ""
    return f" +{value}" if value > 0 else f" \u2212{-value}"


def _sifrp_dice(req: Mapping[str, Any], w: dict) -> str:
    """``4D+2B−1P +3 +helpers (2, 3) +extra time 1``: one character's dice in a SIFRP test."""
    d, b, p = req.get("test_dice", "?"), req.get("bonus_dice") or 0, req.get("penalty_dice") or 0
    if req.get("destiny_bonus") and isinstance(b, int):
        b += 1
    text = f"{d}D"
    if b:
        text += f"+{b}B"
    if p:
        text += f"\u2212{p}P"
    text += _signed(req.get("modifier"))
    helpers = req.get("helpers")
    if isinstance(helpers, list) and helpers:
        text += f" +{w['helpers']} ({', '.join(map(str, helpers))})"
    if req.get("extra_time"):
        text += f" +{w['extra_time']} {req['extra_time']}"
    return text


def _sifrp(req: Mapping[str, Any], w: dict) -> str:
    text = _sifrp_dice(req, w)
    rank = req.get("passive_rank")
    if isinstance(rank, int) and not isinstance(rank, bool):    # a conflict: 4 × the opponent's rank
        text += f" {w['vs']} {4 * rank} ({w['passive']} {rank}\u00d74)"
    else:
        text += f" {w['vs']} {req.get('difficulty', 9)}"
    rivals = req.get("rivals")
    if isinstance(rivals, list) and rivals:                      # a competition: each rival's dice
        names = [f"{x.get('name')} {_sifrp_dice(x, w)}" for x in rivals if isinstance(x, dict)]
        text += f"; {w['competition']}: {req.get('name')}, " + ", ".join(names)
    if req.get("weapon_damage") is not None:
        text += f", {w['weapon']} {req['weapon_damage']}"
    return text


def _generic_group(req: Mapping[str, Any], w: dict) -> str:
    dice, sides = req.get("dice", "?"), "F" if req.get("fate") else req.get("sides", "?")
    text = f"{dice}d{sides}"
    if req.get("explode"):
        kind = "compounding" if req.get("compound") else "penetrating" if req.get("penetrate") else "exploding"
        at = f" {_compare(req['explode_at'], sides)}" if req.get("explode_at") is not None else ""
        text += f"!{kind_mark(req)} ({w[kind]}{at})"
    keep = req.get("keep")
    if keep is not None and (keep != dice or req.get("keep_lowest")):
        text += f", {w['keep']} {keep}" + (f" {w['lowest']}" if req.get("keep_lowest") else "")
    if req.get("reroll") is not None:
        text += f", {w['reroll_once' if req.get('reroll_once') else 'reroll']} {_compare(req['reroll'], sides)}"
    for name in ("successes", "failures"):
        if req.get(name) is not None:
            text += f", {w[name]} {_compare(req[name], sides)}"
    return text


def kind_mark(req: Mapping[str, Any]) -> str:
    """What follows ``!`` for an explosion variant: ``"!"`` (compounding ``!!``), ``"p"`` (``!p``) or ``""``."""
    return "!" if req.get("compound") else "p" if req.get("penetrate") else ""


def _compare(faces: Any, sides: Any) -> str:
    """``[7, 10]`` on a d10 → ``"≥7"``, ``[1, 2]`` → ``"≤2"``, ``[3, 3]`` → ``"=3"``; anything else as it is."""
    if not (isinstance(faces, list) and len(faces) == 2 and all(type(v) is int for v in faces)):
        return str(faces)
    lo, hi = faces
    return f"={lo}" if lo == hi else f"\u2265{lo}" if type(sides) is int and hi == sides else \
        f"\u2264{hi}" if lo == 1 else str(faces)


def _expr_group(g: Mapping[str, Any], w: dict) -> str:
    text = _generic_group(g, w)
    return f"({text})" if " " in text else text


def _generic_one(req: Mapping[str, Any], w: dict) -> str:
    groups = req.get("groups")
    if "expr" in req:   # arithmetic: "(2d6 + 3) × 2", a group with words in parentheses
        from ..systems.notation.tree import expr_text

        text = expr_text(req["expr"], lambda g: _expr_group(g, w), {"+": " + ", "-": " \u2212 ", "*": " \u00d7 ", "/": " \u00f7 "})
    elif isinstance(groups, list):   # "1d8 + 1d6, keep 1 − 1d4": each group with its sign
        text = ""
        for i, g in enumerate(groups):
            g = g if isinstance(g, Mapping) else {}
            text += (" \u2212 " if g.get("subtract") else " + " if i else "") + _generic_group(g, w)
        text = text.lstrip()
    else:
        text = _generic_group(req, w)
    text += _signed(req.get("modifier"))
    if req.get("difficulty") is not None:
        text += f" {w['vs']} {req['difficulty']}"
    return text


def _generic(req: Mapping[str, Any], w: dict) -> str:
    rolls = req.get("rolls")
    if isinstance(rolls, list):   # several rolls, each named by its label: "ataque: 1d20 +5; daño: 2d6 +3"
        return "; ".join((f"{r['label']}: " if isinstance(r.get("label"), str) else "") + _generic_one(r, w)
                         if isinstance(r, Mapping) else "?" for r in rolls)
    return _generic_one(req, w)


def _l5r(req: Mapping[str, Any], w: dict) -> str:
    text = f"{w['ring']} {req.get('ring', '?')} + {w['skill']} {req.get('skill', 0)} {w['vs']} {w['tn']} {req.get('tn', '?')}"
    extras = []
    stance = req.get("stance")
    if isinstance(stance, str) and stance in w["stances"]:
        extras.append(f"{w['stance']} {w['stances'][stance]}" if w is _W["en"] else
                      f"{w['stance']} de {w['stances'][stance]}")
    helpers = (req.get("assist_skilled") or 0) + (req.get("assist_unskilled") or 0) \
        if all(isinstance(req.get(k) or 0, int) for k in ("assist_skilled", "assist_unskilled")) else 0
    if helpers:
        extras.append(f"{helpers} {w['assist'][helpers != 1]}")
    if req.get("void"):
        extras.append(w["void"])
    extras += [word for key, word in w["advantages"].items() if req.get(key)]
    return text + (f" ({', '.join(extras)})" if extras else "")


def _tragedia(req: Mapping[str, Any], w: dict) -> str:
    text = (f"{req.get('protagonist_dice', '?')} {w['protagonist']} {w['vs']} "
            f"{req.get('adversary_dice', '?')} {w['adversary']}")
    if req.get("auto_successes"):
        n = req["auto_successes"]
        text += f", {n} {w['auto'][n != 1]}"
    return text


_BUILDERS = {"sifrp": _sifrp, "generic": _generic, "l5r5e": _l5r, "tragedia": _tragedia}


def pool_text(request: Mapping[str, Any], lang: str = "es", with_game: bool = True) -> str:
    """The pool of ``request`` in its game's notation, e.g. ``"SIFRP 4D+2B−1P +3 vs 9"``.

    Args:
        request: a roll request (``system`` plus the system's fields; seed, label, faces ignored).
        lang: ``"es"`` or ``"en"``. with_game: prefix the game's short name (:data:`GAME_NAMES`).
    Returns:
        one line; for an unknown system, its id.
    """
    if not isinstance(request, Mapping):
        return "?"
    system = request.get("system")
    build = _BUILDERS.get(system) if isinstance(system, str) else None
    if build is None:   # a system without its own notation here: its short name from the registry
        return short_names().get(system, str(system)[:40]) if isinstance(system, str) else str(system)[:40]
    text = build(request, _words(lang))
    name = GAME_NAMES.get(str(system), "")
    return f"{name} {text}" if with_game and name else text
