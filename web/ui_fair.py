"""Fair play v2 glue (issue #13): the roller chains the page reads and stores around each decision.

Fresh dice are made by the engine (:mod:`tirada.fair_roll`, :mod:`tirada.brs.fair`) at the moment a
decision is committed; this module only reads a chain from storage *now* (another tab of this
browser may have used it), and stores the one the engine returns. Nothing here decides anything.
"""

from __future__ import annotations

from app import STORE
from tirada import link as links
from tirada.errors import TiradaError

#: chains the storage refused (full): kept for this session (shared with the roll view's copy)
UNSAVED: dict = {}


def chain_key(roller: str, campaign: str) -> str:
    """The storage key of a roller's chain (the same as the roll view's)."""
    return f"{roller}\n{campaign}"


def chain_now(roller: str, campaign: str):
    """The stored chain of (roller, campaign) as it is now, or a new one (``None`` if unnamed).

    Raises:
        InvalidRequest: a name the link format refuses.
    """
    roller, campaign = (roller or "").strip(), (campaign or "").strip()
    if not roller:
        return None
    key = chain_key(roller, campaign)
    saved = UNSAVED.get(key) or STORE.chains().get(key)
    try:
        state = links.ChainState.from_dict(saved) if saved else None
    except TiradaError:     # a damaged stored chain: start a new one (the audit shows the restart)
        state = None
    return state or links.ChainState(roller, campaign)


def store_chain(state) -> None:
    """Store a chain the engine returned (in memory only when the storage is full)."""
    if state is None:
        return
    key = chain_key(state.roller, state.campaign)
    if STORE.set_chain(key, state.to_dict()):
        UNSAVED.pop(key, None)
    else:
        UNSAVED[key] = state.to_dict()


def throwaway(_segment: int) -> str:
    """A nonce for checking that a decision is legal before any fresh dice are committed (its
    dice are never shown)."""
    return "00" * 8
