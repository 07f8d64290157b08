"""Tragedia character sheets (tragedia.md §Character state the tool keeps; seed 001_0d4b6b4e1f6e6362.txt)."""

import json

import pytest

from tirada.errors import InvalidRequest
from tirada.systems.tragedia.sheet import SCHEMA_VERSION, Domain, Sheet, Trait, trait_limit

FULL = {
    "schema": 1, "name": "Corvo", "flaw": "Pasión desesperada", "tragedy": 3,
    "tragedy_text": "Morirá en la arena por amor", "destiny": 2,
    "traits": [{"name": "Si quieres mi sangre...", "exhausted": True}, {"name": "Espada rápida", "exhausted": False}],
    "domains": [{"name": "Tigre", "destiny": 1}, {"name": "La guardia acude", "destiny": 0}],
    "consequences": ["Marcado a fuego"], "victories": 1,
}


def test_trait_limit_is_seven_minus_tragedy():
    assert [trait_limit(t) for t in range(1, 6)] == [6, 5, 4, 3, 2]


def test_round_trip_through_json():
    sheet = Sheet.from_dict(FULL)
    assert sheet.to_dict() == FULL and Sheet.from_dict(json.loads(json.dumps(sheet.to_dict()))) == sheet
    assert sheet.trait("Si quieres mi sangre...") == Trait("Si quieres mi sangre...", True)
    assert sheet.domain("La guardia acude").floating and not sheet.domain("Tigre").floating
    assert sheet.trait("nada") is None and sheet.domain("nada") is None


def test_minimal_sheet_takes_the_defaults():
    sheet = Sheet.from_dict({"name": "Livia"})
    assert (sheet.tragedy, sheet.destiny, sheet.victories, sheet.traits) == (1, 0, 0, ())
    assert sheet.to_dict()["schema"] == SCHEMA_VERSION


def test_objective_needs_two_victories_below_tragedy_5():
    base = Sheet.from_dict(FULL)
    assert not base.objective_achieved
    assert Sheet.from_dict(dict(FULL, victories=2)).objective_achieved
    assert not Sheet.from_dict(dict(FULL, victories=2, tragedy=5)).objective_achieved


def test_trait_excess_after_tragedy_rises():
    six = [{"name": f"R{i}"} for i in range(6)]
    assert Sheet.from_dict({"name": "A", "traits": six, "tragedy": 3}).trait_excess == 2
    assert Sheet.from_dict({"name": "A", "traits": six, "tragedy": 1}).trait_excess == 0


def test_updates_return_new_sheets():
    sheet = Sheet.from_dict(FULL)
    fresh = sheet.with_trait(Trait("Si quieres mi sangre...", False))
    assert not fresh.trait("Si quieres mi sangre...").exhausted and sheet.trait("Si quieres mi sangre...").exhausted
    assert len(sheet.with_trait(Trait("Nuevo")).traits) == 3 and len(sheet.without_trait("Espada rápida").traits) == 1
    assert sheet.with_domain(Domain("Tigre", 3)).domain("Tigre").destiny == 3
    assert sheet.without_domain("Tigre").domain("Tigre") is None
    assert sheet.add_destiny(-2).destiny == 0
    with pytest.raises(ValueError):
        sheet.add_destiny(-3)


@pytest.mark.parametrize("change, field", [
    ({"schema": 2}, "sheet.schema"),
    ({"name": " "}, "sheet.name"),
    ({"tragedy": 0}, "sheet.tragedy"),
    ({"tragedy": 6}, "sheet.tragedy"),
    ({"destiny": -1}, "sheet.destiny"),
    ({"victories": "1"}, "sheet.victories"),
    ({"traits": [{"name": f"R{i}"} for i in range(7)]}, "sheet.traits"),
    ({"traits": [{"name": "A"}, {"name": "A"}]}, "sheet.traits"),
    ({"traits": [{"name": "A", "exhausted": "no"}]}, "sheet.traits[0].exhausted"),
    ({"traits": ["A"]}, "sheet.traits[0]"),
    ({"domains": [{"name": "Tigre", "destiny": -1}]}, "sheet.domains[0].destiny"),
    ({"domains": [{"name": "T", "destiny": 1}, {"name": "T", "destiny": 2}]}, "sheet.domains"),
    ({"consequences": ["X", "X"]}, "sheet.consequences"),
    ({"consequences": [""]}, "sheet.consequences[0]"),
    ({"consequences": [3]}, "sheet.consequences[0]"),
    ({"level": 3}, "sheet.level"),
    ({"flaw": 3}, "sheet.flaw"),
])
def test_bad_sheets_are_refused_naming_the_field(change, field):
    with pytest.raises(InvalidRequest) as err:
        Sheet.from_dict(dict(FULL, **change))
    assert err.value.field == field


def test_a_sheet_must_be_an_object():
    with pytest.raises(InvalidRequest) as err:
        Sheet.from_dict(["Corvo"], "participants[0].sheet")
    assert err.value.field == "participants[0].sheet"
