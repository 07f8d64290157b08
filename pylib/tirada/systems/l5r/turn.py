"""L5R 5e skirmish turn: the moves of seed 002's "ESCARAMUZAS" on one character's state.

Rules: seed ``002_ffc4b51df0ee9169.txt`` ("Actuar por turnos", "ACCIONES DE ESCARAMUZAS",
"QUITARSE LA MÁSCARA", "PUNTOS DE VACÍO", "IMPACTOS CRÍTICOS", "DAÑO" and the Incapacitado paragraph);
../shared/rules/l5r5e.md §Skirmish helpers. The state (a JSON object, :func:`new_state`; its frozen
value :class:`~tirada.systems.l5r.turn_state.TurnState`) is in :mod:`tirada.systems.l5r.turn_state`.

A move is pure: ``apply(state, move) -> {"state", "effect"}``; an illegal move raises
:class:`~tirada.errors.IllegalMove` and leaves the state as it was. No dice are drawn here: a move
that needs a check takes the finished check's numbers (``{"success", "bonus_successes", "tn",
"stance", "strife", "id"}``, from :func:`tirada.systems.l5r.check.roll`; ``strife`` is its ``strife_change``,
the strife the character suffers: kept strife symbols, ±3 for anxiety or passion, added to the state's
strife, never below 0, and reported as the effect's ``strife_gained``), rolled **after** the decision that
asks for it — the destructive parry's reroll included (its check is a new check, so its dice cannot be
known before the Void point is spent; docs/link-format.md §16–18). A check serves **one** move
(:func:`~tirada.systems.l5r.turn_state.use_check`, issue #29).
"""

from __future__ import annotations

import copy
from typing import Callable

from ...errors import IllegalMove, InvalidRequest
from ...fields import get_bool, get_choice, get_int, get_text, reject_unknown
from .skirmish import (
    CRITICAL_TN, STRIKE_TN, apply_damage, can_make_checks, critical_severity, is_compromised, recover, strike,
)
from .turn_state import (
    RULE, SETTINGS, SLOT_ACTIONS, STANCES, illegal, new_state, read_object, ready_weapon, use_check, wound_tn,
)

__all__ = ["ACTION_TN", "MOVES", "SETTINGS", "STANCES", "UNCONSCIOUS_MOVES", "apply", "new_state", "replay",
           "wound_tn"]

#: TN of each check a move takes (seed 002): Desafiar (Mando) 1, Maniobrar (Aptitud física) 2,
#: Proteger (Estrategia) 1, Golpear (Artes Marciales) 2, the critical strike (Aptitud física) 1.
ACTION_TN = {"challenge": 1, "maneuver": 2, "guard": 1, "strike": STRIKE_TN, "critical": CRITICAL_TN}
CHALLENGE_RANGE = 5      #: "a un personaje situado a alcance 0 - 5"
CHALLENGE_HONOR, CHALLENGE_GLORY = 10, 5   #: "Debes arriesgar 10 puntos de Honor y 5 de Gloria"
CHALLENGE_STRIFE = 3     #: "sufre tres puntos de conflicto"
#: what an Unconscious character still goes through (seed 002, Incapacitado / Inconsciente: no action,
#: no check); every other move is refused (``skirmish.unconscious``).
UNCONSCIOUS_MOVES = ("damage", "accept_critical", "adjust", "end_scene")


# ------------------------------------------------------------------------------- helpers
def _check(state: dict, move: dict, action: str) -> dict:
    """The finished check a move uses, verified against the stance ring and the TN it must have, and
    marked used (by its ``id``): a check already used by another move is refused (``skirmish.check_used``)."""
    chk = move.get("check")
    if chk is None:
        raise InvalidRequest("this action needs the finished check", field="check", code="field.required")
    if not isinstance(chk, dict):
        raise InvalidRequest("must be an object", field="check", code="field.object")
    if action != "critical":   # [decision] the critical check is no "acción que requiera tiradas"
        can_make_checks(state["fatigue"], state["endurance"])
    stance = get_choice(chk, "stance", STANCES)
    if stance != state["stance"]:
        raise illegal(f"the check must use the ring of the stance ({state['stance']}), not {stance}",
                       code="skirmish.stance_ring", field="check", params={"stance": state["stance"], "got": stance})
    tn = wound_tn(state, ACTION_TN[action])
    if get_int(chk, "tn", lo=1, hi=30) != tn:
        raise illegal(f"this check is TN {tn} (light wounds included), got {chk['tn']}",
                       code="skirmish.tn", field="check", params={"n": tn, "got": chk["tn"]})
    use_check(state, chk, action)
    return {"success": get_bool(chk, "success"), "bonus_successes": get_int(chk, "bonus_successes", 0, lo=0, hi=100),
            "opportunities": get_int(chk, "opportunities", 0, lo=0, hi=100)}


