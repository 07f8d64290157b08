"""Simulated forum players for the luck report (tirada.links.luck; issue #26): honest ones and
cherry-pickers who roll several times from the same place in their chain and post the best.

Shared by tests/test_luck.py and tests/e2e/test_luck_page.py.
"""

from __future__ import annotations

import hashlib

from tirada.links.chain import ChainState
from tirada.links.luck import Pricer
from tirada.links.roll_link import roll_link

__all__ = ["REQUESTS", "chained_thread", "seed"]

#: what a forum player rolls over a campaign: several systems and sizes, all with exact odds
REQUESTS = [
    {"system": "generic", "dice": 1, "sides": 20, "modifier": 3},
    {"system": "generic", "dice": 3, "sides": 6},
    {"system": "generic", "dice": 4, "sides": 6, "keep": 3},
    {"system": "generic", "dice": 2, "sides": 10},
    {"system": "sifrp", "test_dice": 3, "bonus_dice": 1, "difficulty": 9},
    {"system": "sifrp", "test_dice": 4, "difficulty": 12},
    {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 2},
]


def seed(*parts) -> str:
    """A fixed 128-bit seed from ``parts`` (the simulations replay exactly)."""
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:32]


def chained_thread(roller: str, tries: int, rolls: int = 30, base: str = "https://usuario.github.io/tirada/") -> str:
    """A player's posted rolls as a thread: each roll made ``tries`` times from the same place in
    their chain (browser data restored between tries, or their own code: the chain looks complete)
    and the luckiest posted."""
    pricer, chain, posts = Pricer(), ChainState(roller, "Arenas"), []
    for i in range(rolls):
        request = REQUESTS[i % len(REQUESTS)]
        if request["system"] == "l5r5e":
            request = REQUESTS[0]
        best = None
        for k in range(tries):
            done = roll_link({**request, "seed": seed(roller, tries, i, k)}, chain, 1796000000 + i)
            luck = pricer.rate(done.verified["request"], done.verified["result"])
            if best is None or luck.percentile > best[0]:
                best = (luck.percentile, done)
        chain = best[1].chain
        posts.append(f"Post {i}: {base}#{best[1].fragment}")
    return "\n".join(posts)
