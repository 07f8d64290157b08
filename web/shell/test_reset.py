"""The browser tests' soft reset: put a started page back as a fresh visit leaves it, without booting
Pyodide again (issue #37: a boot costs 2.2–3.5 s of CPU per test). TEST-ONLY: web/shell/page.py
imports this module only when the page was told before it loaded that a test drives it
(``window.__tiradaTest === true``, set by tests/e2e/conftest.py's init script); a visitor's page never
has ``tiradaReset``, so no global can wipe anyone's data.

:func:`snapshot` (run by page.py before any view is imported) keeps what the page looked like before
Python touched it: the ``<html>`` element's attributes, the title and ``<body>``'s children (as HTML;
PyScript's ``<script type="py">`` stays the same element). ``tiradaReset(url)`` (on ``window``) (:func:`reset`)
then, in order:

1. removes every listener Python added to ``window``, ``document`` or a media query and stops every
   timer Python started and the odds worker (recorded by the test's init script in
   ``window.__tiradaTestRecord``: ``listeners`` as ``[target, type, listener, options]`` and ``timers``
   as a Map id → callback; a JavaScript listener or timer, the loader's, stays), and cancels the
   page modules' asyncio tasks still running (a roll, an audit);
2. empties the site's storage (localStorage, sessionStorage, Cache Storage, every IndexedDB object
   store, emptied in place: web/chain-writer.mjs keeps its connection), or gives up (a new tab then);
3. puts the ``<html>`` attributes (in their order; the engine state stays "ready"), the title and the body
   back as :func:`snapshot` kept them (so every element listener is gone with its element), the
   address to ``url`` (no history entry), the scroll to the top and the focus on the body;
4. drops every page module (web/'s packages: the engine, ``tirada``, stays imported: it holds no
   state) and imports web/shell/page.py again, which starts every view as a fresh page does.

It returns a promise of the engine's state afterwards (``"ready"``; anything else: the caller opens
a fresh tab instead). The storage step is asynchronous (IndexedDB), so the promise resolves once the
page has started again."""

from __future__ import annotations

import asyncio
import importlib
import sys

from pyodide.ffi import create_proxy
from pyscript import document, window

from shell import contract

#: web/'s packages (each a folder of page modules): dropped and imported again by a reset
PAGE_PACKAGES = ("audit", "brs", "data", "dice", "fair", "l5r", "roll", "shell", "tragedia")
#: the page's snapshot, on ``window`` (this module is imported again by every reset)
KEPT = "__tiradaTestSnapshot"
#: how far the running reset got
STEP = "__tiradaTestStep"
#: what the init script records (listeners, timers)
RECORD = "__tiradaTestRecord"
#: ``globalThis`` names Python sets as it works (web/shell/contract.json's diagnostics: where the odds
#: were computed, web/roll/ui_odds.py)
PYTHON_GLOBALS = (contract.DIAGNOSTICS.odds_from,)
#: the attribute of ``<html>`` that says the engine's state (web/shell/contract.json): never rewound
ENGINE_ATTRIBUTE = contract.ENGINE_ATTRIBUTE

#: JavaScript: empty the site's storage; resolves to "" once done, or to why it could not (then the
#: caller opens a new tab). IndexedDB's databases stay, every object store emptied in place through a
#: connection of its own: web/chain-writer.mjs and PyScript keep theirs (a deleted database would
#: wait for them to close). A database web/storage-guard.mjs answered from memory (IndexedDB slow or
#: refused) cannot be emptied from here: refused.
_CLEAR_STORAGE = """async (guarded) => {
  const within = (promise, ms) => Promise.race([promise, new Promise((done) => setTimeout(() => done('timeout'), ms))]);
  if (guarded === 'memory') return 'IndexedDB answered from memory';
  try { localStorage.clear(); sessionStorage.clear(); } catch (e) { return 'storage refused'; }
  if (globalThis.caches) {
    for (const key of await caches.keys()) await caches.delete(key);
  }
  const dbs = indexedDB.databases ? await indexedDB.databases() : [];
  for (const { name } of dbs) {
    const emptied = await within(new Promise((done) => {
      const open = indexedDB.open(name);
      open.onerror = () => done('open failed');
      open.onsuccess = () => {
        const db = open.result;
        if (!(db instanceof IDBDatabase)) { done('not a database'); return; }
        const stores = Array.from(db.objectStoreNames);
        if (!stores.length) { db.close(); done(''); return; }
        const tx = db.transaction(stores, 'readwrite');
        for (const store of stores) tx.objectStore(store).clear();
        tx.oncomplete = () => { db.close(); done(''); };
        tx.onerror = tx.onabort = () => { db.close(); done('not emptied'); };
      };
    }), 5000);
    if (emptied) return `IndexedDB ${name}: ${emptied}`;
  }
  return '';
}"""


def snapshot() -> None:
    """Keep the page as it is before any view started (once: a reset imports page.py again)."""
    if getattr(window, KEPT, None) is not None:
        return
    root = document.documentElement
    attributes = [[a.name, a.value] for a in root.attributes]
    setattr(window, KEPT, _js({"attributes": attributes, "title": document.title, "body": document.body.innerHTML}))


def _js(value):
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=window.Object.fromEntries)


#: the module a reset imports again to start every view: the page's own (given by :func:`install`)
_PAGE = [""]


