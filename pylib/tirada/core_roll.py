"""A roll of the page's form made by the reading core, before Pyodide is up (issue #41).

A first visit shows the roll form at once, but the full engine (Pyodide) takes seconds more to start.
The page's core worker (web/core-worker.mjs) runs this module on MicroPython instead: the form's values
read by :func:`tirada.systems.form_read.read_form` (the same reader the full page uses), the roll made
as a link by :func:`tirada.links.roll_link.roll_link` (the same one call: seeded, rolled once,
encoded, decoded once and verified), numbered on the roller's chain by :mod:`tirada.chainbook`'s
rules (:func:`~tirada.chainbook.head`, :func:`~tirada.chainbook.record`), and said in the system's
own words (:func:`tirada.links.core_view.outcome_line`) with its forum snippets
(:func:`tirada.links.snippets.snippet_of`). Nothing is stored here: the page's JavaScript writes the
new chain entry under the chain lock (web/chain-writer.mjs), then the history.

Fair play is the full page's (docs/fair-play.md): the seed and every nonce are fresh random bytes
handed in by the page (``crypto.getRandomValues``; :func:`tirada.portable.supply_random`), a named roll
takes the next chain number of the head stored in this browser, and anything the core cannot do as
the full page would (a chain whose stored copies disagree, a retired chain, a refused value, typed
faces, a system with steps) is answered ``"full"``: the page keeps the roll queued for the full engine,
which rolls it (or words the refusal) once it is up. A refusal here is never shown as a result.

Plain Python of the reading core (CPython, Pyodide and MicroPython; docs/architecture.md §How the core is
written).
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .errors import TiradaError
from .portable import NeedsFullEngine, Struct, supply_random

__all__ = ["CoreRoll", "FormAsk", "SYSTEMS", "chain_of", "core_roll", "roll_json", "rolled"]

#: the systems whose form the core rolls (one roll per press); L5R's check has steps, Fate and the rest
#: wait for the full engine
SYSTEMS = ("generic", "sifrp")
#: the snippet styles of the copy buttons (web/panels/roll.html ``data-copy``)
STYLES = ("bbcode", "markdown", "text", "html")
#: the states of a :class:`CoreRoll`
STATES = ("rolled", "full")


class CoreRoll(Struct):
    """A form's roll as the reading core made it.

    Fields:
        state: ``"rolled"``; or ``"full"``: the full engine must make this roll (``code`` says why:
            an engine error code such as ``"chain.retired"``, or ``"core.*"``: ``core.system``,
            ``core.chain_differs``, ``core.book`` (no book, or an entry of it damaged), ``core.interpreter`` (too few random bytes where there is no
            secure source), ``core.random`` (the random bytes are not lowercase hex), ``core.ask``).
        code: as above, ``""`` when rolled.
        fragment: the link's fragment (``"t2…"``, no ``#``).
        key: the chain book's key of the roller's chain (``"<roller>\\n<campaign>"``), ``""`` unsigned.
        entry: the chain book's new entry for ``key`` (tirada.chainbook), None unsigned.
        head: the new head as the chain lock stores it (``ChainState.to_dict()``), None unsigned.
        view: :class:`tirada.links.core_view.CoreView`'s fields as a dict (state ``"verified"``).
        snippets: ``{style: text}`` for each of :data:`STYLES`, in ``lang``, linking to ``page_url``.
        system: the system id; label: the roll's label (``""`` none).
        summary: ``{"es": line, "en": line}``: the outcome in both languages for the page's history (its
            entry is marked ``"core"``; the full page words it again once it is up: web/roll/ui_core_roll.py).
        pool: the pool in the game's notation, in ``lang`` (``"SIFRP 4D+1B contra 12"``:
            tirada.links.pool.pool_text, the full card's first line), ``""`` when not rolled.
        field: the refused value's field when the engine refused the form (an input's name such as
            ``"test_dice"``, or the engine's field name), ``""`` otherwise: the page points at it when
            the full engine, which words refusals, could not load.
    """

    _fields = ("state", "code", "fragment", "key", "entry", "head", "view", "snippets", "system", "label", "summary",
               "pool", "field")
    state: str
    code: str
    fragment: str
    key: str
    entry: Any
    head: Any
    view: Any
    snippets: Any
    system: str
    label: str
    summary: Any
    pool: str
    field: str

    def __init__(self, state: str, code: str = "", fragment: str = "", key: str = "", entry: Any = None,
                 head: Any = None, view: Any = None, snippets: Any = None, system: str = "", label: str = "",
                 summary: Any = None, pool: str = "", field: str = "") -> None:
        if state not in STATES:
            raise ValueError("state must be one of " + ", ".join(STATES))
        self._init(state, code, fragment, key, entry, head, dict(view or {}), dict(snippets or {}), system, label,
                   dict(summary or {}), pool, field)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


class FormAsk(Struct):
    """What the page asks the core for a roll of its form (web/loader.js ``rollOnCore``) or a step of an L5R
    check (web/core-check.mjs), read once from the page's JSON (:meth:`of`).

    Fields:
        system: the system id (``""`` none); values: ``{input name: str | bool}`` of its fieldset.
        label, roller, campaign: as typed, trimmed (``""`` none).
        book: the whole chain book as stored (localStorage ``tirada.chains.v1``), or None when it is not an
            object (then nothing is numbered: :func:`chain_of` answers ``core.book``).
        head: the head the chain lock left in IndexedDB (``ChainState.to_dict()``), None when none.
        created: Unix seconds (the page's clock), None when not a whole number.
        random: the page's fresh random hex digits; lang: ``"es"`` or ``"en"``; page_url: the page's address
            without its fragment.
        name, keep: an L5R check's decision (``"rerolls"``, ``"keep"``, ``"explosions"``; ``keep``: the next
            explosion die kept), ``""`` / False otherwise.
    """

    _fields = ("system", "values", "label", "roller", "campaign", "book", "head", "created", "random", "lang",
               "page_url", "name", "keep")
    system: str
    values: dict
    label: str
    roller: str
    campaign: str
    book: Any
    head: Any
    created: Any
    random: str
    lang: str
    page_url: str
    name: str
    keep: bool

    def __init__(self, system: str = "", values: Any = None, label: str = "", roller: str = "", campaign: str = "",
                 book: Any = None, head: Any = None, created: Any = None, random: str = "", lang: str = "en",
                 page_url: str = "", name: str = "", keep: bool = False) -> None:
        self._init(system, dict(values or {}), label, roller, campaign, book, head, created, random, lang, page_url,
                   name, keep)

    @classmethod
    def of(cls, ask: Mapping[str, Any]) -> "FormAsk":
        """The ask in the page's JSON object ``ask`` (web/loader.js), each field checked for its type."""
        system, values, created = ask.get("system"), ask.get("values"), ask.get("created")
        book, name = ask.get("book"), ask.get("name")
        return cls(system if isinstance(system, str) else "", values if isinstance(values, Mapping) else {},
                   _text(ask.get("label")), _text(ask.get("roller")), _text(ask.get("campaign")),
                   book if isinstance(book, Mapping) else None, ask.get("head"),
                   created if isinstance(created, int) and not isinstance(created, bool) else None,
                   str(ask.get("random") or ""), "es" if ask.get("lang") == "es" else "en",
                   str(ask.get("page_url") or ""), name if isinstance(name, str) else "", ask.get("keep") is True)


