"""The generic forum roll: "dados lanzados / dados guardados".

Rule: ../shared/rules/sifrp.md §"The generic forum roll" (seed ``004_…``): roll ``dice`` dice of
``sides`` sides, keep the ``keep`` highest (or lowest), add ``modifier``, and compare with an optional
``difficulty`` (success when total ≥ difficulty).

Two extensions typed as dice notation (:mod:`tirada.systems.notation`, docs/notation.md): ``explode``
(a die showing its highest face adds one more die, which may explode again; keep then counts every
die rolled, and :data:`MAX_EXPLOSIONS` bounds the extra dice) and ``rolls`` (several rolls in one
post: a list of 2..10 requests of this shape, rolled one after another on the same dice stream),
and ``groups`` (dice groups added or subtracted in one roll, ``1d8+1d6+3``, ``5-2d6``: a list of 1..10
groups ``{dice, sides, keep?, keep_lowest?, explode?, subtract?}`` rolled in order on the same
stream, with the roll's ``modifier`` and ``difficulty`` beside them; at most :data:`MAX_DICE` dice
in all), and ``expr`` (arithmetic: ``(2d6+3)*2``, ``4d6k3/2`` — a tree of dice groups and constants
with ``+ - * /``, ``/`` rounded down; :class:`ExprRequest`). One group's request and roll are
:mod:`tirada.systems.generic_dice`.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..dice import Dice
from ..errors import InvalidRequest
from ..fields import get_bool, get_int, reject_unknown
from ..portable import Struct, merged
from .generic_dice import (FIELDS, GROUP_FIELDS, MAX_DICE, MAX_EXPLOSIONS, MAX_ROLLS, RULE, GenericRequest, keep_indices,
                           roll_group, roll_label)

__all__ = ["FIELDS", "GROUP_FIELDS", "ExprRequest", "GenericRequest", "GroupsRequest", "MAX_DICE", "MAX_EXPLOSIONS", "MAX_ROLLS",
           "keep_indices", "rated_total", "roll", "unlabelled", "validated"]


class GroupsRequest(Struct):
    """Several dice groups in one roll (``1d8+1d6+3``, ``2d20kh1-1d4``): ``groups`` a tuple of
    ``(GenericRequest, subtract: bool)`` (1..10 groups, each without modifier or difficulty; at most
    :data:`MAX_DICE` dice in all), ``modifier`` −10000..10000, ``difficulty`` int or ``None``."""

    _fields = ("groups", "modifier", "difficulty")
    groups: tuple
    modifier: int
    difficulty: int | None

    def __init__(self, groups: tuple, modifier: int = 0, difficulty: int | None = None) -> None:
        self._init(groups, modifier, difficulty)

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "GroupsRequest":
        """Validate ``{"groups": [...], "modifier"?, "difficulty"?}``.

        Raises:
            InvalidRequest: unknown field; ``groups`` not a list of 1..10 maps (``generic.groups_count``,
            ``generic.groups_item``); a group :meth:`GenericRequest.from_dict` refuses; more than
            :data:`MAX_DICE` dice in all (``generic.groups_dice``).
        """
        reject_unknown(req, {"groups", "modifier", "difficulty"}, "generic")
        items = req["groups"]
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_ROLLS:
            raise InvalidRequest(f"must be a list of 1 to {MAX_ROLLS} dice groups", field="groups", rule=RULE,
                                 code="generic.groups_count", params={"n": MAX_ROLLS})
        groups = []
        for i, one in enumerate(items):
            if not isinstance(one, Mapping):
                raise InvalidRequest("must be a dice group", field=f"groups[{i}]", rule=RULE, code="generic.groups_item")
            reject_unknown(one, GROUP_FIELDS, "generic")
            group = GenericRequest.from_dict({k: v for k, v in one.items() if k != "subtract"})
            groups.append((group, get_bool(one, "subtract")))
        if sum(g.dice for g, _ in groups) > MAX_DICE:
            raise InvalidRequest(f"at most {MAX_DICE} dice in all", field="groups", rule=RULE,
                                 code="generic.groups_dice", params={"n": MAX_DICE})
        difficulty = req.get("difficulty")
        if difficulty is not None:
            difficulty = get_int(req, "difficulty", lo=-100000, hi=100000)
        return cls(tuple(groups), get_int(req, "modifier", default=0, lo=-10000, hi=10000), difficulty)

def _roll_groups(r: GroupsRequest, dice: Dice) -> dict:
    """Roll the groups in order; total = Σ ± each group's kept sum + modifier."""
    groups, total = [], r.modifier
    for group, subtract in r.groups:
        one = roll_group(group, dice)
        del one["modifier"]
        one["sum"] = one.pop("total")
        if subtract:
            one["subtract"] = True
        total += -one["sum"] if subtract else one["sum"]
        groups.append(one)
    out: dict = {"groups": groups, "modifier": r.modifier, "total": total}
    if r.difficulty is not None:
        out.update(difficulty=r.difficulty, success=total >= r.difficulty, margin=total - r.difficulty)
    return out


