"""Dice notation, step 3 of 4: a roll's terms, roll sets and a post's ``;``-parts → the generic
request parameters (docs/notation.md §Grammar: ``post``, ``part``, ``roll``)."""

from __future__ import annotations

from .groups import finish_group, read_group
from .lexer import MAX_ROLLS, Reader, bounded, refuse, space_refusal, tokenize

__all__ = ["parse", "parse_roll"]

def _roll(tokens: list, text: str) -> dict:
    """One roll (signs, constants and dice groups) → generic fields: one group's fields, or
    ``{"groups": [...], "modifier"?}`` for several (a subtracted group has ``"subtract": true``)."""
    r = Reader(tokens, text)
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
            raise refuse(f"cannot read {tok[:10]!r} in {text.strip()[:40]!r}", code="notation.unreadable",
                          params={"text": tok[:10]})
        first = False
        if tok is None:
            raise refuse(f"cannot read {text.strip()[:40]!r}", code="notation.unreadable", params={"text": text.strip()[:10]})
        r.take()
        count = None
        if tok.isdigit():
            nxt, nspace = r.peek()
            if nxt not in ("d", "df"):
                if nxt is not None and nxt.isdigit():
                    raise space_refusal(f"{tok}{nxt}", f"{tok} {nxt}")
                modifier += sign * int(tok)
                sign = 1
                continue
            if nspace:
                raise space_refusal(f"{tok}d", f"{tok} d")
            count = int(tok)
            tok = r.take()[0]
        elif tok not in ("d", "df"):
            raise refuse(f"cannot read {tok[:10]!r} in {text.strip()[:40]!r}", code="notation.unreadable",
                          params={"text": tok[:10]})
        if len(groups) == MAX_ROLLS:
            raise refuse(f"at most {MAX_ROLLS} dice groups in one roll", code="notation.several_groups",
                          params={"n": MAX_ROLLS})
        group = finish_group(read_group(r, count, tok == "df"))
        if sign < 0:
            group["subtract"] = True
        groups.append(group)
        sign = 1
    if not groups:
        raise refuse(f"write a roll as NdS, e.g. 5d10k3+2, not {text.strip()[:40]!r}", code="notation.not_a_roll",
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
    tokens = tokenize(text)
    sets = 1
    if len(tokens) >= 2 and tokens[0][0].isdigit() and tokens[1][1] and (tokens[1][0] in ("d", "df") or tokens[1][0].isdigit()):
        sets = int(tokens[0][0])
        if not 1 <= sets <= MAX_ROLLS:
            raise refuse(f"a roll set is 1 to {MAX_ROLLS} rolls; {sets} would be {sets} rolls of "
                          f"{text.strip()[len(tokens[0][0]):].strip()[:30]!r}",
                          code="notation.set_count", params={"n": MAX_ROLLS, "got": sets})
        tokens = tokens[1:]
        tokens[0] = (tokens[0][0], False)
    one = _roll(tokens, text)
    return [dict(one) for _ in range(sets)]


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
    text = bounded(text)
    rolls = _part(text)
    if len(rolls) != 1:
        raise refuse("a roll set is several rolls", code="notation.set_count", params={"n": 1, "got": len(rolls)})
    return rolls[0]


def parse(text: str) -> dict:
    """A post's notation → the generic request parameters: one roll's fields, or
    ``{"rolls": [fields, …]}`` for 2..:data:`MAX_ROLLS` rolls separated by ``;`` or made by roll
    sets (``6 4d6k3`` = six rolls of 4d6k3).

    Raises:
        InvalidRequest: empty text, text over :data:`MAX_TEXT` characters, too many rolls, or a
        roll :func:`parse_roll` refuses.
    """
    text = bounded(text)
    parts = [p for p in text.split(";") if p.strip()]
    if not parts:
        raise refuse("write a roll such as 5d10k3+2", code="notation.empty")
    if len(parts) > MAX_ROLLS:
        raise refuse(f"at most {MAX_ROLLS} rolls in one post, got {len(parts)}", code="notation.too_many_rolls",
                      params={"n": MAX_ROLLS})
    rolls = [one for p in parts for one in _part(p)]
    if len(rolls) > MAX_ROLLS:
        raise refuse(f"at most {MAX_ROLLS} rolls in one post, got {len(rolls)}", code="notation.too_many_rolls",
                      params={"n": MAX_ROLLS})
    return rolls[0] if len(rolls) == 1 else {"rolls": rolls}


