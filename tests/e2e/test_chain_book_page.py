"""End to end for issue #25 item 2, the one chain book: each story is played in real browsers (two
devices = two browser contexts, phones at 360x640), the rolled links are posted as a thread into the
page's "Auditar hilo", and the audit must show one complete chain (no restart, fork or rewind the
player did not make) while nothing stored before is lost.

* a hand-over link opened again (and an older one) cannot move the chain back;
* after a hand-over, the old device's next roll is refused with a notice instead of a new nº 1;
* Export → clear → Import with the defaults restores the chain, and says so;
* a full storage (another app of the same site filled it) keeps what is stored, says so, refuses to
  number a roll it cannot store, exports everything, and numbering goes on once there is room.

Each device is a tab of one of this worker's shared contexts (``warm_page``: site storage cleared, HTTP
cache kept; the phone's and the desktop's are two contexts): a hand-over link opened in a fresh browser
is test_every_link's (issue #37).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import open_app
pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import FILL, audit_text as audit_thread, hand_over, l5r_decide, roll_again, roll_named  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}}
WHO = ("Sharla", "Arenas")


def seq_of(page) -> str:
    return page.locator("#roll-meta").inner_text()


def open_device(warm_page, base_url: str, link: str, **options):
    """The first tab of a device (``warm_page`` with ``options``) opened on ``link``, with its words."""
    page = warm_page(link[len(base_url):], **options)
    page.wait_for_function("document.getElementById('chain-status').textContent.length > 0")
    return page


def open_link(ctx, link: str):
    """Open ``link`` in a new tab of the browser context ``ctx`` (a device) and wait for its words."""
    page = open_app(ctx.new_page(), link)
    page.wait_for_function("document.getElementById('chain-status').textContent.length > 0")
    return page


def open_asked(ctx, link: str):
    """Open a hand-over link that changes a chain this device holds: the page asks first (issue #38);
    tick «Creé yo este enlace…» when asked for it and accept; the page with the link's words."""
    page = open_app(ctx.new_page(), link)
    page.wait_for_selector("#chain-ask:not([hidden])")
    assert page.locator("#chain-status").inner_text() == ""          # nothing done before the answer
    if page.locator("#chain-ask-sure").is_visible():
        assert page.locator("#chain-ask-yes").is_disabled()
        page.check("#chain-ask-sure")
    page.click("#chain-ask-yes")
    page.wait_for_function("document.getElementById('chain-status').textContent.length > 0")
    return page


def refused(page, label: str) -> str:
    """Roll and expect a refusal (no new link): the shown error text."""
    link = page.locator("#share-link").input_value()
    page.fill("#label", label)
    page.click("#roll")
    page.wait_for_selector("#result .error")
    assert page.locator("#share-link").input_value() == link
    return page.inner_text("#result")


def stored(page, key: str):
    raw = page.evaluate("k => localStorage.getItem(k)", key)
    return json.loads(raw) if raw else None


def chain(page) -> dict:
    return (stored(page, "tirada.chains.v1") or {}).get("\n".join(WHO), {})


def one_chain(page, links: list, seqs: list) -> None:
    """The audit of ``links`` posted as a thread: one complete chain with exactly ``seqs``."""
    text = audit_thread(page, "\n".join(f"Post {i}: {link}" for i, link in enumerate(links)))
    assert "Cadena completa" in text and "Hay problemas" not in text, text
    for n in seqs:
        assert f"nº {n}" in text or f"#{n}" in text, (n, text)


def test_a_reopened_or_older_hand_over_link_cannot_move_the_chain_back(warm_page, base_url):
    phone = warm_page(**PHONE)
    phone_ctx = phone.context
    links = [roll_named(phone, *WHO, f"tirada {i}") for i in (1, 2)]
    h1 = hand_over(phone)

    desk = open_device(warm_page, base_url, h1, viewport={"width": 1280, "height": 900})
    desk_ctx = desk.context
    assert "la próxima tirada será la nº 3" in desk.inner_text("#chain-status")
    links.append(roll_again(desk, "tirada 3"))
    assert "tirada nº 3 de Sharla" in seq_of(desk)
    h2 = hand_over(desk)                             # the desktop gives the chain on at nº 3 …

    again = open_link(desk_ctx, h1)                  # … and opens the first link again: the old rewind
    status = again.inner_text("#chain-status")
    assert "ya se usó en este navegador" in status and "no vuelve atrás" in status
    assert chain(again)["seq"] == 3 and chain(again)["retired"]
    assert "se pasó a otro dispositivo en la nº 3" in refused(again, "tirada 3 otra vez")

    back = open_asked(phone_ctx, h2)                 # the chain goes on on the phone at nº 4
    assert "la próxima tirada será la nº 4" in back.inner_text("#chain-status")
    old = open_link(phone_ctx, h1)                   # the phone's own older link cannot rewind it
    assert "es anterior a la cadena" in old.inner_text("#chain-status")
    assert "ya se usó" in open_link(phone_ctx, h2).inner_text("#chain-status")
    assert chain(old)["seq"] == 3 and "retired" not in chain(old)
    links.append(roll_again(old, "tirada 4"))
    assert "tirada nº 4 de Sharla" in seq_of(old)

    one_chain(old, links, [1, 2, 3, 4])
    assert len(stored(old, "tirada.history.v1")) == 3      # the phone's rolls 1, 2 and 4
    assert len(stored(desk, "tirada.history.v1")) == 1     # the desktop's roll 3


def test_the_old_device_cannot_restart_a_chain_it_handed_over(warm_page, base_url):
    phone = warm_page(viewport={"width": 1280, "height": 900})
    phone_ctx = phone.context
    links = [roll_named(phone, *WHO, f"tirada {i}") for i in (1, 2)]
    handover = hand_over(phone)
    assert "queda retirada aquí" in phone.inner_text("#chain-status")

    desk = open_device(warm_page, base_url, handover, **PHONE)
    links.append(roll_again(desk, "tirada 3"))

    phone = open_app(phone, base_url)                # later, the old device: same name, same campaign
    assert phone.locator("#roller").input_value() == "Sharla"
    assert "aquí está retirada" in phone.inner_text("#chain-status")   # the notice comes before any roll
    phone.fill("#roller", "Kael")
    phone.dispatch_event("#roller", "change")
    assert "retirada" not in phone.inner_text("#chain-status")         # another name: another chain
    phone.fill("#roller", "Sharla")
    phone.dispatch_event("#roller", "change")
    assert "aquí está retirada" in phone.inner_text("#chain-status")
    text = refused(phone, "tirada ¿1?")
    assert "se pasó a otro dispositivo en la nº 2" in text and "empezaría otra nº 1" in text
    assert chain(phone)["seq"] == 2 and chain(phone)["retired"]        # kept, not restarted
    assert len(stored(phone, "tirada.history.v1")) == 2

    back = open_asked(phone_ctx, hand_over(desk))    # the desktop hands it back at nº 3
    assert "la próxima tirada será la nº 4" in back.inner_text("#chain-status")
    links.append(roll_again(back, "tirada 4"))
    assert "tirada nº 4 de Sharla" in seq_of(back)
    one_chain(back, links, [1, 2, 3, 4])


def test_import_with_the_defaults_restores_the_chain(warm_page, base_url, tmp_path):
    page = warm_page(**PHONE)
    links = [roll_named(page, *WHO, f"tirada {i}") for i in (1, 2)]
    page.click("#tab-data")
    with page.expect_download() as info:
        page.click("#export-all")
    path = tmp_path / "tirada.json"
    info.value.save_as(path)
    before = stored(page, "tirada.history.v1")

    page.evaluate("localStorage.clear()")            # a new browser, or data cleared
    page = open_app(page, base_url)
    page.click("#tab-data")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#import-preview:not([hidden])")
    assert page.locator("#import-plan input[data-chain]").is_checked()   # the default: restored
    page.click("#import-confirm")
    page.wait_for_function("document.querySelector('#backup-status').textContent.startsWith('Importado')")
    assert "cadenas: 1 restaurada." in page.inner_text("#backup-status")
    assert stored(page, "tirada.history.v1") == before and chain(page)["seq"] == 2

    page.click("#tab-roll")
    links.append(roll_named(page, *WHO, "tirada 3"))   # the name typed again: the chain goes on
    assert "tirada nº 3 de Sharla" in seq_of(page)
    one_chain(page, links, [1, 2, 3])


#: Once filled, the few characters the fill could not use stay taken too: every write of Tirada
#: throws QuotaExceededError as a browser does, until the test frees the space.
FULL = """(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && sessionStorage.getItem('full') === '1' && !String(key).startsWith('junk.')) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return set.call(this, key, value);
  };
})();"""
FREE = """() => {
  sessionStorage.removeItem('full');
  for (const key of Object.keys(localStorage)) if (key.startsWith('junk.')) localStorage.removeItem(key);
}"""


def test_full_storage_keeps_the_book_and_numbers_only_what_it_can_store(warm_page, base_url):
    page = warm_page(**PHONE)
    page.add_init_script(FULL)                       # this tab's loads from now on (the context is shared)
    links = [roll_named(page, *WHO, f"tirada {i}") for i in (1, 2, 3)]
    history, book = stored(page, "tirada.history.v1"), stored(page, "tirada.chains.v1")
    assert page.evaluate(FILL) > 0
    page.evaluate("sessionStorage.setItem('full', '1')")

    page = open_app(page, base_url)                  # the next visit finds the storage full
    notice = page.inner_text("#notice")
    assert "lleno" in notice and "Libera espacio" in notice and "recorta el historial" in notice
    assert page.locator("#history-list li").count() == 3      # what was stored is still there
    assert page.locator("#roller").input_value() == "Sharla"
    text = refused(page, "tirada 4")                 # a number it could not store is never given
    assert "no se ha hecho" in text and "Libera espacio" in text
    assert stored(page, "tirada.chains.v1") == book and stored(page, "tirada.history.v1") == history

    page.click("#tab-data")
    with page.expect_download() as info:             # "Exportar todo" still exports everything
        page.click("#export-all")
    doc = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert doc["data"]["history"] == history and doc["data"]["chains"] == book

    page.evaluate(FREE)                              # space freed: numbering goes on, no restart
    page.click("#tab-roll")
    links.append(roll_again(page, "tirada 4"))
    assert "tirada nº 4 de Sharla" in seq_of(page)
    assert chain(page)["seq"] == 4 and len(stored(page, "tirada.history.v1")) == 4
    one_chain(page, links, [1, 2, 3, 4])


def test_a_check_that_took_several_numbers_says_why(warm_page):
    """Item 5: an L5R check whose Distinction reroll took a second number is shown as "nº 2–3
    (tirada y decisión)", so the next roll's nº 4 is no unexplained jump."""
    page = warm_page(**PHONE)
    links = [roll_named(page, *WHO, "tirada 1")]
    page.select_option("#system", "l5r5e")
    for field, value in (("#l5r-ring", "3"), ("#l5r-skill", "2"), ("#l5r-tn", "2"), ("#label", "salto")):
        page.fill(field, value)
    page.check("#l5r-distinction")
    page.click("#roll")
    page.wait_for_selector('#result .l5r-board[data-stage="reroll"]')
    page.click('[data-l5r-die="0"]')
    page.click("#l5r-confirm")                       # the reroll: fresh dice at the next number
    page.wait_for_selector('#result .l5r-board[data-stage="keep"]')
    page.locator("[data-l5r-die]:not([aria-disabled])").first.click()
    l5r_decide(page, "#l5r-confirm")                 # numbered under the chain lock: its answer is waited for
    while page.locator("#result .l5r-total").count() == 0:   # explosions, if any: each one more number
        keep = page.locator('[data-l5r-explosion="keep"]')
        l5r_decide(page, keep if keep.get_attribute("aria-disabled") is None else
                   page.locator('[data-l5r-explosion="drop"]'))
    meta = seq_of(page)
    taken = chain(page)["seq"]
    assert taken >= 3 and f"tirada nº 2–{taken} (tirada y " in meta, meta
    links.append(page.locator("#share-link").input_value())
    page.select_option("#system", "sifrp")
    links.append(roll_again(page, "tirada siguiente"))
    assert f"tirada nº {taken + 1} de Sharla" in seq_of(page)
    one_chain(page, links, [1, 2, taken + 1])
