"""What the page keeps in the browser, as pure data: schema version, migrations, backups, merges.

The page's ``web/shell/store.py`` is the only code touching ``localStorage``; this module only turns JSON
values into checked values and back, so every rule about stored data runs (and is tested) on
CPython. A **data** dict holds every part a backup carries::

    {"characters": [Character dict, …],          # tirada.sheets.Character.to_dict()
     "tragedia_sheets": [Sheet dict, …],         # tirada.systems.tragedia.sheet.Sheet.to_dict(), unique names
     "tragedia_campaigns": {sheet name: campaign},
     "history": [{"fragment", "system", "label", "summary": {"es", "en"}, "at"}, …],  # newest first;
                                                  # dice rolled elsewhere: "elsewhere": true, fragment "elsewhere-<at>"
     "chains": {"<roller>\\n<campaign>": ChainState dict},
     "sealkeys": {campaign name: 64 hex},          # the GM's campaign secrets (sealed rolls, link-format §19)
     "secretrolls": {roll id: hidden request}}     # what the GM's secret rolls rolled (§19.9)

A **backup** file is ``{"app": "tirada", "schema": SCHEMA_VERSION, "exported": ISO-8601 UTC,
"data": {…}}``; parts may be missing (a backup of one character holds only ``characters``).

Schema history (:data:`MIGRATIONS` upgrades one step at a time):

* 0 — before versioning: the characters document was a bare list, history entries had a plain
  string ``summary`` and no ``label``.
* 1 — characters stored as ``{"schema": 1, "characters": [...]}``; summaries ``{"es", "en"}``.

Anything written by a newer version (a schema above :data:`SCHEMA_VERSION`) is refused with an
:class:`InvalidRequest` naming ``schema``: the page keeps such data aside untouched and offers it
for export, it never rewrites it.
"""

from __future__ import annotations

from typing import Any, Dict, Mapping

from . import chainbook, storage_keys, stored
from .errors import InvalidRequest, TiradaError
from .fields import echo
from .sheets import Character
from .systems.tragedia.sheet import Sheet

__all__ = ["HISTORY_CAP", "MIGRATIONS", "PARTS", "SCHEMA_VERSION", "backup", "characters_doc", "diagnose",
           "merge", "migrate", "plan_import", "read_backup", "read_characters_doc", "select"]

SCHEMA_VERSION = 1
#: The history keeps the newest 200 rolls (older ones are dropped first; characters never are).
HISTORY_CAP = 200
PARTS = ("characters", "tragedia_sheets", "tragedia_campaigns", "history", "chains", "sealkeys", "secretrolls")
TABLES = ("tragedia_campaigns", "chains", "sealkeys", "secretrolls")   #: parts that are JSON objects, not lists
FRAGMENT_RE = stored.FRAGMENT_RE


# ----------------------------------------------------------------------------------- schema
def _schema(value: Any, field: str = "schema") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidRequest(f"must be a schema number, got {echo(value, 20)!r}", field=field,
                             code="storage.schema_number", params={"got": echo(value, 20)})
    if value > SCHEMA_VERSION:
        raise InvalidRequest(f"unknown schema {value}: written by a newer Tirada; this version reads up to "
                             f"{SCHEMA_VERSION}", field=field,
                             code="storage.schema_newer", params={"got": value, "n": SCHEMA_VERSION})
    return value


def _v0_to_v1(data: dict) -> dict:
    """Schema 0 → 1: plain-string summaries become ``{"es": s, "en": s}``; missing labels ``""``."""
    out = dict(data)
    history = []
    for item in data.get("history") or []:
        if isinstance(item, dict):
            item = dict(item)
            if isinstance(item.get("summary"), str):
                item["summary"] = {"es": item["summary"], "en": item["summary"]}
            item.setdefault("label", "")
        history.append(item)
    if "history" in data:
        out["history"] = history
    return out


#: schema n → function upgrading a data dict from n to n + 1.
MIGRATIONS = {0: _v0_to_v1}


