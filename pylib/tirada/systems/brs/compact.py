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
enumerations as indices: :data:`KINDS`, Aspects in column order, Vows, rulings, bonus takes; a
standing order's ``orders`` as one choice index per key of :data:`tirada.systems.brs.orders.ORDER_KEYS`).
The link wrapper (zlib + base64url + checksum) belongs to :mod:`tirada.links.chain`.

Version 2 (fair play, setup ``"version": 2``): ``[2, setup, moves]`` where ``setup`` has a tenth item,
the campaign label (text, ``""`` for none), and an eleventh when the start is signed, ``[roller, seq,
prev_hex | null]`` (:mod:`tirada.systems.brs.start`), and a move that rolls dice ends with its signature
``[nonce_hex, seq, prev_hex | null, by?]`` placed right after all its fields (missing fields as null;
``by``, the roller name of the person whose chain numbered the move, only when it is not the player's
name: docs/link-format.md §16.6.1), so a
move is signed exactly when it has ``len(FIELDS[kind]) + 2`` items (docs/brs-format.md §Fair play),
or, for a kind that gained fields later (:data:`SIGNED_WIDTH`), its older width + 2 items ending
with a list.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest, LinkError
from .aspects import RULINGS
from .config import ASPECTS, VOWS, Setup
from .orders import ORDER_KEYS, ORDERS, check_orders

__all__ = ["COMPACT_VERSION", "FIELDS", "KINDS", "from_compact", "to_compact"]

COMPACT_VERSION = 1
#: the keys an ``orders`` move had before ``pick`` was added: their indices are always written
ORDERS_BEFORE_PICK = 6
KINDS = ("pick", "attack", "defend", "advantage", "renew", "vow", "reinforce", "yield", "strength",
         "endurance", "ruling", "devastate", "bonus", "defeat", "orders")
#: move kind → its fields, in compact order.
FIELDS = {
    "pick": ("attacker", "target"), "attack": ("dice", "soul_fused"), "defend": ("dice", "soul_fused"),
    "advantage": ("die",), "renew": ("player",), "vow": ("player", "vow", "note", "enemy", "crossed"),
    "reinforce": ("player", "components"), "yield": ("player", "new_leader", "note"),
    "strength": ("die",), "endurance": ("die",), "ruling": ("action", "die", "note"),
    "devastate": ("weakness",), "bonus": ("take",), "defeat": ("size",),
    "orders": ("player", "orders"),
}
#: kinds that gained fields later: a signed move whose later fields are all absent is padded to
#: this older width, so links made before keep their exact bytes (vow: ``enemy``, ``crossed``, #15).
SIGNED_WIDTH = {"vow": 3}
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
    if field == "orders":       # each key's choice as its index, in ORDER_KEYS order; trailing asks of
        full = check_orders(value, where)   # keys added later dropped (a link made before keeps its bytes)
        out = [ORDERS[k].index(full[k]) for k in ORDER_KEYS]
        while len(out) > ORDERS_BEFORE_PICK and out[-1] == 0:
            out.pop()
        return out
    return value


def _encode_move(k: int, move: Any, version: int = 1) -> list:
    where = f"moves[{k}]"
    if not isinstance(move, Mapping) or move.get("move") not in FIELDS:
        raise InvalidRequest("a move must be an object with a known \"move\" kind", field=where, code="brs.move_kind")
    kind = move["move"]
    if version == 2 and move.get("fresh") is not None:
        from .fair import check_signature

        sig = check_signature(move["fresh"], f"{where}.fresh")
        plain = _encode_move(k, {f: v for f, v in move.items() if f != "fresh"})
        width = SIGNED_WIDTH.get(kind, len(FIELDS[kind]))
        width = width if len(plain) - 1 <= width else len(FIELDS[kind])
        tail = [sig["nonce"], sig["seq"], sig["prev"]] + ([sig["by"]] if "by" in sig else [])
        return plain + [None] * (width + 1 - len(plain)) + [tail]
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
    if s.version == 2:
        signed = [list(s.start)] if s.start is not None else []   # the start's chain position
        return [2, setup_c + [s.campaign] + signed, [_encode_move(k, m, 2) for k, m in enumerate(moves)]]
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
    if field == "orders":
        ok = isinstance(value, list) and ORDERS_BEFORE_PICK <= len(value) <= len(ORDER_KEYS) and all(
            type(v) is int and 0 <= v < len(ORDERS[k]) for k, v in zip(ORDER_KEYS, value))
        if not ok:
            raise _bad("orders")
        return {k: ORDERS[k][v] for k, v in zip(ORDER_KEYS, value + [0] * (len(ORDER_KEYS) - len(value)))}
    return value


def _decode_setup(s: Any, version: int = 1) -> dict:
    if not isinstance(s, list) or len(s) not in ((9,) if version == 1 else (10, 11)):
        raise _bad("setup")
    head, sides, players, gdice, gadv, spoils, stips, back, d12 = s[:9]
    out: dict = {"version": version}
    if version == 2:
        if not isinstance(s[9], str):
            raise _bad("campaign")
        if s[9]:
            out["campaign"] = s[9]
        if len(s) == 11:   # the start signed by the starter's chain (tirada.systems.brs.start)
            if not isinstance(s[10], list) or len(s[10]) != 3:
                raise _bad("start")
            out["start"] = dict(zip(("roller", "seq", "prev"), s[10]))
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
    if data[0] not in (1, 2) or type(data[0]) is not int:
        raise LinkError(f"unknown Confrontation format version {str(data[0])[:10]}; this page reads "
                        "1 and 2", field="compact",
                        code="brs.data_version", params={"got": str(data[0])[:10], "version": 2})
    version = data[0]
    setup = Setup.from_dict(_decode_setup(data[1], version)).to_dict()
    if not isinstance(data[2], list):
        raise _bad("moves")
    moves = []
    for m in data[2]:
        if not isinstance(m, list) or not m or type(m[0]) is not int or not 0 <= m[0] < len(KINDS):
            raise _bad("move")
        kind = KINDS[m[0]]
        sig = None
        widths = (len(FIELDS[kind]), SIGNED_WIDTH.get(kind, len(FIELDS[kind])))
        if version == 2 and len(m) - 2 in widths and isinstance(m[-1], list):
            sig, m = m[-1], m[:-1]
            if not isinstance(sig, list) or len(sig) not in (3, 4):
                raise _bad("move signature")
        if len(m) - 1 > len(FIELDS[kind]):
            raise _bad("move fields")
        move: dict[str, Any] = {"move": kind}
        for f, v in zip(FIELDS[kind], m[1:]):
            if v is not None:
                move[f] = _dec_value(f, v)
        if sig is not None:
            move["fresh"] = {"nonce": sig[0], "seq": sig[1], "prev": sig[2]}
            if len(sig) == 4:    # who made the move, when not the player's name (link-format.md §16.6.1)
                move["fresh"]["by"] = sig[3]
        moves.append(move)
    return setup, moves
