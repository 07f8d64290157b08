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
    (r"^this roll needs more dice than the (\d+) faces given$",
     r"esta tirada necesita más dados que los \1 resultados escritos"),
    (r"^(\d+) faces given but the roll used only (\d+)$",
     r"has escrito \1 resultados pero la tirada solo usa \2"),
    (r"^a d(\d+) cannot show (-?\d+)$", r"un d\1 no puede sacar \2"),
    (r"^no Void point left on the sheet to spend$", r"no quedan puntos de Vacío en la ficha para gastar"),
    (r"^an Incapacitated character cannot make checks \(fatigue above Endurance\)$",
     r"un personaje Incapacitado no puede hacer tiradas (su Fatiga supera su Aguante)"),
    # share links (docs/link-format.md): what the reader of a forum post needs to know
    (r"^the link was cut short or changed.*$",
     r"el enlace está cortado o ha sido modificado: vuelve a copiar el enlace completo del mensaje"),
    (r"^the link was cut short.*$", r"el enlace está cortado: vuelve a copiar el enlace completo"),
    (r"^this is not a Tirada link.*$", r"no es un enlace de Tirada (debe empezar por #t1)"),
    (r"^the link contains a character that cannot be in a link: (.+)$",
     r"el enlace contiene un carácter que no puede estar en un enlace: \1"),
    (r"^the link is too long.*$", r"el enlace es demasiado largo"),
    (r"^the link (?:is not in canonical form|has extra data|holds|uses|has a map key|is nested).*$",
     r"el enlace ha sido modificado o no lo hizo Tirada"),
    (r"^the roll data in this link.*$", r"los datos de la tirada del enlace están dañados o modificados"),
    (r"^the roll in this link is not valid: (.+)$", r"la tirada de este enlace no es válida: \1"),
    # hostile input (issue #18)
    (r"^this address holds more than one link.*$",
     r"esta dirección contiene más de un enlace (un segundo «#»): quien la abra solo vería uno"),
    (r"^may not contain the invisible or control character (U\+[0-9A-F]+)$",
     r"no puede contener el carácter invisible o de control \1"),
    (r"^a Confrontation link needs a seed: dice typed by hand.*$",
     r"un enlace de Confrontación necesita una semilla: los dados escritos a mano no se pueden compartir "
     r"(fijarían todas las tiradas siguientes); se quedan en el navegador que los escribió"),
    (r"^this Confrontation link has too many moves to replay at once.*$",
     r"este enlace de Confrontación tiene demasiados movimientos para reproducirlos de una vez"),
    (r"^(\d+) dice keeping (\d+) are too many for exact odds.*$",
     r"\1 dados guardando \2 son demasiados para calcular las probabilidades exactas; usa menos dados o ayudantes"),
    (r"^is nested too deeply \(more than (\d+) levels\)$", r"está anidado demasiado (más de \1 niveles)"),
    (r"^is too large \((\d+) characters; at most (\d+)\)$", r"es demasiado grande (\1 caracteres; como mucho \2)"),
    (r"^is not valid JSON: (.+)$", r"no es JSON válido"),
    (r"^this link holds data of an unknown kind.*$",
     r"este enlace contiene datos que esta versión de Tirada no conoce; una versión más nueva podría abrirlo"),
)


def to_spanish(message: str) -> str:
    """The Spanish wording of an engine message when its shape is known, else the message itself."""
    for pattern, template in PATTERNS:
        if re.match(pattern, message):
            return re.sub(pattern, template, message)
    return message
