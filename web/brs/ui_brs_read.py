"""Reading a Confrontation player's controls back into a move dict for the engine (glue only: the
engine checks every move), and the ids those controls carry (ui_brs_actions draws them). Pure: no
pyscript import; :func:`read_move` takes an element lookup."""

from __future__ import annotations

from typing import Any

from tirada.fields import typed_int


def control_id(p: int, kind: str, name: str) -> str:
    """The element id of player ``p``'s control ``name`` for the move ``kind`` (``brs-0-pick-target``)."""
    return f"brs-{p}-{kind}-{name}"


_id = control_id


def _int_or_none(text):
    value = typed_int(text)
    return value if isinstance(value, int) else None


def read_move(kind: str, p: int, get, selection: list, take: str | None = None) -> dict:
    """The move of ``kind`` for player ``p`` from the controls; ``get(id)`` returns an element (or
    None). Shapes are those of docs/brs-format.md; validity is the engine's job."""

    def val(name: str):
        node = get(_id(p, kind, name))
        return None if node is None else str(node.value)

    if kind == "pick":
        return {"move": "pick", "attacker": _int_or_none(val("attacker")), "target": _int_or_none(val("target"))}
    if kind in ("attack", "defend"):
        move: dict[str, Any] = {"move": kind, "dice": list(selection)}
        sf = _int_or_none(val("sf"))
        if sf is not None:
            move["soul_fused"] = sf
        return move
    if kind in ("strength", "endurance", "advantage"):
        return {"move": kind, "die": _int_or_none(val("die"))}
    if kind == "ruling":
        move = {"move": "ruling", "action": val("action") or "none"}
        note = (val("note") or "").strip()
        if note:
            move["note"] = note
        die = _int_or_none(val("die"))
        if die is not None:
            move["die"] = die
        return move
    if kind == "devastate":
        chosen = get(f"brs-{p}-devastate-choice-weakness")
        if chosen is None or not chosen.checked:
            return {"move": "devastate", "weakness": None}
        claim = get(_id(p, kind, "claim"))
        return {"move": "devastate", "weakness": {"size": _int_or_none(val("size")), "trait": (val("trait") or "").strip(),
                                                  "claim": bool(claim is not None and claim.checked),
                                                  "aspect": val("aspect")}}
    if kind == "bonus":
        return {"move": "bonus", "take": take or "none"}
    if kind == "defeat":
        return {"move": "defeat", "size": _int_or_none(val("size"))}
    if kind == "renew":
        return {"move": "renew", "player": p}
    if kind == "vow":
        vow = val("vow")
        move = {"move": "vow", "player": p, "vow": vow}
        if vow == "enemy_dies" and get(_id(p, kind, "enemy")) is not None:
            move["enemy"] = _int_or_none(val("enemy"))
            crossed = _int_or_none(val("crossed"))
            if crossed:
                move["crossed"] = crossed
        note = (val("note") or "").strip()
        return {**move, "note": note} if note else move
    if kind == "reinforce":
        return {"move": "reinforce", "player": p, "components": None}  # filled by the caller (checkboxes)
    if kind == "yield":
        move = {"move": "yield", "player": p}
        leader = _int_or_none(val("leader"))
        if leader is not None:
            move["new_leader"] = leader
        note = (val("note") or "").strip()
        return {**move, "note": note} if note else move
    return {"move": kind}
