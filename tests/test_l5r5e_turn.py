"""L5R 5e skirmish turn (tirada.systems.l5r.turn): each expected value comes from seed 002's text,
quoted in Spanish in the test; edge cases and refusals by code."""

import pytest

from tirada.dice import FixedFaces
from tirada.errors import IllegalMove, InvalidRequest
from tirada.systems.l5r.check import roll
from tirada.systems.l5r.turn import apply, new_state, replay, wound_tn


def chk(faces, ring, skill, tn, keep, stance):
    """A finished check's numbers, as a move takes them (rolled by the real check)."""
    r = roll({"ring": ring, "skill": skill, "tn": tn, "keep": keep, "stance": stance}, FixedFaces(faces))
    return {**{k: r[k] for k in ("success", "bonus_successes", "opportunities", "tn", "stance")},
            "strife": r["strife_change"]}


def go(state, *moves):
    effects = []
    for m in moves:
        out = apply(state, m)
        state = out["state"]
        effects.append(out["effect"])
    return state, effects


def refused(state, move, code):
    with pytest.raises(IllegalMove) as err:
        apply(state, move)
    assert err.value.code == code
    return err.value


ARMED = {"weapons": [{"name": "katana", "ready": True}], "void_ring": 2, "void_points": 1}


# ------------------------------------------------------------------------------ Challenge
def test_challenge_command_tn1_range_0_to_5_stake_10_honor_5_glory():
    """Seed: "Puedes hacer una tirada de Mando, contra un NO de 1, como una acción de maquinación, para
    lanzar un desafío de combate formal a un personaje situado a alcance 0 - 5. Debes arriesgar 10
    puntos de Honor y 5 de Gloria [...] Si tienes éxito en la tirada, el objetivo deberá decidir si
    acepta o declina." """
    s = new_state({"honor": 50, "glory": 20, "stance": "fire"})
    ok = chk([5, 1], 2, 0, 1, [0], "fire")
    s2, (eff,) = go(s, {"action": "challenge", "range": 5, "check": ok})
    assert eff["issued"] and eff["target_decides"] and eff["stake"] == {"honor": 10, "glory": 5}
    assert s2["challenge"] == "pending"
    refused(s, {"action": "challenge", "range": 6, "check": ok}, "skirmish.challenge_range")
    refused(new_state({"honor": 9, "glory": 20, "stance": "fire"}), {"action": "challenge", "range": 1, "check": ok},
            "skirmish.challenge_stake")
    failed = chk([1, 3], 2, 0, 1, [1], "fire")
    s3, (eff,) = go(s, {"action": "challenge", "range": 2, "check": failed})
    assert not eff["issued"] and s3["challenge"] is None
    refused(s3, {"action": "challenge_outcome", "accepted": True, "won": True}, "skirmish.no_challenge")


def test_challenge_consequences_three_strife_and_the_stake_setting():
    """Seed: "Si vences en el choque, cada uno de los aliados del objetivo que participen en la
    escaramuza sufre tres puntos de conflicto. Si pierdes en el choque, cada uno de tus aliados sufre
    tres puntos de conflicto." and "los perderás si saboteaste el choque" (setting challenge_stake)."""
    base = {"honor": 50, "glory": 20, "stance": "fire"}
    ok = chk([5], 1, 0, 1, [0], "fire")
    s, _ = go(new_state(base), {"action": "challenge", "range": 0, "check": ok})
    won = apply(s, {"action": "challenge_outcome", "accepted": True, "won": True})
    assert won["effect"]["strife_each"] == 3 and won["effect"]["strife_to"] == "target_allies"
    assert won["state"]["honor"] == 50
    lost = apply(s, {"action": "challenge_outcome", "accepted": True, "won": False})
    assert lost["effect"]["strife_to"] == "your_allies" and lost["effect"]["honor_lost"] == 0   # not sabotaged
    sab = apply(s, {"action": "challenge_outcome", "accepted": True, "won": False, "sabotaged": True})
    assert (sab["state"]["honor"], sab["state"]["glory"]) == (40, 15)
    declined = apply(s, {"action": "challenge_outcome", "accepted": False})["effect"]   # [decision]: seed silent
    assert (declined["strife_each"], declined["honor_lost"]) == (0, 0)
    s_def, _ = go(new_state({**base, "settings": {"challenge_stake": "defeat"}}),
                  {"action": "challenge", "range": 0, "check": ok})
    assert apply(s_def, {"action": "challenge_outcome", "accepted": True, "won": False})["state"]["honor"] == 40


