"""Blood Red Sands: a compact, versioned serialisation of (setup, moves) for links.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §What the tool must
do (asynchronous play: each move yields a link). Only player decisions are kept, never anything
derived: the state is recomputed by replaying. Shape (JSON, lists and ints only; text stays text):

``[1, setup, moves]`` with
``setup = [seed_hex | [faces…], [side0, side1], players, [graveyard_dice…], graveyard_advantage,
[spoils…], [stipulations…], back_down (null/0/1), allow_d12 (0/1)]``,
``player = [name, side, flags (1 hero + 2 leader), advantage, [vow indices], components]``,
``component = [name, committed (0/1), [[trait, die, aspect index], …]]`` and
``move = [kind index, field values…]`` (fields in :data:`FIELDS` order, trailing nulls dropped;
enumerations as indices: :data:`KINDS`, Aspects in column order, Vows, rulings, bonus takes).
The link wrapper (zlib + base64url + checksum) belongs to :mod:`tirada.links.chain`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest, LinkError
from .aspects import RULINGS
from .config import ASPECTS, VOWS, Setup

__all__ = ["COMPACT_VERSION", "FIELDS", "KINDS", "from_compact", "to_compact"]

COMPACT_VERSION = 1
KINDS = ("pick", "attack", "defend", "advantage", "renew", "vow", "reinforce", "yield", "strength",
         "endurance", "ruling", "devastate", "bonus", "defeat")
#: move kind → its fields, in compact order.
FIELDS = {
    "pick": ("attacker", "target"), "attack": ("dice", "soul_fused"), "defend": ("dice", "soul_fused"),
    "advantage": ("die",), "renew": ("player",), "vow": ("player", "vow", "note"),
    "reinforce": ("player", "components"), "yield": ("player", "new_leader", "note"),
    "strength": ("die",), "endurance": ("die",), "ruling": ("action", "die", "note"),
    "devastate": ("weakness",), "bonus": ("take",), "defeat": ("size",),
}
TAKES = ("none", "die", "advantage")
ENUMS = {"vow": VOWS, "action": RULINGS, "take": TAKES}


def _enc_value(field: str, value: Any, where: str) -> Any:
    if value is None:
        return None
    if field in ENUMS:
        if value not in ENUMS[field]:
            raise InvalidRequest(f"must be one of {', '.join(ENUMS[field])}", field=where,
                                 code="field.choice",
                                 params={"choices": ', '.join(ENUMS[field]), "got": repr(value)[:40]})
        return ENUMS[field].index(value)
    if field == "weakness":
        if not isinstance(value, Mapping):
            raise InvalidRequest("must be an object {size, trait, claim, aspect}", field=where,
                                 code="brs.weakness_object")
        aspect = value.get("aspect")
        return [value.get("size"), value.get("trait"), 1 if value.get("claim") else 0,
                ASPECTS.index(aspect) if aspect in ASPECTS else None]
    return value


def _encode_move(k: int, move: Any) -> list:
    where = f"moves[{k}]"
    if not isinstance(move, Mapping) or move.get("move") not in FIELDS:
        raise InvalidRequest("a move must be an object with a known \"move\" kind", field=where, code="brs.move_kind")
    kind = move["move"]
    extra = set(move) - {"move"} - set(FIELDS[kind])
    if extra:
        raise InvalidRequest(f"is not a field of a {kind} move", field=f"{where}.{sorted(extra)[0]}",
                             code="brs.move_field", params={"kind": kind})
    out = [KINDS.index(kind)] + [_enc_value(f, move.get(f), f"{where}.{f}") for f in FIELDS[kind]]
    while len(out) > 1 and out[-1] is None:
        out.pop()
    return out


def to_compact(setup: Setup | Mapping, moves: list) -> list:
    """``[1, setup, moves]`` as described in the module docstring; ``json.dumps`` it with
    ``separators=(",", ":")`` for the shortest text.

    Raises:
        InvalidRequest: a bad setup, or a move with an unknown kind or field (nothing is dropped
        silently).
    """
    s = setup if isinstance(setup, Setup) else Setup.from_dict(setup)
    players = [[p.name, p.side, int(p.hero) + 2 * int(p.leader), p.advantage, [VOWS.index(v) for v in p.vows],
                [[s.components[c].name, int(s.components[c].committed),
                  [[t.trait, t.die, ASPECTS.index(t.aspect)] for t in s.components[c].traits]]
                 for c in p.components]] for p in s.players]
    head = s.seed if s.seed is not None else list(s.faces or ())
    setup_c = [head, list(s.sides), players, list(s.graveyard_dice), s.graveyard_advantage, list(s.spoils),
               list(s.stipulations), s.back_down, int(s.allow_d12)]
    if not isinstance(moves, list):
        raise InvalidRequest("moves must be a list", field="moves", code="brs.moves_list")
    return [COMPACT_VERSION, setup_c, [_encode_move(k, m) for k, m in enumerate(moves)]]


def _bad(what: str) -> LinkError:
    return LinkError(f"the Confrontation data is damaged ({what})", field="compact",
                     code="brs.data_damaged", params={"what": what})


def _dec_value(field: str, value: Any) -> Any:
    if value is None:
        return None
    if field in ENUMS:
        if type(value) is not int or not 0 <= value < len(ENUMS[field]):
            raise _bad(field)
        return ENUMS[field][value]
    if field == "weakness":
        if not isinstance(value, list) or len(value) != 4:
            raise _bad("weakness")
        size, trait, claim, aspect = value
        ok_aspect = aspect is None or (type(aspect) is int and 0 <= aspect < len(ASPECTS))
        if not ok_aspect:
            raise _bad("weakness aspect")
        return {"size": size, "trait": trait, "claim": bool(claim),
                "aspect": None if aspect is None else ASPECTS[aspect]}
    return value


def _decode_setup(s: Any) -> dict:
    if not isinstance(s, list) or len(s) != 9:
        raise _bad("setup")
    head, sides, players, gdice, gadv, spoils, stips, back, d12 = s
    out: dict = {"version": 1}
    out["seed" if isinstance(head, str) else "faces"] = head
    if not isinstance(players, list):
        raise _bad("players")
    plist = []
    for p in players:
        if not isinstance(p, list) or len(p) != 6 or type(p[2]) is not int or not isinstance(p[5], list):
            raise _bad("player")
        name, side, flags, adv, vows, comps = p
        if not isinstance(vows, list) or any(type(v) is not int or not 0 <= v < len(VOWS) for v in vows):
            raise _bad("vows")
        clist = []
        for c in comps:
            if not isinstance(c, list) or len(c) != 3 or not isinstance(c[2], list):
                raise _bad("component")
            traits = []
            for t in c[2]:
                if not isinstance(t, list) or len(t) != 3 or type(t[2]) is not int or not 0 <= t[2] < len(ASPECTS):
                    raise _bad("trait")
                traits.append({"trait": t[0], "die": t[1], "aspect": ASPECTS[t[2]]})
            clist.append({"name": c[0], "committed": bool(c[1]), "traits": traits})
        plist.append({"name": name, "side": side, "hero": bool(flags & 1), "leader": bool(flags & 2),
                      "advantage": adv, "vows": [VOWS[v] for v in vows], "components": clist})
    out.update({"sides": sides, "players": plist, "graveyard": {"dice": gdice, "advantage": gadv},
                "spoils": spoils, "stipulations": stips, "back_down": back})
    if d12:
        out["allow_d12"] = True
    return out


def from_compact(data: Any) -> tuple:
    """``(setup_dict, moves)`` from :func:`to_compact` output; the setup is validated
    (:meth:`Setup.from_dict`); the moves are checked when replayed.

    Raises:
        LinkError: not this shape, or an unknown version.
        InvalidRequest: the decoded setup is invalid.
    """
    if not isinstance(data, list) or len(data) != 3:
        raise _bad("shape")
    if data[0] != COMPACT_VERSION:
        raise LinkError(f"unknown Confrontation format version {str(data[0])[:10]}; this page reads "
                        f"{COMPACT_VERSION}", field="compact",
                        code="brs.data_version", params={"got": str(data[0])[:10], "version": COMPACT_VERSION})
    setup = Setup.from_dict(_decode_setup(data[1])).to_dict()
    if not isinstance(data[2], list):
        raise _bad("moves")
    moves = []
    for m in data[2]:
        if not isinstance(m, list) or not m or type(m[0]) is not int or not 0 <= m[0] < len(KINDS):
            raise _bad("move")
        kind = KINDS[m[0]]
        if len(m) - 1 > len(FIELDS[kind]):
            raise _bad("move fields")
        move = {"move": kind}
        for f, v in zip(FIELDS[kind], m[1:]):
            if v is not None:
                move[f] = _dec_value(f, v)
        moves.append(move)
    return setup, moves
