"""Browser-test helpers shared by several tests/e2e modules (Playwright pages of the app)."""

from __future__ import annotations


#: Fill this origin's localStorage as another app of the same site would (until it throws); returns
#: how many junk values it wrote (``page.evaluate(FILL)``).
FILL = """() => {
  let n = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
    const chunk = 'x'.repeat(size);
    for (;;) { try { localStorage.setItem('junk.' + (n++), chunk); } catch (e) { break; } }
  }
  return n;
}"""


def roll_named(page, roller: str, campaign: str, label: str) -> str:
    """Roll the form's current dice as ``roller`` in ``campaign`` with ``label``; return the share link."""
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", roller)
    page.fill("#campaign", campaign)
    page.fill("#label", label)
    page.click("#roll")
    page.wait_for_selector("#result .total")
    return page.locator("#share-link").input_value()


def hand_over(page) -> str:
    """Click "Seguir en otro dispositivo" for the form's roller; the hand-over link."""
    if not page.locator("#chain-handover").is_visible():
        page.click("#who summary")
    page.click("#chain-handover")
    page.wait_for_function("document.getElementById('chain-link').value.includes('#t2')")
    return page.locator("#chain-link").input_value()


def roll_again(page, label: str) -> str:
    """Roll the form as it is (name and campaign already there); the share link."""
    page.fill("#label", label)
    before = page.locator("#share-link").input_value() if page.locator("#share-link").count() else ""
    page.click("#roll")
    page.wait_for_function("b => document.getElementById('share-link').value !== b", arg=before)
    return page.locator("#share-link").input_value()


def request_link(page, test_dice: str, label: str, for_: str, difficulty: str = "") -> str:
    """As the GM: a SIFRP request link for ``test_dice`` (and ``difficulty``) labelled ``label``,
    for the player ``for_`` (the form's "Pedir una tirada" box)."""
    page.fill("#sifrp-test_dice", test_dice)
    if difficulty:
        page.select_option("#sifrp-difficulty", difficulty)
    page.fill("#label", label)
    page.click("#gm-make summary")
    page.fill("#gm-for", for_)
    page.click("#gm-make-link")
    page.wait_for_function("document.getElementById('gm-link').value.includes('#t2')")
    return page.locator("#gm-link").input_value()


def hold_engine(ctx) -> list:
    """Hold every request of the browser context ``ctx`` for Pyodide's WebAssembly; return the held
    routes (:func:`release` them to let the engine start)."""
    held: list = []
    ctx.route("**/pyodide/pyodide.asm.wasm", lambda route, _req=None: held.append(route))
    return held


def block_core(ctx) -> None:
    """Refuse MicroPython's files in the browser context ``ctx``: a roll link then shows only its
    request until Pyodide verifies it, as before the reading core (web/core-first.mjs, issue #41)."""
    ctx.route("**/micropython/**", lambda route, _req=None: route.abort())


def refuse_engine(ctx) -> list:
    """Refuse every request of the browser context ``ctx`` for Pyodide's files (a failed download: the
    reading core's result must stay and say so); return the list the refused addresses go in."""
    refused: list = []

    def refuse(route, _req=None) -> None:
        refused.append(route.request.url)
        route.abort()

    ctx.route("**/pyodide/**", refuse)
    return refused


def release(page, held: list) -> None:
    """Let the held WebAssembly requests go on (waiting first until the page has asked for it)."""
    for _ in range(600):  # the request starts right after the page's scripts: wait for it
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "Pyodide's WebAssembly was never requested"
    for route in held:
        route.continue_()


def audit_text(page, thread: str | None = None) -> str:
    """Paste ``thread`` into "Auditar hilo" (``None``: audit what the text box already holds, e.g.
    after :func:`paste_html`), run it and return the report's text once this thread's report is
    drawn (the audit runs in steps: wait for its link count, not the previous report)."""
    import re

    from playwright.sync_api import expect

    page.click("#tab-audit")
    if thread is not None:
        page.fill("#audit-text", thread)
    count = thread.count("#t") if thread is not None else \
        len(re.findall(r"#t\d", page.locator("#audit-text").input_value()))
    # an earlier report with the same link count would satisfy the wait below at once: clear it
    page.evaluate("document.getElementById('audit-report').textContent = ''")
    page.click("#audit-run")
    report = page.locator("#audit-report")
    expect(report).to_contain_text(f"Enlaces encontrados: {count}", timeout=30_000)
    return report.inner_text()