# ------------------------------------------------------------------------------- Maneuver
@pytest.mark.parametrize("faces, keep, bands", [
    (None, None, 1),                      # "Efecto: Mueve un intervalo de alcance."
    ([1, 3], [1], 1),                     # a failed check: the effect above
    ([5, 5], [0, 1], 2),                  # success +0: "dos intervalos de alcance en vez de uno"
    ([5, 5, 5], [0, 1, 2], 2),            # +1 bonus: not yet two
    ([5, 5, 5, 5], [0, 1, 2, 3], 3),      # +2 bonus: "más otro intervalo de alcance por cada dos éxitos adicionales"
])
def test_maneuver_bands(faces, keep, bands):
    """Seed, Maniobrar: "Mueve un intervalo de alcance. Si has tenido éxito en la tirada, en lugar del
    efecto anterior, puedes mover dos intervalos de alcance en vez de uno, más otro intervalo de alcance
    por cada dos éxitos adicionales." (Aptitud física, NO 2)"""
    move = {"action": "maneuver"}
    if faces:
        move["check"] = chk(faces, len(faces), 0, 2, keep, "air")
    assert apply(new_state({"stance": "air"}), move)["effect"]["range_bands"] == bands


# ---------------------------------------------------------------------------------- Guard
def test_guard_tactics_tn1_raises_attack_tn_by_1_plus_1_per_2_bonus():
    """Seed, Proteger: "Haz una tirada de Estrategia, contra un NO de 1, como una acción de apoyo,
    usando un arma preparada. [...] Incrementa en 1 el NO de las tiradas de ataque contra el objetivo
    protegido, más otro punto por cada dos éxitos adicionales." ... "hasta el comienzo de tu próximo
    turno" """
    s = new_state({**ARMED, "stance": "earth"})
    three = chk([5, 5, 5], 3, 0, 1, [0, 1, 2], "earth")     # 3 successes vs TN 1: 2 bonus
    s2, (eff,) = go(s, {"action": "guard", "target": "Kaoru", "weapon": "katana", "check": three})
    assert eff["guarding"] == {"target": "Kaoru", "tn_bonus": 2}
    one = chk([5], 1, 0, 1, [0], "earth")
    assert apply(s, {"action": "guard", "weapon": "katana", "check": one})["effect"]["guarding"] == \
        {"target": "self", "tn_bonus": 1}
    assert go(s2, {"action": "stance", "stance": "earth"})[0]["guarding"] is None   # next turn: ends
    refused(new_state({"stance": "earth"}), {"action": "guard", "weapon": "katana", "check": one},
            "skirmish.no_ready_weapon")


# ----------------------------------------------------------------------- Wait / Prepare item
def test_wait_declares_a_non_movement_action_then_acts_or_acts_otherwise():
    """Seed, Esperar: "puedes declarar una acción que no sea de movimiento, que llevarás a cabo cuando
    ocurra un suceso específico [...] Si el suceso especificado no se produce este asalto de combate, al
    final de dicho asalto puedes llevar a cabo una acción que no sea esperar." """
    s = new_state({**ARMED, "stance": "fire"})
    refused(s, {"action": "wait", "declared": "maneuver"}, "skirmish.wait_action")
    waiting, _ = go(s, {"action": "wait", "declared": "strike", "trigger": "the shinobi moves"})
    assert waiting["waiting"] == {"declared": "strike", "trigger": "the shinobi moves"}
    happened, (eff,) = go(waiting, {"action": "wait_trigger", "happened": True})
    # "Sigues teniendo que utilizar el anillo correspondiente a tu actitud."
    assert eff == {"action": "wait_trigger", "may_act": "strike", "ring": "fire"}
    refused(happened, {"action": "prepare", "item": "yumi"}, "skirmish.wait_declared")
    hit = chk([5, 5, 5], 3, 0, 2, [0, 1, 2], "fire")
    assert apply(happened, {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5,
                            "check": hit})["effect"]["damage"] == 5
    not_yet, _ = go(waiting, {"action": "wait_trigger", "happened": False})
    refused(not_yet, {"action": "wait", "declared": "strike"}, "skirmish.wait_again")
    assert apply(not_yet, {"action": "prepare", "item": "yumi"})["effect"]["item"] == "yumi"
    refused(s, {"action": "wait_trigger", "happened": True}, "skirmish.no_wait")


