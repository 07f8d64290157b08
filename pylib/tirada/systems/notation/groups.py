"""Dice notation, step 2 of 5: one dice group after its ``d`` (``4d6!k3``, ``10d10>8f1``, ``4d6r<2``)
→ the generic roll's fields of that group, with its checks (docs/notation.md §Grammar: ``option``)."""

from __future__ import annotations

from ...portable import strip
from .lexer import COUNTS, DEFAULT_DIALECT, DEFAULT_ONE, OPTIONS, Reader, refuse, space_refusal

__all__ = ["finish_group", "read_group"]

#: each dialect's option letters → (what it does, how a bare number after it reads); Roll20's are the
#: module's own (``r`` until no match, ``>N`` N or more). "once"/"until" for rerolls; "le" = N or less,
#: "eq" = exactly N, "ge" = N or more, "ask" = refused as ambiguous unless 1 (docs/notation.md §Dialects)
DIALECT_OPTIONS: dict = {
    "roll20": {"r": ("reroll", "ask"), "ro": ("reroll_once", "ask"), "f": ("failures", "ask")},
    "foundry": {"r": ("reroll_once", "eq"), "rr": ("reroll", "eq"), "ro": ("reroll_once", "eq"),
                "x": ("explode", "eq"), "cs": ("successes", "eq"), "cf": ("failures", "eq"), "f": ("failures", "ask")},
    "dicemaiden": {"r": ("reroll_once", "le"), "ir": ("reroll", "le"), "f": ("failures", "le"),
                   "ie": ("explode", "ge"), "e": ("explode_once", "ge"), "ro": ("reroll_once", "ask")},
    "avrae": {"rr": ("reroll", "eq"), "ro": ("reroll_once", "eq"), "e": ("explode", "eq"), "f": ("failures", "ask"),
              "mi": ("min_face", "eq"), "ma": ("max_face", "eq")},
}
#: read in every dialect (Foundry's letters, unambiguous everywhere): explode once, minimum and maximum face
for _own in DIALECT_OPTIONS.values():
    _own.setdefault("xo", ("explode_once", "eq"))
    _own.setdefault("min", ("min_face", "eq"))
    _own.setdefault("max", ("max_face", "eq"))
#: ``<N`` / ``>N`` strictly less / greater (Foundry, Avrae) or N or less / more (Roll20, Dice Maiden)
STRICT = {"foundry": True, "avrae": True}
#: an option typed in a dialect that does not have it, or reads it another way → (why, the working form)
_ELSEWHERE = {
    "x": "Foundry: !", "cs": "Foundry: >N", "cf": "Foundry: f<N", "rr": "Foundry/Avrae: r",
    "ir": "Dice Maiden: r<N", "ie": "Dice Maiden: !>N", "e": "Dice Maiden/Avrae: !", "ra": "Avrae",
    "mi": "Avrae: min", "ma": "Avrae: max", "pl": "Avrae: dl", "ph": "Avrae: dh",
    "r": "Avrae: rr",     # Avrae has rr (until) and ro (once), no bare r
}


