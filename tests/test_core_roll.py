"""The roll form on the reading core (issue #41; tirada.core_roll, web/loader.js rollOnCore).

A roll the core makes before Pyodide is up is the full page's roll: the same link format, verified
by the full engine with the same result, numbered on the same chain by tirada.chainbook's rules; what the
core cannot roll as the full page would is answered "full" (the page queues it for the engine).
The same asks give byte-identical answers on MicroPython: tests/test_reading_core.py (kind "core_roll").
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tirada import portable
from tirada.links import snippets
from tirada.core_roll import SYSTEMS, STYLES, core_roll, roll_json
from tirada.links.roll_link import open_roll

ROOT = Path(__file__).resolve().parents[1]
PAGE = "http://127.0.0.1:8000/index.html"


def ask(**changes) -> dict:
    """A SIFRP test of Ana in «Poniente» (3 test dice, 1 bonus die, difficulty 9), fresh random bytes."""
    base = {"system": "sifrp", "values": {"test_dice": "3", "bonus_dice": "1", "difficulty_step": "9"},
            "label": "Atletismo", "roller": "Ana", "campaign": "Poniente", "book": {}, "head": None,
            "created": 1765000000, "random": "5a" * 256, "lang": "es", "page_url": PAGE}
    base.update(changes)
    return base


def test_an_unsigned_generic_roll_is_a_link_the_full_engine_verifies_with_the_same_result():
    done = core_roll(ask(system="generic", values={"notation": "2d6+3 vs 10"}, roller="", campaign="", label=""))
    assert done.state == "rolled" and done.code == ""
    assert done.key == "" and done.entry is None and done.head is None          # unsigned: no chain number
    verified = open_roll(done.fragment)                                          # the full engine, from the link
    assert verified["request"]["system"] == "generic" and verified.get("seq") is None
    assert done.view["id"] == verified["id"] and done.view["state"] == "verified"
    assert done.pool == "2d6 +3 contra 10"                    # the full card's pool line (tirada.links.pool)
    total = verified["result"]["total"]
    assert done.view["total"] == str(total)
    assert done.view["ok"] is (total >= 10)
    assert done.summary["es"] in ("Éxito", "Fallo") and done.summary["en"] in ("Success", "Failure")


def test_a_named_roll_takes_the_next_number_of_its_chain_and_the_book_keeps_it():
    first = core_roll(ask())
    assert first.state == "rolled" and first.key == "Ana\nPoniente"
    entries = open_roll(first.fragment)["entries"]    # fair play: the chain goes on from the link's last entry
    assert first.entry == {"v": 1, "roller": "Ana", "campaign": "Poniente", "seq": 1, "last": entries[-1]["id"]}
    assert first.head == first.entry
    second = core_roll(ask(book={first.key: first.entry}, head=first.head, random="6b" * 256))
    assert second.entry["seq"] == 2 and second.entry["last"] == open_roll(second.fragment)["entries"][-1]["id"]
    linked = open_roll(second.fragment)
    assert (linked["seq"], linked["prev"], linked["roller"], linked["campaign"]) == (2, first.entry["last"], "Ana",
                                                                                     "Poniente")
    assert linked["label"] == "Atletismo" and second.view["seq"] == 2
    # the used hand-over ids of the stored entry are kept (tirada.chainbook.record)
    kept = core_roll(ask(book={first.key: dict(first.entry, used=["a" * 12])}, head=first.head))
    assert kept.entry["used"] == ["a" * 12]


def test_the_supplied_random_bytes_make_the_seed_and_are_never_used_twice():
    one, again = core_roll(ask()), core_roll(ask())
    assert one.fragment == again.fragment                     # the same bytes: the same link (the tests compare)
    other = core_roll(ask(random="7c" * 256))
    assert other.fragment != one.fragment
    assert portable._SUPPLIED == [""]                          # what was left is dropped after the roll
    assert open_roll(one.fragment)["request"]["seed"] == "5a" * 16


@pytest.mark.parametrize(("changes", "code"), [
    ({"system": "l5r5e"}, "core.system"),                     # L5R's check has steps: the full page
    ({"system": "fate"}, "core.system"),
    ({"values": {"test_dice": "tres"}}, "form.not_number"),   # worded by the full page, by its field
    ({"values": {"test_dice": "0"}}, None),                   # a value the rules refuse: its engine code
    ({"head": {"v": 1, "roller": "Ana", "campaign": "Poniente", "seq": 4, "last": "0" * 12}}, "core.chain_differs"),
    ({"head": "not a head"}, "core.chain_differs"),
    ({"book": {"Ana\nPoniente": "not a chain"}}, "core.book"),
    ({"book": "not a book"}, "core.book"),
    ({"book": None}, "core.book"),
    # another chain's entry damaged: the page's store holds the whole book for the player's decision
    ({"book": {"Otro\nMesa": {"v": 1, "roller": "Otro", "campaign": "Mesa", "seq": "x"}}}, "core.book"),
    ({"book": {"__proto__": {"v": 1, "roller": "Ana", "campaign": "Poniente", "seq": 1, "last": "ab" * 6}}},
     "core.book"),                                             # filed under another key
    ({"book": {"Ana\nPoniente": {"v": 1, "roller": "Ana", "campaign": "Poniente", "seq": 3, "last": "ab" * 6,
                                  "used": ["xyz"]}}}, "core.book"),
    ({"book": {"Ana\nPoniente": {"v": 1, "roller": "Ana", "campaign": "Poniente", "seq": 3, "last": "ab" * 6,
                                  "retired": 1765000000}}}, "chain.retired"),
    ({"roller": "A" * 41}, None),                              # a name links cannot hold
    ({"values": {"notation": "2d6 +"}, "system": "generic"}, None),
])
def test_what_the_core_cannot_roll_as_the_full_page_would_is_left_to_it(changes, code):
    done = core_roll(ask(**changes))
    assert done.state == "full" and done.fragment == "" and done.entry is None and done.head is None
    assert done.code == code if code else re.fullmatch(r"[a-z_]+\.[a-z_.]+", done.code), done.code


def test_without_a_secure_source_and_no_bytes_supplied_it_is_left_to_the_full_page(monkeypatch):
    monkeypatch.setattr(portable, "_secrets", None)            # MicroPython: no os.urandom
    assert core_roll(ask(random="")).code == "core.interpreter"
    assert core_roll(ask(random="ab" * 8)).code == "core.interpreter"   # too few bytes for the seed and nonces
    assert core_roll(ask(random="XY")).state == "full"                 # not lowercase hex


def test_the_snippets_are_the_full_pages_for_the_same_link():
    done = core_roll(ask())
    current = dict(open_roll(done.fragment), fragment=done.fragment)
    assert set(done.snippets) == set(STYLES) == {"bbcode", "markdown", "text", "html"}
    for style in STYLES:
        for lang in ("es",):
            assert done.snippets[style] == snippets.snippet_of(current, done.fragment, PAGE, style=style, lang=lang)
    assert f"{PAGE}#{done.fragment}" in done.snippets["text"]
    english = core_roll(ask(lang="en"))
    assert english.snippets["text"] == snippets.snippet_of(dict(open_roll(english.fragment), fragment=english.fragment),
                                                           english.fragment, PAGE, style="text", lang="en")


def test_roll_json_answers_json_and_bad_asks_are_left_to_the_full_page():
    out = json.loads(roll_json(json.dumps(ask())))
    assert out["state"] == "rolled" and out["view"]["kept"] and isinstance(out["view"]["kept"], list)
    for bad in ("{", "[]", "null", '{"system": 3}', "x" * 10):
        assert json.loads(roll_json(bad))["state"] == "full"


@pytest.mark.skipif(sys.platform == "emscripten", reason="reads the page's sources (CPython only)")
def test_the_page_script_names_the_stores_and_systems_the_engine_and_page_use():
    """web/loader.js writes the chain book, the history and the roller where web/shell/store.py reads them,
    and asks the core only for the systems it rolls."""
    loader = (ROOT / "web" / "loader.js").read_text(encoding="utf-8")
    store = (ROOT / "web" / "shell" / "store.py").read_text(encoding="utf-8")
    keys = dict(re.findall(r'(\w+): "(tirada\.[a-z.0-9]+)"', re.search(r"const STORE_KEYS = \{([^}]*)\}", loader).group(1)))
    for name, key in (("chains", "CHAIN_KEY"), ("history", "HISTORY_KEY"), ("roller", "ROLLER_KEY")):
        assert f'{key} = "{keys[name]}"' in store, name
    assert re.search(r"HISTORY_CAP = (\d+)", loader).group(1) == re.search(r"HISTORY_CAP = (\d+)", store).group(1)
    systems = re.search(r"const CORE_SYSTEMS = \[([^\]]*)\]", loader).group(1)
    assert tuple(re.findall(r'"(\w+)"', systems)) == SYSTEMS + ("l5r5e",)   # L5R's check: web/l5r/core_check.py
