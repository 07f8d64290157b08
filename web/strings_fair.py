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
}
