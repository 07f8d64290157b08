"""A roll speaks with one voice (issue #40): every vector of every roll system, through every output.

A tester saw «Fallo insignificante» on the screen and «fallo marginal» in the copied snippet for the
same SIFRP roll. Each system now words its outcome once, ``outcome_words(result, lang)`` in its own
package (:mod:`tirada.systems.words`, named by the registry entry's ``words``), and this test holds
every output to it: for every roll vector in tests/vectors/*.json of every system of the registry
(a new system needs no edit here: its vectors are found by its id), in Spanish and English, the
outcome words (headline and detail), the total and the kept dice must appear in

* the screen: the result card (web/<system>/… ``render_result``, its text and the aria-labels a
  screen reader says) and the one-line summary (the history, the shared view's headline);
* the audit row (web/audit/audit_view.py ``said``: the pool line and the summary);
* the forum snippet in each style: BBCode, Markdown, plain text, rich text (HTML);
* the userscript's mark (:func:`tirada.links.marks.mark_link`: the snippet's lines);
* the result's own one-line ``summary`` when it has one (an L5R check's: the CLI prints it);

and the pool line (:func:`tirada.links.pool.pool_text`) must be the same in the snippet, the mark and
the audit row. Kept dice are compared as the sequence of their faces (the numbers of the output, in
order, must contain them). A die is said kept or dropped on the screen exactly when the snippets
strike some die (``[s]``): when every die counts (Fate's four, a plain 2d6) no die says «guardado»,
a word that means nothing there. CPython only (imports web/ sources).
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest

from tirada.links import marks
from tirada.links.chain import verify
from tirada.links.pool import pool_text
from tirada.links.snippets import snippet_of
from tirada.systems.registry import REGISTRY
from tirada.systems.words import OutcomeWords, outcome_words
from shell.strings import t

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from audit import audit_view  # noqa: E402
from roll import result_views  # noqa: E402

VECTORS = Path(__file__).resolve().parent / "vectors"
HOME = "https://usuario.github.io/tirada/"
STYLES = ("bbcode", "markdown", "text", "html")


def _rolled_systems() -> list:
    return sorted(spec.id for spec in REGISTRY.values() if spec.roll)


def _cases() -> list:
    out = []
    for path in sorted(VECTORS.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for case in doc.get("rolls", []):
            system = case["link"]["request"]["system"]
            if system in _rolled_systems():
                out.append(pytest.param(case, id=f"{path.stem}:{case['name']}"))
    return out


def test_every_roll_system_has_vectors_and_words():
    """A system with roll links must have vectors here and name its words function."""
    seen = {case.values[0]["link"]["request"]["system"] for case in _cases()}
    assert seen == set(_rolled_systems())
    for system in _rolled_systems():
        assert REGISTRY[system].words, system


def _plain(text: str, style: str) -> str:
    """What a reader of the rendered post reads: markup taken away, escapes undone, spaces folded."""
    if style == "bbcode":
        text = re.sub(r"\[/?(?:b|s|url)(?:=[^\]]*)?\]", "", text).replace("［", "[").replace("］", "]")
    elif style == "markdown":
        text = re.sub(r"\]\([^)]*\)", "]", text.replace("**", ""))
        text = re.sub(r"\\(.)", r"\1", text)
    elif style == "html":
        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return " ".join(text.split())


def _screen_text(card: str) -> str:
    """The card's text and its aria-labels (what a screen reader says of each die), in page order."""
    labelled = re.sub(r'<[^>]*aria-label="([^"]*)"[^>]*>', lambda m: f" {m.group(1)} ", card)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", labelled)).split())


def _subsequence(kept: tuple, text: str) -> bool:
    numbers = iter(int(n) for n in re.findall(r"-?\d+", text.replace("\u2212", "-")))   # Fate dice: −1 0 +1
    return all(any(n == int(face.replace("\u2212", "-")) for n in numbers) for face in kept)


def _agrees(words: OutcomeWords, text: str, where: str, dice: bool = True) -> None:
    """The words (and those of each roll of several) are all in ``text``."""
    for one in (words, *words.rolls):
        for part in (one.headline, one.detail, one.total):
            assert part in text, f"{where}: {part!r} missing from {text!r}"
        if dice:
            assert _subsequence(one.kept, text), f"{where}: kept dice {one.kept} not in {text!r}"


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("case", _cases())
def test_screen_snippets_audit_and_mark_say_the_same(case, lang):
    checked = verify(case["fragment"])
    result = checked["result"]
    words = outcome_words(result, lang)
    assert isinstance(words, OutcomeWords) and (words.headline or words.total or words.rolls)
    view = result_views.view_for(result["system"])
    _agrees(words, _screen_text(view.render_result(result, lang)), "screen card")
    line = view.summary(result, lang)
    _agrees(words, line, "screen summary", dice=False)
    row = audit_view.said(checked, lang)
    _agrees(words, row, "audit row", dice=False)
    request = {k: v for k, v in checked["request"].items() if k not in ("seed", "label")}
    pool = pool_text(request, lang)
    assert row.startswith(pool)
    for style in STYLES:
        text = _plain(snippet_of(checked, case["fragment"], HOME, style, lang), style)
        _agrees(words, text, f"{style} snippet")
        if "rolls" not in request and "bands" not in request:   # labelled rolls and bands: user text in the pool
            assert pool in text, (style, pool, text)
    told = result.get("summary")    # a result's own line (an L5R check's; the CLI prints it)
    if isinstance(told, dict):
        _agrees(words, told[lang], "result summary", dice=False)
    mark = marks.mark_link(marks.LinkItem(HOME + "#" + case["fragment"], ""), HOME, lang)
    assert mark["status"] in ("ok", "bad") and mark["lines"], mark
    _agrees(words, " ".join(mark["lines"]), "userscript mark")
    card = view.render_result(result, lang)
    if '<li class="die ' in card:      # the page's dice list (web/shell/render.py; L5R draws its own board)
        struck = "[s]" in snippet_of(checked, case["fragment"], HOME, "bbcode", lang)
        said = _keep_words(card, lang)
        assert said == ({"kept", "dropped"} if struck else set()), \
            f"the snippet {'strikes' if struck else 'strikes no'} die; the screen says {sorted(said)}"


