"""The current Confrontation's moves, its storage key and the Blood Red Sands characters as this browser keeps them,
read into records (tirada.systems.brs.stored; issue #40): never raising on an older or hand-edited
shape, giving back what was stored."""

from __future__ import annotations

import json

from tirada.systems.brs import replay
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.stored import StoredMove, brs_characters, confrontation_key


def test_stored_moves_read_and_give_back_what_was_stored():
    moves = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "orders", "player": 0, "orders": {"a": 1}}]
    got = [StoredMove.from_dict(m) for m in json.loads(json.dumps(moves))]
    assert [m.kind for m in got] == ["pick", "orders"]
    assert got[1].player == 0 and got[1].orders == {"a": 1} and got[0].player is None
    assert json.dumps([m.to_dict() for m in got]) == json.dumps(moves)
    replay(example_setup("ab" * 16), [m.to_dict() for m in got][:0])       # what the engine replays


def test_a_hand_edited_move_never_raises():
    odd = [StoredMove.from_dict(m) for m in (5, {"move": 7}, {"player": 1}, None)]
    assert [m.kind for m in odd] == ["", "", "", ""] and odd[2].player == 1
    assert [m.to_dict() for m in odd] == [5, {"move": 7}, {"player": 1}, None]      # kept as stored


def test_confrontation_key_is_the_seed_and_names_hash():
    setup = example_setup("cd" * 16)
    key = confrontation_key(setup)
    assert len(key) == 20 and all(c in "0123456789abcdef" for c in key)
    assert confrontation_key({**setup, "spoils": ["x"]}) == key          # only the seed and names count
    renamed = {**setup, "players": [{**setup["players"][0], "name": "Otro"}] + setup["players"][1:]}
    assert confrontation_key(renamed) != key
    assert confrontation_key({"faces": [1, 2], "players": [5]}) == confrontation_key({"faces": [1, 2], "players": [7]})


def test_brs_characters_reads_only_the_blood_red_sands_ones():
    stored = [{"id": "a", "system": "brs", "name": "Ana", "campaign": "", "sheet": {}, "updated": 3},
              {"id": "b", "system": "sifrp", "name": "Bo", "campaign": "", "sheet": {}},
              {"id": "c", "system": "brs", "name": "", "campaign": "", "sheet": {}},      # unreadable: left out
              "junk"]
    chars = brs_characters(stored)
    assert [(c.id, c.name, c.updated) for c in chars] == [("a", "Ana", 3)]
    assert chars[0].to_dict() == {"id": "a", "system": "brs", "name": "Ana", "campaign": "",
                                  "sheet": {"components": [], "horde": [], "notes": ""}, "updated": 3}