def read_group(r: Reader, count: int | None, fate: bool = False, dialect: str = DEFAULT_DIALECT) -> dict:
    """A dice group after its ``d`` (or ``dF``): sides and options → generic fields (``_drop`` marks dl/dh/d).
    ``dialect`` says how ``r``, ``<N``/``>N`` and a bare number read (:data:`DIALECT_OPTIONS`)."""
    tok, space = ("3", False) if fate else r.take()
    if space and tok is not None and (tok.isdigit() or tok == "%"):
        raise space_refusal(f"{count or ''}d{tok}", f"{count or ''}d {tok}")
    if tok is None or not (tok.isdigit() or tok == "%"):
        raise refuse(f"write a roll as NdS, e.g. 5d10k3+2, not {strip(r.text)[:40]!r}", code="notation.not_a_roll",
                      params={"text": strip(r.text)[:40]})
    dice = 1 if count is None else count
    out: dict = {"dice": dice, "fate": True} if fate else {"dice": dice, "sides": 100 if tok == "%" else int(tok)}
    seen: set = set()
    own = DIALECT_OPTIONS[dialect]
    while True:
        tok, _space_before = r.peek()
        if tok is not None and dialect == "avrae" and tok in ("pl", "ph"):     # Avrae's drop: pl1 = dl1, ph1 = dh1
            r.toks[r.i] = ("d" + tok[1], _space_before)
            tok = r.toks[r.i][0]
        if tok is not None and dialect == "avrae" and tok in ("k", "p") and r.peek(1)[0] is not None \
                and r.peek(1)[0].isdigit():
            n = r.peek(1)[0]
            raise refuse(f"in Avrae {tok}{n} {'keeps' if tok == 'k' else 'drops'} the dice showing {n}: write "
                         f"{tok.replace('p', 'd')}h{n} for the {n} highest", code="notation.dialect_option",
                         params={"text": f"{tok}{n}", "reading": f"{tok.replace('p', 'd')}h{n}", "dialect": dialect})
        if dialect == "avrae" and tok in (">", "<", "=", "t"):
            raise refuse(f"in Avrae {tok} compares the total: give the difficulty in its field, or count successes "
                         f"in the Roll20 dialect", code="notation.compare_total", params={"text": tok, "dialect": dialect})
        if tok is not None and tok not in own and tok in _ELSEWHERE:
            raise refuse(f"{tok!r} is not read in {dialect} ({_ELSEWHERE[tok]})", code="notation.dialect_option",
                         params={"text": tok, "reading": _ELSEWHERE[tok].split(": ")[-1] if ": " in _ELSEWHERE[tok]
                                 else "?", "dialect": dialect})
        if tok not in OPTIONS and tok not in COUNTS and tok != "!" and tok not in own:
            return out
        r.take()
        if tok in own and own[tok][0] in ("min_face", "max_face"):
            field = own[tok][0]
            if field in out:
                raise refuse(f"{tok!r}: one minimum and one maximum per dice group", code="notation.twice",
                             params={"text": tok})
            n = r.number(tok, need=True)
            assert n is not None
            if fate or not 1 <= n <= out["sides"]:
                raise refuse(f"{tok}{n} names no face of the die", code="notation.no_faces",
                             params={"text": f"{tok}{n}", "sides": out.get("sides", 3)})
            out[field] = n
            continue
        if tok in own and own[tok][0] not in ("explode", "explode_once"):
            field, bare = own[tok]
            kind = "reroll" if field == "reroll_once" else field
        else:
            kind, bare = ("explode" if tok in ("!",) or tok in own else COUNTS.get(tok, "keep")), "ask"
        if kind in ("successes", "failures", "reroll"):
            if kind in seen:
                raise refuse(f"{tok!r}: one success count, one failure count and one reroll per dice group",
                              code="notation.twice", params={"text": tok})
            seen.add(kind)
            out[kind] = _compare(r, tok, out.get("sides"), dialect, bare)
            if tok == "ro" or tok in own and own[tok][0] == "reroll_once":
                out["reroll_once"] = True
            continue
        if kind in seen:
            raise refuse(f"{tok!r}: only one keep/drop and one '!' per roll", code="notation.twice", params={"text": tok})
        seen.add(kind)
        if kind == "explode":
            if fate:
                raise refuse("Fate dice (dF) do not explode", code="notation.fate_explode")
            if tok != "!":      # Foundry's x, Dice Maiden's ie, Avrae's e: a compare point or a number (or none)
                if own[tok][0] == "explode_once":     # Dice Maiden's e, Foundry's xo: each die explodes once
                    out["explode_once"] = True
                nxt, space = r.peek()
                if nxt is not None and not space and (nxt in (">", "<", "=") or nxt.isdigit()):
                    at = _compare(r, tok, out["sides"], dialect, own[tok][1])
                    if at != [out["sides"], out["sides"]]:
                        out["explode_at"] = at
                out["explode"] = True
                continue
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
                out["explode_at"] = _compare(r, nxt, out["sides"], dialect)
            elif nxt is not None and nxt.isdigit() and not space:
                raise refuse(f"'!' takes no number here ('!{nxt}')", code="notation.explode_number",
                              params={"text": f"!{nxt}"})
            out["explode"] = True
            continue
        n = r.number(tok, need=tok not in DEFAULT_ONE and not (dialect == "foundry" and tok in ("k", "d")))
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


