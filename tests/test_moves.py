"""One move interface for the three stateful games (tirada.systems.moves): each game's worked example
played through ``Game.start`` / ``Game.move`` / ``Game.apply``, frozen states and moves, and replay
die for die. Issue #25 ("the three stateful games share one move interface with frozen state").

Worked examples: blood-red-sands.md §Aspects (Haster attacks Sharla, docs/examples/brs-haster-sharla.json);
tragedia.md §The final roll (the seed scene, tests/helpers/tragedia.py); l5r5e.md §Skirmish helpers
(seed 002: Matsu Kaoru's critical strike of deadliness 5 and the shurikens of damage 2).
"""

from __future__ import annotations

import dataclasses
import json
import os

import pytest

from tirada.dice import FixedFaces
from tirada.errors import IllegalMove, InvalidRequest
from tirada.portable import Struct
from tirada.systems import brs
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.game import GAME as BRS
from tirada.systems.l5r.check import roll as l5r_roll
from tirada.systems.l5r.turn import replay as turn_replay
from tirada.systems.l5r.turn_game import GAME as TURN
from tirada.systems.l5r.turn_state import Critical, TurnState
from tirada.systems.moves import Game, Move, freeze, replay, thaw
from tirada.systems.tragedia.game import GAME as SCENE
from tirada.systems.tragedia.scene import replay as scene_replay

from helpers.tragedia import A_FACES, P_FACES, SEED_ACTIONS, sheets

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "brs-haster-sharla.json")


def brs_example() -> dict:
    with open(EXAMPLE, encoding="utf-8") as fh:
        return json.load(fh)


def scene_ledger(**kw) -> dict:
    out = {"schema": 1, "objective": "Libertad", "themes": ["Sangre y arena", "Libertad", "Traición"],
           "participants": sheets()}
    out.update(kw)
    return out


def chk(faces, ring, skill, tn, keep, stance) -> dict:
    """A finished check as a move carries it (rolled by the real check on fixed faces)."""
    r = l5r_roll({"ring": ring, "skill": skill, "tn": tn, "keep": keep, "stance": stance}, FixedFaces(faces))
    return {**{k: r[k] for k in ("success", "bonus_successes", "opportunities", "tn", "stance")},
            "strife": r["strife_change"]}


KAORU = {"stance": "air", "void_ring": 2, "void_points": 1, "fatigue": 0, "endurance": 8}
#: seed 002: a critical strike of deadliness 5, two successes → severity 3 → a light wound of Air;
#: then the shurikens: damage 2, resistance 1 (ordinary clothes) → 1 fatigue.
KAORU_MOVES = [{"action": "critical", "deadliness": 5, "check": chk([5, 3, 8], 2, 1, 1, [0, 2], "air")},
               {"action": "accept_critical"},
               {"action": "damage", "damage": 2, "resistance": 1, "deadliness": 3}]

#: (game, setup, moves) for each game's worked example
CASES = {
    "brs": (BRS, brs_example()["setup"], brs_example()["moves"]),
    "tragedia": (SCENE, scene_ledger(faces=P_FACES + A_FACES), SEED_ACTIONS + [{"roll": "final"}]),
    "l5r_turn": (TURN, KAORU, KAORU_MOVES),
}


def test_each_game_is_a_game_of_the_protocol_and_names_itself():
    for name, (game, _, _) in CASES.items():
        assert game.name == name
        assert isinstance(game, Game)     # mypy checks each against the Protocol where GAME is declared


def test_brs_worked_example_through_the_interface():
    """Haster attacks Sharla: score 10, her defence d4 2, d10 6, d6 2, Damage; Sharla 1 VP."""
    game, setup, moves = CASES["brs"]
    state = replay(game, setup, moves)
    out = brs.summary(state)
    ex = out["exchanges"][0]
    assert (ex["attacker"], ex["target"], ex["score"], ex["outcome"]) == ("Haster", "Sharla", 10, "Damage")
    assert out["vp"] == {"Haster": 0, "Sharla": 1}
    assert state == brs.replay(setup, moves)             # the same fold as the game's own replay


def test_tragedia_worked_example_through_the_interface():
    """The seed scene: 7 dice + 1 automatic success against 6 dice; 4 against 4, a tie the Flaw bought."""
    game, setup, moves = CASES["tragedia"]
    state = replay(game, setup, moves)
    assert state.phase == "decided"
    stage = state.stages[0]
    assert (stage["winner"], stage["tie"]) == ("protagonist", True)
    assert state == scene_replay({**setup, "actions": moves})


