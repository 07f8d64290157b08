"""Blood Red Sands: share links of a Confrontation (tirada.systems.brs.link) and the page's option lists
(tirada.systems.brs.options). Rules: ../shared/rules/blood-red-sands.md §What the tool must do."""

from __future__ import annotations

import json
import os

import pytest

from helpers.brs import big_setup, play_out
from tirada.systems.brs import apply, legal_moves, new_confrontation, play, replay, summary
from tirada.systems.brs.link import decode_link, encode_link, open_link
from tirada.systems.brs.options import options, step
from tirada.errors import IllegalMove, LinkError
from tirada.wire.codec import encode_payload

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "brs-haster-sharla.json")


def example() -> dict:
    with open(EXAMPLE, encoding="utf-8") as fh:
        return json.load(fh)


def seeded_example() -> tuple:
    """The example's setup with a seed instead of its hand-rolled faces, and its first moves."""
    from tirada.systems.brs.example import example_setup

    setup = example_setup("00112233445566778899aabbccddeeff")
    return setup, play_out(setup, exchanges=2)


def test_example_link_round_trips_and_replays_identically():
    setup0, log = seeded_example()
    fragment = encode_link(setup0, log)
    assert fragment.startswith("t1")
    setup, moves, state = open_link("https://example.org/tirada/#" + fragment)
    assert moves == [{k: v for k, v in m.items() if v is not None} for m in log]
    assert summary(state) == summary(replay(setup0, log))


def test_a_confrontation_with_hand_typed_dice_never_becomes_a_link():
    """Issue #18: a Confrontation link built with ``faces`` instead of a seed opened as "recomputed
    in your browser" with no warning, and its list fixed the opponent's later rerolls."""
    from tirada.systems.brs.compact import to_compact
    from tirada.errors import InvalidRequest

    ex = example()
    assert ex["setup"].get("faces")
    with pytest.raises(InvalidRequest, match="typed by hand") as err:
        encode_link(ex["setup"], ex["moves"])
    assert err.value.field == "faces"
    forged = encode_payload("brs", to_compact(ex["setup"], ex["moves"]))   # built around the check
    with pytest.raises(LinkError, match="typed by hand"):
        open_link("https://example.org/#" + forged)


def test_twenty_exchange_link_fits_the_2000_character_budget():
    setup = big_setup(traits=6)
    log = play_out(setup, exchanges=20)
    state = replay(setup, log)
    assert len(state.exchanges) == 20
    assert len([c for p in setup["players"] for c in p["components"]]) == 6
    fragment = encode_link(setup, log)
    assert len(fragment) <= 2000, len(fragment)
    _, moves, back = open_link(fragment)
    assert moves == [{k: v for k, v in m.items() if v is not None} for m in log]  # null = absent
    assert summary(back) == summary(state)


def test_other_kinds_and_damaged_links_are_refused():
    with pytest.raises(LinkError, match="not a Blood Red Sands"):
        decode_link(encode_payload("scene", {"x": 1}))
    fragment = encode_link(*seeded_example())
    broken = fragment[:-3] + ("A" if fragment[-3] != "A" else "B") + fragment[-2:]
    with pytest.raises(LinkError):
        decode_link(broken)


def test_a_link_with_an_illegal_move_is_refused_on_replay():
    setup, log = seeded_example()
    fragment = encode_link(setup, log + [{"move": "attack", "dice": [99, 98]}])
    with pytest.raises(IllegalMove):
        open_link(fragment)


def test_options_list_only_legal_candidates_through_the_example():
    ex = example()
    state, dice = new_confrontation(ex["setup"])
    opts = options(state)
    assert set(opts) == set(legal_moves(state)) and opts[0]["pick"] == {"attackers": [0], "targets": [1]}
    assert step(state)["kind"] == "pick" and step(state)["number"] == 1
    for move in ex["moves"][:2]:
        state = apply(state, move, dice)
    s = step(state)
    assert (s["kind"], s["player"], s["score"], s["number"]) == ("defend", 1, 10, 1)
    defend = options(state)[1]["defend"]
    assert defend["dice"] == [9, 10, 11, 12] and defend["score"] == 10
    assert defend["smallest"]["outcome"] == "Damage"  # 2+6+2+3: no two dice reach 10
    for move in ex["moves"][2:3]:
        state = apply(state, move, dice)
    s = step(state)
    assert s["kind"] == "strength" and s["player"] == 0
    # Haster damages one of his own undamaged Available dice: the attack dice are advanced
    assert options(state)[0]["strength"]["dice"] == [1, 2, 4, 5, 6, 7, 8]
    for move in ex["moves"][3:]:
        state = apply(state, move, dice)
    s = step(state)
    assert s["kind"] == "pick" and s["player"] == 1 and s["number"] == 2
    assert options(state)[1]["yield"] == {"leader": True, "new_leaders": []}
    assert options(state)[1]["advantage"]["tokens"] == 1


