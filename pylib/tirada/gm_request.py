"""GM roll requests: a link asking one player for one roll (docs/link-format.md §17; issue #13).

A GM makes a **request link** (kind ``request``, format 2 only): the system, the fields the GM fixes
(a TN, a pool) or bounds (a pool between 2 and 5 dice), a label, who it is for and a random request
id. The player opens it; the page fills the form and locks it to the request; the roll link then
names the request (its id, field ``gm_request`` of a format-2 roll link). The thread audit matches
rolls to the requests posted in the thread: a second roll for the same request, or a roll that does
not match its request, is flagged — "one roll per request" even across devices and without chains.

JSON view of a request (what :func:`decode_request` returns)::

    {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}},
     "label": "Atletismo", "for": "Sharla", "id": "16 hex digits", "campaign": "…", "created": 1796000000}

``fields``: a fixed value (integer, boolean or text) or integer bounds ``{"min", "max"}``; fields the
GM does not name are the player's to choose. CBOR body: ``[system, fields, id, created, label, for,
campaign]`` (trailing nulls dropped; system and field names coded with the roll tables of
:mod:`tirada.link_roll`; bounds as the array ``[min, max]``; ``id`` 8 bytes).

Public API: :func:`new_request`, :func:`encode_request`, :func:`decode_request`,
:func:`apply_request`, :func:`mismatches`, :func:`cmd_request`.
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping

from .errors import IllegalMove, InvalidRequest, LinkError, TiradaError
from .link_codec import Simple, decode_payload_versioned, encode_payload
from .link_roll import (MAX_CREATED, PARAM_KEYS, PARAM_TEXTS, SYSTEM_CODES, check_int, check_text)

__all__ = ["apply_request", "cmd_request", "decode_request", "encode_request", "from_cbor", "mismatches",
           "new_request", "to_cbor"]

RULE = "link-format.md §GM roll requests"
ID_BYTES = 8
#: fields a request may not fix (they are the roll's own randomness or decisions)
NOT_REQUESTABLE = frozenset({"seed", "faces", "fresh", "label", "step", "rerolls", "keep", "explosions",
                             "post_loss", "system"})
_NAMES = {code: name for name, code in SYSTEM_CODES.items()}


def _check_fields(system: str, fields: Any, cls: type = InvalidRequest) -> dict:
    """Normalise ``fields`` (name → value or ``{"min", "max"}``) for ``system``."""
    if not isinstance(fields, Mapping) or not fields or len(fields) > 20:
        raise cls("a request names 1 to 20 fields", field="fields", rule=RULE)
    known = PARAM_KEYS.get(system, ())
    out = {}
    for name, value in fields.items():
        if not isinstance(name, str) or name not in known or name in NOT_REQUESTABLE:
            raise cls(f"{str(name)[:30]!r} is not a field a request can set for {system}", field="fields", rule=RULE)
        if isinstance(value, Mapping):
            if set(value) != {"min", "max"}:
                raise cls("bounds are {min, max}", field=f"fields.{name}", rule=RULE)
            lo, hi = value["min"], value["max"]
            if any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10 ** 6 for v in (lo, hi)) or lo > hi:
                raise cls("bounds are two whole numbers, min ≤ max", field=f"fields.{name}", rule=RULE)
            out[name] = {"min": lo, "max": hi}
        elif isinstance(value, bool) or (isinstance(value, int) and abs(value) <= 10 ** 6):
            out[name] = value
        elif isinstance(value, str) and 0 < len(value) <= 20:
            out[name] = value
        else:
            raise cls("a fixed value is a whole number, true/false or a short text", field=f"fields.{name}",
                      rule=RULE)
    return out


def new_request(system: str, fields: Mapping[str, Any], label: str | None = None, for_: str | None = None,
                campaign: str | None = None, created: int | None = None, request_id: str | None = None) -> dict:
    """A request (JSON view, module docstring) with a fresh random id (or ``request_id``).

    Raises:
        InvalidRequest: unknown system or field, bad bounds, texts too long (label 200, for 40,
        campaign 80 characters).
    """
    if system not in PARAM_KEYS:
        raise InvalidRequest(f"unknown system {str(system)[:30]!r}", field="system", rule=RULE)
    spec = {"system": system, "fields": _check_fields(system, fields),
            "id": request_id or secrets.token_hex(ID_BYTES)}
    if not isinstance(spec["id"], str) or len(spec["id"]) != 2 * ID_BYTES:
        raise InvalidRequest(f"a request id is {2 * ID_BYTES} hex digits", field="id", rule=RULE)
    try:
        bytes.fromhex(spec["id"])
    except ValueError:
        raise InvalidRequest(f"a request id is {2 * ID_BYTES} hex digits", field="id", rule=RULE) from None
    for key, value, limit in (("label", label, "label"), ("for", for_, "roller"), ("campaign", campaign, "campaign")):
        text = check_text(value.strip() if isinstance(value, str) else value, limit)
        if text is not None:
            spec[key] = text
    if created is not None:
        spec["created"] = check_int(created, "created", 0, MAX_CREATED)
    return spec


def to_cbor(spec: Mapping[str, Any]) -> list:
    """The CBOR array of a request (module docstring). Raises InvalidRequest like :func:`new_request`."""
    if not isinstance(spec, Mapping) or set(spec) - {"system", "fields", "id", "label", "for", "campaign", "created"}:
        raise InvalidRequest("not a roll request", field="request", rule=RULE)
    spec = new_request(spec.get("system"), spec.get("fields"), spec.get("label"), spec.get("for"),
                       spec.get("campaign"), spec.get("created"), spec.get("id"))
    keys, texts = PARAM_KEYS[spec["system"]], PARAM_TEXTS.get(spec["system"], ())
    fields = {}
    for name, value in spec["fields"].items():
        if isinstance(value, dict):
            value = [value["min"], value["max"]]
        elif isinstance(value, str) and value in texts:
            value = Simple(texts.index(value))
        fields[keys.index(name)] = value
    out = [SYSTEM_CODES[spec["system"]], fields, bytes.fromhex(spec["id"]), spec.get("created"),
           spec.get("label"), spec.get("for"), spec.get("campaign")]
    while out[-1] is None:
        out.pop()
    return out


def from_cbor(value: Any) -> dict:
    """Inverse of :func:`to_cbor`. Raises LinkError for any other structure."""
    bad = LinkError("the roll request in this link has the wrong shape", field="link", rule=RULE)
    if not isinstance(value, list) or not 3 <= len(value) <= 7 or value[-1] is None:
        raise bad
    value = value + [None] * (7 - len(value))
    code, fields, rid, created, label, for_, campaign = value
    system = _NAMES.get(code) if isinstance(code, int) and not isinstance(code, bool) else None
    if system is None or not isinstance(fields, dict) or not isinstance(rid, bytes) or len(rid) != ID_BYTES:
        raise bad
    keys, texts = PARAM_KEYS[system], PARAM_TEXTS.get(system, ())
    named = {}
    for key, item in fields.items():
        if not isinstance(key, int) or not 0 <= key < len(keys):
            raise bad
        if isinstance(item, list):
            if len(item) != 2:
                raise bad
            item = {"min": item[0], "max": item[1]}
        elif isinstance(item, Simple):
            if item >= len(texts):
                raise bad
            item = texts[item]
        named[keys[key]] = item
    try:
        spec = new_request(system, named, label, for_, campaign, created, rid.hex())
    except TiradaError as err:
        raise LinkError(f"the roll request in this link is not valid: {err.message}", field=err.field,
                        rule=RULE) from None
    return spec


def encode_request(spec: Mapping[str, Any]) -> str:
    """The request link fragment ``"t2…"`` (kind ``request``). Raises InvalidRequest / LinkError."""
    return encode_payload("request", spec, version=2)


def decode_request(fragment: str) -> dict:
    """The request (JSON view) of a request link. Raises LinkError: unreadable, or another kind."""
    version, kind, spec = decode_payload_versioned(fragment)
    if kind != "request":
        raise LinkError(f"this link holds a {kind!r}, not a roll request", field="link", rule=RULE)
    return spec


def apply_request(spec: Mapping[str, Any], request: Mapping[str, Any]) -> dict:
    """The player's ``request`` made to answer ``spec``: fixed fields set, bounded ones checked,
    the label set (for the page, before rolling).

    Raises:
        IllegalMove: another system, or a bounded field outside its bounds (or missing).
    """
    if request.get("system") != spec["system"]:
        raise IllegalMove(f"this request asks for a {spec['system']} roll", field="system", rule=RULE)
    out = dict(request)
    for name, value in spec["fields"].items():
        if isinstance(value, dict):
            got = out.get(name)
            if isinstance(got, bool) or not isinstance(got, int) or not value["min"] <= got <= value["max"]:
                raise IllegalMove(f"the request asks for {value['min']} to {value['max']}", field=name, rule=RULE)
        else:
            out[name] = value
    if spec.get("label"):
        out["label"] = spec["label"]
    return out


def mismatches(spec: Mapping[str, Any], roll_request: Mapping[str, Any], roller: str | None) -> list:
    """How a roll (its request and roller) fails to match ``spec``: ``[str]`` in English, ``[]`` when
    it matches. A field the request does not name is the player's choice and never a mismatch."""
    out = []
    if roll_request.get("system") != spec["system"]:
        out.append(f"system {roll_request.get('system')!r} instead of {spec['system']!r}")
    for name, value in spec["fields"].items():
        got = roll_request.get(name)
        if isinstance(value, dict):
            if isinstance(got, bool) or not isinstance(got, int) or not value["min"] <= got <= value["max"]:
                out.append(f"{name} {got!r} outside {value['min']}–{value['max']}")
        elif got != value:
            out.append(f"{name} {got!r} instead of {value!r}")
    if spec.get("label") and roll_request.get("label") != spec["label"]:
        out.append("another label")
    if spec.get("for") and (roller or "").casefold() != spec["for"].casefold():
        out.append(f"rolled by {roller or 'nobody named'} instead of {spec['for']}")
    return out


