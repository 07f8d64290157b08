"""End to end for issue #3: chained links, the thread audit, hostile labels shown as text."""

import sys
from pathlib import Path

from conftest import open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import roll_named  # noqa: E402


def test_chained_links_show_sequence_and_audit_finds_gap(app, new_context, base_url):
    links = [roll_named(app, "Sharla", "Arenas Sangrientas", f"tirada {i}") for i in range(1, 4)]
    assert "tirada nº 3 de Sharla en «Arenas Sangrientas»" in app.locator("#roll-meta").inner_text()

    # a fresh browser sees the number and the roller of a chained link
    ctx, _ = new_context()
    other = open_app(ctx.new_page(), links[1])
    other.wait_for_selector("#shared .total")
    assert "tirada nº 2 de Sharla en «Arenas Sangrientas»" in other.locator("#shared-meta").inner_text()

    # a thread where roll 2 was never posted: the audit reports the gap
    thread = f"Post 1: [url={links[0]}]mi tirada[/url]\nPost 2: subo la muralla {links[2]}\n"
    other.click("#tab-audit")
    other.fill("#audit-text", thread)
    other.click("#audit-run")
    report = other.locator("#audit-report")
    report.wait_for()
    text = report.inner_text()
    assert "Enlaces encontrados: 2" in text
    assert "Sharla" in text and "Hay problemas" in text
    assert "1 sin publicar" in text
    assert "Sin publicar: nº 2" in text                  # the missing number, named
    assert text.count("SIFRP 3D contra 9 \u2192") == 2   # each posted roll's pool and result


def test_hostile_label_is_text_not_markup(app, new_context):
    hostile = '<img src=x onerror="document.title=\'pwned\'">[url=javascript:alert(1)]x[/url]'
    link = roll_named(app, "<b>Eve</b>", "](javascript:alert(1))", hostile)
    assert app.locator("#result img").count() == 0
    assert hostile in app.locator("#result").inner_text()
    ctx, _ = new_context()
    other = open_app(ctx.new_page(), link)
    other.wait_for_selector("#shared .total")
    assert other.locator("#shared img, #shared-meta b").count() == 0
    assert "<b>Eve</b>" in other.locator("#shared-meta").inner_text()
    assert other.title() != "pwned"


def test_trust_statement_is_shown(app):
    app.click("#tab-audit")
    assert "no prueba" in app.locator("#trust-text").inner_text()
