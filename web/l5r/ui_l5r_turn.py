"""The L5R 5e skirmish turn on the roll view (glue only: every rule is in tirada.systems.l5r.turn).

The "Turno de escaramuza" box (web/panels/roll_l5r5e.html) keeps one character's state (a typed
:class:`~tirada.systems.l5r.turn_state.TurnState`): each button reads its inputs, makes one move, plays
it through the skirmish's Game (:data:`tirada.systems.l5r.turn_game.GAME`, over
:func:`tirada.systems.l5r.turn.apply`), keeps the state it returns and its effect's record
(:func:`tirada.systems.l5r.turn_effect.effect_of`) and draws them (web/l5r/ui_l5r_turn_render.py). Actions with a check take the last finished L5R
check (web/l5r/ui_l5r.py ``Check.last_done``). Damage ("Recibir el daño") reads its own three numbers; a
critical strike taken for a Void point sets the roll form's TN and stance and the deadliness field
the "Impacto crítico" button reads. The destructive parry, once the engine accepts it, starts a
new check (a fresh seed at the roller's next chain number, like any check): its dice are made after
the Void point is spent, never before (fair play, docs/link-format.md §16–18).
"""

from __future__ import annotations

from pyscript import document, when

from shell import app
from shell import refusal
from l5r import ui_l5r
from shell import ui_refusal
from shell.app import el, tr
from shell.render import esc
from shell.page_events import LangChanged
from tirada import TiradaError
from tirada.fields import echo, typed_int
from tirada.systems.l5r import skirmish, turn
from tirada.systems.l5r.records import CheckView
from tirada.systems.l5r.turn_effect import CheckAsked, DamageEffect, ParryEffect, PlainEffect, TurnEffect, effect_of
from tirada.systems.l5r.turn_game import GAME
from tirada.systems.l5r.turn_state import TurnState
from l5r.ui_l5r_turn_render import buttons_now, effect_text, hint_text, state_lines

__all__ = ["Turn", "move"]


class Turn:
    """The character on screen (``state`` None until the scene starts) and the last move's words."""

    state: TurnState | None = None     # the character (tirada.systems.l5r.turn_state)
    effect: TurnEffect | None = None   # the last move's effect (tirada.systems.l5r.turn_effect)
    before_parry: dict | None = None   # the check finished before the last destructive parry (not its reroll)
    named: tuple = (None, "")          # (the last finished check, its id): a check serves one move (used_checks)
    count = 0                          # checks named so far in this page


def _typed(prefix: str, name: str) -> int:
    """The whole number typed in field ``#{prefix}{name}`` (tirada.fields.typed_int: ASCII digits
    only, so "²", "٣" or "1_000" are refused like any other text).

    Raises:
        TiradaError: ``field.not_int`` naming the field and echoing what was typed."""
    typed = typed_int(el(f"{prefix}{name}").value)
    if not isinstance(typed, int):
        raise TiradaError(f"{name}: not a number", field=name, code="field.not_int",
                          params={"got": echo(typed, 20)})
    return typed


def _int(name: str) -> int:
    return _typed("l5r-turn-", name)


def _sk(name: str) -> int:
    return _typed("l5r-sk-", name)


def _value(name: str) -> str:
    return str(el(f"l5r-turn-{name}").value).strip()


def last_check() -> dict:
    """The last finished L5R check's numbers, as a move takes them."""
    r = ui_l5r.Check.last_done
    if r is None:
        raise TiradaError("make an L5R check first", field="check", code="skirmish.no_check")
    if Turn.named[0] is not r:   # a new finished check: a new id, so the engine can tell it was used
        Turn.count += 1
        Turn.named = (r, f"check-{Turn.count}")
    c = CheckView.from_result(r)
    # the strife it gives (kept strife symbols, anxiety/passion) is suffered by the move that takes it
    return {"success": c.success, "bonus_successes": c.bonus_successes, "opportunities": c.opportunities, "tn": c.tn,
            "stance": c.stance, "strife": c.strife_change or 0, "id": Turn.named[1]}


