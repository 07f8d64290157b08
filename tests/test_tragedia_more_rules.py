"""Tragedia rules of the seed that the first scene engine left out (issue #15).

Each test quotes the passage of seed 001_0d4b6b4e1f6e6362.txt it checks (tragedia.md §Corrections
and additions (turn 2)); where the seed gives no amount, the table setting and its default are the
[decision] of docs/tragedia-scene.md §Table settings and decisions.
"""

import io
import json

import pytest

from tirada.cli import main
from tirada.errors import IllegalMove, InvalidRequest
from tirada.systems.tragedia import play
from tirada.systems.tragedia.chapter import chapter_standing
from tirada.systems.tragedia.scene import end_scene, legal_adds, replay, scene_view
from tirada.systems.tragedia.sources import DESTINY_PRICES


def sheets(hench_tragedy=5, ally_consequences=("Deudas", "Herida")):
    return [
        {"role": "protagonist", "sheet": {"name": "Corvo", "flaw": "Pasión desesperada", "tragedy": 2,
                                          "traits": [{"name": "Espada rápida"}, {"name": "Cicatrices", "exhausted": True}]}},
        {"role": "ally", "sheet": {"name": "Livia", "destiny": 1, "traits": [{"name": "Astuta"}],
                                   "domains": [{"name": "Tigre", "destiny": 1}],
                                   "consequences": list(ally_consequences)}},
        {"role": "adversary", "sheet": {"name": "Batiato", "destiny": 2, "traits": [{"name": "Oro de Capua"}],
                                        "domains": [{"name": "La guardia acude", "destiny": 2}]}},
        {"role": "henchman", "sheet": {"name": "Ashur", "tragedy": hench_tragedy, "destiny": 1,
                                       "traits": [{"name": "Lengua de serpiente"}],
                                       "domains": [{"name": "Cordelia, la joven cocinera", "destiny": 1},
                                                   {"name": "Un espejo", "destiny": 0}]}},
    ]


def ledger(actions=(), participants=None, **extra):
    out = {"format": "tirada-tragedia-scene", "schema": 1, "objective": "Libertad",
           "themes": ["Sangre y arena"], "participants": participants or sheets(),
           "faces": [2] * 40, "actions": list(actions)}
    out.update(extra)
    return out


def sheet_of(state, name):
    return state.participant(name).sheet


# Protagonist 1 die (even) vs Adversary 0 dice: the Protagonist wins; then the scene is decided.
WIN = [{"add": "trait", "by": "Corvo", "trait": "Espada rápida"}, {"roll": "final"}]


def decided(actions=(), **kw):
    led = ledger(WIN + list(actions), **kw)
    led["faces"] = [2]
    return replay(led)


# ------------------------------------------------------------------ 1. Henchman lowers Tragedy
def test_a_henchman_at_tragedy_5_lowers_it_after_the_scene_by_the_table_setting():
    # Seed: "para reducir el nivel de Tragedia cuando se ha alcanzado el tope, aparte de jugar como
    # Secuaz, se puede jugar una escena de Transformación." No amount: default 1 [decision].
    state = decided([{"lower": "tragedy", "by": "Ashur"}])
    assert sheet_of(state, "Ashur").tragedy == 4
    sheets_out, _ = end_scene(state)
    assert [s.tragedy for s in sheets_out if s.name == "Ashur"] == [4]
    state = decided([{"lower": "tragedy", "by": "Ashur"}], table={"henchman_tragedy_drop": 4})
    assert sheet_of(state, "Ashur").tragedy == 1


def test_lowering_tragedy_as_henchman_is_refused_when_the_rule_does_not_apply():
    with pytest.raises(IllegalMove, match="Henchman"):  # an Ally is not a Henchman
        decided([{"lower": "tragedy", "by": "Livia"}])
    with pytest.raises(IllegalMove, match="decided"):  # before the roll
        replay(ledger([{"lower": "tragedy", "by": "Ashur"}]))
    with pytest.raises(IllegalMove, match="top, 5"):  # "cuando se ha alcanzado el tope"
        decided(participants=sheets(hench_tragedy=4), actions=[{"lower": "tragedy", "by": "Ashur"}])
    with pytest.raises(IllegalMove, match="already"):
        decided([{"lower": "tragedy", "by": "Ashur"}] * 2, table={"henchman_tragedy_drop": 1})
    with pytest.raises(IllegalMove, match="= 0"):
        decided([{"lower": "tragedy", "by": "Ashur"}], table={"henchman_tragedy_drop": 0})
    with pytest.raises(InvalidRequest):
        replay(ledger(table={"henchman_tragedy_drop": 9}))
    with pytest.raises(InvalidRequest):
        replay(ledger(table={"unknown": 1}))


