"""Leaving the "Mis datos" sheet editor for another sheet (glue only): nothing typed is lost without a word.

Opening another sheet, or creating one, while the editor shows changes not saved used to drop them silently
(break-it helper-49). Now a changed sheet is saved first, as «Guardar» and «Tirar con esta ficha» save it, and the
list's status line says so; a change the engine refuses, or a sheet saved meanwhile in another tab, keeps the
editor where it is with the reason, and the other sheet is not opened («Cerrar» discards the changes).
"""

from __future__ import annotations

from data import sheet_chooser
from data import ui_data_editor as editor
from data.ui_data_common import Data, find, fmt, status
from shell.app import el, tr


def changed(e) -> bool:
    """Whether the editor shows something other than the entry ``e``'s sheet as it drew it from storage: for a
    character, its sheet read by the engine (:func:`sheet_chooser.edited`); for a Tragedia sheet, its texts as drawn
    (``Data.drawn_fields``), name and campaign."""
    if not e.tragedia:
        return sheet_chooser.edited(e, editor.read_fields(e.system))
    was = sheet_chooser.drawn(e)
    return (was is None or Data.drawn_fields is None or editor.read_fields(e.system) != Data.drawn_fields
            or str(el("cs-name").value).strip() != was.name or str(el("cs-campaign").value).strip() != was.campaign)


def leave() -> bool:
    """Before the editor shows another sheet: save the one it shows if it changed. Returns whether the editor may
    show another sheet (False: the reason is in the editor's status line, the focus on the field at fault or on
    «Guardar», and the list's status line says the other sheet was not opened)."""
    e = find(Data.editing.key) if Data.editing else None
    if e is None or not changed(e):
        return True
    name = e.name
    if sheet_chooser.changed_elsewhere(e):
        status("cs-status", tr("data.changed_elsewhere"), error=True)
        el("cs-save").focus()
    elif editor.save_editor():
        status("cs-status", "")
        status("char-status", fmt("data.left_saved", name=name))
        return True
    status("char-status", fmt("data.left_refused", name=name), error=True)
    return False
