"""L5R 5e skirmish helpers: thresholds, initiative, strike damage, critical strikes, competitive checks.

Rules: ../shared/rules/l5r5e.md §Skirmish helpers, §Composure, strife, unmasking, Void and
§Competitive checks (seed ``002_ffc4b51df0ee9169.txt``, "ESCARAMUZAS", "DAÑO", "IMPACTOS CRÍTICOS").
These are pure arithmetic on a finished check: pass the ``success`` and ``bonus_successes`` (and
``opportunities``) of a :func:`tirada.systems.l5r.check.roll` result. No dice are drawn here.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalMove, InvalidRequest
from ...fields import get_int
from ...portable import Struct

__all__ = [
    "INITIATIVE_TN", "CRITICAL_TN", "STRIKE_TN", "apply_damage", "competitive", "composure",
    "critical_severity", "endurance", "initiative", "initiative_order", "is_compromised",
    "can_make_checks", "is_incapacitated", "recover", "strike", "Hit", "hit",
]

RULE_SKIRMISH = "l5r5e.md §Skirmish helpers"
RULE_COMPOSURE = "l5r5e.md §Composure, strife, unmasking, Void"
INITIATIVE_TN = 1  #: Tactics (Estrategia) check, any ring (it becomes the stance).
STRIKE_TN = 2  #: Martial Arts check.
CRITICAL_TN = 1  #: Fitness check in the current stance ring.
CRITICAL_OPPORTUNITIES = 2  #: opportunities a successful strike spends for a critical strike.


def _n(name: str, value: Any, lo: int = 0, hi: int = 1000, rule: str = RULE_SKIRMISH) -> int:
    return get_int({name: value}, name, lo=lo, hi=hi, rule=rule)


def composure(earth: int, water: int) -> int:
    """Composure = (Earth + Water) × 2 (l5r5e.md §Skirmish helpers); rings 1..10.

    Raises:
        InvalidRequest: a ring outside 1..10.
    """
    return (_n("earth", earth, 1, 10) + _n("water", water, 1, 10)) * 2


def endurance(earth: int, fire: int) -> int:
    """Endurance = (Earth + Fire) × 2 (l5r5e.md §Skirmish helpers); rings 1..10.

    Raises:
        InvalidRequest: a ring outside 1..10.
    """
    return (_n("earth", earth, 1, 10) + _n("fire", fire, 1, 10)) * 2


def is_compromised(strife: int, composure_value: int) -> bool:
    """Compromised when strife > Composure (l5r5e.md §Composure, strife, unmasking, Void).

    Raises:
        InvalidRequest: a negative value.
    """
    return _n("strife", strife, rule=RULE_COMPOSURE) > _n("composure", composure_value, rule=RULE_COMPOSURE)


def is_incapacitated(fatigue: int, endurance_value: int) -> bool:
    """Incapacitated when fatigue > Endurance (l5r5e.md §Skirmish helpers, Damage).

    Raises:
        InvalidRequest: a negative value.
    """
    return _n("fatigue", fatigue) > _n("endurance", endurance_value)


def recover(strife: int, composure_value: int, fatigue: int, endurance_value: int) -> dict:
    """The Recover support action (seed "Recuperarse"): −1 strife if strife > half Composure, −1
    fatigue if fatigue > half Endurance.

    Returns:
        ``{"strife": int, "fatigue": int}`` after the action.
    Raises:
        InvalidRequest: a negative value.
    """
    s, c, f, e = (_n(k, v) for k, v in (("strife", strife), ("composure", composure_value),
                                         ("fatigue", fatigue), ("endurance", endurance_value)))
    return {"strife": s - 1 if 2 * s > c else s, "fatigue": f - 1 if 2 * f > e else f}


def initiative(success: bool, bonus_successes: int, focus: int, vigilance: int, ready: bool = False,
               compromised: bool = False) -> int:
    """Initiative from the Tactics check TN 1 (l5r5e.md §Skirmish helpers, Initiative).

    Base = Focus if ready for battle, else Vigilance (Vigilance counts as 1 while compromised).
    On a success: base + 1 + bonus successes; on a failure: the base.
    Example (seed, Nana): Vigilance 3, surprised, 3 successes vs TN 1 (2 bonus) → 6.

    Raises:
        InvalidRequest: a negative value.
    """
    base = _n("focus", focus) if ready else (1 if compromised else _n("vigilance", vigilance))
    return base + 1 + _n("bonus_successes", bonus_successes) if success else base


def initiative_order(entries: list) -> list:
    """Turn order (l5r5e.md §Skirmish helpers, Initiative): highest initiative first; ties, lower
    Honor first; still tied, the given order.

    Args:
        entries: ``[{"name": str, "initiative": int, "honor": int}]``.
    Returns:
        the names in turn order.
    Raises:
        InvalidRequest: an entry without a whole-number initiative or honor.
    """
    keyed = []
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            raise InvalidRequest("each entry must be an object", field=f"entries[{i}]", code="field.object")
        keyed.append((-get_int(e, "initiative", lo=0), get_int(e, "honor", lo=0, hi=100), i, e.get("name")))
    return [name for *_, name in sorted(keyed)]


def strike(success: bool, bonus_successes: int, opportunities: int, base_damage: int, deadliness: int,
           critical: bool = True) -> dict:
    """Damage of a Strike (Golpear), Martial Arts TN 2 (l5r5e.md §Skirmish helpers, Strike).

    On a success: damage = weapon base damage + bonus successes; with ``critical`` and at least 2
    opportunities, 2 are spent on a critical strike of severity = deadliness (letalidad).

    Returns:
        ``{"damage": int, "critical_severity": int | None, "opportunities_left": int}``; a failure
        deals nothing and spends nothing.
    Raises:
        InvalidRequest: a negative value.
    """
    opp = _n("opportunities", opportunities)
    if not success:
        return {"damage": 0, "critical_severity": None, "opportunities_left": opp}
    damage = _n("base_damage", base_damage) + _n("bonus_successes", bonus_successes)
    crit = critical and opp >= CRITICAL_OPPORTUNITIES
    return {"damage": damage, "critical_severity": _n("deadliness", deadliness) if crit else None,
            "opportunities_left": opp - CRITICAL_OPPORTUNITIES if crit else opp}


class Hit(Struct):
    """A Strike's outcome (:func:`strike`'s dict read once): ``damage`` (≥ 0), ``critical_severity`` (the
    critical strike's severity, or ``None`` when none was made) and ``opportunities_left`` (≥ 0)."""

    _fields = ("damage", "critical_severity", "opportunities_left")
    damage: int
    critical_severity: Any
    opportunities_left: int

    def __init__(self, damage: int, critical_severity: Any, opportunities_left: int) -> None:
        self._init(damage, critical_severity, opportunities_left)


def hit(success: bool, bonus_successes: int, opportunities: int, base_damage: int, deadliness: int,
        critical: bool = True) -> Hit:
    """:func:`strike` as a :class:`Hit` record (same arguments, same rule). Raises what :func:`strike` raises."""
    out = strike(success, bonus_successes, opportunities, base_damage, deadliness, critical)
    return Hit(out["damage"], out["critical_severity"], out["opportunities_left"])


def apply_damage(damage: int, resistance: int, fatigue: int, endurance_value: int,
                 take_critical: bool = False, deadliness: int = 0) -> dict:
    """Damage after armour (l5r5e.md §Skirmish helpers, Damage; seed 002, "DAÑO" and the
    Incapacitado paragraph).

    * A character not Incapacitated defends: the damage left after ``resistance`` becomes fatigue;
      fatigue > Endurance → Incapacitated. Instead of defending they may spend a Void point
      (``take_critical``) to suffer a critical strike of severity ``deadliness``. Example (seed,
      Matsu Kaoru): shuriken damage 2, resistance 1 → 1 fatigue.
    * An Incapacitated character (fatigue already > Endurance) "no podrá defenderse contra el daño":
      any damage left after ``resistance`` gives a critical strike of severity = the weapon's
      ``deadliness`` instead of fatigue (damage the armour stops entirely asks for no defence: "si
      tras aplicar la reducción por armadura … dicho daño no llega a 0, … deberá defenderse"), and "si sufre un impacto crítico, adquirirá el estado Inconsciente" → ``unconscious``.

    Returns:
        ``{"fatigue": int, "fatigue_gained": int, "incapacitated": bool, "critical_severity": int
        | None, "void_points_spent": 0|1, "unconscious": bool}``.
    Raises:
        InvalidRequest: a negative value; ``take_critical`` while already incapacitated (only a
        character who could defend may choose the critical); an Incapacitated character hit without
        the weapon's ``deadliness`` (1..100), which the critical strike needs.
    """
    raw = _n("damage", damage)
    left = max(0, raw - _n("resistance", resistance))
    fatigue, limit = _n("fatigue", fatigue), _n("endurance", endurance_value)
    if fatigue > limit:
        if take_critical:
            raise InvalidRequest("an incapacitated character cannot spend a Void point to take a critical "
                                 "strike instead", field="take_critical", rule=RULE_SKIRMISH,
                                 code="skirmish.incapacitated_void")
        if left == 0:   # "si tras aplicar la reducción por armadura … dicho daño no llega a 0": nothing to defend
            return {"fatigue": fatigue, "fatigue_gained": 0, "incapacitated": True, "critical_severity": None,
                    "void_points_spent": 0, "unconscious": False}
        severity = _n("deadliness", deadliness, lo=1, hi=100)
        return {"fatigue": fatigue, "fatigue_gained": 0, "incapacitated": True, "critical_severity": severity,
                "void_points_spent": 0, "unconscious": True}
    if take_critical and left:
        return {"fatigue": fatigue, "fatigue_gained": 0, "incapacitated": False,
                "critical_severity": _n("deadliness", deadliness), "void_points_spent": 1, "unconscious": False}
    return {"fatigue": fatigue + left, "fatigue_gained": left, "incapacitated": fatigue + left > limit,
            "critical_severity": None, "void_points_spent": 0, "unconscious": False}


def can_make_checks(fatigue: int, endurance_value: int) -> None:
    """Refuse a check by an Incapacitated character (seed 002, Incapacitado: "no puede efectuar
    acciones que requieran tiradas"; l5r5e.md §Skirmish helpers, Damage).

    Raises:
        IllegalMove: fatigue > Endurance.
        InvalidRequest: a negative value.
    """
    if is_incapacitated(fatigue, endurance_value):
        raise IllegalMove("an Incapacitated character cannot make checks (fatigue above Endurance)",
                          field="fatigue", rule=RULE_SKIRMISH, code="l5r.incapacitated")


def critical_severity(deadliness: int, success: bool, bonus_successes: int) -> int:
    """Severity after the Fitness check TN 1 (l5r5e.md §Skirmish helpers, Critical strike): a
    success reduces it by 1 + bonus successes, never below 1; a failure leaves the deadliness.
    Example (seed, Matsu Kaoru): deadliness 5, 2 successes (1 bonus) → 3.

    Raises:
        InvalidRequest: deadliness outside 1..100 or negative bonus successes.
    """
    severity = _n("deadliness", deadliness, lo=1, hi=100)
    if not success:
        return severity
    return max(1, severity - 1 - _n("bonus_successes", bonus_successes))


def competitive(entries: list) -> dict:
    """Winner of a competitive check (l5r5e.md §Competitive checks): most bonus successes; when all
    fail, the least shortfall; equal → several winners.

    Args:
        entries: ``[(name, successes, tn)]``, at least 2.
    Returns:
        ``{"winners": [name], "tie": bool, "ranking": [{"name", "success", "margin"}]}``.
    Raises:
        InvalidRequest: fewer than 2 entries.
    """
    if len(entries) < 2:
        raise InvalidRequest("a competitive check needs at least 2 characters", field="entries",
                             rule="l5r5e.md §Competitive checks", code="skirmish.competitive_two")
    rows = [{"name": n, "success": s >= tn, "margin": s - tn} for n, s, tn in entries]
    anyone = any(r["success"] for r in rows)
    pool = [r for r in rows if r["success"]] if anyone else rows
    best = max(r["margin"] for r in pool)
    winners = [r["name"] for r in pool if r["margin"] == best]
    ranking = sorted(rows, key=lambda r: (not r["success"], -r["margin"]))
    return {"winners": winners, "tie": len(winners) > 1, "ranking": ranking}
