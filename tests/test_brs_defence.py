"""Blood Red Sands: the "smallest defence" helper, checked against brute-force enumeration.

Rules: ../shared/rules/blood-red-sands.md §The fight: Rounds and Exchanges (Defence, Outcome)
(seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.brs import duel
from tirada.systems.brs import replay, smallest_defences
from tirada.systems.brs.defence import defences_for
from tirada.errors import InvalidRequest


def brute(score: int, faces: list, sf: list = ()) -> tuple:
    """(fewest counted dice, set of (sorted dice ids, soul_fused id)) by trying every subset."""
    dice = list(enumerate(faces))
    best, found = None, set()
    for extra in [None] + list(sf):
        bonus = faces[extra] if extra is not None else 0
        pool = [d for d in dice if d[0] != extra]
        for k in range(1, len(pool) + 1):
            for combo in combinations(pool, k):
                if sum(f for _, f in combo) + bonus >= score:
                    if best is None or k < best:
                        best, found = k, set()
                    if k == best:
                        found.add((tuple(sorted(i for i, _ in combo)), extra))
    return best, found


def test_seed_example_needs_three_even_dice():
    out = smallest_defences(10, [{"die": 9, "face": 2, "d": 4}, {"die": 10, "face": 6, "d": 10},
                                 {"die": 11, "face": 2, "d": 6}, {"die": 12, "face": 3, "d": 8}])
    assert out["counted"] == 3 and out["outcome"] == "Damage"
    first = out["defences"][0]
    assert first["dice"] == [9, 10, 11] and first["devastated"] == 0 and first["battered"] == 3
    assert all(d["devastated"] == 1 for d in out["defences"][1:])


@pytest.mark.parametrize("score,faces,counted,outcome", [
    (6, [6, 1], 1, "Reversal"), (7, [6, 1], 2, "Block"), (8, [6, 1], None, "Overwhelmed"),
    (5, [1, 1, 1, 1, 1], 5, "Damage"),
])
def test_outcomes(score, faces, counted, outcome):
    out = smallest_defences(score, faces)
    assert (out["counted"], out["outcome"], out["overwhelmed"]) == (counted, outcome, counted is None)


def test_soul_fused_die_adds_without_counting():
    out = smallest_defences(10, [{"die": 0, "face": 7}, {"die": 1, "face": 3, "aspect": "soul_fused"},
                                 {"die": 2, "face": 2}, {"die": 3, "face": 1}])
    assert out["counted"] == 1 and out["defences"][0] == {
        "dice": [0], "soul_fused": 1, "sum": 10, "damage": [], "battered": 0, "devastated": 0}


def test_damage_lists_every_die_used_by_parity():
    out = smallest_defences(9, [3, 3, 4])
    assert out["defences"][0]["damage"] == [{"die": 2, "face": 4, "result": "battered"},
                                            {"die": 0, "face": 3, "result": "devastated"},
                                            {"die": 1, "face": 3, "result": "devastated"}]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=0, max_size=7), st.integers(1, 40), st.data())
def test_matches_brute_force(faces, score, data):
    sf = data.draw(st.lists(st.sampled_from(range(len(faces))), max_size=2, unique=True)) if faces else []
    dice = [{"die": i, "face": f, "aspect": "soul_fused" if i in sf else None} for i, f in enumerate(faces)]
    out = smallest_defences(score, dice, limit=100)
    best, found = brute(score, faces, sf)
    assert out["counted"] == best

    def kind(i):  # identical dice (same face and Aspect) are interchangeable
        return None if i is None else (faces[i], i in sf)

    def canon(ids, extra):
        return tuple(sorted(kind(i) for i in ids)), kind(extra)

    listed = [canon(d["dice"], d["soul_fused"]) for d in out["defences"]]
    assert len(listed) == len(set(listed)) == out["total"]          # each choice once
    assert set(listed) == {canon(ids, extra) for ids, extra in found}
    keys = [(d["devastated"], d["battered"], d["sum"]) for d in out["defences"]]
    assert [k[:2] for k in keys] == sorted(k[:2] for k in keys)


def test_large_pools_are_fast_and_identical_dice_listed_once():
    out = smallest_defences(60, list(range(1, 11)) * 2 + [1, 2, 3, 4], limit=5)
    assert out["counted"] == 7 and len(out["defences"]) == min(5, out["total"]) and out["complete"]
    out = smallest_defences(12, [1] * 24)
    assert out["counted"] == 12 and out["total"] == 1 and out["defences"][0]["dice"] == list(range(12))


@pytest.mark.parametrize("score,dice,field", [
    (0, [3], "score"), (5, "3", "dice"), (5, [0], "face"), (5, [{"face": 7, "d": 6}], "face"),
    (5, [{"die": 1, "face": 3}, {"die": 1, "face": 2}], "dice"), (5, [3] * 25, "dice"),
    (5, [{"face": 3, "aspect": "luck"}], "dice[0].aspect"),
])
def test_refusals(score, dice, field):
    with pytest.raises(InvalidRequest) as info:
        smallest_defences(score, dice)
    assert info.value.field == field


def test_defences_for_the_target_now():
    setup = duel([(10, "cunning", 6), (10, "cunning", 4)], [(10, "cunning", 7), (10, "cunning", 3), (4, "cunning", 1)])
    state = replay(setup, [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]}])
    out = defences_for(state)
    assert out["outcome"] == "Block" and [d["dice"] for d in out["defences"]] == [[2, 3]]
    with pytest.raises(InvalidRequest):
        defences_for(replay(setup, []))
