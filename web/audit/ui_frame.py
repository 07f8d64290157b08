"""The userscript's verification frame (issue #30): glue only. docs/link-format.md §20.

The page opened as ``index.html?marco=1#origen=<forum origin>`` (the userscript loads it in a hidden
frame on the forum page) answers ``postMessage`` requests from that one origin and no other: a
message whose ``event.origin`` is not exactly the configured origin is dropped unanswered, and every
reply is posted with that origin as its ``targetOrigin``. Once ready it posts ``{"tirada": "listo",
"v": 1}`` to its parent. The listener and the posting are web/loader.js's ``tiradaFrame`` (a
cross-origin window cannot be held by Pyodide's proxies); this module answers each message's text. Answers come from web/audit/frame_answer.py and read no storage (a frame in a
forum page has partitioned storage anyway: it never sees the reader's campaign secrets).
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import window

from shell import app
from shell import contract
from audit import frame_answer
from shell.app import el, tr

#: the forum origin this frame answers (None: the address names none, and nothing is answered)
ORIGIN: list = [None]
_ANSWER: list = []


def answer(text) -> str:
    """The JSON text answering one message's data (web/loader.js calls it for the configured origin
    only, and posts the answer back to that origin)."""
    return frame_answer.reply(text if isinstance(text, str) else None, frame_answer.home_of(window.location.href))


def start() -> None:
    """Answer the configured origin's messages and tell the parent the frame is ready."""
    ORIGIN[0] = frame_answer.configured_origin(str(window.location.hash))
    status = el("thread-status")
    if status is not None:
        status.textContent = tr("frame.standalone")
    app.show_view("audit")
    if ORIGIN[0] is None:
        window.console.warn("tirada: verification frame without a valid #origen=: it answers nobody")
        return
    proxy = create_proxy(answer)
    _ANSWER.append(proxy)     # kept alive for the page's life
    getattr(window, contract.FUNCTIONS.frame)(ORIGIN[0], proxy, frame_answer.ready_text())
