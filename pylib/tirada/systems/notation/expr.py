"""Dice notation, step 3 of 5: one roll's terms, signs, ``*``, ``/`` and parentheses → the generic
request fields (docs/notation.md §Grammar ``roll``, §Arithmetic).

A roll without ``*`` and ``/`` gives the flat fields links have always carried (one group's fields,
or ``groups`` with ``subtract`` and a ``modifier``; parentheses that only group sums are undone:
``1d20+(5-2)`` is ``1d20+3``), so every earlier link reads the same. A roll that multiplies or
divides gives ``{"expr": tree}`` (:mod:`.tree`): constants folded where no die takes part
(``(5-2)*2`` is 6), precedence ``*`` ``/`` over ``+`` ``-``, left to right, ``/`` rounded down.
Refused: a divisor that is or may be 0 (``notation.divide_zero``), a number right before or after
parentheses (``2(1d6)``: ``notation.implicit``, with the reading ``2*(1d6)``), dice counted or sized
by dice (``(1d4)d6``: ``notation.computed_dice``; ``(1+1)d6`` is 2d6), more than :data:`MAX_NESTING`
nested parentheses or a tree deeper than :data:`MAX_DEPTH` (``notation.too_deep``), a constant past
±:data:`MAX_CONSTANT` (``notation.number_too_big``).
"""

from __future__ import annotations

from typing import Any

from ...portable import merged, strip
from .groups import finish_group, read_group
from .lexer import DEFAULT_DIALECT, DIGIT_DICE, MAX_ROLLS, Reader, refuse, space_refusal, tokenize
from .tree import MAX_CONSTANT, MAX_DEPTH, apply, expr_text, value_range

__all__ = ["MAX_NESTING", "read_roll"]

MAX_NESTING = 8       #: deepest parentheses read


