"""Every piece of UI text, in Spanish (default) and English — the one place to translate.

``build.py`` fills ``{{key}}`` placeholders of index.html with the Spanish text, so the form is
readable before Python starts; elements carrying ``data-i18n="key"`` are re-translated in place when
the language changes. Python glue calls :func:`t`. Rule terms follow the official Spanish editions.
"""

from __future__ import annotations

import html

LANGS = ("es", "en")
DEFAULT_LANG = "es"

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    # page frame
    "app.title": {"es": "Tirada — dados para partidas de rol por foro", "en": "Tirada — dice for play-by-post roleplaying"},
    "app.name": {"es": "Tirada", "en": "Tirada"},
    "app.tagline": {"es": "Dados y enfrentamientos para partidas de rol por web, verificables por enlace.",
                    "en": "Dice and confrontations for play-by-post games, verifiable by link."},
    # preview card of a pasted link (Open Graph / Twitter meta; crawlers never see the fragment)
    "meta.description": {"es": "Dados para partidas de rol por foro que cualquiera puede comprobar. La tirada va "
                               "en el fragmento del enlace (tras el #), que no se envía a ningún servidor: cada "
                               "navegador la recalcula y nota si alguien la cambió.",
                         "en": "Dice for play-by-post roleplaying that anyone can check. The roll travels in the "
                               "link's fragment (after the #), which is sent to no server: each browser "
                               "recomputes it and notices if anyone changed it."},
    "meta.image_alt": {"es": "Tirada: un dado rojo y el lema «dados para partidas de rol por foro, comprobables "
                             "por enlace»",
                       "en": "Tirada: a red die and the motto “dice for play-by-post roleplaying, verifiable by "
                             "link”"},
    "app.lang": {"es": "English", "en": "Español"},
    "app.lang_label": {"es": "Cambiar idioma a inglés", "en": "Switch language to Spanish"},
    "loading.text": {"es": "Preparando el motor de reglas (Python en tu navegador). Ya puedes rellenar el formulario: "
                           "en un móvil lento puede tardar unos 10 s la primera vez y unos 2 s en las siguientes visitas.",
                     "en": "Getting the rules engine ready (Python in your browser). You can fill in the form now: "
                           "on a slow phone it can take about 10 s the first time and about 2 s on later visits."},
    "loading.slow": {"es": "Sigue cargando… la primera visita descarga unos 6 MB; después guarda el resto en segundo "
                           "plano (una sola vez) y funciona sin conexión.",
                     "en": "Still loading… the first visit downloads about 6 MB; then it saves the rest in the "
                           "background (only once) and works offline."},
    "loading.queued": {"es": "Tirada pedida: se hará en cuanto el motor esté listo.",
                       "en": "Roll requested: it runs as soon as the engine is ready."},
    "loading.core_form": {"es": "El formulario ya tira (SIFRP, L5R y la tirada genérica); el resto de Tirada sigue "
                                "cargando.",
                          "en": "The form rolls now (SIFRP, L5R and the generic roll); the rest of Tirada is still "
                                "loading."},
    "loading.check_retry": {"es": "Este paso no se pudo guardar (otra pestaña usaba tu cadena de tiradas, o el "
                                  "almacenamiento del navegador lo impidió): no se ha hecho; vuelve a pulsar (código "
                                  "{code}).",
                            "en": "This step could not be saved (another tab was using your chain of rolls, or the "
                                  "browser's storage got in the way): it was not made; press again (code {code})."},
    "roll.core_loading": {"es": "Cargando el resto de Tirada… (el detalle de los dados, las probabilidades y las demás "
                                "pestañas). El enlace ya se puede copiar.",
                          "en": "Loading the rest of Tirada… (the dice in detail, the odds and the other tabs). The "
                                "link can be copied now."},
    "roll.core_failed": {"es": "No se pudo cargar el resto de Tirada: la tirada y su enlace están hechos y guardados; "
                               "recarga la página para ver el detalle de los dados.",
                         "en": "The rest of Tirada could not load: the roll and its link are made and saved; reload "
                               "the page to see the dice in detail."},
    "roll.core_refused": {"es": "Revisa «{field}»: ese valor no vale para esta tirada (código {code}). El resto de Tirada "
                                "no cargó, así que no puede explicarlo mejor; recarga la página para ver el motivo.",
                          "en": "Check “{field}”: that value does not work for this roll (code {code}). The rest of "
                                "Tirada did not load, so it cannot explain more; reload the page to see why."},
    "roll.core_refused_any": {"es": "Un valor del formulario no vale para esta tirada (código {code}). El resto de "
                                    "Tirada no cargó, así que no puede explicarlo mejor; recarga la página para ver "
                                    "el motivo.",
                              "en": "A value in the form does not work for this roll (code {code}). The rest of Tirada "
                                    "did not load, so it cannot explain more; reload the page to see why."},
    "roll.core_not_saved": {"es": "No se pudo guardar en «Tiradas recientes» (el almacenamiento del navegador está lleno "
                                  "o bloqueado): copia el enlace ahora.",
                            "en": "Could not save it in «Recent rolls» (the browser's storage is full or blocked): copy "
                                  "the link now."},
    "loading.failed": {"es": "No se pudo cargar el motor de reglas. Recarga la página; si persiste, prueba otro navegador.",
                       "en": "The rules engine could not load. Reload the page; if it persists, try another browser."},
    "loading.failed_core": {"es": "No se pudo cargar el resto de Tirada. El formulario sigue tirando SIFRP, L5R y la tirada "
                                  "genérica; para lo demás, recarga la página (si persiste, prueba otro navegador).",
                            "en": "The rest of Tirada could not load. The form still rolls SIFRP, L5R and the generic "
                                  "roll; for everything else, reload the page (if it persists, try another browser)."},
    "loading.core_link": {"es": "Enlace abierto; el resto de Tirada sigue cargando.",
                          "en": "Link opened; the rest of Tirada is still loading."},
    "loading.tab": {"es": "Esta parte se abre en cuanto Tirada termine de cargar (la primera visita tarda unos "
                          "segundos). Mientras, ya puedes tirar en «Tirar».",
                    "en": "This part opens as soon as Tirada has finished loading (a first visit takes a few "
                          "seconds). Meanwhile you can already roll under «Roll»."},
    "loading.tab_failed": {"es": "Esta parte no se pudo cargar: el motor de reglas no se descargó. Recarga la página; "
                                 "si persiste, prueba otro navegador. La pestaña «Tirar» sigue funcionando.",
                           "en": "This part could not load: the rules engine did not download. Reload the page; if "
                                 "it persists, try another browser. The «Roll» tab still works."},
    "loading.framed": {"es": "Tirada no funciona dentro de otra página: una página ajena podría tapar sus botones y "
                             "hacerte tirar o revelar sin querer.",
                       "en": "Tirada does not work inside another page: a foreign page could cover its buttons and "
                             "make you roll or reveal without meaning to."},
    "loading.framed_open": {"es": "Abrir Tirada aparte", "en": "Open Tirada on its own"},
    "system.label": {"es": "Sistema", "en": "System"},
    # the system select's option: short enough to show whole in a phone's select (test_layout_classes)
    "system.generic": {"es": "Genérica (cualquier dado)", "en": "Generic (any dice)"},
    "system.sifrp": {"es": "Canción de Hielo y Fuego", "en": "A Song of Ice and Fire"},
    # common fields
    "field.label": {"es": "Motivo de la tirada (opcional)", "en": "What the roll is for (optional)"},
    "result.label_tag": {"es": "Motivo", "en": "Label"},
    "field.label_ph": {"es": "p. ej. Ryo trepa la muralla", "en": "e.g. Ryo climbs the wall"},
    "field.faces": {"es": "Dados ya tirados fuera (opcional)", "en": "Dice already rolled elsewhere (optional)"},
    "field.faces_help": {"es": "Escribe los resultados separados por comas para que Tirada los interprete; "
                                "déjalo vacío para tirar aquí.",
                         "en": "Type the results separated by commas for Tirada to interpret them; "
                               "leave empty to roll here."},
    "field.modifier": {"es": "Modificador", "en": "Modifier"},
    "field.difficulty": {"es": "Dificultad", "en": "Difficulty"},
    "field.difficulty_none": {"es": "Sin dificultad", "en": "No difficulty"},
    "field.difficulty_custom": {"es": "Otra (número)", "en": "Other (number)"},
    "field.difficulty_value": {"es": "Valor de la dificultad", "en": "Difficulty value"},
    # generic
    "generic.dice": {"es": "Dados lanzados", "en": "Dice rolled"},
    "generic.sides": {"es": "Caras", "en": "Sides"},
    "generic.keep": {"es": "Dados guardados", "en": "Dice kept"},
    "generic.keep_lowest": {"es": "Guardar los más bajos", "en": "Keep the lowest"},
    # sifrp
    "sifrp.extended": {"es": "Tirada básica prolongada (varias tiradas hasta reunir los éxitos)",
                       "en": "Extended basic test (several rolls until the successes are reached)"},
    "sifrp.extended_help": {"es": "«Cada tirada realizada cubre un lapso de tiempo. Una vez obtenida la cantidad requerida de "
                                  "éxitos, la tarea se da por concluida.» Se tiran todas de una vez con la misma semilla, "
                                  "hasta llegar a la cantidad o al máximo de tiradas. Vacío: una tirada normal.",
                            "en": "“Each roll covers a span of time; once the required number of successes is reached, "
                                  "the task is done.” All rolls are made at once from the same seed, until the total or "
                                  "the most rolls is reached. Empty: a single test."},
    "sifrp.extended_goal": {"es": "Éxitos requeridos", "en": "Successes required"},
    "sifrp.extended_count": {"es": "Cómo se cuentan", "en": "How they are counted"},
    "sifrp.count_degrees": {"es": "Grados de éxito de cada tirada", "en": "Degrees of success of each roll"},
    "sifrp.count_successes": {"es": "1 por cada tirada con éxito", "en": "1 per successful roll"},
    "sifrp.extended_count_help": {"es": "Decisión de la mesa: el texto dice «la cantidad requerida de éxitos» sin "
                                        "aclarar si cuentan los grados de éxito (por defecto: cada tirada suma sus "
                                        "grados, de 1 a 4) o cada tirada superada (suma 1). Una tirada fallida no suma.",
                                  "en": "Table decision: the text says “the required number of successes” without saying "
                                        "whether degrees of success count (default: each roll adds its degrees, 1 to 4) "
                                        "or each successful roll (adds 1). A failed roll adds nothing."},
    "sifrp.extended_max": {"es": "Máximo de tiradas", "en": "Most rolls"},
    "sifrp.extended_span": {"es": "Tiempo que cubre cada tirada", "en": "Time each roll covers"},
    "sifrp.help_time": {"es": "Trabajo en equipo y dedicar más tiempo", "en": "Teamwork and taking more time"},
    "sifrp.helpers_help": {"es": "«Los aliados conceden un modificador al resultado de la tirada igual a la mitad de su rango "
                                 "en la habilidad que se esté usando (redondeando hacia abajo y con un mínimo de 1).» "
                                 "Normalmente no más de dos.",
                           "en": "“Allies grant a modifier to the result equal to half their rank in the ability being "
                                 "used (rounded down, at least 1).” Normally no more than two."},
    "sifrp.helpers": {"es": "Rango de cada aliado que ayuda (separados por comas)",
                      "en": "Rank of each helping ally (separated by commas)"},
    "sifrp.allow_more_helpers": {"es": "El Director permite ayuda adicional (tarea de gran envergadura)",
                                 "en": "The Director allows more help (a task of great scope)"},
    "sifrp.extra_time_help": {"es": "«Por cada unidad de tiempo adicional [...] el personaje recibe 1 dado de habilidad "
                                    "adicional.» Nunca más del doble de los dados de habilidad.",
                              "en": "“For each extra unit of time [...] the character gets 1 extra test die.” Never more "
                                    "than double the test dice."},
    "sifrp.extra_time": {"es": "Unidades de tiempo adicionales", "en": "Extra units of time"},
    "sifrp.conflict": {"es": "Conflicto: contra el valor pasivo del adversario", "en": "Conflict: against the opponent's passive value"},
    "sifrp.conflict_help": {"es": "«El valor pasivo es igual a cuatro veces el rango de la habilidad que se emplea para "
                                  "oponerse.» La dificultad será 4 × el rango. Contra una defensa, escribe su valor en "
                                  "«Otra (número)» y deja este campo vacío.",
                            "en": "“The passive value is four times the rank of the ability used to oppose.” The "
                                  "Difficulty becomes 4 × the rank. Against a defence, enter it under “Other (number)” "
                                  "and leave this field empty."},
    "sifrp.passive_rank": {"es": "Rango del adversario en la habilidad que se opone",
                           "en": "Opponent's rank in the opposing ability"},
    "sifrp.weapon_damage": {"es": "Daño base del arma (opcional)", "en": "Weapon base damage (optional)"},
    "sifrp.damage_help": {"es": "«En las habilidades de Combate cuerpo a cuerpo o Puntería cuanto mayor sea el grado de "
                                "éxito, más daño inflige el ataque»: daño = daño base × grados de éxito.",
                          "en": "“With Fighting or Marksmanship, the higher the degree of success, the more damage the "
                                "attack deals”: damage = base damage × degrees of success."},
    "result.damage": {"es": "Daño: {damage} (daño base del arma × {degrees} grados de éxito)",
                      "en": "Damage: {damage} (weapon base damage × {degrees} degrees of success)"},
    "sifrp.competition": {"es": "Competición: varios personajes contra la misma dificultad",
                          "en": "Competition: several characters against the same Difficulty"},
    "sifrp.competition_help": {"es": "«Ambos personajes hacen sus respectivas tiradas contra la misma dificultad; gana el "
                                     "personaje que consiga superar la dificultad con mayor grado de éxito.» Se tiran "
                                     "todos a la vez con la misma semilla. Filas vacías: no cuentan.",
                               "en": "“Both characters roll against the same Difficulty; the one who beats it with the "
                                     "higher degree of success wins.” Everyone rolls at once from the same seed. Empty "
                                     "rows do not count."},
    "sifrp.my_name": {"es": "Tu personaje", "en": "Your character"},
    "sifrp.rival_1": {"es": "Rival 1", "en": "Rival 1"},
    "sifrp.rival_2": {"es": "Rival 2", "en": "Rival 2"},
    "sifrp.rival_3": {"es": "Rival 3", "en": "Rival 3"},
    "sifrp.rival_name": {"es": "Nombre", "en": "Name"},
    "sifrp.rival_test_dice": {"es": "Dados de prueba", "en": "Test dice"},
    "sifrp.rival_bonus_dice": {"es": "Dados de bonificación", "en": "Bonus dice"},
    "sifrp.rival_penalty_dice": {"es": "Dados de penalización", "en": "Penalty dice"},
    "sifrp.rival_modifier": {"es": "Modificador", "en": "Modifier"},
    "result.passive": {"es": "Dificultad = valor pasivo: rango {rank} × 4 = {value}",
                       "en": "Difficulty = passive value: rank {rank} × 4 = {value}"},
    "sifrp.test_dice": {"es": "Dados de prueba (rango de habilidad)", "en": "Test dice (ability rank)"},
    "sifrp.bonus_dice": {"es": "Dados de bonificación (especialidad)", "en": "Bonus dice (specialty)"},
    "sifrp.penalty_dice": {"es": "Dados de penalización", "en": "Penalty dice"},
    "sifrp.destiny_bonus": {"es": "+1B comprado con un punto de Destino (puede superar el límite)",
                            "en": "+1B bought with a Destiny point (may exceed the cap)"},
    # actions
    "action.roll": {"es": "Tirar", "en": "Roll"},
    "action.copy_link": {"es": "Copiar enlace", "en": "Copy link"},
    "action.copy_bbcode": {"es": "Copiar BBCode", "en": "Copy BBCode"},
    "action.copy_markdown": {"es": "Copiar Markdown", "en": "Copy Markdown"},
    "action.copied": {"es": "Copiado al portapapeles", "en": "Copied to the clipboard"},
    "action.copy_html": {"es": "Copiar con formato", "en": "Copy formatted"},
    "action.copied_rich": {"es": "Copiado con formato: pégalo en el editor visual del foro",
                           "en": "Copied formatted: paste it into the forum's visual editor"},
    "action.share": {"es": "Compartir…", "en": "Share…"},
    "action.share_failed": {"es": "No se pudo compartir: copia el enlace", "en": "Could not share: copy the link"},
    "action.copy_failed": {"es": "No se pudo copiar: selecciona el texto y cópialo a mano", "en": "Could not copy: select the text and copy it by hand"},
    "action.clear_history": {"es": "Borrar historial", "en": "Clear history"},
    "action.undo_clear": {"es": "Deshacer", "en": "Undo"},
    "action.new_roll": {"es": "Hacer mi propia tirada", "en": "Make my own roll"},
    "action.open": {"es": "Abrir", "en": "Open"},
    # result
    "result.heading": {"es": "Resultado", "en": "Result"},
    "result.shared": {"es": "Tirada compartida: recalculada en tu navegador a partir del enlace.",
                      "en": "Shared roll: recomputed in your browser from the link."},
    "result.total": {"es": "Total", "en": "Total"},
    "result.kept": {"es": "guardado", "en": "kept"},
    "result.dropped": {"es": "descartado", "en": "dropped"},
    "result.vs": {"es": "contra", "en": "against"},
    "result.faces_given": {"es": "Dados tirados fuera de Tirada (introducidos a mano): no es una tirada verificable.",
                           "en": "Dice rolled outside Tirada (typed in): not a verifiable roll."},
    "result.dice": {"es": "Dados", "en": "Dice"},
    "result.modifier": {"es": "modificador", "en": "modifier"},
    "result.teamwork": {"es": "trabajo en equipo", "en": "teamwork"},
    "result.bonus_capped": {"es": "Se tiran {rolled} dados de bonificación de los {asked} pedidos: nunca más que dados "
                                  "de prueba.",
                            "en": "{rolled} of the {asked} bonus dice asked for are rolled: never more than the test "
                                  "dice."},
    "share.heading": {"es": "Compartir en el foro", "en": "Share on the forum"},
    "share.link": {"es": "Enlace a la tirada", "en": "Link to the roll"},
    # history
    "history.heading": {"es": "Tiradas recientes", "en": "Recent rolls"},
    "history.empty": {"es": "Aún no has tirado nada en este navegador.", "en": "No rolls yet in this browser."},
    "history.cleared": {"es": "Historial borrado.", "en": "History cleared."},
    "storage.unavailable": {"es": "Este navegador no permite guardar datos (¿modo privado, o los datos de este sitio "
                                  "bloqueados?): Tirada funciona en memoria, pero nada se conserva al cerrar la pestaña. "
                                  "Para conservarlo, usa «Exportar todo» en Datos antes de salir.",
                            "en": "This browser does not allow saving data (private mode, or this site's data blocked?): "
                                  "Tirada works in memory, but nothing is kept when the tab closes. To keep it, use "
                                  "«Export everything» in Data before leaving."},
    "storage.held": {"es": "Tus cadenas de tiradas o tus secretos de campaña guardados están dañados: se han apartado "
                           "sin borrarlos, y no se numera ninguna tirada ni se crea ningún secreto nuevo hasta que "
                           "decidas qué hacer en «Mis datos».",
                     "en": "Your stored roll chains or campaign secrets are damaged: they have been set aside, not "
                           "deleted, and no roll is numbered and no new secret made until you decide what to do in "
                           "«My data»."},
    "storage.corrupt": {"es": "Los datos guardados estaban dañados; se han apartado sin borrarlos.",
                        "en": "The saved data was damaged; it has been set aside, not deleted."},
    "storage.full": {"es": "El almacenamiento del navegador está lleno (otra página de este mismo sitio puede haberlo "
                           "llenado). Lo guardado se conserva y «Exportar todo» lo descarga, pero lo nuevo no se guarda "
                           "y no se numeran tiradas con nombre hasta que haya sitio. Libera espacio: recorta el historial "
                           "en «Mis datos» o borra los datos de otras páginas de este sitio.",
                     "en": "The browser's storage is full (another page of this same site may have filled it). What is "
                           "saved is kept and “Export everything” downloads it, but nothing new is saved and named rolls "
                           "are not numbered until there is room. Free some space: trim the history in “My data” or clear "
                           "the data of other pages of this site."},
    # navigation and roller identity
    "nav.label": {"es": "Secciones", "en": "Sections"},
    "nav.roll": {"es": "Tirar", "en": "Roll"},
    "nav.audit": {"es": "Auditar hilo", "en": "Audit a thread"},
    "who.heading": {"es": "Quién tira (cadena de tiradas)", "en": "Who rolls (roll chain)"},
    "who.help": {"es": "Con tu nombre, cada tirada lleva su número y enlaza con la anterior: las tiradas no publicadas se notan como huecos.",
                 "en": "With your name, each roll carries its number and links to the previous one: unposted rolls show up as gaps."},
    "who.roller": {"es": "Tu nombre o el de tu personaje", "en": "Your name or your character's"},
    "who.campaign": {"es": "Partida o hilo", "en": "Campaign or thread"},
    # the name asked for before the first roll (issue 38; web/roll/ui_who.py)
    "who.ask": {"es": "¿Firmas tus tiradas? Con tu nombre forman una cadena que el hilo puede comprobar.",
                "en": "Sign your rolls? With your name they form a chain the thread can check."},
    "who.ask_name": {"es": "Poner nombre", "en": "Add my name"},
    "who.ask_unsigned": {"es": "Tirar sin firmar", "en": "Roll unsigned"},
    # audit
    "audit.heading": {"es": "Auditar un hilo del foro", "en": "Audit a forum thread"},
    "audit.help": {"es": "Pega el texto de un hilo (su código BBCode o Markdown, o los mensajes seleccionados tal como se ven en el foro): se comprueba cada enlace, lo que dice el texto junto a él y la cadena de cada jugador, sin salir de tu navegador.",
                   "en": "Paste a thread (its BBCode or Markdown source, or the posts selected as the forum shows them): every link, what the text beside it says and each player's chain are checked, without leaving your browser."},
    "audit.text": {"es": "Texto del hilo", "en": "Thread text"},
    "audit.run": {"es": "Auditar", "en": "Audit"},
    "audit.report": {"es": "Informe", "en": "Report"},
    "audit.found": {"es": "Enlaces encontrados", "en": "Links found"},
    "audit.progress": {"es": "Comprobando… {done} de {total} enlaces", "en": "Checking… {done} of {total} links"},
    "audit.reading": {"es": "Leyendo el texto… {pct} %", "en": "Reading the text… {pct}%"},
    "audit.starting": {"es": "Preparando la comprobación de un hilo largo…", "en": "Getting ready to check a long thread…"},
    "audit.cancel": {"es": "Cancelar", "en": "Cancel"},
    "audit.more_unreadable": {"es": "… y {n} enlaces ilegibles más (no se muestran)", "en": "… and {n} more unreadable links (not shown)"},
    "audit.cancelled": {"es": "Comprobación cancelada: el texto sigue en su recuadro.", "en": "Audit cancelled: the text is still in its box."},
    "audit.none": {"es": "No se encontró ningún enlace de Tirada en el texto.", "en": "No Tirada link was found in the text."},
    "audit.ok": {"es": "Cadena completa", "en": "Complete chain"},
    "audit.problems": {"es": "Hay problemas", "en": "There are problems"},
    "audit.unsigned": {"es": "Tiradas sin nombre", "en": "Unsigned rolls"},
    "audit.no_campaign": {"es": "sin campaña", "en": "no campaign"},
    "audit.ok_link": {"es": "válido", "en": "valid"},
    "audit.bad_link": {"es": "no válido", "en": "invalid"},
    "audit.other": {"es": "Otros enlaces válidos (no son tiradas con cadena)", "en": "Other valid links (not chained rolls)"},
    "audit.kind_brs": {"es": "Confrontación", "en": "Confrontation"},
    "audit.kind_scene": {"es": "escena de Tragedia", "en": "Tragedia scene"},
    "audit.unreadable": {"es": "Enlace ilegible", "en": "Unreadable link"},
    "trust.heading": {"es": "Qué garantiza un enlace (y qué no)", "en": "What a link guarantees (and what not)"},
    "error.kind": {"es": "esta versión de Tirada no sabe abrir este tipo de enlace", "en": "this version of Tirada cannot open this kind of link"},
    # errors
    "error.heading": {"es": "No se pudo tirar", "en": "Could not roll"},
    # the heading of errors that are not a roll (a hand-over, a GM request link, a pasted blind link)
    "error.handover": {"es": "No se pudo crear el enlace de traspaso", "en": "Could not make the hand-over link"},
    "error.request": {"es": "No se pudo crear el enlace de petición", "en": "Could not make the request link"},
    "error.check": {"es": "No se pudo comprobar", "en": "Could not check"},
    "error.reveal": {"es": "No se pudo revelar", "en": "Could not reveal"},
    "error.link": {"es": "Este enlace no es válido", "en": "This link is not valid"},
    "error.faces": {"es": "Los dados ya tirados deben ser números enteros separados por comas.",
                    "en": "Dice already rolled must be whole numbers separated by commas."},
    "error.number": {"es": "debe ser un número entero", "en": "must be a whole number"},
    "error.internal": {"es": "Error inesperado (por favor, avísanos)", "en": "Unexpected error (please report it)"},
    # help
    "help.heading": {"es": "Ayuda y reglas", "en": "Help and rules"},
    "help.sifrp": {"es": "Canción de Hielo y Fuego: se tiran dados de prueba + bonificación (d6) y se guardan los "
                          "(prueba − penalización) más altos; se suma el modificador. Nunca se tiran más dados de "
                          "bonificación que de prueba (salvo +1B comprado con Destino): si la ficha pide más, se tiran "
                          "tantos como dados de prueba y el resultado lo indica [decisión]. Dificultad 21 o más: "
                          "Heroica. Grados: margen 0–4 → 1, 5–9 → 2, "
                          "10–14 → 3, 15+ → 4. Fallo por 1–4: insignificante; por 5 o más: crítico.",
                   "en": "A Song of Ice and Fire: roll test + bonus dice (d6) and keep the highest (test − penalty); "
                         "add the modifier. Never more bonus dice than test dice "
                         "(except +1B bought with Destiny): if the sheet asks for more, as many as the test dice are "
                         "rolled and the result says so [decision]. Difficulty 21 or more: Heroic. Degrees: "
                         "margin 0–4 → 1, 5–9 → 2, 10–14 → 3, 15+ → 4. Failing by 1–4: marginal; by 5+: critical."},
    "help.generic": {"es": "Genérica: N dados de S caras, guarda los K más altos (o más bajos), suma y compara con la dificultad "
                            "(éxito si total ≥ dificultad).",
                     "en": "Generic: N dice of S sides, keep the K highest (or lowest), add up and compare with the "
                           "difficulty (success when total ≥ difficulty)."},
    "help.fair": {"es": "Juego limpio: el enlace lleva la petición y la semilla, nunca el resultado; quien lo abre recalcula "
                         "los mismos dados. Los dados salen de SHA-256 de la semilla sin sesgo de módulo.",
                  "en": "Fair play: the link carries the request and the seed, never the result; whoever opens it "
                        "recomputes the same dice. Dice come from SHA-256 of the seed with no modulo bias."},
}