def paste_html(page, html: str, plain: str) -> bool:
    """Paste into the audit's text box as a browser does after copying a rendered page; True when
    the page took the paste over (the browser's own paste of the plain text prevented)."""
    page.click("#tab-audit")
    page.fill("#audit-text", "")
    page.focus("#audit-text")
    return page.evaluate("""([html, plain]) => {
        const data = new DataTransfer();
        data.setData('text/html', html);
        data.setData('text/plain', plain);
        const event = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
        document.getElementById('audit-text').dispatchEvent(event);
        return event.defaultPrevented;
    }""", [html, plain])


def snippet_of_page(page, kind: str = "text") -> str:
    """The forum snippet of the roll on ``page`` (``kind``: text, bbcode, markdown, html) through its
    copy button and the clipboard (the context needs clipboard-read and clipboard-write)."""
    from playwright.sync_api import expect

    page.click(f'#share [data-copy="{kind}"]')
    expect(page.locator("#copy-status")).not_to_be_empty()
    return page.evaluate("navigator.clipboard.readText()")


def take_seat(page, seat: str = "both") -> None:
    """Answer the Confrontation's seat question (issue #29: which side this browser plays — "0",
    "1", "both" for hot-seat play, "watch") when it is asked; a remembered seat asks nothing."""
    button = page.locator(f'#brs-seat [data-seat="{seat}"]')
    if button.count():
        button.click()
        page.wait_for_selector("#brs-seat .brs-seat-line")


def open_shared_result(reader, page, pool: str, **context):
    """Open ``page``'s share link in a browser that holds nothing (the e2e ``reader`` fixture, with
    ``context``'s options) and check it shows the roll verified with ``pool`` and the same total as
    ``page``'s card; return that page."""
    from playwright.sync_api import expect

    total = page.locator("#result .total").get_attribute("data-total")
    link = page.locator("#share-link").input_value()
    other = reader(link.partition("#")[2], **context)
    expect(other.locator("#shared .shared-ok")).to_be_visible()
    expect(other.locator("#shared-pool")).to_have_text(pool)
    expect(other.locator("#shared .total")).to_have_attribute("data-total", total)
    return other


def sealed_request(page, label: str, for_: str, campaign: str, roller: str = "") -> str:
    """As the GM: a sealed SIFRP request (4 dice against 12) labelled ``label`` for ``for_`` in
    ``campaign`` (the "Tirada a ciegas (sellada)" box), made as ``roller`` when given; the request link."""
    from playwright.sync_api import expect

    page.select_option("#system", "sifrp")
    page.fill("#sifrp-test_dice", "4")
    page.select_option("#sifrp-difficulty", "12")
    page.fill("#label", label)
    if not page.locator("#campaign").is_visible():
        page.click("#who summary")
    if roller:
        page.fill("#roller", roller)
    page.fill("#campaign", campaign)
    page.locator("#gm-make summary").click()
    page.fill("#gm-for", for_)
    page.check("#gm-sealed")
    page.click("#gm-make-link")
    expect(page.locator("#gm-make-status")).to_contain_text("petición sellada")
    return page.locator("#gm-link").input_value()


def blind_answer(new_context, request: str, who: str, **context):
    """As a player in a fresh browser context (``context``: the context's options, e.g. a phone): open
    the sealed ``request`` link and roll blind; ``who`` is the sealed card's expected "Tirada sellada de
    …, nº N" line. Returns ``(page, blind link)``."""
    from playwright.sync_api import expect

    from conftest import open_app

    ctx, _ = new_context(**context)
    page = open_app(ctx.new_page(), request)
    expect(page.locator("#gm-request-sealed")).to_contain_text("Tirada a ciegas")
    page.click("#roll")
    expect(page.locator("#sealed-who")).to_have_text(who)
    return page, page.locator("#sealed-link").input_value()


