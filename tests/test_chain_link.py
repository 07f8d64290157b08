"""Continue a chain on another device (issue #13 part 3): the hand-over link, and the audit of an
honest two-device player (one chain) against a copied state (a fork) and a new chain (a restart)."""

from __future__ import annotations

import pytest

from tirada.links.audit import audit
from tirada import chainbook
from tirada.links.handover import decode_handover, encode_handover
from tirada.errors import LinkError
from tirada.links.chain import ChainState, encode_link, next_link
from tirada.wire.codec import encode_payload

BASE = "https://foro.example/#"
ROLL = {"system": "sifrp", "test_dice": 2}


def post(*fragments: str) -> str:
    return "\n".join(f"Post {i}: {BASE}{f}" for i, f in enumerate(fragments))


def rolls(state: ChainState, n: int) -> tuple:
    out = []
    for _ in range(n):
        fragment, state = next_link(ROLL, state, 1796000000)
        out.append(fragment)
    return out, state


def test_hand_over_round_trips_and_is_small():
    state = rolls(ChainState("Sharla", "Arenas Sangrientas"), 3)[1]
    fragment = encode_handover(state, 1796000000)
    assert fragment.startswith("t2") and len(fragment) < 80
    assert decode_handover("https://x.org/#" + fragment) == (state, 1796000000)
    assert decode_handover(encode_handover(ChainState("Ana")))[0] == ChainState("Ana")
    with pytest.raises(LinkError, match="not a chain"):
        decode_handover(encode_link(ROLL))
    with pytest.raises(LinkError, match="format 2"):
        encode_payload("chain", {"roller": "Ana", "seq": 0})


def test_an_honest_two_device_player_keeps_one_chain():
    phone_links, phone = rolls(ChainState("Sharla", "Arenas"), 2)
    outcome, desktop, _ = chainbook.receive({}, encode_handover(phone))
    assert outcome == "adopted"
    desktop_links, desktop = rolls(desktop, 2)
    book, link = {"Sharla\nArenas": phone.to_dict()}, encode_handover(desktop)
    assert chainbook.receive(book, link)[0] == "ask"          # a chain held here: asked first (issue #38)
    outcome, back, _ = chainbook.receive(book, link, chainbook.plan(book, link).key)
    assert outcome == "adopted" and back == desktop
    more, _ = rolls(back, 1)
    g = audit(post(*phone_links, *desktop_links, *more))["rollers"][0]
    assert g["ok"] and g["seqs"] == [1, 2, 3, 4, 5]


def test_without_the_hand_over_two_devices_fork_or_restart():
    phone_links, phone = rolls(ChainState("Sharla", "Arenas"), 2)
    copied_links, _ = rolls(phone, 1)            # the same state used on a second device
    again_links, _ = rolls(phone, 1)
    g = audit(post(*phone_links, *copied_links, *again_links))["rollers"][0]
    assert g["forks"] and not g["ok"]
    fresh_links, _ = rolls(ChainState("Sharla", "Arenas"), 1)   # a new browser, no hand-over
    g = audit(post(*phone_links, *fresh_links))["rollers"][0]
    assert g["restarts"] and "otro dispositivo" in g["summary"]["es"]


def test_receiving_never_steps_back():
    _, ahead = rolls(ChainState("Sharla"), 3)
    _, behind = rolls(ChainState("Sharla"), 1)
    book = {"Sharla\n": ahead.to_dict()}
    assert chainbook.receive(book, encode_handover(behind))[:2] == ("older", ahead)
    assert chainbook.receive(book, encode_handover(ahead))[:2] == ("same", ahead)
