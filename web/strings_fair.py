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
}
