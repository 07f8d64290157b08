"""The one Tragedia sheet editor's logic, shared by the scene view's sheets card (web/tragedia/ui_scene_sheets.py)
and the "Mis datos" editor (web/data/ui_data_editor.py): the form's fields, creating, checking and storing
a sheet, renaming it without losing it.

Pure: the store is passed in (web/shell/store.py ``Store``), so this is tested on CPython
(tests/test_web_views.py). The engine checks every value (``tirada.systems.tragedia.play.sheet_from_form``,
``tirada.systems.tragedia.sheet.Sheet``); the form texts are one Trait, Domain or Consequence per line.
"""

from __future__ import annotations

from tirada.systems.tragedia import play
from tirada import TiradaError
from tirada.storage_records import sheet_names
from tirada.systems.tragedia.sheet import Sheet

#: the form's fields, in the order both editors show them (``tirada.systems.tragedia.play.sheet_to_form``).
FIELDS = ("name", "flaw", "tragedy", "tragedy_text", "destiny", "victories", "traits", "exhausted",
          "domains", "consequences")
#: fields typed as several lines (a textarea).
LONG = ("traits", "exhausted", "domains", "consequences", "tragedy_text")
#: the form of a new sheet.
BLANK = {"tragedy": "1", "destiny": "0", "victories": "0"}


class NameTaken(TiradaError):
    """Another stored sheet already has this name (``field`` is ``"name"``; each view words it)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"a sheet named {name!r} is already stored", field="name")


def to_form(sheet: dict) -> dict:
    """A stored sheet as the form's texts."""
    return play.sheet_to_form(sheet)


def create(store, name: str, campaign: str = "") -> tuple:
    """Store a blank sheet called ``name`` (in ``campaign`` when given).

    Returns ``(Sheet, stored: bool)``. Raises TiradaError for a name the sheet refuses, and
    :class:`NameTaken` when the name is stored already.
    """
    sheet = Sheet.from_dict({"name": name})
    if sheet.name in sheet_names(store.sheets()):
        raise NameTaken(sheet.name)
    ok = store.save_sheets([sheet.to_dict()])
    ok = ok and (not campaign or store.set_sheet_campaign(sheet.name, campaign))
    return sheet, ok


def save(store, fields: dict, old: str | None = None, campaign: str | None = None) -> tuple:
    """Check the form's texts with the engine and store the sheet, replacing the sheet ``old``.

    ``old``: the name the sheet had (None for a new one); ``campaign``: set the sheet's campaign (None
    leaves campaigns alone). A renamed sheet drops its old name only once the new one is stored.
    Returns ``(Sheet, stored: bool)``; the stored dict is ``play.sheet_from_form``'s, as it is.
    Raises TiradaError (``field`` names the form field) and :class:`NameTaken` when another stored
    sheet has the new name.
    """
    checked = play.sheet_from_form(fields)
    sheet = Sheet.from_dict(checked)
    name = sheet.name
    if name != old and name in sheet_names(store.sheets()):
        raise NameTaken(name)
    ok = store.save_sheets([checked])
    if ok and campaign is not None:
        ok = store.set_sheet_campaign(name, campaign)
    if ok and old and name != old:
        store.delete_sheet(old)
        if campaign is not None:
            store.set_sheet_campaign(old, "")
    return sheet, ok
