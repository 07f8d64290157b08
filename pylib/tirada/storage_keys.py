"""The GM's campaign secrets in backups (part ``"sealkeys"`` of :mod:`tirada.storage`: ``{campaign
name: 64 lowercase hex}``; sealed rolls, docs/link-format.md §19). A stored secret is never replaced
by an import: another secret for the same campaign would leave every sealed roll the stored one
opens unopenable, so the import keeps it and says so (code ``storage.secret_differs``).

The GM's secret rolls travel the same way (part ``"secretrolls"``: ``{roll id: hidden request}``, what
each rolled; without it a secret roll can be neither opened nor revealed on another device). Both
are in the backup unencrypted, like the rest of it (docs/link-format.md §19.9: why)."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .errors import InvalidRequest

__all__ = ["MAX_SECRETS", "MAX_SECRET_ROLLS", "check", "check_secret_roll", "conflicts", "decisions"]

_HEX = frozenset("0123456789abcdef")
MAX_SECRETS = 200      #: most campaign secrets kept: the audit and the page try each on a sealed roll
MAX_SECRET_ROLLS = 500  #: most secret GM rolls kept (web/shell/store.py SECRET_ROLLS_CAP: the newest)
#: Longest hidden request of a secret roll, as compact JSON (a generic roll with many groups: ~1 KB)
MAX_SECRET_ROLL_CHARS = 8000


def check(key: str, item: Any, where: str, kept: int = 0) -> str:
    """``item`` as a campaign secret for the campaign ``key`` (≤ 80 characters), ``kept`` secrets
    already accepted.

    Raises:
        InvalidRequest: not 64 lowercase hex digits, or a name too long (``sealed.key_invalid``);
            ``kept`` already :data:`MAX_SECRETS` (``storage.too_many_secrets``).
    """
    if kept >= MAX_SECRETS:
        raise InvalidRequest(f"at most {MAX_SECRETS} campaign secrets are kept", field=where,
                             code="storage.too_many_secrets", params={"n": MAX_SECRETS})
    if isinstance(item, str) and len(item) == 64 and set(item) <= _HEX and len(key) <= 80:
        return item
    raise InvalidRequest("a campaign secret is 64 hex digits", field=where, code="sealed.key_invalid")


def check_secret_roll(key: Any, item: Any, where: str, kept: int = 0) -> dict:
    """``item`` as what the GM's secret roll ``key`` rolled (part ``"secretrolls"``: ``{roll id, 16
    lowercase hex: hidden request}``, the system and parameters :func:`tirada.links.sealed.open_secret`
    and ``reveal`` need; docs/link-format.md §19.9), ``kept`` already accepted.

    Raises:
        InvalidRequest: a bad id, not a JSON object with a text ``system``, longer than
            MAX_SECRET_ROLL_CHARS (``sealed.roll_invalid``); ``kept`` already MAX_SECRET_ROLLS
            (``storage.too_many_secret_rolls``).
    """
    import json

    if kept >= MAX_SECRET_ROLLS:
        raise InvalidRequest(f"at most {MAX_SECRET_ROLLS} secret rolls are kept", field=where,
                             code="storage.too_many_secret_rolls", params={"n": MAX_SECRET_ROLLS})
    ok = (isinstance(key, str) and len(key) == 16 and set(key) <= _HEX and isinstance(item, dict)
          and isinstance(item.get("system"), str) and len(item["system"]) <= 20)
    if ok and len(json.dumps(item, ensure_ascii=False, separators=(",", ":"))) <= MAX_SECRET_ROLL_CHARS:
        return dict(item)
    raise InvalidRequest("a secret roll is a 16-hex id and its request", field=where, code="sealed.roll_invalid")


def conflicts(existing: Mapping[str, Any], data: Mapping[str, Any]) -> list:
    """Import errors (``{"field", "message", "code", "params"}``) for the backup's secrets that differ
    from the one stored for their campaign (the stored one is kept)."""
    here = existing.get("sealkeys") or {}
    return [{"field": f"sealkeys.{key[:60]}", "message": "another secret is stored for this campaign: it is kept",
             "code": "storage.secret_differs", "params": {"name": key}}
            for key, secret in (data.get("sealkeys") or {}).items() if here.get(key) not in (None, secret)] + [
        {"field": f"secretrolls.{key[:60]}", "message": "another secret roll is stored under this id: it is kept",
         "code": "storage.secret_roll_differs", "params": {"name": key}}
        for key, rolled in (data.get("secretrolls") or {}).items()
        if (existing.get("secretrolls") or {}).get(key) not in (None, rolled)]


def decisions(existing: Mapping[str, Any], data: Mapping[str, Any]) -> Iterator[tuple]:
    """``("sealkeys", campaign, secret, "add" | "same")`` for each backup secret that is new here or
    already stored, and ``("secretrolls", roll id, request, …)`` likewise for the secret rolls; a
    different one yields nothing (see :func:`conflicts`)."""
    for part in ("sealkeys", "secretrolls"):
        here = existing.get(part) or {}
        for key, value in (data.get(part) or {}).items():
            if here.get(key) in (None, value):
                yield part, key, value, "add" if key not in here else "same"
