"""UI text of the Confrontation's before and after (issue #15): the trigger, the Spoils bidding with
its Challenge, and the aftermath on the sheets. Spanish first (the seed's terms: Disparar, Botín,
Dolor, Estipulación, Retractarse, Ver la puja, Desafío, Botín Ordinario, Vapuleado, Devastado,
Quebrantado, Ordalía, Personaje Más Devastado, Facción, Héroe), English too.

Merged into :data:`strings.STRINGS` by one line at the end of web/shell/strings.py. ``brs.pf.seed.*`` and
``brs.after.seed`` are the source's own words, always shown in Spanish beside the table setting.
"""

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    # the trigger
    "brs.pf.trigger": {"es": "Disparar la Confrontación", "en": "Triggering the Confrontation"},
    "brs.pf.trigger_on": {"es": "Comprobar el disparo al empezar", "en": "Check the trigger when starting"},
    "brs.pf.component": {"es": "Componente del jugador que dispara", "en": "The triggering player's Component"},
    "brs.pf.faces": {"es": "Componente del Cronista al que se encara", "en": "The Chronicler's Component it faces"},
    "brs.pf.limit": {"es": "Componentes que cada participante puede implicar al principio (vacío: sin límite)",
                     "en": "Components each participant may involve at the start (empty: no limit)"},
    "brs.pf.seed.trigger": {"es": "Un jugador puede disparar una Confrontación solo cuando uno de los Componentes del "
                                  "Cronista y uno de sus propios Componentes se encaran: esos serán los Componentes con "
                                  "los que empezará la lucha.",
                            "en": "Un jugador puede disparar una Confrontación solo cuando uno de los Componentes del "
                                  "Cronista y uno de sus propios Componentes se encaran: esos serán los Componentes con "
                                  "los que empezará la lucha."},
    "brs.pf.seed.limit": {"es": "Cada participante empieza la lucha con, como mucho, este número de Componentes implicados.",
                          "en": "Each participant starts the fight with at most this many Components involved."},
    # the bidding
    "brs.pf.bidding": {"es": "La puja del Botín", "en": "The Spoils bidding"},
    "brs.pf.bidding_help": {"es": "El Cronista puja primero con un Dolor; luego los bandos se turnan. Al Ver la puja o "
                                  "Retractarse, el resultado pasa al Botín y las Estipulaciones de arriba.",
                            "en": "The Chronicler bids first with a Pain; then the sides take turns. When a side Calls "
                                  "or Backs Down, the result fills the Spoils and Stipulations above."},
    "brs.pf.turn": {"es": "Puja: {side}", "en": "To bid: {side}"},
    "brs.pf.act": {"es": "Puja", "en": "Bid"},
    "brs.pf.act.pain": {"es": "Nombrar un nuevo Dolor", "en": "Name a new Pain"},
    "brs.pf.act.stipulation": {"es": "Proponer una Estipulación", "en": "Propose a Stipulation"},
    "brs.pf.act.reduce": {"es": "Reducir un Dolor contra ti", "en": "Reduce a Pain against you"},
    "brs.pf.act.back_down": {"es": "Retractarse (Botín Ordinario)", "en": "Back Down (Ordinary Spoils)"},
    "brs.pf.act.call": {"es": "Ver la puja", "en": "Call"},
    "brs.pf.act.challenge": {"es": "Desafío: bloquear el Retractarse", "en": "Challenge: block the Back Down"},
    "brs.pf.reduce_which": {"es": "Dolor que se reduce", "en": "Pain to reduce"},
    "brs.pf.text": {"es": "Texto del Dolor o la Estipulación", "en": "Text of the Pain or Stipulation"},
    "brs.pf.bid": {"es": "Pujar", "en": "Bid"},
    "brs.pf.undo": {"es": "Deshacer la última puja", "en": "Undo the last bid"},
    "brs.pf.pains": {"es": "Dolor en juego", "en": "Pain at stake"},
    "brs.pf.pain_n": {"es": "Dolor {n}", "en": "Pain {n}"},
    "brs.pf.pain_line": {"es": "de {by}, lo sufre {who} si pierde", "en": "by {by}, suffered by {who} on losing"},
    "brs.pf.called": {"es": "Se vio la puja: la Confrontación se libra por este Botín.",
                      "en": "The bid was Called: the Confrontation is fought for these Spoils."},
    "brs.pf.backed": {"es": "{side} se retractó: todo el Dolor y las Estipulaciones se descartan (Botín Ordinario).",
                      "en": "{side} Backed Down: all Pain and Stipulations are discarded (Ordinary Spoils)."},
    "brs.pf.challenge_note": {"es": "Motivo del Desafío (opcional)", "en": "Reason for the Challenge (optional)"},
    "brs.pf.seed.challenge": {"es": "Siempre que eso ocurra y el Dolor/Botín sea razonable, el resto de jugadores pueden "
                                    "lanzar un Desafío para bloquear su cobarde intento de Retractarse.",
                              "en": "Siempre que eso ocurra y el Dolor/Botín sea razonable, el resto de jugadores pueden "
                                    "lanzar un Desafío para bloquear su cobarde intento de Retractarse."},
    # the help's list of project decisions (docs/brs-spoils.md)
    "brs.help.pf1": {"es": "Puja del Botín: la puja inicial del Cronista nombra un Dolor; tras un Desafío, ese bando ya no "
                           "puede Retractarse en la misma puja (la mesa juzga si era costumbre y si el Botín era razonable).",
                     "en": "Spoils bidding: the Chronicler's opening bid names a Pain; after a Challenge that side may not "
                           "Back Down again in the same bidding (the table judges habit and reasonableness)."},
    "brs.help.pf2": {"es": "Disparo: la comprobación es opcional; los dos Componentes que se encaran están en la lucha desde "
                           "el principio, y el límite de Componentes implicados (2 en el ejemplo de la fuente) se cuenta por "
                           "participante al empezar, no al Reforzar.",
                     "en": "Trigger: the check is optional; the two facing Components are in the fight from the start, "
                           "and the limit of Components involved (2 in the source's example) is counted per participant "
                           "at the start, not when Reinforcing."},
    "brs.help.pf3": {"es": "Después de la lucha: el primer Componente de un Héroe es el Héroe y los demás cuentan como Facción "
                           "(se puede cambiar); se tacha el hueco del dado perdido; una misma Confrontación se anota una sola "
                           "vez en cada ficha.",
                     "en": "After the fight: a Hero's first Component is the Hero and the others count as a Faction's "
                           "(changeable); the lost die's slot is crossed out; a Confrontation is recorded once per sheet."},
    "brs.help.pf4": {"es": "Personaje Más Devastado: cuenta los dados realmente perdidos (no una Debilidad en su lugar); con "
                           "empate, lo comparten todos los empatados.",
                     "en": "Most Devastated Character: counts the dice really lost (not a Weakness instead); on a tie, "
                           "all tied share it."},
    # after the fight
    "brs.after.heading": {"es": "Después de la lucha: las fichas", "en": "After the fight: the sheets"},
    "brs.after.intro": {"es": "Lo que esta Confrontación deja en cada ficha. Los dados Vapuleados vuelven a la ficha.",
                        "en": "What this Confrontation leaves on each sheet. Battered dice go back to the sheet."},
    "brs.after.won": {"es": "{name} (bando ganador)", "en": "{name} (winning side)"},
    "brs.after.lost": {"es": "{name} (bando perdedor)", "en": "{name} (losing side)"},
    "brs.after.vp": {"es": "PV: {n}", "en": "VP: {n}"},
    "brs.after.devastated": {"es": "Dados Devastados (para el Personaje Más Devastado): {n}",
                             "en": "Devastated dice (for the Most Devastated Character): {n}"},
    "brs.after.horde": {"es": "A la Horda: {dice}", "en": "Into the Horde: {dice}"},
    "brs.after.broken": {"es": "{name} queda Quebrantado: la Ordalía termina y debe retirarse de la Saga.",
                         "en": "{name} is Broken: the Ordeal ends and they must retire from the Saga."},
    "brs.after.weakness": {"es": "Debilidad «{trait}» ({die}), a favor de {by}", "en": "Weakness «{trait}» ({die}), held by {by}"},
    "brs.after.kind.hero": {"es": "Héroe", "en": "Hero"},
    "brs.after.kind.faction": {"es": "Facción", "en": "Faction"},
    "brs.after.returned": {"es": "Vuelven a la ficha: {dice}", "en": "Back to the sheet: {dice}"},
    "brs.after.crossed": {"es": "Tachados hasta la próxima Ordalía del Héroe: {dice}",
                          "en": "Crossed out until the Hero's next Ordeal: {dice}"},
    "brs.after.lost_dice": {"es": "Perdidos para siempre (Facción): {dice}", "en": "Lost for good (Faction): {dice}"},
    "brs.after.destroyed": {"es": "Todos sus dados Devastados: destruido o asesinado.",
                            "en": "All its dice Devastated: destroyed or killed."},
    "brs.after.kind_help": {"es": "El primer Componente de un Héroe cuenta como el Héroe y los demás como Facción; "
                                  "cámbialo aquí si tu mesa lo ve de otro modo.",
                            "en": "A Hero's first Component counts as the Hero and the others as a Faction's; change it "
                                  "here if your table sees it otherwise."},
    "brs.after.seed": {"es": "Estos dados se pierden durante toda la Ordalía: en el caso de los Héroes, volverán a tenerlos "
                             "en la próxima Ordalía que protagonicen; si se trata de dados de una Facción, esos dados se "
                             "perderán para siempre.",
                       "en": "Estos dados se pierden durante toda la Ordalía: en el caso de los Héroes, volverán a tenerlos "
                             "en la próxima Ordalía que protagonicen; si se trata de dados de una Facción, esos dados se "
                             "perderán para siempre."},
    "brs.after.apply": {"es": "Anotar en mis fichas", "en": "Record on my sheets"},
    "brs.after.applied": {"es": "Anotado en: {names}.", "en": "Recorded on: {names}."},
    "brs.after.none": {"es": "Ninguna ficha anotada.", "en": "No sheet recorded."},
    "brs.after.missing": {"es": "Sin ficha en «Mis datos» con ese nombre: {names}.",
                          "en": "No sheet in \u201cMy data\u201d with that name: {names}."},
    "brs.after.refused": {"es": "Sin cambios: {names}.", "en": "Unchanged: {names}."},
    "brs.after.most": {"es": "Personaje Más Devastado entre tus fichas: {names}.",
                       "en": "Most Devastated Character among your sheets: {names}."},
    # the sheet's record (Mis datos)
    "data.brs_record": {"es": "Tras las Confrontaciones", "en": "After the Confrontations"},
    "data.brs_record.line": {"es": "Confrontaciones: {c} · PV: {vp} · Dados Devastados: {d}",
                             "en": "Confrontations: {c} · VP: {vp} · Devastated dice: {d}"},
    "data.brs_record.crossed": {"es": "Huecos del Héroe tachados en esta Ordalía: {dice}",
                                "en": "Hero slots crossed out this Ordeal: {dice}"},
    "data.brs_record.lost": {"es": "Dados de Facción perdidos: {dice}", "en": "Faction dice lost: {dice}"},
    "data.brs_record.destroyed": {"es": "Destruidos o asesinados: {names}", "en": "Destroyed or killed: {names}"},
    "data.brs_record.weaknesses": {"es": "Debilidades: {items}", "en": "Weaknesses: {items}"},
    "data.brs_record.broken": {"es": "Quebrantado: debe retirarse de la Saga.", "en": "Broken: must retire from the Saga."},
    "data.brs_record.new_ordeal": {"es": "Nueva Ordalía: recuperar los huecos del Héroe",
                                   "en": "New Ordeal: give the Hero's slots back"},
}
