"""Outcome bands in a forum thread (docs/notation.md §Bands), as two people in two browsers.

Player A rolls 2d6+1 with the PbtA bands on a phone (360x640), copies the forum snippet, rolls again
and copies the second one; player B opens each link and sees the roll verified with its band named;
the thread (the two posts as plain text, then as the HTML of a copied forum page) goes into B's audit,
which finds one complete chain with both rolls and their bands. Then what a cheat leaves: a post
whose bands text was edited, and a roll re-made for the same chain number (a fork).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import audit_text, paste_html, restore_chain_book, roll_named, snippet_of_page  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
CLIPBOARD = {"permissions": ["clipboard-read", "clipboard-write"]}
BANDS = "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"
POOL = f"2d6 +1, resultados: {BANDS}"


def _band(total: int) -> str:
    return "Fallo" if total <= 6 else "Éxito parcial" if total <= 9 else "Éxito"


def _roll_with_bands(page, label: str) -> tuple:
    """Roll 2d6+1 with the bands as Sharla in «Arenas» on ``page``; ``(link, plain-text snippet,
    total)``, the card naming the band first."""
    link = roll_named(page, "Sharla", "Arenas", label)
    total = int(page.locator("#result .total").get_attribute("data-total"))
    expect(page.locator("#result .band-outcome")).to_have_text(f"Resultado: {_band(total)}")
    snippet = snippet_of_page(page, "text")
    assert link in snippet and POOL in snippet, snippet
    return link, snippet, total


def _player_a(new_context, base_url):
    ctx, _ = new_context(**PHONE, **CLIPBOARD)
    page = open_app(ctx.new_page(), base_url)
    page.select_option("#system", "generic")
    page.fill("#generic-notation", "2d6+1")
    page.click("#generic-bands-box > summary")
    page.fill("#generic-bands", BANDS)
    return ctx, page


def _seen_by_b(ctx_b, link: str, total: int) -> None:
    """Player B opens ``link`` in a fresh tab: verified, the band named, the same total."""
    page = open_app(ctx_b.new_page(), link)
    expect(page.locator("#shared .shared-ok")).to_be_visible()
    expect(page.locator("#shared .band-outcome")).to_have_text(f"Resultado: {_band(total)}")
    expect(page.locator("#shared-pool")).to_have_text(POOL)
    assert page.locator("#shared .total").get_attribute("data-total") == str(total)
    assert "Traceback" not in page.inner_text("body")
    page.close()


def _rows_ok(page, totals: list) -> None:
    """The audit's rows: nº 1 and nº 2 ✔, each with its pool, bands and band name."""
    rows = page.locator(".audit-links li")
    expect(rows).to_have_count(2)
    for i, total in enumerate(totals):
        row = rows.nth(i).inner_text()
        assert row.startswith("✔") and f"nº {i + 1}" in row, row
        pool, result = row.split("→", 1)
        assert POOL in pool and f"= {total} — {_band(total)}" in result, row
    assert page.locator(".audit-links li.bad").count() == 0


def test_two_rolls_with_bands_go_through_the_thread_audit(new_context, base_url):
    _, a = _player_a(new_context, base_url)
    first, snippet1, total1 = _roll_with_bands(a, "Escapar del derrumbe")
    second, snippet2, total2 = _roll_with_bands(a, "Leer la situación")
    assert first != second

    ctx_b, _ = new_context(**PHONE)
    for link, total in ((first, total1), (second, total2)):
        _seen_by_b(ctx_b, link, total)

    b = open_app(ctx_b.new_page(), base_url)
    thread = f"Sharla escribió:\n{snippet1}\n\nMáster: sigue.\n\nSharla escribió:\n{snippet2}\n"
    text = audit_text(b, thread)
    assert "Todo en orden" in text and "Enlaces encontrados: 2" in text, text
    assert "Cadena completa" in text, text
    for word in ("vuelve a empezar", "bifurcación", "Sin publicar", "Hay problemas"):
        assert word not in text, (word, text)
    _rows_ok(b, [total1, total2])

    # the same thread as a copied forum page: the links behind "Comprobar la tirada"
    posts = []
    for snippet, link in ((snippet1, first), (snippet2, second)):
        lines = snippet.split("\n")
        assert lines[-1] == f"Comprobar la tirada: {link}", lines
        shown = "<br>\n".join(lines[:-1])
        posts.append(f'<div class="post"><b>Sharla</b> escribió:<div class="content">{shown}<br>'
                     f'<a href="{link}" class="postlink">Comprobar la tirada</a></div></div>')
    html = "<html><body><!--StartFragment-->" + "\n".join(posts) + "<!--EndFragment--></body></html>"
    assert paste_html(b, html, re.sub(r"<[^>]+>", "", html))
    pasted = b.locator("#audit-text").input_value()
    assert pasted.index(first) < pasted.index(second)
    text = audit_text(b)
    assert "Todo en orden" in text and "Enlaces encontrados: 2" in text, text
    _rows_ok(b, [total1, total2])


def test_an_edited_bands_text_and_a_remade_roll_show_as_what_they_are(new_context, base_url):
    ctx_a, a = _player_a(new_context, base_url)
    first, snippet1, total1 = _roll_with_bands(a, "Escapar del derrumbe")
    kept = a.evaluate("localStorage.getItem('tirada.chains.v1')")      # a copy of A's browser data
    second, snippet2, total2 = _roll_with_bands(a, "Leer la situación")

    ctx_b, _ = new_context(**PHONE)
    b = open_app(ctx_b.new_page(), base_url)
    # the bands text of the second post edited (a 9 made to read as a full success)
    edited = snippet2.replace(BANDS, "≤6 Fallo / 7–8 Éxito parcial / ≥9 Éxito")
    assert edited != snippet2
    text = audit_text(b, f"{snippet1}\n\n{edited}\n")
    assert "Hay problemas en este hilo: 1 señalado" in text, text
    bad = b.locator(".audit-links li.bad")
    expect(bad).to_have_count(1)
    assert "nº 2" in bad.inner_text(), bad.inner_text()
    # the audit names what the text says and what the link gives (compared case-folded)
    assert "✘ el texto pone 7–8 éxito parcial / ≥9, el enlace da 7–9 éxito parcial / ≥10" in bad.inner_text()
    named = b.locator("#audit-problems li")
    assert "Sharla (Arenas) nº 2 «Leer la situación»" in named.first.inner_text()

    # A restores the copy and rolls nº 2 again: both tries posted are a fork of the same step
    restore_chain_book(a, kept)
    a = open_app(ctx_a.new_page(), base_url)
    a.select_option("#system", "generic")
    a.fill("#generic-notation", "2d6+1")
    if not a.locator("#generic-bands").is_visible():
        a.click("#generic-bands-box > summary")
    a.fill("#generic-bands", BANDS)
    again, snippet3, total3 = _roll_with_bands(a, "Leer la situación")
    assert again != second
    _seen_by_b(ctx_b, again, total3)       # on its own the re-made roll verifies: only the thread shows it
    text = audit_text(b, f"{snippet1}\n\n{snippet2}\n\n{snippet3}\n")
    assert "Hay problemas en este hilo: 2 señalados" in text, text
    named = b.locator("#audit-problems li")
    expect(named).to_have_count(2)
    for i in range(2):
        assert "bifurcación: otra tirada para el mismo paso (nº 2)" in named.nth(i).inner_text()
    assert b.locator(".audit-links li.bad").count() == 2 and b.locator(".audit-links li.ok").count() == 1