# ------------------------------------------------------------------ 2. Ally removes Consequences
def test_an_ally_removes_their_own_consequence_after_the_scene():
    # Seed: "cada Consecuencia sólo se puede usar una vez por escena, y se pueden eliminar jugando
    # como Aliado." No count: one per scene by default [decision].
    state = decided([{"remove": "consequence", "by": "Livia", "consequence": "Deudas"}])
    assert sheet_of(state, "Livia").consequences == ("Herida",)
    with pytest.raises(IllegalMove, match="per scene"):
        decided([{"remove": "consequence", "by": "Livia", "consequence": c} for c in ("Deudas", "Herida")])
    state = decided([{"remove": "consequence", "by": "Livia", "consequence": c} for c in ("Deudas", "Herida")],
                    table={"ally_consequences_removed": 2})
    assert sheet_of(state, "Livia").consequences == ()


def test_removing_a_consequence_needs_an_ally_a_decided_scene_and_the_consequence():
    with pytest.raises(IllegalMove, match="Ally"):
        decided([{"remove": "consequence", "by": "Ashur", "consequence": "Deudas"}])
    with pytest.raises(IllegalMove, match="decided"):
        replay(ledger([{"remove": "consequence", "by": "Livia", "consequence": "Deudas"}]))
    with pytest.raises(IllegalMove, match="no Consequence"):
        decided([{"remove": "consequence", "by": "Livia", "consequence": "Crueldad"}])
    view = scene_view(decided())
    livia, ashur = view.participant("Livia"), view.participant("Ashur")
    assert livia.removable == ("Deudas", "Herida") and ashur.can_lower is True
    assert view.table == {"henchman_tragedy_drop": 1, "ally_consequences_removed": 1}


# ------------------------------------------------------------ 3. a non-Protagonist pays 1 Destiny for a Domain
def test_a_non_protagonist_pays_one_destiny_to_use_a_domain():
    # Seed: "1 punto de Destino te permite reutilizar un Rasgo agotado O usar un Dominio (si no
    # estás jugando como Protagonista)".
    assert DESTINY_PRICES["domain"] == 1
    base = [{"add": "domain", "by": "Ashur", "domain": "Cordelia, la joven cocinera"}]  # the 1 free use
    state = replay(ledger(base + [{"add": "destiny", "by": "Ashur", "use": "domain",
                                   "domain": "Cordelia, la joven cocinera"}]))
    ashur = sheet_of(state, "Ashur")
    assert ashur.destiny == 0 and ashur.domain("Cordelia, la joven cocinera").destiny == 1
    assert state.pool("adversary") == 2 and state.contributions[-1].detail == "domain: Cordelia, la joven cocinera"
    # The Adversary keeps the Domain's Destiny too (normally each use spends one of it).
    state = replay(ledger([{"add": "destiny", "by": "Batiato", "use": "domain", "domain": "La guardia acude"}]))
    assert sheet_of(state, "Batiato").destiny == 1
    assert sheet_of(state, "Batiato").domain("La guardia acude").destiny == 2


def test_paying_destiny_for_a_domain_is_refused_to_the_protagonist_and_for_floating_domains():
    corvo = sheets()
    corvo[0]["sheet"]["destiny"] = 3
    corvo[0]["sheet"]["domains"] = [{"name": "Arena", "destiny": 1}]
    with pytest.raises(IllegalMove, match="Protagonist cannot pay Destiny"):
        replay(ledger([{"add": "destiny", "by": "Corvo", "use": "domain", "domain": "Arena"}], participants=corvo))
    with pytest.raises(IllegalMove, match="floating"):  # "Sólo mientras el Dominio siga teniendo puntos de Destino"
        replay(ledger([{"add": "destiny", "by": "Ashur", "use": "domain", "domain": "Un espejo"}]))
    with pytest.raises(IllegalMove, match="no Domain"):
        replay(ledger([{"add": "destiny", "by": "Ashur", "use": "domain", "domain": "Tigre"}]))
    adds = legal_adds(replay(ledger()), "Ashur")["destiny"]["options"]
    assert {"use": "domain", "domain": "Cordelia, la joven cocinera"} in adds
    assert {"use": "domain", "domain": "Un espejo"} not in adds


