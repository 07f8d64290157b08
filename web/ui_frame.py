"""The userscript's verification frame (issue #30): glue only. docs/link-format.md §20.

The page opened as ``index.html?marco=1#origen=<forum origin>`` (the userscript loads it in a hidden
frame on the forum page) answers ``postMessage`` requests from that one origin and no other: a
message whose ``event.origin`` is not exactly the configured origin is dropped unanswered, and every
reply is posted with that origin as its ``targetOrigin``. Once ready it posts ``{"tirada": "listo",
"v": 1}`` to its parent. Answers come from web/frame_answer.py and read no storage (a frame in a
forum page has partitioned storage anyway: it never sees the reader's campaign secrets).
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import window

import app
import frame_answer
from app import el, tr

#: the forum origin this frame answers (None: the address names none, and nothing is answered)
ORIGIN: list = [None]
_LISTENER: list = []


def on_message(event) -> None:
    """Answer one request from the configured origin; drop anything else unanswered."""
    origin = ORIGIN[0]
    if origin is None or str(event.origin) != origin:
        return
    data = event.data
    text = data if isinstance(data, str) else None      # a non-text message: frame.not_json
    answer = frame_answer.reply(text, frame_answer.home_of(window.location.href))
    target = event.source if event.source is not None and hasattr(event.source, "postMessage") else window.parent
    target.postMessage(answer, origin)


def start() -> None:
    """Listen for the configured origin's messages and tell the parent the frame is ready."""
    ORIGIN[0] = frame_answer.configured_origin(str(window.location.hash))
    status = el("thread-status")
    if status is not None:
        status.textContent = tr("frame.standalone")
    if ORIGIN[0] is None:
        window.console.warn("tirada: verification frame without a valid #origen=: it answers nobody")
        return
    proxy = create_proxy(on_message)
    _LISTENER.append(proxy)
    window.addEventListener("message", proxy)
    # to the page that framed it (opened by hand, the parent is the page itself, whose origin is
    # not the forum's: the browser drops the message)
    window.parent.postMessage(frame_answer.ready_text(), ORIGIN[0])
    app.show_view("audit")
