"""The L5R 5e check's decisions where the player is absent, and the value the luck report rates.

Named by the system's registry entry (:mod:`tirada.systems.registry`: ``blind``, ``rated``); read by
:mod:`tirada.links.sealed_dice` (a sealed roll's **blind policy**, docs/link-format.md §19.5) and
:mod:`tirada.links.luck` (the luck report, issue #26 item 6) without naming the system.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ...portable import merged

__all__ = ["GOOD_FACES", "blind_decisions", "rated_successes"]

#: faces worth keeping: a distinction never rerolls a die showing one of them (blind policy)
GOOD_FACES = frozenset({"success", "explosive", "opportunity"})


def blind_decisions(request: Mapping[str, Any]) -> dict:
    """The decisions a sealed L5R check takes without the player (l5r5e.md §The check 4–6):

    * a **distinction** rerolls, in pool order, up to 2 dice showing no success, explosive success
      or opportunity (blank or strife only);
    * an **adversity** rerolls the first 2 dice showing success or explosive success (the plain rule);
    * **keep**: the best dice up to the keep limit (:func:`tirada.systems.l5r.check.default_keep`);
    * **explosions**: every explosion die is kept, unless a compromised character may not keep it.

    Keep and explosions are the plain mode's defaults, so only a distinction's rerolls are written
    out. ``request`` must carry its dice ``seed``.

    Returns:
        fields to add to the request (``{}`` or ``{"rerolls": [pool index]}``).
    Raises:
        InvalidRequest, IllegalMove: a request the rules refuse.
    """
    if not request.get("distinction") or request.get("adversity"):
        return {}
    from .. import roll

    paused = roll(merged(request, {"step": True}))
    if paused.get("stage") != "reroll":
        return {}
    blanks = [d["index"] for d in paused["pool"] if not GOOD_FACES & set(d["symbols"])]
    return {"rerolls": blanks[:2]}


def rated_successes(request: Mapping[str, Any], result: Mapping[str, Any]) -> Optional[int]:
    """The kept successes of a finished check (the odds assume every success is kept, so a player who
    kept fewer only looks less lucky), or ``None``: a check stopped before its keep step, or one with
    added kept dice (``added``: dice set to a result, which the odds do not model)."""
    if result.get("stage", "done") != "done" or request.get("added"):
        return None
    successes = result.get("successes")
    return successes if isinstance(successes, int) and not isinstance(successes, bool) else None
