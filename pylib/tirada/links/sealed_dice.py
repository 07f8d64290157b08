"""Sealed rolls, the cryptography and the dice (docs/link-format.md §19; issue #27).

Every value here is a pure function of its arguments (no clock, no storage, no randomness except
:func:`new_campaign_secret`)::

    K                = 32 random bytes, the GM's campaign secret (kept by the GM, never in a link)
    request secret s = HMAC-SHA256(K, "tirada sealed1 secret" || id)[0:16]
    commitment c     = SHA-256("tirada sealed1 commit" || id || s || hidden)[0:24]
    dice seed        = SHA-256("tirada sealed1 dice" || s || id || u8(len(fresh)) || fresh
                               || u64_be(seq or 0) || prev (6 bytes, or nothing))

``id`` is the request's (or the secret GM roll's) 8 random bytes; ``hidden`` is empty for a sealed
request and, for a secret GM roll, the canonical CBOR of ``[system code, params]`` (the roll it
hides); ``fresh`` is the player's seed (16 bytes) for a blind roll and empty for a secret GM roll.

The dice of a sealed roll are the ``sha256-ctr-v1`` stream (docs/link-format.md §8) of the dice seed,
drawn by the system's plain rules (:func:`resolve`). Decisions that need the dice are never taken
blind: a system's **blind policy** takes them (:func:`blind_decisions`, named by its registry entry;
L5R's: l5r5e.md §The check 4–6).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Mapping

from ..errors import InvalidRequest
from ..portable import merged, token_hex
from ..wire.frame import cbor_encode
from ..wire.sealed_layout import COMMIT_BYTES, ID_BYTES, RULE, SECRET_BYTES
from ..wire.roll_layout import roll_to_cbor

__all__ = ["KEY_BYTES", "blind_decisions", "commitment", "dice_seed", "hidden_bytes", "new_campaign_secret",
           "parse_key", "request_secret", "resolve"]

KEY_BYTES = 32       #: campaign secret length (256 bits)
_SECRET_TAG = b"tirada sealed1 secret"
_COMMIT_TAG = b"tirada sealed1 commit"
_DICE_TAG = b"tirada sealed1 dice"


def new_campaign_secret() -> str:
    """A fresh campaign secret: :data:`KEY_BYTES` bytes from :mod:`secrets`, as 64 lowercase hex digits."""
    return token_hex(KEY_BYTES)


def parse_key(value: Any) -> bytes:
    """The campaign secret as 32 bytes, from 64 hex digits (spaces around ignored) or bytes.

    Raises:
        InvalidRequest: anything else (code ``sealed.key_invalid``).
    """
    if isinstance(value, (bytes, bytearray)) and len(value) == KEY_BYTES:
        return bytes(value)
    if isinstance(value, str) and len(value.strip()) == 2 * KEY_BYTES:
        try:
            return bytes.fromhex(value.strip())
        except ValueError:
            pass
    raise InvalidRequest(f"a campaign secret is {2 * KEY_BYTES} hex digits", field="secret", rule=RULE,
                         code="sealed.key_invalid")


def _rid(request_id: Any) -> bytes:
    if isinstance(request_id, str) and len(request_id) == 2 * ID_BYTES:
        try:
            return bytes.fromhex(request_id)
        except ValueError:
            pass
    if isinstance(request_id, bytes) and len(request_id) == ID_BYTES:
        return request_id
    raise InvalidRequest(f"an id is {2 * ID_BYTES} hex digits", field="id", rule=RULE, code="sealed.hex",
                         params={"n": 2 * ID_BYTES})


def request_secret(campaign_secret: Any, request_id: Any) -> bytes:
    """The request secret ``s`` (16 bytes) of request ``request_id`` (16 hex digits) under the campaign
    secret (64 hex digits): ``HMAC-SHA256(K, "tirada sealed1 secret" || id)[0:16]``.

    Raises:
        InvalidRequest: a bad secret or id.
    """
    key, rid = parse_key(campaign_secret), _rid(request_id)
    return hmac.new(key, _SECRET_TAG + rid, hashlib.sha256).digest()[:SECRET_BYTES]


def hidden_bytes(request: Mapping[str, Any] | None) -> bytes:
    """What a commitment hides besides the secret: ``b""`` for a sealed request (``None``), else the
    canonical CBOR of ``[system code, params]`` of a secret GM roll's request (``{system, …params}``).

    Raises:
        InvalidRequest: a request a roll link cannot hold.
    """
    if request is None:
        return b""
    return cbor_encode(roll_to_cbor({"request": merged(request, {"seed": "00" * SECRET_BYTES})})[:2])


def commitment(request_id: Any, secret: bytes, hidden: bytes = b"") -> bytes:
    """The commitment (24 bytes): ``SHA-256("tirada sealed1 commit" || id || s || hidden)[0:24]``.

    Raises:
        InvalidRequest: a bad id or a secret that is not 16 bytes.
    """
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise InvalidRequest("a request secret is 16 bytes", field="secret", rule=RULE, code="sealed.hex",
                             params={"n": 2 * SECRET_BYTES})
    return hashlib.sha256(_COMMIT_TAG + _rid(request_id) + secret + hidden).digest()[:COMMIT_BYTES]


def dice_seed(secret: bytes, request_id: Any, fresh: bytes, seq: int | None, prev: str | None) -> bytes:
    """The 32-byte seed of a sealed roll's dice (module docstring): the request secret, the id, the
    player's fresh randomness (``b""`` for a secret GM roll) and the chain position (``seq`` 0 and no
    ``prev`` for an unnumbered roll)."""
    prev_bytes = bytes.fromhex(prev) if prev else b""
    return hashlib.sha256(_DICE_TAG + secret + _rid(request_id) + bytes([len(fresh)]) + fresh
                          + (seq or 0).to_bytes(8, "big") + prev_bytes).digest()


def blind_decisions(request: Mapping[str, Any]) -> dict:
    """The decisions a sealed roll takes without the player (the **blind policy**, docs §19.5): its
    system's registry ``blind`` function (L5R 5e: :func:`tirada.systems.l5r.blind.blind_decisions`),
    ``{}`` for a system that decides nothing after its dice (a Tragedia ``post_loss`` is declared in
    advance, as a conditional decision, by the rules). ``request`` must carry its dice ``seed``.

    Returns:
        fields to add to the request.
    Raises:
        InvalidRequest, IllegalMove: a request the system's rules refuse.
    """
    from ..systems import hook

    policy = hook(request.get("system"), "blind")
    return dict(policy(request)) if policy is not None else {}


def resolve(request: Mapping[str, Any], seed: bytes) -> tuple:
    """Roll a sealed roll: ``(request as rolled, result)``.

    Args:
        request: ``{system, label?, …params}`` with no seed, faces, fresh or decisions that need dice.
        seed: the :func:`dice_seed`.
    Returns:
        the request with ``seed`` (hex) and the blind decisions added, and ``systems.roll`` of it.
    Raises:
        InvalidRequest, IllegalMove: a request the system's rules refuse.
    """
    from ..systems import roll
    rolled = merged(request, {"seed": seed.hex()})
    rolled.update(blind_decisions(rolled))
    return rolled, roll(rolled)
