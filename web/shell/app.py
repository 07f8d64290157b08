"""Shared page state and helpers for every view module (glue only).

Views (ui_*.py) import this module: the store, the current language, element lookup, translation,
notices, and the registries filled by the views at import time (the views redrawn after a language
change are not one of them: web/shell/lang_views.py lists them):

* ``ROUTES[kind] = open(fragment)``: opens a link of that payload kind (``"roll"``, ``"brs"``,
  ``"scene"``) found in the URL fragment;
* ``BEFORE_ROLL``: callbacks ``(request)`` run before any die is drawn; one that raises
  ``TiradaError`` stops the roll (e.g. a sheet without the Void point the check would spend);
* ``ON_ROLL``: callbacks ``(verified_roll)`` run after a finished roll is saved to the history
  (e.g. a character sheet that the roll changes);
* ``ON_NOTICE``: callbacks run after the notice bar is redrawn (e.g. to add an action button);
* ``GM_REQUEST``: ``answer(request) -> (request, request id | None)`` and ``answered()`` for the GM
  roll request the roll form is locked to (web/fair/ui_request.py sets them; the roll flows call them);
* ``SEALED``: ``active() -> bool`` and ``roll(system)`` for a sealed GM request the roll form is
  locked to (web/fair/ui_sealed.py sets them): the roll button then makes a blind roll instead;
* ``ON_LINK``: callbacks ``(kind)`` run before a link is opened, so each view drops the error or
  the "opened from a link" banner of an earlier link (nothing stale stays on screen);
* ``ON_WRITE``: callbacks ``(request)`` run after a request was written into the roll form ("roll this
  again", a GM's request, a character sheet), so a control that is not one of the request's fields
  follows it (e.g. the outcome bands' «Juego» select, web/dice/ui_bands.py);
* ``ON_NAME``: callbacks ``()`` run after code (not typing) filled the roller's name — a hand-over
  adopted, a GM request naming the player (:func:`name_filled`) — so the name-ask line hides at once
  (web/roll/ui_who.py).
"""

from __future__ import annotations

from pyscript import document, window

import store as store_mod
from strings import LANGS, t as _t
from tirada.fields import typed_int

STORE = store_mod.Store(store_mod.local_storage(window))
ROUTES: dict = {}
BEFORE_ROLL: list = []
ON_ROLL: list = []
ON_NOTICE: list = []
GM_REQUEST: dict = {"answer": lambda request: (request, None), "answered": lambda: None}
ON_LINK: list = []
ON_WRITE: list = []
ON_NAME: list = []
SEALED: dict = {"active": lambda: False, "roll": lambda system: None}


def name_filled() -> None:
    """Code filled the roll form's name (``#roller``): run the ``ON_NAME`` callbacks (an ``input``
    event is not sent for a value set by a script)."""
    for callback in ON_NAME:
        callback()


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
    """Show storage problems (unavailable, damaged, full) in the notice bar."""
    box = el("notice")
    if STORE.problems:
        box.textContent = " ".join(tr(p) for p in STORE.problems)
        box.hidden = False
    else:
        box.hidden = True
    for callback in ON_NOTICE:
        callback()


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
