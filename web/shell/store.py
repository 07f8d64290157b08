"""The one module that touches ``localStorage`` and ``location.hash``.

Everything stored is JSON under keys starting with ``tirada.``. Failures never lose data and never
break the page: storage that cannot be used falls back to memory for the session (and says so),
damaged values are moved aside under ``tirada.corrupt.<key>`` instead of being overwritten, and a
full storage is reported while the roll is still shown.

Longer than 400 lines because it is the one module that touches storage (STYLE.md) and every
stored value is checked here when read (issue #18); splitting it would give storage two owners.
"""

from __future__ import annotations

import json

from tirada import storage_records as records    # the stored values' records and list updates
from tirada.safejson import loads as safe_loads   # size and depth checked before parsing

HISTORY_KEY = "tirada.history.v1"
LANG_KEY = "tirada.lang"
CHAIN_KEY = "tirada.chains.v1"
ROLLER_KEY = "tirada.roller.v1"
UNSIGNED_KEY = "tirada.unsigned.v1"    # true: the player chose to roll unsigned (issue 38: never asked again)
DIALECT_KEY = "tirada.dialects.v1"    # {campaign: dialect}: the notation dialect each campaign types in (issue 43)
DIALECTS_KEPT = 200
#: the GM's campaign secrets for sealed rolls (docs/link-format.md §19): {campaign name: 64 hex}
SEAL_KEY = "tirada.sealkeys.v1"
#: what the GM's secret rolls rolled (their hidden system and parameters, needed to open and reveal
#: them; docs/link-format.md §19.9): {roll id (16 hex): request}, the newest SECRET_ROLLS_CAP kept
SECRET_ROLLS_KEY = "tirada.secretrolls.v1"
SECRET_ROLLS_CAP = 500
#: Documented cap: the history keeps the newest 200 rolls; older ones are dropped first.
HISTORY_CAP = 200


def _table_of_tables(value) -> bool:
    return isinstance(value, dict) and all(isinstance(v, dict) for v in value.values())


