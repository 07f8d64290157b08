"""One chain writer across tabs (issue #39): a named roll is numbered under the page's Web Lock,
after catching up with the head another tab left in IndexedDB (web/chain-writer.mjs, function
``tiradaChainNumber`` of web/shell/contract.json). The numbering is still ``STORE.book.number``'s
(tirada.chainbook's rules); this module only makes two tabs take turns, so they never take the
same number. Glue only."""

from __future__ import annotations

import json
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from shell import contract
from shell.app import STORE
from tirada import chainbook
from tirada.stored import chain_key


class _Outcome:
    """What the work done under the lock gave: its ``value``, or the ``error`` it raised (raised again
    outside the lock)."""

    def __init__(self) -> None:
        self.value: Any = None
        self.error: BaseException | None = None


async def number(roller: str, campaign: str, step):
    """``STORE.book.number(roller, campaign, step)`` with the chain held by this tab alone: the head
    stored in IndexedDB by the last tab that numbered this chain is adopted first when it is further
    along (never lowering the book's). An unnamed roll takes no number and no lock.

    Raises:
        whatever ``STORE.book.number`` or ``step`` raises (InvalidRequest ``chain.*`` …).
    """
    writer = getattr(window, contract.FUNCTIONS.chain_number, None)
    if not roller or writer is None:
        return STORE.book.number(roller, campaign, step)
    out = _Outcome()

    def locked(stored) -> str:
        try:
            if isinstance(stored, str) and stored:
                STORE.book.catch_up(roller, campaign, json.loads(stored))
            out.value = STORE.book.number(roller, campaign, step)
            head = STORE.book.head(roller, campaign)
            return json.dumps(head.to_dict()) if head is not None else ""
        except Exception as err:   # raised again below, outside the lock
            out.error = err
            return ""

    await writer(chain_key(roller, campaign), create_once_callable(locked))
    if out.error is not None:
        raise out.error
    return out.value


async def hold(work):
    """``work()`` (sync) with every chain held by this tab alone, for work that numbers chains as it
    goes (a Confrontation move or a scene's draw: the engine names the roller; an L5R check's
    decision; a sealed roll): every head another tab left in IndexedDB is adopted first (never
    lowering the book's), and the heads ``work`` changed are left there for the next tab. Returns
    what ``work`` returns.

    Raises:
        whatever ``work`` raises (then nothing it refused was numbered).
    """
    writer = getattr(window, contract.FUNCTIONS.chain_hold, None)
    if writer is None:
        return work()
    out = _Outcome()

    def locked(stored) -> str:
        try:
            heads = json.loads(stored) if isinstance(stored, str) and stored else {}
            for key, head in (heads.items() if isinstance(heads, dict) else ()):
                roller, _, campaign = str(key).partition("\n")
                if isinstance(head, str) and roller:
                    STORE.book.catch_up(roller, campaign, json.loads(head))
            before = dict(STORE.chains())
            out.value = work()
            changed = {}
            for key in chainbook.changed_keys(before, STORE.chains()):
                roller, _, campaign = key.partition("\n")
                head = STORE.book.head(roller, campaign)
                if head is not None:
                    changed[key] = json.dumps(head.to_dict())
            return json.dumps(changed)
        except Exception as err:   # raised again below, outside the lock
            out.error = err
            return "{}"

    await writer(create_once_callable(locked))
    if out.error is not None:
        raise out.error
    return out.value
