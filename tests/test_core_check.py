"""An L5R check played on the reading core before Pyodide is up (issue #41; web/l5r/core_check.py).

The check the core plays is the full page's check: the form read by the engine's one reader, each step
rolled by tirada.links.fair_roll with fresh dice numbered on the roller's chain (docs/link-format.md §16),
the board drawn by the page's renderer, the finished link verified by the full engine with the result the
board showed; what the core cannot play as the full page would is answered "full". Played here on
CPython; tests/test_core_l5r_board.py runs the same on MicroPython.
"""

from __future__ import annotations

import json

import pytest

from l5r import check_steps, core_check
from l5r.ui_l5r_render import board_html
from tirada.core_roll import FormAsk
from tirada.links.core_view import outcome_line
from tirada.links.roll_link import open_roll
from tirada.systems.l5r.records import CheckView
from tirada.systems.words import outcome_words

PAGE = "http://127.0.0.1:8000/index.html"
FORM = {"ring": "3", "skill": "2", "tn": "3", "assist_skilled": "0", "assist_unskilled": "0", "stance": "",
        "distinction": True}


def ask(**changes) -> dict:
    """Kaito's Fitness check (Fire 3, skill 2, TN 3, a distinction: two dice may be rerolled) in «Rokugan»."""
    base = {"system": "l5r5e", "values": dict(FORM), "label": "Saltar", "roller": "Kaito", "campaign": "Rokugan",
            "book": {}, "head": None, "created": 1765000000, "random": "5a" * 256, "lang": "es", "page_url": PAGE}
    base.update(changes)
    return base


def play(first: dict, pick, random_of=lambda n: format(n, "02x") * 256) -> tuple:
    """Play the check begun by ``first`` to its end: ``pick(view)`` gives the pool indices to tap at a
    reroll or keep; an explosion die is kept. The book is the page's (each answer's entry stored).
    Returns ``(the rolled answer, [each answer], the book)``."""
    book = {first["key"]: first["entry"]} if first["entry"] else {}
    answers = [first]
    step = first
    for n in range(1, 30):
        assert step["state"] == "board", step
        view = CheckView.from_result(core_check.Session.result)
        if view.stage in ("reroll", "keep"):
            for index in pick(view):
                core_check.tap(index)
            decision = {"name": "rerolls" if view.stage == "reroll" else "keep"}
        else:
            assert view.stage == "explosion"
            decision = {"name": "explosions", "keep": True}
        step = json.loads(core_check.decide_json(json.dumps(
            {**decision, "book": book, "head": None, "created": 1765000100, "random": random_of(n)})))
        answers.append(step)
        if step["entry"]:
            book = {**book, step["key"]: step["entry"]}
        if step["state"] == "rolled":
            return step, answers, book
    raise AssertionError("the check never ended")


def keep_first(view: CheckView) -> list:
    """One die rerolled (the first allowed) at the reroll, the fewest dice allowed at the keep."""
    return list(view.choice.allowed[:1] if view.stage == "reroll" else view.choice.allowed[: max(view.choice.min, 1)])


def test_a_check_played_on_the_core_is_a_link_the_full_engine_verifies_with_the_result_shown():
    stages = set()
    for seed in range(12):                 # a dozen checks: rerolls, keeps and (some) explosions
        first = json.loads(core_check.begin_json(json.dumps(ask(random=format(seed, "02x") * 256))))
        assert first["state"] == "board" and first["focus"] == "step"
        assert first["key"] == "Kaito\nRokugan" and first["entry"]["seq"] == 1   # the seed took nº 1
        view = CheckView.from_result(core_check.Session.result)
        assert view.stage == "reroll"                                             # the distinction's reroll
        assert first["html"] == board_html(view, "Saltar", set(), "es", [])        # the full page's board
        done, answers, book = play(first, keep_first)
        roll = done["roll"]
        verified = open_roll(roll["fragment"])              # the full engine, from the link alone
        assert verified["request"]["system"] == "l5r5e" and verified["label"] == "Saltar"
        assert verified["roller"] == "Kaito" and verified["campaign"] == "Rokugan" and verified["seq"] == 1
        assert verified["request"]["rerolls"] == [0]
        assert roll["view"]["outcome"] == outcome_line(outcome_words(verified["result"], "es", "l5r5e"))
        assert roll["summary"]["en"] == outcome_line(outcome_words(verified["result"], "en", "l5r5e"))
        # every fresh nonce drawn after a decision took the chain's next number, stored before it was shown,
        # and the link states them all: the seed nº 1, the reroll's dice nº 2, each explosion's after
        numbered = [a["entry"]["seq"] for a in answers if a["entry"]]
        assert numbered == list(range(1, len(numbered) + 1)) and len(numbered) >= 2
        assert [e["seq"] for e in verified["entries"]] == numbered
        assert book["Kaito\nRokugan"]["seq"] == numbered[-1]
        if verified["request"].get("explosions"):
            stages.add("explosion")
    assert "explosion" in stages                             # at least one check reached the explosion stage