def migrate(data: Mapping[str, Any], schema: Any) -> dict:
    """Upgrade a data dict written at ``schema`` to :data:`SCHEMA_VERSION` (a copy).

    Raises:
        InvalidRequest: ``schema`` newer than this version, or not a number (field ``schema``).
    """
    version = _schema(schema)
    out = dict(data)
    while version < SCHEMA_VERSION:
        out = MIGRATIONS[version](out)
        version += 1
    return out


# ------------------------------------------------------------------------- stored documents
def characters_doc(characters: list) -> dict:
    """The value stored for the characters: ``{"schema": SCHEMA_VERSION, "characters": [...]}``."""
    return {"schema": SCHEMA_VERSION, "characters": list(characters)}


def read_characters_doc(value: Any) -> list:
    """The character dicts of a stored characters document (schema 0: a bare list), as stored
    (each is checked by :meth:`Character.from_dict` when used, so one bad entry loses nothing else).

    Raises:
        InvalidRequest: not a characters document, or a schema newer than this version.
    """
    if isinstance(value, list):
        return migrate({"characters": value}, 0)["characters"]
    if not isinstance(value, Mapping) or not isinstance(value.get("characters"), list):
        raise InvalidRequest("is not a characters document", field="characters", code="storage.not_characters")
    return list(migrate(value, value.get("schema"))["characters"])


def diagnose(raw: Any) -> dict:
    """Why a stored value could not be read (for the page's "set aside" list):
    ``{"code": "missing" | "json" | "schema" | "shape", "detail": str}``; for ``"schema"`` the
    detail is the schema number found, for ``"json"`` the parser's message."""
    import json

    if not isinstance(raw, str):
        return {"code": "missing", "detail": ""}
    try:
        value = json.loads(raw)
    except ValueError as err:
        return {"code": "json", "detail": str(err)[:160]}
    if isinstance(value, Mapping) and "schema" in value:
        try:
            _schema(value["schema"])
        except InvalidRequest:
            return {"code": "schema", "detail": str(value["schema"])[:20]}
    return {"code": "shape", "detail": ""}


# ----------------------------------------------------------------------------------- backup
def backup(data: Mapping[str, Any], exported: str) -> dict:
    """The backup document of ``data`` (only the parts present): ``{"app": "tirada", "schema",
    "exported": exported, "data"}``."""
    return {"app": "tirada", "schema": SCHEMA_VERSION, "exported": exported,
            "data": {k: data[k] for k in PARTS if k in data}}


def select(data: Mapping[str, Any], character_id: str | None = None, campaign: str | None = None) -> dict:
    """The part of ``data`` for one character (by id; a Tragedia sheet by ``"tragedia:<name>"``) or
    one campaign (every character and Tragedia sheet in it): characters and sheets only."""
    chars = [c for c in data.get("characters") or []
             if (character_id is not None and c.get("id") == character_id)
             or (campaign is not None and (c.get("campaign") or "") == campaign)]
    meta = data.get("tragedia_campaigns") or {}
    sheets = [s for s in data.get("tragedia_sheets") or []
              if (character_id is not None and f"tragedia:{s.get('name')}" == character_id)
              or (campaign is not None and meta.get(s.get("name"), "") == campaign)]
    return {"characters": chars, "tragedia_sheets": sheets,
            "tragedia_campaigns": {s["name"]: meta[s["name"]] for s in sheets if meta.get(s["name"])}}


def _history_item(item: Any, where: str) -> dict:
    return stored.history_item(item, where)   # the check the page runs on every read too


