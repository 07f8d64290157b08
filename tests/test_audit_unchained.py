"""Every unchained kind flagged alike (issue #38; pylib/tirada/links/audit_games.py unchained_flags,
docs/link-format.md §9): an unnumbered GM secret roll or blind roll, a Confrontation start without a
chain number, format-1 links (a generic or L5R roll) inside a format-2 chain, and format-1 scenes that
roll among fair-play links — each can be tried again unseen, so each is named; the honest forms are not.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from tirada.cli import main
from tirada.links import sealed
from tirada.links.audit import audit
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import ChainState, encode_link
from tirada.links.roll_link import roll_link
from tirada.systems.brs.link import encode_link as brs_link
from tirada.systems.brs.signed import start_fresh
from tirada.systems.tragedia.play import EXAMPLE, act, start, to_fragment

from helpers.tragedia import SEED_ACTIONS

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://usuario.github.io/tirada/"
KEY = "ab" * 32
L5R = {"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2}


def _thread(*fragments: str) -> str:
    return "\n\n".join(f"Post {k}: {BASE}#{f}" for k, f in enumerate(fragments, 1))


def _codes(report: dict) -> list:
    return [p["code"] for p in report["problems"]]


def _cli(text: str) -> dict:
    out = io.StringIO()
    assert main(["audit"], stdin=io.StringIO(text), stdout=out, stderr=io.StringIO()) == 0
    return json.loads(out.getvalue())


def test_an_unnumbered_gm_secret_roll_is_flagged_like_an_unchained_answer():
    request = {"system": "generic", "dice": 1, "sides": 20, "label": "Emboscada"}
    loose = sealed.seal_gm_roll(KEY, request, None, 1796000000)
    report = audit_thread(_thread(loose.fragment))
    assert _codes(report) == ["audit.sealed_unchained"] and not report["ok"]
    assert _codes(_cli(_thread(loose.fragment))) == ["audit.sealed_unchained"]
    chained = sealed.seal_gm_roll(KEY, request, ChainState("Máster", "Arenas"), 1796000000)
    assert audit_thread(_thread(chained.fragment))["ok"]


def test_an_unnumbered_blind_roll_is_flagged():
    req = sealed.seal_request({"system": "sifrp", "fields": {"difficulty": 12}, "label": "Sigilo",
                               "for": "Sharla", "campaign": "Arenas", "created": 1796000000}, KEY)
    loose = sealed.blind_roll(req.fragment, {"system": "sifrp", "test_dice": 3}, None, 1796000100)
    assert "audit.sealed_unchained" in _codes(audit_thread(_thread(req.fragment, loose.fragment)))


def _brs_setup() -> dict:
    brs = json.loads((ROOT / "docs" / "examples" / "brs-haster-sharla.json").read_text("utf-8"))
    return {k: v for k, v in brs["setup"].items() if k != "faces"} | {"campaign": "Arenas"}


def test_a_confrontation_start_without_a_chain_number_is_flagged():
    state = {"chain": ChainState("Haster", "Arenas")}

    def commit(roller: str, fresh: str) -> dict:
        from tirada.links.chain import reserve

        position, state["chain"] = reserve(state["chain"], fresh)
        return position

    signed = start_fresh(_brs_setup(), "Haster", commit)
    assert audit(_thread(brs_link(signed, [])))["ok"]
    unsigned = {k: v for k, v in signed.items() if k != "start"}       # version 2, its start unnumbered
    report = audit(_thread(brs_link(unsigned, [])))
    assert _codes(report) == ["audit.unchained_start"] and not report["ok"]
    assert _codes(_cli(_thread(brs_link(unsigned, [])))) == ["audit.unchained_start"]


def test_a_format_1_l5r_or_generic_link_in_a_format_2_chain_is_flagged():
    first = roll_link({**L5R, "seed": "11" * 16}, ChainState("Sharla", "Arenas"), 1796000000)
    chain = first.chain
    old_l5r = encode_link({**L5R, "seed": "22" * 16}, "Sharla", "Arenas", chain.seq + 1, chain.last, 1796000001,
                          version=1)
    report = audit(_thread(first.fragment, old_l5r))
    flagged = [(p["code"], p["roller"], p["seq"]) for p in report["problems"]]
    assert flagged == [("audit.format1_in_chain", "Sharla", chain.seq + 1)] and not report["ok"]
    old_generic = encode_link({"system": "generic", "dice": 1, "sides": 20, "seed": "33" * 16}, "Sharla", "Arenas",
                              chain.seq + 1, chain.last, 1796000001, version=1)
    assert _codes(audit(_thread(first.fragment, old_generic))) == ["audit.format1_in_chain"]
    # an old thread of format-1 links only is read as before
    alone = encode_link({"system": "generic", "dice": 1, "sides": 20, "seed": "44" * 16}, "Bob", "Viejo", 1, None,
                        1700000000, version=1)
    assert audit(_thread(alone))["ok"]


def _old_scene(seed: str) -> dict:
    ledger = start(EXAMPLE, schema=1)
    for action in SEED_ACTIONS:
        ledger = act(ledger, action)
    return act(ledger, {"roll": "final"}, seed=seed)


def test_format_1_scenes_that_roll_among_fair_play_links_are_flagged_and_a_retry_too():
    fair = roll_link({**L5R, "seed": "11" * 16}, ChainState("Sharla", "Arenas"), 1796000000).fragment
    one, two = to_fragment(_old_scene("1" * 32)), to_fragment(_old_scene("2" * 32))
    report = audit(_thread(fair, one))
    assert _codes(report) == ["audit.format1_in_chain"]
    retry = audit(_thread(fair, one, two))
    assert sorted(_codes(retry)) == ["audit.format1_in_chain", "audit.format1_in_chain", "audit.scene_fork"]
    assert audit(_thread(one))["ok"]                   # an old thread alone: read as before
