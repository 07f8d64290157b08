"""UI text of the Confrontation's seats, "your move first" status, the story of each move and the
end (issue #29), Spanish first, English too. Merged into :data:`strings.STRINGS` by web/shell/strings.py.
Game terms as web/brs/strings_brs.py (the Spanish text of ../shared/rules/blood-red-sands.md).
"""

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    # seats: which side this browser plays
    "brs.seat.ask": {"es": "¿Qué bando juegas en este navegador?", "en": "Which side do you play in this browser?"},
    "brs.seat.ask_help": {"es": "Solo verás los movimientos de tu bando. Se recuerda para esta Confrontación.",
                          "en": "You will only see your side's moves. It is remembered for this Confrontation."},
    "brs.seat.side": {"es": "Juego con {side} ({players})", "en": "I play {side} ({players})"},
    "brs.seat.both": {"es": "Los dos bandos, en este dispositivo", "en": "Both sides, on this device"},
    "brs.seat.watch": {"es": "Ninguno: solo miro", "en": "Neither: I only watch"},
    "brs.seat.is_side": {"es": "Juegas con el bando {side} ({players}).", "en": "You play the side {side} ({players})."},
    "brs.seat.is_both": {"es": "Este dispositivo juega los dos bandos.", "en": "This device plays both sides."},
    "brs.seat.is_watch": {"es": "Solo miras: no juegas en esta Confrontación.",
                          "en": "You only watch: you play no side in this Confrontation."},
    "brs.seat.change": {"es": "Cambiar de bando", "en": "Change side"},
    "brs.seat.yours": {"es": "Te toca, {player}", "en": "Your move, {player}"},
    "brs.seat.wait": {"es": "No te toca: ahora mueve {player} ({side}). Pásale el enlace.",
                      "en": "Not your move: {player} ({side}) moves now. Pass them the link."},
    "brs.seat.watching": {"es": "Ahora mueve {player} ({side}).", "en": "{player} ({side}) moves now."},
    "brs.seat.choose_first": {"es": "Elige tu bando para ver tus movimientos.", "en": "Choose your side to see your moves."},
    "brs.seat.other": {"es": "{name}: PV {vp} · Ventaja {adv} · Disponibles: {dice}",
                       "en": "{name}: VP {vp} · Advantage {adv} · Available: {dice}"},
    # the last move, in words
    "brs.last": {"es": "Último movimiento: {text}", "en": "Last move: {text}"},
    "brs.last.none": {"es": "Aún no hay movimientos.", "en": "No moves yet."},
    "brs.story.attack": {"es": "{player} ataca a {target} con {dice} = {score}",
                         "en": "{player} attacks {target} with {dice} = {score}"},
    "brs.story.defend": {"es": "{player} defiende con {dice} contra {score}: {outcome}",
                         "en": "{player} defends with {dice} against {score}: {outcome}"},
    "brs.story.next": {"es": "Ahora: {step}", "en": "Now: {step}"},
    # the end
    "brs.end.winner": {"es": "Gana {winner}; se rindió el bando {loser}.", "en": "{winner} wins; the side {loser} Yielded."},
    "brs.end.pain": {"es": "Dolor del Botín (pujado por {winner}) que sufre {bearer}: {pains}.",
                     "en": "Pain of the Spoils (bid by {winner}) that {bearer} suffers: {pains}."},
    "brs.end.pain_table": {"es": "Botín sin bando (la mesa decide si lo sufre {bearer}): {pains}.",
                           "en": "Spoils with no side named (the table decides if {bearer} suffers it): {pains}."},
    "brs.end.no_pain": {"es": "{winner} no pujó ningún Dolor: {bearer} no sufre ninguno.",
                        "en": "{winner} bid no Pain: {bearer} suffers none."},
    "brs.end.ordinary": {"es": "Botín Ordinario: {bearer} recibe la Debilidad «Derrotado por {winner}».",
                         "en": "Ordinary Spoils: {bearer} takes the Weakness \"Defeated by {winner}\"."},
    "brs.end.stipulations": {"es": "Estipulaciones que se cumplen: {list}.", "en": "Stipulations that hold: {list}."},
    "brs.end.sheets": {"es": "A las fichas: los dados Vapuleados vuelven a su hueco; los Devastados se tachan "
                             "(los de un Héroe vuelven en la próxima Ordalía, los de una Facción se pierden). {list}",
                       "en": "Back to the sheets: Battered dice return to their slot; Devastated ones are crossed out "
                             "(a Hero's come back next Ordeal, a Faction's are lost). {list}"},
    "brs.end.player": {"es": "{name}: PV {vp}, Devastados {lost}, Vapuleados {battered}",
                       "en": "{name}: VP {vp}, Devastated {lost}, Battered {battered}"},
}
