"""The thread audit reads Tragedia scene and Confrontation links as the page opens them (issue 26,
items 1–2): replayed with the page's own limits, their signed rolls and starts in the chains of who
made them, and their forks named (a roll tried twice, a Confrontation started twice).
docs/link-format.md §9, §16.10; pylib/tirada/links/audit_games.py.
"""

import json
import sys
from pathlib import Path

import pytest

from tirada.links.audit import audit
from tirada.links.audit_games import game_forks, game_move_rows, game_row
from tirada.links.chain import ChainState, next_link, reserve
from tirada.wire.codec import encode_payload
from tirada.systems.brs.link import encode_link
from tirada.systems.brs.signed import start_fresh
from tirada.systems.tragedia.play import EXAMPLE, act, start, to_fragment

from helpers.brs import big_setup, play_out
from helpers.tragedia import SEED_ACTIONS

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://tirada.example/#"


class Browser:
    """One browser's chain storage (the page reads the chain at each commit and stores the new one)."""

    def __init__(self, states: dict | None = None) -> None:
        self.states = dict(states or {})

    def commit(self, roller: str, fresh: str, campaign: str = "Arenas") -> dict:
        state = self.states.get((roller, campaign)) or ChainState(roller, campaign)
        position, self.states[(roller, campaign)] = reserve(state, fresh)
        return position

    def roll(self, roller: str, campaign: str = "Arenas") -> str:
        state = self.states.get((roller, campaign)) or ChainState(roller, campaign)
        link, self.states[(roller, campaign)] = next_link({"system": "generic", "dice": 1, "sides": 6}, state, 1)
        return link


def lost_scene(browser: Browser) -> dict:
    """The example scene (campaign "Arenas"), gathered and rolled by Batiato: lost, post-loss open."""
    from tirada.dice import DiceStream
    from tirada.systems.tragedia.roll import final_stage

    seed = next(s for s in (f"{n:032x}" for n in range(400))
                if final_stage(7, 6, DiceStream(s), 1, True)["winner"] == "adversary")
    ledger = start({**EXAMPLE, "campaign": "Arenas"})
    for action in SEED_ACTIONS:
        ledger = act(ledger, action)
    ledger = act(ledger, {"roll": "final", "by": "Batiato"}, seed=seed, commit=browser.commit)
    return act(ledger, {"add": "tragedy", "by": "Corvo"})


def post_loss(ledger: dict, browser: Browser) -> dict:
    return act(ledger, {"roll": "post_loss", "by": "Corvo"}, commit=browser.commit)


def thread(*fragments: str) -> str:
    return "\n\n".join(f"Post {k}: [url={BASE}{f}]Comprobar[/url]" for k, f in enumerate(fragments, 1))


def group(report: dict, roller: str) -> dict:
    return next(g for g in report["rollers"] if g["roller"] == roller)


def test_a_post_loss_roll_tried_twice_is_named_as_a_scene_fork():
    gm, corvo = Browser(), Browser()
    shared = lost_scene(gm)
    first = corvo.roll("Corvo")                      # Corvo's nº 1: an ordinary roll, posted
    try1 = post_loss(shared, corvo)                  # nº 2
    try2 = post_loss(shared, corvo)                  # nº 3: the same step again, in the same browser
    report = audit(thread(first, to_fragment(shared), to_fragment(try1), to_fragment(try2)))
    forks = report["game_forks"]
    assert len(forks) == 1 and forks[0]["kind"] == "scene" and forks[0]["rolled"]
    assert forks[0]["action"] == len(shared["actions"])
    assert "roll tried twice" in forks[0]["reason"]
    # the fork is among the named problems under the verdict (web/audit/audit_view.py), worded by its code
    named = [p for p in report["problems"] if p["code"] == "audit.scene_fork"]
    assert not report["ok"] and len(named) == 1 and named[0]["params"]["rolled"]["code"] == "audit.scene_fork_rolled"
    corvo_group = group(report, "Corvo")
    assert corvo_group["seqs"] == [1, 2, 3]
    assert [m["what"] for m in corvo_group["moves"]] == ["scene_roll", "scene_roll"]
    assert [m["stage"] for m in corvo_group["moves"]] == ["post_loss", "post_loss"]
    assert group(report, "Batiato")["seqs"] == [1] and group(report, "Batiato")["ok"]
    only_second = audit(thread(first, to_fragment(shared), to_fragment(try2)))
    assert group(only_second, "Corvo")["missing"] == [[2, 2]] and not group(only_second, "Corvo")["ok"]
    assert only_second["game_forks"] == []


