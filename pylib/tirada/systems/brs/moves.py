"""Blood Red Sands Confrontation: the moves players make between exchanges and while advancing.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §The fight: Rounds
and Exchanges, §Getting more dice, §Yielding. Each function is ``(state, move, dice) -> State``;
it checks the move first and raises :class:`~tirada.errors.IllegalMove` (``rule`` = the section
that forbids it) before drawing any die, so a refused move changes nothing.
The choices made while an exchange resolves live in :mod:`tirada.systems.brs.aspects`; the checks
shared by both (a valid die, no pending choice, Overwhelmed, …) in :mod:`tirada.systems.brs.checks`.

Draw order: ``advantage`` 1 die; ``renew`` the player's Used dice in die order; ``vow`` the Hero's
Used and Battered dice in die order; ``reinforce`` the Components' dice in the order listed, Traits
in order.
"""

from __future__ import annotations


from ...errors import IllegalMove
from ...portable import merged
from .aspects import start_resolution
from .config import RULE_FIGHT, RULE_MORE, RULE_PIECES, RULE_YIELD, VOWS
from .checks import (can_advance_two, check_die, check_no_pending, check_soul_fused, move_note, overwhelmed,
                     renewal_allowed)
from .orders import ordered_attacker
from .settle import defeat_item, end_confrontation, event, progress
from .state import State, roll_die
from .vows import check_vow, seed_audit_rules, vow_targets

__all__ = ["advantage", "attack", "can_advance_two", "check_die", "check_no_pending", "check_soul_fused",
           "overwhelmed", "pick", "reinforce", "renew", "renewal_allowed", "vow", "yield_"]


def _player(state: State, move: dict, field: str = "player") -> int:
    p = move.get(field)
    if type(p) is not int or not 0 <= p < len(state.players):
        raise IllegalMove(f"there is no player {str(p)[:20]}", field=field, rule=RULE_FIGHT,
                          code="brs.no_player", params={"player": str(p)[:20]})
    return p


def pick(state: State, move: dict, dice) -> State:
    """``{"move": "pick", "attacker": p, "target": q}``: the attacking side's Leader picks the
    attacker, who names a target on the other side (§The fight, Attack); a Reversal obliges both
    (§Outcome 1 Reversal); so does the Leader's standing ``pick`` order
    (:func:`tirada.systems.brs.orders.ordered_attacker`). Closes the Yield and Reinforce windows.

    Raises:
        IllegalMove: not the pick phase; attacker not an active player of the attacking side;
        target not an active player of the other side; the Reversal obligation ignored; another
        attacker than the Leader's standing order names (``brs.pick_order``).
    """
    check_no_pending(state)
    if state.phase != "pick":
        raise IllegalMove("an attacker is already picked for this exchange", field="move", rule=RULE_FIGHT,
                          code="brs.attacker_picked")
    a, t = _player(state, move, "attacker"), _player(state, move, "target")
    side = state.attacking_side
    if a not in state.active_players(side):
        raise IllegalMove(f"{state.setup.players[a].name} is not an active player of the attacking side",
                          field="attacker", rule=RULE_FIGHT,
                          code="brs.attacker_inactive", params={"name": state.setup.players[a].name})
    if t not in state.active_players(1 - side):
        raise IllegalMove("players never attack their own side; pick an active player of the other side",
                          field="target", rule=RULE_PIECES, code="brs.target_own_side")
    ordered = ordered_attacker(state)
    if ordered is not None and a != ordered:    # the Leader decided in advance (docs/brs-pace.md)
        leader = state.setup.players[state.leaders[side]].name
        raise IllegalMove(f"{leader}'s standing order picks {state.setup.players[ordered].name} to attack",
                          field="attacker", rule="brs-pace.md §Standing orders", code="brs.pick_order",
                          params={"leader": leader, "name": state.setup.players[ordered].name})
    if state.reversal is not None:
        r_player, r_target, _ = state.reversal
        if a != r_player:
            raise IllegalMove(f"after a Reversal the Leader must pick {state.setup.players[r_player].name}",
                              field="attacker", rule=RULE_FIGHT,
                              code="brs.reversal_attacker", params={"name": state.setup.players[r_player].name})
        if t != r_target:
            raise IllegalMove(f"after a Reversal the attacker must target {state.setup.players[r_target].name}",
                              field="target", rule=RULE_FIGHT,
                              code="brs.reversal_target", params={"name": state.setup.players[r_target].name})
    current = {"round": state.round, "exchange": state.exchange, "attacker": a, "target": t,
               "attack": (), "soul_fused_attack": None, "score": None, "defence": (),
               "soul_fused_defence": None, "outcome": None, "cancelled": None, "events": (), "faces": ()}
    return state.replace(phase="attack", attacker=a, target=t, yield_window=(), reinforce_open=False,
                   current=current)