def test_tapping_marks_a_die_and_previews_what_keeping_it_gives():
    json.loads(core_check.begin_json(json.dumps(ask())))
    core_check.decide(FormAsk.of(dict(name="rerolls", book={}, head=None, created=1765000100, random="77" * 256)))
    view = CheckView.from_result(core_check.Session.result)
    assert view.stage == "keep"
    index = view.choice.allowed[0]
    step = core_check.tap(index)
    assert step.state == "board" and step.focus == f"die:{index}" and core_check.Session.marked == [index]
    status, confirm, error = check_steps.preview_texts(core_check.Session.request, view, [index], [], "es")
    assert (step.status, step.confirm, step.error) == (status, confirm, error)
    assert status.startswith("Marcados: 1") and confirm is None and error == ""
    assert 'aria-pressed="true"' in step.html
    again = core_check.tap(index)                                               # tapped again: unmarked
    assert core_check.Session.marked == [] and again.status is None and 'aria-pressed="true"' not in again.html


def test_a_die_the_rules_do_not_allow_is_refused_with_the_engines_reason_and_not_marked():
    """An adversity rerolls only dice showing a success: another die tapped is refused, its reason said."""
    for seed in range(40):
        core_check.begin(FormAsk.of(ask(values={**FORM, "distinction": False, "adversity": True}, random=format(seed, "02x") * 256)))
        view = CheckView.from_result(core_check.Session.result)
        outside = [d.index for d in view.pool if d.index not in view.choice.allowed]
        if view.stage == "reroll" and outside:
            break
    else:
        raise AssertionError("no pool with a die an adversity may not reroll")
    step = core_check.tap(outside[0])
    assert step.state == "refused" and step.code.startswith("l5r.") and step.html == ""   # the board stays
    assert step.error.startswith("No permitido: ") and core_check.Session.marked == []


def test_more_dice_than_may_be_kept_are_marked_and_the_engines_reason_is_previewed():
    core_check.begin(FormAsk.of(ask(values={**FORM, "distinction": False})))               # no reroll: the keep at once
    view = CheckView.from_result(core_check.Session.result)
    assert view.stage == "keep" and len(view.pool) > view.choice.max
    for index in view.choice.allowed[: view.choice.max]:
        step = core_check.tap(index)
        assert step.error == ""
    step = core_check.tap(view.choice.allowed[view.choice.max])                # one past the ring's dice
    assert step.state == "board" and step.error.startswith("No permitido: ")  # as the full page: marked, said why


def test_an_illegal_keep_is_refused_and_the_check_stays_as_it_was():
    core_check.begin(FormAsk.of(ask(values={**FORM, "distinction": False})))
    before = core_check.Session.result
    step = core_check.decide(FormAsk.of({"name": "keep", "book": {}, "head": None, "created": 1765000100,
                                         "random": "11" * 256}))
    assert step.state == "refused" and step.code and step.error                  # nothing kept: at least one die
    assert core_check.Session.result is before and step.entry is None


def test_added_dice_go_with_the_keep_and_into_the_link():
    core_check.begin(FormAsk.of(ask(values={**FORM, "distinction": False}, roller="", campaign="")))
    step = core_check.add("skill:10")
    assert step.state == "board" and step.focus == "add" and core_check.Session.added == [["skill", 10]]
    view = CheckView.from_result(core_check.Session.result)
    core_check.tap(view.choice.allowed[0])
    done, _answers, _book = play(core_check.CheckStep("board").as_dict() | {"key": "", "entry": None},
                                 lambda v: [] if v.stage == "reroll" else [])
    verified = open_roll(done["roll"]["fragment"])
    assert verified["request"]["added"] == [["skill", 10]]
    assert verified["roller"] is None and done["roll"]["key"] == ""                # unsigned: no number


