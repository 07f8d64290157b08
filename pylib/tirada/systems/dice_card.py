"""The typed card of a generic roll and a SIFRP test, as the page draws it (issue #40: the page reads
no result by string key).

:func:`card` reads a result of :func:`tirada.systems.generic.roll` / :func:`tirada.systems.sifrp.roll`
(the dict that is stored in the history and recomputed from links, unchanged) into a
:class:`DiceCard`: the dice (:class:`Dice`, with every die's marks), the total and how it was worked
out, the difficulty, and the parts some rolls have (dice groups, success counting, an outcome band,
an extended test's rolls, a competition's rivals, several rolls). web/dice/dice_result.py draws the
card and the one-line summary from it; the outcome words stay the system's own
(:func:`tirada.systems.words.outcome_words` of :attr:`DiceCard.result`, the same the forum snippets,
the audit row and the userscript mark say).

A stored roll from an older Tirada may lack fields: each reads as absent (``None``, ``()``, 0), as the
page read them before. Rules: ../shared/rules/sifrp.md (§The test, §Extended tests, §Competitions,
§Other rules), ../shared/rules/generic.md. Written in the reading-core pattern
(docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Tuple

from ..portable import Struct

__all__ = ["Attempt", "Band", "Competition", "Dice", "DiceCard", "DiceGroup", "Extended", "card"]


def _ints(value: Any) -> tuple:
    """``value`` as a tuple when it is a list or tuple, else ``()``."""
    return tuple(value) if isinstance(value, (list, tuple)) else ()


def _int(value: Any) -> Optional[int]:
    """``value`` when it is an int (not a bool), else ``None``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


def _map(value: Any) -> Optional[dict]:
    return dict(value) if isinstance(value, dict) else None


class Dice(Struct):
    """One pool of dice as the card draws it: ``faces`` (each die's face, in the order rolled; Fate
    dice −1..1), ``kept_indices`` (the dice that count), ``sides`` (6, 20…, ``"F"`` for Fate dice,
    ``None`` unknown), ``exploded_indices`` (dice that came from an explosion), ``success_indices`` /
    ``failure_indices`` (success counting, ``None`` when the roll counts no successes),
    ``rerolled`` (``((index, (old faces…)), …)``: the faces a reroll replaced), ``compounded``
    (``((index, (faces added…)), …)``: ``!!``) and ``clamped`` (``((index, face rolled), …)``:
    ``min``/``max``)."""

    _fields = ("faces", "kept_indices", "sides", "exploded_indices", "success_indices", "failure_indices",
               "rerolled", "compounded", "clamped")
    faces: tuple
    kept_indices: tuple
    sides: Any
    exploded_indices: tuple
    success_indices: Optional[tuple]
    failure_indices: tuple
    rerolled: tuple
    compounded: tuple
    clamped: tuple

    def __init__(self, faces: tuple, kept_indices: tuple, sides: Any = None, exploded_indices: tuple = (),
                 success_indices: Optional[tuple] = None, failure_indices: tuple = (), rerolled: tuple = (),
                 compounded: tuple = (), clamped: tuple = ()) -> None:
        self._init(tuple(faces), tuple(kept_indices), sides, tuple(exploded_indices), success_indices,
                   tuple(failure_indices), tuple(rerolled), tuple(compounded), tuple(clamped))

    @classmethod
    def of(cls, part: Mapping[str, Any], sides: Any = None) -> "Dice":
        """The dice of a result, a dice group or an extended test's roll (``part``); ``sides`` when
        ``part`` does not say (an extended test's rolls are d6)."""
        faces = _ints(part.get("faces"))
        kept = part.get("kept_indices")
        counted = part.get("success_indices")
        return cls(faces, _ints(kept) if isinstance(kept, (list, tuple)) else tuple(range(len(faces))),
                   part.get("sides", sides), _ints(part.get("exploded_indices")),
                   tuple(counted) if isinstance(counted, (list, tuple)) else None,
                   _ints(part.get("failure_indices")),
                   tuple((i, tuple(old)) for i, old in _ints(part.get("rerolled")) if isinstance(old, (list, tuple))),
                   tuple((i, tuple(faces_)) for i, faces_ in _ints(part.get("compounded"))),
                   tuple((i, face) for i, face in _ints(part.get("clamped"))))


