"""Fair dice: the ``sha256-ctr-v1`` draw has no modulo bias and its faces look uniform.

* The counting argument (docs/link-format.md §Dice) is checked for every die size 2..1000.
* Quick (unmarked): :class:`tirada.dice.DiceStream` itself, 24,000 draws per size, chi-square.
* Slow (``-m slow``, skipped in Pyodide): 10^6 draws per size d4, d6, d8, d10, d12, d20, plus a
  serial-pairs test. ``DiceStream.roll`` costs a few µs per draw on CPython (it records every draw),
  so the million-draw runs use :func:`fast_faces`, a batch version of the same algorithm, and a test
  first proves it draws exactly what ``DiceStream`` draws (10^5 draws per size, several seeds).

Chi-square bounds: both tails at p = 10^-4 (Wilson–Hilferty), so "too uniform" fails as well;
seeds are fixed, so the outcome is deterministic.
"""

from __future__ import annotations

import hashlib
import struct
import sys

import pytest

from tirada.dice import MAX_SIDES, DiceStream

SIZES = (4, 6, 8, 10, 12, 20)
Z_1E4 = 3.719   # standard normal quantile for an upper tail of 10^-4


def fast_faces(seed: bytes, sides: int, count: int) -> list:
    """``count`` faces of a ``sides``-sided die from a fresh stream on ``seed`` (batch sha256-ctr-v1)."""
    limit = 2 ** 32 - 2 ** 32 % sides
    unpack, sha, out, block = struct.Struct(">8I").unpack, hashlib.sha256, [], 0
    while len(out) < count:
        for b in range(block, block + 4096):
            out += [w % sides + 1 for w in unpack(sha(seed + b.to_bytes(8, "big")).digest()) if w < limit]
        block += 4096
    return out[:count]


def chi_square(faces: list, sides: int) -> float:
    counts = [0] * sides
    for face in faces:
        counts[face - 1] += 1
    expected = len(faces) / sides
    return sum((c - expected) ** 2 / expected for c in counts)


def bounds(df: int) -> tuple:
    """(lower, upper) chi-square quantiles at 10^-4 and 1 − 10^-4 (Wilson–Hilferty)."""
    a = 2 / (9 * df)
    return tuple(df * (1 - a + z * a ** 0.5) ** 3 for z in (-Z_1E4, Z_1E4))


def test_rejection_leaves_exactly_equal_preimages_for_every_die_size():
    for n in range(2, MAX_SIDES + 1):
        limit = 2 ** 32 - 2 ** 32 % n
        assert limit % n == 0 and 2 ** 32 - n < limit <= 2 ** 32   # each face: limit / n words


def test_the_same_rule_on_8_bit_words_is_exactly_uniform():
    for n in (3, 5, 6, 7, 10, 12, 20, 100):
        limit = 256 - 256 % n
        counts = [0] * n
        for w in range(256):
            if w < limit:
                counts[w % n] += 1
        assert len(set(counts)) == 1, n


def test_fast_faces_equal_dicestream_quick():
    for sides in SIZES + (2, 3, 100, 1000):
        stream = DiceStream(bytes(range(16)))
        assert [stream.roll(sides) for _ in range(2000)] == fast_faces(bytes(range(16)), sides, 2000)


@pytest.mark.parametrize("sides", [6, 20])
def test_dicestream_faces_are_uniform_quick(sides):
    stream = DiceStream("5eed" * 8)
    faces = [stream.roll(sides) for _ in range(24_000)]
    lo, hi = bounds(sides - 1)
    assert lo < chi_square(faces, sides) < hi


def test_chi_square_catches_a_biased_die():
    faces = [w % 6 + 1 for w in range(256)] * 1000   # byte % 6 without rejection: 1-4 get 43/256
    assert chi_square(faces, 6) > bounds(5)[1]
    assert chi_square([1, 2, 3, 4, 5, 6] * 10_000, 6) < bounds(5)[0]   # "too uniform" fails too


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "emscripten", reason="a million-draw run is for CPython")
def test_fast_faces_equal_dicestream_long():
    for k, sides in enumerate(SIZES):
        seed = hashlib.sha256(b"identity %d" % k).digest()[:16]
        stream = DiceStream(seed)
        assert [stream.roll(sides) for _ in range(100_000)] == fast_faces(seed, sides, 100_000)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "emscripten", reason="a million-draw run is for CPython")
@pytest.mark.parametrize("sides", SIZES)
def test_a_million_draws_are_uniform(sides):
    faces = fast_faces(hashlib.sha256(b"fair d%d" % sides).digest(), sides, 1_000_000)
    lo, hi = bounds(sides - 1)
    assert lo < chi_square(faces, sides) < hi


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "emscripten", reason="a million-draw run is for CPython")
def test_consecutive_pairs_are_uniform():
    faces = fast_faces(hashlib.sha256(b"pairs").digest(), 6, 1_000_000)
    pairs = [(a - 1) * 6 + b for a, b in zip(faces[::2], faces[1::2])]
    lo, hi = bounds(35)
    assert lo < chi_square(pairs, 36) < hi
