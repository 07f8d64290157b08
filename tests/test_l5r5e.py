"""L5R 5e check (l5r5e.md §The check): the seed's example, each step, each refusal, step mode."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from tirada import roll as roll_any
from tirada.dice import DiceStream, FixedFaces
from tirada.errors import IllegalMove, InvalidRequest
from helpers.l5r_check import SAKURA, SAKURA_FACES, check
from tirada.systems.l5r.check import MAX_EXPLOSIONS, CheckRequest, roll
from tirada.systems.l5r.dice import die_text, symbols_of
from helpers.cli import run

SEED = "0123456789abcdef0123456789abcdef"


def kept_faces(result):
    return [(k["die"], k["face"]) for k in result["kept"]]


# --- the seed's worked example ------------------------------------------------------------------

def test_sakura_example_exactly():
    r = roll_any({"system": "l5r5e", "faces": SAKURA_FACES, **SAKURA})
    assert [d["faces"] for d in r["pool"]] == [[5], [1, 3], [2], [3, 12]]
    assert kept_faces(r) == [("ring", 5), ("ring", 3), ("skill", 12), ("skill", 6)]
    assert r["kept"][3] == {"die": "skill", "face": 6, "symbols": ["success", "strife"], "explosion": True}
    assert (r["successes"], r["success"], r["bonus_successes"], r["opportunities"], r["strife"]) == (3, True, 0, 1, 1)
    assert r["explosions"] == 1 and r["stage"] == "done" and r["keep_limit"] == 3
    assert r["summary"]["en"].startswith("Kept: d6 5 (success), d6 3 (opportunity), d12 12 (explosive success)")
    # the words of the screen and the snippets (tirada.systems.l5r.words): no bonus successes, no "(+0 …)"
    assert r["summary"]["es"].endswith("3 éxitos contra un NO de 3: Éxito, 1 oportunidad, 1 de conflicto.")
    assert r["summary"]["en"].endswith("3 successes vs TN 3: Success, 1 opportunity, 1 strife.")


def test_sakura_example_step_by_step_with_faces_typed_as_they_come():
    """The seed's workflow: type the pool, decide, type the reroll faces, keep, type the explosion."""
    base = dict(SAKURA, step=True)
    r = check([5, 1, 2, 3], **{k: v for k, v in base.items() if k not in ("rerolls", "keep", "explosions")})
    assert r["stage"] == "reroll" and r["choices"] == {"by": "distinction", "min": 0, "max": 2, "allowed": [0, 1, 2, 3]}
    r = check([5, 1, 2, 3], **{k: v for k, v in base.items() if k not in ("keep", "explosions")})
    assert r["stage"] == "faces"
    assert r["choices"]["need"] == [
        {"die": "ring", "sides": 6, "for": "reroll of pool die 1", "step": "reroll", "source": "pool",
         "source_index": 1},
        {"die": "skill", "sides": 12, "for": "reroll of pool die 3", "step": "reroll", "source": "pool",
         "source_index": 3}]
    r = check([5, 1, 2, 3, 3, 12], **{k: v for k, v in base.items() if k not in ("keep", "explosions")})
    assert r["stage"] == "keep" and r["choices"] == {"min": 1, "max": 3, "allowed": [0, 1, 2, 3]}
    r = check([5, 1, 2, 3, 3, 12], **{k: v for k, v in base.items() if k != "explosions"})
    assert r["stage"] == "faces" and r["choices"]["need"][0]["for"] == "explosion of pool die 3"
    assert r["choices"]["need"][0]["step"] == "explosion" and r["choices"]["need"][0]["source_index"] == 3
    r = check(SAKURA_FACES, **{k: v for k, v in base.items() if k != "explosions"})
    assert r["stage"] == "explosion" and r["choices"] == {"index": 0, "may_keep": True, "may_drop": True}
    assert (r["successes"], r["success"]) == (2, None)  # running counters before the decision
    r = check(SAKURA_FACES, **base)
    assert r["stage"] == "done" and (r["successes"], r["strife"]) == (3, 1)


# --- step 1: the pool ---------------------------------------------------------------------------

