"""Exact Tragedia odds (tirada.odds.tragedia) against brute-force enumeration of every face."""

import itertools
from fractions import Fraction

import pytest

from tirada.errors import InvalidRequest
from tirada.odds import odds


def evens(faces):
    return sum(1 for f in faces if f % 2 == 0)


def wins(p, a, ties):
    return p > a or (p == a and ties)


def brute(p, a, auto, ties, sides, step=None):
    """P(win at once), P(turn | lost), P(win overall) by enumerating faces of d``sides``."""
    new, last_p, last_a = step or (0, 0, 0)
    extra = new + last_p + last_a
    won = lost = turned = total = 0
    for faces in itertools.product(range(1, sides + 1), repeat=p + a + extra):
        ps, as_ = evens(faces[:p]) + auto, evens(faces[p:p + a])
        total += 1
        if wins(ps, as_, ties):
            won += 1
            continue
        lost += 1
        more = faces[p + a:]
        if wins(ps + evens(more[:new + last_p]), as_ + evens(more[new + last_p:]), ties):
            turned += 1
    return Fraction(won, total), (Fraction(turned, lost) if lost else None), Fraction(won + turned, total)


@pytest.mark.parametrize("p, a, auto, ties, sides", [
    (2, 2, 0, False, 6), (3, 2, 0, True, 4), (1, 3, 1, False, 6), (0, 2, 0, True, 6), (2, 0, 0, False, 4),
])
def test_win_chance_matches_every_face(p, a, auto, ties, sides):
    out = odds({"system": "tragedia", "protagonist_dice": p, "adversary_dice": a, "auto_successes": auto,
                "protagonist_wins_ties": ties, "sides": sides})
    assert Fraction(out["success"]["exact"]) == brute(p, a, auto, ties, sides)[0]
    assert Fraction(out["outcomes"]["protagonist"]["exact"]) + Fraction(out["outcomes"]["adversary"]["exact"]) == 1


@pytest.mark.parametrize("p, a, auto, ties, step", [
    (2, 2, 0, False, (2, 0, 0)), (1, 3, 0, True, (3, 1, 1)), (3, 3, 1, False, (2, 1, 2)), (2, 1, 0, False, (4, 0, 1)),
])
def test_tragedy_step_matches_every_face(p, a, auto, ties, step):
    """d2 dice keep the enumeration small; the die size does not change the odds (even-sided)."""
    out = odds({"system": "tragedia", "protagonist_dice": p, "adversary_dice": a, "auto_successes": auto,
                "protagonist_wins_ties": ties,
                "post_loss": {"tragedy_dice": step[0],
                              "last_dice": {"protagonist_side": step[1], "adversary_side": step[2]}}})
    won, turn, overall = brute(p, a, auto, ties, 2, step)
    (row,) = out["tragedy_step"]
    assert (row["tragedy_dice"], row["last_dice_protagonist"], row["last_dice_adversary"]) == step
    assert Fraction(row["turns"]["exact"]) == turn
    assert Fraction(row["win_overall"]["exact"]) == overall


def test_seed_example_pools():
    """tragedia.md §The final roll fixture: 7 dice + 1 automatic success + ties vs 6 dice. Margin law
    by enumeration of parity patterns (2**13); without post_loss the step table covers 2..5 dice."""
    out = odds({"system": "tragedia", "protagonist_dice": 7, "adversary_dice": 6, "auto_successes": 1,
                "protagonist_wins_ties": True})
    margins = {}
    for bits in itertools.product((0, 1), repeat=13):
        d = sum(bits[:7]) + 1 - sum(bits[7:])
        margins[d] = margins.get(d, 0) + 1
    assert {r["value"]: Fraction(r["exact"]) for r in out["distribution"]} == {
        d: Fraction(n, 2 ** 13) for d, n in margins.items()}
    assert Fraction(out["success"]["exact"]) == Fraction(sum(n for d, n in margins.items() if d >= 0), 2 ** 13)
    assert [row["tragedy_dice"] for row in out["tragedy_step"]] == [2, 3, 4, 5]
    turns = [row["turns"]["p"] for row in out["tragedy_step"]]
    assert turns == sorted(turns)  # more new dice never turn it less often


def test_no_loss_possible_gives_no_turn_chance():
    out = odds({"system": "tragedia", "protagonist_dice": 0, "adversary_dice": 0, "protagonist_wins_ties": True})
    assert out["success"]["exact"] == "1/1"
    assert all(row["turns"] is None for row in out["tragedy_step"])


@pytest.mark.parametrize("req, field", [
    ({"protagonist_dice": 2, "adversary_dice": 2, "sides": 5}, "sides"),
    ({"protagonist_dice": -1, "adversary_dice": 2}, "protagonist_dice"),
    ({"adversary_dice": 2}, "protagonist_dice"),
    ({"protagonist_dice": 2, "adversary_dice": 2, "post_loss": {"tragedy_dice": 1}}, "tragedy_dice"),
    ({"protagonist_dice": 2, "adversary_dice": 2, "post_loss": 3}, "post_loss"),
    ({"protagonist_dice": 2, "adversary_dice": 2, "post_loss": {"tragedy_dice": 2, "last_dice": {"x": 1}}}, "x"),
])
def test_refusals(req, field):
    with pytest.raises(InvalidRequest) as err:
        odds({"system": "tragedia", **req})
    assert err.value.field == field
