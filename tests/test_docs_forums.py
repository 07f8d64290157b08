"""docs/forums.md stays true to the page (issue #30): the claims that can drift.

* Every «…» in the doc's prose (not in code spans or code blocks) is a UI label, by the doc's own convention: it must be, word for word, the
  Spanish text of a key of web/strings*.py, and when the doc follows it with the English wording in
  (“…”), that must be the same key's English text.
* Every number the doc ties to a constant — written ``1,500,000 characters
  (`tirada.links.thread_link.MAX_FRAGMENT`)`` — equals that constant; the bookmarklet's size limit
  must be among them, and the page's own help (``thread.limit``) must state the same limit.

CPython only (reads docs/ and web/ from the repository).
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads docs/ and web/ (CPython only)")

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "forums.md").read_text(encoding="utf-8")
#: «Spanish label» optionally followed by (“English label”); labels may wrap over a line break
LABEL = re.compile(r"«([^«»]+)»(?:\s*\(“([^”]+)”\))?")
#: a number tied to a constant: "1,500,000 characters (`tirada.links.thread_link.MAX_FRAGMENT`)"
CONSTANT = re.compile(r"(\d[\d,]*)(?:\s+[a-zA-Z]+){0,3}\s+\(`(tirada(?:\.\w+)+)\.([A-Z][A-Z_]*)`\)")


def _words(text: str) -> str:
    return " ".join(text.split())


def _catalog() -> dict:
    """Every key of web/strings*.py → its {"es": …, "en": …} (plural forms: each form a string)."""
    out: dict = {}
    for path in sorted((ROOT / "web").rglob("strings*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
            if any(getattr(t, "id", "") == "STRINGS" for t in targets) and node.value is not None:   # typed or not
                out.update(ast.literal_eval(node.value))
    return out


def _texts(value) -> list:
    return [value] if isinstance(value, str) else list(value)


CATALOG = _catalog()
PROSE = re.sub(r"`[^`]*`", "", re.sub(r"(?ms)^```.*?^```", "", DOC))   # code shows snippets, not labels
LABELS = [(_words(m.group(1)), m.group(2) and _words(m.group(2))) for m in LABEL.finditer(PROSE)]


def test_the_doc_quotes_ui_labels():
    assert len(CATALOG) > 100
    assert len(LABELS) >= 20 and ("Comprobar este hilo", "Check this thread") in LABELS


@pytest.mark.parametrize("spanish, english", sorted(set(LABELS), key=str), ids=lambda v: str(v)[:40])
def test_every_quoted_label_is_on_the_page(spanish, english):
    keys = [k for k, v in CATALOG.items() if any(_words(t) == spanish for t in _texts(v.get("es", ())))]
    assert keys, f"«{spanish}» is not a Spanish string of web/strings*.py"
    if english:
        assert any(_words(t) == english for k in keys for t in _texts(CATALOG[k].get("en", ()))), \
            f"«{spanish}» (“{english}”): the English text of {keys} differs"


def test_numbers_tied_to_constants_match_the_code():
    found = CONSTANT.findall(DOC)
    assert ("tirada.links.thread_link", "MAX_FRAGMENT") in {(mod, name) for _, mod, name in found}
    for number, module, name in found:
        value = getattr(importlib.import_module(module), name)
        assert int(number.replace(",", "")) == value, f"docs/forums.md says {number} for {module}.{name} = {value}"


def test_the_page_help_states_the_same_bookmarklet_limit():
    from tirada.links.thread_link import MAX_FRAGMENT

    millions = MAX_FRAGMENT / 1_000_000
    help_ = CATALOG["thread.limit"]
    assert f"{millions:g} million" in help_["en"]
    assert f"{millions:g}".replace(".", ",") + " millones" in help_["es"]
