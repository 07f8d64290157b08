"""Pool wording as data (issue #25): one declarative template per system, read by the Python renderer
(:mod:`tirada.links.pool`) and by web/link-reader.mjs (through dist/generated.mjs, LINK_DATA.pool), so
the line a roll link's early preview shows and the engine's line cannot drift apart
(tests/test_link_reader.py compares them on every vector link, tests/test_pool_wording.py checks the
templates' shape).

A template is a list of nodes; each node is a string (said as it is) or a list ``[op, …]``:

* text: ``["show", V]`` (a value as Python's ``str``), ``["word", NAME]``, ``["word_of", GROUP, V]``
  (``WORDS[lang][GROUP][V]``), ``["plural", NAME, V]`` (the singular when V == 1), ``["signed", V]``
  (`` +3`` / `` −2``, empty for 0 or a non-int), ``["compare", V, SIDES]`` (``[7, 10]`` on a d10 →
  ``≥7``), ``["list", V]`` (items joined by ``", "``), ``["if", C, THEN, ELSE?]``, ``["ref", NAME]``
  (another template of the same system), ``["each", V, SEP, TEMPLATE, OTHER]`` (each mapping of a list
  in turn; an item that is no mapping is ``"skip"``-ped, read as ``"empty"`` or said as ``"?"``),
  ``["lstrip", TEMPLATE]``, ``["join", SEP, BEFORE, AFTER, ITEMS]`` (the non-empty items, plus the
  words of ``["words_if", GROUP]``: each word of GROUP whose key is true in the request), ``["expr", V,
  TEMPLATE]`` (an arithmetic tree, each dice group said by TEMPLATE, in parentheses if it has a space),
  ``["bands", V]`` (outcome bands after the pool, docs/notation.md §Bands: ", resultados: ≤6 Fallo / …";
  :func:`tirada.links.pool.band_parts`);
* values V: ``["get", KEY, DEFAULT?]``, ``["lit", X]``, ``["or", V, V]``, ``["times", N, V]``,
  ``["inc_if", V, C]`` (V + 1 when C holds and V is an int), ``["sum", KEY…]`` (the keys' values, 0 for
  a missing or false one, when all are ints, else 0), ``["pick", C, V, V]``;
* conditions C: ``["truthy", V]``, ``["int", V]``, ``["str", V]``, ``["list", V]`` (a non-empty list), ``["is_list", V]`` (any list),
  ``["not_none", V]``, ``["has", KEY]``, ``["differ", V, V]``, ``["word_in", GROUP, V]``,
  ``["lang", LANG]``, ``["first"]`` (the first item of an ``each``), ``["not", C]``, ``["and", C…]``,
  ``["or", C…]``.

Texts are Spanish (``"es"``, the official terms of the Spanish editions) or English (any other ``lang``).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..systems.registry import TableView, pool_wordings, short_names

__all__ = ["GAME_NAMES", "TEMPLATES", "WORDS"]

#: systems whose pool is shown without a game name (the generic roll: its notation says it all)
_UNNAMED = ("generic",)
#: system id → short game name shown before the pool: the registry's ``short_name`` (a view).
GAME_NAMES: Mapping[str, str] = TableView(lambda: {k: "" if k in _UNNAMED else v for k, v in short_names().items()})

#: the words of the templates, Spanish and English
WORDS: dict[str, dict[str, Any]] = {
    "es": {"vs": "contra", "bands": "resultados", "keep": "guardas", "successes": "éxitos con", "failures": "fallos con",
           "reroll": "repite", "reroll_once": "repite una vez", "lowest": "los más bajos", "exploding": "explosivos",
           "compounding": "explosivos acumulados", "penetrating": "explosivos penetrantes",
           "exploding_once": "explosivos una vez", "min_face": "mínimo", "max_face": "máximo",
           "helpers": "ayudantes", "extra_time": "tiempo extra", "passive": "valor pasivo", "competition": "competición", "weapon": "daño del arma", "ring": "Anillo",
           "skill": "Habilidad", "tn": "NO", "stance": "actitud", "void": "punto de Vacío",
           "assist": ("ayudante", "ayudantes"), "protagonist": "dados del protagonista", "adversary": "dados del adversario",
           "auto": ("éxito automático", "éxitos automáticos"), "destiny": "Destino",
           "advantages": {"distinction": "ventaja", "adversity": "adversidad", "passion": "pasión",
                          "anxiety": "angustia", "compromised": "comprometido"},
           "stances": {"air": "Aire", "earth": "Tierra", "fire": "Fuego", "water": "Agua", "void": "Vacío"},
           # whose notation a generic roll was typed in, when not Roll20's (issue 43, docs/notation.md §Dialects)
           "dialects": {"foundry": "notación de Foundry VTT", "dicemaiden": "notación de Dice Maiden",
                        "avrae": "notación de Avrae"}},
    "en": {"vs": "vs", "bands": "outcomes", "keep": "keep", "successes": "successes on", "failures": "failures on",
           "reroll": "reroll", "reroll_once": "reroll once", "lowest": "lowest", "exploding": "exploding",
           "compounding": "compounding", "penetrating": "penetrating", "helpers": "helpers",
           "exploding_once": "exploding once", "min_face": "minimum", "max_face": "maximum",
           "passive": "passive value", "competition": "competition",
           "extra_time": "extra time", "weapon": "weapon damage", "ring": "Ring", "skill": "Skill", "tn": "TN",
           "stance": "stance", "void": "Void point", "assist": ("helper", "helpers"), "protagonist": "protagonist dice",
           "adversary": "adversary dice", "auto": ("automatic success", "automatic successes"), "destiny": "Destiny",
           "advantages": {"distinction": "distinction", "adversity": "adversity", "passion": "passion",
                          "anxiety": "anxiety", "compromised": "compromised"},
           "stances": {"air": "Air", "earth": "Earth", "fire": "Fire", "water": "Water", "void": "Void"},
           "dialects": {"foundry": "Foundry VTT notation", "dicemaiden": "Dice Maiden notation",
                        "avrae": "Avrae notation"}},
}

_SIDES = ["pick", ["truthy", ["get", "fate"]], ["lit", "F"], ["get", "sides", "?"]]


def _get(key: str, *default) -> list:
    return ["get", key] + list(default)


def _if(key: str, *then) -> list:
    """``then`` when the request's ``key`` is true."""
    return ["if", ["truthy", _get(key)], list(then)]