def _compare(r: Reader, op: str, sides: int | None, dialect: str = DEFAULT_DIALECT, bare: str = "ask") -> list:
    """The faces ``[lo, hi]`` of a compare point after ``op``: ``>N`` ``<N`` (N or more / less in Roll20 and
    Dice Maiden, strictly more / less in Foundry and Avrae: :data:`STRICT`), ``>=N`` ``<=N`` (every dialect),
    ``=N``; ``tN`` (Dice Maiden's target: N or more). After an option letter (``f``, ``r``, ``ro``, ``cs``,
    ``x``, ``ie``…) a compare point, or a bare number read as ``bare`` says: ``"le"`` N or less (Dice
    Maiden), ``"eq"`` exactly N (Foundry, Avrae), ``"ge"`` N or more, ``"ask"`` only 1 (Roll20's ``f2`` /
    ``r2`` mean "exactly 2", Dice Maiden's "2 or less": refused as ambiguous). A letter with no number at
    all (Foundry's ``r``, ``x``; Dice Maiden's ``ie``) means its die's lowest (``r``) or highest face."""
    typed, inclusive, checked = op, False, sides is not None     # Fate dice (no sides): refused after
    sides = 3 if sides is None else sides
    if op not in (">", "<", "=", "t"):
        nxt, space = r.peek()
        if nxt in (">", "<", "=") and not space:
            op = r.take()[0]
            typed += op
        elif (nxt is None or not nxt.isdigit()) and bare != "ask":
            face = 1 if "r" in typed else sides        # Foundry 1d20r: the 1s; 1d6x, 3d6 ie: the highest face
            return [face, face] if bare == "eq" else [face, sides] if bare == "ge" else [1, face]
    if op in (">", "<") and r.peek() == ("=", False):       # >=N, <=N: N or more / less in every dialect
        r.take()
        typed, inclusive = typed + "=", True
    n = r.number(typed, need=True)
    assert n is not None
    if dialect == "foundry" and op not in (">", "<", "=", "t") and r.peek()[0] in (">", "<", "=") and not r.peek()[1]:
        raise refuse(f"'{typed}{n}' then a condition: {n} is a cap on how many times (Foundry); write "
                     f"{typed}{r.peek()[0]}… without it", code="notation.cap",
                     params={"text": f"{typed}{n}{r.peek()[0]}", "reading": f"{typed}{r.peek()[0]}"})
    if op not in (">", "<", "=", "t"):
        if bare == "ask" and n != 1:
            raise refuse(f"'{op}{n}' is ambiguous: write {op}<{n} ({n} or less) or {op}={n} (exactly {n})",
                          code="notation.ambiguous", params={"text": f"{op}{n}", "reading": f"{op}<{n}", "other": f"{op}={n}"})
        op = {"le": "<", "ge": ">"}.get(bare, "=")
        inclusive = True
    strict = STRICT.get(dialect, False) and not inclusive and op in (">", "<")
    lo, hi = ([n + strict, sides] if op in (">", "t") else [1, n - strict] if op == "<" else [n, n])
    if checked and not (1 <= lo <= hi <= sides):
        shown = f"{typed}{n}"
        raise refuse(f"{shown!r} names no face of a d{sides}", code="notation.no_faces",
                     params={"text": shown, "sides": sides})
    return [lo, hi]


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
    if group.get("explode_once") and ("keep" in group or group.get("compound") or group.get("penetrate")):
        working = f"{group['dice']}d{group.get('sides')}!" + (f"k{group['keep']}" if "keep" in group else "")
        raise refuse(f"a die that explodes once (e, xo) keeps every die and does not compound or penetrate: "
                     f"{working} explodes without end", code="notation.explode_once",
                     params={"text": "e/xo", "reading": working})
    if ("min_face" in group or "max_face" in group) and (group.get("explode") or "successes" in group or (
            group.get("min_face", 0) > group.get("max_face", group.get("sides", 0)))):
        raise refuse("min/max count a die as at least / at most a number: without explosions or success counting",
                     code="notation.min_max")
    if group.pop("_drop", False) and group.get("explode"):
        raise refuse("an exploding roll keeps with k/kh/kl (the dice it drops depend on the explosions)",
                      code="notation.explode_drop")
    if group.get("keep") == group["dice"] and not group.get("keep_lowest") and not group.get("explode"):
        del group["keep"]
    return group


