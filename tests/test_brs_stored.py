"""The current Confrontation, its moves and the Blood Red Sands characters as this browser keeps them,
read into records (tirada.systems.brs.stored; issue #40): never raising on an older or hand-edited
shape, giving back what was stored."""

from __future__ import annotations

import json

from tirada.systems.brs import replay
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.stored import StoredConfrontation, StoredMove, brs_characters, confrontation_key


def test_stored_confrontation_reads_and_gives_back_what_was_stored():
    setup = example_setup("ab" * 16)
    moves = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "orders", "player": 0, "orders": {"a": 1}}]
    draft = {"seed": "", "sides": ["A", "B"], "typed": {"0": "A"}}
    value = {"setup": setup, "moves": moves, "draft": draft}
    got = StoredConfrontation.from_dict(value)
    assert got.setup is setup and got.draft is draft
    assert [m.kind for m in got.moves] == ["pick", "orders"]
    assert got.moves[1].player == 0 and got.moves[1].orders == {"a": 1} and got.moves[0].player is None
    assert json.dumps(got.to_dict()) == json.dumps(value)
    assert got.move_dicts() == moves and got.move_dicts() is not moves
    replay(got.setup, got.move_dicts()[:0])       # the setup is the engine's to replay


def test_stored_confrontation_never_raises_on_a_hand_edited_value():
    for value in (None, [], "x", {"setup": [1], "moves": "no", "draft": 3}, {}):
        got = StoredConfrontation.from_dict(value)
        assert (got.setup, got.moves, got.draft) == (None, (), None)
    odd = StoredConfrontation.from_dict({"moves": [5, {"move": 7}, {"player": 1}]})
    assert [m.kind for m in odd.moves] == ["", "", ""] and odd.moves[2].player == 1
    assert odd.move_dicts() == [5, {"move": 7}, {"player": 1}]      # kept as stored: the replay refuses it
    assert StoredMove.from_dict({"move": "orders", "player": 1, "orders": None}).kind == "orders"


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