def test_nana_water_stance_prepare_then_strike_in_one_turn():
    """Seed: "la actitud de agua le permite beneficiarse de poder realizar una acción adicional para la
    que no haga falta tiradas" and "decide desenvainar el arma (acción de apoyo "preparar"), y como acción
    principal decide "golpear"" (Preparar objeto: "prepara un arma empuñándola con el agarre que
    prefieras (una mano o dos manos)")."""
    s, effects = go(new_state(), {"action": "stance", "stance": "water"},
                    {"action": "prepare", "item": "katana", "grip": 2})
    assert effects[0]["extra_action_without_check"] is True
    assert s["weapons"] == [{"name": "katana", "ready": True, "grip": 2, "damaged": False}]
    hit = chk([5, 5], 2, 0, 2, [0, 1], "water")
    s, _ = go(s, {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5, "check": hit})
    refused(s, {"action": "assist"}, "skirmish.no_action_left")          # two actions: the turn is spent
    # in any other stance, one action a turn
    fire, _ = go(new_state(), {"action": "stance", "stance": "fire"}, {"action": "prepare", "item": "katana"})
    refused(fire, {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5,
                   "check": {**hit, "stance": "fire"}}, "skirmish.no_action_left")
    # in Water, two actions that both need a check are refused
    two, _ = go(new_state({**ARMED}), {"action": "stance", "stance": "water"},
                {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5, "check": hit})
    refused(two, {"action": "guard", "weapon": "katana", "check": {**hit, "tn": 1}}, "skirmish.water_extra_check")


def test_checks_use_the_stance_ring_and_no_turn_without_a_stance():
    """Seed: "El personaje debe usar para la tirada el anillo asociado a su actitud." """
    s = new_state({**ARMED, "stance": "air"})
    bad = chk([5], 1, 0, 2, [0], "fire")
    refused(s, {"action": "maneuver", "check": bad}, "skirmish.stance_ring")
    refused(new_state(), {"action": "prepare", "item": "katana"}, "skirmish.no_stance")


# -------------------------------------------------------------------- Critical injuries
def test_matsu_kaoru_light_wound_air_raises_air_tn_by_1():
    """Seed: "Matsu Kaoru recibe un impacto crítico de letalidad 5 [...] consigue obtener dos éxitos,
    disminuyendo la letalidad del ataque a 3. Matsu Kaoru recibe una herida leve asociada a su anillo
    de aire, lo que hace que todas las tiradas realizadas con dicho anillo incrementen su NO en 1." """
    s = new_state({"stance": "air"})
    two = chk([5, 3, 8], 2, 1, 1, [0, 2], "air")
    s, (crit, hurt) = go(s, {"action": "critical", "deadliness": 5, "check": two}, {"action": "accept_critical"})
    assert crit["severity"] == 3 and hurt["light_wound"] == "air"
    assert s["light_wounds"] == ["air"]
    assert wound_tn(s, 2) == 3                                       # Air checks: NO + 1
    assert wound_tn({**s, "stance": "fire"}, 2) == 2                 # other rings: unchanged
    # a Maneuver in Air now needs TN 3: the TN 2 check is refused
    refused(s, {"action": "maneuver", "check": chk([5, 5], 2, 0, 2, [0, 1], "air")}, "skirmish.tn")
    assert apply(s, {"action": "maneuver", "check": chk([5, 5, 5], 3, 0, 3, [0, 1, 2], "air")})["effect"] == \
        {"action": "maneuver", "range_bands": 2, "strife_gained": 0}


