"""tirada.odds: dispatch on system, ignored common fields, JSON shape, and the ``odds`` command."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tirada.errors import InvalidRequest
from tirada.odds import ODDS, odds
from helpers.cli import run

REQUESTS = {
    "generic": {"dice": 4, "sides": 8, "keep": 2, "difficulty": 10},
    "sifrp": {"test_dice": 3, "bonus_dice": 2, "difficulty": 9},
    "l5r5e": {"ring": 2, "skill": 1, "tn": 2},
    "tragedia": {"protagonist_dice": 3, "adversary_dice": 3},
    "brs": {"attack_score": 7, "available": [3, 2], "renew": [6]},
}


def _vector_request(system: str) -> dict:
    """The first roll vector's request of a system written as a package (tests/vectors/<id>.json), minus
    the common fields: a new system brings its own example and edits no line here."""
    data = json.loads((VECTORS / f"{system}.json").read_text(encoding="utf-8"))
    request = data["rolls"][0]["link"]["request"]
    return {k: v for k, v in request.items() if k not in ("system", "seed", "faces", "label", "fresh")}


VECTORS = Path(__file__).resolve().parent / "vectors"
REQUESTS.update({system: _vector_request(system) for system in ODDS if system not in REQUESTS})


def test_every_system_has_a_request_here():
    assert set(REQUESTS) == set(ODDS)


@pytest.mark.parametrize("system", sorted(REQUESTS))
def test_output_is_json_and_distributions_add_up(system):
    out = odds({"system": system, **REQUESTS[system]})
    assert out["system"] == system and out["method"].startswith("exact")
    assert json.loads(json.dumps(out)) == out
    rows = out["renewal"]["distribution"] if system == "brs" else out["distribution"]
    assert sum(Fraction(r["exact"]) for r in rows) == 1
    assert all(0.0 <= r["p"] <= 1.0 and abs(r["p"] - float(Fraction(r["exact"]))) < 1e-15 for r in rows)


@pytest.mark.parametrize("system", sorted(REQUESTS))
def test_seed_faces_and_label_are_ignored(system):
    plain = odds({"system": system, **REQUESTS[system]})
    extra = odds({"system": system, **REQUESTS[system], "seed": "ab" * 16, "faces": [1, 2], "label": "x"})
    assert plain == extra


@pytest.mark.parametrize("request_, field", [
    ({"system": "chess"}, "system"),
    ({"dice": 2}, "system"),
])
def test_unknown_system_is_refused(request_, field):
    with pytest.raises(InvalidRequest) as err:
        odds(request_)
    assert err.value.field == field and "generic" in err.value.message


def test_non_object_is_refused():
    with pytest.raises(InvalidRequest):
        odds([1, 2])


def test_cli_odds_argument_and_stdin():
    req = json.dumps({"system": "l5r5e", "ring": 1, "tn": 3})
    code, out, err = run(["odds", req])
    assert (code, err) == (0, "") and json.loads(out)["success"]["exact"] == "1/72"
    code, out, err = run(["odds"], stdin=req)
    assert code == 0 and json.loads(out)["success"]["exact"] == "1/72"


def test_cli_odds_refusal_is_one_line_exit_2():
    code, out, err = run(["odds", json.dumps({"system": "sifrp", "test_dice": 0})])
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: test_dice:")


@pytest.mark.parametrize("system", [[1], {"a": 1}, 3, None])
def test_a_system_that_is_not_text_is_an_invalid_request(system):
    from tirada.errors import InvalidRequest
    from tirada.odds import odds as compute

    with pytest.raises(InvalidRequest, match="no odds for system"):
        compute({"system": system})