class DiceGroup(Struct):
    """One dice group of ``1d8+1d6-1d4``: its ``dice``, its kept ``sum`` and whether it is
    ``subtract``-ed."""

    _fields = ("dice", "sum", "subtract")
    dice: Dice
    sum: int
    subtract: bool

    def __init__(self, dice: Dice, sum: int, subtract: bool) -> None:   # noqa: A002 - the result's name
        self._init(dice, sum, subtract)


class Band(Struct):
    """The outcome band a roll fell in (:mod:`tirada.systems.bands`): ``index`` (0-based) and its
    ``label`` (user text)."""

    _fields = ("index", "label")
    index: int
    label: str

    def __init__(self, index: int, label: str) -> None:
        self._init(index, label)


class Attempt(Struct):
    """One roll of an extended test (sifrp.md §Extended tests): its ``dice`` (d6), ``total`` and the
    roll's own ``result`` (for :func:`tirada.systems.sifrp_words.roll_words`)."""

    _fields = ("dice", "total", "result")
    dice: Dice
    total: Any
    result: dict

    def __init__(self, dice: Dice, total: Any, result: dict) -> None:
        self._init(dice, total, result)


class Extended(Struct):
    """An extended test's rolls and tally (sifrp.md §Extended tests): ``attempts``, ``tally`` of
    ``goal`` (counts ≥ 0), ``done`` (the goal was reached), ``span`` (the time the rolls stand for,
    as :func:`tirada.systems.sifrp_words.span_words` reads it, or ``None``) and the test's own
    ``result`` (for :func:`tirada.systems.sifrp_words.extended_words`)."""

    _fields = ("attempts", "tally", "goal", "done", "span", "result")
    attempts: Tuple[Attempt, ...]
    tally: int
    goal: int
    done: bool
    span: Any
    result: dict

    def __init__(self, attempts: tuple, tally: int, goal: int, done: bool, span: Any, result: dict) -> None:
        self._init(tuple(attempts), tally, goal, done, span, result)


class Competition(Struct):
    """A SIFRP competition (sifrp.md §Competitions): ``rows`` (the roller's own test first, then each
    rival's, each a :class:`DiceCard` with its ``name`` and the shared difficulty) and ``winners``
    (names; two or more: a tie)."""

    _fields = ("rows", "winners")
    rows: Tuple["DiceCard", ...]
    winners: Tuple[str, ...]

    def __init__(self, rows: tuple, winners: tuple) -> None:
        self._init(tuple(rows), tuple(winners))


