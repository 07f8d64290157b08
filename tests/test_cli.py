"""The command line (tirada.cli): JSON in, JSON out, exit 2 with one line for nonsense."""

import json

import pytest
from helpers.cli import run



@pytest.mark.parametrize("faces, d, b, p, tn, total", [
    ([6, 6, 5, 2, 1], 3, 2, 0, 9, 17),
    ([6, 5, 4, 4, 3, 1], 4, 2, 1, 9, 15),
    ([6, 5, 3, 2, 2], 3, 2, 1, 9, 11),
    ([6, 5, 4, 4, 2, 1], 4, 2, 0, 12, 19),
])
def test_rule_file_examples_through_cli(faces, d, b, p, tn, total):
    req = {"system": "sifrp", "test_dice": d, "bonus_dice": b, "penalty_dice": p, "difficulty": tn, "faces": faces}
    code, out, err = run(["roll", json.dumps(req)])
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["total"] == total
    if tn == 12:
        assert result["degrees"] == 2


def test_stdin_request():
    code, out, _ = run(["roll"], stdin='{"system":"generic","dice":2,"sides":6,"faces":[2,5]}')
    assert code == 0 and json.loads(out)["total"] == 7


@pytest.mark.parametrize("argv, stdin, needle", [
    (["roll", '{"system":"sifrp","test_dice":0}'], "", "test_dice"),
    (["roll", '{"system":"generic","dice":2,"sides":1}'], "", "sides"),
    (["roll", '{"system":"generic","dice":"two","sides":6}'], "", "dice"),
    (["roll", "{not json"], "", "not valid JSON"),
    (["roll"], "", "no request given"),
    (["roll", "[1,2]"], "", "JSON object"),
    (["frobnicate"], "", "unknown command"),
])
def test_nonsense_exits_2_with_one_line(argv, stdin, needle):
    code, out, err = run(argv, stdin)
    assert code == 2 and out == ""
    assert needle in err
    assert len(err.strip().splitlines()) == (1 if argv[0] != "frobnicate" else err.strip().count("\n") + 1)
    assert "Traceback" not in err


def test_help_lists_commands():
    code, out, _ = run(["--help"])
    assert code == 0 and "roll" in out


@pytest.mark.parametrize("req", [
    {"system": "generic", "dice": 1, "sides": 6, "explode": True},                # d6!: "internal error" before
    {"system": "generic", "dice": 5, "sides": 10, "keep": 3, "explode": True},
    {"system": "generic", "groups": [{"dice": 1, "sides": 8}, {"dice": 1, "sides": 6}], "modifier": 3},
])
def test_odds_of_exploding_and_grouped_rolls_through_cli(req):
    code, out, err = run(["odds", json.dumps(req)])
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["distribution"] and ("cut_off" in result) == any(
        g.get("explode") for g in req.get("groups", [req]))


def test_odds_too_large_exits_2_with_its_reason():
    code, out, err = run(["odds", '{"system":"generic","dice":100,"sides":1000,"keep":50}'])
    assert code == 2 and out == "" and "too large for exact odds" in err
