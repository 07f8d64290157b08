"""Blood Red Sands test helpers: setup builders, a refusal check and a rule-following test player.

Shared by tests/test_brs_*.py, tests/test_web_brs.py and the browser test tests/e2e/test_brs.py.
The bot is never a source of truth: every move it proposes goes through the engine, which must
list it as legal. Rules: blood-red-sands.md (seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

import pytest

from tirada.errors import IllegalMove, InvalidRequest
from tirada.systems.brs import legal_moves
from tirada.systems.brs.defence import defences_for
from tirada.systems.brs.moves import can_advance_two, overwhelmed, renewal_allowed
from tirada.systems.brs.orders import ordered_attacker
from tirada.systems.brs.replay import apply, new_confrontation, replay

__all__ = ["SEED", "actor", "big_setup", "bot_move", "duel", "play_out", "player", "refused", "seeded_v2", "trait"]

SEED = "00112233445566778899aabbccddeeff"


# ----- builders ---------------------------------------------------------------------------------
def trait(die: int, aspect: str, name: str = "") -> dict:
    """A Trait object."""
    return {"trait": name or f"{aspect} d{die}", "die": die, "aspect": aspect}


def player(name: str, side: int, dice: list, hero: bool = False, advantage: int = 0, leader: bool = False,
           vows: list = ()) -> dict:
    """A player whose one (committed) Component holds ``dice`` = [(size, aspect), …]."""
    comps = [{"name": name, "committed": True, "traits": [trait(s, a) for s, a in dice]}]
    return {"name": name, "side": side, "hero": hero, "leader": leader, "advantage": advantage,
            "vows": list(vows), "components": comps}


def duel(a_dice: list, b_dice: list, extra_faces: list = (), a_kw: dict | None = None,
         b_kw: dict | None = None, **setup_kw) -> dict:
    """Setup: A (Chronicler's side, player 0) against B (player 1); dice given as
    ``[(size, aspect, face)]``; die indices are A's dice first, then B's, in order. ``faces`` =
    the starting faces then ``extra_faces`` (later rerolls)."""
    faces = [f for _, _, f in a_dice] + [f for _, _, f in b_dice] + list(extra_faces)
    return {"version": 1, "faces": faces,
            "players": [player("A", 0, [(s, a) for s, a, _ in a_dice], **(a_kw or {})),
                        player("B", 1, [(s, a) for s, a, _ in b_dice], **(b_kw or {}))],
            **setup_kw}


def refused(setup: dict, moves: list, bad: dict, rule_part: str) -> IllegalMove:
    """Replay ``moves``, then check ``bad`` is refused with a rule naming ``rule_part`` and that
    the state is unchanged."""
    state, dice = new_confrontation(setup)
    for m in moves:
        state = apply(state, m, dice)
    before = state
    with pytest.raises(IllegalMove) as info:
        apply(state, bad, dice)
    assert rule_part in (info.value.rule or ""), info.value
    assert state == before
    return info.value


def seeded_v2(setup: dict, moves: list, ok=lambda state: True) -> dict:
    """``setup`` as a version-2 Confrontation on the first seed (in a fixed order) whose starting dice
    let ``moves`` be played and give a state where ``ok(state)``: a page-made (version-2) setup draws
    its starting dice from its seed, so a test that needs given dice searches for such a seed."""
    for k in range(2000):
        candidate = {**setup, "version": 2, "seed": f"{k:032x}"}
        candidate.pop("faces", None)
        try:
            if ok(replay(candidate, moves)):
                return candidate
        except (IllegalMove, InvalidRequest):
            continue
    raise AssertionError("no seed found")  # pragma: no cover


# ----- a rule-following player (never a source of truth: every move goes through the engine) ----
def bot_move(state, gentle: bool = False, vow_first: bool = False) -> dict:
    """A plausible legal move for whoever must act (prefers the smallest defence).

    ``gentle``: attack with the two lowest available dice instead of the two highest, so a
    defender is rarely Overwhelmed and the Confrontation lasts several exchanges (the browser test
    plays three exchanges on a seed the page makes).
    ``vow_first``: a stuck fighter who may both renew and vow vows (a test that must see a vow's
    screen: renewing first, about 1 game in 25 of the seed's example ends without a vow).
    """
    if state.pending:
        kind, subject, chooser = state.pending[0]
        if kind == "strength":
            options = [i for i in state.dice_of(chooser, "available") if state.dice[i].mark is None]
            return {"move": "strength", "die": min(options, key=lambda i: (state.dice[i].face % 2, state.dice[i].face))}
        if kind == "endurance":
            from tirada.systems.brs.state import lift_targets
            options = lift_targets(state, chooser)
            rank = {"devastated": 0, "battered": 1}
            return {"move": "endurance",
                    "die": min(options, key=lambda i: rank.get(state.dice[i].mark or state.dice[i].row, 2))}
        if kind == "ruling":
            return {"move": "ruling", "action": "none", "note": "no house rule"}
        if kind == "devastate":
            return {"move": "devastate", "weakness": None}
        if kind == "bonus":
            return {"move": "bonus", "take": "die" if state.graveyard_dice else "advantage"}
        return {"move": "defeat", "size": state.graveyard_dice[0]}
    if state.phase == "pick":
        side = state.attacking_side
        if state.reversal:
            return {"move": "pick", "attacker": state.reversal[0], "target": state.reversal[1]}
        ordered = ordered_attacker(state)     # the Leader's standing order binds the pick
        attackers = state.active_players(side) if ordered is None else [ordered]
        a = max(attackers, key=lambda p: len(state.dice_of(p, "available")))
        return {"move": "pick", "attacker": a, "target": state.active_players(1 - side)[0]}
    p = state.attacker if state.phase == "attack" else state.target
    stuck = not can_advance_two(state, p) if state.phase == "attack" else overwhelmed(state)
    if stuck:
        renew = renewal_allowed(state, state.side_of(p)) and state.dice_of(p, "used")
        if renew and not (vow_first and "vow" in legal_moves(state).get(p, [])):
            return {"move": "renew", "player": p}
        if "vow" in legal_moves(state).get(p, []):
            from tirada.systems.brs.config import VOWS
            from tirada.systems.brs.vows import enemy_candidates, seed_audit_rules
            kind = next(v for v in VOWS if v not in state.players[p].vows)
            vow = {"move": "vow", "player": p, "vow": kind}
            enemies = [c["component"] for c in enemy_candidates(state, p) if c["devastated"] <= 3]
            if kind == "enemy_dies" and seed_audit_rules(state) and enemies:
                vow["enemy"] = enemies[0]
            if kind != "enemy_dies" or "enemy" in vow or not seed_audit_rules(state):
                return vow
        new = [q for q in state.active_players(state.side_of(p)) if q != p]
        move = {"move": "yield", "player": p}
        if new and state.leaders[state.side_of(p)] == p:
            move["new_leader"] = new[0]
        return move
    if state.phase == "attack":
        kept = [state.reversal[2]] if state.reversal else []
        sign = 1 if gentle else -1
        avail = sorted(state.dice_of(p, "available"), key=lambda i: sign * state.dice[i].face)
        return {"move": "attack", "dice": (kept + avail)[:2]}
    best = defences_for(state, limit=1)["defences"][0]
    move = {"move": "defend", "dice": best["dice"]}
    if best["soul_fused"] is not None:
        move["soul_fused"] = best["soul_fused"]
    return move


def play_out(setup: dict, max_moves: int = 600, reinforce: bool = True, exchanges: int = 10_000) -> list:
    """Moves of a whole Confrontation played by :func:`bot_move` (reinforcing when allowed), or of
    its first ``exchanges`` exchanges."""
    state, dice = new_confrontation(setup)
    log = []
    while (state.phase != "ended" or state.pending) and len(state.exchanges) < exchanges:
        assert len(log) < max_moves, "the Confrontation did not end"
        legal = legal_moves(state)
        move = None
        if reinforce and state.reinforce_open and not state.pending:
            for p, kinds in legal.items():
                if "reinforce" in kinds:
                    comps = sorted({d.component for d in state.dice if d.owner == p and d.row == "sheet"
                                    and d.face is None and d.component >= 0})
                    move = {"move": "reinforce", "player": p, "components": comps}
                    break
        move = move or bot_move(state)
        assert move["move"] in legal.get(actor(state, move), []), (move, legal)
        state = apply(state, move, dice)
        log.append(move)
    return log


def actor(state, move: dict) -> int:
    """The player who makes ``move`` now (the pending chooser, the side leader for a pick or the
    attacker the Leader's standing order names, …)."""
    kind = move["move"]
    if "player" in move:
        return move["player"]
    if state.pending:
        return state.pending[0][2]
    if kind == "pick":
        ordered = ordered_attacker(state)
        return state.leaders[state.attacking_side] if ordered is None else ordered
    return state.attacker if state.phase == "attack" else state.target


def big_setup(seed: str = SEED, traits: int = 5) -> dict:
    """Two sides of three Components (``traits`` Traits each); the third of each joins by
    Reinforcing."""
    aspects = ("strength", "endurance", "cunning", "sorcery", "soul_fused", "fortaleza")
    sizes = (4, 6, 8, 10)

    def comps(tag: str, k0: int) -> list:
        return [{"name": f"{tag} {c + 1}", "committed": c < 2,
                 "traits": [trait(sizes[(k0 + c + t) % 4], aspects[(k0 + 2 * c + t) % 6], f"{tag} rasgo {c}{t}")
                            for t in range(traits)]} for c in range(3)]

    return {"version": 1, "seed": seed, "sides": ["Cronista", "Jugadora"],
            "players": [{"name": "Cronista", "side": 0, "advantage": 2, "components": comps("Horda", 0)},
                        {"name": "Ilsa", "side": 1, "hero": True, "advantage": 2, "components": comps("Ilsa", 1)}],
            "spoils": ["La caravana arde", "Ilsa recupera el ídolo"], "stipulations": ["Sin magia en el templo"]}
