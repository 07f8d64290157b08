"""Share links v1 (docs/link-format.md): codec, roll links, chains, hardening, CLI."""

from __future__ import annotations

import json
import string
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tirada import systems
from tirada.errors import InvalidRequest, LinkError, TiradaError
from tirada.links.chain import (LIMITS, PARAM_KEYS, TRUST, TYPICAL, ChainState, decode_link, describe, encode_link,
                         link_id, link_sizes, next_link, verify)
from tirada.wire.codec import (KINDS, b64_decode, b64_encode, cbor_decode, cbor_encode, decode_payload,
                               encode_frame, encode_payload, payload_hash)
from helpers.cli import run

SEED = "8f14e45fceea167a5a36dedd4bea2543"
SIFRP = {"system": "sifrp", "seed": SEED, "test_dice": 4, "bonus_dice": 2, "label": "Atletismo"}
GENERIC = {"system": "generic", "seed": "ab" * 16, "dice": 3, "sides": 20, "keep": 1, "modifier": 5}
HOSTILE = [
    "<img src=x onerror=alert(1)>", "[url=javascript:alert(1)]x[/url]", "](javascript:alert(1))",
    "\u05e9\u05dc\u05d5\u05dd \u0639\u0631\u0628\u064a", "🎲🐉👨‍👩‍👧", "**bold** _x_ `code` # h", "&lt;b&gt;",
]
ALPHABET = string.ascii_letters + string.digits + "-_"


def chain_of(n: int, roller: str = "Sharla", campaign: str = "Arenas Sangrientas") -> list:
    state, out = ChainState(roller, campaign), []
    for i in range(n):
        fragment, state = next_link({**SIFRP, "seed": f"{i + 1:032x}"}, state, 1796000000 + 60 * i)
        out.append(fragment)
    return out


# ------------------------------------------------------------------------------ round trips
def test_roll_link_round_trip_keeps_request_and_chain_and_recomputes_result():
    fragment = encode_link(SIFRP, roller="Sharla", campaign="Arenas Sangrientas", seq=7,
                           prev="0123456789ab", created=1796000000, version=1)
    assert fragment.startswith("t1")
    link = decode_link("https://usuario.github.io/tir/#" + fragment)
    assert link == {"request": SIFRP, "roller": "Sharla", "campaign": "Arenas Sangrientas", "seq": 7,
                    "prev": "0123456789ab", "created": 1796000000}
    checked = verify("#" + fragment)
    assert verify("https://x.org/p%23" + fragment) == checked   # "#" percent-encoded by a forum
    assert checked["result"] == systems.roll(SIFRP)
    assert checked["description"] == {"es": "tirada nº 7 de Sharla en «Arenas Sangrientas»",
                                      "en": "roll #7 by Sharla in “Arenas Sangrientas”"}
    assert checked["created_iso"] == "2026-11-30T00:53:20Z"
    assert checked["id"] == link_id(fragment) and len(checked["id"]) == 12


def test_results_are_never_in_the_link():
    fragment = encode_link(GENERIC, version=1)
    assert decode_link(fragment) == {"request": GENERIC}
    assert decode_link(encode_link(GENERIC)) == {"format": 2, "request": {**GENERIC, "fresh": []}}
    faces = systems.roll(GENERIC)["faces"]
    assert "faces" not in json.dumps(decode_link(fragment)) and len(faces) == 3


def test_missing_seed_gets_a_fresh_one_and_empty_texts_are_dropped():
    link = decode_link(encode_link({"system": "generic", "dice": 1, "sides": 6, "label": ""}, roller=""))
    assert len(link["request"]["seed"]) == 32 and "label" not in link["request"] and "roller" not in link


def test_unknown_params_keys_and_values_survive_losslessly():
    request = {"system": "sifrp", "seed": SEED, "test_dice": 3, "helpers": [2, 4], "destiny_bonus": True}
    assert decode_link(encode_link(request, version=1))["request"] == request
    other = {"request": {"system": "future", "seed": SEED, "x": [1, {"y": None}], "z": "texto", "f": 1.5}}
    assert decode_payload(encode_payload("roll", other)) == ("roll", other)


