"""One chain writer across tabs (issue #39): a named roll is numbered under the page's Web Lock,
after catching up with the head another tab left in IndexedDB (web/chain-writer.mjs, function
``tiradaChainNumber`` of web/shell/contract.json). The numbering is still ``STORE.book.number``'s
(tirada.chainbook's rules); this module only makes two tabs take turns, so they never take the
same number. Glue only."""

from __future__ import annotations

import json

from pyodide.ffi import create_once_callable
from pyscript import window

import contract
from app import STORE
from tirada.stored import chain_key


async def number(roller: str, campaign: str, step):
    """``STORE.book.number(roller, campaign, step)`` with the chain held by this tab alone: the head
    stored in IndexedDB by the last tab that numbered this chain is adopted first when it is further
    along (never lowering the book's). An unnamed roll takes no number and no lock.

    Raises:
        whatever ``STORE.book.number`` or ``step`` raises (InvalidRequest ``chain.*`` …).
    """
    writer = getattr(window, contract.FUNCTIONS["chain_number"], None)
    if not roller or writer is None:
        return STORE.book.number(roller, campaign, step)
    out: dict = {}

    def locked(stored) -> str:
        try:
            if isinstance(stored, str) and stored:
                STORE.book.catch_up(roller, campaign, json.loads(stored))
            out["value"] = STORE.book.number(roller, campaign, step)
            head = STORE.book.head(roller, campaign)
            return json.dumps(head.to_dict()) if head is not None else ""
        except Exception as err:   # raised again below, outside the lock
            out["error"] = err
            return ""

    await writer(chain_key(roller, campaign), create_once_callable(locked))
    if "error" in out:
        raise out["error"]
    return out["value"]
