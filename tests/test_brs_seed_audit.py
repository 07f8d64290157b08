"""Blood Red Sands: the faults and missing rules of the audit against the seed (issue #15, brs1 part).

Every expected value comes from the seed (000_95455a330fc0ceb0.txt), quoted in Spanish in each
test. The corrections apply from setup version 2; version 1 replays exactly as before.
Rules: ../shared/rules/blood-red-sands.md §Corrections and additions (turn 2).
"""

from __future__ import annotations

import io
import json

import pytest

from helpers.brs import SEED, duel, seeded_v2
from tirada.cli import main
from tirada.errors import IllegalMove, InvalidRequest
from tirada.systems.brs import from_compact, legal_moves, replay, to_compact
from tirada.systems.brs.config import Setup
from tirada.systems.brs.contest import contest, needs_contest
from tirada.systems.brs.options import options
from tirada.systems.brs.replay import apply, new_confrontation
from tirada.systems.brs.vows import devastated_traits

N = "cunning"          # an Aspect with no effect when both players advance it
FRESH = {"nonce": "0123456789abcdef", "seq": 1, "prev": None}


def version2(setup: dict) -> Setup:
    """``setup`` (typed starting faces) as a version-2 Confrontation: the starting dice come from the
    faces, every later roll from its move's own signed nonce (built by hand: a page-made version-2
    setup draws its starting dice from a seed, which would not let a test choose the faces)."""
    return Setup.from_dict(setup).replace(version=2, seed=SEED)


def play(setup, moves):
    state, dice = new_confrontation(setup)
    for m in moves:
        state = apply(state, m, dice)
    return state


# ----- 1. Vapuleados: the battering bonus may be declined ---------------------------------------------
BATTER = dict(a_dice=[(10, N, 9), (10, N, 9)], b_dice=[(6, N, 4), (6, N, 6), (10, N, 8)])
EX_BATTER = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
             {"move": "defend", "dice": [2, 3, 4]}]    # 4 + 6 + 8 = 18 with 3 dice: Damage, all even → Battered


def test_battering_bonus_may_be_declined_in_version_2():
    """«Que jugador que inflige ese Vapuleo consigue una bonificación: **puede** sacar el dado de
    tamaño más pequeño del Cementerio para dejarlo en su propia Horda.» — "puede": a choice."""
    setup = version2(duel(**BATTER, graveyard={"dice": [4], "advantage": 0}))
    state = play(setup, EX_BATTER)
    assert state.pending[0] == ("bonus", 2, 0)                       # asked, not taken for A
    assert options(state)[0]["bonus"]["takes"] == ["none", "die"]
    state = play(setup, EX_BATTER + [{"move": "bonus", "take": "none"}])
    assert state.graveyard_dice == (4,) and state.players[0].horde == ()   # declined: the d4 stays
    state = play(setup, EX_BATTER + [{"move": "bonus", "take": "none"}, {"move": "bonus", "take": "die"}])
    assert state.graveyard_dice == () and state.players[0].horde == (4,)
    assert not state.pending and state.phase == "pick"                # the third: nothing left to take


def test_battering_bonus_version_1_still_takes_the_only_die():
    """Version 1 replays as before: with only dice in the Graveyard the smallest is taken at once."""
    setup = duel(**BATTER, graveyard={"dice": [4, 8], "advantage": 0})
    state = replay(setup, EX_BATTER)
    assert state.players[0].horde == (4, 8) and state.graveyard_dice == () and not state.pending
    with pytest.raises(IllegalMove):
        apply(state, {"move": "bonus", "take": "none"}, None)


def test_battering_bonus_with_an_empty_graveyard_asks_nothing():
    state = play(version2(duel(**BATTER)), EX_BATTER)
    assert not state.pending and state.players[0].horde == ()


# ----- 2. A Vow that can do nothing is refused --------------------------------------------------------
VOW_SETUP = dict(a_dice=[(10, N, 9), (10, N, 9)], b_dice=[(6, N, 4), (6, N, 6), (10, N, 8)],
                 b_kw={"hero": True})
ATTACKED = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]}]


