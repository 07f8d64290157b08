"""Blood Red Sands: ``python -m tirada brs replay|defences`` and the setup's validation.

Rules: ../shared/rules/blood-red-sands.md §Pieces, §Before the fight: the Spoils; formats in
docs/brs-format.md (seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

import json
import os

import pytest

from helpers.brs import duel
from tirada.systems.brs import Setup, replay
from tirada.cli import cmd_brs
from tirada.errors import IllegalMove, InvalidRequest
from helpers.cli import run

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "brs-haster-sharla.json")




def test_replay_file_prints_the_final_state():
    code, out, err = run(["brs", "replay", EXAMPLE])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["vp"] == {"Haster": 0, "Sharla": 1} and data["winner"] == "in progress"
    assert data["renewals"] == {"used": [], "left": 3, "may_renew": [0, 1]}
    assert [e["outcome"] for e in data["exchanges"]] == ["Damage"]


def test_illegal_move_names_the_move_index_and_rule_and_exits_2():
    with open(EXAMPLE, encoding="utf-8") as fh:
        ex = json.load(fh)
    ex["moves"][3] = {"move": "strength", "die": 12}   # Sharla's die: Haster must damage his own
    with pytest.raises(IllegalMove) as info:
        cmd_brs(["replay", "-"], json.dumps(ex))
    assert info.value.field == "moves[3].die" and info.value.message.startswith("move 3 (strength):")
    assert info.value.rule == "blood-red-sands.md §Aspects, in column order"
    code, out, err = run(["brs", "replay", "-"], json.dumps(ex))
    assert code == 2 and out == "" and "moves[3].die: move 3 (strength)" in err and err.count("\n") == 1


def test_defences_command():
    code, out, _ = run(["brs", "defences", json.dumps({"score": 7, "dice": [6, 1, 3], "limit": 2})])
    data = json.loads(out)
    assert code == 0 and data["outcome"] == "Block" and [d["dice"] for d in data["defences"]] == [[0, 1], [0, 2]]


@pytest.mark.parametrize("argv,stdin", [
    (["brs"], ""), (["brs", "fly"], ""), (["brs", "replay", "-"], "[1, 2]"),
    (["brs", "replay", "-"], '{"moves": []}'), (["brs", "replay", "-"], "{not json"),
    (["brs", "defences", '{"dice": [1]}'], ""), (["brs", "defences", '{"score": 3, "dice": [1], "x": 1}'], ""),
    (["brs", "replay", "no-such-file.json"], ""),
])
def test_bad_commands_exit_2_with_one_line(argv, stdin):
    code, out, err = run(argv, stdin)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


# ----- setup validation ----------------------------------------------------------------------------
def base() -> dict:
    return duel([(10, "cunning", 5)] * 2, [(10, "cunning", 5)] * 2)


@pytest.mark.parametrize("change,field", [
    (lambda s: s.update(seed="00" * 16), "seed"),                                   # both seed and faces
    (lambda s: s.pop("faces"), "seed"),                                             # neither
    (lambda s: s.update(version=3), "version"),
    (lambda s: s.update(colour="red"), "colour"),
    (lambda s: s["players"][0]["components"][0]["traits"][0].update(die=12), "players[0].components[0].traits[0].die"),
    (lambda s: s["players"][0]["components"][0]["traits"][0].update(die=7), "players[0].components[0].traits[0].die"),
    (lambda s: s["players"][0]["components"][0]["traits"][0].update(aspect="luck"),
     "players[0].components[0].traits[0].aspect"),
    (lambda s: s["players"][1].update(side=0), "players"),                          # a side without players
    (lambda s: s["players"].append(dict(s["players"][1], name="C")), "players"),  # two players, no Leader
    (lambda s: s["players"][1]["components"][0].update(committed=False), "players"),  # nothing committed
    (lambda s: s.update(back_down=2), "back_down"),
    (lambda s: s["players"][1].update(name="A"), "players"),                        # same name twice
    (lambda s: s.update(graveyard={"dice": [3]}), "graveyard.dice[0]"),
    (lambda s: s["players"][0].update(vows=["faction_fails", "faction_fails"]), "players[0].vows"),
    (lambda s: s["players"][0].update(advantage=-1), "players[0].advantage"),
    (lambda s: s["players"][0].update(side=2), "players[0].side"),
])
def test_setup_refusals(change, field):
    setup = base()
    change(setup)
    with pytest.raises(InvalidRequest) as info:
        Setup.from_dict(setup)
    assert info.value.field == field


def test_setup_round_trips_and_d12_behind_a_setting():
    setup = base()
    setup["allow_d12"] = True
    setup["players"][0]["components"][0]["traits"][0]["die"] = 12
    setup["faces"][0] = 12
    parsed = Setup.from_dict(setup)
    assert Setup.from_dict(parsed.to_dict()) == parsed
    assert replay(setup, []).dice[0].face == 12


def test_too_few_faces_is_an_invalid_request():
    setup = base()
    setup["faces"] = setup["faces"][:3]
    with pytest.raises(InvalidRequest):
        replay(setup, [])


def test_seeded_setup_replays_the_same_dice():
    setup = base()
    del setup["faces"]
    setup["seed"] = "0123456789abcdef0123456789abcdef"
    a, b = replay(setup, []), replay(setup, [])
    assert a == b and all(1 <= d.face <= 10 for d in a.dice)


def test_public_surface_is_pinned():
    import tirada.systems.brs
    assert tirada.systems.brs.__all__ == [
        "ASPECTS", "MOVES", "Setup", "State", "apply", "from_compact", "legal_moves", "new_confrontation",
        "play", "replay", "smallest_defences", "summary", "to_compact",
    ]