def test_every_listed_candidate_of_a_whole_game_is_accepted_by_the_engine():
    setup = big_setup()
    log = play_out(setup)
    state, dice = new_confrontation(setup)
    tried = 0
    for move in log:
        for kinds in options(state).values():
            for kind, det in kinds.items():
                if kind in ("strength", "endurance", "advantage"):
                    for die in det["dice"]:
                        play(state, {"move": kind, "die": die})  # raises if the candidate were illegal
                        tried += 1
                elif kind == "pick":
                    for a in det["attackers"]:
                        for t in det["targets"]:
                            play(state, {"move": "pick", "attacker": a, "target": t})
                            tried += 1
                elif kind == "devastate":
                    for size in det["sizes"]:
                        play(state, {"move": "devastate", "weakness": {"size": size, "trait": "Cojea",
                                                                      "claim": False}})
                        tried += 1
                elif kind == "bonus":
                    for take in det["takes"]:
                        play(state, {"move": "bonus", "take": take})
                        tried += 1
        state = apply(state, move, dice)
    assert tried > 50
    assert step(state)["kind"] == "ended" and options(state) == {}


def test_the_packaged_example_is_the_documented_one():
    from tirada.systems.brs.example import EXAMPLE_SETUP, example_setup

    assert EXAMPLE_SETUP == example()["setup"]
    seeded = example_setup("00112233445566778899aabbccddeeff")
    assert "faces" not in seeded and seeded["players"] == EXAMPLE_SETUP["players"]
    assert "faces" in EXAMPLE_SETUP  # a copy: the constant is untouched
    assert step(replay(seeded, []))["kind"] == "pick"


def test_board_shows_marks_tokens_and_rows():
    from tirada.systems.brs.options import board

    ex = example()
    state = replay(ex["setup"], ex["moves"][:3])  # defended with three dice: Damage, marks pending
    cells = board(state)
    assert [c["mark"] for c in cells if c["die"] in (9, 10, 11)] == ["battered", "battered", "battered"]
    assert cells[0]["row"] == "advanced" and cells[0]["owner"] == 0 and cells[12]["row"] == "available"


def test_step_reports_reinforce_only_when_someone_can():
    ex = example()
    setup = dict(ex["setup"], faces=None, seed="00112233445566778899aabbccddeeff")
    del setup["faces"]
    log = play_out(setup, exchanges=2)
    state = replay(setup, log)
    assert state.reinforce_open and step(state)["kind"] == "pick"  # everything is committed already
    big = big_setup()
    state = replay(big, play_out(big, exchanges=2, reinforce=False))
    assert state.reinforce_open and step(state)["kind"] == "reinforce"
    assert set(options(state)[0]["reinforce"]["components"]) == {2}


def test_journal_names_the_actor_and_the_dice_each_move_rolled():
    from tirada.systems.brs.journal import journal

    ex = example()
    setup = dict(ex["setup"])
    setup["faces"] = setup["faces"] + [4]          # the Advantage reroll of Sharla's d4 (die 9)
    moves = [{"move": "advantage", "die": 9}] + ex["moves"][:1]
    entries = journal(setup, moves)
    assert [e["player"] for e in entries] == [1, 0]
    assert entries[0]["rolled"] == [{"die": 9, "d": 4, "before": 2, "after": 4}]
    assert entries[1]["rolled"] == [] and entries[1]["move"]["move"] == "pick"
    big = big_setup()
    log = play_out(big)
    full = journal(big, log)
    assert len(full) == len(log) and all(e["player"] is not None for e in full)
    reinforced = [e for e in full if e["move"]["move"] == "reinforce"]
    assert reinforced and all(len(e["rolled"]) == 5 for e in reinforced)  # 5 Traits a Component


def test_step_says_when_the_attacker_cannot_advance_two_dice():
    from helpers.brs import duel

    setup = duel([(6, "strength", 3)], [(6, "strength", 2), (6, "strength", 4)])
    state = replay(setup, [{"move": "pick", "attacker": 0, "target": 1}])
    assert step(state)["kind"] == "stuck" and "attack" not in options(state)[0]
    assert "yield" in options(state)[0]
