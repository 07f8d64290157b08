"""Signed game randomness (issue 26, item 1 and item 3): Tragedia scene rolls (ledger schema 2) and
the Confrontation's start take a number in a roller chain; a signed start refuses at set-up what a
later move would refuse (names, sizes). docs/tragedia-scene.md §Signed rolls, docs/brs-format.md §Fair
play (the start), docs/link-format.md §16.10.
"""

import hashlib
import json
from pathlib import Path

import pytest

from tirada.errors import IllegalMove, InvalidRequest, LinkError
from tirada.fresh import entry_id
from tirada.links.chain import ChainState, reserve
from tirada.wire.codec import encode_payload
from tirada.systems.brs.compact import from_compact, to_compact
from tirada.systems.brs.config import Setup
from tirada.systems.brs.link import (MAX_START_DICE, MAX_START_FRAGMENT, check_playable, encode_link,
                                     open_link)
from tirada.systems.brs.signed import start_entry, start_fresh
from tirada.systems.brs.start import check_mover_names, check_start
from tirada.systems.tragedia.play import (EXAMPLE, act, check_link, from_fragment, roll_entries, start,
                                          to_fragment, view)
from tirada.systems.tragedia.signed import (check_position, check_roll_signature, check_roller_names,
                                            check_signed_setup)
from tirada.systems.tragedia.state import new_scene

from helpers.brs import big_setup
from helpers.tragedia import SEED_ACTIONS

ROOT = Path(__file__).resolve().parents[1]
SEED = "8f14e45fceea167a5a36dedd4bea2543"


class Chains:
    """A stand-in for the page's chain storage: one ChainState per (roller, campaign), read at each
    commit; ``commits`` counts the numbers taken."""

    def __init__(self) -> None:
        self.states: dict = {}
        self.commits = 0

    def commit(self, roller: str, fresh: str, campaign: str = "") -> dict:
        state = self.states.get((roller, campaign)) or ChainState(roller, campaign)
        position, self.states[(roller, campaign)] = reserve(state, fresh)
        self.commits += 1
        return position


def gathered(campaign: str | None = None) -> dict:
    ledger = start({**EXAMPLE, **({"campaign": campaign} if campaign else {})})
    for action in SEED_ACTIONS:
        ledger = act(ledger, action)
    return ledger


def lost_seed() -> str:
    """A seed whose final roll of the example scene (7 + 1 vs 6, ties bought) is lost."""
    from tirada.dice import DiceStream
    from tirada.systems.tragedia.roll import final_stage

    return next(s for s in (f"{n:032x}" for n in range(400))
                if final_stage(7, 6, DiceStream(s), 1, True)["winner"] == "adversary")


# ------------------------------------------------------------------------- Tragedia: the ledger
def test_the_page_starts_scenes_of_schema_2_and_older_ones_still_read():
    assert start(EXAMPLE)["schema"] == 2
    old = start(EXAMPLE, schema=1)
    assert old["schema"] == 1 and new_scene(old).schema == 1
    assert new_scene({**old, "schema": 2}).schema == 2
    with pytest.raises(InvalidRequest) as err:
        new_scene({**old, "schema": 3})
    assert err.value.code == "tragedia.ledger_schema"
    with pytest.raises(InvalidRequest) as err:
        new_scene({**old, "schema": True})
    assert err.value.code == "tragedia.ledger_schema"


def test_a_final_roll_takes_the_rollers_next_chain_number():
    chains = Chains()
    ledger = gathered("Arenas")
    done = act(ledger, {"roll": "final", "by": "Corvo"},
               commit=lambda who, seed: chains.commit(who, seed, "Arenas"))
    roll = done["actions"][-1]
    assert roll["by"] == "Corvo" and roll["chain"] == {"seq": 1, "prev": None} and len(roll["seed"]) == 32
    entry = roll_entries(done)
    assert entry == [{"action": len(done["actions"]) - 1, "stage": "final", "roller": "Corvo", "campaign": "Arenas",
                      "seq": 1, "prev": None, "id": entry_id(1, None, bytes.fromhex(roll["seed"]))}]
    assert chains.states[("Corvo", "Arenas")].last == entry[0]["id"]       # the page's chain follows it
    again = act(ledger, {"roll": "final", "by": "Corvo"}, commit=lambda w, s: chains.commit(w, s, "Arenas"))
    assert again["actions"][-1]["chain"] == {"seq": 2, "prev": entry[0]["id"]}   # a retry: the next number


