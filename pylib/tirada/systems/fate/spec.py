"""Fate's entry in the system registry, its pool line and its page words: what the rest of Tirada reads of
the system, declared by the system itself (found by :func:`tirada.systems.registry.declared_packages`,
so adding Fate edited no file of the engine, the page's catalogs or the link wording).

* :data:`SPEC` — the registry entry (link code 4, forever; its link tables are append only).
* :data:`POOL` — the pool line of a Fate request («4dF +3 contra +2», «4dF +1 contra oposición +2»), in
  the language of :mod:`tirada.links.pool_wording` (read by web/link-reader.mjs too).
* :data:`STRINGS` — the page's words of the system: its name, its fields, its result and odds card,
  its error codes (merged into web/shell/strings.py's catalog).
"""

from __future__ import annotations

from ..registry import SystemSpec
from . import LADDER, signed

__all__ = ["POOL", "SPEC", "STRINGS", "ladder_key"]

SPEC = SystemSpec(
    id="fate", short_name="Fate", roll="tirada.systems.fate", odds="tirada.systems.fate.odds:fate_odds", code=4,
    param_keys=("skill", "difficulty", "opposition", "invokes"),
    param_texts=("+2", "reroll"),
    decisions=("invokes",),                            # decided after seeing the dice: never in a sealed roll
    growing=("invokes",),                              # one invocation at a time, each after the dice it answers
    blind="tirada.systems.fate:blind_decisions",       # a sealed roll invokes nothing
    rated="tirada.systems.fate:rated_roll",            # the first four dice + skill, before any invocation
    words="tirada.systems.fate:outcome_words",
    pool="tirada.systems.fate.spec:POOL",
    strings="tirada.systems.fate.spec:STRINGS",
    snippet="tirada.systems.fate:snippet_lines",
    form="dice.form_fate",                             # its page Form (web/dice/form_fate.py)
)


def _get(key: str) -> list:
    return ["get", key]


POOL = {
    "templates": {
        "main": ["4dF", ["signed", ["or", _get("skill"), ["lit", 0]]],
                 ["if", ["int", _get("difficulty")],
                  [" ", ["word", "fate_vs"],
                   ["if", ["truthy", _get("difficulty")], [["signed", _get("difficulty")]], [" 0"]]]],
                 ["if", ["int", _get("opposition")],
                  [" ", ["word", "fate_vs"], " ", ["word", "fate_opposition"],
                   ["if", ["truthy", _get("opposition")], [["signed", _get("opposition")]], [" 0"]]]],
                 ["if", ["list", _get("invokes")], [", ", ["word", "fate_invoked"]]]],
    },
    "words": {"es": {"fate_vs": "contra", "fate_opposition": "oposición", "fate_invoked": "con invocaciones"},
              "en": {"fate_vs": "vs", "fate_opposition": "opposition", "fate_invoked": "with invocations"}},
}

STRINGS = {
    "system.fate": {"es": "Fate (Básico y Acelerado)", "en": "Fate (Core and Accelerated)"},
    "fate.skill": {"es": "Habilidad o enfoque", "en": "Skill or approach"},
    "fate.skill_help": {"es": "Su valor en la escalera: Bueno es +2, Grande +3…",
                        "en": "Its rating on the ladder: Fair is +2, Good +3…"},
    "fate.difficulty": {"es": "Dificultad", "en": "Difficulty"},
    "fate.opposition": {"es": "Oposición (también tira)", "en": "Opposition (it rolls too)"},
    "fate.none": {"es": "Ninguna", "en": "None"},
    "fate.opposition_dice": {"es": "Oposición {rating}: {dice} = {total}",
                             "en": "Opposition {rating}: {dice} = {total}"},
    "fate.invoked": {"es": "Invocaciones: {list}", "en": "Invocations: {list}"},
    "fate.invoke.+2": {"es": "+2", "en": "+2"},
    "fate.invoke.reroll": {"es": "volver a tirar", "en": "reroll"},
    "fate.decide_help": {"es": "Ya ves los dados. Puedes invocar aspectos (cada invocación gasta un punto de destino) "
                                "y, cuando quieras, aceptar la tirada.",
                          "en": "The dice are shown. You may invoke aspects (each invocation spends a fate point) and, "
                                "when you wish, accept the roll."},
    "fate.invoke_plus2": {"es": "Invocar un aspecto: +2", "en": "Invoke an aspect: +2"},
    "fate.invoke_reroll": {"es": "Volver a tirar (invocación)", "en": "Reroll (invocation)"},
    "fate.accept": {"es": "Aceptar", "en": "Accept"},
    "fate.deciding": {"es": "Aplicando la invocación…", "en": "Applying the invocation…"},
    "fate.invokes_full": {"es": "Ya van {n} invocaciones, el máximo de una tirada: acepta la tirada.",
                          "en": "That is {n} invocations, the most a roll takes: accept the roll."},
    "fate.refused": {"es": "No se pudo: {message}", "en": "Not possible: {message}"},
    "odds.fate.outcomes": {"es": "Resultados posibles", "en": "Possible outcomes"},
    "odds.mark.fate_success": {"es": "← éxito: supera tu dificultad", "en": "← success: beats your difficulty"},
    "err.fate.both_targets": {"es": "una tirada va contra una dificultad o contra una oposición, no las dos",
                              "en": "a roll is against a difficulty or an opposition, not both"},
    "err.fate.reroll_needs_fresh": {"es": "volver a tirar saca dados después de decidir: necesita dados nuevos "
                                          "(una tirada con juego limpio, formato 2)",
                                    "en": "a reroll draws dice after a decision: it needs fresh dice (a fair-play, "
                                          "format-2 roll)"},
    "err.fate.invokes": {"es": "las invocaciones son una lista de como mucho {n}, cada una «+2» o «reroll»",
                         "en": "invocations are a list of at most {n}, each \"+2\" or \"reroll\""},
}


def ladder_key(value: int) -> str:
    """The catalog key of a ladder step's name (``fate.ladder.p2``, ``fate.ladder.0``, ``fate.ladder.m1``)."""
    return "fate.ladder." + ("p" if value > 0 else "m" if value < 0 else "") + str(abs(value))


#: each step of the ladder as the selects show it («+2 Bueno» / «+2 Fair»)
STRINGS.update({ladder_key(v): {"es": f"{signed(v)} {es}", "en": f"{signed(v)} {en}"} for v, (es, en) in LADDER.items()})
