"""The thread audit as a job of JSON texts (tirada.links.audit_job; web/audit-worker.mjs, issue #41): its
answers put together are the report :func:`audit_thread` makes from the same arguments, value for value."""

from __future__ import annotations

import json

import pytest

from tirada.links.audit import MAX_TEXT
from tirada.links.audit_job import PIECE, AuditJob
from tirada.links.audit_sealed_thread import audit_thread
from helpers.sealed_thread import BASE, DAY, KEY, bad_thread


def _answers(args: dict, budget_ms: float = 0) -> list[tuple[str, object]]:
    """Every answer of a job over ``args`` as (kind, parsed JSON), run until it is done."""
    job = AuditJob(json.dumps(args))
    answers = []
    while not job.done:
        text = job.run(budget_ms)
        answers.append((job.kind, json.loads(text)))
        assert len(answers) < 10_000, "the job never ends"
    return answers


def _assembled(answers: list) -> dict:
    """The report the page puts together: the head, then every piece appended to its list."""
    kinds = [kind for kind, _ in answers]
    first = kinds.index("report")
    assert set(kinds[:first]) <= {"progress"}, kinds
    head = answers[first][1]
    report, pieces = head["report"], answers[first + 1:]
    assert [kind for kind, _ in pieces] == ["piece"] * head["pieces"]
    for _, piece in pieces:
        assert 0 < len(piece["items"]) <= PIECE
        report[piece["key"]].extend(piece["items"])
    return report


def test_a_sealed_thread_on_the_gms_device_gives_the_report_of_audit_thread():
    """The worked thread of tests/test_audit_sealed_thread.py (a double answer, a forged reveal, one still
    sealed) with the GM's secret: the same problems, chains and sealed rows; progress first (budget 0)."""
    text, _ = bad_thread()
    now = 1796000400 + DAY
    answers = _answers({"text": text, "home": BASE, "secrets": [KEY], "now": now, "secret_rolls": None})
    assert answers[0][0] == "progress" and answers[0][1][0] in ("read", "progress")
    report = _assembled(answers)
    assert report == audit_thread(text, home=BASE, secrets=[KEY], now=now)
    assert [p["code"] for p in report["problems"]][-1] == "audit.sealed_reveal_mismatch" and not report["ok"]
    assert {r["seq"]: r for r in report["sealed"]["rolls"]}[4]["revealable"] == "yes"


def test_a_long_report_comes_in_pieces_that_rebuild_it():
    """3,000 links that decode to nothing: the two lists of rows arrive in pieces of at most PIECE,
    the head with them emptied; put together, the report of audit_thread; a generous budget still
    answers progress before the report only when a slice ran out."""
    text = " ".join(f"{BASE}#t2{'x' * 30}{n:05d}" for n in range(3_000))
    answers = _answers({"text": text, "home": BASE, "secrets": [], "now": None, "secret_rolls": {}}, budget_ms=60_000)
    assert [kind for kind, _ in answers][:1] == ["report"], "a budget of a minute runs the whole audit in one answer"
    head = answers[0][1]
    assert head["pieces"] >= 2 and head["report"]["problems"] == [] and head["report"]["invalid"] == []
    assert _assembled(answers) == audit_thread(text, home=BASE, secret_rolls={})


def test_a_thread_over_the_limit_is_refused_with_the_audits_code():
    answers = _answers({"text": "a" * (MAX_TEXT + 1), "home": BASE, "secrets": [], "now": None, "secret_rolls": None})
    kind, answer = answers[-1]
    assert kind == "error" and answer["error"]["code"] == "audit.text_too_long", answers
    assert answer["error"]["field"] == "text"


@pytest.mark.parametrize("args_text", ["no es JSON", "[]", '{"home": null}', '{"text": 5}',
                                       '{"text": "", "secret_rolls": []}'])
def test_arguments_that_are_not_the_pages_fail_once_and_end(args_text):
    job = AuditJob(args_text)
    answer = json.loads(job.run(10))
    assert job.kind == "failed" and job.done and "not the audit's arguments" in answer["failed"]
    assert json.loads(job.run(10)) == {"failed": answer["failed"]}


def test_a_job_that_ended_answers_failed_again():
    job = AuditJob(json.dumps({"text": "Nada que ver aquí", "home": BASE}))
    assert job.run(1000) and job.kind == "report" and job.done
    assert json.loads(job.run(1000)) == {"failed": "the audit has ended"} and job.kind == "failed"


def test_the_pages_reading_of_each_answer_rebuilds_the_report_and_the_refusal():
    """JobAnswer (what web/audit/ui_audit_worker.py reads): each kind typed; the refusal rebuilt as the
    engine's InvalidRequest with its code, field and params; an unreadable answer is "failed"."""
    from tirada.errors import InvalidRequest
    from tirada.links.audit_job import JobAnswer

    text, _ = bad_thread()
    job = AuditJob(json.dumps({"text": text, "home": BASE, "secrets": [KEY], "now": 1796000400}))
    read = []
    while not job.done:
        read.append(JobAnswer.of(*_kind_and(job)))
    assert [a.kind for a in read][-1] == "report" and read[-1].pieces == 0
    assert read[-1].report == audit_thread(text, home=BASE, secrets=[KEY], now=1796000400)
    assert all(a.kind == "progress" and len(a.step) == 3 for a in read[:-1])

    too_long = AuditJob(json.dumps({"text": "a" * (MAX_TEXT + 1)}))
    refusal = JobAnswer.of(*_kind_and(too_long))
    assert refusal.kind == "error" and isinstance(refusal.error, InvalidRequest)
    assert (refusal.error.code, refusal.error.field) == ("audit.text_too_long", "text")
    assert refusal.error.params == json.loads(json.dumps(_refusal_params()))

    for kind, answer in (("report", "{}"), ("piece", '{"key": 1}'), ("progress", "5"), ("error", "[]"), ("x", "{")):
        assert JobAnswer.of(kind, answer).kind == "failed", (kind, answer)
    assert JobAnswer.of("failed", '{"failed": "boom"}').failed == "boom"


def _kind_and(job: AuditJob) -> tuple[str, str]:
    text = job.run(0)
    return job.kind, text


def _refusal_params() -> dict:
    from tirada.errors import TiradaError
    from tirada.links.audit import audit

    try:
        audit("a" * (MAX_TEXT + 1))
    except TiradaError as err:   # the engine's own refusal, as audit() raises it
        return err.params
    raise AssertionError("audit() took a text over its limit")


def test_the_text_given_apart_is_the_one_audited():
    """The page posts the thread's text apart from the JSON arguments (web/audit/ui_audit_worker.py)."""
    text, _ = bad_thread()
    job = AuditJob(json.dumps({"home": BASE, "secrets": [KEY], "now": 1796000400}), text)
    while not job.done:
        answer = job.run(1000)
    assert job.kind == "report"
    assert json.loads(answer)["report"] == audit_thread(text, home=BASE, secrets=[KEY], now=1796000400)