def _take_action(state: dict, action: str, with_check: bool) -> None:
    """Use the turn's action (seed: one action a turn; Water stance: "una acción adicional para la que
    no haga falta tiradas"; a waited action granted by ``wait_trigger``)."""
    if state["stance"] is None:
        raise illegal("choose the stance first (start of the turn)", code="skirmish.no_stance", field="stance")
    granted = state["granted"]
    if granted is not None:
        if granted != "any" and action != granted:
            raise illegal(f"the waited action is {granted}",
                           code="skirmish.wait_declared", field="action", params={"declared": granted, "got": action})
        if granted == "any" and action == "wait":
            raise illegal("after a Wait whose event did not happen, the action may not be Wait",
                           code="skirmish.wait_again", field="action")
        state["granted"] = None
    else:
        used = state["actions"]
        water_extra = state["stance"] == "water" and len(used) == 1 and not (with_check and used[0]["check"])
        if used and not water_extra:
            water = state["stance"] == "water" and len(used) == 1
            raise illegal("no action left this turn (Water stance: one more, without a check)",
                           code="skirmish.water_extra_check" if water else "skirmish.no_action_left", field="action")
    state["actions"].append({"action": action, "check": with_check})


# --------------------------------------------------------------------------------- moves
def _stance(s: dict, m: dict) -> dict:
    """Start of a turn ("Determinar la actitud"): the stance, re-gripping readied weapons, dropping
    items; Guard ends ("hasta el comienzo de tu próximo turno")."""
    s["stance"] = get_choice(m, "stance", STANCES)
    s["actions"], s["guarding"] = [], None
    regrip, drop = read_object(m, "regrip") or {}, m.get("drop") or []
    if not isinstance(drop, list) or not all(isinstance(x, str) for x in drop):
        raise InvalidRequest("must be a list of item names", field="drop", code="field.object")
    for name, grip in regrip.items():
        ready_weapon(s, name)["grip"] = get_int({"grip": grip}, "grip", lo=1, hi=2)
    s["weapons"] = [w for w in s["weapons"] if w["name"] not in set(drop)]
    return {"stance": s["stance"], "extra_action_without_check": s["stance"] == "water"}


def _challenge(s: dict, m: dict) -> dict:
    """Desafiar: Mando TN 1, scheme action, target at range 0–5, 10 Honor and 5 Glory at stake."""
    reach = get_int(m, "range", lo=0, hi=100)
    if reach > CHALLENGE_RANGE:
        raise illegal(f"a challenge reaches range 0-{CHALLENGE_RANGE}, got {reach}",
                       code="skirmish.challenge_range", field="range", params={"n": CHALLENGE_RANGE, "got": reach})
    if s["honor"] < CHALLENGE_HONOR or s["glory"] < CHALLENGE_GLORY:
        raise illegal("a challenge stakes 10 Honor and 5 Glory",
                       code="skirmish.challenge_stake", field="honor",
                       params={"honor": CHALLENGE_HONOR, "glory": CHALLENGE_GLORY})
    chk = _check(s, m, "challenge")
    _take_action(s, "challenge", True)
    s["challenge"] = "pending" if chk["success"] else None
    return {"issued": chk["success"], "target_decides": chk["success"],
            "stake": {"honor": CHALLENGE_HONOR, "glory": CHALLENGE_GLORY}}


def _challenge_outcome(s: dict, m: dict) -> dict:
    """The answer and the duel: declined → nothing ([decision], the seed is silent); won → each of
    the target's allies suffers 3 strife; lost → each of yours; the stake is lost when sabotaged
    (setting ``challenge_stake`` "sabotage", the seed's words) or when lost ("defeat")."""
    if s["challenge"] != "pending":
        raise illegal("no challenge awaits an answer", code="skirmish.no_challenge", field="action")
    s["challenge"] = None
    if not get_bool(m, "accepted"):
        return {"accepted": False, "strife_each": 0, "strife_to": None, "honor_lost": 0, "glory_lost": 0}
    won, sabotaged = get_bool(m, "won"), get_bool(m, "sabotaged")
    lose = sabotaged if s["settings"]["challenge_stake"] == "sabotage" else not won
    if lose:
        s["honor"] -= CHALLENGE_HONOR
        s["glory"] -= CHALLENGE_GLORY
    return {"accepted": True, "strife_each": CHALLENGE_STRIFE, "strife_to": "target_allies" if won else "your_allies",
            "honor_lost": CHALLENGE_HONOR if lose else 0, "glory_lost": CHALLENGE_GLORY if lose else 0}


