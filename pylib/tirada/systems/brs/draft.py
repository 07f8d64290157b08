"""Blood Red Sands: the set-up draft as a typed record (issue #40: the page reads no stored value
by string key).

The draft is what the Confrontation's set-up form holds while it is typed: the setup JSON of
docs/brs-format.md without checks, plus what only the form keeps (``graveyard.dice_text`` as typed,
``typed``: the side names this player typed, ``prefight``: the trigger and the Spoils bidding). It is
kept in the browser's storage (``tirada.brs.current``'s ``draft``), so it is read from whatever was
stored: a number field holds text the player typed ("dos") until the engine names it, and an older or
hand-edited draft must still open. :meth:`Draft.from_dict` reads it (``None`` only for a draft not of
the shape the form walks) and :meth:`Draft.to_dict` gives back the same dict, key order and unknown
keys included, so what is stored stays the same byte for byte; each edit is a function returning
the new draft (the records are frozen: :mod:`tirada.systems.brs.draft_edits`).

Every record keeps ``layout`` (its stored keys, in order) and ``extra`` (the stored keys it has no
field for); a field whose key is absent holds its default and :meth:`Layout.has` says so.

Rules: ../shared/rules/blood-red-sands.md §Pieces (participants, Components, Traits, the
Graveyard), §Spoils (the bidding); docs/brs-format.md (the setup), docs/brs-spoils.md (the pre-fight
record). Written in the reading-core pattern (docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...portable import Struct

__all__ = ["Component", "Draft", "Graveyard", "Layout", "Player", "Prefight", "START_POINTS", "Trait", "Trigger",
           "blank_component", "blank_draft", "blank_player", "blank_trait", "from_setup", "start_point"]

#: the starting points of the set-up (issue #42): who fights whom on a forum
START_POINTS = ("duel", "chronicler", "leader")


def _plain(value: Any) -> Any:
    """``value`` as stored: records as their :meth:`Layout.to_dict`, tuples as lists."""
    if isinstance(value, Layout):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(x) for x in value]
    return value


def _seq(value: Any, read: Any = None) -> Any:
    """A stored list as a tuple (each item through ``read`` when given); any other value as it is."""
    if not isinstance(value, list):
        return value
    return tuple(read(x) for x in value) if read is not None else tuple(value)


class Layout(Struct):
    """Base of the draft's records: typed fields named in :attr:`_stored` (each a stored key), plus
    ``layout`` (the stored keys present, in their stored order) and ``extra`` (``{key: value}`` of the
    stored keys no field names). Subclasses list their fields, then ``layout`` and ``extra``."""

    _stored: tuple = ()
    layout: tuple
    extra: Mapping[str, Any]

    def has(self, key: str) -> bool:
        """True when ``key`` was stored (or set since)."""
        return key in self.layout

    def put(self, **changes: Any) -> Any:
        """A copy with ``changes`` (field → value; a list becomes a tuple); a key not stored yet goes
        last, as a dict's would."""
        layout = self.layout + tuple(k for k in changes if k not in self.layout)
        return self.replace(layout=layout, **{k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()})

    def drop(self, key: str) -> Any:
        """A copy without the stored ``key`` (its field back to the default)."""
        fresh = type(self).from_dict({})
        return self.replace(layout=tuple(k for k in self.layout if k != key), **{key: getattr(fresh, key)})

    def to_dict(self) -> dict:
        """The stored dict: every key of ``layout`` in order, fields as stored, unknown keys as read."""
        return {k: _plain(getattr(self, k)) if k in self._stored else self.extra[k] for k in self.layout}

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> Any:
        """Read a stored dict (subclasses)."""
        raise NotImplementedError

    @classmethod
    def _parts(cls, value: Mapping[str, Any]) -> tuple:
        """``(layout, extra)`` of a stored dict."""
        return tuple(value), {k: v for k, v in value.items() if k not in cls._stored}


class Trait(Layout):
    """A Trait as typed: ``trait`` (its text), ``die`` (4..12, or the text typed), ``aspect``
    (``strength`` …). Defaults: ``""``, 6, ``"strength"`` (a blank Trait's)."""

    _stored = ("trait", "die", "aspect")
    _fields = _stored + ("layout", "extra")
    trait: Any
    die: Any
    aspect: Any

    def __init__(self, trait: Any = "", die: Any = 6, aspect: Any = "strength", layout: tuple = (),
                 extra: Any = None) -> None:
        self._init(trait, die, aspect, tuple(layout), dict(extra or {}))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Trait":
        """The record of a stored Trait dict; never raises."""
        layout, extra = cls._parts(value)
        return cls(value.get("trait", ""), value.get("die", 6), value.get("aspect", "strength"), layout, extra)


class Component(Layout):
    """A Component as typed: ``name``, ``committed`` (default True), ``traits`` (tuple of
    :class:`Trait`)."""

    _stored = ("name", "committed", "traits")
    _fields = _stored + ("layout", "extra")
    name: Any
    committed: Any
    traits: Any

    def __init__(self, name: Any = "", committed: Any = True, traits: Any = (), layout: tuple = (),
                 extra: Any = None) -> None:
        self._init(name, committed, traits, tuple(layout), dict(extra or {}))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Component":
        """The record of a stored Component dict; never raises (Traits are dicts: :func:`Draft.from_dict`)."""
        layout, extra = cls._parts(value)
        return cls(value.get("name", ""), value.get("committed", True), _seq(value.get("traits", []), Trait.from_dict),
                   layout, extra)