def test_critical_above_the_light_wound_setting_is_not_a_light_wound_and_incapacitated_falls_unconscious():
    """Seed: the light wound is the example at severity 3 (setting light_wound_max); "si sufre un impacto
    crítico, adquirirá el estado Inconsciente" while Incapacitado."""
    fail = chk([1], 1, 0, 1, [0], "earth")
    s, (_, hurt) = go(new_state({"stance": "earth", "fatigue": 9, "endurance": 8}),
                      {"action": "critical", "deadliness": 6, "check": fail}, {"action": "accept_critical"})
    assert (hurt["severity"], hurt["light_wound"], hurt["unconscious"]) == (6, None, True)
    assert s["light_wounds"] == [] and s["unconscious"]


# ------------------------------------------------------------------------------- Damage
def test_damage_matsu_kaoru_shuriken_2_resistance_1_is_1_fatigue_or_a_void_point_for_a_critical():
    """Seed, DAÑO: "si tras aplicar la reducción por armadura u otros efectos dicho daño no llega a 0,
    dicho personaje deberá defenderse contra él (para ello, deberá acumular una cantidad de Fatiga igual
    al daño restante)"; "Los shuriken hacen daño 2, y como Matsu Kaoru va ataviada con ropa normal, sólo
    puede reducir el daño en 1 punto. No estando Incapacitada, y no deseando gastar un Punto de Vacío, la
    bushi se defiende del ataque, recibiendo un punto de Fatiga."; "un personaje que no esté
    Incapacitado puede gastar un punto de Vacío para sufrir voluntariamente un impacto crítico en lugar
    defenderse." """
    kaoru = new_state({"stance": "air", "void_ring": 2, "void_points": 1, "fatigue": 0, "endurance": 8})
    s, (eff,) = go(kaoru, {"action": "damage", "damage": 2, "resistance": 1, "deadliness": 3})
    assert (eff["fatigue_gained"], s["fatigue"], s["void_points"]) == (1, 1, 1)
    assert not s["incapacitated"] and not s["unconscious"] and eff["critical_severity"] is None
    s, (eff,) = go(kaoru, {"action": "damage", "damage": 2, "resistance": 1, "deadliness": 3, "take_critical": True})
    assert (s["fatigue"], s["void_points"], eff["critical_severity"]) == (0, 0, 3)
    assert eff["critical_check"] == {"tn": 1, "stance": "air"}      # then the ``critical`` move (Aptitud física)
    assert s["pending_critical"] is None and not s["unconscious"]
    refused(s, {"action": "damage", "damage": 2, "resistance": 1, "deadliness": 3, "take_critical": True},
            "skirmish.damage_void")
    # "Si en cualquier momento los puntos de Fatiga superan el Aguante [...] adquiere el estado Incapacitado"
    s, _ = go(new_state({"stance": "air", "fatigue": 7, "endurance": 8}), {"action": "damage", "damage": 3})
    assert (s["fatigue"], s["incapacitated"], s["unconscious"]) == (10, True, False)
    s, _ = go(s, {"action": "adjust", "fatigue": -2})
    assert not s["incapacitated"]                                       # derived, never stale


def test_damage_to_an_incapacitated_character_is_a_critical_of_the_deadliness_and_unconscious():
    """Seed, Incapacitado: "Un personaje Incapacitado no puede efectuar acciones que requieran tiradas,
    ni podrá defenderse contra el daño. Además, si sufre un impacto crítico, adquirirá el estado
    Inconsciente"; DAÑO: "Si no puede defenderse [...] el personaje sufrirá un impacto crítico con una
    gravedad que dependerá de la fuente del daño (el valor de letalidad en el caso de la mayoría de la
    armas)." """
    s = new_state({"stance": "earth", "void_points": 1, "fatigue": 9, "endurance": 8, "weapons": ARMED["weapons"]})
    assert s["incapacitated"]
    with pytest.raises(InvalidRequest) as err:                          # "no podrá defenderse": no choice
        apply(s, {"action": "damage", "damage": 2, "deadliness": 5, "take_critical": True})
    assert err.value.code == "skirmish.incapacitated_void"
    s, (eff,) = go(s, {"action": "damage", "damage": 2, "resistance": 1, "deadliness": 5})
    assert (eff["critical_severity"], eff["unconscious"], eff["critical_check"]) == (5, True, None)
    assert s["unconscious"] and s["fatigue"] == 9 and s["pending_critical"] == {"deadliness": 5, "severity": 5}
    # an Unconscious character takes no action and makes no check
    for move in ({"action": "stance", "stance": "fire"}, {"action": "recover"},
                 {"action": "critical", "deadliness": 5, "check": chk([1], 1, 0, 1, [0], "earth")},
                 {"action": "parry", "weapon": "katana"}, {"action": "unmask"}):
        assert refused(s, move, "skirmish.unconscious").params == {"action": move["action"]}
    refused(s, {"action": "damage", "damage": 1, "deadliness": 2}, "skirmish.critical_pending")
    s, (hurt,) = go(s, {"action": "accept_critical"})                   # the critical still lands
    assert (hurt["severity"], hurt["light_wound"], hurt["unconscious"]) == (5, None, True)
    s, _ = go(s, {"action": "end_scene"})
    assert s["unconscious"]
    with pytest.raises(InvalidRequest) as err:                          # the critical needs the deadliness
        apply(new_state({"fatigue": 9, "endurance": 8}), {"action": "damage", "damage": 2})
    assert err.value.field == "deadliness"


