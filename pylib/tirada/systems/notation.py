"""Dice notation for the generic roll, as Roll20 and Dice Maiden users type it.

``5d10k3+2`` · ``4d6dl1`` · ``4d6d1`` · ``3d6kl`` · ``2d20kh1`` · ``d6!`` · ``5 + 2d20dl1`` ·
``1d8+1d6+3`` · ``2d20kh1-1d4`` (dice groups added or subtracted) · ``1d20+5; 2d6+3`` (several rolls in one post) · ``6 4d6k3`` (Dice Maiden's roll set: six rolls of
4d6k3); at most :data:`MAX_ROLLS` rolls in a post. :func:`parse` turns the text into the request
parameters of :mod:`tirada.systems.generic` (the same fields the form writes, so a link made from
notation is a normal generic link, verified by the same rules); :func:`format_roll` writes
parameters back as notation. The text itself is never stored in a link: only the parameters, so a
later change to this parser cannot change what an old link means.

Grammar (letters in either case; docs/notation.md §Grammar)::

    post     = part *( ";" part )
    part     = [sets SPACE] roll          sets: 1..MAX_ROLLS rolls of the same roll (Dice Maiden)
    roll     = [sign] term *( sign term ) at least one term is a dice group (at most MAX_ROLLS)
    term     = group | n                  n: a constant, added (or subtracted) to the total
    group    = [count] "d" (sides | "%" | "F") *option   dF: Fate dice, faces −1, 0, +1 (no "!")
    option   = "!" ["!" | "p"] [cmp n]    exploding: a die showing its highest face (or cmp n) adds one more
                                          die; !! compounds it into the same die, !p counts it one less
             | "k" n | "kh" [n]           keep the n highest (kh alone: 1)
             | "kl" [n]                   keep the n lowest (alone: 1)
             | ("dl" | "d") n | "dl"      drop the n lowest (dl alone: 1; a bare d needs its n)
             | "dh" [n]                   drop the n highest (alone: 1)
             | (">" | "<" | "=" | "t") n  count successes: n or more, n or less, exactly n
             | "f" (cmp n | "1")          count failures (subtracted); cmp = ">" | "<" | "="
             | ("r" | "ro") (cmp n | "1") reroll while (r) or once (ro) the die shows such a face
    count 1..100 · sides 2..1000 · numbers at most MAX_DIGITS digits

Space and case policy (a space never changes what was typed): letters are read in either case
(``4D6KH3`` = ``4d6kh3``); spaces may stand around signs and before an option, never inside ``NdS``
nor between an option and its number; a number then a space then a roll is a roll set (``6 4d6``),
anywhere else two numbers or a number and a roll side by side are refused with the reading they
would have taken (``notation.space``), never glued together.

Why not the ``d20`` library (PyPI): it draws from Python's global ``random`` (no dice stream can be
passed, so links could not be verified), it needs ``lark-parser`` 0.9 (published only as a source
archive, which Pyodide's micropip cannot install, plus ``cachetools``), and its syntax differs from
what forum players type (``e6`` instead of ``!``, ``p`` instead of ``dl``). See docs/notation.md.

Errors: :class:`~tirada.errors.InvalidRequest` with ``field="notation"``, a stable ``notation.*``
code and the part of the text it could not read. Work is bounded by the text's length
(:data:`MAX_TEXT` characters at most).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..errors import InvalidRequest

__all__ = ["MAX_DIGITS", "MAX_ROLLS", "MAX_TEXT", "format_post", "format_roll", "parse", "parse_roll"]

RULE = "docs/notation.md §Grammar"
MAX_ROLLS = 10
MAX_DIGITS = 6         #: longest number read (a longer one is refused before it is converted)
MAX_TEXT = 400         #: longest notation text read
_TOKEN = re.compile(r"\s+|\d+|df|[a-z]+|.", re.S)   # "df" apart: 4dFk3 = 4 dF k 3
_OPTIONS = ("k", "kh", "kl", "d", "dl", "dh")
_DEFAULT_ONE = ("kh", "kl", "dl", "dh")
_COUNTS = {">": "successes", "<": "successes", "=": "successes", "t": "successes", "f": "failures",
           "r": "reroll", "ro": "reroll"}


def _refuse(message: str, code: str, params: dict | None = None) -> InvalidRequest:
    """A refusal on the ``notation`` field with its stable code (``notation.*``) and params."""
    return InvalidRequest(message, field="notation", rule=RULE, code=code, params=params)


def _tokens(text: str) -> list:
    """``[(token, space_before)]`` of one part: numbers, letter runs (lower case), single signs."""
    out, space = [], False
    for match in _TOKEN.finditer(text.lower()):
        tok = match.group()
        if tok.isspace():
            space = True
            continue
        if tok.isdigit():
            if not tok.isascii():
                raise _refuse(f"cannot read {tok[:10]!r}", code="notation.unreadable", params={"text": tok[:10]})
            if len(tok) > MAX_DIGITS:
                raise _refuse(f"numbers have at most {MAX_DIGITS} digits", code="notation.number_too_long",
                              params={"n": MAX_DIGITS})
        out.append((tok, space))
        space = False
    return out


class _Reader:
    """A cursor over the tokens of one roll."""

    def __init__(self, tokens: list, text: str) -> None:
        self.toks, self.i, self.text = tokens, 0, text

    def peek(self, ahead: int = 0):
        j = self.i + ahead
        return self.toks[j] if j < len(self.toks) else (None, False)

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def number(self, after: str, need: bool) -> int | None:
        """The number right after ``after`` (no space between), or None when absent and not ``need``."""
        tok, space = self.peek()
        if tok is not None and tok.isdigit():
            if space:
                raise _space(f"{after}{tok}", f"{after} {tok}")
            self.i += 1
            return int(tok)
        if need:
            raise _refuse(f"{after!r} needs a number of dice, e.g. {after}1", code="notation.needs_number",
                          params={"text": after})
        return None


def _space(reading: str, typed: str) -> InvalidRequest:
    return _refuse(f"{typed!r}: a space here is ambiguous; write {reading!r} if that is what you mean",
                   code="notation.space", params={"text": typed[:20], "reading": reading[:20]})


def _group(r: _Reader, count: int | None, fate: bool = False) -> dict:
    """A dice group after its ``d`` (or ``dF``): sides and options → generic fields (``_drop`` marks dl/dh/d)."""
    tok, space = ("3", False) if fate else r.take()
    if space and tok is not None and (tok.isdigit() or tok == "%"):
        raise _space(f"{count or ''}d{tok}", f"{count or ''}d {tok}")
    if tok is None or not (tok.isdigit() or tok == "%"):
        raise _refuse(f"write a roll as NdS, e.g. 5d10k3+2, not {r.text.strip()[:40]!r}", code="notation.not_a_roll",
                      params={"text": r.text.strip()[:40]})
    dice = 1 if count is None else count
    out: dict = {"dice": dice, "fate": True} if fate else {"dice": dice, "sides": 100 if tok == "%" else int(tok)}
    seen: set = set()
    while True:
        tok, _space_before = r.peek()
        if tok not in _OPTIONS and tok not in _COUNTS and tok != "!":
            return out
        r.take()
        kind = "explode" if tok == "!" else _COUNTS.get(tok, "keep")
        if kind in ("successes", "failures", "reroll"):
            if kind in seen:
                raise _refuse(f"{tok!r}: one success count, one failure count and one reroll per dice group",
                              code="notation.twice", params={"text": tok})
            seen.add(kind)
            out[kind] = _compare(r, tok, out.get("sides", 3))
            if tok == "ro":
                out["reroll_once"] = True
            continue
        if kind in seen:
            raise _refuse(f"{tok!r}: only one keep/drop and one '!' per roll", code="notation.twice", params={"text": tok})
        seen.add(kind)
        if tok == "!":
            if fate:
                raise _refuse("Fate dice (dF) do not explode", code="notation.fate_explode")
            nxt, space = r.peek()
            if nxt in ("!", "p") and not space:          # !! compounding, !p penetrating
                r.take()
                out["compound" if nxt == "!" else "penetrate"] = True
                nxt, space = r.peek()
            if nxt in (">", "<", "=") and not space:     # Roll20: a compare point right after ! is where it explodes
                r.take()
                out["explode_at"] = _compare(r, nxt, out["sides"])
            elif nxt is not None and nxt.isdigit() and not space:
                raise _refuse(f"'!' takes no number here ('!{nxt}')", code="notation.explode_number",
                              params={"text": f"!{nxt}"})
            out["explode"] = True
            continue
        n = r.number(tok, need=tok not in _DEFAULT_ONE)
        n = 1 if n is None else n
        if tok in ("d", "dl", "dh"):
            if n >= dice:
                raise _refuse(f"cannot drop {n} of {dice} dice", code="notation.drop_all", params={"dice": dice})
            n, lowest = dice - n, tok == "dh"
        else:
            lowest = tok == "kl"
        out["keep"] = n
        if lowest:
            out["keep_lowest"] = True
        out["_drop"] = tok in ("d", "dl", "dh")


def _compare(r: _Reader, op: str, sides: int) -> list:
    """The faces ``[lo, hi]`` of a compare point after ``op``: ``>N`` (N or more, as Roll20 reads it),
    ``<N`` (N or less), ``=N``; ``tN`` (Dice Maiden's target: N or more); ``f`` then ``>N``/``<N``/``=N``,
    or ``f1`` alone (a bare ``fN`` above 1 is ambiguous: Roll20 reads "exactly N", Dice Maiden "N or less");
    ``r``/``ro`` (reroll, reroll once) as ``f``."""
    typed = op
    if op in ("f", "r", "ro"):
        nxt, space = r.peek()
        if nxt in (">", "<", "=") and not space:
            op = r.take()[0]
            typed += op
    n = r.number(typed, need=True)
    assert n is not None
    if op in ("f", "r", "ro"):
        if n != 1:
            raise _refuse(f"'{op}{n}' is ambiguous: write {op}<{n} ({n} or less) or {op}={n} (exactly {n})",
                          code="notation.ambiguous", params={"text": f"{op}{n}", "reading": f"{op}<{n}", "other": f"{op}={n}"})
        op = "="
    return [n, sides] if op in (">", "t") else [1, n] if op == "<" else [n, n]


def _finish(group: dict) -> dict:
    """A parsed group's checks and defaults (``_drop`` removed; keep-all left out)."""
    if "failures" in group and "successes" not in group or "successes" in group and (
            "keep" in group or group.get("fate") or group.get("compound") or group.get("penetrate")):
        raise _refuse("success counting (>N, <N, =N, then fN) compares every die: no keep/drop, no Fate dice, "
                      "failures only after a success count", code="notation.count")
    if group.get("explode_at") == [1, group.get("sides")]:
        raise _refuse("a die that explodes on every face never stops", code="notation.explode_all")
    if "reroll" in group and (group.get("explode") or group.get("fate") or group["reroll"] == [1, group.get("sides")]):
        raise _refuse("a reroll (r, ro) names some faces, not all, and goes without '!' and Fate dice",
                      code="notation.reroll")
    if group.pop("_drop", False) and group.get("explode"):
        raise _refuse("an exploding roll keeps with k/kh/kl (the dice it drops depend on the explosions)",
                      code="notation.explode_drop")
    if group.get("keep") == group["dice"] and not group.get("keep_lowest") and not group.get("explode"):
        del group["keep"]
    return group


def _roll(tokens: list, text: str) -> dict:
    """One roll (signs, constants and dice groups) → generic fields: one group's fields, or
    ``{"groups": [...], "modifier"?}`` for several (a subtracted group has ``"subtract": true``)."""
    r = _Reader(tokens, text)
    groups: list = []
    modifier, sign, first = 0, 1, True
    while True:
        tok, space = r.peek()
        if tok in ("+", "-"):
            r.take()
            sign = 1 if tok == "+" else -1
            tok, space = r.peek()
        elif not first:
            if tok is None:
                break
            raise _refuse(f"cannot read {tok[:10]!r} in {text.strip()[:40]!r}", code="notation.unreadable",
                          params={"text": tok[:10]})
        first = False
        if tok is None:
            raise _refuse(f"cannot read {text.strip()[:40]!r}", code="notation.unreadable", params={"text": text.strip()[:10]})
        r.take()
        count = None
        if tok.isdigit():
            nxt, nspace = r.peek()
            if nxt not in ("d", "df"):
                if nxt is not None and nxt.isdigit():
                    raise _space(f"{tok}{nxt}", f"{tok} {nxt}")
                modifier += sign * int(tok)
                sign = 1
                continue
            if nspace:
                raise _space(f"{tok}d", f"{tok} d")
            count = int(tok)
            tok = r.take()[0]
        elif tok not in ("d", "df"):
            raise _refuse(f"cannot read {tok[:10]!r} in {text.strip()[:40]!r}", code="notation.unreadable",
                          params={"text": tok[:10]})
        if len(groups) == MAX_ROLLS:
            raise _refuse(f"at most {MAX_ROLLS} dice groups in one roll", code="notation.several_groups",
                          params={"n": MAX_ROLLS})
        group = _finish(_group(r, count, tok == "df"))
        if sign < 0:
            group["subtract"] = True
        groups.append(group)
        sign = 1
    if not groups:
        raise _refuse(f"write a roll as NdS, e.g. 5d10k3+2, not {text.strip()[:40]!r}", code="notation.not_a_roll",
                      params={"text": text.strip()[:40]})
    if len(groups) == 1 and not groups[0].get("subtract"):
        out = groups[0]           # one group: the fields links have always carried
    else:
        out = {"groups": groups}
    if modifier:
        out["modifier"] = modifier
    return out


def _part(text: str) -> list:
    """One ``;``-part → its rolls (several for a roll set ``N roll``)."""
    tokens = _tokens(text)
    sets = 1
    if len(tokens) >= 2 and tokens[0][0].isdigit() and tokens[1][1] and (tokens[1][0] in ("d", "df") or tokens[1][0].isdigit()):
        sets = int(tokens[0][0])
        if not 1 <= sets <= MAX_ROLLS:
            raise _refuse(f"a roll set is 1 to {MAX_ROLLS} rolls; {sets} would be {sets} rolls of "
                          f"{text.strip()[len(tokens[0][0]):].strip()[:30]!r}",
                          code="notation.set_count", params={"n": MAX_ROLLS, "got": sets})
        tokens = tokens[1:]
        tokens[0] = (tokens[0][0], False)
    one = _roll(tokens, text)
    return [dict(one) for _ in range(sets)]


def _bounded(text: Any) -> str:
    """``text`` as a str, refused (``notation.too_long``) over :data:`MAX_TEXT` characters."""
    text = str(text)
    if len(text) > MAX_TEXT:
        raise _refuse(f"at most {MAX_TEXT} characters", code="notation.too_long", params={"n": MAX_TEXT})
    return text


def parse_roll(text: str) -> dict:
    """One roll of notation → generic parameters.

    Returns:
        ``{"dice", "sides", "keep"?, "keep_lowest"?, "explode"?, "modifier"?}`` (defaults left out),
        or ``{"groups": [group fields + "subtract"?], "modifier"?}`` for several groups.
    Raises:
        InvalidRequest: text that is not notation (the offending part is quoted), ``dl``/``dh``
        combined with ``!``, an option given twice, dropping or keeping more dice than rolled, a
        number longer than :data:`MAX_DIGITS`, an ambiguous space, a roll set (use :func:`parse`).
    """
    text = _bounded(text)
    rolls = _part(text)
    if len(rolls) != 1:
        raise _refuse("a roll set is several rolls", code="notation.set_count", params={"n": 1, "got": len(rolls)})
    return rolls[0]


def parse(text: str) -> dict:
    """A post's notation → the generic request parameters: one roll's fields, or
    ``{"rolls": [fields, …]}`` for 2..:data:`MAX_ROLLS` rolls separated by ``;`` or made by roll
    sets (``6 4d6k3`` = six rolls of 4d6k3).

    Raises:
        InvalidRequest: empty text, text over :data:`MAX_TEXT` characters, too many rolls, or a
        roll :func:`parse_roll` refuses.
    """
    text = _bounded(text)
    parts = [p for p in text.split(";") if p.strip()]
    if not parts:
        raise _refuse("write a roll such as 5d10k3+2", code="notation.empty")
    if len(parts) > MAX_ROLLS:
        raise _refuse(f"at most {MAX_ROLLS} rolls in one post, got {len(parts)}", code="notation.too_many_rolls",
                      params={"n": MAX_ROLLS})
    rolls = [one for p in parts for one in _part(p)]
    if len(rolls) > MAX_ROLLS:
        raise _refuse(f"at most {MAX_ROLLS} rolls in one post, got {len(rolls)}", code="notation.too_many_rolls",
                      params={"n": MAX_ROLLS})
    return rolls[0] if len(rolls) == 1 else {"rolls": rolls}


def _format_group(params: Mapping[str, Any]) -> str:
    dice, sides = params.get("dice", 1), "F" if params.get("fate") else params.get("sides", "?")
    text = f"{dice}d{sides}"
    if params.get("successes"):   # before "!": a compare point right after it is where it explodes
        text += compare_text(params.get("successes"), params.get("sides"))
    if params.get("explode"):
        text += "!" + ("!" if params.get("compound") else "p" if params.get("penetrate") else "")
        text += compare_text(params["explode_at"], params.get("sides")) if params.get("explode_at") else ""
    keep = params.get("keep")
    if keep is not None and (keep != dice or params.get("keep_lowest") or params.get("explode")):
        text += f"{'kl' if params.get('keep_lowest') else 'k'}{keep}"
    if params.get("reroll"):
        once = "ro" if params.get("reroll_once") else "r"
        text += f"{once}1" if params.get("reroll") == [1, 1] else once + compare_text(params.get("reroll"), params.get("sides"))
    if params.get("failures"):
        text += "f1" if params.get("failures") == [1, 1] else "f" + compare_text(params.get("failures"), params.get("sides"))
    return text


def compare_text(faces: Any, sides: Any) -> str:
    """``[7, 10]`` on a d10 → ``">7"``, ``[1, 2]`` → ``"<2"``, ``[3, 3]`` → ``"=3"`` (for display:
    any other value is written as it is)."""
    if not (isinstance(faces, list) and len(faces) == 2):
        return f"={faces}"
    lo, hi = faces
    return f"={lo}" if lo == hi else f">{lo}" if hi == sides else f"<{hi}" if lo == 1 else f"={faces}"


def format_roll(params: Mapping[str, Any]) -> str:
    """Generic parameters → notation: ``{"dice": 5, "sides": 10, "keep": 3, "modifier": 2}`` →
    ``"5d10k3+2"``; keep lowest → ``kl``; exploding → ``!``; several groups → ``"1d8+1d6-1d4+3"``.
    Total on any JSON-like input (a value of the wrong type is written as it is, for display only)."""
    groups = params.get("groups")
    if isinstance(groups, list):
        text = ""
        for i, g in enumerate(groups):
            g = g if isinstance(g, Mapping) else {}
            text += ("-" if g.get("subtract") else "+" if i else "") + _format_group(g)
    else:
        text = _format_group(params)
    modifier = params.get("modifier") or 0
    if isinstance(modifier, int) and modifier:
        text += f"{modifier:+d}"
    return text


def format_post(params: Mapping[str, Any]) -> str:
    """:func:`format_roll` of one roll, or the rolls of ``{"rolls": [...]}`` joined by ``"; "``."""
    rolls = params.get("rolls")
    if isinstance(rolls, list):
        return "; ".join(format_roll(r) if isinstance(r, Mapping) else "?" for r in rolls)
    return format_roll(params)