# ------------------------------------------------------------------ 4. the Tragedy 5 Chapter loss
def test_tragedy_5_loses_the_chapter_when_two_others_reach_their_objective_first():
    # Seed: "Mientras esté en ese punto [...] no puede lograr su Objetivo hasta que disminuya su
    # Tragedia y, si otros dos jugadores se le adelantan ese Capítulo, se le considerará perdedor."
    chapter = [{"name": "Corvo", "tragedy": 5, "victories": 3},
               {"name": "Livia", "tragedy": 2, "victories": 2},
               {"name": "Ashur", "tragedy": 1, "victories": 1}]
    status = {row["name"]: row["status"] for row in chapter_standing(chapter)}
    assert status == {"Corvo": "blocked", "Livia": "achieved", "Ashur": "playing"}
    chapter[2]["victories"] = 2
    status = {row["name"]: row["status"] for row in chapter_standing(chapter)}
    assert status == {"Corvo": "lost", "Livia": "achieved", "Ashur": "achieved"}
    chapter[0]["tragedy"] = 4  # lowered in time: 3 Victories at Tragedy 4 achieve it
    assert chapter_standing(chapter)[0]["status"] == "achieved"
    with pytest.raises(InvalidRequest, match="same character name"):
        chapter_standing([{"name": "A"}, {"name": "A"}])
    with pytest.raises(InvalidRequest):
        chapter_standing({"name": "A"})


def test_cli_scene_chapter_reports_the_standing(tmp_path):
    path = tmp_path / "chapter.json"
    path.write_text(json.dumps([{"name": "C", "tragedy": 5}, {"name": "L", "victories": 2},
                                {"name": "A", "victories": 2}]), encoding="utf-8")
    out = io.StringIO()
    assert main(["scene", "chapter", str(path)], stdout=out, stderr=io.StringIO()) == 0
    assert [r["status"] for r in json.loads(out.getvalue())] == ["lost", "achieved", "achieved"]


# ------------------------------------------------------------------ 5. several Protagonists
def two_heroes():
    out = sheets()
    out.insert(1, {"role": "protagonist", "sheet": {"name": "Crixo", "flaw": "Orgullo", "tragedy": 5,
                                                    "traits": [{"name": "Galo", "exhausted": True}]}})
    return out


def test_a_scene_can_have_several_protagonists_and_each_scores_the_victory():
    # Seed: "al final de cada escena siempre habrá una tirada de dados entre al menos un jugador
    # Protagonista y el jugador Adversario".
    actions = [{"add": "trait", "by": "Corvo", "trait": "Espada rápida"},
               {"add": "tragedy", "by": "Corvo"},  # 2 → 3: three dice
               {"add": "flaw", "by": "Corvo", "dice": 1}, {"add": "flaw", "by": "Crixo", "dice": 1},
               {"add": "turned_trait", "by": "Ashur", "trait": "Galo", "owner": "Crixo"},
               {"add": "tragedy_5", "by": "Batiato", "target": "Crixo"},
               {"roll": "final"}]
    led = ledger(actions, participants=two_heroes())
    led["faces"] = [2] * 4 + [1] * 5   # 4 successes against 0
    state = replay(led)
    assert state.pool("protagonist") == 4 and state.pool("adversary") == 5 and state.winner == "protagonist"
    sheets_out, _ = end_scene(state)
    assert {s.name: s.victories for s in sheets_out} == {"Corvo": 1, "Crixo": 1, "Livia": 0, "Batiato": 0,
                                                         "Ashur": 0}


