"""The one module that touches ``localStorage`` and ``location.hash``.

Everything stored is JSON under keys starting with ``tirada.``. Failures never lose data and never
break the page: storage that cannot be used falls back to memory for the session (and says so),
damaged values are moved aside under ``tirada.corrupt.<key>`` instead of being overwritten, and a
full storage is reported while the roll is still shown.
"""

from __future__ import annotations

import json

HISTORY_KEY = "tirada.history.v1"
LANG_KEY = "tirada.lang"
CHAIN_KEY = "tirada.chains.v1"
ROLLER_KEY = "tirada.roller.v1"
#: Documented cap: the history keeps the newest 200 rolls; older ones are dropped first.
HISTORY_CAP = 200


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
        self.storage = storage
        try:
            storage.setItem("tirada.probe", "1")
            storage.removeItem("tirada.probe")
        except Exception:  # SecurityError, QuotaExceeded, None
            self.storage = MemoryStorage()
            self.problems.append("storage.unavailable")

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
            value = json.loads(raw)
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

    def _set_aside(self, key: str, raw: str) -> None:
        try:
            self.storage.setItem(f"tirada.corrupt.{key}", raw)
            self.storage.removeItem(key)
        except Exception:
            pass
        if "storage.corrupt" not in self.problems:
            self.problems.append("storage.corrupt")

    # -- history -------------------------------------------------------------------------------
    def history(self) -> list:
        """Recent rolls, newest first: ``[{"fragment": str, "summary": str, "system": str, "at": ms}]``."""
        items = self.read(HISTORY_KEY, [], check=lambda v: isinstance(v, list))
        return [i for i in items if isinstance(i, dict) and isinstance(i.get("fragment"), str)]

    def add_history(self, entry: dict) -> bool:
        """Prepend ``entry`` (re-reading first, so another tab's rolls survive); keep the newest
        :data:`HISTORY_CAP`. Returns False when storage refused the write."""
        items = [i for i in self.history() if i.get("fragment") != entry.get("fragment")]
        return self.write(HISTORY_KEY, [entry, *items][:HISTORY_CAP])

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
        """Roller chains: ``{"<roller>\n<campaign>": ChainState dict}`` (see tirada.link)."""
        value = self.read(CHAIN_KEY, {}, check=lambda v: isinstance(v, dict))
        return value

    def set_chain(self, key: str, state: dict) -> bool:
        """Store one chain, re-reading first so another tab's chains survive."""
        chains = self.chains()
        chains[key] = state
        return self.write(CHAIN_KEY, chains)

    def roller(self) -> dict:
        """The remembered roller identity ``{"roller": str, "campaign": str}``."""
        value = self.read(ROLLER_KEY, {}, check=lambda v: isinstance(v, dict))
        return {"roller": str(value.get("roller") or "")[:40], "campaign": str(value.get("campaign") or "")[:80]}

    def set_roller(self, roller: str, campaign: str) -> None:
        self.write(ROLLER_KEY, {"roller": roller, "campaign": campaign})


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
