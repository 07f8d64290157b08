"""QA regressions: share links, thread audit and roll requests attacked with hostile input.

Each test names the bug it guards against (found by the QA pass of 2026-11-30).
"""

from __future__ import annotations

import hashlib
import sys
import time
import zlib

import pytest

from tirada.wire import codec as link_codec
from tirada.links.audit import MAX_WORK, audit, extract_links
from tirada.dice import DiceStream
from tirada.errors import InvalidRequest, LinkError, TiradaError
from tirada.fields import get_int
from tirada.links.chain import ChainState, encode_link, link_id, next_link
from tirada.wire.codec import b64_decode, b64_encode, cbor_encode, decode_payload, encode_frame, encode_payload
from tirada.systems import get_system, roll

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
BASE = "https://usuario.github.io/tir/#"
SEED = "8f14e45fceea167a5a36dedd4bea2543"


def _chain(n: int) -> list:
    state, out = ChainState("Sharla", "Arenas"), []   # format 1: the re-framing bug below is about t1
    for i in range(n):
        seed = hashlib.sha256(f"qa/{i}".encode()).hexdigest()[:32]
        fragment, state = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": seed}, state,
                                    1796000000 + i, version=1)
        out.append(fragment)
    return out


# ------------------------------------------------------------------ compressed links (brs, scene)
@pytest.mark.parametrize("kind, payload", [
    ("brs", {"a": [1, 2, 3] * 30}),
    ("scene", {"x": "y" * 100}),
    ("scene", {"moves": [{"who": "Ana", "n": i} for i in range(40)]}),
])
def test_every_single_character_edit_of_a_compressed_link_is_detected_or_harmless(kind, payload):
    """Bug: the unused high bits of the last DEFLATE byte were ignored by the inflater and not
    covered by the check, so changing the character holding them gave another link that still read.
    Those edits are now refused. DEFLATE has other redundant encodings (rare bits in a dynamic
    Huffman header): an edit there can still decode, but always to exactly the same payload, since
    the check covers the inflated body (reported; closing it needs a format change)."""
    fragment = encode_payload(kind, payload)
    assert b64_decode(fragment[2:])[0] & 0x80, "the sample must be compressed"
    tail = len(fragment) - 8     # the characters that hold the last DEFLATE byte and the check
    for i in range(2, len(fragment)):
        for ch in ALPHABET:
            if ch == fragment[i]:
                continue
            edited = fragment[:i] + ch + fragment[i + 1:]
            if i >= tail:
                with pytest.raises(LinkError):
                    decode_payload(edited)
                continue
            try:
                assert decode_payload(edited) == (kind, payload)
            except LinkError:
                pass


def test_padding_bits_after_the_deflate_stream_are_refused():
    body = cbor_encode({"x": "y" * 100})
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = bytearray(packer.compress(body) + packer.flush())
    fragment = link_codec.PREFIX + b64_encode(bytes([0x80 | 3]) + bytes(packed) +
                                              link_codec.payload_hash(3, body)[:4])
    assert decode_payload(fragment) == ("scene", {"x": "y" * 100})
    for bit in range(8):
        if not packed[-1] >> bit & 1:
            packed[-1] |= 1 << bit
            break
    else:
        pytest.skip("no free bit in this stream's last byte")
    edited = link_codec.PREFIX + b64_encode(bytes([0x80 | 3]) + bytes(packed) +
                                            link_codec.payload_hash(3, body)[:4])
    with pytest.raises(LinkError):
        decode_payload(edited)


# -------------------------------------------------------------------------------- thread audit
def test_audit_counts_a_roll_posted_in_two_frames_once():
    """Bug: a roll re-framed with DEFLATE (same payload, same id) showed as a false fork."""
    links = _chain(3)
    _, body = link_codec.decode_frame(links[1])
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(body) + packer.flush()
    twin = link_codec.PREFIX + b64_encode(bytes([0x81]) + packed + link_codec.payload_hash(1, body)[:4])
    assert twin != links[1] and link_id(twin) == link_id(links[1])
    report = audit(" ".join(BASE + f for f in [links[0], links[1], twin, links[2]]))
    (group,) = report["rollers"]
    assert group["forks"] == [] and group["ok"] and group["seqs"] == [1, 2, 3]
    assert next(r for r in group["links"] if r["seq"] == 2)["posted"] == 2


def test_audit_of_many_shortened_links_is_not_quadratic():
    """Bug: every shortened fragment was compared with every full one (minutes for 600 KB)."""
    parts = []
    for i in range(20000):
        digest = hashlib.sha256(str(i).encode()).hexdigest()
        parts.append(f"#t1{digest[:10]}… #t1{digest[10:22]} ")
    text = "".join(parts)
    start = time.process_time()   # this process's CPU time: other work on the machine does not count
    found = extract_links(text)
    assert len(found) == 40000
    # the quadratic bug took minutes; linear takes 0.5 s on CPython, 0.8 s in a fresh Pyodide and up to
    # 5 s late in the Pyodide suite's one long-lived process (its heap grown by 3,700 tests before it)
    assert time.process_time() - start < 15