def test_pool_order_helpers_and_void_and_keep_limit():
    r = check([1] * 7, ring=2, skill=1, tn=1, assist_skilled=1, assist_unskilled=2, void=True, keep=[0])
    assert [(d["die"], d["source"]) for d in r["pool"]] == [
        ("ring", "ring"), ("ring", "ring"), ("ring", "assist"), ("ring", "assist"), ("ring", "void"),
        ("skill", "skill"), ("skill", "assist")] and len(r["pool"]) == 7
    assert r["keep_limit"] == 2 + 3 + 1
    req = CheckRequest.from_dict({"ring": 2, "skill": 1, "tn": 1, "assist_skilled": 1, "assist_unskilled": 2,
                                  "void": True})
    assert (req.ring_dice, req.skill_dice, req.keep_limit) == (5, 2, 6)


def test_keep_limit_with_helpers_and_void():
    faces = [5, 5, 5, 5, 8, 8]  # ring 2 + 1 unskilled + Void = 4 d6, skill 1 + 1 skilled = 2 d12
    params = dict(ring=2, skill=1, tn=5, assist_skilled=1, assist_unskilled=1, void=True)
    assert check(faces, keep=[0, 1, 2, 3, 4], **params)["successes"] == 5
    with pytest.raises(IllegalMove, match=r"keep at most 5 dice \(ring 2 \+ 2 helpers \+ Void point\)") as err:
        check(faces, keep=[0, 1, 2, 3, 4, 5], **params)
    assert err.value.rule == "l5r5e.md §The check 5" and err.value.field == "keep"
    assert check([5, 5, 5], ring=2, tn=3, void=True, keep=[0, 1, 2])["successes"] == 3
    with pytest.raises(IllegalMove, match="keep at most 2 dice"):
        check([5, 5, 8], ring=2, skill=1, tn=3, keep=[0, 1, 2])


# --- step 2: rerolls ----------------------------------------------------------------------------

def test_adversity_rerolls_two_success_dice_and_gives_void_on_failure():
    faces = [5, 1, 4, 10, 1, 1]  # d6 5,1,4 d12 10; adversity rerolls 0 and 2 (default: first two eligible)
    r = check(faces, ring=3, skill=1, tn=2, adversity=True, keep=[0, 1, 2])
    assert r["decisions"]["rerolls"] == [0, 2] and [d["faces"] for d in r["pool"]][:3] == [[5, 1], [1], [4, 1]]
    assert r["success"] is False and r["void_points_gained"] == 1
    r = check([5, 1, 4, 10, 1, 12, 3], ring=3, skill=1, tn=1, adversity=True, rerolls=[2, 3], keep=[3],
              explosions=[False])
    assert r["pool"][3]["faces"] == [10, 12] and r["success"] and r["void_points_gained"] == 0


def test_adversity_with_a_single_success_die_rerolls_just_it():
    r = check([5, 1, 1, 1], ring=2, skill=1, tn=1, adversity=True, keep=[0])
    assert r["decisions"]["rerolls"] == [0] and r["pool"][0]["faces"] == [5, 1]


def test_step_mode_skips_an_adversity_with_no_success_to_reroll():
    r = check([1, 3, 2], ring=2, skill=1, tn=1, adversity=True, step=True)
    assert r["stage"] == "keep" and r["decisions"]["rerolls"] == []
    r = check([1, 5, 2], ring=2, skill=1, tn=1, adversity=True, step=True)
    assert r["stage"] == "reroll" and r["choices"] == {"by": "adversity", "min": 1, "max": 1, "allowed": [1]}


def test_distinction_default_rerolls_nothing_and_cancels_with_adversity():
    r = check([1, 1], ring=2, tn=1, distinction=True, keep=[0])
    assert r["decisions"]["rerolls"] == [] and r["success"] is False
    with pytest.raises(IllegalMove, match="cancel each other"):
        check([1, 1, 1], ring=2, tn=1, distinction=True, adversity=True, rerolls=[0], keep=[0])


@pytest.mark.parametrize("params, needle", [
    (dict(rerolls=[0]), "only a distinction or an adversity rerolls dice"),
    (dict(distinction=True, rerolls=[0, 1, 2]), "at most 2 dice"),
    (dict(adversity=True, rerolls=[1, 0]), "not pool die 1, d6 1 \\(blank\\)"),
    (dict(adversity=True, rerolls=[0]), "exactly 2 dice"),
])
def test_reroll_refusals(params, needle):
    with pytest.raises(IllegalMove, match=needle) as err:
        check([5, 1, 4, 1, 1, 1], ring=3, tn=1, keep=[0], **params)
    assert err.value.rule == "l5r5e.md §The check 4"