def attack(state: State, move: dict, dice) -> State:
    """``{"move": "attack", "dice": [a, b], "soul_fused": c?}``: the attacker advances exactly 2
    Available dice (a Reversal's kept die must be one of them) and optionally one Soul-Fused die
    that adds to the Attack Score but is not counted (§The fight, Attack).

    Raises:
        IllegalMove: not the attack phase; not exactly 2 distinct dice of the attacker in
        Available; the kept die left out; a bad Soul-Fused die.
    """
    check_no_pending(state)
    if state.phase != "attack":
        raise IllegalMove("it is not the moment to advance attack dice", field="move", rule=RULE_FIGHT,
                          code="brs.not_attack_time")
    chosen = move.get("dice")
    if not isinstance(chosen, list) or len(chosen) != 2 or len(set(map(str, chosen))) != 2:
        raise IllegalMove("an attack advances exactly 2 different dice", field="dice", rule=RULE_FIGHT,
                          code="brs.attack_two_dice")
    chosen = [check_die(state, d, f"dice[{k}]") for k, d in enumerate(chosen)]
    kept = state.reversal[2] if state.reversal else None
    for k, i in enumerate(chosen):
        d = state.dice[i]
        if d.owner != state.attacker or not (d.row == "available" or i == kept):
            raise IllegalMove("attack with your own Available dice", field=f"dice[{k}]", rule=RULE_FIGHT,
                              code="brs.attack_own_dice")
    if kept is not None and kept not in chosen:
        raise IllegalMove("after a Reversal you must attack with the kept die plus one other", field="dice",
                          rule=RULE_FIGHT, code="brs.reversal_kept_die")
    sf = check_soul_fused(state, move, state.fight_attacker, chosen)
    advanced = chosen + ([sf] if sf is not None else [])
    for i in advanced:
        state = state.with_die(i, row="advanced", kept=False)
    score = sum(state.dice[i].face for i in advanced)
    state = state.with_player(state.fight_target, last_attacker=state.attacker)
    faces = tuple((i, state.dice[i].face) for i in advanced)
    current = merged(state.fight, {"attack": tuple(chosen), "soul_fused_attack": sf, "score": score, "faces": faces})
    return state.replace(phase="defence", reversal=None, current=current)


def advantage(state: State, move: dict, dice) -> State:
    """``{"move": "advantage", "die": d}``: the die's owner spends an Advantage token to reroll
    one of their Available dice, at any time; the token stays on the die (§Getting more dice).

    Raises:
        IllegalMove: the Confrontation is over; the die is not Available; its owner has Yielded
        or has no token in hand.
    """
    if state.phase == "ended":
        raise IllegalMove("the Confrontation is over", field="move", rule=RULE_YIELD, code="brs.over")
    i = check_die(state, move.get("die"))
    d = state.dice[i]
    if d.row != "available" or d.mark is not None or not state.players[d.owner].active:
        raise IllegalMove("only an undamaged Available die can be rerolled with Advantage", field="die",
                          rule=RULE_MORE, code="brs.advantage_die")
    if state.players[d.owner].advantage < 1:
        raise IllegalMove(f"{state.setup.players[d.owner].name} has no Advantage token", field="die", rule=RULE_MORE,
                          code="brs.no_advantage", params={"name": state.setup.players[d.owner].name})
    state = state.with_player(d.owner, advantage=state.players[d.owner].advantage - 1)
    state = roll_die(state, i, dice)
    return state.with_die(i, tokens=d.tokens + 1)


def _advancing_player(state: State, move: dict) -> int:
    check_no_pending(state)
    if state.phase not in ("attack", "defence"):
        raise IllegalMove("only the player about to advance dice may do this", field="move", rule=RULE_MORE,
                          code="brs.not_your_turn")
    p = state.fight_attacker if state.phase == "attack" else state.fight_target
    if move.get("player", p) != p:
        raise IllegalMove(f"only {state.setup.players[p].name}, about to advance dice, may do this now",
                          field="player", rule=RULE_MORE,
                          code="brs.only_player", params={"name": state.setup.players[p].name})
    return p


def _reroll_used(state: State, indices: list, dice, player: int) -> State:
    returned = 0
    for i in indices:
        if state.dice[i].row == "used":
            returned += state.dice[i].tokens
        state = roll_die(state, i, dice)
        state = state.with_die(i, tokens=0 if state.dice[i].row == "available" else state.dice[i].tokens)
    return state.with_player(player, advantage=state.players[player].advantage + returned)


