"""Dice-notation dialects (issue 43; docs/notation.md §Dialects): the dialect selector, the reading in
words under the notation field, and the refusals ``err.notation.*`` the dialects add."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "generic.dialect": {"es": "Se escribe como en", "en": "Written as in"},
    "generic.words": {"es": "Se lee: {words}", "en": "Reads: {words}"},
    "result.clamped_from": {"es": "salió {face}", "en": "rolled {face}"},
    # refusals
    "err.notation.dialect": {"es": "el dialecto es uno de {known} (no «{got}»)",
                             "en": "the dialect is one of {known} (not “{got}”)"},
    "err.notation.digit_dice": {"es": "«{text}»: d66 es una tirada de cifras (un d6 por cifra); escribe «{reading}», "
                                      "o «{other}» para dados de 66 caras",
                                "en": "“{text}”: d66 is a digit roll (one d6 per digit); write “{reading}”, "
                                      "or “{other}” for 66-sided dice"},
    "err.notation.signed_die": {"es": "«{text}» al principio es de DiceMaiden («{reading}»: ventaja o desventaja, "
                                      "dado de bonificación o penalización); escribe «{reading}», o «{other}» para un "
                                      "solo dado, o elige el dialecto DiceMaiden",
                                "en": "“{text}” at the start is Dice Maiden's (“{reading}”: advantage or disadvantage, "
                                      "bonus or penalty die); write “{reading}”, or “{other}” for one die, or choose "
                                      "the Dice Maiden dialect"},
    "err.notation.set_or_dice": {"es": "«{text}»: ¿una tirada de varios dados o varias tiradas? escribe «{reading}» "
                                       "(una tirada) o «{other}» (varias tiradas de un dado)",
                                 "en": "“{text}”: one roll of several dice, or several rolls? write “{reading}” "
                                       "(one roll) or “{other}” (several rolls of one die)"},
}
STRINGS.update({
    "err.notation.dialect_option": {"es": "«{text}» no se lee así en {dialect}: escribe «{reading}» o elige otro dialecto",
                                    "en": "“{text}” is not read that way in {dialect}: write “{reading}” or choose another dialect"},
    "err.notation.no_faces": {"es": "«{text}» no nombra ninguna cara de un d{sides}",
                              "en": "“{text}” names no face of a d{sides}"},
    "err.notation.compare_total": {"es": "en {dialect} «{text}» compara el total: escribe la dificultad en «Dificultad», "
                                         "o cuenta éxitos en otro dialecto",
                                   "en": "in {dialect} “{text}” compares the total: write it in “Difficulty”, "
                                         "or count successes in the Roll20 dialect"},
})
STRINGS.update({
    "err.notation.alias": {"es": "«{text}» es un atajo de DiceMaiden para «{reading}»: elige ese dialecto o escríbelo entero",
                           "en": "“{text}” is a Dice Maiden alias for “{reading}”: choose that dialect or write it out"},
    "err.notation.comment": {"es": "«{text}» es un comentario de DiceMaiden: escribe «{reading}» (el nombre delante)",
                             "en": "“{text}” is a Dice Maiden comment: write “{reading}” (the name first)"},
    "err.notation.two_difficulties": {"es": "la notación pide «{text}» y «Dificultad» tiene {other}: deja uno",
                                      "en": "the notation says “{text}” and “Difficulty” says {other}: keep one"},
})
STRINGS.update({
    "err.notation.floor_inner": {"es": "«{text}» redondea una sola división: escribe algo como «{reading}»",
                                 "en": "“{text}” rounds one division: write something like “{reading}”"},
})
STRINGS.update({
    "err.notation.explode_once": {"es": "un dado que explota una vez ({text}) guarda todos los dados y no acumula ni "
                                        "penetra; «{reading}» explota sin límite",
                                  "en": "a die that explodes once ({text}) keeps every die and does not compound or "
                                        "penetrate; “{reading}” explodes without end"},
    "err.notation.min_max": {"es": "min/max cuentan un dado como al menos / como mucho un número: sin explosiones ni "
                                   "contar éxitos",
                             "en": "min/max count a die as at least / at most a number: without explosions or "
                                   "success counting"},
    "err.generic.explode_once": {"es": "explotar una vez va con explotar, sin acumular, penetrar ni guardar",
                                 "en": "exploding once goes with exploding, without compounding, penetrating or keep"},
    "err.generic.min_max": {"es": "el mínimo y el máximo de cara (mínimo ≤ máximo) van sin explosiones, éxitos ni dados Fate",
                            "en": "the minimum and maximum face (minimum ≤ maximum) go without explosions, successes "
                                  "or Fate dice"},
})
STRINGS.update({
    "err.notation.group_keep": {"es": "«{text}»: una tirada agrupada se queda con la mayor o la menor de sus tiradas: "
                                      "escribe «{reading}» o «{other}»",
                                "en": "“{text}”: a grouped roll keeps the higher or the lower of its rolls: "
                                      "write “{reading}” or “{other}”"},
})
STRINGS.update({
    "err.notation.cap": {"es": "«{text}»: un número antes de la condición limita cuántas veces (Foundry), y aquí no se "
                               "limita: escribe «{reading}…»",
                         "en": "“{text}”: a number before the condition caps how many times (Foundry), which is not "
                               "read here: write “{reading}…”"},
})
