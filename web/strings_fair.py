"""Texts of fair play v2 (issue #13): audit lines, chain hand-over, GM roll requests."""

from __future__ import annotations

STRINGS = {
    "audit.brs_fork": {"es": "Confrontación con dos continuaciones distintas de la jugada {n}: alguien probó una "
                             "jugada y luego hizo otra",
                       "en": "A Confrontation with two different continuations of move {n}: someone tried a move "
                             "and then made another"},
    "audit.signed_move": {"es": "jugada {n} de una Confrontación (dados nuevos firmados)",
                          "en": "move {n} of a Confrontation (signed fresh dice)"},
    "audit.format1": {"es": "formato 1", "en": "format 1"},
    "audit.request": {"es": "Petición del máster «{label}»{who}: {problems}",
                      "en": "GM request “{label}”{who}: {problems}"},
    "audit.request_ok": {"es": "una tirada, conforme", "en": "one roll, matching"},
    "audit.req_same_id": {"es": "dos peticiones distintas con el mismo identificador",
                          "en": "two different requests with the same id"},
    "audit.req_mismatch": {"es": "una tirada que no corresponde a la petición", "en": "a roll that does not match it"},
    "audit.req_second_roll": {"es": "más de una tirada para la misma petición", "en": "more than one roll for it"},
    "audit.req_no_roll": {"es": "ninguna tirada para ella en este texto", "en": "no roll for it in this text"},
    # GM roll requests (the roll view)
    "request.heading": {"es": "Tirada pedida por el máster", "en": "Roll requested by the GM"},
    "request.text": {"es": "«{label}» para {who}. El formulario está fijado a la petición; la tirada la nombrará, "
                           "y una segunda tirada para la misma petición se verá en la auditoría.",
                     "en": "“{label}” for {who}. The form is locked to the request; the roll will name it, and a "
                           "second roll for the same request shows in the audit."},
    "request.anyone": {"es": "cualquiera", "en": "anyone"},
    "request.no_label": {"es": "sin etiqueta", "en": "no label"},
    "request.cancel": {"es": "Tirar sin la petición", "en": "Roll without the request"},
    "request.used": {"es": "Ya se tiró para esta petición en este navegador: una segunda tirada se verá en la auditoría.",
                     "en": "A roll was already made for this request in this browser: a second one shows in the audit."},
    "request.make_heading": {"es": "Pedir una tirada (máster)", "en": "Request a roll (GM)"},
    "request.make_help": {"es": "Crea un enlace que pide exactamente la tirada del formulario (sistema, dados, "
                                "dificultad y etiqueta) a un jugador. Quien lo abra verá el formulario fijado.",
                          "en": "Makes a link asking a player for exactly the roll of the form (system, dice, "
                                "difficulty and label). Whoever opens it sees the form locked."},
    "request.for": {"es": "Para (nombre del jugador)", "en": "For (player's name)"},
    "request.make": {"es": "Crear enlace de petición", "en": "Make the request link"},
    "request.link": {"es": "Enlace de petición", "en": "Request link"},
    "request.made": {"es": "Enlace de petición creado: cópialo en el hilo.", "en": "Request link made: copy it into the thread."},
    # continue a chain on another device
    "chain.note": {"es": "La numeración de tu cadena vive en este navegador. Para seguir en otro dispositivo sin "
                         "empezar otra cadena, crea el enlace de traspaso y ábrelo allí (o exporta tus datos en "
                         "«Mis datos» e impórtalos allí). Tirar con la misma cadena en dos sitios a la vez crea "
                         "bifurcaciones que la auditoría muestra.",
                   "en": "Your chain's numbering lives in this browser. To go on on another device without starting "
                         "another chain, make the hand-over link and open it there (or export your data in “My "
                         "data” and import it there). Rolling with the same chain in two places at once makes forks "
                         "the audit shows."},
    "chain.handover": {"es": "Seguir en otro dispositivo", "en": "Continue on another device"},
    "chain.link": {"es": "Enlace de traspaso de la cadena", "en": "Chain hand-over link"},
    "chain.given": {"es": "Abre este enlace en el otro dispositivo (sirve una sola vez). Este navegador deja de usar la "
                          "cadena nº {seq} de {who}: queda retirada aquí y no tirará con ella hasta que vuelva con un "
                          "enlace de traspaso (o abre este aquí para recuperarla).",
                    "en": "Open this link on the other device (it works once). This browser stops using chain nº {seq} "
                          "of {who}: it is retired here and will not roll with it until it comes back with a hand-over "
                          "link (or open this one here to take it back)."},
    "chain.none": {"es": "Escribe antes tu nombre (y la partida o hilo).", "en": "Type your name (and campaign or thread) first."},
    "chain.adopted": {"es": "Cadena de {who} recibida: la próxima tirada será la nº {next}.",
                      "en": "Chain of {who} received: the next roll will be nº {next}."},
    "chain.same": {"es": "Este navegador ya tiene esa cadena de {who} (siguiente nº {next}).",
                   "en": "This browser already has that chain of {who} (next nº {next})."},
    "chain.retired": {"es": "La cadena de {who} se pasó a otro dispositivo en la nº {seq}: aquí está retirada y no se "
                            "tirará con ella (empezaría otra nº 1). Para seguir aquí, abre un enlace de traspaso hecho "
                            "allí; para otra cadena, cambia el nombre o la partida.",
                      "en": "The chain of {who} was handed over to another device at nº {seq}: it is retired here and "
                            "will not be rolled (that would start a new nº 1). To go on here, open a hand-over link made "
                            "there; for another chain, change the name or campaign."},
    "chain.older": {"es": "Este enlace de traspaso es anterior a la cadena de {who} que hay aquí (siguiente nº {next}): "
                          "se conserva la de aquí; usarlo haría retroceder o bifurcar la cadena.",
                    "en": "This hand-over link is older than the chain of {who} here (next nº {next}): the chain here "
                          "is kept; using the link would move the chain back or fork it."},
    "chain.used": {"es": "Este enlace de traspaso ya se usó en este navegador y no sirve otra vez: la cadena de {who} "
                         "sigue donde estaba (siguiente nº {next}), no vuelve atrás.",
                   "en": "This hand-over link was already used in this browser and does not work again: the chain of "
                         "{who} stays where it was (next nº {next}), it does not go back."},
}
