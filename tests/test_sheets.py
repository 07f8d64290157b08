"""Character sheets (tirada.sheets): round-trips, field-named validation, roll requests, L5R updates."""

import pytest

from tirada.errors import IllegalMove, InvalidRequest
from tirada.sheets import (Character, L5rSheet, SifrpSheet, apply_l5r_result, check_l5r_roll, new_character,
                           parse_specialties, roll_request, specialties_text)

SIFRP = {"id": "c1", "system": "sifrp", "name": "Sharla", "campaign": "Desembarco",
         "sheet": {"abilities": {"athletics": 4, "will": 3},
                   "specialties": {"athletics": [{"name": "Trepar", "rank": 2}]}, "destiny": 3, "notes": "x"},
         "updated": 5}
L5R = {"id": "c2", "system": "l5r5e", "name": "Sakura", "campaign": "Rokugán",
       "sheet": {"rings": {"air": 2, "earth": 2, "fire": 3, "water": 2, "void": 2},
                 "skills": {"fitness": 1, "tactics": 2}, "strife": 3, "fatigue": 1, "void_points": 1,
                 "notes": ""}, "updated": 0}
BRS = {"id": "c3", "system": "brs", "name": "Sharla", "campaign": "Arena",
       "sheet": {"components": [{"name": "Sharla", "traits": [{"trait": "Ágil", "die": 8, "aspect": "cunning"}]}],
                 "horde": [4, 6], "notes": ""}, "updated": 0}


@pytest.mark.parametrize("data", [SIFRP, L5R, BRS])
def test_round_trip_every_system(data):
    c = Character.from_dict(data)
    assert c.to_dict() == data
    assert Character.from_dict(c.to_dict()) == c


def test_blank_sheets_have_the_rule_defaults():
    s = new_character("a", "sifrp", "X").sheet
    assert s.rank("fighting") == 2 and s.destiny == 0
    l5r = new_character("b", "l5r5e", "Y").sheet
    assert l5r.ring("void") == 1 and l5r.skill("tactics") == 0
    assert l5r.composure == 4 and l5r.endurance == 4


@pytest.mark.parametrize("path,value,field", [
    (("sheet", "rings", "fire"), 11, "character.sheet.rings.fire"),
    (("sheet", "skills", "fitness"), "3", "character.sheet.skills.fitness"),
    (("sheet", "void_points"), 3, "character.sheet.void_points"),
    (("sheet", "strife"), -1, "character.sheet.strife"),
    (("sheet", "rings", "metal"), 2, "character.sheet.rings.metal"),
    (("sheet", "colour"), 2, "character.sheet.colour"),
    (("system",), "d20", "character.system"),
    (("id",), "a b", "character.id"),
    (("name",), "  ", "character.name"),
])
def test_l5r_validation_names_the_field(path, value, field):
    import copy

    data = copy.deepcopy(L5R)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(InvalidRequest) as err:
        Character.from_dict(data)
    assert err.value.field == field


def test_sifrp_and_brs_validation():
    bad = {**SIFRP, "sheet": {**SIFRP["sheet"], "abilities": {"athletics": 0}}}
    with pytest.raises(InvalidRequest) as err:
        Character.from_dict(bad)
    assert err.value.field == "character.sheet.abilities.athletics"
    bad = {**BRS, "sheet": {**BRS["sheet"], "horde": [4, 7]}}
    with pytest.raises(InvalidRequest) as err:
        Character.from_dict(bad)
    assert err.value.field == "character.sheet.horde[1]"
    bad = {**BRS, "sheet": {"components": [{"name": "A", "traits": [{"trait": "t", "die": 6, "aspect": "x"}]}]}}
    with pytest.raises(InvalidRequest) as err:
        Character.from_dict(bad)
    assert err.value.field == "character.sheet.components[0].traits[0].aspect"


def test_specialties_text_round_trip_and_errors():
    items = parse_specialties("Trepar 1, Saltar 2B\nNadar 3")
    assert items == (("Trepar", 1), ("Saltar", 2), ("Nadar", 3))
    assert parse_specialties(specialties_text(items)) == items
    with pytest.raises(InvalidRequest):
        parse_specialties("Trepar")
    with pytest.raises(InvalidRequest):
        parse_specialties("Trepar 11")
    with pytest.raises(InvalidRequest):
        parse_specialties("A 1, A 2")


def test_roll_request_from_sheets():
    sifrp = Character.from_dict(SIFRP)
    assert roll_request(sifrp, {"ability": "athletics", "specialty": "Trepar"}) == {
        "system": "sifrp", "test_dice": 4, "bonus_dice": 2}
    assert roll_request(sifrp, {"ability": "fighting"})["test_dice"] == 2
    with pytest.raises(InvalidRequest):
        roll_request(sifrp, {"ability": "athletics", "specialty": "Nadar"})
    l5r = Character.from_dict(L5R)
    assert roll_request(l5r, {"ring": "fire", "skill": "fitness"}) == {
        "system": "l5r5e", "ring": 3, "skill": 1, "compromised": False}
    with pytest.raises(InvalidRequest):
        roll_request(Character.from_dict(BRS), {})


def test_l5r_result_updates_strife_and_void():
    sheet = Character.from_dict(L5R).sheet
    new, changes = apply_l5r_result(sheet, {"void": True}, {"strife": 2, "strife_change": 2,
                                                            "void_points_gained": 0})
    assert (new.strife, new.void_points) == (5, 0)
    assert changes == [{"field": "strife", "before": 3, "after": 5},
                       {"field": "void_points", "before": 1, "after": 0}]
    # passion lowers strife, never below 0; adversity on a failure gives Void, capped at the ring
    new, _ = apply_l5r_result(sheet, {}, {"strife": 0, "strife_change": -3, "void_points_gained": 1})
    assert (new.strife, new.void_points) == (0, 2)
    full = L5rSheet.from_dict({**L5R["sheet"], "void_points": 2})
    assert apply_l5r_result(full, {}, {"strife_change": 0, "void_points_gained": 1})[1] == []