def test_rerolled_dice_draw_in_ascending_pool_index_whatever_the_list_order():
    a = check([1, 1, 1, 2, 3], ring=3, tn=1, distinction=True, rerolls=[2, 0], keep=[0])
    assert [d["faces"] for d in a["pool"]] == [[1, 2], [1], [1, 3]]


# --- step 3: keep -------------------------------------------------------------------------------

def test_keep_at_least_one_unless_compromised():
    with pytest.raises(IllegalMove, match="at least 1 die"):
        check([5, 2], ring=2, tn=1, keep=[])
    r = check([2, 4], ring=2, tn=1, keep=[], compromised=True)
    assert r["kept"] == [] and r["successes"] == 0 and r["success"] is False


def test_compromised_cannot_keep_strife_dice():
    needle = "cannot keep pool die 1, d6 4 \\(success \\+ strife\\): it shows strife"
    with pytest.raises(IllegalMove, match=needle) as err:
        check([5, 4], ring=2, tn=1, keep=[0, 1], compromised=True)
    assert err.value.rule == "l5r5e.md §Composure, strife, unmasking, Void"
    r = check([5, 4, 11, 8], ring=2, skill=2, tn=1, compromised=True, step=True)
    assert r["stage"] == "keep" and r["choices"] == {"min": 0, "max": 2, "allowed": [0, 3]}
    r = check([2, 4, 11], ring=2, skill=1, tn=1, compromised=True)  # default: nothing keepable
    assert r["decisions"]["keep"] == [] and r["success"] is False


def test_default_keep_takes_the_best_allowed_dice():
    r = check([1, 3, 4, 5, 12, 1], ring=4, skill=1, tn=1)
    assert r["decisions"]["keep"] == [1, 2, 3, 4]  # 12 (explosive), 5, 4, 3; never the blank 1
    r = check([1, 1], ring=2, tn=1)
    assert r["decisions"]["keep"] == [0]  # all blank: one die must still be kept


@pytest.mark.parametrize("params, error, field", [
    (dict(keep=[0, 0]), InvalidRequest, "keep[1]"),
    (dict(keep=[2]), InvalidRequest, "keep[0]"),
    (dict(keep=[0], colour="red"), InvalidRequest, "colour"),
    (dict(keep=[0], ring=0), InvalidRequest, "ring"),
    (dict(keep=[0], stance="wood"), InvalidRequest, "stance"),
    (dict(keep=[0], explosions=[1]), InvalidRequest, "explosions[0]"),
    (dict(keep=[0], helpers_cancel_strife=1), InvalidRequest, "helpers_cancel_strife"),
    (dict(keep=[0], step=True, distinction=True), InvalidRequest, "keep"),
    (dict(step=True, explosions=[True]), InvalidRequest, "explosions"),
])
def test_request_refusals(params, error, field):
    with pytest.raises(error) as err:
        check([5, 5], **{"ring": 2, "tn": 1, **params})
    assert err.value.field == field


# --- step 4: explosions -------------------------------------------------------------------------

def test_chain_of_explosions_kept_and_counted():
    r = check([6, 6, 6, 3], ring=1, tn=4)  # d6 6 → 6 → 6 → 3, all kept by default
    assert [x["source"] + str(x["source_index"]) for x in r["explosion_dice"]] == ["pool0", "explosion0", "explosion1"]
    assert (r["successes"], r["strife"], r["opportunities"], r["explosions"]) == (3, 3, 1, 3)
    assert r["success"] is False and r["margin"] == -1


def test_dropping_an_explosion_die_ends_its_chain():
    r = check([6, 6], ring=1, tn=1, explosions=[False])
    assert r["explosions"] == 1 and r["successes"] == 1 and r["explosion_dice"][0]["kept"] is False