def test_l5r_turn_worked_example_through_the_interface():
    """Matsu Kaoru: severity 3 → a light wound of Air; the shurikens leave 1 fatigue."""
    game, setup, moves = CASES["l5r_turn"]
    state = replay(game, setup, moves)
    assert state.light_wounds == ("air",) and state.fatigue == 1 and state.pending_critical is None
    crit, hurt, dmg = state.effects
    assert (crit["severity"], hurt["light_wound"], dmg["fatigue_gained"]) == (3, "air", 1)
    assert state.to_dict() == turn_replay({"character": setup, "moves": moves})["state"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_state_and_move_are_frozen_and_a_move_leaves_its_state_unchanged(name):
    game, setup, moves = CASES[name]
    state, dice = game.start(setup)
    move = game.move(moves[0])
    if isinstance(state, Struct):      # a core record (tirada.portable.Struct: Blood Red Sands, issue #41)
        before, field = state.replace(), state._fields[0]
    else:
        before, field = dataclasses.replace(state), dataclasses.fields(state)[0].name
    after = game.apply(state, move, dice)
    assert after != state and state == before                     # a new state; the old one as it was
    with pytest.raises(AttributeError):                           # dataclasses.FrozenInstanceError is one
        setattr(state, field, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.kind = "other"
    with pytest.raises(TypeError):
        move.data["x"] = 1
    assert move.to_dict() == moves[0] and move.to_dict() is not move.to_dict()


@pytest.mark.parametrize("name", sorted(CASES))
def test_replay_is_deterministic(name):
    game, setup, moves = CASES[name]
    assert replay(game, setup, moves) == replay(game, setup, moves)


def test_seeded_replay_draws_the_same_dice_and_dice_none_rebuilds_them():
    """From a seed (no hand-rolled faces): two replays agree die for die; a Confrontation applied
    without the stream (dice None: rebuilt from the state's draws) reaches the same state."""
    setup, moves = example_setup("ab" * 16), brs_example()["moves"][:2]
    a, b = replay(BRS, setup, moves), replay(BRS, setup, moves)
    assert a.draws and a.draws == b.draws and a == b
    state, _ = BRS.start(setup)
    for m in moves:
        state = BRS.apply(state, BRS.move(m), None)
    assert state == a
    ledger = scene_ledger(seed="cd" * 16)
    first = replay(SCENE, ledger, SEED_ACTIONS + [{"roll": "final"}])
    again = replay(SCENE, ledger, SEED_ACTIONS + [{"roll": "final"}])
    assert first.stages == again.stages and first.draws == again.draws > 0


def test_refusals_come_through_the_interface_unchanged():
    state, dice = BRS.start(CASES["brs"][1])
    with pytest.raises(InvalidRequest) as err:
        BRS.apply(state, BRS.move({"move": "fly"}), dice)
    assert err.value.code == "brs.move_unknown"
    with pytest.raises(InvalidRequest) as err:
        BRS.move(["pick"])
    assert err.value.code == "brs.move_object"
    scene, _ = SCENE.start(CASES["tragedia"][1])
    assert SCENE.move({"add": "trait", "roll": "final"}).kind == ""
    with pytest.raises(InvalidRequest) as err:
        SCENE.apply(scene, SCENE.move({"add": "trait", "roll": "final"}), None)
    assert err.value.code == "tragedia.action_verb"
    turn, _ = TURN.start({})
    with pytest.raises(IllegalMove) as err:
        TURN.apply(turn, TURN.move({"action": "accept_critical"}), None)
    assert err.value.code == "skirmish.no_critical"


def test_turn_state_round_trips_its_json_and_freezes_nested_values():
    state = replay(TURN, {**KAORU, "weapons": [{"name": "katana", "ready": True}]}, KAORU_MOVES[:1])
    assert state.pending_critical == Critical(deadliness=5, severity=3)
    assert TurnState.from_dict(state.to_dict()).to_dict() == state.to_dict()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.weapons[0].ready = False
    with pytest.raises(TypeError):
        state.effects[0]["severity"] = 1


def test_freeze_and_thaw_are_inverse_on_json():
    value = {"a": [1, {"b": [True, None, "x"]}], "c": {}}
    frozen = freeze(value)
    assert thaw(frozen) == value and isinstance(frozen["a"], tuple)
    assert Move.of("k", value).to_dict() == value
