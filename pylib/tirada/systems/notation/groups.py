"""Dice notation, step 2 of 5: one dice group after its ``d`` (``4d6!k3``, ``10d10>8f1``, ``4d6r<2``)
→ the generic roll's fields of that group, with its checks (docs/notation.md §Grammar: ``option``)."""

from __future__ import annotations

from .lexer import COUNTS, DEFAULT_DIALECT, DEFAULT_ONE, OPTIONS, Reader, refuse, space_refusal

__all__ = ["finish_group", "read_group"]

def read_group(r: Reader, count: int | None, fate: bool = False, dialect: str = DEFAULT_DIALECT) -> dict:
    """A dice group after its ``d`` (or ``dF``): sides and options → generic fields (``_drop`` marks dl/dh/d)."""
    tok, space = ("3", False) if fate else r.take()
    if space and tok is not None and (tok.isdigit() or tok == "%"):
        raise space_refusal(f"{count or ''}d{tok}", f"{count or ''}d {tok}")
    if tok is None or not (tok.isdigit() or tok == "%"):
        raise refuse(f"write a roll as NdS, e.g. 5d10k3+2, not {r.text.strip()[:40]!r}", code="notation.not_a_roll",
                      params={"text": r.text.strip()[:40]})
    dice = 1 if count is None else count
    out: dict = {"dice": dice, "fate": True} if fate else {"dice": dice, "sides": 100 if tok == "%" else int(tok)}
    seen: set = set()
    while True:
        tok, _space_before = r.peek()
        if tok not in OPTIONS and tok not in COUNTS and tok != "!":
            return out
        r.take()
        kind = "explode" if tok == "!" else COUNTS.get(tok, "keep")
        if kind in ("successes", "failures", "reroll"):
            if kind in seen:
                raise refuse(f"{tok!r}: one success count, one failure count and one reroll per dice group",
                              code="notation.twice", params={"text": tok})
            seen.add(kind)
            out[kind] = _compare(r, tok, out.get("sides", 3))
            if tok == "ro":
                out["reroll_once"] = True
            continue
        if kind in seen:
            raise refuse(f"{tok!r}: only one keep/drop and one '!' per roll", code="notation.twice", params={"text": tok})
        seen.add(kind)
        if tok == "!":
            if fate:
                raise refuse("Fate dice (dF) do not explode", code="notation.fate_explode")
            nxt, space = r.peek()
            if nxt is not None and len(nxt) > 1 and nxt[0] == "p" and nxt[1:] in OPTIONS + tuple(COUNTS) and not space:
                r.toks[r.i:r.i + 1] = [("p", False), (nxt[1:], False)]   # !pk2: "p" then "k" (one letter run)
                nxt = "p"
            if nxt in ("!", "p") and not space:          # !! compounding, !p penetrating
                r.take()
                out["compound" if nxt == "!" else "penetrate"] = True
                nxt, space = r.peek()
            if nxt in (">", "<", "=") and not space:     # Roll20: a compare point right after ! is where it explodes
                r.take()
                out["explode_at"] = _compare(r, nxt, out["sides"])
            elif nxt is not None and nxt.isdigit() and not space:
                raise refuse(f"'!' takes no number here ('!{nxt}')", code="notation.explode_number",
                              params={"text": f"!{nxt}"})
            out["explode"] = True
            continue
        n = r.number(tok, need=tok not in DEFAULT_ONE)
        n = 1 if n is None else n
        if tok in ("d", "dl", "dh"):
            if n >= dice:
                raise refuse(f"cannot drop {n} of {dice} dice", code="notation.drop_all", params={"dice": dice})
            n, lowest = dice - n, tok == "dh"
        else:
            lowest = tok == "kl"
        out["keep"] = n
        if lowest:
            out["keep_lowest"] = True
        out["_drop"] = tok in ("d", "dl", "dh")


def _compare(r: Reader, op: str, sides: int) -> list:
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
            raise refuse(f"'{op}{n}' is ambiguous: write {op}<{n} ({n} or less) or {op}={n} (exactly {n})",
                          code="notation.ambiguous", params={"text": f"{op}{n}", "reading": f"{op}<{n}", "other": f"{op}={n}"})
        op = "="
    return [n, sides] if op in (">", "t") else [1, n] if op == "<" else [n, n]


def finish_group(group: dict) -> dict:
    """A parsed group's checks and defaults (``_drop`` removed; keep-all left out)."""
    if "failures" in group and "successes" not in group or "successes" in group and (
            "keep" in group or group.get("fate") or group.get("compound") or group.get("penetrate")):
        raise refuse("success counting (>N, <N, =N, then fN) compares every die: no keep/drop, no Fate dice, "
                      "failures only after a success count", code="notation.count")
    if group.get("explode_at") == [1, group.get("sides")]:
        raise refuse("a die that explodes on every face never stops", code="notation.explode_all")
    if "reroll" in group and (group.get("explode") or group.get("fate") or group["reroll"] == [1, group.get("sides")]):
        raise refuse("a reroll (r, ro) names some faces, not all, and goes without '!' and Fate dice",
                      code="notation.reroll")
    if group.pop("_drop", False) and group.get("explode"):
        raise refuse("an exploding roll keeps with k/kh/kl (the dice it drops depend on the explosions)",
                      code="notation.explode_drop")
    if group.get("keep") == group["dice"] and not group.get("keep_lowest") and not group.get("explode"):
        del group["keep"]
    return group


