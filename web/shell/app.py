"""Shared page state and helpers for every view module (glue only).

Views (ui_*.py) import this module: the store, the current language, element lookup, translation and
the notice bar. It holds no hook list and nothing registers into it: what happens on the page (a link
opening, a roll saved, the notice bar drawn, a request written into the roll form, a name filled by
code, a roll about to draw) is a typed event of web/shell/page_events.py, heard by the views its
explicit lists name; the routes from a link's kind to its view and the roll form's questions to the
GM request and sealed request views are explicit tables there too, and so are the views redrawn after a
language change (``LangChanged``) (issue #40).
"""

from __future__ import annotations

from pyscript import document, window

from shell import page_events
from shell import store as store_mod
from shell.strings import LANGS, t as _t
from tirada.fields import typed_int

STORE = store_mod.Store(store_mod.local_storage(window))


def name_filled() -> None:
    """Code filled the roll form's name (``#roller``): the :class:`page_events.NameFilled` event (an
    ``input`` event is not sent for a value set by a script)."""
    page_events.emit(page_events.NameFilled())


class State:
    """The only mutable page-wide state: the UI language."""

    lang = "es"


def node(found):
    """A DOM lookup's answer as an element, or None (JS null arrives in Python as JsNull, which is
    not None)."""
    return found if hasattr(found, "tagName") else None


def el(id_: str):
    """The element with this id, or None."""
    return node(document.getElementById(id_))


def number(id_: str):
    """The value of the input with this id for the engine to check: an int when it reads as one,
    else its text (the engine refuses it with a coded reason, worded by web/shell/strings_errors.py)."""
    text = str(el(id_).value).strip()
    return typed_int(text)


def tr(key: str) -> str:
    """UI text of ``key`` in the current language."""
    return _t(key, State.lang)


def show_notices() -> None:
    """Show storage problems (unavailable, damaged, full) in the notice bar, then the
    :class:`page_events.NoticesDrawn` event."""
    box = el("notice")
    if STORE.problems:
        box.textContent = " ".join(tr(p) for p in STORE.problems)
        box.hidden = False
    else:
        box.hidden = True
    page_events.emit(page_events.NoticesDrawn())   # a view may add to the bar


def show_view(name: str) -> None:
    """Switch the visible top-level view (roll, audit, brs, scene) and mark its tab."""
    for section in document.querySelectorAll("[data-view]"):
        section.hidden = section.dataset.view != name
    for tab in document.querySelectorAll("[data-tab]"):
        tab.setAttribute("aria-current", "page" if tab.dataset.tab == name else "false")
    reveal_current_tab(name)


def reveal_current_tab(name: str) -> None:
    """On a phone the tab row scrolls sideways with a «Más →» cue beside it: scroll the row (only the
    row, never the page) so the current tab shows whole, also when a link opened the view (issue #42:
    the active «Confrontación» tab hid under «Más →»), and hide the cue at the row's end."""
    tabs, tab, wrap = document.getElementById("tabs"), document.getElementById(f"tab-{name}"), document.getElementById("tabs-wrap")
    if tabs is None or tab is None:
        return
    left = tab.offsetLeft - tabs.offsetLeft
    right = left + tab.offsetWidth
    if left < tabs.scrollLeft:
        tabs.scrollLeft = max(0, left - 8)
    elif right > tabs.scrollLeft + tabs.clientWidth:
        tabs.scrollLeft = right - tabs.clientWidth + 12
    if wrap is not None:
        wrap.classList.toggle("at-end", bool(tabs.scrollLeft + tabs.clientWidth >= tabs.scrollWidth - 4))


def langs() -> tuple:
    return LANGS


def set_lang(lang: str) -> str:
    """Make ``lang`` the page's language (``State.lang``; anything but one of :func:`langs` means "es")
    and return it. The page's views read it; only web/shell/page.py's language switch sets it."""
    State.lang = lang if lang in LANGS else "es"
    return State.lang


#: the name of a worker made while a service worker controls the page (web/pyodide-start.mjs CONTROLLED_WORKER)
CONTROLLED_WORKER = "tirada-controlled"


def module_worker(url: str, on_message, on_error):
    """A module Web Worker running ``url`` (a file beside the page: odds-worker.mjs, audit-worker.mjs)
    with its ``onmessage`` / ``onerror`` handlers (JS proxies), or False where this browser cannot make
    one (said in the console): the caller then does the work on the page's thread."""
    from pyodide.ffi import to_js

    # a worker has no navigator.serviceWorker of its own: its name tells web/pyodide-start.mjs that the
    # service worker answers (CONTROLLED_WORKER there), so it starts from the precached memory snapshot
    controller = getattr(getattr(window.navigator, "serviceWorker", None), "controller", None)
    options = {"type": "module", **({"name": CONTROLLED_WORKER} if hasattr(controller, "scriptURL") else {})}
    try:
        worker = window.Worker.new(url, to_js(options, dict_converter=window.Object.fromEntries))
        worker.onmessage = on_message
        worker.onerror = on_error
        return worker
    except Exception as err:   # no (module) workers here
        window.console.warn(f"{url}: {err}"[:300])
        return False
