"""End to end: every link of tests/vectors opens in a fresh phone-sized browser on its verified view.

Issue #25: a valid Tragedia roll link (the project's own vector) used to kill the page, and 4,108
green tests did not see it because no test opened every vector in the page. Here every fragment of
every vector file — rolls of every system in both formats, GM requests, chain hand-overs, Tragedia
scenes, Confrontations and Spoils biddings (tests/vectors/links.json), sealed requests, blind rolls and reveals — is opened in a new browser context at
360×640 (nothing stored, no service worker yet), and must show its own view with what makes it
verified, with no console or page error (the ``new_context`` fixture checks those). Then one tab is
moved from link to link by changing only the ``#`` part: each new link replaces the view.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

from tirada.links.roll_link import peek_kind  # noqa: E402
from tirada.links.chain import verify  # noqa: E402
from tirada.systems.registry import REGISTRY  # noqa: E402
from tirada.wire.codec import decode_payload  # noqa: E402

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def _fragments(node, path: str = "") -> list:
    """Every ``"fragment"`` string in a vector file, with where it sits (for the test id)."""
    out = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "fragment" and isinstance(value, str):
                out.append((path, value))
            else:
                out += _fragments(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _fragments(value, f"{path}/{i}")
    return out


#: link kinds the page reads but has no view for yet: their documented refusal, in words, with no page
#: error (none today: the secret GM roll has its view since issue #27)
PENDING: dict = {}
#: sealed kinds with a view (web/fair/ui_sealed.py, web/fair/ui_sealed_secret.py)
SEALED = {"sealreq", "blind", "reveal", "secret"}


def _links() -> list:
    seen, out = set(), []
    for path in sorted(VECTORS.glob("*.json")):
        for where, fragment in _fragments(json.loads(path.read_text("utf-8"))):
            if fragment not in seen:        # fairplay-v2 repeats one roll at several chain steps
                seen.add(fragment)
                out.append(pytest.param(fragment, id=f"{path.stem}{where}"))
    return out


LINKS = _links()


def test_the_vectors_hold_every_kind_of_link():
    kinds = {peek_kind(p.values[0]) for p in LINKS}
    assert kinds == {"roll", "request", "chain", "scene", "brs", "bid"} | SEALED | set(PENDING)
    systems = {verify(p.values[0])["request"]["system"] for p in LINKS if peek_kind(p.values[0]) == "roll"}
    # every system with a roll link code (the registry's), a new one included without editing this test
    assert systems == {name for name, spec in REGISTRY.items() if spec.code is not None}
    assert systems >= {"generic", "sifrp", "l5r5e", "tragedia"}


def expect_view(page, fragment: str) -> None:
    """The view of ``fragment``'s kind is on screen with what says the link was read and checked."""
    kind = peek_kind(fragment)
    if kind in PENDING:
        expect(page.locator("#result .error")).to_have_text(f"{PENDING[kind]}: esta versión de Tirada no sabe abrir "
                                                            "este tipo de enlace")
        return
    if kind == "roll":
        checked = verify(fragment)
        expect(page.locator("#shared [data-verified='true']")).to_be_visible()
        expect(page.locator("#shared-error")).to_have_count(0)
        expect(page.locator("#shared-meta")).to_contain_text(checked["id"])
        expect(page.locator("#shared-headline")).not_to_be_empty()
        expect(page.locator("#result .error")).to_have_count(0)
    elif kind == "request":
        expect(page.locator("#gm-request")).to_be_visible()
        expect(page.locator("#gm-request-sealed")).to_be_hidden()
    elif kind == "sealreq":        # a GM request whose roll will be blind
        expect(page.locator("#gm-request")).to_be_visible()
        expect(page.locator("#gm-request-sealed")).to_be_visible()
    elif kind == "blind":          # a fresh browser holds no campaign secret: who and nº, no result
        expect(page.locator("#sealed-who")).to_contain_text("Tirada sellada de")
        expect(page.locator("#sealed-closed")).to_contain_text("La revela el máster")
        expect(page.locator("#sealed-result")).to_have_count(0)
        expect(page.locator("#sealed-reveal")).to_be_hidden()
    elif kind == "secret":         # a GM's secret roll in a fresh browser: who, what for, nº; sealed
        expect(page.locator("#sealed-who")).to_contain_text("Tirada oculta de")
        expect(page.locator("#sealed-closed")).to_contain_text("sellada: la revelará el máster")
        expect(page.locator("#sealed-result")).to_have_count(0)
        expect(page.locator("#sealed-reveal")).to_be_hidden()
        expect(page.locator("#result .error")).to_have_count(0)
    elif kind == "reveal":         # the reveal alone: the sealed roll's link is asked for
        expect(page.locator("#sealed-needs")).to_be_visible()
        expect(page.locator("#sealed-paste-link")).to_be_visible()
    elif kind == "chain":
        expect(page.locator("#chain-status")).to_contain_text(re.compile(r"nº \d+"))
    elif kind == "scene":
        expect(page.locator("#scene-shared")).to_be_visible()
        expect(page.locator("#setup-error")).to_be_empty()
    elif kind == "bid":            # a Spoils bidding: its bids folded again, whose bid it is, its own link
        expect(page.locator("#brs-pf-bids li")).to_have_count(len(decode_payload(fragment)[1]["bids"]))
        expect(page.locator("#brs-pf-turn")).to_contain_text("Puja: ")
        expect(page.locator("#brs-link-error")).to_be_hidden()
        page.wait_for_function("f => document.getElementById('brs-bid-link').value.endsWith(f)", arg=fragment)
    else:
        expect(page.locator("#brs-shared")).to_be_visible()
        expect(page.locator("#brs-link-error")).to_be_hidden()
        page.wait_for_function("f => document.getElementById('brs-share-link').value.endsWith(f)", arg=fragment)


