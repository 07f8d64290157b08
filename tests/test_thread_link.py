"""Thread links (tirada.links.thread_link; issue #30): a forum thread carried to the audit in a URL
fragment by the "Comprobar este hilo" bookmarklet. Round trips, every refusal with its code, and
hostile fragments (a decompression bomb, damaged data, wrong shapes) bounded before the work."""

from __future__ import annotations

import base64
import json
import sys
import zlib

import pytest

from tirada.errors import LinkError
from tirada.links.audit import audit
from tirada.links.chain import encode_link
from tirada.links.thread_link import MAX_FRAGMENT, MAX_POSTS, PREFIX, ThreadPaste, decode_thread, encode_thread, is_thread


def _raw(doc) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(doc).encode()) + packer.flush()
    return PREFIX + base64.urlsafe_b64encode(data).decode().rstrip("=")


def _code(fragment) -> str:
    with pytest.raises(LinkError) as err:
        decode_thread(fragment)
    return err.value.code


def test_round_trip_keeps_posts_in_order():
    posts = ["Sharla tira: 4+4+4 = 12\nComprobar la tirada https://x.org/t/#t1abc", "Ñandú «sí» 🎲", ""]
    fragment = encode_thread("https://foro.example/viewtopic.php?t=7", posts)
    assert is_thread(fragment) and is_thread("hilo1.x") and not is_thread("t1AYMD") and not is_thread(None)
    got = decode_thread("#" + fragment)
    assert got == ThreadPaste("https://foro.example/viewtopic.php?t=7", tuple(posts))
    assert got.text() == "\n\n".join(f"── #{n} ──\n{post}" for n, post in enumerate(posts, 1))   # each after its post line


def test_the_audit_finds_every_link_of_a_thread_link_in_post_order():
    links = [encode_link({"system": "generic", "dice": 1, "sides": 20, "seed": f"{i:032x}"}, "Corvo", "Arena", i + 1,
                         None if i == 0 else "0" * 12) for i in range(3)]
    posts = [f"Post {i}: Comprobar la tirada https://usuario.github.io/tirada/#{link}" for i, link in enumerate(links)]
    report = audit(decode_thread(encode_thread("https://foro/", posts)).text())
    assert report["links_found"] == 3
    rows = report["rollers"][0]["links"]
    assert [r["seq"] for r in rows] == [1, 2, 3]
    assert [r["position"] for r in rows] == sorted(r["position"] for r in rows)


@pytest.mark.parametrize("fragment, code", [
    ("t1AYMDpAAHAQYCAQP1UI8U5F", "thread.not_thread"),
    (None, "thread.not_thread"),
    (PREFIX + "!!!", "thread.unreadable"),
    (PREFIX + "AAAA", "thread.unreadable"),                       # not DEFLATE
    (_raw("just a string"), "thread.shape"),
    (_raw({"page": "x", "posts": "not a list"}), "thread.shape"),
    (_raw({"page": 3, "posts": []}), "thread.shape"),
    (_raw({"page": "x", "posts": [1, 2]}), "thread.shape"),
    (_raw({"page": "x", "posts": ["a"] * (MAX_POSTS + 1)}), "thread.too_many_posts"),
    (PREFIX + "A" * (MAX_FRAGMENT + 1), "thread.too_large"),
])
def test_refusals_carry_their_codes(fragment, code):
    assert _code(fragment) == code


@pytest.mark.parametrize("size", [50_000_000, 10_000_000, 5_200_000])
def test_a_decompression_bomb_is_too_large_not_damaged(size):
    """~50 MB is cut while it unpacks; 10 MB and 5.2 MB unpack within the bound but are longer than a
    thread's text may be: "demasiado grande", not "dañado" (the hostile tester's report)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"[" + b" " * size) + packer.flush()     # megabytes of spaces in kilobytes
    fragment = PREFIX + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(fragment) < MAX_FRAGMENT
    assert _code(fragment) == "thread.too_large"


def test_not_utf8_or_not_json_is_unreadable():
    for data in (b"\xff\xfe\x00", b"{not json"):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        packed = packer.compress(data) + packer.flush()
        assert _code(PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")) == "thread.unreadable"


def test_a_cut_short_or_padded_thread_link_is_damaged():
    """A thread link is exactly one raw-DEFLATE stream (read by tirada.wire.inflate.inflate_raw, as
    roll links are): bytes after the stream's end, or a stream cut before its last block, are
    "dañado" even where the JSON inside is whole; the whole link reads."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    whole = packer.compress(json.dumps({"page": "https://foro/", "posts": ["Corvo tira 2d6"]}).encode()) + packer.flush()

    def fragment(data: bytes) -> str:
        return PREFIX + base64.urlsafe_b64encode(data).decode().rstrip("=")

    assert decode_thread(fragment(whole)).posts == ("Corvo tira 2d6",)
    assert _code(fragment(whole + b"\x00")) == "thread.unreadable"
    assert _code(fragment(whole + whole)) == "thread.unreadable"
    assert _code(fragment(whole[:-1])) == "thread.unreadable"


def test_encode_refuses_what_decode_would():
    with pytest.raises(LinkError) as err:
        encode_thread("x", ["a"] * (MAX_POSTS + 1))
    assert err.value.code == "thread.too_many_posts"
    with pytest.raises(LinkError):
        encode_thread("x", [1])


@pytest.mark.skipif(sys.platform == "emscripten", reason="reads web/ (CPython only)")
def test_the_bookmarklet_is_bound_to_the_official_address():
    from audit import bookmarklet

    href = bookmarklet.href("https://usuario.github.io/tirada/#t1old")
    assert href.startswith("javascript:") and "%0A" not in href and "\n" not in href
    assert 'const TIRADA = "https://usuario.github.io/tirada/"' in href
    assert f"MAX = {MAX_FRAGMENT}" in href and "hilo1." in href
