"""Independent oracles for dice-notation dialects (icepool, never our odds or roll code), and our
engine's exact law of a notation to hold against them (tests/test_notation_dialect.py,
tests/test_notation_outside.py; docs/notation.md §Dialects)."""

from __future__ import annotations

from fractions import Fraction

import icepool
from icepool import d

from tirada.odds import odds
from tirada.systems.notation import parse

from helpers.dice_brute import exact


def ours(text: str, dialect: str = "roll20") -> dict:
    """The exact law of the total our engine gives ``text`` read in ``dialect``."""
    return exact(odds({"system": "generic", **parse(text, dialect)}))


def matches(text: str, dialect: str, oracle: icepool.Die) -> bool:
    """Our exact law of ``text`` is the oracle's: equal, or — with explosions or rerolls cut at the bound
    our odds state — every row at most the oracle's and the rows left out summing to the stated cut-off."""
    out = odds({"system": "generic", **parse(text, dialect)})
    mine, theirs = exact(out), law(oracle)
    if "cut_off" not in out:
        return mine == theirs
    cut = Fraction(out["cut_off"]["exact"])
    return set(mine) <= set(theirs) and all(mine[v] <= theirs[v] for v in mine) and \
        sum(theirs.values()) - sum(mine.values()) == cut and cut < Fraction(1, 10 ** 6)


def law(die: icepool.Die) -> dict:
    """An icepool die as ``{outcome: Fraction}`` (zero-probability outcomes left out)."""
    return {int(k): Fraction(v) for k, v in zip(die.outcomes(), die.probabilities()) if v}


D66 = 10 * d(6) + d(6)


COC_BONUS = 10 * (d(10).lowest(2) - 1) + d(10)


COC_PENALTY = 10 * (d(10).highest(2) - 1) + d(10)


def count(die: icepool.Die, n: int, faces: set, minus: set = frozenset()) -> icepool.Die:
    """icepool: n dice, each worth +1 on ``faces`` and −1 on ``minus`` (success counting)."""
    return n @ die.map(lambda x: (x in faces) - (x in minus))


def close(text: str, dialect: str, oracle: icepool.Die) -> bool:
    """With explosions: our law is the oracle's (icepool, exploding 30 deep) within the cut-off our odds
    state (the probability of more explosions than the bound) plus icepool's own truncation."""
    out = odds({"system": "generic", **parse(text, dialect)})
    rows = {r["value"]: float(Fraction(r["exact"])) if "exact" in r else r["p"] for r in out["distribution"]}
    theirs = {v: float(p) for v, p in law(oracle).items()}
    cut = out.get("cut_off", {}).get("p", 0.0)
    gap = sum(abs(rows.get(v, 0) - theirs.get(v, 0)) for v in set(rows) | set(theirs))
    return cut < 1e-6 and gap <= cut + 1e-12


def again_successes(sides: int, target: int, again: int, depth: int = 30) -> icepool.Die:
    """One die of Chronicles of Darkness: a success on ``target``+, rolled again on ``again``+ (icepool)."""
    marker = 1000       # a face that is a success and explodes; the total is decoded below
    die = d(sides).map(lambda x: marker if x >= again else int(x >= target))
    return die.explode([marker], depth=depth).map(lambda t: t // marker + t % marker)


def once(die: icepool.Die, at: set) -> icepool.Die:
    """icepool: a die that, showing a face in ``at``, adds one more roll of the same die (which does not explode)."""
    return die.explode(list(at), depth=1)
