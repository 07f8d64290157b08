"""The L5R check's board on the reading core (issue #41): web/l5r/ui_l5r_render.py runs unchanged on
MicroPython 1.27 with a generated cut of the page's catalog (dist/core-l5r.bin, buildtools/core_l5r.py).

(a) For check states the engine makes in step mode (every stage: reroll by a Distinction or an
Adversity, keep, explosion, faces, done; with marked dice, kept dice added, a label) in Spanish and
English, every function of web/l5r/core_board.py (the board, its counters, a tapped die, the instruction,
the finished check, the history line) and a set of engine refusals give byte for byte on MicroPython
(the bundle's modules compiled as the page ships them, with the generated catalog) what they give on
CPython with the page's whole catalog; marked ``slow`` as tests/test_reading_core.py's comparisons.

(b) On CPython: the generated catalog holds every key those functions look up for these states (a
catalog that records each lookup), and they give the same text with it as with the whole catalog; the
portable template reader and plural rule of web/shell/i18n.py agree with the stdlib's on every catalog
text; the bundle's modules import only what the core, the bundle and MicroPython have.
"""

from __future__ import annotations

import ast
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="builds with ast and runs mpy-cross (CPython)")

from buildtools import core_l5r  # noqa: E402
from l5r import core_board  # noqa: E402
from shell import i18n, refusal, strings  # noqa: E402
from tirada import reading_core, systems  # noqa: E402
from tirada.errors import TiradaError  # noqa: E402
from tirada.systems.l5r.records import CheckView  # noqa: E402
from tirada.systems.registry import declared_packages  # noqa: E402

from helpers.core_syntax import core_syntax_problems, guarded, imports  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYLIB = ROOT / "pylib"
#: tests/test_reading_core.py's driver (its ``l5r_board`` kind) and runner
DRIVER = ROOT / "tests" / "micropython" / "core_driver.py"
RUNNER = ROOT / "tests" / "micropython" / "run_core.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
CORE = reading_core.core_modules(declared_packages())
SEEDS = ("ab" * 16, "0f" * 16, "5a" * 16, "c3" * 16, "77" * 16, "e1" * 16)
#: requests that reach each stage: a Distinction's rerolls, an Adversity's, none; Void; a stance
BASES = (
    {"ring": 3, "skill": 2, "tn": 3, "distinction": True},
    {"ring": 2, "skill": 3, "tn": 2, "adversity": True},
    {"ring": 4, "skill": 1, "tn": 4, "void": True, "label": "Ryo \"trepa\" <la> «muralla» & l'otra"},
    {"ring": 3, "skill": 3, "tn": 2, "stance": "fire", "assist_skilled": 1},
    {"ring": 1, "skill": 0, "tn": 1, "stance": "earth", "compromised": True},
)


def _roll(request: dict) -> dict:
    return json.loads(json.dumps(systems.roll(dict(request, system="l5r5e", step=True))))


def _states() -> list:
    """``[(name, request, result)]``: each base request with each seed, played to the end by taking
    the first allowed dice (two at a reroll, the most at a keep, one kept die added once), keeping an
    explosion when allowed every other time (else dropping it), every state on the way; and one in faces mode."""
    out = []
    for b, base in enumerate(BASES):
        for s, seed in enumerate(SEEDS):
            request = dict(base, seed=seed)
            for step in range(12):
                result = _roll(request)
                out.append((f"{b}/{s}/{step} {result['stage']}", dict(request), result))
                check = CheckView.from_result(result)
                if check.done:
                    break
                if check.stage == "reroll":
                    request["rerolls"] = list(check.choice.allowed[:max(check.choice.min, min(2, check.choice.max))])
                elif check.stage == "keep":
                    request["keep"] = list(check.choice.allowed[:check.choice.max or 1])
                    if s % 3 == 0 and b != 4:
                        request["added"] = [["ring", 3]]
                elif check.stage == "explosion":
                    said = list(request.get("explosions") or [])
                    request["explosions"] = said + [bool(check.choice.may_keep) and (len(said) + s) % 2 == 0]
    faces = {"ring": 2, "skill": 1, "tn": 2, "faces": []}
    out.append(("faces 0", faces, _roll(faces)))
    out.append(("faces 1", dict(faces, faces=[6, 1, 12]), _roll(dict(faces, faces=[6, 1, 12]))))
    return out