# -------------------------------------------------------------------- Destructive parry
def test_destructive_parry_void_point_weapon_damaged_reroll_once_per_scene():
    """Seed: "Parada destructiva: Cuando un personaje intente sobrevivir a un impacto crítico, puede
    gastar un punto de Vacío para interceptar el ataque con su arma. Esto le permite volver a tirar los
    dados, pero el arma adquiere la cualidad "Dañada"." and "una vez por escena*, podéis gastar un
    Punto de Vacío, para hacer una parada destructiva" """
    s = new_state({**ARMED, "stance": "air"})
    fail = chk([1, 3], 2, 0, 1, [0], "air")
    s, (crit,) = go(s, {"action": "critical", "deadliness": 5, "check": fail})
    assert crit["severity"] == 5
    s, (parry,) = go(s, {"action": "parry", "weapon": "katana"})
    assert parry["void_points"] == 0 and parry["damaged"] and parry["reroll"] == {"deadliness": 5, "tn": 1,
                                                                                  "stance": "air"}
    assert s["weapons"][0]["damaged"] and s["pending_critical"] is None
    refused(s, {"action": "accept_critical"}, "skirmish.no_critical")   # the reroll comes first
    refused(s, {"action": "critical", "deadliness": 4, "check": fail}, "skirmish.reroll_deadliness")
    two = chk([5, 5], 2, 0, 1, [0, 1], "air")                 # the new check, rolled after the decision
    s, (again, hurt) = go(s, {"action": "critical", "deadliness": 5, "check": two}, {"action": "accept_critical"})
    assert again["severity"] == 3 and hurt["light_wound"] == "air"
    # once per scene (even with a Void point back); the light wound in Air makes this check TN 2
    fail2 = {**fail, "tn": 2}
    s, _ = go(s, {"action": "adjust", "void_points": 1}, {"action": "critical", "deadliness": 5, "check": fail2})
    refused(s, {"action": "parry", "weapon": "katana"}, "skirmish.parry_used")
    s2, _ = go(s, {"action": "accept_critical"}, {"action": "end_scene"},
               {"action": "critical", "deadliness": 5, "check": fail2})
    assert apply(s2, {"action": "parry", "weapon": "katana"})["effect"]["void_points"] == 0
    # setting: no once-per-scene limit (the PUNTOS DE VACÍO paragraph names none)
    free = new_state({**ARMED, "void_points": 2, "parried": True, "stance": "air",
                      "settings": {"parry_limit": "unlimited"}})
    free, _ = go(free, {"action": "critical", "deadliness": 5, "check": fail})
    assert apply(free, {"action": "parry", "weapon": "katana"})["effect"]["void_points"] == 1


def test_destructive_parry_refusals_no_void_point_no_weapon_no_critical():
    fail = chk([1], 1, 0, 1, [0], "air")
    s, _ = go(new_state({**ARMED, "void_points": 0, "stance": "air"}),
              {"action": "critical", "deadliness": 5, "check": fail})
    refused(s, {"action": "parry", "weapon": "katana"}, "skirmish.no_void_point")
    s, _ = go(new_state({"void_points": 1, "stance": "air"}), {"action": "critical", "deadliness": 5, "check": fail})
    refused(s, {"action": "parry", "weapon": "katana"}, "skirmish.no_ready_weapon")
    refused(new_state({**ARMED, "stance": "air"}), {"action": "parry", "weapon": "katana"}, "skirmish.no_critical")


