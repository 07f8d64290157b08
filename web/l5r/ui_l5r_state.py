"""The L5R check on the roll view's screen: the state web/l5r/ui_l5r.py's handlers share (no pyscript).

web/l5r/ui_l5r.py (the handlers), web/l5r/ui_l5r_added.py and web/l5r/ui_l5r_turn.py read it as ``ui_l5r.Check``.
"""

from __future__ import annotations

from typing import Any

from tirada.systems.l5r.records import CheckView

__all__ = ["Check", "live", "on_screen"]


class Check:
    """The interactive check on screen (``request`` None when there is none)."""

    request: dict | None = None      # the step-mode request so far (decisions added one by one)
    result: dict | None = None       # the engine's result for ``request``
    marked: set = set()  # pool indices tapped at the reroll / keep stage
    added: list = []    # kept dice added at the keep, [die, face] (ui_l5r_added.py), sent with the keep
    chain: tuple[str, str] | None = None   # (roller, campaign) of the chain the check is numbered in, else None
    fair: dict | None = None         # fair play: the tirada.links.fair_roll check (seeded checks), else None
    gm: str | None = None            # the id of the GM roll request this check answers, else None
    last_done: dict | None = None    # the last finished check (for the skirmish calculators)
    deciding: dict | None = None     # the fair check whose decision is being numbered (web/shell/chain_writer.py)
    task: Any = None                 # the asyncio task of the last start or decision (kept from the collector)


def live() -> tuple[dict, dict]:
    """``(request, result)`` of the check on screen; only called while there is one (the board's
    handlers in web/l5r/ui_l5r.py run only then).

    Raises:
        RuntimeError: no check on screen (a handler called out of turn: a bug, not bad input).
    """
    if Check.request is None or Check.result is None:
        raise RuntimeError("no L5R check on screen")
    return Check.request, Check.result


def on_screen() -> CheckView | None:
    """The check on screen as its typed record (:class:`~tirada.systems.l5r.records.CheckView`: stage,
    dice, choice, decisions, counters), or ``None`` when there is none."""
    return None if Check.result is None else CheckView.from_result(Check.result)