def _maneuver(s: dict, m: dict) -> dict:
    """Maniobrar: movement action; 1 range band, or with a successful Aptitud física TN 2 check
    2 bands + 1 per 2 bonus successes."""
    chk = _check(s, m, "maneuver") if m.get("check") is not None else None
    _take_action(s, "maneuver", chk is not None)
    bands = 2 + chk["bonus_successes"] // 2 if chk and chk["success"] else 1
    return {"range_bands": bands}


def _guard(s: dict, m: dict) -> dict:
    """Proteger: Estrategia TN 1, support action, a readied weapon; on a success attack checks
    against the target are +1 TN, +1 per 2 bonus successes, until the start of your next turn."""
    target = get_text(m, "target", "self", max_len=40) or "self"
    ready_weapon(s, m.get("weapon"))
    chk = _check(s, m, "guard")
    _take_action(s, "guard", True)
    s["guarding"] = {"target": target, "tn_bonus": 1 + chk["bonus_successes"] // 2} if chk["success"] else None
    return {"guarding": s["guarding"]}


def _wait(s: dict, m: dict) -> dict:
    """Esperar: declare a non-movement action and the event that triggers it."""
    declared = get_choice(m, "declared", tuple(SLOT_ACTIONS))
    if declared in ("maneuver", "wait"):
        raise illegal("Wait declares an action that is not movement (nor another Wait)",
                       code="skirmish.wait_action", field="declared", params={"got": declared})
    _take_action(s, "wait", False)
    s["waiting"] = {"declared": declared, "trigger": get_text(m, "trigger", max_len=120)}
    return {"waiting": s["waiting"]}


def _wait_trigger(s: dict, m: dict) -> dict:
    """The waited event happened (the declared action may be made, in the stance's ring) or the round
    ended without it (any action but Wait)."""
    if s["waiting"] is None:
        raise illegal("no Wait is pending", code="skirmish.no_wait", field="action")
    happened = get_bool(m, "happened")
    s["granted"] = s["waiting"]["declared"] if happened else "any"
    s["waiting"] = None
    return {"may_act": s["granted"], "ring": s["stance"]}


def _prepare(s: dict, m: dict) -> dict:
    """Preparar objeto: support action; ready (with a grip of 1 or 2 hands) or stow an item."""
    name = get_text(m, "item", max_len=40)
    if not name:
        raise InvalidRequest("is required", field="item", code="field.required")
    _take_action(s, "prepare", False)
    ready, grip = get_bool(m, "ready", True), get_int(m, "grip", 1, lo=1, hi=2)
    for w in s["weapons"]:
        if w["name"] == name:
            w.update(ready=ready, grip=grip)
            break
    else:
        s["weapons"].append({"name": name, "ready": ready, "grip": grip, "damaged": False})
    return {"item": name, "ready": ready, "grip": grip}


def _strike(s: dict, m: dict) -> dict:
    """Golpear with a readied weapon (tirada.systems.l5r.skirmish.strike)."""
    ready_weapon(s, m.get("weapon"))
    chk = _check(s, m, "strike")
    _take_action(s, "strike", True)
    return strike(chk["success"], chk["bonus_successes"], chk["opportunities"], get_int(m, "base_damage", lo=0, hi=100),
                  get_int(m, "deadliness", lo=0, hi=100))


def _other(name: str) -> Callable[[dict, dict], dict]:
    """Ayudar, Recuperarse, Acción única: they take the turn's action (Recuperarse applies
    tirada.systems.l5r.skirmish.recover; an Acción única needs a check)."""
    def move(s: dict, m: dict) -> dict:
        if SLOT_ACTIONS[name]:
            can_make_checks(s["fatigue"], s["endurance"])
        _take_action(s, name, bool(SLOT_ACTIONS[name]))
        if name == "recover":
            s.update(recover(s["strife"], s["composure"], s["fatigue"], s["endurance"]))
            return {"strife": s["strife"], "fatigue": s["fatigue"]}
        return {}
    return move


def _critical(s: dict, m: dict) -> dict:
    """The critical strike's Aptitud física check TN 1 in the stance ring (a destructive parry's
    reroll too): the severity waits for ``accept_critical`` or ``parry``."""
    deadliness = get_int(m, "deadliness", lo=1, hi=100)
    if s["reroll"] is not None and deadliness != s["reroll"]["deadliness"]:
        raise illegal("the reroll is of the same critical strike",
                       code="skirmish.reroll_deadliness", field="deadliness",
                       params={"n": s["reroll"]["deadliness"], "got": deadliness})
    if s["pending_critical"] is not None:
        raise illegal("accept or parry the pending critical strike first",
                       code="skirmish.critical_pending", field="action")
    chk = _check(s, m, "critical")
    s["reroll"] = None
    crit = {"deadliness": deadliness,
            "severity": critical_severity(deadliness, chk["success"], chk["bonus_successes"])}
    s["pending_critical"] = dict(crit)
    return crit


def _accept_critical(s: dict, m: dict) -> dict:
    """Apply the pending critical strike: a light wound in the stance ring when the severity is at
    most the setting ``light_wound_max`` (seed example: severity 3 → light wound; a character struck
    before choosing any stance has no ring to hold it, so none is recorded: the state stays one
    :func:`new_state` accepts); Incapacitated → Unconscious (seed, "Incapacitado")."""
    crit = s["pending_critical"]
    if crit is None:
        raise illegal("no critical strike is pending", code="skirmish.no_critical", field="action")
    s["pending_critical"] = None
    light = crit["severity"] <= s["settings"]["light_wound_max"]
    if light and s["stance"] is not None:   # a light wound is of the stance ring: with no stance yet, of none
        s["light_wounds"].append(s["stance"])
    if s["fatigue"] > s["endurance"]:
        s["unconscious"] = True
    return {**crit, "light_wound": s["stance"] if light else None, "unconscious": s["unconscious"]}


def _parry(s: dict, m: dict) -> dict:
    """Parada destructiva: spend a Void point, a readied weapon becomes Damaged, the critical strike
    check is rolled again (a new check, after this decision). Once per scene (setting)."""
    if s["pending_critical"] is None:
        raise illegal("a destructive parry answers a critical strike check",
                       code="skirmish.no_critical", field="action")
    if s["parried"] and s["settings"]["parry_limit"] == "scene":
        raise illegal("a destructive parry only once per scene", code="skirmish.parry_used", field="action")
    if s["void_points"] < 1:
        raise illegal("a destructive parry spends a Void point: none left",
                       code="skirmish.no_void_point", field="void_points")
    weapon = ready_weapon(s, m.get("weapon"))
    s["void_points"] -= 1
    weapon["damaged"] = s["parried"] = True
    s["reroll"] = {"deadliness": s["pending_critical"]["deadliness"]}
    s["pending_critical"] = None
    return {"weapon": weapon["name"], "damaged": True, "void_points": s["void_points"],
            "reroll": {"deadliness": s["reroll"]["deadliness"], "tn": wound_tn(s, CRITICAL_TN), "stance": s["stance"]}}


def _unmask(s: dict, m: dict) -> dict:
    """Quitarse la máscara: once per scene, while Compromised; all strife is discarded."""
    if not is_compromised(s["strife"], s["composure"]):
        raise illegal("only a Compromised character unmasks (strife above Composure)",
                       code="skirmish.not_compromised", field="strife",
                       params={"strife": s["strife"], "composure": s["composure"]})
    if s["unmasked"]:
        raise illegal("unmasking only once per scene", code="skirmish.unmasked", field="action")
    gone, s["strife"], s["unmasked"] = s["strife"], 0, True
    return {"strife_discarded": gone}


def _adjust(s: dict, m: dict) -> dict:
    """Add to (or take from) strife, fatigue, Void points (never below 0; Void points at most the
    Void ring: spending one you do not have is refused)."""
    for name in ("strife", "fatigue", "void_points"):
        n = get_int(m, name, 0, lo=-1000, hi=1000)
        if s[name] + n < 0:
            raise illegal(f"{name} would drop below 0", code="skirmish.below_zero", field=name, params={"name": name})
        s[name] = min(s[name] + n, s["void_ring"]) if name == "void_points" else s[name] + n
    return {k: s[k] for k in ("strife", "fatigue", "void_points")}


def _damage(s: dict, m: dict) -> dict:
    """Daño (seed 002, "DAÑO" and the Incapacitado paragraph; tirada.systems.l5r.skirmish.apply_damage):
    ``damage`` after ``resistance`` becomes fatigue (Matsu Kaoru: shuriken 2, resistance 1 → 1
    fatigue); ``take_critical`` spends a Void point for a critical strike of ``deadliness`` instead,
    whose Aptitud física check is the ``critical`` move. An Incapacitated character "no podrá
    defenderse": a critical strike of severity = ``deadliness`` waits in ``pending_critical`` and
    the character is Unconscious at once ([decision]: an Unconscious character makes no check, so
    that critical is not reduced; docs/l5r5e.md)."""
    if s["pending_critical"] is not None:
        raise illegal("accept or parry the pending critical strike first",
                       code="skirmish.critical_pending", field="action")
    take = get_bool(m, "take_critical", False)
    if take and s["unconscious"]:
        raise illegal("an Unconscious character makes no choice", code="skirmish.unconscious",
                       field="take_critical")
    deadliness = get_int(m, "deadliness", 0, lo=0, hi=100)
    if take and deadliness == 0:
        deadliness = get_int(m, "deadliness", lo=1, hi=100)   # the critical strike needs it
    damage, resistance = get_int(m, "damage", lo=0, hi=100), get_int(m, "resistance", 0, lo=0, hi=100)
    out = apply_damage(damage, resistance, s["fatigue"], s["endurance"], take, deadliness)
    if out["void_points_spent"] > s["void_points"]:
        raise illegal("taking a critical strike instead of defending spends a Void point: none left",
                       code="skirmish.damage_void", field="void_points")
    s["fatigue"] = out["fatigue"]
    s["void_points"] -= out["void_points_spent"]
    severity = out["critical_severity"]
    if out["unconscious"]:
        s["unconscious"] = True
        s["pending_critical"] = {"deadliness": severity, "severity": severity}
    return {**out, "damage": damage, "resistance": resistance, "deadliness": deadliness, "void_points": s["void_points"],
            "critical_check": {"tn": wound_tn(s, CRITICAL_TN), "stance": s["stance"]}
            if severity and not out["unconscious"] else None}


def _end_scene(s: dict, m: dict) -> dict:
    """A new scene: unmasking and the destructive parry are available again."""
    s.update(unmasked=False, parried=False, waiting=None, granted=None, guarding=None, challenge=None)
    return {}


MOVES: dict = {"stance": _stance, "challenge": _challenge, "challenge_outcome": _challenge_outcome,
               "maneuver": _maneuver, "guard": _guard, "wait": _wait, "wait_trigger": _wait_trigger,
               "prepare": _prepare, "strike": _strike, "assist": _other("assist"), "recover": _other("recover"),
               "skill": _other("skill"), "critical": _critical, "accept_critical": _accept_critical,
               "parry": _parry, "unmask": _unmask, "adjust": _adjust, "damage": _damage, "end_scene": _end_scene}


def apply(state: dict, move: dict) -> dict:
    """One move on a state (:func:`new_state`): ``{"state": new state, "effect": dict}``; the state
    passed in is never changed.

    Raises:
        InvalidRequest: not an object, an unknown action, a bad field.
        IllegalMove: a move the seed forbids (code ``skirmish.*`` or ``l5r.incapacitated``); any move
        but ``UNCONSCIOUS_MOVES`` of an Unconscious character (``skirmish.unconscious``).
    """
    if not isinstance(move, dict):
        raise InvalidRequest("each move must be an object", field="move", code="field.object")
    action = get_choice(move, "action", tuple(MOVES))
    if state["unconscious"] and action not in UNCONSCIOUS_MOVES:
        raise illegal("an Unconscious character takes no action and makes no check",
                       code="skirmish.unconscious", field="action", params={"action": action})
    s = copy.deepcopy(state)
    effect = MOVES[action](s, move)
    if action in ACTION_TN and isinstance(move.get("check"), dict):   # the check's strife is suffered
        effect["strife_gained"] = gained = get_int(move["check"], "strife", 0, lo=-100, hi=100, rule=RULE)
        s["strife"] = max(0, s["strife"] + gained)
    s["incapacitated"] = s["fatigue"] > s["endurance"]
    return {"state": s, "effect": {"action": action, **effect}}


def replay(data: dict) -> dict:
    """Fold ``{"character": {...}, "moves": [...]}`` (the CLI's ``skirmish`` input).

    Returns:
        ``{"state": final state, "effects": [effect per move]}``.
    Raises:
        InvalidRequest / IllegalMove: as :func:`apply`, with the field ``moves[i]`` of the move.
    """
    if not isinstance(data, dict):
        raise InvalidRequest("must be an object", field="skirmish", code="field.object")
    reject_unknown(data, {"character", "moves"}, "skirmish")
    state, effects = new_state(data.get("character")), []
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise InvalidRequest("must be a list", field="moves", code="field.object")
    for i, move in enumerate(moves):
        try:
            out = apply(state, move)
        except (InvalidRequest, IllegalMove) as err:
            err.field = f"moves[{i}].{err.field}" if err.field else f"moves[{i}]"
            raise
        state = out["state"]
        effects.append(out["effect"])
    return {"state": state, "effects": effects}
