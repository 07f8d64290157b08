"""Blood Red Sands: whole Confrontations played by the test bot, legal moves, and fuzzed moves.

The builders and the bot live in tests/helpers/brs.py. Rules:
../shared/rules/blood-red-sands.md (seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tirada.systems.brs import MOVES, legal_moves, replay, summary
from tirada.systems.brs.defence import defences_for
from tirada.systems.brs.replay import apply, new_confrontation
from tirada.errors import TiradaError

from helpers.brs import big_setup, play_out


# ----- whole Confrontations ----------------------------------------------------------------------
def test_whole_confrontation_runs_to_a_winner_and_replays_identically():
    setup = big_setup()
    log = play_out(setup)
    state = replay(setup, log)
    out = summary(state)
    assert out["status"] == "ended" and out["winner"] in ("Cronista", "Jugadora")
    # the winner is the side that did not yield, and the loser's Leader yielded last
    assert out["yields"][-1]["player"] in [p["name"] for p in out["players"] if p["side"] != out["winner_side"]]
    # VP equals the dice devastated (lost or turned into Weakness) on the other side
    for p, info in enumerate(out["players"]):
        gained = sum(1 for e in out["exchanges"] for d in e["damage"]
                     if d["by"] == p and d["result"] in ("devastated", "weakness"))
        assert info["vp"] == gained
    assert replay(setup, log) == state  # a pure function of (setup, moves)
    assert len(state.renewals) <= 3


def test_every_move_of_a_whole_confrontation_was_listed_as_legal():
    # play_out asserts each move's kind is in legal_moves for its actor; run a second seed
    log = play_out(big_setup("ffeeddccbbaa99887766554433221100"))
    assert any(m["move"] == "reinforce" for m in log)
    assert replay(big_setup("ffeeddccbbaa99887766554433221100"), log).phase == "ended"


def test_play_one_move_at_a_time_equals_replay():
    from tirada.systems.brs import play
    setup = big_setup(traits=4)
    log = play_out(setup, exchanges=6)
    state, _ = new_confrontation(setup)
    for move in log:
        state = play(state, move)
    assert state == replay(setup, log)


_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=4),
                  st.lists(st.integers(-1, 40), max_size=4), st.dictionaries(st.text(max_size=5), st.integers(0, 9),
                                                                             max_size=3))


_STATES: list = []


def _fuzz_states() -> list:
    """The states along a 10-exchange Confrontation (computed once)."""
    if not _STATES:
        setup = big_setup(traits=4)
        state, dice = new_confrontation(setup)
        _STATES.append(state)
        for move in play_out(setup, exchanges=10):
            state = apply(state, move, dice)
            _STATES.append(state)
    return _STATES


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(sorted(MOVES)), st.dictionaries(
    st.sampled_from(["player", "attacker", "target", "dice", "soul_fused", "die", "vow", "components",
                     "new_leader", "action", "weakness", "take", "size", "note"]), _JUNK, max_size=4))
def test_any_move_either_applies_or_is_refused_cleanly(step, kind, fields):
    from tirada.systems.brs import play
    states = _fuzz_states()
    state = states[step % len(states)]
    before = copy.deepcopy(state)
    try:
        play(state, {"move": kind, **fields})
    except TiradaError:
        pass
    assert state == before


def _candidates(state) -> list:
    """Plausible moves of every kind (a superset of the legal ones, not exhaustive for defences)."""
    from itertools import combinations

    from tirada.systems.brs.config import VOWS
    n_p, n_d = len(state.players), len(state.dice)
    out = [{"move": "pick", "attacker": a, "target": t} for a in range(n_p) for t in range(n_p)]
    out += [{"move": "attack", "dice": list(c)} for c in combinations(range(n_d), 2)]
    if state.phase == "defence":
        dfn = defences_for(state, limit=3)
        out += [{"move": "defend", "dice": d["dice"], "soul_fused": d["soul_fused"]} for d in dfn["defences"]]
    out += [{"move": k, "die": i} for k in ("advantage", "strength", "endurance") for i in range(n_d)]
    for p in range(n_p):
        out += [{"move": "renew", "player": p}, {"move": "yield", "player": p}]
        out += [{"move": "vow", "player": p, "vow": v} for v in VOWS]
        out += [{"move": "yield", "player": p, "new_leader": q} for q in range(n_p)]
        out += [{"move": "reinforce", "player": p, "components": [c]} for c in range(len(state.setup.components))]
    out += [{"move": "ruling", "action": "none"}, {"move": "devastate", "weakness": None}]
    out += [{"move": "bonus", "take": t} for t in ("die", "advantage", "none")]
    out += [{"move": "defeat", "size": s} for s in (4, 6, 8, 10)]
    return out


def test_legal_moves_lists_exactly_the_kinds_that_can_be_played():
    from tirada.systems.brs import play
    states = _fuzz_states()
    for state in states[::3]:
        listed = {k for kinds in legal_moves(state).values() for k in kinds}
        playable = set()
        for move in _candidates(state):
            if move["move"] in playable:
                continue
            try:
                play(state, move)
                playable.add(move["move"])
            except TiradaError:
                pass
        assert playable == listed, (state.phase, state.pending[:1], listed, playable)