def _checked(part: str, value: Any, errors: list) -> Any:
    """The valid items of one part; each refused item adds ``{"field", "message", "code", "params"}``
    to ``errors`` (the code and params of tirada.errors, for the page's own wording), plus ``"name"``
    (≤ 80 characters) when the refused entry of a list part has a text ``name``."""
    def err(e: TiradaError, name: str = "") -> None:
        entry = {"field": e.field or part, "message": e.message, "code": e.code, "params": e.params}
        if name:
            entry["name"] = name   # the refused entry's own name, for the page to say which one
        errors.append(entry)

    if part in ("characters", "tragedia_sheets", "history"):
        if not isinstance(value, list):
            err(InvalidRequest("must be a list", field=part, code="field.list"))
            return []
        out, seen = [], set()
        for i, item in enumerate(value):
            where = f"{part}[{i}]"
            try:
                if part == "characters":
                    item = Character.from_dict(item, where).to_dict()
                    key = item["id"]
                elif part == "tragedia_sheets":
                    item = Sheet.from_dict(item, where).to_dict()
                    key = item["name"]
                else:
                    item = _history_item(item, where)
                    key = item["fragment"]
            except TiradaError as e:
                name = item.get("name") if isinstance(item, Mapping) else None
                err(e, name[:80] if isinstance(name, str) else "")
                continue
            if key in seen:
                err(InvalidRequest("repeats an earlier entry", field=where, code="storage.repeat"),
                    str(item.get("name", ""))[:80])
                continue
            seen.add(key)
            out.append(item)
        return out
    if not isinstance(value, Mapping):
        err(InvalidRequest("must be a JSON object", field=part, code="field.object"))
        return {}
    table: Dict[str, Any] = {}
    for key, item in value.items():
        where = f"{part}.{str(key)[:60]}"
        if not isinstance(key, str) or len(key) > 200:
            err(InvalidRequest("bad key", field=where, code="storage.bad_key"))
        elif part in ("sealkeys", "secretrolls"):   # campaign secrets, secret rolls: storage_keys
            try:
                table[key] = (storage_keys.check if part == "sealkeys" else storage_keys.check_secret_roll)(
                    key, item, where, len(table))
            except TiradaError as e:
                err(e)
        elif part == "tragedia_campaigns":
            if isinstance(item, str) and len(item) <= 80:
                table[key] = item
            else:
                err(InvalidRequest("must be text of at most 80 characters", field=where, code="field.too_long",
                                   params={"n": 80, "got": len(str(item))}))
        else:
            try:
                table[key] = stored.chain_entry(key, item)   # content must agree with its key
            except TiradaError as e:
                err(InvalidRequest(e.message, field=where, code=e.code, params=e.params))
    return table


def check_data(data: Any) -> tuple:
    """``(clean data, errors)``: every field of every part checked; refused items are left out and
    listed as ``{"field": "characters[2].sheet.rings.fire", "message": …}``."""
    errors: list = []
    if not isinstance(data, Mapping):
        return {}, [{"field": "data", "message": "must be a JSON object", "code": "field.object", "params": {}}]
    clean = {}
    for part in PARTS:
        if part in data:
            clean[part] = _checked(part, data[part], errors)
    for key in data:
        if key not in PARTS:
            errors.append({"field": f"data.{str(key)[:40]}", "message": "is not a part of a Tirada backup",
                           "code": "storage.not_part", "params": {}})
    return clean, errors


def read_backup(doc: Any) -> tuple:
    """``(data, errors)`` of a backup file's parsed JSON, migrated to this schema and checked.

    Raises:
        InvalidRequest: not a Tirada backup (``app``), or a schema this version cannot read
        (``schema``) — nothing of such a file is imported.
    """
    if not isinstance(doc, Mapping) or doc.get("app") != "tirada" or not isinstance(doc.get("data"), Mapping):
        raise InvalidRequest("this file is not a Tirada backup", field="app", code="storage.not_backup")
    data = migrate(doc["data"], doc.get("schema"))
    return check_data(data)