class _Expr:
    """The reader of one roll: ``sum = product *(sign product)``, ``product = unary *(("*"|"/") unary)``,
    ``unary = [sign] primary``, ``primary = "(" sum ")" | n | [n] "d" …``. Nodes: int, group dict,
    ``("+", [(sign, node), …])`` and ``("*", [(op, node), …])`` (n-ary, so long sums need no recursion)."""

    def __init__(self, r: Reader, text: str, dialect: str = DEFAULT_DIALECT) -> None:
        self.r, self.text, self.groups, self.nesting, self.dialect = r, text, 0, 0, dialect

    def unreadable(self, tok: str | None) -> Exception:
        if tok is None:
            return refuse(f"cannot read {strip(self.text)[:40]!r}", code="notation.unreadable",
                          params={"text": strip(self.text)[:10]})
        return refuse(f"cannot read {tok[:10]!r} in {strip(self.text)[:40]!r}", code="notation.unreadable",
                      params={"text": tok[:10]})

    def sum(self) -> Any:
        terms = [(1, None)]
        tok = self.r.peek()[0]
        if tok in ("+", "-"):          # a leading sign: "+2 + d6", "-2d6"
            self.r.take()
            terms = [(1 if tok == "+" else -1, None)]
        terms[0] = (terms[0][0], self.product())
        while self.r.peek()[0] in ("+", "-"):
            sign = 1 if self.r.take()[0] == "+" else -1
            terms.append((sign, self.product()))
        return terms[0][1] if len(terms) == 1 and terms[0][0] > 0 else ("+", terms)

    def product(self) -> Any:
        factors = [("*", self.unary(first=True))]
        while self.r.peek()[0] in ("*", "/"):
            op = self.r.take()[0]
            factors.append((op, self.unary(first=False)))
        return factors[0][1] if len(factors) == 1 else ("*", factors)

    def unary(self, first: bool) -> Any:
        tok = self.r.peek()[0]
        if tok in ("+", "-") and not first:   # 2*-1d6
            self.r.take()
            node = self.primary()
            return node if tok == "+" else ("+", [(-1, node)])
        return self.primary()

    def primary(self) -> Any:
        tok, _space = self.r.take()
        if tok in ("floor", "ceil", "round") and self.r.peek() == ("(", False):
            self.r.take()
            node = rounded(tok, self.parenthesised())
            self.no_juxtaposition(")")
            return node
        if tok == "{":
            return self.grouped()
        if tok == "(":
            node = self.parenthesised()
            nxt = self.r.peek()[0]
            if nxt in ("d", "df"):          # (1+1)d6: a count computed from constants only
                return self.group(self.count(node, "(…)d"))
            self.no_juxtaposition(")")
            return node
        if tok is None or not (tok.isdigit() or tok in ("d", "df")):
            raise self.unreadable(tok)
        if tok.isdigit():
            nxt, nspace = self.r.peek()
            if nxt not in ("d", "df"):
                if nxt is not None and nxt.isdigit():
                    raise space_refusal(f"{tok}{nxt}", f"{tok} {nxt}")
                self.no_juxtaposition(tok)
                return int(tok)
            if nspace:
                raise space_refusal(f"{tok}d", f"{tok} d")
            return self.group(int(tok))
        self.r.i -= 1
        return self.group(None)

    def grouped(self, close: str = "}", first: Any = None) -> Any:
        """Roll20's grouped roll ``{1d8!, 1d6!}kh1`` (Foundry's ``{1d8x, 1d6x}kh``): the higher (``kh1``,
        ``k1``) or lower (``kl1``) of the rolls, each rolled in order; without a keep their sum. Keeping
        more than one of them, or dropping, is refused (``notation.group_keep``)."""
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise refuse(f"at most {MAX_NESTING} parentheses inside each other", code="notation.too_deep",
                         params={"n": MAX_NESTING})
        items = [self.sum() if first is None else first]
        while self.r.peek()[0] == ",":
            self.r.take()
            items.append(self.sum())
        if self.r.peek()[0] != close:
            raise self.unreadable(self.r.peek()[0] or "{")
        self.r.take()
        self.nesting -= 1
        keep, _space = self.r.peek()
        if keep not in ("k", "kh", "kl", "d", "dl", "dh"):
            return ("+", [(1, item) for item in items])
        self.r.take()
        n = self.r.number(keep, need=False)
        if keep in ("d", "dl", "dh") or (n or 1) != 1 or len(items) < 2:
            raise refuse("a grouped roll keeps the higher or lower of its rolls: write {…}kh1 or {…}kl1",
                         code="notation.group_keep", params={"text": f"{{…}}{keep}{n or ''}", "reading": "{…}kh1", "other": "{…}kl1"})
        return ("max" if keep in ("k", "kh") else "min", items)

    def parenthesised(self) -> Any:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise refuse(f"at most {MAX_NESTING} parentheses inside each other", code="notation.too_deep",
                         params={"n": MAX_NESTING})
        node = self.sum()
        if self.r.peek()[0] == "," and self.dialect == "avrae":    # Avrae's set: (1d20, 1d20)kh1
            self.nesting -= 1
            return self.grouped(")", node)
        if self.r.peek()[0] != ")":
            raise self.unreadable(self.r.peek()[0] or "(")
        self.r.take()
        self.nesting -= 1
        return node

    def no_juxtaposition(self, before: str) -> None:
        """A number or ``)`` right before ``(``, a number or a die: refused with the product it would be."""
        nxt = self.r.peek()[0]
        if nxt == "(" or before == ")" and nxt is not None and (nxt.isdigit() or nxt in ("d", "df")):
            shown = "(…)" if before == ")" else before
            raise refuse(f"{shown}{nxt}: write {shown}*{nxt} if you mean a product", code="notation.implicit",
                         params={"text": f"{shown}{nxt}", "reading": f"{shown}*{nxt}"})

    def count(self, node: Any, typed: str) -> int:
        value = fold(node)
        if not isinstance(value, int):
            raise refuse(f"{typed}: the number of dice or sides cannot come from dice", code="notation.computed_dice",
                         params={"text": typed})
        return value

    def digit_dice(self, count: int | None, digits: str) -> Any:
        """``d66`` / ``d666`` (forum tables: a tens d6 and a units d6, 11–66) → ``d6*10 + d6`` (and
        ``d6*100 + d6*10 + d6``), rolled tens first. ``2d66`` and options after it are refused
        (``notation.digit_dice``); a plain 66-sided die is ``1d(66)``."""
        typed = f"{count or ''}d{digits}"
        nxt = self.r.peek(1)[0]
        if count not in (None, 1) or nxt is not None and nxt not in ("+", "-", "*", "/", ")"):
            shown = typed + (nxt or "")
            reading = f"d{digits}+d{digits}" if count not in (None, 1) else f"d{digits}"
            raise refuse(f"{shown!r}: d{digits} is a digit roll (a d6 per digit); write {reading} "
                         f"or {count or 1}d({digits}) for dice of {digits} sides", code="notation.digit_dice",
                         params={"text": shown[:20], "reading": reading, "other": f"{count or 1}d({digits})"})
        self.r.take()
        if self.groups + DIGIT_DICE[digits] > MAX_ROLLS:
            raise refuse(f"at most {MAX_ROLLS} dice groups in one roll", code="notation.several_groups",
                         params={"n": MAX_ROLLS})
        self.groups += DIGIT_DICE[digits]
        places = [10 ** i for i in range(DIGIT_DICE[digits] - 1, -1, -1)]
        terms = [(1, ("*", [("*", {"dice": 1, "sides": 6}), ("*", p)]) if p > 1 else {"dice": 1, "sides": 6})
                 for p in places]
        return ("+", terms)

    def group(self, count: int | None) -> Any:
        fate = self.r.take()[0] == "df"
        tok, space = self.r.peek()
        if not fate and not space and tok in DIGIT_DICE:
            return self.digit_dice(count, tok)
        if self.r.peek()[0] == "(":         # 1d(2*3): sides computed from constants only
            self.r.take()
            sides = self.count(self.parenthesised(), "d(…)")
            self.r.toks.insert(self.r.i, (str(sides), False))
        if self.groups == MAX_ROLLS:
            raise refuse(f"at most {MAX_ROLLS} dice groups in one roll", code="notation.several_groups",
                         params={"n": MAX_ROLLS})
        self.groups += 1
        group = finish_group(read_group(self.r, count, fate, self.dialect))
        if self.r.peek()[0] == "(":
            from .render import format_group

            self.no_juxtaposition(format_group(group))
        return group


