"""Every unchained kind flagged alike (issue #38; pylib/tirada/links/audit_games.py unchained_flags,
docs/link-format.md §9): an unnumbered GM secret roll or blind roll, a Confrontation start without a
chain number, format-1 links (a generic or L5R roll) inside a format-2 chain, and format-1 scenes that
roll among fair-play links — each can be tried again unseen, so each is named; the honest forms are not.
"""

from __future__ import annotations

import json
from pathlib import Path

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
from helpers.audit_cli import cli_report, codes, thread  # noqa: E402
KEY = "ab" * 32
L5R = {"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2}





def test_an_unnumbered_gm_secret_roll_is_flagged_like_an_unchained_answer():
    request = {"system": "generic", "dice": 1, "sides": 20, "label": "Emboscada"}
    loose = sealed.seal_gm_roll(KEY, request, None, 1796000000)
    report = audit_thread(thread(loose.fragment))
    assert codes(report) == ["audit.sealed_unchained"] and not report["ok"]
    assert codes(cli_report(thread(loose.fragment))) == ["audit.sealed_unchained"]
    chained = sealed.seal_gm_roll(KEY, request, ChainState("Máster", "Arenas"), 1796000000)
    assert audit_thread(thread(chained.fragment))["ok"]


def test_an_unnumbered_blind_roll_is_flagged():
    req = sealed.seal_request({"system": "sifrp", "fields": {"difficulty": 12}, "label": "Sigilo",
                               "for": "Sharla", "campaign": "Arenas", "created": 1796000000}, KEY)
    loose = sealed.blind_roll(req.fragment, {"system": "sifrp", "test_dice": 3}, None, 1796000100)
    assert "audit.sealed_unchained" in codes(audit_thread(thread(req.fragment, loose.fragment)))


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
    assert audit(thread(brs_link(signed, [])))["ok"]
    unsigned = {k: v for k, v in signed.items() if k != "start"}       # version 2, its start unnumbered
    report = audit(thread(brs_link(unsigned, [])))
    assert codes(report) == ["audit.unchained_start"] and not report["ok"]
    assert codes(cli_report(thread(brs_link(unsigned, [])))) == ["audit.unchained_start"]


def test_a_format_1_l5r_or_generic_link_in_a_format_2_chain_is_flagged():
    first = roll_link({**L5R, "seed": "11" * 16}, ChainState("Sharla", "Arenas"), 1796000000)
    chain = first.chain
    old_l5r = encode_link({**L5R, "seed": "22" * 16}, "Sharla", "Arenas", chain.seq + 1, chain.last, 1796000001,
                          version=1)
    report = audit(thread(first.fragment, old_l5r))
    flagged = [(p["code"], p["roller"], p["seq"]) for p in report["problems"]]
    assert flagged == [("audit.format1_in_chain", "Sharla", chain.seq + 1)] and not report["ok"]
    old_generic = encode_link({"system": "generic", "dice": 1, "sides": 20, "seed": "33" * 16}, "Sharla", "Arenas",
                              chain.seq + 1, chain.last, 1796000001, version=1)
    assert codes(audit(thread(first.fragment, old_generic))) == ["audit.format1_in_chain"]
    # an old thread of format-1 links only is read as before
    alone = encode_link({"system": "generic", "dice": 1, "sides": 20, "seed": "44" * 16}, "Bob", "Viejo", 1, None,
                        1700000000, version=1)
    assert audit(thread(alone))["ok"]


def _old_scene(seed: str) -> dict:
    ledger = start(EXAMPLE, schema=1)
    for action in SEED_ACTIONS:
        ledger = act(ledger, action)
    return act(ledger, {"roll": "final"}, seed=seed)


def test_format_1_scenes_that_roll_among_fair_play_links_are_flagged_and_a_retry_too():
    fair = roll_link({**L5R, "seed": "11" * 16}, ChainState("Sharla", "Arenas"), 1796000000).fragment
    one, two = to_fragment(_old_scene("1" * 32)), to_fragment(_old_scene("2" * 32))
    report = audit(thread(fair, one))
    assert codes(report) == ["audit.format1_in_chain"]
    retry = audit(thread(fair, one, two))
    assert sorted(codes(retry)) == ["audit.format1_in_chain", "audit.format1_in_chain", "audit.scene_fork"]
    assert audit(thread(one))["ok"]                   # an old thread alone: read as before