class MemoryStorage:
    """A stand-in with the ``localStorage`` interface, for when the browser refuses storage."""

    def __init__(self) -> None:
        self._data: dict = {}

    def getItem(self, key):  # noqa: N802 - Web Storage API names
        return self._data.get(key)

    def setItem(self, key, value):  # noqa: N802
        self._data[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self._data.pop(key, None)


class Store:
    """Reads and writes Tirada's data in a Web Storage object.

    Args:
        storage: ``window.localStorage`` (or anything with getItem/setItem/removeItem); ``None`` or a
            storage that throws on use → an in-memory store for this session.

    Attributes:
        problems: list of string keys (``"storage.unavailable"``, ``"storage.corrupt"``,
            ``"storage.full"``) the page shows as notices.
    """

    def __init__(self, storage) -> None:
        self.problems: list = []
        #: damaged chain book / secret map held for the player's decision: {key: tirada.stored.Salvage}
        self.held: dict = {}
        self.storage = storage
        try:
            storage.setItem("tirada.probe", "1")
            storage.removeItem("tirada.probe")
        except Exception:  # SecurityError, QuotaExceeded, None
            if _readable(storage):   # full (another app of this site filled it): keep what is there
                self.problems.append("storage.full")
            else:                    # refused: the one memory fallback, for this session
                self.storage = MemoryStorage()
                self.problems.append("storage.unavailable")
        self.book = ChainBook(self)
        self.chains()               # a damaged chain book or secret map is held (and said) at start-up
        self.campaign_secrets()

    # -- raw JSON ------------------------------------------------------------------------------
    def read(self, key: str, default, check=None):
        """The JSON value under ``key``; ``default`` when absent; a value that does not parse or
        fails ``check(value) -> bool`` is copied to ``tirada.corrupt.<key>`` and ``default`` returned."""
        try:
            raw = self.storage.getItem(key)
        except Exception:
            return default
        if not isinstance(raw, str):  # None here, JsNull in Pyodide
            return default
        try:
            value = safe_loads(raw, field=key)
            if check is not None and not check(value):
                raise ValueError("unexpected shape")
            return value
        except ValueError:
            self._set_aside(key, raw)
            return default

    def write(self, key: str, value) -> bool:
        """Store ``value`` as JSON; on a full or refused storage note ``storage.full`` and return False."""
        try:
            self.storage.setItem(key, json.dumps(value, ensure_ascii=False, separators=(",", ":")))
            return True
        except Exception:
            if "storage.full" not in self.problems:
                self.problems.append("storage.full")
            return False

    def _set_aside(self, key: str, raw: str, remove: bool = True) -> None:
        """Move a damaged value to ``tirada.corrupt.<key>`` (``…<key>.2``, ``.3``… when that is
        taken by another damaged copy, which is never overwritten) and note ``storage.corrupt``.
        If it cannot be moved it stays where it is; ``remove=False`` copies it and leaves it."""
        aside, n = f"tirada.corrupt.{key}", 1
        try:
            while isinstance(self.storage.getItem(aside), str) and self.storage.getItem(aside) != raw:
                n += 1
                aside = f"tirada.corrupt.{key}.{n}"
            self.storage.setItem(aside, raw)
            if remove:
                self.storage.removeItem(key)
        except Exception:
            pass
        if "storage.corrupt" not in self.problems:
            self.problems.append("storage.corrupt")

    # -- history -------------------------------------------------------------------------------
    def history(self) -> list:
        """Recent rolls, newest first: ``[{"fragment": str, "summary": str, "system": str, "at": ms}]``."""
        from tirada.stored import history_item

        items = self.read(HISTORY_KEY, [], check=lambda v: isinstance(v, list))
        return self._valid_only(HISTORY_KEY, items,
                                lambda i, item: history_item(records.upgrade_history_item(item), f"history[{i}]"))

    def _valid_only(self, key: str, items, check):
        """The items (list, or dict values) that ``check(index or key, item)`` accepts, as it returns
        them. When any is refused, the whole stored value is set aside (``tirada.corrupt.<key>``,
        with the notice) and the valid part written back: a bad entry never blocks start-up."""
        from tirada.errors import TiradaError

        pairs = items.items() if isinstance(items, dict) else enumerate(items)
        good = {}
        for k, item in pairs:
            try:
                good[k] = check(k, item)
            except (TiradaError, ValueError, TypeError, OverflowError):
                continue
        if len(good) == len(items):
            return items if isinstance(items, dict) else list(good.values())
        self._set_aside(key, json.dumps(items, ensure_ascii=False))
        value = good if isinstance(items, dict) else list(good.values())
        self.write(key, value)
        return value

    def add_history(self, entry: dict) -> bool:
        """Prepend ``entry`` (re-reading first, so another tab's rolls survive); keep the newest
        :data:`HISTORY_CAP`. Returns False when storage refused the write."""
        return self.write(HISTORY_KEY, records.add_history(self.history(), entry, HISTORY_CAP))

    def set_history(self, items: list) -> bool:
        """Replace the whole history (used by clear and its undo)."""
        return self.write(HISTORY_KEY, list(items)[:HISTORY_CAP])

    # -- small settings ------------------------------------------------------------------------
    def lang(self):
        """The remembered language, or None."""
        value = self.read(LANG_KEY, None)
        return value if value in ("es", "en") else None

    def set_lang(self, lang: str) -> None:
        self.write(LANG_KEY, lang)

    def chains(self) -> dict:
        """The chain book as stored: ``{"<roller>\n<campaign>": entry}`` (tirada.chainbook);
        views go through :attr:`book` instead."""
        from tirada.stored import salvage_chains

        return self._held_value(CHAIN_KEY, salvage_chains)

    def _held_value(self, key: str, salvage) -> dict:
        """The map under ``key`` (the chain book, the campaign secrets). A damaged one is never
        replaced nor dropped (issue #39): it is copied aside (``tirada.corrupt.<key>``), left where it
        is, and held in :attr:`held` (``salvage(raw)``: what it still holds, which is returned) until
        the player decides (:meth:`keep_recovered`, or an import); meanwhile numbering and new
        secrets are refused (``chain.book_held``, ``sealed.keys_held``)."""
        try:
            raw = self.storage.getItem(key)
        except Exception:
            return {}
        if not isinstance(raw, str):
            self._release(key)
            return {}
        found = salvage(raw)
        if found.intact:
            self._release(key)
            return found.recovered
        if key not in self.held:
            self._set_aside(key, raw, remove=False)
        self.held[key] = found
        if "storage.held" not in self.problems:
            self.problems.append("storage.held")
        return dict(found.recovered)

    def _release(self, key: str) -> None:
        self.held.pop(key, None)
        if not self.held and "storage.held" in self.problems:
            self.problems.remove("storage.held")

    def keep_recovered(self, key: str) -> bool:
        """The player's decision on a held map: go on with what could be read back (the damaged text
        stays aside, exportable). For the chain book, a chain that was not read back starts again at
        nº 1 (the thread audit shows that restart). False when it could not be stored."""
        found = self.held.get(key)
        if found is None or not self.write(key, dict(found.recovered)):
            return False
        self._release(key)
        return True

    def roller(self) -> dict:
        """The remembered roller identity ``{"roller": str, "campaign": str}``."""
        return self.roller_identity().to_dict()

    def roller_identity(self):
        """The remembered roller identity as a ``tirada.storage_records.RollerIdentity``."""
        return records.RollerIdentity.from_dict(self.read(ROLLER_KEY, {}, check=lambda v: isinstance(v, dict)))

    def set_roller(self, roller: str, campaign: str) -> None:
        self.write(ROLLER_KEY, {"roller": roller, "campaign": campaign})

    def unsigned_chosen(self) -> bool:
        """True when the player chose «Tirar sin firmar» (a damaged value reads as not chosen)."""
        return self.read(UNSIGNED_KEY, False, check=lambda v: isinstance(v, bool)) is True

    def choose_unsigned(self) -> bool:
        """Remember that the player rolls unsigned (issue 38); False when it could not be stored."""
        return self.write(UNSIGNED_KEY, True)

    def asks_for_name(self, typed: str) -> bool:
        """Whether the roll form asks for a name before the first roll (issue 38): only while no
        name is typed (``typed``, the roller field) or remembered, the chain book holds no chain
        (nor a damaged one held for a decision) and «Tirar sin firmar» was never chosen."""
        if typed.strip() or self.roller_identity().roller or self.unsigned_chosen():
            return False
        chains = self.chains()              # read first: it notes a damaged book in held
        return not chains and CHAIN_KEY not in self.held

    def dialect_for(self, campaign: str) -> str | None:
        """The notation dialect last chosen in ``campaign`` (docs/notation.md §Dialects), or None."""
        value = self.read(DIALECT_KEY, {}, check=lambda v: isinstance(v, dict))
        found = value.get(campaign.strip()) if campaign.strip() else None
        return found if found in ("roll20", "foundry", "dicemaiden", "avrae") else None

    def set_dialect(self, campaign: str, dialect: str) -> None:
        """Remember ``dialect`` for ``campaign`` (a preference, like the roller's name; the newest
        :data:`DIALECTS_KEPT` campaigns are kept)."""
        if not campaign.strip() or dialect not in ("roll20", "foundry", "dicemaiden", "avrae"):
            return
        value = self.read(DIALECT_KEY, {}, check=lambda v: isinstance(v, dict))
        value.pop(campaign.strip(), None)
        kept = list(value.items())[-(DIALECTS_KEPT - 1):] + [(campaign.strip(), dialect)]
        self.write(DIALECT_KEY, dict(kept))

    # -- Tragedia (sheets, the current scene, the game's Themes) --------------------------------
    def sheets(self) -> list:
        """Saved Tragedia sheets (``Sheet.to_dict`` dicts, unique names), in creation order."""
        return records.named_sheets(self.read("tirada.tragedia.sheets.v1", [], check=lambda v: isinstance(v, list)))

    def save_sheets(self, sheets: list) -> bool:
        """Add or replace sheets by name (re-reading first, so another tab's sheets survive)."""
        return self.write("tirada.tragedia.sheets.v1", records.put_sheets(self.sheets(), sheets))

    def delete_sheet(self, name: str) -> bool:
        """Remove the sheet called ``name`` (re-reading first)."""
        return self.write("tirada.tragedia.sheets.v1", records.without_sheet(self.sheets(), name))

    def scene(self):
        """The Tragedia scene being played (a ledger dict), or None."""
        value = self.read("tirada.tragedia.scene.v1", None, check=lambda v: v is None or isinstance(v, dict))
        return value if isinstance(value, dict) else None

    def set_scene(self, ledger) -> bool:
        """Store the current scene ledger (None forgets it)."""
        return self.write("tirada.tragedia.scene.v1", ledger)

    def themes(self) -> list:
        """The game's Themes as last used in a scene."""
        value = self.read("tirada.tragedia.themes.v1", [], check=lambda v: isinstance(v, list))
        return [t for t in value if isinstance(t, str)]

    def set_themes(self, themes: list) -> bool:
        """Remember the game's Themes."""
        return self.write("tirada.tragedia.themes.v1", list(themes))

    # -- Blood Red Sands: the current Confrontation -----------------------------------------------
    def brs_current(self) -> dict:
        """The current Confrontation: ``{"setup": dict | None, "moves": list, "draft": dict | None}``
        (key ``tirada.brs.current``; missing parts are None / empty)."""
        value = self.read("tirada.brs.current", {}, check=lambda v: isinstance(v, dict))
        return records.BrsCurrent.from_dict(value).to_dict()

    def set_brs_current(self, **parts) -> bool:
        """Update parts of the current Confrontation (``setup``, ``moves``, ``draft``), re-reading
        first so the parts not given (e.g. a draft typed in another tab) survive."""
        value = self.brs_current()
        value.update({k: v for k, v in parts.items() if k in ("setup", "moves", "draft")})
        return self.write("tirada.brs.current", value)

    BRS_SEATS_KEY = "tirada.brs.seats.v1"
    #: The seats remembered: the newest 100 Confrontations (older ones are asked again).
    BRS_SEATS_CAP = 100

    def brs_seat(self, key: str):
        """The seat this browser took in the Confrontation ``key`` (ui_brs_seat.SEATS: "0", "1",
        "both", "watch"), or None when never chosen (key ``tirada.brs.seats.v1``)."""
        value = self.read(self.BRS_SEATS_KEY, {}, check=lambda v: isinstance(v, dict))
        seat = value.get(key)
        return seat if seat in ("0", "1", "both", "watch") else None

    def set_brs_seat(self, key: str, seat: str) -> bool:
        """Remember ``seat`` for the Confrontation ``key`` (re-reading first; the newest kept)."""
        value = self.read(self.BRS_SEATS_KEY, {}, check=lambda v: isinstance(v, dict))
        value.pop(key, None)
        value[key] = seat
        return self.write(self.BRS_SEATS_KEY, dict(list(value.items())[-self.BRS_SEATS_CAP:]))

    BRS_ORDERS_KEY = "tirada.brs.orders.v1"

    def brs_order_drafts(self, key: str) -> dict:
        """The standing orders being edited in the Confrontation ``key``, not posted yet (issue #29):
        ``{player index as text: orders}`` as stored (ui_brs_orders.read_drafts checks each). Key
        ``tirada.brs.orders.v1`` = ``{confrontation key: {player: orders}}``, the newest BRS_SEATS_CAP."""
        value = self.read(self.BRS_ORDERS_KEY, {}, check=_table_of_tables)
        return dict(value.get(key) or {})

    def set_brs_order_draft(self, key: str, player: int, orders) -> bool:
        """Keep ``orders`` (None: forget them) as ``player``'s draft in the Confrontation ``key``
        (re-reading first, so another tab's drafts survive)."""
        value = self.read(self.BRS_ORDERS_KEY, {}, check=_table_of_tables)
        game = dict(value.pop(key, None) or {})
        game.pop(str(player), None)
        if orders is not None:
            game[str(player)] = orders
        if game:
            value[key] = game
        return self.write(self.BRS_ORDERS_KEY, dict(list(value.items())[-self.BRS_SEATS_CAP:]))

    BRS_MY_ORDERS_KEY = "tirada.brs.my_orders.v1"

    def brs_my_orders(self) -> dict:
        """The standing orders each player of this browser last chose, by player name (issue #42:
        orders belong to the player, kept across Confrontations): ``{name: orders}`` as stored
        (ui_brs_orders.carried checks each). Key ``tirada.brs.my_orders.v1``, the newest BRS_SEATS_CAP."""
        return dict(self.read(self.BRS_MY_ORDERS_KEY, {}, check=_table_of_tables))

    def set_brs_my_orders(self, name: str, orders: dict) -> bool:
        """Remember ``orders`` as player ``name``'s own (re-reading first; the newest kept)."""
        value = self.read(self.BRS_MY_ORDERS_KEY, {}, check=_table_of_tables)
        value.pop(name, None)
        value[name] = dict(orders)
        return self.write(self.BRS_MY_ORDERS_KEY, dict(list(value.items())[-self.BRS_SEATS_CAP:]))

    def show_brs_link(self, window, fragment: str) -> None:
        """Put the Confrontation's latest link in the address bar without reloading or adding a
        history entry, so a reload reopens the latest state (this module owns location.hash)."""
        window.history.replaceState(None, "", page_url(window.location) + "#" + fragment)

    # -- characters, backups, damaged data (issue #7; the rules live in tirada.storage) ---------
    CHARACTERS_KEY = "tirada.characters.v1"
    SHEET_CAMPAIGNS_KEY = "tirada.sheetcampaigns.v1"
    CORRUPT_PREFIX = "tirada.corrupt."

    def keys(self) -> list:
        """Every key of the storage (Tirada's and anything else), in storage order."""
        if isinstance(self.storage, MemoryStorage):
            return list(self.storage._data)
        try:
            return [str(self.storage.key(i)) for i in range(int(self.storage.length))]
        except Exception:
            return []

    def _read_doc(self, key: str, reader, default):
        """``reader(json value)`` of ``key``; a value that does not parse or that ``reader`` refuses
        is moved to ``tirada.corrupt.<key>`` (or ``…<key>.2``, ``.3``… when that is taken, so an
        earlier damaged copy is never overwritten) and ``default`` returned."""
        try:
            raw = self.storage.getItem(key)
        except Exception:
            return default
        if not isinstance(raw, str):
            return default
        try:
            return reader(safe_loads(raw, field=key))
        except ValueError:  # bad JSON, or tirada's InvalidRequest (a ValueError)
            self._set_aside(key, raw)
            return default

    def characters_raw(self) -> list:
        """The stored character dicts as they are (entries a newer version wrote included)."""
        from tirada import storage as schema

        return self._read_doc(self.CHARACTERS_KEY, schema.read_characters_doc, [])

    def characters(self) -> list:
        """The valid characters (``Character.to_dict()``), in creation order."""
        from tirada import Character, TiradaError

        out = []
        for item in self.characters_raw():
            try:
                out.append(Character.from_dict(item).to_dict())
            except TiradaError:
                continue
        return out

    def unreadable_characters(self) -> int:
        """How many stored characters this version cannot read (kept as they are, exported with a
        backup, never shown or deleted)."""
        return len(self.characters_raw()) - len(self.characters())

    def _characters_blocked(self) -> bool:
        """True when a damaged characters value could not be moved aside and still sits under the
        key: then nothing is written over it (the page says storage is full)."""
        from tirada import storage as schema

        try:
            raw = self.storage.getItem(self.CHARACTERS_KEY)
            if isinstance(raw, str):
                schema.read_characters_doc(safe_loads(raw, field=self.CHARACTERS_KEY))
        except ValueError:
            if "storage.full" not in self.problems:
                self.problems.append("storage.full")
            return True
        except Exception:
            return False
        return False

    def save_character(self, character: dict) -> bool:
        """Add or replace one character by id, re-reading first so another tab's characters
        survive (entries this version cannot read are kept as they are)."""
        from tirada import storage as schema

        current = self.characters_raw()
        if self._characters_blocked():
            return False
        return self.write(self.CHARACTERS_KEY, schema.characters_doc(records.put_character(current, character)))

    def delete_character(self, cid: str) -> bool:
        """Remove the character ``cid`` (re-reading first)."""
        from tirada import storage as schema

        items = records.without_character(self.characters_raw(), cid)
        if self._characters_blocked():
            return False
        return self.write(self.CHARACTERS_KEY, schema.characters_doc(items))

    def sheet_campaigns(self) -> dict:
        """Campaign of each Tragedia sheet: ``{sheet name: campaign}``."""
        value = self.read(self.SHEET_CAMPAIGNS_KEY, {}, check=lambda v: isinstance(v, dict))
        return {k: v for k, v in value.items() if isinstance(v, str)}

    def set_sheet_campaign(self, name: str, campaign: str) -> bool:
        """Put the Tragedia sheet ``name`` in ``campaign`` ("" = none), re-reading first."""
        value = self.sheet_campaigns()
        if campaign:
            value[name] = campaign
        else:
            value.pop(name, None)
        return self.write(self.SHEET_CAMPAIGNS_KEY, value)

    def campaign_secrets(self) -> dict:
        """The GM's campaign secrets ``{campaign name: 64 lowercase hex}`` (sealed rolls; never in a link)."""
        from tirada.stored import salvage_sealkeys

        return self._held_value(SEAL_KEY, salvage_sealkeys)

    def campaign_secret(self, campaign: str) -> str:
        """The secret of ``campaign`` (64 hex), made (32 random bytes) and stored on first use.
        Raises InvalidRequest ``sealed.key_unsaved``: it could not be stored (a secret this device
        does not keep could never open nor reveal the rolls it seals)."""
        from tirada.errors import InvalidRequest
        from tirada.links.sealed_dice import new_campaign_secret

        keys = self.campaign_secrets()
        if campaign not in keys and SEAL_KEY in self.held:
            raise InvalidRequest("the stored campaign secrets are damaged: decide what to keep first", field="campaign",
                                 code="sealed.keys_held")
        if campaign not in keys:
            keys[campaign] = new_campaign_secret()
            if not self.write(SEAL_KEY, keys):
                raise InvalidRequest("storage is full: the campaign secret could not be stored", field="campaign",
                                     code="sealed.key_unsaved")
        return keys[campaign]

    def secret_rolls(self) -> dict:
        """The GM's secret rolls made in this browser: ``{roll id: hidden request}`` (system and
        parameters, no label or seed: :func:`tirada.links.sealed.open_secret` and ``reveal`` need it)."""
        return self.read(SECRET_ROLLS_KEY, {}, check=records.secret_rolls_ok)

    def keep_secret_roll(self, roll_id: str, request: dict) -> None:
        """Store what the secret roll ``roll_id`` rolled (the oldest go past SECRET_ROLLS_CAP), before
        it is sealed. Raises InvalidRequest ``sealed.roll_unsaved``: it could not be stored (a roll
        this device cannot open could never be revealed)."""
        from tirada.errors import InvalidRequest

        rolls = self.secret_rolls()
        rolls[roll_id] = request
        if not self.write(SECRET_ROLLS_KEY, dict(list(rolls.items())[-SECRET_ROLLS_CAP:])):
            raise InvalidRequest("storage is full: the secret roll could not be stored", field="request",
                                 code="sealed.roll_unsaved")

    def all_data(self) -> dict:
        """Everything a backup carries (tirada.storage data dict), read fresh."""
        return {"characters": self.characters_raw(), "tragedia_sheets": self.sheets(),
                "tragedia_campaigns": self.sheet_campaigns(), "history": self.history(),
                "chains": self.chains(), "sealkeys": self.campaign_secrets(), "secretrolls": self.secret_rolls()}

    def put_data(self, data: dict) -> bool:
        """Write every part of a merged data dict (tirada.storage.merge); False if a write failed.
        Characters are written first: they matter more than the history."""
        from tirada import storage as schema

        parts = records.StoredData.from_dict(data)
        ok = self.write(self.CHARACTERS_KEY, schema.characters_doc(parts.characters))
        ok = self.write("tirada.tragedia.sheets.v1", parts.tragedia_sheets) and ok
        ok = self.write(self.SHEET_CAMPAIGNS_KEY, parts.tragedia_campaigns) and ok
        ok = self.write(CHAIN_KEY, parts.chains) and ok
        ok = self.write(SEAL_KEY, parts.sealkeys) and ok
        ok = self.write(SECRET_ROLLS_KEY, dict(list(parts.secretrolls.items())[-SECRET_ROLLS_CAP:])) and ok
        return self.set_history(parts.history) and ok

    def set_aside_items(self) -> list:
        """Damaged or unreadable values kept aside: ``[(key, raw text)]``."""
        out = []
        for key in self.keys():
            if key.startswith(self.CORRUPT_PREFIX):
                try:
                    raw = self.storage.getItem(key)
                except Exception:
                    continue
                if isinstance(raw, str):
                    out.append((key, raw))
        return out

    def forget_set_aside(self) -> None:
        """Remove every value kept aside (the user exported or gave them up)."""
        for key, _ in self.set_aside_items():
            try:
                self.storage.removeItem(key)
            except Exception:
                pass
        if "storage.corrupt" in self.problems:
            self.problems.remove("storage.corrupt")

    def trim_history(self, keep: int) -> bool:
        """Keep only the newest ``keep`` rolls; on success the "storage full" notice is withdrawn."""
        ok = self.set_history(self.history()[:max(0, keep)])
        if ok and "storage.full" in self.problems:
            self.problems.remove("storage.full")
        return ok

    def used_bytes(self) -> int:
        """Characters (UTF-16 units, as browsers count) used by Tirada's keys."""
        total = 0
        for key in self.keys():
            if key.startswith("tirada."):
                try:
                    raw = self.storage.getItem(key)
                except Exception:
                    continue
                total += len(key) + (len(raw) if isinstance(raw, str) else 0)
        return total * 2

class ChainBook:
    """The page's one chain book: numbers, hands over and receives roller chains by the rules of
    :mod:`tirada.chainbook`, re-reading the stored book before each step (another tab may have
    used it) and storing the result at once. A step whose chain cannot be stored is refused
    (``chain.storage_full``): a number is never handed out that the next roll would not see."""

    def __init__(self, store: "Store") -> None:
        self.store = store

    def head(self, roller: str, campaign: str):
        """The ChainState the next roll of (roller, campaign) continues (None: unnamed). Raises
        InvalidRequest: a refused name, or ``chain.retired`` (handed over to another device)."""
        from tirada import chainbook

        return chainbook.head(self.store.chains(), roller, campaign)

    def retired(self, roller: str, campaign: str):
        """The chain handed over from here (``tirada.chainbook.Retired``: seq, created), else None."""
        from tirada import chainbook

        return chainbook.retired(self.store.chains(), roller, campaign)

    def number(self, roller: str, campaign: str, step):
        """Run ``step(head) -> (value, new head | None)`` on the chain's head now and store the new
        head before returning ``value``. Raises InvalidRequest (``chain.retired``, ``chain.moved``,
        ``chain.storage_full``) or whatever ``step`` raises; then nothing is stored."""
        from tirada import chainbook

        self._not_held()
        before = self.head(roller, campaign)
        value, after = step(before)
        if before is not None and after is not None and after != before:
            self._put(chainbook.record(self.store.chains(), before, after))
        return value

    def catch_up(self, roller: str, campaign: str, entry) -> bool:
        """Adopt ``entry`` (a chain state another tab of this browser left: web/shell/chain_writer.py)
        as the head of (roller, campaign) when it is further along than the stored one (never
        lowering it; tirada.chainbook.restore). A malformed entry or another chain's is ignored.
        Returns whether the book changed."""
        from tirada import chainbook
        from tirada.errors import TiradaError
        from tirada.stored import chain_entry, chain_key

        key = chain_key(roller, campaign)
        try:
            checked = chain_entry(key, entry)
        except (TiradaError, ValueError, TypeError):
            return False
        book = self.store.chains()
        if not records.further_along(book, key, checked):
            return False
        self._put(chainbook.restore(book, {key: checked})[0])
        return True

    def hand_over(self, roller: str, campaign: str, created: int) -> tuple:
        """``(hand-over fragment, ChainState)``; the chain is retired here once that is stored."""
        from tirada import chainbook

        self._not_held()
        fragment, state, book = chainbook.hand_over(self.store.chains(), roller, campaign, created)
        self._put(book)
        return fragment, state

    def plan(self, fragment: str):
        """What opening a hand-over link would do here (tirada.chainbook.plan: a HandoverPlan);
        nothing is stored. Raises LinkError / InvalidRequest (``handover.absurd``)."""
        from tirada import chainbook

        return chainbook.plan(self.store.chains(), fragment)

    def receive(self, fragment: str, consent: str = "") -> tuple:
        """``(outcome, ChainState now)`` of opening a hand-over link (tirada.chainbook.receive):
        a chain held here changes only when ``consent`` is the key of the plan asked about; refused
        while a damaged chain book is held (``chain.book_held``)."""
        from tirada import chainbook

        self._not_held()
        outcome, state, book = chainbook.receive(self.store.chains(), fragment, consent)
        if outcome in ("adopted", "same"):
            self._put(book)
        return outcome, state

    def _not_held(self) -> None:
        """Raise InvalidRequest ``chain.book_held`` while the stored book is damaged and the player has
        not decided (a number taken now could repeat one the damaged book holds)."""
        from tirada.errors import InvalidRequest

        self.store.chains()
        if CHAIN_KEY in self.store.held:
            raise InvalidRequest("the stored chain book is damaged: decide what to keep first", field="chain",
                                 code="chain.book_held")

    def _put(self, book: dict) -> None:
        from tirada.errors import InvalidRequest

        if not self.store.write(CHAIN_KEY, book):
            raise InvalidRequest("storage is full: the chain could not be stored", field="chain",
                                 code="chain.storage_full")


def _readable(storage) -> bool:
    """Whether a storage that refused a write can still be read (it is full, not forbidden)."""
    try:
        storage.getItem("tirada.probe")
        int(storage.length)
        return True
    except Exception:
        return False


def local_storage(window):
    """``window.localStorage``, or None when the browser refuses it (it may throw on access)."""
    try:
        return window.localStorage
    except Exception:
        return None


def read_fragment(location) -> str:
    """The URL fragment without ``#`` (empty when none)."""
    frag = location.hash
    frag = frag if isinstance(frag, str) else ""
    return frag[1:] if frag.startswith("#") else frag


def page_url(location) -> str:
    """This page's URL without fragment or query (share links hang their fragment from it)."""
    href = str(location.href)
    return href.split("#", 1)[0]


def clear_fragment(window) -> None:
    """Remove the fragment from the address bar without reloading or adding a history entry."""
    window.history.replaceState(None, "", page_url(window.location))
