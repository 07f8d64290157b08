"""UI text es/en of the sealed rolls in the thread audit (issue #27 item 4): the problems the engine
names (tirada.links.audit_sealed_thread, codes ``audit.sealed_*``) and the list of sealed rolls drawn
by web/audit/audit_sealed_view.py (state, age, who can reveal each one)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    # problems (err.<code>: worded by refusal.message like every audit flag)
    "err.audit.sealed_reveal_mismatch": {
        "es": "su revelación no coincide con el compromiso sellado antes de tirar: es falsa o de otra tirada",
        "en": "its reveal does not match the commitment sealed before the roll: it is forged or belongs to another roll"},
    "err.audit.sealed_second_answer": {
        "es": "otra respuesta a la misma petición sellada: una tirada a ciegas se responde una sola vez",
        "en": "another answer to the same sealed request: a blind roll is answered only once"},
    "err.audit.sealed_skipped": {
        "es": "sigue sin revelar aunque el máster ya reveló una tirada sellada posterior de la campaña "
              "(revela solo algunas respuestas)",
        "en": "still unrevealed although the GM has revealed a later sealed roll of the campaign "
              "(only some answers revealed)"},
    "err.audit.sealed_other_commitment": {
        "es": "responde a una petición sellada con otro compromiso",
        "en": "answers a sealed request with a different commitment"},
    "err.audit.sealed_mismatch": {
        "es": "no corresponde a su petición sellada (otro sistema, un campo fijado cambiado u otro jugador)",
        "en": "does not fit its sealed request (another system, a fixed field changed or another player)"},
    "err.audit.sealed_no_request": {
        "es": "su petición sellada no está antes en el hilo: nada muestra que el máster fijara el secreto antes "
              "de la tirada (quien sella su propia petición puede repetir la tirada en privado)",
        "en": "its sealed request is not posted before it in the thread: nothing shows the GM fixed the secret "
              "before the roll (whoever seals their own request can roll again in private)"},
    "err.audit.sealed_after_reveal": {
        "es": "se publicó después de revelarse el secreto de su petición: con el secreto público se pueden "
              "conocer los dados antes de publicar",
        "en": "posted after its request's secret was revealed: with the secret public the dice can be known "
              "before posting"},
    "err.audit.sealed_made_after_reveal": {
        "es": "se hizo después de revelarse el secreto (su hora de creación es posterior a la de la revelación): "
              "un mensaje editado tras la revelación conserva su sitio en el hilo, pero con el secreto público los "
              "dados se podían conocer",
        "en": "made after the secret was revealed (its creation time is later than the reveal's): a post edited "
              "after the reveal keeps its place in the thread, but with the secret public the dice could be known"},
    "err.audit.sealed_made_before_request": {
        "es": "se hizo antes que su petición sellada (su hora de creación es anterior): no puede ser la respuesta "
              "a esa petición tal como se publicó",
        "en": "made before its sealed request (its creation time is earlier): it cannot be the answer to that "
              "request as posted"},
    "err.audit.sealed_unchained": {
        "es": "tirada sellada fuera de toda cadena (sin nombre o sin número): nada muestra cuántas veces se probó",
        "en": "a sealed roll outside any chain (no name or number): nothing shows how many times it was tried"},
    "err.audit.sealed_reveal_claim": {
        "es": "el texto de la revelación no coincide con ella: pone {said}, la revelación da {gives}",
        "en": "the reveal's text says another result: it says {said}, the reveal gives {gives}"},
    "err.audit.sealed_same_id": {
        "es": "dos peticiones selladas distintas con el mismo identificador ({id})",
        "en": "two different sealed requests with the same identifier ({id})"},
    # the list of sealed rolls
    "audit.sealed_title": {"es": "Tiradas selladas", "en": "Sealed rolls"},
    "audit.sealed_pending": {"es": ("{n} tirada sellada sin revelar", "{n} tiradas selladas sin revelar"),
                             "en": ("{n} sealed roll not revealed yet", "{n} sealed rolls not revealed yet")},
    "audit.sealed_blind": {"es": "tirada a ciegas", "en": "blind roll"},
    "audit.sealed_yours": {"es": "Por revelar desde este navegador (guarda el secreto de su campaña): ábrela para revelarla",
                           "en": "To reveal from this browser (it holds their campaign's secret): open one to reveal it"},
    "audit.sealed_secret": {"es": "tirada oculta del máster", "en": "the GM's secret roll"},
    "audit.sealed_revealed": {"es": "revelada y comprobada", "en": "revealed and checked"},
    "audit.sealed_bad": {"es": "la revelación no coincide", "en": "the reveal does not match"},
    "audit.sealed_waiting": {"es": "sin revelar", "en": "not revealed"},
    "audit.sealed_age": {"es": "hecha hace {age}", "en": "made {age} ago"},
    "audit.sealed_later": {"es": ("{n} enlace publicado después", "{n} enlaces publicados después"),
                           "en": ("{n} link posted after it", "{n} links posted after it")},
    "audit.sealed_answers": {"es": ("{n} respuesta a su petición", "{n} respuestas a su petición"),
                             "en": ("{n} answer to its request", "{n} answers to its request")},
    "audit.sealed_who_you": {"es": "puedes revelarla tú: este navegador guarda el secreto de su campaña",
                             "en": "you can reveal it: this browser holds its campaign secret"},
    "audit.sealed_who_gm": {"es": "solo puede revelarla el máster que guarda el secreto de la campaña «{campaign}»",
                            "en": "only the GM holding the secret of the campaign “{campaign}” can reveal it"},
    "audit.sealed_who_gm_any": {"es": "solo puede revelarla el máster que selló la petición",
                                "en": "only the GM who sealed the request can reveal it"},
    "audit.sealed_who_roller": {"es": "solo puede revelarla {roller}, que la hizo",
                                "en": "only {roller}, who made it, can reveal it"},
    "audit.sealed_who_lost": {"es": "no se podrá revelar desde aquí: este navegador no guarda el secreto de su campaña",
                              "en": "it cannot be revealed from here: this browser does not hold its campaign secret"},
    "audit.age_days": {"es": ("{n} día", "{n} días"), "en": ("{n} day", "{n} days")},
    "audit.age_hours": {"es": ("{n} hora", "{n} horas"), "en": ("{n} hour", "{n} hours")},
    "audit.age_minutes": {"es": ("{n} minuto", "{n} minutos"), "en": ("{n} minute", "{n} minutes")},
}
