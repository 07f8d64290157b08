"""build.py reads pytest's JUnit XML for its totals (issue #12), not pytest's text output."""

import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py runs on CPython only")

XML = """<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">
<testsuite name="pytest" errors="1" failures="2" skipped="3" tests="17" time="1.0"></testsuite>
</testsuites>"""


def _build():
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parent.parent / "build.py"
    spec = importlib.util.spec_from_file_location("tirada_build_script", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_totals_come_from_the_junit_report(tmp_path):
    report = tmp_path / "junit.xml"
    report.write_text(XML, encoding="utf-8")
    assert _build().junit_totals(report) == {"passed": 11, "failed": 3, "skipped": 3}


def test_a_bare_testsuite_root_is_read_too(tmp_path):
    report = tmp_path / "junit.xml"
    report.write_text('<testsuite tests="4" failures="0" errors="0" skipped="1"/>', encoding="utf-8")
    assert _build().junit_totals(report) == {"passed": 3, "failed": 0, "skipped": 1}


def test_a_real_pytest_report_matches_its_run(tmp_path):
    """Run a tiny suite with pytest's own junit writer and read it back."""
    import subprocess

    (tmp_path / "test_tiny.py").write_text(
        "import pytest\n"
        "def test_ok(): assert True\n"
        "def test_bad(): assert False\n"
        "@pytest.mark.skip\ndef test_skip(): pass\n", encoding="utf-8")
    report = tmp_path / "out.xml"
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path / "test_tiny.py"),
                    f"--junitxml={report}"], cwd=tmp_path, capture_output=True)
    assert _build().junit_totals(report) == {"passed": 1, "failed": 1, "skipped": 1}
