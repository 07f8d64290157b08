"""UI text for offline use, updates and accessibility helpers (issue #9), Spanish and English.

Merged into :data:`strings.STRINGS` by one line at the end of web/shell/strings.py.
"""

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "update.available": {"es": "Nueva versión disponible", "en": "New version available"},
    "update.reload": {"es": "Recargar", "en": "Reload"},
    "a11y.skip": {"es": "Ir al formulario de tirada", "en": "Skip to the roll form"},
}
