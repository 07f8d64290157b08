"""Exact distributions as integer counts, and their JSON form (docs/odds.md §Output).

Every odds module counts outcomes with Python integers: a distribution is a dict
``value → numerator`` over one common ``denominator`` (for dice: the number of equally likely
outcomes, e.g. ``6**n``). Integers are exact and much faster than :class:`fractions.Fraction`; a
fraction is only built at the end, for the text form.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate

__all__ = ["EXACT_DIGITS", "add_uniform", "at_least_num", "combine", "convolve", "prob", "rows", "shift", "uniform"]

#: Exact fractions are written out (``"exact": "1/12"``) while the denominator has at most this
#: many digits; past it the text would be long and nobody reads it, so only the float is given.
EXACT_DIGITS = 24


def prob(num: int, den: int) -> dict:
    """``{"p": float, "exact": "a/b"}`` for ``num/den`` (``exact`` left out when the reduced
    denominator has more than :data:`EXACT_DIGITS` digits). ``num``, ``den``: ints, ``den > 0``."""
    frac = Fraction(num, den)
    out: dict = {"p": num / den}
    if len(str(frac.denominator)) <= EXACT_DIGITS:
        out["exact"] = f"{frac.numerator}/{frac.denominator}"
    return out


def at_least_num(counts: dict, value: int) -> int:
    """Numerator of P(X ≥ ``value``) for a distribution ``counts`` (value → numerator)."""
    return sum(n for v, n in counts.items() if v >= value)


def rows(counts: dict, den: int, or_more: int | None = None) -> tuple:
    """The chart rows of a distribution.

    Args:
        counts: value (int) → numerator (int ≥ 0); zero entries are dropped.
        den: the common denominator (int > 0); the numerators sum to it.
        or_more: when the last value is a lumped tail ("this value or more"), that value; its rows
            carry ``"or_more": true``.
    Returns:
        ``(distribution, at_least)``: two lists of ``{"value": int, "p": float, "exact": str}``
        sorted by value; ``at_least[i]`` is P(X ≥ value).
    """
    values = sorted(v for v, n in counts.items() if n)
    distribution, at_least = [], []
    tail = sum(counts[v] for v in values)
    for v in values:
        distribution.append({"value": v, **prob(counts[v], den)})
        at_least.append({"value": v, **prob(tail, den)})
        tail -= counts[v]
        if v == or_more:
            distribution[-1]["or_more"] = True
    return distribution, at_least


def convolve(a: list, b: list, cap: int | None = None) -> list:
    """Product of two count polynomials (index = value, item = count).

    With ``cap`` the result is the distribution of ``min(X + Y, cap)``: every mass at ``cap`` or
    above is lumped into index ``cap`` (the result has ``cap + 1`` items).
    """
    size = len(a) + len(b) - 1
    out = [0] * (size if cap is None else min(size, cap + 1))
    last = len(out) - 1
    for i, x in enumerate(a):
        if not x:
            continue
        for j, y in enumerate(b):
            if y:
                k = i + j
                out[k if k < last or cap is None else last] += x * y
    return out


def uniform(sides: int) -> list:
    """Count polynomial of one die: faces 1..``sides`` once each (index 0 has count 0)."""
    return [0] + [1] * sides


def add_uniform(poly: list, sides: int) -> list:
    """``poly`` times one die of ``sides`` faces (``x + x² + … + x^sides``): the count polynomial of
    one more die added to the sum, by a sliding window over prefix sums (``len(poly) + sides`` steps
    instead of ``len(poly) × sides``). ``sides`` ≥ 1; the result has ``len(poly) + sides`` items."""
    pre = [0, *accumulate(poly)]
    n = len(poly)
    return [pre[x if x < n else n] - pre[x - sides if x > sides else 0] for x in range(n + sides)]


def shift(counts: dict, by: int) -> dict:
    """The distribution of ``X + by`` (``counts``: value → numerator; ``by``: int)."""
    return {v + by: n for v, n in counts.items()}


def combine(a: dict, b: dict, op: str) -> dict:
    """The law of ``X op Y`` for independent ``X`` (counts ``a``) and ``Y`` (counts ``b``): ``op`` one of
    ``+ - * /`` (``/`` rounded down, as the roll; ``Y`` never 0 — the request refuses such divisors) or
    ``max`` / ``min`` (a grouped roll's ``kh1`` / ``kl1``). The
    result's counts are over the product of the two denominators; ``len(a) × len(b)`` steps."""
    out: dict = {}
    for x, m in a.items():
        for y, n in b.items():
            v = x + y if op == "+" else x - y if op == "-" else x * y if op == "*" else \
                max(x, y) if op == "max" else min(x, y) if op == "min" else x // y
            out[v] = out.get(v, 0) + m * n
    return out
