"""The inputs of a sheet editor in "Mis datos", shared by the Forms that draw one (pure: no pyscript).

Each Form of a system with character sheets draws its sheet's inputs (``sheet_fields_html``,
web/roll/forms.py) from the engine's form texts (``tirada.sheets.sheet_to_form``; Tragedia:
web/tragedia/tragedia_sheet_form.py ``to_form``); web/data/ui_data_editor.py reads them back for the
engine's ``sheet_from_form``, which checks every value. Every input carries ``data-cs="<form key>"``
so an engine error's ``field`` finds the input to focus.
"""

from __future__ import annotations

from shell.render import esc

__all__ = ["input_id", "number", "text"]


def input_id(key: str) -> str:
    """The element id of a form key (``ring.fire`` → ``cs-ring-fire``)."""
    return "cs-" + "".join(c if c.isalnum() or c == "_" else "-" for c in key)


def number(key: str, label: str, value: str, lo: int, hi: int, cls: str = "field") -> str:
    """A labelled whole-number input for the form key ``key``, ``lo``..``hi``, filled with ``value``."""
    return (f'<div class="{cls}"><label for="{input_id(key)}">{esc(label)}</label>'
            f'<input id="{input_id(key)}" data-cs="{esc(key)}" type="number" inputmode="numeric" min="{lo}" '
            f'max="{hi}" value="{esc(value)}"></div>')


def text(key: str, label: str, value: str, long: bool = False) -> str:
    """A labelled text input (``long``: a three-line textarea) for the form key ``key``."""
    lab = f'<label for="{input_id(key)}">{esc(label)}</label>'
    if long:
        return (f'<div class="field wide">{lab}<textarea id="{input_id(key)}" data-cs="{esc(key)}" rows="3">'
                f'{esc(value)}</textarea></div>')
    return (f'<div class="field wide">{lab}<input id="{input_id(key)}" data-cs="{esc(key)}" type="text" '
            f'maxlength="400" value="{esc(value)}"></div>')
