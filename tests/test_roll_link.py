"""The roll-link round trip in one engine call (issue #12), peek_kind, and the pool line (issue #14)."""

from __future__ import annotations

import pytest

from tirada.links import chain as links
from tirada import systems
from tirada.links import codec as link_codec
from tirada.errors import InvalidRequest, LinkError
from tirada.links.chain import ChainState, next_link, verify
from tirada.links.pool import pool_text
from tirada.links.roll_link import open_roll, peek_kind, reserve, roll_link
from tirada.links.snippets import snippet, snippet_of

SEED = "8f14e45fceea167a5a36dedd4bea2543"
SIFRP = {"system": "sifrp", "seed": SEED, "test_dice": 4, "bonus_dice": 2, "label": "Atletismo"}
BASE = "https://usuario.github.io/tir/"


def test_one_call_gives_the_same_link_result_and_chain_as_the_three_old_calls():
    chain = ChainState("Sharla", "Arenas Sangrientas", 6, "0123456789ab")
    done = roll_link(SIFRP, chain, 1796000000)
    fragment, state = next_link(SIFRP, chain, 1796000000)
    assert done.fragment == fragment and done.chain == state
    assert done.verified == verify(fragment)
    assert done.chain.seq == 7 and done.chain.last == links.link_id(fragment)
    assert snippet_of(done.verified, done.fragment, BASE, "bbcode") == snippet(fragment, BASE, "bbcode")


def test_one_call_rolls_once_and_decodes_the_frame_once(monkeypatch):
    calls = {"roll": 0, "frame": 0}
    real_roll, real_frame = systems.roll, link_codec.decode_frame

    def count_roll(request):
        calls["roll"] += 1
        return real_roll(request)

    def count_frame(fragment):
        calls["frame"] += 1
        return real_frame(fragment)

    monkeypatch.setattr(systems, "roll", count_roll)
    monkeypatch.setattr("tirada.links.roll_link.decode_frame", count_frame)
    monkeypatch.setattr("tirada.links.chain.decode_frame", count_frame)
    monkeypatch.setattr("tirada.links.codec.decode_frame", count_frame)
    done = roll_link(SIFRP, ChainState("Sharla"), 1796000000)
    snippet_of(done.verified, done.fragment, BASE, "markdown")
    assert calls == {"roll": 1, "frame": 1}


def test_unsigned_roll_has_no_chain_and_a_fresh_seed():
    done = roll_link({"system": "generic", "dice": 5, "sides": 10, "keep": 3, "modifier": 2})
    assert done.chain is None and done.verified["seq"] is None
    assert len(done.verified["request"]["seed"]) == 32
    assert done.verified["result"]["total"] == sum(done.verified["result"]["kept"]) + 2


def test_a_refused_roll_says_why_and_consumes_no_number():
    with pytest.raises(InvalidRequest) as err:
        roll_link({"system": "sifrp", "test_dice": 0, "bonus_dice": 1}, ChainState("Sharla"), 1)
    assert err.value.field == "test_dice"
    with pytest.raises(InvalidRequest):
        roll_link({"system": "sifrp", "test_dice": 2, "faces": [1, 2]})


def test_reserved_number_is_used_by_the_finished_check():
    request = {"system": "l5r5e", "seed": SEED, "ring": 3, "skill": 1, "tn": 3, "step": True}
    chain = ChainState("Sakura", "", 2, "0123456789ab")
    held, stored = reserve(chain, request, 1796000000)
    assert stored.seq == 3 and stored.last != chain.last           # an abandoned check leaves a gap
    final = {k: v for k, v in request.items() if k != "step"} | {"keep": [0, 1]}
    done = roll_link(final, reserved=held, created=1796000001)
    assert done.verified["seq"] == 3 and done.verified["prev"] == "0123456789ab"
    assert done.chain == ChainState("Sakura", "", 3, done.verified["id"])


@pytest.mark.parametrize("kind, payload", [("brs", {"v": 1}), ("scene", {"a": [1, 2]})])
def test_peek_kind_routes_even_a_broken_link(kind, payload):
    fragment = link_codec.encode_payload(kind, payload)
    assert peek_kind(fragment) == kind and peek_kind("https://x/#" + fragment) == kind
    broken = fragment[:-3] + ("AAA" if fragment[-3:] != "AAA" else "BBB")
    assert peek_kind(broken) == kind                               # routed, then refused by its view
    assert peek_kind(roll_link(SIFRP).fragment) == "roll"
    for junk in ("", "hola", "#t1", "#t2AAAA", None, "#t1AAAA"):
        assert peek_kind(junk) is None


@pytest.mark.parametrize("request_, lang, text", [
    ({"system": "sifrp", "test_dice": 4, "bonus_dice": 2, "penalty_dice": 1, "modifier": 3, "difficulty": 9},
     "en", "SIFRP 4D+2B\u22121P +3 vs 9"),
    ({"system": "sifrp", "test_dice": 3, "bonus_dice": 3, "destiny_bonus": True, "modifier": -2}, "es",
     "SIFRP 3D+4B \u22122 contra 9"),
    ({"system": "generic", "dice": 5, "sides": 10, "keep": 3}, "en", "5d10, keep 3"),
    ({"system": "generic", "dice": 5, "sides": 10, "keep": 3, "modifier": 2, "difficulty": 15}, "es",
     "5d10, guardas 3 +2 contra 15"),
    ({"system": "generic", "dice": 3, "sides": 6, "keep": 1, "keep_lowest": True}, "en", "3d6, keep 1 lowest"),
    ({"system": "generic", "rolls": [{"dice": 1, "sides": 20, "modifier": 5}, {"dice": 2, "sides": 6}]}, "en",
     "1d20 +5; 2d6"),
    ({"system": "l5r5e", "ring": 3, "skill": 1, "tn": 3, "stance": "fire", "assist_skilled": 1}, "en",
     "L5R Ring 3 + Skill 1 vs TN 3 (stance Fire, 1 helper)"),
    ({"system": "tragedia", "protagonist_dice": 7, "adversary_dice": 6}, "es",
     "Tragedia 7 dados del protagonista contra 6 dados del adversario"),
    ({"system": "nope"}, "es", "nope"),
    ({"system": "sifrp", "test_dice": [1]}, "es", "SIFRP [1]D contra 9"),
])
def test_pool_in_the_games_notation(request_, lang, text):
    assert pool_text(request_, lang) == text


def test_opening_a_link_decodes_once_and_matches_verify(monkeypatch):
    fragment = roll_link(SIFRP, ChainState("Sharla"), 1796000000).fragment
    assert open_roll("https://x/#" + fragment) == verify(fragment)
    calls = []
    real = link_codec.decode_frame
    monkeypatch.setattr("tirada.links.roll_link.decode_frame", lambda f: calls.append(f) or real(f))
    open_roll(fragment)
    assert len(calls) == 1
    with pytest.raises(LinkError):
        open_roll(link_codec.encode_payload("brs", {"v": 1}))
    with pytest.raises(LinkError):
        open_roll(fragment[:-2] + ("AA" if fragment[-2:] != "AA" else "BB"))
