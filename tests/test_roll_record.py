"""The roll on screen and the history as the roll page reads them (tirada.links.roll_record, issue #40):
a vector's verified link, requests and results, and stored history entries (older and partial ones too)
read into records that say what their dicts say, leaving the dicts as they were."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tirada.links.chain import verify
from tirada.links.roll_record import HistoryEntry, RollHead, VerifiedRoll
from tirada.stored import history_item

VECTORS = Path(__file__).resolve().parent / "vectors"


@pytest.mark.parametrize("name", ["sifrp.json", "generic.json", "l5r5e.json", "tragedia.json", "fate.json"])
def test_a_vectors_verified_link_reads_as_its_roll(name):
    case = json.loads((VECTORS / name).read_text("utf-8"))["rolls"][0]
    verified = {**verify(case["fragment"]), "fragment": case["fragment"]}
    kept = copy.deepcopy(verified)
    roll = VerifiedRoll.of(verified)
    assert verified == kept
    assert roll.fragment == case["fragment"] and roll.request is verified["request"] and roll.result is verified["result"]
    assert roll.system == verified["request"]["system"] == name.split(".")[0]
    assert roll.label == verified.get("label")
    assert RollHead.of(roll.result).system in (roll.system, None)


def test_a_partial_verified_dict_reads_as_absent():
    roll = VerifiedRoll.of({"request": "x", "fragment": 3})
    assert (roll.fragment, roll.request, roll.result, roll.system, roll.label) == ("", {}, {}, None, None)


def test_the_head_of_a_request():
    assert RollHead.of({"system": "generic", "label": "ataque"}) == RollHead("generic", "ataque")
    assert RollHead.of({"system": "sifrp", "label": None}) == RollHead("sifrp", "")
    assert RollHead.of(None) == RollHead() and RollHead.of({}).label == ""


def test_a_stored_entry_reads_as_it_was_stored_and_says_its_summary_per_language():
    stored = history_item({"fragment": "elsewhere-17", "elsewhere": True, "system": "generic", "label": "daño",
                           "summary": {"es": "6+5 = 11", "en": "6+5 = 11 (en)"}, "at": 17}, "history[0]")
    before = json.dumps(stored, sort_keys=True)
    entry = HistoryEntry.of(stored)
    assert json.dumps(stored, sort_keys=True) == before
    assert (entry.fragment, entry.label, entry.at, entry.elsewhere) == ("elsewhere-17", "daño", 17, True)
    assert entry.text("es") == "6+5 = 11" and entry.text("en") == "6+5 = 11 (en)" and entry.text("fr") == ""


@pytest.mark.parametrize("item, text, at", [({"summary": "una línea", "at": "ayer"}, "una línea", 0),
                                            ({"summary": None, "at": True, "label": None}, "", True),
                                            ({}, "", 0)])
def test_an_older_or_partial_entry_reads_as_absent(item, text, at):
    entry = HistoryEntry.of(item)
    assert entry.text("es") == text and entry.at == at and entry.label == "" and not entry.elsewhere
