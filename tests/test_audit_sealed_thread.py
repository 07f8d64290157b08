"""The thread audit with its sealed rolls (issue #27 item 4; tirada.links.audit_sealed_thread): one
engine call gives the chains and the sealed rolls, each sealed problem named on its roll with a stable
code and counted by the verdict, every unrevealed roll listed with its age and who can reveal it."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tirada.cli import main
from tirada.links import sealed
from tirada.links.audit import audit
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import ChainState
from tirada.links.roll_link import roll_link

from helpers.sealed_thread import (BASE, DAY, KEY, OTHER, PLAYER, SPEC, _request, _thread,  # noqa: F401
                                   bad_thread)


def test_a_mismatched_reveal_a_double_answer_and_an_unrevealed_roll_are_all_in_the_report():
    text, (a1, a2, m, w) = bad_thread()
    report = audit_thread(text, home=BASE, now=1796000400 + DAY)
    named = [(p["code"], p["roller"], p["seq"], p["label"]) for p in report["problems"]]
    assert named == [("audit.sealed_second_answer", "Sharla", 1, "Sigilo"),
                     ("audit.sealed_second_answer", "Sharla", 2, "Sigilo"),
                     ("audit.sealed_reveal_mismatch", "Sharla", 3, "Trepar")]
    assert not report["ok"]
    sharla = next(g for g in report["rollers"] if g["roller"] == "Sharla")
    assert sharla["seqs"] == [1, 2, 3, 4] and not sharla["missing"] and not sharla["ok"]
    rolls = {r["seq"]: r for r in report["sealed"]["rolls"]}
    assert [rolls[n]["state"] for n in (1, 2, 3, 4)] == ["revealed", "revealed", "bad_reveal", "sealed"]
    assert rolls[1]["answers"] == rolls[2]["answers"] == 2 and rolls[4]["answers"] == 1
    assert rolls[4]["age"] == DAY and rolls[4]["later"] == 1 and rolls[4]["revealable"] == "unknown"
    assert rolls[4]["problems"] == [] and rolls[3]["problems"] == ["audit.sealed_reveal_mismatch"]
    assert (report["sealed"]["revealed"], report["sealed"]["sealed"], report["sealed"]["lost"]) == (2, 2, 0)
    # the same thread read on the GM's device (its secret: revealable) and on another GM's (lost)
    gm = audit_thread(text, secrets=[KEY], now=1796000400)
    assert {r["seq"]: r for r in gm["sealed"]["rolls"]}[4]["revealable"] == "yes"
    other = audit_thread(text, secrets=[OTHER])
    assert {r["seq"]: r for r in other["sealed"]["rolls"]}[4]["revealable"] == "lost"
    assert other["sealed"]["lost"] == 1 and "2 no se podrán revelar" in other["sealed"]["summary"]["es"]
    assert {r["seq"]: r for r in other["sealed"]["rolls"]}[4]["age"] is None


def test_a_clean_sealed_thread_audits_as_good():
    req = _request()
    first = roll_link({"system": "sifrp", "test_dice": 3}, ChainState("Sharla", "Arenas"), 1796000000)
    blind = sealed.blind_roll(req.fragment, PLAYER, first.chain, 1796000100)
    text = _thread(first.fragment, req.fragment, blind.fragment, sealed.reveal(KEY, req.fragment))
    report = audit_thread(text, home=BASE, now=1796000200)
    assert report["ok"] and report["problems"] == []
    assert report["sealed"]["revealed"] == 1 and report["sealed"]["sealed"] == 0
    assert [r["state"] for r in report["sealed"]["rolls"]] == ["revealed"]
    assert report["sealed"]["summary"]["en"] == "1 sealed roll, 1 revealed"


def test_a_gm_revealing_only_some_answers_is_named_on_each_skipped_roll():
    reqs = [_request(label=f"r{k}") for k in range(3)]
    state = ChainState("Sharla", "Arenas")
    rolls = []
    for req in reqs:
        rolls.append(sealed.blind_roll(req.fragment, PLAYER, state, 1796000000))
        state = rolls[-1].chain
    text = _thread(*(f for req, roll in zip(reqs, rolls) for f in (req.fragment, roll.fragment)),
                   sealed.reveal(KEY, reqs[2].fragment))
    report = audit_thread(text)
    assert [(p["code"], p["seq"]) for p in report["problems"]] == [("audit.sealed_skipped", 1),
                                                                   ("audit.sealed_skipped", 2)]
    assert [r["state"] for r in report["sealed"]["rolls"]] == ["sealed", "sealed", "revealed"]


def test_a_secret_gm_roll_unrevealed_and_two_requests_with_one_id():
    made = sealed.seal_gm_roll(KEY, {"system": "generic", "dice": 1, "sides": 6, "label": "Monstruo"},
                               ChainState("Máster", "Arenas"), 1796000000)
    a = sealed.seal_request({**SPEC, "id": "00112233aabbccdd"}, KEY)
    b = sealed.seal_request({**SPEC, "id": "00112233aabbccdd"}, OTHER)
    report = audit_thread(_thread(made.fragment, a.fragment, b.fragment), now=1796000000 + 3 * 3600)
    roll = report["sealed"]["rolls"][0]
    assert (roll["kind"], roll["roller"], roll["seq"], roll["state"], roll["age"]) == ("secret", "Máster", 1, "sealed",
                                                                                      3 * 3600)
    assert [(p["code"], p["params"]) for p in report["problems"]] == [("audit.sealed_same_id",
                                                                       {"id": "00112233aabbccdd"})]
    master = next(g for g in report["rollers"] if g["roller"] == "Máster")
    assert master["ok"] and master["seqs"] == [1]


def test_a_thread_without_sealed_links_audits_exactly_as_before():
    state, links = ChainState("Sharla", "Arenas"), []
    for k in range(3):
        made = roll_link({"system": "generic", "dice": 2, "sides": 6}, state, 1796000000 + k)
        links.append(made.fragment)
        state = made.chain
    text = _thread(links[0], links[2], links[1] + "AAA")
    assert audit_thread(text, home=BASE, now=1796000000) == audit(text, home=BASE)
    vectors = json.loads((Path(__file__).parent / "vectors" / "links.json").read_text(encoding="utf-8"))
    fragments = [v["fragment"] for v in vectors["links"]]
    old = _thread(*fragments)
    assert fragments and audit_thread(old) == audit(old)


def test_the_cli_audit_reports_the_sealed_rolls():
    text, _rolls = bad_thread()
    out, err = io.StringIO(), io.StringIO()
    assert main(["audit"], stdin=io.StringIO(text), stdout=out, stderr=err) == 0
    report = json.loads(out.getvalue())
    assert {p["code"] for p in report["problems"]} == {"audit.sealed_second_answer", "audit.sealed_reveal_mismatch"}
    assert [r["state"] for r in report["sealed"]["rolls"]][-1] == "sealed"


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_page_words_every_sealed_finding_in_spanish_and_english():
    import re

    from audit import audit_view

    text, _rolls = bad_thread()
    report = audit_thread(text, now=1796000400 + DAY)

    def said(row, lang: str) -> str:
        return "total"

    def text_of(html: str) -> str:   # each problem's place (its line here: tests/test_audit_posts.py) left out
        html = re.sub(r' <span class="audit-place">[^<]*</span>', "", html)
        return " ".join(re.sub(r"<[^>]+>", " ", html).split()).replace(" :", ":")

    es, en = text_of(audit_view.render_report(report, "es", said)), text_of(audit_view.render_report(report, "en", said))
    assert "Hay problemas en este hilo: 3 señalados" in es
    assert "Sharla (Arenas) nº 3 «Trepar»: su revelación no coincide con el compromiso" in es
    assert "Sharla (Arenas) nº 2 «Sigilo»: otra respuesta a la misma petición sellada" in es
    assert "1 tirada sellada sin revelar" in es
    assert ("Sharla (Arenas) nº 4 «Oír»: tirada a ciegas, sin revelar, hecha hace 1 día, 1 enlace publicado después"
            in es)
    assert "solo puede revelarla el máster que guarda el secreto de la campaña «Arenas»" in es
    assert "2 respuestas a su petición" in es
    assert "There are problems in this thread: 3 flagged" in en and "1 sealed roll not revealed yet" in en
    assert "its reveal does not match the commitment" in en and "made 1 day ago, 1 link posted after it" in en
    assert "another answer to the same sealed request" in en
    lost = audit_thread(text, secrets=[OTHER], now=1796000400 + 2 * 3600)
    es_lost = audit_view.render_report(lost, "es", said)
    assert "no se podrá revelar desde aquí" in es_lost and "hecha hace 2 horas" in es_lost
    assert "puedes revelarla tú" in audit_view.render_report(audit_thread(text, secrets=[KEY]), "es", said)


def test_the_sealed_golden_vectors_audit_as_revealed_with_no_sealed_problem():
    vectors = json.loads((Path(__file__).parent / "vectors" / "sealed.json").read_text(encoding="utf-8"))
    text = "\n".join(f'{vectors["base"]}#{v["fragment"]}' for v in vectors["links"])
    report = audit_thread(text, secrets=[vectors["campaign_secret"]])
    rolls = report["sealed"]["rolls"]
    assert len(rolls) == sum(v["kind"] in ("blind", "secret") for v in vectors["links"]) == 6
    assert all(r["state"] == "revealed" and not r["problems"] for r in rolls)
    assert not any(p["code"].startswith("audit.sealed_") for p in report["problems"])
    assert [r["revealable"] for r in rolls if r["kind"] == "blind"] == ["yes"] * 4
