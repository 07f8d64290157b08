"""Pool wording is one declarative template per system (tirada/links/pool_wording.py, issue #25), said by
the Python renderer (tirada.links.pool) and by web/link-reader.mjs (its templates from dist/generated.mjs):
the two say the same line, in Spanish and English, for every request of tests/vectors and for a seeded
set of odd requests (values of the wrong type are said as they are)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tirada.links.pool import pool_text
from tirada.links.pool_wording import GAME_NAMES, TEMPLATES, WORDS

ROOT = Path(__file__).resolve().parent.parent

#: every node both interpreters know, with what its arguments are (the module docstring of
#: tirada.links.pool_wording): T a template (list of text nodes), X a text node, V a value, C a
#: condition, "*" anything (a key, a word, a literal), "V*"/"C*" any number of them
TEXT = {"show": "V", "word": "*", "word_of": "*V", "plural": "*V", "signed": "V", "compare": "VV", "list": "V",
        "if": "CTT", "ref": "*", "each": "V*T*", "lstrip": "T", "join": "***J", "expr": "VT", "bands": "V"}
VALUE = {"get": "**", "lit": "*", "or": "VV", "times": "*V", "inc_if": "VC", "sum": "*", "pick": "CVV"}
COND = {"truthy": "V", "int": "V", "str": "V", "list": "V", "is_list": "V", "not_none": "V", "has": "*",
        "differ": "VV", "word_in": "*V", "lang": "*", "first": "", "not": "C", "and": "C", "or": "C"}


def check(node, kind: str, system: str, refs: set) -> None:
    """``node`` is a well-formed ``kind`` ("X" text node, "V" value, "C" condition, "T" template,
    "J" join items); raises AssertionError naming the system otherwise."""
    if kind in "TJ":
        assert isinstance(node, list), (system, node)
        for item in node:
            if kind == "J" and isinstance(item, list) and item[:1] == ["words_if"]:
                assert item[1] in WORDS["es"], (system, item)
            else:
                check(item, "X", system, refs)
        return
    if kind == "X" and isinstance(node, str):
        return
    table = {"X": TEXT, "V": VALUE, "C": COND}[kind]
    assert isinstance(node, list) and node and node[0] in table, (system, kind, node)
    spec, args = table[node[0]], node[1:]
    repeat = node[0] in ("and", "or", "sum")
    assert repeat or len(args) <= len(spec), (system, node)
    for i, arg in enumerate(args):
        want = spec[0] if repeat else spec[i]
        if want != "*":
            check(arg, want, system, refs)
    if node[0] == "ref":
        refs.add(node[1])
    if node[0] in ("word", "plural", "word_of"):
        assert node[1] in WORDS["es"], (system, node)


def test_every_system_template_has_a_main_line_and_known_nodes():
    # every system with roll links has its template (GAME_NAMES, the registry's short names, holds
    # the Confrontation too: its links are no rolls, so it has no pool line)
    from tirada.systems.registry import codes

    assert set(TEMPLATES) == set(codes()) and set(TEMPLATES) <= set(GAME_NAMES)
    assert set(WORDS) == {"es", "en"} and set(WORDS["es"]) == set(WORDS["en"])
    for system, templates in TEMPLATES.items():
        refs: set = set()
        for body in templates.values():
            check(body, "T", system, refs)
        assert "main" in templates and refs <= set(templates), system
    with pytest.raises(AssertionError):
        check([["shout", ["get", "x"]]], "T", "toy", set())


def vector_requests() -> list:
    """Every request (a mapping with a "system") found anywhere in tests/vectors/*.json."""
    found: list = []

    def walk(value) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("system"), str) and value not in found:
                found.append(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted((ROOT / "tests" / "vectors").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


VALUES = [None, 0, 1, 2, 3, -2, True, False, "?", "x", "air", "fire", "void", [], [1, 2], [7, 10], [3, 3], [1, 6],
          {"a": 1}, 10, 6, 20]
KEYS = sorted({"test_dice", "bonus_dice", "penalty_dice", "destiny_bonus", "modifier", "helpers", "extra_time",
               "passive_rank", "difficulty", "name", "weapon_damage", "dice", "sides", "fate", "explode", "compound",
               "penetrate", "explode_at", "keep", "keep_lowest", "reroll", "reroll_once", "successes", "failures",
               "subtract", "ring", "skill", "tn", "stance", "assist_skilled", "assist_unskilled", "void",
               "distinction", "adversity", "passion", "anxiety", "compromised", "protagonist_dice", "adversary_dice",
               "auto_successes", "label"})


def odd_requests(count: int) -> list:
    """``count`` seeded requests of every system with odd values, lists of groups, rolls and rivals,
    and arithmetic trees."""
    rng = random.Random(25)

    def one(depth: int = 0) -> dict:
        req = {k: rng.choice(VALUES) for k in rng.sample(KEYS, rng.randint(0, 12))}
        if depth < 2 and rng.random() < 0.3:
            req[rng.choice(["groups", "rolls", "rivals"])] = [one(depth + 1) if rng.random() < 0.8 else rng.choice(VALUES)
                                                             for _ in range(rng.randint(0, 3))]
        if depth < 2 and rng.random() < 0.15:
            req["expr"] = rng.choice([["+", one(depth + 1), 3], ["*", ["-", 0, {"dice": 2, "sides": 6}], 2], 5,
                                      ["/", {"dice": 4, "sides": 6, "keep": 3}, 2], ["-", 7, ["+", 1, -2]]])
        return req

    return [{**one(), "system": rng.choice(sorted(TEMPLATES) + ["toy"])} for _ in range(count)]


DRIVER = """
import { poolText } from "./link-reader.mjs";
const input = JSON.parse(await new Promise((ok) => {
  let text = ""; process.stdin.on("data", (d) => (text += d)); process.stdin.on("end", () => ok(text));
}));
process.stdout.write(JSON.stringify(input.map((r) => [poolText(r, "es"), poolText(r, "en")])));
"""


@pytest.mark.skipif(sys.platform == "emscripten" or not shutil.which("node"), reason="runs the page's JavaScript under Node")
def test_javascript_says_every_pool_as_python_does(tmp_path):
    from helpers.link_reader import make_reader

    make_reader(tmp_path, DRIVER)
    vectors = vector_requests()
    assert len(vectors) >= 20 and {r["system"] for r in vectors} >= set(TEMPLATES)
    requests = vectors + odd_requests(3000)
    done = subprocess.run(["node", str(tmp_path / "driver.mjs")], input=json.dumps(requests), text=True,
                          capture_output=True, timeout=120, check=True)
    got = json.loads(done.stdout)
    expected = [[pool_text(r, "es"), pool_text(r, "en")] for r in requests]
    mismatches = [(r, e, g) for r, e, g in zip(requests, expected, got) if e != g]
    assert not mismatches, mismatches[:3]
    assert len({e[0] for e in expected}) > 500   # the odd requests are said in many ways