class Player(Layout):
    """A participant as typed: ``name``, ``side`` (0/1, or text; 0 when absent), ``hero``,
    ``leader``, ``advantage`` (0 when absent), ``components`` (tuple of :class:`Component`)."""

    _stored = ("name", "side", "hero", "leader", "advantage", "components")
    _fields = _stored + ("layout", "extra")
    name: Any
    side: Any
    hero: Any
    leader: Any
    advantage: Any
    components: Any

    def __init__(self, name: Any = "", side: Any = 0, hero: Any = False, leader: Any = False, advantage: Any = 0,
                 components: Any = (), layout: tuple = (), extra: Any = None) -> None:
        self._init(name, side, hero, leader, advantage, components, tuple(layout), dict(extra or {}))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Player":
        """The record of a stored participant dict; never raises."""
        layout, extra = cls._parts(value)
        return cls(value.get("name", ""), value.get("side", 0), value.get("hero", False), value.get("leader", False),
                   value.get("advantage", 0), _seq(value.get("components", []), Component.from_dict), layout, extra)


class Graveyard(Layout):
    """The Graveyard as typed: ``dice`` (the setup's sizes), ``advantage`` (0 when absent) and
    ``dice_text`` (the dice as typed in the form; None until typed)."""

    _stored = ("dice", "advantage", "dice_text")
    _fields = _stored + ("layout", "extra")
    dice: Any
    advantage: Any
    dice_text: Any

    def __init__(self, dice: Any = (), advantage: Any = 0, dice_text: Any = None, layout: tuple = (),
                 extra: Any = None) -> None:
        self._init(dice, advantage, dice_text, tuple(layout), dict(extra or {}))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Graveyard":
        """The record of a stored Graveyard dict; never raises."""
        layout, extra = cls._parts(value)
        return cls(_seq(value.get("dice", [])), value.get("advantage", 0), value.get("dice_text"), layout, extra)


class Trigger(Layout):
    """The trigger check as typed (docs/brs-spoils.md): ``on`` (opt-in), ``component`` and
    ``faces`` (global Component indices as typed; None when absent), ``limit`` (how many Components
    each may involve, as typed; None when absent)."""

    _stored = ("on", "component", "faces", "limit")
    _fields = _stored + ("layout", "extra")
    on: Any
    component: Any
    faces: Any
    limit: Any

    def __init__(self, on: Any = False, component: Any = None, faces: Any = None, limit: Any = None,
                 layout: tuple = (), extra: Any = None) -> None:
        self._init(on, component, faces, limit, tuple(layout), dict(extra or {}))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Trigger":
        """The record of a stored trigger dict; never raises."""
        layout, extra = cls._parts(value)
        return cls(value.get("on", False), value.get("component"), value.get("faces"), value.get("limit"),
                   layout, extra)


class Prefight(Layout):
    """Before the fight (docs/brs-spoils.md): ``bids`` (the bid dicts the engine accepted, tuple),
    ``trigger`` (:class:`Trigger`; None when absent) and ``act`` (the bid act chosen in the form; None when absent).
    A stored part of the wrong type is kept as it was until :func:`settled` replaces it."""

    _stored = ("bids", "trigger", "act")
    _fields = _stored + ("layout", "extra")
    bids: Any
    trigger: Any
    act: Any

    def __init__(self, bids: Any = (), trigger: Any = None, act: Any = None, layout: tuple = (),
                 extra: Any = None) -> None:
        self._init(bids, trigger, act, tuple(layout), dict(extra or {}))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Prefight":
        """The record of a stored pre-fight dict; never raises."""
        layout, extra = cls._parts(value)
        trig = value.get("trigger")
        return cls(_seq(value.get("bids", [])), Trigger.from_dict(trig) if isinstance(trig, dict) else trig,
                   value.get("act"), layout, extra)


