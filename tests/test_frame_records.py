"""The typed refusal and frame-answer records the page words (tirada.refusals, tirada.links.frame_records;
issue #40): what each reads is what its dict or error says, the dict stays unchanged, and an older or
partial dict never makes a record raise."""

from __future__ import annotations

import json
from pathlib import Path

from tirada.errors import InvalidRequest, LinkError
from tirada.links import marks
from tirada.links.frame_records import OTHER_ADDRESS, frame_answer, mark_view
from tirada.refusals import Refusal, refusal_of

VECTORS = Path(__file__).with_name("vectors")
HOME = "https://usuario.github.io/tir/"


def test_a_refusal_reads_an_error_or_its_dict():
    err = LinkError("bad", field="actions[2].faces[3]", code="link.roll_invalid", params={"n": 3})
    one = refusal_of(err)
    assert one == Refusal("link.roll_invalid", {"n": 3}, "actions[2].faces[3]", "LinkError") and one.count == 3
    assert refusal_of(one) is one
    assert refusal_of({"code": "x.y", "params": {"address": "https://a/"}, "error": "InvalidRequest"}) == \
        Refusal("x.y", {"address": "https://a/"}, None, "InvalidRequest")
    assert refusal_of({"code": "x.y", "kind": "IllegalMove"}).kind == "IllegalMove"
    assert refusal_of({}) == Refusal() and Refusal().count is None and Refusal().address == ""
    plain = refusal_of(InvalidRequest("m", field="dice"))
    assert (plain.params, plain.field, plain.kind) == ({}, "dice", "InvalidRequest")
    assert plain.to_dict() == {"code": plain.code, "params": {}, "field": "dice", "kind": "InvalidRequest"}


def _message(links: list, lang: str = "es") -> str:
    return json.dumps({"tirada": marks.PROTOCOL, "v": marks.VERSION, "id": "0" * 32, "lang": lang,
                       "links": [{"href": href, "text": ""} for href in links]})


def test_every_mark_of_an_answer_reads_what_it_says():
    frags = [one["fragment"] for one in json.loads((VECTORS / "fairplay-v2.json").read_text())["rolls_v2"]]
    links = [HOME + "#" + f for f in frags] + ["https://otro.example/tir/#" + frags[0], HOME + "#" + frags[0][:-4] + "AAAA"]
    answer = marks.answer(_message(links, "en"), HOME)
    before = json.dumps(answer, sort_keys=True)
    one = frame_answer(answer)
    assert not one.error and one.lang == "en" and len(one.marks) == len(links) == len(answer["marks"])
    for mark, raw in zip(one.marks, answer["marks"]):
        assert (mark.status, mark.kind, mark.who, list(mark.lines), mark.roller, mark.seq) == \
            (raw["status"], raw["kind"], raw["who"], raw["lines"], raw["roller"], raw["seq"])
        assert [p.code for p in mark.problems] == [p["code"] for p in raw["problems"]] and mark.raw == raw
    assert {m.status for m in one.marks} == {"ok", "other", "bad"}
    other = next(m for m in one.marks if m.status == "other")
    assert other.other_address == next(p["params"]["address"] for p in other.raw["problems"] if p["code"] == OTHER_ADDRESS)
    assert json.dumps(answer, sort_keys=True) == before


def test_an_error_or_partial_answer_never_raises():
    error = frame_answer(marks.answer("not json", HOME))
    assert error.error and error.marks == ()
    assert frame_answer({}).marks == () and frame_answer({}).lang == "es"
    partial = mark_view({"status": "bad", "problems": [{"code": "link.unreadable"}, "junk"]})
    assert partial.lines == () and partial.who == "" and partial.roller is None and partial.other_address == ""
    assert [p.code for p in partial.problems] == ["link.unreadable"]
