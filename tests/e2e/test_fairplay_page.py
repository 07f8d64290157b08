"""End to end for issue #13 (fair play v2): the Advantage peek in two tabs is reported by the audit.

The attempt from the issue: a player opens the same Confrontation link in two tabs and spends
Advantage on a different die in each, to post only the better one. With fresh dice each try takes a
number of the player's chain (one localStorage, shared by the tabs), so the posted try leaves a
numbered gap, and posting both shows two continuations of the same move.
"""

from __future__ import annotations

import re

from conftest import open_app
from test_links import roll_named

SHARLA = 1          # player index of Sharla in the seed's example Confrontation
D4, D8 = 9, 12      # Sharla's d4 (Strength) and d8 (Sorcery): dice 9 and 12 of the example


def spend_advantage(page, die: int) -> str:
    before = page.locator("#brs-share-link").input_value()
    page.select_option(f"#brs-{SHARLA}-advantage-die", str(die))
    page.click(f'#brs-actions [data-move="advantage"][data-player="{SHARLA}"]')
    page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
    assert page.locator("#brs-error").is_hidden(), page.inner_text("#brs-error")
    return page.locator("#brs-share-link").input_value()


def audit_text(page, thread: str) -> str:
    page.click("#tab-audit")
    page.fill("#audit-text", thread)
    page.click("#audit-run")
    report = page.locator("#audit-report")
    report.wait_for()
    return report.inner_text()


def test_advantage_peek_in_two_tabs_is_reported(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    tab1 = open_app(ctx.new_page(), base_url)
    earlier = roll_named(tab1, "Sharla", "Arenas", "Atletismo")          # nº 1 of Sharla's chain, posted
    tab1.click("#tab-brs")
    tab1.click("#brs-example")
    assert tab1.locator("#brs-f-seed").count() == 0                       # no seed field any more
    tab1.click("#brs-start")
    tab1.wait_for_selector("#brs-game:not([hidden])")
    opened = tab1.locator("#brs-share-link").input_value()
    assert re.search(r"#t2[A-Za-z0-9_-]+$", opened)

    tab2 = open_app(ctx.new_page(), opened)                               # the same link, second tab
    tab2.wait_for_function("l => document.getElementById('brs-share-link').value === l", arg=opened)

    try_d4 = spend_advantage(tab1, D4)                                    # takes Sharla's nº 2
    try_d8 = spend_advantage(tab2, D8)                                    # takes Sharla's nº 3

    # only the better try is posted: the audit shows the unposted nº 2 of Sharla's chain
    text = audit_text(tab1, f"{earlier}\nEmpieza: {opened}\nMi Ventaja: {try_d8}\n")
    assert "Sharla" in text and "Hay problemas" in text
    assert "1 sin publicar (nº 2)" in text
    assert "jugada 1 de una Confrontación (dados nuevos firmados)" in text

    # both tries posted: two continuations of the same move of the Confrontation
    text = audit_text(tab1, f"{earlier}\n{opened}\n{try_d4}\n{try_d8}\n")
    assert "dos continuaciones distintas de la jugada 1" in text