def test_a_post_loss_roll_is_signed_too_and_both_rolls_are_entries():
    chains = Chains()
    ledger = act(gathered(), {"roll": "final", "by": "Batiato"}, seed=lost_seed(), commit=chains.commit)
    assert view(ledger).phase == "post_loss" and view(ledger).can_roll is False
    ledger = act(ledger, {"add": "tragedy", "by": "Corvo"})
    assert view(ledger).can_roll
    ledger = act(ledger, {"roll": "post_loss", "by": "Corvo"}, commit=chains.commit)
    assert [(e["stage"], e["roller"], e["seq"]) for e in roll_entries(ledger)] == [
        ("final", "Batiato", 1), ("post_loss", "Corvo", 1)]
    assert view(ledger).phase == "decided"


def test_a_refused_roll_takes_no_number_and_an_unsigned_roll_is_refused():
    chains = Chains()
    ledger = start(EXAMPLE)
    with pytest.raises(IllegalMove):   # nothing gathered yet is fine, but post_loss is not open
        act(ledger, {"roll": "post_loss", "by": "Corvo"}, commit=chains.commit)
    with pytest.raises(InvalidRequest) as err:
        act(gathered(), {"roll": "final", "by": "Nadie"}, commit=chains.commit)
    assert err.value.code == "tragedia.not_participant"
    with pytest.raises(InvalidRequest) as err:
        act(gathered(), {"roll": "final"}, commit=chains.commit)
    assert err.value.code == "tragedia.roll_by"
    assert chains.commits == 0
    with pytest.raises(InvalidRequest) as err:     # the page always gives a commit: without one, no roll
        act(gathered(), {"roll": "final", "by": "Corvo"})
    assert err.value.code == "tragedia.roll_unsigned"
    forged = act(gathered(), {"roll": "final", "by": "Corvo", "chain": {"seq": 9, "prev": "ab" * 6}},
                 commit=lambda w, s: {"seq": 1, "prev": None})
    assert forged["actions"][-1]["chain"] == {"seq": 1, "prev": None}    # a given position is never kept


def test_replay_refuses_unsigned_or_malformed_rolls_in_schema_2():
    good = act(gathered(), {"roll": "final", "by": "Corvo"}, commit=lambda w, s: {"seq": 4, "prev": "0a" * 6})
    roll = good["actions"][-1]
    cases = [({k: v for k, v in roll.items() if k != "chain"}, "tragedia.roll_unsigned"),
             ({k: v for k, v in roll.items() if k != "by"}, "tragedia.roll_by"),
             ({**roll, "chain": {"seq": 4}}, "tragedia.chain_invalid"),
             ({**roll, "chain": {"seq": 1, "prev": "0a" * 6}}, "tragedia.chain_invalid"),
             ({**roll, "chain": {"seq": 0, "prev": None}}, "tragedia.chain_invalid"),
             ({**roll, "chain": {"seq": True, "prev": None}}, "tragedia.chain_invalid"),
             ({**roll, "chain": {"seq": 2, "prev": "zz" * 6}}, "tragedia.chain_invalid"),
             ({**roll, "chain": {"seq": 2, "prev": "0a" * 6, "x": 1}}, "tragedia.chain_invalid"),
             ({**roll, "chain": [2, "0a" * 6]}, "tragedia.chain_invalid"),
             ({**roll, "chain": {"seq": 10 ** 9 + 1, "prev": "0a" * 6}}, "tragedia.chain_invalid")]
    for bad, code in cases:
        with pytest.raises(InvalidRequest) as err:
            check_link(2, {**good, "actions": good["actions"][:-1] + [bad]})
        assert err.value.code == code, (bad, err.value)
    old = start(EXAMPLE, schema=1)
    with pytest.raises(InvalidRequest) as err:   # schema 1 takes no chain (older scenes stay as they were)
        check_link(1, {**old, "actions": [{"roll": "final", "seed": SEED, "chain": {"seq": 1, "prev": None}}]})
    assert err.value.code == "tragedia.chain_needs_schema2"