# -------------------------------------------------------------------------- Unmasking
def test_unmasking_once_per_scene_while_compromised_discards_all_strife():
    """Seed: "Una vez por escena, cuando un personaje se encuentre comprometido, su jugador podrá decidir
    que el personaje se quite la máscara [...] descarta todos los puntos de conflicto que haya
    acumulado." """
    s = new_state({"strife": 9, "composure": 8})
    s, (eff,) = go(s, {"action": "unmask"})
    assert eff["strife_discarded"] == 9 and s["strife"] == 0
    s, _ = go(s, {"action": "adjust", "strife": 10})
    refused(s, {"action": "unmask"}, "skirmish.unmasked")
    refused(new_state({"strife": 8, "composure": 8}), {"action": "unmask"}, "skirmish.not_compromised")
    assert go(s, {"action": "end_scene"}, {"action": "unmask"})[0]["strife"] == 0


# ------------------------------------------------------------------ state and the CLI fold
def test_state_refusals_and_replay_names_the_move():
    with pytest.raises(InvalidRequest):
        new_state({"void_ring": 2, "void_points": 3})          # "un número máximo igual al valor de su anillo"
    with pytest.raises(InvalidRequest):
        new_state({"settings": {"parry_limit": "twice"}})
    with pytest.raises(IllegalMove) as err:
        replay({"character": {"stance": "air"}, "moves": [{"action": "unmask"}]})
    assert err.value.field.startswith("moves[0]")
    with pytest.raises(IllegalMove) as err:
        apply(new_state({"void_points": 0}), {"action": "adjust", "void_points": -1})
    assert err.value.code == "skirmish.below_zero"
    s = new_state({"stance": "air", "fatigue": 9, "endurance": 8})
    with pytest.raises(IllegalMove) as err:
        apply(s, {"action": "maneuver", "check": chk([5, 5], 2, 0, 2, [0, 1], "air")})
    assert err.value.code == "l5r.incapacitated"   # "no puede efectuar acciones que requieran tiradas"
    out = replay({"character": {"strife": 5, "composure": 8, "stance": "water"}, "moves": [{"action": "recover"}]})
    assert out["state"]["strife"] == 4 and out["effects"] == [{"action": "recover", "strife": 4, "fatigue": 0}]


def test_command_line_rolls_the_check_then_folds_the_moves():
    """``python -m tirada roll`` makes the critical check; ``python -m tirada skirmish`` folds the moves
    (Matsu Kaoru: letalidad 5, dos éxitos → gravedad 3, herida leve de aire)."""
    import io
    import json

    from tirada.cli import main

    def run(argv):
        out, err = io.StringIO(), io.StringIO()
        return main(argv, stdin=io.StringIO(""), stdout=out, stderr=err), out.getvalue(), err.getvalue()

    code, out, _ = run(["roll", json.dumps({"system": "l5r5e", "ring": 2, "skill": 1, "tn": 1, "stance": "air",
                                            "keep": [0, 2], "faces": [5, 3, 8]})])
    r = json.loads(out)
    check = {k: r[k] for k in ("success", "bonus_successes", "tn", "stance")}
    code, out, err = run(["skirmish", json.dumps({"character": {"stance": "air"}, "moves": [
        {"action": "critical", "deadliness": 5, "check": check}, {"action": "accept_critical"}]})])
    assert code == 0 and err == ""
    assert json.loads(out)["effects"][1]["severity"] == 3 and json.loads(out)["state"]["light_wounds"] == ["air"]
    code, _, err = run(["skirmish", json.dumps({"moves": [{"action": "unmask"}]})])
    assert code == 2 and err.startswith("error: moves[0]")


def test_a_state_passed_back_in_is_checked_and_round_trips():
    s, _ = go(new_state({**ARMED, "stance": "fire"}), {"action": "wait", "declared": "strike"})
    assert new_state(s) == s                                   # the CLI / page give the state back
    for bad in ({"actions": "x"}, {"actions": [{"action": "dance"}]}, {"waiting": [1]},
                {"pending_critical": {"deadliness": 0, "severity": 1}}, {"granted": "fly"}):
        with pytest.raises(InvalidRequest):
            new_state(bad)


