"""L5R 5e "add a kept die set to a result" (issue #28 item 5; core rules p. 27: after step 5 a die of
the noted type is placed in the pool set to that result; it is a kept die, outside the keep limit;
docs/l5r5e.md §Added kept dice): the added dice are a decision given with the keep, they resolve as
kept dice (an explosive one explodes, drawn after the pool's chains), appear in the link under an
appended key and are recomputed when the link is opened."""

from __future__ import annotations

import pytest

from tirada import roll as roll_any
from tirada.errors import IllegalMove, InvalidRequest
from tirada.links import fair_roll
from tirada.links.chain import ChainState, verify
from tirada.wire.frame import Simple
from tirada.wire.roll_layout import roll_from_cbor, roll_to_cbor
from tirada.links.roll_link import open_finished
from helpers.l5r_check import SAKURA, SAKURA_FACES, check
from tirada.systems.l5r.request import MAX_ADDED



def test_sakura_adds_a_kept_ring_die_set_to_opportunity_beyond_her_keep_limit():
    """The worked example, plus an effect that adds a kept ring die set to an opportunity (e.g. the
    Air opportunity spend of a previous check): 4 dice kept with a keep limit of 3."""
    r = check(SAKURA_FACES, **SAKURA, added=[["ring", 3]])
    assert [(k["die"], k["face"], k.get("added", False)) for k in r["kept"]] == [
        ("ring", 5, False), ("ring", 3, False), ("skill", 12, False), ("ring", 3, True), ("skill", 6, False)]
    assert (r["successes"], r["success"], r["bonus_successes"], r["opportunities"], r["strife"]) == (3, True, 0, 2, 1)
    assert r["keep_limit"] == 3 and r["decisions"]["added"] == [["ring", 3]]
    assert "añadido d6 3 (oportunidad)" in r["summary"]["es"] and "added d6 3 (opportunity)" in r["summary"]["en"]


def test_an_added_success_turns_the_example_into_a_bonus_success():
    r = check(SAKURA_FACES, **SAKURA, added=[["skill", 8]])
    assert (r["successes"], r["bonus_successes"]) == (4, 1)


def test_an_added_explosive_die_explodes_after_the_pool_chains():
    """Faces: pool d6 6 (explosive), d12 1; explosion of the pool d6 → 5; the added d12 12 → 11,
    whose chain goes on → 3 (dropped)."""
    r = check([6, 1, 5, 11, 3], ring=1, skill=1, tn=4, keep=[0], added=[["skill", 12]],
              explosions=[True, True, False])
    assert [(x["die"], x["face"], x["source"], x["source_index"], x["kept"]) for x in r["explosion_dice"]] == [
        ("ring", 5, "pool", 0, True), ("skill", 11, "added", 0, True), ("skill", 3, "explosion", 1, False)]
    assert (r["successes"], r["strife"]) == (4, 2)   # d6 6, added d12 12, d6 5, d12 11


def test_step_mode_asks_for_the_added_die_s_explosion_after_the_keep():
    r = check([1, 1], ring=1, skill=1, tn=2, step=True, keep=[0], added=[["ring", 6]])
    assert r["stage"] == "faces" and r["choices"]["need"][0] == {
        "die": "ring", "sides": 6, "for": "explosion of added die 0", "step": "explosion", "source": "added",
        "source_index": 0}
    r = check([1, 1, 4], ring=1, skill=1, tn=2, step=True, keep=[0], added=[["ring", 6]])
    assert r["stage"] == "explosion" and r["choices"]["index"] == 0


def test_without_added_dice_results_keep_their_exact_shape():
    r = roll_any({"system": "l5r5e", "faces": SAKURA_FACES, **SAKURA})
    assert "added" not in r["decisions"] and all("added" not in k for k in r["kept"])


@pytest.mark.parametrize("params, error, code", [
    ({"added": [["ring", 7]]}, InvalidRequest, "l5r.added_die"),
    ({"added": [["skill", 0]]}, InvalidRequest, "l5r.added_die"),
    ({"added": [["void", 1]]}, InvalidRequest, "l5r.added_die"),
    ({"added": [["ring", True]]}, InvalidRequest, "l5r.added_die"),
    ({"added": ["ring"]}, InvalidRequest, "l5r.added_die"),
    ({"added": "ring"}, InvalidRequest, "l5r.added_list"),
    ({"added": [["ring", 3]] * (MAX_ADDED + 1)}, InvalidRequest, "l5r.added_list"),
    ({"added": [["ring", 4]], "compromised": True}, IllegalMove, "l5r.compromised_added"),
    ({"added": [["ring", 3]], "keep": None, "step": True}, InvalidRequest, "l5r.added_keep_first"),
])
def test_refusals(params, error, code):
    with pytest.raises(error) as err:
        roll_any({"system": "l5r5e", "ring": 2, "tn": 2, "faces": [5, 5], "keep": [0], **params})
    assert err.value.code == code


def test_a_compromised_character_may_add_a_die_without_strife():
    r = check([5, 2], ring=2, tn=2, compromised=True, keep=[0], added=[["ring", 5]])
    assert r["successes"] == 2


