"""The userscript's source (web/tirada.user.js, issue #30) agrees with the frame it talks to: the
same protocol version and limits as tirada.links.marks, the line ``deploy --url`` fills, and a
header a userscript manager installs (every page, GM_* storage and menu, top frame only).

CPython only (reads web/ from the repository)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tirada.links import marks

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/ (CPython only)")

ROOT = Path(__file__).resolve().parents[1]
SOURCE = (ROOT / "web" / "tirada.user.js").read_text(encoding="utf-8")


def test_the_limits_and_version_are_the_frames():
    line = re.search(r"const VERSION = (\d+), MAX_LINKS = (\d+), MAX_TEXT = (\d+), MAX_HREF = (\d+),", SOURCE)
    assert line, "the constants line of web/tirada.user.js"
    assert tuple(map(int, line.groups())) == (marks.VERSION, marks.MAX_LINKS, marks.MAX_TEXT, marks.MAX_HREF)
    assert f'tirada: "{marks.PROTOCOL}"' in SOURCE and f'"{marks.READY}"' in SOURCE and f'"{marks.ANSWER}"' in SOURCE


def test_the_line_deploy_fills_is_there_once():
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    assert SOURCE.count(build.USERSCRIPT_DEFAULT) == 1


def test_the_header_installs_on_every_page_in_the_top_frame_only():
    header = SOURCE.split("// ==/UserScript==")[0]
    assert header.startswith("// ==UserScript==")
    for line in ("@match        *://*/*", "@grant        GM_getValue", "@grant        GM_setValue",
                 "@grant        GM_registerMenuCommand", "@noframes", "@name         Tirada en el foro"):
        assert line in header
    assert "if (window.top !== window.self) return;" in SOURCE     # also as an extension's content script
