"""A player's Confrontation moves in the player's own chain (issue #38; docs/link-format.md §16.6.1):
a signed move's ``fresh.by`` names the person whose chain numbered it (Bob playing the fighter
«Haster»), the audit counts those moves under Bob with «Haster» among his characters, and a move
whose ``by`` does not hold (another player's chain, or a move that forks the chain it names) is
flagged ``audit.by_mismatch``. Links without ``by`` read and verify exactly as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tirada.errors import InvalidRequest, LinkError
from tirada.links.audit import audit
from tirada.links.chain import ChainState, next_link, reserve
from tirada.systems.brs import new_confrontation, replay
from tirada.systems.brs.compact import from_compact, to_compact
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.link import decode_link, encode_link, open_link
from tirada.systems.brs.signed import play_fresh, signed_entries, start_fresh

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://usuario.github.io/tirada/"
NONCE = "8c7fe62892b30371"


def fair_setup() -> dict:
    """The example duel, version 2, both fighters with one Advantage to spend."""
    setup = example_setup("0123456789abcdef0123456789abcdef")
    setup["players"] = [{**p, "advantage": 1} for p in setup["players"]]
    return {**setup, "version": 2, "campaign": "Arenas"}


def die_of(state, player: int) -> int:
    return next(i for i, d in enumerate(state.dice) if d.owner == player and d.row == "available")


def advantage(state, player: int, sig: dict) -> dict:
    return {"move": "advantage", "die": die_of(state, player), "fresh": sig}


class Person:
    """One person's browser: their roller chain in the campaign (what the chain book keeps)."""

    def __init__(self, name: str) -> None:
        self.name, self.state = name, ChainState(name, "Arenas")

    def roll(self) -> str:
        fragment, self.state = next_link({"system": "generic", "dice": 2, "sides": 6}, self.state, 1796000000)
        return fragment

    def commit(self, fresh: str) -> dict:
        position, self.state = reserve(self.state, fresh)
        return {**position, "by": self.name}


def thread(*fragments: str) -> str:
    return "\n\n".join(f"Post {k}: {BASE}#{f}" for k, f in enumerate(fragments, 1))


# ------------------------------------------------------------------------ the wire
def test_by_travels_as_a_fourth_signature_item_and_comes_back():
    setup = fair_setup()
    state, _ = new_confrontation(setup)
    moves = [advantage(state, 1, {"nonce": NONCE, "seq": 3, "prev": "0123456789ab", "by": "Bea"})]
    compact = to_compact(setup, moves)
    assert compact[2][0][-1] == [NONCE, 3, "0123456789ab", "Bea"]
    assert from_compact(compact)[1] == moves
    fragment = encode_link(setup, moves)
    assert decode_link(fragment)[1] == moves
    _setup, _moves, back = open_link(fragment)          # the page opens it: replayed, dice unchanged
    plain = [{**moves[0], "fresh": {k: v for k, v in moves[0]["fresh"].items() if k != "by"}}]
    assert [d.face for d in back.dice] == [d.face for d in replay(setup, plain).dice]
    assert len(fragment) > len(encode_link(setup, plain))


def test_a_move_without_by_keeps_its_bytes_and_its_chain():
    """The old form: three signature items, the entry in the chain named after the fighter."""
    doc = json.loads((ROOT / "tests" / "vectors" / "fairplay-v2.json").read_text("utf-8"))
    old = doc["confrontations_v2"][0]
    assert "by" not in old["moves"][0]["fresh"]
    assert encode_link(old["setup"], old["moves"]) == old["fragment"]
    assert signed_entries(old["setup"], old["moves"]) == old["signed"]
    assert old["signed"][0]["roller"] == "Sharla" and "character" not in old["signed"][0]