def test_several_protagonists_name_who_is_targeted_and_each_raises_their_own_tragedy():
    with pytest.raises(InvalidRequest, match="several"):
        replay(ledger([{"add": "turned_trait", "by": "Ashur", "trait": "Galo"}], participants=two_heroes()))
    with pytest.raises(IllegalMove, match="not 5"):
        replay(ledger([{"add": "tragedy_5", "by": "Batiato", "target": "Corvo"}], participants=two_heroes()))
    with pytest.raises(IllegalMove, match="not a Protagonist"):
        replay(ledger([{"add": "tragedy_5", "by": "Batiato", "target": "Livia"}], participants=two_heroes()))
    # lost at the final roll: Corvo (Tragedy 2) may still raise after the loss though Crixo is at 5
    lost = ledger([{"add": "trait", "by": "Batiato", "trait": "Oro de Capua"}, {"roll": "final"},
                   {"add": "tragedy", "by": "Corvo"}, {"roll": "post_loss"},
                   {"impose": "tragedy", "by": "Batiato", "target": "Corvo"},
                   {"impose": "consequence", "by": "Batiato", "target": "Crixo", "consequence": "Cojo"}],
                  participants=two_heroes())
    lost["faces"] = [2, 1, 1, 1]
    state = replay(lost)
    assert state.winner == "adversary"
    assert sheet_of(state, "Corvo").tragedy == 4 and sheet_of(state, "Crixo").consequences == ("Cojo",)
    lost["actions"].append({"impose": "tragedy", "by": "Batiato"})
    with pytest.raises(InvalidRequest, match="several"):
        replay(lost)
    with pytest.raises(InvalidRequest, match="exactly one Protagonist"):
        replay(ledger(participants=two_heroes(), kind="transformation"))
    view = scene_view(replay(ledger(participants=two_heroes())))
    assert [o.to_dict() for o in view.participant("Batiato").adds["tragedy_5"].options] == [{"target": "Crixo"}]
    assert view.participant("Batiato").adds["tragedy_5"].options[0].target == "Crixo"


def test_old_ledgers_without_the_new_fields_replay_as_before():
    # one Protagonist, no ``table``: the moves and results are the ones of the first engine
    led = play.start({"objective": "x", "participants": sheets(), "faces": [2]})
    led = play.act(led, {"add": "trait", "by": "Corvo", "trait": "Espada rápida"})
    led = play.act(led, {"roll": "final"})
    assert "table" not in led
    assert play.view(led).winner == "protagonist"
    assert play.from_fragment(play.to_fragment(led)) == led


# ------------------------------------------------------------------ 6. a floating Domain taken
def test_a_floating_domain_is_taken_with_the_winning_bid_and_refusals_say_why():
    # Seed: «Si en algún momento uno de tus Dominios se queda sin Destino pasará a considerarse un
    # "Dominio flotante", lo que significa que cualquier otro jugador puede emplear un punto de Destino
    # para arrebatártelo. (Si varios lo quisieran, se lo que quedaría el que estuviera dispuesto a
    # borrarse más puntos de Destino).» Ashur's "Un espejo" has 0 Destiny: Batiato (2 Destiny) bids 2.
    take = {"take": "domain", "by": "Batiato", "owner": "Ashur", "domain": "Un espejo", "destiny": 2}
    state = replay(ledger([take]))
    assert sheet_of(state, "Ashur").domain("Un espejo") is None
    assert sheet_of(state, "Batiato").domain("Un espejo").destiny == 2 and sheet_of(state, "Batiato").destiny == 0
    # the taker uses it like any Domain of theirs: as the Adversary, 1 of its Destiny per use
    used = replay(ledger([take, {"add": "domain", "by": "Batiato", "domain": "Un espejo"}]))
    assert used.pool("adversary") == 1 and sheet_of(used, "Batiato").domain("Un espejo").destiny == 1
    for bad, code in (({"destiny": 3}, "tragedia.destiny_short"),           # more than Batiato has
                      ({"destiny": 0}, "field.range"),                       # «un punto de Destino» at least
                      ({"destiny": "dos"}, "field.not_int"),
                      ({"by": "Ashur"}, "tragedia.floating_other"),          # «cualquier otro jugador»
                      ({"domain": "Cordelia, la joven cocinera"}, "tragedia.not_floating"),
                      ({"domain": "Nada"}, "tragedia.no_domain")):
        with pytest.raises((IllegalMove, InvalidRequest)) as err:
            replay(ledger([{**take, **bad}]))
        assert err.value.code == code


def test_cli_scene_replay_takes_a_floating_domain():
    take = {"take": "domain", "by": "Livia", "owner": "Ashur", "domain": "Un espejo", "destiny": 1}
    out, err = io.StringIO(), io.StringIO()
    assert main(["scene", "view", "-"], stdin=io.StringIO(json.dumps(ledger([take]))), stdout=out, stderr=err) == 0
    sheets_now = {s["name"]: s for s in json.loads(out.getvalue())["sheets"]}
    assert {"name": "Un espejo", "destiny": 1} in sheets_now["Livia"]["domains"]
    assert all(d["name"] != "Un espejo" for d in sheets_now["Ashur"]["domains"])