def test_audit_stops_decoding_when_the_work_budget_is_spent():
    """Bug: 128-character links that inflate to 64 KB of tiny items took ~0.4 s each to decode,
    so a pasted thread of them froze the page for minutes; now a budget bounds the audit."""
    links = [encode_payload("scene", {"k": [0] * 60000, "n": i}) for i in range(12)]
    report = audit(" ".join(BASE + f for f in links))
    skipped = [r for r in report["invalid"] if r["reason"].startswith("not checked")]
    # decoded within the budget: scene links are replayed (issue #26), so these are refused as scenes
    checked = len(report["other"]) + len([r for r in report["invalid"] if not r["reason"].startswith("not checked")])
    assert checked >= 1 and skipped and checked + len(skipped) == 12
    assert checked * 60000 <= MAX_WORK + 70000


def test_audit_ignores_html_word_breaks_in_pasted_source():
    links = _chain(1)
    broken = links[0][:10] + "<wbr>" + links[0][10:20] + "&shy;" + links[0][20:30] + "&#8203;" + links[0][30:]
    report = audit(f'<a href="{BASE}{links[0]}">{BASE}{broken}</a>')
    assert report["links_found"] == 1 and report["invalid"] == [] and report["rollers"][0]["ok"]


def test_a_whole_link_followed_by_an_ellipsis_is_not_called_shortened():
    links = _chain(2)
    report = audit(f"primera {BASE}{links[0]}... y segunda {BASE}{links[1]}…")
    assert report["invalid"] == [] and report["rollers"][0]["seqs"] == [1, 2]


# --------------------------------------------------------------------------- requests and dice
@pytest.mark.parametrize("system", [[1], {"a": 1}, ["generic"]])
def test_an_unhashable_system_is_an_invalid_request(system):
    """Bug: ``{"system": [1]}`` raised TypeError (unhashable) instead of InvalidRequest."""
    with pytest.raises(InvalidRequest):
        roll({"system": system, "dice": 1, "sides": 6})
    with pytest.raises(InvalidRequest):
        get_system(system)


@pytest.mark.parametrize("seed", [16, 32, 10 ** 12, True, 1.5, [1, 2], {"a": 1}])
def test_a_seed_that_is_not_hex_text_is_refused(seed):
    """Bug: an integer seed became ``bytes(n)``: 16 → sixteen zero bytes (accepted!), 10**12 → a
    MemoryError."""
    with pytest.raises(InvalidRequest):
        roll({"system": "generic", "dice": 1, "sides": 6, "seed": seed})
    with pytest.raises(InvalidRequest):
        DiceStream(seed)


def test_a_huge_number_gives_a_short_message():
    with pytest.raises(InvalidRequest) as err:
        get_int({"sides": 10 ** 300}, "sides", lo=2, hi=1000)
    assert len(str(err.value)) < 120


def test_link_decoder_only_raises_tirada_errors_on_crafted_frames():
    crafted = [
        [1, {0: 4}, bytes(16), None, None, "r", None, 2, "0123456789ab"],
        [[1], {}, bytes(16)], [{"a": 1}, {}, bytes(16)], [1, {0: [[[[[[[[1]]]]]]]]}, bytes(16)],
        [1, {0: 2 ** 64 - 1}, bytes(16)], [1, {0: -2 ** 64}, bytes(16)], ["x" * 10000, {}, bytes(16)],
        [2, {0: 3, 1: 1, 2: 2, 6: link_codec.Simple(19)}, bytes(16)],
    ]
    from tirada.links.chain import verify

    for value in crafted:
        fragment = encode_frame(1, cbor_encode(value))
        try:
            verify(fragment)
        except TiradaError:
            pass


@pytest.mark.skipif(sys.platform == "emscripten", reason="timing on CPython only")
def test_deep_payloads_decode_in_linear_time():
    """Bug: the canonical re-encoding copied every nested level again (time × depth). Compared, not
    timed: 143 lists 28 deep against 1,000 lists 4 deep (the same ~4,000 items, both read to the
    end), best of 5 each, so a loaded machine slows both; copying per level made each item of the
    deep one ~7× dearer (measured: the deep one now takes a quarter of the shallow one's time)."""
    from tirada.links.chain import verify

    def best(depth: int, count: int) -> float:
        value = 0
        for _ in range(depth):
            value = [value]
        fragment = encode_frame(1, cbor_encode([0, {"x": [value] * count}, bytes(16)]))
        times = []
        for _ in range(5):
            start = time.process_time()
            with pytest.raises(LinkError) as err:
                verify(fragment)
            assert err.value.code == "link.roll_invalid"      # decoded whole, refused by the roll's check
            times.append(time.process_time() - start)
        return min(times)

    deep, shallow = best(28, 143), best(4, 1000)
    assert deep < 3 * shallow, (deep, shallow)
    assert encode_link({"system": "sifrp", "seed": SEED, "test_dice": 2}).startswith("t2")


