"""The UI catalog (web/shell/strings.py + web/strings_*.py): every string in Spanish and English, every key used exists.

CPython only (reads web/ from the repository). A failure names the missing key and where it is used.
See docs/i18n.md.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/ sources (CPython only)")

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
RULES = ROOT.parent / "shared" / "rules"


@pytest.fixture(scope="module")
def catalog():
    """web/shell/strings.py imported with every strings_*.py merged, as the page and build.py see it."""
    for name in [n for n in sys.modules if n == "shell.strings" or n.rpartition(".")[2].startswith("strings_")]:
        del sys.modules[name]
    return importlib.import_module("shell.strings")


def html_sources() -> list:
    return [WEB / "index.html", *sorted((WEB / "panels").glob("*.html"))]


def keys_used_in_html(text: str) -> set:
    """``{{key}}`` placeholders, ``data-i18n="key"`` and ``data-i18n-attr="attr:key;attr:key"`` keys."""
    keys = set(re.findall(r"\{\{\s*([a-z0-9_.]+)\s*\}\}", text))
    keys |= set(re.findall(r'data-i18n="([^"]+)"', text))
    for spec in re.findall(r'data-i18n-attr="([^"]+)"', text):
        keys |= {pair.partition(":")[2].strip() for pair in spec.split(";") if pair.strip()}
    return keys


def keys_used_in_python(source: str) -> set:
    """Literal first arguments of ``t("…")`` / ``tr("…")`` / ``_t("…")`` calls (f-strings are skipped)."""
    keys = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            arg = node.args[0]
            if name in ("t", "tr", "_t") and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                keys.add(arg.value)
    return keys


def test_every_entry_has_spanish_and_english(catalog):
    missing = []
    for key, entry in catalog.STRINGS.items():
        for lang in catalog.LANGS:
            value = entry.get(lang) if isinstance(entry, dict) else None
            # a plural text is a pair (one, other) picked by web/shell/i18n.py through gettext
            forms = value if isinstance(value, tuple) and len(value) == 2 else (value,)
            if not all(isinstance(v, str) and v.strip() for v in forms):
                missing.append(f"{key} [{lang}]")
    assert missing == [], f"UI strings without a translation: {missing}"
    assert catalog.LANGS == ("es", "en") and catalog.DEFAULT_LANG == "es"


def test_every_strings_module_is_merged(catalog):
    for path in sorted(WEB.rglob("strings_*.py")):
        module = importlib.import_module(f"{path.parent.name}.{path.stem}")
        lost = sorted(set(module.STRINGS) - set(catalog.STRINGS))
        assert lost == [], f"{path.name} is not merged into web/shell/strings.py (add its one line): {lost[:5]}"
        clash = sorted(k for k in module.STRINGS if catalog.STRINGS[k] is not module.STRINGS[k])
        assert clash == [], f"{path.name} redefines keys another module also defines: {clash[:5]}"


def test_every_key_in_the_html_exists(catalog):
    problems = []
    for path in html_sources():
        for key in sorted(keys_used_in_html(path.read_text(encoding="utf-8"))):
            if key not in catalog.STRINGS:
                problems.append(f"{path.relative_to(ROOT)}: {key}")
    assert problems == [], f"keys used in HTML but missing from the catalog: {problems}"


def test_every_literal_key_in_the_python_glue_exists(catalog):
    problems = []
    for path in sorted(WEB.rglob("*.py")):
        for key in sorted(keys_used_in_python(path.read_text(encoding="utf-8"))):
            if key not in catalog.STRINGS:
                problems.append(f"{path.name}: {key}")
    assert problems == [], f"t()/tr() keys missing from the catalog: {problems}"


def test_loader_texts_come_from_the_template(catalog):
    """web/loader.js reads its texts from <template id="loading-strings"> data attributes only."""
    loader = (WEB / "loader.js").read_text(encoding="utf-8")
    html = (WEB / "index.html").read_text(encoding="utf-8")
    template = re.search(r'<template id="loading-strings"(.*?)>', html, re.S).group(1)
    attrs = dict(re.findall(r'data-([a-z-]+)="\{\{\s*([a-z0-9_.]+)\s*\}\}"', template))
    for name in set(re.findall(r'say\("([a-z-]+)"\)', loader)):
        assert name in attrs, f"loader.js says {name!r} but the template has no data-{name}"
        assert attrs[name] in catalog.STRINGS
    # texts re-translated on a language switch name the same keys as their placeholders
    spec = re.search(r'data-i18n-attr="([^"]+)"', template).group(1)
    for pair in spec.split(";"):
        attr, _, key = pair.partition(":")
        assert attrs[attr.removeprefix("data-")] == key


class _StaticTexts(HTMLParser):
    """Each [data-i18n] element's content and each [data-i18n-attr] attribute's value, as written."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list = []      # [tag, key, content so far, nested tags]
        self.texts: list = []     # (key, content, nested tags)
        self.attrs: list = []     # (attr, key, value)

    def handle_starttag(self, tag, attrs) -> None:
        named = dict(attrs)
        for entry in self.open:
            entry[3] += 1
        if "data-i18n" in named:
            self.open.append([tag, named["data-i18n"], "", 0])
        for pair in (named.get("data-i18n-attr") or "").split(";"):
            attr, _, key = pair.partition(":")
            if key:
                self.attrs.append((attr, key, named.get(attr)))

    def handle_data(self, data) -> None:
        for entry in self.open:
            entry[2] += data

    def handle_endtag(self, tag) -> None:
        if self.open and self.open[-1][0] == tag and self.open[-1][3] == 0:
            _tag, key, content, nested = self.open.pop()
            self.texts.append((key, content, nested))
        elif self.open:
            self.open[-1][3] -= 1


