"""Hostile tester (h-break): a player who seals their own request can grind a blind roll in private,
then post only the blind roll and their own reveal. The sealed request that fixed the secret is not in
the thread (or the thread holds the GM's request, unanswered, and the player's roll answers another id),
so nothing shows the GM fixed the secret before the roll: the audit must not call it fair.

Failed on main b2a66de (fixed since; kept as regression tests): the thread audits ok with "1 tirada sellada, 1 revelada"."""

from __future__ import annotations

from tirada.links import sealed
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import ChainState

GM_KEY = "ab" * 32
PLAYER_KEY = "cd" * 32
BASE = "https://usuario.github.io/tirada/"
SPEC = {"system": "generic", "fields": {"dice": 3, "sides": 20}, "label": "Percepción", "for": "Sharla",
        "campaign": "Arenas", "created": 1796000000}
PLAYER = {"system": "generic", "dice": 3, "sides": 20}


def _ground_roll() -> tuple:
    """The player's best of 50 private blind rolls on a request sealed with the player's own secret."""
    own = sealed.seal_request(SPEC, PLAYER_KEY)
    best: tuple | None = None
    for _ in range(50):
        roll = sealed.blind_roll(own.fragment, PLAYER, ChainState("Sharla", "Arenas", 0, None), 1796000100)
        total = sealed.open_blind(PLAYER_KEY, roll.fragment).result["total"]
        if best is None or total > best[1]:
            best = (roll, total)
    assert best is not None
    roll = best[0]
    return roll.fragment, sealed.reveal(PLAYER_KEY, roll.fragment, created=1796000500)


def _thread(*fragments: str) -> str:
    return "\n\n".join(f"Post {k}: {BASE}#{f}" for k, f in enumerate(fragments))


def test_blind_roll_without_its_sealed_request_is_not_fair() -> None:
    blind, reveal = _ground_roll()
    report = audit_thread(_thread(blind, reveal), now=1796001000)
    assert report["ok"] is False, report["sealed"]


def test_blind_roll_answering_a_request_not_in_the_thread_while_the_gms_request_waits() -> None:
    gm_request = sealed.seal_request(SPEC, GM_KEY)
    blind, reveal = _ground_roll()
    report = audit_thread(_thread(gm_request.fragment, blind, reveal), now=1796001000)
    assert report["ok"] is False, report["sealed"]


def test_sealed_links_posted_with_another_address_are_flagged() -> None:
    """A GM's sealed request posted with a look-alike page's address: the player who clicks it rolls on
    a page the GM controls (which can pick the player's seed, and the GM knows the secret, so the GM
    chooses the dice). An ordinary roll link with another address is flagged audit.other_address;
    the sealed request, blind roll and reveal are not (main b2a66de: ok, no problem)."""
    request = sealed.seal_request(SPEC, GM_KEY)
    roll = sealed.blind_roll(request.fragment, PLAYER, ChainState("Sharla", "Arenas", 0, None), 1796000100)
    reveal = sealed.reveal(GM_KEY, roll.fragment, created=1796000500)
    evil = "https://usuario.github.io.evil.example/tirada/"
    text = "\n\n".join(f"Post: {evil}#{f}" for f in (request.fragment, roll.fragment, reveal))
    report = audit_thread(text, home=BASE, now=1796001000)
    assert report["ok"] is False
    assert any(p["code"] == "audit.other_address" for p in report["problems"])


def test_blind_roll_posted_after_its_secret_was_revealed_is_not_fair() -> None:
    """Once the request secret is public (sealed.reveal accepts the sealed request itself), a player who
    has not answered yet can compute the dice of any seed and post the best one. The audit calls the roll
    revealed and fair (main b2a66de: ok, no problem)."""
    request = sealed.seal_request(SPEC, GM_KEY)
    early_reveal = sealed.reveal(GM_KEY, request.fragment, created=1796000050)
    roll = sealed.blind_roll(request.fragment, PLAYER, ChainState("Sharla", "Arenas", 0, None), 1796000100)
    report = audit_thread(_thread(request.fragment, early_reveal, roll.fragment), now=1796001000)
    assert report["ok"] is False, report["sealed"]
