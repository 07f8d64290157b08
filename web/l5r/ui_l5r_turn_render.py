"""The L5R 5e skirmish turn's words (pure: no pyscript; tested on CPython in tests/test_l5r5e_turn_page.py).

Renders what :func:`tirada.systems.l5r.turn.apply` returns, read through typed records (issue #40:
no result read by string key): the character's state (:func:`state_lines`, a
:class:`~tirada.systems.l5r.turn_state.TurnState`), one move's effect (:func:`effect_text`, a record of
:mod:`tirada.systems.l5r.turn_effect`) and the check an action needs (:func:`hint_text`), in the
``lang`` passed in, with the seed's Spanish terms (strings_l5r.py). web/l5r/ui_l5r_turn.py reads the
JSON state and effect it keeps into those records (``TurnState.from_dict``, ``effect_of``).
"""

from __future__ import annotations

from shell import i18n
from shell.strings import t
from tirada.systems.l5r import turn_effect as fx
from tirada.systems.l5r.skirmish import CRITICAL_TN
from tirada.systems.l5r.turn import ACTION_TN
from tirada.systems.l5r.turn_state import TurnState

#: the skill of each action's check (seed 002): Mando, Aptitud física, Estrategia, Artes Marciales.
ACTION_SKILL = {"challenge": "command", "maneuver": "fitness", "guard": "tactics", "strike": "martial",
                "critical": "fitness"}


def ring_name(ring: str | None, lang: str) -> str:
    """"aire" / "Air"; no stance → "ninguna"."""
    return t(f"l5r.ringname.{ring}", lang) if ring else t("l5r.turn.none", lang)


def action_name(action: str, lang: str) -> str:
    """The seed's name of an action ("Desafiar"), or "una acción que no sea esperar"."""
    return t("l5r.turn.any_but_wait", lang) if action == "any" else t(f"l5r.act.{action}", lang)


#: the box's buttons (``data-turn``) in the order of its steps: 1 the scene, 2 the turn's stance,
#: 3 the action (and a Wait's event), 4 the answer to a challenge, 5 damage and critical strikes,
#: 6 unmasking and the end of the scene
STEPS = (("scene",), ("stance",), ("act", "fill", "wait_yes", "wait_no"), ("outcome",),
         ("damage", "critical", "accept", "parry"), ("unmask", "end_scene"))


def buttons_now(s: TurnState | None) -> tuple:
    """The buttons that apply to the state now, in :data:`STEPS` order (issue #29: only those are
    shown). What the rules still refuse with one of them (no Void point for a parry, no check yet)
    is said by the refusal, naming what is missing; a button the state cannot use is not shown:

    * no scene yet: only "Empezar la escena";
    * a critical strike pending: accept it or parry it; a parry's reroll pending: its critical check;
    * Unconscious: only what happens to them (damage, accepting a critical strike, the end of the scene);
    * else the stance, the action once a stance is chosen (while an action is left: a granted waited
      action, none used yet, or Water's extra one), a Wait's event while waiting, the challenge's
      answer while one is pending, damage and critical strikes, unmasking while Compromised and not
      yet unmasked, the end of the scene.
    """
    if s is None:
        return ("scene",)
    now = {"scene"}
    if s.pending_critical is not None:
        now |= {"accept"} if s.unconscious else {"accept", "parry"}
    elif s.reroll is not None:
        now |= {"critical"}
    elif s.unconscious:
        now |= {"damage", "end_scene"}
    else:
        now |= {"stance", "damage", "critical", "end_scene"}
        used = s.actions
        if s.stance is not None and (s.granted is not None or not used
                                     or (s.stance == "water" and len(used) == 1)):
            now |= {"act", "fill"}
        if s.waiting is not None:
            now |= {"wait_yes", "wait_no"}
        if s.challenge == "pending":
            now |= {"outcome"}
        if s.compromised and not s.unmasked:
            now |= {"unmask"}
    return tuple(b for step in STEPS for b in step if b in now)


