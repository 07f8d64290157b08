"""The forum snippet of a reveal: the revealed result in words, so the thread shows it (issue #38).

A reveal link alone says nothing a reader can see: its result appears only once the link is opened
beside its sealed roll. The GM posts this snippet instead — the sealed roll named (label, whose roll,
its chain number), the pool, the dice and the outcome recomputed from the reveal, and the reveal link
— in the same styles as a roll's snippet (:mod:`tirada.links.snippets`), so the thread's words carry
the revealed result and the audit can compare them with the link (docs/link-format.md §19.9).

Public API: :func:`reveal_snippet`.
"""

from __future__ import annotations

from typing import Any

from ..wire.frame import split_versioned
from ..wire.markup import render
from .snippets import tokens

__all__ = ["reveal_snippet"]

#: the head line's first words and the link's words, per language
_WORDS = {"es": {"blind": "Revelada: ", "secret": "Revelada: ", "check": "Comprobar la revelación"},
          "en": {"blind": "Revealed: ", "secret": "Revealed: ", "check": "Check the reveal"}}


def reveal_snippet(opened: Any, reveal_fragment: str, base_url: str, style: str = "bbcode", lang: str = "es") -> str:
    """The snippet of a reveal.

    Args:
        opened: the :class:`tirada.links.sealed.Opened` the reveal opens (``verify_reveal`` or the
            GM's ``open_blind`` / ``open_secret``: its ``link`` view names the roll, its ``request``
            and ``result`` are recomputed, never read from a link).
        reveal_fragment: the reveal link (``t2…``); base_url: the page's ``http(s)://`` address.
        style: ``"bbcode"``, ``"markdown"``, ``"html"`` or ``"text"``; lang: ``"es"`` or ``"en"``.
    Returns:
        the snippet: «Revelada: Sigilo — tirada nº 4 de Sharla en «Arenas»», the pool, the dice and
        outcome, then the reveal link.
    Raises:
        InvalidRequest: a bad style or address; LinkError: a reveal fragment that is not a link.
    """
    words = _WORDS["es" if lang == "es" else "en"]
    view = opened.link
    label = view.get("label") or (view.get("request") or {}).get("label")
    checked = {"label": label, "roller": view.get("roller"), "campaign": view.get("campaign"),
               "seq": view.get("seq"), "request": opened.request, "result": opened.result}
    lines = tokens(checked, lang)
    lines[0] = [(words.get(opened.kind, words["blind"]), "b"), *lines[0]]
    lines[-1] = [(words["check"], "url")]
    version, rest = split_versioned(reveal_fragment)
    url = str(base_url).split("#", 1)[0] + "#" + f"t{version}" + rest
    return render(lines, url, style)