def core_roll(ask: Mapping[str, Any]) -> CoreRoll:
    """Roll the form's values in ``ask`` as a link, numbered on the roller's chain.

    Args:
        ask: ``{"system": "generic" | "sifrp", "values": {input name: str | bool} (the system's
            fieldset, tirada.systems.form_read), "label": the form's label, "roller", "campaign"
            (the names typed; "" unsigned), "book": the whole chain book as stored (localStorage
            ``tirada.chains.v1``: ``{"<roller>\n<campaign>": entry}``, ``{}`` when none; every entry is
            checked as the page's store checks it, :func:`tirada.chainbook.chain_entry`: a damaged book is
            the player's to decide on, so nothing is numbered here), "head": the head the chain lock left in IndexedDB (a
            ``ChainState.to_dict()``) or None, "created": Unix seconds (the page's clock), "random":
            at least 128 lowercase hex digits from the browser's secure source, "lang": "es" | "en",
            "page_url": this page's address without its fragment}``.
    Returns:
        :class:`CoreRoll`, ``"rolled"`` or ``"full"`` (never a refusal: the full engine words
        those). Never raises for bad input.
    Rule: docs/link-format.md §6 (chains), §11.1 (the chain book), §16 (fair play).
    """
    from .chainbook import record
    from .systems.form_read import read_form
    from .links.chain import ChainState
    from .links.roll_link import roll_link

    try:
        asked = FormAsk.of(ask)
        system = asked.system
        if system not in SYSTEMS:
            return CoreRoll("full", "core.system")
        try:
            supply_random(asked.random)
        except ValueError:
            return CoreRoll("full", "core.random")
        request = read_form(system, asked.values)
        request["system"] = system
        label, own = asked.label, request.get("label")
        if label:   # the form's label, then a single roll's own ("ataque: 1d20+5"), as the full page
            request["label"] = label + " · " + own if isinstance(own, str) and own else label
        chain = chain_of(asked)
        if isinstance(chain, CoreRoll):
            return chain
        key, book, before = chain
        done = roll_link(request, before, asked.created)
        new_entry = new_head = None
        if before is not None and isinstance(done.chain, ChainState):
            new_entry = record(book, before, done.chain)[key]
            new_head = done.chain.to_dict()
        return rolled(asked, done.verified, done.fragment, key, new_entry, new_head)
    except TiradaError as err:
        return CoreRoll("full", err.code, field=err.field if isinstance(err.field, str) else "")
    except NeedsFullEngine:
        return CoreRoll("full", "core.interpreter")
    finally:
        supply_random("")   # what was not used is never used by a later roll