# ------------------------------------------------------------------------------------ merge
def _entry(part: str, item: dict, data: Mapping[str, Any], key: str) -> dict:
    if part == "characters":
        return {"part": part, "key": key, "name": item["name"], "system": item["system"],
                "campaign": item.get("campaign") or ""}
    if part == "tragedia_sheets":
        return {"part": part, "key": key, "name": item["name"], "system": "tragedia",
                "campaign": (data.get("tragedia_campaigns") or {}).get(key, "")}
    if part in ("sealkeys", "secretrolls"):   # a campaign's secret; a secret roll (its system)
        return {"part": part, "key": key, "name": key, "system": "" if part == "sealkeys" else item["system"],
                "campaign": key if part == "sealkeys" else ""}
    if part == "history":
        return {"part": part, "key": key, "name": item.get("label") or item["summary"].get("es", ""),
                "system": item.get("system", ""), "campaign": ""}
    old = (data.get("_existing_chains") or {}).get(key) or {}
    return {"part": part, "key": key, "name": item["roller"], "system": "", "campaign": item["campaign"],
            "seq_from": old.get("seq") or 0, "seq_to": item["seq"], "lookalike": _chain_twins(item, data)}


def _chain_twins(item: Mapping[str, Any], data: Mapping[str, Any]) -> list:
    """Rollers of the chains already stored whose names look like ``item``'s but differ (UTS #39
    skeleton, :func:`tirada.names.skeleton`): an import must not slip in a look-alike name."""
    from .names import skeleton

    mine = (skeleton(item["roller"]), skeleton(item["campaign"]))
    return sorted({str(c["roller"]) for c in (data.get("_existing_chains") or {}).values()
                   if isinstance(c, Mapping) and isinstance(c.get("roller"), str) and c.get("roller") != item["roller"]
                   and (skeleton(c["roller"]), skeleton(c.get("campaign") or "")) == mine})[:10]


