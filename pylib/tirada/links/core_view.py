"""A roll link's verified view from the reading core: what the page shows before Pyodide is up.

The page opened on a roll link starts MicroPython first (web/core-first.mjs; issue #41) and calls
:func:`view_json` with the link's fragment: the link is verified here exactly as the full engine does
(:func:`tirada.links.chain.verify`: the frame decoded, the request checked, the roll recomputed, never
read from the link), and the outcome is said in the system's own words
(:func:`tirada.systems.words.outcome_words`, the words the full page's result card and headline use),
so the full page that takes over later shows the same verdict. A link the engine refuses gives a
:class:`CoreView` with the same stable error code (``tirada.errors``); a link this interpreter cannot
read alone (a text needing Unicode normalization: :class:`tirada.portable.NeedsFullEngine`) gives
``state == "full"``, and the page waits for the full engine.

Plain Python of the reading core (runs unchanged on CPython, Pyodide and MicroPython;
docs/architecture.md §The reading core): a :class:`~tirada.portable.Struct`, no dataclasses.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import TiradaError
from ..portable import NeedsFullEngine, Struct

__all__ = ["CoreView", "core_view", "outcome_line", "view_json"]

#: the states of a :class:`CoreView`
STATES = ("verified", "refused", "full")


class CoreView(Struct):
    """One roll link as the reading core verified it.

    Fields:
        state: ``"verified"``; ``"refused"`` (the full engine refuses it too, with ``code``); or
            ``"full"`` (only the full engine can read it: the page waits for Pyodide).
        code: the refusal's stable dotted error code (``"link.bad_checksum"``…), ``""`` otherwise.
        params: the refusal's JSON parameters (``{}`` otherwise).
        system: the roll's system id (``"sifrp"``, ``"generic"``, ``"l5r5e"``), ``""`` unless verified.
        outcome: the verdict first, as the full page's headline says it (``"Éxito considerable (2
            grados)"``; a band's label; the total when nothing is judged): :func:`outcome_line`.
        total: the total in words (``"16"``, ``"3 éxitos"``); ``ok``: True success, False failure,
            None nothing judged (the colour).
        kept: the kept dice's faces as strings (``("6", "5", "4")``).
        label, roller, campaign: the link's texts (``""`` when absent); ``seq``: the roller's chain
            number (0 when unsigned); ``id``: the roll's 12-hex-digit id; ``description``: who rolled
            and where, in ``lang``; ``created_iso``: ``"YYYY-MM-DDTHH:MM:SSZ"`` or ``""``.
        lang: ``"es"`` or ``"en"``, the language of the words.
    """

    _fields = ("state", "code", "params", "system", "outcome", "total", "ok", "kept", "label", "roller",
               "campaign", "seq", "id", "description", "created_iso", "lang")

    state: str
    code: str
    params: dict
    system: str
    outcome: str
    total: str
    ok: Any
    kept: tuple
    label: str
    roller: str
    campaign: str
    seq: int
    id: str
    description: str
    created_iso: str
    lang: str

    def __init__(self, state: str, code: str = "", params: Any = None, system: str = "", outcome: str = "",
                 total: str = "", ok: Any = None, kept: Any = (), label: str = "", roller: str = "",
                 campaign: str = "", seq: int = 0, id: str = "", description: str = "", created_iso: str = "",
                 lang: str = "es") -> None:
        if state not in STATES:
            raise ValueError("state must be one of " + ", ".join(STATES))
        self._init(state, code, dict(params or {}), system, outcome, total, ok, tuple(kept), label, roller,
                   campaign, seq, id, description, created_iso, lang)


def outcome_line(words: Any) -> str:
    """The verdict in one line, as the full page's headline ends (web/dice/dice_result.summary,
    web/l5r/ui_l5r_render.summary): the headline and its detail when something is judged, a band's
    label alone when nothing is, each roll's of several joined by `` · ``, else the total."""
    said = words.line() if words.ok is not None else words.headline
    if said:
        return said
    if words.rolls:
        return " · ".join(outcome_line(one) for one in words.rolls)
    return words.total


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def core_view(fragment: Any, lang: str = "es") -> CoreView:
    """Verify the roll link ``fragment`` (``"t2…"``, with or without ``#`` or a whole address) and say
    its outcome in ``lang`` (``"es"``, else English).

    Returns:
        :class:`CoreView`: verified, refused (the full engine's error code) or ``"full"``. Never
        raises for bad input.
    """
    from ..systems.words import outcome_words
    from .chain import verify

    lang = "es" if lang == "es" else "en"
    try:
        verified = verify(fragment)
        result = verified["result"]
        words = outcome_words(result, lang, verified["request"].get("system"))
    except TiradaError as err:
        return CoreView("refused", code=err.code, params=err.params, lang=lang)
    except NeedsFullEngine:
        return CoreView("full", lang=lang)
    return CoreView("verified", system=_text(verified["request"].get("system")), outcome=outcome_line(words),
                    total=words.total, ok=words.ok, kept=words.kept, label=_text(verified.get("label")),
                    roller=_text(verified.get("roller")), campaign=_text(verified.get("campaign")),
                    seq=verified.get("seq") or 0, id=_text(verified.get("id")),
                    description=_text((verified.get("description") or {}).get(lang)),
                    created_iso=_text(verified.get("created_iso")), lang=lang)


def view_json(fragment: Any, lang: str = "es") -> str:
    """:func:`core_view` as JSON text (an object of the view's fields; ``kept`` a list): what the
    page's JavaScript reads from MicroPython."""
    view = core_view(fragment, lang)
    return json.dumps({name: list(value) if isinstance(value, tuple) else value
                       for name, value in zip(view._fields, view._values())})