#: SIFRP difficulty steps shown in the form (sifrp.md §Difficulty).
SIFRP_DIFFICULTIES = (0, 3, 6, 9, 12, 15, 18, 21)


def t(key: str, lang: str = DEFAULT_LANG) -> str:
    """The text of ``key`` in ``lang`` ("es" | "en"); falls back to Spanish, then to the key."""
    entry = STRINGS.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry[DEFAULT_LANG]
    return text[-1] if isinstance(text, tuple) else text   # a plural pair: i18n.tn picks the form


def html_escape(text: str) -> str:
    """Escape text for HTML element content and attribute values."""
    return html.escape(str(text), quote=True)
from shell.strings_a11y import STRINGS as _A11Y; STRINGS.update(_A11Y)  # noqa: E402
from roll.strings_odds import STRINGS as _ODDS; STRINGS.update(_ODDS)  # noqa: E402
from l5r.strings_l5r import STRINGS as _L5R; STRINGS.update(_L5R)  # noqa: E402
from tragedia.strings_scene import STRINGS as _SCENE; STRINGS.update(_SCENE)  # noqa: E402
from brs.strings_brs import STRINGS as _BRS; STRINGS.update(_BRS)  # noqa: E402
from brs.strings_brs_spoils import STRINGS as _BRS_SPOILS; STRINGS.update(_BRS_SPOILS)  # noqa: E402
from brs.strings_brs_seat import STRINGS as _BRS_SEAT; STRINGS.update(_BRS_SEAT)  # noqa: E402
from brs.strings_brs_orders import STRINGS as _BRS_ORDERS; STRINGS.update(_BRS_ORDERS)  # noqa: E402
from brs.strings_brs_forum import STRINGS as _BRS_FORUM; STRINGS.update(_BRS_FORUM)  # noqa: E402
from data.strings_data import STRINGS as _DATA; STRINGS.update(_DATA)  # noqa: E402
from fair.strings_fair import STRINGS as _FAIR; STRINGS.update(_FAIR)  # noqa: E402
from shell.strings_errors import STRINGS as _ERRORS; STRINGS.update(_ERRORS)  # noqa: E402
from fair.strings_shared import STRINGS as _SHARED; STRINGS.update(_SHARED)  # noqa: E402
from audit.strings_thread import STRINGS as _THREAD; STRINGS.update(_THREAD)  # noqa: E402
from fair.strings_sealed import STRINGS as _SEALED; STRINGS.update(_SEALED)  # noqa: E402
from audit.strings_sealaudit import STRINGS as _SEALAUDIT; STRINGS.update(_SEALAUDIT)  # noqa: E402
from audit.strings_frame import STRINGS as _FRAME; STRINGS.update(_FRAME)  # noqa: E402
from dice.strings_bands import STRINGS as _BANDS; STRINGS.update(_BANDS)  # noqa: E402
from dice.strings_dialect import STRINGS as _DIALECT; STRINGS.update(_DIALECT)  # noqa: E402
# the SIFRP difficulty select's named steps, "Moderada (9)" / "Challenging (9)": the engine's names
# (tirada.systems.sifrp.difficulty_name; sifrp.md §The test), keys of the page's static form (issue #41)
from tirada.systems.sifrp import difficulty_name as _difficulty_name  # noqa: E402
for _tn in SIFRP_DIFFICULTIES:
    _names = _difficulty_name(_tn) or {"es": str(_tn), "en": str(_tn)}
    STRINGS.setdefault(f"sifrp.difficulty.{_tn}", {lang: f"{name} ({_tn})" for lang, name in _names.items()})
# the words of every system written as a package (its registry entry's ``strings``: its name, its fields'
# labels, its error codes), so adding a system edits no catalog (docs/architecture.md §Adding a roll system)
from tirada.systems.registry import page_strings as _page_strings  # noqa: E402
for _key, _words in _page_strings().items():
    STRINGS.setdefault(_key, _words)
