"""UI text es/en of sealed rolls on the page (issue #27; docs/link-format.md §19): the GM's "blind
roll" box, the player's sealed roll, a blind link opened by the GM or by anyone else, and a reveal
(web/fair/ui_sealed.py, web/fair/sealed_view.py)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "sealed.checkbox": {"es": "Tirada a ciegas (sellada)", "en": "Blind roll (sealed)"},
    "sealed.checkbox_help": {"es": "Nadie, ni quien tira, verá el resultado hasta que lo reveles. Se sella con el secreto "
                                   "de la campaña, que se crea y se guarda solo en este navegador (nunca en un enlace): "
                                   "sin él no podrás abrir ni revelar estas tiradas.",
                             "en": "Nobody, not even the roller, sees the result until you reveal it. It is sealed with "
                                   "the campaign's secret, made and kept in this browser only (never in a link): without "
                                   "it you cannot open or reveal these rolls."},
    "sealed.request_made": {"es": "Enlace de petición sellada listo: pégalo en el hilo para quien debe tirar.",
                            "en": "Sealed request link ready: paste it in the thread for whoever must roll."},
    "sealed.request_note": {"es": "Tirada a ciegas: quedará sellada. Nadie verá los dados ni el resultado, tampoco tú, "
                                  "hasta que el máster la revele.",
                            "en": "Blind roll: it will be sealed. Nobody sees the dice or the result, not even you, "
                                  "until the GM reveals it."},
    "sealed.heading": {"es": "Tirada sellada", "en": "Sealed roll"},
    "sealed.heading_open": {"es": "Tirada sellada, abierta por el máster", "en": "Sealed roll, opened by the GM"},
    "sealed.heading_revealed": {"es": "Tirada sellada, revelada", "en": "Sealed roll, revealed"},
    "sealed.heading_reveal": {"es": "Revelación de una tirada sellada", "en": "Reveal of a sealed roll"},
    "sealed.of": {"es": "Tirada sellada de {roller}, nº {n}", "en": "Sealed roll by {roller}, no. {n}"},
    "sealed.of_unnumbered": {"es": "Tirada sellada de {roller}, sin número de cadena",
                             "en": "Sealed roll by {roller}, with no chain number"},
    "sealed.someone": {"es": "alguien sin nombre", "en": "someone unnamed"},
    "sealed.for": {"es": "Para: {label}", "en": "For: {label}"},
    "sealed.made": {"es": "Hecha y sellada: no lleva dados ni resultado a la vista. Publica este enlace en el hilo.",
                    "en": "Made and sealed: it shows no dice and no result. Post this link in the thread."},
    "sealed.who": {"es": "Solo la puede abrir el máster que guarda el secreto de la campaña «{campaign}», hasta que la "
                         "revele; entonces cualquiera podrá comprobarla.",
                   "en": "Only the GM who keeps the secret of the campaign “{campaign}” can open it, until they reveal "
                         "it; then anyone can check it."},
    "sealed.who_any": {"es": "Solo la puede abrir el máster que hizo la petición, hasta que la revele; entonces cualquiera "
                             "podrá comprobarla.",
                       "en": "Only the GM who made the request can open it, until they reveal it; then anyone can "
                             "check it."},
    "sealed.closed": {"es": "La revela el máster: hasta entonces nadie puede ver sus dados ni su resultado.",
                      "en": "The GM reveals it: until then nobody can see its dice or its result."},
    "sealed.gm": {"es": "Abierta con el secreto de tu campaña: solo tú ves este resultado hasta que lo reveles.",
                  "en": "Opened with your campaign's secret: only you see this result until you reveal it."},
    "sealed.revealed": {"es": "Revelada y comprobada: el secreto revelado es el que se comprometió en la petición, y los "
                              "dados salen de él y de la semilla de quien tiró.",
                        "en": "Revealed and checked: the revealed secret is the one committed in the request, and the "
                              "dice follow from it and the roller's seed."},
    "sealed.needs_roll": {"es": "Esta revelación abre una tirada sellada, pero para comprobarla hace falta también el "
                                "enlace de esa tirada: ábrelo antes en esta página (se recuerda mientras la página siga "
                                "abierta) o pégalo aquí.",
                          "en": "This reveal opens a sealed roll, but checking it also needs that roll's link: open it "
                                "first in this page (it is remembered while the page stays open) or paste it here."},
    "sealed.link": {"es": "Enlace para publicar", "en": "Link to post"},
    "sealed.copy": {"es": "Copiar el enlace", "en": "Copy the link"},
    "sealed.snippet": {"es": "Texto para el foro (el resultado revelado, en palabras, con su enlace)",
                       "en": "Text for the forum (the revealed result, in words, with its link)"},
    "sealed.copy_snippet": {"es": "Copiar el texto", "en": "Copy the text"},
    "sealed.reveal": {"es": "Revelar", "en": "Reveal"},
    "sealed.reveal_made": {"es": "Enlace de revelación listo: publícalo en el hilo y cualquiera podrá comprobar la tirada.",
                           "en": "Reveal link ready: post it in the thread and anyone can check the roll."},
    "sealed.paste_label": {"es": "Enlace de la tirada sellada", "en": "Link of the sealed roll"},
    "sealed.verify": {"es": "Comprobar", "en": "Check"},
    # the campaign secrets in "Mis datos" backups (web/ui_data*.py, tirada.storage part "sealkeys")
    "data.sealkeys_warning": {"es": "Si has pedido tiradas a ciegas, la copia lleva el secreto de cada campaña: quien "
                                    "tenga el archivo puede abrir las tiradas selladas de esas campañas antes de que las "
                                    "reveles. Guárdalo como una contraseña y no lo compartas.",
                              "en": "If you asked for blind rolls, the backup holds each campaign's secret: whoever "
                                    "has the file can open those campaigns' sealed rolls before you reveal them. Keep it "
                                    "like a password and do not share it."},
    "data.sealkeys_n": {"es": "Secretos de campaña para tiradas selladas ({n}): {names}",
                        "en": "Campaign secrets for sealed rolls ({n}): {names}"},
    "data.secretrolls_n": {"es": ("{n} tirada oculta del máster (para abrirla y revelarla aquí)",
                                  "{n} tiradas ocultas del máster (para abrirlas y revelarlas aquí)"),
                           "en": ("{n} secret GM roll (to open and reveal it here)",
                                  "{n} secret GM rolls (to open and reveal them here)")},
    "data.place.secretrolls": {"es": "La tirada oculta {name}", "en": "The secret roll {name}"},
    "data.place.sealkeys": {"es": "El secreto de la campaña «{name}»", "en": "The secret of the campaign “{name}”"},
}

# -- secret GM rolls ("tirada oculta", web/fair/ui_sealed_secret.py) and the statement of guarantees of
# -- sealed rolls (docs/link-format.md §19.6; panels/request-make.html, panels/secret-roll.html) ----
STRINGS.update({
    "secret.box_heading": {"es": "Tirada oculta (máster)", "en": "Secret roll (GM)"},
    "secret.box_help": {"es": "Tira en secreto la tirada del formulario (sistema, dados y etiqueta): un PNJ que se "
                              "esconde, un monstruo errante… El enlace sellado solo dice para qué es y su nº en tu "
                              "cadena; tú ves el resultado aquí, y cuando lo reveles cualquiera podrá comprobarlo "
                              "contra el enlace publicado antes. Se sella con el secreto de la campaña del formulario.",
                       "en": "Rolls the form's roll in secret (system, dice and label): a hiding NPC, a wandering "
                             "monster… The sealed link only says what it is for and its number in your chain; you see "
                             "the result here, and once you reveal it anyone can check it against the link posted "
                             "before. It is sealed with the secret of the form's campaign."},
    "secret.roll": {"es": "Tirar en secreto", "en": "Roll in secret"},
    "secret.guarantee": {"es": "Nadie más ve qué se tiró ni el resultado hasta que lo reveles; tú no puedes cambiar "
                               "la tirada después (el enlace sellado fija qué se tiró y su nº); si pierdes el secreto "
                               "de la campaña o este navegador, no se podrá revelar.",
                         "en": "Nobody else sees what was rolled nor the result until you reveal it; you cannot change "
                               "the roll afterwards (the sealed link fixes what was rolled and its number); if you lose "
                               "the campaign's secret or this browser, it can never be revealed."},
    "secret.heading": {"es": "Tirada oculta", "en": "Secret roll"},
    "secret.heading_open": {"es": "Tirada oculta, abierta por el máster", "en": "Secret roll, opened by the GM"},
    "secret.heading_revealed": {"es": "Tirada oculta, revelada", "en": "Secret roll, revealed"},
    "secret.of": {"es": "Tirada oculta de {roller} (máster), nº {n}", "en": "Secret roll by {roller} (GM), no. {n}"},
    "secret.of_unnumbered": {"es": "Tirada oculta de {roller} (máster), sin número de cadena",
                             "en": "Secret roll by {roller} (GM), with no chain number"},
    "secret.made": {"es": "Hecha y sellada: el enlace no dice qué se tiró ni el resultado. Publícalo en el hilo; "
                          "revélala cuando quieras con «Revelar».",
                    "en": "Made and sealed: the link does not say what was rolled nor the result. Post it in the "
                          "thread; reveal it when you like with “Reveal”."},
    "secret.closed": {"es": "Tirada oculta sellada: la revelará el máster. Hasta entonces nadie más puede ver qué se "
                            "tiró ni el resultado; después cualquiera podrá comprobarla.",
                      "en": "Sealed secret roll: the GM will reveal it. Until then nobody else can see what was rolled "
                            "nor the result; then anyone can check it."},
    "secret.gm": {"es": "Tu tirada oculta: solo tú ves este resultado hasta que la reveles.",
                  "en": "Your secret roll: only you see this result until you reveal it."},
    "secret.revealed": {"es": "Revelada y comprobada: lo que se tiró y el secreto son los que fijó el enlace sellado "
                              "publicado antes, con su nº de cadena.",
                        "en": "Revealed and checked: what was rolled and the secret are the ones the sealed link "
                              "posted before fixed, with its chain number."},
    "guarantee.heading": {"es": "Qué garantiza una tirada sellada", "en": "What a sealed roll guarantees"},
    "guarantee.player": {"es": "Quien tira no puede ver los dados antes de publicar: dependen de un secreto que solo "
                               "guarda el máster, así que no puede repetir la tirada hasta que le guste.",
                         "en": "The roller cannot see the dice before posting: they depend on a secret only the GM "
                               "keeps, so they cannot roll again until they like it."},
    "guarantee.gm": {"es": "El máster no puede elegir los dados: fijó su secreto, y publicó su compromiso, antes de "
                           "que existiera el azar propio de quien tira.",
                     "en": "The GM cannot choose the dice: they fixed their secret, and posted its commitment, before "
                           "the roller's own randomness existed."},
    "guarantee.anyone": {"es": "Una vez revelada, cualquiera comprueba todo con los enlaces: el compromiso, los dados "
                               "y el resultado.",
                         "en": "Once revealed, anyone checks everything from the links: the commitment, the dice and "
                               "the result."},
    "guarantee.lost": {"es": "Si el máster pierde el secreto de la campaña (sin copia de «Mis datos»), sus tiradas "
                             "selladas no se podrán revelar nunca: la auditoría lo dirá, sin fallar.",
                       "en": "If the GM loses the campaign's secret (with no “My data” backup), its sealed rolls can "
                             "never be revealed: the audit will say so, without failing."},
    "guarantee.not": {"es": "No lo impide: un máster y un jugador que se pongan de acuerdo, ni un máster que no revele "
                            "o vuelva a pedir la tirada (la auditoría muestra las tiradas sin revelar).",
                      "en": "It does not prevent: a GM and a player acting together, nor a GM who does not reveal or "
                            "asks for the roll again (the audit shows the unrevealed rolls)."},
})
