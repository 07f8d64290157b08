"""The audit worker's client (issue #41; glue only): a pasted thread is audited off the page's thread
by web/audit-worker.mjs, a Web Worker running a second Pyodide (tirada.links.audit_job), once it is up.

**When.** A thread of :data:`WORKER_AT` characters or more (:func:`wanted`; a forum page of some
hundred posts) is audited there: the worker is started as soon as such a text is in the audit's box
(:func:`start`: pasted, typed, or held from a thread link), and an audit pressed before it is up
waits for it ("Preparando la comprobación de un hilo largo…") at most :data:`WAIT_S`: a worker not up
by then (a slow phone's first start, a download that hangs) leaves that audit to the page's thread and
goes on starting for the next one. A shorter thread is audited on the page's thread in 25 ms slices
(a few hundred ms at most), which a second Pyodide's start (tens of MB, 1–3 s on a desktop) would only
delay. Where the worker cannot start (no module workers, its files refused) or fails, its audit
answers ``None`` and the caller audits on the page's thread, as before.

**One audit at a time.** A newer audit or «Cancelar» calls :func:`drop`: the worker stops the old
one at its next slice (50 ms) and its late answers are ignored.

**Idle stop.** The worker's Pyodide holds tens of MB: :data:`IDLE_MS` after it started or last
answered, with no audit running, it is terminated (mark ``audit-worker-stopped``); the next focus
on the text box starts it again.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from shell import app, contract
from tirada.errors import TiradaError
from tirada.links.audit_job import JobAnswer

#: ms the worker is kept with no audit to run
IDLE_MS = 120_000
#: characters of a thread's text from which it is audited in the worker
WORKER_AT = 100_000
#: seconds an audit waits for the worker to be up before the page's thread does it
WAIT_S = 3.0


class Job:
    """One audit handed to the worker: its ``number``, the ``future`` its report (a dict) or
    ``None`` goes to, ``on_progress(step)`` for its progress steps, and the report being put
    together from its pieces (tirada.links.audit_job: ``"report"``, then ``pieces`` answers)."""

    def __init__(self, number: int, message: Any, args: dict, on_progress: Callable[[tuple], None]) -> None:
        self.number, self.message, self.args, self.on_progress = number, message, args, on_progress
        self.future: asyncio.Future = asyncio.get_event_loop().create_future()
        self.report: dict[str, Any] | None = None
        self.pieces = 0

    def finish(self, report: dict | None, error: TiradaError | None = None) -> None:
        if Worker.job is self:
            Worker.job = None
            keep()
        if not self.future.done():
            if error is not None:
                self.future.set_exception(error)
            else:
                self.future.set_result(report)


class Worker:
    """The JS Worker (None before :func:`start` or once stopped, False where it cannot start),
    whether it said it is ready, its idle timer, the audit it runs and the last audit's number."""

    worker: Any = None
    ready = False
    up: asyncio.Future | None = None    # True once the worker is ready, False once it failed
    idle: Any = None
    job: Job | None = None
    number = 0


def start(*_args) -> None:
    """Start the worker unless it runs (or cannot run here); keep it from its idle stop."""
    if Worker.worker is None:   # False where it cannot run here: the page audits on its own thread
        Worker.worker = app.module_worker("./audit-worker.mjs", _ON_MESSAGE, _ON_ERROR)
        Worker.up = asyncio.get_event_loop().create_future() if Worker.worker else None
    keep()


def wanted(chars: int) -> bool:
    """Whether a thread's text of ``chars`` characters is audited in the worker (where it can run)."""
    return chars >= WORKER_AT and Worker.worker is not False


async def audit(message: Any, args: dict, on_progress: Callable[[tuple], None]) -> dict | None:
    """The report of the audit of the text in ``message`` (a JS object ``{text}`` from web/loader.js
    ``tiradaTextMessage``: the text stays a JS string) with ``args`` (tirada.links.audit_job's
    arguments but the text: ``home``, ``secrets``, ``now``, ``secret_rolls``), run by the worker
    (started now if it is not; the audit waits for it, ``on_progress(("starting",))`` said first);
    ``on_progress(step)`` gets its ``("progress", done, total)`` / ``("read", pct, 100)`` steps.

    Returns None when the worker gave no report: :func:`drop` stopped it, or the worker could not
    start or failed (the caller audits on the page's thread). Raises TiradaError: the engine refused
    the thread."""
    start()
    if not Worker.worker or Worker.up is None:
        return None
    Worker.number += 1
    job = Job(Worker.number, message, args, on_progress)
    Worker.job = job
    if not Worker.ready:
        on_progress(("starting",))
        await asyncio.wait({Worker.up, job.future}, timeout=WAIT_S, return_when=asyncio.FIRST_COMPLETED)
        if job.future.done():
            return job.future.result()  # dropped, or the worker failed, meanwhile: None
        if not Worker.ready:
            job.finish(None)            # not up in time: the page's thread audits; it goes on starting
            return None
    _post(job)
    return await job.future