def test_dice_rolled_elsewhere_take_no_chain_number():
    faces = [2, 5, 4, 1, 6, 3, 3, 2, 2, 4, 1, 6, 5]
    chains = Chains()
    done = act(gathered(), {"roll": "final", "by": "Corvo", "faces": faces}, commit=chains.commit)
    assert "chain" not in done["actions"][-1] and chains.commits == 0 and roll_entries(done) == []
    with pytest.raises(InvalidRequest) as err:
        check_link(2, {**done, "actions": done["actions"][:-1] + [
            {"roll": "final", "faces": faces, "chain": {"seq": 1, "prev": None}}]})
    assert err.value.code == "tragedia.chain_with_faces"
    assert check_roll_signature(2, {"roll": "final"}, ledger_faces=True) is None


def test_a_signed_scene_has_no_ledger_seed_and_names_that_can_sign():
    with pytest.raises(InvalidRequest) as err:
        new_scene({**start(EXAMPLE), "seed": SEED})
    assert err.value.code == "tragedia.signed_no_ledger_seed"
    long_name = "C" * 41
    sheets = json.loads(json.dumps(EXAMPLE["participants"]))
    sheets[0]["sheet"]["name"] = long_name
    with pytest.raises(InvalidRequest) as err:
        start({**EXAMPLE, "participants": sheets})
    assert err.value.code == "tragedia.roller_name" and err.value.field == "participants[0].sheet.name"
    assert start({**EXAMPLE, "participants": sheets}, schema=1)["schema"] == 1   # older scenes: as before
    sheets[0]["sheet"]["name"] = "C" * 40
    assert start({**EXAMPLE, "participants": sheets})["schema"] == 2


@pytest.mark.parametrize("campaign, code", [("x" * 81, "field.too_long"), (" Arenas", "tragedia.campaign_invalid"),
                                            ("", "tragedia.campaign_invalid"), (7, "field.not_text"),
                                            ("a\u202eb", "name.hidden_char")])
def test_a_bad_campaign_is_refused(campaign, code):
    with pytest.raises(InvalidRequest) as err:
        check_signed_setup({"campaign": campaign}, 2)
    assert err.value.code == code
    with pytest.raises(InvalidRequest) as err:
        check_signed_setup({"campaign": "Arenas"}, 1)
    assert err.value.code == "tragedia.campaign_needs_schema2"


def test_check_position_and_roller_names_edges():
    assert check_position({"seq": 1, "prev": None}) == {"seq": 1, "prev": None}
    assert check_position({"seq": 2, "prev": "AB" * 6}) == {"seq": 2, "prev": "ab" * 6}
    for bad in (None, {}, {"seq": "1", "prev": None}, {"seq": 2, "prev": "ab" * 5}, "x"):
        with pytest.raises(InvalidRequest):
            check_position(bad)
    check_roller_names(())   # nothing to refuse


