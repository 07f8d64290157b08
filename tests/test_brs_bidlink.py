"""The Spoils bidding played by links (issue #29, docs/brs-spoils.md §Bidding by links): each bid a
move in a link of kind "bid" that carries the set-up without a seed; opening it folds every bid
again; the thread audit checks it the same way.

Rules: blood-red-sands.md §Before the fight: the Spoils (the Chronicler bids first, sides alternate).
"""

from __future__ import annotations

import pytest

from tirada.errors import IllegalMove, LinkError
from tirada.links.audit import audit
from tirada.wire.codec import decode_payload, encode_payload
from tirada.systems.brs import replay
from tirada.systems.brs.bidlink import decode_bid_link, encode_bid_link
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.link import encode_link
from tirada.systems.brs.spoils import setup_fields

BIDS = [{"act": "pain", "text": "Sharla pierde el mapa"}, {"act": "pain", "text": "Haster queda en deuda con ella"},
        {"act": "call"}]
URL = "https://tirada.example/#"


def setup(seed: str = "00112233445566778899aabbccddeeff") -> dict:
    return example_setup(seed)


def test_each_bid_is_a_link_the_other_side_opens_and_answers():
    links = [encode_bid_link(setup(), BIDS[:k]) for k in range(1, 4)]
    first = decode_bid_link(links[0])
    assert first.bids == BIDS[:1] and first.state.turn == 1 and first.state.status == "open"   # Sharla's turn
    second = decode_bid_link(URL + links[1])
    assert second.state.turn == 0 and [p["text"] for p in second.state.pains] == [b["text"] for b in BIDS[:2]]
    done = decode_bid_link(links[2])
    assert done.state.status == "called"
    fields = setup_fields(done.state, tuple(done.setup["sides"]))
    assert fields["spoils"] == ["Haster (Cronista): Sharla pierde el mapa", "Sharla: Haster queda en deuda con ella"]
    fight = {**done.setup, **fields, "seed": "ab" * 16}            # the fight starts after the Call
    assert replay(fight, []).phase == "pick"


def test_the_link_carries_no_seed_so_nothing_of_the_fight_is_knowable_while_bidding():
    a = encode_bid_link(setup("00" * 16), BIDS[:1])
    b = encode_bid_link(setup("11" * 16), BIDS[:1])
    assert a == b
    assert not {"seed", "faces", "start"} & set(decode_bid_link(a).setup)
    assert not {"seed", "faces", "start"} & set(decode_payload(a)[1]["setup"])


def test_a_forged_bid_is_refused_when_the_link_opens_and_flagged_by_the_audit():
    forged = encode_payload("bid", {"setup": decode_bid_link(encode_bid_link(setup(), [])).setup,
                                    "bids": [{"act": "call"}]})           # the opening bid must name a Pain
    with pytest.raises(IllegalMove) as err:
        decode_bid_link(forged)
    assert err.value.code == "brs.bid_open_pain"
    good = encode_bid_link(setup(), BIDS[:2])
    report = audit(f"{URL}{good}\n{URL}{forged}")
    assert report["links_found"] == 2 and not report["ok"]
    assert [r["kind"] for r in report["other"]] == ["bid"]                 # the good bidding: valid
    assert [r["error"]["code"] for r in report["invalid"]] == ["brs.bid_open_pain"]
    assert audit(f"{URL}{good}")["ok"]


@pytest.mark.parametrize("body", [
    {"setup": {}, "bids": []}, {"bids": []}, {"setup": None, "bids": []}, {"setup": {}, "bids": "x"},
    {"setup": {}, "bids": [{}] * 50},
])
def test_damaged_bidding_links_are_refused_with_a_code(body):
    with pytest.raises(Exception) as err:
        decode_bid_link(encode_payload("bid", body))
    assert getattr(err.value, "code", None)      # a coded refusal, never a traceback


def test_a_confrontation_link_is_not_a_bidding_link():
    with pytest.raises(LinkError) as err:
        decode_bid_link(encode_link(setup(), []))
    assert err.value.code == "link.wrong_kind_bid"
