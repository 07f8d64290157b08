"""Outside cases (issue 43): notations copied from the public docs of Dice Maiden, Foundry VTT, Roll20 and
Avrae's ``d20``, each read in its tool's dialect, with the law that tool gives it computed by icepool
(never by our own roll or odds code) — or, where Tirada does not read it, the refusal code that names the
working form. A case reads **right** when our exact odds equal the oracle's (within the stated explosion
cut-off); a case may never read **wrong** (a law that differs). docs/notation.md §Dialects."""

from __future__ import annotations

import pytest

icepool = pytest.importorskip("icepool")   # a dev tool: not in the Pyodide test wheels

from icepool import d  # noqa: E402
from tirada.errors import InvalidRequest  # noqa: E402
from tirada.systems.notation import parse  # noqa: E402

from helpers.dialect_oracles import (COC_BONUS, COC_PENALTY, D66, again_successes, close, count, matches,  # noqa: E402
                                     once)

DM = "https://github.com/Humblemonk/DiceMaiden#how-to-use"
DM_ALIAS = "https://github.com/Humblemonk/DiceMaiden#alias-rolls"
FOUNDRY = "https://foundryvtt.com/article/dice-modifiers/"
FOUNDRY_API = "https://foundryvtt.com/api/classes/client.Die.html"
ROLL20 = "https://help.roll20.net/hc/en-us/articles/360037773133-Dice-Reference"
AVRAE = "https://d20.readthedocs.io/en/latest/start.html#dice-syntax"
D66_TABLES = "https://en.wikipedia.org/wiki/D66_(dice)"
SAVAGE = "https://www.peginc.com/savage-settings/savage-worlds/ (Wild Die: Foundry/Roll20 {…}kh1)"


