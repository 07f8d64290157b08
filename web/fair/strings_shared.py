"""UI text of the shared-roll view, typed faces and notation (issue #14), Spanish and English.

Merged into :data:`strings.STRINGS` by one line at the end of web/shell/strings.py.
"""

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
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
    # a roll link's request, shown by web/loader.js before the engine is ready (issue #16)
    "shared.checking": {"es": "Comprobando… Esto es lo que pide el enlace; los dados y el resultado aparecerán "
                              "cuando tu navegador los haya recalculado.",
                        "en": "Checking… This is what the link asks for; the dice and the result will appear "
                              "once your browser has recomputed them."},
    "shared.unchecked": {"es": "Sin comprobar: el motor de reglas no ha cargado, así que no hay dados ni resultado.",
                         "en": "Not checked: the rules engine did not load, so there are no dice and no result."},
    # a roll link verified by the reading core on MicroPython, before the rest of the page (issue #41)
    "shared.core_loading": {"es": "Cargando el resto de Tirada… (copiar, tirar otra vez y las demás pestañas)",
                            "en": "Loading the rest of Tirada… (copy, roll again and the other tabs)"},
    "shared.core_failed": {"es": "No se pudo cargar el resto de Tirada (copiar, tirar otra vez, las demás pestañas). "
                                 "El resultado de arriba sí está verificado.",
                           "en": "The rest of Tirada could not be loaded (copy, roll again, the other tabs). "
                                 "The result above is verified."},
    "shared.core_refused": {"es": "Tu navegador no ha podido verificar esta tirada (código {code}).",
                            "en": "Your browser could not verify this roll (code {code})."},
    # a Confrontation or a Tragedia scene link replayed by the reading core, before the rest (issue #41)
    "shared.game_replayed": {"es": "Jugadas del enlace recalculadas en tu navegador: {n}",
                             "en": "Moves in the link recomputed in your browser: {n}"},
    "shared.scene_replayed": {"es": "Acciones del enlace recalculadas en tu navegador: {n}",
                              "en": "Actions in the link recomputed in your browser: {n}"},
    "shared.game_ended_loading": {"es": "Cargando el resto de Tirada… (el tablero o la escena completos, copiar y las "
                                        "demás pestañas)",
                                  "en": "Loading the rest of Tirada… (the whole board or scene, copy and the other tabs)"},
    "shared.game_refused_loading": {"es": "Cargando el resto de Tirada, que dirá qué le pasa a este enlace…",
                                    "en": "Loading the rest of Tirada, which will say what is wrong with this link…"},
    "shared.game_refused_why": {"es": "No se puede abrir: {reason} (código {code}).",
                                "en": "It cannot be opened: {reason} (code {code})."},
    "shared.game_actions": {"es": "Escena en curso (acciones hasta ahora: {n})",
                            "en": "Scene in progress (actions so far: {n})"},
    "shared.game_refused": {"es": "Tu navegador no ha podido recalcular este enlace (código {code}).",
                            "en": "Your browser could not recompute this link (code {code})."},
    "shared.game_loading": {"es": "Cargando el resto de Tirada para seguir jugando… (el tablero, copiar y las demás "
                                  "pestañas)",
                            "en": "Loading the rest of Tirada to play on… (the board, copy and the other tabs)"},
    "shared.game_failed": {"es": "No se pudo cargar el resto de Tirada: desde aquí no se puede seguir jugando. Lo de "
                                 "arriba sí está recalculado. Recarga la página para intentarlo de nuevo.",
                           "en": "The rest of Tirada could not be loaded: you cannot play on from here. What is "
                                 "above is recomputed. Reload the page to try again."},
    "shared.asked_by": {"es": "Pedida por {roller}", "en": "Asked by {roller}"},
    "shared.asked_in": {"es": "en «{campaign}»", "en": "in “{campaign}”"},
    "shared.asked_seq": {"es": "tirada nº {seq} de su cadena", "en": "roll #{seq} of their chain"},
    # a Spoils bidding link, shown by web/loader.js before the engine is ready (issue #29)
    "shared.bid_heading": {"es": "Puja del Botín", "en": "Spoils bidding"},
    "shared.bid_checking": {"es": "Comprobando… Tu navegador está repitiendo las pujas del enlace; luego verás "
                                  "de quién es la puja.",
                            "en": "Checking… Your browser is replaying the link's bids; then you will see whose "
                                  "bid it is."},
    "shared.bid_unchecked": {"es": "Sin comprobar: el motor de reglas no ha cargado, así que las pujas no se han "
                                   "repetido.",
                             "en": "Not checked: the rules engine did not load, so the bids were not replayed."},
    "shared.bid_sides": {"es": "{a} contra {b}", "en": "{a} against {b}"},
    "shared.bid_replayed": {"es": "Pujas del enlace repetidas en tu navegador: {n}",
                            "en": "Bids in the link replayed in your browser: {n}"},
    "shared.bid_count": {"es": "Pujas hechas: {n}", "en": "Bids so far: {n}"},
    "shared.roll_again": {"es": "Tirar esto otra vez", "en": "Roll this again"},
    "shared.trust_more": {"es": "Qué garantiza (y qué no)", "en": "What it guarantees (and what not)"},
    "shared.id": {"es": "id", "en": "id"},
    "shared.unknown_system": {"es": "Este enlace es de un sistema de juego que esta versión de Tirada no sabe mostrar. "
                                    "Ábrelo con la versión de Tirada con la que se hizo.",
                              "en": "This link is for a game system this version of Tirada cannot show. "
                                    "Open it with the Tirada it was made with."},
    "shared.open_failed": {"es": "No se ha podido abrir este enlace (error interno {code}). Tus datos no se han tocado; "
                                 "recarga la página o avisa a quien mantiene Tirada.",
                           "en": "This link could not be opened (internal error {code}). Your data was not touched; "
                                 "reload the page or tell whoever runs Tirada."},
    "faces.heading": {"es": "Dados tirados fuera de Tirada", "en": "Dice rolled elsewhere"},
    "faces.no_link": {"es": "Sin enlace: nadie puede comprobar estos dados. El texto para el foro lo dice.",
                      "en": "No link: nobody can check these dice. The forum text says so."},
    "faces.history": {"es": "dados tirados fuera", "en": "dice rolled elsewhere"},
    "generic.notation": {"es": "Notación (opcional)", "en": "Notation (optional)"},
    "generic.notation_note": {"es": "Con notación, los dados, las caras, cuántos guardas y el modificador salen de lo escrito: "
                                    "esos campos no se usan y se ocultan.",
                              "en": "With notation, the dice, sides, how many to keep and the modifier come from what is "
                                    "written: those fields are not used and are hidden."},
    "generic.notation_note_rolls": {"es": "Son varias tiradas: la dificultad no se aplica a ellas y se oculta.",
                                    "en": "These are several rolls: the difficulty does not apply to them and is hidden."},
    "generic.notation_help": {"es": "Como en Roll20: 5d10k3+2, 4d6dl1, 3d6kl1, 2d20kh1, d6! (explosivo), "
                                    "(2d6+3)*2, 4d6k3/2 (redondea abajo), ataque: 1d20+5; daño: 2d6+3 (varias, "
                                    "con nombre), 6 4d6k3 (seis tiradas). Si la escribes, manda sobre los campos de abajo.",
                              "en": "As in Roll20: 5d10k3+2, 4d6dl1, 3d6kl1, 2d20kh1, d6! (exploding), "
                                    "(2d6+3)*2, 4d6k3/2 (rounds down), attack: 1d20+5; damage: 2d6+3 (several, "
                                    "named), 6 4d6k3 (six rolls). When given, it wins over the fields below."},
    "l5r.faces_table": {"es": "Qué símbolo es cada número (tabla del manual)",
                        "en": "Which symbol each number is (the book's table)"},
    "l5r.faces_table_ring": {"es": "Dado de anillo (d6, negro)", "en": "Ring die (d6, black)"},
    "l5r.faces_table_skill": {"es": "Dado de habilidad (d12, blanco)", "en": "Skill die (d12, white)"},
    "l5r.faces_table_face": {"es": "Número", "en": "Number"},
    "l5r.faces_table_symbols": {"es": "Símbolos", "en": "Symbols"},
    "action.copy_text": {"es": "Copiar texto", "en": "Copy plain text"},
    "result.exploded": {"es": "explosión", "en": "explosion"},
    "result.compounded": {"es": "acumulado {faces}", "en": "compounded {faces}"},
    "result.rerolled_from": {"es": "repetido (antes {faces})", "en": "rerolled (was {faces})"},
    "result.counted_success": {"es": "éxito", "en": "success"},
    "result.counted_failure": {"es": "fallo", "en": "failure"},
    "result.counted": {"es": "Éxitos: {n} · fallos: {m}", "en": "Successes: {n} · failures: {m}"},
    "shared.address": {"es": "Comprobada por la página de {address}", "en": "Checked by the page at {address}"},
    "audit.missing": {"es": "Sin publicar", "en": "Not posted"},
    # refusals of dice notation and several rolls (codes raised by tirada.systems.notation / generic)
    "err.notation.not_a_roll": {"es": "escribe la tirada como NdC, por ejemplo 5d10k3+2 (no «{text}»)",
                                "en": "write a roll as NdS, e.g. 5d10k3+2 (not “{text}”)"},
    "err.notation.twice": {"es": "«{text}»: solo un guardar/descartar y un «!» por tirada",
                           "en": "“{text}”: only one keep/drop and one “!” per roll"},
    "err.notation.explode_number": {"es": "«!» no lleva número aquí («{text}»)", "en": "“!” takes no number here (“{text}”)"},
    "err.notation.needs_number": {"es": "«{text}» necesita un número de dados, por ejemplo {text}1",
                                  "en": "“{text}” needs a number of dice, e.g. {text}1"},
    "err.notation.drop_all": {"es": "no se pueden descartar todos los dados ({dice})", "en": "cannot drop all the dice ({dice})"},
    "err.notation.unreadable": {"es": "no se entiende «{text}»", "en": "cannot read “{text}”"},
    "err.notation.explode_drop": {"es": "una tirada explosiva guarda con k/kh/kl (lo que descarta depende de las explosiones)",
                                  "en": "an exploding roll keeps with k/kh/kl (what it drops depends on the explosions)"},
    "err.notation.empty": {"es": "escribe una tirada como 5d10k3+2", "en": "write a roll such as 5d10k3+2"},
    "err.notation.too_many_rolls": {"es": "como mucho {n} tiradas en un mensaje", "en": "at most {n} rolls in one post"},
    "err.notation.number_too_long": {"es": "los números tienen como mucho {n} cifras", "en": "numbers have at most {n} digits"},
    "err.notation.too_long": {"es": "como mucho {n} caracteres", "en": "at most {n} characters"},
    "err.notation.space": {"es": "«{text}»: un espacio ahí es ambiguo; escribe «{reading}» si es lo que quieres",
                           "en": "“{text}”: a space there is ambiguous; write “{reading}” if that is what you mean"},
    "err.notation.set_count": {"es": "una serie es de 1 a {n} tiradas (no {got})", "en": "a roll set is 1 to {n} rolls (not {got})"},
    "err.notation.several_groups": {"es": "como mucho {n} grupos de dados en una tirada", "en": "at most {n} dice groups in one roll"},
    # arithmetic (issue 28: (2d6+3)*2, 4d6k3/2; docs/notation.md §Arithmetic)
    "err.notation.divide_zero": {"es": "no se puede dividir entre «{text}»: puede valer 0",
                                 "en": "cannot divide by “{text}”: it may be 0"},
    "err.notation.implicit": {"es": "«{text}»: escribe «{reading}» si quieres multiplicar",
                              "en": "“{text}”: write “{reading}” if you mean to multiply"},
    "err.notation.computed_dice": {"es": "«{text}»: el número de dados o de caras no puede salir de otros dados",
                                   "en": "“{text}”: the number of dice or sides cannot come from other dice"},
    "err.notation.too_deep": {"es": "como mucho {n} niveles de paréntesis u operaciones",
                              "en": "at most {n} levels of parentheses or operations"},
    "err.notation.number_too_big": {"es": "los números van de −{n} a {n}", "en": "numbers go from −{n} to {n}"},
    "err.generic.roll_label": {"es": "el nombre de una tirada («ataque: 1d20+5») tiene de 1 a {n} caracteres visibles, sin «;» ni «:»",
                               "en": "a roll's name (“attack: 1d20+5”) has 1 to {n} visible characters, no “;” or “:”"},
    "err.notation.not_generic": {"es": "la notación es para la tirada genérica (no «{system}»)",
                                 "en": "notation is for the generic roll (not “{system}”)"},
    "err.notation.not_text": {"es": "la notación debe ser texto", "en": "notation must be text"},
    "err.notation.with_fields": {"es": "«{field}» sale de la notación: da uno u otro",
                                 "en": "“{field}” comes from the notation: give one or the other"},
    "err.generic.divide_zero": {"es": "el divisor «{text}» puede valer 0", "en": "the divisor “{text}” may be 0"},
    "err.generic.expr": {"es": "debe ser un árbol de grupos de dados, números y operaciones + − × ÷ (como mucho {n} niveles)",
                         "en": "must be a tree of dice groups, numbers and operations + − × ÷ (at most {n} levels)"},
    "err.generic.groups_count": {"es": "debe ser una lista de 1 a {n} grupos de dados", "en": "must be a list of 1 to {n} dice groups"},
    "err.generic.groups_item": {"es": "debe ser un grupo de dados", "en": "must be a dice group"},
    "err.generic.groups_dice": {"es": "como mucho {n} dados en total", "en": "at most {n} dice in all"},
    "err.generic.too_many_explosions": {"es": "explotaron más de {n} dados: vuelve a tirar",
                                        "en": "more than {n} dice exploded: roll again"},
    "err.generic.rolls_alone": {"es": "varias tiradas llevan sus propios campos: nada más puede acompañarlas",
                                "en": "several rolls carry their own fields: nothing else may come with them"},
    "err.generic.rolls_count": {"es": "debe ser una lista de 2 a {n} tiradas", "en": "must be a list of 2 to {n} rolls"},
    "err.generic.rolls_item": {"es": "debe ser una tirada", "en": "must be a roll"},
    "nav.more": {"es": "Más →", "en": "More →"},
}