def test_the_entry_of_a_move_with_by_is_in_that_persons_chain():
    setup = fair_setup()
    state, _ = new_confrontation(setup)
    (entry,) = signed_entries(setup, [advantage(state, 1, {"nonce": NONCE, "seq": 3, "prev": "0123456789ab",
                                                           "by": "Bea"})])
    (plain,) = signed_entries(setup, [advantage(state, 1, {"nonce": NONCE, "seq": 3, "prev": "0123456789ab"})])
    assert entry["roller"] == "Bea" and entry["character"] == "Sharla" and entry["by"] is True
    assert entry["id"] == plain["id"] and plain["roller"] == "Sharla"     # by is not part of the entry id


@pytest.mark.parametrize("by, code", [
    ("", "brs.signature_by"), (" Bea", "brs.signature_by"), ("B" * 41, "brs.signature_by"),
    ("Be\u2800a", "brs.signature_by"), ("Be\u202ea", "brs.signature_by"), (7, "brs.signature_by"),
    ("Sharla", "brs.signature_by_own"),      # the player's own name is written by leaving by out
])
def test_a_bad_by_is_refused_with_its_code(by, code):
    setup = fair_setup()
    state, _ = new_confrontation(setup)
    moves = [advantage(state, 1, {"nonce": NONCE, "seq": 3, "prev": "0123456789ab", "by": by})]
    with pytest.raises(InvalidRequest) as err:
        replay(setup, moves)
    assert err.value.code == code
    compact = [2, to_compact(setup, [])[1], [[3, die_of(state, 1), [NONCE, 3, "0123456789ab", by]]]]
    with pytest.raises(InvalidRequest) as err:
        open_link(encode_link(*from_compact(compact)))
    assert err.value.code == code


def test_a_signature_of_five_items_is_not_a_link():
    setup = fair_setup()
    compact = [2, to_compact(setup, [])[1], [[3, 0, [NONCE, 3, "0123456789ab", "Bea", "x"]]]]
    with pytest.raises(LinkError):
        from_compact(compact)


def test_by_on_a_move_that_rolls_nothing_is_refused_as_fresh_is():
    setup = fair_setup()
    with pytest.raises(InvalidRequest) as err:
        replay(setup, [{"move": "pick", "attacker": 0, "target": 1,
                        "fresh": {"nonce": NONCE, "seq": 1, "prev": None, "by": "Bob"}}])
    assert err.value.code == "brs.fresh_not_rolled"


def test_play_fresh_writes_by_only_when_it_is_not_the_players_name():
    setup = fair_setup()
    state, _ = new_confrontation(setup)
    bea = Person("Bea")
    _after, move = play_fresh(state, {"move": "advantage", "die": die_of(state, 1)}, lambda _p, n: bea.commit(n))
    assert move["fresh"]["by"] == "Bea" and move["fresh"]["seq"] == 1 and bea.state.seq == 1
    sharla = Person("Sharla")
    _after, move = play_fresh(state, {"move": "advantage", "die": die_of(state, 1)}, lambda _p, n: sharla.commit(n))
    assert "by" not in move["fresh"] and move["fresh"]["seq"] == 1
    _after, move = play_fresh(state, {"move": "advantage", "die": die_of(state, 1)},
                              lambda _p, n: reserve(ChainState("Sharla", "Arenas"), n)[0])   # an older page
    assert "by" not in move["fresh"]


# ------------------------------------------------------------------------ the audit
def honest_duel() -> tuple:
    """Bob plays Haster, Bea plays Sharla; each also rolls under their own name. Returns the
    fragments in posting order and the two people."""
    bob, bea = Person("Bob"), Person("Bea")
    posts = [bob.roll(), bea.roll()]                                     # nº 1 of each
    setup = start_fresh(fair_setup(), "Bob", lambda _r, seed: reserve_plain(bob, seed))   # Bob's nº 2
    state, _ = new_confrontation(setup)
    moves = []
    for player, person in ((1, bea), (0, bob)):                          # each spends their Advantage
        state, move = play_fresh(state, {"move": "advantage", "die": die_of(state, player)},
                                 lambda _p, n, who=person: who.commit(n))
        moves.append(move)
        posts.append(encode_link(setup, moves))
    posts += [bob.roll(), bea.roll()]
    return posts, bob, bea


