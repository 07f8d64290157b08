"""The typed records of a Tragedia scene as the page shows it (issue #40: the page reads no result by
string key).

:func:`tirada.systems.tragedia.scene.scene_view` returns a :class:`SceneView`, and
:func:`tirada.systems.tragedia.play.view` the same with the ledger's ``can_undo``, ``signed`` and
``given_faces``; a Tragedia roll link's card reads a :class:`RollCard`. Each record's ``to_dict()``
is the JSON the CLI prints (``tirada scene view``) and the forum snippet words
(:mod:`tirada.systems.tragedia.snippet`), byte for byte the dicts these functions returned before;
nothing here is stored or put in a link (the ledger is, and it holds no result).

Rules: ../shared/rules/tragedia.md (§Gathering dice, §The final roll, §Character state the tool
keeps); written in the reading-core pattern (docs/architecture.md §How the core is written): plain
classes on :class:`tirada.portable.Struct`, frozen, equal by their fields.

Longer than 400 lines because each shape the page reads is its own small record with its
``to_dict()`` beside it (the JSON stays byte for byte what it was), and splitting them would scatter one view.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...portable import Struct

__all__ = ["AddOption", "AdversaryPool", "FinalStage", "Participant", "Pools", "PostLossPool", "PostLossStage",
           "ProtagonistPool", "RollCard", "SceneRoll", "SceneView", "SourceAdds"]


class ProtagonistPool(Struct):
    """The Protagonist side's gathered pool: ``dice`` 0..100, ``auto_successes`` 0..20 (Tragedy 5's
    automatic successes) and ``wins_ties`` (the Flaw gave the Protagonist the ties)."""

    _fields = ("dice", "auto_successes", "wins_ties")
    dice: int
    auto_successes: int
    wins_ties: bool

    def __init__(self, dice: int, auto_successes: int, wins_ties: bool) -> None:
        self._init(dice, auto_successes, wins_ties)

    def to_dict(self) -> dict:
        """``{"dice", "auto_successes", "wins_ties"}``."""
        return {"dice": self.dice, "auto_successes": self.auto_successes, "wins_ties": self.wins_ties}


class AdversaryPool(Struct):
    """The Adversary side's gathered pool: ``dice`` 0..100."""

    _fields = ("dice",)
    dice: int

    def __init__(self, dice: int) -> None:
        self._set("dice", dice)

    def to_dict(self) -> dict:
        """``{"dice"}``."""
        return {"dice": self.dice}


class PostLossPool(Struct):
    """The dice after a loss (tragedia.md §The final roll, "If the Protagonist loses"): the
    Protagonist's new ``tragedy_dice`` and both sides' last dice (each a count ≥ 0)."""

    _fields = ("tragedy_dice", "protagonist_last_dice", "adversary_last_dice")
    tragedy_dice: int
    protagonist_last_dice: int
    adversary_last_dice: int

    def __init__(self, tragedy_dice: int, protagonist_last_dice: int, adversary_last_dice: int) -> None:
        self._init(tragedy_dice, protagonist_last_dice, adversary_last_dice)

    def to_dict(self) -> dict:
        """``{"tragedy_dice", "protagonist_last_dice", "adversary_last_dice"}``."""
        return {"tragedy_dice": self.tragedy_dice, "protagonist_last_dice": self.protagonist_last_dice,
                "adversary_last_dice": self.adversary_last_dice}


class Pools(Struct):
    """Both sides' running pools and, once a loss happened (or is being answered), ``post_loss``
    (else ``None``)."""

    _fields = ("protagonist", "adversary", "post_loss")
    protagonist: ProtagonistPool
    adversary: AdversaryPool
    post_loss: PostLossPool | None

    def __init__(self, protagonist: ProtagonistPool, adversary: AdversaryPool,
                 post_loss: PostLossPool | None = None) -> None:
        self._init(protagonist, adversary, post_loss)

    def to_dict(self) -> dict:
        """``{"protagonist", "adversary", "post_loss"?}`` (``post_loss`` only when there is one)."""
        out = {"protagonist": self.protagonist.to_dict(), "adversary": self.adversary.to_dict()}
        if self.post_loss is not None:
            out["post_loss"] = self.post_loss.to_dict()
        return out


