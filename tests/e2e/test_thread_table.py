"""A whole table in one thread (issue #38's last "done when"): a GM and two players in their own browser
contexts (the players on 360×640 phones), then the rendered thread pasted into the GM's audit.

The GM asks Sharla for a sealed «Sigilo» roll; Sharla rolls blind on her phone. The GM makes a secret
«Emboscada» roll, reveals it and Sharla's blind roll, and posts each reveal with its text for the
forum (the revealed result in words). Bob rolls on his phone, hands his chain over to his laptop
and rolls again there. The GM starts the example Confrontation and posts it twice (a first post and
the same start again later). The posts, rendered as a forum shows them (HTML, links behind words),
are pasted into "Auditar hilo": the verdict is clean, the report has one block per person with the
right counts and no duplicate (the start carried by two posts counted once), both sealed rolls are
revealed and checked, and the revealed results are in the thread's own words.
"""

from __future__ import annotations

import html as htmllib
import re
import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import blind_answer, paste_html, roll_named, sealed_request  # noqa: E402
from tirada.links import sealed  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
DESK = {"viewport": {"width": 1366, "height": 800}}


def _fragment(url: str) -> str:
    return url.split("#", 1)[1]


def _reveal(gm) -> tuple:
    """Press "Revelar" on the sealed card on screen: ``(reveal link, text for the forum)``."""
    gm.click("#sealed-reveal")
    expect(gm.locator("#sealed-status")).to_contain_text("Enlace de revelación listo")
    expect(gm.locator("#sealed-snippet-box")).to_be_visible()
    return gm.locator("#sealed-link").input_value(), gm.locator("#sealed-snippet").input_value()


def _rendered(posts: list) -> str:
    """The posts as a forum renders them: the author, then the BBCode shown as HTML (bold, struck
    dice, links behind their words)."""
    out = []
    for n, (author, body) in enumerate(posts, 1):
        text = htmllib.escape(body, quote=False)
        text = re.sub(r"\[url=([^\]]+)\](.*?)\[/url\]", lambda m: f'<a href="{m.group(1)}">{m.group(2)}</a>', text)
        text = re.sub(r"\[(/?)(b|s)\]", r"<\1\2>", text)
        text = re.sub(r"(?<![\"=>])(https?://\S+)", r'<a href="\1">\1</a>', text)
        out.append(f'<article class="post"><h4>#{n} {htmllib.escape(author)}</h4><div>{text.replace(chr(10), "<br>")}</div></article>')
    return "".join(out)


def test_a_gm_and_two_players_in_one_thread_audit_per_person(new_context, base_url):
    gm_ctx, _ = new_context(**DESK)
    gm = open_app(gm_ctx.new_page(), base_url)
    request = sealed_request(gm, "Sigilo", "Sharla", "Arenas", roller="Máster")   # the GM's sealed request

    # Sharla rolls blind on her phone
    _sharla, blind = blind_answer(new_context, request, "Tirada sellada de Sharla, nº 1", **PHONE)

    # the GM's secret roll, revealed at once with its text for the forum
    gm.locator("#gm-make summary").click()
    gm.fill("#label", "Emboscada")
    gm.locator("#gm-secret summary").click()
    gm.click("#gm-secret-roll")
    expect(gm.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    secret = gm.locator("#sealed-link").input_value()
    secret_reveal, secret_words = _reveal(gm)

    # the GM opens Sharla's blind roll and reveals it
    gm.evaluate("f => { location.hash = f }", _fragment(blind))
    expect(gm.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    blind_reveal, blind_words = _reveal(gm)
    blind_result = sealed.verify_reveal(_fragment(blind), _fragment(blind_reveal)).result
    secret_result = sealed.verify_reveal(_fragment(secret), _fragment(secret_reveal)).result
    for words, result in ((blind_words, blind_result), (secret_words, secret_result)):
        assert words.startswith("[b]Revelada: [/b]") and f"[b]{result['total']}[/b]" in words, words

    # Bob rolls on his phone, hands his chain over to his laptop and rolls there
    bob_ctx, _ = new_context(**PHONE)
    bob = open_app(bob_ctx.new_page(), base_url)
    first = roll_named(bob, "Bob", "Arenas", "Atletismo")
    bob.click("#chain-handover")
    bob.wait_for_function("document.getElementById('chain-link').value.includes('#t2')")
    handover = bob.locator("#chain-link").input_value()
    laptop_ctx, _ = new_context(**DESK)
    laptop = open_app(laptop_ctx.new_page(), handover)
    laptop.wait_for_function("document.getElementById('chain-status').textContent.length > 0")
    expect(laptop.locator("#roller")).to_have_value("Bob")
    laptop.fill("#label", "Trepar")
    laptop.click("#roll")
    laptop.wait_for_selector("#result .total")
    second = laptop.locator("#share-link").input_value()
    expect(laptop.locator("#roll-meta")).to_contain_text("nº 2")

    # the GM starts the example Confrontation (its start numbered in the GM's chain)
    gm.click("#tab-brs")
    gm.click("#brs-example")
    old = gm.locator("#brs-share-link").input_value()
    gm.click("#brs-start")
    gm.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=old)
    fight = gm.locator("#brs-share-link").input_value()

    posts = [("Máster", f"Sharla, tira Sigilo a ciegas: {request}"),
             ("Sharla", f"Hecho: {blind}"),
             ("Máster", f"Una tirada oculta: {secret}"),
             ("Máster", blind_words),
             ("Máster", secret_words),
             ("Bob", f"Atletismo: {first}"),
             ("Bob", f"Desde el portátil, Trepar: {second}"),
             ("Máster", f"¡A la arena! {fight}"),
             ("Máster", f"Recordad la Confrontación: {fight}")]
    html = _rendered(posts)
    plain = re.sub(r"<[^>]+>", " ", html)
    assert paste_html(gm, html, plain)
    gm.evaluate("document.getElementById('audit-report').textContent = ''")
    gm.click("#audit-run")
    expect(gm.locator("#audit-report")).to_contain_text("Enlaces encontrados: 8", timeout=30_000)   # 9 posts, 8 links
    text = gm.locator("#audit-report").inner_text()

    assert "Todo en orden" in text and "Hay problemas" not in text, text
    people = gm.locator("#audit-report .audit-person")
    expect(people).to_have_count(3)
    names = [people.nth(k).get_attribute("data-person") for k in range(3)]
    assert sorted(names) == ["Bob", "Máster", "Sharla"], names          # one block per person, no duplicate
    block = {name: people.nth(k) for k, name in enumerate(names)}
    assert block["Bob"].locator(".audit-person-summary").inner_text() == "Bob: 2 tiradas válidas"
    assert block["Sharla"].locator(".audit-person-summary").inner_text() == "Sharla: 1 tirada válida"
    gm_summary = block["Máster"].locator(".audit-person-summary").inner_text()
    assert gm_summary.startswith("Máster: 1 tirada válida, 1 inicio de Confrontación"), gm_summary
    assert "movimiento" not in text
    starts = block["Máster"].locator(".audit-links li", has_text="inicio de una Confrontación")
    expect(starts).to_have_count(1)                                      # two posts, one start
    # both sealed rolls revealed and checked, and their results in the thread's own words
    expect(gm.locator('#audit-sealed li[data-state="revealed"]')).to_have_count(2)
    thread_words = gm.locator("#audit-text").input_value()
    for result in (blind_result, secret_result):
        assert f"= {result['total']}" in thread_words, thread_words
    assert thread_words.count("Revelada:") == 2
