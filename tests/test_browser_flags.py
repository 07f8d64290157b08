"""The browser tests' Chromium flags keep Playwright's own (issue #37).

tests/e2e/conftest.py turns off Chromium's per-window omnibox popups with ``--disable-features``; a
second ``--disable-features`` replaces Playwright's, so conftest repeats Playwright's list. This test
reads the list from the installed Playwright and fails when an upgrade adds a feature conftest lacks.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads the installed Playwright (CPython only)")


def _playwright_disabled() -> list:
    playwright = pytest.importorskip("playwright")
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    if not bundle.exists():
        pytest.skip("Playwright's driver bundle is not where this Playwright keeps it")
    text = bundle.read_text(encoding="utf-8", errors="replace")
    found = re.search(r"disabledFeatures = \[(.*?)\]\.filter", text, re.DOTALL)
    assert found, "Playwright's chromiumSwitches no longer lists disabledFeatures: read it again"
    return re.findall(r'^\s*"([A-Za-z]+)"', found.group(1), re.MULTILINE)


def _conftest_disabled() -> list:
    source = (Path(__file__).parent / "e2e" / "conftest.py").read_text(encoding="utf-8")
    block = source[source.index("PLAYWRIGHT_DISABLED = ["):source.index("ARGS += os.environ")]
    return re.findall(r'"([A-Za-z]+)"', block)


def test_the_test_browsers_keep_every_feature_playwright_turns_off():
    ours, theirs = set(_conftest_disabled()), _playwright_disabled()
    assert theirs, "no feature read from Playwright's list"
    missing = [f for f in theirs if f not in ours and not f.startswith("ms")]   # ms…: Edge only
    assert missing == []
    assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} <= ours
