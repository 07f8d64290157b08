"""Checks of single values read back from browser storage, light enough to run at start-up.

Every stored value is checked when it is read (issue #18): a history entry with a time of NaN or
1e300, or a roller chain whose content disagrees with its key, is set aside by the page with a
notice — it never stops the page from starting. :mod:`tirada.storage` (backups, imports) uses the
same checks.

Public API: :func:`history_item`, :func:`chain_entry`, :func:`chain_key`.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from .errors import InvalidRequest

__all__ = ["chain_entry", "chain_key", "history_item"]

FRAGMENT_RE = re.compile(r"^[A-Za-z0-9_.~-]{1,8000}$")
MAX_AT = 10 ** 14   #: latest history time accepted (ms since 1970: year 5138)
MAX_CREATED = 253402300799   #: latest hand-over time accepted (s since 1970: 9999-12-31)


def history_item(item: Any, where: str) -> dict:
    """One history entry, checked: ``{"fragment", "system", "label", "summary": {"es", "en"},
    "at": int ms 0..10^14}``, plus ``"elsewhere": True`` for dice rolled elsewhere (fragment
    ``elsewhere-<ms>``, no link).

    Raises:
        InvalidRequest: a missing or malformed field (named ``where.field``).
    """
    if not isinstance(item, Mapping):
        raise InvalidRequest("must be a JSON object", field=where, code="field.object")
    frag = item.get("fragment")
    elsewhere = item.get("elsewhere") is True      # dice rolled elsewhere: no link, a made-up key
    if elsewhere and not (isinstance(frag, str) and re.fullmatch(r"elsewhere-\d{1,15}", frag)):
        raise InvalidRequest("must be elsewhere-<milliseconds>", field=f"{where}.fragment", code="storage.fragment")
    if not elsewhere and (not isinstance(frag, str) or not FRAGMENT_RE.match(frag)):
        raise InvalidRequest("must be a share-link fragment", field=f"{where}.fragment", code="storage.fragment")
    summary = item.get("summary")
    if not isinstance(summary, Mapping) or not all(isinstance(summary.get(k), str) and len(summary[k]) <= 1000
                                                   for k in ("es", "en")):
        raise InvalidRequest("must be {\"es\": text, \"en\": text}", field=f"{where}.summary", code="storage.summary")
    out = {"fragment": frag, "system": item.get("system"), "label": item.get("label") or "",
           "summary": {"es": summary["es"], "en": summary["en"]}, "at": item.get("at", 0)}
    if elsewhere:
        out["elsewhere"] = True
    if not isinstance(out["system"], str) or len(out["system"]) > 20:
        raise InvalidRequest("must be a system id", field=f"{where}.system", code="storage.system")
    if not isinstance(out["label"], str) or len(out["label"]) > 200:
        raise InvalidRequest("must be text of at most 200 characters", field=f"{where}.label",
                             code="field.too_long", params={"n": 200, "got": len(str(out["label"]))})
    if isinstance(out["at"], bool) or not isinstance(out["at"], int) or not 0 <= out["at"] <= MAX_AT:
        raise InvalidRequest("must be a time in milliseconds", field=f"{where}.at", code="storage.time")
    return out


def chain_key(roller: str, campaign: str) -> str:
    """The storage key of a roller chain: ``"<roller>\\n<campaign>"``."""
    return f"{roller}\n{campaign}"


def chain_entry(key: Any, value: Any) -> dict:
    """A stored roller chain, checked: its ``ChainState.to_dict()`` plus the chain book's optional
    ``retired`` (Unix s, 0..MAX_CREATED) and ``used`` (at most 20 hand-over ids, 12 hex digits each;
    :mod:`tirada.chainbook`).

    Raises:
        InvalidRequest: a malformed chain, or one whose roller and campaign are not those of its
        key (an import must not file a chain under another name).
    """
    from .links.chain import ChainState

    state = ChainState.from_dict(value).to_dict()
    if not isinstance(key, str) or key != chain_key(state["roller"], state["campaign"]):
        raise InvalidRequest("the chain's roller and campaign are not those of its key", field="chains",
                             code="storage.chain_key")
    gone, used = value.get("retired"), value.get("used")
    if gone is not None:
        if isinstance(gone, bool) or not isinstance(gone, int) or not 0 <= gone <= MAX_CREATED:
            raise InvalidRequest("must be a time in seconds", field="chains.retired", code="storage.time")
        state["retired"] = gone
    if used is not None:
        if not isinstance(used, list) or len(used) > 20 or not all(
                isinstance(u, str) and re.fullmatch(r"[0-9a-f]{12}", u) for u in used):
            raise InvalidRequest("must be at most 20 hand-over ids", field="chains.used", code="storage.handover_ids")
        if used:
            state["used"] = list(used)
    return state