def static_texts(html: str) -> _StaticTexts:
    parser = _StaticTexts()
    parser.feed(html)
    parser.close()
    return parser


def test_the_page_is_built_in_the_language_it_starts_in():
    """web/shell/page.py does not rewrite the static texts at start-up when the page shows BUILT_LANG
    already: that holds only if every [data-i18n] element holds exactly its own ``{{key}}`` (which
    build.py fills with the Spanish text apply_lang would write) and every [data-i18n-attr]
    attribute is its ``{{key}}``."""
    page = (WEB / "shell" / "page.py").read_text(encoding="utf-8")
    assert 'BUILT_LANG = "es"' in page and "apply_lang(lang, shown=shown)" in page
    assert "(BUILT_LANG if str(root.lang) == BUILT_LANG else None)" in page   # unless web/early-lang.mjs switched them
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    found = static_texts(build.include_panels((WEB / "index.html").read_text(encoding="utf-8")))
    assert len(found.texts) > 300 and len(found.attrs) >= 5
    wrong = [(key, content) for key, content, nested in found.texts if content != f"{{{{{key}}}}}" or nested]
    assert wrong == [], f"a [data-i18n] element whose content is not its own {{{{key}}}}: {wrong[:5]}"
    wrong = [(attr, key, value) for attr, key, value in found.attrs if value != f"{{{{{key}}}}}"]
    assert wrong == [], f"a [data-i18n-attr] attribute that is not its own {{{{key}}}}: {wrong[:5]}"
    # and the check fails where it should
    bad = static_texts('<p data-i18n="a.b">{{a.c}}</p><b data-i18n="d.e">{{d.e}}<i>x</i></b>'
                       '<i data-i18n-attr="title:f.g" title="Hola"></i>')
    assert [(k, c) for k, c, n in bad.texts if c != f"{{{{{k}}}}}" or n] == [("a.b", "{{a.c}}"), ("d.e", "{{d.e}}x")]
    assert bad.attrs == [("title", "f.g", "Hola")]


def test_the_checks_catch_what_they_should():
    html = '<p data-i18n="a.b">{{c.d}}</p><i data-i18n-attr="title:e.f;aria-label:g.h"></i>'
    assert keys_used_in_html(html) == {"a.b", "c.d", "e.f", "g.h"}
    py = 'x = tr("k.one") + t("k.two", lang) + t(f"k.{n}") + other("k.three")'
    assert keys_used_in_python(py) == {"k.one", "k.two"}


@pytest.mark.skipif(not (RULES / "sifrp.md").exists(), reason="shared rule files not beside the repository")
def test_sifrp_terms_are_the_rule_files_terms(catalog):
    """Degrees of success and failure use the terms of sifrp.md §Degrees in each language (said by
    tirada.systems.sifrp_words for the screen, the snippets and the odds card alike)."""
    rules = " ".join((RULES / "sifrp.md").read_text(encoding="utf-8").split())
    terms = {1: ("insignificante", "marginal"), 2: ("considerable", "great"),
             3: ("increíble", "incredible"), 4: ("asombroso", "astonishing")}
    from tirada.systems.sifrp_words import grade_name   # SIFRP's own words (issue #40), not the catalog's

    for degrees, (es, en) in terms.items():
        assert f"*{es}* / {en}" in rules or f"*éxito {es}* / {en}" in rules
        assert es in grade_name(f"degrees_{degrees}", "es").lower() and en in grade_name(f"degrees_{degrees}", "en").lower()
    for key, es, en in (("marginal", "fallo insignificante", "marginal failure"),
                        ("critical", "fallo crítico", "critical failure")):
        assert f"*{es}* ({en})" in rules
        assert grade_name(key, "es").lower() == es and grade_name(key, "en").lower() == en
    assert not any(k.startswith("result.degrees_") for k in catalog.STRINGS)   # no second table of them
    assert "*Canción de Hielo y Fuego*" in rules
    assert catalog.STRINGS["system.sifrp"]["es"] == "Canción de Hielo y Fuego"


def test_errors_that_are_not_a_roll_are_not_headed_could_not_roll(catalog):
    """A failed hand-over, GM request link, blind-link check or reveal is not "No se pudo tirar" (the
    hostile tester's report, ninth session): each has its own heading, in both languages."""
    for name in ("ui_fair.py", "ui_request.py", "ui_sealed.py"):
        source = next(WEB.rglob(name)).read_text("utf-8")
        for line in source.splitlines():
            if "status" in line and "textContent" in line:
                assert 'tr("error.heading")' not in line, f"{name}: {line.strip()}"
    for key in ("error.handover", "error.request", "error.check", "error.reveal"):
        assert catalog.STRINGS[key]["es"].startswith("No se pudo") and catalog.STRINGS[key]["en"].startswith("Could not")