#: system id → its templates ("main" is the pool line; the others are its parts, used by "ref")
TEMPLATES: dict = {
    # SIFRP (sifrp.md §The test): "4D+2B−1P +3 vs 9", a conflict "vs 12 (passive value 3×4)", a competition
    "sifrp": {
        "dice": [["show", _get("test_dice", "?")], "D",
                 ["if", ["truthy", ["inc_if", ["or", _get("bonus_dice"), ["lit", 0]], ["truthy", _get("destiny_bonus")]]],
                  ["+", ["show", ["inc_if", ["or", _get("bonus_dice"), ["lit", 0]], ["truthy", _get("destiny_bonus")]]], "B"]],
                 _if("penalty_dice", "\u2212", ["show", _get("penalty_dice")], "P"),
                 ["signed", _get("modifier")],
                 ["if", ["list", _get("helpers")], [" +", ["word", "helpers"], " (", ["list", _get("helpers")], ")"]],
                 _if("extra_time", " +", ["word", "extra_time"], " ", ["show", _get("extra_time")])],
        "main": [["ref", "dice"],
                 ["if", ["int", _get("passive_rank")],
                  [" ", ["word", "vs"], " ", ["show", ["times", 4, _get("passive_rank")]], " (", ["word", "passive"], " ",
                   ["show", _get("passive_rank")], "\u00d74)"],
                  [" ", ["word", "vs"], " ", ["show", _get("difficulty", 9)]]],
                 ["if", ["list", _get("rivals")],
                  ["; ", ["word", "competition"], ": ", ["show", _get("name")], ", ",
                   ["each", _get("rivals"), ", ", [["show", _get("name")], " ", ["ref", "dice"]], "skip"]]],
                 ["if", ["not_none", _get("weapon_damage")], [", ", ["word", "weapon"], " ", ["show", _get("weapon_damage")]]]],
    },
    # Generic (docs/notation.md): "5d10, keep 3 +2 vs 15", explosions, several groups, rolls, arithmetic
    "generic": {
        "group": [["show", _get("dice", "?")], "d", ["show", _SIDES],
                  ["if", ["truthy", _get("explode")],
                   ["!", ["if", ["truthy", _get("compound")], ["!"], [["if", ["truthy", _get("penetrate")], ["p"]]]],
                    " (", ["if", ["truthy", _get("compound")], [["word", "compounding"]],
                           [["if", ["truthy", _get("penetrate")], [["word", "penetrating"]],
                             [["if", ["truthy", _get("explode_once")], [["word", "exploding_once"]],
                               [["word", "exploding"]]]]]]],
                    ["if", ["not_none", _get("explode_at")], [" ", ["compare", _get("explode_at"), _SIDES]]], ")"]],
                  ["if", ["and", ["not_none", _get("keep")],
                          ["or", ["differ", _get("keep"), _get("dice", "?")], ["truthy", _get("keep_lowest")]]],
                   [", ", ["word", "keep"], " ", ["show", _get("keep")], _if("keep_lowest", " ", ["word", "lowest"])]],
                  ["if", ["not_none", _get("reroll")],
                   [", ", ["if", ["truthy", _get("reroll_once")], [["word", "reroll_once"]], [["word", "reroll"]]], " ",
                    ["compare", _get("reroll"), _SIDES]]],
                  ["if", ["not_none", _get("min_face")], [", ", ["word", "min_face"], " ", ["show", _get("min_face")]]],
                  ["if", ["not_none", _get("max_face")], [", ", ["word", "max_face"], " ", ["show", _get("max_face")]]],
                  ["if", ["not_none", _get("successes")], [", ", ["word", "successes"], " ", ["compare", _get("successes"), _SIDES]]],
                  ["if", ["not_none", _get("failures")], [", ", ["word", "failures"], " ", ["compare", _get("failures"), _SIDES]]]],
        "one": [["if", ["has", "expr"], [["expr", _get("expr"), [["ref", "group"]]]],
                 [["if", ["is_list", _get("groups")],
                   [["lstrip", [["each", _get("groups"), "",
                                 [["if", ["truthy", _get("subtract")], [" \u2212 "], [["if", ["not", ["first"]], [" + "]]]],
                                  ["ref", "group"]], "empty"]]]],
                   [["ref", "group"]]]]],
                ["signed", _get("modifier")],
                ["if", ["not_none", _get("difficulty")], [" ", ["word", "vs"], " ", ["show", _get("difficulty")]]],
                ["bands", _get("bands")]],
        "main": [["if", ["is_list", _get("rolls")],
                  [["each", _get("rolls"), "; ",
                    [["if", ["str", _get("label")], [["show", _get("label")], ": "]], ["ref", "one"]], "?"]],
                  [["ref", "one"]]],
                 ["if", ["word_in", "dialects", _get("dialect")], [" (", ["word_of", "dialects", _get("dialect")], ")"]]],
    },
    # L5R 5e (l5r5e.md §The check): "Ring 3 + Skill 1 vs TN 3 (stance Fire, 2 helpers, Void point, distinction)"
    "l5r5e": {
        "main": [["word", "ring"], " ", ["show", _get("ring", "?")], " + ", ["word", "skill"], " ",
                 ["show", _get("skill", 0)], " ", ["word", "vs"], " ", ["word", "tn"], " ", ["show", _get("tn", "?")],
                 ["join", ", ", " (", ")", [
                     ["if", ["word_in", "stances", _get("stance")],
                      [["word", "stance"], ["if", ["lang", "es"], [" de "], [" "]], ["word_of", "stances", _get("stance")]]],
                     ["if", ["truthy", ["sum", "assist_skilled", "assist_unskilled"]],
                      [["show", ["sum", "assist_skilled", "assist_unskilled"]], " ",
                       ["plural", "assist", ["sum", "assist_skilled", "assist_unskilled"]]]],
                     _if("void", ["word", "void"]),
                     ["words_if", "advantages"]]]],
    },
    # Tragedia: "7 protagonist dice vs 6 adversary dice, 1 automatic success"
    "tragedia": {
        "main": [["show", _get("protagonist_dice", "?")], " ", ["word", "protagonist"], " ", ["word", "vs"], " ",
                 ["show", _get("adversary_dice", "?")], " ", ["word", "adversary"],
                 _if("auto_successes", ", ", ["show", _get("auto_successes")], " ",
                     ["plural", "auto", _get("auto_successes")])],
    },
}


def _add_system_wordings() -> None:
    """Add the pool wording a system package declares (its registry entry's ``pool``: templates and
    words, the words' names prefixed with its id) to :data:`TEMPLATES` and :data:`WORDS`, so a system
    added as a package edits nothing here (docs/architecture.md §Adding a roll system)."""
    for system, wording in pool_wordings().items():
        TEMPLATES.setdefault(system, wording["templates"])
        for lang in ("es", "en"):
            WORDS[lang].update(wording["words"][lang])


_add_system_wordings()