def test_vow_with_no_used_or_battered_dice_is_refused_and_not_spent():
    """«Puede renovar todos sus dados Usados … Además puede renovar todos los dados Vapuleados» and
    «se podrá pronunciar cada Voto una vez por Ordalía»: with neither, the Vow would spend the
    once-per-Ordeal Vow for nothing."""
    setup = version2(duel(**VOW_SETUP))
    state = play(setup, ATTACKED)
    assert "vow" not in legal_moves(state)[1]
    with pytest.raises(IllegalMove) as info:
        apply(state, {"move": "vow", "player": 1, "vow": "faction_fails", "fresh": FRESH}, None)
    assert info.value.code == "brs.vow_nothing"
    assert state.players[1].vows == ()


def test_vow_version_1_still_accepted_with_nothing_to_renew():
    state = replay(duel(**VOW_SETUP), ATTACKED + [{"move": "vow", "player": 1, "vow": "faction_fails"}])
    assert state.players[1].vows == ("faction_fails",)


# ----- 4. "Un enemigo morirá": its conditions -----------------------------------------------------------
# A (Chronicler's side): Component 0 = dice 0–6; B (Hero): dice 7–10.
ENEMY = dict(a_dice=[(10, N, 9), (10, N, 9), (6, N, 1), (6, N, 3), (6, N, 5), (8, N, 4), (8, N, 4)],
             b_dice=[(6, N, 4), (6, N, 6), (10, N, 2), (4, N, 3)], b_kw={"hero": True})


def _enemy_moves() -> list:
    return [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [5, 6]},   # 8
            {"move": "defend", "dice": [7, 8]},                                               # 4 + 6: Block
            {"move": "pick", "attacker": 1, "target": 0}, {"move": "attack", "dice": [9, 10]},  # 2 + 3 = 5
            {"move": "defend", "dice": [2, 3, 4]},          # 1 + 3 + 5, 3 dice, all odd: 3 Devastated
            {"move": "devastate", "weakness": None}, {"move": "devastate", "weakness": None},  # lost, no Weakness
            {"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]}]   # 18: B must act


def test_enemy_will_die_vow_names_a_principal_character_with_at_most_3_devastated_traits():
    """«El Voto de que un enemigo morirá: ese personaje será el Personaje Principal de una Facción,
    y no deberá tener más de 3 Rasgos Devastados en el momento de realizarse el Voto.»"""
    setup = version2(duel(**ENEMY))
    state = play(setup, _enemy_moves())
    assert devastated_traits(state, 0) == 3 and state.players[1].vp == 3
    assert options(state)[1]["vow"]["enemies"] == [{"component": 0, "name": "A", "devastated": 3}]
    vow = {"move": "vow", "player": 1, "vow": "enemy_dies", "fresh": FRESH}
    for bad, code in (({}, "brs.vow_enemy"), ({"enemy": 1}, "brs.vow_enemy"),      # B's own Component
                      ({"enemy": 0, "crossed": 1}, "brs.vow_enemy_devastated"),      # 3 here + 1 before = 4
                      ({"enemy": 0, "crossed": -1}, "brs.vow_crossed")):
        with pytest.raises(IllegalMove) as info:
            apply(state, {**vow, **bad}, None)
        assert info.value.code == code, bad
    after = apply(state, {**vow, "enemy": 0, "crossed": 0}, None)          # exactly 3: allowed
    assert after.players[1].vows == ("enemy_dies",)
    assert {after.dice[i].row for i in (7, 8, 9, 10)} == {"available"}       # Used and Battered renewed
    assert after.current["events"][-1] == {"vow": "enemy_dies", "by": 1, "enemy": 0, "enemy_name": "A",
                                             "crossed": 0}


def test_other_vows_need_no_enemy_and_version_1_ignores_the_conditions():
    state = play(version2(duel(**ENEMY)), _enemy_moves())
    assert apply(state, {"move": "vow", "player": 1, "vow": "faction_fails", "fresh": FRESH}, None).players[1].vows
    v1 = replay(duel(**ENEMY, extra_faces=[1, 1, 1, 1]),
                _enemy_moves() + [{"move": "vow", "player": 1, "vow": "enemy_dies"}])
    assert v1.players[1].vows == ("enemy_dies",)


def test_vow_enemy_travels_in_the_link_and_old_signed_vows_keep_their_bytes():
    setup = version2(duel(**ENEMY))
    old = {"move": "vow", "player": 1, "vow": "faction_fails", "fresh": FRESH}
    new = {"move": "vow", "player": 1, "vow": "enemy_dies", "enemy": 0, "fresh": FRESH}
    compact = to_compact(setup, [old, new])
    assert len(compact[2][0]) == 5                      # as before issue #15: kind, 3 fields, signature
    assert compact[2][1][4] == 0 and isinstance(compact[2][1][-1], list)
    assert from_compact(compact)[1] == [old, new]


# ----- 3. Soul-Fused: a manual ruling at the end of the exchange ------------------------------------------
SF = dict(a_dice=[(10, N, 9), (10, N, 9)], b_dice=[(6, N, 6), (6, N, 6), (6, "soul_fused", 6)])
EX_SF = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
         {"move": "defend", "dice": [2, 3], "soul_fused": 4}]        # 6 + 6 (+6 uncounted) ≥ 18: Block