def chain_of(ask: FormAsk) -> Any:
    """The roller's chain as the page stores it, checked as :func:`core_roll` checks it (``ask``'s
    ``roller``, ``campaign``, ``book``, ``head``: :class:`FormAsk`).

    Returns:
        ``(key, book, before)``: the chain book's key (``""`` unsigned), a book holding only that entry
        (``{}`` when none), and the chain's head (:func:`tirada.chainbook.head`; None unsigned) — or a
        :class:`CoreRoll` ``"full"`` (``core.book``: no book or a damaged entry; ``core.chain_differs``:
        the head another tab left is not the book's).
    Raises:
        TiradaError: a retired chain or names the chain refuses (:func:`tirada.chainbook.head`).
    """
    from .chainbook import chain_entry, head as chain_head
    from .names import chain_key

    roller, campaign = ask.roller, ask.campaign
    whole, stored = ask.book, ask.head
    if not isinstance(whole, Mapping):
        return CoreRoll("full", "core.book")
    try:   # every entry as the page's store reads it: one damaged entry holds the whole book
        for name, one in whole.items():
            chain_entry(name, one)
    except TiradaError:
        return CoreRoll("full", "core.book")
    key, book = "", {}
    if roller:
        key = chain_key(roller, campaign)
        entry = whole.get(key)
        if stored is not None and (not isinstance(stored, Mapping) or not _same_head(stored, entry)):
            return CoreRoll("full", "core.chain_differs")   # another tab went on: the full page catches up
        if entry is not None:
            book[key] = dict(entry)
    return key, book, chain_head(book, roller, campaign)


def rolled(ask: FormAsk, verified: Mapping[str, Any], fragment: str, key: str, entry: Any,
           head: Any) -> CoreRoll:
    """The :class:`CoreRoll` ``"rolled"`` of a link made and verified (``verified``: its
    :func:`tirada.links.chain.verify` dict), worded in ``ask.lang`` with its snippets linking to
    ``ask.page_url``; ``key``, ``entry``, ``head``: the chain book's new entry and head (None: the
    roll took no number now)."""
    from .systems.words import outcome_words
    from .links.core_view import CoreView, outcome_line
    from .links.pool import pool_text
    from .links.snippets import snippet_of

    lang = ask.lang
    system = str(verified["request"].get("system"))
    words = outcome_words(verified["result"], lang, system)
    view = CoreView("verified", system=system, outcome=outcome_line(words), total=words.total, ok=words.ok,
                    kept=words.kept, label=_text(verified.get("label")), roller=_text(verified.get("roller")),
                    campaign=_text(verified.get("campaign")), seq=verified.get("seq") or 0,
                    id=_text(verified.get("id")), description=_text((verified.get("description") or {}).get(lang)),
                    created_iso=_text(verified.get("created_iso")), lang=lang)
    current = dict(verified)
    current["fragment"] = fragment
    page = ask.page_url
    snippets = {style: snippet_of(current, fragment, page, style=style, lang=lang) for style in STYLES}
    summary = {one: outcome_line(outcome_words(verified["result"], one, system)) for one in ("es", "en")}
    return CoreRoll("rolled", fragment=fragment, key=key, entry=entry, head=head,
                    view={name: list(value) if isinstance(value, tuple) else value
                          for name, value in zip(view._fields, view._values())},
                    snippets=snippets, system=system, label=_text(verified.get("label")), summary=summary,
                    pool=pool_text(verified["request"], lang))


def _same_head(stored: Mapping[str, Any], entry: Any) -> bool:
    """Whether the head in IndexedDB is the chain book's entry (the same number and last id)."""
    seq, last = (entry.get("seq", 0), entry.get("last")) if isinstance(entry, Mapping) else (0, None)
    return (stored.get("seq", 0), stored.get("last")) == (seq, last)


def roll_json(ask_text: str) -> str:
    """:func:`core_roll` of the JSON text ``ask_text``, as JSON text (the record's fields): what the
    page's JavaScript asks MicroPython. Text that is not a JSON object answers ``"full"``
    (``core.ask``)."""
    from .safejson import loads

    try:
        ask = loads(ask_text)
    except (TiradaError, ValueError):
        ask = None
    done = core_roll(ask) if isinstance(ask, Mapping) else CoreRoll("full", "core.ask")
    return json.dumps({name: value for name, value in zip(done._fields, done._values())})