def test_signed_scene_links_are_format_2_and_older_ones_format_1():
    signed = act(gathered(), {"roll": "final", "by": "Corvo"}, commit=lambda w, s: {"seq": 1, "prev": None})
    fragment = to_fragment(signed)
    assert fragment.startswith("t2") and from_fragment(fragment) == signed
    with pytest.raises(LinkError) as err:   # a schema-2 ledger in a format-1 frame: refused
        from_fragment(encode_payload("scene", signed))
    assert err.value.code == "tragedia.link_format_schema"
    old = start(EXAMPLE, schema=1)
    assert to_fragment(old).startswith("t1")
    with pytest.raises(LinkError):
        from_fragment(encode_payload("scene", old, version=2))
    with pytest.raises(LinkError) as err:
        check_link(2, [1, 2])
    assert err.value.code == "link.wrong_kind_scene"
    with pytest.raises(LinkError) as err:
        check_link(1, {**old, "actions": [{"add": "support", "by": "Ashur"}] * 501})
    assert err.value.code == "tragedia.link_too_many_actions"


def test_every_vector_scene_still_opens():
    doc = json.loads((ROOT / "tests" / "vectors" / "links.json").read_text("utf-8"))
    scenes = [c for c in doc["links"] if c["kind"] == "scene"]
    assert {c["fragment"][:2] for c in scenes} == {"t1", "t2"}
    for case in scenes:
        assert from_fragment(case["fragment"]) == case["source"]


# --------------------------------------------------------------- Blood Red Sands: the start
def example_setup() -> dict:
    brs = json.loads((ROOT / "docs" / "examples" / "brs-haster-sharla.json").read_text("utf-8"))
    return {k: v for k, v in brs["setup"].items() if k != "faces"}


def test_each_start_takes_the_starters_next_number():
    chains = Chains()
    one = start_fresh({**example_setup(), "campaign": "Arenas"}, "Haster",
                      lambda who, seed: chains.commit(who, seed, "Arenas"))
    two = start_fresh({**example_setup(), "campaign": "Arenas"}, "Haster",
                      lambda who, seed: chains.commit(who, seed, "Arenas"))
    assert one["version"] == 2 and one["seed"] != two["seed"]
    first, second = start_entry(one), start_entry(two)
    assert first == {"roller": "Haster", "campaign": "Arenas", "seq": 1, "prev": None,
                     "id": entry_id(1, None, bytes.fromhex(one["seed"]))}
    assert (second["seq"], second["prev"]) == (2, first["id"])
    assert chains.states[("Haster", "Arenas")].last == second["id"]
    setup, moves, _ = open_link(encode_link(two, []))
    assert setup == two and moves == []
    assert start_entry(example_setup() | {"seed": SEED}) is None   # an unsigned setup: no entry


def test_the_signed_start_travels_in_the_compact_form_and_older_setups_keep_their_bytes():
    signed = start_fresh(example_setup(), "Haster", lambda w, s: {"seq": 3, "prev": "0123456789ab"})
    compact = to_compact(signed, [])
    assert compact[0] == 2 and compact[1][10] == ["Haster", 3, "0123456789ab"]
    assert from_compact(compact)[0] == signed
    unsigned = {k: v for k, v in signed.items() if k != "start"}
    assert len(to_compact(unsigned, [])[1]) == 10
    for bad in (["Haster", 3], "Haster", ["Haster", 3, "0123456789ab", 1]):
        with pytest.raises(LinkError):
            from_compact([2, compact[1][:10] + [bad], []])
    with pytest.raises(LinkError):
        from_compact([1, compact[1][:9] + ["", ["Haster", 1, None]], []])


@pytest.mark.parametrize("value, code", [
    ({"roller": "Haster", "seq": 2, "prev": None}, "brs.start_invalid"),
    ({"roller": "Haster", "seq": 1, "prev": "0123456789ab"}, "brs.start_invalid"),
    ({"roller": "", "seq": 1, "prev": None}, "brs.start_invalid"),
    ({"roller": " Haster", "seq": 1, "prev": None}, "brs.start_invalid"),
    ({"roller": "H" * 41, "seq": 1, "prev": None}, "brs.start_invalid"),
    ({"roller": "Ha\u200bster", "seq": 1, "prev": None}, "brs.start_invalid"),
    ({"roller": "Haster", "seq": 0, "prev": None}, "brs.start_invalid"),
    ({"roller": "Haster", "seq": 1}, "brs.start_invalid"),
    (["Haster", 1, None], "brs.start_invalid"),
])
def test_a_bad_start_signature_is_refused(value, code):
    with pytest.raises(InvalidRequest) as err:
        check_start(value, 2)
    assert err.value.code == code
    with pytest.raises(InvalidRequest) as err:
        check_start({"roller": "Haster", "seq": 1, "prev": None}, 1)
    assert err.value.code == "brs.start_needs_v2"


