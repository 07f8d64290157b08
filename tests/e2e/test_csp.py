"""The page under its Content-Security-Policy (issue #18): it starts, rolls, opens links, shows a
label as a label and works offline, with no policy violation.

Every ``securitypolicyviolation`` event is recorded from the first script on (an init script), and
conftest's watch fails the test on any console error (Chromium logs each refusal as one).
"""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.offline import dice, roll_sifrp, wait_offline_ready  # noqa: E402

RECORD = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""


def violations(page) -> list:
    return page.evaluate("window.__csp")


def test_page_with_its_policy_starts_rolls_opens_links_and_works_offline(new_context, base_url):
    from playwright.sync_api import expect  # (imported here: the Pyodide run collects this file)

    ctx, watch = new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    ctx.add_init_script(RECORD)
    page = ctx.new_page()
    page = open_app(page, base_url)
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    # a roll, with a label that tries to look like a result: it is shown tagged and quoted
    link = roll_sifrp(page, "✔ ÉXITO CRÍTICO")
    label = page.locator("#result p.label")
    expect(label).to_contain_text("Motivo:")
    expect(label.locator("q")).to_have_text("✔ ÉXITO CRÍTICO")
    assert label.evaluate("e => getComputedStyle(e).fontWeight") == "400"
    faces = dice(page)
    # open its link in a fresh page (the roll is recomputed), then a Confrontation link
    other = ctx.new_page()
    other = open_app(other, link)
    expect(other.locator("#shared")).to_be_visible()
    assert dice(other) == faces
    other.click('[data-tab="brs"]')
    other.click("#brs-example")
    other.click("#brs-start")
    expect(other.locator("#brs-game")).to_be_visible()
    brs_link = other.locator("#brs-share-link").input_value()
    third = ctx.new_page()
    third = open_app(third, brs_link)
    expect(third.locator("#brs-shared")).to_be_visible()
    # offline: the service worker serves everything; reload, roll again, reopen the link
    wait_offline_ready(page)
    ctx.set_offline(True)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=90_000)
    roll_sifrp(page, "sin red")
    page.goto(link)
    expect(page.locator("#shared")).to_be_visible()
    assert dice(page) == faces
    for p in (page, other, third):
        assert violations(p) == []
    ctx.set_offline(False)
    # control: the policy is enforced and the recorder sees it (an injected inline script is refused)
    third.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__ran = 1';"
                   " document.body.append(s); }")
    third.wait_for_function("window.__csp.length > 0")
    assert third.evaluate("window.__ran") is None and violations(third)[0].startswith("script-src")
    watch.errors[:] = [e for e in watch.errors if "Content Security Policy" not in e]


def test_switching_between_invalid_and_valid_links_leaves_nothing_stale(app, base_url):
    """Finding (issue #18): error messages and old boards stayed on screen when switching between
    invalid and valid links. Links are made here: a seeded Confrontation, one carrying dice typed
    by hand (refused), a roll, and a damaged link."""
    from playwright.sync_api import expect  # (imported here: the Pyodide run collects this file)

    from tirada.systems.brs.compact import to_compact
    from tirada.systems.brs.example import EXAMPLE_SETUP, example_setup
    from tirada.systems.brs.link import encode_link as brs_link
    from tirada.links.chain import encode_link
    from tirada.wire.codec import encode_payload

    seeded = brs_link(example_setup("00112233445566778899aabbccddeeff"), [])
    typed = encode_payload("brs", to_compact(EXAMPLE_SETUP, []))
    roll = encode_link({"system": "generic", "dice": 2, "sides": 6, "seed": "ab" * 16})
    go = lambda fragment: app.evaluate(f"location.hash = {fragment!r}")  # noqa: E731

    go(seeded)
    expect(app.locator("#brs-shared")).to_be_visible()
    go(typed)
    expect(app.locator("#brs-link-error")).to_contain_text("escritos a mano")
    expect(app.locator("#brs-shared")).to_be_hidden()        # the board below is not this link's
    go(roll)
    expect(app.locator("#shared")).to_be_visible()
    app.click('[data-tab="brs"]')
    expect(app.locator("#brs-link-error")).to_be_hidden()    # the earlier link's error is gone
    go("t1" + "A" * 20)
    expect(app.locator("#shared-error")).to_be_visible()
    go(seeded)
    expect(app.locator("#brs-shared")).to_be_visible()
    app.click('[data-tab="roll"]')
    expect(app.locator("#result")).to_be_hidden()            # no stale "link cannot be read"
    expect(app.locator("#shared")).to_be_hidden()


def test_a_long_audit_draws_its_progress_instead_of_freezing(app):
    """Finding (issue #18): 3,000 one-roll links by different names blocked the page for 76 s.
    The audit now runs in steps: the page draws "Comprobando… n de N enlaces" between them and
    still ends with the full report. The thread is made here (400 rollers)."""
    from playwright.sync_api import expect  # (imported here: the Pyodide run collects this file)

    from tirada.links.chain import encode_link

    links = [encode_link({"system": "generic", "dice": 1, "sides": 6, "seed": f"{i:032x}"}, roller=f"Jugador {i}")
             for i in range(400)]
    app.click("#tab-audit")
    app.evaluate("t => { document.getElementById('audit-text').value = t; }",
                 " ".join("https://x/#" + f for f in links))
    app.click("#audit-run")
    expect(app.locator("#audit-report")).to_contain_text("Comprobando…")   # drawn mid-way
    expect(app.locator("#audit-report article.audit-roller")).to_have_count(400, timeout=60_000)
    expect(app.locator("#audit-report")).to_contain_text("Enlaces encontrados: 400")
