"""Hostile input against the sealed-roll decoders (issue #27; docs/link-format.md §13, §19): random
CBOR bodies under every sealed kind code, random and mutated fragments, every single-character change
and truncation of the vector links. The only exception that may escape is LinkError (with a code
that has its es/en text), and each decode is bounded by the fragment's size (8192 characters)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tirada.errors import LinkError
from tirada.links import sealed
from tirada.links.audit_sealed import audit_sealed
from tirada.wire.codec import decode_payload_versioned
from tirada.wire.frame import Simple, cbor_encode, encode_frame
from tirada.wire.sealed_layout import KIND_CODES

ROOT = Path(__file__).resolve().parents[1]
VECTORS = json.loads((ROOT / "tests" / "vectors" / "sealed.json").read_text("utf-8"))
FRAGMENTS = [case["fragment"] for case in VECTORS["links"]]


def _strings():
    from shell.strings_errors import STRINGS
    return STRINGS


CATALOG = _strings()
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _refused(fragment: str) -> None:
    """Decode as a sealed link; only a coded LinkError may escape."""
    try:
        sealed.read_sealed(fragment)
    except LinkError as err:
        assert "err." + err.code in CATALOG, err.code


leaves = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 64 + 1, 2 ** 64 - 1), st.text(max_size=30),
                   st.binary(max_size=40), st.sampled_from([bytes(8), bytes(16), bytes(24), bytes(6)]),
                   st.integers(0, 19).map(Simple))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=10), st.dictionaries(st.one_of(st.integers(0, 30), st.text(max_size=8)), inner,
                                                  max_size=6)), max_leaves=30)
#: bodies shaped like sealed ones: the scheme number first, then anything
sealed_like = st.builds(lambda rest: [1, *rest], st.lists(values, max_size=9))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(KIND_CODES.values())), st.one_of(values, sealed_like))
def test_random_bodies_are_refused_with_codes(code, body):
    try:
        raw = cbor_encode(body)
    except Exception:       # a value CBOR cannot hold (not canonical-able): nothing to decode
        return
    _refused(encode_frame(code, raw, version=2))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(FRAGMENTS), st.integers(0, 10_000), st.text(alphabet=B64, min_size=1, max_size=4))
def test_mutated_vector_links_are_refused_or_read_whole(fragment, at, insert):
    k = 2 + at % (len(fragment) - 2)
    _refused(fragment[:k] + insert + fragment[k + len(insert):])


@pytest.mark.parametrize("fragment", FRAGMENTS[:4] + FRAGMENTS[-2:])
def test_every_single_character_change_and_truncation_is_detected(fragment):
    for k in range(2, len(fragment)):
        for c in "AgQ_":
            if c != fragment[k]:
                changed = fragment[:k] + c + fragment[k + 1:]
                with pytest.raises(LinkError):
                    decode_payload_versioned(changed)
        with pytest.raises(LinkError):
            decode_payload_versioned(fragment[:k])


def test_oversized_and_garbage_input_is_refused_quickly():
    for text in ("t2" + "A" * 9000, "t2", "", "t2" + "%" * 40, "#t2" + FRAGMENTS[0][2:] + "#" + FRAGMENTS[1]):
        with pytest.raises(LinkError):
            sealed.read_sealed(text)
    report = audit_sealed("\n".join("https://x/#" + f for f in FRAGMENTS * 3))
    rolls = [case for case in VECTORS["links"] if case["kind"] in ("blind", "secret")]
    assert len(report.rows) == len(rolls) == 6 and report.revealed == 6 and report.ok


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_the_sealed_audit_never_fails_on_text(text):
    report = audit_sealed(text + " https://x/#" + FRAGMENTS[0])
    assert report.to_dict()["sealed"] == 0