def _same_character(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    keys = ("system", "name", "campaign", "sheet")
    return all(a.get(k) == b.get(k) for k in keys)


def plan_import(existing: Mapping[str, Any], incoming: Any) -> dict:
    """What importing ``incoming`` (a backup document) into ``existing`` (a data dict) would do.

    Returns ``{"add": [...], "replace": [...], "same": [...], "errors": [...], "history_dropped": n}``:
    entries are ``{"part", "key", "name", "system", "campaign"}``; errors ``{"field", "message"}``;
    ``history_dropped`` is how many of the oldest rolls the :data:`HISTORY_CAP` will leave out.

    * characters match by ``id``; an incoming character whose content equals an existing one under
      another id is ``same`` (no duplicate); same id with other content is ``replace``;
    * Tragedia sheets match by name; history entries by link fragment (never replaced);
    * roller chains by roller and campaign: the copy further along (higher ``seq``) wins, so a
      chain never goes back and reuses a number. A chain entry also carries ``seq_from`` (the
      number stored now, 0 = none), ``seq_to`` and ``lookalike`` (stored rollers whose names look
      the same): every chain is restored by default and the preview lets the user leave one out
      (see :func:`merge`); a chain whose content disagrees with its key is refused (an error).
    A file that is not a readable backup gives a single error and nothing else.
    """
    try:
        data, errors = read_backup(incoming)
    except InvalidRequest as err:
        return {"add": [], "replace": [], "same": [], "errors": [{"field": err.field or "", "message": err.message,
                                                                  "code": err.code, "params": err.params}],
                "history_dropped": 0}
    plan: dict = {"add": [], "replace": [], "same": [], "errors": errors + storage_keys.conflicts(existing, data)}
    seen = {**data, "_existing_chains": existing.get("chains") or {}}
    for part, key, item, verdict in _decisions(existing, data):
        plan[verdict].append(_entry(part, item, seen, key))
    total = len(existing.get("history") or []) + sum(1 for e in plan["add"] if e["part"] == "history")
    plan["history_dropped"] = max(0, total - HISTORY_CAP)
    return plan


def _decisions(existing: Mapping[str, Any], data: Mapping[str, Any]):
    """Yield ``(part, key, incoming item, "add"|"replace"|"same")`` for every incoming item."""
    chars = {c.get("id"): c for c in existing.get("characters") or [] if isinstance(c, Mapping)}
    for c in data.get("characters") or []:
        old = chars.get(c["id"])
        if old is None:
            twin = any(_same_character(o, c) for o in chars.values())
            yield "characters", c["id"], c, "same" if twin else "add"
        else:
            yield "characters", c["id"], c, "same" if _same_character(old, c) else "replace"
    sheets = {s.get("name"): s for s in existing.get("tragedia_sheets") or [] if isinstance(s, Mapping)}
    old_meta = existing.get("tragedia_campaigns") or {}
    new_meta = data.get("tragedia_campaigns") or {}
    for s in data.get("tragedia_sheets") or []:
        old = sheets.get(s["name"])
        moved = new_meta.get(s["name"], old_meta.get(s["name"], "")) != old_meta.get(s["name"], "")
        if old is None:
            yield "tragedia_sheets", s["name"], s, "add"
        else:
            yield "tragedia_sheets", s["name"], s, "same" if old == s and not moved else "replace"
    frags = {h.get("fragment") for h in existing.get("history") or [] if isinstance(h, Mapping)}
    for h in data.get("history") or []:
        yield "history", h["fragment"], h, "same" if h["fragment"] in frags else "add"
    chains = existing.get("chains") or {}
    for key, state in (data.get("chains") or {}).items():
        old = chains.get(key)
        if not isinstance(old, Mapping):
            yield "chains", key, state, "add"
        else:
            yield "chains", key, state, "replace" if state["seq"] > (old.get("seq") or 0) else "same"
    yield from storage_keys.decisions(existing, data)   # a different secret is never replaced


def merge(existing: Mapping[str, Any], incoming: Any, chains: Any = None) -> dict:
    """``existing`` with ``incoming`` (a backup document) imported as :func:`plan_import` describes:
    a new data dict (``existing`` is not changed). Existing entries the backup does not mention are
    kept; history is the union of both, newest first, capped at :data:`HISTORY_CAP`.

    ``chains``: ``None`` (the default) restores every roller chain of the backup by the chain book's
    rule (:func:`tirada.chainbook.restore`: the copy further along wins, a number is never lowered,
    so the next roll continues the chain instead of restarting it at nº 1) except a chain whose name
    looks like a stored one (``lookalike``: only when asked by key); or the keys of the chains the
    user left ticked in the preview (the others are left out).

    Raises:
        InvalidRequest: ``incoming`` is not a readable backup (as :func:`read_backup`).
    """
    data, _ = read_backup(incoming)
    out: Dict[str, Any] = {k: (list(v) if isinstance(v, list) else dict(v)) for k, v in existing.items() if k in PARTS}
    for part in PARTS:
        out.setdefault(part, {} if part in TABLES else [])
    wanted, seen = {}, {"_existing_chains": existing.get("chains") or {}}
    for part, key, item, verdict in _decisions(existing, data):
        if part == "chains" and (key in chains if chains is not None else not _chain_twins(item, seen)):
            wanted[key] = item
        if verdict == "same" or part == "chains":
            continue
        if part == "characters":
            out[part] = [c for c in out[part] if not (isinstance(c, Mapping) and c.get("id") == key)] + [item]
        elif part == "tragedia_sheets":
            names = [s.get("name") for s in out[part]]
            if key in names:
                out[part][names.index(key)] = item
            else:
                out[part].append(item)
            if key in (data.get("tragedia_campaigns") or {}):
                out["tragedia_campaigns"][key] = data["tragedia_campaigns"][key]
        elif part in ("sealkeys", "secretrolls"):
            out[part][key] = item
        else:
            out[part].append(item)
    out["chains"], _ = chainbook.restore(out["chains"], wanted)
    out["history"] = sorted(out["history"], key=lambda h: -(h.get("at") or 0) if isinstance(h, Mapping) else 0)
    out["history"] = out["history"][:HISTORY_CAP]
    return out
