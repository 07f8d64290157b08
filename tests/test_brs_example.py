"""The seed's worked example (Haster attacks Sharla) as an exact replay, and Cunning around it.

Rules: ../shared/rules/blood-red-sands.md §Aspects (worked example [seed]), seed
000_95455a330fc0ceb0.txt "Ejemplo: Recordemos a Haster…". The example file lives in the repo:
docs/examples/brs-haster-sharla.json.
"""

from __future__ import annotations

import copy
import json
import os

import pytest

from tirada.systems.brs import replay, summary
from tirada.systems.brs.replay import apply, new_confrontation
from tirada.cli import cmd_brs

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "brs-haster-sharla.json")
HASTER, SHARLA = 0, 1
MAPA, MARDA, CORAZON = 0, 3, 4          # Haster's d8 Endurance, d6 Fortaleza, d6 Fortaleza showing 1
PUNO, AGUANTA, ZORRA, VELO = 9, 10, 11, 12  # Sharla's d4 Strength, d10 Endurance, d6 Cunning, d8 Sorcery


@pytest.fixture
def example() -> dict:
    with open(EXAMPLE, encoding="utf-8") as fh:
        return json.load(fh)


def test_example_replays_exactly(example):
    state = replay(example["setup"], example["moves"])
    out = summary(state)
    ex = out["exchanges"][0]
    assert (ex["attacker"], ex["target"], ex["score"]) == ("Haster", "Sharla", 10)
    assert [(d["d"], d["face"]) for d in ex["defence"]] == [(4, 2), (10, 6), (6, 2)]
    assert ex["outcome"] == "Damage"
    # Sharla advanced Cunning and Haster did not: his Aspects (his Endurance) have no effect
    assert ex["aspects_cancelled_for"] == "Haster"
    assert [e.get("source") for e in ex["events"] if "aspect" in e] == [PUNO, AGUANTA]
    # her Strength: Haster damaged his own d6 showing 1 → odd → Devastated, 1 VP for Sharla
    assert state.dice[CORAZON].row == "lost" and state.dice[CORAZON].face == 1
    assert out["vp"] == {"Haster": 0, "Sharla": 1}
    assert out["devastated"]["per_component"][0] == 1
    # her even defence dice were Battered; her Endurance lifted the d10 from Battered to Used
    assert state.dice[PUNO].row == "battered" and state.dice[ZORRA].row == "battered"
    assert state.dice[AGUANTA].row == "used"
    assert {"die": AGUANTA, "aspect": "endurance", "source": AGUANTA, "lifted": "battered->used"} in ex["events"]
    assert sorted((d["die"], d["result"]) for d in ex["damage"]) == [
        (CORAZON, "devastated"), (PUNO, "battered"), (ZORRA, "battered")]
    # Haster's attack dice go to Used; the Graveyard gave its one d6 (just devastated) to his Horde
    assert state.dice[MAPA].row == "used" and state.dice[MARDA].row == "used"
    assert state.players[HASTER].horde == (6,) and state.graveyard_dice == ()
    # next: exchange 2, Sharla's side attacks; she was attacked so she may Yield now
    assert (out["round"], out["exchange"], out["phase"]) == (1, 2, "pick")
    assert out["to_move"]["Sharla"] == ["pick", "yield", "advantage"]
    assert out["winner"] == "in progress"


def test_example_choices_are_owed_to_the_right_players(example):
    state, dice = new_confrontation(example["setup"])
    for move in example["moves"][:3]:
        state = apply(state, move, dice)
    assert state.pending[0] == ("strength", PUNO, HASTER)   # Haster damages his own die
    state = apply(state, example["moves"][3], dice)
    assert state.pending[0] == ("endurance", AGUANTA, SHARLA)  # Sharla lifts one of hers


def test_without_her_cunning_haster_endurance_and_fortaleza_act(example):
    setup = copy.deepcopy(example["setup"])
    setup["players"][1]["components"][0]["traits"][2]["aspect"] = "fortaleza"
    state, dice = new_confrontation(setup)
    for move in example["moves"][:3]:
        state = apply(state, move, dice)
    kinds = [(k, src) for k, src, _ in state.pending]
    # column order: Strength (hers), Endurance (his, then hers), then Fortaleza (his, then hers)
    assert kinds == [("strength", PUNO), ("endurance", MAPA), ("endurance", AGUANTA),
                     ("ruling", MARDA), ("ruling", ZORRA)]
    assert state.current["cancelled"] is None


def test_when_both_advance_cunning_nothing_is_cancelled(example):
    setup = copy.deepcopy(example["setup"])
    setup["players"][0]["components"][0]["traits"][3]["aspect"] = "cunning"  # Marda becomes Cunning
    state, dice = new_confrontation(setup)
    for move in example["moves"][:3]:
        state = apply(state, move, dice)
    assert state.current["cancelled"] is None
    assert ("endurance", MAPA, HASTER) in state.pending


@pytest.mark.parametrize("sorcery", ["sorcery", "blessed_sorcery"])
def test_sorcery_is_immune_to_cunning(example, sorcery):
    setup = copy.deepcopy(example["setup"])
    setup["players"][0]["components"][0]["traits"][3]["aspect"] = sorcery  # Marda becomes a Sorcery
    state, dice = new_confrontation(setup)
    for move in example["moves"][:3]:
        state = apply(state, move, dice)
    assert state.current["cancelled"] == HASTER
    assert ("ruling", MARDA, HASTER) in state.pending          # Sorcery still acts
    assert all(src != MAPA for _, src, _ in state.pending)    # Endurance cancelled


def test_example_file_replays_through_the_cli(example):
    out = cmd_brs(["replay", "-"], json.dumps(example))
    assert out["vp"] == {"Haster": 0, "Sharla": 1} and out["winner"] == "in progress"
    assert out["exchanges"][0]["outcome"] == "Damage"


def test_docs_show_the_same_example(example):
    path = os.path.join(os.path.dirname(__file__), "..", "docs", "brs-format.md")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    block = text.split("## Complete example", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(block) == example
