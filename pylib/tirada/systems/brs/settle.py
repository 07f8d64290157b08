"""Blood Red Sands Confrontation: the end of an exchange — Devastation, clean-up, bonuses, the end.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §The fight: Rounds
and Exchanges (Battered, Devastated, Weakness instead, End of the exchange), §Yielding, §Before the
fight: the Spoils (Ordinary Spoils). See :mod:`tirada.systems.brs.aspects` for the stages; this module owns
the owed-choice queue (``state.pending``) and moves through it with :func:`progress`.

Draw order: a claimed Weakness die is rolled when the ``devastate`` choice is made (1 die).
"""

from __future__ import annotations


from ...errors import IllegalMove
from ...portable import merged
from .config import ASPECTS, RULE_ASPECTS, RULE_FIGHT, RULE_YIELD
from .state import Die, State, lift_targets, roll_die

__all__ = ["bonus", "defeat", "defeat_item", "devastate", "end_confrontation", "event", "head", "pop",
           "progress"]


def event(state: State, **event) -> State:
    """Append ``event`` to the current exchange record (no-op between exchanges)."""
    if state.current is None:
        return state
    return state.replace(current=merged(state.current, {"events": state.current["events"] + (event,)}))


def head(state: State, kind: str, move: dict) -> tuple:
    """The owed choice at the head of the queue, checked to be of ``kind``.

    Raises:
        IllegalMove: the Confrontation is over, or another choice (or none) is owed.
    """
    if state.phase == "ended" and not state.pending:
        raise IllegalMove("the Confrontation is over", field="move", rule=RULE_YIELD, code="brs.over")
    if not state.pending or state.pending[0][0] != kind:
        owed = state.pending[0][0] if state.pending else "no choice"
        raise IllegalMove(f"no {kind} choice is owed now ({owed} is)", field="move", rule=RULE_ASPECTS,
                          code="brs.choice_not_owed", params={"kind": kind, "owed": owed})
    return state.pending[0]


def pop(state: State) -> State:
    """The state with the head choice removed."""
    return state.replace(pending=state.pending[1:])


def _take_graveyard(state: State, size: int) -> State:
    dice = list(state.graveyard_dice)
    dice.remove(size)
    return state.replace(graveyard_dice=tuple(dice))


def _lose(state: State, i: int, weakness: dict | None, dice) -> State:
    """Finalise a Devastated die: lost to the Graveyard, or a Weakness instead (die to Used)."""
    d = state.dice[i]
    state = state.with_player(d.by, vp=state.players[d.by].vp + 1)
    damage = {"die": i, "result": "devastated", "by": d.by}
    if weakness is None:
        state = state.with_die(i, row="lost", mark=None, tokens=0)
        state = state.replace(graveyard_dice=tuple(sorted(state.graveyard_dice + (d.size,))),
                        graveyard_advantage=state.graveyard_advantage + d.tokens)
    else:
        state = _take_graveyard(state.with_die(i, row="used", mark=None), weakness["size"])
        entry = {"trait": weakness["trait"], "size": weakness["size"], "by": d.by}
        state = state.with_player(d.owner, weaknesses=state.players[d.owner].weaknesses + (entry,))
        damage = merged(damage, {"result": "weakness", "weakness": entry})
        if weakness.get("claim"):
            new = Die(owner=d.by, component=-1, size=weakness["size"], aspect=weakness["aspect"],
                      trait=weakness["trait"])
            state = state.replace(dice=state.dice + (new,))
            state = roll_die(state, len(state.dice) - 1, dice)
    return _damage(state, damage)


def _damage(state: State, damage: dict) -> State:
    return state.replace(current=merged(state.fight, {"damage": state.fight.get("damage", ()) + (damage,)}))


