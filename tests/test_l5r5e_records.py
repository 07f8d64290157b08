"""The typed record of an L5R 5e check (tirada.systems.l5r.records.CheckView; issue #40: the page
reads no result by string key): it reads every field of the engine's result, at every stage, and its
``to_dict()`` gives back the very dict it was read from, key order included, so the record adds a
typed reading and changes nothing that is stored, linked or put in a snippet (l5r5e.md §The check)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import systems
from tirada.errors import TiradaError
from tirada.systems.l5r.dice import PoolDie
from tirada.systems.l5r.records import (
    CheckView, ExplosionChoice, FacesChoice, KeepChoice, KeptDie, NeededFace, RerollChoice,
)
from tirada.systems.l5r.words import outcome_words, vs_tn

VECTORS = Path(__file__).resolve().parent / "vectors" / "l5r5e.json"
WRAPPER = ("system", "seed", "label", "fresh")
SEED = "8f14e45fceea167a5a36dedd4bea2543"


def _own(result: dict) -> dict:
    """The check's own dict: the roll's result without what ``tirada.systems.roll`` wraps it in."""
    return {k: v for k, v in result.items() if k not in WRAPPER}


def _same(result: dict) -> CheckView:
    """Read ``result`` and check that the record gives it back byte for byte (key order too)."""
    check = CheckView.from_result(result)
    assert json.dumps(check.to_dict()) == json.dumps(_own(result))
    assert check.label == (result.get("label") or "")
    return check


def _vector_results() -> list:
    return [case["result"] for case in json.loads(VECTORS.read_text(encoding="utf-8"))["rolls"]]


@pytest.mark.parametrize("result", _vector_results(), ids=lambda r: f"{r['stage']}-tn{r['tn']}-{len(r['pool'])}dice")
def test_every_vector_reads_back_byte_for_byte_and_words_as_the_snippets_do(result):
    check = _same(result)
    assert check.done == (result["stage"] == "done") == (check.choice is None)
    for lang in ("es", "en"):
        assert check.words(lang) == outcome_words(result, lang)
        assert check.vs_tn(lang) == vs_tn(result, lang)
    assert [d.face for d in check.pool] == [d["face"] for d in result["pool"]]
    assert [k.symbols for k in check.kept] == [tuple(k["symbols"]) for k in result["kept"]]


def test_each_stage_has_its_own_choice_record():
    base = {"system": "l5r5e", "ring": 2, "skill": 2, "tn": 2, "seed": SEED, "step": True, "label": "Atletismo"}
    reroll = _same(systems.roll({**base, "distinction": True}))
    assert reroll.stage == "reroll" and isinstance(reroll.choice, RerollChoice)
    assert reroll.choice.by == "distinction" and reroll.choice.allowed == (0, 1, 2, 3)
    assert reroll.label == "Atletismo" and not reroll.keep_decided and reroll.success is None
    keep = _same(systems.roll(base))
    assert keep.stage == "keep" and isinstance(keep.choice, KeepChoice) and (keep.choice.min, keep.choice.max) == (1, 2)
    faces = _same(systems.roll({**base, "seed": None, "faces": [3], "label": ""}))
    assert isinstance(faces.choice, FacesChoice) and len(faces.pool) == 1
    assert faces.choice.need[0] == NeededFace("ring", 6, "pool die 1", "pool", "pool", 1)
    assert faces.choice.need[-1].sides == 12


def test_an_explosion_waits_as_its_own_choice_and_added_dice_are_marked():
    base = {"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2, "faces": [6, 1, 12, 5], "step": True}
    boom = _same(systems.roll({**base, "keep": [0]}))
    assert boom.stage == "explosion" and boom.choice == ExplosionChoice(0, True)
    assert boom.explosion_dice[0].kept is None and boom.explosion_dice[0].source == "pool"
    done = _same(systems.roll({**base, "faces": [6, 1, 3], "keep": [1], "added": [["ring", 5]], "explosions": []}))
    assert done.done and done.added_dice == (KeptDie("ring", 5, False, True),)
    assert done.decisions.added == (("ring", 5),) and done.decisions.keep == (1,)


def test_a_pool_die_reads_its_faces_and_is_frozen():
    die = PoolDie(2, "skill", "skill", (3, 12), None)
    assert (die.first_face, die.face, die.rerolled, die.symbols) == (3, 12, True, ("explosive",))
    with pytest.raises(AttributeError):
        die.kept = True   # type: ignore[misc]


@settings(max_examples=40, deadline=None)
@given(ring=st.integers(1, 5), skill=st.integers(0, 5), tn=st.integers(1, 6), void=st.booleans(),
       stance=st.sampled_from([None, "fire", "void", "water"]), reroll=st.sampled_from([None, "distinction", "adversity"]),
       compromised=st.booleans(), seed=st.integers(0, 2 ** 128 - 1), step=st.booleans())
def test_any_check_at_any_stage_reads_back(ring, skill, tn, void, stance, reroll, compromised, seed, step):
    request = {"system": "l5r5e", "ring": ring, "skill": skill, "tn": tn, "seed": f"{seed:032x}", "step": step}
    request.update({k: True for k, on in (("void", void), ("compromised", compromised)) if on})
    if stance:
        request["stance"] = stance
    if reroll:
        request[reroll] = True
    try:
        result = systems.roll(request)
    except TiradaError:   # e.g. compromised with every die showing strife: refused, nothing to read
        return
    check = _same(result)
    assert check.count("ring") + check.count("skill") == len(check.pool)