def test_each_chain_is_finished_before_the_next_pool_die_and_dice_keep_their_type():
    r = check([6, 1, 12, 6, 2, 11, 4], ring=2, skill=1, tn=1, keep=[0, 2])
    assert [(x["die"], x["face"], x["source"], x["source_index"]) for x in r["explosion_dice"]] == [
        ("ring", 6, "pool", 0), ("ring", 2, "explosion", 0), ("skill", 11, "pool", 2), ("skill", 4, "explosion", 2)]
    assert r["successes"] == 4 and r["strife"] == 4 and r["keep_limit"] == 2  # explosion dice sit outside it


def test_only_kept_explosive_dice_explode():
    r = check([6, 5], ring=2, tn=1, keep=[1])
    assert r["explosions"] == 0


def test_compromised_cannot_keep_a_strife_explosion_die_and_drops_it_by_default():
    r = check([1, 12, 7], ring=1, skill=1, tn=1, keep=[1], compromised=True)  # the d12 12 has no strife
    assert r["explosion_dice"][0]["kept"] is False and r["strife"] == 0
    with pytest.raises(IllegalMove, match="cannot keep explosion die 0 \\(d12 7") as err:
        check([1, 12, 7], ring=1, skill=1, tn=1, keep=[1], compromised=True, explosions=[True])
    assert err.value.field == "explosions[0]"
    r = check([1, 12, 7], ring=1, skill=1, tn=1, keep=[1], compromised=True, step=True)
    assert r["choices"] == {"index": 0, "may_keep": False, "may_drop": True}


def test_extra_explosion_decisions_are_refused():
    with pytest.raises(InvalidRequest, match="2 explosion decisions given but only 1") as err:
        check([6, 3], ring=1, tn=1, explosions=[True, True])
    assert err.value.field == "explosions"


def test_explosion_cap_stops_a_runaway_chain_with_a_message():
    r = check([1] + [12] * (MAX_EXPLOSIONS + 1), ring=1, skill=1, tn=1, keep=[1])
    assert r["explosions"] == MAX_EXPLOSIONS and r["explosion_cap_reached"]
    assert r["successes"] == MAX_EXPLOSIONS + 1 and "explosion cap reached" in r["messages"][0]


class AlwaysMax:
    """A rigged die that always explodes (d6 6 / d12 12): the cap must end the check."""

    def __init__(self):
        self.draws = []

    def roll(self, sides):
        self.draws.append(sides)
        return sides


def test_explosion_cap_never_hangs_on_an_endless_stream():
    r = roll({"ring": 2, "skill": 2, "tn": 1, "keep": [0, 2]}, AlwaysMax())
    assert r["explosions"] == MAX_EXPLOSIONS and r["explosion_cap_reached"] and len(r["messages"]) == 1


def test_faces_running_out_in_plain_mode_name_the_die_needed():
    with pytest.raises(InvalidRequest, match="the faces run out at the explosion of pool die 0: give its d6 face"):
        check([6], ring=1, tn=1)
    with pytest.raises(InvalidRequest, match="pool die 1"):
        check([6], ring=2, tn=1)


# --- step 5: totals, stances, helpers, passions ------------------------------------------------

def test_fire_stance_adds_a_bonus_success_per_kept_strife_symbol_on_a_success():
    r = check([4, 2], ring=2, tn=1, keep=[0, 1], stance="fire")
    assert (r["bonus_successes"], r["fire_bonus"], r["strife"]) == (2, 2, 2)
    r = check([4, 2], ring=2, tn=2, keep=[0, 1], stance="fire")
    assert (r["success"], r["bonus_successes"], r["fire_bonus"]) == (False, 0, 0)


def test_void_stance_takes_no_strife_and_refuses_pointless_cancelling():
    r = check([4, 2], ring=2, tn=1, keep=[0, 1], stance="void")
    assert (r["strife"], r["strife_symbols"]) == (0, 2)
    with pytest.raises(IllegalMove, match="Void stance"):
        check([4, 2, 1], ring=2, tn=1, keep=[0, 1], stance="void", assist_unskilled=1, helpers_cancel_strife=1)


def test_helpers_cancel_strife_and_not_more_than_was_kept():
    r = check([4, 2, 1, 1], ring=2, tn=1, keep=[0, 1], assist_unskilled=2, helpers_cancel_strife=2)
    assert (r["strife"], r["strife_cancelled"]) == (0, 2)
    with pytest.raises(IllegalMove, match="only 1 strife symbols were kept") as err:
        check([4, 5, 1, 1], ring=2, tn=1, keep=[0, 1], assist_unskilled=2, helpers_cancel_strife=2)
    assert err.value.rule == "l5r5e.md §The check 6"