class FinalStage(Struct):
    """The final roll's stage (:func:`tirada.systems.tragedia.roll.final_stage`): each side's faces
    (1..sides; even = success), the ``auto_successes`` 0..20, ``protagonist_wins_ties``, both sides'
    successes, ``tie`` and the ``winner`` (``"protagonist"`` or ``"adversary"``)."""

    stage = "final"
    _fields = ("protagonist_faces", "adversary_faces", "auto_successes", "protagonist_wins_ties",
               "protagonist_successes", "adversary_successes", "tie", "winner")
    protagonist_faces: tuple
    adversary_faces: tuple
    auto_successes: int
    protagonist_wins_ties: bool
    protagonist_successes: int
    adversary_successes: int
    tie: bool
    winner: str

    def __init__(self, protagonist_faces: tuple, adversary_faces: tuple, auto_successes: int,
                 protagonist_wins_ties: bool, protagonist_successes: int, adversary_successes: int,
                 tie: bool, winner: str) -> None:
        self._init(tuple(protagonist_faces), tuple(adversary_faces), auto_successes, protagonist_wins_ties,
                   protagonist_successes, adversary_successes, tie, winner)

    def to_dict(self) -> dict:
        """The stage dict, ``{"stage": "final", …}`` in the roll's order."""
        return {"stage": "final", "protagonist_faces": list(self.protagonist_faces),
                "adversary_faces": list(self.adversary_faces), "auto_successes": self.auto_successes,
                "protagonist_wins_ties": self.protagonist_wins_ties,
                "protagonist_successes": self.protagonist_successes,
                "adversary_successes": self.adversary_successes, "tie": self.tie, "winner": self.winner}


class PostLossStage(Struct):
    """The post-loss stage (:func:`tirada.systems.tragedia.roll.post_loss_stage`): the new Tragedy
    dice's faces, both sides' last dice's faces, the running successes, ``tie`` and ``winner``."""

    stage = "post_loss"
    _fields = ("tragedy_faces", "protagonist_last_faces", "adversary_last_faces", "protagonist_successes",
               "adversary_successes", "tie", "winner")
    tragedy_faces: tuple
    protagonist_last_faces: tuple
    adversary_last_faces: tuple
    protagonist_successes: int
    adversary_successes: int
    tie: bool
    winner: str

    def __init__(self, tragedy_faces: tuple, protagonist_last_faces: tuple, adversary_last_faces: tuple,
                 protagonist_successes: int, adversary_successes: int, tie: bool, winner: str) -> None:
        self._init(tuple(tragedy_faces), tuple(protagonist_last_faces), tuple(adversary_last_faces),
                   protagonist_successes, adversary_successes, tie, winner)

    def to_dict(self) -> dict:
        """The stage dict, ``{"stage": "post_loss", …}`` in the roll's order."""
        return {"stage": "post_loss", "tragedy_faces": list(self.tragedy_faces),
                "protagonist_last_faces": list(self.protagonist_last_faces),
                "adversary_last_faces": list(self.adversary_last_faces),
                "protagonist_successes": self.protagonist_successes,
                "adversary_successes": self.adversary_successes, "tie": self.tie, "winner": self.winner}


def _stage(value: Mapping[str, Any]) -> FinalStage | PostLossStage:
    if value["stage"] == "final":
        return FinalStage(value["protagonist_faces"], value["adversary_faces"], value["auto_successes"],
                          value["protagonist_wins_ties"], value["protagonist_successes"],
                          value["adversary_successes"], value["tie"], value["winner"])
    return PostLossStage(value["tragedy_faces"], value["protagonist_last_faces"], value["adversary_last_faces"],
                         value["protagonist_successes"], value["adversary_successes"], value["tie"], value["winner"])