def renew(state: State, move: dict, dice) -> State:
    """``{"move": "renew", "player": p?}``: at your turn to advance, reroll all your Used dice into
    Available; their Advantage tokens return to your hand; the side spends a Renewal
    (§Getting more dice).

    Raises:
        IllegalMove: not your turn to advance; your side may not take the next Renewal (the
        order, the limit of 3, or Ordinary Spoils); you have no Used die [decision].
    """
    p = _advancing_player(state, move)
    side = state.side_of(p)
    if not renewal_allowed(state, side):
        raise IllegalMove("your side may not take the next Renewal", field="move", rule=RULE_MORE,
                          code="brs.renewal_side")
    used = [i for i in state.dice_of(p, "used") if state.dice[i].mark is None]
    if not used:
        raise IllegalMove("you have no Used dice to renew", field="move", rule=RULE_MORE, code="brs.renewal_none")
    state = _reroll_used(state, used, dice, p)
    return state.replace(renewals=state.renewals + (side,))


def vow(state: State, move: dict, dice) -> State:
    """``{"move": "vow", "player": p?, "vow": kind, "note": text?, "enemy": c?, "crossed": n?}``: a
    Hero about to advance dice makes a Vow (each kind once per Ordeal): all their Used and Battered
    dice are rerolled into Available without spending a Renewal (§Getting more dice, Hero's Vows).
    Tokens on Used dice return to the hand; tokens locked on Battered dice stay locked [decision].
    From setup version 2 a Vow that renews nothing is refused, and "an enemy will die" names its
    enemy (``enemy``, ``crossed``: see :mod:`tirada.systems.brs.vows`).

    Raises:
        IllegalMove: not your turn to advance; not a Hero; unknown or already made Vow; (version 2)
        :func:`tirada.systems.brs.vows.check_vow`.
        InvalidRequest: (version 2) a note too long (:func:`tirada.systems.brs.checks.move_note`).
    """
    p = _advancing_player(state, move)
    kind = move.get("vow")
    if kind not in VOWS:
        raise IllegalMove(f"a Vow is one of {', '.join(VOWS)}", field="vow", rule=RULE_MORE,
                          code="brs.vow_unknown", params={"choices": ', '.join(VOWS)})
    if not state.setup.players[p].hero:
        raise IllegalMove("only a Hero can make a Vow", field="move", rule=RULE_MORE, code="brs.vow_hero")
    if kind in state.players[p].vows:
        raise IllegalMove("each Vow can be made once per Ordeal", field="vow", rule=RULE_MORE, code="brs.vow_once")
    check_vow(state, p, kind, move)
    move_note(state, move)      # the Vow's note stays in its move; version 2 refuses one too long
    state = _reroll_used(state, vow_targets(state, p), dice, p)
    if seed_audit_rules(state):
        extra = {"enemy": move["enemy"], "enemy_name": state.setup.components[move["enemy"]].name,
                 "crossed": move.get("crossed", 0)} if kind == "enemy_dies" else {}
        state = event(state, vow=kind, by=p, **extra)
    return state.with_player(p, vows=state.players[p].vows + (kind,))


def reinforce(state: State, move: dict, dice) -> State:
    """``{"move": "reinforce", "player": p, "components": [c, …]}``: after a Round, a player
    commits uncommitted Components of theirs; their dice are rolled into Available
    (§Getting more dice, Reinforce; [decision] any player, any number). Never under Ordinary
    Spoils.

    Raises:
        IllegalMove: Ordinary Spoils; not right after a Round; the player has Yielded; a
        Component not theirs or already committed.
    """
    check_no_pending(state)
    p = _player(state, move)
    if state.setup.ordinary_spoils:
        raise IllegalMove("nobody Reinforces when fighting for the Ordinary Spoils", field="move", rule=RULE_MORE,
                          code="brs.reinforce_spoils")
    if not state.reinforce_open:
        raise IllegalMove("Reinforcing is allowed only after a Round ends", field="move", rule=RULE_MORE,
                          code="brs.reinforce_round")
    if not state.players[p].active:
        raise IllegalMove("a player who has Yielded cannot Reinforce", field="player", rule=RULE_YIELD,
                          code="brs.reinforce_yielded")
    comps = move.get("components")
    if not isinstance(comps, list) or not comps or len(set(map(str, comps))) != len(comps):
        raise IllegalMove("list the Components to commit", field="components", rule=RULE_MORE,
                          code="brs.reinforce_none")
    for k, c in enumerate(comps):
        ok = type(c) is int and 0 <= c < len(state.setup.components) and state.setup.components[c].owner == p
        if not ok or any(d.component == c and d.row != "sheet" for d in state.dice) or \
                any(d.component == c and d.face is not None for d in state.dice):
            raise IllegalMove("commit only your own Components not yet committed", field=f"components[{k}]",
                              rule=RULE_MORE, code="brs.reinforce_components")
    for c in comps:
        for i, d in enumerate(state.dice):
            if d.component == c:
                state = roll_die(state, i, dice)
    return state