class ExprRequest(Struct):
    """Arithmetic on dice groups (``(2d6+3)*2``, ``4d6k3/2``; docs/notation.md §Arithmetic): ``tree``
    the request's ``expr`` (:mod:`tirada.systems.notation.tree`: ints, group maps, ``[op, a, b]``
    with ``op`` in ``+ - * /``, ``/`` rounded down), ``groups`` its :class:`GenericRequest` leaves in
    the order rolled (1..10, at most :data:`MAX_DICE` dice), ``difficulty`` int or ``None``."""

    _fields = ("tree", "groups", "difficulty")
    tree: Any
    groups: tuple
    difficulty: int | None

    def __init__(self, tree: Any, groups: tuple, difficulty: int | None = None) -> None:
        self._init(tree, groups, difficulty)

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "ExprRequest":
        """Validate ``{"expr": tree, "difficulty"?}``.

        Raises:
            InvalidRequest: ``generic.expr`` (not such a tree, deeper than ``MAX_DEPTH``, a constant past
            ±``MAX_CONSTANT``, no dice group), a group :meth:`GenericRequest.from_dict` refuses,
            ``generic.groups_count`` / ``generic.groups_dice``, ``generic.divide_zero`` (a divisor
            whose value may be 0).
        """
        from .notation.tree import MAX_CONSTANT, MAX_DEPTH, OPS, expr_text, leaves, value_range

        reject_unknown(req, {"expr", "difficulty"}, "generic")

        def check(node: Any, depth: int) -> None:
            if isinstance(node, list) and len(node) == 3 and node[0] in OPS and depth < MAX_DEPTH:
                check(node[1], depth + 1)
                check(node[2], depth + 1)
                lo, hi = value_range(node[2])
                if node[0] == "/" and lo <= 0 <= hi:
                    raise InvalidRequest("a divisor may not be 0", field="expr", rule=RULE, code="generic.divide_zero",
                                         params={"text": expr_text(node[2], _group_text)[:30]})
            elif isinstance(node, Mapping):
                reject_unknown(node, GROUP_FIELDS - {"subtract"}, "generic")
            elif type(node) is not int or abs(node) > MAX_CONSTANT:
                raise InvalidRequest(f"must be a tree of dice groups, whole numbers within ±{MAX_CONSTANT} and "
                                     f"[op, a, b] ({', '.join(OPS)}), at most {MAX_DEPTH} deep", field="expr",
                                     rule=RULE, code="generic.expr", params={"n": MAX_DEPTH})

        check(req.get("expr"), 0)
        found = leaves(req["expr"])
        if not 1 <= len(found) <= MAX_ROLLS:
            raise InvalidRequest(f"must hold 1 to {MAX_ROLLS} dice groups", field="expr", rule=RULE,
                                 code="generic.groups_count", params={"n": MAX_ROLLS})
        groups = tuple(GenericRequest.from_dict(g) for g in found)
        if sum(g.dice for g in groups) > MAX_DICE:
            raise InvalidRequest(f"at most {MAX_DICE} dice in all", field="expr", rule=RULE,
                                 code="generic.groups_dice", params={"n": MAX_DICE})
        difficulty = req.get("difficulty")
        if difficulty is not None:
            difficulty = get_int(req, "difficulty", lo=-100000, hi=100000)
        return cls(req["expr"], groups, difficulty)


def _group_text(group: Mapping[str, Any]) -> str:
    from .notation.render import format_group

    return format_group(group)