def new_scene() -> TurnState:
    """A fresh state from the box's fields, the skirmish calculators' rings and the table settings
    (the checks already used stay used in the new scene)."""
    weapon = _value("weapon")
    return TurnState.from_dict({
        "void_ring": _int("void_ring"), "void_points": _int("void_points"), "strife": _int("strife"),
        "fatigue": _int("fatigue"), "honor": _int("honor"), "glory": _int("glory"),
        "composure": skirmish.composure(_sk("earth"), _sk("water")),
        "endurance": skirmish.endurance(_sk("earth"), _sk("fire")),
        "weapons": [{"name": weapon, "ready": bool(el("l5r-turn-weapon_ready").checked)}] if weapon else [],
        "settings": {"parry_limit": _value("parry_limit"), "challenge_stake": _value("challenge_stake"),
                     "light_wound_max": _int("light_wound_max")},
        "used_checks": list(Turn.state.used_checks) if Turn.state else []})   # a used check stays used


def action_move() -> dict:
    """The move of the "Acción" select with its inputs."""
    action = _value("action")
    m: dict = {"action": action}
    if action == "challenge":
        m.update(range=_int("range"), check=last_check())
    elif action == "maneuver" and el("l5r-turn-use_check").checked:
        m["check"] = last_check()
    elif action == "guard":
        m.update(target=_value("target") or "self", weapon=_value("weapon"), check=last_check())
    elif action == "wait":
        m.update(declared=_value("declared"), trigger=_value("trigger"))
    elif action == "prepare":
        m.update(item=_value("item") or _value("weapon"), grip=_int("grip"))
    elif action == "strike":
        m.update(weapon=_value("weapon"), base_damage=_sk("base_damage"), deadliness=_sk("deadliness"),
                 check=last_check())
    return m


def build(op: str) -> dict:
    """The move of a button (``data-turn``)."""
    if op == "act":
        return action_move()
    if op == "stance":
        return {"action": "stance", "stance": _value("stance")}
    if op in ("wait_yes", "wait_no"):
        return {"action": "wait_trigger", "happened": op == "wait_yes"}
    if op == "outcome":
        return {"action": "challenge_outcome", "accepted": bool(el("l5r-turn-accepted").checked),
                "won": bool(el("l5r-turn-won").checked), "sabotaged": bool(el("l5r-turn-sabotaged").checked)}
    if op == "critical":
        if Turn.state and Turn.state.reroll and ui_l5r.Check.last_done is Turn.before_parry:
            raise TiradaError("finish the new check first", field="check", code="skirmish.reroll_first")
        return {"action": "critical", "deadliness": _sk("deadliness"), "check": last_check()}
    if op == "parry":
        return {"action": "parry", "weapon": _value("weapon")}
    if op == "damage":
        return {"action": "damage", "damage": _int("damage"), "resistance": _int("resistance"),
                "deadliness": _int("deadliness"), "take_critical": bool(el("l5r-turn-take_critical").checked)}
    return {"action": {"accept": "accept_critical"}.get(op, op)}


def move(op: str) -> None:
    """One button: a new scene, or one move on the state; a refusal shows its reason and changes nothing."""
    box = el("l5r-turn-error")
    box.hidden = True
    try:
        if op == "scene":
            Turn.state, Turn.effect = new_scene(), PlainEffect("scene")
        elif Turn.state is None:
            raise TiradaError("start the scene first", code="skirmish.no_scene")
        else:
            after = GAME.apply(Turn.state, GAME.move(build(op)), None)
            Turn.state, Turn.effect = after, effect_of(after.effects[-1])
    except TiradaError as err:
        box.textContent = f"{tr('l5r.refused')}: {refused(err, op)}"
        box.hidden = False
        ui_refusal.reveal(box)
        return
    draw()
    ui_refusal.reveal(el("l5r-turn-out"))   # the move's effect, above the steps
    effect = Turn.effect
    if isinstance(effect, DamageEffect) and effect.critical_check:   # the voluntary critical
        el("l5r-sk-deadliness").value = str(effect.deadliness)
        _set_check(effect.critical_check)
    if isinstance(effect, ParryEffect):   # the reroll: a new check, its dice made now
        Turn.before_parry = ui_l5r.Check.last_done
        _set_check(CheckAsked(effect.reroll.tn, effect.reroll.stance))
        ui_l5r.start_check()


