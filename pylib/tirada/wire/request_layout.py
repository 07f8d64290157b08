"""GM roll requests, the link layout (docs/link-format.md §17; issue #13): what a request holds,
its checks and its CBOR array. The API (encode, decode, apply, match) is :mod:`tirada.links.gm_request`.

(The overview below is shared with that module.)

A GM makes a **request link** (kind ``request``, format 2 only): the system, the fields the GM fixes
(a TN, a pool) or bounds (a pool between 2 and 5 dice), a label, who it is for and a random request
id. The player opens it; the page fills the form and locks it to the request; the roll link then
names the request (its id, field ``gm_request`` of a format-2 roll link). The thread audit matches
rolls to the requests posted in the thread: a second roll for the same request, or a roll that does
not match its request, is flagged — "one roll per request" even across devices and without chains.

A request may name its **official address** (``home``: the ``http(s)://`` address of the Tirada page
the GM trusts, at most 200 characters): the thread audit flags a roll answering it that was posted
with another address (issue #26).

JSON view of a request (what :func:`decode_request` returns)::

    {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}},
     "label": "Atletismo", "for": "Sharla", "id": "16 hex digits", "campaign": "…", "created": 1796000000}

``fields``: a fixed value (integer, boolean or text) or integer bounds ``{"min", "max"}``; fields the
GM does not name are the player's to choose. CBOR body: ``[system, fields, id, created, label, for,
campaign, home]`` (``home`` appended later: older links end before it; trailing nulls dropped; system and field names coded with the roll tables of
:mod:`tirada.wire.roll_layout`; bounds as the array ``[min, max]``; ``id`` 8 bytes).

Here: :func:`new_request`, :func:`to_cbor`, :func:`from_cbor`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest, LinkError, TiradaError
from ..portable import is_space, token_hex
from .frame import Simple
from .roll_layout import MAX_CREATED, PARAM_KEYS, PARAM_TEXTS, SYSTEM_CODES, check_int, check_text

__all__ = ["ID_BYTES", "NOT_REQUESTABLE", "RULE", "from_cbor", "new_request", "to_cbor"]

RULE = "link-format.md §GM roll requests"
ID_BYTES = 8
#: fields a request may not fix (they are the roll's own randomness or decisions)
NOT_REQUESTABLE = frozenset({"seed", "faces", "fresh", "label", "step", "rerolls", "keep", "explosions", "added",
                             "post_loss", "system"})


def _check_fields(system: str, fields: Any, cls: type = InvalidRequest) -> dict:
    """Normalise ``fields`` (name → value or ``{"min", "max"}``) for ``system``."""
    if not isinstance(fields, Mapping) or not fields or len(fields) > 20:
        raise cls("a request names 1 to 20 fields", field="fields", rule=RULE, code="request.fields_count")
    known = PARAM_KEYS.get(system, ())
    out: dict[str, Any] = {}
    for name, value in fields.items():
        if not isinstance(name, str) or name not in known or name in NOT_REQUESTABLE:
            raise cls(f"{str(name)[:30]!r} is not a field a request can set for {system}", field="fields", rule=RULE,
                      code="request.field_not_requestable")
        if isinstance(value, Mapping):
            if set(value) != {"min", "max"}:
                raise cls("bounds are {min, max}", field=f"fields.{name}", rule=RULE, code="request.bounds")
            lo, hi = value["min"], value["max"]
            if any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10 ** 6 for v in (lo, hi)) or lo > hi:
                raise cls("bounds are two whole numbers, min ≤ max", field=f"fields.{name}", rule=RULE,
                          code="request.bounds")
            out[name] = {"min": lo, "max": hi}
        elif isinstance(value, bool) or (isinstance(value, int) and abs(value) <= 10 ** 6):
            out[name] = value
        elif isinstance(value, str) and 0 < len(value) <= 20:
            out[name] = value
        else:
            raise cls("a fixed value is a whole number, true/false or a short text", field=f"fields.{name}",
                      rule=RULE, code="request.fixed_value")
    return out


def new_request(system: Any, fields: Any, label: str | None = None, for_: str | None = None,
                campaign: str | None = None, created: int | None = None, request_id: str | None = None,
                home: str | None = None) -> dict:
    """A request (JSON view, module docstring) with a fresh random id (or ``request_id``).

    Raises:
        InvalidRequest: unknown system or field, bad bounds, texts too long (label 200, for 40,
        campaign 80 characters), an official address that is not ``http(s)://…`` of at most 200
        characters without spaces or ``#`` (``request.home``).
    """
    if system not in SYSTEM_CODES or system not in PARAM_KEYS:   # live registry views (a plug-in counts)
        raise InvalidRequest(f"unknown system {str(system)[:30]!r}", field="system", rule=RULE, code="request.system_unknown", params={"system": str(system)[:30]})
    spec: dict[str, Any] = {"system": system, "fields": _check_fields(system, fields),
            "id": request_id or token_hex(ID_BYTES)}
    if not isinstance(spec["id"], str) or len(spec["id"]) != 2 * ID_BYTES:
        raise InvalidRequest(f"a request id is {2 * ID_BYTES} hex digits", field="id", rule=RULE, code="request.id_invalid")
    try:
        bytes.fromhex(spec["id"])
    except ValueError:
        raise InvalidRequest(f"a request id is {2 * ID_BYTES} hex digits", field="id", rule=RULE, code="request.id_invalid") from None
    for key, value, limit in (("label", label, "label"), ("for", for_, "roller"), ("campaign", campaign, "campaign")):
        text = check_text(value.strip() if isinstance(value, str) else value, limit)
        if text is not None:
            spec[key] = text
    if created is not None:
        spec["created"] = check_int(created, "created", 0, MAX_CREATED)
    if home is not None:
        if not isinstance(home, str) or not _is_home(home):
            raise InvalidRequest("the official address is an http(s):// address of at most 200 characters, "
                                 "without spaces or #", field="home", rule=RULE, code="request.home")
        spec["home"] = home
    return spec


def to_cbor(spec: Mapping[str, Any]) -> list:
    """The CBOR array of a request (module docstring). Raises InvalidRequest like :func:`new_request`."""
    if not isinstance(spec, Mapping) or set(spec) - {"system", "fields", "id", "label", "for", "campaign", "created",
                                                     "home"}:
        raise InvalidRequest("not a roll request", field="request", rule=RULE, code="request.not_request")
    spec = new_request(spec.get("system"), spec.get("fields"), spec.get("label"), spec.get("for"),
                       spec.get("campaign"), spec.get("created"), spec.get("id"), spec.get("home"))
    keys, texts = PARAM_KEYS[spec["system"]], PARAM_TEXTS.get(spec["system"], ())
    fields = {}
    for name, value in spec["fields"].items():
        if isinstance(value, dict):
            value = [value["min"], value["max"]]
        elif isinstance(value, str) and value in texts:
            value = Simple(texts.index(value))
        fields[keys.index(name)] = value
    out = [SYSTEM_CODES[spec["system"]], fields, bytes.fromhex(spec["id"]), spec.get("created"),
           spec.get("label"), spec.get("for"), spec.get("campaign"), spec.get("home")]
    while out[-1] is None:
        out.pop()
    return out


def from_cbor(value: Any) -> dict:
    """Inverse of :func:`to_cbor`. Raises LinkError for any other structure."""
    bad = LinkError("the roll request in this link has the wrong shape", field="link", rule=RULE, code="link.request_damaged")
    if not isinstance(value, list) or not 3 <= len(value) <= 8 or value[-1] is None:
        raise bad
    value = value + [None] * (8 - len(value))
    code, fields, rid, created, label, for_, campaign, home = value
    names = {number: name for name, number in SYSTEM_CODES.items()}   # the registry as it is now
    system = names.get(code) if isinstance(code, int) and not isinstance(code, bool) else None
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
            if item.n >= len(texts):
                raise bad
            item = texts[item.n]
        named[keys[key]] = item
    try:
        spec = new_request(system, named, label, for_, campaign, created, rid.hex(), home)
    except TiradaError as err:
        raise LinkError(f"the roll request in this link is not valid: {err.message}", field=err.field,
                        rule=RULE, code="link.request_invalid", params={"cause": err.cause()}) from None
    return spec




def _is_home(text: str) -> bool:
    """True when ``text`` is ``http://`` or ``https://`` (any case) and then 1 to 192 characters, none
    of them whitespace or ``#`` (the regular expression ``https?://[^\\s#]{1,192}``, case-insensitive,
    written out: MicroPython's ``re`` has no flags or ``fullmatch``)."""
    for scheme in ("https://", "http://"):
        if text[:len(scheme)].lower() == scheme:
            rest = text[len(scheme):]
            return 1 <= len(rest) <= 192 and not any(ch == "#" or is_space(ch) for ch in rest)
    return False