class SceneRoll(Struct):
    """A Tragedia final roll (:func:`tirada.systems.tragedia.roll.roll_result`): ``sides`` (even,
    2..1000), every ``faces`` in draw order, the ``stages`` (a :class:`FinalStage`, then a
    :class:`PostLossStage` after a loss answered), ``post_loss`` (two stages), and the last stage's
    ``protagonist_successes``, ``adversary_successes``, ``tie`` and ``winner``."""

    _fields = ("sides", "faces", "stages", "post_loss", "protagonist_successes", "adversary_successes", "tie",
               "winner")
    sides: int
    faces: tuple
    stages: tuple
    post_loss: bool
    protagonist_successes: int
    adversary_successes: int
    tie: bool
    winner: str

    def __init__(self, sides: int, faces: tuple, stages: tuple, post_loss: bool, protagonist_successes: int,
                 adversary_successes: int, tie: bool, winner: str) -> None:
        self._init(sides, tuple(faces), tuple(stages), post_loss, protagonist_successes, adversary_successes,
                   tie, winner)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "SceneRoll":
        """The record of a ``roll_result`` dict (a scene's roll, or a checked Tragedia roll link's
        result: the engine made it, so every field is there)."""
        return cls(value["sides"], value["faces"], tuple(_stage(s) for s in value["stages"]),
                   bool(value["post_loss"]), value["protagonist_successes"], value["adversary_successes"],
                   value["tie"], value["winner"])

    def to_dict(self) -> dict:
        """The ``roll_result`` dict."""
        return {"sides": self.sides, "faces": list(self.faces), "stages": [s.to_dict() for s in self.stages],
                "post_loss": self.post_loss, "protagonist_successes": self.protagonist_successes,
                "adversary_successes": self.adversary_successes, "tie": self.tie, "winner": self.winner}


class AddOption(Struct):
    """One legal option of a dice source: the extra fields of its ``add`` action, in the engine's
    order, as ``(name, value)`` pairs (``{"use": "domain", "domain": "Tigre"}``: Destiny's use and
    its Domain). A Trait or Theme the player still has to name has the value ``None``."""

    _fields = ("pairs",)
    pairs: tuple

    def __init__(self, pairs: tuple) -> None:
        self._set("pairs", tuple((str(k), v) for k, v in pairs))

    def field(self, name: str) -> Any:
        """The value of the action field ``name``, or ``None`` (absent or still to be named)."""
        return next((v for k, v in self.pairs if k == name), None)

    use = property(lambda self: self.field("use"), doc="Destiny's use (``\"exhausted_trait\"``, ``\"domain\"``, "
                   "``\"improvised\"``, ``\"npc_event\"``, ``\"new_trait\"``, ``\"new_theme\"``), else ``None``.")
    trait = property(lambda self: self.field("trait"), doc="The Trait it names (``None``: none, or a new one to name).")
    theme = property(lambda self: self.field("theme"), doc="The Theme it names (``None``: none, or a new one to name).")
    domain = property(lambda self: self.field("domain"), doc="The Domain it names, else ``None``.")
    dice = property(lambda self: self.field("dice"), doc="The Flaw's dice (1 or 2), else ``None``.")
    target = property(lambda self: self.field("target"),
                      doc="The participant it falls on (a Consequence's owner, Tragedy 5's Protagonist), else ``None``.")
    consequence = property(lambda self: self.field("consequence"), doc="The Consequence it uses, else ``None``.")
    owner = property(lambda self: self.field("owner"),
                     doc="Whose exhausted Trait is turned against (several Protagonists), else ``None``.")

    def to_dict(self) -> dict:
        """The action's extra fields, ``{name: value}`` in order."""
        return {k: v for k, v in self.pairs}

    def action(self, source: str, by: str) -> dict:
        """The engine action: ``{"add": source, "by": by, …the option's fields…}``."""
        out: dict = {"add": source, "by": by}
        out.update(self.pairs)
        return out


