"""Dice notation for the generic roll, as Roll20 and Dice Maiden users type it.

``5d10k3+2`` · ``4d6dl1`` · ``3d6kl1`` · ``2d20kh1`` · ``d6!`` · ``1d20+5; 2d6+3`` (several rolls in
one post, up to :data:`MAX_ROLLS`). :func:`parse` turns the text into the request parameters of
:mod:`tirada.systems.generic` (the same fields the form writes, so a link made from notation is a normal
generic link, verified by the same rules); :func:`format_roll` writes parameters back as notation.
The text itself is never stored in a link: only the parameters, so a later change to this parser
cannot change what an old link means.

Grammar (case-insensitive, spaces ignored)::

    post    = roll *( ";" roll )
    roll    = [count] "d" sides *option *modifier
    count   = 1..100          sides = 2..1000 | "%" (100)
    option  = "!"             exploding: a die showing its highest face adds one more die
            | ("k" | "kh") n  keep the n highest          | "kl" n  keep the n lowest
            | "dl" n          drop the n lowest (keep count − n highest)
            | "dh" n          drop the n highest (keep count − n lowest)
    modifier = ("+" | "-") n  added to the total (several are summed)

Why not the ``d20`` library (PyPI): it draws from Python's global ``random`` (no dice stream can be
passed, so links could not be verified), it needs ``lark-parser`` 0.9 (published only as a source
archive, which Pyodide's micropip cannot install, plus ``cachetools``), and its syntax differs from
what forum players type (``e6`` instead of ``!``, ``p`` instead of ``dl``). See docs/notation.md.

Errors: :class:`~tirada.errors.InvalidRequest` with ``field="notation"`` and the position.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..errors import InvalidRequest

__all__ = ["MAX_ROLLS", "format_post", "format_roll", "parse", "parse_roll"]

RULE = "docs/notation.md §Grammar"
MAX_ROLLS = 10
_ROLL = re.compile(r"(\d*)d(\d+|%)")
_OPTION = re.compile(r"(!|kh|kl|k|dl|dh)(\d*)")
_MOD = re.compile(r"([+-])(\d+)")


def _refuse(message: str, code: str, params: dict | None = None) -> InvalidRequest:
    """A refusal on the ``notation`` field with its stable code (``notation.*``) and params."""
    return InvalidRequest(message, field="notation", rule=RULE, code=code, params=params)


def parse_roll(text: str) -> dict:
    """One roll of notation → generic parameters.

    Returns:
        ``{"dice", "sides", "keep"?, "keep_lowest"?, "explode"?, "modifier"?}`` (defaults left out).
    Raises:
        InvalidRequest: text that is not notation (the offending part is quoted), ``dl``/``dh``
        combined with ``!``, an option given twice, dropping or keeping more dice than rolled.
    """
    src = "".join(str(text).split()).lower()
    match = _ROLL.match(src)
    if not match:
        raise _refuse(f"write a roll as NdS, e.g. 5d10k3+2, not {str(text).strip()[:40]!r}", code="notation.not_a_roll",
                          params={"text": str(text).strip()[:40]})
    count = int(match.group(1)) if match.group(1) else 1
    sides = 100 if match.group(2) == "%" else int(match.group(2))
    out: dict = {"dice": count, "sides": sides}
    pos, seen, modifier, has_mod = match.end(), set(), 0, False
    while pos < len(src):
        opt = _OPTION.match(src, pos)
        mod = _MOD.match(src, pos)
        if opt and not has_mod:
            name, num = opt.group(1), opt.group(2)
            kind = "explode" if name == "!" else "keep"
            if kind in seen:
                raise _refuse(f"{src[pos:opt.end()]!r}: only one keep/drop and one '!' per roll", code="notation.twice",
                              params={"text": src[pos:opt.end()]})
            seen.add(kind)
            if name == "!":
                if num:
                    raise _refuse(f"'!' takes no number here ({src[pos:opt.end()]!r})", code="notation.explode_number",
                                  params={"text": src[pos:opt.end()]})
                out["explode"] = True
            else:
                if not num:
                    raise _refuse(f"{name!r} needs a number of dice, e.g. {name}1", code="notation.needs_number", params={"text": name})
                n = int(num)
                if name in ("dl", "dh"):
                    if n >= count:
                        raise _refuse(f"cannot drop {n} of {count} dice", code="notation.drop_all", params={"dice": count})
                    n, lowest = count - n, name == "dh"
                else:
                    lowest = name == "kl"
                out["keep"] = n
                if lowest:
                    out["keep_lowest"] = True
                out["_drop"] = name in ("dl", "dh")
            pos = opt.end()
        elif mod:
            modifier += int(mod.group(2)) * (1 if mod.group(1) == "+" else -1)
            has_mod = True
            pos = mod.end()
        else:
            raise _refuse(f"cannot read {src[pos:pos + 10]!r} in {src[:40]!r}", code="notation.unreadable", params={"text": src[pos:pos + 10]})
    if out.pop("_drop", False) and out.get("explode"):
        raise _refuse("an exploding roll keeps with k/kh/kl (the dice it drops depend on the explosions)",
                      code="notation.explode_drop")
    if out.get("keep") == count and not out.get("keep_lowest") and not out.get("explode"):
        del out["keep"]
    if modifier:
        out["modifier"] = modifier
    return out


def parse(text: str) -> dict:
    """A post's notation → the generic request parameters: one roll's fields, or
    ``{"rolls": [fields, …]}`` for 2..:data:`MAX_ROLLS` rolls separated by ``;``.

    Raises:
        InvalidRequest: empty text, too many rolls, or a roll :func:`parse_roll` refuses.
    """
    parts = [p for p in str(text).split(";") if p.strip()]
    if not parts:
        raise _refuse("write a roll such as 5d10k3+2", code="notation.empty")
    if len(parts) > MAX_ROLLS:
        raise _refuse(f"at most {MAX_ROLLS} rolls in one post, got {len(parts)}", code="notation.too_many_rolls",
                      params={"n": MAX_ROLLS})
    rolls = [parse_roll(p) for p in parts]
    return rolls[0] if len(rolls) == 1 else {"rolls": rolls}


def format_roll(params: Mapping[str, Any]) -> str:
    """Generic parameters → notation: ``{"dice": 5, "sides": 10, "keep": 3, "modifier": 2}`` →
    ``"5d10k3+2"``; keep lowest → ``kl``; exploding → ``!``. Total on any JSON-like input (a value
    of the wrong type is written as it is, for display only)."""
    dice, sides = params.get("dice", 1), params.get("sides", "?")
    text = f"{dice}d{sides}"
    if params.get("explode"):
        text += "!"
    keep = params.get("keep")
    if keep is not None and (keep != dice or params.get("keep_lowest") or params.get("explode")):
        text += f"{'kl' if params.get('keep_lowest') else 'k'}{keep}"
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