def test_stance_regrips_a_readied_weapon_and_drops_items():
    """Seed: "Al asumir una actitud, el personaje puede cambiar el agarre de un arma que ya tuviese
    preparada (de una mano a dos manos, y viceversa), y también puede dejar caer cualquier numero de
    objetos. Preparar un arma nueva requiere el uso de una acción." """
    s = new_state({"weapons": [{"name": "katana", "ready": True}, {"name": "yumi", "ready": True}]})
    s, _ = go(s, {"action": "stance", "stance": "earth", "regrip": {"katana": 2}, "drop": ["yumi"]})
    assert s["weapons"] == [{"name": "katana", "ready": True, "grip": 2, "damaged": False}]
    assert s["actions"] == []                                   # no action spent
    refused(s, {"action": "stance", "stance": "earth", "regrip": {"yumi": 2}}, "skirmish.no_ready_weapon")
    with pytest.raises(InvalidRequest):
        apply(s, {"action": "stance", "stance": "earth", "drop": "yumi"})


JUNK = [None, 0, -1, 3, 200, "", "air", "katana", True, [], ["x"], {}, {"katana": 3}, 2.5]
KEYS = ["action", "stance", "range", "check", "weapon", "declared", "happened", "item", "grip", "deadliness",
        "regrip", "drop", "accepted", "won", "void_points", "strife", "target", "base_damage", "damage",
        "resistance", "take_critical", "fatigue"]


def test_any_move_is_applied_or_refused_with_a_code_never_a_crash():
    from hypothesis import given, settings, strategies as st

    from tirada.errors import TiradaError
    from tirada.systems.l5r.turn import MOVES

    good_check = {"success": True, "bonus_successes": 0, "tn": 1, "stance": "air"}
    named = [{**good_check, "id": "check-1"}, {**good_check, "id": 7}, {**good_check, "id": "x" * 65}]
    moves = st.fixed_dictionaries({"action": st.sampled_from(sorted(MOVES))},
                                  optional={k: st.sampled_from(JUNK + [good_check] + named) for k in KEYS[1:]})

    @settings(max_examples=120, deadline=None)
    @given(st.lists(moves, max_size=6))
    def run(seq):
        state = new_state({**ARMED, "stance": "air", "honor": 20, "glory": 10})
        for m in seq:
            try:
                state = apply(state, m)["state"]
            except TiradaError as err:
                assert err.code and "." in err.code
            assert new_state(state) == state

    run()


# ------------------------------------------------------------------ strife from the check (issue #29)
def test_the_strife_a_check_keeps_is_suffered_by_the_move_that_takes_it():
    """Seed 002: the strife symbols kept on a check are strife the character suffers; the skirmish box
    showed "Conflicto 0/8" after a strike that kept 2 strife (issue #29)."""
    two = chk([4, 4], 2, 0, 2, [0, 1], "fire")          # two kept success+strife dice: 2 strife
    assert two["strife"] == 2 and two["success"] is True
    s, effects = go(new_state({**ARMED, "strife": 1}), {"action": "stance", "stance": "fire"},
                    {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5, "check": two})
    assert s["strife"] == 3 and effects[1]["strife_gained"] == 2
    # a check without strife symbols gives none; the critical strike's check counts too
    calm = chk([5], 1, 0, 1, [0], "air")
    s, effects = go(new_state({**ARMED, "stance": "air"}), {"action": "critical", "deadliness": 3, "check": calm})
    assert s["strife"] == 0 and effects[0]["strife_gained"] == 0
    hurt = chk([2], 1, 0, 1, [0], "air")                 # a failed check that kept a strife symbol
    s, effects = go(new_state({**ARMED, "stance": "air"}), {"action": "critical", "deadliness": 3, "check": hurt})
    assert s["strife"] == 1 and effects[0]["strife_gained"] == 1
    # passion takes strife away, never below 0; moves without a check leave strife alone
    s, effects = go(new_state({"stance": "air", "strife": 1}),
                    {"action": "maneuver", "check": {**calm, "tn": 2, "strife": -3}})
    assert s["strife"] == 0 and effects[0]["strife_gained"] == -3
    s, effects = go(new_state({"strife": 4}), {"action": "stance", "stance": "air"}, {"action": "maneuver"})
    assert s["strife"] == 4 and "strife_gained" not in effects[1]
    # a refused move suffers nothing: the state passed in is unchanged
    start = new_state({**ARMED, "stance": "earth"})
    with pytest.raises(IllegalMove):
        apply(start, {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5, "check": two})
    assert start["strife"] == 0


