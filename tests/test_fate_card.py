"""The typed card of a Fate roll (tirada.systems.fate.card; issue #40): every vector and a grid of rolls
(skills, a difficulty or an opposition, invocations, rerolls) reads into a card that says what its
result says, the result unchanged; an older or partial result never makes it raise."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from tirada.systems import roll
from tirada.systems.fate.card import fate_card

VECTORS = Path(__file__).with_name("vectors")
SEED = "8f14e45fceea167a5a36dedd4bea2543"


def _results() -> list:
    out = [one["result"] for one in json.loads((VECTORS / "fate.json").read_text(encoding="utf-8"))["rolls"]]
    for skill, target, invokes in itertools.product([-1, 3], [None, ("difficulty", 2), ("opposition", 1)],
                                                   [[], ["+2", "reroll"]]):
        request = {"system": "fate", "seed": SEED, "skill": skill, "invokes": invokes, "label": "Atletismo"}
        if target:
            request[target[0]] = target[1]
        if "reroll" in invokes:
            request["fresh"] = ["0011223344556677"]
        out.append(roll(request))
    return out


def test_every_fate_result_reads_what_it_says():
    for result in _results():
        before = json.dumps(result, sort_keys=True)
        one = fate_card(result)
        assert one.result == result and json.dumps(result, sort_keys=True) == before
        assert (list(one.faces), one.skill, list(one.invokes), one.total, one.modifier) == \
            (result["faces"], result["skill"], result["invokes"], result["total"], result["modifier"])
        assert (one.label, one.outcome, one.rerolled) == (result["label"], result["outcome"], result["rerolled"])
        assert (one.difficulty, one.opposition, one.opposition_total) == \
            (result["difficulty"], result["opposition"], result["opposition_total"])
        rival = result["opposition_faces"]
        assert one.opposition_faces == (None if rival is None else tuple(rival))


def test_an_older_or_partial_result_reads_as_absent():
    one = fate_card({"faces": [1, 0, -1, 0], "total": 0})
    assert (one.label, one.outcome, one.skill, one.invokes, one.modifier) == ("", None, 0, (), 0)
    assert one.difficulty is None and one.opposition_faces is None and fate_card({}).faces == ()


def test_the_odds_card_reads_its_success_threshold_and_outcomes():
    from tirada.systems.fate.card import fate_odds_card
    from tirada.systems.fate.odds import fate_odds

    against = fate_odds({"skill": 1, "difficulty": 2})
    one = fate_odds_card(against)
    assert one.success_from == against["success_from"] == 3 and one.outcomes == against["outcomes"]
    alone = fate_odds_card(fate_odds({"skill": 1}))
    assert alone.success_from is None and alone.outcomes is None
    assert fate_odds_card({"success_from": "3", "outcomes": []}) == fate_odds_card({})
