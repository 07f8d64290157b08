"""Spanish wording of the engine's most common validation messages (glue: display only).

The engine speaks English in its errors (one line naming the field and the rule). The page shows
them in the UI language: known message shapes are rewritten here; anything else is shown as the
engine wrote it, so no message is ever lost.
"""

from __future__ import annotations

import re

#: (English pattern, Spanish template) — checked in order; groups are reused by number.
PATTERNS = (
    (r"^must be from (-?\d+) to (-?\d+), got (.+)$", r"debe estar entre \1 y \2 (has puesto \3)"),
    (r"^must be at least (-?\d+), got (.+)$", r"debe ser al menos \1 (has puesto \2)"),
    (r"^must be at most (-?\d+), got (.+)$", r"debe ser como mucho \1 (has puesto \2)"),
    (r"^must be a whole number, got (.+)$", r"debe ser un número entero (has puesto \1)"),
    (r"^is required$", r"es obligatorio"),
    (r"^must be true or false, got (.+)$", r"debe ser sí o no (true/false), no \1"),
    (r"^must be text$", r"debe ser texto"),
    (r"^must be at most (\d+) characters, got (\d+)$", r"admite como mucho \1 caracteres (tiene \2)"),
    (r"^cannot keep (\d+) of (\d+) dice$", r"no se pueden guardar \1 de \2 dados"),
    (r"^cannot exceed the test dice \((\d+)\); one extra die bought with Destiny may \(destiny_bonus\)$",
     r"no pueden superar a los dados de prueba (\1); solo un dado extra comprado con Destino puede hacerlo"),
    (r"^this roll needs more dice than the (\d+) faces given$",
     r"esta tirada necesita más dados que los \1 resultados escritos"),
    (r"^(\d+) faces given but the roll used only (\d+)$",
     r"has escrito \1 resultados pero la tirada solo usa \2"),
    (r"^a d(\d+) cannot show (-?\d+)$", r"un d\1 no puede sacar \2"),
)


def to_spanish(message: str) -> str:
    """The Spanish wording of an engine message when its shape is known, else the message itself."""
    for pattern, template in PATTERNS:
        if re.match(pattern, message):
            return re.sub(pattern, template, message)
    return message
