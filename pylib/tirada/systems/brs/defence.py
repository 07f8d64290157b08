"""Blood Red Sands: the "smallest defence" helper.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §The fight: Rounds
and Exchanges (Defence, Outcome). The target advances Available dice whose sum reaches the Attack
Score, fewer being better (1 Reversal, 2 Block, 3+ Damage: every die used is damaged, even face
Battered, odd face Devastated); one Soul-Fused die may add without being counted. This helper
lists the defences with the fewest counted dice and what each would mean; it draws no dice.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...fields import get_int, reject_unknown
from .config import ASPECTS, RULE_FIGHT

__all__ = ["defences_for", "smallest_defences"]

MAX_DICE = 24
MAX_VISITS = 50_000


def _read_dice(raw: Any) -> list:
    if not isinstance(raw, list) or len(raw) > MAX_DICE:
        raise InvalidRequest(f"must be a list of at most {MAX_DICE} dice", field="dice",
                             code="brs.defence_dice_count", params={"n": MAX_DICE})
    out = []
    for k, item in enumerate(raw):
        where = f"dice[{k}]"
        if type(item) is int:
            item = {"face": item}
        if not isinstance(item, Mapping):
            raise InvalidRequest("each die is a face or {die, face, d, aspect}", field=where,
                                 code="brs.defence_die_shape")
        reject_unknown(item, {"die", "face", "d", "aspect"}, "defence die")
        size = get_int(item, "d", default=None, lo=2, hi=1000)
        face = get_int(item, "face", lo=1, hi=size or 1000, rule=RULE_FIGHT)
        aspect = item.get("aspect")
        if aspect is not None and aspect not in ASPECTS:
            raise InvalidRequest(f"unknown Aspect {str(aspect)[:30]!r}", field=f"{where}.aspect",
                                 code="brs.aspect_unknown",
                                 params={"got": str(aspect)[:30], "choices": ', '.join(ASPECTS)})
        out.append({"die": get_int(item, "die", default=k, lo=0, hi=10_000), "face": face, "d": size,
                    "aspect": aspect})
    if len({d["die"] for d in out}) != len(out):
        raise InvalidRequest("each die needs its own id", field="dice", code="brs.die_ids")
    return out


def _min_count(faces: list, need: int) -> int | None:
    total = 0
    for k, f in enumerate(sorted(faces, reverse=True), 1):
        total += f
        if total >= need:
            return k
    return None


def _combos(dice: list, k: int, need: int, budget: list):
    """Yield lists of ``k`` dice whose faces sum ≥ ``need``, one per choice up to identical dice
    (same face, size and Aspect): interchangeable dice are not listed twice. ``dice`` is sorted
    by face, descending; ``budget[0]`` bounds the search steps."""
    by_key: dict = {}
    for d in dice:
        by_key.setdefault((d["face"], d["d"], d["aspect"]), []).append(d)
    groups = sorted(by_key.items(), key=lambda g: -g[0][0])
    flat = [g[0][0] for g in groups for _ in g[1]]
    starts, n = [], 0
    for g in groups:
        starts.append(n)
        n += len(g[1])

    def walk(g: int, left: int, total: int, chosen: list):
        budget[0] -= 1
        if budget[0] < 0:
            return
        if left == 0:
            if total >= need:
                yield chosen
            return
        if g == len(groups) or total + sum(flat[starts[g]:starts[g] + left]) < need:
            return  # even the best remaining dice cannot reach
        members = groups[g][1]
        for c in range(min(left, len(members)), -1, -1):
            yield from walk(g + 1, left - c, total + c * groups[g][0][0], chosen + members[:c])

    yield from walk(0, k, 0, [])


def smallest_defences(score: int, dice: Any, limit: int = 10) -> dict:
    """The defences with the fewest counted dice against ``score``.

    Args:
        score: the Attack Score, 1..1000.
        dice: the defender's Available dice: faces (ints) or ``{"die": id, "face": int, "d": size?,
            "aspect": str?}`` (at most 24); a die with aspect ``soul_fused`` may also be added
            uncounted (one at most).
        limit: how many defences to list (1..100), best first: fewest Devastated, then fewest
            Battered, then least surplus over the score.
    Returns:
        ``{"score", "overwhelmed": bool, "counted": k | None, "outcome": "Reversal" | "Block" |
        "Damage" | "Overwhelmed", "defences": [{"dice": [id], "soul_fused": id | None, "sum",
        "damage": [{"die", "face", "result": "battered" | "devastated"}], "battered", "devastated"}],
        "total": int, "complete": bool}``. Identical dice (same face, size and Aspect) are
        interchangeable: each choice is listed once, with the first such dice. ``complete`` is False
        when the search was cut short (``total`` then counts what was found).
    Raises:
        InvalidRequest: score or a die out of range, too many dice, repeated ids.
    """
    score = get_int({"score": score}, "score", lo=1, hi=1000, rule=RULE_FIGHT)
    limit = get_int({"limit": limit}, "limit", lo=1, hi=100)
    dice = sorted(_read_dice(dice), key=lambda d: (-d["face"], d["die"]))
    options, seen = [None], set()
    for d in dice:  # one option per kind of Soul-Fused die (identical ones are interchangeable)
        if d["aspect"] == "soul_fused" and (d["face"], d["d"]) not in seen:
            seen.add((d["face"], d["d"]))
            options.append(d)
    plans = []
    for sf in options:
        rest = [d for d in dice if d is not sf]
        need = score - (sf["face"] if sf else 0)
        k = _min_count([d["face"] for d in rest], max(need, 1))
        if k is not None:
            plans.append((k, sf, rest, max(need, 1)))
    if not plans:
        return {"score": score, "overwhelmed": True, "counted": None, "outcome": "Overwhelmed",
                "defences": [], "total": 0, "complete": True}
    best = min(p[0] for p in plans)
    outcome = "Reversal" if best == 1 else "Block" if best == 2 else "Damage"
    found, budget = [], [MAX_VISITS]
    for k, sf, rest, need in plans:
        if k != best:
            continue
        for used in _combos(rest, k, need, budget):
            damaged = used + ([sf] if sf else []) if best >= 3 else []
            damage = [{"die": d["die"], "face": d["face"],
                       "result": "battered" if d["face"] % 2 == 0 else "devastated"} for d in damaged]
            total = sum(d["face"] for d in used) + (sf["face"] if sf else 0)
            found.append({"dice": sorted(d["die"] for d in used), "soul_fused": sf["die"] if sf else None, "sum": total,
                          "damage": damage, "battered": sum(x["result"] == "battered" for x in damage),
                          "devastated": sum(x["result"] == "devastated" for x in damage)})
    found.sort(key=lambda f: (f["devastated"], f["battered"], f["sum"] - score, f["soul_fused"] is not None,
                              sorted(f["dice"])))
    return {"score": score, "overwhelmed": False, "counted": best, "outcome": outcome, "defences": found[:limit],
            "total": len(found), "complete": budget[0] >= 0}


def defences_for(state, limit: int = 10) -> dict:
    """:func:`smallest_defences` for the target of the exchange now in its defence phase.

    Raises:
        InvalidRequest: the state is not in its defence phase.
    """
    if state.phase != "defence":
        raise InvalidRequest("there is no attack to defend against now", field="phase", rule=RULE_FIGHT,
                             code="brs.no_attack")
    dice = [{"die": i, "face": state.dice[i].face, "d": state.dice[i].size, "aspect": state.dice[i].aspect}
            for i in state.dice_of(state.target, "available") if state.dice[i].mark is None]
    return smallest_defences(state.current["score"], dice[:MAX_DICE], limit)