def _divides(node: Any) -> bool:
    """Whether ``node`` (n-ary, not folded) holds a ``/`` anywhere."""
    if not isinstance(node, tuple):
        return False
    if node[0] in ("max", "min"):
        return any(_divides(sub) for sub in node[1])
    return any(how == "/" or _divides(sub) for how, sub in node[1])


def rounded(how: str, node: Any) -> Any:
    """Roll20's ``floor(x)``, ``ceil(x)``, ``round(x)`` on the n-ary ``node``: without ``/`` the value is
    whole already (the node itself); with one ``/``, the last operation of the argument (``floor(a/b)``),
    floor is Tirada's ``/``, ``ceil(a/b)`` is ``−((−a)/b)`` and ``round(a/b)`` (halves up, a constant
    ``b`` > 0) is ``(2a+b)/(2b)``. Anything else would round each division apart where Roll20 rounds
    the exact value once: refused (``notation.floor_inner``, naming the form that reads)."""
    if not _divides(node):
        return node
    items = node[1] if isinstance(node, tuple) and node[0] == "*" else []
    if items and items[-1][0] == "/" and not any(how == "/" or _divides(sub) for how, sub in items[:-1]) \
            and not _divides(items[-1][1]):
        a = items[0][1] if len(items) == 2 else ("*", items[:-1])
        b = items[-1][1]
        if how == "floor":
            return node
        if how == "ceil":
            return ("+", [(-1, ("*", [("*", ("+", [(-1, a)])), ("/", b)]))])
        if isinstance(b, int) and b > 0:
            return ("*", [("*", ("+", [(1, ("*", [("*", a), ("*", 2)])), (1, b)])), ("/", 2 * b)])
    raise refuse(f"{how}() rounds one division: write {how}(a/b), e.g. {how}(1d6/2)", code="notation.floor_inner",
                 params={"text": f"{how}(…)", "reading": f"{how}(1d6/2)"})


