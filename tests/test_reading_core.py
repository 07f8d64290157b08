"""The reading core runs unchanged on CPython and MicroPython (issue #41; docs/architecture.md
§The reading core; the list: :mod:`tirada.reading_core`).

(a) Every SIFRP, L5R, generic, Fate and Tragedia roll link (every system the registry has with vectors) of
tests/vectors/ (formats 1 and 2), refusals made from
them (edited, cut short, a roll the rules refuse), the same roll links compressed (raw DEFLATE, as another
encoder may write them), every GM request of links.json (alone and with roll
links that answer it or not), every sealed link and reveal of sealed.json, every link of tests/vectors/ read to its payload (the compressed Blood Red
Sands, scene and bid links too), hostile compressed frames (bombs, cut short, damaged, bytes after the
end), every dice stream vector, every Tragedia scene link of links.json opened as the page opens it
(the ledger checked and replayed: its result, the page's view, its signed rolls; more made from them with
the rule file's faces; damaged copies and illegal ledgers refused with their codes), every Blood Red Sands
Confrontation and Spoils bidding link of tests/vectors/ opened as the page opens it (replayed, its summary
and fair-play verdict; whole games the test bot plays; damaged copies and links the rules refuse), run through the core on
CPython and on MicroPython 1.27 (WebAssembly, PyScript's build) under Node: the result JSON is byte
for byte the same, refusals carry the same error code. Needs Node and node_modules (``python3
build.py test`` sets both up); marked ``slow`` so ``test --fast`` and the Pyodide suite leave it out.

(b) Statically, with ``ast``: a core module imports only core modules, standard modules MicroPython
has, and the ``typing`` / ``__future__`` names its stand-ins in tools/micropython/lib/ define (an
import inside ``try: … except ImportError:`` or under ``if TYPE_CHECKING:`` is allowed).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from tirada import reading_core
from tirada.links.chain import encode_link, verify
from tirada.systems.registry import REGISTRY, declared_packages, packages_source
from tirada.wire.codec import KINDS, encode_payload
from tirada.wire.frame import MAX_BODY, cbor_encode, decode_frame_versioned

from helpers.core_threads import PAGE as THREAD_PAGE, thread_fragments
from helpers.core_syntax import core_syntax_problems
from helpers.core_syntax import guarded as _guarded, imports as _imports
from helpers.deflated import deflated, frame_with, raw_deflate
from helpers.form_cases import cases as form_cases
from helpers.notation_corpus import ACCENTED, band_texts, may_need_full_engine, notation_texts

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYLIB = ROOT / "pylib"
SHIMS = ROOT / "tools" / "micropython" / "lib"
DRIVER = ROOT / "tests" / "micropython" / "core_driver.py"
RUNNER = ROOT / "tests" / "micropython" / "run_core.mjs"
VECTORS = ROOT / "tests" / "vectors"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
#: the core's modules: the listed ones and every system package's (tirada.reading_core.core_modules)
CORE = reading_core.core_modules(declared_packages())
#: systems whose roll links the core reads: every registered one with vectors (Blood Red Sands has no roll links)
CORE_SYSTEMS = tuple(s for s in REGISTRY if s != "brs" and (VECTORS / f"{s}.json").exists())


def module_path(name: str) -> pathlib.Path:
    """The file of the engine module ``name`` (a package by its ``__init__.py``)."""
    base = PYLIB.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


# ------------------------------------------------------------------------------ (b) static check
def _shim_names(module: str) -> set:
    tree = ast.parse((SHIMS / f"{module}.py").read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def core_import_problems(name: str, source: str) -> list:
    """What keeps the core module ``name`` (its ``source``) from MicroPython: each import of a
    module that is neither core, nor in MicroPython's standard library, nor a defined stand-in name."""
    tree = ast.parse(source)
    package = name if module_path(name).name == "__init__.py" else name.rpartition(".")[0]
    problems = []
    for node, parents in _imports(tree):
        if _guarded(parents):
            continue
        if isinstance(node, ast.Import):
            targets = [(alias.name, []) for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [(module, [alias.name for alias in node.names])]
        for module, names in targets:
            top = module.split(".")[0]
            if top == "tirada":
                wanted = [f"{module}.{n}" for n in names if module_path(f"{module}.{n}").exists()] or [module]
                problems += [f"line {node.lineno}: imports {m}, not a core module" for m in wanted
                             if m not in CORE]
            elif top in reading_core.SHIMMED:
                missing = sorted(set(names) - _shim_names(top))
                if missing:
                    problems.append(f"line {node.lineno}: {top}.{', '.join(missing)} has no MicroPython stand-in "
                                    f"(tools/micropython/lib/{top}.py)")
            elif top not in reading_core.MICROPYTHON_STDLIB:
                why = "MicroPython lacks it" if top in reading_core.MICROPYTHON_LACKS else "not known to MicroPython"
                problems.append(f"line {node.lineno}: imports {module} ({why}; see tirada.portable)")
    return problems


@pytest.mark.parametrize("name", CORE)
def test_core_module_uses_no_syntax_or_method_micropython_lacks(name):
    assert core_syntax_problems(name, module_path(name).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("line", [
    "x = [*a, 1]", "x = (1, *a)", "x = {*a}", "x = {**a, 'k': 1}", "x = t.casefold()", "x = f.is_integer()",
    "x = int.from_bytes(b, 'big', signed=True)", "import re\nx = re.match(r't(\\d{1,4})', t)",
    "x = f\"{a if b else ': '}\"", "x = re.compile('a', re.S)", "x = base64.urlsafe_b64decode(t)",
    "x = n.bit_length()", "x = n.to_bytes(2, 'big', signed=True)", "x = f\"{', '.join(f'd{s}' for s in t)}\"",
    "x = format(v, '>3')",
])
def test_the_syntax_check_catches_what_micropython_cannot_run(line):
    assert len(core_syntax_problems("tirada.dice", line + "\n")) == 1


def test_the_core_list_names_existing_modules():
    missing = [name for name in CORE if not module_path(name).exists()]
    assert not missing
    assert len(set(CORE)) == len(CORE)
    assert not reading_core.MICROPYTHON_STDLIB & reading_core.MICROPYTHON_LACKS


@pytest.mark.parametrize("name", CORE)
def test_core_module_imports_only_what_micropython_has(name):
    assert core_import_problems(name, module_path(name).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("line, found", [
    ("from dataclasses import dataclass", "MicroPython lacks it"),
    ("import unicodedata", "MicroPython lacks it"),
    ("from .sheets import Character", "not a core module"),
    ("from typing import NamedTuple", "no MicroPython stand-in"),
    ("def f():\n    import enum", "MicroPython lacks it"),
])
def test_the_static_check_catches_what_micropython_lacks(line, found):
    problems = core_import_problems("tirada.dice", line + "\n")
    assert len(problems) == 1 and found in problems[0]


def test_the_static_check_allows_guarded_imports():
    source = ("try:\n    import unicodedata\nexcept ImportError:\n    unicodedata = None\n"
              "if TYPE_CHECKING:\n    from .sheets import Character\nimport hashlib\nfrom typing import Any\n")
    assert core_import_problems("tirada.dice", source) == []


# ------------------------------------------------------------------------ (a) the same bytes on both
def _vector_rolls() -> list:
    cases = []
    for system in CORE_SYSTEMS:
        for roll in json.loads((VECTORS / f"{system}.json").read_text(encoding="utf-8"))["rolls"]:
            cases.append({"name": f"{system}: {roll['name']}", "kind": "roll", "fragment": roll["fragment"],
                          "expect": roll["result"]})
    for roll in json.loads((VECTORS / "fairplay-v2.json").read_text(encoding="utf-8"))["rolls_v2"]:
        if roll["link"]["request"]["system"] in CORE_SYSTEMS:
            cases.append({"name": f"v2: {roll['name']}", "kind": "roll", "fragment": roll["fragment"],
                          "expect": roll["result"]})
    return cases


def _compressed(rolls: list) -> list:
    """Every roll link above compressed: the same result on both (the core inflates it)."""
    return [dict(case, name=f"compressed {case['name']}", fragment=deflated(case["fragment"])) for case in rolls]


def _frames() -> list:
    """Every link of tests/vectors/ read to its payload (compressed or not), and hostile compressed
    frames with the error code each gives on CPython (``expect_code``; None: read)."""
    cases = [{"name": f"frame: vector {n}", "kind": "frame", "fragment": fragment}
             for n, fragment in enumerate(vector_fragments())]
    scene = KINDS["scene"]
    far = b"".join(hashlib.sha256(bytes([n])).digest() for n in range(96)).hex()   # 6 KiB, no repeats
    body = cbor_encode({"a": far, "b": far})      # "b" copies "a" from 6 KiB back: needs the 32 KiB window
    stored = raw_deflate(body)
    assert len(stored) < len(body) // 3           # "b" is one reference (a 256-byte window, MicroPython's default, fails)
    small = cbor_encode({"a": far[:3000]})
    bomb = cbor_encode({"pad": "x" * 60000})
    huge = cbor_encode({"pad": "x" * (MAX_BODY + 10)})
    damaged = bytes([stored[0] | 0x06]) + stored[1:]         # block type 3: reserved
    hostile = (
        ("a reference 3 KiB back (the 32 KiB window)", frame_with(scene, stored, body), None, None),
        ("stored blocks (level 0)", frame_with(scene, raw_deflate(small, 0), small), None, None),
        ("a bomb over the work budget", frame_with(scene, raw_deflate(bomb), bomb), 1000, "link.too_much_work"),
        ("a bomb within the budget", frame_with(scene, raw_deflate(bomb), bomb), 200_000, None),
        ("a bomb over the largest body", frame_with(scene, raw_deflate(huge), huge), None, "link.cut_or_changed"),
        ("cut short", frame_with(scene, stored[:-5], body), None, "link.cut_or_changed"),
        ("cut to one byte", frame_with(scene, stored[:1], body), None, "link.cut_or_changed"),
        ("bytes after the end", frame_with(scene, stored + b"\x00junk", body), None, "link.cut_or_changed"),
        ("one byte after the end", frame_with(scene, stored + b"\x01", body), None, "link.cut_or_changed"),
        ("a reserved block type", frame_with(scene, damaged, body), None, "link.cut_or_changed"),
        ("not DEFLATE at all", frame_with(scene, b"\xff" * 40, body), None, "link.cut_or_changed"),
        ("another body's stream", frame_with(scene, raw_deflate(bomb), body), None, "link.cut_or_changed"),
    )
    for name, fragment, max_work, code in hostile:
        case = {"name": f"frame: {name}", "kind": "frame", "fragment": fragment, "expect_code": code}
        if max_work is not None:
            case["max_work"] = max_work
        cases.append(case)
    return cases


def _inflates() -> list:
    """The bounded inflate itself (tirada.wire.inflate) on a short stream: whole, at its limit, over
    it, cut short, damaged, followed by bytes — the same answer on both."""
    data = b"Trepar la muralla: 4d6 + 1d6, dificultad 9. " * 40
    stored = raw_deflate(data)
    return [{"name": f"inflate: {name}", "kind": "inflate", "data": raw.hex(), "limit": limit, "expect_inflate": want}
            for name, raw, limit, want in (
                ("whole", stored, len(data), data.hex()), ("one byte over the limit", stored, len(data) - 1, "over"),
                ("limit 0", stored, 0, "over"), ("empty stream", raw_deflate(b""), 0, ""), ("no data", b"", 10, "damaged"),
                ("cut short", stored[:-2], 5000, "damaged"), ("bytes after", stored + b"\x00", 5000, "damaged"),
                ("reserved block type", b"\x07" + stored[1:], 5000, "damaged"),
                ("stored blocks", raw_deflate(data, 0), 5000, data.hex()))]


def _refusals(rolls: list) -> list:
    """Links the core must refuse, with the code each gives on CPython."""
    first = rolls[0]["fragment"]
    edited = first[:10] + ("A" if first[10] != "A" else "B") + first[11:]
    bad_rule = encode_payload("roll", {"request": {"system": "sifrp", "seed": "8f14e45fceea167a5a36dedd4bea2543",
                                                   "test_dice": 1, "bonus_dice": 1, "difficulty": 300}})
    bad_generic = encode_payload("roll", {"request": {"system": "generic", "seed": "8f14e45fceea167a5a36dedd4bea2543",
                                                      "dice": 1, "sides": 6, "keep": 5}})
    return [{"name": f"refused: {name}", "kind": "roll", "fragment": fragment} for name, fragment in (
        ("edited", edited), ("cut short", first[:-6]), ("empty", ""), ("unknown version", "t9" + first[2:]),
        ("SIFRP difficulty over 200", bad_rule), ("generic keep above dice", bad_generic),
        ("not base64", first[:12] + "$%" + first[14:]), ("a whole URL, edited", "https://x.example/#" + edited))]


def _requests() -> list:
    """Every GM roll request of links.json, alone and with roll links answering it (one that matches,
    one by another roller with another bonus, one that names no request)."""
    links = json.loads((VECTORS / "links.json").read_text(encoding="utf-8"))["links"]
    requests = [link for link in links if link["kind"] == "request"]
    cases = [{"name": f"request: {link['name']}", "kind": "request", "fragment": link["fragment"]} for link in requests]
    sifrp = next(link for link in requests if link["source"]["system"] == "sifrp")
    l5r = next(link for link in requests if link["source"]["system"] == "l5r5e")
    seed = "8f14e45fceea167a5a36dedd4bea2543"
    answers = (
        ("SIFRP, answered", sifrp, {"system": "sifrp", "seed": seed, "label": "Trepar la muralla", "test_dice": 4,
                                    "bonus_dice": 1, "difficulty": 9}, "Sharla", sifrp["source"]["id"]),
        ("SIFRP, another roller and bonus", sifrp, {"system": "sifrp", "seed": seed, "test_dice": 4, "bonus_dice": 3,
                                                    "difficulty": 9}, "Bruno", sifrp["source"]["id"]),
        ("L5R, answered", l5r, {"system": "l5r5e", "seed": seed, "label": "Atletismo", "ring": 3, "skill": 2, "tn": 2},
         "Sharla", l5r["source"]["id"]),
        ("L5R, naming no request", l5r, {"system": "l5r5e", "seed": seed, "ring": 3, "skill": 2, "tn": 2}, "Sharla", None),
    )
    for name, link, request, roller, gm in answers:
        roll = encode_link(dict(request, fresh=[]), roller=roller, campaign="Arenas Sangrientas", seq=3,
                           prev="0123456789ab", created=1796000000, gm_request=gm, nonces_made=True)
        cases.append({"name": f"request: {name}", "kind": "request", "fragment": link["fragment"], "roll": roll})
    return cases


def _sealed() -> list:
    """Every sealed link of sealed.json read, and every reveal checked against its sealed roll."""
    data = json.loads((VECTORS / "sealed.json").read_text(encoding="utf-8"))
    cases = [{"name": f"sealed: {link['name']}", "kind": "sealed", "fragment": link["fragment"]}
             for link in data["links"] if link["kind"] != "reveal"]
    for case in data["blind"]:
        cases.append({"name": f"reveal: {case['name']}", "kind": "reveal", "sealed": case["roll_link"]["fragment"],
                      "fragment": case["reveal_link"]["fragment"], "request": case["request_link"]["fragment"],
                      "expect_result": case["result"]})
    for case in data["secret"]:
        cases.append({"name": f"reveal: {case['name']}", "kind": "reveal", "sealed": case["sealed_link"]["fragment"],
                      "fragment": case["reveal_link"]["fragment"], "expect_result": case["result"]})
    return cases


def _streams() -> list:
    data = json.loads((VECTORS / "dice-stream.json").read_text(encoding="utf-8"))["streams"]
    return [{"name": f"stream: {s['name']}", "kind": "stream", "seed": s["seed"], "sides": s["sides"],
             "count": len(s["faces"]), "expect": s["faces"]} for s in data]


def _views(rolls: list) -> list:
    """The page's first result (:func:`tirada.links.core_view.view_json`) of every roll link and
    refusal above, in Spanish, and of the SIFRP ones in English too."""
    return [{"name": f"view {lang}: {case['name']}", "kind": "view", "fragment": case["fragment"], "lang": lang}
            for case in rolls for lang in ("es", "en") if lang == "es" or "sifrp" in case["name"].split(":")[0]]


#: the verification frame's address in the marks cases (what location.href gives), and its page address
FRAME = "http://127.0.0.1:8000/index.html?marco=1#origen=https%3A%2F%2Fforo.example"
FRAME_HOME = "http://127.0.0.1:8000/index.html"


def vector_fragments() -> list:
    """Every link fragment of tests/vectors/ (any value under a ``"fragment"`` key), in file order."""
    found: list = []

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "fragment" and isinstance(item, str):
                    found.append(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(VECTORS.glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def damaged(fragment: str) -> list:
    """``(name, copy)`` of a roll link damaged as a forum or a hand may leave it: its checksum's last
    character changed, a character in the middle changed, cut short by 6 characters or to half,
    a format this Tirada does not know (``t9``, ``t1234``), a character more."""
    def flip(at: int) -> str:
        return fragment[:at] + ("A" if fragment[at] != "A" else "B") + fragment[at + 1:]

    return [("checksum flipped", flip(len(fragment) - 1)), ("middle flipped", flip(len(fragment) // 2)),
            ("cut short", fragment[:-6]), ("cut to half", fragment[:len(fragment) // 2]),
            ("wrong version", "t9" + fragment[2:]), ("version 1234", "t1234" + fragment[2:]),
            ("one more character", fragment + "A")]


def mark_links() -> list:
    """Every vector link as the userscript sends it (``{href, text}``): alone; for a roll link, after
    its own snippet in Spanish and in English as a forum shows it (the link's words last); after a
    snippet that says other dice, following another roll link of the same post; and at another address.
    Then every roll link of tests/vectors/ damaged (:func:`damaged`), alone and after its own snippet."""
    from tirada.links.snippets import _WORDS, render, tokens

    fragments = vector_fragments()
    fragments += [deflated(f) for f in fragments if decode_frame_versioned(f)[1] == KINDS["roll"]]
    links = []
    for fragment in fragments:
        href = f"{FRAME_HOME}#{fragment}"
        links.append({"href": href, "text": ""})
        try:
            checked = verify(fragment)
        except Exception:       # not a roll link (or refused): marked without a snippet
            checked = None
        if checked is not None:
            for lang in ("es", "en"):
                lines = render(tokens(checked, lang)[:-1], FRAME_HOME, "text")
                links.append({"href": href, "text": f"Ataco.\n{lines}\n{_WORDS[lang]['check']}"})
            links.append({"href": href, "text": f" {FRAME_HOME}#{fragments[0]} {lines.replace('4', '6')}\nVer"})
        links.append({"href": f"https://otra.example/tirada/#{fragment}", "text": ""})
    for case in _vector_rolls():
        own = render(tokens(verify(case["fragment"]), "es")[:-1], FRAME_HOME, "text")
        for _name, copy in damaged(case["fragment"]):
            links.append({"href": f"{FRAME_HOME}#{copy}", "text": ""})
            links.append({"href": f"{FRAME_HOME}#{copy}", "text": f"Ataco.\n{own}\nVer"})
    return links


def _marks() -> list:
    """The frame's requests: every vector link of :func:`mark_links`, 50 a request, in Spanish and in
    English; and messages the core leaves to the full engine (not JSON, another version, no port id)."""
    links = mark_links()
    cases = []
    for lang in ("es", "en"):
        for at in range(0, len(links), 50):
            message = json.dumps({"tirada": "verificar", "v": 2, "id": f"{at:032x}", "lang": lang,
                                  "links": links[at:at + 50]})
            cases.append({"name": f"marks {lang}: links {at}–{at + 49}", "kind": "marks", "message": message,
                          "href": FRAME})
    roll = next(link for link in links if link["text"].startswith("Ataco."))
    for name, message in (("not JSON", "{"), ("version 1", json.dumps({"tirada": "verificar", "v": 1})),
                          ("bad id", json.dumps({"tirada": "verificar", "v": 2, "id": "x", "links": [roll]})),
                          ("NaN", '{"tirada": "verificar", "v": 2, "id": "' + "a" * 32 + '", "x": NaN, "links": []}'),
                          ("one roll", json.dumps({"tirada": "verificar", "v": 2, "id": "b" * 32, "links": [roll]}))):
        cases.append({"name": f"marks: {name}", "kind": "marks", "message": message, "href": FRAME})
    # a forum page's ✔ and ✘ at once, every one the core's: a roll after its own snippet, a snippet
    # that claims other dice, and every damaged copy of the roll (the frame answers it before Pyodide)
    lying = dict(roll, text=roll["text"].replace("4", "6"))
    assert lying != roll
    copies = [{"href": f"{FRAME_HOME}#{copy}", "text": ""} for _name, copy in damaged(roll["href"].split("#")[1])]
    for lang in ("es", "en"):
        message = json.dumps({"tirada": "verificar", "v": 2, "id": "d" * 32, "lang": lang,
                              "links": [roll, lying] + copies})
        cases.append({"name": f"marks {lang}: ✔ and ✘ from the core", "kind": "marks", "message": message,
                      "href": FRAME})
    return cases


def _threads() -> list:
    """Thread links from the vectors (helpers.core_threads: every roll after its snippet; ✔ and ✘ at
    once; damaged thread links) → the core's first verdict, in Spanish and in English."""
    return [{"name": f"thread {lang}: {name}", "kind": "thread", "fragment": fragment, "lang": lang,
             "href": THREAD_PAGE} for name, fragment in thread_fragments() for lang in ("es", "en")]


# ------------------------------------------------------------------ Tragedia scene links (issue #41)
#: the rule file's post-loss step (docs/tragedia-scene.md §The post-loss step): its faces and the
#: actions after the final roll
POST_LOSS_FACES = [1, 3, 5, 1, 3, 5, 1, 2, 2, 2, 1, 1, 1, 2, 4, 6, 2, 1, 2, 3]
POST_LOSS_ACTIONS = [{"add": "tragedy", "by": "Corvo", "note": "Grita su nombre ante el palco"},
                     {"add": "last_die", "by": "Livia"}, {"add": "last_die", "by": "Ashur"},
                     {"add": "last_die", "by": "Batiato"}, {"roll": "post_loss"}]


def scene_vectors() -> dict:
    """The scene links of tests/vectors/links.json by their name (``"scene: …"``)."""
    links = json.loads((VECTORS / "links.json").read_text(encoding="utf-8"))["links"]
    return {link["name"]: link for link in links if link["kind"] == "scene"}


def _scene_with(ledger: dict, **changes) -> dict:
    """A copy of a vector's ledger with ``changes`` (``actions``: the new list)."""
    return dict(json.loads(json.dumps(ledger)), **changes)


def _scenes() -> list:
    """Tragedia scene links (kind ``scene``): the three of links.json, three more made from them with
    the rule file's faces (docs/tragedia-scene.md §Complete example, §The post-loss step: its worked
    numbers are the expectation), each damaged (:func:`damaged`), and illegal ledgers encoded by the
    engine's own encoder, each with the code CPython's engine gives (``expect_code``, and
    ``expect_params`` where a refusal lists names in order)."""
    from tirada.dice import DiceStream, parse_seed
    from tirada.fresh import entry_id
    from tirada.systems.tragedia import play
    from tirada.systems.tragedia.moves import MOVE_NAMES
    from tirada.systems.tragedia.roll import roll as plain_roll
    from tirada.systems.tragedia.sources import DESTINY_USES, SOURCE_NAMES

    vectors = scene_vectors()
    gathering = vectors["scene: the rule file's example, gathering"]
    decided = vectors["scene: the rule file's example, decided"]
    signed = vectors["scene: signed rolls (schema 2), the final roll by Corvo"]
    seed = decided["source"]["actions"][-1]["seed"]
    worked = {   # the rule file's worked pools and sheets after the scene (the dice apart)
        "result.phase": "decided", "result.pending": [], "result.ended": True,
        "result.pools.protagonist": {"dice": 7, "auto_successes": 1, "wins_ties": True},
        "result.pools.adversary": {"dice": 6},
        "result.sheets.0.tragedy": 3, "result.sheets.0.destiny": 0,
        "result.sheets.0.traits.0": {"name": "Si quieres mi sangre...", "exhausted": False},
        "result.sheets.1.domains": [{"name": "Tigre", "destiny": 1}], "result.sheets.2.destiny": 1,
        "view.can_roll": False,
    }
    # the same roll as a plain request (docs/tragedia-scene.md §Complete example) from the roll's seed
    seeded = dict(worked, **{"result.roll": plain_roll({"protagonist_dice": 7, "adversary_dice": 6, "auto_successes": 1,
                                                        "protagonist_wins_ties": True}, DiceStream(seed))})
    cases = [
        {"name": gathering["name"], "kind": "scene", "fragment": gathering["fragment"],
         "expect_ledger": gathering["source"],
         "expect_facts": {"result.phase": "gathering", "result.pending": ["roll"], "result.roll": None,
                          "result.pools.protagonist": {"dice": 1, "auto_successes": 0, "wins_ties": False},
                          "result.pools.adversary": {"dice": 1}, "result.ended": False, "view.can_roll": True,
                          "view.signed": False, "rolls": [],
                          "result.sheets.0.traits.0": {"name": "Si quieres mi sangre...", "exhausted": True}}},
        {"name": decided["name"], "kind": "scene", "fragment": decided["fragment"], "expect_ledger": decided["source"],
         "expect_facts": dict(seeded, **{"view.signed": False, "rolls": []})},
        {"name": signed["name"], "kind": "scene", "fragment": signed["fragment"], "expect_ledger": signed["source"],
         "expect_facts": dict(seeded, **{"view.signed": True, "rolls": [
             {"action": 10, "stage": "final", "roller": "Corvo", "campaign": "Arenas Sangrientas", "seq": 5,
              "prev": "0123456789ab", "id": entry_id(5, "0123456789ab", parse_seed(seed))}]})},
    ]
    actions = decided["source"]["actions"]
    by_faces = _scene_with(decided["source"], faces=[2, 5, 4, 1, 6, 3, 3, 2, 2, 4, 1, 6, 5],
                           actions=actions[:-1] + [{"roll": "final"}])
    post_loss = _scene_with(decided["source"], faces=POST_LOSS_FACES, actions=actions[:-1] + [{"roll": "final"}])
    for name, ledger, facts in (
            ("the rule file's faces: 4 against 4, the tie bought with the Flaw", by_faces,
             dict(worked, **{"result.roll.protagonist_successes": 4, "result.roll.adversary_successes": 4,
                             "result.roll.tie": True, "result.winner": "protagonist", "result.sheets.0.victories": 1,
                             "view.given_faces": True})),
            ("the post-loss step, before the Protagonist decides", post_loss,
             {"result.phase": "post_loss", "result.pending": ["post_loss"], "result.winner": None,
              "result.roll.stages.0.protagonist_successes": 1, "result.roll.stages.0.adversary_successes": 3,
              "view.participants.0.can_decline": True, "view.participants.0.adds.tragedy.legal": True,
              "view.participants.1.adds.last_die.legal": False, "view.can_roll": False}),
            ("the post-loss step, won 5 against 4", _scene_with(post_loss, actions=post_loss["actions"] + POST_LOSS_ACTIONS),
             {"result.phase": "decided", "result.winner": "protagonist", "result.roll.post_loss": True,
              "result.roll.stages.1.tragedy_faces": [2, 4, 6, 2], "result.roll.stages.1.protagonist_successes": 5,
              "result.roll.stages.1.adversary_successes": 4, "result.sheets.0.tragedy": 4,
              "result.pools.post_loss": {"tragedy_dice": 4, "protagonist_last_dice": 1, "adversary_last_dice": 2}})):
        cases.append({"name": f"scene: {name}", "kind": "scene", "fragment": play.to_fragment(ledger),
                      "expect_ledger": ledger, "expect_facts": facts})
    for vector in (gathering, decided, signed):
        for how, copy in damaged(vector["fragment"]):
            cases.append({"name": f"scene refused: {vector['name'][7:]}, {how}", "kind": "scene", "fragment": copy,
                          "expect_code": _engine_code(copy)})
    gather = gathering["source"]["actions"]
    flaw = {"add": "flaw", "by": "Corvo", "dice": 1}
    unchained = _scene_with(signed["source"], actions=signed["source"]["actions"][:-1] + [
        {k: v for k, v in signed["source"]["actions"][-1].items() if k != "chain"}])
    illegal = (
        ("an addition after the roll", decided["source"], [{"add": "support", "by": "Livia"}], 1,
         "tragedia.source_before_roll", None),
        ("the Flaw twice", gathering["source"], [flaw, flaw], 1, "tragedia.flaw_used", None),
        ("a Protagonist turns a Trait against", gathering["source"],
         [{"add": "turned_trait", "by": "Corvo", "trait": "Oro de Capua"}], 1, "tragedia.turn_trait_role", None),
        ("Destiny Livia lacks", gathering["source"], [{"add": "destiny", "by": "Livia", "use": "improvised"}], 1,
         "tragedia.destiny_cost", {"name": "Livia", "n": 2, "destiny": 1}),
        ("someone not in the scene", gathering["source"], [{"add": "support", "by": "Nadie"}], 1,
         "tragedia.not_participant", {"name": "Nadie", "names": "'Corvo', 'Livia', 'Batiato', 'Ashur'"}),
        ("an unknown verb", gathering["source"], [{"fly": "away", "by": "Corvo"}], 1, "tragedia.action_verb",
         {"choices": ", ".join(("add",) + MOVE_NAMES)}),
        ("an unknown source", gathering["source"], [{"add": "magic", "by": "Corvo"}], 1, "field.choice",
         {"choices": ", ".join(SOURCE_NAMES), "got": "'magic'"}),
        ("an unknown Destiny use", gathering["source"], [{"add": "destiny", "by": "Livia", "use": "bribe"}], 1,
         "field.choice", {"choices": ", ".join(DESTINY_USES), "got": "'bribe'"}),
        ("a signed roll without its chain position", unchained, None, 2, "tragedia.roll_unsigned", None),
        ("a signed scene in a format 1 link", signed["source"], None, 1, "tragedia.link_format_schema", None),
        ("a campaign in a schema 1 scene", _scene_with(gathering["source"], campaign="Arenas"), None, 1,
         "tragedia.campaign_needs_schema2", None),
        ("faces left over", _scene_with(by_faces, faces=by_faces["faces"] + [6]), None, 1, "faces.too_many", None),
        ("not a ledger", ["Corvo", "Livia"], None, 1, "link.wrong_kind_scene", None),
    )
    for name, ledger, more, version, code, params in illegal:
        if more is not None:
            ledger = _scene_with(ledger, actions=gather + more if ledger is gathering["source"]
                                 else ledger["actions"] + more)
        case = {"name": f"scene refused: {name}", "kind": "scene", "fragment": encode_payload("scene", ledger, version),
                "expect_code": code}
        if params is not None:
            case["expect_params"] = params
        cases.append(case)
    roll_link = _vector_rolls()[0]["fragment"]
    cases.append({"name": "scene refused: a roll link", "kind": "scene", "fragment": roll_link,
                  "expect_code": "link.wrong_kind_scene"})
    return cases


def _engine_code(fragment: str) -> str | None:
    """The error code the full engine gives on opening ``fragment`` as a scene link (None: opened)."""
    from tirada.errors import TiradaError
    from tirada.systems.tragedia import play

    try:
        play.from_fragment(fragment)
    except TiradaError as err:
        return err.code
    return None


def _at(value, path: str):
    """The value at a dotted ``path`` (``result.sheets.0.tragedy``: list items by index)."""
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def check_scene(case: dict, got: dict) -> None:
    """A scene case's result (the driver's, on CPython) against its expectations: the ledger the link
    holds and each fact of ``expect_facts``; or the refusal's code (and params)."""
    if "expect_code" in case:
        assert "error" in got and got["error"]["code"] == case["expect_code"], (case["name"], got)
        if "expect_params" in case:
            assert got["error"]["params"] == case["expect_params"], (case["name"], got)
        return
    assert "ok" in got, (case["name"], got)
    assert got["ok"]["ledger"] == case["expect_ledger"], case["name"]
    for path, want in case["expect_facts"].items():
        assert _at(got["ok"], path) == want, (case["name"], path, _at(got["ok"], path), want)


# ------------------------------------------------------- Blood Red Sands links (issue #41, h-brs)
def _bot_game(setup: dict, first: tuple = ()) -> list:
    """The moves of a whole version-1 Confrontation: ``first``, then the test bot's moves
    (tests/helpers/brs.py) until it ends — exchanges, Aspects, Yields, standing orders answering."""
    from tirada.systems.brs.replay import apply, new_confrontation

    from helpers.brs import bot_move

    state, dice = new_confrontation(setup)
    log = list(first)
    for move in log:
        state = apply(state, move, dice)
    while (state.phase != "ended" or state.pending) and len(log) < 600:
        move = bot_move(state)
        state = apply(state, move, dice)
        log.append(move)
    assert state.phase == "ended", "the bot's Confrontation did not end"
    return log


def _confrontations() -> list:
    """Blood Red Sands links opened as the page opens them (core_driver ``brs``: link.open_link, the
    summary and the fair-play verdict; ``bid``: bidlink.decode_bid_link and the bidding folded): every
    Confrontation and bidding link of tests/vectors/ with what it must give (``expect_brs``: dotted
    path → value, from the vector or the rules), whole games the test bot plays (every move kind's
    replay on both), each vector link damaged, and links the engine refuses with the code it must give
    (``expect_code``)."""
    from tirada.systems.brs.example import example_setup
    from tirada.systems.brs.link import encode_link as brs_link
    from tirada.systems.brs.orders import QUICK_ORDERS

    from helpers.brs import big_setup

    links = [link for link in json.loads((VECTORS / "links.json").read_text(encoding="utf-8"))["links"]
             if link["kind"] in ("brs", "bid")]
    fair = json.loads((VECTORS / "fairplay-v2.json").read_text(encoding="utf-8"))["confrontations_v2"]
    by_name = {link["name"]: link for link in links}
    plain_v1 = by_name["confrontation: Haster against Sharla (docs/examples), seeded, before any move"]
    signed_start = by_name["confrontation: fair play, the start signed by Haster's chain (nº 3), before any move"]
    bidding = by_name["bid: the Spoils of Haster against Sharla after two Pains, Haster to bid"]
    assert len(links) == 3 and len(fair) == 2
    first = {"summary.phase": "pick", "summary.to_move": {"Haster": ["pick"], "Sharla": ["advantage"]},
             "summary.moves": 0}
    cases = [
        {"name": f"brs: {plain_v1['name']}", "kind": "brs", "fragment": plain_v1["fragment"],
         "expect_brs": dict(first, moves=[], version=1)},
        {"name": f"brs: {signed_start['name']}", "kind": "brs", "fragment": signed_start["fragment"],
         "expect_brs": dict(first, moves=[], version=2, signed=[],
                            **{"start.roller": "Haster", "start.seq": 3, "start.prev": "0123456789ab",
                               "start.campaign": "Arenas Sangrientas"})},
        {"name": f"bid: {bidding['name']}", "kind": "bid", "fragment": bidding["fragment"],
         "expect_brs": {"bids": bidding["source"]["bids"], "bidding.status": "open", "bidding.turn": "Haster (Cronista)",
                        "bidding.legal": ["pain", "stipulation", "reduce", "back_down", "call"]}},
    ]
    for vector in fair:       # Sharla spends her Advantage (a signed move), then Haster picks: his attack next
        cases.append({"name": f"brs v2: {vector['name']}", "kind": "brs", "fragment": vector["fragment"],
                      "expect_brs": {"moves": vector["moves"], "faces": vector["faces"], "signed": vector["signed"],
                                     "summary.to_move": {"Haster": ["attack"]}, "summary.moves": 2}})
    assert cases[-1]["expect_brs"]["signed"][0]["roller"] == "Bea"       # numbered in Bea's chain (fresh.by)
    ended = {"summary.status": "ended", "summary.to_move": {}}
    seeded = example_setup("ab" * 16)
    for name, setup, opening in (("the worked example's setup, seeded", seeded, ()),
                                 ("two sides of three Components, Reinforcing", big_setup(), ()),
                                 ("the same, quick standing orders for both", big_setup(seed="cd" * 16),
                                  ({"move": "orders", "player": 0, "orders": QUICK_ORDERS},))):
        cases.append({"name": f"brs game: {name}", "kind": "brs", "fragment": brs_link(setup, _bot_game(setup, opening)),
                      "expect_brs": ended})
    for case in list(cases):
        cases += [{"name": f"{case['name']}: damaged, {how}", "kind": case["kind"], "fragment": copy}
                  for how, copy in damaged(case["fragment"]) if case["name"].startswith(("brs: ", "brs v2: ", "bid: "))]
    v1, v2 = plain_v1["source"]["setup"], fair[0]["setup"]
    sharla = dict(fair[0]["moves"][0])
    refused = (
        ("an attack before the pick", "brs", brs_link(v1, [{"move": "attack", "dice": [0, 1]}]), "brs.not_attack_time"),
        ("Haster spends Sharla's Advantage", "brs", brs_link(v1, [{"move": "advantage", "die": 0}]), "brs.no_advantage"),
        ("fair play: an Advantage without fresh dice", "brs", brs_link(v2, [{"move": "advantage", "die": 9}]),
         "brs.fresh_missing"),
        ("fair play: fresh dice on a pick", "brs",
         brs_link(v2, [{"move": "pick", "attacker": 0, "target": 1, "fresh": sharla["fresh"]}]), "brs.fresh_not_rolled"),
        ("fair play: by names the mover herself", "brs",
         brs_link(v2, [dict(sharla, fresh=dict(sharla["fresh"], by="Sharla"))]), "brs.signature_by_own"),
        ("more moves than a link replays", "brs", brs_link(v1, [{"move": "pick", "attacker": 0, "target": 1}] * 1000),
         "brs.link_too_many_moves"),
        ("a bidding link opened as a Confrontation", "brs", bidding["fragment"], "link.wrong_kind_brs"),
        ("a Confrontation link opened as a bidding", "bid", plain_v1["fragment"], "link.wrong_kind_bid"),
        ("a bidding opened with a Stipulation", "bid", encode_payload("bid", {"setup": bidding["source"]["setup"],
                                                                          "bids": [{"act": "stipulation", "text": "x"}]}),
         "brs.bid_open_pain"),
        ("a bidding that reduces its own Pain", "bid",
         encode_payload("bid", {"setup": bidding["source"]["setup"],
                                "bids": [{"act": "pain", "text": "x"}, {"act": "pain", "text": "y"},
                                         {"act": "reduce", "pain": 0, "text": "z"}]}),
         "brs.bid_reduce_target"),
        ("a bidding for one side", "bid",
         encode_payload("bid", {"setup": dict(bidding["source"]["setup"], sides=["a"]), "bids": []}),
         "brs.sides_two"),
    )
    cases += [{"name": f"refused {kind}: {name}", "kind": kind, "fragment": fragment, "expect_code": code}
              for name, kind, fragment, code in refused]
    return cases


def _handovers() -> list:
    """Every chain hand-over link of links.json read (its head and date, as the vector's ``source``
    says), and its damaged copies refused with the same code."""
    links = json.loads((VECTORS / "links.json").read_text(encoding="utf-8"))["links"]
    cases = []
    for link in (link for link in links if link["kind"] == "chain"):
        cases.append({"name": f"handover: {link['name']}", "kind": "handover", "fragment": link["fragment"],
                      "expect": {"state": link["source"]["state"], "created": link["source"]["created"]}})
        cases += [{"name": f"handover: {link['name']}, {name}", "kind": "handover", "fragment": copy}
                  for name, copy in damaged(link["fragment"])]
    return cases


def _games() -> list:
    """Every Confrontation, Spoils bidding and Tragedia scene link of tests/vectors/ as the page's first view
    (:func:`tirada.links.core_game.game_view_json`), in Spanish and English, and their damaged copies
    (refused, the full page's code); a roll link (no game)."""
    from tirada.wire.codec import decode_payload

    cases = []
    for n, fragment in enumerate(vector_fragments()):
        kind = decode_payload(fragment)[0]
        if kind in ("brs", "scene", "bid"):
            for lang in ("es", "en"):
                cases.append({"name": f"game {lang}: vector {n} ({kind})", "kind": "game", "fragment": fragment,
                              "lang": lang, "expect_state": "verified"})
            for name, copy in damaged(fragment)[:3]:
                cases.append({"name": f"game: vector {n} ({kind}), {name}", "kind": "game", "fragment": copy,
                              "lang": "es", "expect_state": "refused"})
        elif kind == "roll" and not any(c["name"] == "game: a roll link" for c in cases):
            cases.append({"name": "game: a roll link", "kind": "game", "fragment": fragment, "lang": "es",
                          "expect_state": "refused"})
    return cases


def all_cases() -> list:
    rolls = _vector_rolls()
    refusals = _refusals(rolls)
    compressed = _compressed(rolls)
    return (rolls + compressed + refusals + _requests() + _sealed() + _streams()
            + _views(rolls + compressed + refusals) + _marks() + _threads() + _frames() + _inflates()
            + _scenes() + _confrontations() + _games() + _handovers())


def _core_words(mark: dict) -> bool:
    """Whether every reason of a mark is one :mod:`tirada.links.mark_words` words (the core's ✘)."""
    from tirada.links.mark_words import WORDS

    return all("err." + p["code"] in WORDS and all(isinstance(v, (str, int)) for v in p["params"].values())
               for p in mark["problems"])


def test_core_marks_are_the_full_engines_for_every_vector_link():
    """Every mark the core gives (tirada.links.core_marks) is the full engine's
    (tirada.links.marks.answer) byte for byte, and the core gives every roll link's mark posted
    with the frame's own address: ✔, ✘ refused with a code it words (a damaged copy: cut short,
    edited, a format it does not know), ✘ for a snippet that claims another result; what it leaves
    is another kind, a refusal it cannot word (a roll the rules refuse) or another address."""
    from tirada.links import core_marks, marks

    answered = left = 0
    bad: dict = {}
    for case in _marks():
        full = marks.answer(case["message"], FRAME_HOME)
        core = core_marks.core_answer(case["message"], FRAME_HOME)
        if core is None:
            assert full["tirada"] == "error" or not all(m["status"] == "ok" for m in full["marks"]), case["name"]
            continue
        assert {k: v for k, v in core.items() if k != "marks"} == {k: v for k, v in full.items() if k != "marks"}
        links = json.loads(case["message"])["links"]
        for link, mine, theirs in zip(links, core["marks"], full["marks"], strict=True):
            if mine is not None:
                assert json.dumps(mine, ensure_ascii=False) == json.dumps(theirs, ensure_ascii=False), link
                answered += 1
                for problem in mine["problems"]:
                    bad[problem["code"]] = bad.get(problem["code"], 0) + 1
            else:
                left += 1
                mine_alone = link["href"].split("#", 1)[1] not in link["text"]   # its post holds no copy of it
                assert not (theirs["kind"] in ("roll", None) and theirs["status"] in ("ok", "bad") and mine_alone
                            and _core_words(theirs) and link["href"].startswith(FRAME_HOME)), (link, theirs)
    assert answered >= 300 and left >= 100, (answered, left)
    # the core's ✘ marks: damaged copies (frame refusals, an unknown format) and snippets that lie
    assert bad.get("link.cut_or_changed", 0) >= 100 and bad.get("link.format_newer", 0) >= 50, bad
    assert bad.get("audit.claim", 0) >= 50, bad


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_core_marks_are_worded_as_the_page_words_them():
    """What the frame's core worker posts (core_answer_json) says every mark with the words the page
    says it with on Pyodide (web/audit/frame_answer.reply): ✔ and ✘, es and en."""
    from audit import frame_answer
    from tirada.links import core_marks

    worded = 0
    for case in _marks():
        text = core_marks.core_answer_json(case["message"], case["href"])
        if not text:
            continue
        mine, theirs = json.loads(text), json.loads(frame_answer.reply(case["message"], FRAME_HOME))
        assert mine == theirs, case["name"]
        worded += sum(m["status"] == "bad" for m in mine["marks"])
    # a request of damaged links alone (none left to the full engine) is answered whole by the core
    links = [{"href": f"{FRAME_HOME}#{copy}", "text": ""} for _name, copy in damaged(_vector_rolls()[0]["fragment"])]
    for lang in ("es", "en"):
        message = json.dumps({"tirada": "verificar", "v": 2, "id": "c" * 32, "lang": lang, "links": links})
        text = core_marks.core_answer_json(message, FRAME)
        assert text and json.loads(text) == json.loads(frame_answer.reply(message, FRAME_HOME)), lang
        worded += len(links)
    assert worded >= len(links) * 2


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_link_past_the_work_budget_is_marked_not_checked_by_the_core(lang):
    """A link past the request's work budget: ✘ ``audit.not_checked`` from the core as from the full
    engine, and the budget is spent all the same."""
    from tirada.links import core_marks, marks
    from tirada.links.marks import LinkItem

    href = f"{FRAME_HOME}#{_vector_rolls()[0]['fragment']}"
    mine, theirs = [10], [10]
    assert core_marks.core_mark(href, "", FRAME_HOME, lang, mine) == marks.mark_link(LinkItem(href, ""), FRAME_HOME,
                                                                                     lang, theirs)
    assert mine == theirs == [0]
    assert core_marks.core_mark(href, "", FRAME_HOME, lang, mine)["problems"] == [{"code": "audit.not_checked",
                                                                                   "params": {}}]


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_core_words_are_the_page_catalogs_one_source():
    """The page's catalog holds the ✘ words of tirada.links.mark_words as they are (one source), and
    the core fills them as web/shell/refusal.py does, every entry, every plural form, es and en."""
    from shell import refusal
    from shell.strings import STRINGS
    from tirada.links.mark_words import WORDS, problem_text

    for key, entry in WORDS.items():
        assert STRINGS[key] is entry, key
        for params in ({}, {"n": 1}, {"n": 5}, {"n": 0, "version": "9", "char": "$", "said": "18", "gives": "11"},
                       {"version": "1234", "said": "«Éxito»", "gives": "—"}):
            for lang in ("es", "en"):
                problem = {"code": key[4:], "params": params}
                assert problem_text(problem, lang) == refusal.message(problem, lang), (key, params, lang)


def test_every_blood_red_sands_link_of_the_vectors_is_opened_on_the_core():
    """Every Confrontation and bidding link of tests/vectors/ is a ``brs`` / ``bid`` case, with what it
    must give; whole games and refusals too, each refusal with the code it gives on CPython; the move
    kinds a refusal lists are the move table's, in its order (written out: MicroPython's dicts keep none)."""
    from tirada.systems.brs.replay import KINDS as MOVE_KINDS, MOVES

    cases = _confrontations()
    fragments = {c["fragment"] for c in cases if "expect_brs" in c}
    links = json.loads((VECTORS / "links.json").read_text(encoding="utf-8"))["links"]
    fair = json.loads((VECTORS / "fairplay-v2.json").read_text(encoding="utf-8"))["confrontations_v2"]
    assert {link["fragment"] for link in links if link["kind"] in ("brs", "bid")} | {c["fragment"] for c in fair} \
        <= fragments
    assert sum(c["name"].startswith("brs game: ") for c in cases) == 3
    assert sum(": damaged, " in c["name"] for c in cases) == 5 * len(damaged("t1x"))
    codes = [c["expect_code"] for c in cases if c.get("expect_code")]
    assert len(codes) == len(set(codes)) >= 10
    assert tuple(MOVES) == MOVE_KINDS


def test_every_vector_link_is_opened_beyond_its_frame():
    """Done-when 1 of issue #41: every link of tests/vectors/ is opened on both interpreters as the page
    opens it (verified, replayed, folded or read by its kind's own reader), not only framed."""
    opened = set()
    for case in all_cases():
        if case["kind"] not in ("frame", "inflate", "stream"):
            opened.update(case[key] for key in ("fragment", "sealed", "request", "roll") if isinstance(case.get(key), str))
    missing = [fragment[:24] for fragment in vector_fragments() if fragment not in opened]
    assert not missing and len(vector_fragments()) > 90


def test_cases_cover_every_roll_vector_and_refusals():
    cases = all_cases()
    assert {"sifrp", "generic", "l5r5e", "fate", "tragedia"} <= set(CORE_SYSTEMS)
    for system in CORE_SYSTEMS:
        rolls = json.loads((VECTORS / f"{system}.json").read_text(encoding="utf-8"))["rolls"]
        assert sum(c["name"].startswith(f"{system}: ") for c in cases) == len(rolls) >= (2 if system == "tragedia" else 6)
    assert sum(c["name"].startswith("reveal: tragedia") for c in cases) >= 1
    assert sum(c["kind"] == "request" for c in cases) == 7
    for case in _refusals(_vector_rolls()):
        with pytest.raises(Exception) as err:
            verify(case["fragment"])
        assert getattr(err.value, "code", None), case["name"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="runs the core's driver in a CPython subprocess")
def test_scene_cases_cover_every_scene_vector_and_hold_on_cpython(tmp_path):
    """The scene cases (:func:`_scenes`) as the driver answers them on CPython: every scene link of
    links.json opened to the ledger it was made from, the rule file's worked numbers, and each refusal's
    code: a damaged copy refused, an illegal ledger refused by the rule that forbids it."""
    cases = _scenes()
    assert {c["name"] for c in cases} >= set(scene_vectors()) and len(scene_vectors()) == 3
    refused = [c for c in cases if "expect_code" in c]
    assert len(refused) >= 3 * 7 + 13 and all(c["expect_code"] for c in refused), \
        [c["name"] for c in refused if not c["expect_code"]]
    assert {c["expect_code"] for c in refused} >= {"link.cut_or_changed", "link.format_newer", "tragedia.flaw_used",
                                                   "tragedia.roll_unsigned", "tragedia.link_format_schema"}
    path = tmp_path / "input.json"
    path.write_text(json.dumps({"cases": [{k: v for k, v in c.items() if not k.startswith("expect")} for c in cases]}),
                    encoding="utf-8")
    results = json.loads(_run_cpython(path))["results"]
    for case, got in zip(cases, results, strict=True):
        check_scene(case, got)


def test_the_scene_rules_name_their_verbs_sources_and_uses_in_the_dicts_order():
    """A refusal lists the verbs, sources and Destiny uses from tuples (a MicroPython dict keeps no
    order): each tuple is its dict's keys in CPython's order, so the words are the same as before."""
    from tirada.systems.tragedia.moves import MOVE_NAMES, MOVES
    from tirada.systems.tragedia.scene import VERBS
    from tirada.systems.tragedia.sources import DESTINY_PRICES, DESTINY_USES, SOURCE_NAMES, SOURCES

    assert tuple(MOVES) == MOVE_NAMES and VERBS == ("add",) + MOVE_NAMES
    assert tuple(SOURCES) == SOURCE_NAMES and tuple(DESTINY_PRICES) == DESTINY_USES
    assert DESTINY_PRICES == {"exhausted_trait": 1, "improvised": 2, "npc_event": 2, "new_trait": 4, "new_theme": 4,
                              "domain": 1}   # tragedia.md §Gathering dice, Destiny 1 / 2 / 4


def test_the_syntax_check_leaves_a_field_called_signed_alone():
    """``signed=`` is refused only where MicroPython lacks it (``int.from_bytes`` / ``to_bytes``): a
    record's field of that name (``play.view``'s ``.replace(signed=…)``) is fine."""
    assert core_syntax_problems("tirada.dice", "x = view.replace(signed=True)\n") == []


def _run_cpython(input_path: pathlib.Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(PYLIB))
    done = subprocess.run([sys.executable, str(DRIVER), str(input_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _run_micropython(input_path: pathlib.Path, tmp: pathlib.Path) -> str:
    from buildtools.core import compile_core, core_sources   # tests/conftest.py imported the buildtools package

    # the modules as the page ships them (dist/core.bin and core-games.bin: buildtools/core.py, docstrings and comments out,
    # compiled to MicroPython bytecode by mpy-cross): what MicroPython imports here is what a phone imports
    files = {}
    for target, compiled in compile_core(core_sources()).items():
        path = tmp / "lib" / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled)
        files[f"/lib/{target}"] = str(path)
    assert files and all(name.endswith(".mpy") for name in files)
    plan = tmp / "plan.json"
    plan.write_text(json.dumps({"files": files, "driver": str(DRIVER), "input": str(input_path)}), encoding="utf-8")
    done = subprocess.run(["node", str(RUNNER), str(plan)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_generated_package_list_names_every_system_package(tmp_path, monkeypatch):
    """Without pkgutil (MicroPython) the registry reads the list the core's build writes: the same."""
    assert "fate" in declared_packages()
    (tmp_path / "tirada_packages_probe.py").write_text(packages_source(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import tirada_packages_probe  # type: ignore[import-not-found]
    assert tirada_packages_probe.PACKAGES == declared_packages()
    monkeypatch.setitem(sys.modules, "pkgutil", None)                 # import pkgutil now fails
    monkeypatch.setitem(sys.modules, "tirada.systems.packages", tirada_packages_probe)
    assert declared_packages() == tirada_packages_probe.PACKAGES
    monkeypatch.setitem(sys.modules, "tirada.systems.packages", None)  # no list written: no packages
    assert declared_packages() == ()


def test_every_system_package_is_in_the_core():
    assert {"tirada.systems.fate", "tirada.systems.fate.spec"} <= set(CORE)
    assert "tirada.systems.fate.odds" not in CORE


def _forms() -> list:
    """Value sets of the generic and SIFRP roll forms (tests/helpers/form_cases.py) →
    :func:`tirada.systems.form_read.read_form`."""
    return [{"name": f"form {name}", "kind": "form", "system": system, "values": values}
            for name, system, values, _ in form_cases()]


def _node_ready() -> bool:
    return shutil.which("node") is not None and MICROPYTHON.exists()


def _on_both(cases: list, tmp_path: pathlib.Path) -> tuple:
    """``(CPython's results, MicroPython's results)`` of the driver's ``cases``, one each, in order; the
    test is skipped without Node and MicroPython's npm package (it fails in CI instead)."""
    if not _node_ready():
        if os.environ.get("CI"):
            pytest.fail("Node or node_modules/@micropython/micropython-webassembly-pyscript is missing in CI")
        pytest.skip("needs Node and node_modules (python3 build.py build)")
    input_path = tmp_path / "input.json"
    input_path.write_text(json.dumps({"cases": cases}), encoding="utf-8")
    ours = json.loads(_run_cpython(input_path))["results"]
    theirs = json.loads(_run_micropython(input_path, tmp_path))["results"]
    assert len(ours) == len(theirs) == len(cases)
    return ours, theirs


@pytest.mark.slow
def test_core_gives_byte_identical_results_on_cpython_and_micropython(tmp_path):
    if not _node_ready():
        if os.environ.get("CI"):
            pytest.fail("Node or node_modules/@micropython/micropython-webassembly-pyscript is missing in CI")
        pytest.skip("needs Node and node_modules (python3 build.py build)")
    cases = all_cases()
    input_path = tmp_path / "input.json"
    input_path.write_text(json.dumps({"cases": [{k: v for k, v in c.items() if not k.startswith("expect")}
                                                for c in cases]}),
                          encoding="utf-8")
    on_cpython = _run_cpython(input_path)
    on_micropython = _run_micropython(input_path, tmp_path)
    ours = json.loads(on_cpython)["results"]
    theirs = json.loads(on_micropython)["results"]
    assert len(ours) == len(theirs) == len(cases)
    for case, mine, other in zip(cases, ours, theirs):
        assert "crash" not in mine, (case["name"], mine)
        assert other == mine, case["name"]                       # names the first case that differs
        if case["kind"] == "scene":                              # Tragedia scene links (issue #41)
            check_scene(case, mine)
        elif "expect" in case:
            assert mine.get("ok") is not None, (case["name"], mine)
            got = mine["ok"]["result"] if case["kind"] == "roll" else mine["ok"]
            assert got == case["expect"], case["name"]
        elif "expect_result" in case:
            assert mine.get("ok", {}).get("result") == case["expect_result"], (case["name"], mine)
        elif case["kind"] == "marks":
            assert mine.get("ok") is not None, (case["name"], mine)
            if case["name"].endswith("✔ and ✘ from the core"):      # worded whole, ✘ too, on MicroPython
                marks = mine["ok"]["worded"]["marks"]
                assert [m["status"] for m in marks] == ["ok", "bad"] + ["bad"] * (len(marks) - 2), case["name"]
        elif case["kind"] == "thread":
            assert mine["ok"]["state"] == ("refused" if ": damaged" in case["name"] else "read"), (case["name"], mine)
            if ": damaged" in case["name"]:
                assert mine["ok"]["code"].startswith("thread."), (case["name"], mine)
            else:
                assert mine["ok"]["ok"] + mine["ok"]["bad"] > 0, (case["name"], mine)
        elif case["kind"] == "view":
            assert mine["ok"]["state"] == ("refused" if case["name"].split(": ")[1] == "refused" else "verified"), \
                (case["name"], mine)
        elif case["kind"] == "game":
            assert mine["ok"]["state"] == case["expect_state"], (case["name"], mine)
            assert (mine["ok"]["code"] == "") == (case["expect_state"] == "verified"), (case["name"], mine)
        elif case["kind"] == "frame":
            assert (mine.get("error") or {}).get("code") == case.get("expect_code"), (case["name"], mine)
            assert "ok" in mine or "error" in mine, (case["name"], mine)
        elif case["kind"] == "inflate":
            assert mine.get("ok") == case["expect_inflate"], (case["name"], mine)
        elif case["kind"] in ("brs", "bid"):      # Blood Red Sands links (_confrontations)
            if "expect_brs" in case:
                assert "ok" in mine, (case["name"], mine)
                for path, want in case["expect_brs"].items():
                    assert _at(mine["ok"], path) == want, (case["name"], path)
            else:
                assert mine["error"]["code"] == case.get("expect_code", mine["error"]["code"]), (case["name"], mine)
        elif case["kind"] in ("request", "sealed"):
            assert mine.get("ok") is not None, (case["name"], mine)
        else:
            assert mine["error"]["code"], case["name"]
    assert on_micropython == on_cpython                          # and byte for byte


@pytest.mark.slow
def test_the_roll_form_reads_the_same_on_cpython_and_micropython(tmp_path):
    """read_form gives byte-identical JSON (or the same error code) on both for every value set of
    tests/helpers/form_cases.py: a typed notation and bands too (the parser is in the core; the texts
    MicroPython may hand to the full engine are in the next test, none is here)."""
    cases = _forms()
    ours, theirs = _on_both(cases, tmp_path)
    for case, mine, other in zip(cases, ours, theirs):
        assert "ok" in mine or "error" in mine, (case["name"], mine)
        assert json.dumps(other, sort_keys=True) == json.dumps(mine, sort_keys=True), case["name"]
    assert sum("notation" in c["values"] or "bands" in c["values"] for c in cases) >= 10


def _typed_texts() -> list:
    """The notation corpus (tests/helpers/notation_corpus.py) in its dialects, each Roll20 reading
    explained too, and the typed bands."""
    cases = [{"name": f"notation {dialect} {text!r}", "kind": "notation", "text": text, "dialect": dialect,
              "explain": dialect == "roll20"}
             for text, dialects in notation_texts() for dialect in dialects]
    return cases + [{"name": f"bands {text!r}", "kind": "bands", "text": text} for text in band_texts()]


@pytest.mark.slow
def test_typed_notations_and_bands_read_the_same_on_cpython_and_micropython(tmp_path):
    """:func:`tirada.systems.notation.parse` (and ``explain``) and :func:`tirada.systems.bands.parse_bands`
    give byte-identical JSON, or the same error code and params, on both for every text of the corpus
    (tests/helpers/notation_corpus.py: the notation tests' texts, docs/notation.md's, every dialect, the
    limits, accented labels, random texts from a fixed seed); MicroPython may hand a text outside ASCII
    to the full engine (``{"full": true}``), never one of ``ACCENTED`` (ASCII rolls, accented labels)."""
    cases = _typed_texts()
    ours, theirs = _on_both(cases, tmp_path)
    full, refused = [], 0
    for case, mine, other in zip(cases, ours, theirs):
        assert "ok" in mine or "error" in mine, (case["name"], mine)
        refused += "error" in mine
        if other.get("full"):
            assert may_need_full_engine(case["text"]) and case["text"] not in ACCENTED, case["name"]
            full.append(case["text"])
            continue
        assert json.dumps(other, sort_keys=True) == json.dumps(mine, sort_keys=True), case["name"]
    assert len(cases) > 3000 and 0 < refused < len(cases) and len(full) < len(cases) // 5, (len(cases), refused, len(full))


def _core_rolls() -> list:
    """Asks of the roll form on the core (tirada.core_roll, web/loader.js rollOnCore) with fixed
    random bytes: SIFRP and the generic roll's plain fields, unsigned and on a chain (new, going on, its
    IndexedDB head behind), in both languages, and what is left to the full engine."""
    from tirada.core_roll import core_roll

    page = "http://127.0.0.1:8000/index.html"
    base = {"system": "sifrp", "values": {"test_dice": "4", "bonus_dice": "2", "penalty_dice": "1", "difficulty_step": "12"},
            "label": "Atletismo", "roller": "Sharla", "campaign": "Poniente", "book": {}, "head": None,
            "created": 1765000000, "random": "3c" * 256, "lang": "es", "page_url": page}
    first = core_roll(base)
    asks = [("sifrp, a new chain", base),
            ("sifrp, the chain goes on", dict(base, book={first.key: first.entry}, head=first.head, random="4d" * 256)),
            ("sifrp, English, no IndexedDB head", dict(base, book={first.key: first.entry}, lang="en", random="5e" * 256)),
            ("sifrp, a conflict and helpers", dict(base, values={"test_dice": "3", "difficulty_step": "9",
                                                                 "passive_rank": "3", "helpers": "2, 3"})),
            ("sifrp, a competition", dict(base, values={"test_dice": "3", "difficulty_step": "6", "name": "Sharla",
                                                        "rivals[0].name": "Corvo", "rivals[0].test_dice": "4"})),
            ("sifrp, an extended test", dict(base, values={"test_dice": "3", "difficulty_step": "9",
                                                           "extended_goal": "5", "extended_count": "degrees",
                                                           "extended_max": "10"})),
            ("generic, unsigned", dict(base, system="generic", roller="", campaign="", label="",
                                       values={"dice": "3", "sides": "6", "keep": "2", "modifier": "1",
                                               "difficulty": "8"})),
            ("generic, English, keep lowest", dict(base, system="generic", lang="en",
                                                   values={"dice": "4", "sides": "10", "keep": "1", "keep_lowest": True})),
            ("generic, a notation", dict(base, system="generic", values={"notation": "2d6+3"})),
            ("generic, a notation with a label, a target and bands",
             dict(base, system="generic", label="", values={"notation": "daño de fuego: 2d6+3 vs 9", "dialect": "roll20",
                                                           "bands": "≤8 Fallo / 9–11 Éxito parcial / ≥12 Éxito"})),
            ("generic, Dice Maiden's alias and comment",
             dict(base, system="generic", lang="en", values={"notation": "6cod ! ataque", "dialect": "dicemaiden"})),
            ("left: not a number", dict(base, values={"test_dice": "tres"})),
            ("left: the chain moved", dict(base, book={first.key: first.entry}, head=dict(first.head, seq=9))),
            ("left: retired", dict(base, book={first.key: dict(first.entry, retired=1765000000)})),
            ("left: L5R", dict(base, system="l5r5e")),
            ("left: another chain damaged", dict(base, book={"Otro\nMesa": {"v": 1, "roller": "Otro", "seq": "x"}})),
            ("left: too few random bytes", dict(base, random="ab" * 4))]
    return [{"name": f"core roll: {name}", "kind": "core_roll", "ask": json.dumps(ask)} for name, ask in asks]


@pytest.mark.slow
def test_the_form_rolls_the_same_on_cpython_and_micropython(tmp_path):
    """The core's roll of the form (tirada.core_roll.roll_json) answers byte-identical JSON on
    both for every ask: the same link, chain entry, words and snippets from the same random bytes, or
    the same code left to the full engine; a typed notation, its labels and bands too. Too few random bytes
    differ (no secure source of its own on MicroPython): "full" there."""
    cases = _core_rolls()
    ours, theirs = _on_both(cases, tmp_path)
    rolled = 0
    for case, mine, other in zip(cases, ours, theirs):
        name = case["name"]
        if "too few random bytes" in name:      # CPython has secrets to go on with; MicroPython has not
            assert mine["ok"]["state"] == "rolled" and other["ok"]["code"] == "core.interpreter", (mine, other)
            continue
        assert json.dumps(other, sort_keys=True, ensure_ascii=False) == json.dumps(mine, sort_keys=True,
                                                                                    ensure_ascii=False), name
        rolled += mine["ok"]["state"] == "rolled"
        assert mine["ok"]["state"] == ("full" if name.startswith("core roll: left") else "rolled"), (name, mine)
    assert rolled == 11