def _roll_expr(r: ExprRequest, dice: Dice) -> dict:
    """Roll the groups in the tree's order; total = the tree's value (``/`` rounded down)."""
    from .notation.tree import evaluate, expr_text

    groups = []
    for group in r.groups:
        one = roll_group(group, dice)
        del one["modifier"]
        one["sum"] = one.pop("total")
        groups.append(one)
    sums = iter(g["sum"] for g in groups)
    worked = expr_text(r.tree, lambda _g: (lambda v: f"(\u2212{-v})" if v < 0 else str(v))(next(sums)),
                       {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"})
    out: dict = {"groups": groups, "worked": worked, "total": evaluate(r.tree, [g["sum"] for g in groups])}
    if r.difficulty is not None:
        out.update(difficulty=r.difficulty, success=out["total"] >= r.difficulty, margin=out["total"] - r.difficulty)
    return out


def unlabelled(req: Mapping[str, Any]) -> Mapping[str, Any]:
    """One of several rolls without its ``label`` (the label names it; the roll is the rest)."""
    return {k: v for k, v in req.items() if k != "label"} if "label" in req else req


def validated(req: Mapping[str, Any]) -> "GenericRequest | GroupsRequest | ExprRequest":
    """One roll's request: :class:`ExprRequest` with ``expr``, :class:`GroupsRequest` with ``groups``,
    else :class:`GenericRequest`."""
    if "expr" in req:
        return ExprRequest.from_dict(req)
    return GroupsRequest.from_dict(req) if "groups" in req else GenericRequest.from_dict(req)


def _roll_any(r: "GenericRequest | GroupsRequest | ExprRequest", dice: Dice) -> dict:
    if isinstance(r, ExprRequest):
        return _roll_expr(r, dice)
    return _roll_groups(r, dice) if isinstance(r, GroupsRequest) else roll_group(r, dice)


def roll(req: Mapping[str, Any], dice: Dice) -> dict:
    """Roll a generic request on ``dice``.

    Returns:
        ``{"sides" (int, or ``"F"`` for Fate dice, whose faces are −1, 0, +1), "faces": [int] (draw order; explosion dice right after
        the die that exploded), "kept": [int] (best first), "kept_indices": [int], "dropped": [int],
        "modifier": int, "total": int}`` plus ``"exploded_indices"`` (faces that are explosion dice)
        when ``explode``, ``"success_indices"`` and ``"failure_indices"`` (dice counted as successes /
        failures; ``total`` is then their difference + modifier) with ``successes``, ``"rerolled"``
        (``[[die index, [faces replaced, in order]], …]``) with ``reroll``, ``"compounded"``
        (``[[die index, [faces added into it]], …]``) with ``compound``, and ``"difficulty"``, ``"success"`` (bool), ``"margin"`` (total −
        difficulty) when a difficulty is given. A ``rolls`` request gives ``{"rolls": [one result
        per roll, each with its ``"label"`` when the roll has one]}``. A ``groups`` request gives ``{"groups": [one result per group, with ``"sum"``
        (its kept sum) instead of ``"total"``/``"modifier"`` and ``"subtract": true`` when
        subtracted], "modifier", "total"}`` plus the difficulty keys. An ``expr`` request gives
        ``{"groups": [one result per group, with "sum"], "worked": "(7+3)×2" (the tree with each
        group's sum, × ÷ − signs), "total"}`` plus the difficulty keys. With ``bands``
        (:mod:`tirada.systems.bands`, one roll only) the result adds ``"band": {"index", "label"}``,
        the band holding the total.
    Raises:
        InvalidRequest: see :meth:`GenericRequest.from_dict`; bad given faces; more than
        :data:`MAX_EXPLOSIONS` explosions; ``rolls`` that is not a list of 2..10 requests or comes
        with other fields; ``bands.*`` (:meth:`tirada.systems.bands.Bands.from_value`).
    """
    from .bands import split
    from .notation.lexer import split_dialect

    _dialect, req = split_dialect(req)   # whose notation it was typed in: shown, never rolled
    bands, req = split(req)
    if bands is not None:   # outcome bands name the total, recomputed here (never read from a link)
        out = _roll_any(validated(req), dice)
        return merged(out, {"band": bands.name(out["total"])})
    if "rolls" in req:
        rolls = req["rolls"]
        if set(req) != {"rolls"}:
            raise InvalidRequest("several rolls carry their own fields; nothing else may come with them",
                                 field=sorted(set(req) - {"rolls"})[0][:40], rule=RULE,
                                 code="generic.rolls_alone")
        if not isinstance(rolls, list) or not 2 <= len(rolls) <= MAX_ROLLS:
            raise InvalidRequest(f"must be a list of 2 to {MAX_ROLLS} rolls", field="rolls", rule=RULE,
                                 code="generic.rolls_count", params={"n": MAX_ROLLS})
        parsed = []
        for i, one in enumerate(rolls):
            if not isinstance(one, Mapping):
                raise InvalidRequest("must be a roll", field=f"rolls[{i}]", rule=RULE, code="generic.rolls_item")
            label = roll_label(one["label"], f"rolls[{i}].label") if "label" in one else None
            parsed.append(({"label": label} if label else {}, validated(unlabelled(one))))
        return {"rolls": [merged(named, _roll_any(r, dice)) for named, r in parsed]}
    return _roll_any(validated(req), dice)


def rated_total(request: Mapping[str, Any], result: Mapping[str, Any]) -> Optional[int]:
    """The value the luck report rates a generic or SIFRP roll by (registry ``rated``;
    :mod:`tirada.links.luck`): a single roll's ``total``, or ``None`` for several rolls in one link,
    competitions, extended tests and groups (no one total is the roller's)."""
    if any(k in result for k in ("rolls", "competition", "extended", "groups")):
        return None
    total = result.get("total")
    return total if isinstance(total, int) and not isinstance(total, bool) else None
