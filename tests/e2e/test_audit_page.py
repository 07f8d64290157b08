"""End to end for issue #26 (the thread audit side): the audit reads a thread as a GM has it.

A rendered forum page pasted as HTML (links behind "Comprobar la tirada") finds every link in post
order; the verdict and the named bad roll are in the first screen of a phone; a reused seed, a GM
request answered twice with the campaign changed, a snippet whose number was edited and a link to
another address are flagged. Each thread is made by the people of the feature in their own browser
contexts and posted to the audit: tabs of this worker's shared contexts (``warm_page``: site storage
cleared, HTTP cache kept), one per person (issue #37: opening a link in a fresh browser is
test_every_link's).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import (audit_text, paste_html, request_link as make_request, restore_chain_book, roll_named,  # noqa: E402
                          snippet_of_page)

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 640}


def in_first_screen(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_rendered_page_pasted_as_html_finds_every_link_in_post_order(warm_page):
    page = warm_page(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    links, posts = [], []
    for i in range(3):
        links.append(roll_named(page, "Sharla", "Arenas", f"tirada {i + 1}"))
        lines = snippet_of_page(page).split("\n")
        assert lines[-1].startswith("Comprobar la tirada: http")
        shown = "<br>\n".join(lines[:-1])   # how the forum shows the snippet: the link behind words
        posts.append(f'<div class="post"><b>Sharla</b> escribió:<div class="content">{shown}<br>'
                     f'<a href="{links[-1]}" class="postlink">Comprobar la tirada</a></div></div>')
    html = "<html><body><!--StartFragment-->" + "\n".join(posts) + "<!--EndFragment--></body></html>"
    plain = re.sub(r"<[^>]+>", "", html)        # what text/plain holds: no address at all
    assert "#t2" not in plain

    assert paste_html(page, html, plain)
    pasted = page.locator("#audit-text").input_value()
    assert [pasted.index(link) for link in links] == sorted(pasted.index(link) for link in links)
    text = audit_text(page)
    assert "Enlaces encontrados: 3" in text and "Todo en orden" in text, text
    assert re.findall(r"✔\D*?nº (\d)", text) == ["1", "2", "3"]

    # HTML with fewer links than the plain text (a source copied from an editor): the plain text is pasted
    assert not paste_html(page, "<p>Mis tiradas</p>", "\n".join(links))
    # the plain text alone finds nothing, and the report says how to paste
    text = audit_text(page, plain)
    assert "No se encontró ningún enlace" in text and "selecciona los mensajes tal como se ven" in text


def test_the_verdict_and_the_named_bad_roll_are_in_the_first_screen_on_a_phone(warm_page):
    home = warm_page(viewport=DESKTOP)
    links = [roll_named(home, "Sharla", "Arenas", f"tirada {i}") for i in (1, 2)]
    phone = warm_page(viewport=PHONE, is_mobile=True, has_touch=True)
    links.append(roll_named(phone, "Sharla", "Arenas", "desde el móvil"))   # a second nº 1: a restart
    filler = "\n".join(f"Mensaje {i}: la escena sigue, sin tiradas." for i in range(40))
    text = audit_text(phone, f"{links[0]}\n{filler}\n{links[1]}\n{links[2]}\n")
    assert "Hay problemas en este hilo: 1 señalado" in text
    verdict = phone.locator("#audit-verdict")
    named = phone.locator("#audit-problems li").first
    assert "Sharla (Arenas) nº 1 «desde el móvil»" in named.inner_text()
    assert "la cadena vuelve a empezar" in named.inner_text()
    assert in_first_screen(phone, verdict) and in_first_screen(phone, named)
    bad_row = phone.locator(".audit-links li.bad")
    assert bad_row.count() == 1 and "✘ la cadena vuelve a empezar" in bad_row.inner_text()
    assert "(request)" not in text and not re.search(r"^\s*\d\.\s", text, re.MULTILINE)


def test_both_rolls_of_a_fork_are_named_first_on_a_phone(warm_page, base_url):
    """A player keeps a copy of their browser data, rolls, restores the copy and rolls again: two
    rolls nº 2 after the same nº 1. Both are named under the verdict, in the first screen."""
    phone = warm_page(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx = phone.context
    first = roll_named(phone, "Sharla", "Arenas", "Atletismo")
    kept = phone.evaluate("localStorage.getItem('tirada.chains.v1')")
    try_one = roll_named(phone, "Sharla", "Arenas", "Sigilo")
    restore_chain_book(phone, kept)                                                 # the copy restored
    phone = open_app(ctx.new_page(), base_url)
    try_two = roll_named(phone, "Sharla", "Arenas", "Sigilo")
    text = audit_text(phone, f"{first}\n{try_one}\n{try_two}\n")
    assert "Hay problemas en este hilo: 2 señalados" in text, text
    named = phone.locator("#audit-problems li")
    assert named.count() == 2
    for i in range(2):
        assert "Sharla (Arenas) nº 2 «Sigilo»" in named.nth(i).inner_text()
        assert "bifurcación: otra tirada para el mismo paso (nº 2)" in named.nth(i).inner_text()
        assert in_first_screen(phone, named.nth(i))
    assert in_first_screen(phone, phone.locator("#audit-verdict"))
    assert phone.locator(".audit-links li.bad").count() == 2 and phone.locator(".audit-links li.ok").count() == 1


def test_a_reused_seed_is_flagged(warm_page, base_url):
    from tirada.links.chain import decode_link, encode_link

    page = warm_page(viewport=DESKTOP)
    mine = roll_named(page, "Sharla", "Arenas", "Atletismo")
    link = decode_link(mine)
    # another player posts a link made with Sharla's seed (identical dice) in their own chain
    copy = encode_link({k: v for k, v in link["request"].items() if k != "fresh"}, "Bob", "Arenas", 1, None,
                       link["created"])
    text = audit_text(page, f"Sharla: {mine}\nBob: {base_url}#{copy}\n")
    assert text.count("la misma semilla o nonce que otro enlace del hilo") >= 2, text
    assert "(Bob nº 1)" in text and "(Sharla nº 1)" in text


def test_a_gm_request_answered_twice_with_the_campaign_changed_is_flagged(warm_page, new_context):
    gm = warm_page(viewport=DESKTOP)
    gm.click("#who summary")
    gm.fill("#campaign", "Arenas")
    request_link = make_request(gm, "4", "Trepar la muralla", "Sharla", difficulty="12")

    ctx, _ = new_context(viewport=DESKTOP)
    player = open_app(ctx.new_page(), request_link)
    player.wait_for_selector("#gm-request:not([hidden])")
    if not player.locator("#campaign").is_visible():
        player.click("#who summary")
    assert player.locator("#campaign").is_disabled() and player.locator("#campaign").input_value() == "Arenas"
    player.click("#roll")
    player.wait_for_selector("#result .total")
    first = player.locator("#share-link").input_value()

    # the same request opened again; the locked campaign forced open (as a cheater would) and changed,
    # so this try would go into another chain
    player = open_app(ctx.new_page(), request_link)
    player.wait_for_selector("#gm-request:not([hidden])")
    if not player.locator("#campaign").is_visible():
        player.click("#who summary")
    player.evaluate("document.getElementById('campaign').disabled = false")
    player.fill("#campaign", "Otra partida")
    player.click("#roll")
    player.wait_for_selector("#result .total")     # the roll is an async task now: its link, not an empty field
    player.wait_for_function("l => { const v = document.getElementById('share-link').value; return v && v !== l; }",
                             arg=first)
    second = player.locator("#share-link").input_value()

    text = audit_text(player, f"Máster: {request_link}\nSharla: {first}\nSharla otra vez: {second}\n")
    assert "campaña «Otra partida» en vez de «Arenas»" in text and "una segunda tirada para la misma" in text
    assert "Hay problemas en este hilo" in text
    text = audit_text(player, f"Máster: {request_link}\nSharla: {second}\n")   # only the changed try posted
    assert "campaña «Otra partida» en vez de «Arenas»" in text and "Hay problemas en este hilo" in text


def test_a_snippet_whose_number_was_edited_is_flagged(warm_page):
    page = warm_page(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    roll_named(page, "Sharla", "Arenas", "Atletismo")
    bbcode = snippet_of_page(page, "bbcode")
    total = re.search(r"= \[b\](\d+)\[/b\]", bbcode)
    assert total, bbcode
    honest = audit_text(page, bbcode)
    assert "Todo en orden" in honest, honest
    edited = bbcode.replace(f"= [b]{total.group(1)}[/b]", f"= [b]{int(total.group(1)) + 7}[/b]")
    text = audit_text(page, edited)
    assert f"el texto pone {int(total.group(1)) + 7}, el enlace da {total.group(1)}" in text, text
    assert page.locator(".audit-links li.bad").count() == 1


def test_a_link_to_another_address_is_flagged_and_the_card_names_its_address(warm_page, base_url):
    page = warm_page(viewport=DESKTOP)
    ctx = page.context
    mine = roll_named(page, "Sharla", "Arenas", "Atletismo")
    port = int(re.search(r":(\d+)/", base_url).group(1))
    elsewhere = mine.replace(f":{port}/", f":{port + 1 if port < 65535 else port - 1}/")
    theirs = roll_named(page, "Sharla", "Arenas", "Otra")
    text = audit_text(page, f"{mine}\n{elsewhere.split('#')[0]}#{theirs.split('#')[1]}\n")
    assert f"enlace a otra dirección ({elsewhere.split('#')[0]})" in text
    bad = page.locator(".audit-links li.bad")
    assert bad.count() == 1 and "nº 2" in bad.inner_text() and "enlace a otra dirección" in bad.inner_text()
    assert "Hay problemas en este hilo: 1 señalado" in text
    # plain text has no posts: said once, the problem placed by its line (issue #38)
    assert "no separa los mensajes" in page.inner_text("#audit-no-posts")
    assert "(línea 2)" in page.inner_text("#audit-problems")

    reader = open_app(ctx.new_page(), mine)
    reader.wait_for_selector("#shared:not([hidden])")
    assert f"Comprobada por la página de {base_url}" in reader.inner_text("#shared-address")


def test_a_pasted_forum_page_names_each_problem_by_post_and_author(warm_page, base_url):
    """Issue #38: Sharla and Bob roll in their own browsers; Bob posts his roll with another address.
    The GM pastes the forum page as it shows (phpBB-style posts, authors in ``.username``): the
    problem names Bob's post and Bob, in the first screen of a phone."""
    # three people, three browsers (contexts): Sharla at her desk, Bob and the GM on phones
    sharla = roll_named(warm_page(viewport=DESKTOP), "Sharla", "Arenas", "Atletismo")
    bob = roll_named(warm_page(viewport=PHONE), "Bob", "Arenas", "Sigilo")
    port = int(re.search(r":(\d+)/", base_url).group(1))
    elsewhere = bob.replace(f":{port}/", f":{port + 1 if port < 65535 else port - 1}/")
    posts = [("Sharla", sharla), ("Ana", None), ("Bob", elsewhere)]
    bodies = [f'<a href="{link}">Comprobar la tirada</a>' if link else "Sigo." for _who, link in posts]
    html = "".join(f'<div class="post" id="p{n}"><p class="author">por <a class="username" href="/u/{n}">{who}</a></p>'
                   f'<div class="content">Mi turno.<br>{body}</div></div>'
                   for n, ((who, _link), body) in enumerate(zip(posts, bodies), 1))
    gm = warm_page(viewport=PHONE, is_mobile=True, has_touch=True)
    assert paste_html(gm, html, re.sub(r"<[^>]+>", "", html))
    pasted = gm.locator("#audit-text").input_value()
    assert re.findall(r"^── #(\d) · (\w+) ──$", pasted, re.M) == [("1", "Sharla"), ("2", "Ana"), ("3", "Bob")]
    text = audit_text(gm)
    assert "Hay problemas en este hilo: 1 señalado" in text, text
    problem = gm.locator("#audit-problems li")
    expect(problem).to_have_count(1)
    expect(problem).to_contain_text("Bob (Arenas) nº 1 «Sigilo» (mensaje 3 de Bob): enlace a otra dirección")
    assert in_first_screen(gm, problem) and gm.locator("#audit-no-posts").count() == 0
