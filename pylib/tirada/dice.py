"""Dice sources: a seeded, replayable stream or faces given by hand.

Every system draws its dice from one source passed in as an argument, never from ``random``, so a
roll is a pure function of (request, seed) and can be recomputed by anyone who opens its link.

Algorithm ``sha256-ctr-v1`` (language independent; specified again in docs/link-format.md):

* ``seed`` is 16 to 32 bytes. Block ``i`` (i = 0, 1, 2, …) is ``SHA-256(seed || u64_be(i))``;
  each block is read as eight unsigned 32-bit big-endian words, in order, giving one word stream.
* A die of ``n`` sides (2 ≤ n ≤ 1000) takes the next word ``w``. With
  ``limit = 2**32 - (2**32 mod n)`` (the largest multiple of ``n`` not above ``2**32``):
  if ``w < limit`` the face is ``w mod n + 1``, else ``w`` is discarded and the next word is tried
  (rejection sampling). Every face then has exactly ``limit / n`` preimages: no modulo bias.
* Draws happen in the order the rules ask for them; the source records each ``(sides, face)``.
"""

from __future__ import annotations

import hashlib
from typing import Iterable, Protocol

from .errors import InvalidRequest
from .fields import echo
from .portable import Struct, token_hex

__all__ = ["MAX_SIDES", "Dice", "DiceStream", "Draw", "FixedFaces", "dice_for", "new_seed", "parse_seed"]

MAX_SIDES = 1000
_WORD = 1 << 32


class Draw(Struct):
    """One die drawn: ``sides`` (2..1000) and ``face`` (1..sides)."""

    _fields = ("sides", "face")
    sides: int
    face: int

    def __init__(self, sides: int, face: int) -> None:
        self._init(sides, face)


class Dice(Protocol):
    """What every system needs: ``roll(sides) -> face`` and the record of draws so far."""

    draws: list

    def roll(self, sides: int) -> int:  # pragma: no cover - protocol
        """Draw one die of ``sides`` sides; return its face in ``1..sides``."""


def _check_sides(sides: int) -> None:
    if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= MAX_SIDES:
        raise InvalidRequest(f"a die needs 2 to {MAX_SIDES} sides, got {echo(sides)}", field="sides",
                             code="dice.sides", params={"n": MAX_SIDES, "got": echo(sides)})


def new_seed() -> str:
    """A fresh 128-bit seed from :mod:`secrets`, as 32 lowercase hex digits."""
    return token_hex(16)


def parse_seed(seed: object) -> bytes:
    """Turn a seed given as a hex string (32 to 64 hex digits) into its bytes.

    Raises:
        InvalidRequest: not a string, odd length, non-hex digits, or outside 16..32 bytes.
    """
    if not isinstance(seed, str):
        raise InvalidRequest("the seed must be a string of hex digits", field="seed", code="seed.not_hex")
    text = seed.strip().lower()
    if not 32 <= len(text) <= 64 or len(text) % 2:
        raise InvalidRequest("the seed must have 32 to 64 hex digits (128 to 256 bits)", field="seed",
                             code="seed.length")
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise InvalidRequest("the seed may only contain hex digits 0-9 a-f", field="seed",
                             code="seed.digits") from None


class DiceStream:
    """Replayable dice from a seed (algorithm ``sha256-ctr-v1``, see the module docstring).

    Args:
        seed: 16..32 bytes, or a hex string accepted by :func:`parse_seed` (anything else, such as
        a number, is refused with InvalidRequest).

    Attributes:
        draws: list of :class:`Draw`, in draw order.
    """

    def __init__(self, seed: bytes | str) -> None:
        if isinstance(seed, (bytes, bytearray)):
            self.seed = bytes(seed)
        else:   # bytes(16) would be sixteen zero bytes, bytes(10**12) a memory error
            self.seed = parse_seed(seed)
        if not 16 <= len(self.seed) <= 32:
            raise InvalidRequest("the seed must be 16 to 32 bytes", field="seed", code="seed.bytes")
        self.draws: list = []
        self._block = 0
        self._words: list = []

    def _next_word(self) -> int:
        if not self._words:
            digest = hashlib.sha256(self.seed + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i : i + 4], "big") for i in range(28, -1, -4)]
        return self._words.pop()

    def roll(self, sides: int) -> int:
        """Draw one die of ``sides`` sides (2..1000); return its face in ``1..sides``."""
        _check_sides(sides)
        limit = _WORD - (_WORD % sides)
        while True:
            word = self._next_word()
            if word < limit:
                face = word % sides + 1
                self.draws.append(Draw(sides, face))
                return face


class FixedFaces:
    """Dice whose faces were rolled elsewhere ("I rolled these, interpret them").

    Args:
        faces: ints in draw order; each must fit the die it is used for.

    Raises (from :meth:`roll` / :meth:`finish`):
        InvalidRequest: a face outside ``1..sides`` (field ``faces[i]``), too few faces, or
        faces left over after the roll.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        for i, face in enumerate(self.faces):
            if isinstance(face, bool) or not isinstance(face, int):
                raise InvalidRequest(f"each face must be a whole number, got {echo(face, 20)}", field=f"faces[{i}]",
                                     code="faces.not_int", params={"got": echo(face, 20)})
        self.draws: list = []

    def roll(self, sides: int) -> int:
        """Return the next given face, checked against ``sides``."""
        _check_sides(sides)
        i = len(self.draws)
        if i >= len(self.faces):
            raise InvalidRequest(
                f"this roll needs more dice than the {len(self.faces)} faces given", field="faces",
                code="faces.too_few", params={"n": len(self.faces)}
            )
        face = self.faces[i]
        if not 1 <= face <= sides:
            raise InvalidRequest(f"a d{sides} cannot show {face}", field=f"faces[{i}]",
                                 code="faces.impossible", params={"sides": sides, "face": face})
        self.draws.append(Draw(sides, face))
        return face

    def finish(self) -> None:
        """Raise if faces were given that the roll never used (a likely typo)."""
        if len(self.draws) < len(self.faces):
            raise InvalidRequest(
                f"{len(self.faces)} faces given but the roll used only {len(self.draws)}", field="faces",
                code="faces.too_many", params={"n": len(self.faces), "used": len(self.draws)}
            )


def dice_for(request: dict) -> tuple:
    """Pick the dice source a request asks for.

    Returns ``(dice, seed_hex_or_None)``: :class:`FixedFaces` when ``faces`` is present (no
    randomness, seed ``None``), else :class:`DiceStream` on ``seed`` or on a fresh :func:`new_seed`.

    Raises:
        InvalidRequest: ``faces`` not a list, or a bad ``seed``.
    """
    faces = request.get("faces")
    if faces is not None:
        if not isinstance(faces, list):
            raise InvalidRequest("faces must be a list of whole numbers", field="faces", code="faces.not_list")
        return FixedFaces(faces), None
    seed = request.get("seed")
    if seed is None:
        seed = new_seed()
    stream = DiceStream(seed)
    return stream, stream.seed.hex()