def hint_text(action: str, state: TurnState | None, lang: str) -> str:
    """The check an action needs now: skill, TN (light wounds of the stance ring included), ring."""
    if action not in ACTION_SKILL:
        return t("l5r.turn.no_check_needed", lang)
    stance = state.stance if state else None
    tn = state.tn_for(ACTION_TN[action]) if state else ACTION_TN[action]
    ring = ring_name(stance, lang) if stance else t("l5r.turn.your_stance", lang)
    return t("l5r.turn.hint", lang).format(skill=t(f"l5r.skill.{ACTION_SKILL[action]}", lang), tn=tn, ring=ring)


def state_lines(s: TurnState, lang: str) -> list:
    """The character as lines of text: resources, actions used, weapons, wounds, what is pending."""
    lines = [t("l5r.turn.state", lang).format(
        stance=ring_name(s.stance, lang), void=s.void_points, ring=s.void_ring, strife=s.strife,
        composure=s.composure, fatigue=s.fatigue, endurance=s.endurance, honor=s.honor, glory=s.glory)]
    flags = []
    if s.compromised:
        flags.append(t("l5r.turn.compromised", lang))
    if s.incapacitated:
        flags.append(t("l5r.turn.incapacitated", lang))
    if s.unconscious:
        flags.append(t("l5r.turn.unconscious", lang))
    if s.parried:
        flags.append(t("l5r.turn.flags_parried", lang))
    if s.unmasked:
        flags.append(t("l5r.turn.flags_unmasked", lang))
    if flags:
        lines.append(" · ".join(flags))
    used = ", ".join(action_name(a.action, lang) for a in s.actions) or t("l5r.turn.none", lang)
    lines.append(t("l5r.turn.actions_used", lang).format(list=used))
    if s.weapons:
        arms = ", ".join(f'{w.name} ({t("l5r.turn.ready" if w.ready else "l5r.turn.stowed", lang)}'
                         f'{", " + t("l5r.turn.damaged", lang) if w.damaged else ""})' for w in s.weapons)
        lines.append(t("l5r.turn.weapons", lang).format(list=arms))
    if s.light_wounds:
        lines.append(t("l5r.turn.wounds", lang).format(list=", ".join(ring_name(r, lang) for r in s.light_wounds)))
    if s.guarding:
        target = s.guarding.target
        lines.append(t("l5r.turn.guarding", lang).format(
            target=t("l5r.turn.self", lang) if target == "self" else target, n=s.guarding.tn_bonus))
    if s.waiting:
        lines.append(t("l5r.turn.waiting", lang).format(action=action_name(s.waiting.declared, lang)))
    if s.granted:
        lines.append(t("l5r.turn.granted", lang).format(action=action_name(s.granted, lang)))
    if s.challenge:
        lines.append(t("l5r.turn.challenge_pending", lang))
    if s.pending_critical:
        lines.append(t("l5r.turn.pending", lang).format(n=s.pending_critical.severity))
    if s.reroll:
        lines.append(t("l5r.turn.reroll", lang).format(tn=hint_tn(s)))
    return lines


def hint_tn(s: TurnState) -> int:
    """The TN of the critical strike check in the current stance (light wounds included)."""
    return s.tn_for(CRITICAL_TN)


def effect_text(e: fx.TurnEffect, lang: str) -> str:
    """One move's effect in words (its record, :func:`tirada.systems.l5r.turn_effect.effect_of`), and
    the strife its check gave ("La tirada te da 2 puntos de conflicto.")."""
    text = _effect_text(e, lang)
    gained = getattr(e, "strife_gained", None) or 0
    if gained:
        key = "l5r.fx.strife_gained" if gained > 0 else "l5r.fx.strife_lost"
        text = f"{text if text.endswith('.') else text + '.'} {i18n.tn(key, lang, abs(gained))}"
    return text


def _self_or(target: str, lang: str) -> str:
    return t("l5r.turn.self", lang) if target == "self" else target


