"""Fate Core / Fate Acelerado (docs/fate.md): the roll read top-down, its words, its exact odds, its links
and its command line, and the proof that it was added as one package (issue #40).

The dice are typed (``faces``: each a d3, 1 → −1, 2 → 0, 3 → +1) so each rule is checked on a known roll;
the odds are checked against every one of the 81 (or 6561) rolls counted one by one.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from helpers.cli import run
from tirada import systems
from tirada.errors import InvalidRequest
from tirada.links.chain import encode_link, verify
from tirada.links.pool import pool_text
from tirada.odds import odds
from tirada.systems import fate
from tirada.systems.registry import REGISTRY, declared_packages
from tirada.systems.words import outcome_words


def _roll(faces: list, **fields) -> dict:
    """A Fate roll of typed d3 faces (1 → −1, 2 → 0, 3 → +1)."""
    return systems.roll({"system": "fate", "faces": faces, **fields})


def test_fate_is_a_package_that_declares_its_own_entry():
    assert "fate" in declared_packages() and REGISTRY["fate"] is fate.spec.SPEC
    assert REGISTRY["fate"].code == 4 and REGISTRY["fate"].decisions == ("invokes",)


@pytest.mark.parametrize("value, es, en", [(8, "Legendario", "Legendary"), (5, "Soberbio", "Superb"),
                                           (2, "Bueno", "Fair"), (0, "Mediocre", "Mediocre"),
                                           (-2, "Terrible", "Terrible")])
def test_the_ladder_names_each_rating(value, es, en):
    assert fate.ladder_name(value) == {"es": es, "en": en}


def test_beyond_the_ladder_there_is_no_name():
    assert fate.ladder_name(9) is None and fate.ladder_name(-3) is None


@pytest.mark.parametrize("shifts, outcome", [(-3, "fail"), (-1, "fail"), (0, "tie"), (1, "success"), (2, "success"),
                                             (3, "style"), (7, "style")])
def test_the_four_outcomes_by_shifts(shifts, outcome):
    assert fate.outcome_of(shifts) == outcome


def test_four_dice_plus_skill_against_a_difficulty():
    result = _roll([3, 3, 2, 1], skill=3, difficulty=2)      # +1 +1 0 −1 = +1; +3 skill → +4 vs +2
    assert result["faces"] == [1, 1, 0, -1] and result["total"] == 4 and result["shifts"] == 2
    assert result["outcome"] == "success" and result["ladder"] == {"es": "Excelente", "en": "Great"}
    words = outcome_words(result, "es")
    assert (words.headline, words.detail, words.total, words.kept) == ("Éxito", "2 aumentos", "+4 (Excelente)",
                                                                       ("+1", "+1", "0", "\u22121"))
    assert outcome_words(result, "en").line() == "Success, 2 shifts"


def test_three_shifts_is_success_with_style_and_a_tie_is_zero():
    assert _roll([3, 3, 3, 2], skill=2, difficulty=2)["outcome"] == "style"
    tie = _roll([2, 2, 2, 2], skill=2, difficulty=2)
    assert tie["outcome"] == "tie" and outcome_words(tie, "es").headline == "Empate"
    assert outcome_words(tie, "es").detail == "" and outcome_words(tie, "en").line() == "Tie"


def test_a_failure_says_how_many_shifts_it_fell_short_by():
    failed = _roll([1, 2, 1, 2], skill=2, difficulty=2)       # −1 0 −1 0 = −2; +2 skill → 0 vs +2
    assert failed["outcome"] == "fail" and failed["shifts"] == -2
    assert outcome_words(failed, "es").line() == "Fallo, por 2 aumentos"
    assert outcome_words(failed, "en").detail == "by 2 shifts"
    short = _roll([2, 2, 2, 2], skill=1, difficulty=2)
    assert outcome_words(short, "es").detail == "por 1 aumento"


def test_an_opposition_rolls_its_own_four_dice_after_the_rollers():
    result = _roll([3, 3, 3, 3, 1, 1, 2, 2], skill=1, opposition=3)   # +4 +1 = 5 against −2 +3 = 1
    assert result["opposition_faces"] == [-1, -1, 0, 0] and result["opposition_total"] == 1
    assert result["difficulty"] == 1 and result["shifts"] == 4 and result["outcome"] == "style"


def test_without_a_target_nothing_is_judged():
    result = _roll([1, 1, 1, 1], skill=-1)
    assert result["total"] == -5 and result["outcome"] is None and result["ladder"] is None
    words = outcome_words(result, "es")
    assert words.headline == "" and words.total == "\u22125" and words.ok is None


def test_an_invocation_adds_two_and_a_reroll_takes_four_new_dice():
    result = _roll([1, 1, 1, 1, 3, 3, 2, 2], skill=2, difficulty=3, invokes=["+2", "reroll"])
    assert result["history"] == [[-1, -1, -1, -1], [1, 1, 0, 0]] and result["faces"] == [1, 1, 0, 0]
    assert result["bonus"] == 2 and result["total"] == 6 and result["shifts"] == 3
    assert result["rerolled"] == [[0, [-1]], [1, [-1]], [2, [-1]], [3, [-1]]]


def test_a_reroll_from_a_seed_alone_is_refused_its_dice_would_be_known_first():
    with pytest.raises(InvalidRequest) as err:
        systems.roll({"system": "fate", "seed": "ab" * 16, "skill": 1, "invokes": ["reroll"]})
    assert err.value.code == "fate.reroll_needs_fresh"


def test_a_reroll_takes_fresh_dice_with_their_own_chain_number():
    """Fair play: the reroll's dice come from a nonce committed after the decision (tirada.fresh)."""
    asked = []
    request = {"system": "fate", "seed": "ab" * 16, "skill": 1, "difficulty": 1, "invokes": ["reroll"], "fresh": []}
    result = systems.roll(request, on_fresh=lambda segment: asked.append(segment) or "0123456789abcdef")
    assert asked == [1] and result["fresh"] == ["0123456789abcdef"] and len(result["history"]) == 2
    again = systems.roll({**request, "fresh": result["fresh"]})
    assert again["faces"] == result["faces"]
    other = systems.roll({**request, "fresh": ["fedcba9876543210"]})
    assert other["history"][0] == result["history"][0]      # the first dice are the seed's: the same
    fragment = encode_link({**request, "fresh": result["fresh"]})
    assert fragment.startswith("t2") and verify(fragment)["result"]["faces"] == result["faces"]


