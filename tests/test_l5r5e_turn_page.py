"""The L5R skirmish turn's words on the page (web/l5r/ui_l5r_turn_render.py): every move's effect and the
state in Spanish (the seed's terms) and English. CPython only (imports web/ from the repository)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tirada.systems.l5r.turn import new_state, replay
from tirada.systems.l5r.turn_effect import effect_of
from tirada.systems.l5r.turn_state import TurnState

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from l5r import ui_l5r_turn_render as words  # noqa: E402

CHECK = {"success": True, "bonus_successes": 1, "tn": 1, "stance": "air"}
MOVES = [
    {"action": "stance", "stance": "air"},
    {"action": "critical", "deadliness": 5, "check": CHECK},
    {"action": "parry", "weapon": "katana"},
    {"action": "critical", "deadliness": 5, "check": CHECK},
    {"action": "accept_critical"},
    {"action": "unmask"},
    {"action": "wait", "declared": "strike"},
    {"action": "wait_trigger", "happened": False},
    {"action": "prepare", "item": "yumi", "grip": 2},
    {"action": "end_scene"},
]


def test_every_effect_and_the_state_in_both_languages():
    out = replay({"character": {"weapons": [{"name": "katana", "ready": True}], "void_points": 1, "strife": 9},
                  "moves": MOVES})
    es = [words.effect_text(effect_of(e), "es") for e in out["effects"]]
    assert es[1] == "Impacto crítico de letalidad 5: gravedad 3. Acéptalo o haz una parada destructiva."
    assert es[2].startswith("Parada destructiva con katana (ahora Dañada); te quedan 0 puntos de Vacío.")
    assert es[4] == "Herida leve asociada al anillo de aire: +1 al NO de las tiradas con ese anillo."
    assert es[5] == "Te quitas la máscara: descartas 9 de conflicto."
    assert es[7] == "Puedes hacer ahora: una acción que no sea esperar"
    assert es[8] == "yumi: preparada, Dos manos."
    en = [words.effect_text(effect_of(e), "en") for e in out["effects"]]
    assert en[4] == "Light wound of the Air ring: +1 TN on checks with that ring."
    lines = words.state_lines(TurnState.from_dict(out["state"]), "es")
    assert lines[0].startswith("Actitud: aire · Vacío 0/2 · Conflicto 0/8")
    assert "Heridas leves: aire (+1 al NO con ese anillo cada una)" in lines
    assert "Armas: katana (preparada, Dañada), yumi (preparada)" in lines


def test_hint_names_the_skill_the_tn_with_wounds_and_the_ring():
    s = new_state({"stance": "air", "light_wounds": ["air", "air"]})
    assert words.hint_text("maneuver", TurnState.from_dict(s), "es") == "Tirada: Aptitud física, NO 4, anillo de aire."
    assert words.hint_text("challenge", None, "en") == "Check: Command, TN 1, your stance's ring."
    assert words.hint_text("prepare", TurnState.from_dict(s), "es") == "Sin tirada."


def test_damage_words_defend_void_critical_and_helpless_in_both_languages():
    """Seed 002, DAÑO (Matsu Kaoru: "Los shuriken hacen daño 2 [...] sólo puede reducir el daño en 1
    punto [...] recibiendo un punto de Fatiga") and Incapacitado ("adquirirá el estado Inconsciente")."""
    hit = {"action": "damage", "damage": 2, "resistance": 1, "deadliness": 3}
    out = replay({"character": {"stance": "air", "void_points": 1, "fatigue": 8, "endurance": 8},
                  "moves": [{**hit, "take_critical": True}, hit, hit]})
    es = [words.effect_text(effect_of(e), "es") for e in out["effects"]]
    assert es[0].startswith("Gasta un punto de Vacío y sufre un impacto crítico de letalidad 3: haz la tirada de "
                            "Aptitud física contra NO 1 con el anillo de aire")
    assert es[1] == "Daño 2, reducción 1: se defiende y recibe 1 de Fatiga. La Fatiga supera el Aguante: queda Incapacitado."
    assert es[2].startswith("Incapacitado, no puede defenderse: impacto crítico de gravedad 3")
    assert words.effect_text(effect_of(out["effects"][1]), "en") == ("Damage 2, reduction 1: defends and takes 1 fatigue. "
                                                          "Fatigue above Endurance: Incapacitated.")
    assert "Incapacitado · Inconsciente" in words.state_lines(TurnState.from_dict(out["state"]), "es")


def test_the_box_offers_only_the_buttons_that_apply_now_in_the_order_of_its_steps():
    """Issue #29: the box offered 15 buttons with no visible order; now each state shows its own, in
    step order (scene → stance → action → challenge answer → damage and criticals → unmasking, end)."""
    from tirada.systems.l5r.turn import apply

    order = [b for step in words.STEPS for b in step]
    assert len(order) == len(set(order)) == 13
    assert words.buttons_now(None) == ("scene",)
    s = new_state({"weapons": [{"name": "katana", "ready": True}], "void_points": 1, "strife": 9})
    assert words.buttons_now(TurnState.from_dict(s)) == ("scene", "stance", "damage", "critical", "unmask", "end_scene")  # no stance yet
    s = apply(s, {"action": "stance", "stance": "water"})["state"]
    assert words.buttons_now(TurnState.from_dict(s)) == ("scene", "stance", "act", "fill", "damage", "critical", "unmask", "end_scene")
    s = apply(s, {"action": "unmask"})["state"]
    assert "unmask" not in words.buttons_now(TurnState.from_dict(s))                         # once per scene
    s = apply(s, {"action": "wait", "declared": "strike"})["state"]
    assert words.buttons_now(TurnState.from_dict(s))[2:6] == ("act", "fill", "wait_yes", "wait_no")   # Water: one more action
    s = apply(s, {"action": "prepare", "item": "yumi"})["state"]
    now = words.buttons_now(TurnState.from_dict(s))
    assert "act" not in now and "wait_yes" in now                       # the turn's actions are spent
    s = apply(s, {"action": "critical", "deadliness": 5, "check": CHECK | {"stance": "water"}})["state"]
    assert words.buttons_now(TurnState.from_dict(s)) == ("scene", "accept", "parry")         # a pending critical strike first
    s = apply(s, {"action": "parry", "weapon": "katana"})["state"]
    assert words.buttons_now(TurnState.from_dict(s)) == ("scene", "critical")                # the parry's new check
    out = replay({"character": {"fatigue": 9}, "moves": [{"action": "damage", "damage": 3, "deadliness": 2}]})
    assert out["state"]["unconscious"] and words.buttons_now(TurnState.from_dict(out["state"])) == ("scene", "accept")
    done = apply(out["state"], {"action": "accept_critical"})["state"]
    assert words.buttons_now(TurnState.from_dict(done)) == ("scene", "damage", "end_scene")  # Unconscious: only what happens to them


def test_the_strife_of_the_check_is_said_with_the_move():
    effect = {"action": "strike", "damage": 6, "critical_severity": None, "opportunities_left": 0, "strife_gained": 2}
    assert words.effect_text(effect_of(effect), "es") == "Daño del golpe: 6. La tirada te da 2 puntos de conflicto."
    assert words.effect_text(effect_of({**effect, "strife_gained": 1}), "en").endswith("The check gives you 1 strife.")
    assert words.effect_text(effect_of({**effect, "strife_gained": -3}), "es").endswith("La tirada te quita 3 puntos de conflicto.")
    assert "conflicto" not in words.effect_text(effect_of({**effect, "strife_gained": 0}), "es")


def test_the_box_lays_its_buttons_out_in_the_order_of_its_steps():
    import re

    html = (Path(__file__).resolve().parents[1] / "web" / "panels" / "roll_l5r5e.html").read_text("utf-8")
    assert re.findall(r'data-turn="(\w+)"', html) == [b for step in words.STEPS for b in step]
    assert re.findall(r'data-step="(\d)"', html) == ["1", "2", "3", "4", "5", "6"]


#: one move of every kind the turn knows (seed 002), in an order the rules allow, with checks
EVERY_MOVE = [
    {"action": "stance", "stance": "air"},
    {"action": "challenge", "range": 3, "check": {**CHECK, "id": "c1", "strife": 1}},
    {"action": "challenge_outcome", "accepted": True, "won": False, "sabotaged": True},
    {"action": "end_scene"},
    {"action": "stance", "stance": "water"},
    {"action": "maneuver"},
    {"action": "guard", "weapon": "katana", "check": {**CHECK, "stance": "water", "tn": 1, "id": "c2"}},
    {"action": "end_scene"},
    {"action": "stance", "stance": "water"},
    {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5,
     "check": {"success": True, "bonus_successes": 1, "opportunities": 2, "tn": 2, "stance": "water", "id": "c3",
               "strife": -1}},
    {"action": "prepare", "item": "yumi", "grip": 2},
    {"action": "end_scene"},
    {"action": "stance", "stance": "fire"},
    {"action": "wait", "declared": "strike", "trigger": "si se mueve"},
    {"action": "wait_trigger", "happened": True},
    {"action": "adjust", "strife": 2, "fatigue": 1},
    {"action": "damage", "damage": 3, "resistance": 1, "deadliness": 4, "take_critical": True},
    {"action": "critical", "deadliness": 4, "check": {**CHECK, "stance": "fire", "id": "c4"}},
    {"action": "parry", "weapon": "katana"},
    {"action": "critical", "deadliness": 4, "check": {**CHECK, "stance": "fire", "success": False, "id": "c5"}},
    {"action": "accept_critical"},
    {"action": "unmask"},
    {"action": "end_scene"},
    {"action": "stance", "stance": "earth"},
    {"action": "recover"},
    {"action": "damage", "damage": 2},
]


def test_every_kind_of_effect_reads_back_as_the_engine_said_it_and_is_worded():
    """The effect records (tirada.systems.l5r.turn_effect) give back each effect object byte for byte
    (key order too), so the page reads them typed while the CLI's JSON is unchanged."""
    import json

    out = replay({"character": {"weapons": [{"name": "katana", "ready": True}], "void_points": 2, "void_ring": 3,
                                "honor": 20, "glory": 10, "strife": 12},
                  "moves": EVERY_MOVE})
    kinds = {e["action"] for e in out["effects"]}
    assert kinds == {m["action"] for m in EVERY_MOVE} and len(kinds) == 17
    for effect in out["effects"]:
        record = effect_of(effect)
        assert json.dumps(record.to_dict()) == json.dumps(effect), effect["action"]
        for lang in ("es", "en"):
            said = words.effect_text(record, lang)
            assert said and "{" not in said, (effect["action"], said)


def test_an_object_that_is_no_effect_is_refused_by_code():
    from tirada.errors import InvalidRequest

    for bad in ({}, {"action": 3}, {"action": "strike", "damage": 1}, {"action": "unmask", "nonsense": 1}):
        with pytest.raises(InvalidRequest) as refused:
            effect_of(bad)
        assert refused.value.code == "field.object"
