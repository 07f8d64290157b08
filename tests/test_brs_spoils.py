"""Before and after the fight: the Spoils bidding and the Challenge, triggering, and the aftermath on
the sheets (issue #15). Expected values come from the seed 000_95455a330fc0ceb0.txt (quoted).

Rules: ../shared/rules/blood-red-sands.md §Before the fight: the Spoils, §The fight (Battered,
Devastated); docs/brs-spoils.md.
"""

from __future__ import annotations

import copy
import json
import os

import pytest

from helpers.brs import duel
from tirada.cli import cmd_brs
from tirada.errors import IllegalMove, InvalidRequest
from tirada.sheets.brs import BrsSheet, from_form, to_form
from tirada.sheets.brs_record import apply_aftermath, most_devastated, new_ordeal
from tirada.systems.brs import replay
from tirada.systems.brs.aftermath import aftermath
from tirada.systems.brs.spoils import bidding_from_dict, bidding_summary, setup_fields
from tirada.systems.brs.trigger import check_trigger

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "brs-haster-sharla.json")
SIDES = ("Cronista", "Sharla")


@pytest.fixture
def example() -> dict:
    with open(EXAMPLE, encoding="utf-8") as fh:
        return json.load(fh)


def bids(*acts) -> dict:
    return {"bids": [dict(a) for a in acts]}


# ----- the bidding -------------------------------------------------------------------------------
def test_chronicler_bids_first_and_sides_alternate():
    # "El Cronista puja primero, aunque su apuesta suele ser el Dolor o evento que provocó al jugador"
    with pytest.raises(IllegalMove) as info:
        bidding_from_dict(bids({"act": "call"}))
    assert info.value.code == "brs.bid_open_pain"
    state = bidding_from_dict(bids({"act": "pain", "text": "Sharla pierde el mapa"}))
    assert state.turn == 1 and state.status == "open"
    with pytest.raises(IllegalMove) as info:
        bidding_from_dict(bids({"act": "pain", "text": "a"}, {"act": "pain", "text": "b", "side": 0}))
    assert info.value.code == "brs.bid_turn"


def test_call_accepts_the_spoils_as_they_stand():
    # the five acts: "Nombrar un nuevo Dolor…", "Proponer una nueva Estipulación…", "Sugerir una
    # reducción del Dolor ya mencionado por tu oponente contra ti", and "Ver la puja consiste en
    # aceptar el Botín y las Estipulaciones como están hasta el momento"
    state = bidding_from_dict(bids(
        {"act": "pain", "text": "Sharla pierde el mapa"},
        {"act": "pain", "text": "Haster queda en deuda con ella"},
        {"act": "stipulation", "text": "nadie usa hechicería"},
        {"act": "reduce", "pain": 0, "text": "Sharla pierde la mitad del mapa"},
        {"act": "call"}))
    assert state.status == "called"
    assert setup_fields(state, SIDES) == {
        "spoils": ["Cronista: Sharla pierde la mitad del mapa", "Sharla: Haster queda en deuda con ella"],
        "stipulations": ["nadie usa hechicería"], "back_down": None}
    out = bidding_summary(state, SIDES)
    assert out["pains"][0]["was"] == ["Sharla pierde el mapa"]
    assert out["pains"][0]["suffered_by"] == "Sharla"
    with pytest.raises(IllegalMove) as info:
        bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "call"}, {"act": "pain", "text": "y"}))
    assert info.value.code == "brs.bid_closed"


def test_reduce_only_a_pain_the_opponent_named_against_you():
    with pytest.raises(IllegalMove) as info:   # side 0 reducing its own Pain
        bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "stipulation", "text": "s"},
                               {"act": "reduce", "pain": 0, "text": "less"}))
    assert info.value.code == "brs.bid_reduce_target"
    assert info.value.field == "bids[2].act"


def test_back_down_discards_everything_ordinary_spoils():
    # "Retractarse, de modo que todo el Dolor establecido por ambos bandos se descarta, luchando
    # simplemente por el Botín Ordinario"; "Todo el dolor y Estipulaciones establecidas como botín se descartan."
    state = bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "stipulation", "text": "s"},
                                   {"act": "pain", "text": "y"}, {"act": "back_down"}))
    assert state.status == "backed_down" and state.back_down == 1
    assert setup_fields(state, SIDES) == {"spoils": [], "stipulations": [], "back_down": 1}
    assert bidding_summary(state, SIDES)["legal"] == ["challenge"]


