"""Blood Red Sands Confrontation: the typed records the page reads for the counters, the log, the end
and every move (issue #40: the page reads no result by string key).

:func:`tirada.systems.brs.report.confrontation` returns a :class:`Confrontation` (the facts of
:func:`tirada.systems.brs.report.summary` the page shows, with the side names and Heroes of the
setup), :func:`tirada.systems.brs.journal.entries` a :class:`JournalEntry` per move. The dicts of
``summary`` and ``journal`` stay what the command line prints and the tests read, byte for byte;
nothing here is stored or put in a link (the link holds the setup and the moves).

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``) §Before the fight:
the Spoils, §The fight: Rounds and Exchanges (outcomes, damage, Victory Points), §Aspects, §Getting
more dice, §Yielding. Written in the reading-core pattern (docs/architecture.md §How the core is
written): plain classes on :class:`tirada.portable.Struct`, frozen, equal by their fields.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...portable import Struct

__all__ = ["Advanced", "AppliedPain", "Confrontation", "Damage", "Event", "Exchange", "Graveyard", "JournalEntry",
           "MoveView", "PlayerView", "Renewals", "Reversal", "Rolled", "Spoils", "Weakness", "YieldView"]


class Weakness(Struct):
    """A Weakness gained (§The fight, Devastated: a Weakness instead of losing the die): its
    ``trait`` text, die ``size`` 4..12 and ``by`` the player index who inflicted it."""

    _fields = ("trait", "size", "by")
    trait: str
    size: int | None
    by: int | None

    def __init__(self, trait: str, size: int | None, by: int | None) -> None:
        self._init(trait, size, by)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Weakness":
        """The record of a ``{"trait", "size", "by"}`` dict."""
        return cls(value.get("trait", ""), value.get("size"), value.get("by"))


class PlayerView(Struct):
    """One participant's counters: ``name``, ``side`` 0/1, ``active`` (not Yielded), ``leader`` of
    their side, ``hero``, ``vp`` Victory Points, ``advantage`` tokens in hand, ``locked_advantage``
    on Battered dice, ``horde`` die sizes taken from the Graveyard, ``weaknesses``, ``vows`` made,
    and how many dice are ``devastated`` and ``battered`` (each ≥ 0)."""

    _fields = ("name", "side", "active", "leader", "hero", "vp", "advantage", "locked_advantage", "horde",
               "weaknesses", "vows", "devastated", "battered")
    name: str
    side: int
    active: bool
    leader: bool
    hero: bool
    vp: int
    advantage: int
    locked_advantage: int
    horde: tuple
    weaknesses: tuple
    vows: tuple
    devastated: int
    battered: int

    def __init__(self, name: str, side: int, active: bool, leader: bool, hero: bool, vp: int, advantage: int,
                 locked_advantage: int, horde: Any, weaknesses: Any, vows: Any, devastated: int, battered: int) -> None:
        self._init(name, side, active, leader, hero, vp, advantage, locked_advantage, tuple(horde), tuple(weaknesses),
                   tuple(vows), devastated, battered)


class AppliedPain(Struct):
    """A Pain the loser suffers (:func:`tirada.systems.brs.report.applied_pains`): its ``text`` and
    ``by`` the winning side that named it, or None (the table decides)."""

    _fields = ("text", "by")
    text: str
    by: int | None

    def __init__(self, text: str, by: int | None) -> None:
        self._init(text, by)


class Spoils(Struct):
    """The Spoils (§Before the fight): ``ordinary`` Spoils, the side that ``backed_down`` (name or
    None), the ``pains`` and ``stipulations`` that stand (texts), the ``bearer`` who suffers them
    once a side lost (name or None) and the Pains ``applied``."""

    _fields = ("ordinary", "backed_down", "pains", "stipulations", "bearer", "applied")
    ordinary: bool
    backed_down: str | None
    pains: tuple
    stipulations: tuple
    bearer: str | None
    applied: tuple

    def __init__(self, ordinary: bool, backed_down: str | None, pains: Any, stipulations: Any, bearer: str | None,
                 applied: Any) -> None:
        self._init(ordinary, backed_down, tuple(pains), tuple(stipulations), bearer, tuple(applied))


class Renewals(Struct):
    """Renewals (§Getting more dice): the side of each one ``used``, how many are ``left`` (≥ 0) and
    the sides that ``may_renew`` now."""

    _fields = ("used", "left", "may_renew")
    used: tuple
    left: int
    may_renew: tuple

    def __init__(self, used: Any, left: int, may_renew: Any) -> None:
        self._init(tuple(used), left, tuple(may_renew))


class Graveyard(Struct):
    """The Graveyard: its ``dice`` sizes (sorted) and ``advantage`` tokens (≥ 0)."""

    _fields = ("dice", "advantage")
    dice: tuple
    advantage: int

    def __init__(self, dice: Any, advantage: int) -> None:
        self._init(tuple(dice), advantage)


class Reversal(Struct):
    """A pending Reversal (§The fight): the ``player`` who must attack (name), the ``must_target``
    (name) and the ``kept_die`` (index)."""

    _fields = ("player", "must_target", "kept_die")
    player: str
    must_target: str
    kept_die: int

    def __init__(self, player: str, must_target: str, kept_die: int) -> None:
        self._init(player, must_target, kept_die)


class Advanced(Struct):
    """A die advanced in an attack or a defence: its ``die`` index, size ``d``, ``face`` and ``aspect``."""

    _fields = ("die", "d", "face", "aspect")
    die: int
    d: int
    face: int
    aspect: str

    def __init__(self, die: int, d: int, face: int, aspect: str) -> None:
        self._init(die, d, face, aspect)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Advanced":
        """The record of a ``{"die", "d", "face", "aspect"}`` dict."""
        return cls(value["die"], value["d"], value["face"], value["aspect"])


class Damage(Struct):
    """Final damage in an exchange: the ``die`` index, ``result`` (``"battered"``,
    ``"devastated"``, ``"weakness"``), ``by`` the player index who did it (or None) and the
    ``weakness`` taken instead of losing the die (or None)."""

    _fields = ("die", "result", "by", "weakness")
    die: int
    result: str
    by: int | None
    weakness: Weakness | None

    def __init__(self, die: int, result: str, by: int | None, weakness: Weakness | None) -> None:
        self._init(die, result, by, weakness)


class Event(Struct):
    """One Aspect, bonus or Vow event of an exchange (§Aspects), each field None when it does not
    apply: ``aspect`` that acted, ``source`` die, ``die`` it acted on, ``mark`` (Strength's parity
    mark), ``lifted`` (Endurance, ``"before->after"`` rows), ``ruling`` (the Chronicler's action)
    and its ``note``, ``bonus`` taken (``"none"``/``"die"``/``"advantage"``), ``vow`` made and its
    maker ``by``, ``enemy_name`` and ``crossed`` of "an enemy will die", ``order``: the player
    index whose standing order took it."""

    _fields = ("aspect", "source", "die", "mark", "lifted", "ruling", "note", "bonus", "vow", "by", "enemy_name",
               "crossed", "order")
    aspect: str | None
    source: int | None
    die: int | None
    mark: str | None
    lifted: str | None
    ruling: str | None
    note: str | None
    bonus: str | None
    vow: str | None
    by: int | None
    enemy_name: str | None
    crossed: int | None
    order: int | None

    def __init__(self, aspect: str | None = None, source: int | None = None, die: int | None = None,
                 mark: str | None = None, lifted: str | None = None, ruling: str | None = None,
                 note: str | None = None, bonus: str | None = None, vow: str | None = None, by: int | None = None,
                 enemy_name: str | None = None, crossed: int | None = None, order: int | None = None) -> None:
        self._init(aspect, source, die, mark, lifted, ruling, note, bonus, vow, by, enemy_name, crossed, order)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Event":
        """The record of an event dict (its keys among the fields; ``enemy`` is left out)."""
        return cls(**{k: v for k, v in value.items() if k in cls._fields})


class Exchange(Struct):
    """One finished exchange (§The fight): its ``round`` and ``exchange`` (1/2), the ``attacker``
    and ``target`` (names), the ``attack`` dice and ``soul_fused_attack`` (or None), the Attack
    ``score``, the ``defence`` dice and ``soul_fused_defence``, the ``outcome`` (``"Reversal"``,
    ``"Block"``, ``"Damage"``, ``"Overwhelmed"``), whose Aspects Cunning cancelled
    (``aspects_cancelled_for``, a name or None), the final ``damage`` and the Aspect ``events``."""

    _fields = ("round", "exchange", "attacker", "target", "attack", "soul_fused_attack", "score", "defence",
               "soul_fused_defence", "outcome", "aspects_cancelled_for", "damage", "events")
    round: int
    exchange: int
    attacker: str
    target: str
    attack: tuple
    soul_fused_attack: Advanced | None
    score: int
    defence: tuple
    soul_fused_defence: Advanced | None
    outcome: str
    aspects_cancelled_for: str | None
    damage: tuple
    events: tuple

    def __init__(self, round: int, exchange: int, attacker: str, target: str, attack: Any,
                 soul_fused_attack: Advanced | None, score: int, defence: Any, soul_fused_defence: Advanced | None,
                 outcome: str, aspects_cancelled_for: str | None, damage: Any, events: Any) -> None:
        self._init(round, exchange, attacker, target, tuple(attack), soul_fused_attack, score, tuple(defence),
                   soul_fused_defence, outcome, aspects_cancelled_for, tuple(damage), tuple(events))

    @classmethod
    def from_dict(cls, x: Mapping[str, Any]) -> "Exchange":
        """The record of one of ``summary``'s ``exchanges``."""
        def adv(value: Any) -> Advanced | None:
            return None if value is None else Advanced.from_dict(value)

        damage = tuple(Damage(d["die"], d["result"], d.get("by"),
                              None if not d.get("weakness") else Weakness.from_dict(d["weakness"]))
                       for d in x["damage"])
        return cls(x["round"], x["exchange"], x["attacker"], x["target"], tuple(Advanced.from_dict(a) for a in x["attack"]),
                   adv(x["soul_fused_attack"]), x["score"], tuple(Advanced.from_dict(a) for a in x["defence"]),
                   adv(x["soul_fused_defence"]), x["outcome"], x["aspects_cancelled_for"], damage,
                   tuple(Event.from_dict(e) for e in x["events"]))


class YieldView(Struct):
    """A Yield (§Yielding): the ``player`` (name), the ``round``, the ``new_leader`` they named
    (player index or None) and their ``note`` (text, may be empty)."""

    _fields = ("player", "round", "new_leader", "note")
    player: str
    round: int
    new_leader: int | None
    note: str

    def __init__(self, player: str, round: int, new_leader: int | None, note: str) -> None:
        self._init(player, round, new_leader, note)


class Confrontation(Struct):
    """The Confrontation as the page shows it (:func:`tirada.systems.brs.report.confrontation`):
    ``status`` (``"in progress"``/``"ended"``), ``winner`` (side name, or ``"in progress"``),
    ``winner_side`` (0/1/None), ``sides`` (the two side names), ``players``
    (:class:`PlayerView`, setup order), ``spoils``, ``exchanges`` (finished, in order),
    ``yields``, ``renewals``, ``broken`` (names of Broken Heroes), ``reversal`` (or None) and
    ``graveyard``."""

    _fields = ("status", "winner", "winner_side", "sides", "players", "spoils", "exchanges", "yields", "renewals",
               "broken", "reversal", "graveyard")
    status: str
    winner: str
    winner_side: int | None
    sides: tuple
    players: tuple
    spoils: Spoils
    exchanges: tuple
    yields: tuple
    renewals: Renewals
    broken: tuple
    reversal: Reversal | None
    graveyard: Graveyard

    def __init__(self, status: str, winner: str, winner_side: int | None, sides: Any, players: Any, spoils: Spoils,
                 exchanges: Any, yields: Any, renewals: Renewals, broken: Any, reversal: Reversal | None,
                 graveyard: Graveyard) -> None:
        self._init(status, winner, winner_side, tuple(sides), tuple(players), spoils, tuple(exchanges),
                   tuple(yields), renewals, tuple(broken), reversal, graveyard)

    @property
    def names(self) -> tuple:
        """The players' names, in setup order."""
        return tuple(p.name for p in self.players)

    @classmethod
    def from_summary(cls, s: Mapping[str, Any], sides: Any, heroes: Any) -> "Confrontation":
        """The record of a :func:`~tirada.systems.brs.report.summary` dict, with the setup's two
        ``sides`` names and each player's ``heroes`` flag (setup order)."""
        players = tuple(PlayerView(p["name"], p["side"], p["active"], p["leader"], bool(hero), p["vp"],
                                   p["advantage"], p["locked_advantage"], p["horde"],
                                   tuple(Weakness.from_dict(w) for w in p["weaknesses"]), p["vows"],
                                   p["devastated"], p["battered"]) for p, hero in zip(s["players"], heroes))
        sp = s["spoils"]
        spoils = Spoils(sp["ordinary"], sp["backed_down"], sp["pains"], sp["stipulations"], sp["bearer"],
                        tuple(AppliedPain(a["text"], a["by"]) for a in sp["applied"]))
        yields = tuple(YieldView(y["player"], y["round"], y.get("new_leader"), y.get("note") or "") for y in s["yields"])
        ren, rev, grave = s["renewals"], s["reversal"], s["graveyard"]
        return cls(s["status"], s["winner"], s["winner_side"], sides, players, spoils,
                   tuple(Exchange.from_dict(x) for x in s["exchanges"]), yields,
                   Renewals(ren["used"], ren["left"], ren["may_renew"]), s["broken"],
                   None if rev is None else Reversal(rev["player"], rev["must_target"], rev["kept_die"]),
                   Graveyard(grave["dice"], grave["advantage"]))


class Rolled(Struct):
    """A die a move drew: its ``die`` index, size ``d``, ``before`` (its face before, or None) and ``after``."""

    _fields = ("die", "d", "before", "after")
    die: int
    d: int
    before: int | None
    after: int

    def __init__(self, die: int, d: int, before: int | None, after: int) -> None:
        self._init(die, d, before, after)


class MoveView(Struct):
    """The fields of a logged move the page words (docs/brs-format.md; each None when the move has
    none): ``kind`` (``"pick"``, ``"attack"``, …), ``attacker``/``target`` of a pick, ``vow``,
    ``action`` of a ruling, ``take`` of a bonus, ``weakness`` of a devastation (or None: the die is
    lost), ``size`` of a defeat, ``orders`` (the standing orders as the move holds them), ``die`` of
    a Strength/Endurance choice and the move's ``note``."""

    _fields = ("kind", "attacker", "target", "vow", "action", "take", "weakness", "size", "orders", "die", "note")
    kind: str
    attacker: int | None
    target: int | None
    vow: str | None
    action: str | None
    take: str | None
    weakness: Weakness | None
    size: int | None
    orders: Any
    die: Any
    note: str | None

    def __init__(self, kind: str, attacker: int | None = None, target: int | None = None, vow: str | None = None,
                 action: str | None = None, take: str | None = None, weakness: Weakness | None = None,
                 size: int | None = None, orders: Any = None, die: Any = None, note: str | None = None) -> None:
        self._init(kind, attacker, target, vow, action, take, weakness, size, orders, die, note)

    @classmethod
    def from_dict(cls, m: Mapping[str, Any]) -> "MoveView":
        """The record of a move dict the engine accepted."""
        w = m.get("weakness")
        return cls(m["move"], m.get("attacker"), m.get("target"), m.get("vow"), m.get("action"), m.get("take"),
                   Weakness.from_dict(w) if w else None, m.get("size"), m.get("orders"), m.get("die"), m.get("note"))


class JournalEntry(Struct):
    """One move of the log (:func:`tirada.systems.brs.journal.journal`): ``n`` its 1-based number,
    the ``move``, the acting ``player`` (index or None), ``round`` and ``exchange`` before it, the
    dice it ``rolled``; an attack or a defence also what it ``advanced``, the ``score`` and
    ``target`` (index) and, for a defence, the ``outcome``; ``order``: the Leader whose standing
    order made a pick (each None when it does not apply)."""

    _fields = ("n", "move", "player", "round", "exchange", "rolled", "advanced", "score", "target", "outcome", "order")
    n: int
    move: MoveView
    player: int | None
    round: int
    exchange: int
    rolled: tuple
    advanced: tuple
    score: int | None
    target: int | None
    outcome: str | None
    order: int | None

    def __init__(self, n: int, move: MoveView, player: int | None, round: int, exchange: int, rolled: Any,
                 advanced: Any = (), score: int | None = None, target: int | None = None, outcome: str | None = None,
                 order: int | None = None) -> None:
        self._init(n, move, player, round, exchange, tuple(rolled), tuple(advanced), score, target, outcome, order)

    @classmethod
    def from_dict(cls, e: Mapping[str, Any]) -> "JournalEntry":
        """The record of one :func:`~tirada.systems.brs.journal.journal` entry."""
        return cls(e["n"], MoveView.from_dict(e["move"]), e["player"], e["round"], e["exchange"],
                   tuple(Rolled(r["die"], r["d"], r["before"], r["after"]) for r in e["rolled"]),
                   tuple(Advanced.from_dict(a) for a in e.get("advanced") or ()), e.get("score"), e.get("target"),
                   e.get("outcome"), e.get("order"))
