"""The verification frame's words (web/audit/frame_answer.py, issue #30): which origin it answers, its own
address as the audit compares it, and the line the userscript shows next to each link, es and en.

CPython only (imports web/ from the repository)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tirada.links.chain import ChainState
from tirada.links.roll_link import roll_link
from tirada.links.snippets import snippet

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from audit import frame_answer  # noqa: E402

HOME = "https://usuario.github.io/tirada/"
SEALED = json.loads((Path(__file__).parent / "vectors" / "sealed.json").read_text("utf-8"))


@pytest.mark.parametrize("fragment, origin", [
    ("#origen=https://foro.example", "https://foro.example"),
    ("#origen=http%3A%2F%2F127.0.0.1%3A8123", "http://127.0.0.1:8123"),
    ("origen=https://foro.example:8443", "https://foro.example:8443"),
    ("#origen=https://foro.example/", None),              # an origin has no path
    ("#origen=https://foro.example/hilo?x=1", None),
    ("#origen=https://user@foro.example", None),
    ("#origen=javascript:alert(1)", None),
    ("#origen=*", None),
    ("#origen=null", None),
    ("#origen=", None),
    ("#t2AYYBogAEAQJQjxTkX87qFnpa", None),
    ("", None),
    ("#origen=https://foro.example:99999", None),
])
def test_the_frame_answers_only_an_exact_origin(fragment, origin):
    assert frame_answer.configured_origin(fragment) == origin


def test_the_frame_home_drops_query_and_fragment():
    assert frame_answer.home_of(HOME + "index.html?marco=1#origen=https://foro.example") == HOME + "index.html"


def _reply(links, lang="es"):
    message = json.dumps({"tirada": "verificar", "v": 2, "id": "3" * 32, "lang": lang,
                          "links": [{"href": h, "text": t} for h, t in links]})
    return json.loads(frame_answer.reply(message, HOME + "index.html"))


def _post(lang="es", base=HOME):
    fragment = roll_link({"system": "sifrp", "test_dice": 3, "difficulty": 9, "seed": "1" * 32},
                         ChainState("Corvo", "Arenas"), 1796000000).fragment
    head, _, _ = snippet(fragment, base, "text", lang).rpartition("\n")
    return base + "#" + fragment, head


def test_a_valid_roll_shows_its_outcome_and_who_in_the_title():
    (mark,) = _reply([_post()])["marks"]
    assert mark["status"] == "ok"
    assert mark["text"] == "5 1 6 → 6+5+1 = 12 contra 9 (Moderada): Éxito insignificante (1 grado)"
    assert mark["title"].startswith("tirada nº 1 de Corvo en «Arenas» · SIFRP 3D contra 9 · ")


def test_an_edited_text_says_what_it_says_and_what_the_link_gives():
    href, text = _post()
    (mark,) = _reply([(href, text.replace("= 12", "= 18"))])["marks"]
    assert mark["status"] == "bad" and mark["text"] == "el texto pone 18, el enlace da 12"
    (mark,) = _reply([(href, _post("en")[1].replace("= 12", "= 18"))], lang="en")["marks"]
    assert mark["text"] == "the text says 18, the link gives 12"


def test_another_address_is_not_verified_by_your_tirada():
    (mark,) = _reply([_post(base="https://copia.example/")])["marks"]
    assert mark["status"] == "other" and mark["text"] == "no verificado por tu Tirada (https://copia.example/)"


def test_a_sealed_roll_says_it_is_sealed():
    blind = next(v for v in SEALED["links"] if v["kind"] == "blind")
    (mark,) = _reply([(HOME + "#" + blind["fragment"], "")])["marks"]
    assert mark["status"] == "ok" and "tirada a ciegas" in mark["text"] and "sin revelarla" in mark["text"]


def test_an_unknown_version_is_answered_with_a_coded_error_in_words():
    ident = "5" * 32
    got = json.loads(frame_answer.reply('{"tirada": "verificar", "v": 1, "id": "%s", "links": []}' % ident, HOME))
    assert got == {"tirada": "error", "v": 2, "id": ident, "code": "frame.version", "params": {"v": "1"},
                   "text": "versión 1 del protocolo desconocida: este marco habla la 2 (actualiza el userscript)"}
    assert json.loads(frame_answer.reply(None, HOME))["code"] == "frame.not_json"


def test_the_ready_message_is_json_text():
    assert json.loads(frame_answer.ready_text()) == {"tirada": "listo", "v": 2}
