"""SIFRP competitions, conflicts, teamwork and extra time in one roll request (seed 004_38fb49dce55d585d.txt).

Each test cites the seed passage ("Reglamento", "Tipos de tiradas" / "Modificadores") its expected
values come from; sifrp.md §Other rules says the same in English.
"""

import io
import json

import pytest

from tirada import systems
from tirada.cli import main
from tirada.errors import InvalidRequest
from tirada.links.chain import encode_link, verify
from tirada.links.snippets import snippet

SEED = "8f14e45fceea167a5a36dedd4bea2543"


def s(**params):
    return systems.roll({"system": "sifrp", **params})


def test_competition_both_roll_against_the_same_difficulty_most_degrees_wins():
    # «Ambos personajes hacen sus respectivas tiradas contra la misma dificultad; gana el personaje
    # que consiga superar la dificultad con mayor grado de éxito.» — Ana 3D: 6+6+6 = 18 vs 9 (margin
    # 9, 2 degrees); Bruno 2D+1B: 6, 5, 1 → 6+5 = 11 vs 9 (1 degree): Ana wins.
    out = s(test_dice=3, difficulty=9, name="Ana", rivals=[{"name": "Bruno", "test_dice": 2, "bonus_dice": 1}],
            faces=[6, 6, 6, 6, 5, 1])
    assert out["total"] == 18 and out["degrees"] == 2           # the first character: the top level
    comp = out["competition"]
    bruno = comp["rivals"][0]
    assert (bruno["name"], bruno["faces"], bruno["kept"], bruno["total"], bruno["degrees"]) == \
        ("Bruno", [6, 5, 1], [6, 5], 11, 1)
    assert comp["winners"] == ["Ana"] and comp["tie"] is False and comp["name"] == "Ana"
    assert [row["name"] for row in comp["ranking"]] == ["Ana", "Bruno"]


def test_competition_equal_degrees_is_a_tie_and_a_race_takes_several_rivals():
    # «Un ejemplo de este tipo de tiradas sería una carrera entre varios participantes.» Ana 2D: 5+5
    # = 10 (1 degree), Bruno 2D: 6+6 = 12 (1 degree), Cleo 2D −1 modifier: 1+1−1 = 1 (critical
    # failure): Ana and Bruno tie with 1 degree each.
    out = s(test_dice=2, name="Ana", faces=[5, 5, 6, 6, 1, 1], rivals=[
        {"name": "Bruno", "test_dice": 2}, {"name": "Cleo", "test_dice": 2, "modifier": -1}])
    comp = out["competition"]
    assert comp["tie"] is True and comp["winners"] == ["Ana", "Bruno"]
    assert comp["rivals"][1]["total"] == 1 and comp["rivals"][1]["failure"] == "critical"


def test_a_rival_is_an_ordinary_test_bonus_cap_teamwork_and_extra_time_included():
    # «Nunca se pueden tirar más dados de bonificación que dados de habilidad»: Bruno asks 2D+4B, rolls
    # 2D+2B; «la mitad de su rango [...] con un mínimo de 1»: a helper of rank 1 gives +1.
    out = s(test_dice=1, name="Ana", faces=[3, 6, 5, 4, 1], rivals=[
        {"name": "Bruno", "test_dice": 2, "bonus_dice": 4, "helpers": [1]}])
    bruno = out["competition"]["rivals"][0]
    assert bruno["bonus_capped"] == {"asked": 4, "rolled": 2}
    assert bruno["kept"] == [6, 5] and bruno["teamwork"] == 1 and bruno["total"] == 12
    assert out["competition"]["winners"] == ["Bruno"]


def test_conflict_difficulty_is_the_passive_value_four_times_the_rank():
    # «Si el guardia tiene Percepción 3, el valor pasivo y por lo tanto la dificultad de la acción
    # sera 3x4=12.»
    out = s(test_dice=3, passive_rank=3, faces=[4, 4, 3])
    assert out["difficulty"] == 12 and out["passive"] == {"rank": 3, "value": 12}
    assert out["total"] == 11 and out["success"] is False and out["failure"] == "marginal"


def test_teamwork_and_extra_time_in_one_roll():
    # «Los aliados conceden un modificador [...] igual a la mitad de su rango en la habilidad [...]
    # (redondeando hacía abajo y con un mínimo de 1)»: ranks 5 and 1 → +2 +1. «recibe 1 dado de
    # habilidad adicional» per unit, «No se pueden recibir más del doble»: 2D with 5 units → 4D.
    out = s(test_dice=2, helpers=[5, 1], extra_time=5, faces=[1, 2, 3, 4])
    assert len(out["faces"]) == 4 and out["teamwork"] == 3 and out["total"] == 10 + 3