def test_texts_are_normalised_to_nfc():
    link = decode_link(encode_link(GENERIC, roller="Jose\u0301"))
    assert link["roller"] == "Jos\u00e9"


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_texts_are_kept_literally(text):
    fragment = encode_link({**GENERIC, "label": text}, roller=text[:40], campaign=text)
    checked = verify(fragment)
    assert (checked["label"], checked["roller"], checked["campaign"]) == (text, text[:40], text)


# ------------------------------------------------------------------------------ refusals
@pytest.mark.parametrize("fields, field", [
    ({"roller": "x" * 41}, "roller"),
    ({"campaign": "y" * 10_000}, "campaign"),
    ({"roller": "Sha\u202erla"}, "roller"),
    ({"roller": "Sha\u200brla"}, "roller"),
    ({"roller": "a\nb"}, "roller"),
    ({"roller": 5}, "roller"),
    ({"seq": 2, "roller": "A"}, "prev"),
    ({"seq": 1, "prev": "0123456789ab", "roller": "A"}, "prev"),
    ({"prev": "0123456789ab"}, "prev"),
    ({"seq": 2, "prev": "xyz", "roller": "A"}, "prev"),
    ({"seq": 1}, "roller"),
    ({"seq": 0, "roller": "A"}, "seq"),
    ({"seq": True, "roller": "A"}, "seq"),
    ({"created": -1}, "created"),
])
def test_bad_chain_fields_are_refused_with_the_field(fields, field):
    with pytest.raises(InvalidRequest) as err:
        encode_link(GENERIC, **fields)
    assert err.value.field == field and "link-format.md" in err.value.rule


def test_creation_time_up_to_year_9999():
    fragment = encode_link(GENERIC, created=253402300799)
    assert verify(fragment)["created_iso"] == "9999-12-31T23:59:59Z"
    with pytest.raises(InvalidRequest):
        encode_link(GENERIC, created=253402300800)


def test_ten_thousand_character_label_is_refused_not_cut():
    with pytest.raises(InvalidRequest) as err:
        encode_link({**GENERIC, "label": "x" * 10_000})
    assert err.value.field == "label" and "at most 200" in err.value.message
    assert len(decode_link(encode_link({**GENERIC, "label": "x" * LIMITS["label"]}))["request"]["label"]) == 200


@pytest.mark.parametrize("request_, field", [
    ({**GENERIC, "faces": [1, 2, 3]}, "faces"),
    ({"seed": SEED, "dice": 1, "sides": 6}, "system"),
    ({**GENERIC, "seed": "zz"}, "seed"),
    ({**GENERIC, "sides": 1}, "sides"),
    ({**GENERIC, "bogus": 1}, "bogus"),
    ({"system": "nope", "seed": SEED}, "system"),
])
def test_bad_requests_are_refused(request_, field):
    with pytest.raises(InvalidRequest) as err:
        encode_link(request_)
    assert err.value.field == field


def test_a_decodable_link_with_a_refused_request_gives_a_link_error_with_the_reason():
    fragment = encode_payload("roll", {"request": {**GENERIC, "keep": 9}})
    with pytest.raises(LinkError) as err:
        verify(fragment)
    assert err.value.field == "keep" and "cannot keep 9 of 3" in err.value.message


# ------------------------------------------------------------------------------ chains
def test_next_link_numbers_and_links_the_chain():
    state = ChainState(" Sharla ", "Arenas Sangrientas")
    assert state.roller == "Sharla"
    first, state1 = next_link(SIFRP, state, 1796000000, version=1)
    second, state2 = next_link(GENERIC, state1, 1796000060, version=1)
    assert (decode_link(first)["seq"], "prev" not in decode_link(first)) == (1, True)
    assert decode_link(second)["seq"] == 2 and decode_link(second)["prev"] == link_id(first)
    assert state2 == ChainState("Sharla", "Arenas Sangrientas", 2, link_id(second))
    assert ChainState.from_dict(json.loads(json.dumps(state2.to_dict()))) == state2
    assert state1.seq == 1 and state.seq == 0   # states are values