def reserve_plain(person: Person, fresh: str) -> dict:
    position, person.state = reserve(person.state, fresh)
    return position


def test_an_honest_duel_counts_each_players_moves_under_their_person():
    posts, bob, bea = honest_duel()
    report = audit(thread(*posts))
    assert report["ok"], report["problems"]
    people = {p["name"]: p for p in report["people"]}
    assert sorted(people) == ["Bea", "Bob"]                            # no «Haster», no «Sharla»
    assert people["Bob"]["counts"] == {"rolls": 2, "move": 1, "start": 1, "scene_roll": 0}
    assert people["Bea"]["counts"] == {"rolls": 2, "move": 1, "start": 0, "scene_roll": 0}
    assert people["Bob"]["characters"] == ["Haster"] and people["Bea"]["characters"] == ["Sharla"]
    assert people["Bob"]["summary"]["es"] == ("Bob: 2 tiradas válidas, 1 jugada de Confrontación, "
                                              "1 inicio de Confrontación; con Haster")
    assert people["Bea"]["summary"]["en"] == "Bea: 2 valid rolls, 1 Confrontation move; as Sharla"
    (chain,) = [g for g in report["rollers"] if g["roller"] == "Bob"]
    assert chain["seqs"] == list(range(1, bob.state.seq + 1)) == [1, 2, 3, 4]
    assert [m["character"] for m in chain["moves"] if m["what"] == "move"] == ["Haster"]


def test_a_move_whose_by_forks_the_named_chain_is_flagged():
    """Mallory, playing Sharla, numbers her move in Bob's chain after Bob's posted nº 1 (as if Bob had
    made it); Bob's next honest roll takes the same nº 2: a fork, and the move's attribution named."""
    bob = Person("Bob")
    first = bob.roll()
    forged_chain = Person("Bob")
    forged_chain.state = bob.state                   # Bob's head, read from the thread
    setup = fair_setup()
    state, _ = new_confrontation(setup)
    _after, move = play_fresh(state, {"move": "advantage", "die": die_of(state, 1)},
                              lambda _p, n: forged_chain.commit(n))
    assert move["fresh"]["by"] == "Bob"
    report = audit(thread(first, encode_link(setup, [move]), bob.roll()))
    assert not report["ok"]
    codes = [p["code"] for p in report["problems"]]
    assert "audit.by_mismatch" in codes and "audit.fork" in codes
    (named,) = [p for p in report["problems"] if p["code"] == "audit.by_mismatch"]
    assert named["params"] == {"by": "Bob", "character": "Sharla", "move": 0}


def test_a_move_numbered_in_the_other_fighters_chain_is_flagged():
    setup = fair_setup()
    state, _ = new_confrontation(setup)
    move = advantage(state, 1, {"nonce": NONCE, "seq": 1, "prev": None, "by": "Haster"})
    report = audit(thread(encode_link(setup, [move])))
    (named,) = [p for p in report["problems"] if p["code"] == "audit.by_mismatch"]
    assert named["params"] == {"by": "Haster", "character": "Sharla", "move": 0} and not report["ok"]
    honest = advantage(state, 1, {"nonce": NONCE, "seq": 1, "prev": None, "by": "Bea"})
    report = audit(thread(encode_link(setup, [honest])))
    assert [p["code"] for p in report["problems"]] == ["audit.unchained_start"]   # the unsigned start only


def test_the_page_words_the_mismatch_in_both_languages():
    import sys

    sys.path.insert(0, str(ROOT / "web" / "shell"))
    from shell.strings import STRINGS

    words = STRINGS["err.audit.by_mismatch"]
    assert "{by}" in words["es"] and "{character}" in words["es"] and "cadena" in words["es"]
    assert "{by}" in words["en"] and "chain" in words["en"]
