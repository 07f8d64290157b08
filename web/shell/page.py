"""Tirada's page entry point: language, views, link routing, start-up. No rules live here.

Imported by the one line of Python PyScript runs (inline in index.html: ``import page``): this
module ships compiled (app.zip, checked-hash .pyc) so that Python's parser and compiler do not run
for it at every start (docs/benchmarks.md, issue #16). Its start-up runs when it is imported.

Handlers only read inputs, call one engine function, store what it returns and render it
(../shared/STYLE.md, "PyScript — the page is glue"). Storage and the URL fragment belong to store.py;
shared state to app.py; each view to its ui_*.py module.
"""

from __future__ import annotations

import importlib
import sys

from pyodide.ffi import create_proxy
from pyscript import document, when, window

if getattr(window, "__tiradaTest", None) is True:   # a browser test drives this page, told so before it
    from shell import test_reset                     # loaded: its soft reset (issue #37), kept off users'
    test_reset.install(__name__)                     # pages; before any view is imported

from shell import app
from shell import contract
from shell import page_events
from shell import store as store_mod
from dice import ui_dice  # noqa: F401  (the generic and SIFRP fieldsets' handlers)
from l5r import ui_l5r  # noqa: F401  (the L5R check: the FLOW of web/l5r/form_l5r5e.py)
from l5r import ui_l5r_added  # noqa: F401  (the L5R check's added kept dice at the keep)
from dice import ui_bands  # noqa: F401  (the generic form's named outcomes: presets and bands, issue 28)
from fair import ui_request  # noqa: F401  (GM roll request links: route "request", page_events.gm_answer)
from roll import ui_roll
from roll import ui_who  # the name asked for before the first roll (issue 38)
from fair import ui_shared
from shell.app import STORE, el, tr
from shell.page_events import LangChanged, LinkOpening
from shell.strings import STRINGS, t

from tirada.links.roll_link import peek_kind
from tirada.links.thread_link import is_thread

#: view modules started before the page says it is ready (ui_roll first: ui_who reads the name it restores).
VIEWS = (ui_roll, ui_who, ui_shared)
#: views imported and started right after the page is ready (or at once when their tab or a link of
#: their kind needs them), so their imports do not delay the first roll: tab / link kind → module.
#: Sealed rolls (ui_sealed: routes "sealreq", "blind", "reveal", page_events.sealed_active) and the GM's secret rolls
#: (ui_sealed_secret: "Tirar en secreto", route "secret") are lazy too: a warm start imports ~20 %
#: fewer page modules (docs/benchmarks.md, tenth session). A Spoils bidding link ("bid") opens in the
#: Confrontation view (ui_brs_records).
LAZY = {"audit": "audit.ui_audit", "thread": "audit.ui_thread", "scene": "tragedia.ui_scene", "brs": "brs.ui_brs", "data": "data.ui_data",
        "sealreq": "fair.ui_sealed", "blind": "fair.ui_sealed", "reveal": "fair.ui_sealed", "secret": "fair.ui_sealed_secret",
        "bid": "brs.ui_brs"}
#: boxes closed at start (``<details>`` id → the view module that runs it): imported when the box is first
#: opened, or by :func:`load_rest` (before LAZY's views) once the page is ready, so that a first visit's
#: start does not import them. The L5R skirmish turn box of the roll view brings ~10 engine modules
#: (tirada.systems.l5r.turn*, ~25 dataclasses): a third of the engine's import time at a plain start (issue #41).
BOXES = {"l5r-turn": "l5r.ui_l5r_turn"}
#: the audit tab's view (LAZY's "audit"): a thread link opens in it too
AUDIT_VIEW = "audit.ui_audit"


def load_view(name: str):
    """Import and start a lazily loaded view module once; return it."""
    if name in sys.modules:
        return sys.modules[name]
    module = importlib.import_module(name)
    start_view = getattr(module, "start", None)   # a view with nothing to draw at start has none
    if start_view is not None:
        start_view()
    app.show_notices()  # a view may add to the notice bar (page_events.NoticesDrawn)
    return module


def load_rest(*_args) -> None:
    """Load the next lazy view (BOXES', then LAZY's) not loaded yet and come back for the one after it
    on the next timer (run from a timer right after the page is ready): a view a task, so the page answers between them
    (all of them in one task took 0.3–0.5 s on a loaded machine, issue #39)."""
    for name in dict.fromkeys((*BOXES.values(), *LAZY.values())):
        if name not in sys.modules:
            load_view(name)
            window.setTimeout(_LOAD_REST, 0)
            return


_LOAD_REST = create_proxy(load_rest)


#: The language index.html is built in: build.py fills each [data-i18n] element's ``{{key}}`` (and
#: each [data-i18n-attr] attribute's) with its Spanish text (tests/test_strings.py checks the HTML).
BUILT_LANG = "es"


def apply_lang(lang: str, shown: str | None = None) -> None:
    """Translate every [data-i18n] element (and [data-i18n-attr]) in place and re-render views.

    ``lang`` is "es" or "en" (anything else means "es"). ``shown`` is the language those static
    texts already show (at start-up the one the page is built in, BUILT_LANG): when it is ``lang``
    they are not rewritten one by one (~370 elements, ~10 ms of a start, issue #16)."""
    document.documentElement.lang = app.set_lang(lang)
    if app.State.lang != shown:
        for node in document.querySelectorAll("[data-i18n]"):
            key = node.dataset.i18n
            if key in STRINGS:
                node.textContent = tr(key)
        for node in document.querySelectorAll("[data-i18n-attr]"):
            for pair in str(node.dataset.i18nAttr).split(";"):
                attr, _, key = pair.partition(":")
                if key in STRINGS:
                    node.setAttribute(attr, tr(key))
    document.title = tr("app.title")
    page_events.emit(LangChanged())