def test_soul_fused_gets_a_manual_ruling_in_version_2():
    """«excepto si se juega algún dado de Fusión de almas, que permite Avanzar ese dado sin contarlo»:
    the seed gives Soul-Fused only the uncounted die; its end-of-exchange effect is open, so the table
    rules on it like the other open Aspects."""
    setup = version2(duel(**SF))
    state = play(setup, EX_SF)
    assert state.current["outcome"] == "Block" and state.pending == (("ruling", 4, 1),)
    state = apply(state, {"move": "ruling", "action": "damage", "die": 4, "note": "regla de la mesa"}, None)
    assert state.dice[4].row == "battered" and state.phase == "pick"         # 6 is even: Battered
    assert state.exchanges[-1]["events"][0]["ruling"] == "damage"


def test_soul_fused_version_1_has_no_ruling():
    state = replay(duel(**SF), EX_SF)
    assert not state.pending and state.phase == "pick" and state.dice[4].row == "used"


# ----- 5. The Competencia when no dice are in play ---------------------------------------------------------
def test_no_component_with_dice_means_a_competencia():
    """«si no hay Componentes en escena con dados propios, no habrá lucha, y se debe recurrir a una
    Competencia contra las fuerzas indefinidas del mundo controladas por el Cronista.»"""
    armed = duel([(6, N, 1)], [(6, N, 1)])
    assert not needs_contest(armed)
    armed["players"][0]["components"][0]["committed"] = False
    assert needs_contest(armed)
    with pytest.raises(InvalidRequest) as info:                     # no Confrontation can start
        new_confrontation(armed)
    assert info.value.code == "brs.side_no_component"


def test_competencia_sums_the_two_highest_and_a_tie_goes_to_the_player_by_default():
    req = {"player": "Ilsa", "player_dice": [8, 6, 4], "world_dice": [6, 6], "faces": [7, 2, 4, 5, 6]}
    out = contest(req)
    assert out["player"]["score"] == 11 and out["world"]["score"] == 11 and out["winner"] == "player"
    assert [d["kept"] for d in out["player"]["dice"]] == [True, False, True]
    assert contest({**req, "ties": "world"})["winner"] == "world"
    assert contest({**req, "count": 1})["world"]["score"] == 6
    assert contest({**req, "count": 1})["winner"] == "player"           # 7 against 6


@pytest.mark.parametrize("change, code", [({"player_dice": []}, "brs.contest_dice"),
                                           ({"world_dice": [7]}, "brs.contest_size"),
                                           ({"faces": [1]}, "faces.too_few"),
                                           ({"ties": "reroll"}, "field.choice"),
                                           ({"bonus": 1}, "field.unknown")])
def test_competencia_refusals(change, code):
    req = {"player": "Ilsa", "player_dice": [8], "world_dice": [6], "faces": [1, 1], **change}
    with pytest.raises(InvalidRequest) as info:
        contest(req)
    assert info.value.code == code