def _set_check(asked: CheckAsked) -> None:
    """Set the roll form's TN and stance to the check a move asks for (its stance only when it has one)."""
    el("l5r-tn").value = str(asked.tn)
    if asked.stance:
        el("l5r-stance").value = asked.stance


def refused(err: TiradaError, op: str) -> str:
    """A refusal naming what is missing (issue #29): a check not made yet names the check the action
    needs (skill, TN, ring); a field names itself with its label in the box ("Objeto: es obligatorio")."""
    name = refusal.field_name(err.field)
    if err.code == "skirmish.no_check" or (err.code == "field.required" and name == "check"):
        action = "critical" if op == "critical" else _value("action")
        return tr("l5r.turn.needs_check").format(hint=hint_text(action, Turn.state, app.State.lang))
    found = app.node(document.querySelector(f"#l5r-turn-{name}, #l5r-sk-{name}")) if name else None
    label = found.labels[0].textContent.strip() if found is not None and found.labels.length else None
    return ui_refusal.text(err, label=label)


def fill_check() -> None:
    """Set the roll form's TN and stance to what the chosen action needs."""
    action, s = _value("action"), Turn.state
    if action in turn.ACTION_TN:
        el("l5r-tn").value = str(s.tn_for(turn.ACTION_TN[action]) if s else turn.ACTION_TN[action])
    if s and s.stance:
        el("l5r-stance").value = s.stance


def draw() -> None:
    """The state, the last move's words and the hint for the chosen action."""
    lang = app.State.lang
    out = el("l5r-turn-out")
    if out is None:
        return
    lines: list[str] = [] if Turn.state is None else state_lines(Turn.state, lang)
    if Turn.effect is not None:
        lines.insert(0, tr("l5r.fx.scene") if Turn.effect.action == "scene" else effect_text(Turn.effect, lang))
    out.innerHTML = "".join(f"<p>{esc(x)}</p>" for x in lines) or f"<p>{esc(tr('l5r.turn.no_scene'))}</p>"
    el("l5r-turn-hint").textContent = hint_text(_value("action"), Turn.state, lang)
    now = set(buttons_now(Turn.state))      # only the buttons (and steps) that apply now
    for button in document.querySelectorAll("#l5r-turn [data-turn]"):
        button.hidden = str(button.dataset.turn) not in now
        button.disabled = False   # the page ships the first screen's button disabled: nothing answered it before this module
    for part in document.querySelectorAll("#l5r-turn [data-needs]"):
        part.hidden = not set(str(part.dataset.needs).split()) & now


@when("click", "#l5r-turn")
def on_click(event) -> None:
    target = event.target
    button = app.node(target.closest("[data-turn]")) if hasattr(target, "closest") else None
    if button is None:
        return
    if button.dataset.turn == "fill":
        fill_check()
    else:
        move(str(button.dataset.turn))


@when("change", "#l5r-turn-action")
def on_action(event) -> None:
    for box in document.querySelectorAll("#l5r-turn [data-for]"):
        box.hidden = _value("action") not in str(box.getAttribute("data-for")).split()
    draw()


def on_lang_changed(_event: LangChanged) -> None:
    """The turn box in the new language (web/shell/page_events.py: LangChanged)."""
    draw()

draw()   # the first screen of the box: only "Empezar la escena" until a scene starts