def wod(target: int, depth: int = 30) -> icepool.Die:
    """One World of Darkness die (Dice Maiden ``f1 ie10 tN``): +1 on N+, −1 on a 1, a 10 rolls again."""
    marker = 1000
    die = d(10).map(lambda x: marker if x == 10 else 1 if x >= target else -1 if x == 1 else 0)
    return die.explode([marker], depth=depth).map(lambda t: (t + 1) // marker + t - marker * ((t + 1) // marker))


def penetrating(sides: int, depth: int = 30) -> icepool.Die:
    """Roll20's ``!p``: a die explodes on its highest face and each extra die counts one less."""
    marker = 1000
    chain = d(sides).map(lambda x: marker if x == sides else x).explode([marker], depth=depth)
    return chain.map(lambda t: t % marker if t < marker else sides + (sides - 1) * (t // marker - 1) + t % marker - 1
                     if t % marker else sides + (sides - 1) * (t // marker - 1))


#: (source, dialect, text, oracle: an icepool die, or the refusal code naming the working form)
CASES = [
    # Dice Maiden
    (DM, "dicemaiden", "2d6 + 3d10", 2 @ d(6) + 3 @ d(10)),
    (DM, "dicemaiden", "3d6 + 5", 3 @ d(6) + 5),
    (DM, "dicemaiden", "3d6 e6", 3 @ once(d(6), {6})),
    (DM, "dicemaiden", "3d6 ie6", ("close", 3 @ d(6).explode([6], depth=30))),
    (DM, "dicemaiden", "3d10 d1", d(10).pool(3)[-2:].sum()),
    (DM, "dicemaiden", "3d10 k2", d(10).pool(3)[-2:].sum()),
    (DM, "dicemaiden", "4d6 r2", 4 @ d(6).reroll([1, 2], depth=1)),
    (DM, "dicemaiden", "4d6 ir2", 4 @ d(6).reroll([1, 2], depth="inf")),
    (DM, "dicemaiden", "6d10 t7", count(d(10), 6, {7, 8, 9, 10})),
    (DM, "dicemaiden", "5d10 t8 f1", count(d(10), 5, {8, 9, 10}, {1})),
    (DM, "dicemaiden", "4d10 kl3", d(10).pool(4)[:3].sum()),
    (DM, "dicemaiden", "4d6 ! Hello World!", 4 @ d(6)),
    (DM, "dicemaiden", "6 4d6", 4 @ d(6)),
    (DM, "dicemaiden", "10d6 e6 k8 +4", "notation.explode_once"),
    (DM_ALIAS, "dicemaiden", "4cod", ("close", 4 @ again_successes(10, 8, 10))),
    (DM_ALIAS, "dicemaiden", "4wod8", ("close", 4 @ wod(8))),
    (DM_ALIAS, "dicemaiden", "3wh4+", count(d(6), 3, {4, 5, 6})),
    (DM_ALIAS, "dicemaiden", "dd34", 10 * d(3) + d(4)),
    (DM_ALIAS, "dicemaiden", "age", 3 @ d(6)),
    (DM_ALIAS, "dicemaiden", "+d20", d(20).highest(2)),
    (DM_ALIAS, "dicemaiden", "-d20", d(20).lowest(2)),
    (DM_ALIAS, "dicemaiden", "+d%", COC_BONUS),
    (DM_ALIAS, "dicemaiden", "-d%", COC_PENALTY),
    (DM_ALIAS, "dicemaiden", "snm5", ("close", 5 @ again_successes(6, 4, 6))),
    (DM_ALIAS, "dicemaiden", "d6s4", ("close", 4 @ d(6) + d(6).explode([6], depth=30))),
    (DM_ALIAS, "dicemaiden", "sr6", count(d(6), 6, {5, 6})),
    (DM_ALIAS, "dicemaiden", "sp4", ("close", 4 @ again_successes(10, 8, 10))),
    (DM_ALIAS, "dicemaiden", "6yz", count(d(6), 6, {6})),
    (DM_ALIAS, "dicemaiden", "dndstats", d(6).pool(4)[-3:].sum()),
    # Foundry VTT
    (FOUNDRY_API, "foundry", "2d20r", 2 @ d(20).reroll([1], depth=1)),
    (FOUNDRY, "foundry", "4d6rr<3", 4 @ d(6).reroll([1, 2], depth="inf")),
    (FOUNDRY, "foundry", "5d10x", ("close", 5 @ d(10).explode([10], depth=30))),
    (FOUNDRY, "foundry", "5d10xo", 5 @ once(d(10), {10})),
    (FOUNDRY_API, "foundry", "4d6kh3", d(6).pool(4)[-3:].sum()),
    (FOUNDRY_API, "foundry", "4d6dl", d(6).pool(4)[-3:].sum()),
    (FOUNDRY_API, "foundry", "2d20k", d(20).highest(2)),
    (FOUNDRY, "foundry", "6d10cs>=7", count(d(10), 6, {7, 8, 9, 10})),
    (FOUNDRY, "foundry", "6d10cs>7", count(d(10), 6, {8, 9, 10})),
    (FOUNDRY, "foundry", "1d20min10", d(20).map(lambda x: max(x, 10))),
    (FOUNDRY, "foundry", "4d6max5", 4 @ d(6).map(lambda x: min(x, 5))),
    (FOUNDRY, "foundry", "20d20x2>10", "notation.cap"),
    (SAVAGE, "foundry", "{1d8x, 1d6x}kh", ("close", icepool.highest(d(8).explode([8], depth=30),
                                                                    d(6).explode([6], depth=30)))),
    # Roll20
    (ROLL20, "roll20", "3d6!", ("close", 3 @ d(6).explode([6], depth=30))),
    (ROLL20, "roll20", "3d6!!", ("close", 3 @ d(6).explode([6], depth=30))),
    (ROLL20, "roll20", "2d6!p", ("close", 2 @ penetrating(6))),
    (ROLL20, "roll20", "4d6k3", d(6).pool(4)[-3:].sum()),
    (ROLL20, "roll20", "3d6>3", count(d(6), 3, {3, 4, 5, 6})),
    (ROLL20, "roll20", "6d6<4", count(d(6), 6, {1, 2, 3, 4})),
    (ROLL20, "roll20", "3d6>3f1", count(d(6), 3, {3, 4, 5, 6}, {1})),
    (ROLL20, "roll20", "2d20kh1", d(20).highest(2)),
    (ROLL20, "roll20", "2d20kl1", d(20).lowest(2)),
    (ROLL20, "roll20", "4d6r1", 4 @ d(6).reroll([1], depth="inf")),
    (ROLL20, "roll20", "2d8r<2", 2 @ d(8).reroll([1, 2], depth="inf")),
    (ROLL20, "roll20", "2d8ro<2", 2 @ d(8).reroll([1, 2], depth=1)),
    (ROLL20, "roll20", "1d20 + 5[Strength]", d(20) + 5),
    (ROLL20, "roll20", "floor(3d6/2)", (3 @ d(6)).map(lambda x: x // 2)),
    (ROLL20, "roll20", "{4d6+3d8}k4", "notation.group_keep"),
    (SAVAGE, "roll20", "{1d8!,1d6!}kh1", ("close", icepool.highest(d(8).explode([8], depth=30),
                                                                   d(6).explode([6], depth=30)))),
    # Avrae (d20)
    (AVRAE, "avrae", "4d6kh3", d(6).pool(4)[-3:].sum()),
    (AVRAE, "avrae", "4d6pl1", d(6).pool(4)[-3:].sum()),
    (AVRAE, "avrae", "1d20ro1", d(20).reroll([1], depth=1)),
    (AVRAE, "avrae", "4d6rr1", 4 @ d(6).reroll([1], depth="inf")),
    (AVRAE, "avrae", "1d6e6", ("close", d(6).explode([6], depth=30))),
    (AVRAE, "avrae", "8d6mi2", 8 @ d(6).map(lambda x: max(x, 2))),
    (AVRAE, "avrae", "1d20ma19", d(20).map(lambda x: min(x, 19))),
    (AVRAE, "avrae", "(1d20, 1d20)kh1", d(20).highest(2)),
    (AVRAE, "avrae", "4d6k3", "notation.dialect_option"),          # Avrae keeps the dice showing 3
    (AVRAE, "avrae", "1d20ra1", "notation.dialect_option"),        # reroll and add: not read
    # d66 tables
    (D66_TABLES, "roll20", "d66", D66),
    (D66_TABLES, "dicemaiden", "d66", D66),
]


def test_there_are_forty_outside_cases_and_most_read_right():
    right = [c for c in CASES if not isinstance(c[3], str)]
    assert len(CASES) >= 40 and len(right) >= 36


@pytest.mark.parametrize("source, dialect, text, oracle", CASES, ids=[f"{c[1]}:{c[2]}" for c in CASES])
def test_each_outside_case_reads_right_or_is_refused_with_the_working_form(source, dialect, text, oracle):
    if isinstance(oracle, str):
        with pytest.raises(InvalidRequest) as err:
            parse(text, dialect)
        assert err.value.code == oracle and err.value.field == "notation"
        assert set(err.value.params) & {"reading", "text"}, "a refusal names what was read or the working form"
    elif isinstance(oracle, tuple):
        assert close(text, dialect, oracle[1])
    else:
        assert matches(text, dialect, oracle)
