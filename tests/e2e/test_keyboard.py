"""The whole roll flow with the keyboard alone (issue #9): no mouse clicks anywhere in this file.

Skip link → the name ask of a first visit («Tirar sin firmar») → form → fields → Tirar (Enter) → result focused and announced → copy the link →
open it from the history → an error is explained and focus goes to the field → language and
views switched from the keyboard.
"""

from __future__ import annotations


ACTIVE = """() => {
  const e = document.activeElement;
  const r = e.getBoundingClientRect();
  return {id: e.id, tag: e.tagName.toLowerCase(), tab: e.dataset ? (e.dataset.tab || '') : '',
          visible: r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden',
          outline: getComputedStyle(e).outlineStyle, text: (e.textContent || '').trim().slice(0, 40),
          history: e.closest('#history-list') !== null};
}"""


def active(page) -> dict:
    return page.evaluate(ACTIVE)


def tab_until(page, match, limit: int = 80, key: str = "Tab") -> dict:
    """Press Tab until ``match(active)`` holds; every stop on the way must be visible."""
    for _ in range(limit):
        page.keyboard.press(key)
        now = active(page)
        assert now["visible"], f"focus went to an invisible element: {now}"
        if match(now):
            return now
    raise AssertionError(f"{key} never reached the target; last focus {active(page)}")


def by_id(id_: str):
    return lambda a: a["id"] == id_


def test_roll_flow_with_keyboard_only(warm_page):
    page = warm_page(viewport={"width": 1280, "height": 900},
                         permissions=["clipboard-read", "clipboard-write"])

    # 1. the first Tab shows the skip link; Enter jumps to the form without opening a "link"
    first = tab_until(page, lambda a: True, limit=1)
    assert first["tag"] == "a" and first["text"] == "Ir al formulario de tirada"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    # a first visit asks for a name first (issue 38): «Poner nombre», then «Tirar sin firmar», which is
    # remembered and puts the focus on «Tirar»; back up to the system from there
    assert active(page)["id"] == "who-ask-name"
    page.keyboard.press("Tab")
    assert active(page)["id"] == "who-unsigned"
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.id === 'roll'")
    assert page.locator("#who-ask").is_hidden()
    tab_until(page, by_id("system"), key="Shift+Tab")
    assert page.locator("#result").is_hidden()

    # 2. fill the SIFRP test from the keyboard
    page.keyboard.press("Tab")
    assert active(page)["id"] == "sifrp-test_dice"
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.keyboard.press("Tab")
    assert active(page)["id"] == "sifrp-bonus_dice"
    page.keyboard.press("Control+A")
    page.keyboard.type("2")

    # 3. Tab on to the roll button (focus ring visible) and press Enter
    roll = tab_until(page, by_id("roll"))
    assert roll["outline"] != "none"
    page.keyboard.press("Enter")
    page.wait_for_selector("#result .total")
    assert active(page)["id"] == "result"  # focus moves to the result, which is also a live region
    assert page.locator("#result").get_attribute("aria-live") == "polite"
    assert page.locator("#result .die").count() == 6
    faces = page.locator("#result .die").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")

    # 4. copy the link from the keyboard
    tab_until(page, lambda a: a["tag"] == "button" and a["text"] == "Copiar enlace")
    page.keyboard.press("Enter")
    status = page.locator("#copy-status")
    page.wait_for_function("document.getElementById('copy-status').textContent !== ''")
    link = page.locator("#share-link").input_value()
    if "copiado" in status.inner_text().lower():
        assert page.evaluate("navigator.clipboard.readText()") == link

    # 5. open the roll again from the history with Enter: the same dice
    tab_until(page, lambda a: a["tag"] == "a" and a["history"])
    page.keyboard.press("Enter")
    page.wait_for_function("location.hash.length > 10")
    page.wait_for_selector("#shared .total")
    assert page.locator("#shared .die").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))") == faces

    # 6. a bad value: Enter inside the field submits, the error is explained, focus returns to the field
    page.focus("#sifrp-test_dice")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.press("Enter")
    page.wait_for_selector("#result .error")
    assert "número entero" in page.locator("#result .error").inner_text()
    assert active(page)["id"] == "sifrp-test_dice"
    page.keyboard.type("3")  # the rest of the form is still as typed
    assert page.locator("#sifrp-bonus_dice").input_value() == "2"


def test_language_and_views_with_keyboard_only(warm_page):
    page = warm_page(viewport={"width": 1280, "height": 900})
    tab_until(page, by_id("lang"))
    page.keyboard.press("Enter")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator("#roll").inner_text() == "Roll"
    # every view is reachable: Tab to its tab button, press Space
    names = page.eval_on_selector_all("[data-tab]", "els => els.map(e => e.dataset.tab)")
    for name in reversed(names):  # ends on the first view
        page.focus("#lang")
        tab_until(page, lambda a, n=name: a["tab"] == n)
        page.keyboard.press("Space")
        assert page.locator(f'[data-view="{name}"]').is_visible()
        assert page.locator(f'[data-tab="{name}"]').get_attribute("aria-current") == "page"
        # and its first control is reachable by Tab
        target = page.evaluate(f"""() => {{
          const view = document.querySelector('[data-view="{name}"]');
          const all = view.querySelectorAll('input, select, textarea, button:not([disabled]), a[href], summary');
          const c = [...all].find((e) => e.getClientRects().length > 0);
          return c ? c.id || null : null;
        }}""")
        if target:
            tab_until(page, by_id(target))