class SourceAdds(Struct):
    """One dice source for one participant (:func:`tirada.systems.tragedia.scene.legal_adds`):
    ``legal``, its ``options`` (tuple of :class:`AddOption`, empty when illegal), and when illegal
    the ``reason`` (English, with its rule: the CLI's) and ``why`` (the same refusal by code,
    ``{"code", "params", "field"}``, for the page's words)."""

    _fields = ("legal", "options", "reason", "why")
    legal: bool
    options: tuple
    reason: str | None
    why: dict | None

    def __init__(self, legal: bool, options: tuple, reason: str | None, why: dict | None) -> None:
        self._init(legal, tuple(options), reason, why)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "SourceAdds":
        """The record of one ``legal_adds`` entry."""
        return cls(value["legal"], tuple(AddOption(tuple(o.items())) for o in value["options"]),
                   value["reason"], value["why"])

    def to_dict(self) -> dict:
        """``{"legal", "options": [dict], "reason", "why"}``."""
        return {"legal": self.legal, "options": [o.to_dict() for o in self.options], "reason": self.reason,
                "why": self.why}


class Participant(Struct):
    """One participant of the scene as the page needs it now: ``name``, ``role`` (``"protagonist"``,
    ``"ally"``, ``"adversary"``, ``"henchman"``), ``side`` that their dice join, ``destiny`` ≥ 0,
    ``trait_limit`` (7 − Tragedy) and ``trait_excess`` (Traits to drop, ≥ 0), ``adds`` (source →
    :class:`SourceAdds`, every source of ``sources.SOURCES``), and the moves open to them:
    ``can_decline``, ``can_enter``, ``can_impose`` (on ``impose_targets``, the Protagonists'
    names), ``can_lower``, ``removable`` (Consequences an Ally may remove now), ``can_transform``."""

    _fields = ("name", "role", "side", "destiny", "trait_limit", "trait_excess", "adds", "can_decline",
               "can_enter", "can_impose", "impose_targets", "can_lower", "removable", "can_transform")
    name: str
    role: str
    side: str
    destiny: int
    trait_limit: int
    trait_excess: int
    adds: dict
    can_decline: bool
    can_enter: bool
    can_impose: bool
    impose_targets: tuple
    can_lower: bool
    removable: tuple
    can_transform: bool

    def __init__(self, name: str, role: str, side: str, destiny: int, trait_limit: int, trait_excess: int,
                 adds: dict, can_decline: bool, can_enter: bool, can_impose: bool, impose_targets: tuple,
                 can_lower: bool, removable: tuple, can_transform: bool) -> None:
        self._init(name, role, side, destiny, trait_limit, trait_excess, adds, can_decline, can_enter, can_impose,
                   tuple(impose_targets), can_lower, tuple(removable), can_transform)

    def to_dict(self) -> dict:
        """The participant dict of ``tirada scene view``."""
        return {"name": self.name, "role": self.role, "side": self.side, "destiny": self.destiny,
                "trait_limit": self.trait_limit, "trait_excess": self.trait_excess,
                "adds": {source: entry.to_dict() for source, entry in self.adds.items()},
                "can_decline": self.can_decline, "can_enter": self.can_enter, "can_impose": self.can_impose,
                "impose_targets": list(self.impose_targets), "can_lower": self.can_lower,
                "removable": list(self.removable), "can_transform": self.can_transform}