def _sort(fragment: str) -> str:
    """A link's kind, with the system for a roll: each sort is opened once in a fresh browser."""
    kind = peek_kind(fragment)
    return f"roll:{verify(fragment)['request']['system']}" if kind == "roll" else kind


#: the first vector of each sort (in file order): opened in a new browser context of its own
FIRST_OF_SORT = {}
for _param in LINKS:
    FIRST_OF_SORT.setdefault(_sort(_param.values[0]), _param.values[0])


def test_each_sort_of_link_has_a_fresh_browser_case():
    """Every sort (kind, and system for rolls) has its first vector opened in a fresh browser."""
    assert set(FIRST_OF_SORT) == {_sort(p.values[0]) for p in LINKS}
    assert len(FIRST_OF_SORT) >= len(SEALED) + 9


@pytest.mark.parametrize("fragment", LINKS)
def test_every_vector_link_opens_in_a_fresh_phone_browser(new_context, reader, base_url, fragment):
    """Every link but a roll's, and the first roll link of each system, opens in a new 360×640 browser
    context (nothing stored, no service worker yet); the other roll links in this worker's reader tab,
    which holds nothing either and is moved to the link by its ``#`` (issue #37: a boot per sort, not
    per vector). Only rolls: the other kinds leave something behind for the next link — a
    Confrontation, a scene or a hand-over is kept in storage, a blind roll is remembered by the page
    to check its reveal against, a request waits for its roll."""
    if FIRST_OF_SORT[_sort(fragment)] == fragment or peek_kind(fragment) != "roll":
        ctx, watch = new_context(**PHONE, service_workers="allow")
        page = open_app(ctx.new_page(), base_url + "#" + fragment)
        expect_view(page, fragment)
        assert watch.errors == []
    else:
        page = reader(fragment, **PHONE)
        expect_view(page, fragment)


def test_changing_the_hash_replaces_the_view(new_context, base_url):
    """One tab, links opened one after another by their ``#`` part only: the Tragedia roll that used
    to leave the previous "Verificada" roll on screen, then a roll of every other system, a scene,
    a Confrontation and back to a roll."""
    ctx, _ = new_context(**PHONE, service_workers="allow")
    order = [p.values[0] for p in LINKS]
    rolls = {}
    for fragment in order:
        if peek_kind(fragment) == "roll":
            rolls.setdefault(verify(fragment)["request"]["system"], fragment)
    others = {peek_kind(f): f for f in order if peek_kind(f) != "roll"}
    walk = [rolls["sifrp"], rolls["tragedia"], rolls["l5r5e"], others["scene"], rolls["generic"],
            others["brs"], rolls["tragedia"]]
    page = open_app(ctx.new_page(), base_url + "#" + walk[0])
    expect_view(page, walk[0])
    for fragment in walk[1:]:
        page.evaluate("f => { location.hash = f }", fragment)
        expect_view(page, fragment)
        if peek_kind(fragment) == "roll":
            expect(page.locator("#shared-link")).to_have_value(re.compile(re.escape(fragment) + "$"))
