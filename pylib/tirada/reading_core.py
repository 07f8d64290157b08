"""The reading core: the engine modules that run unchanged on CPython 3.11+, Pyodide and MicroPython
(issue #41; docs/architecture.md §The reading core).

What it reads today: a SIFRP, L5R or generic roll link (:func:`tirada.links.chain.verify`, formats
1 and 2), a GM's roll request and whether a roll answers it (:mod:`tirada.links.gm_request`), sealed
links and their reveals (:mod:`tirada.links.sealed`: SIFRP, L5R, generic), the dice stream (:mod:`tirada.dice`, :mod:`tirada.fresh`), the link frame of every kind
(:mod:`tirada.wire`; compressed ones inflated by :mod:`tirada.wire.inflate`), a roll's forum snippet (:mod:`tirada.links.snippets`, :mod:`tirada.wire.markup`)
and the userscript's ✔ and ✘ marks of a roll link, its post's snippet checked (:mod:`tirada.links.core_marks`,
:mod:`tirada.links.claims`; the ✘ marks' words, :mod:`tirada.links.mark_words`), and a thread link's first
verdict: the thread decoded (:mod:`tirada.links.thread_link`, :mod:`tirada.links.thread_text`,
:mod:`tirada.safejson`) and each roll link in it marked as the frame marks it (:mod:`tirada.links.core_thread`), and
the generic and SIFRP roll forms read into a request (:mod:`tirada.systems.form_read`, a typed notation
by the notation parser :mod:`tirada.systems.notation` and typed bands too; a text MicroPython cannot read
as CPython does needs the full engine), a Tragedia scene link opened as the page opens it
(:func:`tirada.systems.tragedia.play.from_fragment`: the ledger checked and replayed by the scene's rules,
:mod:`tirada.systems.tragedia.scene` and its modules, their roll stages :mod:`tirada.systems.frozen`
Records; its result, the page's view and its signed rolls' chain entries), and Blood Red Sands links: a
Confrontation link opened and replayed (:func:`tirada.systems.brs.link.open_link`, the page's one call; the
state's summary :func:`tirada.systems.brs.report.summary` and a fair-play link's signed moves,
:func:`tirada.systems.brs.signed.signed_entries`) and a Spoils bidding link folded
(:func:`tirada.systems.brs.bidlink.decode_bid_link`); a game link's first view on the page,
:mod:`tirada.links.core_game`. Each module in :data:`CORE_MODULES` imports only other core modules, the
standard modules in :data:`MICROPYTHON_STDLIB`, and ``typing`` / ``__future__`` (MicroPython takes
the no-op stand-ins in ``tools/micropython/lib/``); whatever MicroPython lacks comes from
:mod:`tirada.portable`. ``tests/test_reading_core.py`` checks both: statically (every import of
every core module) and by running every link of ``tests/vectors/`` (the roll links verified, compressed
too; every link's frame and payload) on MicroPython under Node and comparing the result JSON byte for
byte with CPython's.

The one list of the core (the MicroPython runner copies exactly these) is :func:`core_modules`:
:data:`CORE_MODULES` and every system package the registry finds (given by the caller) (its package and its ``spec``:
Fate's), so a system added as a package is in the core, and checked there, without editing this file.
"""

__all__ = ["CORE_MODULES", "GAME_MODULES", "MICROPYTHON_LACKS", "MICROPYTHON_STDLIB", "SHIMMED", "core_modules"]

#: core modules of the stateful games, which no roll link's first result needs: a Tragedia scene link
#: opened and replayed (``tragedia.play.from_fragment``, ``play.view``), a Blood Red Sands Confrontation
#: link replayed (``brs.link.open_link``), a Spoils bidding link folded (``brs.bidlink``), and a game
#: link's first view on the page (:mod:`tirada.links.core_game`). In the core (they run, and are checked,
#: on MicroPython as the rest) but shipped in their own bundle, dist/core-games.bin (buildtools/core.py),
#: so that what a phone downloads before a roll link's first result stays within issue #41's 0.8 MB; the
#: page's core worker fetches it only for a Confrontation or scene link (web/core-worker.mjs ``games``).
#: No other core module imports one of these (tests/test_core_bundle.py).
GAME_MODULES = (
    "tirada.links.core_game",
    "tirada.systems.frozen",
    # Blood Red Sands: a Confrontation link replayed (link.open_link, its summary and fair-play verdict) and
    # a Spoils bidding link folded (bidlink.decode_bid_link); the page's editing modules stay out
    "tirada.systems.brs",
    "tirada.systems.brs.aspects",
    "tirada.systems.brs.bidlink",
    "tirada.systems.brs.board_view",
    "tirada.systems.brs.checks",
    "tirada.systems.brs.compact",
    "tirada.systems.brs.config",
    "tirada.systems.brs.defence",
    "tirada.systems.brs.fair",
    "tirada.systems.brs.link",
    "tirada.systems.brs.moves",
    "tirada.systems.brs.options",
    "tirada.systems.brs.orders",
    "tirada.systems.brs.replay",
    "tirada.systems.brs.report",
    "tirada.systems.brs.settle",
    "tirada.systems.brs.signed",
    "tirada.systems.brs.spoils",
    "tirada.systems.brs.start",
    "tirada.systems.brs.state",
    "tirada.systems.brs.story_view",
    "tirada.systems.brs.vows",
    # Tragedia's scene
    "tirada.systems.tragedia.moves",
    "tirada.systems.tragedia.play",
    "tirada.systems.tragedia.records",
    "tirada.systems.tragedia.scene",
    "tirada.systems.tragedia.sheet",
    "tirada.systems.tragedia.signed",
    "tirada.systems.tragedia.sources",
    "tirada.systems.tragedia.state",
)