@when("click", "#lang")
def on_lang(event) -> None:
    lang = "en" if app.State.lang == "es" else "es"
    STORE.set_lang(lang)
    apply_lang(lang)
    app.show_notices()


@when("toggle", ", ".join(f"#{box}" for box in BOXES))
def on_box(event) -> None:
    """A box of BOXES opened before :func:`load_rest` loaded its view: load it now (its import draws the box)."""
    box = event.currentTarget
    if box.open:
        load_view(BOXES[str(box.id)])


@when("click", "[data-tab]")
def on_tab(event) -> None:
    tab = str(event.currentTarget.dataset.tab)
    ui_shared.reveal_tab(event.currentTarget)
    if tab in LAZY:
        load_view(LAZY[tab])
    app.show_view(tab)


def on_hash(event=None) -> None:
    """Open the link in the URL fragment with the view that handles its kind."""
    fragment = store_mod.read_fragment(window.location)
    if not fragment or getattr(document.getElementById(fragment), "id", None) == fragment:
        return  # nothing, or an in-page anchor such as the skip link (JS null has no id)
    # the kind from the link's first byte, unchecked: a broken Confrontation or scene link still
    # lands on its own tab, whose view says what is wrong; unreadable ones go to the roll view
    kind = "thread" if is_thread(fragment) else (peek_kind(fragment) or "roll")
    if kind == "thread":               # a whole thread for the audit (the bookmarklet, issue #30)
        load_view(AUDIT_VIEW)
    if kind in LAZY:
        load_view(LAZY[kind])
    page_events.emit(LinkOpening(kind))   # no view keeps the error or banner of an earlier link
    opener = page_events.opener(kind)
    if opener is None:          # a kind this page reads but cannot show yet (sealed rolls): said in words
        name = tr(f"audit.kind_{kind}") if f"audit.kind_{kind}" in STRINGS else kind
        ui_roll.show_error(tr("error.link"), f"{name}: {tr('error.kind')}")
        return
    try:
        opener(fragment)
    except Exception as err:   # a bug in a view: say so in the page (the page still starts), never
        _open_failed(kind, err)  # keep the previous link's view; the details go to the console


def _open_failed(kind: str, err: BaseException) -> None:
    """A link's view raised while opening it: show the roll view's error box with a stable code
    (``link.open_failed``, the exception's class name for whoever debugs) instead of a stale view."""
    el("shared").hidden = True          # the link stays in the address bar: nothing is lost
    app.show_view("roll")
    code = f"link.open_failed:{kind}:{type(err).__name__}"
    ui_roll.show_error(tr("error.link"), tr("shared.open_failed").format(code=code))
    window.console.error(f"tirada: opening a {kind} link failed: {err!r}")


def on_storage(event) -> None:
    """Another tab changed our data: re-render what shows it."""
    key = event.key
    if not isinstance(key, str) or key.startswith("tirada."):
        page_events.emit(LangChanged())


def start_lang() -> tuple[str, str | None]:
    """The language the page starts in, and the one its static texts show (:func:`apply_lang`'s ``shown``).

    The language: what the visitor chose with the language button before the engine was up
    (``<html data-lang-chosen>``, web/early-lang.mjs: it stores the choice too, but the storage may refuse
    it), else the stored one, else the browser's: what web/early-lang.mjs ``earlyLang`` picks, so the
    page does not flash back to another language. ``shown``: BUILT_LANG while ``<html lang>`` still says
    it; else None (web/early-lang.mjs has switched the static texts: every one is rewritten)."""
    root = document.documentElement
    chosen = str(root.getAttribute(contract.LANG_CHOSEN_ATTRIBUTE) or "")
    browser = "en" if str(window.navigator.language).lower().startswith("en") else "es"
    lang = chosen if chosen in ("es", "en") else (STORE.lang() or browser)
    return lang, (BUILT_LANG if str(root.lang) == BUILT_LANG else None)


def start() -> None:
    window.performance.mark(contract.mark_name("main-imported"))   # read by bench/ (where the start-up time goes)
    lang, shown = start_lang()
    for view in VIEWS:
        view.start()
    apply_lang(lang, shown=shown)
    window.addEventListener("storage", on_storage)
    app.show_view("roll")
    frame = "marco=1" in str(window.location.search).lstrip("?").split("&")
    if frame:      # the userscript's verification frame (issue #30): its fragment is no link
        load_view("audit.ui_frame")
    else:
        window.addEventListener("hashchange", on_hash)
        on_hash()
    app.show_notices()
    for button in document.querySelectorAll("[data-needs-engine]"):
        button.disabled = False
    contract.set_engine(document, contract.READY)
    if not frame:  # a frame on a forum page loads no other view
        window.setTimeout(_LOAD_REST, 0)


try:
    start()
except Exception:  # never a blank page: say what failed in the page's language, keep the form
    contract.set_engine(document, contract.FAILED)
    el("loading").classList.add("failed")
    el("loading-text").textContent = t("loading.failed", app.State.lang)
    raise  # the details (in English, for whoever debugs) go to the console
