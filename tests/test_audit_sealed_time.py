"""Sealed checks against time as well as text order (issue #38; docs/link-format.md §19.7).

A player who edits her post after the GM's reveal, swapping her blind roll for one made at the same
chain number once the secret was public, keeps the roll's place in the text: only the links'
``created`` times show it (``audit.sealed_made_after_reveal``). A blind roll made before its sealed
request, and a GM's secret roll made after its own reveal, are flagged as well; the honest thread is not.
"""

from __future__ import annotations


from tirada.links import sealed
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import ChainState

KEY = "ab" * 32
from helpers.audit_cli import cli_report, codes, thread  # noqa: E402
SPEC = {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}}, "label": "Sigilo",
        "for": "Sharla", "campaign": "Arenas", "created": 1796000000}
PLAYER = {"system": "sifrp", "test_dice": 4, "bonus_dice": 1}





def test_a_blind_roll_swapped_in_after_the_reveal_is_flagged_by_its_time():
    req = sealed.seal_request(SPEC, KEY)
    start = ChainState("Sharla", "Arenas")
    honest = sealed.blind_roll(req.fragment, PLAYER, start, 1796000100)
    revealed = sealed.reveal(KEY, req.fragment, created=1796000500)
    clean = audit_thread(thread(req.fragment, honest.fragment, revealed))
    assert clean["ok"], clean["problems"]
    # the same chain number, made after the secret was public, edited into her post: text order unchanged
    swapped = sealed.blind_roll(req.fragment, PLAYER, start, 1796000600)
    report = audit_thread(thread(req.fragment, swapped.fragment, revealed))
    assert codes(report) == ["audit.sealed_made_after_reveal"] and not report["ok"]
    (problem,) = report["problems"]
    assert (problem["roller"], problem["seq"]) == ("Sharla", 1)
    assert codes(cli_report(thread(req.fragment, swapped.fragment, revealed))) == ["audit.sealed_made_after_reveal"]


def test_a_blind_roll_made_before_its_request_is_flagged():
    req = sealed.seal_request(SPEC, KEY)
    early = sealed.blind_roll(req.fragment, PLAYER, ChainState("Sharla", "Arenas"), 1795999000)
    report = audit_thread(thread(req.fragment, early.fragment))
    assert codes(report) == ["audit.sealed_made_before_request"]


def test_a_secret_roll_made_after_its_own_reveal_is_flagged():
    request = {"system": "generic", "dice": 1, "sides": 20, "label": "Emboscada"}
    first = sealed.seal_gm_roll(KEY, request, ChainState("Máster", "Arenas"), 1796000000, roll_id="0123456789abcdef")
    shown = sealed.reveal(KEY, first.fragment, {k: v for k, v in request.items() if k != "label"}, created=1796000300)
    assert audit_thread(thread(first.fragment, shown))["ok"]
    again = sealed.seal_gm_roll(KEY, request, ChainState("Máster", "Arenas"), 1796000400, roll_id="0123456789abcdef")
    report = audit_thread(thread(again.fragment, shown))
    assert codes(report) == ["audit.sealed_made_after_reveal"]