def test_a_sealed_roll_invokes_nothing():
    assert systems.hook("fate", "blind")({"system": "fate", "skill": 2}) == {"invokes": []}


def test_luck_rates_the_roll_before_its_invocations():
    result = _roll([3, 3, 3, 3, 1, 1, 1, 1], skill=2, difficulty=2, invokes=["reroll"])
    assert systems.hook("fate", "rated")({}, result) == 6


@pytest.mark.parametrize("fields, code", [({"skill": 13}, "field.range"), ({"skill": "x"}, "field.not_int"),
                                          ({"difficulty": 1, "opposition": 1}, "fate.both_targets"),
                                          ({"invokes": ["+3"]}, "fate.invokes"), ({"invokes": "+2"}, "fate.invokes"),
                                          ({"invokes": ["+2"] * 11}, "fate.invokes"), ({"skil": 1}, "field.unknown")])
def test_bad_requests_are_refused_with_a_code(fields, code):
    with pytest.raises(InvalidRequest) as err:
        systems.roll({"system": "fate", "seed": "ab" * 16, **fields})
    assert err.value.code == code


def _brute(skill: int) -> dict:
    counts: dict = {}
    for dice in itertools.product((-1, 0, 1), repeat=4):
        counts[sum(dice) + skill] = counts.get(sum(dice) + skill, 0) + 1
    return counts


