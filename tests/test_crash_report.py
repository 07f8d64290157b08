"""The browser tests' renderer-crash report (issue #37: a CI run failed on "Target crashed" in 9 tests
and 38 reruns, and said nothing of why): ``record_crash`` in tests/e2e/conftest.py writes one JSON line
per crash, ``buildtools.testing.crash_report`` prints them after the browser tests."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads /proc (CPython only)")


def crash_report(path: Path) -> str:
    sys.path.insert(0, str(ROOT))
    from buildtools.testing import crash_report as report

    return report(path)


def _e2e_conftest():
    spec = importlib.util.spec_from_file_location("e2e_conftest", ROOT / "tests" / "e2e" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_crash_file_prints_nothing(tmp_path):
    assert crash_report(tmp_path / "none.jsonl") == ""
    (tmp_path / "empty.jsonl").write_text("")
    assert crash_report(tmp_path / "empty.jsonl") == ""


def test_a_recorded_crash_is_reported_with_the_machine_state(tmp_path, monkeypatch):
    conftest = _e2e_conftest()
    monkeypatch.setattr(conftest, "CRASHES", tmp_path / "crashes.jsonl")
    monkeypatch.setattr(conftest, "BROWSER_TMP", tmp_path)
    (tmp_path / f"chromium-{conftest._worker()}.log").write_text(
        "[1:1:1205/204710.8:ERROR:dbus/bus.cc:405] Failed to connect to the bus\n"
        "[2:2:1205/204711.0:FATAL:partition_alloc.cc:12] Out of memory\n")
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/e2e/test_x.py::test_y (call)")
    conftest.record_crash("http://127.0.0.1:1/#roll=abc")
    conftest.record_crash("http://127.0.0.1:1/#roll=def")
    records = [json.loads(line) for line in (tmp_path / "crashes.jsonl").read_text().splitlines()]
    assert [r["url"][-3:] for r in records] == ["abc", "def"]
    assert records[0]["test"] == "tests/e2e/test_x.py::test_y"
    assert records[0]["mem_available_mb"] > 0 and records[0]["tmp_free_mb"] > 0
    assert records[0]["chromium_log"] == ["[2:2:1205/204711.0:FATAL:partition_alloc.cc:12] Out of memory"]
    report = crash_report(tmp_path / "crashes.jsonl")
    assert report.splitlines()[1] == "renderer crashes in the browser tests: 2"
    assert report.count("tests/e2e/test_x.py::test_y load") == 2
    assert "Out of memory" in report and "dbus" not in report


def test_a_torn_line_is_skipped(tmp_path):
    path = tmp_path / "crashes.jsonl"
    path.write_text('{"test": "a", "load": 1.0}\n{"test": "b", "lo\n')
    report = crash_report(path)
    assert "renderer crashes in the browser tests: 1" in report and "  a load 1.0" in report


def _minidump(path: Path, rip: int, module_base: int, signal: int = 11) -> None:
    """A minimal x86-64 minidump: header, a directory of two streams (exception, module list), a
    CPU context holding ``rip``, one module ``/usr/lib/chromium/chromium`` at ``module_base``."""
    import struct

    name = "/usr/lib/chromium/chromium".encode("utf-16-le")
    directory = 32
    exception = directory + 2 * 12
    context = exception + 168
    modules = context + 0x4D0
    name_at = modules + 4 + 108
    data = bytearray(name_at + 4 + len(name))
    struct.pack_into("<4sIII", data, 0, b"MDMP", 0xA793, 2, directory)
    struct.pack_into("<III", data, directory, 6, 168, exception)
    struct.pack_into("<III", data, directory + 12, 4, 4 + 108, modules)
    struct.pack_into("<IIIIQQ", data, exception, 1, 0, signal, 0, 0, 0x1BEE0000)
    struct.pack_into("<II", data, exception + 160, 0x4D0, context)
    struct.pack_into("<Q", data, context + 0xF8, rip)
    struct.pack_into("<Q", data, context + 0x98, 0x1BEDC000)
    struct.pack_into("<I", data, modules, 1)
    struct.pack_into("<QIIII", data, modules + 4, module_base, 0x10000000, 0, 0, name_at)
    struct.pack_into("<I", data, name_at, len(name))
    data[name_at + 4:] = name
    path.write_bytes(bytes(data))


def test_minidumps_name_their_crash_site_in_the_report(tmp_path):
    sys.path.insert(0, str(ROOT))
    from buildtools import minidump

    base = 0x55D0_0000_0000
    for i, rip in enumerate((base + 0x9C6674D, base + 0x9C6674D, 0x7F00_0000_1234)):
        _minidump(tmp_path / f"{i}.dmp", rip, base)
    (tmp_path / "bad.dmp").write_bytes(b"not a dump")
    sites = minidump.new_sites(0, tmp_path)
    assert sorted(s.site for s in sites) == ["0x7f0000001234", "chromium+0x9c6674d", "chromium+0x9c6674d",
                                             "unreadable (bad.dmp: not a minidump)"]
    good = [s for s in sites if s.site == "chromium+0x9c6674d"][0]
    assert (good.signal, good.fault, good.rsp) == (11, "0x1bee0000", "0x1bedc000")
    from buildtools.testing import crash_report as report

    text = report(tmp_path / "none.jsonl", sites=sites)
    assert "minidumps written meanwhile" in text and ": 4, by crash site: chromium+0x9c6674d ×2 (signal 11)" in text
    assert minidump.new_sites(0, tmp_path / "missing") == []
    assert minidump.new_sites(4e9, tmp_path) == []
