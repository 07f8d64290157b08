"""The roll on screen and the history as the roll page reads them (issue #40: the page reads no
result by string key).

Three small records, each read once from the dict that is stored, linked or passed on unchanged:

* :class:`RollHead` — a request's or a result's ``system`` and ``label`` (the roll form's request,
  a result of :func:`tirada.systems.roll`);
* :class:`VerifiedRoll` — a verified roll link (:func:`tirada.links.chain.verify` /
  :func:`tirada.links.roll_link.roll_link`'s ``verified``, plus the ``fragment`` it came from);
* :class:`HistoryEntry` — one entry of the roll history in storage (checked by
  :func:`tirada.stored.history_item`: ``{"fragment", "system", "label", "summary": {"es", "en"},
  "at", "elsewhere"?}``).

The dicts stay what they are (the history is written and read back byte for byte, the link's
verified dict goes on to the snippets and the page events): these records only read them. A part
that is missing or malformed (an older entry, a partial shape) reads as absent, never as an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

__all__ = ["HistoryEntry", "RollHead", "VerifiedRoll"]


@dataclass(frozen=True)
class RollHead:
    """The ``system`` (the value as given, ``None`` when absent) and ``label`` (text, ``""`` when
    absent or not text) of a roll request or a roll result."""

    system: Any = None
    label: str = ""

    @classmethod
    def of(cls, request: Mapping[str, Any]) -> "RollHead":
        """The head of ``request`` (a request or result dict; anything else reads as empty)."""
        if not isinstance(request, Mapping):
            return cls()
        label = request.get("label")
        return cls(request.get("system"), label if isinstance(label, str) else "")


@dataclass(frozen=True)
class VerifiedRoll:
    """A verified roll link as the page shows it: ``fragment`` (the share link's fragment, no
    ``#``; ``""`` when absent), ``request`` / ``result`` (the checked request and the recomputed
    result, dicts; ``{}`` when absent), ``system`` (the request's system id) and ``label`` (the roll's
    label, ``None`` when it has none)."""

    fragment: str
    request: dict
    result: dict
    system: Any
    label: Optional[str]

    @classmethod
    def of(cls, verified: Mapping[str, Any]) -> "VerifiedRoll":
        """The roll of ``{**verified, "fragment"}`` (:func:`tirada.links.chain.verify`'s dict)."""
        request = verified.get("request")
        request = request if isinstance(request, dict) else {}
        result = verified.get("result")
        fragment = verified.get("fragment")
        return cls(fragment if isinstance(fragment, str) else "", request, result if isinstance(result, dict) else {},
                   request.get("system"), verified.get("label"))


@dataclass(frozen=True)
class HistoryEntry:
    """One roll of the history: ``fragment`` (its link's fragment; ``elsewhere-<ms>`` for dice rolled
    elsewhere), ``label`` (``""`` without one), ``summary`` (the one-line summary per language
    ``{"es", "en"}``, or an older entry's single text), ``at`` (when, milliseconds since 1970; 0 when
    unreadable), ``elsewhere`` (dice rolled elsewhere: no link to open) and ``core`` (made by the reading
    core before the full engine was up: its summary is the core's outcome line until web/roll/ui_roll.py
    words it again; issue #41)."""

    fragment: str
    label: str
    summary: Any
    at: float
    elsewhere: bool
    core: bool = False

    @classmethod
    def of(cls, item: Mapping[str, Any]) -> "HistoryEntry":
        """The entry of a stored history ``item``."""
        at = item.get("at")
        fragment = item.get("fragment")
        return cls(fragment if isinstance(fragment, str) else "", item.get("label") or "", item.get("summary") or {},
                   at if isinstance(at, (int, float)) else 0, bool(item.get("elsewhere")), item.get("core") is True)

    def text(self, lang: str) -> str:
        """The summary in ``lang`` (``"es"`` / ``"en"``; ``""`` when it has none in that language)."""
        return self.summary.get(lang, "") if isinstance(self.summary, dict) else str(self.summary)
