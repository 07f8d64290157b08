"""QA regressions: the command line with nonsense input (exit 2, one line, no traceback)."""

from __future__ import annotations

import json
import sys

import pytest
from helpers.cli import run



def _one_line_error(code, out, err):
    assert code == 2, err
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("argv, stdin", [
    (["roll", '{"system": [1]}'], ""),
    (["roll", '{"system": {"a": 1}}'], ""),
    (["roll", '{"system":"generic","dice":3,"sides":6,"seed":100000000000}'], ""),
    (["roll", '{"system":"generic","dice":' + "9" * 5000 + ',"sides":6}'], ""),
    (["roll"], b'\xff\xfe{"system":"generic"}'),
    (["link", "verify"], b"#t1\xff"),
    (["roll", '{"system":"generic","dice":1,"sides":6,"label":"\udcff"}'], ""),
    (["frobnicate"], ""),
])
def test_nonsense_is_one_line_and_exit_2(argv, stdin):
    """Bugs: unhashable system (exit 1), integer seed (MemoryError), a 5000-digit number
    (ValueError), invalid UTF-8 on stdin or argv, an unknown command printing the whole usage."""
    _one_line_error(*run(argv, stdin))


def test_a_lone_surrogate_in_json_is_printed_escaped_not_a_traceback():
    """Bug: ``"label": "\\ud800"`` crashed while printing the result (UnicodeEncodeError)."""
    code, out, err = run(["roll", '{"system":"generic","dice":1,"sides":6,"label":"\\ud800","faces":[3]}'])
    assert code == 0 and err == ""
    out.encode("utf-8")
    assert json.loads(out)["label"] == "\ud800"


@pytest.mark.parametrize("argv, stdin, key", [
    (["link", "encode"], '{"system":"sifrp","test_dice":2}', "fragment"),
    (["brs", "defences"], '{"score": 7, "dice": [3, 4]}', None),
])
def test_subcommands_read_their_input_from_stdin(argv, stdin, key):
    """Bug: ``link encode < req.json`` said "no request given": stdin was only read when the
    command had no argument at all, so sub-commands never got it."""
    code, out, err = run(argv, stdin)
    assert "no request given" not in err and "no defence request given" not in err
    if key:
        assert code == 0 and key in json.loads(out)


def test_link_verify_reads_the_link_from_stdin():
    code, out, _ = run(["link", "encode", '{"system":"sifrp","test_dice":2,"seed":"%032x"}' % 7])
    fragment = json.loads(out)["fragment"]
    code, out, err = run(["link", "verify"], fragment + "\n")
    assert code == 0, err
    assert json.loads(out)["request"]["test_dice"] == 2


@pytest.mark.skipif(sys.platform == "emscripten", reason="CLI on CPython only")
def test_scene_replay_without_file_reads_stdin():
    code, out, err = run(["scene", "replay"], "{not json")
    assert code == 2 and "no scene ledger given" not in err and "not valid JSON" in err


@pytest.mark.skipif(sys.platform == "emscripten", reason="runs a subprocess (CPython only)")
def test_output_closed_early_prints_no_traceback():
    """Issue #15: ``python -m tirada … | head`` printed a BrokenPipeError traceback. The reader
    closes the pipe after a few bytes of a long output; stderr must stay empty."""
    import subprocess

    request = '{"system":"generic","dice":20,"sides":100,"keep":20}'  # ~150 KB of JSON, over a pipe buffer
    proc = subprocess.Popen([sys.executable, "-m", "tirada", "odds", request], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = proc.stdout.read(16)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=60)
    assert first.startswith(b"{")
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err, err
    assert code in (0, 1)
