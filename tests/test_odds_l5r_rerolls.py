"""Exact L5R odds with a Distinction or an Adversity (tirada.odds.l5r_rerolls; issue #28 item 5):
the law of the kept dice against brute-force enumeration of every face and every reroll face with
the policy applied to the faces themselves, and the whole check (explosions included) against the
engine's own check simulated with a fixed seed."""

from __future__ import annotations

import itertools
from math import sqrt

import pytest

from tirada.dice import DiceStream
from tirada.odds import odds
from tirada.odds.l5r_rerolls import SCALE, rerolled_law
from tirada.systems.l5r.check import roll
from tirada.systems.l5r.dice import symbols_of

SIDES = {"ring": 6, "skill": 12}


def value(die: str, face: int, compromised: bool) -> str:
    """The die's class from its symbols: E/P keepable success, U unkeepable success, N none."""
    s = symbols_of(die, face)
    success = "success" in s or "explosive" in s
    if success and not (compromised and "strife" in s):
        return "E" if "explosive" in s else "P"
    return "U" if success else "N"


def keep(dice: list, limit: int, compromised: bool) -> tuple:
    """Indices kept and (a, b, c): explosive d12 first, explosive d6, then plain, up to the limit."""
    rank = {("skill", "E"): 0, ("ring", "E"): 1, ("skill", "P"): 2, ("ring", "P"): 2}
    ranked = sorted((rank[(d, value(d, f, compromised))], i) for i, (d, f) in enumerate(dice)
                    if value(d, f, compromised) in "EP")
    kept = [i for _, i in ranked[:limit]]
    classes = [(dice[i][0], value(*dice[i], compromised)) for i in kept]
    return kept, (classes.count(("skill", "E")), classes.count(("ring", "E")),
                  sum(1 for _, c in classes if c == "P"))


def chosen(dice: list, limit: int, by: str, compromised: bool) -> list:
    """The rerolls of the stated policy, read off the faces (docs/l5r5e.md)."""
    cls = [(d, value(d, f, compromised)) for d, f in dice]
    if by == "distinction":
        order = [i for want in (("skill", "N"), ("ring", "N"), ("skill", "U"), ("ring", "U"))
                 for i, c in enumerate(cls) if c == want]
        kept, _ = keep(dice, limit, compromised)
        spare = [i for i, c in enumerate(cls) if c[1] in "EP" and i not in kept]
        spare.sort(key=lambda i: {("skill", "P"): 0, ("ring", "P"): 1, ("ring", "E"): 2, ("skill", "E"): 3}[cls[i]])
        return (order + spare)[:2]
    order = [i for want in (("skill", "U"), ("ring", "U"), ("skill", "P"), ("ring", "P"), ("ring", "E"), ("skill", "E"))
             for i, c in enumerate(cls) if c == want]
    return order[:2]


def brute_law(ring: int, skill: int, limit: int, by: str, compromised: bool) -> dict:
    law: dict = {}
    types = ["ring"] * ring + ["skill"] * skill
    for faces in itertools.product(*[range(1, SIDES[t] + 1) for t in types]):
        dice = list(zip(types, faces))
        picked = chosen(dice, limit, by, compromised)
        scale = SCALE // (12 ** sum(1 for i in picked if types[i] == "skill") * 6 ** sum(1 for i in picked if types[i] == "ring"))
        for new in itertools.product(*[range(1, SIDES[types[i]] + 1) for i in picked]):
            final = list(dice)
            for i, f in zip(picked, new):
                final[i] = (types[i], f)
            _, (a, b, c) = keep(final, limit, compromised)
            cell = law.setdefault((a, b), {})
            cell[c] = cell.get(c, 0) + scale
    return law


POOLS = [(1, 0, 1), (2, 0, 1), (1, 1, 1), (2, 1, 2), (1, 2, 1), (3, 0, 2), (2, 2, 2), (0, 2, 1)]


@pytest.mark.parametrize("ring, skill, limit", [p for p in POOLS if p[0] + p[1] <= 3] + [(2, 2, 2), (3, 1, 1)])
@pytest.mark.parametrize("by", ["distinction", "adversity"])
@pytest.mark.parametrize("compromised", [False, True])
def test_kept_law_equals_brute_force(ring, skill, limit, by, compromised):
    law, den = rerolled_law(ring, skill, limit, by, compromised)
    assert den == 6 ** ring * 12 ** skill * SCALE
    assert sum(n for cell in law.values() for n in cell.values()) == den
    clean = {k: {c: n for c, n in v.items() if n} for k, v in law.items()}
    assert {k: v for k, v in clean.items() if v} == brute_law(ring, skill, limit, by, compromised)


def test_one_ring_die():
    """By hand: a distinction rerolls a failed d6 (P(success) = 1/2 + 1/4); an adversity rerolls
    a successful one (1/2 · 1/2); both cancel."""
    base = {"system": "l5r5e", "ring": 1, "tn": 1}
    assert odds({**base, "distinction": True})["success"]["exact"] == "3/4"
    assert odds({**base, "adversity": True})["success"]["exact"] == "1/4"
    assert odds({**base, "distinction": True, "adversity": True})["success"] == odds(base)["success"]
    r = odds({**base, "distinction": True})
    assert r["rerolls"] == "distinction" and "reroll_policy" in r and r["not_modelled"] == []
    assert r["expected_strife"] is None   # not computed under rerolls (docs/l5r5e.md)


def test_a_distinction_never_lowers_and_an_adversity_never_raises_the_odds():
    for ring, skill, tn in ((2, 1, 2), (3, 2, 3), (2, 3, 4), (4, 4, 5)):
        base = {"system": "l5r5e", "ring": ring, "skill": skill, "tn": tn}
        plain = odds(base)["success"]["p"]
        assert odds({**base, "distinction": True})["success"]["p"] > plain > odds({**base, "adversity": True})["success"]["p"]


def simulate(ring: int, skill: int, tn: int, by: str, compromised: bool, n: int, seed: int) -> dict:
    """The engine's own check, n times on replayable dice (seeds derived from ``seed``): the pool is
    rolled, the policy picks the rerolls from its faces, and the same dice replay the check with
    them (default keep and explosions: every success kept)."""
    types = ["ring"] * ring + ["skill"] * skill
    params = {"ring": ring, "skill": skill, "tn": tn, by: True, "compromised": compromised}
    hits: dict = {}
    for k in range(n):
        key = f"{seed:08x}{k:024x}"
        first = roll({**params, "step": True}, DiceStream(key))
        pool = [d["face"] for d in first["pool"]]
        picked = sorted(chosen(list(zip(types, pool)), ring, by, compromised))
        r = roll({**params, "rerolls": picked}, DiceStream(key))
        hits[r["successes"]] = hits.get(r["successes"], 0) + 1
    return hits


@pytest.mark.parametrize("ring, skill, tn, by, compromised", [
    (2, 1, 2, "distinction", False), (2, 2, 2, "adversity", False), (3, 0, 2, "distinction", True),
    (2, 2, 3, "adversity", True)])
def test_the_exact_odds_match_the_engine_s_check_simulated(ring, skill, tn, by, compromised):
    n = 3000
    exact = odds({"system": "l5r5e", "ring": ring, "skill": skill, "tn": tn, by: True, "compromised": compromised})
    hits = simulate(ring, skill, tn, by, compromised, n, seed=28)
    for row in exact["at_least"][:4]:
        seen = sum(k for s, k in hits.items() if s >= row["value"]) / n
        p = row["p"]
        assert abs(seen - p) <= 4 * sqrt(p * (1 - p) / n) + 1e-9, (row["value"], seen, p)
