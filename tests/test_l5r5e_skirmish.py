"""L5R 5e skirmish helpers (l5r5e.md §Skirmish helpers): the seed's examples, thresholds, refusals."""

import pytest

from tirada.dice import FixedFaces
from tirada.errors import IllegalMove, InvalidRequest
from tirada.systems.l5r.check import roll
from tirada.systems.l5r.skirmish import (
    CRITICAL_TN, INITIATIVE_TN, STRIKE_TN, apply_damage, can_make_checks, competitive, composure, critical_severity,
    endurance, initiative, initiative_order, is_compromised, is_incapacitated, recover, strike,
)


def check(faces, **params):
    return roll(params, FixedFaces(faces))


def test_initiative_example_nana_vigilance_3_three_successes_is_6():
    # Water 3, Tactics 1: d6 5, 5 and d12 8 kept: 3 successes vs TN 1 → 2 bonus successes.
    r = check([5, 5, 1, 8], ring=3, skill=1, tn=INITIATIVE_TN, keep=[0, 1, 3], stance="water")
    assert (r["successes"], r["bonus_successes"]) == (3, 2)
    assert initiative(r["success"], r["bonus_successes"], focus=5, vigilance=3, ready=False) == 6


def test_initiative_failure_ready_and_compromised():
    assert initiative(False, 0, focus=4, vigilance=3) == 3
    assert initiative(True, 0, focus=4, vigilance=3, ready=True) == 5
    assert initiative(True, 1, focus=4, vigilance=3, compromised=True) == 3  # Vigilance counts as 1


def test_initiative_order_ties_go_to_lower_honor():
    entries = [{"name": "Nana", "initiative": 6, "honor": 40}, {"name": "Kaoru", "initiative": 6, "honor": 55},
               {"name": "Shinobi", "initiative": 7, "honor": 20}, {"name": "Ladrón", "initiative": 6, "honor": 40}]
    assert initiative_order(entries) == ["Shinobi", "Nana", "Ladrón", "Kaoru"]
    with pytest.raises(InvalidRequest):
        initiative_order([{"name": "x", "initiative": "fast", "honor": 1}])


def test_critical_example_matsu_kaoru_deadliness_5_two_successes_is_3():
    r = check([5, 3, 8], ring=2, skill=1, tn=CRITICAL_TN, keep=[0, 2], stance="air")
    assert (r["successes"], r["bonus_successes"]) == (2, 1)
    assert critical_severity(5, r["success"], r["bonus_successes"]) == 3


@pytest.mark.parametrize("deadliness, success, bonus, severity", [
    (5, False, 0, 5), (5, True, 0, 4), (3, True, 5, 1), (1, True, 0, 1),
])
def test_critical_severity_never_below_1(deadliness, success, bonus, severity):
    assert critical_severity(deadliness, success, bonus) == severity


def test_strike_damage_and_critical_at_two_opportunities():
    r = check([5, 5, 1, 10], ring=3, skill=1, tn=STRIKE_TN, keep=[0, 1, 3])
    assert (r["successes"], r["bonus_successes"], r["opportunities"]) == (3, 1, 1)
    assert strike(r["success"], r["bonus_successes"], r["opportunities"], base_damage=4, deadliness=5) == \
        {"damage": 5, "critical_severity": None, "opportunities_left": 1}
    assert strike(True, 0, 3, base_damage=4, deadliness=5) == \
        {"damage": 4, "critical_severity": 5, "opportunities_left": 1}
    assert strike(True, 0, 3, 4, 5, critical=False)["critical_severity"] is None
    assert strike(False, 0, 2, 4, 5) == {"damage": 0, "critical_severity": None, "opportunities_left": 2}


def test_damage_example_shuriken_2_resistance_1_is_1_fatigue():
    assert apply_damage(2, 1, fatigue=0, endurance_value=8) == {
        "fatigue": 1, "fatigue_gained": 1, "incapacitated": False, "critical_severity": None, "void_points_spent": 0,
        "unconscious": False}


