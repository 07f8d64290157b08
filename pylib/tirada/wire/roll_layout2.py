"""Share links format 2, kind ``roll``: fresh dice after every decision (docs/link-format.md §16).

A format-2 roll link is the format-1 array (:mod:`tirada.wire.roll_layout`) with one more item:

``[system, params, seed, created, label, roller, campaign, seq, prev, steps, gm_request]`` (trailing
nulls dropped; ``steps`` absent (null) when the roll draws nothing after a decision; ``gm_request``:
the 8-byte id of the GM roll request it answers, :mod:`tirada.links.gm_request`). ``steps`` lists the nonces
of the segments after the first (:mod:`tirada.fresh`), one per chain entry:

* a byte string of 8 bytes — the nonce; its chain position follows the previous entry
  (``seq + 1``, ``prev`` = the previous entry's :func:`~tirada.fresh.entry_id`);
* ``[seq, prev, nonce]`` (uint, 6 bytes, 8 bytes) — a position that does not follow (another
  entry of the chain was made in between: another tab, a try that was not posted). Only written
  when the implied position would be wrong, so every link has one encoding.

The dict view (what :func:`roll2_from_cbor` returns and :func:`roll2_to_cbor` takes) is the format-1
dict plus ``"format": 2``, the nonces in ``request["fresh"]`` (16 hex digits each, always present,
maybe empty), for a chained roll with nonces, ``"positions"``: ``[{"seq", "prev"}]`` per nonce, and
``"gm_request"`` (16 hex digits) when it answers a request.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest, LinkError, TiradaError
from ..portable import merged
from ..fresh import MAX_STEPS, NONCE_BYTES, entry_id, parse_nonce
from .frame import cbor_encode
from .roll_layout import MAX_SEQ, RULE, check_int, check_prev, roll_from_cbor, roll_to_cbor

__all__ = ["chain_entries", "roll2_from_cbor", "roll2_to_cbor"]

RULE2 = "link-format.md §Format 2"


def chain_entries(link: Mapping[str, Any]) -> list:
    """The chain entries of a format-2 roll-link dict: ``[{"seq", "prev", "id"}]``, the seed's entry
    first, then one per nonce (``[]`` for an unnumbered roll).

    Raises:
        InvalidRequest: positions that do not match the nonces, or that go backwards.
    """
    seq = link.get("seq")
    if seq is None:
        return []
    request = link["request"]
    seed = bytes.fromhex(request["seed"])
    fresh = request.get("fresh") or []
    positions = link.get("positions")
    out = [{"seq": seq, "prev": link.get("prev"), "id": entry_id(seq, link.get("prev"), seed)}]
    if positions is not None and (not isinstance(positions, list) or len(positions) != len(fresh)):
        raise InvalidRequest("positions must list one {seq, prev} per fresh nonce", field="positions", rule=RULE2, code="link.positions")
    for k, nonce in enumerate(fresh):
        last = out[-1]
        pos = positions[k] if positions is not None else {"seq": last["seq"] + 1, "prev": last["id"]}
        if not isinstance(pos, Mapping):
            raise InvalidRequest("must be {seq, prev}", field=f"positions[{k}]", rule=RULE2, code="link.positions")
        n = check_int(pos.get("seq"), "seq", 1, MAX_SEQ)
        prev = check_prev(pos.get("prev"))
        if n is None or prev is None or n <= last["seq"]:
            raise InvalidRequest("each step takes a later chain number than the one before, with its prev",
                                 field=f"positions[{k}]", rule=RULE2, code="link.positions")
        out.append({"seq": n, "prev": prev.hex(), "id": entry_id(n, prev.hex(), parse_nonce(nonce))})
    return out


def roll2_to_cbor(link: Mapping[str, Any]) -> list:
    """The CBOR array of a format-2 roll link (module docstring).

    Args:
        link: ``{"request": {…, "seed", "fresh": [16 hex]?}, "roller"?, "campaign"?, "seq"?, "prev"?,
        "created"?, "positions"?: [{"seq", "prev"}], "format"?: 2}``.
    Raises:
        InvalidRequest: as :func:`tirada.wire.roll_layout.roll_to_cbor`; bad nonces or positions; positions
        without a chain.
    """
    if not isinstance(link, Mapping) or not isinstance(link.get("request"), Mapping):
        raise InvalidRequest("a roll link needs a request object", field="request", rule=RULE, code="link.roll_needs_request")
    if link.get("format", 2) != 2:
        raise InvalidRequest("not a format 2 roll link", field="format", rule=RULE2, code="link.not_format2")
    request = dict(link["request"])
    fresh = request.pop("fresh", None) or []
    if not isinstance(fresh, list) or len(fresh) > MAX_STEPS:
        raise InvalidRequest(f"fresh must be a list of at most {MAX_STEPS} nonces", field="fresh", rule=RULE2, code="fresh.too_many")
    nonces = [parse_nonce(n, f"fresh[{k}]") for k, n in enumerate(fresh)]
    base = {k: v for k, v in link.items() if k not in ("format", "positions", "gm_request")}
    gm = link.get("gm_request")
    if gm is not None:
        gm = parse_nonce(gm, "gm_request")     # 8 bytes, like a nonce
    base["request"] = request
    out = roll_to_cbor(base)
    if link.get("positions") is not None and link.get("seq") is None:
        raise InvalidRequest("positions need a numbered roll (seq)", field="positions", rule=RULE2, code="link.positions")
    if not nonces:
        if link.get("positions"):
            raise InvalidRequest("positions without fresh nonces", field="positions", rule=RULE2, code="link.positions")
        return out if gm is None else out + [None] * (10 - len(out)) + [gm]
    steps: list = []
    entries = chain_entries(merged(link, {"request": merged(request, {"seed": request["seed"], "fresh": fresh})})) \
        if link.get("seq") is not None else []
    for k, nonce in enumerate(nonces):
        if not entries:
            steps.append(nonce)
            continue
        before, here = entries[k], entries[k + 1]
        if here["seq"] == before["seq"] + 1 and here["prev"] == before["id"]:
            steps.append(nonce)
        else:
            steps.append([here["seq"], bytes.fromhex(here["prev"]), nonce])
    return out + [None] * (9 - len(out)) + [steps] + ([gm] if gm is not None else [])


def roll2_from_cbor(value: Any) -> dict:
    """Inverse of :func:`roll2_to_cbor`: the format-2 roll-link dict (module docstring).

    Raises:
        LinkError: a structure that no encoder writes (bad steps, a position that was implied, …).
    """
    if not isinstance(value, list) or not 3 <= len(value) <= 11 or value[-1] is None:
        raise LinkError("the roll data in this link has the wrong shape", field="link", rule=RULE2, code="link.roll_data_damaged")
    steps = value[9] if len(value) >= 10 else None
    gm = value[10] if len(value) == 11 else None
    if gm is not None and (not isinstance(gm, bytes) or len(gm) != NONCE_BYTES):
        raise LinkError("the request id in this link has the wrong shape", field="link", rule=RULE2, code="link.roll_data_damaged")
    base = value[:9]
    while base and base[-1] is None:
        base = base[:-1]
    link = roll_from_cbor(base)
    link = merged({"format": 2}, link)
    link["request"]["fresh"] = []
    if gm is not None:
        link["gm_request"] = gm.hex()
    if steps is None and gm is None:
        return link          # the format-1 part was checked for canonical form by roll_from_cbor
    if steps is not None and (not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS):
        raise LinkError("the fresh dice of this link have the wrong shape", field="link", rule=RULE2, code="link.roll_data_damaged")
    positions: list[Any] = []
    chained = link.get("seq") is not None
    for step in steps or []:
        explicit = isinstance(step, list)
        nonce = step[2] if explicit and len(step) == 3 else step
        if not isinstance(nonce, bytes) or len(nonce) != NONCE_BYTES or (explicit and not chained):
            raise LinkError("the fresh dice of this link have the wrong shape", field="link", rule=RULE2, code="link.roll_data_damaged")
        link["request"]["fresh"].append(nonce.hex())
        if explicit:
            if not isinstance(step[0], int) or isinstance(step[0], bool) or not isinstance(step[1], bytes):
                raise LinkError("the fresh dice of this link have the wrong shape", field="link", rule=RULE2, code="link.roll_data_damaged")
            positions.append({"seq": step[0], "prev": step[1].hex() if len(step[1]) == 6 else None})
        else:
            positions.append(None)
    if chained and positions:
        entries = [{"seq": link["seq"], "id": entry_id(link["seq"], link.get("prev"),
                                                     bytes.fromhex(link["request"]["seed"]))}]
        for k, pos in enumerate(positions):
            if pos is None:
                pos = positions[k] = {"seq": entries[-1]["seq"] + 1, "prev": entries[-1]["id"]}
            if pos["prev"] is None:
                raise LinkError("the fresh dice of this link have the wrong shape", field="link", rule=RULE2, code="link.roll_data_damaged")
            entries.append({"seq": pos["seq"], "id": entry_id(pos["seq"], pos["prev"],
                                                              bytes.fromhex(link["request"]["fresh"][k]))})
        link["positions"] = positions
    try:
        again = roll2_to_cbor(link)
    except TiradaError as err:
        raise LinkError(f"the roll data in this link is not valid: {err.message}", field=err.field,
                        rule=RULE2, code="link.roll_invalid", params={"cause": err.cause()}) from None
    if cbor_encode(again) != cbor_encode(value):
        raise LinkError("the roll data in this link is not in canonical form", field="link", rule=RULE2, code="link.roll_data_damaged")
    return link