def test_a_post_loss_roll_from_two_devices_is_a_chain_fork():
    gm, phone = Browser(), Browser()
    shared = lost_scene(gm)
    phone.roll("Corvo")
    laptop = Browser(phone.states)                   # the same chain state, copied to another device
    a, b = post_loss(shared, phone), post_loss(shared, laptop)
    assert a["actions"][-1]["chain"] == b["actions"][-1]["chain"]
    report = audit(thread(to_fragment(a), to_fragment(b)))
    forks = group(report, "Corvo")["forks"]
    assert len(forks) == 1 and forks[0]["seq"] == 2 and len(forks[0]["ids"]) == 2
    assert report["game_forks"][0]["rolled"]


def test_the_same_scene_posted_again_counts_its_rolls_once_and_an_older_scene_is_format_1():
    gm, corvo = Browser(), Browser()
    shared = lost_scene(gm)
    done = post_loss(shared, corvo)
    report = audit(thread(to_fragment(shared), to_fragment(done), to_fragment(done)))
    assert report["game_forks"] == [] and group(report, "Batiato")["seqs"] == [1]
    assert [o["format"] for o in report["other"]] == [2, 2]
    old = start(EXAMPLE, schema=1)
    for action in SEED_ACTIONS + [{"roll": "final"}]:
        old = act(old, action)
    report = audit(thread(to_fragment(old)))
    assert report["other"] == [{"kind": "scene", "position": report["other"][0]["position"], "format": 1}]
    assert report["rollers"] == [] and report["invalid"] == []


def test_a_scene_link_the_page_refuses_is_reported_invalid_with_its_reason():
    old = start(EXAMPLE, schema=1)
    illegal = {**old, "actions": [{"add": "support", "by": "Corvo"}]}
    too_many = {**old, "actions": [{"add": "support", "by": "Ashur"}] * 501}
    signed = lost_scene(Browser())
    report = audit(thread(encode_payload("scene", illegal), encode_payload("scene", too_many),
                          encode_payload("scene", signed), encode_payload("scene", [1, 2], version=2)))
    codes = [bad["error"]["code"] for bad in report["invalid"]]
    assert codes == ["tragedia.support_role", "tragedia.link_too_many_actions", "tragedia.link_format_schema",
                     "link.wrong_kind_scene"]
    assert report["other"] == [] and report["rollers"] == []


def test_a_confrontation_started_twice_is_named_and_its_unposted_start_is_a_gap():
    brs = json.loads((ROOT / "docs" / "examples" / "brs-haster-sharla.json").read_text("utf-8"))
    setup = {k: v for k, v in brs["setup"].items() if k != "faces"} | {"campaign": "Arenas"}
    chronicler = Browser()
    roll = chronicler.roll("Haster")                                  # nº 1, posted
    one = start_fresh(setup, "Haster", chronicler.commit)              # nº 2
    two = start_fresh(setup, "Haster", chronicler.commit)              # nº 3: "Empezar" pressed again
    both = audit(thread(roll, encode_link(one, []), encode_link(two, [])))
    fork = both["game_forks"]
    assert len(fork) == 1 and fork[0]["kind"] == "brs_start"
    assert fork[0]["starts"] == [{"roller": "Haster", "seq": 2}, {"roller": "Haster", "seq": 3}]
    named = [p for p in both["problems"] if p["code"] == "audit.brs_restart"]
    assert not both["ok"] and named[0]["params"] == {"n": 2, "starts": ["Haster nº 2", "Haster nº 3"]}
    haster = group(both, "Haster")
    assert haster["seqs"] == [1, 2, 3] and [m["what"] for m in haster["moves"]] == ["start", "start"]
    only = audit(thread(roll, encode_link(two, [])))
    assert group(only, "Haster")["missing"] == [[2, 2]] and only["game_forks"] == []


