"""Every main state the e2e tests reach, in Spanish and in English (issue #29 items 6 and 7): axe-core
(WCAG 2.1 AA) reports 0 serious or critical, and the page shows no catalog key and no word of the
other language.

The states: every tab, a rolled result of every system, every kind of link opened (the cases of
test_outcome_first.py: rolls, requests plain and sealed, blind, secret and reveal links, a hand-over,
scenes gathering and decided, a Confrontation, a whole thread), the audit with a pasted thread, and a
Confrontation after a move. The page's words are checked with tests/helpers/lang_words.py after
taking out the players' own words (every text of tests/vectors: names, labels, objectives, traits).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest


expect = pytest.importorskip("playwright.sync_api").expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))      # tests/: tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.brs import actor, bot_move  # noqa: E402
from helpers.brs_page import link_of, make_move  # noqa: E402
from helpers.lang_words import foreign  # noqa: E402
from helpers.link_cases import CASES, FRAGMENTS, first  # noqa: E402
from tirada.systems.brs import replay  # noqa: E402
from tirada.systems.brs.link import decode_link  # noqa: E402

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
WEB = Path(__file__).resolve().parents[2] / "web"
KEY = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b")


def _catalog_keys() -> set:
    from shell import strings   # web/shell/strings.py (tests/conftest.py puts web/'s folders on sys.path)
    return set(strings.STRINGS)


KEYS = _catalog_keys()


#: the vectors' keys whose texts players and GMs typed (not the page's words, nor expected outputs)
TYPED = {"name", "trait", "label", "aspect", "campaign", "by", "roller", "note", "themes", "sides", "for", "objective",
         "tragedy_text", "consequences", "theme", "consequence", "flaw", "target", "source", "state", "winners",
         "spoils", "text"}      # "text": a bid's Pain or Stipulation (links.json, kind bid)


def _player_words() -> list:
    """Every text the vectors' players typed (names, labels, campaigns, objectives, traits), longest first."""
    found: set = set()

    def walk(node, key=""):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in TYPED and len(node) > 2:
            found.add(node)

    for path in VECTORS.glob("*.json"):
        walk(json.loads(path.read_text("utf-8")))
    return sorted(found, key=len, reverse=True)


PLAYER_WORDS = _player_words()


#: the page's visible text, without what is marked as another language (the source quoted in
#: ``<q lang="es">`` on the English page, the language switch naming the other language)
TEXT = """lang => {
  let text = document.body.innerText;
  for (const e of document.querySelectorAll('body [lang]')) {
    if (e.lang && !e.lang.startsWith(lang) && e.innerText) text = text.split(e.innerText).join(' ');
  }
  return text;
}"""


class States:
    """What each state showed that it should not (state → lines)."""

    def __init__(self):
        self.problems: dict = {}
        self.seen: list = []

    def check(self, page, where: str, lang: str) -> None:
        self.seen.append(where)
        lines = list(axe_problems(page))
        text = page.evaluate(TEXT, lang)
        keys = set(KEY.findall(text)) & KEYS
        lines += [f"catalog key on screen: {k}" for k in sorted(keys)]
        for typed in sorted(keys, key=len, reverse=True):
            text = text.replace(typed, " ")
        for typed in PLAYER_WORDS:
            text = text.replace(typed, " ")
        wrong = foreign(text, lang)
        if wrong:
            lines.append(f"{'English' if lang == 'es' else 'Spanish'} words: {sorted(set(wrong))}")
        if lines:
            self.problems[f"{lang}/{where}"] = lines


def walk(page, base_url: str, lang: str, states: States) -> None:
    for name in page.eval_on_selector_all("[data-tab]", "els => els.map(e => e.dataset.tab)"):
        page.click(f'[data-tab="{name}"]')
        page.wait_for_selector(f'[data-view="{name}"]:not([hidden])')
        states.check(page, f"tab {name}", lang)
    page.click('[data-tab="roll"]')
    for system in page.eval_on_selector_all("#system option", "els => els.map(e => e.value)"):
        page.select_option("#system", system)
        before = page.inner_html("#result")
        page.click("#roll")
        page.wait_for_function("b => { const r = document.getElementById('result');"
                               " return !r.hidden && r.innerHTML !== b; }", arg=before)
        states.check(page, f"rolled {system}", lang)
    for case, (make, selectors, _words) in sorted(CASES.items()):
        page.evaluate("f => { location.hash = f }", make())
        # a reveal after its blind roll in the same tab opens revealed (the blind link is remembered)
        arrived = "#sealed-heading" if case == "reveal" else selectors[0]
        expect(page.locator(arrived).first).to_be_visible()
        states.check(page, f"link {case}", lang)
    # the audit with a pasted thread
    rolls = [f for _, _, f in FRAGMENTS if f.startswith("t2AY")][:3]
    page.evaluate("() => { location.hash = '' }")
    page.click('[data-tab="audit"]')
    page.fill("#audit-text", "\n".join(f"Post {i}: {base_url}#{f}" for i, f in enumerate(rolls)))
    page.evaluate("document.getElementById('audit-report').innerHTML = ''")
    page.click("#audit-run")
    expect(page.locator("#audit-verdict")).to_be_visible()
    states.check(page, "audit of a pasted thread", lang)
    # a Confrontation after a move, both sides played here
    page.evaluate("f => { location.hash = f }", first("brs"))
    expect(page.locator("#brs-turn")).to_be_visible()
    if page.locator("#brs-seat [data-seat]").count():           # asked once per Confrontation
        page.locator("#brs-seat [data-seat]").nth(2).click()    # both sides, on this device
    setup, moves = decode_link(link_of(page))
    state = replay(setup, moves)
    move = bot_move(state, gentle=True)
    make_move(page, move, actor(state, move))
    states.check(page, "Confrontation after a move", lang)


def test_every_state_in_both_languages_has_no_axe_problem_key_or_foreign_word(warm_page, base_url):
    page = warm_page(viewport={"width": 1280, "height": 900})
    states = States()
    walk(page, base_url, "es", states)
    page.evaluate("() => { location.hash = '' }")
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'en'")
    walk(page, base_url, "en", states)
    assert len(states.seen) > 2 * (len(CASES) + 8)
    assert states.problems == {}, "\n".join(f"[{k}] {line}" for k, lines in states.problems.items() for line in lines)


def test_the_state_check_sees_a_key_and_a_foreign_word(warm_page):
    page = warm_page(viewport={"width": 1280, "height": 900})
    states = States()
    states.check(page, "start", "es")
    assert states.problems == {}
    page.evaluate("document.querySelector('main').insertAdjacentHTML('afterbegin', '<p>audit.heading Roll</p>')")
    states.check(page, "planted", "es")
    assert states.problems == {"es/planted": ["catalog key on screen: audit.heading", "English words: ['Roll']"]}
