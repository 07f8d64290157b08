"""No English in the Spanish table and no Spanish in the English one (issue #29, "words as a native UI").

Every string table (web/shell/strings.py with every web/strings_*.py merged, plural forms included) is
walked; each text is checked with tests/helpers/lang_words.py: common English words that are never
Spanish, common Spanish words (and accented letters) that are never English. Quoted words are the
Spanish source quoted on purpose (with an English gloss) and do not count. CPython only.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/ sources (CPython only)")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.lang_words import foreign  # noqa: E402


@pytest.fixture(scope="module")
def catalog() -> dict:
    for name in [n for n in sys.modules if n == "shell.strings" or n.rpartition(".")[2].startswith("strings_")]:
        del sys.modules[name]
    return importlib.import_module("shell.strings").STRINGS


#: entries shown only in Spanish, whatever the page's language: the source's words quoted in
#: ``<q lang="es">`` (their "en" text is never shown); the test below checks that the code still does so
SPANISH_ONLY = {"brs.after.seed": ("ui_brs_after.py", 't("brs.after.seed", "es")'),
                "brs.pf.seed.trigger": ("ui_brs_prefight.py", 't("brs.pf.seed." + key, "es")'),
                "brs.pf.seed.challenge": ("ui_brs_prefight.py", 't("brs.pf.seed." + key, "es")')}


def texts(value) -> list:
    """A catalog value's texts: one string, or each plural form."""
    return list(value) if isinstance(value, (tuple, list)) else [value]


def wrong_language(catalog: dict, lang: str) -> dict:
    """key → the other language's words in its ``lang`` text."""
    out = {}
    for key, entry in catalog.items():
        if lang == "en" and key in SPANISH_ONLY:
            continue
        found = [w for text in texts(entry.get(lang, "")) for w in foreign(text, lang)]
        if found:
            out[key] = found
    return out


def test_the_spanish_table_has_no_english(catalog):
    assert len(catalog) > 1000
    assert wrong_language(catalog, "es") == {}


def test_the_english_table_has_no_spanish(catalog):
    assert wrong_language(catalog, "en") == {}


def test_the_check_finds_a_word_of_the_other_language(catalog):
    """The heuristic is not blind: "Roll" in the Spanish table and "tirada" in the English one are
    found, an accented word too; quoted source words and the app's name are not."""
    planted = {**catalog, "x.roll": {"es": "Roll", "en": "Roll"}, "x.tirada": {"es": "Tirada", "en": "Make a tirada"},
               "x.plural": {"es": ("{n} dado", "{n} dice rolled"), "en": ("{n} die", "{n} dados")},
               "x.accent": {"es": "Tirar", "en": "Roll again más"}}
    assert wrong_language(planted, "es") == {"x.roll": ["Roll"], "x.plural": ["rolled"]}
    assert wrong_language(planted, "en") == {"x.tirada": ["tirada"], "x.plural": ["dados"], "x.accent": ["más"]}
    assert foreign("Tirada: «Derrotado por X» (Defeated by X), Roll20", "en") == []
    # Spanish game terms with an English name are found even quoted, unless glossed (issue #29)
    assert foreign("Competencia (no Component with dice)", "en") == ["competencia"]
    assert foreign('Ordinary Spoils: Haster takes the Weakness "Derrotado por Sharla".', "en") == ["derrotado por"]
    assert foreign("Roll the «Competencia»", "en") == ["competencia"]
    assert foreign("Roll the Contest («Competencia»)", "en") == []
    assert foreign("Tirar la Competencia; «Derrotado por {winner}»", "es") == []
    assert foreign("Usa {roll} y <b>Roll20</b>", "es") == []


def test_the_entries_shown_only_in_spanish_are_still_shown_so():
    for key, (module, call) in SPANISH_ONLY.items():
        source = next((ROOT / "web").rglob(module)).read_text("utf-8")
        assert call in source and '<q lang="es">' in source, f"{key} is no longer quoted in Spanish by web/{module}"