def yield_(state: State, move: dict, dice) -> State:
    """``{"move": "yield", "player": p, "new_leader": q?, "note": text?}`` (§Yielding).

    Allowed: after an exchange in which ``p`` was attacked, or right after their Leader yielded
    (the Yield window); by the target when Overwhelmed (then all their remaining dice are damaged
    by parity and their Aspects do not apply, §The fight); by an attacker who cannot advance 2
    dice ([decision]). A Leader naming ``new_leader`` leaves without the side losing (and bears
    the Spoils if it later loses); a Leader naming nobody yields the side. A support player leaves
    with the Weakness "Derrotado por X" (X = last player who attacked them).

    Raises:
        IllegalMove: outside those moments; ``new_leader`` given by a support player, or not an
        active player of the same side.
        InvalidRequest: (version 2) a note too long (:func:`tirada.systems.brs.checks.move_note`;
        version 1 keeps its first 200 characters as it always did).
    """
    check_no_pending(state)
    p = _player(state, move)
    side = state.side_of(p)
    overwhelmed_yield = state.phase == "defence" and p == state.target and overwhelmed(state)
    attacker_stuck = state.phase == "attack" and p == state.attacker and not can_advance_two(state, p)
    if not state.players[p].active or not (p in state.yield_window and state.phase == "pick"
                                           or overwhelmed_yield or attacker_stuck):
        raise IllegalMove("you may Yield only after an exchange in which you were attacked, right after "
                          "your Leader yields, or when Overwhelmed; never right after you attack",
                          field="move", rule=RULE_YIELD, code="brs.yield_when")
    new_leader = move.get("new_leader")
    is_leader = state.leaders[side] == p
    if new_leader is not None:
        if not is_leader:
            raise IllegalMove("only a Leader names a new Leader", field="new_leader", rule=RULE_YIELD,
                              code="brs.leader_only")
        if type(new_leader) is not int or new_leader == p or new_leader not in state.active_players(side):
            raise IllegalMove("the new Leader must be another active player of your side", field="new_leader",
                              rule=RULE_YIELD, code="brs.leader_new")
    record = {"player": p, "new_leader": new_leader, "round": state.round, "exchange": state.exchange,
              "overwhelmed": overwhelmed_yield, "note": move_note(state, move)}
    state = state.with_player(p, active=False)
    if overwhelmed_yield:
        for i in state.dice_of(p, "available", "used", "advanced"):
            face = state.dice[i].face
            state = state.with_die(i, mark="battered" if face % 2 == 0 else "devastated", by=state.attacker)
    for i in state.dice_of(p, "available", "used", "advanced"):
        if state.dice[i].mark is None:
            state = state.with_die(i, row="sheet", kept=False)
    if state.reversal and p in state.reversal[:2]:
        kept = state.reversal[2]
        if state.dice[kept].row == "advanced":
            state = state.with_die(kept, row="used", kept=False)
        state = state.replace(reversal=None)
    window = tuple(x for x in state.yield_window if x != p)
    if is_leader and new_leader is not None:
        bearer = list(state.spoils_bearer)
        bearer[side] = bearer[side] if bearer[side] is not None else p
        leaders = list(state.leaders)
        leaders[side] = new_leader
        window = tuple(sorted(set(window) | set(state.active_players(side))))
        state = state.replace(leaders=tuple(leaders), spoils_bearer=tuple(bearer))
    elif not is_leader:
        by = state.players[p].last_attacker
        state = state.replace(pending=state.pending + (defeat_item(state, p, by),))
    state = state.replace(yield_window=window, yields=state.yields + (record,))
    if is_leader and new_leader is None:
        state = state.replace(loser=side)
    if overwhelmed_yield:
        return start_resolution(state, dice, overwhelmed=True)
    if attacker_stuck and not (is_leader and new_leader is None):
        state = state.replace(phase="pick", attacker=None, target=None, current=None)
    if state.loser is not None:
        return end_confrontation(state, dice)
    return progress(state, dice)
