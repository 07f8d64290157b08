"""The typed records of an L5R 5e check as the page shows it (issue #40: the page reads no result by
string key).

:func:`tirada.systems.l5r.check.roll` returns a JSON-ready dict: that dict is what links, stored rolls,
snippets and tests/vectors/ hold, and it stays so, byte for byte. The page reads it through
:meth:`CheckView.from_result` (its screen, web/l5r/ui_l5r_render.py, reads attributes): every field
of the dict is a typed field here, and each record's ``to_dict()`` gives back the dict it was read
from (``CheckView.from_result(r).to_dict()`` is ``r`` without the wrapper's ``system``, ``seed``,
``label`` and ``fresh``; tests/test_l5r5e_records.py checks it for every vector).

Rules: ../shared/rules/l5r5e.md §The check (pool → rerolls → keep → explosions → totals) and §Dice
and symbols. Written in the reading-core pattern (docs/architecture.md §How the core is written):
plain classes on :class:`tirada.portable.Struct`, frozen, equal by their fields.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...portable import Struct
from .dice import DIE_SIDES, ExplosionDie, PoolDie, symbols_of
from .words import outcome_words, vs_tn

__all__ = ["CheckDecisions", "CheckView", "ExplosionChoice", "FacesChoice", "KeepChoice",
           "KeptDie", "NeededFace", "RerollChoice", "choice_of"]


class KeptDie(Struct):
    """A kept die as the totals count it: ``die``, ``face``, ``explosion`` (an explosion die) and
    ``added`` (set to a result at the keep, outside the keep limit: core rules p. 27)."""

    _fields = ("die", "face", "explosion", "added")
    die: str
    face: int
    explosion: bool
    added: bool

    def __init__(self, die: str, face: int, explosion: bool, added: bool = False) -> None:
        self._init(die, face, explosion, added)

    @property
    def symbols(self) -> tuple:
        """The symbols of :attr:`face`."""
        return symbols_of(self.die, self.face)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "KeptDie":
        """The record of one ``kept`` item of the result."""
        return cls(value["die"], value["face"], bool(value.get("explosion")), bool(value.get("added")))

    def to_dict(self) -> dict:
        """``{"die", "face", "symbols", "explosion"}``, with ``"added": true`` only for an added die."""
        out = {"die": self.die, "face": self.face, "symbols": list(self.symbols), "explosion": self.explosion}
        if self.added:
            out["added"] = True
        return out


class RerollChoice(Struct):
    """The legal rerolls (stage ``"reroll"``, l5r5e.md §The check 4): ``by`` ``"distinction"`` (0..2
    dice of any kind) | ``"adversity"`` (exactly ``min`` of the dice showing success); ``allowed``:
    pool indices."""

    _fields = ("by", "min", "max", "allowed")
    by: str
    min: int
    max: int
    allowed: tuple

    def __init__(self, by: str, min: int, max: int, allowed: tuple) -> None:
        self._init(by, min, max, tuple(allowed))

    def to_dict(self) -> dict:
        """``{"by", "min", "max", "allowed"}``."""
        return {"by": self.by, "min": self.min, "max": self.max, "allowed": list(self.allowed)}


class KeepChoice(Struct):
    """The legal keeps (stage ``"keep"``, l5r5e.md §The check 5): ``min`` 1 (0 compromised) .. ``max``
    (the keep limit) dice among ``allowed`` (pool indices; compromised: no die showing strife)."""

    _fields = ("min", "max", "allowed")
    min: int
    max: int
    allowed: tuple

    def __init__(self, min: int, max: int, allowed: tuple) -> None:
        self._init(min, max, tuple(allowed))

    def to_dict(self) -> dict:
        """``{"min", "max", "allowed"}``."""
        return {"min": self.min, "max": self.max, "allowed": list(self.allowed)}


class ExplosionChoice(Struct):
    """Keep or drop one explosion die (stage ``"explosion"``, l5r5e.md §The check 6): ``index`` of the
    die in ``explosion_dice``; ``may_keep`` false when a compromised character rolled strife on it."""

    _fields = ("index", "may_keep", "may_drop")
    index: int
    may_keep: bool
    may_drop: bool

    def __init__(self, index: int, may_keep: bool, may_drop: bool = True) -> None:
        self._init(index, may_keep, may_drop)

    def to_dict(self) -> dict:
        """``{"index", "may_keep", "may_drop"}``."""
        return {"index": self.index, "may_keep": self.may_keep, "may_drop": self.may_drop}


class NeededFace(Struct):
    """A face still to be typed (stage ``"faces"``, dice rolled elsewhere): ``die``, ``sides`` 6 | 12,
    ``purpose`` (the English ``for``: ``"reroll of pool die 1"``), ``step`` ``"pool"`` | ``"reroll"`` |
    ``"explosion"``, ``source`` ``"pool"`` | ``"added"`` | ``"explosion"`` and ``source_index`` (the
    die rolled, rerolled or exploded); a page words the purpose from the last three."""

    _fields = ("die", "sides", "purpose", "step", "source", "source_index")
    die: str
    sides: int
    purpose: str
    step: str
    source: str
    source_index: int

    def __init__(self, die: str, sides: int, purpose: str, step: str, source: str, source_index: int) -> None:
        self._init(die, sides, purpose, step, source, source_index)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "NeededFace":
        """The record of one ``choices["need"]`` item."""
        return cls(value["die"], value.get("sides", DIE_SIDES[value["die"]]), value.get("for", ""),
                   value.get("step", "pool"), value.get("source", "pool"), value.get("source_index", 0))

    def to_dict(self) -> dict:
        """``{"die", "sides", "for", "step", "source", "source_index"}``."""
        return {"die": self.die, "sides": self.sides, "for": self.purpose, "step": self.step,
                "source": self.source, "source_index": self.source_index}


class FacesChoice(Struct):
    """The faces the check still needs (stage ``"faces"``), in draw order."""

    _fields = ("need",)
    need: tuple

    def __init__(self, need: tuple) -> None:
        self._set("need", tuple(need))

    def to_dict(self) -> dict:
        """``{"need": [face needed]}``."""
        return {"need": [n.to_dict() for n in self.need]}


def choice_of(stage: str, value: Mapping[str, Any] | None) -> Any:
    """The record of a result's ``choices`` at ``stage``: :class:`RerollChoice`, :class:`KeepChoice`,
    :class:`ExplosionChoice`, :class:`FacesChoice`, or ``None`` (a finished check)."""
    if value is None:
        return None
    if stage == "reroll":
        return RerollChoice(value["by"], value["min"], value["max"], tuple(value["allowed"]))
    if stage == "keep":
        return KeepChoice(value["min"], value["max"], tuple(value["allowed"]))
    if stage == "explosion":
        return ExplosionChoice(value["index"], value["may_keep"], value.get("may_drop", True))
    return FacesChoice(tuple(NeededFace.from_dict(n) for n in value["need"]))


class CheckDecisions(Struct):
    """The decisions applied so far: ``rerolls`` and ``keep`` (pool indices, ``None`` until decided),
    ``explosions`` (keep/drop, one per decided explosion die in draw order) and ``added`` (``(die,
    face)`` pairs added at the keep; ``None`` when the request had none, so older results keep their
    shape)."""

    _fields = ("rerolls", "keep", "explosions", "added")
    rerolls: tuple | None
    keep: tuple | None
    explosions: tuple
    added: tuple | None

    def __init__(self, rerolls: tuple | None, keep: tuple | None, explosions: tuple, added: tuple | None) -> None:
        self._init(None if rerolls is None else tuple(rerolls), None if keep is None else tuple(keep),
                   tuple(explosions), None if added is None else tuple((a[0], a[1]) for a in added))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "CheckDecisions":
        """The record of the result's ``decisions``."""
        return cls(value.get("rerolls"), value.get("keep"), value.get("explosions") or (), value.get("added"))

    def to_dict(self) -> dict:
        """``{"rerolls", "keep", "explosions"}``, and ``"added"`` when the request had it."""
        out = {"rerolls": None if self.rerolls is None else list(self.rerolls),
               "keep": None if self.keep is None else list(self.keep), "explosions": list(self.explosions)}
        if self.added is not None:
            out["added"] = [[d, f] for d, f in self.added]
        return out