def cmd_request(argv: list, stdin_text: str | None) -> Any:
    """``request encode JSON`` → ``{"fragment", "id", "request"}`` (JSON: ``{"system", "fields",
    "label"?, "for"?, "campaign"?, "created"?}``; a fresh id unless ``id`` is given);
    ``request verify FRAGMENT [ROLL_LINK]`` → ``{"request"}`` plus, with a roll link,
    ``{"roll": verify(), "names_request": bool, "mismatches": [str], "matches": bool}``.

    Raises:
        InvalidRequest: unknown sub-command or bad JSON; LinkError: an unreadable link.
    """
    from .cli import read_json
    from .link import verify

    sub, rest = (argv[0], argv[1:]) if argv else ("", [])
    if sub == "encode":
        data = read_json(rest, stdin_text)
        if not isinstance(data, dict):
            raise InvalidRequest("the request must be a JSON object", field="request")
        spec = new_request(data.get("system"), data.get("fields"), data.get("label"), data.get("for"),
                           data.get("campaign"), data.get("created"), data.get("id"))
        fragment = encode_request(spec)
        return {"fragment": "#" + fragment, "id": spec["id"], "request": decode_request(fragment)}
    if sub == "verify":
        text = rest[0] if rest else (stdin_text or "").strip()
        out: dict = {"request": decode_request(text)}
        if len(rest) > 1:
            roll = verify(rest[1])
            named = roll.get("gm_request") == out["request"]["id"]
            problems = mismatches(out["request"], roll["request"], roll["roller"])
            if not named:
                problems.insert(0, "the roll does not name this request")
            out.update(roll=roll, names_request=named, mismatches=problems, matches=not problems)
        return out
    raise InvalidRequest("usage: request encode JSON | request verify FRAGMENT [ROLL_LINK]", field="request")
