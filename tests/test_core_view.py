"""The reading core's first result of a roll link (:mod:`tirada.links.core_view`, issue #41) says what
the full engine and the full page say: for every roll link of tests/vectors/ (SIFRP, L5R, generic, Fate,
Tragedia; formats 1 and 2), in Spanish and English, the same verified roll (id, roller, chain number, label,
description) as :func:`tirada.links.roll_link.open_roll`, the outcome in the system's own words
(:func:`tirada.systems.words.outcome_words`), and a verdict the full page's headline (the Form's
``summary``, web/roll/result_views.py) also says, so the page never flickers from one verdict to
another; every refusal carries the full engine's error code. (MicroPython gives the same bytes:
tests/test_reading_core.py.)
"""

from __future__ import annotations

import json
import pathlib

import pytest

from roll import result_views
from tirada.errors import TiradaError
from tirada.links.core_view import CoreView, core_view, outcome_line, view_json
from tirada.links.roll_link import open_roll
from tirada.systems.words import outcome_words

VECTORS = pathlib.Path(__file__).resolve().parent / "vectors"
SYSTEMS = ("sifrp", "generic", "l5r5e", "fate", "tragedia")


def _links() -> list:
    links = []
    for system in SYSTEMS:
        for roll in json.loads((VECTORS / f"{system}.json").read_text(encoding="utf-8"))["rolls"]:
            links.append(pytest.param(roll["fragment"], id=f"{system}: {roll['name']}"))
    for roll in json.loads((VECTORS / "fairplay-v2.json").read_text(encoding="utf-8"))["rolls_v2"]:
        if roll["link"]["request"]["system"] in SYSTEMS:
            links.append(pytest.param(roll["fragment"], id=f"v2: {roll['name']}"))
    return links


LINKS = _links()


def test_every_vector_is_covered():
    for system in SYSTEMS:
        rolls = json.loads((VECTORS / f"{system}.json").read_text(encoding="utf-8"))["rolls"]
        assert sum(p.id.startswith(f"{system}: ") for p in LINKS) == len(rolls) >= (2 if system == "tragedia" else 6)
    assert sum(p.id.startswith("v2: ") for p in LINKS) >= 3


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("fragment", LINKS)
def test_core_view_says_what_the_full_engine_and_page_say(fragment, lang):
    full = open_roll(fragment)
    words = outcome_words(full["result"], lang, full["request"]["system"])
    view = core_view(fragment, lang)
    assert view.state == "verified" and view.code == ""
    assert (view.system, view.id, view.seq, view.label, view.roller, view.campaign) == (
        full["request"]["system"], full["id"], full.get("seq") or 0, full.get("label") or "", full.get("roller") or "",
        full.get("campaign") or "")
    assert view.description == full["description"][lang]
    assert (view.total, view.ok, view.kept) == (words.total, words.ok, words.kept)
    assert view.outcome and view.outcome == outcome_line(words)
    # the full page's headline (the shared view's #shared-headline) says the same verdict
    headline = result_views.view_for(view.system).summary(full["result"], lang)
    parts = view.outcome.split(" \u00b7 ")                 # several rolls: each one's verdict, in order
    at = 0
    for part in parts:
        assert part in headline[at:], (view.outcome, headline)
        at = headline.index(part, at) + len(part)
    # what the page's JavaScript reads
    assert json.loads(view_json(fragment, lang)) == dict(view.as_dict(), kept=list(view.kept))


def _refusals() -> list:
    first = LINKS[0].values[0]
    edited = first[:10] + ("A" if first[10] != "A" else "B") + first[11:]
    return [pytest.param(f, id=name) for name, f in (
        ("edited", edited), ("cut short", first[:-6]), ("empty", ""), ("unknown version", "t9" + first[2:]),
        ("not base64", first[:12] + "$%" + first[14:]), ("a whole URL, edited", "https://x.example/#" + edited),
        ("not text", None), ("a number", 12), ("very long", "t2" + "A" * 100_000))]


@pytest.mark.parametrize("fragment", _refusals())
def test_a_refused_link_carries_the_full_engines_error_code(fragment):
    with pytest.raises(TiradaError) as err:
        open_roll(fragment)
    view = core_view(fragment, "es")
    assert (view.state, view.code, view.params) == ("refused", err.value.code, err.value.params)
    assert view.outcome == "" and view.system == ""
    assert json.loads(view_json(fragment))["code"] == err.value.code


def test_a_link_of_another_kind_is_refused_with_the_pages_code():
    links = json.loads((VECTORS / "links.json").read_text(encoding="utf-8"))["links"]
    request = next(link for link in links if link["kind"] == "request")["fragment"]
    with pytest.raises(TiradaError) as err:
        open_roll(request)
    assert core_view(request).code == err.value.code == "link.wrong_kind_roll"


def test_a_view_is_a_frozen_typed_record():
    view = core_view(LINKS[0].values[0])
    assert isinstance(view, CoreView) and view == core_view(LINKS[0].values[0])
    with pytest.raises(AttributeError):
        view.outcome = "Fallo"  # type: ignore[misc]
    with pytest.raises(ValueError):
        CoreView("maybe")
