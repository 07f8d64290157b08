"""Blood Red Sands: the compact (setup, moves) serialisation for links, and its size budget.

Rules: ../shared/rules/blood-red-sands.md §What the tool must do (asynchronous play by links)
(seed 000_95455a330fc0ceb0.txt). The link wrapper itself is tirada.links.chain's job; the budget is
measured as zlib level 9 + base64url of the compact JSON.
"""

from __future__ import annotations

import base64
import json
import os
import zlib

import pytest

from helpers.brs import big_setup, duel, play_out
from tirada.systems.brs import Setup, from_compact, replay, summary, to_compact
from tirada.systems.brs.compact import KINDS
from tirada.errors import InvalidRequest, LinkError

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "brs-haster-sharla.json")


def packed_length(compact: list) -> int:
    text = json.dumps(compact, separators=(",", ":"), ensure_ascii=False)
    return len(base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).rstrip(b"="))


def only_lists_ints_text(value) -> bool:
    if isinstance(value, list):
        return all(only_lists_ints_text(v) for v in value)
    return value is None or isinstance(value, (int, str))


def test_round_trip_of_the_seed_example():
    with open(EXAMPLE, encoding="utf-8") as fh:
        ex = json.load(fh)
    compact = to_compact(ex["setup"], ex["moves"])
    assert compact[0] == 1 and only_lists_ints_text(compact)
    setup, moves = from_compact(json.loads(json.dumps(compact)))
    assert setup == Setup.from_dict(ex["setup"]).to_dict() and moves == ex["moves"]
    assert replay(setup, moves) == replay(ex["setup"], ex["moves"])


def test_twenty_exchanges_three_components_a_side_fit_in_2000_characters():
    setup = big_setup(traits=6)
    log = play_out(setup, exchanges=20)
    state = replay(setup, log)
    assert len(state.exchanges) == 20
    compact = to_compact(setup, log)
    assert packed_length(compact) <= 2000
    back_setup, back_moves = from_compact(compact)
    assert summary(replay(back_setup, back_moves)) == summary(state)


def test_every_kind_and_optional_field_round_trips():
    setup = duel([(10, "cunning", 5)] * 2, [(10, "cunning", 5)] * 2, [1])
    moves = [
        {"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1], "soul_fused": 4},
        {"move": "defend", "dice": [2, 3]}, {"move": "advantage", "die": 3}, {"move": "renew"},
        {"move": "renew", "player": 1}, {"move": "vow", "player": 1, "vow": "enemy_dies", "note": "¡Juro!"},
        {"move": "reinforce", "player": 0, "components": [2, 3]},
        {"move": "yield", "player": 1, "new_leader": 3, "note": "condiciones"},
        {"move": "strength", "die": 2}, {"move": "endurance", "die": 3},
        {"move": "ruling", "action": "down", "die": 2, "note": "Fortaleza de la casa"},
        {"move": "ruling", "action": "none"}, {"move": "devastate", "weakness": None},
        {"move": "devastate", "weakness": {"size": 4, "trait": "Cojea", "claim": True, "aspect": "strength"}},
        {"move": "devastate", "weakness": {"size": 6, "trait": "Miedo", "claim": False, "aspect": None}},
        {"move": "bonus", "take": "advantage"}, {"move": "defeat", "size": 8},
        {"move": "orders", "player": 1, "orders": {"strength": "smallest", "endurance": "available", "ruling": "none",
                                                   "devastate": "lose", "bonus": "none", "defeat": "largest", "pick": "turns"}},
    ]
    assert {m["move"] for m in moves} == set(KINDS)
    _, back = from_compact(to_compact(setup, moves))
    assert back == [{k: v for k, v in m.items() if v is not None} for m in moves]  # null = absent


@pytest.mark.parametrize("bad", [
    {"move": "pick", "attacker": 0, "target": 1, "by": 3},   # unknown field: never dropped silently
    {"move": "fly"}, "pick", {"move": "bonus", "take": "gold"}, {"move": "devastate", "weakness": 4},
])
def test_to_compact_refuses_what_it_cannot_keep(bad):
    with pytest.raises(InvalidRequest):
        to_compact(duel([(10, "cunning", 5)] * 2, [(10, "cunning", 5)] * 2), [bad])


@pytest.mark.parametrize("data", [
    None, [], [1, [], []], [1, "x", []], [1, None, [[99]]], [2, [], []],
])
def test_from_compact_refuses_damaged_data(data):
    if data == [1, None, [[99]]]:
        data = [1, to_compact(duel([(10, "cunning", 5)] * 2, [(10, "cunning", 5)] * 2), [])[1], [[99]]]
    with pytest.raises(LinkError):
        from_compact(data)


def test_from_compact_names_an_unknown_version():
    with pytest.raises(LinkError) as info:
        from_compact([3, [], []])
    assert "version 3" in info.value.message