def install(page: str) -> None:
    """Keep the page's snapshot and expose ``tiradaReset`` on ``window`` (only called in a test's page);
    ``page``: the dotted name of the module that starts the page (web/shell/page.py passes its
    ``__name__``), imported again by every reset."""
    _PAGE[0] = page
    snapshot()
    setattr(window, contract.FUNCTIONS.test_reset, _RESET)


#: JavaScript: remove Python's listeners and clear its timers (``PyProxy``: Pyodide's class of the
#: proxies Python hands to JavaScript; a listener is removed as the same object it was added as)
_STOP_PYTHON = """(record, PyProxy) => {
  record.listeners = record.listeners.filter(([target, kind, listener, options]) => {
    if (!(listener instanceof PyProxy)) return true;
    target.removeEventListener(kind, listener, options);
    return false;
  });
  for (const [timer, callback] of Array.from(record.timers.entries())) {
    if (!(callback instanceof PyProxy)) continue;
    clearTimeout(timer);
    clearInterval(timer);
    record.timers.delete(timer);
  }
}"""


def _stop_python() -> None:
    """Remove Python's listeners on ``window``, ``document`` and media queries, clear its timers, cancel
    the page modules' tasks and stop the odds worker (their modules are about to be dropped)."""
    import pyodide_js  # type: ignore[import-not-found]  # Pyodide's JavaScript API

    record = getattr(window, RECORD, None)
    if record is not None:
        window.eval(f"({_STOP_PYTHON})")(record, pyodide_js.ffi.PyProxy)
    current = asyncio.current_task()
    for task in asyncio.all_tasks():        # a roll or an audit still running: its view is dropped
        frame = getattr(task.get_coro(), "cr_frame", None)
        module = str(frame.f_globals.get("__name__", "")) if frame is not None else ""
        if task is not current and module.partition(".")[0] in PAGE_PACKAGES:
            task.cancel()
    for name in PYTHON_GLOBALS:              # set by Python once a view has worked: unset on a fresh page
        window.Reflect.deleteProperty(window, name)
    odds = sys.modules.get("roll.ui_odds_worker")
    worker = getattr(getattr(odds, "Worker", None), "worker", None)
    if worker:
        worker.terminate()


def _restore(url: str) -> None:
    """Put ``<html>``'s attributes, the title, the body and the address back as a fresh visit of
    ``url`` (relative to the page) has them."""
    kept = getattr(window, KEPT)
    root = document.documentElement
    engine = root.getAttribute(ENGINE_ATTRIBUTE)
    for name in [a.name for a in root.attributes]:
        root.removeAttribute(name)
    for name, value in kept.attributes:          # in their order; the engine's state as it is now
        root.setAttribute(name, engine if name == ENGINE_ATTRIBUTE else value)
    document.title = kept.title
    body = document.body
    live = [node for node in body.childNodes if getattr(node, "tagName", None) == "SCRIPT"]
    for node in list(body.childNodes):
        if getattr(node, "tagName", None) != "SCRIPT":
            node.remove()
    holder = document.createElement("template")
    holder.innerHTML = kept.body
    anchor = live.pop(0) if live else None   # the kept nodes go before it, in their order
    for node in list(holder.content.childNodes):
        if getattr(node, "tagName", None) == "SCRIPT":   # the live script it was stays in place
            anchor = live.pop(0) if live else None
            continue
        body.insertBefore(node, anchor)
    window.history.replaceState(None, "", window.URL.new(url, window.location.href).href)
    window.scrollTo(0, 0)
    active = document.activeElement
    if active is not None and hasattr(active, "blur"):
        active.blur()


def _start_again() -> str:
    """Drop every page module and import page.py again (it starts every view, the lazy ones at once);
    the engine's state."""
    for name in [n for n in sys.modules if n.partition(".")[0] in PAGE_PACKAGES]:
        del sys.modules[name]
    try:
        page = importlib.import_module(_PAGE[0])
        # the views a fresh page loads one a task after "ready" (page.load_rest) are loaded now: a
        # test's first step on the reset page (say, writing damaged stores before a reload) cannot
        # race a view that starts later and reads them (seen: the data view setting them aside)
        for name in dict.fromkeys(page.LAZY.values()):
            page.load_view(name)
    except Exception as err:   # page.py has set the engine to "failed" and said so: the caller sees it
        window.console.warn(f"tiradaReset: the page did not start again: {err!r}"[:300])
    return str(document.documentElement.getAttribute(ENGINE_ATTRIBUTE))


async def reset(url: str = "") -> str:
    """The soft reset (the module's docstring); the engine's state after it."""
    _step("stopping Python's listeners, timers and tasks")
    _stop_python()
    _step("emptying the storage")
    refused = await window.eval(f"({_CLEAR_STORAGE})")(getattr(window, contract.DIAGNOSTICS.indexeddb, None))
    if refused:
        _step(f"storage not emptied: {refused}")
        return f"storage not emptied: {refused}"
    _step("restoring the DOM")
    _restore(url)
    _step("starting the page again")
    state = _start_again()
    _step(f"done: {state}")
    return state


def _step(what: str) -> None:
    """Say how far the reset got (``window.__tiradaTestStep``: a reset that never ends says where)."""
    setattr(window, STEP, what)


_RESET = create_proxy(reset)
