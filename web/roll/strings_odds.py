"""UI text of the odds card beside the roll form (issue #8), Spanish first, English too.

Merged into :data:`strings.STRINGS` by the last line of strings.py. ``{name}`` fields are filled by
ui_odds.py with ``str.format``.
"""

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "odds.heading": {"es": "Probabilidades", "en": "Odds"},
    "odds.intro": {"es": "Se recalculan al cambiar los campos; valores exactos, sin simular tiradas.",
                   "en": "Recomputed as the fields change; exact values, no simulated rolls."},
    "odds.blank": {"es": "—", "en": "—"},
    "odds.blank_sr": {"es": "Sin probabilidades: completa el formulario.",
                      "en": "No odds: complete the form."},
    "odds.too_big": {"es": "Demasiados dados para calcular las probabilidades exactas al momento.",
                     "en": "Too many dice to compute the exact odds on the fly."},
    "odds.computing": {"es": "Calculando…", "en": "Computing…"},
    "odds.failed": {"es": "No se pudieron calcular las probabilidades de esta tirada.",
                    "en": "The odds of this roll could not be computed."},
    "odds.explosions": {"es": "Explosiones contadas hasta {bound} en total; la probabilidad de más ({p}) no está en "
                              "ninguna barra.",
                        "en": "Explosions counted up to {bound} in all; the chance of more ({p}) is in no bar."},
    "odds.rerolls": {"es": "Repeticiones contadas hasta {bound} en total; la probabilidad de más ({p}) no está en "
                           "ninguna barra.",
                     "en": "Rerolls counted up to {bound} in all; the chance of more ({p}) is in no bar."},
    "odds.several_rolls": {"es": "Varias tiradas distintas: las probabilidades se dan de una en una.",
                           "en": "Several different rolls: odds are given one roll at a time."},
    "odds.roll_set": {"es": "Cada una de las {n} tiradas:", "en": "Each of the {n} rolls:"},
    "odds.numbers": {"es": "Ver los números", "en": "Show the numbers"},
    "odds.col.p": {"es": "Probabilidad", "en": "Probability"},
    "odds.col.exact": {"es": "Fracción exacta", "en": "Exact fraction"},
    "odds.col.outcome": {"es": "Resultado", "en": "Outcome"},
    # headlines
    "odds.success": {"es": "Probabilidad de éxito: {p}", "en": "Chance of success: {p}"},
    "odds.no_difficulty": {"es": "Sin dificultad: probabilidad de cada total.",
                           "en": "No difficulty: chance of each total."},
    "odds.protagonist_wins": {"es": "Probabilidad de que gane el Protagonista: {p}",
                              "en": "Chance that the Protagonist wins: {p}"},
    # charts
    "odds.chart.total_at_least": {"es": "Probabilidad de sacar al menos cada total",
                                  "en": "Chance of rolling at least each total"},
    "odds.chart.total": {"es": "Probabilidad de cada total", "en": "Chance of each total"},
    "odds.chart.successes": {"es": "Probabilidad de sacar al menos cada número de éxitos",
                             "en": "Chance of rolling at least each number of successes"},
    "odds.chart.margin": {"es": "Probabilidad de cada margen o más (éxitos del Protagonista − del Adversario)",
                          "en": "Chance of each margin or more (Protagonist's successes − Adversary's)"},
    "odds.chart.renewal": {"es": "Tras Renovar: probabilidad de sumar al menos cada valor",
                           "en": "After a Renewal: chance of adding up to at least each value"},
    "odds.col.total_at_least": {"es": "Total (al menos)", "en": "Total (at least)"},
    "odds.col.total": {"es": "Total", "en": "Total"},
    "odds.col.successes": {"es": "Éxitos (al menos)", "en": "Successes (at least)"},
    "odds.col.margin": {"es": "Margen (al menos)", "en": "Margin (at least)"},
    "odds.col.sum": {"es": "Suma (al menos)", "en": "Sum (at least)"},
    "odds.desc_range": {"es": "{title}: barras de {first} a {last}.", "en": "{title}: bars from {first} to {last}."},
    "odds.desc_mark": {"es": "La barra marcada ({label}) es tu umbral: {p}.",
                       "en": "The marked bar ({label}) is your threshold: {p}."},
    "odds.legend": {"es": "Barra oscura con su porcentaje: tu umbral ({label}).",
                    "en": "Dark bar with its percentage: your threshold ({label})."},
    "odds.legend_region": {"es": "Barras oscuras: totales que superan la dificultad ({label} o más).",
                           "en": "Dark bars: totals that beat the difficulty ({label} or more)."},
    "odds.mark.difficulty": {"es": "← tu dificultad", "en": "← your difficulty"},
    "odds.mark.tn": {"es": "← número objetivo", "en": "← your TN"},
    "odds.mark.win": {"es": "← gana el Protagonista", "en": "← the Protagonist wins"},
    "odds.mark.score": {"es": "← Puntuación de ataque", "en": "← Attack Score"},
    # SIFRP
    "odds.sifrp.outcomes": {"es": "Grados de éxito y de fallo", "en": "Degrees of success and failure"},
    "odds.expected_damage": {"es": "Daño esperado: {value}", "en": "Expected damage: {value}"},
    # L5R
    "odds.l5r.expected": {"es": "Éxitos esperados: {successes} · conflicto esperado: {strife}.",
                          "en": "Expected successes: {successes} · expected strife: {strife}."},
    "odds.l5r.policy": {"es": "Supone que guardas todos los éxitos que puedas (los relanzables primero).",
                        "en": "Assumes you keep every success you can (explosive ones first)."},
    "odds.l5r.expected_successes": {"es": "Éxitos esperados: {successes}.", "en": "Expected successes: {successes}."},
    "odds.l5r.policy_distinction": {
        "es": "Con la distinción, supone que repites hasta 2 dados que no aportan nada: primero los que no muestran un "
              "éxito que puedas guardar (los de habilidad antes), luego los éxitos que quedarían fuera del límite.",
        "en": "With the distinction, assumes you reroll up to 2 dice that add nothing: first those without a success you "
              "may keep (skill dice first), then successes left out by the keep limit."},
    "odds.l5r.policy_adversity": {
        "es": "Con la adversidad, supone que repites los 2 dados con éxito que menos valen: los que no puedes guardar, "
              "luego éxitos simples (los de habilidad antes) y por último los relanzables.",
        "en": "With the adversity, assumes you reroll the 2 success dice worth least: those you may not keep, then plain "
              "successes (skill dice first), explosive ones last."},
    "odds.l5r.not_modelled": {"es": "No se tiene en cuenta: {fields}.", "en": "Not taken into account: {fields}."},
    # Tragedia
    "odds.tragedia.outcomes": {"es": "Quién gana la escena", "en": "Who wins the scene"},
    "odds.tragedia.protagonist": {"es": "Gana el Protagonista", "en": "The Protagonist wins"},
    "odds.tragedia.adversary": {"es": "Gana el Adversario", "en": "The Adversary wins"},
    "odds.tragedia.tie": {"es": "Empate de éxitos (ya contado en el ganador)",
                          "en": "Equal successes (already counted in the winner)"},
    "odds.tragedia.step": {"es": "Si pierde y sube la Tragedia", "en": "If they lose and raise Tragedy"},
    "odds.tragedia.step_dice": {"es": "Dados de Tragedia", "en": "Tragedy dice"},
    "odds.tragedia.turns": {"es": "Da la vuelta", "en": "Turns it around"},
    "odds.tragedia.overall": {"es": "Gana en total", "en": "Wins overall"},
    # Blood Red Sands
    "odds.brs.now": {"es": "Ahora, la mejor defensa posible: {outcome}", "en": "Now, the best defence possible: {outcome}"},
    "odds.brs.reach": {"es": "Tras Renovar, probabilidad de alcanzar la Puntuación de ataque: {p}",
                       "en": "After a Renewal, chance of reaching the Attack Score: {p}"},
    "odds.brs.table": {"es": "Tras Renovar", "en": "After a Renewal"},
    "odds.brs.reachable": {"es": "Posible", "en": "Reachable"},
    "odds.brs.best": {"es": "La mejor", "en": "The best"},
    "odds.brs.reversal": {"es": "Inversión", "en": "Reversal"},
    "odds.brs.block": {"es": "Bloqueo", "en": "Block"},
    "odds.brs.damage": {"es": "Daño", "en": "Damage"},
    "odds.brs.overwhelmed": {"es": "Sobrepasado", "en": "Overwhelmed"},
}
