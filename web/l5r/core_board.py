"""The L5R check's board for the reading core's worker, called with plain JSON (issue #41).

Runs unchanged on MicroPython (dist/core-l5r.bin, buildtools/core_l5r.py) and CPython: each function
reads what the worker holds (the engine's result as JSON text, lists, a language) and answers with
the page's own HTML or words from web/l5r/ui_l5r_render.py (one voice: no second renderer). ``result``
is the JSON text of what ``tirada.systems.roll`` returns for an ``l5r5e`` request (step mode while the
check is played), read as a :class:`tirada.systems.l5r.records.CheckView`; ``lang`` is ``"es"`` or
``"en"``; ``marked`` a list of pool indices (0-based) tapped so far; ``added`` a list of ``[die, face]``
(``"ring"`` 1..6 | ``"skill"`` 1..12) kept dice added at the keep so far.

- :func:`board_json` ``(result, label, marked, lang, added=())`` → the board's HTML at its stage.
- :func:`status_json` ``(result, marked, preview, lang)`` → the live counters' line (``preview``: the
  JSON text of the engine's answer to keeping the ``marked`` dice, or ``""``).
- :func:`tap_json` ``(result, index, marked, lang)`` → one pool die's toggle button (its ``<li>``) at
  the reroll / keep stage, after a tap.
- :func:`instruction_json` ``(result, lang)`` → what the player does now.
- :func:`result_html_json` ``(result, lang)`` → the finished check with every step;
  :func:`summary_json` ``(result, lang)`` → the history line.
- :func:`refusal_json` ``(error, lang)`` → an engine refusal's line; ``error``: the JSON text of
  ``{"code", "params", "field", "kind"}`` (:func:`tirada.refusals.refusal_of`'s fields; ``kind``: the
  error's class, ``"InvalidRequest"`` | ``"IllegalMove"`` | ``"LinkError"``).
"""

from __future__ import annotations

import json

from l5r import ui_l5r_render as render
from tirada.systems.l5r.records import CheckView


def _check(result: str) -> CheckView:
    return CheckView.from_result(json.loads(result))


def board_json(result: str, label: str, marked: list, lang: str, added: list | tuple = ()) -> str:
    """The interactive check at its current stage (:func:`l5r.ui_l5r_render.board_html`)."""
    return render.board_html(_check(result), label, set(marked), lang, [tuple(a) for a in added])


def status_json(result: str, marked: list, preview: str, lang: str) -> str:
    """The live counters (:func:`l5r.ui_l5r_render.status_text`); ``preview`` ``""``: none."""
    return render.status_text(_check(result), set(marked), _check(preview) if preview else None, lang)


def tap_json(result: str, index: int, marked: list, lang: str) -> str:
    """Pool die ``index``'s toggle (:func:`l5r.ui_l5r_render.tap_die`) at the check's reroll / keep stage.

    Raises:
        StopIteration: the pool has no die ``index``."""
    check = _check(result)
    die = next(d for d in check.pool if d.index == index)
    return render.tap_die(die, check.stage, check.choice.allowed, set(marked), lang)


def instruction_json(result: str, lang: str) -> str:
    """What the player does now (:func:`l5r.ui_l5r_render.instruction`)."""
    return render.instruction(_check(result), lang)


def result_html_json(result: str, lang: str) -> str:
    """The finished check, every step visible (:func:`l5r.ui_l5r_render.render_result`)."""
    return render.render_result(json.loads(result), lang)


def summary_json(result: str, lang: str) -> str:
    """The history line (:func:`l5r.ui_l5r_render.summary`)."""
    return render.summary(json.loads(result), lang)


def refusal_json(error: str, lang: str) -> str:
    """An engine refusal in ``lang`` (:func:`l5r.ui_l5r_render.refusal_text`)."""
    return render.refusal_text(json.loads(error), lang)
