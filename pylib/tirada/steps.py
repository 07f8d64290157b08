"""Work in steps: the engine's long jobs (the thread audit, reading a pasted page) are generators that
yield ``(kind, done, total)`` between slices, so the page can draw and answer between them (issue #39);
:func:`drain` runs one at once (a short input, the CLI, the tests)."""

from __future__ import annotations

from typing import Any, Iterator

__all__ = ["drain"]


def drain(steps: Iterator) -> Any:
    """What a step generator (``html_to_text_steps``, ``pasted_steps``, the audit's reading) returns,
    its steps run at once (a short input, or the CLI)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