@pytest.mark.parametrize("case", _cases())
def test_the_snippet_writes_each_die_as_the_card_does(case):
    """The faces as the card writes them (``<span class="face">``: a Fate die ``+1``, ``0``, ``−1``) are
    in every snippet written the same way, in the card's order — not ``-1`` or ``1`` beside a card's
    ``−1`` / ``+1``; several rolls and a SIFRP extended task included (the snippet lists every roll, as the
    card does)."""
    checked = verify(case["fragment"])
    card = result_views.view_for(checked["result"]["system"]).render_result(checked["result"], "es")
    faces = [html.unescape(f) for f in re.findall(r'<li class="die [^"]*" aria-label="[^"]*">'
                                                  r'<span class="face" aria-hidden="true">([^<]*)</span>', card)]
    if not faces or not all(re.fullmatch(r"[+\u2212]?\d+", f) for f in faces):
        pytest.skip("no list of numbered dice on this card (L5R draws its symbols; Tragedia counts)")
    for style in STYLES:
        text = _plain(snippet_of(checked, case["fragment"], HOME, style, "es"), style)
        tokens = iter(text.replace("→", " ").replace("[", " ").replace("]", " ").split())
        assert all(any(token.strip("()~*!,") == face.rstrip("!") for token in tokens) for face in faces), \
            f"{style}: the card's dice {faces} are not written so in {text!r}"


def _keep_words(card: str, lang: str) -> set:
    """Which of "kept" / "dropped" the card's dice (``<li class="die …" aria-label="d6 4, guardado · …">``)
    say, by the catalog's words in ``lang``."""
    words = {t(f"result.{state}", lang): state for state in ("kept", "dropped")}
    labels = re.findall(r'<li class="die [^"]*" aria-label="([^"]*)"', card)
    return {words[part] for label in labels if ", " in label
            for part in html.unescape(label).split(", ", 1)[1].split(" · ") if part in words}


def test_sifrp_failure_is_named_as_the_rules_name_it():
    """sifrp.md §Degrees: short by 1–4 is «fallo insignificante» (marginal failure), on every output."""
    rules = Path(__file__).resolve().parents[2] / "shared" / "rules" / "sifrp.md"
    from tirada.systems import sifrp_words

    assert sifrp_words.grade_name("marginal", "es") == "Fallo insignificante"
    assert sifrp_words.grade_name("marginal", "en") == "Marginal failure"
    if rules.exists():
        text = " ".join(rules.read_text("utf-8").split())
        assert "*fallo insignificante* (marginal failure)" in text


@pytest.mark.parametrize("notation, faces", [("1d4-5", [1]), ("4dF", [1, 1, 1, 1]), ("4dF+1d4", [1, 1, 1, 1, 1]),
                                             ("(1d4-5)*2", [1]), ("1d4-1d6", [1, 6])])
def test_a_negative_total_is_written_with_the_minus_sign_in_every_output(notation, faces):
    """A negative total (and a group's negative sum) is «−4» with the minus sign (U+2212) the dice, the
    modifiers and the rule files use, on the card, in the one-line summary, in every snippet style and in
    the userscript mark — never «-4» beside «−1 −1» (issue #40)."""
    from tirada.links.chain import encode_link
    from tirada.systems.notation.request import expand

    request = dict(expand({"system": "generic", "notation": notation, "faces": faces}))
    request.pop("faces")
    for seed in range(40):        # a seed whose roll comes out negative (each notation can)
        request["seed"] = f"{seed:032x}"
        fragment = encode_link(request)
        checked = verify(fragment)
        if checked["result"]["total"] < 0:
            break
    result = checked["result"]
    assert result["total"] < 0
    minus = "\u2212" + str(-result["total"])
    view = result_views.view_for("generic")
    outputs = {"card": _screen_text(view.render_result(result, "es")), "summary": view.summary(result, "es")}
    for style in STYLES:
        outputs[style] = _plain(snippet_of(checked, fragment, HOME, style, "es"), style)
    outputs["mark"] = " ".join(marks.mark_link(marks.LinkItem(HOME + "#" + fragment, ""), HOME, "es")["lines"])
    for where, text in outputs.items():
        assert minus in text and not re.search(r"(?<![\w#])-\d", text.split("http")[0]), (where, text)