def test_a_signed_start_refuses_names_that_could_not_sign_a_move():
    """Finding: a player name of 41–120 characters was accepted, then every rolling move of that
    player was refused mid-game."""
    setup = example_setup()
    setup["players"][1]["name"] = "S" * 41
    Setup.from_dict({**setup, "seed": SEED})   # an unsigned (older) setup reads as before
    chains = Chains()
    with pytest.raises(InvalidRequest) as err:
        start_fresh(setup, "Haster", chains.commit)
    assert err.value.code == "brs.player_name_roller" and err.value.field == "players[1].name"
    assert chains.commits == 0      # nothing committed for a refused start
    with pytest.raises(InvalidRequest) as err:
        start_fresh(example_setup(), "H" * 41, chains.commit)   # a starter name the chains refuse
    assert err.value.code == "brs.start_invalid" and chains.commits == 0
    assert start_fresh(example_setup(), "  ", chains.commit)["start"]["roller"] == "Haster"   # side 0's Leader
    assert start_fresh(example_setup(), " Ana ", chains.commit)["start"]["roller"] == "Ana"
    check_mover_names(["S" * 40, "Haster"])


def test_a_signed_start_refuses_sizes_a_link_cannot_carry_to_the_end():
    big = big_setup(traits=12)    # 2 players × 3 Components × 12 Traits = 72 dice
    with pytest.raises(InvalidRequest) as err:
        start_fresh(big, "Cronista", Chains().commit)
    assert err.value.code == "brs.start_too_many_dice" and err.value.params["n"] == MAX_START_DICE
    long_texts = big_setup(traits=9)     # 54 dice, each Trait named with 120 random-looking characters
    for p in long_texts["players"]:
        for c in p["components"]:
            for k, t in enumerate(c["traits"]):
                noise = hashlib.sha256(f"{c['name']}/{k}".encode()).digest() * 8
                t["trait"] = "".join(chr(0x4E00 + noise[i] * 64 + noise[i + 1] % 64) for i in range(120))
    with pytest.raises(InvalidRequest) as err:
        check_playable({**long_texts, "seed": SEED})
    assert err.value.code == "brs.start_too_long" and err.value.params["n"] == MAX_START_FRAGMENT
    check_playable({**big_setup(traits=9), "seed": SEED})   # 54 dice with short names: fine


@pytest.mark.parametrize("name, ok", [("Corvo", True), ("C" * 40, True), ("C" * 41, False), ("", False),
                                      (None, False), (7, False), (" Corvo", False), ("Co\u200brvo", False),
                                      ("Cafe\u0301", False), ("Café", True), ("Ana\n", False)])
def test_is_roller_name(name, ok):
    """The one predicate both games use at set-up: what a roller chain would keep unchanged."""
    from tirada.wire.roll_layout import is_roller_name

    assert is_roller_name(name) is ok


def test_the_cli_replays_a_page_made_signed_scene():
    from tirada.cli import cmd_scene

    ledger = act(gathered(), {"roll": "final", "by": "Corvo"}, commit=lambda w, s: {"seq": 1, "prev": None})
    out = cmd_scene(["replay", "-"], json.dumps(ledger))
    assert out["phase"] in ("post_loss", "decided") and out["seed"] is None
    with pytest.raises(InvalidRequest) as err:      # an unsigned roll in a signed scene: refused by the CLI too
        cmd_scene(["replay", "-"], json.dumps({**ledger, "actions": ledger["actions"][:-1] + [{"roll": "final"}]}))
    assert err.value.code == "tragedia.roll_by"
