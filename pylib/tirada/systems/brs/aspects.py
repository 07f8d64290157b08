"""Blood Red Sands Confrontation: the defence, the outcome and the end of the exchange.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §The fight: Rounds
and Exchanges (Outcome, Battered, Devastated, Weakness instead, End of the exchange) and §Aspects,
in column order.

After the defence the exchange resolves in stages, each owing choices (``state.pending``, head
first, ``(kind, subject, chooser)``); a choice with only one possible answer is taken at once:

1. ``aspects``: one item per Aspect die that has an effect, column by column left to right; in a
   column the attacker's dice first, then the defender's, in the order advanced [decision].
   ``strength`` (the opposing player damages one of their own Available dice), ``endurance``
   (the owner lifts one of their dice one step), ``ruling`` (manual ruling for the Aspects whose
   effect the seed leaves open). Cunning acts by cancelling. Soul-Fused: in version 1 no effect at
   the end of the exchange; from setup version 2 a ``ruling`` like the other open Aspects (the seed
   gives it only the uncounted extra die; issue #15).
2. ``devastation``: each die marked Devastated, in die order: ``devastate`` (lost, or a Weakness
   instead; asked only when the Graveyard holds a die of equal or smaller size).
3. clean-up (Battered dice out, other advanced dice to Used, a Reversal's die kept), then
   ``bonus``: per Battered die, in die order, its batterer takes the smallest Graveyard die into
   their Horde or an Advantage token from the Graveyard [decision: asked only when both exist;
   Devastated dice of this exchange are already in the Graveyard].
"""

from __future__ import annotations


from ...errors import IllegalMove
from ...portable import merged
from .config import ASPECTS, MANUAL_ASPECTS, RULE_ASPECTS, RULE_FIGHT, SORCERY_ASPECTS
from .checks import check_die, check_no_pending, check_soul_fused, move_note, overwhelmed
from .settle import bonus, defeat, devastate, event, head, pop, progress
from .state import State, lift_targets

__all__ = ["CHOICES", "RULINGS", "defend", "endurance", "outcome_for", "parity_mark", "ruling",
           "start_resolution", "strength"]


def outcome_for(counted: int) -> str:
    """Outcome by the number of counted defence dice: 1 → ``"Reversal"``, 2 → ``"Block"``,
    3+ → ``"Damage"`` (§The fight, Outcome)."""
    return "Reversal" if counted == 1 else "Block" if counted == 2 else "Damage"


def parity_mark(face: int) -> str:
    """Damage by parity: even → ``"battered"``, odd → ``"devastated"`` (§The fight, Outcome 3+)."""
    return "battered" if face % 2 == 0 else "devastated"


def defend(state: State, move: dict, dice) -> State:
    """``{"move": "defend", "dice": [d, …], "soul_fused": s?}``: the target advances Available
    dice whose sum (plus one optional uncounted Soul-Fused die) reaches the Attack Score
    (§The fight, Defence). With 3+ counted dice every die used is marked by parity.

    Raises:
        IllegalMove: not the defence phase; no counted die; a die not the target's Available die
        or repeated; the sum below the Attack Score (Overwhelmed: get dice or Yield).
    """
    check_no_pending(state)
    if state.phase != "defence":
        raise IllegalMove("it is not the moment to defend", field="move", rule=RULE_FIGHT,
                          code="brs.not_defence_time")
    chosen = move.get("dice")
    if not isinstance(chosen, list) or not chosen or len(set(map(str, chosen))) != len(chosen):
        raise IllegalMove("advance at least one die, each once", field="dice", rule=RULE_FIGHT,
                          code="brs.defence_dice")
    chosen = [check_die(state, d, f"dice[{k}]") for k, d in enumerate(chosen)]
    for k, i in enumerate(chosen):
        d = state.dice[i]
        if d.owner != state.target or d.row != "available":
            raise IllegalMove("defend with your own Available dice", field=f"dice[{k}]", rule=RULE_FIGHT,
                              code="brs.defend_own_dice")
    sf = check_soul_fused(state, move, state.fight_target, chosen)
    used = chosen + ([sf] if sf is not None else [])
    total, score = sum(state.dice[i].face for i in used), state.fight["score"]
    if total < score:
        hint = " (Overwhelmed: use Advantage, Renew, a Vow, or Yield)" if overwhelmed(state) else ""
        raise IllegalMove(f"the defence sums {total}, below the Attack Score {score}{hint}", field="dice",
                          rule=RULE_FIGHT, code="brs.defence_too_low", params={"total": total, "score": score})
    outcome = outcome_for(len(chosen))
    for i in used:
        mark = parity_mark(state.dice[i].face) if outcome == "Damage" else None
        state = state.with_die(i, row="advanced", mark=mark, by=state.attacker if mark else None)
    faces = state.fight["faces"] + tuple((i, state.dice[i].face) for i in used)
    current = merged(state.fight, {"defence": tuple(chosen), "soul_fused_defence": sf, "outcome": outcome,
                                   "faces": faces})
    return start_resolution(state.replace(current=current), dice)


