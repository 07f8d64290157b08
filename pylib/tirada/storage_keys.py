"""The GM's campaign secrets in backups (part ``"sealkeys"`` of :mod:`tirada.storage`: ``{campaign
name: 64 lowercase hex}``; sealed rolls, docs/link-format.md §19). A stored secret is never replaced
by an import: another secret for the same campaign would leave every sealed roll the stored one
opens unopenable, so the import keeps it and says so (code ``storage.secret_differs``)."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .errors import InvalidRequest

__all__ = ["MAX_SECRETS", "check", "conflicts", "decisions"]

_HEX = frozenset("0123456789abcdef")
MAX_SECRETS = 200      #: most campaign secrets kept: the audit and the page try each on a sealed roll


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


def conflicts(existing: Mapping[str, Any], data: Mapping[str, Any]) -> list:
    """Import errors (``{"field", "message", "code", "params"}``) for the backup's secrets that differ
    from the one stored for their campaign (the stored one is kept)."""
    here = existing.get("sealkeys") or {}
    return [{"field": f"sealkeys.{key[:60]}", "message": "another secret is stored for this campaign: it is kept",
             "code": "storage.secret_differs", "params": {"name": key}}
            for key, secret in (data.get("sealkeys") or {}).items() if here.get(key) not in (None, secret)]


def decisions(existing: Mapping[str, Any], data: Mapping[str, Any]) -> Iterator[tuple]:
    """``("sealkeys", campaign, secret, "add" | "same")`` for each backup secret that is new here or
    already stored; a different one yields nothing (see :func:`conflicts`)."""
    keys = existing.get("sealkeys") or {}
    for key, secret in (data.get("sealkeys") or {}).items():
        if keys.get(key) in (None, secret):
            yield "sealkeys", key, secret, "add" if key not in keys else "same"