def test_an_unsigned_check_takes_no_chain_number():
    first = core_check.begin(FormAsk.of(ask(roller="", campaign="")))
    assert first.state == "board" and first.key == "" and first.entry is None and first.head is None


@pytest.mark.parametrize(("changes", "code"), [
    ({"system": "sifrp"}, "core.system"),
    ({"values": {**FORM, "ring": "dos"}}, "form.not_number"),
    ({"values": {**FORM, "ring": "0"}}, "field.range"),                          # the rules' refusal, coded
    ({"values": {**FORM, "stance": "nope"}}, "field.choice"),
    ({"book": {"Kaito\nRokugan": {"v": 1, "roller": "Kaito"}}}, "core.book"),
    ({"book": {}, "head": {"v": 1, "roller": "Kaito", "campaign": "Rokugan", "seq": 4, "last": "0123456789ab"}},
     "core.chain_differs"),
    ({"random": "xyz"}, "core.random"),
])
def test_what_the_core_cannot_play_as_the_full_page_would_is_left_to_the_engine(changes, code):
    step = core_check.begin(FormAsk.of(ask(**changes)))
    assert step.state == "full" and step.entry is None and step.code == code


def test_bad_calls_answer_full_never_raise():
    core_check.reset()
    assert json.loads(core_check.begin_json("[1]"))["code"] == "core.ask"
    assert json.loads(core_check.decide_json("{}"))["state"] == "full"
    assert json.loads(core_check.tap_json(3))["state"] == "full"
    assert json.loads(core_check.add_json("skill:10"))["state"] == "full"
    core_check.begin(FormAsk.of(ask()))
    assert core_check.tap(True).state == "full" and core_check.add(None).state == "full"
    assert core_check.decide(FormAsk.of({"name": "faces"})).state == "full"


def test_a_decision_the_page_could_not_store_is_undone_and_may_be_sent_again():
    """The page stores each answer's chain entry before showing it; when that fails (full storage, another
    writer), the check goes back to before the decision, so that pressing again is the same decision at
    the same chain numbers, never a number handed out twice (tests/e2e/test_l5r_core_page.py)."""
    first = core_check.begin(FormAsk.of(ask()))
    book = {first.key: first.entry}
    before = (core_check.Session.request, core_check.Session.result)
    core_check.tap(0)
    decision = {"name": "rerolls", "book": book, "head": None, "created": 1765000100, "random": "99" * 256}
    lost = core_check.decide(FormAsk.of(decision))
    assert lost.state == "board" and lost.entry["seq"] == 2                      # … and the page failed to store it
    back = core_check.undo()
    assert back.state == "board" and (core_check.Session.request, core_check.Session.result) == before
    assert core_check.Session.marked == [0] and 'aria-pressed="true"' in back.html  # the board as it was
    again = core_check.decide(FormAsk.of({**decision, "random": "aa" * 256}))
    assert again.state == "board" and again.entry["seq"] == 2                     # the same number, stored now
    assert core_check.undo().state == "board"
    assert core_check.undo().state == "full"                                      # one step back only


def test_a_begin_the_page_could_not_store_leaves_the_check_before_it_on_the_board():
    core_check.begin(FormAsk.of(ask(roller="", campaign="")))
    shown = core_check.Session.result
    core_check.begin(FormAsk.of(ask(random="42" * 256)))
    assert core_check.undo().state == "board" and core_check.Session.result is shown


def test_the_board_follows_the_pages_language_mid_check():
    core_check.begin(FormAsk.of(ask()))
    view = CheckView.from_result(core_check.Session.result)
    step = core_check.redraw_in("en")
    assert step.state == "board" and step.html == board_html(view, "Saltar", set(), "en", [])
    assert core_check.redraw_in("fr").state == "full"


@pytest.mark.parametrize(("changes", "field"), [({"values": {**FORM, "ring": "0"}}, "ring"),
                                                ({"values": {**FORM, "tn": "x"}}, "tn"),
                                                ({"roller": "Ka\u202eito"}, "roller")])
def test_a_refused_start_names_its_field(changes, field):
    step = core_check.begin(FormAsk.of(ask(**changes)))
    assert step.state == "full" and step.field == field and step.code