def secret_roll(gm, who: str) -> str:
    """As the GM in ``gm`` (a ready page): a secret SIFRP roll of 4 dice against 12 for "Sigilo del PNJ"
    in the campaign "Arenas", refused first without a GM name; the sealed link. ``who``: the sealed
    card's expected "Tirada oculta de …, nº N" line."""
    from playwright.sync_api import expect

    def stored_text() -> str:
        return gm.evaluate("JSON.stringify(Object.entries(localStorage))")

    gm.select_option("#system", "sifrp")
    gm.fill("#sifrp-test_dice", "4")
    gm.select_option("#sifrp-difficulty", "12")
    gm.fill("#label", "Sigilo del PNJ")
    gm.click("#who summary")
    gm.fill("#campaign", "Arenas")
    gm.locator("#gm-secret summary").click()
    expect(gm.locator("#secret-guarantee")).to_contain_text("no se podrá revelar")
    gm.fill("#roller", "")                      # unnamed: refused, no roll made (it could be repeated unseen)
    gm.click("#gm-secret-roll")
    expect(gm.locator("#gm-secret-status")).to_contain_text("escribe tu nombre de máster")
    assert gm.locator("#sealed-state").count() == 0 or gm.locator("#sealed-state").get_attribute("data-sealed") != "gm"
    assert "tirada.secretrolls" not in stored_text()
    gm.fill("#roller", "Máster")
    gm.click("#gm-secret-roll")
    expect(gm.locator("#sealed-state")).to_have_attribute("data-sealed", "gm")
    expect(gm.locator("#sealed-who")).to_have_text(who)
    expect(gm.locator("#sealed-status")).to_contain_text("Hecha y sellada")
    return gm.locator("#sealed-link").input_value()


def restore_chain_book(page, kept: str) -> None:
    """Restore old browser data: put back ``kept`` (an earlier copy of ``tirada.chains.v1``) with the chain
    heads the tabs share emptied as they were then (IndexedDB ``tirada-chain-heads``, web/chain-writer.mjs,
    deleted once ``page`` closes), then close ``page``: open a new page to roll from the restored book."""
    page.evaluate("v => { localStorage.setItem('tirada.chains.v1', v); indexedDB.deleteDatabase('tirada-chain-heads'); }",
                  kept)
    page.close()


#: true once the L5R board ``b`` was replaced (the next stage, or the finished roll) or the decision
#: sent from it was answered without replacing it (a refusal: the board is no longer busy)
_DECIDED = "b => !b.isConnected || !document.getElementById('result').hasAttribute('aria-busy')"


def l5r_decide(page, target, timeout: float = 30_000) -> None:
    """Click the L5R board's decision button ``target`` (a selector or a locator) and wait until the
    engine's answer is on screen. A seeded check's decision is numbered under the chain lock (a task
    that lands after the click returns, web/shell/busy.py marks the board busy meanwhile), so the
    next stage is waited for — the board the click was on replaced — never slept for."""
    board = page.locator("#result .l5r-board").element_handle()
    (page.locator(target) if isinstance(target, str) else target).click()
    page.wait_for_function(_DECIDED, arg=board, timeout=timeout)


#: in a tab: click «Tirar» at the wall-clock time ``at`` (ms)
CLICK_AT = "at => setTimeout(() => document.getElementById('roll').click(), Math.max(0, at - Date.now()))"
#: in a tab: whether the share link is no longer ``before`` (a new roll is on screen)
LINK_CHANGED = "before => document.getElementById('share-link').value !== before"


def roll_at_once(tabs: list) -> list:
    """Press «Tirar» in every tab at the same wall-clock instant (300 ms from now) and return each tab's
    new share link, in the tabs' order (each tab waits up to 30 s for its link to change)."""
    import time

    before = [tab.locator("#share-link").input_value() for tab in tabs]
    at = int(time.time() * 1000) + 300
    for tab in tabs:
        tab.evaluate(CLICK_AT, at)
    links = []
    for tab, old in zip(tabs, before):
        tab.wait_for_function(LINK_CHANGED, arg=old, timeout=30_000)
        links.append(tab.locator("#share-link").input_value())
    return links

