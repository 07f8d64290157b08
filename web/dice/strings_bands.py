"""Outcome bands and their presets (issue 28 item 4; docs/notation.md §Bands): the generic form's
bands control, the card's outcome, the odds per band, and the refusals ``err.bands.*``."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    # the generic form's control
    "bands.legend": {"es": "Resultados con nombre", "en": "Named outcomes"},
    "bands.preset": {"es": "Juego", "en": "Game"},
    "bands.preset.none": {"es": "Sin nombres", "en": "No names"},
    "bands.preset.custom": {"es": "Personalizados", "en": "Custom"},
    "bands.preset.pbta": {"es": "PbtA: 2d6 + atributo", "en": "PbtA: 2d6 + stat"},
    "bands.preset.dnd": {"es": "D&D 5e: d20 contra CD", "en": "D&D 5e: d20 vs DC"},
    "bands.preset.dnd_adv": {"es": "D&D 5e: con ventaja", "en": "D&D 5e: with advantage"},
    "bands.preset.dnd_dis": {"es": "D&D 5e: con desventaja", "en": "D&D 5e: with disadvantage"},
    "bands.preset.coc": {"es": "La llamada de Cthulhu: d100 bajo habilidad", "en": "Call of Cthulhu: d100 under skill"},
    "bands.preset.fate": {"es": "Fate: 4dF + habilidad (escala)", "en": "Fate: 4dF + skill (ladder)"},
    "bands.preset.wod": {"es": "Vampiro / Mundo de Tinieblas: reserva de d10", "en": "Vampire / World of Darkness: d10 pool"},
    "bands.value.pbta": {"es": "Atributo", "en": "Stat"},
    "bands.value.dnd": {"es": "Modificador", "en": "Modifier"},
    "bands.value.coc": {"es": "Habilidad (%)", "en": "Skill (%)"},
    "bands.value.fate": {"es": "Habilidad", "en": "Skill"},
    "bands.value.wod": {"es": "Reserva (dados)", "en": "Pool (dice)"},
    "bands.versus.dnd": {"es": "CD", "en": "DC"},
    "bands.versus.coc": {"es": "Dados de bonificación (+) o penalización (−)", "en": "Bonus (+) or penalty (−) dice"},
    "bands.versus.wod": {"es": "Dificultad", "en": "Difficulty"},
    "bands.text": {"es": "Nombres por total", "en": "Names by total"},
    "bands.text_hint": {"es": "Ejemplo: «≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito». La primera banda incluye todo lo de "
                                "debajo y la última todo lo de encima.",
                        "en": "Example: “≤6 Miss / 7–9 Partial success / ≥10 Full success”. The first band takes every "
                              "total below it and the last every total above it."},
    # the card and the odds card
    "bands.outcome": {"es": "Resultado", "en": "Outcome"},
    "bands.odds_title": {"es": "Probabilidad de cada resultado", "en": "Odds of each outcome"},
    "bands.odds_band": {"es": "Resultado", "en": "Outcome"},
    "bands.odds_totals": {"es": "Totales", "en": "Totals"},
    # refusals (tirada.systems.bands, tirada.systems.band_presets)
    "err.bands.label": {"es": ("el nombre de un resultado («{text}») tiene de 1 a {n} carácter visible, sin «/»",
                               "el nombre de un resultado («{text}») tiene de 1 a {n} caracteres visibles, sin «/»"),
                        "en": ("an outcome's name (“{text}”) has 1 to {n} visible character, no “/”",
                               "an outcome's name (“{text}”) has 1 to {n} visible characters, no “/”")},
    "err.bands.count": {"es": ("hacen falta de 2 a {n} resultado", "hacen falta de 2 a {n} resultados"),
                        "en": ("2 to {n} outcome are needed", "2 to {n} outcomes are needed")},
    "err.bands.edge": {"es": ("el límite de un resultado es un número entero entre −{n} y {n}",
                              "el límite de un resultado es un número entero entre −{n} y {n}"),
                       "en": ("an outcome's edge is a whole number from −{n} to {n}",
                              "an outcome's edge is a whole number from −{n} to {n}")},
    "err.bands.overlap": {"es": "dos resultados nombran los mismos totales ({a} a {b}): cada total tiene un solo nombre",
                          "en": "two outcomes name the same totals ({a} to {b}): each total has one name"},
    "err.bands.gap": {"es": "los totales {a} a {b} se quedan sin nombre: cada resultado empieza justo después del anterior",
                      "en": "the totals {a} to {b} have no name: each outcome starts right after the previous one"},
    "err.bands.reversed": {"es": "«{a}–{b}»: escribe primero el total más bajo", "en": "“{a}–{b}”: write the lowest total first"},
    "err.bands.open_middle": {"es": "«{text}»: solo el primer resultado puede ser «≤» y solo el último «≥»",
                              "en": "“{text}”: only the first outcome may be “≤” and only the last “≥”"},
    "err.bands.unreadable": {"es": "«{text}»: cada resultado son sus totales y su nombre, como «7–9 Éxito parcial»",
                             "en": "“{text}”: each outcome is its totals and its name, as in “7–9 Partial success”"},
    "err.bands.empty": {"es": "no hay resultados escritos", "en": "no outcomes were written"},
    "err.bands.too_long": {"es": ("como mucho {n} carácter de resultados", "como mucho {n} caracteres de resultados"),
                           "en": ("at most {n} character of outcomes", "at most {n} characters of outcomes")},
    "err.bands.shape": {"es": "los resultados con nombre del enlace están mal formados", "en": "the link's named outcomes are malformed"},
    "err.bands.version": {"es": "estos resultados con nombre son de una versión más nueva de Tirada (versión {v})",
                          "en": "these named outcomes come from a newer Tirada (version {v})"},
    "err.bands.several_rolls": {"es": "los resultados con nombre son para una sola tirada, no para varias",
                                "en": "named outcomes are for a single roll, not for several"},
    # a generic character's saved rolls (tirada.sheets.generic)
    "data.sys.generic": {"es": "Otro juego (tirada genérica)", "en": "Another game (generic roll)"},
    "data.generic.help": {"es": "Una tirada por línea: «nombre: notación | resultados», p. ej. «Actuar bajo presión: 2d6+1 | "
                                "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito». Los resultados son opcionales.",
                          "en": "One roll per line: “name: notation | outcomes”, e.g. “Act under pressure: 2d6+1 | "
                                "≤6 Miss / 7–9 Partial success / ≥10 Full success”. Outcomes are optional."},
    "data.generic.rolls": {"es": "Tiradas guardadas", "en": "Saved rolls"},
    "data.generic.roll": {"es": "Tirada guardada", "en": "Saved roll"},
    "data.generic.no_rolls": {"es": "Esta ficha aún no tiene tiradas guardadas: escribe una en «Tiradas guardadas», "
                                    "abajo, y pulsa «Tirar con esta ficha».",
                              "en": "This sheet has no saved rolls yet: write one in “Saved rolls”, below, and press "
                                    "“Roll with this sheet”."},
    "err.sheet.roll_name": {"es": "el nombre de una tirada guardada no lleva «:» ni «|»",
                            "en": "a saved roll's name has no “:” or “|”"},
    "err.sheet.roll_notation": {"es": ("debe ser una notación de dados (de 1 a {n} carácter)", "debe ser una notación de dados (de 1 a {n} caracteres)"),
                                "en": ("must be a dice notation (1 to {n} character)", "must be a dice notation (1 to {n} characters)")},
    "err.sheet.rolls": {"es": ("como mucho {n} tirada guardada", "como mucho {n} tiradas guardadas"),
                        "en": ("at most {n} saved roll", "at most {n} saved rolls")},
    "err.sheet.roll_twice": {"es": "dos tiradas guardadas tienen el mismo nombre", "en": "two saved rolls have the same name"},
    "err.sheet.not_roll": {"es": "este personaje no tiene guardada esa tirada", "en": "this character has no such saved roll"},
    "err.sheet.roll_line": {"es": "línea {n}: escribe «nombre: notación | resultados», como «Actuar bajo presión: 2d6+1 | ≤6 Fallo / 7–9 Parcial / ≥10 Éxito»",
                            "en": "line {n}: write “name: notation | outcomes”, as in “Act under pressure: 2d6+1 | ≤6 Miss / 7–9 Partial / ≥10 Hit”"},
    "err.bands.preset": {"es": "no existe ese juego ({names})", "en": "there is no such game ({names})"},
    "err.bands.preset_number": {"es": "debe estar entre {lo} y {hi}", "en": "must be from {lo} to {hi}"},
}