def test_challenge_blocks_the_back_down():
    # "el resto de jugadores pueden lanzar un Desafío para bloquear su cobarde intento de Retractarse"
    state = bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "back_down"},
                                   {"act": "challenge", "note": "siempre se retracta"}))
    assert state.status == "open" and state.back_down is None and state.turn == 1
    assert "back_down" not in bidding_summary(state, SIDES)["legal"]
    with pytest.raises(IllegalMove) as info:
        bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "back_down"}, {"act": "challenge"},
                               {"act": "back_down"}))
    assert info.value.code == "brs.bid_challenged"
    with pytest.raises(IllegalMove) as info:   # a Challenge answers a Back Down only
        bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "challenge"}))
    assert info.value.code == "brs.bid_challenge_when"
    called = bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "back_down"}, {"act": "challenge"},
                                    {"act": "call"}))
    assert setup_fields(called, SIDES)["spoils"] == ["Cronista: x"]


def test_bidding_result_feeds_a_confrontation(example):
    state = bidding_from_dict(bids({"act": "pain", "text": "x"}, {"act": "back_down"}))
    setup = {**example["setup"], **setup_fields(state, SIDES)}
    from tirada.systems.brs import summary
    out = summary(replay(setup, []))
    assert out["spoils"]["ordinary"] and out["renewals"]["left"] == 1


# ----- triggering --------------------------------------------------------------------------------
def test_trigger_a_players_component_facing_the_chroniclers(example):
    # "Un jugador puede disparar un Confrontación sólo cuando uno de los Componentes del Cronista y
    # uno de sus propios Componentes se encaran: ésos serán los Componentes con los que empezará la lucha."
    out = check_trigger(example["setup"], {"component": 2, "faces": 0})
    assert (out["player"], out["component"], out["faces"]) == ("Sharla", "Sharla", "Haster Culdrok")
    with pytest.raises(InvalidRequest) as info:   # the Chronicler's side cannot start it
        check_trigger(example["setup"], {"component": 0, "faces": 2})
    assert info.value.code == "brs.trigger_side"
    with pytest.raises(InvalidRequest) as info:
        check_trigger(example["setup"], {"component": 2, "faces": 2})
    assert info.value.code == "brs.trigger_faces"
    setup = copy.deepcopy(example["setup"])
    setup["players"][0]["components"][1]["committed"] = False
    with pytest.raises(InvalidRequest) as info:
        check_trigger(setup, {"component": 2, "faces": 1})
    assert info.value.code == "brs.trigger_committed"


def test_only_two_components_may_be_involved(example):
    # "El Líder 1 cuenta con tres Componentes de los que sólo puede implicar 2"
    setup = copy.deepcopy(example["setup"])
    third = {"name": "Marda", "committed": True, "traits": [{"trait": "Espada", "die": 6, "aspect": "strength"}]}
    setup["players"][0]["components"].append(third)
    with pytest.raises(InvalidRequest) as info:
        check_trigger(setup, {"component": 3, "faces": 0})
    assert info.value.code == "brs.involve_limit" and info.value.params["n"] == 2
    assert check_trigger(setup, {"component": 3, "faces": 0, "limit": None})["involved"]["Haster"] == 3
    third["committed"] = False      # the third stays out: it may join by Reinforcing
    assert check_trigger(setup, {"component": 3, "faces": 0})["involved"] == {"Haster": 2, "Sharla": 1}


# ----- after the fight ---------------------------------------------------------------------------
def test_aftermath_of_the_worked_example(example):
    # "Vapuleados: … los recuperas automáticamente al terminarla, así que devuélvelo a la ficha";
    # "Devastados: … si se trata de dados de una Facción, esos dados se perderán para siempre."
    state = replay(example["setup"], example["moves"] + [{"move": "yield", "player": 1}])
    out = aftermath(state)
    haster, sharla = out["players"]
    assert out["winner"] == "Haster (Cronista)"
    assert haster["components"][0]["lost"] == [{"trait": "Corazón de buey", "die": 6, "aspect": "fortaleza"}]
    assert haster["devastated"] == 1 and haster["horde"] == [6]
    assert len(sharla["components"][0]["returned"]) == 4 and not sharla["broken"]
    assert sharla["vp"] == 1
    sheet = BrsSheet.from_dict({"components": [{"name": "Haster Culdrok", "traits": example["setup"]["players"][0][
        "components"][0]["traits"]}], "horde": [4]})
    after = apply_aftermath(sheet, haster)
    assert [t[0] for t in after.components[0].traits][-1] == "Marda, doncella guerrera"   # the slot is gone
    assert after.horde == (4, 6) and after.record.devastated == 1 and after.record.confrontations == 1
    assert BrsSheet.from_dict(after.to_dict()) == after
    assert BrsSheet.from_dict(from_form(to_form(after))) == after   # the editor keeps the record


def test_not_before_the_end(example):
    with pytest.raises(IllegalMove) as info:
        aftermath(replay(example["setup"], example["moves"]))
    assert info.value.code == "brs.aftermath_not_ended"