#: the counters of a result (:func:`tirada.systems.l5r.check.totals`), in its order; before ``"done"``
#: the outcome ones (``bonus_successes`` … ``void_points_gained``) are ``None``
TOTALS = ("successes", "opportunities", "strife_symbols", "strife_cancelled", "strife", "fire_bonus",
          "bonus_successes", "success", "margin", "strife_change", "void_points_gained")


class CheckView(Struct):
    """One L5R check at its current stage, as :func:`tirada.systems.l5r.check.roll` returned it.

    Fields: ``stage`` ``"faces"`` | ``"reroll"`` | ``"keep"`` | ``"explosion"`` | ``"done"``; ``step``
    (played decision by decision); ``tn`` 1..; ``keep_limit`` (ring + helpers + Void); ``stance`` a
    ring or ``None``; ``pool`` (:class:`~tirada.systems.l5r.dice.PoolDie`, pool order; in faces mode only the dice typed so
    far); ``explosion_dice`` (:class:`~tirada.systems.l5r.dice.ExplosionDie`, draw order); ``choice`` (:func:`choice_of`: what
    the player decides now, ``None`` when done); ``decisions`` (:class:`CheckDecisions`); the counters
    (:data:`TOTALS`: ``successes`` ≥ 0 counting explosive ones, ``opportunities``, ``strife_symbols``,
    ``strife_cancelled`` by helpers, ``strife`` suffered, ``fire_bonus`` (Fire stance), and once done
    ``bonus_successes``, ``success``, ``margin`` = successes − TN, ``strife_change`` (±3 for anxiety or
    passion) and ``void_points_gained`` 0 | 1; running ones and ``None`` before ``"done"``); ``kept``
    (:class:`KeptDie`: pool, added, then explosion dice); ``explosions`` (how many were rolled);
    ``explosion_cap_reached`` and ``messages`` (English notes: the cap); ``summary`` ``{"en", "es"}``
    once done, else ``None``; ``label`` (the roll's label, from the request; ``""`` when none).
    """

    _fields = ("stage", "step", "tn", "keep_limit", "stance", "pool", "explosion_dice", "choice", "decisions",
               "successes", "opportunities", "strife_symbols", "strife_cancelled", "strife", "fire_bonus",
               "bonus_successes", "success", "margin", "strife_change", "void_points_gained", "kept",
               "explosions", "explosion_cap_reached", "messages", "summary", "label")
    stage: str
    step: bool
    tn: int
    keep_limit: int
    stance: str | None
    pool: tuple
    explosion_dice: tuple
    choice: Any
    decisions: CheckDecisions
    successes: int
    opportunities: int
    strife_symbols: int
    strife_cancelled: int
    strife: int
    fire_bonus: int
    bonus_successes: int | None
    success: bool | None
    margin: int | None
    strife_change: int | None
    void_points_gained: int | None
    kept: tuple
    explosions: int
    explosion_cap_reached: bool
    messages: tuple
    summary: dict | None
    label: str

    def __init__(self, stage: str, step: bool, tn: int, keep_limit: int, stance: str | None, pool: tuple,
                 explosion_dice: tuple, choice: Any, decisions: CheckDecisions, successes: int, opportunities: int,
                 strife_symbols: int, strife_cancelled: int, strife: int, fire_bonus: int,
                 bonus_successes: int | None, success: bool | None, margin: int | None, strife_change: int | None,
                 void_points_gained: int | None, kept: tuple, explosions: int, explosion_cap_reached: bool,
                 messages: tuple, summary: dict | None, label: str = "") -> None:
        self._init(stage, step, tn, keep_limit, stance, tuple(pool), tuple(explosion_dice), choice, decisions,
                   successes, opportunities, strife_symbols, strife_cancelled, strife, fire_bonus, bonus_successes,
                   success, margin, strife_change, void_points_gained, tuple(kept), explosions,
                   explosion_cap_reached, tuple(messages), summary, label)

    @classmethod
    def from_result(cls, result: Mapping[str, Any]) -> "CheckView":
        """The record of an ``l5r5e`` result (:func:`tirada.systems.roll`'s or ``check.roll``'s dict).
        Counters an older stored result lacks read as the check would have them (0, ``None``, none).

        Raises:
            KeyError: not an L5R check's result (no ``stage``, ``pool``, ``tn`` …)."""
        stage = result["stage"]
        return cls(
            stage, bool(result.get("step")), result["tn"], result["keep_limit"], result.get("stance"),
            tuple(PoolDie.from_dict(d) for d in result["pool"]),
            tuple(ExplosionDie.from_dict(x) for x in result["explosion_dice"]),
            choice_of(stage, result.get("choices")), CheckDecisions.from_dict(result.get("decisions") or {}),
            result["successes"], result["opportunities"], result.get("strife_symbols", 0),
            result.get("strife_cancelled", 0), result["strife"], result.get("fire_bonus", 0),
            result.get("bonus_successes"), result.get("success"), result.get("margin"), result.get("strife_change"),
            result.get("void_points_gained"),
            tuple(KeptDie.from_dict(k) for k in result.get("kept") or () if isinstance(k, Mapping)),
            result.get("explosions", 0), bool(result.get("explosion_cap_reached")),
            tuple(result.get("messages") or ()), result.get("summary"), result.get("label") or "")

    @property
    def done(self) -> bool:
        """The check is finished (every decision made): its outcome fields are set."""
        return self.stage == "done"

    @property
    def keep_decided(self) -> bool:
        """The keep is decided (the pool dice say kept or dropped)."""
        return bool(self.pool) and self.pool[0].kept is not None

    @property
    def added_dice(self) -> tuple:
        """The kept dice added at the keep (:class:`KeptDie` with ``added``), in the order added."""
        return tuple(k for k in self.kept if k.added)

    def count(self, die: str) -> int:
        """How many pool dice are ``die`` dice (``"ring"`` or ``"skill"``)."""
        return sum(1 for d in self.pool if d.die == die)

    def to_dict(self) -> dict:
        """The dict of :func:`tirada.systems.l5r.check.roll` this record was read from (without the
        roll's ``system``, ``seed``, ``label`` and ``fresh``)."""
        out = {"stage": self.stage, "step": self.step, "tn": self.tn, "keep_limit": self.keep_limit,
               "stance": self.stance, "pool": [d.to_dict() for d in self.pool],
               "explosion_dice": [x.to_dict() for x in self.explosion_dice],
               "choices": None if self.choice is None else self.choice.to_dict(),
               "decisions": self.decisions.to_dict()}
        for name in TOTALS:
            out[name] = getattr(self, name)
        out["kept"] = [k.to_dict() for k in self.kept]
        out["explosions"] = self.explosions
        out["explosion_cap_reached"] = self.explosion_cap_reached
        out["messages"] = list(self.messages)
        out["summary"] = self.summary
        return out

    def words(self, lang: str):
        """The outcome in the system's words (:func:`tirada.systems.l5r.words.outcome_words`, as the
        snippets say it)."""
        return outcome_words(self.to_dict(), lang)

    def vs_tn(self, lang: str) -> str:
        """``"3 éxitos contra un NO de 3"`` / ``"3 successes vs TN 3"``."""
        return vs_tn({"successes": self.successes, "tn": self.tn}, lang)
