"""UI text es/en of sealed rolls on the page (issue #27; docs/link-format.md §19): the GM's "blind
roll" box, the player's sealed roll, a blind link opened by the GM or by anyone else, and a reveal
(web/ui_sealed.py, web/sealed_view.py)."""

from __future__ import annotations

STRINGS = {
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
    "data.place.sealkeys": {"es": "El secreto de la campaña «{name}»", "en": "The secret of the campaign “{name}”"},
}