def _refusals() -> list:
    """``[(name, error dict)]``: what the engine refuses from these states (a die twice, too many
    kept, a reroll not allowed, an unknown field), a plural text in each form, a code without a catalog
    entry and a nested refusal."""
    out = []
    for name, request, result in _states():
        check = CheckView.from_result(result)
        tries = []
        if check.stage == "keep":
            tries = [{"keep": [0, 0]}, {"keep": list(range(len(check.pool)))}, {"keep": []}]
        elif check.stage == "reroll":
            tries = [{"rerolls": list(range(len(check.pool)))}, {"rerolls": [99]}]
        tries.append({"nonsense": 1})
        for extra in tries:
            try:
                systems.roll(dict(request, system="l5r5e", step=True, **extra))
            except TiradaError as err:
                out.append((f"{name} {sorted(extra)}", refusal.as_dict(err)))
    seen, unique = set(), []
    for name, err in out:
        key = json.dumps(err, sort_keys=True)
        if key not in seen:
            seen.add(key)
            unique.append((name, err))
    for n in (0, 1, 2):   # a plural text in each form (gettext on CPython, i18n.RULES on MicroPython)
        unique.append((f"keep_max n={n}", {"code": "l5r.keep_max", "params": {"n": n, "ring": 1, "helpers": 0, "got": 3},
                                           "field": "keep", "kind": "IllegalMove"}))
    unique.append(("unknown code", {"code": "l5r.no_such_code", "params": {"n": 1}, "field": "keep", "kind": "IllegalMove"}))
    unique.append(("nested", {"code": "link.roll_invalid", "params": {"error": {"code": "l5r.keep_min", "params": {}}},
                              "field": None, "kind": "LinkError"}))
    return unique


def board_cases() -> list:
    """The driver's ``l5r_board`` cases: every function of web/l5r/core_board.py on every state, in es and en."""
    cases = []
    for name, request, result in _states():
        text = json.dumps(result)
        check = CheckView.from_result(result)
        label = request.get("label", "")
        allowed = list(check.choice.allowed) if check.stage in ("reroll", "keep") else []
        markings = [[], allowed[:1], allowed[:3]] if allowed else [[]]
        for lang in ("es", "en"):
            def add(call, *args, where=f"{name} {lang}"):
                cases.append({"name": f"{where} {call} {len(cases)}", "kind": "l5r_board", "call": call,
                              "args": list(args)})
            for marked in markings:
                add("board_json", text, label, marked, lang, [["skill", 8]] if marked else [])
                preview = ""
                if check.stage == "keep" and marked:
                    try:
                        preview = json.dumps(_roll(dict(request, keep=marked)))
                    except TiradaError:
                        preview = ""
                add("status_json", text, marked, preview, lang)
                for index in allowed[:2]:
                    add("tap_json", text, index, marked, lang)
            if check.stage != "done":
                add("instruction_json", text, lang)
            add("result_html_json", text, lang)
            add("summary_json", text, lang)
    for name, err in _refusals():
        for lang in ("es", "en"):
            cases.append({"name": f"refusal {name} {lang}", "kind": "l5r_board", "call": "refusal_json",
                          "args": [json.dumps(err), lang]})
    return cases


