"""Dice-notation dialects (issue 43; docs/notation.md §Dialects): the readings that looked fine and were
not (d66, Dice Maiden's ±d20 and ±d%, ``4 d6``), each against an independent oracle (icepool), never our
own odds or roll code."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from icepool import d

from tirada.errors import InvalidRequest
from tirada.odds import odds
from tirada.systems.notation import parse

from helpers.dice_brute import exact


def ours(text: str, dialect: str = "roll20") -> dict:
    """The exact law of the total our engine gives ``text`` read in ``dialect``."""
    return exact(odds({"system": "generic", **parse(text, dialect)}))


def law(die: icepool.Die) -> dict:
    """An icepool die as ``{outcome: Fraction}`` (zero-probability outcomes left out)."""
    return {int(k): Fraction(v) for k, v in zip(die.outcomes(), die.probabilities()) if v}


D66 = 10 * d(6) + d(6)
COC_BONUS = 10 * (d(10).lowest(2) - 1) + d(10)
COC_PENALTY = 10 * (d(10).highest(2) - 1) + d(10)


@pytest.mark.parametrize("text, dialect, oracle", [
    ("d66", "roll20", D66),
    ("1d66", "foundry", D66),
    ("d66+2", "avrae", D66 + 2),
    ("d666", "dicemaiden", 100 * d(6) + 10 * d(6) + d(6)),
    ("1d(66)", "roll20", d(66)),                       # a plain 66-sided die is still written
    ("+d20", "dicemaiden", d(20).highest(2)),
    ("-d20", "dicemaiden", d(20).lowest(2)),
    ("-d20+5", "dicemaiden", d(20).lowest(2) + 5),
    ("+d8", "dicemaiden", d(8).highest(2)),
    ("+d%", "dicemaiden", COC_BONUS),
    ("-d%", "dicemaiden", COC_PENALTY),
])
def test_readings_that_were_wrong_now_have_the_oracles_law(text, dialect, oracle):
    assert ours(text, dialect) == law(oracle)


def test_d66_stays_in_11_to_66_and_its_percentile_cousins_too():
    assert set(ours("d66")) == {10 * a + b for a in range(1, 7) for b in range(1, 7)}
    assert min(ours("-d20", "dicemaiden")) == 1             # never a negative total


@pytest.mark.parametrize("text, code, reading, other", [
    ("-d20", "notation.signed_die", "2d20kl1", "-1d20"),
    ("+d20+5", "notation.signed_die", "2d20kh1", "1d20"),
    ("-d%", "notation.signed_die", "(2d10kh1-1)*10+1d10", "-1d%"),
    ("4 d6", "notation.set_or_dice", "4d6", "4 1d6"),
    ("2 d20+5", "notation.set_or_dice", "2d20+5", "2 1d20+5"),
    ("2d66", "notation.digit_dice", "d66+d66", "2d(66)"),
    ("d66k1", "notation.digit_dice", "d66", "1d(66)"),
])
def test_a_likely_slip_asks_with_the_working_forms(text, code, reading, other):
    for dialect in ("roll20", "foundry", "avrae") + (("dicemaiden",) if code != "notation.signed_die" else ()):
        with pytest.raises(InvalidRequest) as err:
            parse(text, dialect)
        assert (err.value.code, err.value.params["reading"], err.value.params["other"]) == (code, reading, other)
        assert parse(reading, dialect) is not None              # the working form reads


def test_an_unknown_dialect_is_refused_with_the_known_ones():
    with pytest.raises(InvalidRequest) as err:
        parse("1d20", "rolll20")
    assert err.value.code == "notation.dialect" and "dicemaiden" in err.value.params["known"]
