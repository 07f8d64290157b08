"""The thread audit as a job of JSON texts, run a slice at a time off the page's thread (issue #41).

The page's audit view hands a pasted thread to a Web Worker running its own Pyodide
(web/audit-worker.mjs; its client web/audit/ui_audit_worker.py) once that worker is up: the audit
then never shares the page's thread with the person's input. The worker makes an :class:`AuditJob`
from the audit's arguments and calls :meth:`AuditJob.run` again and again, posting each answer to the
page and giving its own event loop a turn between two calls (where a cancel arrives). Everything
crosses as JSON text (structured clones of Python objects would need a proxy per value).

Answers, in order (each one JSON text; :attr:`AuditJob.kind` names it, :attr:`AuditJob.done` is True
after the last):

* ``"progress"``: ``["progress", done, total]`` — :func:`tirada.links.audit_sealed_thread.audit_thread_steps`'
  newest step after about ``budget_ms`` of work (the page draws "Comprobando… n de N enlaces");
* ``"report"``: ``{"report": head, "pieces": n}`` — the report with every top-level list longer than
  :data:`PIECE` emptied, then ``n`` answers ``"piece"``: ``{"key": name, "items": [...]}``, at most
  :data:`PIECE` items each, in order, which the page appends to ``head[name]``. A 5 MB thread of junk
  links has 3.9 MB of report (two lists of 5,001 rows): parsed in one piece it held the page ~70 ms
  on a desktop (four times that on a phone); a piece is ~200 KB;
* ``"error"``: ``{"error": TiradaError.to_dict()}`` — the engine refused the thread (too long:
  ``audit.text_too_long``), shown as the main-thread audit shows it;
* ``"failed"``: ``{"failed": text}`` — arguments that are not the page's, or an engine bug (the page
  runs the audit itself then).

The report is the one :func:`tirada.links.audit_sealed_thread.audit_thread` makes from the same
arguments, value for value (tests/test_audit_job.py; every value of a report is JSON: lists, never
tuples).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..errors import InvalidRequest, TiradaError
from .audit import CHUNK
from .audit_sealed_thread import audit_thread_steps

__all__ = ["PIECE", "AuditJob", "JobAnswer"]

#: most items of one list in one answer (``"piece"``)
PIECE = 500


class AuditJob:
    """One thread audit, run in slices.

    Args:
        args_text: JSON text ``{"text": str, "home": str | None, "secrets": [64 hex, ...], "now":
            Unix seconds | None, "secret_rolls": {roll id: request} | None}`` — the arguments of
            :func:`tirada.links.audit_sealed_thread.audit_thread_steps` the page's audit passes.
            Anything else makes the first answer ``"failed"``.
        text: the thread's text, given apart (then ``args_text`` has none): the page posts it as
            it is, since encoding 5 MB as JSON held a phone's page ~160 ms.
    """

    def __init__(self, args_text: str, text: str | None = None) -> None:
        self.kind = ""
        self.done = False
        self._steps: Iterator[tuple] | None = None
        self._pieces: list[str] = []
        self._failed = ""
        try:
            args = json.loads(args_text)
            text = args["text"] if text is None else text
            secret_rolls = args.get("secret_rolls")
            if not isinstance(text, str) or not isinstance(secret_rolls, (dict, type(None))):
                raise TypeError("text must be a text and secret_rolls an object")
            self._steps = audit_thread_steps(text, home=args.get("home"), secrets=list(args.get("secrets") or ()),
                                             now=args.get("now"), chunk=CHUNK, secret_rolls=secret_rolls)
        except (ValueError, KeyError, TypeError, AttributeError) as err:
            self._failed = f"not the audit's arguments: {type(err).__name__}: {err}"[:300]

    def run(self, budget_ms: float) -> str:
        """The next answer (JSON text; module docstring), after at most about ``budget_ms``
        milliseconds of the engine's steps (at least one step; a report's pieces cost no steps).
        Calling it once :attr:`done` is True answers ``"failed"``."""
        if self._pieces:
            return self._answer("piece", self._pieces.pop(0))
        if self.done or self._steps is None:
            return self._answer("failed", json.dumps({"failed": self._failed or "the audit has ended"}))
        began = time.perf_counter()
        try:
            while True:
                step = next(self._steps)
                if step[0] == "report":
                    return self._report(step[1])
                if (time.perf_counter() - began) * 1000 >= budget_ms:
                    return self._answer("progress", json.dumps(list(step)))
        except TiradaError as err:
            return self._answer("error", json.dumps({"error": err.to_dict()}))
        except Exception as err:   # an engine bug: the page runs the audit itself (and shows what it says)
            return self._answer("failed", json.dumps({"failed": f"{type(err).__name__}: {err}"[:300]}))

    def _report(self, report: dict[str, Any]) -> str:
        head = dict(report)
        for key, value in report.items():
            if isinstance(value, list) and len(value) > PIECE:
                head[key] = []
                self._pieces += [json.dumps({"key": key, "items": value[i:i + PIECE]})
                                 for i in range(0, len(value), PIECE)]
        return self._answer("report", json.dumps({"report": head, "pieces": len(self._pieces)}))

    def _answer(self, kind: str, text: str) -> str:
        self.kind = kind
        self.done = kind in ("error", "failed") or (kind in ("report", "piece") and not self._pieces)
        if self.done:
            self._steps = None
        return text


@dataclass
class JobAnswer:
    """One answer of an :class:`AuditJob` as the page reads it (web/audit/ui_audit_worker.py).

    ``kind``: ``"progress"`` (``step``: the engine's step tuple), ``"report"`` (``report``: the head,
    ``pieces``: how many answers ``"piece"`` follow), ``"piece"`` (``key`` and ``items``: rows to
    append to ``report[key]``), ``"error"`` (``error``: the engine's refusal, rebuilt) or ``"failed"``
    (``failed``: what went wrong, for the console; also any answer that cannot be read)."""

    kind: str
    step: tuple = ()
    report: dict[str, Any] = field(default_factory=dict)
    pieces: int = 0
    key: str = ""
    items: list = field(default_factory=list)
    error: TiradaError | None = None
    failed: str = ""

    @classmethod
    def of(cls, kind: str, text: str) -> "JobAnswer":
        """The answer ``text`` (JSON) of kind ``kind``, as :meth:`AuditJob.run` made it."""
        try:
            answer = json.loads(text)
            if kind == "progress":
                return cls(kind, step=tuple(answer))
            if kind == "report":
                return cls(kind, report=dict(answer["report"]), pieces=int(answer["pieces"]))
            if kind == "piece":
                return cls(kind, key=str(answer["key"]), items=list(answer["items"]))
            if kind == "error":
                error = answer["error"]
                made = InvalidRequest if error.get("error") == "InvalidRequest" else TiradaError
                return cls(kind, error=made(error.get("message", ""), error.get("field"), error.get("rule"),
                                            code=error.get("code"), params=error.get("params")))
            return cls("failed", failed=str(answer.get("failed", kind)))
        except (ValueError, KeyError, TypeError, AttributeError) as err:
            return cls("failed", failed=f"an answer of kind {kind!r} that cannot be read: {err}"[:300])