#: the engine modules of the reading core, by dotted name (packages by their own name), the games' last
CORE_MODULES = (
    "tirada",
    "tirada.dice",
    "tirada.errors",
    "tirada.fields",
    "tirada.fresh",
    "tirada.names",
    "tirada.plural",
    "tirada.lookalike_data",
    "tirada.portable",
    "tirada.portable_text",
    "tirada.safejson",
    "tirada.unicode_core_data",
    "tirada.chainbook",
    "tirada.core_roll",
    "tirada.links",
    "tirada.links.chain",
    "tirada.links.claims",
    "tirada.links.core_marks",
    "tirada.links.core_thread",
    "tirada.links.core_view",
    "tirada.links.mark_words",
    "tirada.links.gm_request",
    "tirada.links.handover",
    "tirada.links.sealed",
    "tirada.links.sealed_dice",
    "tirada.links.pool",
    "tirada.links.pool_wording",
    "tirada.links.roll_link",
    "tirada.links.snippet_dice",
    "tirada.links.snippets",
    "tirada.links.thread_link",
    "tirada.links.thread_text",
    "tirada.systems",
    "tirada.systems.registry",
    "tirada.systems.bands",
    "tirada.systems.form_read",
    "tirada.systems.generic",
    "tirada.systems.generic_dice",
    "tirada.systems.generic_snippet",
    "tirada.systems.sifrp",
    "tirada.systems.sifrp_snippet",
    "tirada.systems.l5r",
    "tirada.systems.l5r.blind",
    "tirada.systems.l5r.check",
    "tirada.systems.l5r.dice",
    "tirada.systems.l5r.records",
    "tirada.systems.l5r.request",
    "tirada.systems.l5r.snippet",
    "tirada.systems.l5r.words",
    "tirada.systems.tragedia",
    "tirada.systems.tragedia.roll",
    "tirada.systems.tragedia.snippet",
    "tirada.systems.tragedia.words",
    "tirada.systems.words",
    "tirada.systems.sifrp_words",
    "tirada.systems.generic_words",
    "tirada.systems.notation",
    "tirada.systems.notation.expr",
    "tirada.systems.notation.extras",
    "tirada.systems.notation.groups",
    "tirada.systems.notation.lexer",
    "tirada.systems.notation.parser",
    "tirada.systems.notation.render",
    "tirada.systems.notation.request",
    "tirada.systems.notation.tree",
    "tirada.systems.notation.words",
    "tirada.wire",
    "tirada.wire.codec",
    "tirada.wire.frame",
    "tirada.wire.handover_layout",
    "tirada.wire.inflate",
    "tirada.wire.markup",
    "tirada.wire.request_layout",
    "tirada.wire.roll_layout",
    "tirada.wire.roll_layout2",
    "tirada.wire.sealed_layout",
) + GAME_MODULES

#: standard modules MicroPython 1.27 (PyScript build) has, as far as the core may use them (its
#: ``re`` has no flags, named groups, ``fullmatch``, ``findall``, ``finditer`` or ``split``; its
#: ``json.dumps`` no ``sort_keys``/``ensure_ascii``; its ``str`` no ``casefold``, ``isascii`` or
#: ``translate``, and ``"Á".lower()`` is ``"Á"``; its dicts keep no insertion order)
MICROPYTHON_STDLIB = frozenset({
    "array", "base64", "binascii", "collections", "copy", "datetime", "errno", "functools", "gc", "hashlib",
    "heapq", "hmac", "io", "itertools", "json", "math", "operator", "os", "random", "re", "string", "struct",
    "sys", "time", "types", "zlib",
})

#: imported by the core but absent from MicroPython: ``tools/micropython/lib/`` has a no-op stand-in
SHIMMED = frozenset({"__future__", "typing"})

#: standard modules the engine uses that MicroPython 1.27 lacks (a core module may import one only
#: inside ``try: … except ImportError:``, as :mod:`tirada.portable` does)
MICROPYTHON_LACKS = frozenset({
    "bisect", "contextlib", "dataclasses", "decimal", "enum", "fractions", "importlib", "secrets",
    "statistics", "textwrap", "unicodedata", "urllib", "weakref",
})


def core_modules(packages: tuple) -> tuple:
    """Every module of the reading core, by dotted name: :data:`CORE_MODULES`, then for each system
    package in ``packages`` (:func:`tirada.systems.registry.declared_packages`, on CPython) its package
    and its ``spec`` (``tirada.systems.fate``, ``tirada.systems.fate.spec``). A package's other modules
    (Fate's exact odds, which need :mod:`fractions`) stay outside."""
    extra = []
    for name in packages:
        extra += [f"tirada.systems.{name}", f"tirada.systems.{name}.spec"]
    return CORE_MODULES + tuple(m for m in extra if m not in CORE_MODULES)
