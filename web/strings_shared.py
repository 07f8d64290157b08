"""UI text of the shared-roll view, typed faces and notation (issue #14), Spanish and English.

Merged into :data:`strings.STRINGS` by one line at the end of web/strings.py.
"""

STRINGS = {
    "shared.heading": {"es": "Tirada compartida", "en": "Shared roll"},
    "shared.verified": {"es": "Verificada: tu navegador ha recalculado los dados a partir del enlace.",
                        "en": "Verified: your browser recomputed the dice from the link."},
    "shared.broken_help": {"es": "Pide a quien lo publicó que copie el enlace entero otra vez.",
                           "en": "Ask whoever posted it to copy the whole link again."},
    "shared.label": {"es": "Etiqueta", "en": "Label"},
    "shared.pool": {"es": "Tirada", "en": "Rolled"},
    "shared.who": {"es": "Quién y cuándo", "en": "Who and when"},
    "shared.unsigned": {"es": "tirada sin firmar (sin nombre ni cadena)", "en": "unsigned roll (no name, no chain)"},
    "shared.first": {"es": "primera de su cadena", "en": "first of its chain"},
    "shared.after": {"es": "sigue a la tirada {prev}", "en": "follows roll {prev}"},
    "shared.roll_again": {"es": "Tirar esto otra vez", "en": "Roll this again"},
    "shared.trust_more": {"es": "Qué garantiza (y qué no)", "en": "What it guarantees (and what not)"},
    "shared.id": {"es": "id", "en": "id"},
    "faces.heading": {"es": "Dados tirados fuera de Tirada", "en": "Dice rolled elsewhere"},
    "faces.no_link": {"es": "Sin enlace: nadie puede comprobar estos dados. El texto para el foro lo dice.",
                      "en": "No link: nobody can check these dice. The forum text says so."},
    "faces.history": {"es": "dados tirados fuera", "en": "dice rolled elsewhere"},
    "generic.notation": {"es": "Notación (opcional)", "en": "Notation (optional)"},
    "generic.notation_help": {"es": "Como en Roll20: 5d10k3+2, 4d6dl1, 3d6kl1, 2d20kh1, d6! (explosivo), "
                                    "1d20+5; 2d6+3 (varias). Si la escribes, manda sobre los campos de abajo.",
                              "en": "As in Roll20: 5d10k3+2, 4d6dl1, 3d6kl1, 2d20kh1, d6! (exploding), "
                                    "1d20+5; 2d6+3 (several). When given, it wins over the fields below."},
    "l5r.faces_table": {"es": "Qué símbolo es cada número (tabla del manual)",
                        "en": "Which symbol each number is (the book's table)"},
    "l5r.faces_table_ring": {"es": "Dado de anillo (d6, negro)", "en": "Ring die (d6, black)"},
    "l5r.faces_table_skill": {"es": "Dado de habilidad (d12, blanco)", "en": "Skill die (d12, white)"},
    "l5r.faces_table_face": {"es": "Número", "en": "Number"},
    "l5r.faces_table_symbols": {"es": "Símbolos", "en": "Symbols"},
    "action.copy_text": {"es": "Copiar texto", "en": "Copy plain text"},
    "result.exploded": {"es": "explosión", "en": "explosion"},
    "audit.missing": {"es": "Sin publicar", "en": "Not posted"},
    "nav.more": {"es": "Más →", "en": "More →"},
}
