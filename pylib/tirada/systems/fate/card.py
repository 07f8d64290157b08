"""The typed card of a Fate roll, as the page draws it (issue #40: the page reads no result by string key).

:func:`fate_card` reads a result of :func:`tirada.systems.fate.roll` (the dict that is stored in the
history and recomputed from links, unchanged: :attr:`FateCard.result`) into a :class:`FateCard`: the
four dice with a reroll's earlier faces, the skill and the invocations, the total and its modifier,
and the target (a difficulty, or an opposition's roll). web/dice/form_fate.py draws the card from it;
the outcome words stay the system's own (:func:`tirada.systems.words.outcome_words` of the result).
:func:`fate_odds_card` reads the odds card's parts of :func:`tirada.systems.fate.odds.fate_odds`'s dict
into a :class:`FateOdds` the same way.
A stored roll from an older Tirada may lack fields: each reads as absent (``None``, ``()``, 0), as the
page read them before. Rules: ../shared/rules/fate.md (§The roll, §Invoking), docs/fate.md. Written
in the reading-core pattern (docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ...portable import Struct

__all__ = ["FateCard", "FateOdds", "fate_card", "fate_odds_card"]


def _tuple(value: Any) -> tuple:
    return tuple(value) if isinstance(value, (list, tuple)) else ()


class FateCard(Struct):
    """A Fate roll on screen.

    Fields: ``result`` (the result dict, unchanged), ``label`` (``""`` none), ``outcome`` (``"fail"``,
    ``"tie"``, ``"success"``, ``"style"`` or ``None`` when nothing is judged), ``faces`` (the four Fate
    dice kept, −1..1), ``rerolled`` (the faces a reroll replaced, as the result says them, or ``None``),
    ``skill`` (the skill's rating), ``invokes`` (the invocations made, ``"+2"`` / ``"reroll"``, in order),
    ``total`` (on the ladder), ``modifier`` (skill + invocations' bonus), ``difficulty`` (the passive
    opposition, or ``None``), ``opposition`` (an active opposition's rating, or ``None``),
    ``opposition_faces`` (its four dice as a tuple, or ``None`` when no opposition rolled) and
    ``opposition_total`` (its total, or ``None``)."""

    _fields = ("result", "label", "outcome", "faces", "rerolled", "skill", "invokes", "total", "modifier",
               "difficulty", "opposition", "opposition_faces", "opposition_total")
    result: dict
    label: str
    outcome: Any
    faces: tuple
    rerolled: Any
    skill: int
    invokes: tuple
    total: Any
    modifier: int
    difficulty: Optional[int]
    opposition: Any
    opposition_faces: Optional[tuple]
    opposition_total: Any

    def __init__(self, result: dict, label: str = "", outcome: Optional[str] = None, faces: tuple = (),
                 rerolled: Any = None, skill: int = 0, invokes: tuple = (), total: Any = None, modifier: int = 0,
                 difficulty: Optional[int] = None, opposition: Optional[int] = None,
                 opposition_faces: Optional[tuple] = None, opposition_total: Optional[int] = None) -> None:
        self._init(result, label, outcome, tuple(faces), rerolled, skill, tuple(invokes), total, modifier,
                   difficulty, opposition, opposition_faces, opposition_total)


def fate_card(result: Mapping[str, Any]) -> FateCard:
    """The :class:`FateCard` of a Fate ``result`` (a dict as rolled or stored). Never raises for a result
    the page could draw before: missing fields read as absent."""
    get = result.get
    rival = get("opposition_faces")
    return FateCard(dict(result), get("label") or "", get("outcome"), _tuple(get("faces")), get("rerolled"),
                    get("skill") or 0, _tuple(get("invokes")), get("total"), get("modifier") or 0, get("difficulty"),
                    get("opposition"), tuple(rival) if isinstance(rival, list) else None, get("opposition_total"))


class FateOdds(Struct):
    """What the Fate odds card reads of :func:`tirada.systems.fate.odds.fate_odds`'s dict besides the chart:
    ``success_from`` (the lowest total that succeeds against a difficulty, an int, else ``None``) and
    ``outcomes`` (``{"style", "success", "tie", "fail"}`` → chance, against a target, else ``None``)."""

    _fields = ("success_from", "outcomes")
    success_from: Optional[int]
    outcomes: Optional[dict]

    def __init__(self, success_from: Optional[int] = None, outcomes: Optional[dict] = None) -> None:
        self._init(success_from, outcomes)


def fate_odds_card(odds: Mapping[str, Any]) -> FateOdds:
    """The :class:`FateOdds` of a Fate odds dict. Never raises: a missing or malformed part reads as ``None``."""
    success_from, outcomes = odds.get("success_from"), odds.get("outcomes")
    return FateOdds(success_from if isinstance(success_from, int) else None,
                    outcomes if isinstance(outcomes, dict) else None)