def test_the_odds_are_exact_against_every_one_of_the_81_rolls():
    out = odds({"system": "fate", "skill": 3, "difficulty": 4})
    brute = _brute(3)
    assert {r["value"]: Fraction(r["exact"]) for r in out["distribution"]} == {v: Fraction(n, 81) for v, n in brute.items()}
    style = sum(n for v, n in brute.items() if v - 4 >= 3)
    assert Fraction(out["outcomes"]["style"]["exact"]) == Fraction(style, 81)
    assert Fraction(out["success"]["exact"]) == Fraction(sum(n for v, n in brute.items() if v > 4), 81)
    assert out["success_from"] == 5            # beating 4: the lowest total that succeeds
    assert next(r for r in out["at_least"] if r["value"] == 5)["exact"] == out["success"]["exact"]


def test_the_odds_against_an_opposition_count_every_pair():
    out = odds({"system": "fate", "skill": 2, "opposition": 1, "invokes": ["+2"]})   # invocations: not priced
    grades = {"fail": 0, "tie": 0, "success": 0, "style": 0}
    for a, na in _brute(2).items():
        for b, nb in _brute(1).items():
            grades[fate.outcome_of(a - b)] += na * nb
    assert {g: Fraction(p["exact"]) for g, p in out["outcomes"].items()} == {g: Fraction(n, 6561) for g, n in grades.items()}


def test_the_pool_line_says_the_roll_in_fate_notation():
    assert pool_text({"system": "fate", "skill": 3, "difficulty": 2}, "es") == "Fate 4dF +3 contra +2"
    assert pool_text({"system": "fate", "skill": 1, "difficulty": 0}, "es") == "Fate 4dF +1 contra 0"
    assert pool_text({"system": "fate", "difficulty": -1}, "en") == "Fate 4dF vs \u22121"
    assert pool_text({"system": "fate", "skill": -1, "opposition": 2, "invokes": ["+2"]}, "en") == \
        "Fate 4dF \u22121 vs opposition +2, with invocations"


def test_the_snippet_shows_the_dice_and_the_target_as_the_card_does():
    """Registry ``snippet``: Fate's own line, signed dice and the target on the ladder (the generic line
    said «1 0 0 1 → … contra 1» beside a card saying «+1 0 0 +1», «contra +1 (Normal)»)."""
    result = _roll([3, 2, 2, 3], skill=3, difficulty=1)            # +1 0 0 +1, +3 → +5 vs +1: 4 shifts
    line = "".join(text for text, _ in fate.snippet_line(result, "es", outcome_words(result, "es")))
    assert line == "+1 0 0 +1 \u2192 1+0+0+1 +3 = +5 (Soberbio) contra +1 (Normal): Éxito con estilo · 4 aumentos"
    tie = _roll([2, 2, 2, 2], skill=0, difficulty=0)
    assert "".join(text for text, _ in fate.snippet_line(tie, "en", outcome_words(tie, "en"))) == \
        "0 0 0 0 \u2192 0+0+0+0 = 0 (Mediocre) vs 0 (Mediocre): Tie"
    rival = _roll([3, 3, 2, 3, 1, 1, 2, 2], skill=1, opposition=2)   # +1 +1 0 +1 +1 vs −1 −1 0 0 +2
    said = "".join(text for text, _ in fate.snippet_line(rival, "es", outcome_words(rival, "es")))
    assert "contra oposición +2: \u22121 \u22121 0 0 = 0 (Mediocre): Éxito con estilo · 4 aumentos" in said


def test_the_command_line_rolls_prices_and_links_a_fate_roll():
    code, out, _ = run(["roll", json.dumps({"system": "fate", "faces": [3, 3, 3, 2], "skill": 2, "difficulty": 2})])
    assert code == 0 and json.loads(out)["outcome"] == "style"
    code, out, _ = run(["odds", json.dumps({"system": "fate", "skill": 2, "difficulty": 2})])
    assert code == 0 and json.loads(out)["outcomes"]["tie"]["exact"] == "19/81"
    code, out, _ = run(["link", "encode", json.dumps({"system": "fate", "seed": "ab" * 16, "skill": 2})])
    assert code == 0 and verify(json.loads(out)["fragment"])["request"]["skill"] == 2


