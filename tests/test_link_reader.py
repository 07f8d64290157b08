"""The JavaScript roll-link reader (web/link-reader.mjs, issue #16) against the Python decoder.

The page shows a roll link's request (system, pool, label, roller, campaign) before the engine is
ready, read by a small JavaScript module; the engine then replaces it with the verified result.
This test runs that module under Node on every link of tests/vectors/ and on damaged copies of
them, and requires, link by link, exactly what the Python decoder says:

* a roll link the decoder accepts → the same roll-link view (``decode_payload_versioned``) and the
  same pool line as :func:`tirada.links.pool.pool_text`, in Spanish and English;
* a Spoils bidding link (kind 10, issue #29) the decoder accepts → its two sides and number of bids
  (the engine folds the bids; the reader never says whose bid it is);
* a link the decoder refuses, and any link of another kind → ``null`` (the reader fails quietly;
  the engine words the error).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tirada.wire.codec import decode_payload_versioned
from tirada.wire.frame import Simple, cbor_encode, encode_frame
from helpers.deflated import deflated
from helpers.link_reader import DRIVER, python_view, read_with_js

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "emscripten" or not shutil.which("node"),
                                reason="runs the page's JavaScript under Node")


def vector_fragments() -> list:
    """Every link fragment (``t1…``/``t2…``) found anywhere in tests/vectors/*.json, in file order."""
    found: list = []

    def walk(value) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and value[:2] in ("t1", "t2") and len(value) > 8 and \
                all(c.isalnum() or c in "-_" for c in value) and value not in found:
            found.append(value)

    for path in sorted((ROOT / "tests" / "vectors").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def variants(fragment: str) -> list:
    """The fragment as an address in the forms the page meets, and damaged copies of it."""
    other = "A" if fragment[-1] != "A" else "B"
    middle = len(fragment) // 2
    flipped = fragment[:middle] + ("x" if fragment[middle] != "x" else "y") + fragment[middle + 1:]
    return [fragment, "#" + fragment, f"https://example.org/tir/#{fragment}", f"  %23{fragment}%20 ",
            fragment[:-1] + other, fragment[:-1], flipped, fragment + "#" + fragment,
            fragment.replace("t", "t9", 1)]


def test_vectors_are_found():
    fragments = vector_fragments()
    kinds = {decode_payload_versioned(f)[:2] for f in fragments}
    assert len(fragments) >= 30
    assert {(1, "roll"), (2, "roll")} <= kinds and any(kind != "roll" for _, kind in kinds)


def test_js_reader_matches_python_on_every_vector_link(js_reader):
    addresses = [v for fragment in vector_fragments() for v in variants(fragment)]
    expected = [python_view(a) for a in addresses]
    got = read_with_js(js_reader, addresses)
    mismatches = [(a, e, g) for a, e, g in zip(addresses, expected, got) if e != g]
    assert not mismatches, mismatches[:3]
    accepted = sum(e is not None for e in expected)
    assert accepted >= 100 and sum(e is None for e in expected) >= 100   # both sides exercised


def test_js_reader_never_holds_dice_or_a_result(js_reader):
    fragment = vector_fragments()[0]
    view = read_with_js(js_reader, [fragment])[0]
    assert view is not None and set(view) == {"version", "link", "pool"}
    assert "result" not in json.dumps(view) and "faces" not in json.dumps(view)


def test_pool_line_of_a_sifrp_link(js_reader):
    link = "t1AYkBpAAEAQICAQQMUI8U5F_O6hZ6Wjbe3UvqJUMaawzJAGlBdGxldGlzbW9mU2hhcmxhckFyZW5hcyBTYW5ncmllbnRhcwdGASNFZ4mr5r2qNw"
    view = read_with_js(js_reader, [link])[0]
    assert view["pool"] == {"es": "SIFRP 4D+2B\u22121P contra 12", "en": "SIFRP 4D+2B\u22121P vs 12"}
    assert view["link"]["roller"] == "Sharla" and view["link"]["request"]["label"] == "Atletismo"


def test_unbuilt_reader_reads_nothing(tmp_path):
    """Without its tables (LINK_DATA null in generated.mjs) the reader answers null, never a guess."""
    shutil.copy(ROOT / "web" / "link-reader.mjs", tmp_path / "link-reader.mjs")
    (tmp_path / "generated.mjs").write_text("export const LINK_DATA = null;\n", encoding="utf-8")
    (tmp_path / "driver.mjs").write_text(DRIVER, encoding="utf-8")
    assert read_with_js(tmp_path, [vector_fragments()[0]]) == [None]


SEED = bytes(range(16))
PREV = bytes.fromhex("0123456789ab")
NONCE = bytes.fromhex("8c7fe62892b30371")


def nest(depth: int) -> list:
    """``[[…[1]…]]``: ``depth`` lists inside one another."""
    value: list = [1]
    for _ in range(depth - 1):
        value = [value]
    return value


def crafted() -> list:
    """Frames with a correct check whose body a faulty or hostile encoder wrote: the reader must
    accept exactly what the Python decoder accepts (the check alone proves nothing here)."""
    base = {0: 4, 1: 2}
    bodies = [
        [1, base, SEED], [1, {0: 4.0}, SEED], [1, {0: 4.5}, SEED], ["sifrp", base, SEED], ["brs", {"x": 1}, SEED],
        ["toy", {}, SEED], [1, {"test_dice": 4}, SEED], [1, {0: 4, "foo": [1, {"bar": None}]}, SEED],
        [1, base, SEED, None, "Cafe\u0301"], [1, base, SEED, None, ""], [1, base, SEED, None, "a\u200bb"],
        [1, base, SEED, None, "x" * 201], [1, base, SEED, None, "x" * 200], [1, base, SEED, None, "\U0001f3b2" * 200],
        [1, base, SEED, None, None, "Sharla", None, 2], [1, base, SEED, None, None, None, None, 1],
        [1, base, SEED, None, None, "Sharla", None, 1, PREV], [1, base, SEED, None, None, "Sharla", "C", 2, PREV],
        [1, base, SEED, 253402300800], [1, base, SEED, 253402300799], [1, base, SEED[:15]], [1, base, SEED * 2],
        [1, base, SEED * 2 + b"x"], [1, {0: 3, 11: Simple(1)}, SEED], [1, {0: 3, 11: Simple(5)}, SEED],
        [1, {0: b"x"}, SEED], [1, {0: 2 ** 60, 3: -(2 ** 64)}, SEED], [1, {0: True, 1: None}, SEED],
        [0, {0: 3, 1: 6, 7: [{0: 1, 1: 20}, {0: 2, 1: 6, 4: 3}]}, SEED], [2, {0: 3, 1: 1, 2: 3, 6: Simple(2)}, SEED],
        [3, {0: 7, 1: 6, 2: 1}, SEED], [1, {0: nest(16)}, SEED],
        [1, {0: nest(15)}, SEED], [1, base, SEED, None, None, None, None, None, None, None],
        [9, base, SEED], [-1, base, SEED], [True, base, SEED], [1, base, "x" * 16], [1, [], SEED],
        [1, {0: 3, 16: 4}, SEED], [1, {0: 3, 16: True}, SEED],
        [1, {0: 3, 15: "Ana", 14: [{15: "Bo", 0: 2, 1: 1}, {0: 4}, 7]}, SEED],
        # arithmetic trees (key 18; texts + - * / as simple values 0..3), well and badly formed
        [0, {18: [Simple(2), [Simple(1), 0, {0: 4, 1: 6, 2: 3}], -3], 5: 9}, SEED],
        [0, {18: [Simple(3), [Simple(0), {0: 1, 1: 6}, -2], [Simple(1), 0, -5]]}, SEED],
        [0, {18: [Simple(1), [Simple(1), 7, 2], [Simple(0), 1, 2]]}, SEED],
        [0, {18: [Simple(2), True, 2.5]}, SEED], [0, {18: ["%", 1, {0: 2}]}, SEED], [0, {18: [Simple(2), 1]}, SEED],
        [0, {18: -(2 ** 60)}, SEED], [0, {18: [Simple(3), {0: 2, 1: 6}, [Simple(3), 8, 2]]}, SEED],
    ]
    frames = [encode_frame(1, cbor_encode(b), version=v) for b in bodies for v in (1, 2)]
    raw = [bytes([0x83, 0x18, 0x01, 0xa0]) + cbor_encode(SEED), bytes([0x83, 0x01, 0xa2, 0x01, 0x02, 0x00, 0x04])
           + cbor_encode(SEED), bytes([0x83, 0x01, 0xa2, 0x00, 0x02, 0x00, 0x04]) + cbor_encode(SEED),
           cbor_encode([1, base, SEED]) + b"\x00", bytes([0x83, 0x01, 0xa1, 0x00, 0xf9, 0x3c, 0x00]) + cbor_encode(SEED)]
    frames += [encode_frame(1, r, version=v) for r in raw for v in (1, 2)]
    chained = [1, base, SEED, None, None, "Sharla", None, 7, PREV]
    first = __import__("tirada.fresh", fromlist=["entry_id"]).entry_id(7, PREV.hex(), SEED)
    v2 = [chained + [[NONCE, NONCE]], chained + [[[8, bytes.fromhex(first), NONCE]]], chained + [[[9, PREV, NONCE]]],
          chained + [[[9, PREV[:5], NONCE]]], chained + [[[7, PREV, NONCE]]], [1, base, SEED] + [None] * 6 + [[NONCE]],
          [1, base, SEED] + [None] * 6 + [[[3, PREV, NONCE]]], [1, base, SEED] + [None] * 7 + [NONCE],
          [1, base, SEED] + [None] * 7 + [NONCE[:7]], chained + [None, NONCE], chained + [[NONCE] * 41],
          chained + [[]], chained + [[NONCE[:7]]]]
    frames += [encode_frame(1, cbor_encode(b), version=2) for b in v2]
    frames.append(encode_frame(1, cbor_encode([1, base, SEED]), deflate=True))   # read compressed too
    frames += [deflated(f) for f in frames[:10]]          # roll links as another encoder may compress them
    return frames


def test_js_reader_matches_python_on_crafted_bodies(js_reader):
    addresses = crafted()
    expected = [python_view(a) for a in addresses]
    got = read_with_js(js_reader, addresses)
    mismatches = [(a, e, g) for a, e, g in zip(addresses, expected, got) if e != g]
    assert not mismatches, mismatches[:3]
    assert sum(e is not None for e in expected) >= 20 and sum(e is None for e in expected) >= 40


def bid_frames() -> list:
    """Bidding links (kind 10) as a faulty or hostile encoder could write them, with a correct check:
    every DEFLATE block type, uncompressed, a byte after the stream, a set padding bit, a body over
    the limit, and bodies of the wrong shape."""
    import zlib

    from tirada.wire.frame import b64_encode, payload_hash

    links = json.loads((ROOT / "tests" / "vectors" / "links.json").read_text("utf-8"))["links"]
    good = next(c for c in links if c["kind"] == "bid")["source"]
    body = cbor_encode(good)

    def frame(stored: bytes, raw: bytes, deflated: bool = True, version: int = 1) -> str:
        head = bytes([10 | (0x80 if deflated else 0)])
        check = payload_hash(10, raw, version)[:4]
        return f"t{version}" + b64_encode(head + stored + check)

    def raw_deflate(data: bytes, level: int = 9, strategy: int = zlib.Z_DEFAULT_STRATEGY) -> bytes:
        packer = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
        return packer.compress(data) + packer.flush()

    packed = raw_deflate(body)
    last_bit = 1 << 7                                   # the top bit of the last byte: padding unless used
    shapes = [{"setup": good["setup"], "bids": good["bids"], "x": 1}, {"setup": good["setup"], "bids": {}},
              {"setup": {"sides": ["A"]}, "bids": []}, {"setup": {"sides": ["A", ""]}, "bids": []},
              {"setup": {"sides": ["A", "B"]}, "bids": [b"x"]}, {"setup": {"sides": ["A", "B"]}, "bids": []},
              {"setup": {"sides": ["A", "B"], 1: 2}, "bids": []}, {"setup": [], "bids": []}, ["setup", "bids"]]
    big = cbor_encode({"setup": {"sides": ["A", "B"]}, "bids": ["x" * 1000] * 70})   # > 64 KiB inflated
    frames = [encode_frame(10, body, deflate=True), encode_frame(10, body), encode_frame(10, body, deflate=True, version=2),
              frame(raw_deflate(body, 0), body), frame(raw_deflate(body, 1, zlib.Z_FIXED), body),
              frame(raw_deflate(body, 9, zlib.Z_HUFFMAN_ONLY), body), frame(packed + b"\x00", body),
              frame(packed[:-1] + bytes([packed[-1] | last_bit]), body), frame(packed[:-1], body),
              frame(raw_deflate(big), big), frame(raw_deflate(body + b"\x00"), body + b"\x00"),
              frame(raw_deflate(body), body, version=2), frame(b"\xff" + packed, body)]
    frames += [encode_frame(10, cbor_encode(shape), deflate=d) for shape in shapes for d in (False, True)]
    return frames


def test_js_reader_reads_bidding_links_as_the_python_decoder(js_reader):
    """Kind 10 (issue #29): the reader shows a bidding link's sides and bids early exactly when the
    decoder accepts it, on hostile DEFLATE streams and bodies too."""
    addresses = bid_frames()
    expected = [python_view(a) for a in addresses]
    got = read_with_js(js_reader, addresses)
    mismatches = [(a, e, g) for a, e, g in zip(addresses, expected, got) if e != g]
    assert not mismatches, mismatches[:3]
    assert sum(e is not None for e in expected) >= 6 and sum(e is None for e in expected) >= 10
    assert expected[0] == {"version": 1, "kind": "bid", "sides": ["Haster (Cronista)", "Sharla"], "bids": 2}
