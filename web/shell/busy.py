"""The part of the page a numbered action came from, while that action waits its turn for the chain
(issue #39; glue only).

An L5R check's start or decision, a Tragedia scene's roll, a blind roll on a sealed request and a GM's
secret roll are numbered under the chain lock (web/shell/chain_writer.py → web/chain-writer.mjs): an
async task that lands a moment later (longer when another tab holds the lock). Until it lands, the
controls it came from are disabled — a second click can neither decide again on a stage that is being
replaced (it would continue a stale check) nor take a second number — and a progress line
(``role="status"``) says why, next to the control that was used, holding keyboard focus (never
``<body>``). :func:`end` undoes that; the caller then moves focus to what changed (the new stage,
the result) or leaves it on the control that was used (a refusal).

:func:`second_tap` is the other guard of a decision button: the second click of a double tap is ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyscript import document

from shell.app import node, tr

__all__ = ["Busy", "begin", "end", "second_tap"]

#: the controls a busy region disables
CONTROLS = "button, input, select, textarea"


@dataclass
class Busy:
    """One busy region: the element, the controls :func:`begin` disabled (only those: a control the
    page had disabled for its own reason stays so), the progress line and the control that was used."""

    region: Any
    at: Any = None
    disabled: list = field(default_factory=list)
    line: Any = None


def begin(region, at=None) -> Busy | None:
    """Mark ``region`` (an element, or a single control) busy: its enabled controls disabled,
    ``aria-busy="true"``, and a progress line «Numerando en tu cadena…» put after ``at`` (the control
    that was used; else at the end of the region, or after a control given as the region) and
    focused. None when ``region`` is not on the page (nothing to mark)."""
    region = node(region)
    if region is None:
        return None
    busy = Busy(region, node(at))
    controls = [region] if region.matches(CONTROLS) else list(region.querySelectorAll(CONTROLS))
    for control in controls:
        if not control.disabled:
            control.disabled = True
            busy.disabled.append(control)
    region.setAttribute("aria-busy", "true")
    line = document.createElement("p")
    line.className = "busy-line"
    line.setAttribute("role", "status")
    line.tabIndex = -1
    line.textContent = tr("busy.chain")
    anchor = busy.at or (region if region.matches(CONTROLS) else None)
    if anchor is not None:
        anchor.after(line)
    else:
        region.append(line)
    busy.line = line
    line.focus()
    return busy


def end(busy: Busy | None) -> None:
    """Undo :func:`begin`: the controls it disabled that are still on the page enabled again,
    ``aria-busy`` removed, the progress line removed. When that line still held focus, focus goes
    back to the control that was used (or the region's first enabled control), never to ``<body>``."""
    if busy is None or busy.line is None:   # not busy, or already ended (a second call does nothing)
        return
    for control in busy.disabled:
        if control.isConnected:
            control.disabled = False
    busy.disabled = []
    busy.region.removeAttribute("aria-busy")
    line, busy.line = busy.line, None
    focused = document.activeElement == line
    line.remove()
    if focused:
        back = busy.at if busy.at is not None and busy.at.isConnected and not busy.at.disabled else None
        if back is None:
            back = node(busy.region.querySelector("button:not([disabled]), input:not([disabled])")) \
                if not busy.region.matches(CONTROLS) else busy.region
        if back is not None:
            back.focus()


def second_tap(event) -> bool:
    """Whether a click on a decision button is the second (third…) click of a double tap, which the
    button then ignores. ``event``: a DOM click event (anything with ``detail``; none counts as 0).
    Used by every view that draws decision buttons after a roll: the L5R check's board (reroll / keep,
    keep or drop an explosion; web/l5r/ui_l5r.py) and Fate's invocations (web/dice/ui_fate.py).

    Why: the board is drawn at once, under the finger that tapped «Tirar» (or the previous decision),
    and on a phone its decision button can take the place of the button just tapped; a quick double
    tap then made a decision the player never saw. Browsers number the clicks of one multi-click in
    ``event.detail`` (1 the first, 2 the second of a double click or double tap; 0 for a click made
    with the keyboard or by a script), so a decision takes only a click with ``detail`` ≤ 1: a
    deliberate tap, however fast, and Enter / Space always work. A clock (ignoring clicks for ~400 ms
    after the board is drawn) was not chosen: it also drops a fast deliberate tap and depends on how
    slow the device is. A die tapped by such a click still toggles: that is visible and undone by
    tapping it again, and nothing is decided.
    """
    return int(getattr(event, "detail", 0) or 0) > 1