def _post(job: Job) -> None:
    window.performance.mark(contract.mark_name("audit-in-worker"))
    # the text apart, as the box's JS string: inside the JSON (5 MB) it held a phone's page ~160 ms, and
    # converted to Python and back ~2 s once it holds one accented letter
    job.message.id, job.message.args = job.number, json.dumps(job.args)
    Worker.worker.postMessage(job.message)


def drop() -> None:
    """Stop the audit the worker runs (a newer audit, or «Cancelar»): it answers None."""
    job = Worker.job
    if job is None:
        return
    if Worker.worker:
        Worker.worker.postMessage(to_js({"cancel": job.number}, dict_converter=window.Object.fromEntries))
    job.finish(None)


def keep() -> None:
    """Move the idle stop to :data:`IDLE_MS` from now."""
    if Worker.idle is not None:
        window.clearTimeout(Worker.idle)
    Worker.idle = window.setTimeout(_ON_IDLE, IDLE_MS) if Worker.worker else None


def _stop_if_idle(*_args) -> None:
    Worker.idle = None
    if Worker.worker and Worker.job is None:
        Worker.worker.terminate()
        Worker.worker, Worker.ready, Worker.up = None, False, None
        window.performance.mark(contract.mark_name("audit-worker-stopped"))


def _failed(why: str) -> None:
    """The worker cannot audit: no audit goes to it again; the one it ran answers None."""
    window.console.warn(f"audit worker: {why}"[:300])
    if Worker.worker:
        Worker.worker.terminate()
    Worker.worker, Worker.ready = False, False
    _settle(False)
    if Worker.job is not None:
        Worker.job.finish(None)


def _settle(up: bool) -> None:
    """Tell an audit waiting for the worker whether it is up (True) or failed (False)."""
    if Worker.up is not None and not Worker.up.done():
        Worker.up.set_result(up)


def _on_message(event) -> None:
    data = event.data
    if getattr(data, "start_failed", None) is not None:
        _failed(str(data.start_failed))
        return
    if getattr(data, "ready", None):
        Worker.ready = True             # the mark's detail: how it started ("snapshot" or "plain")
        window.performance.mark(contract.mark_name("audit-worker-ready"),
                                to_js({"detail": str(getattr(data, "how", "") or "")}, dict_converter=window.Object.fromEntries))
        _settle(True)
        return
    job = Worker.job
    if job is None or int(data.id) != job.number:
        return                          # a dropped audit's late answer
    _answer(job, str(data.kind), str(data.text))


def _answer(job: Job, kind: str, text: str) -> None:
    """One of the job's answers (tirada.links.audit_job), read here, a message at a time."""
    answer = JobAnswer.of(kind, text)
    if answer.kind == "progress":
        job.on_progress(answer.step)
    elif answer.kind == "report":
        job.report, job.pieces = answer.report, answer.pieces
    elif answer.kind == "piece" and job.report is not None:
        job.report.setdefault(answer.key, []).extend(answer.items)
        job.pieces -= 1
    elif answer.kind == "error":
        job.finish(None, answer.error)
        return
    else:
        window.console.warn(f"audit worker: {answer.failed}"[:300])
        job.finish(None)
        return
    if answer.kind in ("report", "piece") and job.pieces == 0:
        job.finish(job.report)


def _on_error(event) -> None:
    """The worker's script failed to load or run: the page audits on its own thread."""
    _failed(str(getattr(event, "message", "") or "its script did not load"))


_ON_MESSAGE = create_proxy(_on_message)
_ON_ERROR = create_proxy(_on_error)
_ON_IDLE = create_proxy(_stop_if_idle)
