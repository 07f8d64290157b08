"""The page in English before Pyodide is up (issue #41).

index.html is built in Spanish; an English reader (the browser's language, or the stored choice) gets the
static page in English from dist/strings-en.json (buildtools/pages.py write_english) as soon as the
loader runs (web/early-lang.mjs), and the language button (#lang) switches it both ways before Pyodide,
storing the choice where Pyodide's store reads it, so the engine starts in the same language. A Spanish
visit never downloads the file. Every test is a fresh phone (360×640, no service worker) with Pyodide's
WebAssembly held back or refused.
"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS, ROOT, open_app  # noqa: E402

from shell.strings import t  # noqa: E402  (web/shell/strings.py: the page's texts)

sys.path.pop(0)
sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.page import hold_engine, refuse_engine, release  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
STRINGS_EN = "strings-en.json"
#: every static text as the page shows it now: [key, id, text] of each [data-i18n] node, [key, attribute,
#: value] of each [data-i18n-attr] attribute, the title and <html lang>
STATIC = """() => ({
  texts: [...document.querySelectorAll('[data-i18n]')].map((n) => [n.dataset.i18n, n.id, n.textContent]),
  attrs: [...document.querySelectorAll('[data-i18n-attr]')].flatMap((n) => n.dataset.i18nAttr.split(';')
    .map((pair) => pair.split(':')).map(([attr, key]) => [key, attr, n.getAttribute(attr)])),
  title: document.title, lang: document.documentElement.lang })"""
#: the loader's own progress line (it says the loader's state in its own words, both languages in the template)
LINE = "loading-text"
LINE_KEYS = ("loading.text", "loading.core_form", "loading.failed", "loading.failed_core", "loading.queued", "loading.slow")
#: <html lang> is ``lang``
LANG_IS = "(lang) => document.documentElement.lang === lang"


def static(page) -> dict:
    return page.evaluate(STATIC)


def not_in(lang: str, shown: dict) -> list:
    """The static texts of ``shown`` that are not ``lang``'s text of their key (the catalog's), the
    progress line aside (:func:`line_in`): empty when the whole static page reads in ``lang``."""
    wrong = [(key, text) for key, node, text in shown["texts"] if node != LINE and text != t(key, lang)]
    wrong += [(key, attr, value) for key, attr, value in shown["attrs"] if value != t(key, lang)]
    if shown["title"] != t("app.title", lang):
        wrong.append(("app.title", shown["title"]))
    return wrong


def line_in(page, lang: str) -> bool:
    """The progress line says one of its texts in ``lang``, marked so."""
    said = page.evaluate(f"[document.getElementById('{LINE}').textContent, document.getElementById('{LINE}').lang]")
    return said[1] == lang and said[0] in {t(key, lang) for key in LINE_KEYS}


def spanish_left(shown: dict) -> list:
    """Static texts that still read as their Spanish (where the English differs)."""
    return [(key, text) for key, _node, text in shown["texts"] if text == t(key, "es") != t(key, "en")]


def phone(new_context, base_url: str, locale: str, *, held: bool = True, init: str = "", texts: list | None = None) -> tuple:
    """A fresh phone in ``locale``: ``(page, held routes or refused addresses, requested URLs, its watch)``, the page
    opened and its loader run (it enables the language button). ``texts``: strings-en.json's requests
    are held in it (continue them to let the texts arrive)."""
    ctx, watch = new_context(service_workers="block", locale=locale, **PHONE)
    kept = hold_engine(ctx) if held else refuse_engine(ctx)
    if init:
        ctx.add_init_script(init)
    if texts is not None:
        ctx.route(f"**/{STRINGS_EN}", lambda route, _request=None: texts.append(route))
    asked: list = []
    ctx.on("request", lambda request: asked.append(request.url))
    page = ctx.new_page()
    page.goto(base_url)
    page.wait_for_selector("#lang:enabled")
    return page, kept, asked, watch


def ready(page) -> None:
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=READY_TIMEOUT_MS)


def wait_for(page, found: list) -> None:
    """Wait until ``found`` holds something (a route, a message)."""
    for _ in range(300):
        if found:
            return
        page.wait_for_timeout(50)
    raise AssertionError("never came")


def test_an_english_phone_reads_the_page_in_english_before_pyodide(new_context, base_url):
    page, held, asked, _watch = phone(new_context, base_url, "en-GB")
    page.wait_for_function(LANG_IS, arg="en")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    before = static(page)
    # the tabs, the form's labels, the roll button and the title are the catalog's English
    assert [page.text_content(f"#tab-{tab}") for tab in ("roll", "audit", "scene", "brs", "data")] == [
        t("nav.roll", "en"), t("nav.audit", "en"), t("nav.scene", "en") + t("nav.scene_system", "en"),
        t("nav.brs", "en"), t("nav.data", "en")]
    assert page.inner_text("#roll") == t("action.roll", "en") == "Roll"
    assert page.inner_text("label[for=system]") == t("system.label", "en")
    assert page.evaluate("document.getElementById('sifrp-difficulty').selectedOptions[0].textContent") == \
        t("sifrp.difficulty.9", "en") == "Challenging (9)"   # the select's steps too, the one chosen kept
    assert page.title() == t("app.title", "en")
    assert page.inner_text("#lang") == t("app.lang", "en") and page.get_attribute("#lang", "aria-label") == t("app.lang_label", "en")
    assert not_in("en", before) == [] and spanish_left(before) == []
    assert line_in(page, "en")
    assert axe_problems(page) == []
    assert sum(url.endswith("/" + STRINGS_EN) for url in asked) == 1
    # Pyodide comes up: the same English page, nothing fetched again
    release(page, held)
    ready(page)
    after = static(page)
    assert after["lang"] == "en" and not_in("en", after) == []   # every static text the catalog's English, as before
    assert after["title"] == before["title"] and page.inner_text("#roll") == "Roll"
    assert sum(url.endswith("/" + STRINGS_EN) for url in asked) == 1


def test_a_spanish_first_visit_never_downloads_the_english_texts(new_context, base_url):
    ctx, _ = new_context(service_workers="block", locale="es-ES", **PHONE)
    asked: list = []
    ctx.on("request", lambda request: asked.append(request.url))
    page = open_app(ctx.new_page(), base_url)
    page.click("#tab-audit")
    page.click("#tab-roll")
    assert page.evaluate("document.documentElement.lang") == "es" and page.inner_text("#roll") == "Tirar"
    assert [url for url in asked if STRINGS_EN in url] == []
    assert any(url.endswith("/app.zip") for url in asked)   # the watch saw the page's requests


def test_the_language_button_before_pyodide_switches_stores_and_pyodide_starts_in_it(new_context, base_url):
    page, held, asked, _watch = phone(new_context, base_url, "es-ES")
    assert page.evaluate("document.documentElement.lang") == "es" and page.inner_text("#roll") == "Tirar"
    assert [url for url in asked if STRINGS_EN in url] == []   # not before the button
    page.focus("#lang")
    page.keyboard.press("Enter")
    page.wait_for_function(LANG_IS, arg="en")
    shown = static(page)
    assert not_in("en", shown) == [] and spanish_left(shown) == []
    assert line_in(page, "en")
    assert page.evaluate("document.activeElement.id") == "lang"
    assert page.evaluate("localStorage.getItem('tirada.lang')") == '"en"'   # as web/shell/store.py writes it
    page.keyboard.press("Enter")                                            # and back
    page.wait_for_function(LANG_IS, arg="es")
    assert not_in("es", static(page)) == [] and line_in(page, "es")
    assert page.evaluate("[document.activeElement.id, localStorage.getItem('tirada.lang')]") == ["lang", '"es"']
    page.click("#lang")                                                     # English again, then Pyodide
    page.wait_for_function(LANG_IS, arg="en")
    assert page.evaluate("document.activeElement.id") == "lang"
    assert sum(url.endswith("/" + STRINGS_EN) for url in asked) == 1        # fetched once
    release(page, held)
    ready(page)
    after = static(page)
    assert after["lang"] == "en" and not_in("en", after) == []              # the stored choice was read
    page.click("#lang")                                                     # Pyodide's own switch from here
    page.wait_for_function(LANG_IS, arg="es")
    assert page.inner_text("#roll") == "Tirar"
    assert page.evaluate("localStorage.getItem('tirada.lang')") == '"es"'


def test_with_pyodide_refused_the_button_still_switches_both_ways(new_context, base_url):
    from playwright.sync_api import expect

    page, refused, _asked, watch = phone(new_context, base_url, "es-ES", held=False)
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=READY_TIMEOUT_MS)
    assert refused
    # the form's reading core is up (or comes up): the line says the form still rolls
    page.wait_for_function("document.documentElement.dataset.coreForm === 'ready'", timeout=READY_TIMEOUT_MS)
    expect(page.locator(f"#{LINE}")).to_have_text(t("loading.failed_core", "es"))
    page.click("#tab-audit")                                   # a view that needs the engine says it could not load
    assert page.inner_text("#tab-waiting-audit") == t("loading.tab_failed", "es")
    for lang in ("en", "es", "en"):
        page.click("#lang")
        page.wait_for_function(LANG_IS, arg=lang)
        shown = static(page)
        assert not_in(lang, shown) == [], lang
        assert page.inner_text(f"#{LINE}") == t("loading.failed_core", lang)   # the failure, said in the language chosen
        assert page.inner_text("#tab-waiting-audit") == t("loading.tab_failed", lang)   # and the tab's line
        assert page.evaluate("document.activeElement.id") == "lang"
    assert axe_problems(page) == []
    watch.errors.clear()   # the browser's console names the refused files


#: localStorage refused (a browser's setting): every read and write throws
LS_REFUSED = """Object.defineProperty(window, 'localStorage', {configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});"""


def test_with_storage_refused_the_choice_still_holds_when_pyodide_starts(new_context, base_url):
    page, held, _asked, _watch = phone(new_context, base_url, "es-ES", init=LS_REFUSED)
    page.click("#lang")
    page.wait_for_function(LANG_IS, arg="en")
    assert page.get_attribute("html", "data-lang-chosen") == "en"
    release(page, held)
    ready(page)
    after = static(page)
    assert after["lang"] == "en" and not_in("en", after) == [] and spanish_left(after) == []


def test_what_was_drawn_meanwhile_is_left_alone(new_context, base_url):
    """A static node another part of the page drew in while the texts downloaded keeps what it shows."""
    texts: list = []
    page, _held, _asked, _watch = phone(new_context, base_url, "en-GB", texts=texts)
    wait_for(page, texts)
    page.evaluate("document.querySelector('[data-i18n=\"help.heading\"]').textContent = 'drawn meanwhile'")
    texts.pop().continue_()
    page.wait_for_function(LANG_IS, arg="en")
    assert page.inner_text("[data-i18n='help.heading']") == "drawn meanwhile"
    assert page.inner_text("#roll") == "Roll"


def test_texts_that_arrive_after_pyodide_change_nothing(new_context, base_url):
    texts: list = []
    page, held, _asked, _watch = phone(new_context, base_url, "en-GB", texts=texts)
    wait_for(page, texts)
    release(page, held)
    ready(page)
    assert page.evaluate("document.documentElement.lang") == "en" and page.inner_text("#roll") == "Roll"
    page.evaluate("document.getElementById('roll').textContent = 'Tirar'")   # as if the engine drew it so
    with page.expect_response(f"**/{STRINGS_EN}"):
        texts.pop().continue_()
    page.wait_for_timeout(300)
    assert page.inner_text("#roll") == "Tirar"


def test_a_failed_download_leaves_the_page_spanish_until_pyodide(new_context, base_url):
    texts: list = []
    page, held, _asked, watch = phone(new_context, base_url, "en-GB", texts=texts)
    warned: list = []
    page.on("console", lambda message: message.type == "warning" and "English texts" in message.text and warned.append(message.text))
    wait_for(page, texts)
    texts.pop().abort()
    wait_for(page, warned)
    assert page.evaluate("document.documentElement.lang") == "es" and page.inner_text("#roll") == "Tirar"
    assert line_in(page, "en")   # the loader's own line has its English in the page itself
    release(page, held)
    ready(page)
    assert page.evaluate("document.documentElement.lang") == "en" and not_in("en", static(page)) == []
    watch.errors[:] = [error for error in watch.errors if "ERR_FAILED" not in error]   # the refused download
