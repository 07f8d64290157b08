"""The shared-roll view's pure renderers (web/fair/shared_view.py) and the generic card with notation
results (web/dice/ui_dice.py summary): what a forum reader sees, in both languages, hostile text escaped.

CPython only (imports web/ from the repository).
"""

from __future__ import annotations

import sys

import pytest

from tirada.links.chain import encode_link
from tirada.links.chain import verify as verify_dict
from tirada.links.fair_records import verified


def verify(fragment: str):
    """The page's typed record of a verified roll link."""
    return verified(verify_dict(fragment))


pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from fair import shared_view  # noqa: E402

SEED = "8f14e45fceea167a5a36dedd4bea2543"


@pytest.mark.parametrize("lang, words", [("es", ("Etiqueta", "contra 9", "sigue a la tirada 0123456789ab", "nº 7")),
                                         ("en", ("Label", "vs 9", "follows roll 0123456789ab", "#7"))])
def test_verified_view_shows_label_pool_chain_and_trust(lang, words):
    hostile = '<img src=x onerror="alert(1)">'
    v = verify(encode_link({"system": "sifrp", "seed": SEED, "test_dice": 4, "bonus_dice": 2, "modifier": 3,
                            "label": hostile}, roller="Sharla", campaign="Arenas", seq=7, prev="0123456789ab",
                           created=1796000000))
    html = shared_view.verified_html(v, lang, "<p>CARD</p>", "6+5+4 +3 = 18")
    for word in words:
        assert word in html
    assert "SIFRP 4D+2B +3" in html and "6+5+4 +3 = 18" in html and "<p>CARD</p>" in html
    assert "<img" not in html and "&lt;img" in html
    assert 'id="shared-heading"' in html and 'data-verified="true"' in html
    assert ("garantiza" if lang == "es" else "guarantees") in html


def test_unsigned_and_first_rolls_say_so():
    unsigned = verify(encode_link({"system": "generic", "seed": SEED, "dice": 5, "sides": 10, "keep": 3}))
    assert shared_view.chain_line(unsigned, "es").startswith("tirada sin firmar")
    first = verify(encode_link({"system": "generic", "seed": SEED, "dice": 2, "sides": 6}, roller="Ana", seq=1))
    assert "primera de su cadena" in shared_view.chain_line(first, "es")
    assert "first of its chain" in shared_view.chain_line(first, "en")


def test_broken_view_gives_the_reason_escaped():
    html = shared_view.broken_html("link: <b>cut</b>", "es")
    assert "Este enlace no es válido" in html and "&lt;b&gt;cut" in html and 'role="alert"' in html


@pytest.mark.parametrize("lang, cell", [("es", "éxito relanzable + conflicto"), ("en", "explosive success + strife")])
def test_l5r_faces_table_is_the_books_table(lang, cell):
    html = shared_view.faces_table_html(lang)
    assert html.count("<tr><th scope=\"row\">") == 6 + 12
    assert f'<th scope="row">11</th><td>{cell}</td>' in html
    assert f'<th scope="row">1</th><td>{"en blanco" if lang == "es" else "blank"}</td>' in html
