"""The worked sealed thread (issue #27 item 4): a player answers one sealed request twice, the GM posts a
forged reveal and one blind roll stays sealed — shared by tests/test_audit_sealed_thread.py, the audit
job's tests and the audit worker's e2e test (issue #41)."""

from __future__ import annotations

from tirada.links import sealed
from tirada.links.chain import ChainState
from tirada.wire.codec import encode_payload

KEY = "ab" * 32
OTHER = "cd" * 32
BASE = "https://usuario.github.io/tirada/"
SPEC = {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}}, "label": "Sigilo",
        "for": "Sharla", "campaign": "Arenas", "created": 1796000000}
PLAYER = {"system": "sifrp", "test_dice": 4, "bonus_dice": 1}
DAY = 86400


def _thread(*fragments: str) -> str:
    return "\n\n".join(f"Post {k}: {BASE}#{f}" for k, f in enumerate(fragments))


def _request(key: str = KEY, label: str = "Sigilo") -> sealed.SealedRequest:
    return sealed.seal_request({**SPEC, "label": label}, key)


def bad_thread() -> tuple:
    """A thread where Sharla answers one sealed request twice (nº 1, nº 2), the GM posts a forged
    reveal for the second request (answered by nº 3) and the third (nº 4) is never revealed; the GM
    reveals the first. Sharla's chain itself is whole."""
    double, mismatched, waiting = _request(label="Sigilo"), _request(label="Trepar"), _request(label="Oír")
    a1 = sealed.blind_roll(double.fragment, PLAYER, ChainState("Sharla", "Arenas"), 1796000100)
    a2 = sealed.blind_roll(double.fragment, PLAYER, a1.chain, 1796000200)
    m = sealed.blind_roll(mismatched.fragment, PLAYER, a2.chain, 1796000300)
    w = sealed.blind_roll(waiting.fragment, PLAYER, m.chain, 1796000400)
    forged = encode_payload("reveal", {"id": mismatched.id, "secret": "11" * 16}, version=2)
    text = _thread(double.fragment, a1.fragment, a2.fragment, mismatched.fragment, m.fragment, forged,
                   waiting.fragment, w.fragment, sealed.reveal(KEY, double.fragment))
    return text, (a1, a2, m, w)
