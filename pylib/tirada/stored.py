"""Checks of single values read back from browser storage, light enough to run at start-up.

Every stored value is checked when it is read (issue #18): a history entry with a time of NaN or
1e300, or a roller chain whose content disagrees with its key, is set aside by the page with a
notice — it never stops the page from starting. :mod:`tirada.storage` (backups, imports) uses the
same checks.

A damaged chain book or campaign-secret map is never replaced (issue #39): :func:`salvage_chains` and
:func:`salvage_sealkeys` read back what a damaged value still holds, for the page to report and
offer, while numbering and new secrets wait for the player's decision.

Public API: :func:`history_item`, :func:`chain_entry`, :func:`chain_key`, :class:`Salvage`,
:func:`salvage_chains`, :func:`salvage_sealkeys`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping

from .errors import InvalidRequest, TiradaError
from .chainbook import chain_entry
from .names import chain_key
from .safejson import loads as safe_loads

__all__ = ["Salvage", "chain_entry", "chain_key", "history_item", "salvage_chains", "salvage_sealkeys"]

FRAGMENT_RE = re.compile(r"^[A-Za-z0-9_.~-]{1,8000}$")
MAX_AT = 10 ** 14   #: latest history time accepted (ms since 1970: year 5138)


def history_item(item: Any, where: str) -> dict:
    """One history entry, checked: ``{"fragment", "system", "label", "summary": {"es", "en"},
    "at": int ms 0..10^14}``, plus ``"elsewhere": True`` for dice rolled elsewhere (fragment
    ``elsewhere-<ms>``, no link), and ``"core": True`` for a roll the reading core made before the full
    engine was up (its summary is the core's outcome line until web/roll/ui_roll.py words it again).

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
    if item.get("core") is True and not elsewhere:   # made by the reading core: worded again by the full page
        out["core"] = True
    if not isinstance(out["system"], str) or len(out["system"]) > 20:
        raise InvalidRequest("must be a system id", field=f"{where}.system", code="storage.system")
    if not isinstance(out["label"], str) or len(out["label"]) > 200:
        raise InvalidRequest("must be text of at most 200 characters", field=f"{where}.label",
                             code="field.too_long", params={"n": 200, "got": len(str(out["label"]))})
    if isinstance(out["at"], bool) or not isinstance(out["at"], int) or not 0 <= out["at"] <= MAX_AT:
        raise InvalidRequest("must be a time in milliseconds", field=f"{where}.at", code="storage.time")
    return out


#: Most characters of a damaged value read when salvaging (the page's storage holds ~5 M).
SALVAGE_MAX_CHARS = 2_000_000
_JSON_TEXT = r'"(?:[^"\\\n]|\\.){0,400}"'
#: ``"name": "64 hex"`` pairs, wherever they stand in a damaged secret map
_SECRET_PAIR = re.compile(rf'({_JSON_TEXT})\s*:\s*("[0-9a-f]{{64}}")')
#: ``"roller\ncampaign": {flat entry}`` pairs of a damaged chain book (an entry holds no object)
_CHAIN_PAIR = re.compile(rf'({_JSON_TEXT})\s*:\s*(\{{[^{{}}]{{0,4000}}\}})')


@dataclass(frozen=True)
class Salvage:
    """What a stored map still holds.

    Attributes:
        recovered: the entries read back and checked, ``{key: value}`` (a chain entry dict, or a
            campaign secret of 64 hex digits).
        found: entries seen in the text, readable or not (≥ ``len(recovered)``).
        intact: the value parsed as a JSON object and every entry passed (nothing was damaged).
    """

    recovered: Dict[str, Any]
    found: int
    intact: bool


def _salvage(raw: str, pair: "re.Pattern[str]", accept: Callable[[str, Any], Any]) -> Salvage:
    """Parse ``raw`` whole if it can; otherwise pick out every ``"key": value`` that ``pair`` finds
    (a cut or garbled value keeps its readable entries). Each entry must pass ``accept``."""
    try:
        value = safe_loads(raw, field="storage")
    except ValueError:
        value = None
    if isinstance(value, dict):
        pairs = list(value.items())
    else:
        pairs = []
        for match in pair.finditer(raw[:SALVAGE_MAX_CHARS]):
            try:
                pairs.append((json.loads(match.group(1)), json.loads(match.group(2))))
            except ValueError:
                continue
    good: Dict[str, Any] = {}
    for key, item in pairs:
        try:
            good[key] = accept(key, item)
        except (TiradaError, ValueError, TypeError, OverflowError):
            continue
    return Salvage(recovered=good, found=len(pairs), intact=isinstance(value, dict) and len(good) == len(value))


def salvage_chains(raw: str) -> Salvage:
    """The roller chains a stored chain book (``tirada.chains.v1``: ``{"<roller>\\n<campaign>":
    entry}``) still holds, each checked by :func:`chain_entry`; ``intact`` when nothing was damaged."""
    return _salvage(raw, _CHAIN_PAIR, chain_entry)


def salvage_sealkeys(raw: str) -> Salvage:
    """The campaign secrets a stored secret map (``tirada.sealkeys.v1``: ``{campaign: 64 hex}``)
    still holds, each checked by :func:`tirada.storage_keys.check` (at most MAX_SECRETS);
    ``intact`` when nothing was damaged."""
    from .storage_keys import check

    def accept(key: str, item: Any) -> str:
        if not isinstance(key, str):
            raise InvalidRequest("a campaign name is text", field="sealkeys", code="sealed.key_invalid")
        return check(key, item, "sealkeys")

    return _salvage(raw, _SECRET_PAIR, accept)
