"""UI text of the Confrontation's standing orders (issue #29, docs/brs-pace.md), Spanish first,
English too. Merged into :data:`strings.STRINGS` by web/shell/strings.py. Each order quotes the seed's words
(../shared/seeds/000_95455a330fc0ceb0.txt) where it appears.
"""

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "brs.orders.heading": {"es": "Órdenes permanentes (cuando no es tu turno)",
                           "en": "Standing orders (when it is not your turn)"},
    "brs.orders.help": {"es": "Deciden por ti lo que las reglas te piden mientras mueve el otro bando, y así la partida "
                              "no se para a esperar tu mensaje. Viajan en tu próximo enlace: quedan fijadas antes de que "
                              "el otro bando tire, y la lista de jugadas muestra dónde.",
                        "en": "They decide for you what the rules ask of you while the other side moves, so the game "
                              "does not stop to wait for your post. They travel in your next link: fixed before the "
                              "other side rolls, and the list of moves shows where."},
    "brs.orders.player": {"es": "Órdenes de {player}", "en": "{player}'s orders"},
    "brs.orders.pending": {"es": "Cambiadas: irán en tu próximo movimiento.", "en": "Changed: they go with your next move."},
    "brs.orders.in_link": {"es": "Son las que lleva el enlace.", "en": "These are the ones in the link."},
    "brs.orders.renew": {"es": "Renovar no necesita orden: se Renueva «cuando te llega el turno de Avanzar dados», en tu "
                               "propio mensaje.",
                         "en": "Renewing needs no order: you Renew «cuando te llega el turno de Avanzar dados» (when it is "
                               "your turn to advance dice), in your own post."},
    "brs.orders.ask": {"es": "Preguntarme (la partida espera mi mensaje)", "en": "Ask me (the game waits for my post)"},
    "brs.orders.strength": {"es": "Fuerza del rival: qué dado tuyo se daña", "en": "The opponent's Strength: which of your dice is damaged"},
    "brs.orders.strength.seed": {"es": "Si {other} juega un dado de Fuerza, a {player} le toca dañar uno de sus propios dados Disponibles.",
                                 "en": "When {other} plays a Strength die, {player} must damage one of their own Available dice."},
    "brs.orders.strength.battered": {"es": "Uno de cara par (solo queda Vapuleado), el más pequeño",
                                     "en": "One with an even face (only Battered), the smallest"},
    "brs.orders.strength.smallest": {"es": "El dado más pequeño", "en": "The smallest die"},
    "brs.orders.endurance": {"es": "Tu Resistencia: qué dado mejora", "en": "Your Endurance: which die it lifts"},
    "brs.orders.endurance.seed": {"es": "«puede escoger uno de sus dados y mejorar su estado un grado»",
                                  "en": "«puede escoger uno de sus dados y mejorar su estado un grado» (one of your dice, one step up)"},
    "brs.orders.endurance.save": {"es": "Primero el que se iba a perder (Devastado → Vapuleado → Usado)",
                                  "en": "First the one about to be lost (Devastated → Battered → Used)"},
    "brs.orders.endurance.available": {"es": "Primero un Usado a Disponibles", "en": "First a Used die back to Available"},
    "brs.orders.ruling": {"es": "Aspectos sin efecto escrito (Fusión de almas, Hechicería Bendita, Forja de almas, "
                                "Hechicería, Fortaleza, Segador de almas)",
                          "en": "Aspects with no written effect (Soul-Fused, Blessed Sorcery, Soul-Forged, Sorcery, "
                                "Fortaleza, Soul Reaper)"},
    "brs.orders.ruling.seed": {"es": "Cuando {player} juega uno de estos dados: «Sin efecto» sigue la partida; «Preguntarme» "
                                     "te deja decidir con tu mesa.",
                               "en": "When {player} plays one of these dice: «No effect» goes on; «Ask me» lets you decide "
                                     "with your table."},
    "brs.orders.ruling.none": {"es": "Sin efecto", "en": "No effect"},
    "brs.orders.devastate": {"es": "Un dado que Devastas: que lo pierda, o una Debilidad",
                             "en": "A die you Devastate: lost, or a Weakness"},
    "brs.orders.devastate.seed": {"es": "«puedes escoger hacerle perder el dado o crearle una Debilidad». La Debilidad "
                                        "necesita un Rasgo, así que se pregunta siempre.",
                                  "en": "«puedes escoger hacerle perder el dado o crearle una Debilidad» (lose the die, or "
                                        "a Weakness). A Weakness needs a Trait, so it is always asked."},
    "brs.orders.devastate.lose": {"es": "Que lo pierda (al Cementerio, 1 PV)", "en": "Lost (to the Graveyard, 1 VP)"},
    "brs.orders.bonus": {"es": "Premio por Vapulear", "en": "Bonus for Battering"},
    "brs.orders.bonus.seed": {"es": "«puede sacar el dado de tamaño más pequeño del Cementerio para dejarlo en su propia Horda»",
                              "en": "«puede sacar el dado de tamaño más pequeño del Cementerio para dejarlo en su propia "
                                    "Horda» (may take the smallest Graveyard die into their Horde)"},
    "brs.orders.bonus.die": {"es": "El dado más pequeño (si no hay, un contador)", "en": "The smallest die (else a token)"},
    "brs.orders.bonus.advantage": {"es": "Un contador de Ventaja (si no hay, el dado)", "en": "An Advantage token (else the die)"},
    "brs.orders.bonus.none": {"es": "Nada", "en": "Nothing"},
    "brs.orders.defeat": {"es": "Dado de «Derrotado por …» que das", "en": "The «Defeated by …» die you give"},
    "brs.orders.defeat.seed": {"es": "«el ganador podrá elegir el dado del tamaño que quiera de entre los que haya en el Cementerio»",
                               "en": "«el ganador podrá elegir el dado del tamaño que quiera de entre los que haya en el "
                                     "Cementerio» (the winner picks any size in the Graveyard)"},
    "brs.orders.defeat.largest": {"es": "El mayor", "en": "The largest"},
    "brs.orders.defeat.smallest": {"es": "El menor", "en": "The smallest"},
    "brs.orders.pick": {"es": "Como Líder: a quién eliges para atacar", "en": "As Leader: whom you pick to attack"},
    "brs.orders.pick.seed": {"es": "«el Líder de ese bando elige qué jugador atacará. Ese jugador escoge a su vez quién será su "
                                   "blanco». Con la orden, quien ataca elige su blanco en su mensaje sin esperarte; una "
                                   "Inversión va antes («tu Líder debe escogerte como atacante»).",
                             "en": "«el Líder de ese bando elige qué jugador atacará. Ese jugador escoge a su vez quién será "
                                   "su blanco» (the Leader picks the attacker, who picks the target). With the order, the "
                                   "attacker picks the target in their own post without waiting for you; a Reversal comes "
                                   "first."},
    "brs.orders.pick.defender": {"es": "Quien acaba de defenderse: contraataca en el mismo mensaje (si no tiene 2 dados "
                                       "Disponibles, el ataque más fuerte)",
                                 "en": "Whoever has just defended: they hit back in the same post (without 2 Available "
                                       "dice, the strongest attack)"},
    "brs.orders.pick.self": {"es": "Yo (si no tengo 2 dados Disponibles, el ataque más fuerte)",
                             "en": "Me (without 2 Available dice, the strongest attack)"},
    "brs.orders.pick.strongest": {"es": "El ataque más fuerte (los 2 dados Disponibles más altos)",
                                  "en": "The strongest attack (the 2 highest Available dice)"},
    "brs.orders.pick.turns": {"es": "Por turnos, en el orden del bando", "en": "In turns, in the side's order"},
    "brs.orders.quick": {"es": "{player}: la partida te esperará cada vez que las reglas te pidan decidir mientras mueve "
                               "el otro bando.",
                         "en": "{player}: the game will wait for you whenever the rules ask you to decide while the other "
                               "side moves."},
    "brs.orders.quick_help": {"es": "Con las órdenes rápidas no espera: {orders}. Van con tu próxima jugada (tócalo antes "
                                    "de jugar para que vayan en este mensaje); puedes cambiarlas cuando quieras en "
                                    "«Órdenes permanentes».",
                              "en": "With the quick orders it does not wait: {orders}. They go with your next move (tap it "
                                    "before you move for them to go in this post); you can change them any time in "
                                    "«Standing orders»."},
    "brs.orders.quick_button": {"es": "Usar las órdenes rápidas para {player}", "en": "Use the quick orders for {player}"},
    "brs.orders.quick_pending": {"es": "Órdenes de {player}, irán en tu próximo movimiento: {orders}.",
                                 "en": "{player}'s orders, going with your next move: {orders}."},
    "brs.kind.orders": {"es": "fija sus órdenes permanentes", "en": "sets standing orders"},
    "brs.log.by_order": {"es": " (orden permanente de {player})", "en": " ({player}'s standing order)"},
    # the Spoils bidding by links (docs/brs-spoils.md §Bidding by links)
    "brs.bidlink.help": {"es": "Cada puja es un enlace, como la lucha: publícalo y el otro bando responde con el suyo. Las "
                               "pujas se alternan a la vista de los dos bandos y el enlace no lleva semilla: los dados se "
                               "tiran al «Empezar», después de «Ver la puja».",
                         "en": "Each bid is a link, like the fight: post it and the other side answers with theirs. Bids "
                               "alternate in view of both sides and the link carries no seed: the dice are rolled at "
                               "\"Start\", after the Call."},
    "brs.bidlink.label": {"es": "Enlace de la puja", "en": "Bidding link"},
    "brs.bidlink.copy": {"es": "Copiar el enlace de la puja", "en": "Copy the bidding link"},
    "audit.kind_bid": {"es": "puja del Botín", "en": "Spoils bidding"},
    "brs.bidlink.error": {"es": "No se pudo abrir la puja", "en": "The bidding could not be opened"},
}
