"""Outcome first on a phone (issue #29): every kind of link the page makes opens, in a fresh 360×640
browser, with the outcome or the reader's next action inside the first screen — visible, not covered.

One case per kind (and per roll system): roll links of every system (format 1, format 2, an L5R check
played decision by decision), GM requests (plain and sealed: what is asked and the «Tirar» that
makes it), blind and secret rolls, a reveal alone (the link it asks for), a chain hand-over (what it
did), Tragedia scenes gathering (the next step) and decided (the winner), a Confrontation (whose
turn) and a whole thread from the bookmarklet (the audit's verdict). The cases are taken from
tests/vectors, so a new kind there without a case here fails ``test_every_kind_has_a_case``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

from tirada.links.chain import verify  # noqa: E402
from tirada.links.roll_link import peek_kind  # noqa: E402
from tirada.links.sealed import read_sealed  # noqa: E402
from tirada.links.thread_link import encode_thread  # noqa: E402

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
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


def _vector_fragments() -> list:
    """(file stem, name or None, fragment) of every vector link, first seen first."""
    out, seen = [], set()

    def walk(stem, node, name=None):
        if isinstance(node, dict):
            name = node.get("name", name)
            for key, value in node.items():
                if key == "fragment" and isinstance(value, str):
                    if value not in seen:
                        seen.add(value)
                        out.append((stem, name, value))
                else:
                    walk(stem, value, name)
        elif isinstance(node, list):
            for value in node:
                walk(stem, value, name)

    for path in sorted(VECTORS.glob("*.json")):
        walk(path.stem, json.loads(path.read_text("utf-8")))
    return out


FRAGMENTS = _vector_fragments()


def _first(kind: str, *, system: str | None = None, name: str = "", stem: str | None = None,
           steps: bool | None = None) -> str:
    for where, label, fragment in FRAGMENTS:
        if peek_kind(fragment) != kind or (stem and where != stem) or name not in (label or ""):
            continue
        if system or steps is not None:
            checked = verify(fragment)
            if system and checked["request"]["system"] != system:
                continue
            if steps is not None and (len(checked.get("entries") or []) > 1) != steps:   # decisions numbered
                continue
        return fragment
    raise LookupError(f"no vector link of kind {kind} {system or ''} {name}")


def _sealreq(system: str) -> str:
    """The first sealed request of ``system`` in the vectors."""
    for _, _, fragment in FRAGMENTS:
        if peek_kind(fragment) == "sealreq" and read_sealed(fragment, ("sealreq",))[1]["system"] == system:
            return fragment
    raise LookupError(f"no sealed request of {system}")


def _thread() -> str:
    """A whole thread as the bookmarklet sends it: one post with a SIFRP roll link."""
    roll = _first("roll", system="sifrp")
    return encode_thread("http://foro.example/t/1", [f"Tiro para trepar: http://127.0.0.1/#{roll}"])


#: case → (fragment maker, the elements that must be in the first screen, the words they show)
CASES = {
    "roll-generic": (lambda: _first("roll", system="generic", stem="generic"), ["#shared-headline"], None),
    "roll-sifrp": (lambda: _first("roll", system="sifrp", stem="sifrp"), ["#shared-headline"], None),
    "roll-l5r5e": (lambda: _first("roll", system="l5r5e", stem="l5r5e"), ["#shared-headline"], "éxito"),
    "roll-l5r5e-decisions": (lambda: _first("roll", system="l5r5e", stem="fairplay-v2", steps=True),
                             ["#shared-headline"], "éxito"),
    "roll-tragedia": (lambda: _first("roll", system="tragedia", stem="tragedia"), ["#shared-headline"], "Gana"),
    "roll-format2": (lambda: _first("roll", system="sifrp", stem="fairplay-v2"), ["#shared-headline"], None),
    "request": (lambda: _first("request", name="SIFRP"), ["#gm-request-text", "#gm-request-ask", "#gm-request-roll"],
                "Te pide: SIFRP 4D"),
    "request-l5r5e": (lambda: _first("request", name="L5R"), ["#gm-request-ask", "#gm-request-roll"], "Te pide: L5R"),
    "sealreq": (lambda: _sealreq("sifrp"), ["#gm-request-ask", "#gm-request-sealed", "#gm-request-roll"],
                "Te pide: SIFRP"),
    "sealreq-tragedia": (lambda: _sealreq("tragedia"), ["#gm-request-ask", "#gm-request-roll"], "Te pide: Tragedia"),
    "blind": (lambda: _first("blind"), ["#sealed-who", "#sealed-closed"], "La revela el máster"),
    "secret": (lambda: _first("secret"), ["#sealed-who", "#sealed-closed"], "la revelará el máster"),
    "reveal": (lambda: _first("reveal"), ["#sealed-needs", "#sealed-paste-link"], None),
    "chain": (lambda: _first("chain"), ["#chain-status"], re.compile(r"nº \d+")),
    "scene-gathering": (lambda: _first("scene", name="gathering"), ["#scene-next", "#scene-continue"],
                        "Seguir jugando esta escena aquí"),
    "scene-decided": (lambda: _first("scene", name="decided"), ["#scene-next"], "Gana el Protagonista"),
    "scene-signed": (lambda: _first("scene", name="signed"), ["#scene-next"], "Gana"),
    "brs": (lambda: _first("brs"), ["#brs-turn", "#brs-seat button"], "Turno de"),
    "thread": (_thread, ["#audit-verdict"], None),
}


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
def test_a_link_opens_on_its_outcome_or_next_action(new_context, base_url, case):
    make, selectors, words = CASES[case]
    ctx, watch = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url + "#" + make())
    for selector in selectors:
        expect(page.locator(selector).first).to_be_visible()
    if words is not None:        # the words the first screen must say: the outcome or what to do
        expect(page.locator(", ".join(selectors)).filter(has_text=words).first).to_be_visible()
    page.wait_for_timeout(300)   # a scroll the view asks for has happened; no timing is asserted
    problems = [p for s in selectors for p in first_screen_problems(page, s)]
    assert problems == [], problems
    assert watch.errors == []


def test_the_check_sees_an_element_below_the_screen_and_a_covered_one(new_context, base_url):
    """The measure itself: an element pushed under the first screen and one covered by another are named."""
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url + "#" + _first("roll", system="sifrp"))
    expect(page.locator("#shared-headline")).to_be_visible()
    assert first_screen_problems(page, "#shared-headline") == []
    page.evaluate("""() => { const s = document.createElement('div'); s.style.cssText = 'position:fixed;inset:0;'
                      + 'background:#fff;z-index:9'; s.id = 'veil'; document.body.append(s); }""")
    assert first_screen_problems(page, "#shared-headline") == ["#shared-headline: covered by DIV#veil."]
    page.evaluate("document.getElementById('veil').remove(); document.getElementById('shared').style.marginTop = '900px'")
    assert "the screen is 640 px" in first_screen_problems(page, "#shared-headline")[0]
    assert first_screen_problems(page, "#no-such-thing") == ["#no-such-thing: not in the page"]
