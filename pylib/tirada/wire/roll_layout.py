"""Share links v1, kind ``roll``: the CBOR layout of a roll link (docs/link-format.md §5).

A roll link is the CBOR array ``[system, params, seed, created, label, roller, campaign, seq, prev]``
(trailing nulls dropped). This module holds the format's tables (system codes, per-system key and
text tables — append only, they are part of format 1), the rules for texts and chain fields, and
the two directions :func:`roll_to_cbor` / :func:`roll_from_cbor` that :mod:`tirada.wire.codec` uses
for kind ``roll``. The page and scripts use :mod:`tirada.links.chain` instead.
"""

from __future__ import annotations

from typing import Any, Mapping

from .. import names
from ..portable import is_whole, nfc
from ..dice import parse_seed
from ..errors import InvalidRequest, LinkError, TiradaError
from ..fields import echo
from ..systems.registry import TableView, codes, param_keys, param_texts
from .frame import Simple, cbor_encode

__all__ = [
    "HIDDEN", "LIMITS", "MAX_CREATED", "MAX_SEQ", "PARAM_KEYS", "PARAM_TEXTS", "RULE", "SYSTEM_CODES",
    "check_int", "check_prev", "check_text", "roll_from_cbor", "roll_to_cbor",
]

RULE = "link-format.md §Roll links"
# The three tables below are live views of :data:`tirada.systems.registry.REGISTRY` (the fields
# ``code``, ``param_keys``, ``param_texts`` of each system's entry); tests/vectors/ pins their bytes.
#: system id → code in a link (format 1: these codes never change; new systems get new codes).
SYSTEM_CODES = TableView(codes)
#: system id → parameter names (map keys at any depth of the params); a name's index is its code in
#: the link. Append only, never reorder: the codes are part of format 1.
PARAM_KEYS = TableView(param_keys)
#: system id → text values (at any depth of the params) written as CBOR simple value n (one byte).
#: Append only (at most 20), never reorder.
PARAM_TEXTS = TableView(param_texts)
#: longest texts a link may carry (characters); longer input is refused, never silently cut.
LIMITS = {"label": 200, "roller": 40, "campaign": 80}
MAX_SEQ = 10 ** 9
MAX_CREATED = 253402300799     # seconds since 1970-01-01 UTC: up to 9999-12-31T23:59:59Z
#: invisible characters refused in texts (the same set as every name: tirada.names.HIDDEN)
HIDDEN = names.HIDDEN


def check_text(value: Any, name: str, cls: type = InvalidRequest) -> str | None:
    """A link text field in NFC: ``None``/``""`` → ``None``; refuses non-text, text above
    :data:`LIMITS` (never cut silently), control characters and :data:`HIDDEN` characters; a roller
    or campaign also any blank-looking character (:func:`tirada.names.blank_char`) or a name that
    shows nothing."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise cls("must be text", field=name, rule=RULE, code="field.not_text")
    value = nfc(value)
    if len(value) > LIMITS[name]:
        raise cls(f"must be at most {LIMITS[name]} characters, got {len(value)}", field=name, rule=RULE,
                  code="field.too_long", params={"n": LIMITS[name], "got": len(value)})
    if name in ("roller", "campaign"):    # names under one rule (issue #38): nothing blank-looking either
        names.refuse_blank(value, name, cls, RULE)
        return value
    bad = names.hidden_char(value)
    if bad is not None:
        raise cls(f"may not contain the invisible or control character U+{ord(bad):04X}", field=name, rule=RULE,
                  code="name.hidden_char", params={"char": f"U+{ord(bad):04X}"})
    return value


def is_roller_name(value: Any) -> bool:
    """True when ``value`` can name a roller chain as it is: trimmed text of 1..40 characters, NFC,
    no control or invisible character (:func:`check_text` and the chain's trimming keep it unchanged).
    Game set-ups check their players' names with it, so a name that could not sign a roll is refused
    at the start."""
    try:
        return check_text(value, "roller") == value and value is not None and value == value.strip()
    except InvalidRequest:
        return False


def check_int(value: Any, name: str, lo: int, hi: int, cls: type = InvalidRequest) -> int | None:
    """``None`` stays ``None``; else a whole number (not bool) in ``lo..hi``, or ``cls`` is raised."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise cls(f"must be a whole number from {lo} to {hi}", field=name, rule=RULE,
                  code="field.range", params={"lo": lo, "hi": hi, "got": echo(value)})
    return value