@pytest.mark.parametrize("passion, anxiety, change", [(True, False, -2), (False, True, 4), (True, True, 1)])
def test_passion_and_anxiety_change_strife_after_the_check(passion, anxiety, change):
    r = check([4], ring=1, tn=1, passion=passion, anxiety=anxiety)
    assert r["strife"] == 1 and r["strife_change"] == change


# --- step mode and replay -----------------------------------------------------------------------

def _play(seed, params, choose):
    """Drive a check stage by stage; return the list of results."""
    decisions, results = {}, []
    for _ in range(50):
        r = roll({**params, **decisions, "step": True}, DiceStream(seed))
        results.append(r)
        if r["stage"] == "done":
            return results
        stage, c = r["stage"], r["choices"]
        if stage == "reroll":
            decisions["rerolls"] = c["allowed"][: c["max"]]
        elif stage == "keep":
            decisions["keep"] = c["allowed"][: c["max"]]
        else:
            decisions["explosions"] = r["decisions"]["explosions"] + [choose(r)]
    raise AssertionError("the check never finished")


@pytest.mark.parametrize("seed", [SEED, "ff" * 16, "00" * 31 + "07"])
def test_step_mode_replays_the_same_dice_at_every_stage(seed):
    params = {"ring": 3, "skill": 3, "tn": 3, "distinction": True}
    results = _play(seed, params, lambda r: r["choices"]["may_keep"])
    final = results[-1]
    assert [r["stage"] for r in results][:2] == ["reroll", "keep"]
    for r in results:
        assert [d["faces"][0] for d in r["pool"]] == [d["faces"][0] for d in final["pool"]]
        faces = [x["face"] for x in r["explosion_dice"]]
        assert faces == [x["face"] for x in final["explosion_dice"]][: len(faces)]
    plain = roll({**params, **final["decisions"]}, DiceStream(seed))
    assert {k: plain[k] for k in ("kept", "successes", "strife", "pool")} == \
        {k: final[k] for k in ("kept", "successes", "strife", "pool")}


def test_step_mode_without_advantage_skips_the_reroll_stage():
    r = roll({"ring": 2, "skill": 1, "tn": 1, "step": True}, DiceStream(SEED))
    assert r["stage"] == "keep" and r["decisions"]["rerolls"] == [] and r["success"] is None


def test_step_mode_faces_stage_lists_the_missing_pool_dice():
    r = check([5], ring=2, skill=1, tn=1, step=True)
    assert r["stage"] == "faces" and [d["face"] for d in r["pool"]] == [5]
    assert [n["sides"] for n in r["choices"]["need"]] == [6, 12]
    assert [(n["step"], n["source"], n["source_index"]) for n in r["choices"]["need"]] == [
        ("pool", "pool", 1), ("pool", "pool", 2)]


def _successes_distribution():
    """Exact P(successes) for ring 1, keep 1, explosions kept, by enumerating faces to depth 3."""
    dist = {}

    def walk(prefix):
        dice = FixedFaces(prefix + [1] * 4)  # beyond depth 3 a blank ends the chain
        r = roll({"ring": 1, "tn": 1}, dice)
        if len(dice.draws) > len(prefix) and len(prefix) < 3:
            for face in range(1, 7):
                walk(prefix + [face])
            return
        p = Fraction(1, 6 ** len(prefix))
        dist[r["successes"]] = dist.get(r["successes"], 0) + p
    walk([])
    return dist


def test_probability_facts_of_the_rule_file():
    dist = _successes_distribution()
    at_least = lambda k: sum(p for s, p in dist.items() if s >= k)  # noqa: E731
    assert (at_least(1), at_least(2), at_least(3)) == (Fraction(1, 2), Fraction(1, 12), Fraction(1, 72))


@settings(max_examples=60, deadline=None)
@given(ring=st.integers(1, 5), skill=st.integers(0, 5), helpers=st.integers(0, 2), void=st.booleans(),
       compromised=st.booleans(), seed=st.binary(min_size=16, max_size=16))
