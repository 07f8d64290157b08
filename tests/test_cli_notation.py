"""Issue 28: the command line and the engine take dice notation directly — ``roll`` and ``odds`` with a
``notation`` field, ``explain TEXT`` (docs/notation.md §The engine and the command line)."""

import json

import pytest

from tirada.errors import InvalidRequest
from tirada.links.chain import verify
from tirada.systems.notation import expand, explain
from helpers.cli import run

SEED = "8f14e45fceea167a5a36dedd4bea2543"


def test_roll_with_notation_is_the_roll_of_its_fields():
    code, out, err = run(["roll", json.dumps({"notation": "(2d6+3)*2", "difficulty": 15, "faces": [4, 4]})])
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["worked"] == "(8+3)\u00d72" and result["total"] == 22 and result["success"] is True
    same = run(["roll", json.dumps({"system": "generic", "expr": ["*", ["+", {"dice": 2, "sides": 6}, 3], 2],
                                    "difficulty": 15, "faces": [4, 4]})])[1]
    assert json.loads(same) == result


def test_odds_with_notation_through_stdin():
    code, out, _ = run(["odds"], stdin='{"notation": "5d10!k3", "difficulty": 20}')
    result = json.loads(out)
    assert code == 0 and result["explosion_bound"] == 12 and 0 < result["success"]["p"] < 1


def test_explain_says_how_the_text_was_read():
    code, out, _ = run(["explain", "ataque: 3+1d6*2;", "4d6k3/2"])
    assert code == 0
    said = json.loads(out)
    assert said["request"] == {"rolls": [{"expr": ["+", 3, ["*", {"dice": 1, "sides": 6}, 2]], "label": "ataque"},
                                         {"expr": ["/", {"dice": 4, "sides": 6, "keep": 3}, 2]}]}
    assert said["reads_as"] == "ataque: 3+1d6*2; 4d6k3/2"
    assert said["rolls"] == [{"label": "ataque", "grouped": "3 + (1d6 * 2)", "divides": False},
                             {"grouped": "4d6k3 / 2", "divides": True}]
    assert explain("1d20+(5-2)")["reads_as"] == "1d20+3"


@pytest.mark.parametrize("argv, stdin, needle", [
    (["roll", '{"notation": "2d6", "dice": 3}'], "", "'dice' comes from the notation"),
    (["roll", '{"system": "sifrp", "notation": "2d6"}'], "", "generic roll only"),
    (["roll", '{"notation": 7}'], "", "must be text"),
    (["odds", '{"notation": "1d6/0"}'], "", "may be 0"),
    (["explain"], "", "no notation given"),
    (["explain", "1d6**2"], "", "cannot read"),
])
def test_bad_notation_exits_2_with_one_line(argv, stdin, needle):
    code, out, err = run(argv, stdin)
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1


def test_a_link_made_from_notation_carries_the_fields_never_the_text():
    code, out, _ = run(["link", "encode", json.dumps({"seed": SEED, "notation": "4d6k3/2"})])
    assert code == 0
    fragment = json.loads(out)["fragment"]
    assert verify(fragment)["request"]["expr"] == ["/", {"dice": 4, "sides": 6, "keep": 3}, 2]
    with pytest.raises(InvalidRequest) as err:     # a request still holding the text is not a roll
        from tirada import roll
        roll({"system": "generic", "seed": SEED, "notation": "4d6k3/2"})
    assert err.value.code == "field.unknown"


def test_expand_joins_a_single_rolls_label_and_keeps_the_common_fields():
    assert expand({"notation": "ataque: 1d20+5", "label": "Goblin", "seed": SEED}) == {
        "system": "generic", "seed": SEED, "label": "Goblin \u00b7 ataque", "dice": 1, "sides": 20, "modifier": 5}
    assert expand({"system": "sifrp", "test_dice": 3}) == {"system": "sifrp", "test_dice": 3}


def test_the_dialect_in_roll_odds_link_and_explain():
    """Issue 43: ``"dialect"`` in ``roll``, ``odds`` and ``link encode``; ``explain --dialect NAME TEXT``."""
    code, out, _ = run(["explain", "--dialect", "foundry", "2d6r<3"])
    said = json.loads(out)
    assert code == 0 and said["dialect"] == "foundry" and said["request"] == {"dice": 2, "sides": 6, "reroll": [1, 2],
                                                                               "reroll_once": True}
    assert said["words"]["es"] == ["2d6, se repite una vez cada dado menor que 3, se suman"]
    assert json.loads(run(["explain", "--dialect=dicemaiden", "-d20"])[1])["request"] == \
        {"dice": 2, "sides": 20, "keep": 1, "keep_lowest": True}
    code, out, _ = run(["roll", json.dumps({"notation": "4d6 r2", "dialect": "dicemaiden", "faces": [1, 5, 6, 2, 3, 4]})])
    rolled = json.loads(out)      # Dice Maiden's r2: each die showing 2 or less is rolled again once
    assert code == 0 and rolled["faces"] == [5, 6, 3, 4] and rolled["rerolled"] == [[0, [1]], [2, [2]]]
    odds = json.loads(run(["odds", json.dumps({"notation": "-d20", "dialect": "dicemaiden"})])[1])
    assert odds["distribution"][0] == {"value": 1, "p": 0.0975, "exact": "39/400"}    # 1 − (19/20)²
    link = json.loads(run(["link", "encode", json.dumps({"notation": "8d6mi2", "dialect": "avrae", "seed": SEED})])[1])
    assert verify(link["fragment"])["request"]["dialect"] == "avrae"
    code, _, err = run(["explain", "--dialect", "rolll20", "1d6"])
    assert code == 2 and "dialect" in err
    code, _, err = run(["explain", "--dialect"])
    assert code == 2