def check_prev(value: Any, cls: type = InvalidRequest) -> bytes | None:
    """A roll id as 6 bytes: from 6 bytes or 12 hex digits (``None`` stays ``None``); else ``cls``."""
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray)) and len(value) == 6:
        return bytes(value)
    if isinstance(value, str) and len(value) == 12:
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise cls("must be the 12 hex digits of the previous roll's id", field="prev", rule=RULE, code="chain.prev_id")


def _plain(value: Any, where: str, depth: int = 0) -> None:
    """Refuse anything that is not JSON-like (bytes, sets, objects) inside the parameters."""
    if depth > 16:
        raise InvalidRequest("the request is nested too deeply", field=where, rule=RULE, code="link.request_too_deep")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidRequest("request keys must be text", field=where, rule=RULE,
                                     code="link.value_unsupported")
            _plain(item, f"{where}.{key}"[:60], depth + 1)
    elif isinstance(value, list):
        for item in value:
            _plain(item, where, depth + 1)
    elif not (value is None or isinstance(value, (bool, int, float, str))):
        raise InvalidRequest(f"a link request cannot hold a value of type {type(value).__name__}",
                        field=where, rule=RULE, code="link.value_unsupported")


def _pack(value: Any, keys: tuple, texts: tuple) -> Any:
    """Params → CBOR-ready: table keys become their index, table texts become :class:`Simple`."""
    if isinstance(value, dict):
        return {(keys.index(k) if k in keys else k): _pack(v, keys, texts) for k, v in value.items()}
    if isinstance(value, list):
        return [_pack(v, keys, texts) for v in value]
    if isinstance(value, str) and value in texts:
        return Simple(texts.index(value))
    if isinstance(value, float) and is_whole(value) and abs(value) < 2 ** 63:
        return int(value)   # canonical numbers: 3.0 is written 3 (one roll, one id); a link with 3.0 is refused
    return value