def test_a_confrontation_link_the_page_refuses_is_invalid_and_a_rematch_of_unsigned_ones_is_noted():
    setup = big_setup(traits=6)
    log = play_out(setup, exchanges=2)
    padded = log + [{"move": "pick", "attacker": 0, "target": 1}] * (1600 - len(log))
    report = audit(thread(encode_link(setup, padded)))
    assert [b["error"]["code"] for b in report["invalid"]] == ["brs.link_too_many_moves"]
    assert report["other"] == []
    again = audit(thread(encode_link(setup, log), encode_link({**setup, "seed": "ff" * 16}, [])))
    assert again["game_forks"][0]["kind"] == "brs_start" and again["game_forks"][0]["starts"] == [None, None]
    unsigned = [p for p in again["problems"] if p["code"] == "audit.brs_restart"][0]["params"]["starts"]
    assert [s["code"] for s in unsigned] == ["audit.start_unsigned", "audit.start_unsigned"]


def test_game_rows_never_raise_on_hostile_bodies():
    for kind in ("scene", "brs"):
        for body in (None, 7, "x", [], [2, [], []], {"actions": "x"}, [2, ["a"] * 11, [[99]]], {"schema": 2}):
            row = game_row(kind, {"position": 0, "posted": 1}, body, "0" * 12, "t2…", 2)
            assert row["valid"] is False and row["error"]["code"], (kind, body)
    assert game_move_rows({"kind": "scene"}) == [] and game_forks([]) == []


def test_scene_forks_are_linear_in_the_actions_posted():
    """A hostile thread of many diverging copies of one scene: one fork per parting point, no
    pairwise work (each link's prefixes are hashed once)."""
    base = start(EXAMPLE, schema=1)
    rows = []
    for k in range(300):
        actions = [{"add": "support", "by": "Ashur", "note": f"n{k}"}]
        rows.append({"kind": "scene", "valid": True, "position": k, "setup_key": "s", "actions": actions})
    forks = game_forks(rows)
    assert len(forks) == 1 and forks[0]["positions"] == [0, 1] and not forks[0]["rolled"]
    assert base["actions"] == []


def test_start_forks_need_the_same_set_up():
    rows = [{"kind": "brs", "valid": True, "position": p, "start_key": key, "setup_key": sk, "start": None}
            for p, key, sk in ((0, "a", "1"), (1, "a", "1"), (2, "b", "2"), (3, "b", "3"))]
    forks = game_forks(rows)
    assert [f["positions"] for f in forks] == [[2, 3]]


@pytest.mark.parametrize("n", [1, 2])
def test_every_vector_game_link_is_valid_in_the_audit(n):
    doc = json.loads((ROOT / "tests" / "vectors" / "links.json").read_text("utf-8"))
    games = [c["fragment"] for c in doc["links"] if c["kind"] in ("scene", "brs") and c["fragment"][1] == str(n)]
    report = audit(thread(*games))
    assert report["invalid"] == [] and len(report["other"]) == len(games)


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_scene_says_what_its_link_proves_in_both_languages():
    from tragedia import ui_scene_render

    from tirada.systems.tragedia.play import view

    signed = view(lost_scene(Browser()))
    old = view(start(EXAMPLE, schema=1))
    assert signed.signed and not old.signed
    assert "cadena de quien tira" in ui_scene_render.proves_text(signed, "es")
    assert "roller's chain" in ui_scene_render.proves_text(signed, "en")
    assert "formato anterior" in ui_scene_render.proves_text(old, "es")
    assert "older format" in ui_scene_render.proves_text(old, "en")
