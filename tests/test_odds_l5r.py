"""Exact L5R 5e odds (tirada.odds.l5r): the rule file's probability facts as Fractions, and the
fast programme against a brute-force oracle that enumerates every face (itertools.product), every
legal keep, and explosion chains by plain recursion — using only the symbol tables."""

import itertools
from fractions import Fraction

import pytest

from tirada.errors import InvalidRequest
from tirada.systems.l5r.dice import RING_FACES, SKILL_FACES, tally
from tirada.odds import odds
from tirada.odds.l5r import L5rPool, chain_counts, success_counts

TABLES = {"ring": RING_FACES, "skill": SKILL_FACES}


def sym(die, face):
    t = tally(TABLES[die][face])
    return t["successes"], t["explosive"] > 0, t["strife"]


def may_keep(die, face, compromised):
    return not (compromised and sym(die, face)[2] > 0)


def capped(law, cap):
    out = {}
    for v, p in law.items():
        out[min(v, cap)] = out.get(min(v, cap), 0) + p
    return out


def add(a, b, cap):
    out = {}
    for x, p in a.items():
        for y, q in b.items():
            k = min(x + y, cap)
            out[k] = out.get(k, 0) + p * q
    return out


def chain(die, cap, compromised):
    """Extra successes of one explosion, by recursion over the explosion die's faces (an explosion
    die showing a success is kept when it may be; others are dropped)."""
    if cap <= 0:
        return {0: Fraction(1)}
    sides = len(TABLES[die])
    out = {}
    for face in TABLES[die]:
        succ, explosive, _ = sym(die, face)
        if succ and may_keep(die, face, compromised):
            law = {succ: Fraction(1)}
            if explosive:
                law = add(law, chain(die, cap - succ, compromised), cap)
        else:
            law = {0: Fraction(1)}
        for v, p in capped(law, cap).items():
            out[v] = out.get(v, 0) + p / sides
    return out


def kept_law(dice, cap, compromised):
    law = {0: Fraction(1)}
    for die, face in dice:
        succ, explosive, _ = sym(die, face)
        one = {succ: Fraction(1)}
        if explosive:
            one = add(one, chain(die, cap - succ, compromised), cap)
        law = add(law, one, cap)
    return law


def at_least(law, t):
    return sum(p for v, p in law.items() if v >= t)


def brute(pool, cap):
    """Average over every face outcome of the best P(≥ t) over every legal keep, for t = 0..cap."""
    dice = ["ring"] * pool.ring_dice + ["skill"] * pool.skill_dice
    best = [Fraction(0)] * (cap + 1)
    outcomes = list(itertools.product(*[sorted(TABLES[d]) for d in dice]))
    lo = 0 if pool.compromised else 1
    for faces in outcomes:
        legal = [i for i, (d, f) in enumerate(zip(dice, faces)) if may_keep(d, f, pool.compromised)]
        laws = [kept_law([(dice[i], faces[i]) for i in keep], cap, pool.compromised)
                for size in range(lo, pool.keep_limit + 1) for keep in itertools.combinations(legal, size)]
        for t in range(cap + 1):
            best[t] += Fraction(max(at_least(law, t) for law in laws)) / len(outcomes)
    return best


def fast_at_least(pool, cap):
    counts, den, _ = success_counts(pool, cap)
    return [Fraction(sum(counts[t:]), den) for t in range(cap + 1)]


def test_rule_file_probability_facts_exactly():
    """l5r5e.md §Probability facts: one ring die, keep 1: P(≥1) = 1/2, P(≥2) = 1/12, P(≥3) = 1/72."""
    pool = L5rPool(ring=1, skill=0, tn=1)
    p = fast_at_least(pool, 6)
    assert (p[1], p[2], p[3]) == (Fraction(1, 2), Fraction(1, 12), Fraction(1, 72))
    assert p[4] == Fraction(1, 432)  # the chain goes on: 1/6 more per level, no truncation
    for tn, exact in [(1, "1/2"), (2, "1/12"), (3, "1/72")]:
        assert odds({"system": "l5r5e", "ring": 1, "tn": tn})["success"]["exact"] == exact


