"""dist/strings-en.json (issue #41): the English of every key the static page uses, from the one catalog.

web/early-lang.mjs shows index.html (built in Spanish) in English before Pyodide is up from this file, as
web/shell/page.py apply_lang would: so the file must hold exactly the keys of index.html's [data-i18n]
elements and [data-i18n-attr] attributes and the title's, each with the text apply_lang writes
(``shell.strings.t(key, "en")``), and stay small (an English phone downloads it before its first view;
a Spanish one never does: nothing of index.html names it)."""

from __future__ import annotations

import gzip
import json
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads the repository's sources")
sys.path.insert(0, str(ROOT))
try:
    from buildtools import pages  # noqa: E402
finally:
    sys.path.remove(str(ROOT))

from shell import strings  # noqa: E402  (tests/conftest.py puts web/'s folders on sys.path)


class _Keys(HTMLParser):
    """Every catalog key a page's static texts use: [data-i18n] and the keys of [data-i18n-attr]."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.keys: set = set()

    def handle_starttag(self, tag, attrs) -> None:
        named = dict(attrs)
        if named.get("data-i18n"):
            self.keys.add(named["data-i18n"])
        for pair in (named.get("data-i18n-attr") or "").split(";"):
            if pair:
                self.keys.add(pair.split(":")[1])


def page_keys(html: str) -> set:
    parser = _Keys()
    parser.feed(html)
    parser.close()
    return parser.keys


@pytest.fixture(scope="module")
def page_html() -> str:
    """index.html with its panels and the systems' fieldsets, as the build fills it."""
    return pages.include_panels((ROOT / "web" / "index.html").read_text(encoding="utf-8"))


def test_the_file_holds_exactly_the_english_of_every_key_the_page_uses(page_html, tmp_path, monkeypatch):
    monkeypatch.setattr(pages, "DIST", tmp_path)
    path = pages.write_english(page_html, strings)
    assert path == tmp_path / pages.STRINGS_EN
    written = json.loads(path.read_text(encoding="utf-8"))
    keys = page_keys(page_html) | {"app.title"}
    assert len(keys) > 400 and "nav.roll" in keys and "action.roll" in keys and "system.sifrp" in keys
    assert set(written) == keys
    assert written == {key: strings.t(key, "en") for key in keys}
    # what apply_lang writes for a plural pair: its "other" form, as shell.strings.t gives it
    assert all(isinstance(text, str) and text for text in written.values())
    assert written["nav.roll"] == "Roll" and written["app.title"] == strings.STRINGS["app.title"]["en"]
    # small: an English phone downloads it early (about 32 KB, 12 KB gzip)
    raw = path.read_bytes()
    assert len(raw) < 40_000 and len(gzip.compress(raw)) < 15_000
    # never named by the page itself (no preload, nothing inlined): a Spanish visit does not download it
    assert pages.STRINGS_EN not in page_html


def test_the_built_file_is_the_built_pages():
    """dist/, when built: its strings-en.json is the English of its own index.html's keys (a dist/ built
    before the sources changed is checked against itself: the fast suite builds nothing)."""
    built = pages.DIST / "index.html"
    if not built.exists():
        pytest.skip("dist/ is not built (build.py build)")
    html = built.read_text(encoding="utf-8")
    written = json.loads((pages.DIST / pages.STRINGS_EN).read_text(encoding="utf-8"))
    assert set(written) == page_keys(html) | {"app.title"}
    catalog = [*(ROOT / "web").rglob("strings*.py"), *(ROOT / "pylib" / "tirada").rglob("*.py")]
    if built.stat().st_mtime >= max(path.stat().st_mtime for path in catalog):   # else built before an edit
        assert written == {key: strings.t(key, "en") for key in written}
    assert pages.STRINGS_EN not in html and written["app.tagline"] not in html   # nothing of it inlined


def test_a_key_the_catalog_lacks_stops_the_build(tmp_path, monkeypatch):
    monkeypatch.setattr(pages, "DIST", tmp_path)
    with pytest.raises(pages.SetupError, match="no.such_key"):
        pages.write_english('<p data-i18n="nav.roll">x</p><i data-i18n-attr="title:no.such_key"></i>', strings)
    assert pages.static_keys('<p data-i18n="a.b"></p><i data-i18n-attr="title:c.d;aria-label:e.f"></i>') == \
        ["a.b", "app.title", "c.d", "e.f"]