def start_resolution(state: State, dice, overwhelmed: bool = False) -> State:
    """Compute Cunning and queue the Aspect choices of the exchange (§Aspects, in column order).

    Cunning: if exactly one of the two players advanced a Cunning die, every Aspect of the other
    except the Sorcery ones has no effect. When the defender Yielded Overwhelmed, their Aspects do
    not apply (§The fight, Overwhelmed).
    """
    cur = state.fight
    att = list(cur["attack"]) + ([cur["soul_fused_attack"]] if cur["soul_fused_attack"] is not None else [])
    dfn = [] if overwhelmed else list(cur["defence"]) + (
        [cur["soul_fused_defence"]] if cur["soul_fused_defence"] is not None else [])
    cunning = [any(state.dice[i].aspect == "cunning" for i in group) for group in (att, dfn)]
    cancelled = None
    if cunning[0] != cunning[1]:
        cancelled = state.target if cunning[0] else state.attacker
    opponent = {state.attacker: state.target, state.target: state.attacker}
    items = []
    for aspect in ASPECTS:
        for i in att + dfn:
            d = state.dice[i]
            if d.aspect != aspect or (d.owner == cancelled and aspect not in SORCERY_ASPECTS):
                continue
            if aspect == "strength":
                items.append(("strength", i, opponent[d.owner]))
            elif aspect == "endurance":
                items.append(("endurance", i, d.owner))
            elif aspect in MANUAL_ASPECTS or (aspect == "soul_fused" and state.setup.version >= 2):
                items.append(("ruling", i, d.owner))   # Soul-Fused: a ruling from setup version 2 (#15)
    outcome = "Overwhelmed" if overwhelmed else cur["outcome"]
    state = state.replace(phase="resolve", stage="aspects", pending=state.pending + tuple(items),
                    current=merged(cur, {"outcome": outcome, "cancelled": cancelled}))
    return progress(state, dice)


def strength(state: State, move: dict, dice) -> State:
    """``{"move": "strength", "die": d}``: for a Strength die, its opponent damages one of their
    own undamaged Available dice, by parity (§Aspects 5).

    Raises:
        IllegalMove: no Strength choice owed; ``d`` not an undamaged Available die of the chooser.
    """
    _, source, chooser = head(state, "strength", move)
    i = check_die(state, move.get("die"))
    d = state.dice[i]
    if d.owner != chooser or d.row != "available" or d.mark is not None:
        raise IllegalMove("Strength damages one of your own undamaged Available dice", field="die", rule=RULE_ASPECTS,
                          code="brs.strength_die")
    by = state.dice[source].owner
    state = state.with_die(i, mark=parity_mark(d.face), by=by)
    state = event(state, aspect="strength", source=source, die=i, mark=parity_mark(d.face))
    return progress(pop(state), dice)


def _lift(state: State, i: int) -> State:
    d = state.dice[i]
    if d.mark == "devastated":
        return state.with_die(i, mark="battered")
    if d.mark == "battered" or d.row == "battered":
        return state.with_die(i, mark=None, by=None, row="used")
    return state.with_die(i, row="available")