class SceneView(Struct):
    """What the page shows of a scene now.

    The scene (:func:`tirada.systems.tragedia.scene.scene_result`'s fields): ``kind``
    (``"conflict"`` / ``"transformation"``), ``objective``, ``seed`` (32 hex digits, or ``None``:
    each roll takes its own), ``phase`` (``"gathering"``, ``"post_loss"``, ``"decided"``),
    ``pending`` (what it still waits for, :func:`~tirada.systems.tragedia.scene.pending`),
    ``pools`` (:class:`Pools`), ``contributions`` (tuple of
    :class:`~tirada.systems.tragedia.state.Contribution`), ``roll`` (:class:`SceneRoll` or ``None``
    before the roll), ``winner`` (once decided, else ``None``), ``ended`` (the scene can end:
    ``sheets`` are then those after it), ``sheets`` (tuple of
    :class:`~tirada.systems.tragedia.sheet.Sheet`, participant order), ``themes``.

    Now: ``can_roll``, ``themes_exhausted``, ``destiny_prices`` (use → price), ``rules`` (what →
    rule-file section), ``table`` (setting → value), ``participants`` (tuple of
    :class:`Participant`). From the ledger (:func:`tirada.systems.tragedia.play.view`; ``None``
    from ``scene_view``, which has no ledger): ``can_undo``, ``signed`` (schema 2: rolls take
    chain numbers), ``given_faces`` (some dice were rolled outside Tirada).
    """

    _fields = ("kind", "objective", "seed", "phase", "pending", "pools", "contributions", "roll", "winner",
               "ended", "sheets", "themes", "can_roll", "themes_exhausted", "destiny_prices", "rules", "table",
               "participants", "can_undo", "signed", "given_faces")
    kind: str
    objective: str
    seed: str | None
    phase: str
    pending: tuple
    pools: Pools
    contributions: tuple
    roll: SceneRoll | None
    winner: str | None
    ended: bool
    sheets: tuple
    themes: tuple
    can_roll: bool
    themes_exhausted: tuple
    destiny_prices: dict
    rules: dict
    table: dict
    participants: tuple
    can_undo: bool | None
    signed: bool | None
    given_faces: bool | None

    def __init__(self, kind: str, objective: str, seed: str | None, phase: str, pending: tuple, pools: Pools,
                 contributions: tuple, roll: SceneRoll | None, winner: str | None, ended: bool, sheets: tuple,
                 themes: tuple, can_roll: bool, themes_exhausted: tuple, destiny_prices: dict, rules: dict,
                 table: dict, participants: tuple, can_undo: bool | None = None, signed: bool | None = None,
                 given_faces: bool | None = None) -> None:
        self._init(kind, objective, seed, phase, tuple(pending), pools, tuple(contributions), roll, winner, ended,
                   tuple(sheets), tuple(themes), can_roll, tuple(themes_exhausted), destiny_prices, rules, table,
                   tuple(participants), can_undo, signed, given_faces)

    def participant(self, name: str) -> Participant:
        """The participant called ``name``. Raises KeyError when there is none."""
        for p in self.participants:
            if p.name == name:
                return p
        raise KeyError(name)

    def sheet(self, name: str) -> Any:
        """The :class:`~tirada.systems.tragedia.sheet.Sheet` called ``name``. Raises KeyError."""
        for s in self.sheets:
            if s.name == name:
                return s
        raise KeyError(name)

    def to_dict(self) -> dict:
        """The JSON of ``tirada scene view`` (and of ``play.view``: ``can_undo``, ``signed``,
        ``given_faces`` last, when set): ``{"system": "tragedia", …}`` with ``sheets`` as
        ``Sheet.to_dict()`` plus ``objective_achieved``."""
        out = {
            "system": "tragedia", "kind": self.kind, "objective": self.objective, "seed": self.seed,
            "phase": self.phase, "pending": list(self.pending), "pools": self.pools.to_dict(),
            "contributions": [c.to_dict() for c in self.contributions],
            "roll": None if self.roll is None else self.roll.to_dict(), "winner": self.winner, "ended": self.ended,
            "sheets": [dict(s.to_dict(), objective_achieved=s.objective_achieved) for s in self.sheets],
            "themes": list(self.themes), "can_roll": self.can_roll, "themes_exhausted": list(self.themes_exhausted),
            "destiny_prices": dict(self.destiny_prices), "rules": dict(self.rules), "table": dict(self.table),
            "participants": [p.to_dict() for p in self.participants],
        }
        for name in ("can_undo", "signed", "given_faces"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


class RollCard(Struct):
    """What a roll's result card shows (web/tragedia/ui_scene_render.py ``result_html``): the
    ``roll`` (:class:`SceneRoll`), the ``phase`` (a roll link is always ``"decided"``: its post-loss
    step is inside it) and ``given_faces`` (dice rolled outside Tirada). A :class:`SceneView` has
    the same three fields."""

    _fields = ("roll", "phase", "given_faces")
    roll: SceneRoll
    phase: str
    given_faces: bool

    def __init__(self, roll: SceneRoll, phase: str = "decided", given_faces: bool = False) -> None:
        self._init(roll, phase, given_faces)

    def to_dict(self) -> dict:
        """``{"roll": roll dict, "phase", "given_faces"}`` (the shape the snippet's ``outcome`` reads)."""
        return {"roll": self.roll.to_dict(), "phase": self.phase, "given_faces": self.given_faces}