def test_a_huge_field_names_the_field_not_the_link_format():
    """Bug: ``modifier: 10**23`` in a roll made on the page failed with "link: a number is too
    large for a link" (field ``link``, which the form does not have) instead of the modifier's range."""
    with pytest.raises(InvalidRequest) as err:
        encode_link({"system": "sifrp", "seed": SEED, "test_dice": 2, "modifier": 10 ** 23})
    assert err.value.field == "modifier"
    with pytest.raises(TiradaError) as err:
        encode_link({"system": "generic", "seed": SEED, "dice": 2, "sides": 6, "label": "x\u202e"})
    assert err.value.field == "label"


@pytest.mark.parametrize("wrap", ["https://x/#{}%20", "#%20{}", "https://x/%23{}", "{}%0A", " https://x/#{} "])
def test_percent_encoded_spaces_around_a_link_are_ignored(wrap):
    """Bug: a forum's or browser's trailing "%20" (location.hash keeps it encoded) made a good link
    "contain a character that cannot be in a link: '%'"."""
    from tirada.links.chain import verify

    fragment = encode_link({"system": "sifrp", "seed": SEED, "test_dice": 2})
    assert verify(wrap.format(fragment))["request"]["test_dice"] == 2


@pytest.mark.parametrize("text", ["t1AAAA%", "t1AAAA%ff", "t1%41%41%41%41%41%41%41%41"])
def test_bad_or_odd_percent_escapes_stay_link_errors(text):
    with pytest.raises(LinkError):
        decode_payload(text)


def _named_chain(roller: str, n: int, salt: str) -> list:
    state, out = ChainState(roller, "Arenas"), []
    for i in range(n):
        seed = hashlib.sha256(f"{salt}/{i}".encode()).hexdigest()[:32]
        fragment, state = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": seed}, state,
                                    1796000000 + i)
        out.append(fragment)
    return out


@pytest.mark.parametrize("twin", ["SHARLA", "Sh\u0430rla", "\uff33harla"])
def test_a_restart_under_a_name_that_looks_the_same_is_flagged(twin):
    """Bug: the link format refuses only a few invisible marks (bidi controls, U+200B, U+2060,
    U+FEFF); a soft hyphen, a Hangul filler, an invisible operator… in the roller's name made a
    second chain that looked identical but was audited apart, so its roll nº 1 was no restart.
    Those characters are now refused in every roller and campaign (next test); a name that only
    looks the same (case, a Cyrillic letter) is still named."""
    report = audit(" ".join(BASE + f for f in _named_chain("Sharla", 3, "a") + _named_chain(twin, 1, "b")))
    groups = {g["roller"]: g for g in report["rollers"]}
    assert set(groups) == {"Sharla", twin}
    assert groups["Sharla"]["lookalike"] == [twin] and not groups["Sharla"]["ok"]
    assert groups[twin]["lookalike"] == ["Sharla"] and not groups[twin]["ok"]
    assert "1 name that looks like this one" in groups["Sharla"]["summary"]["en"]


@pytest.mark.parametrize("twin", ["Sha\u00adrla", "Sharla\u3164", "Sha\u2063rla", "Sharla\u200c",
                                  "Sharla\U000e0020", "Sharla\u034f"])
def test_a_name_with_a_blank_or_invisible_character_cannot_make_a_second_chain(twin, monkeypatch):
    """Issue #38: such a name is refused when a chain is made, and a link made by other code that
    carries one does not verify: the audit flags it."""
    from tirada import names

    with pytest.raises(InvalidRequest) as err:
        ChainState(twin, "Arenas")
    assert err.value.code in ("name.blank_char", "name.hidden_char")
    monkeypatch.setattr(names, "refuse_blank", lambda *a, **k: None)
    forged = _named_chain(twin, 1, "b")
    monkeypatch.undo()
    report = audit(" ".join(BASE + f for f in _named_chain("Sharla", 3, "a") + forged))
    assert not report["ok"] and [g["roller"] for g in report["rollers"]] == ["Sharla"]
    assert [p["code"] for p in report["problems"]] == ["link.roll_invalid"]


def test_different_names_are_not_lookalikes():
    report = audit(" ".join(BASE + f for f in _named_chain("Ana", 2, "a") + _named_chain("Ana María", 2, "b")
                            + _named_chain("Ann", 1, "c")))
    assert all(g["lookalike"] == [] and g["ok"] for g in report["rollers"])


@pytest.mark.parametrize("style", ["bbcode", "markdown", "text"])
def test_a_url_in_a_label_does_not_become_a_link_in_a_snippet(style):
    """Bug: forums autolink plain ``https://…`` and ``www.…`` (phpBB magic URLs, GitHub-style
    Markdown even after backslash escapes), so a hostile label put a clickable link in the post."""
    from tirada.links.snippets import snippet

    fragment = encode_link({"system": "generic", "seed": SEED, "dice": 2, "sides": 6,
                            "label": "gana aquí https://evil.example/x o www.evil.example"},
                           roller="www.evil.example", campaign="http://evil")
    text = snippet(fragment, "https://usuario.github.io/tir/", style)
    head = text.splitlines()[0]
    assert "://" not in head and "www." not in head
    assert "evil" in head
    assert text.splitlines()[-1].count("https://usuario.github.io/tir/") == 1
