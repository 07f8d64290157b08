"""Arithmetic trees of dice groups (``(2d6+3)*2``, ``4d6k3/2``, ``2*(1d8+1d6)``): the shape the generic
request's ``expr`` field carries in a link (docs/notation.md §Arithmetic, docs/link-format.md §5.1).

A tree is JSON-like:

* an ``int`` — a constant;
* a ``dict`` — one dice group (the generic group fields: ``dice``, ``sides``, ``keep``… as in
  ``groups``, without ``subtract``);
* a ``list`` ``[op, left, right]`` with ``op`` one of ``"+"``, ``"-"``, ``"*"``, ``"/"``, ``"max"``, ``"min"``
  (the higher / lower of two values: Roll20's grouped roll ``{1d8!,1d6!}kh1``, Savage Worlds' wild die).

``/`` is **floor division** (rounded towards −∞, Python's ``//``; Roll20's ``floor(a/b)``, Dice
Maiden's integer division). The dice groups are rolled in the tree's left-to-right order. Nothing here
rolls or validates a group's own fields (:mod:`tirada.systems.generic` does); these are the pure
tree operations shared by the parser, the roll, the odds and the renderers.
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["MAX_CONSTANT", "MAX_DEPTH", "OPS", "apply", "evaluate", "expr_text", "group_range", "leaves", "value_range"]

OPS = ("+", "-", "*", "/", "max", "min")
MAX_CONSTANT = 1_000_000     #: largest constant (absolute value) in a tree
MAX_DEPTH = 16               #: deepest tree (operations inside each other); a link nests at most 32 levels
_LEVEL = {"+": 1, "-": 1, "*": 2, "/": 2}
_INF = float("inf")


def leaves(tree: Any) -> list:
    """The dice groups (dicts) of ``tree`` in left-to-right order (the order they are rolled)."""
    if isinstance(tree, dict):
        return [tree]
    if isinstance(tree, list) and len(tree) == 3:
        return leaves(tree[1]) + leaves(tree[2])
    return []


def apply(op: str, a: int, b: int) -> int:
    """``a op b`` on ints; ``/`` floors (``-7 / 2`` = −4); ``max`` / ``min`` the higher / lower. ``b`` is
    never 0 for ``/`` (refused before)."""
    if op in ("max", "min"):
        return max(a, b) if op == "max" else min(a, b)
    return a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a // b


def evaluate(tree: Any, values: list) -> int:
    """The value of ``tree`` with its dice groups worth ``values`` (in :func:`leaves` order; consumed)."""
    if isinstance(tree, dict):
        return values.pop(0)
    if isinstance(tree, list):
        left = evaluate(tree[1], values)
        return apply(tree[0], left, evaluate(tree[2], values))
    return int(tree)


def group_range(group: dict) -> tuple:
    """``(lo, hi)`` bounds of a dice group's value (``hi`` may be ``inf``: explosions), from its fields:
    a success count lies in ``[−dice, dice]`` (``[0, dice]`` without failures), Fate dice in
    ``[−K, K]``, a sum of faces in ``[min(K, dice), K·sides]`` (``K`` the dice kept; a penetrating
    explosion die may count 0). Bounds, not always reached: used to refuse a divisor that may be 0."""
    dice, sides = int(group.get("dice", 1)), int(group.get("sides", 1) or 1)
    explode, keep = bool(group.get("explode")), group.get("keep")
    if group.get("successes") is not None:
        most = _INF if explode else dice
        return (-most if group.get("failures") is not None else 0), most
    kept = dice if keep is None and not explode else keep
    if group.get("fate"):
        return -int(kept or 0), int(kept or 0)
    if kept is None or group.get("compound"):   # every die rolled, or dice that grow: no upper bound
        return dice, _INF
    lo = 0 if group.get("penetrate") and group.get("keep_lowest") else min(int(kept), dice)
    return lo, int(kept) * sides


def _mul(a: float, b: float) -> float:
    return 0 if a == 0 or b == 0 else a * b


def _div(a: float, b: float) -> float:
    if abs(b) == _INF:
        return 0 if a >= 0 else -1
    return a / b if abs(a) == _INF else a // b


def value_range(tree: Any, leaf: Callable[[dict], tuple] = group_range) -> tuple:
    """``(lo, hi)`` bounds of ``tree``'s value by interval arithmetic (floats; ``±inf`` where dice
    explode); a divisor's range never contains 0 here (checked by the caller, innermost first)."""
    if isinstance(tree, dict):
        return leaf(tree)
    if not isinstance(tree, list):
        return int(tree), int(tree)
    (a, b), (c, d) = value_range(tree[1], leaf), value_range(tree[2], leaf)
    if tree[0] in ("max", "min"):
        pick = max if tree[0] == "max" else min
        return pick(a, c), pick(b, d)
    if tree[0] == "+":
        return a + c, b + d
    if tree[0] == "-":
        return a - d, b - c
    ends = [_mul(x, y) if tree[0] == "*" else _div(x, y) for x in (a, b) for y in (c, d)]
    return min(ends), max(ends)


def expr_text(tree: Any, leaf: Callable[[dict], str], signs: dict | None = None) -> str:
    """``tree`` written with the fewest parentheses (``*`` and ``/`` bind tighter than ``+`` and ``-``;
    left to right): each group by ``leaf(group)``, constants as numbers, ``signs`` mapping ``+ - * /``
    to what is written (default: as they are, with no spaces; ``max``/``min``, when given, a format with
    ``{items}``, else ``{a, b}kh1``). ``["-", 0, x]`` is written ``-x``. Total on
    any JSON-like input (what is not a tree is written as it is)."""
    signs = signs or {op: op for op in OPS}

    def text(node: Any, parent: str | None, right: bool) -> str:
        if isinstance(node, dict):
            return leaf(node)
        if not (isinstance(node, list) and len(node) == 3 and node[0] in OPS):
            if type(node) is not int:       # not a tree (display only: written as it is)
                return str(node)
            value = node
            if value >= 0:
                return str(value)
            return f'({signs["-"].strip()}{-value})' if right else signs["-"].strip() + str(-value)
        op, left, rest = node
        if op in ("max", "min"):    # {a, b}kh1: the chain of the same op written as one group
            items, first = [rest], left
            while isinstance(first, list) and len(first) == 3 and first[0] == op:
                items.append(first[2])
                first = first[1]
            items.append(first)
            said = [text(i, None, False) for i in reversed(items)]
            if op in signs:      # said in words: signs["max"] = "el mayor de [{items}]"
                return signs[op].format(items=" | ".join(said))
            return "{" + ", ".join(said) + "}" + ("kh1" if op == "max" else "kl1")
        if op == "-" and type(left) is int and left == 0:   # a leading minus
            body = signs["-"].strip() + text(rest, "*", True)
            return f"({body})" if right or parent in ("*", "/") else body
        body = text(left, op, False) + signs[op] + text(rest, op, True)
        wrap = parent is not None and (_LEVEL[op] < _LEVEL[parent] or right and (
            _LEVEL[op] == _LEVEL[parent] and (parent in ("-", "/") or parent == "*" and op == "/")))
        return f"({body})" if wrap else body

    return text(tree, None, False)