def test_incapacitated_cannot_defend_damage_is_a_critical_of_the_deadliness_and_unconscious():
    """Seed 002, Incapacitado: "no podrá defenderse contra el daño. Además, si sufre un impacto
    crítico, adquirirá el estado Inconsciente" (l5r5e.md §Skirmish helpers, Damage)."""
    r = apply_damage(3, 1, fatigue=9, endurance_value=8, deadliness=5)
    assert r == {"fatigue": 9, "fatigue_gained": 0, "incapacitated": True, "critical_severity": 5,
                 "void_points_spent": 0, "unconscious": True}
    # DAÑO: "si tras aplicar la reducción por armadura u otros efectos dicho daño no llega a 0, dicho
    # personaje deberá defenderse contra él": damage the armour stops asks for no defence, so no critical
    stopped = apply_damage(1, 4, fatigue=9, endurance_value=8, deadliness=2)
    assert stopped["critical_severity"] is None and stopped["unconscious"] is False
    # one point past the armour is damage an Incapacitated character cannot defend against
    assert apply_damage(5, 4, fatigue=9, endurance_value=8, deadliness=2)["critical_severity"] == 2
    # no damage, no critical
    assert apply_damage(0, 0, fatigue=9, endurance_value=8, deadliness=2)["unconscious"] is False
    # the critical needs the weapon's deadliness
    with pytest.raises(InvalidRequest) as err:
        apply_damage(3, 0, fatigue=9, endurance_value=8)
    assert err.value.field == "deadliness"
    # exactly at Endurance is not Incapacitated: fatigue as usual
    assert apply_damage(2, 0, fatigue=8, endurance_value=8, deadliness=5)["fatigue"] == 10


def test_incapacitated_character_cannot_make_checks():
    """Seed 002: "Un personaje Incapacitado no puede efectuar acciones que requieran tiradas"."""
    can_make_checks(8, 8)
    with pytest.raises(IllegalMove) as err:
        can_make_checks(9, 8)
    assert err.value.field == "fatigue"


def test_damage_incapacitates_past_endurance_and_void_point_takes_a_critical_instead():
    assert apply_damage(5, 0, fatigue=6, endurance_value=10)["incapacitated"] is True
    assert apply_damage(5, 0, fatigue=6, endurance_value=11)["incapacitated"] is False
    r = apply_damage(5, 1, fatigue=2, endurance_value=8, take_critical=True, deadliness=3)
    assert (r["fatigue"], r["critical_severity"], r["void_points_spent"]) == (2, 3, 1)
    with pytest.raises(InvalidRequest, match="incapacitated") as err:
        apply_damage(5, 1, fatigue=9, endurance_value=8, take_critical=True, deadliness=3)
    assert err.value.rule == "l5r5e.md §Skirmish helpers"
    assert apply_damage(1, 3, 0, 8)["fatigue_gained"] == 0


def test_thresholds_from_rings():
    assert composure(earth=2, water=3) == 10 and endurance(earth=2, fire=3) == 10
    assert is_compromised(11, composure(2, 3)) and not is_compromised(10, 10)
    assert is_incapacitated(9, endurance(2, 2)) and not is_incapacitated(8, 8)
    with pytest.raises(InvalidRequest) as err:
        composure(0, 2)
    assert err.value.field == "earth"


def test_recover_removes_one_strife_and_one_fatigue_above_half():
    assert recover(strife=6, composure_value=10, fatigue=4, endurance_value=8) == {"strife": 5, "fatigue": 4}
    assert recover(5, 10, 5, 8) == {"strife": 5, "fatigue": 4}


def test_competitive_checks():
    r = competitive([("Sakura", 4, 3), ("Nana", 3, 3), ("Kaoru", 5, 3)])
    assert r["winners"] == ["Kaoru"] and not r["tie"]
    assert [x["name"] for x in r["ranking"]] == ["Kaoru", "Sakura", "Nana"]
    r = competitive([("Sakura", 1, 3), ("Nana", 2, 3), ("Kaoru", 2, 3)])
    assert r["winners"] == ["Nana", "Kaoru"] and r["tie"]
    with pytest.raises(InvalidRequest):
        competitive([("alone", 3, 2)])


def test_a_hit_is_the_strikes_dict_as_a_record():
    from tirada.systems.l5r.skirmish import Hit, hit, strike

    for args in [(True, 2, 3, 4, 5), (True, 0, 1, 3, 2), (False, 1, 2, 4, 5), (True, 1, 2, 4, 5, False)]:
        out = strike(*args)
        assert hit(*args) == Hit(out["damage"], out["critical_severity"], out["opportunities_left"])
    assert hit(True, 2, 3, 4, 5).critical_severity == 5 and hit(False, 1, 2, 4, 5).damage == 0
