"""The userscript's verification frame, engine side (issue #30; tirada.links.marks, link-format §20):
one mark per link, computed as the audit computes it; every malformed message gets a coded error
answer, never an exception; the limits are checked before the work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada.links import marks
from tirada.links.chain import ChainState
from tirada.links.roll_link import roll_link
from tirada.links.snippets import snippet

HOME = "https://usuario.github.io/tirada/"
SEALED = json.loads((Path(__file__).parent / "vectors" / "sealed.json").read_text("utf-8"))


def _roll(seed: str = "1" * 32) -> str:
    return roll_link({"system": "sifrp", "test_dice": 3, "difficulty": 9, "seed": seed}, ChainState("Corvo", "Arenas"),
                     1796000000).fragment


def _post(fragment: str, base: str = HOME, lang: str = "es") -> tuple:
    """(href, the post's text before the link, with its words last) as the userscript sends them."""
    head, _, _ = snippet(fragment, base, "text", lang).rpartition("\n")
    return base + "#" + fragment, head + "\n" + ("Comprobar la tirada" if lang == "es" else "Check the roll")


ID = "0123456789abcdef" * 2      #: a request id (32 hex digits)


def _ask(*links, lang: str = "es", ident: str = ID) -> dict:
    text = json.dumps({"tirada": "verificar", "v": 2, "id": ident, "lang": lang,
                       "links": [{"href": h, "text": t} for h, t in links]})
    return marks.answer(text, HOME)


def test_a_valid_link_gets_its_recomputed_result():
    got = _ask(_post(_roll()))
    assert got["tirada"] == "verificado" and got["v"] == 2 and got["id"] == ID
    (mark,) = got["marks"]
    assert mark["status"] == "ok" and mark["kind"] == "roll" and mark["problems"] == []
    assert mark["who"] == "tirada nº 1 de Corvo en «Arenas»" and mark["roller"] == "Corvo" and mark["seq"] == 1
    assert mark["lines"][-1] == "5 1 6 → 6+5+1 = 12 contra 9 (Moderada): Éxito insignificante (1 grado)"


def test_the_answer_speaks_the_language_asked():
    (mark,) = _ask(_post(_roll(), lang="en"), lang="en")["marks"]
    assert mark["status"] == "ok" and mark["who"].startswith("roll #1 by Corvo")


def test_a_link_without_post_text_claims_nothing():
    (mark,) = _ask((HOME + "#" + _roll(), "Comprobar la tirada"))["marks"]
    assert mark["status"] == "ok"


def test_an_edited_post_text_is_marked_with_what_it_says():
    href, text = _post(_roll())
    (mark,) = _ask((href, text.replace("= 12", "= 19")))["marks"]
    assert mark["status"] == "bad"
    assert mark["problems"] == [{"code": "audit.claim", "params": {"said": "19", "gives": "12"}}]


def test_an_edited_link_is_marked_bad():
    href, text = _post(_roll())
    edited = href[:-6] + ("A" if href[-6] != "A" else "B") + href[-5:]
    (mark,) = _ask((edited, text))["marks"]
    assert mark["status"] == "bad" and mark["problems"] and mark["lines"] == []


def test_a_link_to_another_address_is_other():
    href, text = _post(_roll(), base="https://copia.example/tirada/")
    (mark,) = _ask((href, text))["marks"]
    assert mark["status"] == "other" and mark["problems"][0]["code"] == "audit.other_address"


def test_an_address_with_index_html_is_the_same_page():
    href, text = _post(_roll(), base=HOME + "index.html")
    assert _ask((href, text))["marks"][0]["status"] == "ok"


def test_a_sealed_roll_is_marked_sealed_never_revealed():
    blind = next(v for v in SEALED["links"] if v["kind"] == "blind")
    (mark,) = _ask((HOME + "#" + blind["fragment"], "Tirada a ciegas"))["marks"]
    assert mark["status"] == "ok" and mark["kind"] == "blind" and mark["lines"] == [] and mark["who"] == ""


def test_an_address_without_a_tirada_link_is_coded():
    (mark,) = _ask((HOME + "#arriba", ""))["marks"]
    assert mark["status"] == "bad" and mark["problems"] == [{"code": "frame.no_link", "params": {}}]


def test_several_links_are_marked_in_order():
    ok, edited = _post(_roll("1" * 32)), _post(_roll("2" * 32))
    got = _ask(ok, (edited[0], edited[1].replace("contra 9 (Moderada)", "contra 3 (Rutinaria)")))
    assert [m["status"] for m in got["marks"]] == ["ok", "bad"]


@pytest.mark.parametrize("message, code", [
    (5, "frame.not_json"),
    ("{", "frame.not_json"),
    ('{"tirada": "otra", "v": 1}', "frame.shape"),
    ('{"tirada": "verificar", "v": 1, "id": 1, "links": []}', "frame.version"),     # protocol 1: predictable ids
    ('{"tirada": "verificar", "v": 2, "id": 1, "links": [{"href": "x"}]}', "frame.shape"),  # an id that can be guessed
    ('{"tirada": "verificar", "v": 2, "id": "%s", "links": [{"href": "x"}]}' % ("0" * 31), "frame.shape"),
    ('{"tirada": "verificar", "v": 2, "id": "%s", "links": [{"href": "x"}]}' % ("A" * 32), "frame.shape"),
    ('{"tirada": "verificar", "v": true, "id": 1, "links": []}', "frame.version"),
    ('{"tirada": "verificar", "v": 2, "id": "%s", "links": []}' % ID, "frame.shape"),
    ('{"tirada": "verificar", "v": 2, "id": "%s", "lang": "fr", "links": [{"href": "x"}]}' % ID, "frame.shape"),
    ('{"tirada": "verificar", "v": 2, "id": "%s", "links": [{"href": 3}]}' % ID, "frame.shape"),
    ('[1, 2]', "frame.shape"),
])
def test_a_malformed_message_gets_a_coded_error(message, code):
    got = marks.answer(message, HOME)
    assert got["tirada"] == "error" and got["v"] == 2 and got["code"] == code


def test_the_error_echoes_a_readable_id():
    got = marks.answer('{"tirada": "verificar", "v": 9, "id": "%s", "links": []}' % ID, HOME)
    assert marks.answer('{"tirada": "verificar", "v": 9, "id": 41, "links": []}', HOME)["id"] is None
    assert got["id"] == ID and got["params"] == {"v": "9"}


def test_the_limits_are_checked_before_the_work():
    link = {"href": HOME + "#" + _roll(), "text": ""}
    many = {"tirada": "verificar", "v": 2, "id": ID, "links": [link] * (marks.MAX_LINKS + 1)}
    assert marks.answer(json.dumps(many), HOME)["code"] == "frame.too_many"
    long_text = {**many, "links": [{**link, "text": "x" * (marks.MAX_TEXT + 1)}]}
    got = marks.answer(json.dumps(long_text), HOME)
    assert got["code"] == "frame.too_long" and got["params"] == {"n": marks.MAX_TEXT}
    long_href = {**many, "links": [{**link, "href": HOME + "#t2" + "A" * marks.MAX_HREF}]}
    assert marks.answer(json.dumps(long_href), HOME)["code"] == "frame.too_long"
    assert marks.answer(" " * (marks.MAX_MESSAGE + 1), HOME)["code"] == "frame.too_long"
    exactly = {**many, "links": [link] * marks.MAX_LINKS}
    assert len(marks.answer(json.dumps(exactly), HOME)["marks"]) == marks.MAX_LINKS


def test_the_ready_message():
    assert marks.ready() == {"tirada": "listo", "v": 2}


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12),
       st.sampled_from(["links", "id", "v", "lang", "tirada"]))
def test_no_message_raises(value, key):
    base = {"tirada": "verificar", "v": 2, "id": ID, "lang": "es", "links": [{"href": HOME + "#t2AAAAAAAAAA", "text": ""}]}
    for message in (json.dumps(value), json.dumps({**base, key: value})):
        got = marks.answer(message, HOME)
        assert got["tirada"] in ("verificado", "error") and got["v"] == 2