@pytest.mark.parametrize("pool", [
    L5rPool(ring=1, skill=1, tn=2),
    L5rPool(ring=2, skill=0, tn=2),
    L5rPool(ring=1, skill=2, tn=2),
    L5rPool(ring=1, skill=1, tn=1, assist_unskilled=1),
    L5rPool(ring=1, skill=0, tn=2, assist_skilled=1, void=True),
    L5rPool(ring=2, skill=1, tn=2, compromised=True),
    L5rPool(ring=1, skill=2, tn=1, compromised=True),
], ids=lambda p: f"{p.ring_dice}d6+{p.skill_dice}d12k{p.keep_limit}{'c' if p.compromised else ''}")
def test_policy_is_the_best_keep_for_every_tn(pool):
    """The keep-every-success policy reaches the best P(≥ t) of every legal keep, for every t."""
    cap = 5
    assert fast_at_least(pool, cap) == brute(pool, cap)


def test_skill_chain_dominates_ring_chain():
    """The ranking explosive d12 > explosive d6 needs P(X_skill ≥ x) ≥ P(X_ring ≥ x) for all x."""
    for compromised in (False, True):
        cap = 8
        cs, cr = chain_counts("skill", cap, compromised), chain_counts("ring", cap, compromised)
        for x in range(cap + 1):
            assert Fraction(sum(cs[x:]), 12 ** cap) >= Fraction(sum(cr[x:]), 6 ** cap)


@pytest.mark.parametrize("die, compromised", [("ring", False), ("skill", False), ("ring", True), ("skill", True)])
def test_chain_counts_match_recursion(die, compromised):
    cap = 6
    sides = 6 if die == "ring" else 12
    fast = chain_counts(die, cap, compromised)
    assert {v: Fraction(n, sides ** cap) for v, n in enumerate(fast) if n} == chain(die, cap, compromised)


def test_expected_strife_and_successes_by_hand():
    """One ring die: faces 2 (forced keep), 4, 6 give 1 strife; a 6 also explodes, and a ring chain
    carries 2/5 strife (faces 4, 6 of 6, repeating on 6: (2/6) / (5/6)). Successes: (1 + 1 + 8/5)/6."""
    out = odds({"system": "l5r5e", "ring": 1, "tn": 1})
    assert out["expected_strife_exact"] == "17/30"
    assert out["expected_successes_exact"] == "3/5"
    compromised = odds({"system": "l5r5e", "ring": 2, "skill": 2, "tn": 1, "compromised": True})
    assert compromised["expected_strife_exact"] == "0"


def test_expected_strife_prefers_dice_without_strife():
    """Ring 1, skill 1 (keep 1): keep the d12 explosive over a d6 explosive; among plain successes
    the one without strife. Brute force over the 72 outcomes with the policy written out."""
    rank = {("skill", True): 0, ("ring", True): 1}
    chain_strife = {"ring": Fraction(2, 5), "skill": Fraction(3, 10)}
    total = Fraction(0)
    for f6, f12 in itertools.product(range(1, 7), range(1, 13)):
        dice = [("ring", f6), ("skill", f12)]
        def key(d):
            succ, explosive, strife = sym(*d)
            return (rank.get((d[0], explosive), 2) if succ else 3, strife)
        best = min(dice, key=key)
        succ, explosive, strife = sym(*best)
        total += (strife + (chain_strife[best[0]] if explosive else 0)) / Fraction(72)
    out = odds({"system": "l5r5e", "ring": 1, "skill": 1, "tn": 1})
    assert Fraction(out["expected_strife_exact"]) == total


def test_output_shape_and_tail_bucket():
    out = odds({"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "assist_skilled": 1, "void": True,
                "stance": "fire", "keep": [0, 1]})
    assert (out["ring_dice"], out["skill_dice"], out["keep_limit"]) == (4, 3, 5)
    assert out["not_modelled"] == ["keep", "stance"]
    assert out["distribution"][-1]["or_more"] is True
    assert sum(Fraction(r["exact"]) for r in out["distribution"]) == 1
    at = {row["value"]: row["exact"] for row in out["at_least"]}
    assert out["success"]["exact"] == at[3]
    assert out["success"]["p"] + out["outcomes"]["failure"]["p"] == pytest.approx(1)


def test_tn_zero_always_succeeds():
    assert odds({"system": "l5r5e", "ring": 2, "tn": 0})["success"]["exact"] == "1/1"


@pytest.mark.parametrize("req, field", [
    ({"ring": 0, "tn": 2}, "ring"),
    ({"ring": 2}, "tn"),
    ({"ring": 2, "tn": 2, "skil": 1}, "skil"),
    ({"ring": 10, "skill": 10, "assist_unskilled": 10, "assist_skilled": 1, "tn": 2}, "ring"),
])
def test_refusals(req, field):
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "l5r5e", **req})
    assert err.value.field == field