def test_broken_hero_and_crossed_hero_slots():
    # "Si durante una Confrontación todos los dados restantes de un Héroe pasan a Vapuleados Y además
    # el bando de ese Héroe la pierde. El Héroe es Quebrantado, la Ordalía termina y debe retirarse de la Saga."
    setup = duel([(6, "cunning", 5), (6, "cunning", 5)], [(4, "cunning", 4), (4, "cunning", 4), (4, "cunning", 2)],
                 b_kw={"hero": True})
    moves = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
             {"move": "defend", "dice": [2, 3, 4]}, {"move": "yield", "player": 1}]
    b = aftermath(replay(setup, moves))["players"][1]
    assert b["broken"] and not b["won"] and b["devastated"] == 0
    # "en el caso de los Héroes, volverán a tenerlos en la próxima Ordalía que protagonicen"
    setup = duel([(6, "cunning", 5), (6, "cunning", 5)], [(4, "cunning", 3), (4, "cunning", 3), (6, "cunning", 5),
                                                          (8, "cunning", 2)], b_kw={"hero": True})
    moves = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
             {"move": "defend", "dice": [2, 3, 4]}]
    state = replay(setup, moves)
    from tirada.systems.brs import summary
    while summary(state)["pending"]:
        moves.append({"move": "devastate", "weakness": None})
        state = replay(setup, moves)
    state = replay(setup, moves + [{"move": "yield", "player": 1}])
    b = aftermath(state)["players"][1]
    assert b["devastated"] == 3 and [s["die"] for s in b["components"][0]["crossed"]] == [4, 4, 6]
    assert b["components"][0]["lost"] == [] and not b["broken"]   # the d8 was not Battered
    sheet = BrsSheet.from_dict({"components": [{"name": "B", "traits": setup["players"][1]["components"][0]["traits"]}]})
    after = apply_aftermath(sheet, b)
    assert len(after.components[0].traits) == 4 and len(after.record.crossed) == 3
    assert new_ordeal(after).record.crossed == ()
    faction = aftermath(state, {"1": "faction"})["players"][1]["components"][0]
    assert len(faction["lost"]) == 3 and faction["crossed"] == []


def test_most_devastated():
    # "Anota en la Ficha cuántos dados llevas Devastados … Personaje Más Devastado"
    a = BrsSheet.from_dict({"components": [], "record": {"devastated": 3}})
    b = BrsSheet.from_dict({"components": [], "record": {"devastated": 5}})
    c = BrsSheet.from_dict({"components": [], "record": {"devastated": 5}})
    assert most_devastated({"A": a, "B": b, "C": c}) == ["B", "C"]
    assert most_devastated({"A": BrsSheet()}) == []


def test_record_refuses_bad_shapes():
    with pytest.raises(InvalidRequest) as info:
        BrsSheet.from_dict({"components": [], "record": {"crossed": [["x", 4]]}})
    assert info.value.code == "sheet.brs_record"


# ----- the command line ---------------------------------------------------------------------------
def test_cli(example, tmp_path):
    out = cmd_brs(["bidding"], json.dumps(bids({"act": "pain", "text": "x"}, {"act": "call"})))
    assert out["setup"] == {"spoils": ["Chronicler: x"], "stipulations": [], "back_down": None}
    out = cmd_brs(["trigger"], json.dumps({"setup": example["setup"], "trigger": {"component": 2, "faces": 0}}))
    assert out["player"] == "Sharla"
    done = {"setup": example["setup"], "moves": example["moves"] + [{"move": "yield", "player": 1}]}
    out = cmd_brs(["aftermath"], json.dumps(done))
    assert out["players"][0]["devastated"] == 1
    with_sheet = {**done, "sheets": {"Haster": {"components": [], "horde": []}}}
    out = cmd_brs(["aftermath"], json.dumps(with_sheet))
    assert out["sheets"]["Haster"]["record"]["devastated"] == 1
    assert out["most_devastated"] == ["Haster"]


def test_a_component_with_every_die_devastated_is_destroyed():
    # "Y si un Componente ve Devastarse todos sus dados, es destruido o asesinado."
    setup = duel([(6, "cunning", 5), (6, "cunning", 5)], [(4, "cunning", 3), (4, "cunning", 3), (6, "cunning", 5)])
    moves = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
             {"move": "defend", "dice": [2, 3, 4]}]
    from tirada.systems.brs import summary
    while summary(replay(setup, moves))["pending"]:
        moves.append({"move": "devastate", "weakness": None})
    b = aftermath(replay(setup, moves + [{"move": "yield", "player": 1}]))["players"][1]
    part = b["components"][0]
    assert part["destroyed"] and part["kind"] == "faction" and len(part["lost"]) == 3
    sheet = apply_aftermath(BrsSheet.from_dict({"components": [{"name": "B", "traits": setup["players"][1][
        "components"][0]["traits"]}]}), b)
    assert sheet.components[0].traits == () and sheet.record.destroyed == ("B",)
    with pytest.raises(IllegalMove) as info:   # the same Confrontation is recorded once
        apply_aftermath(sheet, b)
    assert info.value.code == "brs.aftermath_applied"