def devastate(state: State, move: dict, dice) -> State:
    """``{"move": "devastate", "weakness": null | {"size", "trait", "claim", "aspect"?}}``: the
    devastating player loses the die for its owner (Graveyard, 1 VP) or instead leaves it in Used
    and makes a Weakness: a Graveyard die of equal or smaller size, a Trait, and (``claim``) put it
    among their own Available dice now with ``aspect`` (§The fight, Weakness instead).

    Raises:
        IllegalMove: no Devastation choice owed; no such Graveyard die; missing Trait or Aspect.
    """
    _, i, _ = head(state, "devastate", move)
    w = move.get("weakness")
    if w is not None:
        size = w.get("size") if isinstance(w, dict) else None
        if size not in state.graveyard_dice or size > state.dice[i].size:
            raise IllegalMove("the Weakness die is a Graveyard die of equal or smaller size", field="weakness.size",
                              rule=RULE_FIGHT, code="brs.weakness_size")
        trait = w.get("trait")
        if not isinstance(trait, str) or not 0 < len(trait) <= 120:
            raise IllegalMove("name the Weakness Trait (1 to 120 characters)", field="weakness.trait", rule=RULE_FIGHT,
                              code="brs.weakness_trait")
        if w.get("claim") and w.get("aspect") not in ASPECTS:
            raise IllegalMove("a claimed Weakness die needs an Aspect column", field="weakness.aspect", rule=RULE_FIGHT,
                              code="brs.weakness_aspect")
        w = {"size": size, "trait": trait, "claim": bool(w.get("claim")), "aspect": w.get("aspect")}
    return progress(_lose(pop(state), i, w, dice), dice)


def _take_bonus(state: State, i: int, by: int, take: str) -> State:
    if take == "die":
        size = state.graveyard_dice[0]
        state = _take_graveyard(state, size).with_player(by, horde=state.players[by].horde + (size,))
    elif take == "advantage":
        state = state.replace(graveyard_advantage=state.graveyard_advantage - 1)
        state = state.with_player(by, advantage=state.players[by].advantage + 1)
    return event(state, bonus=take, die=i, by=by)


def bonus(state: State, move: dict, dice) -> State:
    """``{"move": "bonus", "take": "die" | "advantage" | "none"}``: for a Battered die, its
    batterer takes the smallest Graveyard die into their Horde or an Advantage token from the
    Graveyard, or declines (§The fight, Battered: "**puede** sacar el dado de tamaño más pequeño
    del Cementerio"). Version 1 asks only when both a die and a token are there (else the one there
    is taken); from setup version 2 the batterer is asked whenever the Graveyard holds either, and
    may always decline (issue #15).

    Raises:
        IllegalMove: no bonus owed; the Graveyard lacks what is asked for.
    """
    _, i, by = head(state, "bonus", move)
    take = move.get("take")
    ok = (take == "none" or (take == "die" and state.graveyard_dice)
          or (take == "advantage" and state.graveyard_advantage))
    if not ok:
        raise IllegalMove("take a Graveyard die, an Advantage token from the Graveyard, or none", field="take",
                          rule=RULE_FIGHT, code="brs.take_choice")
    return progress(pop(_take_bonus(state, i, by, str(take))), dice)


def defeat_item(state: State, victim: int, by: int | None) -> tuple:
    """The owed choice of a "Derrotado por X" Weakness die: X (``by``, default the opposing
    Leader) picks its size from the Graveyard (§Yielding, §Spoils)."""
    if by is None:
        by = state.leaders[1 - state.side_of(victim)]
    return ("defeat", victim, by)


def defeat(state: State, move: dict, dice) -> State:
    """``{"move": "defeat", "size": s}``: the winner (or last attacker) picks the Graveyard die of
    the Weakness "Derrotado por X"; the die leaves the Graveyard [decision] (§Yielding, §Spoils).

    Raises:
        IllegalMove: no such choice owed; no die of that size in the Graveyard.
    """
    _, victim, by = head(state, "defeat", move)
    size = move.get("size")
    if size not in state.graveyard_dice:
        raise IllegalMove("pick a die size present in the Graveyard", field="size", rule=RULE_YIELD,
                          code="brs.graveyard_size")
    return progress(pop(_defeat(state, victim, by, size)), dice)


def _defeat(state: State, victim: int, by: int, size: int | None) -> State:
    if size is not None:
        state = _take_graveyard(state, size)
    entry = {"trait": f"Derrotado por {state.setup.players[by].name}", "size": size, "by": by}
    return state.with_player(victim, weaknesses=state.players[victim].weaknesses + (entry,))