def test_the_link_carries_the_added_dice_under_an_appended_key():
    link = {"request": {"system": "l5r5e", "seed": "00" * 16, "ring": 2, "tn": 2, "keep": [0],
                        "added": [["ring", 3], ["skill", 12]]}}
    packed = roll_to_cbor(link)
    assert packed[1][17] == [[Simple(5), 3], [Simple(6), 12]]   # key 17 appended; "ring"/"skill" appended texts
    assert all(type(d) is Simple for d, _ in packed[1][17])
    assert roll_from_cbor(packed)["request"]["added"] == [["ring", 3], ["skill", 12]]


@pytest.mark.parametrize("seed", [f"{k:032x}" for k in range(8)])
def test_played_with_fair_play_the_link_recomputes_the_added_dice(monkeypatch, seed):
    """The page's calls: begin, the keep sent with an added explosive kept die (one decision),
    each explosion decided; the finished link, opened elsewhere, recomputes the same result."""
    monkeypatch.setattr(fair_roll, "new_seed", lambda: seed)
    request = {"system": "l5r5e", "ring": 2, "skill": 1, "tn": 3, "step": True}
    result, check_ = fair_roll.begin(request, ChainState("Sakura", "Rokugan"))
    while result["stage"] != "done":
        if result["stage"] == "reroll":
            decision = {"rerolls": []}
        elif result["stage"] == "keep":
            decision = {"keep": result["choices"]["allowed"][:1], "added": [["skill", 12]]}
        else:
            decision = {"explosions": result["decisions"]["explosions"] + [True]}
        result, check_ = fair_roll.advance(check_, decision, check_["chain"])
    assert any(x["source"] == "added" for x in result["explosion_dice"])   # the added d12 12 exploded
    final = {k: v for k, v in check_["request"].items() if k != "step"}
    fragment = fair_roll.finish({**check_, "request": final}, "Sakura", "Rokugan", 1796000000)
    verified = open_finished(fragment, final, result)
    monkeypatch.undo()
    opened = verify(fragment)
    assert opened["result"] == verified["result"] and opened["request"]["added"] == [["skill", 12]]
    assert opened["result"]["decisions"]["added"] == [["skill", 12]]


# ------------------------------------------------- decisions cannot be rewritten (issue #28 leftover)
def _to_explosions(seed: str, monkeypatch):
    """An L5R check with a Distinction (so it has a reroll decision) played through fair_roll up to
    its first explosion choice (or its end)."""
    monkeypatch.setattr(fair_roll, "new_seed", lambda: seed)
    request = {"system": "l5r5e", "ring": 3, "skill": 3, "tn": 3, "step": True, "distinction": True}
    result, check_ = fair_roll.begin(request, ChainState("Sakura", "Rokugan"))
    while result["stage"] not in ("explosion", "done"):
        if result["stage"] == "reroll":
            decision = {"rerolls": []}
        else:
            decision = {"keep": result["choices"]["allowed"][:1]}
        result, check_ = fair_roll.advance(check_, decision, check_["chain"])
    return result, check_


def _seed_with_explosions(monkeypatch) -> tuple:
    for k in range(200):
        result, check_ = _to_explosions(f"{k:032x}", monkeypatch)
        if result["stage"] == "explosion":
            return result, check_
    raise AssertionError("no seed among 200 gives an explosion choice")


def test_kept_dice_cannot_be_added_after_the_keep(monkeypatch):
    """Through the engine API, ``added`` sent with an explosion choice (after the keep, when the
    explosion dice of a later round may be known) is refused and takes no number."""
    result, check_ = _seed_with_explosions(monkeypatch)
    chain = check_["chain"]
    with pytest.raises(InvalidRequest) as err:
        fair_roll.advance(check_, {"explosions": result["decisions"]["explosions"] + [True],
                                   "added": [["ring", 3]]}, chain)
    assert err.value.code == "l5r.added_keep_first"
    # the same choice without the added die goes on
    fair_roll.advance(check_, {"explosions": result["decisions"]["explosions"] + [True]}, chain)


@pytest.mark.parametrize("field", ["keep", "rerolls"])
def test_a_decision_made_cannot_be_changed_later(monkeypatch, field):
    result, check_ = _seed_with_explosions(monkeypatch)
    before = check_["request"][field]
    other = [0] if before != [0] else [1]
    with pytest.raises(InvalidRequest) as err:
        fair_roll.advance(check_, {field: other}, check_["chain"])
    assert err.value.code == "fair.decided" and err.value.field == field
    # resending the same value is not a change
    result2, _ = fair_roll.advance(check_, {field: before}, check_["chain"])
    assert result2["stage"] == result["stage"]


def test_explosions_grow_but_never_rewrite_an_earlier_round(monkeypatch):
    result, check_ = _seed_with_explosions(monkeypatch)
    first = result["decisions"]["explosions"] + [True]
    result, check_ = fair_roll.advance(check_, {"explosions": first}, check_["chain"])
    flipped = [not first[0]] + first[1:] + [True]
    with pytest.raises(InvalidRequest) as err:
        fair_roll.advance(check_, {"explosions": flipped}, check_["chain"])
    assert err.value.code == "fair.decided"
