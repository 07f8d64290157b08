"""The typed records of fair-play links the page reads (tirada.links.fair_records; issue #40): every
vector's roll link, request and sealed link reads into a record that says what its dict says, keeps the
dict unchanged, and an older or partial dict never makes a record raise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tirada.links import gm_request, sealed
from tirada.links.chain import encode_link, verify
from tirada.links.fair_records import Bound, fair_check, request_spec, rolled_system, sealed_card, verified

VECTORS = Path(__file__).with_name("vectors")
SEED = "8f14e45fceea167a5a36dedd4bea2543"


def _links(name: str) -> list:
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))["links"]


def _rolls() -> list:
    rolls = [verify(one["fragment"]) for one in json.loads((VECTORS / "fairplay-v2.json").read_text())["rolls_v2"]]
    rolls.append(verify(encode_link({"system": "generic", "seed": SEED, "dice": 2, "sides": 6, "label": "Ataque"},
                                    roller="Ana", campaign="Arenas", seq=1, created=1796000000)))
    rolls.append(verify(encode_link({"system": "sifrp", "seed": SEED, "test_dice": 3})))
    return rolls


@pytest.mark.parametrize("link", _rolls())
def test_a_verified_link_reads_what_its_dict_says(link):
    before = json.dumps(link, sort_keys=True)
    one = verified({**link, "fragment": "t2x"})
    assert (one.id, one.roller, one.campaign, one.seq, one.prev) == (link["id"], link["roller"], link["campaign"],
                                                                     link["seq"], link["prev"])
    assert (one.created_iso, one.label, one.gm_request, one.format) == (link["created_iso"], link["label"],
                                                                        link["gm_request"], link["format"])
    assert one.request == link["request"] and one.result == link["result"] and one.system == link["request"]["system"]
    assert one.description("es") == link["description"]["es"] and one.proves_in("en") == link["proves"]["en"]
    assert "label" not in one.unlabelled_result() and one.fragment == "t2x"
    assert json.dumps(link, sort_keys=True) == before        # the dict is read, never changed


@pytest.mark.parametrize("drop", ["roller", "seq", "prev", "created_iso", "id", "proves", "description", "request",
                                  "result", "label", "format"])
def test_an_older_or_partial_verified_dict_reads_as_absent(drop):
    link = dict(_rolls()[-2])
    del link[drop]
    one = verified(link)
    assert getattr(one, {"description": "descriptions"}.get(drop, drop)) in (None, "", {}, 1)
    assert one.description("es") or drop == "description"
    assert verified({}).system is None and verified({}).id == "" and verified({}).fragment is None


@pytest.mark.parametrize("case", [one for one in _links("links.json") + _links("sealed.json")
                                  if one["kind"] in ("request", "sealreq")], ids=lambda one: one["name"])
def test_a_request_reads_its_fixed_and_bounded_fields(case):
    spec = gm_request.decode_request(case["fragment"]) if case["kind"] == "request" else \
        sealed.read_sealed(case["fragment"], ("sealreq",))[1]
    one = request_spec(spec)
    fields = spec["fields"]
    assert one.system == spec["system"] and one.id == spec["id"] and one.raw == spec
    assert list(one.fixed) + list(one.bounds) == [n for n in fields if n in one.fixed] + [n for n in fields if n in one.bounds]
    assert set(one.fixed) | set(one.bounds) == set(fields)
    for name, bound in one.bounds.items():
        assert bound == Bound(fields[name]["min"], fields[name]["max"])
    assert (one.label, one.player, one.campaign) == (spec.get("label") or "", spec.get("for") or "",
                                                     spec.get("campaign") or "")


def test_a_partial_request_never_raises():
    one = request_spec({"system": "sifrp", "fields": {"test_dice": 3, "bonus_dice": {"min": 1}}})
    assert one.fixed == {"test_dice": 3} and one.bounds == {"bonus_dice": Bound(1, None)}
    assert (one.label, one.player, one.campaign, one.id) == ("", "", "", "")
    assert request_spec({}).fixed == {} and request_spec({}).system is None


@pytest.mark.parametrize("case", [one for one in _links("sealed.json") if one["kind"] in ("blind", "secret", "reveal")],
                         ids=lambda one: one["name"])
def test_a_sealed_link_reads_its_card(case):
    kind, view = sealed.read_sealed(case["fragment"])
    one = sealed_card(view)
    assert one.raw == view and one.roller == view.get("roller") and one.seq == view.get("seq")
    if kind == "reveal":      # a reveal is read for the id of the roll it reveals
        assert one.id == view["id"]
    elif kind == "blind":
        assert not one.secret and one.key == view["sealed_request"] and one.request == view["request"]
        assert one.label == view["request"].get("label")
    else:
        assert one.secret and one.key == one.id == view["id"] and one.request == {}
        assert one.label == view.get("label")


def test_an_opened_roll_says_its_system():
    case = next(one for one in _links("sealed.json") if one["kind"] == "blind")
    secret = json.loads((VECTORS / "sealed.json").read_text())["campaign_secret"]
    opened = sealed.open_blind(secret, case["fragment"])
    assert rolled_system(opened) == opened.request["system"] in ("sifrp", "generic", "l5r5e")


def test_a_fair_check_reads_its_request_decisions_and_chain():
    from tirada.links import fair_roll
    from tirada.links.chain import ChainState

    result, check = fair_roll.begin({"system": "fate", "skill": 2, "invokes": ["+2"], "seed": SEED},
                                    ChainState("Ana", "Arenas"))
    one = fair_check(check)
    assert one.request == check["request"] and one.chain == check["chain"] and one.raw == check
    assert one.decided("invokes") == ["+2"] and one.decided("invokes") is not check["request"]["invokes"]
    assert one.decided("explosions") == [] and "step" not in one.unstepped()
    assert fair_check({}).request == {} and fair_check({}).chain is None
