"""The one system registry: every per-system table of the engine is a view of :data:`REGISTRY`.

Adding a game system is its own package under ``tirada/systems/`` whose ``spec`` module holds its
:class:`SystemSpec` (found by :func:`declared_packages`: no edit here; docs/architecture.md §Adding a
roll system); the systems written before are entries below. The tables that used to be written by
hand are derived from the entries:

======================================  ==============================  ==========================
table                                   module                          field of the entry
======================================  ==============================  ==========================
``SYSTEMS`` (id → roll module)          :mod:`tirada.systems`           ``roll``
``ODDS`` (id → "module:function")       :mod:`tirada.odds`              ``odds``
``SYSTEM_CODES`` / ``PARAM_KEYS`` /     :mod:`tirada.wire.roll_layout` ``code`` / ``param_keys`` /
``PARAM_TEXTS`` (roll-link layout)                                      ``param_texts``
snippet names ("L5R", "SIFRP")          :mod:`tirada.links.snippets`    ``short_name``
``SHEETS`` (id → sheet module)          :mod:`tirada.sheets`            ``sheet``
``FORMS`` (id → the page's Form)        web/roll/forms.py               ``form``
======================================  ==============================  ==========================

Only dotted module paths are stored (never modules): a system's code is imported when first used. The
link fields (``code``, ``param_keys``, ``param_texts``) are part of link format 1 (docs/link-format.md §5):
a code is never reused or changed; both tables are append only (index = link code; at most 20 texts).

:func:`register` adds an entry at run time (tests and plug-ins); it refuses a clash with an
existing id or link code, so a plug-in can never change what an existing link means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, Mapping, Optional, Tuple

from ..portable import Struct

__all__ = ["REGISTRY", "SystemSpec", "TableView", "codes", "declared_packages", "packages_source", "loaded", "odds_table", "page_strings",
           "param_keys", "param_texts", "pool_wordings", "register", "roll_table", "sheet_table", "short_names",
           "unregister"]


class SystemSpec(Struct):
    """One game system, as every engine table sees it.

    Attributes:
        id: the system id of requests (``"l5r5e"``); lowercase ASCII, stable (stored and linked).
        short_name: how forum snippets name the system (``"L5R"``); the page's own names live in
            its catalogs (web/strings*.py).
        roll: dotted path of the module exposing ``roll(params, dice) -> dict``, or ``None`` for a
            system that rolls only inside its own flow (Blood Red Sands' Confrontation).
        odds: ``"module:function"`` computing exact odds from the system's request fields
            (docs/odds.md), or ``None``.
        code: the system's integer code in roll links (format 1; never reused), or ``None`` when
            it has no roll links (the id is then written as text, as format 1 allows).
        param_keys: parameter names written as their index in a roll link (append only).
        param_texts: text values written as one-byte CBOR simple values (append only, ≤ 20).
        sheet: dotted path of its character-sheet module (``tirada.sheets.*``), or ``None``.
        decisions: request fields the player decides after seeing dice (L5R: rerolls, keep,
            explosions, added kept dice; l5r5e.md §The check): a sealed roll never carries them
            (link-format.md §19) and the luck report prices the roll before them.
        blind: ``"module:function"``, ``function(request) -> dict``: the **blind policy**, the
            decisions a sealed roll takes without the player (fields to add to the request, whose
            dice ``seed`` is set), or ``None`` when the system decides nothing after its dice.
        rated: ``"module:function"``, ``function(request, result) -> int | None``: the value the
            luck report rates a roll by (higher is better for the roller; docs: tirada.links.luck),
            ``None`` for a roll it does not rate; the entry ``None`` when no roll of it is rated.
        words: ``"module:function"``, ``function(result, lang) -> OutcomeWords``: the roll's outcome
            in words, the one source of the screen, every snippet, the audit row and the userscript
            mark (:mod:`tirada.systems.words`; tests/test_one_voice.py); ``None`` for a system with
            no roll links.
        pool: ``"module:NAME"`` of the system's pool wording, ``{"templates": {"main": …}, "words": {"es":
            {…}, "en": {…}}}`` in the language of :mod:`tirada.links.pool_wording` (its words' names
            prefixed with the system id), or ``None`` (the pool line is then the short name, or the
            wording's own table for the systems written there before).
        strings: ``"module:NAME"`` of the page's words of the system, ``{key: {"es": …, "en": …}}``
            (its name ``system.<id>``, its fields' labels, its error codes' ``err.<code>``), merged
            into the page's catalog (web/shell/strings.py), or ``None`` (written in the catalogs).
        snippet: ``"module:function"``, ``function(result, lang, said) -> list``: the dice-and-outcome
            lines of the system's forum snippets, each a list of ``(text, style)`` tokens
            (:mod:`tirada.wire.markup`; ``said``: its ``words``), so that the snippet shows the dice and
            the target as the screen does (Fate: «+1 0 0 +1», «contra +1 (Normal)»; L5R: every die, then
            the outcome); :mod:`tirada.links.snippets` puts the head, pool line and link around them;
            ``None``: the generic roll's lines (:mod:`tirada.systems.generic_snippet`).
        growing: the ones of ``decisions`` that only grow: a later decision may append to the list
            given earlier, never change it (L5R's rounds of ``explosions``, Fate's ``invokes``, one
            at a time after the dice); :mod:`tirada.links.fair_roll` refuses any other rewrite
            (docs/link-format.md §16).
        paired: ``(field, partner, error code, message)``: a decision ``field`` given only in the
            same step as ``partner`` (L5R's kept dice ``added`` with the ``keep``, docs/l5r5e.md).
        form: the page module of its Form by package path under web/ (``"dice.form_sifrp"``; imported by
            web/roll/forms.py, never by the engine), or ``None`` (the build stops on a system without one).
    """

    _fields = ("id", "short_name", "roll", "odds", "code", "param_keys", "param_texts", "sheet", "decisions",
               "blind", "rated", "words", "pool", "strings", "snippet", "growing", "paired", "form")
    id: str
    short_name: str
    roll: Optional[str]
    odds: Optional[str]
    code: Optional[int]
    param_keys: Tuple[str, ...]
    param_texts: Tuple[str, ...]
    sheet: Optional[str]
    decisions: Tuple[str, ...]
    blind: Optional[str]
    rated: Optional[str]
    words: Optional[str]
    pool: Optional[str]
    strings: Optional[str]
    snippet: Optional[str]
    growing: Tuple[str, ...]
    paired: Tuple[Tuple[str, str, str, str], ...]
    form: Optional[str]

    def __init__(self, id: str, short_name: str, roll: Optional[str] = None, odds: Optional[str] = None,
                 code: Optional[int] = None, param_keys: Tuple[str, ...] = (), param_texts: Tuple[str, ...] = (),
                 sheet: Optional[str] = None, decisions: Tuple[str, ...] = (), blind: Optional[str] = None,
                 rated: Optional[str] = None, words: Optional[str] = None, pool: Optional[str] = None,
                 strings: Optional[str] = None, snippet: Optional[str] = None, growing: Tuple[str, ...] = (),
                 paired: Tuple[Tuple[str, str, str, str], ...] = (), form: Optional[str] = None) -> None:
        self._init(id, short_name, roll, odds, code, param_keys, param_texts, sheet, decisions, blind, rated, words,
                   pool, strings, snippet, growing, paired, form)


#: system id → its entry, in the order systems were added (link codes ascending).
REGISTRY: Dict[str, SystemSpec] = {}


def register(spec: SystemSpec) -> SystemSpec:
    """Add ``spec`` to :data:`REGISTRY` and return it.

    Raises:
        ValueError: the id or the link code is already taken, or a link table breaks format 1's
            limits (more than 20 texts, a duplicate key or text). A programming error, not input.
    """
    if spec.id in REGISTRY:
        raise ValueError(f"system {spec.id!r} is already registered")
    if spec.code is not None and spec.code in {s.code for s in REGISTRY.values()}:
        raise ValueError(f"link code {spec.code} is already taken")
    if len(spec.param_texts) > 20 or len(set(spec.param_texts)) != len(spec.param_texts) \
            or len(set(spec.param_keys)) != len(spec.param_keys):
        raise ValueError(f"system {spec.id!r}: link tables must be unique, at most 20 texts")
    REGISTRY[spec.id] = spec
    return spec


def unregister(system_id: str) -> None:
    """Remove a system added by :func:`register` (tests of toy systems clean up with it)."""
    REGISTRY.pop(system_id, None)


# ---------------------------------------------------------------------------- the systems
register(SystemSpec(
    id="generic", short_name="generic", roll="tirada.systems.generic",
    odds="tirada.odds.generic:generic_odds", code=0, rated="tirada.systems.generic:rated_total",
    param_keys=("dice", "sides", "keep", "keep_lowest", "modifier", "difficulty", "explode", "rolls", "groups",
                "subtract",
                # appended for Fate dice (issue 28, 4dF): earlier links keep their bytes
                "fate",
                # appended for success counting (issue 28, 10d10>8f1)
                "successes", "failures",
                # appended for rerolls (issue 28, 4d6r<2, 4d6ro1)
                "reroll", "reroll_once",
                # appended for explosion variants (issue 28, !>5, !!, !p)
                "explode_at", "compound", "penetrate",
                # appended for arithmetic (issue 28, (2d6+3)*2): a tree of groups, ints and [op, a, b]
                "expr",
                # appended for a label per roll in ``rolls`` (issue 28, "ataque: 1d20+5; daño: 2d6+3")
                "label",
                # appended for outcome bands (issue 28 item 4, "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito")
                "bands",
                # appended for dice-notation dialects (issue 43): whose notation the roll was typed in
                "dialect",
                # appended for Dice Maiden's e / Foundry's xo and Foundry's min/max, Avrae's mi/ma (issue 43)
                "explode_once", "min_face", "max_face"),
    # the operators of an ``expr`` tree as one-byte texts (no generic link before carried a text)
    param_texts=("+", "-", "*", "/"),
    sheet="tirada.sheets.generic",   # saved rolls with their outcome bands (issue 28 item 4)
    words="tirada.systems.generic_words:outcome_words", form="dice.form_generic",
    snippet="tirada.systems.generic_snippet:snippet_lines",
))
register(SystemSpec(
    id="sifrp", short_name="SIFRP", roll="tirada.systems.sifrp",
    odds="tirada.odds.keepsum:sifrp_odds", code=1,
    param_keys=("test_dice", "bonus_dice", "penalty_dice", "modifier", "difficulty", "destiny_bonus",
                "helpers", "allow_more_helpers", "extra_time", "weapon_damage",
                # appended for extended tests (issue #15): earlier links keep their bytes
                "extended_goal", "extended_count", "extended_max", "extended_span",
                # appended for competitions and conflicts (issue #15): earlier links keep their bytes
                "rivals", "name", "passive_rank"),
    param_texts=("degrees", "successes"),
    sheet="tirada.sheets.sifrp", rated="tirada.systems.generic:rated_total",
    words="tirada.systems.sifrp_words:outcome_words", form="dice.form_sifrp",
    snippet="tirada.systems.sifrp_snippet:snippet_lines",
))
register(SystemSpec(
    id="l5r5e", short_name="L5R", roll="tirada.systems.l5r.check",
    odds="tirada.odds.l5r:l5r_odds", code=2,
    param_keys=("ring", "skill", "tn", "assist_skilled", "assist_unskilled", "void", "stance",
                "compromised", "distinction", "adversity", "passion", "anxiety",
                "helpers_cancel_strife", "step", "rerolls", "keep", "explosions", "added"),
    param_texts=("air", "earth", "fire", "water", "void", "ring", "skill"),
    sheet="tirada.sheets.l5r",
    decisions=("rerolls", "keep", "explosions", "added"),
    growing=("explosions",),          # each round of explosions appends to the earlier rounds' choices
    paired=(("added", "keep", "l5r.added_keep_first", "added kept dice are given with the keep"),),
    blind="tirada.systems.l5r.blind:blind_decisions", rated="tirada.systems.l5r.blind:rated_successes",
    words="tirada.systems.l5r.words:outcome_words", form="l5r.form_l5r5e",
    snippet="tirada.systems.l5r.snippet:snippet_lines",
))
register(SystemSpec(
    id="tragedia", short_name="Tragedia", roll="tirada.systems.tragedia.roll",
    odds="tirada.odds.tragedia:tragedia_odds", code=3,
    param_keys=("protagonist_dice", "adversary_dice", "auto_successes", "protagonist_wins_ties",
                "sides", "post_loss", "tragedy_dice", "last_dice", "protagonist_side",
                "adversary_side"),
    words="tirada.systems.tragedia.words:outcome_words", form="tragedia.form_tragedia",
    snippet="tirada.systems.tragedia.snippet:roll_lines",
))
register(SystemSpec(
    id="brs", short_name="Blood Red Sands", odds="tirada.odds.brs:brs_odds",
    sheet="tirada.sheets.brs", form="brs.form_brs",
))


# ------------------------------------------------------------------- the system packages
def declared_packages() -> Tuple[str, ...]:
    """The packages of ``tirada/systems/`` that declare their own entry: those with a ``spec`` module
    (``tirada/systems/fate/spec.py``, whose ``SPEC`` is the system's :class:`SystemSpec`), by name.

    A system added that way edits no file of the engine (docs/architecture.md §Adding a roll system): this
    listing finds it, importing no other package. MicroPython has no :mod:`pkgutil`: there the list is the
    core build's ``tirada/systems/packages.py`` (:func:`packages_source`; tests/test_reading_core.py), or ``()``."""
    try:
        import os
        import pkgutil
    except ImportError:   # MicroPython: the list the core's build generated
        from ..portable import import_module
        try:
            return tuple(import_module("tirada.systems.packages").PACKAGES)
        except ImportError:
            return ()
    here = os.path.dirname(__file__)
    out = []
    for info in pkgutil.iter_modules([here]):
        if info.ispkg and any(sub.name == "spec" for sub in pkgutil.iter_modules([os.path.join(here, info.name)])):
            out.append(info.name)
    return tuple(sorted(out))


def packages_source() -> str:
    """The source of ``tirada/systems/packages.py``: :func:`declared_packages` for MicroPython (no
    :mod:`pkgutil`), as the core's build writes it (not checked in: a new system package edits no file)."""
    return ('"""Generated by tirada.systems.registry.packages_source(): the system packages (MicroPython)."""\n\n'
            f"PACKAGES = {declared_packages()!r}\n")


def _register_declared() -> None:
    """Register the ``SPEC`` of every :func:`declared_packages` package, by link code (then id), after
    the entries above: an id or a code already taken raises (:func:`register`)."""
    from ..portable import import_module

    specs = [import_module(f"tirada.systems.{name}.spec").SPEC for name in declared_packages()]
    for spec in sorted(specs, key=lambda s: (s.code is None, s.code or 0, s.id)):
        register(spec)


_register_declared()


# ------------------------------------------------------------------------------- the views
# Functions, not copies: a system registered later (a test's toy system) shows up in every view.
if TYPE_CHECKING:
    _MappingBase = Mapping[str, Any]
else:   # a plain class: MicroPython has no collections.abc (registered as a Mapping below where it exists)
    _MappingBase = object


class TableView(_MappingBase):
    """A read-only, always current mapping computed from :data:`REGISTRY` by ``build()``.

    The old per-system tables (``SYSTEMS``, ``ODDS``, ``SYSTEM_CODES``…) are instances, so code
    reading them keeps working and sees systems registered after import. It is a
    ``collections.abc.Mapping`` (registered, with the mapping methods written out, so the same class
    runs on MicroPython).
    """

    def __init__(self, build: Callable[[], Dict[str, Any]]) -> None:
        self._build = build

    def __getitem__(self, key: Any) -> Any:
        return self._build()[key]

    def __contains__(self, key: Any) -> bool:
        try:
            return key in self._build()
        except TypeError:        # an unhashable key (a list from JSON) is simply not there
            return False

    def __iter__(self) -> Iterator[str]:
        return iter(self._build())

    def __len__(self) -> int:
        return len(self._build())

    def __repr__(self) -> str:
        return f"TableView({self._build()!r})"

    def get(self, key: Any, default: Any = None) -> Any:
        """The value of ``key``, or ``default``."""
        table = self._build()
        try:
            return table.get(key, default)
        except TypeError:        # an unhashable key
            return default

    def keys(self) -> Any:
        """The current keys."""
        return self._build().keys()

    def values(self) -> Any:
        """The current values."""
        return self._build().values()

    def items(self) -> Any:
        """The current ``(key, value)`` pairs."""
        return self._build().items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TableView):
            other = other._build()
        return self._build() == (dict(other.items()) if hasattr(other, "items") else other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None   # type: ignore[assignment]   # a mapping is not hashable


try:
    from collections.abc import Mapping as _AbcMapping
except ImportError:   # MicroPython
    _AbcMapping = None   # type: ignore[assignment,misc]
if _AbcMapping is not None:
    _AbcMapping.register(TableView)


def roll_table() -> Dict[str, str]:
    """``{id: roll module path}`` of the systems that roll through :func:`tirada.systems.roll`."""
    return {s.id: s.roll for s in REGISTRY.values() if s.roll}


def odds_table() -> Dict[str, str]:
    """``{id: "module:function"}`` of the systems with exact odds."""
    return {s.id: s.odds for s in REGISTRY.values() if s.odds}


def codes() -> Dict[str, int]:
    """``{id: link code}`` of the systems with roll links (format 1)."""
    return {s.id: s.code for s in REGISTRY.values() if s.code is not None}


def param_keys() -> Dict[str, Tuple[str, ...]]:
    """``{id: parameter names}`` of the roll-link layout (a name's index is its link code)."""
    return {s.id: s.param_keys for s in REGISTRY.values() if s.code is not None}


def param_texts() -> Dict[str, Tuple[str, ...]]:
    """``{id: texts written as CBOR simple values}`` (only the systems that have some)."""
    return {s.id: s.param_texts for s in REGISTRY.values() if s.param_texts}


def short_names() -> Dict[str, str]:
    """``{id: name shown in forum snippets}``."""
    return {s.id: s.short_name for s in REGISTRY.values()}


def loaded(path: str) -> Any:
    """The object a registry ``"module:NAME"`` path names (the module imported on first use)."""
    from ..portable import import_module

    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def pool_wordings() -> Dict[str, Any]:
    """``{id: {"templates", "words"}}`` of the systems whose entry names a pool wording."""
    return {s.id: loaded(s.pool) for s in REGISTRY.values() if s.pool}


def page_strings() -> Dict[str, Any]:
    """The page's words of every system whose entry names them, merged (``{key: {"es", "en"}}``)."""
    out: Dict[str, Any] = {}
    for s in REGISTRY.values():
        if s.strings:
            out.update(loaded(s.strings))
    return out


def sheet_table() -> Dict[str, str]:
    """``{id: sheet module path}`` of the systems with character sheets."""
    return {s.id: s.sheet for s in REGISTRY.values() if s.sheet}
