"""Texts of fair play v2 (issue #13): audit lines, chain hand-over, GM roll requests."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "audit.brs_fork": {"es": "Confrontación con dos continuaciones distintas de la jugada {n}: alguien probó una "
                             "jugada y luego hizo otra",
                       "en": "A Confrontation with two different continuations of move {n}: someone tried a move "
                             "and then made another"},
    "audit.signed_move": {"es": "jugada {n} de una Confrontación (dados nuevos firmados)",
                          "en": "move {n} of a Confrontation (signed fresh dice)"},
    "audit.format1": {"es": "formato 1", "en": "format 1"},
    # issue 26: signed scene rolls and Confrontation starts; forks of games
    "audit.signed_start": {"es": "inicio de una Confrontación (dados iniciales firmados)",
                           "en": "start of a Confrontation (signed starting dice)"},
    "audit.signed_sealed_blind": {"es": "tirada a ciegas (sellada: la revela el máster)",
                                  "en": "blind roll (sealed: the GM reveals it)"},
    "audit.signed_sealed_secret": {"es": "tirada oculta del máster (sellada)", "en": "the GM's secret roll (sealed)"},
    "audit.kind_blind": {"es": "tirada a ciegas", "en": "blind roll"},
    "audit.kind_secret": {"es": "tirada oculta", "en": "secret roll"},
    "audit.kind_sealreq": {"es": "petición sellada", "en": "sealed request"},
    "audit.kind_reveal": {"es": "revelación", "en": "reveal"},
    "audit.signed_scene_roll": {"es": "tirada de una escena de Tragedia (firmada)",
                                "en": "roll of a Tragedia scene (signed)"},
    "audit.scene_fork": {"es": "Escena de Tragedia con dos continuaciones distintas tras la acción {n}",
                         "en": "A Tragedia scene with two different continuations after action {n}"},
    "audit.scene_fork_rolled": {"es": ", con una tirada: una tirada probada dos veces",
                                "en": ", with a roll: a roll tried twice"},
    "audit.brs_restart": {"es": "La misma preparación de Confrontación empezada {n} veces ({starts}): salvo que sea "
                                "una revancha, se volvió a probar el inicio",
                          "en": "The same Confrontation set-up started {n} times ({starts}): unless it is a rematch, "
                                "the start was tried again"},
    "audit.start_unsigned": {"es": "inicio sin firmar", "en": "unsigned start"},
    "audit.older_games": {"es": "de formato anterior", "en": "of an older format"},
    "scene.proves_signed": {"es": "Qué prueba este enlace: cada tirada de la escena sale de azar nuevo creado al tirar "
                                  "y ocupa un número en la cadena de quien tira; probarla dos veces deja un hueco o "
                                  "una bifurcación en la auditoría.",
                            "en": "What this link proves: each roll of the scene comes from fresh randomness made when "
                                  "it was rolled and takes a number in the roller's chain; trying it twice leaves a gap "
                                  "or a fork in the audit."},
    "scene.proves_older": {"es": "Escena de formato anterior: cada tirada sale de azar nuevo creado al tirar, pero no "
                                 "ocupa número en ninguna cadena (repetirla solo se ve si se publican las dos).",
                           "en": "A scene of an older format: each roll comes from fresh randomness made when it was "
                                 "rolled, but takes no number in any chain (a repeat only shows if both are posted)."},
    "brs.proves.signed": {"es": "Qué prueba este enlace: los dados iniciales y cada jugada que tira salen de azar nuevo, "
                                "numerado en la cadena de quien empezó o movió.",
                          "en": "What this link proves: the starting dice and every move that rolls come from fresh "
                                "randomness, numbered in the chain of who started or moved."},
    "brs.proves.v2": {"es": "Confrontación de formato anterior: cada jugada que tira va firmada, pero el inicio no "
                            "ocupa número de cadena (empezar otra vez no deja rastro).",
                      "en": "A Confrontation of an older format: every move that rolls is signed, but the start takes "
                            "no chain number (starting again leaves no trace)."},
    "brs.proves.v1": {"es": "Confrontación de formato 1: los dados se pueden recalcular, pero cada dado posterior a una "
                            "decisión se podía calcular con la semilla antes de decidir.",
                      "en": "A format 1 Confrontation: the dice are recomputable, but every die after a decision was "
                            "computable from the seed before that decision."},
    "audit.request": {"es": "Petición del máster «{label}»{who}: {problems}",
                      "en": "GM request “{label}”{who}: {problems}"},
    "audit.request_ok": {"es": "una tirada, conforme", "en": "one roll, matching"},
    "audit.req_same_id": {"es": "dos peticiones distintas con el mismo identificador",
                          "en": "two different requests with the same id"},
    "audit.req_mismatch": {"es": "una tirada que no corresponde a la petición", "en": "a roll that does not match it"},
    "audit.req_campaign": {"es": "sin campaña en la petición, respondida desde otra campaña que la de la primera tirada "
                                 "de quien responde", "en": "no campaign in the request, answered from another campaign "
                                 "than the answerer's first roll's"},
    "audit.req_second_roll": {"es": "más de una tirada para la misma petición", "en": "more than one roll for it"},
    "audit.req_unchained": {"es": "respondida con una tirada sin cadena (sin nombre o sin número)",
                            "en": "answered by a roll outside any chain (no name or number)"},
    # the report's verdict first (issue #26), each problem naming its roll
    "audit.all_ok": {"es": "Todo en orden: cada enlace se comprueba y ninguna cadena tiene huecos ni repeticiones",
                     "en": "All in order: every link checks out and no chain has gaps or repeats"},
    "audit.verdict_bad": {"es": ("Hay problemas en este hilo: {n} señalado", "Hay problemas en este hilo: {n} señalados"),
                          "en": ("There are problems in this thread: {n} flagged", "There are problems in this thread: {n} flagged")},
    "audit.more": {"es": "… y {n} más (abajo, marcados con ✘)", "en": "… and {n} more (below, marked ✘)"},
    "audit.link": {"es": "Enlace", "en": "Link"},
    "audit.thread": {"es": "El hilo", "en": "The thread"},
    "audit.flagged_link": {"es": "con problemas", "en": "flagged"},
    "audit.kind_request": {"es": "petición del máster", "en": "GM request"},
    "audit.kind_chain": {"es": "traspaso de cadena", "en": "chain hand-over"},
    "audit.kind_roll": {"es": "tirada", "en": "roll"},
    "audit.kind_other": {"es": "otro tipo", "en": "another kind"},
    "audit.how_to_paste": {"es": "Cómo pegar un hilo: copia el código de los mensajes (BBCode o Markdown, desde "
                                 "«Citar» o «Editar»), o selecciona los mensajes tal como se ven en el foro, cópialos "
                                 "y pégalos aquí con Ctrl+V: la página lee también las direcciones que hay detrás de "
                                 "«Comprobar la tirada».",
                           "en": "How to paste a thread: copy the posts' source (BBCode or Markdown, from “Quote” or "
                                 "“Edit”), or select the posts as the forum shows them, copy them and paste them here "
                                 "with Ctrl+V: the page also reads the addresses behind “Check the roll”."},
    "audit.req_no_roll": {"es": "ninguna tirada para ella en este texto", "en": "no roll for it in this text"},
    # GM roll requests (the roll view)
    "request.heading": {"es": "Tirada pedida por el máster", "en": "Roll requested by the GM"},
    "request.text": {"es": "«{label}» para {who}. El formulario está fijado a la petición; la tirada la nombrará, "
                           "y una segunda tirada para la misma petición se verá en la auditoría.",
                     "en": "“{label}” for {who}. The form is locked to the request; the roll will name it, and a "
                           "second roll for the same request shows in the audit."},
    "request.ask": {"es": "Te pide: {pool}. «Tirar» la hace así; abajo puedes cambiar lo que la petición deja libre.",
                    "en": "It asks for: {pool}. “Roll” makes it as it stands; below you can change what the request "
                          "leaves free."},
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
                         "bifurcaciones que la auditoría muestra. Un enlace de traspaso que cambiaría una cadena que "
                         "ya tienes aquí te pregunta antes; acéptalo solo si lo creaste tú.",
                   "en": "Your chain's numbering lives in this browser. To go on on another device without starting "
                         "another chain, make the hand-over link and open it there (or export your data in “My "
                         "data” and import it there). Rolling with the same chain in two places at once makes forks "
                         "the audit shows. A hand-over link that would change a chain you already have here asks "
                         "first; accept it only if you made it yourself."},
    "chain.handover": {"es": "Seguir en otro dispositivo", "en": "Continue on another device"},
    "chain.link": {"es": "Enlace de traspaso de la cadena", "en": "Chain hand-over link"},
    "chain.given": {"es": "Abre este enlace en el otro dispositivo (sirve una sola vez en cada navegador). Este navegador deja de usar la "
                          "cadena nº {seq} de {who}: queda retirada aquí y no tirará con ella hasta que vuelva con un "
                          "enlace de traspaso (o abre este aquí para recuperarla).",
                    "en": "Open this link on the other device (it works once in each browser). This browser stops using chain nº {seq} "
                          "of {who}: it is retired here and will not roll with it until it comes back with a hand-over "
                          "link (or open this one here to take it back)."},
    "chain.none": {"es": "Escribe antes tu nombre (y la partida o hilo).", "en": "Type your name (and campaign or thread) first."},
    "chain.adopted": {"es": "Cadena de {who} recibida: la próxima tirada será la nº {next}.",
                      "en": "Chain of {who} received: the next roll will be nº {next}."},
    "chain.ask_active": {"es": "Este enlace de traspaso cambiaría tu cadena de {who}: en este navegador va por la nº {here} y "
                               "nunca se pasó a otro dispositivo. El enlace dice que sigue en la nº {last}: las tiradas de la "
                               "nº {first} a la nº {last} quedarían como hechas en otro sitio y la numeración no podría volver "
                               "atrás. Acéptalo solo si lo creaste tú en otro dispositivo; si alguien te lo pasó, cancélalo.",
                         "en": "This hand-over link would change your chain of {who}: in this browser it is at nº {here} and "
                               "was never handed to another device. The link says it goes on at nº {last}: rolls nº {first} "
                               "to nº {last} would count as made elsewhere and the numbering could not go back. Accept it only "
                               "if you made it on another device yourself; if someone gave it to you, cancel."},
    "chain.ask_retired": {"es": "Este navegador pasó la cadena de {who} a otro dispositivo en la nº {here}. El enlace dice que "
                                "allí siguió hasta la nº {last}. Acéptalo solo si lo creaste tú en ese dispositivo; si alguien "
                                "te lo pasó, cancélalo.",
                          "en": "This browser handed the chain of {who} to another device at nº {here}. The link says it went "
                                "on there up to nº {last}. Accept it only if you made it on that device yourself; if someone "
                                "gave it to you, cancel."},
    "chain.ask_back": {"es": "Este enlace es el traspaso hecho desde este navegador en la nº {here}: ¿recuperar aquí la "
                             "cadena de {who}? Si ya tiraste con ella en el otro dispositivo, no: usa un enlace hecho allí.",
                       "en": "This link is the hand-over made from this browser at nº {here}: take the chain of {who} back "
                             "here? If you already rolled with it on the other device, don't: use a link made there."},
    "chain.ask_sure": {"es": "Creé yo este enlace en mi otro dispositivo", "en": "I made this link on my other device"},
    "chain.ask_yes": {"es": "Seguir la cadena de {who} (próxima nº {next})", "en": "Continue the chain of {who} (next nº {next})"},
    "chain.ask_no": {"es": "Cancelar: dejar la cadena como está", "en": "Cancel: keep the chain as it is"},
    "chain.ask_kept": {"es": "Enlace de traspaso no usado: la cadena sigue como estaba.",
                       "en": "Hand-over link not used: the chain stays as it was."},
    "chain.ask_kept_chain": {"es": "Enlace de traspaso no usado: la cadena de {who} sigue como estaba (próxima nº {next}).",
                             "en": "Hand-over link not used: the chain of {who} stays as it was (next nº {next})."},
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