def test_void_point_spent_with_none_on_the_sheet_is_refused_not_silent():
    """Issue #15: a check with a Void point spent while the sheet has 0 Void points is refused
    before the roll (check_l5r_roll) and never applied silently afterwards (apply_l5r_result)."""
    empty = L5rSheet.from_dict({**L5R["sheet"], "void_points": 0})
    with pytest.raises(IllegalMove) as err:
        check_l5r_roll(empty, {"system": "l5r5e", "ring": 2, "void": True})
    assert err.value.field == "void"
    with pytest.raises(IllegalMove):
        apply_l5r_result(empty, {"void": True}, {"strife_change": 1})
    check_l5r_roll(empty, {"system": "l5r5e", "ring": 2})  # without Void: fine
    check_l5r_roll(Character.from_dict(L5R).sheet, {"void": True})  # one Void point: fine


def test_incapacitated_sheet_cannot_roll_a_check():
    """Seed 002, Incapacitado: "no puede efectuar acciones que requieran tiradas". Endurance =
    (Earth 2 + Fire 3) × 2 = 10."""
    tired = L5rSheet.from_dict({**L5R["sheet"], "fatigue": 11})
    assert tired.incapacitated
    with pytest.raises(IllegalMove) as err:
        check_l5r_roll(tired, {"system": "l5r5e", "ring": 2})
    assert err.value.field == "fatigue"
    check_l5r_roll(L5rSheet.from_dict({**L5R["sheet"], "fatigue": 10}), {"ring": 2})


def test_compromised_when_strife_above_composure():
    sheet = L5rSheet.from_dict({**L5R["sheet"], "strife": 9})
    assert sheet.composure == 8 and sheet.compromised
    c = Character.from_dict({**L5R, "sheet": sheet.to_dict()})
    assert roll_request(c, {"ring": "air", "skill": "tactics"})["compromised"] is True


def test_sifrp_sheet_sorted_and_specialties_unique():
    s = SifrpSheet.from_dict({"abilities": {"will": 3, "agility": 4}})
    assert [a for a, _ in s.abilities] == ["agility", "will"]
    with pytest.raises(InvalidRequest):
        SifrpSheet.from_dict({"specialties": {"will": [{"name": "A", "rank": 1}, {"name": "A", "rank": 2}]}})


def test_forms_round_trip_every_system():
    from tirada.sheets import sheet_from_form, sheet_to_form

    for data in (SIFRP, L5R, BRS):
        form = sheet_to_form(data["system"], data["sheet"])
        assert sheet_from_form(data["system"], form) == data["sheet"]


def test_form_errors_name_the_form_field():
    from tirada.sheets import parse_horde, sheet_from_form, sheet_to_form

    form = sheet_to_form("l5r5e", L5R["sheet"])
    for key, value in (("ring.fire", "0"), ("skill.tactics", "x"), ("void_points", "5")):
        with pytest.raises(InvalidRequest) as err:
            sheet_from_form("l5r5e", {**form, key: value})
        assert err.value.field == key
    form = sheet_to_form("sifrp", SIFRP["sheet"])
    with pytest.raises(InvalidRequest) as err:
        sheet_from_form("sifrp", {**form, "spec.will": "Coraje"})
    assert err.value.field == "spec.will"
    with pytest.raises(InvalidRequest) as err:
        sheet_from_form("sifrp", {**form, "rank.will": "12"})
    assert err.value.field == "rank.will"
    form = sheet_to_form("brs", BRS["sheet"])
    form["components"][0]["traits"].append({"trait": "Fuerte", "die": "7", "aspect": "strength"})
    with pytest.raises(InvalidRequest) as err:
        sheet_from_form("brs", form)
    assert err.value.field == "components[0].traits[1].die"
    assert parse_horde("d4, 6 D10") == (4, 6, 10)
    with pytest.raises(InvalidRequest):
        parse_horde("d5")
    # an empty trait row is skipped, not an error
    form = sheet_to_form("brs", BRS["sheet"])
    form["components"][0]["traits"].append({"trait": "", "die": "4", "aspect": "cunning"})
    assert sheet_from_form("brs", form) == BRS["sheet"]


def test_a_stored_character_reads_into_its_typed_sheet_for_the_page():
    from tirada.sheets import L5rSheet, SifrpSheet, new_character, sheet_from_form, stored_sheet

    sifrp = {**new_character("c1", "sifrp", "Sharla").to_dict(),
             "sheet": sheet_from_form("sifrp", {"rank.athletics": "4", "spec.athletics": "Trepar 1, Saltar 2"})}
    sheet = stored_sheet("sifrp", sifrp)
    assert isinstance(sheet, SifrpSheet) and sheet.rank("athletics") == 4 and sheet.rank("will") == 2
    assert sheet.specialties_of("athletics") == (("Trepar", 1), ("Saltar", 2))
    assert stored_sheet("sifrp", {"sheet": {"specialties": {"athletics": [{"name": "Trepar", "rank": 2}]}}}) \
        .specialties_of("athletics") == (("Trepar", 2),)
    assert stored_sheet("l5r5e", {}) == L5rSheet() and stored_sheet("l5r5e", {"sheet": {"rings": "bad"}}) == L5rSheet()
    assert stored_sheet("generic", {"sheet": {"rolls": [{"name": "Ataque", "notation": "1d20+5"}]}}).rolls[0].notation == "1d20+5"