def test_a_sealed_fate_roll_carries_no_invocation_and_is_decided_blind():
    """link-format.md §19: a decision is never in a sealed roll; Fate's blind policy invokes nothing."""
    from tirada.links.sealed_dice import resolve
    from tirada.wire.sealed_layout import not_blind

    assert not_blind({"system": "fate", "skill": 2, "invokes": ["+2"]}) == ["invokes"]
    rolled, result = resolve({"system": "fate", "skill": 2, "difficulty": 2}, bytes(32))
    assert rolled["invokes"] == [] and result["outcome"] in fate.OUTCOMES and len(result["history"]) == 1


def test_a_gm_request_for_fate_is_answered_its_reroll_takes_a_chain_number_and_the_audit_matches():
    """A GM asks for a Fate roll (difficulty fixed, skill bounded); the player's roll invokes +2 and
    rerolls: the reroll's fresh dice take chain number 2, and the thread audit finds the roll matching
    its request, with no gap in the chain."""
    from tirada.links import fair_roll
    from tirada.links.audit import audit
    from tirada.links.chain import ChainState
    from tirada.links.gm_request import apply_request, encode_request, new_request

    spec = new_request("fate", {"difficulty": 3, "skill": {"min": 1, "max": 4}}, "Atletismo", "Sharla")
    state = ChainState("Sharla", "Arenas")
    check = fair_roll.start({**apply_request(spec, {"system": "fate", "skill": 3}), "invokes": ["+2", "reroll"]}, state)
    _, check = fair_roll.advance(check, {}, check["chain"])
    assert check["first"]["seq"] == 1 and [p["seq"] for p in check["positions"]] == [2]
    link = fair_roll.finish(check, "Sharla", "Arenas", 1796000000, gm_request=spec["id"])
    result = verify(link)["result"]
    assert len(result["history"]) == 2 and result["bonus"] == 2 and result["difficulty"] == 3
    home = "https://foro.example/tirada/#"
    report = audit(f"Post 0: {home}{encode_request(spec)}\nPost 1: {home}{link}")
    assert report["requests"][0]["problems"] == [] and report["rollers"][0]["ok"]


def test_invocations_are_decided_one_at_a_time_after_the_dice_as_the_page_plays_them():
    """The page (web/dice/ui_fate.py) begins the roll, then sends each invocation with those before it:
    a "+2" draws nothing and takes no chain number, a reroll's dice are drawn only then and take the
    next one; an invocation already made cannot be changed (fair.decided); the link verifies."""
    from tirada.links import fair_roll
    from tirada.links.chain import ChainState
    from tirada.links.roll_link import open_finished

    first, check = fair_roll.begin({"system": "fate", "skill": 2, "difficulty": 2}, ChainState("Sharla", "Arenas"))
    assert check["first"]["seq"] == 1 and first["invokes"] == [] and check["request"]["fresh"] == []
    plus, check = fair_roll.advance(check, {"invokes": ["+2"]}, check["chain"])
    assert plus["faces"] == first["faces"] and plus["total"] == first["total"] + 2 and check["positions"] == []
    again, check = fair_roll.advance(check, {"invokes": ["+2", "reroll"]}, check["chain"])
    assert again["history"][0] == first["faces"] and len(again["history"]) == 2
    assert [p["seq"] for p in check["positions"]] == [2] and len(check["request"]["fresh"]) == 1
    assert again["total"] == sum(again["faces"]) + 2 + 2
    with pytest.raises(InvalidRequest) as err:
        fair_roll.advance(check, {"invokes": ["reroll"]}, check["chain"])
    assert err.value.code == "fair.decided"
    link = fair_roll.finish(check, "Sharla", "Arenas", 1796000000)
    assert open_finished(link, check["request"], again)["result"]["total"] == verify(link)["result"]["total"] \
        == again["total"]
