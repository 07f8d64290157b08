"""Fresh dice after every decision (fair play, link format 2; docs/link-format.md §Fresh dice).

The rule: no die drawn after a player's decision may be computable, before the decision is
committed, from anything the player holds. So a check (or a Confrontation move) is cut into
**segments**: segment 0 draws from the roll's seed; every later segment draws from a **nonce**
(8 random bytes) that the page creates only when the decision before it is committed, and every
nonce takes a number in the player's roller chain. A private try of a decision therefore leaves a
gap or a fork in the chain, which the thread audit reports.

* :class:`SteppedDice` — the dice of a format-2 roll: the engine calls :meth:`SteppedDice.decided`
  at each decision; the first draw after one moves to the next segment. With no nonce for it, the
  draw raises :class:`NeedFresh` (the page then commits a nonce and asks again; a verifier refuses).
* :func:`step_seed` — the 32-byte seed of segment ``k`` (``SHA-256("tirada2 step" || seed ||
  u32_be(k) || nonce)``), so a nonce cannot be reused by another roll or another segment.
* :func:`entry_id` — the id of one chain entry (a seed or a nonce at a chain position).
* :func:`new_nonce` — 8 fresh bytes from :mod:`secrets`, as 16 hex digits.
* :class:`NoDice` — a dice source that refuses every draw (a Confrontation move without a nonce).

Pure: no clock, no storage; the nonces are passed in.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .dice import DiceStream, parse_seed
from .errors import InvalidRequest
from .portable import token_hex

__all__ = ["NONCE_BYTES", "NeedFresh", "NoDice", "SteppedDice", "entry_id", "new_nonce",
           "parse_nonce", "step_seed"]

RULE = "link-format.md §Fresh dice"
NONCE_BYTES = 8          #: bytes of fresh randomness per segment after the first (64 bits)
MAX_STEPS = 40           #: most segments after the first in one roll (L5R: 1 reroll + 21 explosion steps)
_STEP_DOMAIN = b"tirada2 step"
_ENTRY_DOMAIN = b"tirada2 entry"


class NeedFresh(Exception):
    """A die must be drawn after a decision and no nonce was given for it.

    Attributes:
        segment: the number (1, 2, …) of the segment that needs a nonce.
    Not a :class:`~tirada.errors.TiradaError`: in step mode it means "commit fresh dice now", not
    a mistake; :func:`tirada.systems.roll` turns it into an InvalidRequest for a finished link.
    """

    def __init__(self, segment: int) -> None:
        super().__init__(f"segment {segment} needs fresh dice")
        self.segment = segment


def new_nonce() -> str:
    """A fresh nonce: :data:`NONCE_BYTES` bytes from :mod:`secrets`, as 16 lowercase hex digits."""
    return token_hex(NONCE_BYTES)


def parse_nonce(value: Any, field: str = "fresh") -> bytes:
    """A nonce as bytes, from 16 hex digits or 8 bytes.

    Raises:
        InvalidRequest: anything else (named ``field``).
    """
    if isinstance(value, (bytes, bytearray)) and len(value) == NONCE_BYTES:
        return bytes(value)
    if isinstance(value, str) and len(value) == 2 * NONCE_BYTES:
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise InvalidRequest(f"each fresh-dice nonce is {2 * NONCE_BYTES} hex digits", field=field, rule=RULE, code="fresh.nonce_invalid")


def step_seed(seed: bytes, segment: int, nonce: bytes) -> bytes:
    """The seed (32 bytes) of ``segment`` (≥ 1): ``SHA-256("tirada2 step" || seed || u32_be(segment)
    || nonce)``. ``seed`` is the roll's (or the Confrontation setup's) seed, 16..32 bytes."""
    return hashlib.sha256(_STEP_DOMAIN + bytes(seed) + segment.to_bytes(4, "big") + bytes(nonce)).digest()


def entry_id(seq: int, prev: str | None, fresh: bytes) -> str:
    """The id of a chain entry (12 hex digits): the first 6 bytes of
    ``SHA-256("tirada2 entry" || u64_be(seq) || prev (6 bytes, or nothing for the first) || fresh)``.

    ``fresh`` is the randomness created at that chain position: a roll's seed (16..32 bytes) or a
    nonce (8 bytes). The next entry of the chain names this id as its ``prev``.
    """
    prev_bytes = bytes.fromhex(prev) if prev else b""
    return hashlib.sha256(_ENTRY_DOMAIN + seq.to_bytes(8, "big") + prev_bytes + bytes(fresh)).digest()[:6].hex()


class SteppedDice:
    """The dice of a format-2 roll: segment 0 from ``seed``, segment k ≥ 1 from ``nonces[k-1]``.

    Args:
        seed: the roll's seed (hex or 16..32 bytes); nonces: list of 8-byte nonces (hex or bytes).
    Attributes:
        draws: every :class:`~tirada.dice.Draw`, in order; ``segments_used``: segments drawn from so
        far (1 + nonces consumed).
    Raises:
        InvalidRequest: a bad seed or nonce, or more than :data:`MAX_STEPS` nonces.
    """

    def __init__(self, seed: Any, nonces: list) -> None:
        if not isinstance(nonces, list) or len(nonces) > MAX_STEPS:
            raise InvalidRequest(f"fresh must be a list of at most {MAX_STEPS} nonces", field="fresh", rule=RULE, code="fresh.too_many")
        self._seed = parse_seed(seed) if not isinstance(seed, (bytes, bytearray)) else bytes(seed)
        self._nonces = [parse_nonce(n, f"fresh[{i}]") for i, n in enumerate(nonces)]
        self._stream = DiceStream(self._seed)
        self.seed_hex = self._seed.hex()
        self._pending = False
        self.segments_used = 1
        self.draws: list = []

    def decided(self) -> None:
        """A player decision was applied: the next draw (if any) starts a new segment."""
        self._pending = True

    def roll(self, sides: int) -> int:
        """Draw one die; after a decision, from the next segment's stream.

        Raises:
            NeedFresh: the next segment has no nonce yet.
        """
        if self._pending:
            k = self.segments_used
            if k > len(self._nonces):
                raise NeedFresh(k)
            self._stream = DiceStream(step_seed(self._seed, k, self._nonces[k - 1]))
            self.segments_used += 1
            self._pending = False
        face = self._stream.roll(sides)
        self.draws.append(self._stream.draws[-1])
        return face

    def finish(self) -> None:
        """Refuse nonces that no segment used (a link carries exactly the nonces it needs).

        Raises:
            InvalidRequest: more nonces than segments after the first.
        """
        if self.segments_used - 1 < len(self._nonces):
            raise InvalidRequest(f"{len(self._nonces)} fresh-dice nonces given but the roll used only "
                                 f"{self.segments_used - 1}", field="fresh", rule=RULE, code="fresh.unused")


class NoDice:
    """A dice source that refuses every draw with :class:`NeedFresh` (segment 1): a format-2
    Confrontation move without its nonce."""

    def __init__(self) -> None:
        self.draws: list = []

    def decided(self) -> None:
        """Nothing to do: every draw is refused anyway."""

    def roll(self, sides: int) -> int:
        """Always raises NeedFresh(1)."""
        raise NeedFresh(1)
