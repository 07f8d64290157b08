"""The roll-link round trip in one engine call (issue #12), peek_kind, and the pool line (issue #14)."""

from __future__ import annotations

import pytest

from tirada.links import chain as links
from tirada import systems
from tirada.wire import codec as link_codec
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
    # format 2 (fair play): the chain goes on from the link's last chain entry (docs/link-format.md §16)
    assert fragment.startswith("t2") and done.chain.seq == 7
    assert done.chain.last == done.verified["entries"][-1]["id"] != links.link_id(fragment)
    assert snippet_of(done.verified, done.fragment, BASE, "bbcode") == snippet(fragment, BASE, "bbcode")


def test_one_call_rolls_once_and_decodes_the_frame_once(monkeypatch):
    calls = {"roll": 0, "frame": 0}
    real_roll, real_frame = systems.roll, link_codec.decode_frame_versioned

    def count_roll(request, **options):
        calls["roll"] += 1
        return real_roll(request, **options)

    def count_frame(fragment):
        calls["frame"] += 1
        return real_frame(fragment)

    monkeypatch.setattr(systems, "roll", count_roll)
    # formats 1 and 2 decode through decode_frame_versioned
    for module in ("links.roll_link", "links.chain", "wire.codec"):
        monkeypatch.setattr(f"tirada.{module}.decode_frame_versioned", count_frame)
    done = roll_link(SIFRP, ChainState("Sharla"), 1796000000)
    snippet_of(done.verified, done.fragment, BASE, "markdown")
    # format 2: the one roll makes the fresh nonces (decision segments) and is the verified result;
    # the decoded link is compared with the request rolled, not rolled again (issue #25)
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
    assert done.chain == ChainState("Sakura", "", 3, done.verified["entries"][-1]["id"])


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
    real = link_codec.decode_frame_versioned
    monkeypatch.setattr("tirada.links.roll_link.decode_frame_versioned", lambda f: calls.append(f) or real(f))
    open_roll(fragment)
    assert len(calls) == 1
    with pytest.raises(LinkError):
        open_roll(link_codec.encode_payload("brs", {"v": 1}))
    with pytest.raises(LinkError):
        open_roll(fragment[:-2] + ("AA" if fragment[-2:] != "AA" else "BB"))


# ----------------------------------------------------------------- one roll per action (issue #25)
def _count_rolls(monkeypatch) -> list:
    """Count the engine's roll calls (every draw of every system goes through tirada.systems.roll)."""
    import tirada.systems as systems_mod

    calls: list = []
    real = systems_mod.roll

    def counted(*args, **kwargs):
        calls.append(args[0].get("system") if args and isinstance(args[0], dict) else None)
        return real(*args, **kwargs)

    monkeypatch.setattr(systems_mod, "roll", counted)
    return calls


def _decision(result: dict) -> dict:
    """A legal decision for the stage the check stopped at (keep the first die allowed; no reroll;
    an explosion die dropped when it may be)."""
    stage = result["stage"]
    if stage == "reroll":
        return {"rerolls": []}
    if stage == "keep":
        return {"keep": result["choices"]["allowed"][:max(1, result["choices"].get("min", 1))]}
    return {"explosions": result["decisions"]["explosions"] + [not result["choices"].get("may_drop", True)]}


@pytest.mark.parametrize("seed", [f"{k:032x}" for k in range(12)])
def test_a_roll_button_rolls_once_each_decision_once_and_finishing_not_at_all(monkeypatch, seed):
    """The page's calls for an L5R check (web/l5r/ui_l5r.py): fair_roll.begin on the roll button,
    fair_roll.advance per decision, fair_roll.finish + open_finished to make the link (seeds fixed:
    several checks, some with explosions)."""
    from tirada.links import fair_roll
    from tirada.links.roll_link import open_finished

    monkeypatch.setattr(fair_roll, "new_seed", lambda: seed)
    calls = _count_rolls(monkeypatch)
    request = {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "step": True, "label": "Saltar"}
    result, check = fair_roll.begin(request, ChainState("Sakura", "Rokugan"))
    assert len(calls) == 1
    decisions = 0
    while result["stage"] != "done":
        result, check = fair_roll.advance(check, _decision(result), check["chain"])
        decisions += 1
        assert len(calls) == 1 + decisions and decisions < 20
    final = {k: v for k, v in check["request"].items() if k not in ("step", "rerolls", "keep", "explosions")}
    final["keep"] = result["decisions"]["keep"]
    if result["decisions"]["rerolls"]:
        final["rerolls"] = result["decisions"]["rerolls"]
    if result["decisions"]["explosions"]:
        final["explosions"] = result["decisions"]["explosions"]
    before = len(calls)
    fragment = fair_roll.finish({**check, "request": final}, "Sakura", "Rokugan", 1796000000)
    verified = open_finished(fragment, final, result)
    assert len(calls) == before                      # nothing rolled to finish
    monkeypatch.undo()
    assert verify(fragment)["result"] == verified["result"]      # and the link replays those dice
    assert verified["seq"] == 1 and verified["label"] == "Saltar"


def test_a_sifrp_roll_with_a_link_rolls_once(monkeypatch):
    calls = _count_rolls(monkeypatch)
    roll_link({"system": "sifrp", "test_dice": 4, "bonus_dice": 2, "difficulty": 9}, ChainState("Sharla"), 1796000000)
    assert calls == ["sifrp"]


def test_a_finished_link_that_does_not_hold_the_request_played_is_refused():
    from tirada.links import fair_roll
    from tirada.links.roll_link import open_finished

    result, check = fair_roll.begin({"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2}, None)
    fragment = fair_roll.finish(check, None, None, 1796000000)
    with pytest.raises(LinkError) as err:
        open_finished(fragment, {**check["request"], "ring": 3}, result)
    assert err.value.code == "link.replay_mismatch"
    assert open_finished(fragment, {**check["request"], "void": False}, result)["result"] == {**result, "step": False}


@pytest.mark.parametrize("request_", [
    {"system": "sifrp", "test_dice": 4, "bonus_dice": 2, "penalty_dice": 1, "modifier": 3, "difficulty": 12},
    {"system": "generic", "dice": 5, "sides": 10, "keep": 3, "explode": True},
    {"system": "generic", "rolls": [{"dice": 1, "sides": 20, "modifier": 5}, {"dice": 2, "sides": 6}]},
    {"system": "tragedia", "protagonist_dice": 2, "adversary_dice": 6,
     "post_loss": {"tragedy_dice": 3, "last_dice": {"protagonist_side": 1, "adversary_side": 1}}},
    {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "keep": [0, 1]},
])
def test_the_one_roll_is_what_the_link_replays(request_):
    """The result roll_link returns (rolled once, nonces made then) is exactly what anyone opening
    the link recomputes, for every system (a post-loss Tragedia roll draws after a decision)."""
    for k in range(5):
        done = roll_link({**request_, "seed": f"{k + 1:032x}"}, ChainState("Sharla", "Arenas"), 1796000000)
        assert verify(done.fragment)["result"] == done.verified["result"]