def _check(value: int) -> int:
    if abs(value) > MAX_CONSTANT:
        raise refuse(f"numbers stay within ±{MAX_CONSTANT}", code="notation.number_too_big", params={"n": MAX_CONSTANT})
    return value


def fold(node: Any) -> Any:
    """``node`` with every part that has no dice replaced by its value (an int when it has none): a
    sum's constants gathered where its first constant stood (``2+1d6+3`` is ``5+1d6``), a product's
    leading constants folded left to right (``2*3*1d6`` is ``6*1d6``; nothing is moved across ``/``).

    Raises:
        InvalidRequest: a constant divisor of 0 (``notation.divide_zero``), a value past ±MAX_CONSTANT.
    """
    if not isinstance(node, tuple):
        return node if isinstance(node, dict) else _check(node)
    kind, items = node
    if kind in ("max", "min"):      # {a, b}kh1: each folded; all constants → the value
        subs = [fold(sub) for sub in items]
        if all(isinstance(sub, int) for sub in subs):
            return (max if kind == "max" else min)(subs)
        return (kind, subs)
    items = [(how, fold(sub)) for how, sub in items]
    if kind == "+":
        constant = [how * sub for how, sub in items if isinstance(sub, int)]
        if constant:
            at = next(i for i, (_how, sub) in enumerate(items) if isinstance(sub, int))
            rest = [(how, sub) for how, sub in items if not isinstance(sub, int)]
            total = _check(sum(constant))
            items = rest[:at] + [(1 if total >= 0 else -1, abs(total))] * bool(total or not rest) + rest[at:]
        return items[0][1] if len(items) == 1 and items[0][0] > 0 else (kind, items)
    value, lead = 1, 0
    while lead < len(items) and isinstance(items[lead][1], int):
        how, sub = items[lead]
        if how == "/" and sub == 0:
            raise refuse("division by 0", code="notation.divide_zero", params={"text": "0"})
        value, lead = _check(apply(how, value, sub)), lead + 1
    if lead:
        items = [("*", value)] + items[lead:]
    return items[0][1] if len(items) == 1 else (kind, items)


def _flat(node: Any, sign: int, groups: list) -> int | None:
    """A folded node without products as dice groups (appended to ``groups``, ``subtract`` when
    negative) and the constant it adds; ``None`` when it multiplies or divides."""
    if isinstance(node, dict):
        groups.append(merged(node, {"subtract": True}) if sign < 0 else dict(node))
        return 0
    if isinstance(node, int):
        return sign * node
    if node[0] != "+":
        return None
    total = 0
    for how, sub in node[1]:
        part = _flat(sub, sign * how, groups)
        if part is None:
            return None
        total += part
    return total


def binary(node: Any) -> Any:
    """A folded n-ary node → the link's tree (:mod:`.tree`): ``[op, left, right]`` lists, left to right."""
    if not isinstance(node, tuple):
        return node
    kind, items = node
    if kind in ("max", "min"):
        out = binary(items[0])
        for sub in items[1:]:
            out = [kind, out, binary(sub)]
        return out
    how, first = items[0]
    out = binary(first)
    if kind == "+" and how < 0:
        out = -out if isinstance(out, int) else ["-", 0, out]
    for how, sub in items[1:]:
        op = ("+" if how > 0 else "-") if kind == "+" else how
        out = [op, out, binary(sub)]
    return out