def test_a_weapon_move_without_a_weapon_name_says_the_weapon_is_missing():
    with pytest.raises(InvalidRequest) as err:
        apply(new_state({**ARMED, "stance": "air"}), {"action": "guard", "weapon": "", "check": chk([5], 1, 0, 1, [0], "air")})
    assert (err.value.code, err.value.field) == ("field.required", "weapon")


# ------------------------------------------------------------------ a check serves one move (issue #29)
def test_a_finished_check_serves_one_move_so_its_strife_counts_once():
    """A check's dice answer the one decision they were rolled for: the same finished check offered to a
    second move (its strife suffered twice, its successes spent twice) is refused, named by its id."""
    two = {**chk([4, 4], 2, 0, 2, [0, 1], "fire"), "id": "check-1"}     # 2 kept strife
    strike = {"action": "strike", "weapon": "katana", "base_damage": 4, "deadliness": 5, "check": two}
    s, effects = go(new_state({**ARMED, "stance": "water"}), {"action": "stance", "stance": "fire"}, strike)
    assert s["strife"] == 2 and s["used_checks"] == ["check-1"]
    s, _ = go(s, {"action": "stance", "stance": "fire"})                # the next turn: an action again
    err = refused(s, strike, "skirmish.check_used")
    assert (err.field, err.params) == ("check", {"action": "strike"})
    refused(s, {"action": "maneuver", "check": {**two, "tn": 2}}, "skirmish.check_used")   # nor for another move
    assert s["strife"] == 2                                             # counted once
    # a new check (a new id) serves; a refused move leaves its check unused
    fresh = {**two, "id": "check-2"}
    with pytest.raises(IllegalMove):
        apply(new_state({**ARMED, "stance": "earth"}), {**strike, "check": fresh})     # wrong stance ring
    after, effects = go(s, {**strike, "check": fresh})
    assert after["strife"] == 4 and after["used_checks"] == ["check-1", "check-2"]
    # used checks stay used in a new state built from them (the page's next scene), and are bounded
    again = new_state({**ARMED, "stance": "fire", "used_checks": after["used_checks"]})
    refused(again, {**strike, "check": fresh}, "skirmish.check_used")
    many = new_state({"used_checks": [f"c{i}" for i in range(200)], "stance": "fire", **ARMED})
    assert go(many, {**strike, "check": fresh})[0]["used_checks"][-2:] == ["c199", "check-2"]
    assert len(go(many, {**strike, "check": fresh})[0]["used_checks"]) == 200
    for bad in ("x", [1], ["y" * 65], ["c"] * 201):
        with pytest.raises(InvalidRequest):
            new_state({"used_checks": bad})
    # a check without an id (the CLI's checks) is not tracked, as before
    plain = {k: v for k, v in two.items() if k != "id"}
    twice, _ = go(s, {**strike, "check": plain}, {"action": "stance", "stance": "fire"}, {**strike, "check": plain})
    assert twice["used_checks"] == ["check-1"]


def test_a_light_wound_before_any_stance_leaves_a_state_that_reads_back():
    """Struck while Incapacitated before choosing a stance: the critical strike is light, but there is
    no stance ring to hold it, so no wound of "no ring" is written (the state stays valid: the page
    reads it back as a TurnState after every move)."""
    from tirada.systems.l5r.turn_state import TurnState

    out = replay({"character": {"fatigue": 9}, "moves": [{"action": "damage", "damage": 3, "deadliness": 2},
                                                         {"action": "accept_critical"}]})
    assert out["state"]["light_wounds"] == [] and out["state"]["unconscious"]
    assert TurnState.from_dict(out["state"]).to_dict() == new_state(out["state"])
