"""A Blood Red Sands sheet's editor texts read as records (tirada.sheets.brs_form; issue #40): the
engine's form of a sheet reads whole, and an odd or partial form never raises."""

from __future__ import annotations

from tirada.sheets.brs import BrsSheet, to_form
from tirada.sheets.brs_form import FormComponent, FormTrait, SheetForm


def test_a_sheets_form_reads_whole():
    sheet = BrsSheet.from_dict({"components": [{"name": "Ryo", "traits": [{"trait": "x", "die": 10, "aspect": "strength"}]},
                                               {"name": "vacío", "traits": []}], "horde": [4, 6], "notes": "n"})
    form = SheetForm.from_form(to_form(sheet))
    assert form.components == (FormComponent("Ryo", [FormTrait("x", "10", "strength")]), FormComponent("vacío"))
    assert (form.horde, form.notes, form.record) == ("d4 d6", "n", "")


def test_an_odd_form_reads_as_absent_parts():
    assert SheetForm.from_form(None) == SheetForm()
    assert SheetForm.from_form({"components": {"a": 1}, "notes": "x"}) == SheetForm(notes="x")
    odd = SheetForm.from_form({"components": [5, {"traits": "abc"}, {"name": "A", "traits": [None, {"die": "8"}]}]})
    assert odd.components == (FormComponent(), FormComponent(), FormComponent("A", [FormTrait(), FormTrait(die="8")]))
