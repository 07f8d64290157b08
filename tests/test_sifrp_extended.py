"""SIFRP extended basic tests ("tiradas básicas prolongadas", seed 004_38fb49dce55d585d.txt).

Seed 004: "Algunas acciones son complejas y necesitan más de una tirada para determinar su éxito.
[...] En este caso se utilizan tiradas básicas prolongadas. Cada tirada realizada cubre un lapso de
tiempo. Una vez obtenida la cantidad requerida de éxitos, la tarea se da por concluida."
sifrp.md §Other rules: "tally successes (or degrees) until the required count is reached".
Counting degrees or successful rolls is the [decision] of docs/sifrp.md (``extended_count``).
"""

import io
import json

import pytest

from tirada import systems
from tirada.cli import main
from tirada.errors import InvalidRequest
from tirada.links.chain import encode_link, verify
from tirada.systems.sifrp import extended_gain


def extended(faces, **params):
    return systems.roll({"system": "sifrp", "faces": faces, "test_dice": 2, **params})


def test_rolls_until_the_required_tally_of_degrees_is_reached():
    # 2D vs 9: 6+6 = 12 → 1 degree; 1+1 = 2 → failure, adds nothing; 6+5 = 11 → 1 degree: 2 reached
    out = extended([6, 6, 1, 1, 6, 5], extended_goal=2)
    ext = out["extended"]
    assert (ext["rolls"], ext["tally"], ext["done"], ext["count"]) == (3, 2, True, "degrees")
    assert [a["degrees"] for a in ext["attempts"]] == [1, 0, 1]
    assert out["faces"] == [6, 5] and out["total"] == 11      # the top level is the last roll


def test_degrees_and_successes_count_differently():
    # 2D vs 3: 6+6 = 12, margin 9 → 2 degrees: with degrees one roll reaches 2, with successes two
    assert extended([6, 6], difficulty=3, extended_goal=2)["extended"]["rolls"] == 1
    out = extended([6, 6, 2, 2], difficulty=3, extended_goal=2, extended_count="successes")
    assert out["extended"]["rolls"] == 2 and out["extended"]["tally"] == 2
    assert [extended_gain(d, "degrees") for d in (0, 1, 4)] == [0, 1, 4]
    assert [extended_gain(d, "successes") for d in (0, 1, 4)] == [0, 1, 1]


def test_the_most_rolls_stop_an_unfinished_task_and_the_span_is_reported():
    out = extended([1, 1, 1, 2], extended_goal=1, extended_max=2, extended_span="1 hora")
    ext = out["extended"]
    assert (ext["rolls"], ext["tally"], ext["done"], ext["span"]) == (2, 0, False, "1 hora")
    assert out["success"] is False and out["failure"] == "critical"


def test_extended_fields_are_checked():
    with pytest.raises(InvalidRequest, match="extended_goal"):
        extended([6, 6], extended_max=3)
    with pytest.raises(InvalidRequest):
        extended([6, 6], extended_goal=0)
    with pytest.raises(InvalidRequest):
        extended([6, 6], extended_goal=1, extended_count="grados")
    with pytest.raises(InvalidRequest):
        extended([6, 6], extended_goal=1, extended_max=51)


def test_a_single_test_has_no_extended_block():
    assert "extended" not in extended([6, 6])


def test_an_extended_test_is_one_link_that_replays_every_roll():
    request = {"system": "sifrp", "seed": "8f14e45fceea167a5a36dedd4bea2543", "test_dice": 3,
               "difficulty": 12, "extended_goal": 3, "extended_count": "successes", "extended_span": "1 día"}
    fragment = encode_link(request)
    checked = verify(fragment)
    assert checked["request"] == {**request, "fresh": []}   # a format-2 link (fair play)
    assert checked["result"] == systems.roll({**request, "fresh": []})   # no decisions: the same dice
    ext = checked["result"]["extended"]
    assert ext["tally"] == sum(1 for a in ext["attempts"] if a["success"])     # counting successes
    assert ext["done"] == (ext["tally"] >= 3)
    assert ext["rolls"] == (10 if not ext["done"] else len(ext["attempts"]))
    assert not ext["attempts"][-2]["success"] or ext["tally"] - 1 < 3           # it stopped at the goal


def test_cli_rolls_an_extended_test():
    out = io.StringIO()
    request = json.dumps({"system": "sifrp", "faces": [6, 6, 6, 6], "test_dice": 2, "extended_goal": 2})
    assert main(["roll", request], stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["extended"]["rolls"] == 2


def test_the_forum_snippet_lists_every_roll_of_the_task_and_its_tally():
    """Every style lists each roll as the card does (its dice, sum, total and grade, in the order rolled),
    then the tally (issue #40: the snippet used to show only the last roll)."""
    from tirada.links.snippets import snippet
    from tirada.systems.sifrp_words import grade_name
    fragment = encode_link({"system": "sifrp", "seed": "8f14e45fceea167a5a36dedd4bea2543", "test_dice": 3,
                            "modifier": 1, "extended_goal": 4, "extended_span": "1 [hora]"})
    ext = verify(fragment)["result"]["extended"]
    assert ext["rolls"] >= 2
    text = snippet(fragment, "https://x.example/", "text", "es")
    lines = text.splitlines()
    rows = [line for line in lines if line.startswith("Tirada ")]
    assert len(rows) == ext["rolls"]
    for n, (row, a) in enumerate(zip(rows, ext["attempts"]), 1):
        grade = grade_name(f"degrees_{a['degrees']}", "es") if a["success"] else grade_name(a["failure"], "es")
        kept = "+".join(str(f) for f in a["kept"])
        assert row == f"Tirada {n}: {' '.join(map(str, a['faces']))} \u2192 {kept} +1 = {a['total']} " \
                      f"contra 9 (Moderada): {grade}", row
    assert lines[lines.index(rows[-1]) + 1] == \
        f"Tarea concluida en {ext['rolls']} tiradas: {ext['tally']} de 4 (cada tirada: 1 [hora])"   # as on the screen
    bbcode = snippet(fragment, "https://x.example/", "bbcode", "en")
    assert bbcode.count("\nRoll ") == ext["rolls"] and "(each roll: 1 \uff3bhora\uff3d)" in bbcode   # user text escaped


def test_a_long_task_posted_with_another_tally_or_roll_is_flagged_by_the_audit():
    """The claim check reads as many lines as the task's snippet has (one per roll): a 12-roll task's
    post with its tally or one of its rolls changed is flagged, the honest post is not."""
    import json
    from pathlib import Path

    from tirada.links.audit import audit
    from tirada.links.snippets import snippet_of
    vectors = json.loads((Path(__file__).resolve().parent / "vectors" / "sifrp.json").read_text("utf-8"))
    case = next(c for c in vectors["rolls"] if c["result"].get("extended", {}).get("rolls", 0) >= 12)
    checked = verify(case["fragment"])
    ext = checked["result"]["extended"]
    honest = snippet_of(checked, case["fragment"], "https://x.example/", "bbcode", "es")
    assert honest.count("\nTirada ") == ext["rolls"]

    def claims(text: str) -> list:
        return [p for p in audit(text)["problems"] if p["code"] == "audit.claim"]

    assert claims(honest) == []
    tally = f"{ext['tally']} de {ext['goal']}"
    assert len(claims(honest.replace(tally, f"{ext['goal']} de {ext['goal']}"))) == 1
    first = honest.split("\n")[2]
    assert first.startswith("Tirada 1: ")
    assert len(claims(honest.replace(first, first.replace("Fallo insignificante", "Éxito")))) == 1
