"""UI text for offline use, updates and accessibility helpers (issue #9), Spanish and English.

Merged into :data:`strings.STRINGS` by one line at the end of web/shell/strings.py.
"""

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "update.available": {"es": "Nueva versión disponible", "en": "New version available"},
    "update.reload": {"es": "Recargar", "en": "Reload"},
    # a numbered action waiting its turn for the chain (web/shell/busy.py, issue #39)
    "busy.chain": {"es": "Numerando en tu cadena de tiradas… (espera su turno si otra pestaña está tirando)",
                   "en": "Numbering in your roll chain… (it waits its turn if another tab is rolling)"},
    "a11y.skip": {"es": "Ir al formulario de tirada", "en": "Skip to the roll form"},
}