def test_next_link_on_a_bad_request_leaves_no_new_state():
    state = ChainState("Sharla")
    with pytest.raises(InvalidRequest):
        next_link({**GENERIC, "sides": 0}, state, 1)
    assert state == ChainState("Sharla")


@pytest.mark.parametrize("data", [None, {}, {"v": 2, "roller": "A"}, {"v": 1, "roller": ""}, {"v": 1, "roller": "A", "seq": None},
                                  {"v": 1, "roller": "A", "seq": 1}, {"v": 1, "roller": "A", "seq": -1}])
def test_bad_chain_states_are_refused(data):
    with pytest.raises(InvalidRequest):
        ChainState.from_dict(data)


def test_describe_leaves_out_absent_parts():
    assert describe({"request": GENERIC}, "es") == "tirada"
    assert describe({"roller": "Bob", "seq": 3}, "en") == "roll #3 by Bob"


def test_trust_statement_is_honest_in_both_languages():
    assert "not a signature" in TRUST["en"] and "no una firma" in TRUST["es"]
    assert "another browser" in TRUST["en"] and "otro navegador" in TRUST["es"]


# ------------------------------------------------------------------------------ length budget
def test_typical_links_fit_the_160_character_budget():
    rows = link_sizes()
    assert len(rows) == len(TYPICAL)
    for row in rows[:-1]:
        assert row["url_chars"] <= 160 and row["within_budget"], row
    assert rows[-1]["url_chars"] <= 170   # the long L5R check: over budget, documented
    assert all(r["url_chars"] == 30 + r["fragment_chars"] for r in rows)


# ------------------------------------------------------------------------------ integrity
@pytest.mark.parametrize("index", [0, 1, 2])
def test_every_single_character_change_is_detected(index):
    fragment = [chain_of(3)[2], encode_link(GENERIC), encode_link({**SIFRP, "label": "🎲 x"})][index]
    for pos in range(len(fragment)):
        for ch in ALPHABET + "#%. ":
            if ch == fragment[pos] or (pos == 0 and ch == "#"):
                continue
            changed = fragment[:pos] + ch + fragment[pos + 1:]
            with pytest.raises(LinkError) as err:
                decode_payload(changed)
            assert err.value.field == "link" and len(err.value.message) >= 13


def test_every_truncation_is_detected_with_a_clear_message():
    fragment = chain_of(2)[1]
    for cut in range(len(fragment)):
        with pytest.raises(LinkError) as err:
            decode_payload(fragment[:cut])
        assert err.value.message and "\n" not in str(err.value)


def test_an_edited_link_says_so():
    fragment = encode_link(GENERIC)
    pos = len(fragment) // 2
    changed = fragment[:pos] + ("A" if fragment[pos] != "A" else "B") + fragment[pos + 1:]
    with pytest.raises(LinkError, match="cut short or changed"):
        verify(changed)


@pytest.mark.parametrize("text, message", [
    ("", "no link given"), ("#", "no link given"), ("https://x.org/", "not a Tirada link"),
    ("#t3AAAA", "format 3"), ("#t1AA*A", "cannot be in a link"), (5, "must be text"),
    ("t1" + "A" * 9000, "too long"),
])
def test_unreadable_links_name_the_problem(text, message):
    with pytest.raises(LinkError, match=message):
        decode_payload(text)


def _frame(kind_code: int, body: bytes) -> str:
    return encode_frame(kind_code, body)


@pytest.mark.parametrize("body, message", [
    (b"\x18\x05", "canonical"),                 # 5 written in a longer form
    (b"\xa2\x02\x00\x01\x00", "canonical"),     # map keys out of order
    (b"\x9f\xff", "encoding it may not use"),   # indefinite-length array
    (b"\xc1\x00", "tag"),                       # a CBOR tag
    (b"\x83\x01", "ends early"),
    (b"\x01\x02", "extra data"),
    (b"\x62\xff\xfe", "UTF-8"),
    (b"\x9b" + b"\xff" * 8, "ends early"),      # absurd count
    (b"\x81" * 40 + b"\x00", "nested too deeply"),
])
def test_non_canonical_or_malformed_bodies_are_refused_even_with_a_right_check(body, message):
    with pytest.raises(LinkError, match=message):
        decode_payload(_frame(KINDS["brs"], body))


