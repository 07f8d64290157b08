"""Dice sources (tirada.dice): the sha256-ctr-v1 stream, given faces, seeds."""

import hashlib

import pytest

from tirada.dice import DiceStream, FixedFaces, dice_for, new_seed, parse_seed
from tirada.errors import InvalidRequest

SEED = "00112233445566778899aabbccddeeff"


def reference_faces(seed_hex, sides, n):
    """Independent re-implementation of the documented algorithm, word by word."""
    seed = bytes.fromhex(seed_hex)
    words = []
    block = 0
    out = []
    limit = 2**32 - (2**32 % sides)
    while len(out) < n:
        if not words:
            digest = hashlib.sha256(seed + block.to_bytes(8, "big")).digest()
            words = [int.from_bytes(digest[i:i + 4], "big") for i in range(0, 32, 4)]
            block += 1
        w = words.pop(0)
        if w < limit:
            out.append(w % sides + 1)
    return out


@pytest.mark.parametrize("sides", [2, 4, 6, 7, 10, 12, 20, 100, 1000])
def test_stream_matches_reference(sides):
    stream = DiceStream(SEED)
    assert [stream.roll(sides) for _ in range(50)] == reference_faces(SEED, sides, 50)


def test_same_seed_same_faces_and_draws_recorded():
    a, b = DiceStream(SEED), DiceStream(SEED)
    faces_a = [a.roll(6) for _ in range(20)]
    assert faces_a == [b.roll(6) for _ in range(20)]
    assert [d.face for d in a.draws] == faces_a
    assert all(d.sides == 6 for d in a.draws)


def test_different_seeds_differ():
    a = DiceStream(SEED)
    b = DiceStream("ff" * 16)
    assert [a.roll(20) for _ in range(20)] != [b.roll(20) for _ in range(20)]


def test_faces_in_range_for_each_size():
    s = DiceStream(new_seed())
    for sides in (2, 3, 4, 6, 8, 10, 12, 20, 1000):
        faces = [s.roll(sides) for _ in range(300)]
        assert min(faces) >= 1 and max(faces) <= sides


def test_rejection_skips_words_at_or_above_limit():
    """Words at or above the largest multiple of n are discarded, never folded with a modulo."""
    limit = 2**32 - (2**32 % 6)  # 4294967292
    words = iter([limit, 2**32 - 1, limit - 1, 7])
    stream = DiceStream(SEED)
    stream._next_word = lambda: next(words)
    assert stream.roll(6) == (limit - 1) % 6 + 1
    assert stream.roll(6) == 7 % 6 + 1
    assert [d.face for d in stream.draws] == [(limit - 1) % 6 + 1, 2]


@pytest.mark.parametrize("bad", [1, 0, 1001, True, 6.0, "6"])
def test_bad_sides_refused(bad):
    with pytest.raises(InvalidRequest, match="sides"):
        DiceStream(SEED).roll(bad)


@pytest.mark.parametrize("bad", ["abc", "00" * 8, "zz" * 16, "0" * 33, 12345, None, "00" * 33])
def test_bad_seed_refused(bad):
    with pytest.raises(InvalidRequest, match="seed"):
        parse_seed(bad)


def test_new_seed_is_128_bits_hex():
    seed = new_seed()
    assert len(seed) == 32 and parse_seed(seed) == bytes.fromhex(seed)
    assert new_seed() != seed


def test_fixed_faces_checks_range_count_and_leftovers():
    f = FixedFaces([3, 6])
    assert f.roll(6) == 3
    with pytest.raises(InvalidRequest, match=r"faces\[1\].*d4 cannot show 6"):
        f.roll(4)
    g = FixedFaces([1])
    g.roll(6)
    with pytest.raises(InvalidRequest, match="more dice than the 1 faces"):
        g.roll(6)
    h = FixedFaces([1, 2])
    h.roll(6)
    with pytest.raises(InvalidRequest, match="used only 1"):
        h.finish()
    with pytest.raises(InvalidRequest, match=r"faces\[0\]"):
        FixedFaces(["1"])


def test_dice_for_picks_source():
    dice, seed = dice_for({"faces": [1, 2]})
    assert isinstance(dice, FixedFaces) and seed is None
    dice, seed = dice_for({"seed": SEED.upper()})
    assert isinstance(dice, DiceStream) and seed == SEED
    dice, seed = dice_for({})
    assert isinstance(dice, DiceStream) and len(seed) == 32
    with pytest.raises(InvalidRequest, match="faces"):
        dice_for({"faces": "1,2"})
