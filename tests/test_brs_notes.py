"""Blood Red Sands: the notes of a Yield, a Vow and a table ruling are refused past 200 characters,
never cut without saying so (before: ``str(note)[:200]`` in the Yield and ruling moves, and a Vow's
note taken at any length). The page's note fields stop at 120 characters, so this is the command
line's (``python -m tirada brs replay FILE``) and the engine's guard.

Old data replays exactly as before: a version-1 log replayed from a link or a saved game keeps its
note cut to 200 characters (docs/brs-format.md §Fair play: new behaviour is gated on setup
version 2); a version-2 log, every new move (``play``) and every command-line file are checked.

Rules: ../shared/rules/blood-red-sands.md §Yielding, §Getting more dice (Hero's Vows), §Aspects
[decision] (the table's ruling).
"""

from __future__ import annotations

import io
import json
import sys

import pytest

from helpers.brs import duel
from tirada.cli import main
from tirada.errors import InvalidRequest, TiradaError
from tirada.systems.brs import play, replay, summary
from tirada.systems.brs.checks import MAX_NOTE
from tirada.systems.brs.config import Setup
from tirada.systems.brs.replay import apply, new_confrontation
from tirada.systems.brs.report import load_confrontation

N = "cunning"
SEED = "00112233445566778899aabbccddeeff"
EX1 = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
       {"move": "defend", "dice": [4, 5]}]
LONG = "«Me rindo si me dejáis el mapa» " * 8                   # 256 characters
FITS = "x" * MAX_NOTE
# a ruling owed for a Soul-Forged die (as in tests/test_brs_exchange.py)
RULED = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
         {"move": "defend", "dice": [2, 3]}]


def fours() -> dict:
    """A (dice 0–3) and B (dice 4–7), d10 showing 5: every exchange is a Block."""
    return duel([(10, N, 5)] * 4, [(10, N, 5)] * 4)


def ruled() -> dict:
    return duel([(10, "soul_forged", 6), (10, N, 4)], [(10, N, 7), (10, N, 3), (10, N, 5)])


def vowing() -> dict:
    """B, a Hero with one die left Available, may Vow (tests/test_brs_more.py)."""
    return duel([(10, N, 9), (10, N, 8)], [(10, N, 6), (10, N, 6), (10, N, 6), (10, N, 3)], [7, 8, 9],
                b_kw={"hero": True, "vows": ["faction_fails"]}, back_down=1)


VOW_BEFORE = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
              {"move": "defend", "dice": [2, 3, 4]}, {"move": "pick", "attacker": 1, "target": 0}]
CASES = [  # (setup, moves before, the move with a note)
    pytest.param(fours, EX1, {"move": "yield", "player": 1}, id="yield"),
    pytest.param(ruled, RULED, {"move": "ruling", "action": "damage", "die": 4}, id="ruling"),
    pytest.param(vowing, VOW_BEFORE, {"move": "vow", "player": 1, "vow": "enemy_dies"}, id="vow"),
]


def _too_long(err: TiradaError, length: int = len(LONG)) -> None:
    assert isinstance(err, InvalidRequest)
    assert (err.code, err.params) == ("brs.note_too_long", {"limit": MAX_NOTE, "length": length})


def _state(setup: dict | Setup, moves: list):
    state, dice = new_confrontation(setup)
    for m in moves:
        state = apply(state, m, dice)
    return state


# ------------------------------------------------------------------ a new move: refused, any version
@pytest.mark.parametrize("make, before, move", CASES)
def test_a_new_move_with_a_note_too_long_is_refused_and_changes_nothing(make, before, move):
    state = _state(make(), before)
    with pytest.raises(TiradaError) as info:
        play(state, {**move, "note": LONG})
    _too_long(info.value)
    with pytest.raises(TiradaError) as info:
        play(state, {**move, "note": FITS + "y"})
    _too_long(info.value, MAX_NOTE + 1)
    assert play(state, {**move, "note": FITS}).moves == state.moves + 1     # 200 characters fit


def test_the_note_kept_is_the_whole_note():
    state = play(_state(fours(), EX1), {"move": "yield", "player": 1, "note": FITS})
    assert summary(state)["yields"][0]["note"] == FITS


# ------------------------------------------------------ the command line's file: new input, refused
@pytest.mark.parametrize("make, before, move", CASES)
def test_a_command_line_file_with_a_note_too_long_is_refused(make, before, move):
    k = len(before)
    with pytest.raises(TiradaError) as info:
        load_confrontation({"setup": make(), "moves": before + [{**move, "note": LONG}]})
    _too_long(info.value)
    assert info.value.field == f"moves[{k}].note"


def test_the_command_line_says_which_note_is_too_long():
    data = {"setup": fours(), "moves": EX1 + [{"move": "yield", "player": 1, "note": LONG}]}
    out, err = io.StringIO(), io.StringIO()
    code = main(["brs", "replay", "-"], stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err)
    assert (code, out.getvalue()) == (2, "")
    assert err.getvalue() == (f"error: moves[3].note: move 3 (yield): a note may have at most {MAX_NOTE} "
                              f"characters, this one has {len(LONG)}\n")


# ------------------------------------------------------- replay of old data: version 1 as before
def test_a_version_1_log_replays_exactly_as_before_its_notes_cut_to_200():
    """A version-1 link or saved game is replayed, not made again: its notes keep the old cut."""
    state = replay(fours(), EX1 + [{"move": "yield", "player": 1, "note": LONG}])
    assert summary(state)["yields"][0]["note"] == LONG[:MAX_NOTE]
    state = replay(ruled(), RULED + [{"move": "ruling", "action": "damage", "die": 4, "note": LONG}])
    assert state.exchanges[0]["events"][0]["note"] == LONG[:MAX_NOTE]
    state = replay(vowing(), VOW_BEFORE + [{"move": "vow", "player": 1, "vow": "enemy_dies", "note": LONG}])
    assert state.players[1].vows == ("faction_fails", "enemy_dies")


# ------------------------------------------------------------------ version 2: refused on replay too
#: a version-2 move that rolls carries its own fresh dice (tests/test_brs_seed_audit.py)
FRESH = {"nonce": "0123456789abcdef", "seq": 1, "prev": None}
V2_CASES = CASES[:2] + [pytest.param(vowing, VOW_BEFORE, {"move": "vow", "player": 1, "vow": "enemy_dies",
                                                          "enemy": 0, "fresh": FRESH}, id="vow")]


@pytest.mark.parametrize("make, before, move", V2_CASES)
def test_a_version_2_log_refuses_a_note_too_long(make, before, move):
    setup = Setup.from_dict(make()).replace(version=2, seed=SEED)
    state = _state(setup, before)
    with pytest.raises(TiradaError) as info:
        apply(state, {**move, "note": LONG}, None)
    _too_long(info.value)
    assert apply(state, {**move, "note": FITS}, None).moves == state.moves + 1


# ----------------------------------------------------------------------- the page's words
@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_page_words_the_refusal_in_spanish_and_english():
    from shell import refusal

    with pytest.raises(TiradaError) as info:
        play(_state(fours(), EX1), {"move": "yield", "player": 1, "note": LONG})
    es, en = refusal.message(info.value, "es"), refusal.message(info.value, "en")
    assert es == f"una nota admite como mucho {MAX_NOTE} caracteres (esta tiene {len(LONG)})"
    assert en == f"a note may have at most {MAX_NOTE} characters (this one has {len(LONG)})"