def endurance(state: State, move: dict, dice) -> State:
    """``{"move": "endurance", "die": d}``: the owner of an Endurance die lifts one of their dice
    one step (see :func:`lift_targets`) (§Aspects 6).

    Raises:
        IllegalMove: no Endurance choice owed; ``d`` not one of the owner's liftable dice.
    """
    _, source, chooser = head(state, "endurance", move)
    i = check_die(state, move.get("die"))
    if i not in lift_targets(state, chooser):
        raise IllegalMove("Endurance lifts one of your Devastated, Battered or Used dice", field="die",
                          rule=RULE_ASPECTS, code="brs.endurance_die")
    before = state.dice[i].mark or state.dice[i].row
    state = _lift(state, i)
    after = state.dice[i].mark or state.dice[i].row
    state = event(state, aspect="endurance", source=source, die=i, lifted=f"{before}->{after}")
    return progress(pop(state), dice)


RULINGS = ("none", "up", "down", "damage", "available")


def ruling(state: State, move: dict, dice) -> State:
    """``{"move": "ruling", "action": a, "die": d?, "note": text?}``: the table's manual ruling for
    an Aspect whose effect the seed leaves open ([decision], §Aspects): ``none``; ``up`` (one step
    as Endurance); ``down`` (Available → Used → Battered → Devastated); ``damage`` (by parity);
    ``available`` (back to Available). ``d`` must belong to the attacker or the target; damage is
    credited to the other of the two.

    Raises:
        IllegalMove: no ruling owed; unknown action; a die outside the exchange's two players or
        in a row the action cannot change.
        InvalidRequest: (version 2) a note too long (:func:`tirada.systems.brs.checks.move_note`;
        version 1 keeps its first 200 characters as it always did).
    """
    _, source, _ = head(state, "ruling", move)
    action = move.get("action")
    if action not in RULINGS:
        raise IllegalMove(f"a ruling is one of {', '.join(RULINGS)}", field="action", rule=RULE_ASPECTS,
                          code="brs.ruling_unknown", params={"choices": ', '.join(RULINGS)})
    note = move_note(state, move)
    if action != "none":
        i = check_die(state, move.get("die"))
        d = state.dice[i]
        if d.owner not in (state.attacker, state.target) or d.row in ("sheet", "lost"):
            raise IllegalMove("a ruling acts on a die of the attacker or the target on the board", field="die",
                              rule=RULE_ASPECTS, code="brs.ruling_die")
        by = state.target if d.owner == state.attacker else state.attacker
        if action == "up" and i in lift_targets(state, d.owner):
            state = _lift(state, i)
        elif action == "down" and d.mark != "devastated" and not (d.row == "battered" and d.mark is None):
            if d.mark == "battered":
                state = state.with_die(i, mark="devastated")
            elif d.row == "used":
                state = state.with_die(i, mark="battered", by=by)
            elif d.row == "available":
                state = state.with_die(i, row="used")
            else:
                state = state.with_die(i, mark="battered", by=by)
        elif action == "damage" and d.mark is None and d.row in ("available", "used", "advanced"):
            state = state.with_die(i, mark=parity_mark(d.face), by=by)
        elif action == "available" and (d.mark is not None or d.row in ("battered", "used")):
            state = state.with_die(i, mark=None, by=None, row="available")
        else:
            raise IllegalMove(f"the die cannot be moved that way ({action})", field="die", rule=RULE_ASPECTS,
                              code="brs.ruling_move", params={"action": str(action)[:30]})
        state = event(state, aspect=state.dice[source].aspect, source=source, ruling=action, die=i, note=note)
    else:
        state = event(state, aspect=state.dice[source].aspect, source=source, ruling="none", note=note)
    return progress(pop(state), dice)


#: move kind → function for the choices made while an exchange resolves.
CHOICES = {"defend": defend, "strength": strength, "endurance": endurance, "ruling": ruling,
           "devastate": devastate, "bonus": bonus, "defeat": defeat}