def test_more_than_two_helpers_only_when_the_director_allows_it():
    # «Normalmente no se puede recibir ayuda de más de dos personas a la vez, aunque en tareas de gran
    # envergadura el Director puede permitir ayuda adicional.»
    with pytest.raises(InvalidRequest) as err:
        s(test_dice=2, helpers=[2, 2, 2], faces=[1, 1])
    assert err.value.code == "sifrp.helpers"
    assert s(test_dice=2, helpers=[2, 2, 2], allow_more_helpers=True, faces=[1, 1])["teamwork"] == 3


@pytest.mark.parametrize("params, code, field", [
    ({"passive_rank": 3, "difficulty": 12}, "sifrp.passive_difficulty", "passive_rank"),
    ({"passive_rank": 0}, "field.range", "passive_rank"),
    ({"name": "Ana", "rivals": []}, "sifrp.rivals", "rivals"),
    ({"name": "Ana", "rivals": [{"name": "B", "test_dice": 2}] * 8}, "sifrp.rivals", "rivals"),
    ({"name": "Ana", "rivals": "Bruno"}, "sifrp.rivals", "rivals"),
    ({"rivals": [{"name": "Bruno", "test_dice": 2}]}, "name.length", "name"),
    ({"name": "Ana", "rivals": [{"test_dice": 2}]}, "name.length", "rivals[0].name"),
    ({"name": "Ana", "rivals": [{"name": "Ana", "test_dice": 2}]}, "sifrp.competitor_same", "rivals[0].name"),
    ({"name": "Ana", "rivals": [{"name": "Bruno", "test_dice": 0}]}, "field.range", "rivals[0].test_dice"),
    ({"name": "Ana", "rivals": [{"name": "Bruno", "test_dice": 2, "difficulty": 3}]}, "field.unknown",
     "rivals[0].difficulty"),
    ({"name": "Ana", "rivals": [{"name": "Bruno", "test_dice": 2}], "extended_goal": 2},
     "sifrp.competition_extended", "rivals"),
    ({"name": "Ana", "rivals": [{"name": "Bruno", "test_dice": 2}], "passive_rank": 2},
     "sifrp.competition_passive", "rivals"),
])
def test_bad_contests_are_refused_with_a_code_and_the_field(params, code, field):
    with pytest.raises(InvalidRequest) as err:
        s(test_dice=3, seed=SEED, **params)
    assert (err.value.code, err.value.field) == (code, field)


def test_a_competition_link_recomputes_every_roll_and_old_links_are_untouched():
    request = {"system": "sifrp", "seed": SEED, "test_dice": 3, "bonus_dice": 1, "label": "Carrera",
               "name": "Ana", "rivals": [{"name": "Bruno", "test_dice": 2, "modifier": 2}]}
    for version in (1, 2):
        fragment = encode_link(request, version=version)
        checked = verify(fragment)
        fresh = {"fresh": []} if version == 2 else {}
        assert checked["result"] == systems.roll({**request, **fresh})   # rolled again, never read
        assert "competition" in checked["result"]
    # the new keys are appended: a request without them encodes as it did before (format 1 vectors)
    plain = encode_link({"system": "sifrp", "seed": SEED, "test_dice": 3}, version=1)
    assert verify(plain)["result"].keys().isdisjoint({"competition", "passive"})


def test_the_snippet_names_each_competitor_and_the_winner():
    fragment = encode_link({"system": "sifrp", "seed": SEED, "test_dice": 3, "name": "Ana",
                            "rivals": [{"name": "Bruno", "test_dice": 2}]}, version=1)
    comp = verify(fragment)["result"]["competition"]
    text = snippet(fragment, "https://x.example/", "text", "es")
    assert "competición: Ana, Bruno 2D" in text
    assert "\nAna: " in text and "\nBruno: " in text
    word = "Empate entre " if comp["tie"] else "Gana "     # the words of the screen (tirada.systems.sifrp_words)
    assert "\n" + word + ", ".join(comp["winners"]) + "\n" in text


def test_cli_rolls_a_competition_and_a_conflict():
    out = io.StringIO()
    request = json.dumps({"system": "sifrp", "faces": [6, 6, 1, 1], "test_dice": 2, "name": "Ana",
                          "rivals": [{"name": "Bruno", "test_dice": 2}]})
    assert main(["roll", request], stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["competition"]["winners"] == ["Ana"]
    out = io.StringIO()
    request = json.dumps({"system": "sifrp", "faces": [6, 6], "test_dice": 2, "passive_rank": 3})
    assert main(["roll", request], stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["difficulty"] == 12