def _depth(tree: Any) -> int:
    return 1 + max(_depth(tree[1]), _depth(tree[2])) if isinstance(tree, list) else 0


def _divisors(tree: Any) -> None:
    """Refuse a divisor whose value may be 0 (``notation.divide_zero``, naming it)."""
    if isinstance(tree, list):
        _divisors(tree[1])
        _divisors(tree[2])
        lo, hi = value_range(tree[2])
        if tree[0] == "/" and lo <= 0 <= hi:
            from .render import format_group

            shown = expr_text(tree[2], format_group)[:30]
            raise refuse(f"the divisor {shown!r} may be 0", code="notation.divide_zero", params={"text": shown})


def signed_die(tokens: list, dialect: str) -> list:
    """Dice Maiden's ``+dX`` / ``-dX`` at the start of a roll (advantage / disadvantage: ``2dXkh1`` /
    ``2dXkl1``) and ``+d%`` / ``-d%`` (Call of Cthulhu's bonus / penalty die: ``(2d10kl1-1)*10+1d10`` /
    ``(2d10kh1-1)*10+1d10``): in the ``dicemaiden`` dialect the tokens of that form; in any other
    dialect refused (``notation.signed_die``, naming the form and the single die), because Roll20 would
    read ``-d20`` as a negative die and the total would silently be negative."""
    if len(tokens) < 3 or tokens[0][0] not in ("+", "-") or tokens[1] != ("d", False) or tokens[2][1] or not (
            tokens[2][0].isdigit() or tokens[2][0] == "%"):
        return tokens
    sign, sides = tokens[0][0], tokens[2][0]
    if sides == "%":
        form = f"(2d10{'kl1' if sign == '+' else 'kh1'}-1)*10+1d10"
    else:
        form = f"2d{sides}{'kh1' if sign == '+' else 'kl1'}"
    if dialect == "dicemaiden":
        return tokenize(form) + tokens[3:]
    typed = f"{sign}d{sides}"
    raise refuse(f"{typed!r} at the start is Dice Maiden's {form}: write {form}, or {'' if sign == '+' else '-'}1d{sides} "
                 f"for one die", code="notation.signed_die",
                 params={"text": typed, "reading": form, "other": f"{'' if sign == '+' else '-'}1d{sides}"})


def read_roll(tokens: list, text: str, dialect: str = DEFAULT_DIALECT) -> dict:
    """One roll → generic fields: one group's fields, ``{"groups": [...], "modifier"?}`` (a subtracted
    group has ``"subtract": true``), or ``{"expr": tree}`` when it multiplies or divides. ``dialect``
    (:data:`~.lexer.DIALECTS`) says whose notation it is (docs/notation.md §Dialects).

    Raises:
        InvalidRequest: ``notation.*`` codes (module docstring; :mod:`.groups` for a group's options).
    """
    tokens = signed_die(tokens, dialect)
    r = Reader(tokens, text)
    reader = _Expr(r, text, dialect)
    node = reader.sum()
    if r.peek()[0] is not None:
        raise reader.unreadable(r.peek()[0])
    if not reader.groups:
        raise refuse(f"write a roll as NdS, e.g. 5d10k3+2, not {strip(text)[:40]!r}", code="notation.not_a_roll",
                     params={"text": strip(text)[:40]})
    node = fold(node)
    groups: list = []
    modifier = _flat(node, 1, groups)
    if modifier is None:
        tree = binary(node)
        if _depth(tree) > MAX_DEPTH:
            raise refuse(f"at most {MAX_DEPTH} operations inside each other", code="notation.too_deep",
                         params={"n": MAX_DEPTH})
        _divisors(tree)
        return {"expr": tree}
    out = groups[0] if len(groups) == 1 and not groups[0].get("subtract") else {"groups": groups}
    if modifier:
        out["modifier"] = modifier
    return out
