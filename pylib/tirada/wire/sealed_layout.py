"""Sealed rolls, the link layouts (docs/link-format.md §19; issue #27): four format-2 kinds, each a
CBOR array whose first item is the sealed scheme's version (:data:`SCHEME`, 1).

The cryptography and the API are in :mod:`tirada.links.sealed`; this module only checks shapes and
writes / reads the arrays (every decoder re-encodes and refuses anything not byte-for-byte canonical).

============  ====  =====================================================================================
kind          code  CBOR body (trailing nulls dropped)
============  ====  =====================================================================================
``sealreq``   6     ``[1, commitment (24 bytes), request]`` — ``request`` is a GM request array
                    (:mod:`tirada.wire.request_layout`: ``[system, fields, id, created, label, for, campaign]``)
``blind``     7     ``[1, commitment (24 bytes), request id (8 bytes), roll]`` — ``roll`` is a format-1 roll
                    array (:mod:`tirada.wire.roll_layout`) whose seed is the player's fresh randomness
``secret``    8     ``[1, id (8 bytes), commitment (24 bytes), created, label, roller, campaign, seq, prev]``
``reveal``    9     ``[1, id (8 bytes), opening, created]`` — ``opening`` is the request secret (16 bytes)
                    for a sealed request, or for a secret GM roll the array ``[system, params, secret]``
                    (a roll array whose seed slot holds the secret)
============  ====  =====================================================================================

JSON views (what the ``*_from_cbor`` functions return and the ``*_to_cbor`` functions take):

* sealreq: the GM request view (``system``, ``fields``, ``id``, ``label``?, ``for``?, ``campaign``?,
  ``created``?) plus ``"commitment"`` (48 hex digits).
* blind: ``{"sealed_request": 16 hex, "commitment": 48 hex, "request": {system, seed, label?, …params},
  "roller"?, "campaign"?, "seq"?, "prev"?, "created"?}`` — the player's decisions that need dice
  (:func:`not_blind`) cannot be in it.
* secret: ``{"id", "commitment", "label"?, "roller"?, "campaign"?, "seq"?, "prev"?, "created"?}``.
* reveal: ``{"id", "secret": 32 hex, "created"?, "request"?: {system, …params}}`` (``request`` only
  for a secret GM roll).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest, LinkError, TiradaError
from ..portable import merged
from ..systems.registry import REGISTRY, TableView
from . import request_layout
from .frame import cbor_encode
from .roll_layout import MAX_CREATED, MAX_SEQ, check_int, check_prev, check_text, roll_from_cbor, roll_to_cbor

__all__ = ["COMMIT_BYTES", "DECISIONS", "ID_BYTES", "KIND_CODES", "NOT_BLIND", "RULE", "SCHEME", "SECRET_BYTES",
           "blind_from_cbor", "blind_to_cbor", "reveal_from_cbor", "reveal_to_cbor", "sealreq_from_cbor",
           "sealreq_to_cbor", "secret_from_cbor", "secret_to_cbor", "not_blind"]

RULE = "link-format.md §Sealed rolls"
SCHEME = 1                 #: version of the sealed scheme (first item of every sealed body)
COMMIT_BYTES = 24          #: commitment length (192 bits: collisions cost 2^96, see docs)
SECRET_BYTES = 16          #: request secret length (128 bits)
ID_BYTES = request_layout.ID_BYTES   #: request / secret-roll id length (8 bytes, random)
KIND_CODES = {"sealreq": 6, "blind": 7, "secret": 8, "reveal": 9}   #: kind name → frame kind code
#: request fields no sealed roll carries: typed dice, fresh nonces, step mode
NOT_BLIND = frozenset({"faces", "fresh", "step"})
#: per system, the player's decisions taken after seeing dice (never blind: :func:`not_blind`): a
#: live view of the registry's ``decisions`` (tirada.systems.registry)
DECISIONS = TableView(lambda: {s.id: frozenset(s.decisions) for s in REGISTRY.values() if s.decisions})


def not_blind(request: Mapping[str, Any]) -> list:
    """The fields of ``request`` a sealed roll cannot carry, sorted: :data:`NOT_BLIND` and the
    system's :data:`DECISIONS` (an L5R ``keep`` is a decision; a generic ``keep`` is the roll's rule)."""
    return sorted((NOT_BLIND | DECISIONS.get(str(request.get("system")), frozenset())) & set(request))


def _damaged(what: str = "sealed") -> LinkError:
    return LinkError(f"the {what} data in this link has the wrong shape", field="link", rule=RULE,
                     code="link.sealed_damaged")


def _hexbytes(value: Any, size: int, field: str) -> bytes:
    """``size`` bytes from bytes or ``2*size`` hex digits. Raises InvalidRequest (code sealed.hex)."""
    if isinstance(value, (bytes, bytearray)) and len(value) == size:
        return bytes(value)
    if isinstance(value, str) and len(value) == 2 * size:
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise InvalidRequest(f"must be {2 * size} hex digits", field=field, rule=RULE, code="sealed.hex",
                         params={"n": 2 * size})


def _scheme(value: Any, low: int, high: int) -> list:
    """The items after the scheme number of a sealed body of ``low``..``high`` items (canonical tail)."""
    if not isinstance(value, list) or not low <= len(value) <= high or value[-1] is None:
        raise _damaged()
    if value[0] != SCHEME or isinstance(value[0], bool):
        if isinstance(value[0], int) and not isinstance(value[0], bool) and value[0] > SCHEME:
            raise LinkError(f"this sealed link uses scheme {value[0]}; open it with a newer Tirada",
                            field="link", rule=RULE, code="link.sealed_newer", params={"version": value[0]})
        raise _damaged()
    return value[1:] + [None] * (high - len(value))


def _canonical(again: list, value: list) -> None:
    if cbor_encode(again) != cbor_encode(value):
        raise LinkError("the sealed data in this link is not in canonical form", field="link", rule=RULE,
                        code="link.sealed_damaged")


def _invalid(err: TiradaError) -> LinkError:
    return LinkError(f"the sealed data in this link is not valid: {err.message}", field=err.field, rule=RULE,
                     code="link.sealed_invalid", params={"cause": err.cause()})


# --------------------------------------------------------------------------------- sealreq
def sealreq_to_cbor(spec: Mapping[str, Any]) -> list:
    """``[1, commitment, request array]`` of a sealed GM request (module docstring).

    Raises:
        InvalidRequest: not a mapping, a bad commitment, or what :func:`request_layout.to_cbor` refuses.
    """
    if not isinstance(spec, Mapping):
        raise InvalidRequest("not a sealed request", field="request", rule=RULE, code="sealed.not_sealed")
    commitment = _hexbytes(spec.get("commitment"), COMMIT_BYTES, "commitment")
    return [SCHEME, commitment, request_layout.to_cbor({k: v for k, v in spec.items() if k != "commitment"})]


def sealreq_from_cbor(value: Any) -> dict:
    """Inverse of :func:`sealreq_to_cbor`. Raises LinkError for any other structure."""
    commitment, request = _scheme(value, 3, 3)
    if not isinstance(commitment, bytes) or len(commitment) != COMMIT_BYTES:
        raise _damaged()
    spec = request_layout.from_cbor(request)
    out = merged(spec, {"commitment": commitment.hex()})
    _canonical(sealreq_to_cbor(out), value)
    return out


# ----------------------------------------------------------------------------------- blind
def blind_to_cbor(link: Mapping[str, Any]) -> list:
    """``[1, commitment, request id, roll array]`` of a player's blind roll (module docstring).

    Raises:
        InvalidRequest: a bad commitment or id, a decision that needs dice (:data:`NOT_BLIND`,
        code ``sealed.blind_decision``), or what :func:`roll_layout.roll_to_cbor` refuses.
    """
    if not isinstance(link, Mapping) or not isinstance(link.get("request"), Mapping):
        raise InvalidRequest("a blind roll needs a request object", field="request", rule=RULE,
                             code="sealed.not_sealed")
    commitment = _hexbytes(link.get("commitment"), COMMIT_BYTES, "commitment")
    rid = _hexbytes(link.get("sealed_request"), ID_BYTES, "sealed_request")
    decided = not_blind(link["request"])
    if decided:
        raise InvalidRequest(f"a blind roll cannot carry {decided[0]}: the player decides nothing that needs "
                             "the dice", field=decided[0], rule=RULE, code="sealed.blind_decision",
                             params={"name": decided[0]})
    roll = roll_to_cbor({k: v for k, v in link.items() if k not in ("commitment", "sealed_request")})
    return [SCHEME, commitment, rid, roll]


def blind_from_cbor(value: Any) -> dict:
    """Inverse of :func:`blind_to_cbor`. Raises LinkError for any other structure."""
    commitment, rid, roll = _scheme(value, 4, 4)
    if not isinstance(commitment, bytes) or len(commitment) != COMMIT_BYTES or not isinstance(rid, bytes) \
            or len(rid) != ID_BYTES:
        raise _damaged()
    link = roll_from_cbor(roll)
    out = merged({"sealed_request": rid.hex(), "commitment": commitment.hex()}, link)
    try:
        again = blind_to_cbor(out)
    except TiradaError as err:
        raise _invalid(err) from None
    _canonical(again, value)
    return out


# ---------------------------------------------------------------------------------- secret
_SECRET_FIELDS = ("created", "label", "roller", "campaign", "seq", "prev")


def secret_to_cbor(link: Mapping[str, Any]) -> list:
    """``[1, id, commitment, created, label, roller, campaign, seq, prev]`` of a secret GM roll's sealed
    link, trailing nulls dropped (module docstring).

    Raises:
        InvalidRequest: bad id/commitment, texts too long, ``seq`` without ``roller``, ``prev`` not
        present exactly when ``seq`` > 1.
    """
    if not isinstance(link, Mapping) or set(link) - ({"id", "commitment"} | set(_SECRET_FIELDS)):
        raise InvalidRequest("not a sealed GM roll", field="link", rule=RULE, code="sealed.not_sealed")
    seq = check_int(link.get("seq"), "seq", 1, MAX_SEQ)
    prev = check_prev(link.get("prev"))
    roller = check_text(link.get("roller"), "roller")
    if seq is not None and roller is None:
        raise InvalidRequest("a numbered roll needs the roller's name", field="roller", rule=RULE, code="chain.roller")
    if (seq is None or seq == 1) and prev is not None or (seq or 1) > 1 and prev is None:
        raise InvalidRequest("prev is given exactly when seq is above 1", field="prev", rule=RULE, code="chain.prev")
    out = [SCHEME, _hexbytes(link.get("id"), ID_BYTES, "id"), _hexbytes(link.get("commitment"), COMMIT_BYTES,
           "commitment"), check_int(link.get("created"), "created", 0, MAX_CREATED),
           check_text(link.get("label"), "label"), roller, check_text(link.get("campaign"), "campaign"), seq, prev]
    while out[-1] is None:
        out.pop()
    return out


def secret_from_cbor(value: Any) -> dict:
    """Inverse of :func:`secret_to_cbor`. Raises LinkError for any other structure."""
    rid, commitment, *rest = _scheme(value, 3, 9)
    if not isinstance(rid, bytes) or len(rid) != ID_BYTES or not isinstance(commitment, bytes) \
            or len(commitment) != COMMIT_BYTES:
        raise _damaged()
    out: dict[str, Any] = {"id": rid.hex(), "commitment": commitment.hex()}
    for name, item in zip(_SECRET_FIELDS, rest):
        if item is not None:
            if isinstance(item, bytes) != (name == "prev"):
                raise _damaged()
            out[name] = item.hex() if isinstance(item, bytes) else item
    try:
        again = secret_to_cbor(out)
    except TiradaError as err:
        raise _invalid(err) from None
    _canonical(again, value)
    return out


# ---------------------------------------------------------------------------------- reveal
def reveal_to_cbor(link: Mapping[str, Any]) -> list:
    """``[1, id, opening, created]`` of a reveal (module docstring), trailing null dropped.

    Raises:
        InvalidRequest: bad id or secret, or a hidden request that :func:`roll_layout.roll_to_cbor`
        refuses (a secret GM roll's request: system and params, no seed, label or chain).
    """
    if not isinstance(link, Mapping) or set(link) - {"id", "secret", "created", "request"}:
        raise InvalidRequest("not a reveal", field="link", rule=RULE, code="sealed.not_sealed")
    secret = _hexbytes(link.get("secret"), SECRET_BYTES, "secret")
    opening: Any = secret
    if link.get("request") is not None:
        request = link["request"]
        if not isinstance(request, Mapping) or set(request) & {"seed", "label"} or not_blind(request):
            raise InvalidRequest("a secret roll's request holds its system and parameters only", field="request",
                                 rule=RULE, code="sealed.hidden_request")
        opening = roll_to_cbor({"request": merged(request, {"seed": secret.hex()})})
    out = [SCHEME, _hexbytes(link.get("id"), ID_BYTES, "id"), opening,
           check_int(link.get("created"), "created", 0, MAX_CREATED)]
    while out[-1] is None:
        out.pop()
    return out


def reveal_from_cbor(value: Any) -> dict:
    """Inverse of :func:`reveal_to_cbor`. Raises LinkError for any other structure."""
    rid, opening, created = _scheme(value, 3, 4)
    if not isinstance(rid, bytes) or len(rid) != ID_BYTES:
        raise _damaged()
    out: dict[str, Any] = {"id": rid.hex()}
    if isinstance(opening, list):
        if len(opening) != 3:
            raise _damaged()
        request = dict(roll_from_cbor(opening)["request"])
        out["secret"] = request.pop("seed")
        if len(out["secret"]) != 2 * SECRET_BYTES:
            raise _damaged()
        out["request"] = request
    elif isinstance(opening, bytes) and len(opening) == SECRET_BYTES:
        out["secret"] = opening.hex()
    else:
        raise _damaged()
    if created is not None:
        out["created"] = created
    try:
        again = reveal_to_cbor(out)
    except TiradaError as err:
        raise _invalid(err) from None
    _canonical(again, value)
    return out
