"""What one skirmish move did, as a typed record per kind of move (issue #40: the page reads no result
by string key).

:func:`tirada.systems.l5r.turn.apply` returns ``{"state", "effect"}`` with the effect a JSON object
``{"action": kind, …}``; that object is what the CLI prints (``tirada skirmish``) and what
:class:`~tirada.systems.l5r.turn_state.TurnState` keeps in ``effects``, and it stays so. The page reads
it through :func:`effect_of`, which gives the record of its kind; each record's ``to_dict()`` is the
object it was read from, key order included (tests/test_l5r5e_turn_page.py checks every move).

Rules: seed ``002_ffc4b51df0ee9169.txt`` ("ACCIONES DE ESCARAMUZAS", "DAÑO", "IMPACTOS CRÍTICOS",
"QUITARSE LA MÁSCARA"); ../shared/rules/l5r5e.md §Skirmish helpers. ``strife_gained`` (on the moves
that take a check: challenge, maneuver, guard, strike, critical) is the strife the check gave, ±; it is
absent (``None``) when the move took no check. Like the turn's state, these records are frozen
dataclasses: the turn is not in the MicroPython reading core.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any, ClassVar, Mapping, Union

from ...errors import InvalidRequest
from .turn_state import Guarding, Waiting

__all__ = ["AcceptCriticalEffect", "AdjustEffect", "ChallengeEffect", "ChallengeOutcomeEffect", "CheckAsked",
           "CriticalEffect", "DamageEffect", "GuardEffect", "ManeuverEffect", "ParryEffect", "ParryReroll",
           "PlainEffect", "PrepareEffect", "RecoverEffect", "Stake", "StanceEffect", "StrikeEffect", "TurnEffect",
           "UnmaskEffect", "WaitEffect", "WaitTriggerEffect", "effect_of"]


@dataclass(frozen=True)
class Stake:
    """What a challenge stakes (seed: "Debes arriesgar 10 puntos de Honor y 5 de Gloria")."""

    honor: int
    glory: int


@dataclass(frozen=True)
class CheckAsked:
    """The check a move asks for next: ``tn`` (light wounds of the stance ring included) in the
    ``stance`` ring (``None``: no stance chosen yet, the player's stance)."""

    tn: int
    stance: str | None


@dataclass(frozen=True)
class ParryReroll:
    """A destructive parry's reroll: the critical strike of ``deadliness`` 1..100 checked again, ``tn``
    in the ``stance`` ring (a new check, rolled after the Void point is spent)."""

    deadliness: int
    tn: int
    stance: str | None


#: the nested objects of an effect, by key
_NESTED: dict = {"stake": Stake, "guarding": Guarding, "waiting": Waiting, "critical_check": CheckAsked,
                 "reroll": ParryReroll}


class _Effect:
    """Shared reading and writing of the effect records (each a frozen dataclass below)."""

    #: the ``action`` of the record's kind (a class with an ``action`` field serves several)
    action: ClassVar[str] = ""

    def to_dict(self) -> dict:
        """The effect object :func:`tirada.systems.l5r.turn.apply` returned, key order included."""
        out: dict = {"action": self.action}
        for f in fields(self):   # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.name == "strife_gained" and value is None:
                continue
            out[f.name] = dict(value.__dict__) if is_dataclass(value) else value
        return out


@dataclass(frozen=True)
class StanceEffect(_Effect):
    """Determinar la actitud: the turn's ``stance`` ring; Water gives an extra action without a check."""

    action: ClassVar[str] = "stance"
    stance: str
    extra_action_without_check: bool


@dataclass(frozen=True)
class ChallengeEffect(_Effect):
    """Desafiar (Mando TN 1): ``issued`` on a success, and then the target decides."""

    action: ClassVar[str] = "challenge"
    issued: bool
    target_decides: bool
    stake: Stake
    strife_gained: int | None = None


@dataclass(frozen=True)
class ChallengeOutcomeEffect(_Effect):
    """The challenge answered: declined, or the duel won (``strife_to`` ``"target_allies"``) or lost
    (``"your_allies"``), each of them suffering ``strife_each``; the stake lost, if so."""

    action: ClassVar[str] = "challenge_outcome"
    accepted: bool
    strife_each: int
    strife_to: str | None
    honor_lost: int
    glory_lost: int


@dataclass(frozen=True)
class ManeuverEffect(_Effect):
    """Maniobrar: ``range_bands`` moved (1, or 2 + 1 per 2 bonus successes with a successful check)."""

    action: ClassVar[str] = "maneuver"
    range_bands: int
    strife_gained: int | None = None


@dataclass(frozen=True)
class GuardEffect(_Effect):
    """Proteger: the guard in force (``None``: the check failed)."""

    action: ClassVar[str] = "guard"
    guarding: Guarding | None
    strife_gained: int | None = None


@dataclass(frozen=True)
class WaitEffect(_Effect):
    """Esperar: the declared action and its trigger."""

    action: ClassVar[str] = "wait"
    waiting: Waiting


@dataclass(frozen=True)
class WaitTriggerEffect(_Effect):
    """The waited event: ``may_act`` (the declared action, or ``"any"`` but Wait) in the ``ring``."""

    action: ClassVar[str] = "wait_trigger"
    may_act: str
    ring: str | None


@dataclass(frozen=True)
class PrepareEffect(_Effect):
    """Preparar objeto: ``item`` readied (``ready``) with a ``grip`` of 1 or 2 hands, or stowed."""

    action: ClassVar[str] = "prepare"
    item: str
    ready: bool
    grip: int


@dataclass(frozen=True)
class StrikeEffect(_Effect):
    """Golpear: ``damage`` ≥ 0, a critical strike's severity for 2 opportunities (else ``None``)."""

    action: ClassVar[str] = "strike"
    damage: int
    critical_severity: int | None
    opportunities_left: int
    strife_gained: int | None = None


@dataclass(frozen=True)
class CriticalEffect(_Effect):
    """The critical strike's check: ``severity`` 1..``deadliness``, waiting to be accepted or parried."""

    action: ClassVar[str] = "critical"
    deadliness: int
    severity: int
    strife_gained: int | None = None


@dataclass(frozen=True)
class AcceptCriticalEffect(_Effect):
    """The critical strike accepted: a ``light_wound`` in the stance ring (severity ≤ the table's
    ``light_wound_max``; else ``None``), and ``unconscious`` when Incapacitated."""

    action: ClassVar[str] = "accept_critical"
    deadliness: int
    severity: int
    light_wound: str | None
    unconscious: bool


@dataclass(frozen=True)
class DamageEffect(_Effect):
    """Daño (:func:`tirada.systems.l5r.skirmish.apply_damage`): fatigue after ``resistance``, or a Void
    point's critical strike (``critical_check``: the check it asks for), or a helpless one (``unconscious``)."""

    action: ClassVar[str] = "damage"
    fatigue: int
    fatigue_gained: int
    incapacitated: bool
    critical_severity: int | None
    void_points_spent: int
    unconscious: bool
    damage: int
    resistance: int
    deadliness: int
    void_points: int
    critical_check: CheckAsked | None


@dataclass(frozen=True)
class ParryEffect(_Effect):
    """Parada destructiva: the ``weapon`` now Damaged, the Void points left, the critical strike's ``reroll``."""

    action: ClassVar[str] = "parry"
    weapon: str
    damaged: bool
    void_points: int
    reroll: ParryReroll


@dataclass(frozen=True)
class UnmaskEffect(_Effect):
    """Quitarse la máscara: all strife discarded (``strife_discarded``)."""

    action: ClassVar[str] = "unmask"
    strife_discarded: int


@dataclass(frozen=True)
class RecoverEffect(_Effect):
    """Recuperarse: strife and fatigue after the action."""

    action: ClassVar[str] = "recover"
    strife: int
    fatigue: int


@dataclass(frozen=True)
class AdjustEffect(_Effect):
    """An adjustment: strife, fatigue and Void points after it."""

    action: ClassVar[str] = "adjust"
    strife: int
    fatigue: int
    void_points: int


@dataclass(frozen=True)
class PlainEffect(_Effect):
    """A move that changes nothing it reports: Ayudar, Acción única, the end of the scene (and the
    page's own ``"scene"``, a new scene)."""

    action: str   # type: ignore[misc]

    def to_dict(self) -> dict:
        """``{"action": kind}``."""
        return {"action": self.action}


#: every effect record
TurnEffect = Union[StanceEffect, ChallengeEffect, ChallengeOutcomeEffect, ManeuverEffect, GuardEffect, WaitEffect,
                   WaitTriggerEffect, PrepareEffect, StrikeEffect, CriticalEffect, AcceptCriticalEffect, DamageEffect,
                   ParryEffect, UnmaskEffect, RecoverEffect, AdjustEffect, PlainEffect]

_KINDS: dict = {cls.action: cls for cls in (
    StanceEffect, ChallengeEffect, ChallengeOutcomeEffect, ManeuverEffect, GuardEffect, WaitEffect, WaitTriggerEffect,
    PrepareEffect, StrikeEffect, CriticalEffect, AcceptCriticalEffect, DamageEffect, ParryEffect, UnmaskEffect,
    RecoverEffect, AdjustEffect)}


def effect_of(data: Mapping[str, Any]) -> TurnEffect:
    """The record of an effect object (``{"action": kind, …}``, as :func:`tirada.systems.l5r.turn.apply`
    returns it, or read-only as :class:`~tirada.systems.l5r.turn_state.TurnState` keeps it).

    Raises:
        InvalidRequest: not an effect object (``field.object``): no ``action``, or fields its kind lacks.
    """
    kind = data.get("action") if isinstance(data, Mapping) else None
    if not isinstance(kind, str):
        raise InvalidRequest("an effect must be an object with an action", field="effect", code="field.object")
    cls = _KINDS.get(kind)
    values = {k: (_NESTED[k](**v) if k in _NESTED and v is not None else v) for k, v in data.items() if k != "action"}
    try:
        return cls(**values) if cls is not None else PlainEffect(kind, **values)
    except TypeError:
        raise InvalidRequest(f"not the effect of a {kind} move", field="effect", code="field.object") from None
