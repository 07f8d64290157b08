"""The L5R check's steps as both pages play them (pure: no pyscript, no js; l5r5e.md §The check).

The full page (web/l5r/ui_l5r.py, on Pyodide) and the reading core (web/l5r/core_check.py, on MicroPython
before Pyodide is up) play an L5R check with the same rules and words: the request a finished check's link
states (:func:`final_request`), what the engine says of dice marked at the reroll or keep, tried on a
throwaway nonce whose dice are never shown (:func:`try_roll`, :func:`preview_texts`), and the board's
refusal line (:func:`refusal_line`).
"""

from __future__ import annotations

from typing import Any, Mapping

from l5r.ui_l5r_render import refusal_text, status_text
from shell.strings import t
from tirada import TiradaError
from tirada.systems.l5r.records import CheckView
from tirada.systems.registry import REGISTRY

__all__ = ["DECISIONS", "final_request", "preview_texts", "refusal_line", "try_roll"]

#: the check's decisions after its dice (its registry entry's, l5r5e.md §The check): a finished link states
#: them anew, as the engine applied them
DECISIONS = tuple(REGISTRY["l5r5e"].decisions)


def final_request(request: Mapping[str, Any], check: CheckView) -> dict:
    """The request of a finished check's link: the form's fields and seed, and the decisions as the engine
    applied them (``check.decisions``), without the step flag (web/l5r/ui_l5r.py ``final_request`` too)."""
    drop = ("step",) + DECISIONS
    req = {k: v for k, v in request.items() if k not in drop}
    decisions = check.decisions
    if decisions.rerolls:
        req["rerolls"] = list(decisions.rerolls)
    req["keep"] = None if decisions.keep is None else list(decisions.keep)
    if decisions.explosions:
        req["explosions"] = list(decisions.explosions)
    if decisions.added:
        req["added"] = [list(a) for a in decisions.added]
    return req


def _throwaway(_segment: int) -> str:
    return "00" * 8   # a legal-or-not trial's dice are never shown (web/fair/ui_fair.py ``throwaway``)


def try_roll(request: Mapping[str, Any]) -> dict:
    """The engine's answer for marked dice, on a throwaway nonce (never shown): whether they are allowed.

    Raises:
        TiradaError: they are not (the engine's refusal, coded)."""
    from tirada import systems

    return systems.roll(request, on_fresh=_throwaway if "fresh" in request else None)


def preview_texts(request: Mapping[str, Any], check: CheckView, marked: Any, added: Any, lang: str) -> tuple:
    """``(status, confirm, error)`` for the dice marked at the reroll or keep: the counters they would give
    (at the keep, with the dice ``added``), the reroll button's words (None at the keep), and the engine's
    reason when they are not allowed (``""`` when they are). Rules: l5r5e.md §The check."""
    name = "rerolls" if check.stage == "reroll" else "keep"
    trial = dict(request)
    trial[name] = sorted(marked)
    if name == "keep":
        trial["added"] = list(added)
    shown, error = None, ""
    try:
        after = try_roll(trial)
        if name == "keep":
            shown = CheckView.from_result(after)
    except TiradaError as err:
        error = refusal_line(err, lang)
    confirm = None
    if check.stage == "reroll":
        confirm = t("l5r.confirm_reroll" if marked else "l5r.confirm_no_reroll", lang)
    return status_text(check, set(marked), shown, lang), confirm, error


def refusal_line(err: TiradaError, lang: str) -> str:
    """The board's refusal line: «No permitido: <the engine's reason>» (web/l5r/ui_l5r.py ``show_refusal``)."""
    return t("l5r.refused", lang) + ": " + refusal_text(err, lang)