# ----- the command line: python -m tirada brs replay FILE / brs contest JSON ---------------------------------
def _cli(argv: list, stdin: str = "") -> tuple:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_battering_bonus_declined():
    """«puede sacar el dado de tamaño más pequeño del Cementerio»: declined from the command line."""
    moves = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
             {"move": "defend", "dice": [2, 3, 4]}]
    setup = seeded_v2(duel([(4, N, 1)] * 2, [(4, N, 1)] * 3, graveyard={"dice": [6], "advantage": 0}), moves,
                    lambda state: state.pending == (("bonus", 2, 0), ("bonus", 3, 0), ("bonus", 4, 0)))
    moves = moves + [{"move": "bonus", "take": "none"}] * 3          # three Battered dice, three refusals
    code, out, _ = _cli(["brs", "replay", "-"], json.dumps({"setup": setup, "moves": moves}))
    data = json.loads(out)
    assert code == 0 and data["graveyard"]["dice"] == [6] and data["players"][0]["horde"] == []


def test_cli_vow_refusals_and_the_enemy_vow():
    """«no deberá tener más de 3 Rasgos Devastados»; a Vow with nothing to renew is refused."""
    block = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
             {"move": "defend", "dice": [2, 3]}, {"move": "pick", "attacker": 1, "target": 0}]
    setup = seeded_v2(duel([(4, N, 1)] * 2, [(10, N, 1)] * 4, b_kw={"hero": True}), block)
    vow = {"move": "vow", "player": 1, "vow": "enemy_dies", "enemy": 0, "fresh": FRESH}
    code, _, err = _cli(["brs", "replay", "-"], json.dumps({"setup": setup, "moves": block + [{**vow, "crossed": 4}]}))
    assert code == 2 and "at most 3" in err
    code, out, _ = _cli(["brs", "replay", "-"], json.dumps({"setup": setup, "moves": block + [{**vow, "crossed": 3}]}))
    assert code == 0 and json.loads(out)["players"][1]["vows"] == ["enemy_dies"]
    early = block[:2] + [{"move": "vow", "player": 1, "vow": "faction_fails", "fresh": FRESH}]
    code, _, err = _cli(["brs", "replay", "-"], json.dumps({"setup": setup, "moves": early}))
    assert code == 2 and "renew nothing" in err


def test_cli_soul_fused_ruling_is_owed():
    moves = [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
             {"move": "defend", "dice": [2, 3], "soul_fused": 4}]
    setup = seeded_v2(duel([(4, N, 1)] * 2, [(10, N, 1), (10, N, 1), (4, "soul_fused", 1)]), moves)
    code, out, _ = _cli(["brs", "replay", "-"], json.dumps({"setup": setup, "moves": moves}))
    assert code == 0 and json.loads(out)["pending"]["kind"] == "ruling"


def test_cli_contest():
    code, out, _ = _cli(["brs", "contest", json.dumps({"player": "Ilsa", "player_dice": [8, 6, 4],
                                                       "faces": [7, 2, 4, 5, 6]})])
    data = json.loads(out)
    assert code == 0 and data["winner"] == "player" and data["world"]["score"] == 11
    code, _, err = _cli(["brs", "contest", json.dumps({"player_dice": [3]})])
    assert code == 2 and "player_dice[0]" in err


# ----- a whole version-2 Confrontation: every move the bot makes is listed as legal ---------------------
@pytest.mark.parametrize("seed", [f"{k:032x}" for k in (1, 2, 3, 4)])
def test_version_2_games_list_only_playable_moves(seed):
    """With the version-2 rules (optional bonus, no empty Vow, the enemy's conditions, Soul-Fused
    rulings) whole Confrontations still run to a winner, each move listed by ``legal_moves``, each
    bonus offered with "none"."""
    from helpers.brs import actor, big_setup, bot_move
    from tirada.systems.brs.replay import new_confrontation as start
    from tirada.systems.brs.signed import play_fresh

    state, _ = start({**big_setup(seed), "version": 2, "graveyard": {"dice": [4, 6], "advantage": 1}})
    kinds = set()
    for _ in range(600):
        if state.phase == "ended" and not state.pending:
            break
        move = bot_move(state)
        assert move["move"] in legal_moves(state).get(actor(state, move), []), move
        if move["move"] == "bonus":
            assert "none" in options(state)[actor(state, move)]["bonus"]["takes"]
        state, _ = play_fresh(state, move, lambda player, nonce: {"seq": 1, "prev": None})
        kinds.add(move["move"])
    assert state.phase == "ended" and {"attack", "defend", "bonus", "ruling"} <= kinds
