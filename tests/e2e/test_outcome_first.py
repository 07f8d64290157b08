"""Outcome first on a phone (issue #29): every kind of link the page makes opens, in a fresh 360×640
browser, with the outcome or the reader's next action inside the first screen — visible, not covered.

One case per kind (and per roll system): roll links of every system (format 1, format 2, an L5R check
played decision by decision), GM requests (plain and sealed: what is asked and the «Tirar» that
makes it), blind and secret rolls, a reveal alone (the link it asks for), a chain hand-over (what it
did), Tragedia scenes gathering (the next step) and decided (the winner), a Confrontation (whose
turn), a Spoils bidding (whose bid, and the button that makes it) and a whole thread from the
bookmarklet (the audit's verdict). The cases are taken from tests/vectors, so a new kind there
without a case here fails ``test_every_kind_has_a_case``.

A roll link, which leaves nothing behind, is opened in this worker's reader tab (``reader``: a 360×640
browser that holds nothing, moved to the link by its ``#``; each sort of link is opened in a fresh
browser by test_every_link; issue #37); every other kind in a new browser context of its own.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))      # tests/: tests/helpers
from helpers.link_cases import CASES, FRAGMENTS, first  # noqa: E402
from tirada.links.roll_link import peek_kind  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}

#: where an element stands against the first screen: its box, whether it is shown, and what the
#: point in the middle of its first line belongs to (another element on top means it is covered)
PLACE = """e => {
  const r = e.getBoundingClientRect();
  const line = e.getClientRects()[0] || r;
  const x = Math.min(Math.max(line.left + Math.min(line.width, 40) / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(line.top + line.height / 2, 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const cs = getComputedStyle(e);
  return {top: r.top, bottom: r.bottom, height: r.height, width: r.width, screen: innerHeight,
          shown: !!e.getClientRects().length && cs.visibility !== 'hidden' && Number(cs.opacity) > 0,
          covered: !(hit && (hit === e || e.contains(hit) || hit.contains(e))) ,
          by: hit ? hit.tagName + '#' + hit.id + '.' + hit.className : null,
          text: e.innerText.slice(0, 80)};
}"""


def test_every_kind_has_a_case():
    kinds = {peek_kind(f) for _, _, f in FRAGMENTS}
    covered = {name.split("-")[0] for name in CASES}
    assert kinds <= covered, f"link kinds without an outcome-first case: {kinds - covered}"
    assert "thread" in covered


def first_screen_problems(page, selector: str) -> list:
    """What keeps the first element matching ``selector`` out of the first screen (empty: it is there)."""
    loc = page.locator(selector).first
    if loc.count() == 0:
        return [f"{selector}: not in the page"]
    where = loc.evaluate(PLACE)
    problems = []
    if not where["shown"] or where["height"] == 0:
        problems.append(f"{selector}: not shown")
    elif where["top"] < 0 or where["bottom"] > where["screen"]:
        problems.append(f"{selector}: at {where['top']:.0f}–{where['bottom']:.0f} px, the screen is "
                        f"{where['screen']} px («{where['text']}»)")
    elif where["covered"]:
        problems.append(f"{selector}: covered by {where['by']}")
    return problems


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_link_opens_on_its_outcome_or_next_action(new_context, reader, base_url, case):
    make, selectors, words = CASES[case]
    if case.startswith("roll-"):
        page, watch = reader(make(), **PHONE), None        # the reader's own watch fails it at the end
    else:
        ctx, watch = new_context(**PHONE)
        page = open_app(ctx.new_page(), base_url + "#" + make())
    for selector in selectors:
        expect(page.locator(selector).first).to_be_visible()
    if words is not None:        # the words the first screen must say: the outcome or what to do
        expect(page.locator(", ".join(selectors)).filter(has_text=words).first).to_be_visible()
    page.wait_for_timeout(300)   # a scroll the view asks for has happened; no timing is asserted
    problems = [p for s in selectors for p in first_screen_problems(page, s)]
    assert problems == [], problems
    assert watch is None or watch.errors == []


def test_the_check_sees_an_element_below_the_screen_and_a_covered_one(warm_page):
    """The measure itself: an element pushed under the first screen and one covered by another are named
    (on a tab of this worker's shared phone context, closed after: the page is changed by hand)."""
    page = warm_page("#" + first("roll", system="sifrp"), **PHONE)
    expect(page.locator("#shared-headline")).to_be_visible()
    assert first_screen_problems(page, "#shared-headline") == []
    page.evaluate("""() => { const s = document.createElement('div'); s.style.cssText = 'position:fixed;inset:0;'
                      + 'background:#fff;z-index:9'; s.id = 'veil'; document.body.append(s); }""")
    assert first_screen_problems(page, "#shared-headline") == ["#shared-headline: covered by DIV#veil."]
    page.evaluate("document.getElementById('veil').remove(); document.getElementById('shared').style.marginTop = '900px'")
    assert "the screen is 640 px" in first_screen_problems(page, "#shared-headline")[0]
    assert first_screen_problems(page, "#no-such-thing") == ["#no-such-thing: not in the page"]