def test_defaults_always_give_a_legal_consistent_check(ring, skill, helpers, void, compromised, seed):
    r = roll({"ring": ring, "skill": skill, "tn": 2, "assist_skilled": helpers, "void": void,
              "compromised": compromised}, DiceStream(seed))
    pool_kept = [d for d in r["pool"] if d["kept"]]
    assert len(pool_kept) <= r["keep_limit"] and (compromised or pool_kept)
    assert r["successes"] == sum(symbols_of(k["die"], k["face"]).count(s) for k in r["kept"]
                                 for s in ("success", "explosive"))
    assert not (compromised and any("strife" in k["symbols"] for k in r["kept"]))
    assert r["success"] == (r["successes"] >= 2)


# --- CLI (in-process, so it also runs under Pyodide) ---------------------------------------------


def test_cli_sakura_and_illegal_keep():
    code, out, err = run(["roll", json.dumps({"system": "l5r5e", "faces": SAKURA_FACES, **SAKURA})])
    r = json.loads(out)
    assert code == 0 and err == "" and (r["successes"], r["success"], r["strife"]) == (3, True, 1)
    code, out, err = run(["roll", json.dumps({"system": "l5r5e", "faces": [5, 1, 2, 3], "ring": 3, "skill": 1, "tn": 3,
                              "keep": [0, 1, 2, 3]})])
    assert code == 2 and out == ""
    assert err == "error: keep: keep at most 3 dice (ring 3 + 0 helpers), got 4 (l5r5e.md §The check 5)\n"


def test_die_text_names_blank_faces_in_both_languages():
    assert die_text("ring", 1) == "d6 1 (blank)"
    assert die_text("skill", 11, "es") == "d12 11 (éxito relanzable + conflicto)"


def test_step_mode_accepts_faces_typed_ahead_and_refuses_leftovers_once_done():
    """Typing every face at once (pool, rerolls, explosion) works step by step; extra faces are
    still refused when the check is done."""
    from tirada.systems import roll as roll_request
    base = {"system": "l5r5e", "ring": 3, "skill": 1, "tn": 3, "distinction": True, "step": True,
            "faces": [5, 1, 2, 3, 3, 12, 6]}
    r = roll_request(base)
    assert r["stage"] == "reroll" and [d["face"] for d in r["pool"]] == [5, 1, 2, 3]
    r = roll_request({**base, "rerolls": [1, 3], "keep": [0, 1, 3]})
    assert r["stage"] == "explosion" and r["explosion_dice"][0]["face"] == 6
    r = roll_request({**base, "rerolls": [1, 3], "keep": [0, 1, 3], "explosions": [True]})
    assert r["stage"] == "done" and r["successes"] == 3
    with pytest.raises(InvalidRequest, match="8 faces given"):
        roll_request({**base, "faces": base["faces"] + [4], "rerolls": [1, 3], "keep": [0, 1, 3],
                      "explosions": [True]})


def test_default_keep_prefers_the_d12_between_equal_explosive_faces():
    """Issue #15 / l5r5e.md §The check 6: each kept explosive success rolls "one more die of the same
    type"; a d12 explosion is worth more (7/12 successes, 1/4 strife) than a d6 one (1/2, 1/2). With
    one die to keep between d6 6 and d12 11 (both explosive success + strife), keep the d12."""
    from tirada.systems.l5r.dice import EXPLOSION_VALUE

    assert EXPLOSION_VALUE["skill"] == (Fraction(7, 12), Fraction(1, 4))
    assert EXPLOSION_VALUE["ring"] == (Fraction(1, 2), Fraction(1, 2))
    r = check([6, 11, 5], ring=1, skill=1, tn=1)
    # the d12 11 is kept and its explosion is a d12 (5: an opportunity), not a d6
    assert kept_faces(r) == [("skill", 11), ("skill", 5)] and r["explosions"] == 1
    # no tie: the symbol counts decide (d12 12 has no strife), whatever the pool order
    assert kept_faces(check([6, 12, 5], ring=1, skill=1, tn=1)) == [("skill", 12), ("skill", 5)]
    # non-explosive equal faces keep pool order: d6 5 before d12 8 (both one success)
    assert kept_faces(check([5, 8], ring=1, skill=1, tn=1)) == [("ring", 5)]
