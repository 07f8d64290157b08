"""The odds worker's client (issue #28; glue only): odds past the main thread's share are posted to
web/odds-worker.mjs, a Web Worker running a second Pyodide, started on the first such request.

One request is computed at a time; while the worker is busy only the newest request waits (an
older waiting one is dropped), and ui_odds.py drops an answer to a request older than its newest.
Where the worker cannot start (no module workers, its files unreachable) :func:`available` turns
False and the waiting request is answered ``None``: the caller computes it itself.

**Idle stop.** The worker's Pyodide holds tens of MB; :data:`IDLE_MS` after its last answer with
nothing waiting it is terminated (the mark ``odds-worker-stopped`` of web/shell/contract.json and
:data:`STOPPED_NOTE` in the console), and the next
heavy odds start it again. **No abort:** a computation running when a newer request comes is not
terminated, because its work is bounded (tirada.odds.budget; about 1 s in Pyodide at worst) while
restarting the worker costs a new Pyodide; the older answer is dropped by ui_odds.py instead.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from shell import app, contract


class Worker:
    """The Worker (None before the first request, False where it cannot start), whether it is
    busy, the request waiting for it ``(number, JSON text)`` and the callback its answers go to."""

    worker: Any = None     # the JS Worker (a proxy), None before the first request, False where it cannot start
    busy = False
    idle = None
    current = -1
    waiting: tuple[int, str] | None = None
    deliver: Callable[[int, dict | None], None] | None = None


def available() -> bool:
    """Whether odds may be handed to the worker (it has not failed to start)."""
    return Worker.worker is not False


def _start():
    if Worker.worker is None:
        Worker.worker = app.module_worker("./odds-worker.mjs", _ON_MESSAGE, _ON_ERROR)
    return Worker.worker or None


#: ms after the worker's last answer, with no request waiting, before it is stopped
IDLE_MS = 60_000
#: said in the console when it is (tests/e2e/test_odds_worker.py listens for it)
STOPPED_NOTE = "odds worker: stopped after a minute idle; the next heavy odds start it again"


def _stop_if_idle(*_args) -> None:
    """Terminate the worker when it has been idle :data:`IDLE_MS` (freed memory; restarted on demand)."""
    Worker.idle = None
    if Worker.worker and not Worker.busy and Worker.waiting is None:
        Worker.worker.terminate()
        Worker.worker = None
        window.performance.mark(contract.mark_name("odds-worker-stopped"))
        window.console.info(STOPPED_NOTE)


def _post(number: int, text: str) -> None:
    if Worker.idle is not None:
        window.clearTimeout(Worker.idle)
        Worker.idle = None
    Worker.busy, Worker.current = True, number
    Worker.worker.postMessage(to_js({"id": number, "request": text}, dict_converter=window.Object.fromEntries))


def ask(number: int, request: dict, deliver) -> None:
    """Have the worker compute the odds of ``request`` (a roll request dict) as request ``number``
    (an int); ``deliver(number, answer)`` gets ``{"ok": odds}``, ``{"error": {"code", "rule"}}`` or
    ``{"failed": text}``, or ``None`` when the worker cannot start (compute it on the main thread)."""
    Worker.deliver = deliver
    if _start() is None:
        deliver(number, None)
        return
    text = json.dumps(request)
    if Worker.busy:
        Worker.waiting = (number, text)
    else:
        _post(number, text)


def _failed(why: str) -> None:
    """The worker cannot compute: the newest request it had (computing or waiting) is answered
    ``None``, and no request goes to it again."""
    window.console.warn(f"odds worker: {why}"[:300])
    newest = max(Worker.current, Worker.waiting[0] if Worker.waiting else -1)
    Worker.worker, Worker.busy, Worker.waiting = False, False, None
    if Worker.deliver is not None and newest >= 0:
        Worker.deliver(newest, None)


def _on_message(event) -> None:
    began = window.performance.now()
    data = event.data
    number = int(data.id)
    Worker.busy = False
    if getattr(data, "start_failed", None) is not None:
        _failed(str(data.start_failed))
        return
    if Worker.waiting is not None:
        _post(*Worker.waiting)
        Worker.waiting = None
    else:
        Worker.idle = window.setTimeout(_ON_IDLE, IDLE_MS)
    if Worker.deliver is not None:
        Worker.deliver(number, json.loads(str(data.answer)))
    window.performance.measure(contract.mark_name("odds-message"), to_js({"start": began}, dict_converter=window.Object.fromEntries))


def _on_error(event) -> None:
    """The worker's script failed to load or run: its newest request goes to the main thread."""
    _failed(str(getattr(event, "message", "")))


_ON_MESSAGE = create_proxy(_on_message)
_ON_ERROR = create_proxy(_on_error)
_ON_IDLE = create_proxy(_stop_if_idle)