def _auto(state: State, dice) -> State | None:
    """Resolve the head choice when it has at most one answer; ``None`` when the player must choose."""
    kind, subject, chooser = state.pending[0]
    if kind == "strength" and not [i for i in state.dice_of(chooser, "available") if state.dice[i].mark is None]:
        return pop(event(state, aspect="strength", source=subject, die=None))
    if kind == "endurance" and not lift_targets(state, chooser):
        return pop(event(state, aspect="endurance", source=subject, die=None))
    if kind == "devastate" and not state.graveyard_has_upto(state.dice[subject].size):
        return _lose(pop(state), subject, None, dice)
    if kind == "bonus":
        has_die, has_token = bool(state.graveyard_dice), state.graveyard_advantage > 0
        if state.setup.version >= 2:    # the bonus is optional: ask whenever there is something to take
            return None if has_die or has_token else pop(_take_bonus(state, subject, chooser, "none"))
        if not (has_die and has_token):
            return pop(_take_bonus(state, subject, chooser, "die" if has_die else "advantage" if has_token else "none"))
    if kind == "defeat" and len(set(state.graveyard_dice)) <= 1:
        size = state.graveyard_dice[0] if state.graveyard_dice else None
        return pop(_defeat(state, subject, chooser, size))
    return None


def progress(state: State, dice) -> State:
    """Take every choice that has one answer and move through the resolution stages until a
    player must choose, then return. Finishes the exchange when nothing is owed."""
    while True:
        if state.pending:
            nxt = _auto(state, dice)
            if nxt is None:
                return state
            state = nxt
        elif state.phase != "resolve":
            return state
        elif state.stage == "aspects":
            marked = tuple(("devastate", i, d.by) for i, d in enumerate(state.dice) if d.mark == "devastated")
            state = state.replace(stage="devastation", pending=marked)
        elif state.stage == "devastation":
            state = _cleanup(state)
        else:
            return _finish_exchange(state, dice)


def _cleanup(state: State) -> State:
    """Battered dice leave the board (tokens locked); other advanced dice go to Used except a
    Reversal's kept die (§The fight, End of the exchange)."""
    cur, items, reversal = state.fight, [], None
    kept = cur["defence"][0] if cur["outcome"] == "Reversal" else None
    for i, d in enumerate(state.dice):
        if d.mark == "battered":
            locked = state.players[d.owner].locked + d.tokens
            state = state.with_player(d.owner, locked=locked).with_die(i, row="battered", mark=None, tokens=0)
            state = _damage(state, {"die": i, "result": "battered", "by": d.by})
            items.append(("bonus", i, d.by))
        elif d.row == "advanced" and not d.kept:
            if i == kept and state.players[d.owner].active:
                state = state.with_die(i, kept=True)
                reversal = (state.target, state.attacker, i)
            else:
                state = state.with_die(i, row="used")
    return state.replace(stage="bonus", pending=tuple(items), reversal=reversal)


def _finish_exchange(state: State, dice) -> State:
    record = merged(state.fight, {"damage": state.fight.get("damage", ())})
    state = state.replace(exchanges=state.exchanges + (record,), current=None, stage=None,
                    attacker=None, target=None)
    if state.loser is not None:
        return end_confrontation(state, dice)
    # the target may Yield now; so may those whose Leader yielded during this exchange
    window = tuple(sorted(set(state.yield_window) | ({record["target"]} if state.players[record["target"]].active
                                                     else set())))
    if state.exchange == 1:
        return state.replace(phase="pick", exchange=2, yield_window=window)
    return state.replace(phase="pick", exchange=1, round=state.round + 1, yield_window=window,
                   reinforce_open=not state.setup.ordinary_spoils)


def end_confrontation(state: State, dice) -> State:
    """The losing side has Yielded: the Confrontation ends. Under Ordinary Spoils the loser (its
    original Leader if the Leader changed) owes the Weakness "Derrotado por (winner)" whose die the
    winner picks from the Graveyard (§Spoils, §Yielding)."""
    state = state.replace(phase="ended", yield_window=(), reinforce_open=False, reversal=None, current=None,
                    attacker=None, target=None, stage=None)
    if state.setup.ordinary_spoils:
        side = state.loser
        if side is None:
            raise IllegalMove("the Confrontation ends only when a side has Yielded", field="move",
                              rule="blood-red-sands.md §Yielding", code="brs.not_ended")
        victim = state.spoils_bearer[side] if state.spoils_bearer[side] is not None else state.leaders[side]
        state = state.replace(pending=state.pending + (defeat_item(state, victim, state.leaders[1 - side]),))
    return progress(state, dice)
