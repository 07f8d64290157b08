"""The set-up draft as a typed record (tirada.systems.brs.draft; issue #40): every stored draft the page
accepted reads, and goes back to storage byte for byte (key order and unknown keys included); the
edits return new drafts with the same dicts the page wrote before."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tirada.sheets import Character
from tirada.systems.brs import Setup
from tirada.systems.brs.draft import Draft, blank_draft, from_setup, start_point
from tirada.systems.brs.draft_edits import (apply_character, apply_quick, edit, keep_typed, set_field, set_prefight,
                                            settled, to_setup, trigger_request, typed_side)
from tirada.systems.brs.example import balanced_setup, example_setup

SEED = "ab" * 16


def same_bytes(value) -> None:
    draft = Draft.from_dict(json.loads(json.dumps(value)))
    assert draft is not None
    assert json.dumps(draft.to_dict(), ensure_ascii=False) == json.dumps(value, ensure_ascii=False)


STORED = [
    {"seed": "x", "players": [{"name": "A", "components": [{"traits": [{}]}]}, {}], "sides": ["a"]},
    {"players": [{"name": None, "side": None, "hero": 1, "advantage": "dos", "zz": [1],
                  "components": [{"name": None, "committed": False, "traits": [{"die": "d8", "aspect": "zzz", "q": 1}]}]}],
     "graveyard": {"dice": [4, "x"], "advantage": "1", "dice_text": "4, d6, ²", "w": 2}, "back_down": 1,
     "allow_d12": 1, "zz": {"keep": [1]},
     "prefight": {"bids": [{"act": "pain", "text": "a"}, {"act": "zzz"}], "act": "call",
                  "trigger": {"limit": "²", "on": True, "component": "0", "faces": "2", "x": None}}},
    {"sides": ["Uno", "Dos"], "players": [], "typed": {"0": "Uno", "1": "  "}, "prefight": 5},
    {"prefight": {"bids": "x", "trigger": []}, "graveyard": {}},
    {"typed": {}, "back_down": None, "spoils": [], "stipulations": ["t"], "seed": ""},
    {},
]


def test_stored_drafts_go_back_byte_for_byte():
    for value in STORED:
        same_bytes(value)


def test_the_page_drafts_go_back_byte_for_byte():
    """The seed's example, the balanced duel, the starting points, a quick character and a «Mis
    datos» character, as the page stores them."""
    sides = ("Cronista", "Jugadores")
    drafts = [blank_draft(SEED, sides), from_setup(example_setup(SEED)), from_setup(balanced_setup(SEED)),
              from_setup(Setup.from_dict(example_setup(SEED)).to_dict())]
    drafts += [start_point(k, SEED, sides) for k in ("duel", "chronicler", "leader")]
    drafts.append(apply_quick(drafts[0], 0, "Fuerza d10 d6, sutileza D8; Espadón: Strength d4"))
    char = Character.from_dict({"id": "r", "system": "brs", "name": "Ryo", "campaign": "", "sheet": {
        "components": [{"name": "Ryo", "traits": [{"trait": "x", "die": 10, "aspect": "strength"}]}]}})
    drafts.append(apply_character(drafts[1], 1, char))
    drafts.append(settled(keep_typed(typed_side(drafts[0], "sides.1", "Mío"))))
    for draft in drafts:
        same_bytes(draft.to_dict())
        assert Draft.from_dict(draft.to_dict()) == draft


def test_blank_and_example_drafts_have_the_shape_the_page_always_wrote():
    blank = blank_draft(SEED, ("A", "B")).to_dict()
    assert list(blank) == ["seed", "sides", "players", "graveyard", "spoils", "stipulations", "back_down", "allow_d12"]
    assert blank["players"][1] == {"name": "", "side": 1, "hero": True, "leader": False, "advantage": 0,
                                   "components": [{"name": "", "committed": True,
                                                   "traits": [{"trait": "", "die": 6, "aspect": "strength"}]}]}
    assert blank["graveyard"] == {"dice": [], "advantage": 0}
    example = example_setup(SEED)
    draft = from_setup(example).to_dict()
    assert list(draft) == [k for k in example if k not in ("version", "faces", "campaign")] + (
        ["allow_d12"] if "allow_d12" not in example else [])
    assert Setup.from_dict(to_setup(from_setup(example))) == Setup.from_dict({**example, "version": 2})


def test_a_typed_value_is_set_in_place_and_a_path_to_nothing_changes_nothing():
    draft = from_setup(example_setup(SEED))
    new = set_field(draft, "players.0.components.0.traits.0.die", "d8")
    assert new.players[0].components[0].traits[0].die == "d8"       # as typed: the engine names it
    assert list(new.to_dict()["players"][0]["components"][0]["traits"][0]) == ["trait", "die", "aspect"]
    for path in ("players.9.name", "sides.5", "nothing", "players.0.components.x.name", "graveyard.dice_text.x"):
        assert set_field(draft, path, "v") == draft
    typed = set_field(draft, "graveyard.dice_text", "4 d6")
    assert list(typed.to_dict()["graveyard"]) == ["dice", "advantage", "dice_text"]
    assert to_setup(typed)["graveyard"]["dice"] == [4, 6]
    assert set_field(draft, "spoils", ["a"]).to_dict()["spoils"] == ["a"]


def test_edits_keep_their_limits():
    draft = blank_draft(SEED, ("A", "B"))
    assert edit(draft, "del-player", "players.0") == draft                 # never fewer than two
    assert edit(draft, "del-comp", "players.0.components.0") == draft      # never fewer than one
    assert edit(draft, "del-trait", "players.0.components.0.traits.0") == draft
    three = edit(draft, "add-player", "players")
    assert len(three.players) == 3 and edit(three, "del-player", "players.0").players == three.players[1:]
    more = edit(edit(draft, "add-comp", "players.1"), "add-trait", "players.1.components.1")
    assert [len(c.traits) for c in more.players[1].components] == [1, 2]
    assert edit(draft, "zzz", "players.0") == draft


def test_typed_side_names_stay_and_go():
    draft = typed_side(blank_draft(SEED, ("A", "B")), "sides.0", "Mío")
    assert keep_typed(draft).sides == ("Mío", "B")
    other = keep_typed(blank_draft(SEED, ("C", "D")), draft.typed)
    assert other.sides == ("Mío", "D") and other.typed == {"0": "Mío"}
    gone = keep_typed(typed_side(draft, "sides.0", " "))
    assert "typed" not in gone.to_dict() and gone.sides == ("A", "B")


def test_the_prefight_record_is_settled_as_the_page_always_did():
    draft = Draft.from_dict({"sides": ["A", "B"], "prefight": {"bids": [{"act": "pain", "text": "a"}, {"act": "zzz"},
                                                                         {"act": "call"}]}})
    pf = settled(draft).to_dict()["prefight"]
    assert pf == {"bids": [{"act": "pain", "text": "a"}], "trigger": {"on": False, "limit": "2"}}
    assert trigger_request(draft) is None
    on = set_prefight(draft, trigger_on=True, trigger_component="1", trigger_limit="")
    assert trigger_request(on) == {"component": 1, "faces": "", "limit": None}     # untyped: the engine names it


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=5),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                       max_leaves=6)


def keyed(fields: dict):
    """A dict of some of ``fields`` (strategies) and some unknown keys, in any order."""
    return st.tuples(st.fixed_dictionaries({}, optional=fields), st.dictionaries(st.sampled_from(["q", "zz", "x1"]),
                                                                                 JSONISH, max_size=2),
                     st.randoms()).map(lambda t: dict(t[2].sample(list({**t[1], **t[0]}.items()), len({**t[1], **t[0]}))))


TRAIT = keyed({"trait": JSONISH, "die": JSONISH, "aspect": JSONISH})
COMPONENT = keyed({"name": JSONISH, "committed": JSONISH, "traits": st.lists(TRAIT, max_size=2)})
PLAYER = keyed({"name": JSONISH, "side": JSONISH, "hero": JSONISH, "leader": JSONISH, "advantage": JSONISH,
                "components": st.lists(COMPONENT, max_size=2)})
DRAFT = keyed({"seed": JSONISH, "sides": st.lists(JSONISH, max_size=3), "players": st.lists(PLAYER, max_size=3),
               "graveyard": keyed({"dice": JSONISH, "advantage": JSONISH, "dice_text": JSONISH}),
               "spoils": st.lists(JSONISH, max_size=2), "stipulations": st.lists(JSONISH, max_size=2),
               "back_down": JSONISH, "allow_d12": JSONISH, "typed": st.dictionaries(st.text(max_size=2), JSONISH),
               "prefight": JSONISH | keyed({"bids": JSONISH, "act": JSONISH,
                                            "trigger": JSONISH | keyed({"on": JSONISH, "component": JSONISH,
                                                                        "faces": JSONISH, "limit": JSONISH})})})


@settings(max_examples=80, deadline=None)
@given(DRAFT)
def test_any_stored_draft_of_the_form_shape_goes_back_byte_for_byte(value):
    same_bytes(value)
