"""The page's one JS↔Python contract (issue #25): web/shell/contract.json declares every engine state, event,
``globalThis`` value and performance mark that web/loader.js, web/pyodide-start.mjs and the Python glue
share. Every name the sources (and bench/ and the tests, which read the diagnostics) use is declared
there, every declared name is used, and no source goes around it (no ``dataset.engine``, no literal
``globalThis.tirada…`` written by the page)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads the repository's sources")
CONTRACT = json.loads((WEB / "shell" / "contract.json").read_text(encoding="utf-8"))
#: The page's sources that share the contract (JavaScript and the Python glue).
JS = sorted([*WEB.glob("*.js"), *WEB.glob("*.mjs")])
PY = sorted(WEB.rglob("*.py"))
#: Readers of the diagnostics and marks: the benchmarks and the tests.
READERS = sorted([*(ROOT / "bench").glob("*.py"), *(ROOT / "bench").glob("*.mjs"), *(ROOT / "tests").rglob("*.py")])
#: globalThis names a test sets itself (its own stubs), not the page's.
TEST_STUBS = {"tiradaShared"}


def text(paths) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def code(path: Path) -> str:
    """A source without its comments (JavaScript // and /* */, Python #; docstrings stay)."""
    body = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return re.sub(r"(?m)^\s*#.*$|\s+#\s.*$", "", body)
    return re.sub(r"(?ms)/\*.*?\*/|^\s*//.*?$|\s//\s.*?$", "", body)


DIAG = {key: v["name"] for key, v in CONTRACT["diagnostics"]["values"].items()}
FUNCTIONS = {key: v["name"] for key, v in CONTRACT["functions"].items()}
EVENTS = {key: v["name"] for key, v in CONTRACT["events"].items()}
MARKS = set(CONTRACT["marks"]["names"])
STATES = set(CONTRACT["engine"]["states"])


def test_every_global_name_anywhere_is_declared():
    used = set(re.findall(r"\btirada[A-Z]\w*", text([*JS, *PY, *READERS])))
    declared = set(DIAG.values()) | set(FUNCTIONS.values())
    assert used - declared - TEST_STUBS == set()


def test_every_event_and_mark_name_anywhere_is_declared():
    prefix = CONTRACT["marks"]["prefix"]
    found = set(re.findall(r"""["'`]tirada:([a-z][a-z-]*)""", text([*JS, *PY, *READERS])))
    events = {name.removeprefix(prefix) for name in EVENTS.values()}
    assert found - events - MARKS == set()


def test_the_page_goes_through_the_contract():
    """No source writes a diagnostic, reads the engine's state or names an event or mark by hand."""
    for path in [*JS, *PY]:
        if path.name in ("contract.py", "first.js"):   # the contract's own reader; the classic first script (below)
            continue
        body = code(path)
        assert "dataset.engine" not in body and '"data-engine"' not in body, path.name
        assert not re.search(r"\b(?:globalThis|window)\.tirada[A-Z]", body), path.name
        assert not re.search(r"""["'`]tirada:[a-z]""", body), path.name


def test_the_first_script_writes_the_declared_name_only():
    """web/first.js runs before any module, as a classic script, so it cannot import the contract: the one
    global it reads and writes is functions.early_core's name, and it names no event, mark or diagnostic."""
    body = code(WEB / "first.js")
    assert set(re.findall(r"\btirada[A-Z]\w*", body)) == {FUNCTIONS["early_core"]}
    assert "dataset.engine" not in body and not re.search(r"""["'`]tirada:[a-z]""", body)


def keys(pattern: str, paths) -> set:
    return set(re.findall(pattern, "\n".join(code(p) for p in paths)))


def test_every_declared_name_is_used_and_every_used_key_declared():
    diag = keys(r"DIAG\.(\w+)", JS) | keys(r"DIAGNOSTICS\.(\w+)", PY)
    assert diag == set(DIAG)
    functions = keys(r"FUNCTIONS\.(\w+)\.name", JS) | keys(r"FUNCTIONS\.(\w+)", PY)
    assert functions == set(FUNCTIONS)
    assert keys(r"EVENTS\.(\w+)\.name", JS) == set(EVENTS)
    marks = keys(r"""\bmark\(["']([a-z-]+)["'][,)]""", JS) | keys(r"""(?:mark_name|_measure)\(["']([a-z-]+)["']""", PY)
    assert marks == MARKS


def test_engine_states_used_are_the_declared_ones():
    js = keys(r"""engineState(?:\(\))? [!=]== ["'](\w+)["']""", JS) | \
        keys(r"""setAttribute\(ENGINE\.attribute, ["'](\w+)["']\)""", JS)
    py = {name.lower() for name in keys(r"contract\.(READY|FAILED)\b", PY)}
    html = keys(r"""data-engine="(\w+)\"""", [WEB / "index.html"])
    assert js | py | html == STATES
    assert html == {"loading"}


def test_diagnostic_values_written_are_declared():
    written = re.findall(r"""globalThis\[DIAG\.(\w+)\] = ["']([^"']+)["']""", "\n".join(code(p) for p in JS))
    written += re.findall(r"""setattr\(window, contract\.DIAGNOSTICS\.(\w+), ["']([^"']+)["']\)""",
                          "\n".join(code(p) for p in PY))
    assert written
    for key, value in written:
        assert value in CONTRACT["diagnostics"]["values"][key]["values"], (key, value)


def test_python_reads_the_same_contract():
    from shell import contract   # web/shell/contract.py (tests/conftest.py puts web/'s folders on sys.path)
    assert contract.CONTRACT == CONTRACT
    assert contract.mark_name("booted") == "tirada:booted"
    with pytest.raises(KeyError):
        contract.mark_name("undeclared")

    class Root:
        def setAttribute(self, name, value):  # noqa: N802 - the DOM's name
            self.set = (name, value)

    class Document:
        documentElement = Root()

    contract.set_engine(Document, contract.READY)
    assert Document.documentElement.set == ("data-engine", "ready")
    with pytest.raises(ValueError):
        contract.set_engine(Document, "half-ready")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_imports_the_same_contract(tmp_path):
    """dist/generated.mjs (buildtools/generated.py) exports web/shell/contract.json as CONTRACT."""
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    build.write_generated(tmp_path)
    driver = tmp_path / "driver.mjs"
    driver.write_text('import { CONTRACT, START } from "./generated.mjs";\n'
                      'console.log(JSON.stringify({ CONTRACT, START }));\n', encoding="utf-8")
    out = json.loads(subprocess.run(["node", str(driver)], capture_output=True, text=True, check=True).stdout)
    assert out["CONTRACT"] == CONTRACT
    assert set(out["START"]) == {"lock", "snapshot", "snapshot_revision", "snapshot_length", "wasm_revision",
                                 "pyscript_setup"}


def test_the_controlled_workers_name_is_the_one_pyodide_start_reads():
    """web/shell/app.py names a worker made while the service worker controls the page so that
    web/pyodide-start.mjs starts it from the snapshot (issue #41): one name on both sides."""
    in_python = re.findall(r'^CONTROLLED_WORKER = "([^"]+)"$', code(WEB / "shell" / "app.py"), re.M)
    found = re.findall(r'export const CONTROLLED_WORKER = "([^"]+)";', code(WEB / "pyodide-start.mjs"))
    assert len(in_python) == 1 and found == in_python, (in_python, found)