def _unpack(value: Any, keys: tuple, texts: tuple) -> Any:
    """Inverse of :func:`_pack`. Raises LinkError: a key or simple value outside the tables."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(key, int):
                if not 0 <= key < len(keys):
                    raise LinkError("the roll data in this link has an unknown parameter", field="link", rule=RULE,
                                    code="link.roll_data_damaged")
                key = keys[key]
            out[key] = _unpack(item, keys, texts)
        return out
    if isinstance(value, list):
        return [_unpack(v, keys, texts) for v in value]
    if isinstance(value, Simple):
        if value.n >= len(texts):
            raise LinkError("the roll data in this link has an unknown value", field="link", rule=RULE,
                            code="link.roll_data_damaged")
        return texts[value.n]
    if isinstance(value, bytes):
        raise LinkError("the roll data in this link has a bad parameter", field="link", rule=RULE,
                        code="link.roll_data_damaged")
    return value


def roll_to_cbor(link: Mapping[str, Any]) -> list:
    """The CBOR array of a roll link (docs/link-format.md §Roll links):
    ``[system, params, seed, created, label, roller, campaign, seq, prev]``, trailing nulls dropped.

    Args:
        link: ``{"request": {"system", "seed" (hex), "label"?, **params}, "roller"?, "campaign"?,
        "seq"? (1..10^9), "prev"? (12 hex; present exactly when seq > 1), "created"? (Unix s, 0..253402300799)}``.
    Raises:
        InvalidRequest: a missing seed or system, given ``faces``, a field of the wrong type or size.
    """
    if not isinstance(link, Mapping) or not isinstance(link.get("request"), Mapping):
        raise InvalidRequest("a roll link needs a request object", field="request", rule=RULE,
                             code="request.not_object")
    unknown = set(link) - {"request", "roller", "campaign", "seq", "prev", "created"}
    if unknown:
        raise InvalidRequest("is not a field of a roll link", field=sorted(map(str, unknown))[0][:40], rule=RULE,
                             code="link.request_field")
    request = dict(link["request"])
    if request.get("faces") is not None:
        raise InvalidRequest("a share link needs a seed: faces rolled elsewhere cannot be shared as "
                             "a link", field="faces", rule=RULE, code="link.needs_seed")
    request.pop("faces", None)
    if "fresh" in request:
        raise InvalidRequest("fresh dice need a format 2 link", field="fresh", rule=RULE, code="link.fresh_needs_v2")
    system = request.pop("system", None)
    if not isinstance(system, str) or not system:
        raise InvalidRequest("is required", field="system", rule=RULE, code="field.required")
    if "seed" not in request:
        raise InvalidRequest("is required in a link", field="seed", rule=RULE, code="field.required")
    seed = parse_seed(request.pop("seed"))
    label = check_text(request.pop("label", None), "label")
    _plain(request, "request")
    params = _pack(request, PARAM_KEYS.get(system, ()), PARAM_TEXTS.get(system, ()))
    seq = check_int(link.get("seq"), "seq", 1, MAX_SEQ)
    prev = check_prev(link.get("prev"))
    roller = check_text(link.get("roller"), "roller")
    if seq is not None and roller is None:
        raise InvalidRequest("a numbered roll needs the roller's name", field="roller", rule=RULE,
                             code="chain.roller")
    if (seq is None or seq == 1) and prev is not None or (seq or 1) > 1 and prev is None:
        raise InvalidRequest("prev is given exactly when seq is above 1", field="prev", rule=RULE, code="chain.prev")
    out = [SYSTEM_CODES.get(system, system), params, seed,
           check_int(link.get("created"), "created", 0, MAX_CREATED), label, roller,
           check_text(link.get("campaign"), "campaign"), seq, prev]
    while out[-1] is None:
        out.pop()
    return out


def roll_from_cbor(value: Any) -> dict:
    """Inverse of :func:`roll_to_cbor`: the normalised roll-link dict (absent fields left out).

    Raises:
        LinkError: a structure that no encoder writes (wrong types, bad lengths, non-canonical keys).
    """
    if not isinstance(value, list) or not 3 <= len(value) <= 9 or value[-1] is None or \
            any(isinstance(v, Simple) for v in value):
        raise LinkError("the roll data in this link has the wrong shape", field="link", rule=RULE,
                        code="link.roll_data_damaged")
    original, value = value, value + [None] * (9 - len(value))
    system_code, params, seed, created, label, roller, campaign, seq, prev = value
    names = {code: name for name, code in SYSTEM_CODES.items()}
    system = names.get(system_code) if isinstance(system_code, int) else system_code
    if not isinstance(system, str) or isinstance(system_code, bool) or not isinstance(params, dict):
        raise LinkError("the roll data in this link names no known system", field="link", rule=RULE,
                        code="link.roll_data_damaged")
    if not isinstance(seed, bytes) or isinstance(prev, str):
        raise LinkError("the roll data in this link has the wrong shape", field="link", rule=RULE,
                        code="link.roll_data_damaged")
    request = {"system": system, "seed": seed.hex()}
    if label is not None:
        request["label"] = label
    for name, item in _unpack(params, PARAM_KEYS.get(system, ()), PARAM_TEXTS.get(system, ())).items():
        if name in request or name in ("faces", "system", "seed", "label", "fresh"):
            raise LinkError("the roll data in this link has a bad parameter", field="link", rule=RULE,
                            code="link.roll_data_damaged")
        request[name] = item
    link: dict = {"request": request}
    for name, item in (("roller", roller), ("campaign", campaign), ("seq", seq), ("created", created)):
        if item is not None:
            link[name] = item
    if prev is not None:
        link["prev"] = prev.hex() if isinstance(prev, bytes) else prev
    try:
        again = roll_to_cbor(link)
    except TiradaError as err:
        raise LinkError(f"the roll data in this link is not valid: {err.message}", field=err.field,
                        rule=RULE, code="link.roll_invalid", params={"cause": err.cause()}) from None
    if cbor_encode(again) != cbor_encode(original):
        raise LinkError("the roll data in this link is not in canonical form", field="link", rule=RULE,
                        code="link.roll_data_damaged")
    return link


