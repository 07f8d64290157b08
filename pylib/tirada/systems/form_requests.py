"""A roll request as the roll form reads it back into its fields (issue #40: the page reads no result by
string key): the generic roll's (:class:`GenericFormRequest`), the SIFRP test's
(:class:`SifrpFormRequest`), and what Fate's and L5R's forms read by name (:class:`FateFormRequest`,
:class:`L5rFormRequest`; their other fields are read by the forms' own field lists).

A request (a link's, a history entry's, a GM request's fixed fields, a saved roll of a sheet, a
notation just parsed) is read once, by :func:`generic_form_request` / :func:`sifrp_form_request`; each
field holds the request's value, or the form's default when the request leaves it out (the defaults
below: what the form shows for a request without the field, as the engine reads it). ``names`` is
the set of the request's own keys (a field given as ``None`` is not a field left out). The request
dict is not changed. Never raises: any shape reads, missing keys as their default. Rules:
../shared/rules/generic.md, ../shared/rules/sifrp.md (§The test, §Extended tests, §Competitions),
docs/notation.md. Written in the reading-core pattern (docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..portable import Struct

__all__ = ["FateFormRequest", "GenericFormRequest", "L5rFormRequest", "SifrpFormRequest", "fate_form_request",
           "generic_form_request", "l5r_form_request", "sifrp_form_request"]


class GenericFormRequest(Struct):
    """A generic roll's request as the form reads it: ``dice``, ``sides``, ``modifier`` (0 when left
    out), ``keep`` (the number of dice when left out: every die kept), ``keep_lowest``, ``difficulty``,
    ``bands`` (the outcome bands' value, or ``None``), ``dialect`` (whose notation, or ``None``),
    ``notation`` (a saved roll's notation text, or ``None``) and ``names`` (the request's keys)."""

    _fields = ("dice", "sides", "modifier", "keep", "keep_lowest", "difficulty", "bands", "dialect", "notation",
               "names")
    dice: Any
    sides: Any
    modifier: Any
    keep: Any
    keep_lowest: Any
    difficulty: Any
    bands: Any
    dialect: Any
    notation: Any
    names: frozenset

    def __init__(self, dice: Any = 0, sides: Any = 0, modifier: Any = 0, keep: Any = None, keep_lowest: Any = None,
                 difficulty: Any = None, bands: Any = None, dialect: Any = None, notation: Any = None,
                 names: Any = ()) -> None:
        self._init(dice, sides, modifier, keep, keep_lowest, difficulty, bands, dialect, notation, frozenset(names))


def generic_form_request(request: Mapping[str, Any]) -> GenericFormRequest:
    """The :class:`GenericFormRequest` of a generic request dict (``{"dice", "sides", "keep"?, …}``)."""
    get = request.get
    return GenericFormRequest(get("dice", 0), get("sides", 0), get("modifier", 0), get("keep", get("dice")),
                              get("keep_lowest"), get("difficulty"), get("bands"), get("dialect"), get("notation"),
                              tuple(request))


class SifrpFormRequest(Struct):
    """A SIFRP test's request as the form reads it: ``test_dice`` (3 when left out), ``bonus_dice``,
    ``penalty_dice``, ``modifier`` (0), ``difficulty`` (9), ``destiny_bonus``, ``helpers`` (the helpers'
    ranks as a list, or ``None``), ``allow_more_helpers``, ``extra_time``, ``passive_rank``,
    ``weapon_damage``, ``name`` (the roller's, in a competition), ``extended_goal``, ``extended_span``,
    ``extended_count`` (``None`` when left out or empty), ``extended_max`` (10), ``rivals`` (a
    competition's rival rows, each a dict, a row that is no dict as ``{}``) and ``names`` (the
    request's keys)."""

    _fields = ("test_dice", "bonus_dice", "penalty_dice", "modifier", "difficulty", "destiny_bonus", "helpers",
               "allow_more_helpers", "extra_time", "passive_rank", "weapon_damage", "name", "extended_goal",
               "extended_span", "extended_count", "extended_max", "rivals", "names")
    test_dice: Any
    bonus_dice: Any
    penalty_dice: Any
    modifier: Any
    difficulty: Any
    destiny_bonus: Any
    helpers: Any
    allow_more_helpers: Any
    extra_time: Any
    passive_rank: Any
    weapon_damage: Any
    name: Any
    extended_goal: Any
    extended_span: Any
    extended_count: Any
    extended_max: Any
    rivals: tuple
    names: frozenset

    def __init__(self, test_dice: Any = 3, bonus_dice: Any = 0, penalty_dice: Any = 0, modifier: Any = 0,
                 difficulty: Any = 9, destiny_bonus: Any = None, helpers: Any = None, allow_more_helpers: Any = None,
                 extra_time: Any = None, passive_rank: Any = None, weapon_damage: Any = None, name: Any = None,
                 extended_goal: Any = None, extended_span: Any = None, extended_count: Any = None,
                 extended_max: Any = 10, rivals: Any = (), names: Any = ()) -> None:
        self._init(test_dice, bonus_dice, penalty_dice, modifier, difficulty, destiny_bonus, helpers, allow_more_helpers,
                   extra_time, passive_rank, weapon_damage, name, extended_goal, extended_span, extended_count,
                   extended_max, tuple(rivals), frozenset(names))


def sifrp_form_request(request: Mapping[str, Any]) -> SifrpFormRequest:
    """The :class:`SifrpFormRequest` of a SIFRP request dict (``{"test_dice", "bonus_dice"?, …}``)."""
    get = request.get
    helpers, rivals = get("helpers"), get("rivals")
    return SifrpFormRequest(
        get("test_dice", 3), get("bonus_dice", 0), get("penalty_dice", 0), get("modifier", 0), get("difficulty", 9),
        get("destiny_bonus"), helpers if isinstance(helpers, list) else None, get("allow_more_helpers"),
        get("extra_time"), get("passive_rank"), get("weapon_damage"), get("name"), get("extended_goal"),
        get("extended_span"), get("extended_count") or None, get("extended_max", 10),
        tuple(row if isinstance(row, dict) else {} for row in rivals) if isinstance(rivals, list) else (),
        tuple(request))


class FateFormRequest(Struct):
    """A Fate roll's request as the form reads it by name: ``skill`` (0 when left out, as the engine reads it)."""

    _fields = ("skill",)
    skill: Any

    def __init__(self, skill: Any = 0) -> None:
        self._init(skill)


def fate_form_request(request: Mapping[str, Any]) -> FateFormRequest:
    """The :class:`FateFormRequest` of a Fate request dict."""
    return FateFormRequest(request.get("skill", 0))


class L5rFormRequest(Struct):
    """An L5R check's request as the form reads it by name: ``stance`` (a ring, ``""`` none)."""

    _fields = ("stance",)
    stance: str

    def __init__(self, stance: str = "") -> None:
        self._init(stance)


def l5r_form_request(request: Mapping[str, Any]) -> L5rFormRequest:
    """The :class:`L5rFormRequest` of an L5R request dict."""
    return L5rFormRequest(request.get("stance") or "")