def _effect_text(e: fx.TurnEffect, lang: str) -> str:
    """The words of one effect record, one branch per kind of move (:func:`effect_text` adds the strife)."""
    if isinstance(e, fx.StanceEffect):
        text = t("l5r.fx.stance", lang).format(stance=ring_name(e.stance, lang))
        return f'{text} {t("l5r.fx.water", lang)}' if e.extra_action_without_check else text
    if isinstance(e, fx.ChallengeEffect):
        return t("l5r.fx.challenge_ok" if e.issued else "l5r.fx.challenge_fail", lang)
    if isinstance(e, fx.ChallengeOutcomeEffect):
        if not e.accepted:
            return t("l5r.fx.declined", lang)
        text = t("l5r.fx.won" if e.strife_to == "target_allies" else "l5r.fx.lost", lang)
        return f'{text} {t("l5r.fx.stake_lost", lang)}' if e.honor_lost else text
    if isinstance(e, fx.ManeuverEffect):
        return i18n.tn("l5r.fx.maneuver", lang, e.range_bands)
    if isinstance(e, fx.GuardEffect):
        g = e.guarding
        if not g:
            return t("l5r.fx.guard_fail", lang)
        return t("l5r.turn.guarding", lang).format(target=_self_or(g.target, lang), n=g.tn_bonus)
    if isinstance(e, fx.WaitEffect):
        return t("l5r.turn.waiting", lang).format(action=action_name(e.waiting.declared, lang))
    if isinstance(e, fx.WaitTriggerEffect):
        return t("l5r.turn.granted", lang).format(action=action_name(e.may_act, lang))
    if isinstance(e, fx.PrepareEffect):
        return t("l5r.fx.prepare", lang).format(item=e.item, state=t("l5r.turn.ready" if e.ready
                                                                     else "l5r.turn.stowed", lang),
                                                grip=t(f"l5r.turn.grip{e.grip}", lang))
    if isinstance(e, fx.StrikeEffect):
        crit = f' + {t("l5r.sk.critical", lang).format(n=e.critical_severity)}' if e.critical_severity else ""
        return f'{t("l5r.sk.damage", lang)}: {e.damage}{crit}'
    if isinstance(e, fx.CriticalEffect):
        return t("l5r.fx.critical", lang).format(d=e.deadliness, n=e.severity)
    if isinstance(e, fx.AcceptCriticalEffect):
        parts = [t("l5r.fx.light_wound", lang).format(ring=ring_name(e.light_wound, lang)) if e.light_wound
                 else t("l5r.fx.not_light", lang).format(n=e.severity)]
        if e.unconscious:
            parts.append(t("l5r.fx.unconscious", lang))
        return " ".join(parts)
    if isinstance(e, fx.DamageEffect):
        return damage_text(e, lang)
    if isinstance(e, fx.ParryEffect):
        return t("l5r.fx.parry", lang).format(weapon=e.weapon, n=e.void_points)
    if isinstance(e, fx.UnmaskEffect):
        return t("l5r.fx.unmask", lang).format(n=e.strife_discarded)
    if e.action == "end_scene":
        return t("l5r.fx.end_scene", lang)
    a = e.action
    return t("l5r.fx.done", lang).format(action=action_name(a, lang) if f"l5r.act.{a}" in _KEYS else a)


def damage_text(e: fx.DamageEffect, lang: str) -> str:
    """The "damage" move's effect (seed 002, DAÑO / Incapacitado): fatigue, a Void point's critical
    strike (and the check it needs) or the helpless critical that leaves the character Unconscious."""
    if e.unconscious:
        return t("l5r.fx.helpless", lang).format(n=e.critical_severity)
    if e.critical_check:
        c = e.critical_check
        return t("l5r.fx.void_critical", lang).format(d=e.critical_severity, tn=c.tn,
                                                      ring=ring_name(c.stance, lang) if c.stance
                                                      else t("l5r.turn.your_stance", lang))
    text = t("l5r.fx.defend", lang).format(n=e.damage, r=e.resistance, f=e.fatigue_gained)
    return f'{text} {t("l5r.fx.now_incapacitated", lang)}' if e.incapacitated else text


_KEYS = {f"l5r.act.{a}" for a in ("challenge", "maneuver", "guard", "wait", "prepare", "strike", "assist",
                                  "recover", "skill")}