def test_unknown_kind_and_wrong_kind():
    with pytest.raises(LinkError, match="unknown kind"):
        decode_payload(_frame(99, cbor_encode([1])))
    with pytest.raises(LinkError, match="not a roll"):
        verify(encode_payload("brs", {"setup": [1, 2]}))
    with pytest.raises(LinkError, match="unknown link kind"):
        encode_payload("poker", {})


def test_roll_bodies_of_the_wrong_shape_are_link_errors():
    for value in ([], [0, {}], [0, {}, b"x" * 16, None], [0, {}, "seed"], [True, {}, b"x" * 16],
                  [0, {"dice": 1}, b"x" * 16], [0, {}, b"x" * 16, None, ""], [0, {0: b"x"}, b"x" * 16],
                  [0, {}, b"x" * 16, None, None, None, None, 2, "0123456789ab"]):
        with pytest.raises(LinkError):
            decode_payload(_frame(KINDS["roll"], cbor_encode(value)))


# ------------------------------------------------------------------------------ generic payloads
def test_generic_payload_round_trip_with_compression():
    confrontation = {"setup": [[1, 6, "Sangre"], [2, 8, "Arena"]] * 20,
                     "log": [[i % 5, i % 7, [i, i + 1]] for i in range(300)]}
    fragment = encode_payload("brs", confrontation)
    assert decode_payload("#" + fragment) == ("brs", confrontation)
    assert len(fragment) < len(b64_encode(cbor_encode(confrontation)))   # DEFLATE was used
    assert len(fragment) < 2000


def test_generic_payload_refusals():
    for bad in (float("nan"), {1.5: 2}, {"a": object()}, "\ud800", {1: "int key"}, [b"bytes"]):
        with pytest.raises(LinkError):
            encode_payload("scene", bad)


def test_inflate_bomb_is_refused():
    import zlib
    body = cbor_encode("a" * 70_000)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(body) + packer.flush()
    check = payload_hash(KINDS["scene"], body)[:4]
    with pytest.raises(LinkError, match="larger than"):
        decode_payload("t1" + b64_encode(bytes([0x80 | KINDS["scene"]]) + packed + check))


def test_base64url_is_strict():
    assert b64_decode(b64_encode(b"\x00\xff\x10")) == b"\x00\xff\x10"
    with pytest.raises(LinkError):
        b64_decode("AAB")            # unused bits set
    with pytest.raises(LinkError):
        b64_decode("A")


def test_cbor_round_trips_json_like_values():
    for value in (0, 23, 24, 255, 256, 65536, 2 ** 32, -1, -25, -(2 ** 64), 2 ** 64 - 1, "ñ", b"",
                  [1, [2, [3]]], {"b": 1, "a": 2, 3: None}, True, False, None, -0.5):
        assert cbor_decode(cbor_encode(value)) == value
    with pytest.raises(LinkError):
        cbor_encode(2 ** 64)


