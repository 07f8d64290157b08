"""Exact Tragedia odds: who wins the final roll, and whether a post-loss Tragedy step turns it
(tragedia.md §The final roll; seed ``001_…``).

Method: on an even-sided die half the faces are even, so each die is a success with probability
exactly 1/2 whatever its size, and a pool of ``n`` dice has ``C(n, k)`` of its ``2**n`` parity
patterns with ``k`` successes. The margin ``D`` = (Protagonist successes + automatic successes) −
(Adversary successes) is the convolution of the two binomial laws (integer counts over
``2**(p + a)``). The Protagonist wins when ``D > 0``, or ``D = 0`` with ties bought by a Flaw.
After a loss, the step adds ``X`` = (new Tragedy dice + the Protagonist side's last dice successes)
− (the Adversary side's last dice successes), independent of ``D``; it turns the scene when
``D + X`` wins. P(turn | lost) = P(lost and D + X wins) / P(lost).
"""

from __future__ import annotations

from math import comb
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..fields import get_bool, get_int, reject_unknown
from .dist import prob, rows

__all__ = ["margin_counts", "tragedia_odds", "turn_counts"]

RULE = "tragedia.md §The final roll"
FIELDS = {"protagonist_dice", "adversary_dice", "auto_successes", "protagonist_wins_ties", "sides",
          "post_loss"}
MAX_POOL, MAX_AUTO, MAX_LAST = 100, 20, 20
TRAGEDY_DICE = (2, 3, 4, 5)


def margin_counts(plus: int, minus: int, shift: int = 0) -> dict:
    """Law of (successes of ``plus`` dice) − (successes of ``minus`` dice) + ``shift``.

    Returns:
        dict margin → number of the ``2**(plus + minus)`` parity patterns giving it.
    """
    out: dict = {}
    for i in range(plus + 1):
        for j in range(minus + 1):
            d = i - j + shift
            out[d] = out.get(d, 0) + comb(plus, i) * comb(minus, j)
    return out


def _wins(margin: int, ties: bool) -> bool:
    return margin > 0 or (margin == 0 and ties)


def turn_counts(margins: dict, ties: bool, new_dice: int, last_protagonist: int,
                last_adversary: int) -> tuple:
    """``(lost, turned, step_den)``: numerators over ``den(margins) * step_den`` of losing the first
    comparison, and of losing it and then winning after the step; ``step_den`` = 2**(step dice)."""
    step = margin_counts(new_dice + last_protagonist, last_adversary)
    step_den = 2 ** (new_dice + last_protagonist + last_adversary)
    lost = turned = 0
    for d, n in margins.items():
        if _wins(d, ties):
            continue
        lost += n * step_den
        turned += n * sum(m for x, m in step.items() if _wins(d + x, ties))
    return lost, turned, step_den


def _post_loss(value: Any) -> tuple:
    if not isinstance(value, Mapping):
        raise InvalidRequest('must be {"tragedy_dice": n, "last_dice": {...}}', field="post_loss", rule=RULE,
                             code="tragedia.post_loss_object")
    reject_unknown(value, {"tragedy_dice", "last_dice"}, "tragedia post_loss")
    new = get_int(value, "tragedy_dice", lo=TRAGEDY_DICE[0], hi=TRAGEDY_DICE[-1], rule=RULE)
    last = value.get("last_dice") or {}
    if not isinstance(last, Mapping):
        raise InvalidRequest('must be {"protagonist_side": a, "adversary_side": b}',
                             field="post_loss.last_dice", rule=RULE, code="tragedia.last_dice_object")
    reject_unknown(last, {"protagonist_side", "adversary_side"}, "tragedia last_dice")
    return (new, get_int(last, "protagonist_side", default=0, lo=0, hi=MAX_LAST, rule=RULE),
            get_int(last, "adversary_side", default=0, lo=0, hi=MAX_LAST, rule=RULE))


def tragedia_odds(params: Mapping[str, Any]) -> dict:
    """Exact odds of a Tragedia final roll (request fields as :mod:`tirada.systems.tragedia.roll`).

    Fields: ``protagonist_dice`` 0..100, ``adversary_dice`` 0..100, ``auto_successes`` 0..20,
    ``protagonist_wins_ties`` bool, ``sides`` even 2..1000 (does not change the odds),
    ``post_loss`` optional ``{"tragedy_dice": 2..5, "last_dice": {"protagonist_side": 0..20,
    "adversary_side": 0..20}}``.
    Returns:
        ``{"method", "distribution", "at_least"}`` over the margin (Protagonist − Adversary
        successes, automatic ones included), ``"success"`` = P(Protagonist wins), ``"outcomes":
        {"protagonist", "adversary", "tie"}`` (tie = equal successes, already counted in the
        winner), and ``"tragedy_step"``: a list of ``{"tragedy_dice", "last_dice_protagonist",
        "last_dice_adversary", "turns": P(win after the step | lost) or None when a loss is
        impossible, "win_overall": P(win at once or after the step)}`` — for the given
        ``post_loss``, or for 2..5 new dice and no last dice when none is given.
    Raises:
        InvalidRequest: unknown field, out of range, odd ``sides``.
    """
    reject_unknown(params, FIELDS, "tragedia")
    p = get_int(params, "protagonist_dice", lo=0, hi=MAX_POOL, rule=RULE)
    a = get_int(params, "adversary_dice", lo=0, hi=MAX_POOL, rule=RULE)
    auto = get_int(params, "auto_successes", default=0, lo=0, hi=MAX_AUTO, rule=RULE)
    ties = get_bool(params, "protagonist_wins_ties")
    sides = get_int(params, "sides", default=6, lo=2, hi=1000, rule=RULE)
    if sides % 2:
        raise InvalidRequest(f"the dice must be even-sided, got d{sides}", field="sides", rule=RULE,
                             code="tragedia.even_sides", params={"sides": sides})
    steps = ([_post_loss(params["post_loss"])] if params.get("post_loss") is not None
             else [(n, 0, 0) for n in TRAGEDY_DICE])
    margins, den = margin_counts(p, a, auto), 2 ** (p + a)
    distribution, at_least = rows(margins, den)
    win = sum(n for d, n in margins.items() if _wins(d, ties))
    out_steps = []
    for new, last_p, last_a in steps:
        lost, turned, step_den = turn_counts(margins, ties, new, last_p, last_a)
        out_steps.append({
            "tragedy_dice": new, "last_dice_protagonist": last_p, "last_dice_adversary": last_a,
            "turns": prob(turned, lost) if lost else None,
            "win_overall": prob(win * step_den + turned, den * step_den),
        })
    return {
        "method": "exact: binomial counts (even face = success, probability 1/2 per die)",
        "distribution": distribution,
        "at_least": at_least,
        "success": prob(win, den),
        "outcomes": {"protagonist": prob(win, den), "adversary": prob(den - win, den),
                     "tie": prob(margins.get(0, 0), den)},
        "tragedy_step": out_steps,
    }
