"""The typed card of a generic roll and a SIFRP test (tirada.systems.dice_card, issue #40): what the
page's dice card reads instead of the stored result's keys."""

from __future__ import annotations

import json
import pathlib

import pytest

from tirada.systems.dice_card import Dice, DiceCard, card

VECTORS = pathlib.Path(__file__).parent / "vectors"


def _results(system: str) -> list:
    return [r["result"] for r in json.loads((VECTORS / f"{system}.json").read_text(encoding="utf-8"))["rolls"]]


@pytest.mark.parametrize("system", ["generic", "sifrp"])
def test_every_vector_reads_into_a_card_that_says_what_the_result_says(system):
    for result in _results(system):
        one = card(result)
        assert isinstance(one, DiceCard) and one.result == result and one.system == result.get("system", "generic")
        assert one.total == result.get("total") and one.label == result.get("label")
        if isinstance(result.get("faces"), list):
            assert list(one.dice.faces) == result["faces"] and list(one.dice.kept_indices) == result["kept_indices"]
        if isinstance(result.get("rolls"), list):
            assert one.rolls is not None and [r.total for r in one.rolls] == [r.get("total") for r in result["rolls"]]
        if isinstance(result.get("groups"), list):
            assert one.groups is not None and [g.sum for g in one.groups] == [g["sum"] for g in result["groups"]]
        if result.get("extended"):
            ext = result["extended"]
            assert one.extended is not None and len(one.extended.attempts) == len(ext["attempts"])
            assert (one.extended.tally, one.extended.goal, one.extended.done) == (ext["tally"], ext["goal"], ext["done"])
            assert all(a.dice.sides == 6 for a in one.extended.attempts)


def test_a_competition_gives_each_row_its_name_and_the_shared_difficulty():
    result = next(r for r in _results("sifrp") if isinstance(r.get("competition"), dict))
    comp = card(result).competition
    assert comp is not None
    names = [result["competition"]["name"]] + [r["name"] for r in result["competition"]["rivals"]]
    assert [row.name for row in comp.rows] == names
    assert all(row.difficulty == result["difficulty"] and row.difficulty_name == result["difficulty_name"]
               for row in comp.rows)
    assert all(row.competition is None for row in comp.rows)
    assert set(comp.winners) <= set(names) and comp.winners


def test_an_older_or_partial_result_reads_as_absent_fields_never_an_error():
    one = card({"total": 7})
    assert one.system == "generic" and one.dice == Dice((), ()) and one.groups is None and one.rolls is None
    assert (one.modifier, one.teamwork, one.damage, one.band, one.extended, one.competition) == (0, 0, None, None, None, None)
    odd = card({"faces": [3, 5], "modifier": True, "damage": "4", "band": {"index": 2}, "rolls": "x",
                "rerolled": [[0, [1]], [1, 2]], "success_indices": [1]})
    assert odd.dice.kept_indices == (0, 1)              # no kept_indices: every die counts
    assert odd.dice.rerolled == ((0, (1,)),)            # a malformed reroll entry is left out
    assert odd.dice.success_indices == (1,) and odd.dice.failure_indices == ()
    assert (odd.modifier, odd.damage, odd.band, odd.rolls) == (0, None, None, None)


def test_the_card_is_frozen():
    one = card({"total": 1})
    with pytest.raises(AttributeError):
        one.total = 2  # type: ignore[misc]