# ------------------------------------------------------------------------------ fuzzing
def _mutations():
    seeds = chain_of(2) + [encode_link(GENERIC), encode_payload("brs", {"log": list(range(50))})]
    text = st.text(alphabet=ALPHABET + "#%*\u00e9", max_size=200)
    mutated = st.tuples(st.sampled_from(seeds), st.integers(0, 200), st.integers(0, 3), text).map(
        lambda t: t[0][:t[1] % (len(t[0]) + 1)] + t[3][:t[2]] + t[0][t[1] % (len(t[0]) + 1) + t[2]:])
    framed = st.tuples(st.integers(0, 130), st.binary(max_size=120)).map(lambda t: _frame(t[0] & 0x7F, t[1]))
    cbor_like = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 64, 2 ** 64 - 1) | st.text(max_size=5)
                             | st.binary(max_size=20),
                             lambda kids: st.lists(kids, max_size=9) | st.dictionaries(
                                 st.integers(0, 30) | st.text(max_size=3), kids, max_size=5), max_leaves=20)
    structured = cbor_like.map(lambda v: _frame(KINDS["roll"], cbor_encode(v)))
    value = st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["fire", "x", ""]) \
        | st.lists(st.integers(-1, 12) | st.booleans(), max_size=6)
    requests = st.sampled_from(sorted(PARAM_KEYS)).flatmap(lambda system: st.dictionaries(
        # "label" is a param key only inside generic "rolls" (the request's own label is the link's text)
        st.sampled_from([k for k in PARAM_KEYS[system] if k != "label"]), value, max_size=8).map(
        lambda params: encode_payload("roll", {"request": {"system": system, "seed": SEED, **params}})))
    return st.one_of(text, mutated, framed, structured, requests)


def _never_crashes(fragment):
    try:
        kind, _ = decode_payload(fragment)
        if kind == "roll":
            verify(fragment)
    except TiradaError as err:
        assert str(err) and "\n" not in str(err)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(_mutations())
def test_decoder_never_crashes_quick(fragment):
    _never_crashes(fragment)


@pytest.mark.slow
@settings(max_examples=12_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(_mutations())
def test_decoder_never_crashes_many(fragment):
    _never_crashes(fragment)


# ------------------------------------------------------------------------------ CLI


def test_cli_encode_then_verify():
    request = {**SIFRP, "roller": "Sharla", "campaign": "Arenas", "seq": 1, "created": 1796000000}
    code, out, _ = run(["link", "encode", json.dumps(request)])
    assert code == 0
    encoded = json.loads(out)
    assert encoded["fragment"].startswith("#t2") and encoded["chars"] == len(encoded["fragment"])
    code, out, _ = run(["link", "verify", "https://x.org/" + encoded["fragment"]])
    assert code == 0 and json.loads(out)["result"] == systems.roll({**SIFRP, "fresh": []})
    code, out, _ = run(["link", "verify", "-"], stdin=encoded["fragment"] + "\n")
    assert code == 0 and json.loads(out)["seq"] == 1


def test_cli_refusals_exit_2_with_one_line():
    for argv in (["link", "verify", "#t1AAAAAAAAAAAA"], ["link", "encode", "{"], ["link", "frobnicate"],
                 ["link", "encode", json.dumps({**GENERIC, "faces": [1, 2, 3]})]):
        code, out, err = run(argv)
        assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


def test_cli_sizes_and_decode():
    code, out, _ = run(["link", "sizes"])
    sizes = json.loads(out)
    assert code == 0 and len(sizes["format 1"]) == len(TYPICAL) and all(r["within_budget"] for r in sizes["format 2"])
    code, out, _ = run(["link", "decode", encode_payload("scene", {"a": [1]})])
    assert code == 0 and json.loads(out) == {"kind": "scene", "payload": {"a": [1]}}


@pytest.mark.skipif(sys.platform == "emscripten", reason="timing on CPython only")
def test_decoding_is_fast():
    import time
    fragment = chain_of(2)[1]
    start = time.process_time()   # CPU time of this process: a loaded machine does not fail it
    for _ in range(200):
        verify(fragment)
    assert time.process_time() - start < 2.0


def test_one_payload_has_one_body():
    from tirada.wire.codec import Simple
    base = [1, {0: 4}, bytes(16)]
    assert decode_payload(_frame(KINDS["roll"], cbor_encode(base)))[1]["request"]["system"] == "sifrp"
    for twin in ([Simple(1), {0: 4}, bytes(16)], [1, {"test_dice": 4}, bytes(16)], ["sifrp", {0: 4}, bytes(16)],
                 [1, {0: 4}, bytes(16), None, ""], [1, {0: 4}, bytes(16), Simple(3)]):
        with pytest.raises(LinkError):
            decode_payload(_frame(KINDS["roll"], cbor_encode(twin)))
