"""Fair play v2 (issue #13) through the hostile-input parse of issue #18: format-2 links (``t2``)
are read by the one canonical parse and under the same limits as format 1 (docs/link-format.md
§2, §13, §16)."""

from __future__ import annotations

import hashlib

import pytest

from tirada.errors import InvalidRequest, LinkError
from tirada.wire import frame as link_frame
from tirada.links.audit import audit
from tirada.links.audit_fair import chain_report
from tirada.links.chain import ChainState, next_link, verify
from tirada.wire.codec import decode_body, encode_payload, read_frame, split_fragment, split_versioned
from tirada.links.gm_request import encode_request, new_request
from tirada.links.snippets import snippet
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.link import encode_link as brs_link

BASE = "https://usuario.github.io/tir/#"


def fair_link(n: int = 0) -> str:
    """A format-2 roll link of Sharla's chain (nº 1)."""
    seed = hashlib.sha256(f"fair/{n}".encode()).hexdigest()[:32]
    fragment, _ = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": seed},
                            ChainState("Sharla"), 1796000000)
    return fragment


def test_read_frame_reads_both_formats_and_says_which():
    two = fair_link()
    one = encode_payload("scene", {"n": 1})
    assert two.startswith("t2") and one.startswith("t1")
    assert read_frame(BASE + two)[0] == 2 and read_frame(one)[0] == 1
    assert split_versioned("%23" + two) == (2, two[2:]) and split_fragment(two) == two[2:]


@pytest.mark.parametrize("joiner", ["#", "%23"])
def test_a_second_fragment_is_refused_in_format_2_too(joiner):
    with pytest.raises(LinkError) as err:
        read_frame(BASE + fair_link(1) + joiner + fair_link(2))
    assert err.value.code == "link.two_fragments"


def test_the_work_limit_applies_to_format_2_before_inflating():
    bomb = encode_payload("scene", {"pad": "x" * 60000}, version=2)
    assert bomb.startswith("t2") and len(bomb) < 300
    with pytest.raises(LinkError) as err:
        read_frame(bomb, max_work=1000)
    assert err.value.code == "link.too_much_work" and err.value.field == "work"
    version, kind_code, body, work = read_frame(bomb)
    assert version == 2 and len(body) > 60000 and work >= len(body)


def test_decode_body_reads_the_layouts_of_the_frame_version():
    spec = new_request("sifrp", {"test_dice": 3}, "Atletismo", "Sharla")
    version, kind_code, body, _ = read_frame(encode_request(spec))
    assert version == 2
    kind, decoded = decode_body(kind_code, body, version)
    assert kind == "request" and decoded["id"] == spec["id"]
    with pytest.raises(LinkError) as err:   # the same body under format 1 is refused, with a code
        decode_body(kind_code, body, 1)
    assert err.value.code == "link.format2_only"


def test_audit_and_snippet_keep_the_format_2_tag():
    fragment = fair_link(3)
    report = audit(BASE + fragment[:20] + "%" + format(ord(fragment[20]), "02X") + fragment[21:])
    assert [g["roller"] for g in report["rollers"]] == ["Sharla"] and report["rollers"][0]["ok"]
    assert verify(BASE + fragment)["id"] == report["rollers"][0]["links"][0]["id"]
    assert "#" + fragment in snippet(fragment, BASE, "markdown", "en")


def test_format_2_chain_gaps_are_ranges_whatever_the_numbers():
    rows = [{"valid": True, "position": p, "entries": [{"seq": s, "prev": None, "id": f"id{s}"}]}
            for p, s in enumerate([1, 10**9])]
    report = chain_report(rows)
    assert report["missing"] == [[2, 10**9 - 1]] and not report["ok"]


def test_a_fair_play_confrontation_with_typed_dice_has_no_link():
    setup = {**example_setup(), "version": 2}
    assert "faces" in setup
    with pytest.raises(InvalidRequest) as err:
        brs_link(setup, [])
    assert err.value.code == "brs.link_typed_dice"


def test_max_fragment_is_shared_by_both_formats():
    with pytest.raises(LinkError) as err:
        split_versioned("t2" + "A" * link_frame.MAX_FRAGMENT)
    assert err.value.code == "link.too_long"
