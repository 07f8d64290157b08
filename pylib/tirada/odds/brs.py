"""Blood Red Sands odds: which defences reach an Attack Score, and what a Renewal may bring
(blood-red-sands.md §The fight: Rounds and Exchanges, §Getting more dice; seed ``000_…``).

Outcome by the number of counted defence dice whose sum reaches the Attack Score: 1 → Reversal,
2 → Block, 3+ → Damage, none → Overwhelmed. A defender chooses the set, so with Available faces
sorted high to low: Reversal is reachable iff the highest face (+ a Soul-Fused die, which adds but
is not counted) reaches the score; Block iff the two highest do (and there are ≥ 2 dice); Damage
iff all the dice do (and there are ≥ 3); Overwhelmed iff even all the dice fall short.

Renewal (the Used dice rerolled into Available): the law of the renewed dice's sum is the
convolution of uniform dice (integer counts over the product of the sizes). The best defence
reachable after it depends only on the highest face, the two highest and the total of the whole
Available pool; each is computed exactly by a small dynamic programme over the renewed dice.
"""

from __future__ import annotations

from math import prod
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..fields import get_int, get_int_list, reject_unknown
from .dist import convolve, prob, rows, uniform

__all__ = ["SIZES", "brs_odds", "reachable"]

RULE_FIGHT = "blood-red-sands.md §The fight: Rounds and Exchanges"
RULE_MORE = "blood-red-sands.md §Getting more dice"
FIELDS = {"attack_score", "available", "soul_fused", "renew"}
SIZES = (4, 6, 8, 10, 12)
MAX_DICE = 24
OUTCOMES = ("reversal", "block", "damage", "overwhelmed")


def reachable(faces: list, score: int, soul_fused: int = 0) -> dict:
    """Which defences reach ``score`` with these Available ``faces`` (§The fight, outcome table).

    Args:
        faces: Available faces (ints ≥ 1), any order; score: the Attack Score; soul_fused: the face
        of a Soul-Fused die advanced with the defence (adds, not counted), 0 for none.
    Returns:
        ``{"reversal": bool, "block": bool, "damage": bool, "overwhelmed": bool, "best": name,
        "fewest_dice": int | None}``; ``best`` is the reachable outcome with the fewest dice.
    """
    high = sorted(faces, reverse=True)
    need = score - soul_fused
    out = {
        "reversal": len(high) >= 1 and high[0] >= need,
        "block": len(high) >= 2 and high[0] + high[1] >= need,
        "damage": len(high) >= 3 and sum(high) >= need,
    }
    out["overwhelmed"] = not (out["reversal"] or out["block"] or out["damage"])
    out["best"] = next(name for name in OUTCOMES if out[name])
    fewest = next((k for k in range(1, len(high) + 1) if sum(high[:k]) >= need), None)
    out["fewest_dice"] = fewest
    return out


def _top_two_counts(faces: list, sizes: list) -> dict:
    """Law of (highest, second highest) of ``faces`` + renewed dice of ``sizes`` (0 = no die)."""
    high = sorted(faces, reverse=True) + [0, 0]
    states = {(high[0], high[1]): 1}
    for sides in sizes:
        new: dict = {}
        for (t1, t2), n in states.items():
            for f in range(1, sides + 1):
                key = (f, t1) if f > t1 else (t1, max(t2, f))
                new[key] = new.get(key, 0) + n
        states = new
    return states


def _renewal(faces: list, sizes: list, score: int, soul_fused: int) -> dict:
    den = prod(sizes)
    poly = [1]
    for sides in sizes:
        poly = convolve(poly, uniform(sides))
    sums = {v: n for v, n in enumerate(poly) if n}
    distribution, at_least = rows(sums, den)
    need, have, count = score - soul_fused, sum(faces), len(faces) + len(sizes)
    tops = _top_two_counts(faces, sizes)
    rev = sum(n for (t1, _), n in tops.items() if t1 >= need)
    block = sum(n for (t1, t2), n in tops.items() if t1 + t2 >= need) if count >= 2 else 0
    any_ = sum(n for s, n in sums.items() if have + s >= need)  # some defence reaches the score
    damage = any_ if count >= 3 else 0
    fewer = block if count >= 2 else rev  # reachable with one or two dice
    return {
        "dice": sizes,
        "distribution": distribution,
        "at_least": at_least,
        "reach_score": prob(sum(n for s, n in sums.items() if s >= score), den),
        "reachable": {"reversal": prob(rev, den), "block": prob(block, den), "damage": prob(damage, den),
                      "overwhelmed": prob(den - any_, den)},
        "best": {"reversal": prob(rev, den), "block": prob(block - rev if count >= 2 else 0, den),
                 "damage": prob(any_ - fewer, den), "overwhelmed": prob(den - any_, den)},
    }


def brs_odds(params: Mapping[str, Any]) -> dict:
    """Defences reachable now and after a Renewal, exactly (no dice are rolled).

    Fields: ``attack_score`` 1..200 (required); ``available`` faces 1..12 of the defender's
    Available dice (≤ 24); ``soul_fused`` face 1..12 of a Soul-Fused die added to the defence
    (optional); ``renew`` sizes (4, 6, 8, 10, 12) of the Used dice a Renewal would reroll (≤ 24).
    Returns:
        ``{"method", "attack_score", "now": reachable(...)}`` and, with ``renew``, ``"renewal":
        {"dice", "distribution", "at_least"`` (the renewed dice's sum), ``"reach_score"``: P(renewed
        sum ≥ Attack Score), ``"reachable"``: P(each outcome can be chosen with Available +
        renewed dice), ``"best"``: P(each outcome is the one with the fewest dice)``}``.
    Raises:
        InvalidRequest: unknown field, a face or size out of range, too many dice.
    """
    reject_unknown(params, FIELDS, "brs odds")
    score = get_int(params, "attack_score", lo=1, hi=200, rule=RULE_FIGHT)
    faces = get_int_list(params, "available", lo=1, hi=12, max_len=MAX_DICE)
    soul = get_int(params, "soul_fused", default=0, lo=1, hi=12, rule=RULE_FIGHT)
    sizes = get_int_list(params, "renew", lo=4, hi=12, max_len=MAX_DICE)
    for i, sides in enumerate(sizes):
        if sides not in SIZES:
            raise InvalidRequest(f"a die is a d4, d6, d8, d10 or d12, got d{sides}", field=f"renew[{i}]",
                                 rule="blood-red-sands.md §Pieces", code="brs.die_size", params={"got": f"d{sides}"})
    out = {"method": "exact: highest / two highest / total of the pool; integer counts",
           "attack_score": score, "now": reachable(faces, score, soul)}
    if sizes:
        out["renewal"] = _renewal(faces, sizes, score, soul)
    return out