def test_the_states_reach_every_stage_and_decision():
    states = _states()
    stages = {r["stage"] for _, _, r in states}
    assert stages == {"reroll", "keep", "explosion", "faces", "done"}
    done = [CheckView.from_result(r) for _, _, r in states if r["stage"] == "done"]
    assert any(c.added_dice for c in done) and any(any(d.rerolled for d in c.pool) for c in done)
    assert any(x.kept for c in done for x in c.explosion_dice) and any(x.kept is False for c in done for x in c.explosion_dice)
    assert {CheckView.from_result(r).choice.by for _, _, r in states if r["stage"] == "reroll"} == {"distinction", "adversity"}
    codes = {err["code"] for _, err in _refusals()}
    assert {"l5r.die_twice", "field.unknown", "l5r.keep_max"} <= codes and len(codes) >= 5


class Recording(dict):
    """A catalog that records every key looked up (``get``, ``in``, ``[]``)."""

    def __init__(self, *args):
        super().__init__(*args)
        self.asked = set()

    def get(self, key, default=None):
        self.asked.add(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.asked.add(key)
        return super().__contains__(key)

    def __getitem__(self, key):
        self.asked.add(key)
        return super().__getitem__(key)


def _run_all(cases: list) -> list:
    return [getattr(core_board, c["call"])(*c["args"]) for c in cases]


def test_the_generated_catalog_holds_every_key_the_board_looks_up(monkeypatch):
    """Every key looked up while rendering every case that the whole catalog has is in the cut one; and
    the cut one gives the same texts (a key it lacked would show as the key itself)."""
    full = strings.STRINGS
    cases = board_cases()
    recording = Recording(full)
    for module in (strings, refusal, i18n):
        monkeypatch.setattr(module, "STRINGS", recording)
    monkeypatch.setattr(i18n, "_CATALOGS", {})
    whole = _run_all(cases)
    wanted = set(core_l5r.catalog_keys(full))
    missing = sorted(k for k in recording.asked if k in full and k not in wanted)
    assert missing == []
    assert recording.asked & wanted and any(k.startswith("err.") for k in recording.asked & wanted)
    cut = {k: full[k] for k in wanted}
    for module in (strings, refusal, i18n):
        monkeypatch.setattr(module, "STRINGS", cut)
    monkeypatch.setattr(i18n, "_CATALOGS", {})
    assert _run_all(cases) == whole


def test_the_generated_catalog_module_is_the_catalog_cut(tmp_path):
    source = core_l5r.strings_source()
    namespace: dict = {}
    exec(compile(source, "shell/strings.py", "exec"), namespace)
    assert namespace["LANGS"] == strings.LANGS and namespace["DEFAULT_LANG"] == strings.DEFAULT_LANG
    assert namespace["STRINGS"] == {k: strings.STRINGS[k] for k in core_l5r.catalog_keys(strings.STRINGS)}
    assert len(source.encode()) < 80_000 < len(repr(strings.STRINGS).encode())   # the core does not ship it all
    for key in ("l5r.heading", "result.heading", "err.l5r.keep_max", "err.field.unknown", "err.unknown"):
        assert namespace["t"](key, "en") == strings.t(key, "en")
    assert namespace["html_escape"]("<a href='x'>&\"") == strings.html_escape("<a href='x'>&\"")


def test_the_error_codes_include_the_checks_and_the_requests():
    codes = set(core_l5r.error_codes())
    assert {"l5r.keep_max", "l5r.die_twice", "field.unknown", "field.range", "request.system_unknown"} <= codes
    assert "brs.illegal_move" not in codes and not any(c.startswith("tragedia.") for c in codes)


@pytest.mark.parametrize("text", ["{a!r:>3}", "{{x}}", "a{b:{c}}d", "{0}{}", "{{", "a}}b{{c{d}}}", ""])
def test_the_portable_template_reader_is_the_stdlibs(text):
    import string

    assert i18n.fields(text) == list(string.Formatter().parse(text))


def test_the_portable_reader_and_plural_rule_agree_with_the_stdlib_on_every_catalog_text(monkeypatch):
    import string

    texts = [x for e in strings.STRINGS.values() for v in e.values() for x in (v if isinstance(v, tuple) else (v,))]
    assert [i18n.fields(x) for x in texts] == [list(string.Formatter().parse(x)) for x in texts]
    plural = [k for k, e in strings.STRINGS.items() if isinstance(e.get("es"), tuple)]
    assert plural
    with_gettext = [i18n.template(k, lang, n) for k in plural for lang in strings.LANGS for n in (0, 1, 2, 7, None)]
    monkeypatch.setattr(i18n, "gettext", None)
    assert [i18n.template(k, lang, n) for k in plural for lang in strings.LANGS for n in (0, 1, 2, 7, None)] == with_gettext


def _bundle_modules() -> dict:
    """``{import name: source}`` of the bundle (the generated catalog as generated)."""
    out = {}
    for target, path in core_l5r.l5r_files().items():
        out[target[:-3].replace("/", ".")] = path.read_text(encoding="utf-8")
    return out


def test_the_bundle_holds_the_board_and_imports_only_what_the_core_has():
    modules = _bundle_modules()
    assert {"l5r.core_board", "l5r.ui_l5r_render", "shell.render", "shell.refusal", "shell.i18n", "shell.strings",
            "tirada.refusals"} <= set(modules)
    assert not set(modules) & set(CORE)       # nothing core.bin has already
    have = set(CORE) | set(modules)
    for name, source in modules.items():
        assert core_syntax_problems(name, source) == [], name
        for node, parents in imports(ast.parse(source)):
            if guarded(parents) or (isinstance(node, ast.ImportFrom) and node.level):
                continue
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for module in names:
                top = module.split(".")[0]
                ok = (module in have or top in reading_stdlib() or
                      (isinstance(node, ast.ImportFrom) and any(f"{module}.{a.name}" in have for a in node.names)))
                assert ok, (name, node.lineno, module)


def reading_stdlib() -> set:
    """What MicroPython has of the standard library for the core (with ``html``: its ``escape`` is CPython's)."""
    return set(reading_core.MICROPYTHON_STDLIB | reading_core.SHIMMED) | {"html"}


def test_dist_core_l5r_bin_holds_the_board_compiled_and_core_bin_does_not(tmp_path, monkeypatch):
    import gzip

    from buildtools import core

    monkeypatch.setattr(core_l5r, "DIST", tmp_path)
    path = core_l5r.write_l5r()
    files = core.unbundle(gzip.decompress(path.read_bytes()))
    assert sorted(files) == sorted(name[:-3] + ".mpy" for name in core_l5r.l5r_files())
    assert "shell/strings.mpy" in files and all(data[:2] == b"M\x06" for data in files.values())
    assert path.stat().st_size < 40_000     # fetched for an L5R check only, on top of core.bin
    assert not any(name.startswith(("l5r/", "shell/")) for name in core.core_files())   # a roll link never needs it


def _run_micropython(input_path: pathlib.Path, tmp: pathlib.Path) -> str:
    from buildtools.core import compile_core, core_sources

    files = {}
    for target, compiled in list(compile_core(core_sources()).items()) + list(compile_core(core_l5r.l5r_sources()).items()):
        path = tmp / "lib" / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled)
        files[f"/lib/{target}"] = str(path)
    plan = tmp / "plan.json"
    plan.write_text(json.dumps({"files": files, "driver": str(DRIVER), "input": str(input_path)}), encoding="utf-8")
    done = subprocess.run(["node", str(RUNNER), str(plan)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _run_cpython(input_path: pathlib.Path) -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(PYLIB), str(ROOT / "web")]))
    done = subprocess.run([sys.executable, str(DRIVER), str(input_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _on_both(cases: list, tmp_path: pathlib.Path) -> tuple:
    """``cases`` run by the driver on CPython and on MicroPython: ``(CPython's results, MicroPython's)``, their
    whole outputs checked byte for byte first (skipped without Node and node_modules, failed in CI)."""
    if shutil.which("node") is None or not MICROPYTHON.exists():
        if os.environ.get("CI"):
            pytest.fail("Node or node_modules/@micropython/micropython-webassembly-pyscript is missing in CI")
        pytest.skip("needs Node and node_modules (python3 build.py build)")
    input_path = tmp_path / "input.json"
    input_path.write_text(json.dumps({"cases": cases}), encoding="utf-8")
    on_cpython = _run_cpython(input_path)
    on_micropython = _run_micropython(input_path, tmp_path)
    ours, theirs = json.loads(on_cpython)["results"], json.loads(on_micropython)["results"]
    assert len(ours) == len(theirs) == len(cases)
    assert on_micropython.split('"results"')[1] == on_cpython.split('"results"')[1]
    return ours, theirs


@pytest.mark.slow
def test_the_board_renders_byte_for_byte_the_same_on_micropython(tmp_path):
    cases = board_cases()
    ours, theirs = _on_both(cases, tmp_path)
    for case, mine, other in zip(cases, ours, theirs):
        assert isinstance(mine.get("ok"), str), (case["name"], mine)
        assert mine["ok"] or case["call"] == "status_json", case["name"]   # faces mode before the keep: no counters
        assert other == mine, case["name"]


def check_cases() -> list:
    """L5R checks played on the core step by step (web/l5r/core_check.py): begun from the form, dice tapped,
    rerolls (one undone, as when the page cannot store it, and sent again), the language switched, keeps,
    added dice and explosions decided (some refused: compared too), signed and unsigned, in es and en, for
    8 seeds each."""
    base = {"ring": "3", "skill": "2", "tn": "3", "assist_skilled": "0", "assist_unskilled": "0", "stance": ""}
    forms = [("distinction", {**base, "distinction": True}), ("adversity", {**base, "adversity": True}),
             ("compromised, fire", {**base, "compromised": True, "stance": "fire"}), ("plain", base)]
    cases = []
    for name, values in forms:
        for seed in range(8):
            lang = "es" if seed % 2 == 0 else "en"
            roller = "Kaito" if seed % 4 < 2 else ""
            ask = {"system": "l5r5e", "values": values, "label": "Saltar «Ω»", "roller": roller,
                   "campaign": "Rokugan", "head": None, "created": 1765000000 + seed, "random": format(seed, "02x") * 256,
                   "lang": lang, "page_url": "https://example.org/tirada/"}

            def decide(what, n, keep=None):
                asked = {"name": what, "head": None, "created": 1765000100 + n, "random": format(n + 100, "02x") * 256}
                if keep is not None:
                    asked["keep"] = keep
                return ["decide", asked]

            calls = [["begin", ask], ["tap", 0], ["tap", 1], ["tap", 1], decide("rerolls", seed), ["undo", None],
                     ["redraw_in", "en" if lang == "es" else "es"], decide("rerolls", seed + 50),
                     ["add", "skill:10"], ["add", 0], ["add", "ring:5"], ["tap", 0], ["tap", 2], decide("keep", seed + 1),
                     ["tap", 1], decide("keep", seed + 2)]
            calls += [decide("explosions", seed + 3 + i, keep=i % 2 == 0) for i in range(4)]
            cases.append({"kind": "l5r_check", "name": f"{name}, seed {seed}", "calls": calls})
    return cases


@pytest.mark.slow
def test_a_check_plays_byte_for_byte_the_same_on_micropython(tmp_path):
    """The whole of web/l5r/core_check.py (the form read, each fair-play step, the board, the finished
    link and its words) answers the same on MicroPython as on CPython, for every call of 32 checks."""
    cases = check_cases()
    ours, theirs = _on_both(cases, tmp_path)
    states: set = set()
    for case, mine, other in zip(cases, ours, theirs):
        assert isinstance(mine.get("ok"), list), (case["name"], mine)
        states |= {answer["state"] for answer in mine["ok"]}
        assert other == mine, case["name"]
    assert states == {"board", "rolled", "refused", "full"}   # every kind of answer was compared