class DiceCard(Struct):
    """A generic roll's or a SIFRP test's result as the card draws it (see the module's text).

    Fields: ``result`` (the result as rolled, for the system's word functions), ``system``
    (``"generic"`` when the result does not say), ``label`` / ``name`` (user text or ``None``),
    ``dice`` (:class:`Dice`; no faces for several rolls), ``groups`` (dice groups, ``None`` for one
    pool), ``worked`` (an arithmetic roll's worked expression, ``"(8+3)×2"``, or ``None``), ``kept``
    (the kept faces, summed), ``total``, ``modifier`` / ``teamwork`` (ints, 0 none), ``difficulty``
    (``None``: nothing judged) and ``difficulty_name`` (``{"es": …, "en": …}`` or ``None``), ``band``,
    ``bonus_capped`` / ``passive`` (the fields of their notes, or ``None``), ``damage`` (sifrp.md §Other
    rules: base damage × degrees, or ``None``), ``extended``, ``competition`` and ``rolls`` (several
    rolls, each its card; ``None`` for one)."""

    _fields = ("result", "system", "label", "name", "dice", "groups", "worked", "kept", "total", "modifier",
               "teamwork", "difficulty", "difficulty_name", "band", "bonus_capped", "passive", "damage", "extended",
               "competition", "rolls")
    result: dict
    system: str
    label: Optional[str]
    name: Optional[str]
    dice: Dice
    groups: Optional[Tuple[DiceGroup, ...]]
    worked: Optional[str]
    kept: tuple
    total: Any
    modifier: int
    teamwork: int
    difficulty: Any
    difficulty_name: Optional[dict]
    band: Optional[Band]
    bonus_capped: Optional[dict]
    passive: Optional[dict]
    damage: Optional[int]
    extended: Optional[Extended]
    competition: Optional[Competition]
    rolls: Optional[Tuple["DiceCard", ...]]

    def __init__(self, result: dict, system: str, label: Optional[str], name: Optional[str], dice: Dice,
                 groups: Optional[tuple], worked: Optional[str], kept: tuple, total: Any, modifier: int,
                 teamwork: int, difficulty: Any, difficulty_name: Optional[dict], band: Optional[Band],
                 bonus_capped: Optional[dict], passive: Optional[dict], damage: Optional[int],
                 extended: Optional[Extended], competition: Optional[Competition], rolls: Optional[tuple]) -> None:
        self._init(result, system, label, name, dice, groups, worked, kept, total, modifier, teamwork, difficulty,
                   difficulty_name, band, bonus_capped, passive, damage, extended, competition, rolls)


def _band(value: Any) -> Optional[Band]:
    if not isinstance(value, dict) or not isinstance(value.get("label"), str):
        return None
    return Band(int(value.get("index", 0)), value["label"])


def _extended(value: Any) -> Optional[Extended]:
    if not value or not isinstance(value, dict):
        return None
    attempts = tuple(Attempt(Dice.of(a, 6), a.get("total"), a) for a in _ints(value.get("attempts"))
                     if isinstance(a, dict))
    return Extended(attempts, value.get("tally", 0), value.get("goal", 0), bool(value.get("done")),
                    value.get("span") or None, value)


def _competition(result: Mapping[str, Any]) -> Optional[Competition]:
    comp = result.get("competition")
    if not isinstance(comp, dict):
        return None
    same = {k: result.get(k) for k in ("difficulty", "difficulty_name")}
    own = card(result, name=comp.get("name"), nested=True)
    rivals = tuple(card(dict(r, **same), name=r.get("name"), nested=True) for r in _ints(comp.get("rivals"))
                   if isinstance(r, dict))
    return Competition((own,) + rivals, tuple(w for w in _ints(comp.get("winners")) if isinstance(w, str)))


def card(result: Mapping[str, Any], name: Optional[str] = None, nested: bool = False) -> DiceCard:
    """The :class:`DiceCard` of a generic or SIFRP ``result`` (a dict as rolled or stored; ``name``:
    a competitor's name; ``nested``: a competition's row, whose own competition is not read again).
    Never raises for a result the page could draw before: missing fields read as absent."""
    rolls = result.get("rolls")
    groups = result.get("groups")
    return DiceCard(
        result=dict(result), system=_text(result.get("system")) or "generic", label=_text(result.get("label")),
        name=name, dice=Dice.of(result),
        groups=tuple(DiceGroup(Dice.of(g), g.get("sum", 0), bool(g.get("subtract"))) for g in groups
                     if isinstance(g, dict)) if isinstance(groups, list) else None,
        worked=_text(result.get("worked")), kept=_ints(result.get("kept")), total=result.get("total"),
        modifier=_int(result.get("modifier")) or 0, teamwork=_int(result.get("teamwork")) or 0,
        difficulty=result.get("difficulty"), difficulty_name=_map(result.get("difficulty_name")),
        band=_band(result.get("band")), bonus_capped=_map(result.get("bonus_capped")) or None,
        passive=_map(result.get("passive")) or None, damage=_int(result.get("damage")),
        extended=_extended(result.get("extended")), competition=None if nested else _competition(result),
        rolls=tuple(card(one) for one in rolls if isinstance(one, dict)) if isinstance(rolls, list) else None)