class Draft(Layout):
    """The set-up draft: ``seed`` (text; ``""`` when absent), ``sides`` (tuple of the two side
    names), ``players`` (tuple of :class:`Player`), ``graveyard`` (:class:`Graveyard`), ``spoils``
    and ``stipulations`` (tuples of text), ``back_down`` (0/1 or None), ``allow_d12``, ``typed``
    (``{"0"|"1": side name typed}``) and ``prefight`` (:class:`Prefight`, or the value stored when
    it is not a dict; None when absent)."""

    _stored = ("seed", "sides", "players", "graveyard", "spoils", "stipulations", "back_down", "allow_d12",
               "typed", "prefight")
    _fields = _stored + ("layout", "extra")
    seed: Any
    sides: Any
    players: Any
    graveyard: Graveyard
    spoils: Any
    stipulations: Any
    back_down: Any
    allow_d12: Any
    typed: Mapping[str, Any]
    prefight: Any

    def __init__(self, seed: Any = "", sides: Any = (), players: Any = (), graveyard: Any = None,
                 spoils: Any = (), stipulations: Any = (), back_down: Any = None, allow_d12: Any = False,
                 typed: Any = None, prefight: Any = None, layout: tuple = (), extra: Any = None) -> None:
        self._init(seed, sides, players, Graveyard() if graveyard is None else graveyard, spoils, stipulations,
                   back_down, allow_d12, dict(typed or {}), prefight, tuple(layout), dict(extra or {}))

    @classmethod
    def from_dict(cls, value: Any) -> "Draft | None":
        """The record of a stored draft, or None when it is not of the shape the form walks (not a
        dict; ``players``, ``sides``, ``spoils``, ``stipulations`` not lists; ``graveyard`` not a dict;
        a participant, a Component or a Trait not a dict, or their lists not lists): such a draft,
        edited by hand in the browser's storage, is replaced by a blank one, never a traceback. A
        ``typed`` that is not a dict is dropped. Never raises."""
        if not isinstance(value, dict):
            return None
        if any(k in value and not isinstance(value[k], list) for k in ("players", "sides", "spoils", "stipulations")):
            return None
        if "graveyard" in value and not isinstance(value["graveyard"], dict):
            return None
        for p in value.get("players", []):
            if not isinstance(p, dict) or not isinstance(p.get("components", []), list):
                return None
            for c in p.get("components", []):
                if not isinstance(c, dict) or not isinstance(c.get("traits", []), list) or not all(
                        isinstance(x, dict) for x in c.get("traits", [])):
                    return None
        if "typed" in value and not isinstance(value["typed"], dict):
            value = {k: v for k, v in value.items() if k != "typed"}
        layout, extra = cls._parts(value)
        pf = value.get("prefight")
        return cls(value.get("seed", ""), _seq(value.get("sides", [])), _seq(value.get("players", []), Player.from_dict),
                   Graveyard.from_dict(value.get("graveyard") or {}), _seq(value.get("spoils", [])),
                   _seq(value.get("stipulations", [])), value.get("back_down"), value.get("allow_d12", False),
                   value.get("typed"), Prefight.from_dict(pf) if isinstance(pf, dict) else pf, layout, extra)

    def player(self, i: int) -> Player:
        """Participant ``i`` (IndexError when there is none)."""
        return self.players[i]

    def with_player(self, i: int, player: Player) -> "Draft":
        """A copy with participant ``i`` replaced (IndexError when there is none)."""
        players = list(self.players)
        players[i] = player
        return self.put(players=tuple(players))


# ------------------------------------------------------------------------------------- new drafts
def blank_trait() -> Trait:
    """A new Trait: no text, d6, Strength."""
    return Trait("", 6, "strength", ("trait", "die", "aspect"))


def blank_component() -> Component:
    """A new committed Component with one blank Trait."""
    return Component("", True, (blank_trait(),), ("name", "committed", "traits"))


def blank_player(side: int) -> Player:
    """A new participant on ``side`` (a Hero on side 1), with one blank Component."""
    return Player("", side, side == 1, False, 0, (blank_component(),), Player._stored)


def blank_draft(seed: str, sides: tuple) -> Draft:
    """A new draft: the two ``sides`` (their default names), two participants (one per side), one
    Component with one Trait each, an empty Graveyard."""
    return Draft(seed, tuple(sides), (blank_player(0), blank_player(1)),
                 Graveyard((), 0, None, ("dice", "advantage")), (), (), None, False, None, None,
                 ("seed", "sides", "players", "graveyard", "spoils", "stipulations", "back_down", "allow_d12"))


def start_point(kind: str, seed: str, sides: tuple) -> Draft:
    """A draft for a starting point (:data:`START_POINTS`; ``sides``: the two side names for it):
    ``duel`` (two players, one a side, both Heroes and Leaders), ``chronicler`` (the Chronicler's side
    against one player's), ``leader`` (the Chronicler against a Leader's side of three players). Names
    are left to type; the dice come from a quick line. An unknown kind gives the blank draft."""
    draft = blank_draft(seed, sides)
    if kind == "duel":
        return draft.put(players=tuple(p.put(hero=True, leader=True, side=k) for k, p in enumerate(draft.players)))
    if kind == "leader":
        extra = tuple(blank_player(1).put(hero=False) for _ in range(2))
        return draft.put(players=(draft.players[0], draft.players[1].put(leader=True)) + extra)
    return draft


def from_setup(setup: Mapping[str, Any]) -> Draft:
    """A draft from a setup JSON (docs/brs-format.md: an example, the current Confrontation's, a
    bidding link's): its keys but ``version``, ``faces``, ``campaign``; a ``seed`` (``""``) and
    ``allow_d12`` (False) when missing."""
    value = {k: v for k, v in setup.items() if k not in ("version", "faces", "campaign")}
    value.setdefault("seed", "")
    value["graveyard"] = dict(setup.get("graveyard") or {"dice": [], "advantage": 0})
    value.setdefault("allow_d12", False)
    draft = Draft.from_dict(value)
    return draft if draft is not None else blank_draft("", ("", ""))
