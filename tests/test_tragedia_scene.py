"""Tragedia scene ledger: sources, moves, replay, scene end and the page view.

Rules: tragedia.md §Roles in a scene, §Gathering dice, §The final roll, §Character state the tool
keeps (seed 001_0d4b6b4e1f6e6362.txt).
"""

import copy
import json
import pathlib
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import systems
from tirada.errors import IllegalMove, InvalidRequest
from tirada.systems.tragedia.records import PostLossPool
from tirada.systems.tragedia.scene import apply, end_scene, legal_adds, pending, replay, scene_result, scene_view
from tirada.systems.tragedia.sheet import Sheet
from tirada.systems.tragedia.sources import SOURCES
from tirada.systems.tragedia.state import new_scene

from helpers.tragedia import A_FACES, P_FACES, SEED_ACTIONS, sheets
from helpers.cli import run


def ledger(actions=(), faces=None, seed=None, **setup):
    out = {"format": "tirada-tragedia-scene", "schema": 1, "kind": "character", "objective": "Libertad",
           "themes": ["Sangre y arena", "Libertad", "Traición"], "participants": sheets(),
           "actions": list(actions)}
    if seed is None:
        out["faces"] = list(faces) if faces is not None else [2] * 40
    else:
        out["seed"] = seed
    out.update(setup)
    return out


def scene(actions=(), **kw):
    return replay(ledger(actions, **kw))


def setup_with(changes):
    """A ledger whose participants' sheets are updated by ``changes``: {name: {field: value}}."""
    led = ledger()
    for p in led["participants"]:
        p["sheet"].update(changes.get(p["sheet"]["name"], {}))
    return led


def sheet(state, name):
    return state.participant(name).sheet


def refused(state, action, rule_part, exc=IllegalMove):
    before = copy.deepcopy(state)
    with pytest.raises(exc) as err:
        apply(state, action)
    assert rule_part in (err.value.rule or ""), err.value
    assert state == before  # an illegal action leaves the state unchanged
    return err.value


# --- the seed's example ----------------------------------------------------------------------------
def test_seed_example_pools_by_source():
    state = scene(SEED_ACTIONS)
    assert state.pool("protagonist") == 7 and state.pool("adversary") == 6
    assert state.auto_successes == 1 and state.protagonist_wins_ties
    by_source = {(c.side, c.source): c.dice for c in state.contributions}
    assert by_source == {
        ("protagonist", "trait"): 1, ("protagonist", "destiny"): 1, ("protagonist", "tragedy"): 3,
        ("protagonist", "domain"): 1, ("protagonist", "consequence"): 1,
        ("adversary", "theme"): 1, ("adversary", "destiny"): 1, ("adversary", "support"): 1,
        ("adversary", "flaw"): 2, ("adversary", "turned_trait"): 1,
    }


def test_seed_example_replay_equals_the_plain_roll_and_the_tie_goes_to_the_protagonist():
    state = scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES)
    plain = systems.roll({"system": "tragedia", "protagonist_dice": 7, "adversary_dice": 6,
                          "auto_successes": 1, "protagonist_wins_ties": True, "faces": P_FACES + A_FACES})
    result = scene_result(state)
    assert result["roll"]["stages"] == plain["stages"]
    assert (result["roll"]["protagonist_successes"], result["roll"]["adversary_successes"]) == (4, 4)
    assert result["winner"] == "protagonist" and result["ended"] and result["pending"] == []


def test_seed_example_scene_end_updates_the_sheets():
    state = scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES)
    corvo, livia, batiato, _ = end_scene(state)[0]
    assert corvo.tragedy == 3 and corvo.destiny == 0  # +1 from the Flaw, −1 to reuse a Trait
    assert corvo.victories == 1 and not corvo.objective_achieved
    assert corvo.trait("Si quieres mi sangre...").exhausted is False  # turned against → renews
    assert corvo.trait("Cicatrices de Tracia").exhausted is True
    assert livia.domain("Tigre").destiny == 1  # an Ally's Domain use is free
    assert batiato.destiny == 1 and batiato.trait("Oro de Capua").exhausted


def test_seed_example_seeded_replay_is_deterministic_and_matches_a_plain_roll():
    state = scene(SEED_ACTIONS + [{"roll": "final"}], seed="0f" * 16)
    again = scene(SEED_ACTIONS + [{"roll": "final"}], seed="0f" * 16)
    plain = systems.roll({"system": "tragedia", "protagonist_dice": 7, "adversary_dice": 6, "auto_successes": 1,
                          "protagonist_wins_ties": True, "seed": "0f" * 16})
    assert state == again and state.stage_dicts() == plain["stages"]


# --- each source and its refusals ----------------------------------------------------------------
def test_trait_exhausts_and_is_refused_when_exhausted_or_unknown():
    state = apply(scene(), {"add": "trait", "by": "Corvo", "trait": "Espada rápida"})
    assert sheet(state, "Corvo").trait("Espada rápida").exhausted and state.pool("protagonist") == 1
    refused(state, {"add": "trait", "by": "Corvo", "trait": "Espada rápida"}, "(Trait)")
    refused(state, {"add": "trait", "by": "Corvo", "trait": "Voz de mando"}, "(Trait)")  # not his


def test_theme_is_exhausted_for_everyone_until_the_next_scene():
    state = apply(scene(), {"add": "theme", "by": "Livia", "theme": "Libertad"})
    assert state.pool("protagonist") == 1
    err = refused(state, {"add": "theme", "by": "Batiato", "theme": "Libertad"}, "(Theme)")
    assert err.field == "theme"
    refused(state, {"add": "theme", "by": "Batiato", "theme": "Amor"}, "(Theme)")
    assert apply(scene(), {"add": "theme", "by": "Batiato", "theme": "Libertad"}).pool("adversary") == 1


def test_destiny_price_table():
    state = replay(setup_with({"Corvo": {"destiny": 9}, "Livia": {"destiny": 3}}))
    reuse = apply(state, {"add": "destiny", "by": "Corvo", "use": "exhausted_trait", "trait": "Cicatrices de Tracia"})
    assert sheet(reuse, "Corvo").destiny == 8 and sheet(reuse, "Corvo").trait("Cicatrices de Tracia").exhausted
    refused(state, {"add": "destiny", "by": "Corvo", "use": "exhausted_trait", "trait": "Espada rápida"}, "(Destiny)")
    improvised = apply(state, {"add": "destiny", "by": "Corvo", "use": "improvised", "price": 2})
    assert sheet(improvised, "Corvo").destiny == 7
    refused(state, {"add": "destiny", "by": "Corvo", "use": "improvised", "price": 1}, "(Destiny)")
    refused(state, {"add": "destiny", "by": "Corvo", "use": "npc_event"}, "(Destiny)")  # not the Protagonist
    npc = apply(state, {"add": "destiny", "by": "Livia", "use": "npc_event"})
    assert sheet(npc, "Livia").destiny == 1 and npc.pool("protagonist") == 1
    refused(npc, {"add": "destiny", "by": "Livia", "use": "improvised"}, "(Destiny)")  # 1 left
    new = apply(state, {"add": "destiny", "by": "Corvo", "use": "new_trait", "trait": "Grito de guerra"})
    assert sheet(new, "Corvo").trait("Grito de guerra").exhausted and sheet(new, "Corvo").destiny == 5
    refused(state, {"add": "destiny", "by": "Corvo", "use": "new_trait", "trait": "Espada rápida"}, "(Destiny)")
    with pytest.raises(InvalidRequest):
        apply(state, {"add": "destiny", "by": "Corvo", "use": "bribe"})


def test_destiny_new_trait_respects_the_trait_limit():
    # Tragedy 4 → at most 3 Traits; Corvo has 3 already
    state = replay(setup_with({"Corvo": {"destiny": 9, "tragedy": 4}}))
    err = refused(state, {"add": "destiny", "by": "Corvo", "use": "new_trait", "trait": "Nueva"},
                  "Character state the tool keeps")
    assert "7 − Tragedy" in err.message


def test_destiny_new_theme_needs_one_destiny_from_every_other_player():
    rich = {"Corvo": {"destiny": 4}, "Livia": {"destiny": 1}, "Batiato": {"destiny": 1}, "Ashur": {"destiny": 2}}
    state = replay(setup_with(rich))
    new = apply(state, {"add": "destiny", "by": "Corvo", "use": "new_theme", "theme": "Venganza"})
    assert [p.sheet.destiny for p in new.participants] == [0, 0, 0, 1]
    assert "Venganza" in new.themes and "Venganza" in new.exhausted_themes
    assert end_scene(apply(new, {"roll": "final"}))[1][-1] == "Venganza"
    broke = replay(setup_with(dict(rich, Ashur={"destiny": 0})))
    err = refused(broke, {"add": "destiny", "by": "Corvo", "use": "new_theme", "theme": "Venganza"}, "(Destiny)")
    assert "Ashur" in err.message
    refused(state, {"add": "destiny", "by": "Corvo", "use": "new_theme", "theme": "Libertad"}, "(Destiny)")


def test_tragedy_gives_the_new_level_in_dice_once_before_the_roll_and_never_above_5():
    state = apply(scene(), {"add": "tragedy", "by": "Corvo"})
    assert sheet(state, "Corvo").tragedy == 3 and state.pool("protagonist") == 3
    refused(state, {"add": "tragedy", "by": "Corvo"}, "(Tragedy)")
    refused(scene(), {"add": "tragedy", "by": "Livia"}, "(Tragedy)")
    at_four = apply(replay(setup_with({"Corvo": {"tragedy": 4}})), {"add": "tragedy", "by": "Corvo"})
    assert sheet(at_four, "Corvo").tragedy == 5 and at_four.pool("protagonist") == 5
    err = refused(replay(setup_with({"Corvo": {"tragedy": 5}})), {"add": "tragedy", "by": "Corvo"}, "(Tragedy)")
    assert "maximum, 5" in err.message


def test_over_the_trait_limit_no_trait_is_used_and_no_sheet_leaves_the_scene_until_one_is_dropped():
    """Seed 001 / tragedia.md §Character state the tool keeps: Traits "máximo 7 − Tragedia"; after
    a rise the player chooses which Trait goes before using more Traits, and no sheet leaves the
    scene over the limit (issue #15)."""
    five = [{"name": f"Rasgo {i}"} for i in range(4)] + [{"name": "Cansado", "exhausted": True}]
    state = apply(replay(setup_with({"Corvo": {"traits": five, "tragedy": 2, "destiny": 3}})),
                  {"add": "tragedy", "by": "Corvo"})
    assert sheet(state, "Corvo").trait_excess == 1  # 5 Traits at Tragedy 3: limit 4
    err = refused(state, {"add": "trait", "by": "Corvo", "trait": "Rasgo 1"}, "Character state the tool keeps")
    assert "drop a Trait" in err.message and err.field == "add"
    refused(state, {"add": "destiny", "by": "Corvo", "use": "exhausted_trait", "trait": "Cansado"},
            "Character state the tool keeps")
    # other sources stay open (a Theme is not a Trait), and other characters are not held up
    assert apply(state, {"add": "theme", "by": "Corvo", "theme": "Libertad"}).pool("protagonist") == 4
    decided = apply(state, {"roll": "final"})
    with pytest.raises(IllegalMove) as ended:
        end_scene(decided)
    assert "Corvo" in ended.value.message and ended.value.field == "drop"
    dropped = apply(decided, {"drop": "trait", "by": "Corvo", "trait": "Rasgo 3"})
    assert len(end_scene(dropped)[0][0].traits) == 4
    # once dropped, the Traits are usable again
    assert apply(apply(state, {"drop": "trait", "by": "Corvo", "trait": "Rasgo 3"}),
                 {"add": "trait", "by": "Corvo", "trait": "Rasgo 1"}).pool("protagonist") == 4


def test_raising_tragedy_can_put_a_character_over_the_trait_limit_until_a_trait_is_dropped():
    six = [{"name": f"Rasgo {i}"} for i in range(5)]
    state = apply(replay(setup_with({"Corvo": {"traits": six, "tragedy": 2}})), {"add": "tragedy", "by": "Corvo"})
    assert sheet(state, "Corvo").trait_limit == 4 and sheet(state, "Corvo").trait_excess == 1
    assert "drop_trait:Corvo" in pending(state)
    state = apply(state, {"drop": "trait", "by": "Corvo", "trait": "Rasgo 0"})
    assert sheet(state, "Corvo").trait_excess == 0 and "drop_trait:Corvo" not in pending(state)
    refused(state, {"drop": "trait", "by": "Corvo", "trait": "Rasgo 1"}, "Character state the tool keeps")
    refused(state, {"drop": "trait", "by": "Corvo", "trait": "Nada"}, "Character state the tool keeps")


def test_domain_for_allies_is_free_and_limited_per_scene_by_its_destiny():
    state = apply(scene(), {"add": "domain", "by": "Livia", "domain": "Tigre"})
    assert sheet(state, "Livia").domain("Tigre").destiny == 1 and state.pool("protagonist") == 1
    refused(state, {"add": "domain", "by": "Livia", "domain": "Tigre"}, "(Domains)")
    refused(scene(), {"add": "domain", "by": "Corvo", "domain": "Tigre"}, "(Domains)")  # not his


def test_domain_for_protagonist_and_adversary_spends_its_destiny_until_floating():
    state = replay(setup_with({"Batiato": {"domains": [{"name": "La guardia acude", "destiny": 1}]},
                               "Livia": {"destiny": 2}}))
    used = apply(state, {"add": "domain", "by": "Batiato", "domain": "La guardia acude"})
    assert sheet(used, "Batiato").domain("La guardia acude").floating and used.pool("adversary") == 1
    refused(used, {"add": "domain", "by": "Batiato", "domain": "La guardia acude"}, "(Domains)")
    # a floating Domain: any other player takes it for Destiny (the winning bid is assigned to it)
    refused(state, {"take": "domain", "by": "Livia", "owner": "Batiato", "domain": "La guardia acude",
                    "destiny": 1}, "(Domains)")  # not floating yet
    refused(used, {"take": "domain", "by": "Batiato", "owner": "Batiato", "domain": "La guardia acude",
                   "destiny": 1}, "(Domains)")
    refused(used, {"take": "domain", "by": "Livia", "owner": "Batiato", "domain": "La guardia acude",
                   "destiny": 3}, "(Domains)")  # Livia has 2 Destiny
    refused(used, {"take": "domain", "by": "Livia", "owner": "Batiato", "domain": "Tigre",
                   "destiny": 1}, "(Domains)")  # not Batiato's
    taken = apply(used, {"take": "domain", "by": "Livia", "owner": "Batiato", "domain": "La guardia acude",
                         "destiny": 2})
    assert sheet(taken, "Batiato").domain("La guardia acude") is None
    assert sheet(taken, "Livia").domain("La guardia acude").destiny == 2 and sheet(taken, "Livia").destiny == 0


def test_claiming_a_domain_needs_another_players_element_and_destiny():
    state = replay(setup_with({"Corvo": {"destiny": 2}}))
    claimed = apply(state, {"claim": "domain", "by": "Corvo", "domain": "Un tórrido susurro", "destiny": 2,
                            "from": "Livia"})
    assert sheet(claimed, "Corvo").domain("Un tórrido susurro").destiny == 2 and sheet(claimed, "Corvo").destiny == 0
    refused(state, {"claim": "domain", "by": "Corvo", "domain": "X", "destiny": 1, "from": "Corvo"}, "(Domains)")
    refused(state, {"claim": "domain", "by": "Corvo", "domain": "X", "destiny": 3, "from": "Livia"}, "(Domains)")
    refused(state, {"claim": "domain", "by": "Corvo", "domain": "Tigre", "destiny": 1, "from": "Livia"}, "(Domains)")
    with pytest.raises(InvalidRequest):
        apply(state, {"claim": "domain", "by": "Corvo", "domain": "X", "destiny": 0, "from": "Livia"})


def test_flaw_gives_dice_to_the_adversary_for_destiny_ties_and_an_extra_success():
    one = apply(scene(), {"add": "flaw", "by": "Corvo", "dice": 1})
    assert one.pool("adversary") == 1 and one.pool("protagonist") == 0
    assert sheet(one, "Corvo").destiny == 1 and one.protagonist_wins_ties and one.auto_successes == 0
    two = apply(scene(), {"add": "flaw", "by": "Corvo", "dice": 2})
    assert two.pool("adversary") == 2 and two.auto_successes == 1 and sheet(two, "Corvo").destiny == 1
    refused(two, {"add": "flaw", "by": "Corvo", "dice": 1}, "(Flaw)")
    refused(scene(), {"add": "flaw", "by": "Livia", "dice": 1}, "(Flaw)")
    with pytest.raises(InvalidRequest):
        apply(scene(), {"add": "flaw", "by": "Corvo", "dice": 3})


def test_exhausted_traits_turned_against_their_owner():
    state = scene()
    henchman = apply(state, {"add": "turned_trait", "by": "Ashur", "trait": "Cicatrices de Tracia"})
    assert henchman.pool("adversary") == 1
    refused(henchman, {"add": "turned_trait", "by": "Ashur", "trait": "Cicatrices de Tracia"}, "turned against")
    refused(state, {"add": "turned_trait", "by": "Ashur", "trait": "Espada rápida"}, "turned against")  # fresh
    refused(state, {"add": "turned_trait", "by": "Batiato", "trait": "Cicatrices de Tracia"}, "turned against")
    # an Ally turns the Adversary character's Traits only once that character is in the scene
    refused(state, {"add": "turned_trait", "by": "Livia", "trait": "Oro de Capua"}, "turned against")
    entered = apply(state, {"enter": "scene", "by": "Batiato"})
    ally = apply(entered, {"add": "turned_trait", "by": "Livia", "trait": "Oro de Capua"})
    assert ally.pool("protagonist") == 1
    refused(entered, {"enter": "scene", "by": "Batiato"}, "turned against")
    refused(state, {"enter": "scene", "by": "Ashur"}, "turned against")
    by_trait = apply(state, {"add": "trait", "by": "Batiato", "trait": "Voz de mando"})
    assert by_trait.adversary_in_scene
    sheets_after = end_scene(apply(ally, {"roll": "final"}))[0]
    assert sheets_after[2].trait("Oro de Capua").exhausted is False  # renews at scene end


def test_consequences_are_used_by_opponents_once_per_scene_and_renew():
    state = apply(scene(), {"add": "consequence", "by": "Corvo", "target": "Batiato", "consequence": "Crueldad"})
    assert state.pool("protagonist") == 1
    refused(state, {"add": "consequence", "by": "Livia", "target": "Batiato", "consequence": "Crueldad"},
            "(Consequence)")
    refused(scene(), {"add": "consequence", "by": "Ashur", "target": "Batiato", "consequence": "Crueldad"},
            "(Consequence)")  # same side
    refused(scene(), {"add": "consequence", "by": "Corvo", "target": "Batiato", "consequence": "Miedo"},
            "(Consequence)")
    with pytest.raises(InvalidRequest):
        apply(scene(), {"add": "consequence", "by": "Corvo", "target": "Nadie", "consequence": "Crueldad"})
    # the next scene starts with it fresh
    sheets_after, themes = end_scene(apply(state, {"roll": "final"}))
    led = ledger()
    for p, s in zip(led["participants"], sheets_after):
        p["sheet"] = s.to_dict()
    again = apply(replay(led), {"add": "consequence", "by": "Livia", "target": "Batiato", "consequence": "Crueldad"})
    assert again.pool("protagonist") == 1


def test_tragedy_5_gives_the_adversary_two_dice_once():
    refused(scene(), {"add": "tragedy_5", "by": "Batiato"}, "(Tragedy 5)")
    state = replay(setup_with({"Corvo": {"tragedy": 5}}))
    two = apply(state, {"add": "tragedy_5", "by": "Batiato", "note": "Su amada muere en sus brazos"})
    assert two.pool("adversary") == 2
    refused(two, {"add": "tragedy_5", "by": "Batiato"}, "(Tragedy 5)")
    refused(state, {"add": "tragedy_5", "by": "Ashur"}, "(Tragedy 5)")
    raised = apply(replay(setup_with({"Corvo": {"tragedy": 4}})), {"add": "tragedy", "by": "Corvo"})
    assert apply(raised, {"add": "tragedy_5", "by": "Batiato"}).pool("adversary") == 2


def test_support_is_one_die_per_ally_or_henchman_per_scene():
    state = apply(apply(scene(), {"add": "support", "by": "Livia"}), {"add": "support", "by": "Ashur"})
    assert state.pool("protagonist") == 1 and state.pool("adversary") == 1
    refused(state, {"add": "support", "by": "Ashur"}, "(support)")
    refused(scene(), {"add": "support", "by": "Corvo"}, "(support)")


def test_unknown_source_participant_or_field_is_an_invalid_request():
    for action in ({"add": "luck", "by": "Corvo"}, {"add": "support", "by": "Nadie"},
                   {"add": "support", "by": "Livia", "dice": 2}, {"by": "Livia"}, {"add": "support", "roll": "final"},
                   {"add": ["trait"], "by": "Corvo"}, {"add": "destiny", "by": "Corvo", "use": ["x"]},
                   {"roll": ["final"]}, {"impose": {}, "by": "Batiato"}, {"claim": "domain", "by": ["Corvo"]},
                   ["add"]):
        with pytest.raises(InvalidRequest):
            apply(scene(), action)


# --- the roll, the post-loss step and the outcome --------------------------------------------------
def lost_scene(extra=()):
    """Corvo (Tragedy 2) adds a Trait, Batiato a Theme; the roll, 0 against 1, goes to the Adversary.
    Faces: the final roll [1] [2], then the post-loss Tragedy dice [2, 4, 6], the Ally's last die [2]
    and the Adversary side's last dice [4, 1]."""
    faces = [1, 2] + [2, 4, 6] + [2] + [4, 1]
    actions = [{"add": "trait", "by": "Corvo", "trait": "Espada rápida"},
               {"add": "theme", "by": "Batiato", "theme": "Sangre y arena"},
               {"roll": "final"}] + list(extra)
    rolled_again = any(a.get("roll") == "post_loss" for a in extra)
    return scene(actions, faces=faces if rolled_again else faces[:2])


def test_loss_opens_the_post_loss_step_with_tragedy_and_last_dice():
    refused(scene(), {"add": "last_die", "by": "Livia"}, "If the Protagonist loses")
    state = lost_scene()
    assert state.phase == "post_loss" and state.winner == "adversary" and pending(state) == ["post_loss"]
    refused(state, {"add": "trait", "by": "Corvo", "trait": "Si quieres mi sangre..."}, "(Trait)")
    refused(state, {"add": "last_die", "by": "Livia"}, "If the Protagonist loses")  # Tragedy first
    refused(state, {"roll": "post_loss"}, "If the Protagonist loses")
    state = apply(state, {"add": "tragedy", "by": "Corvo"})
    assert sheet(state, "Corvo").tragedy == 3 and state.pool("protagonist", "post_loss") == 3
    refused(state, {"add": "tragedy", "by": "Corvo"}, "(Tragedy)")
    refused(state, {"add": "last_die", "by": "Corvo"}, "If the Protagonist loses")
    state = apply(apply(state, {"add": "last_die", "by": "Livia"}), {"add": "last_die", "by": "Ashur"})
    state = apply(state, {"add": "last_die", "by": "Batiato"})
    refused(state, {"add": "last_die", "by": "Ashur"}, "If the Protagonist loses")
    assert scene_view(state).pools.post_loss == PostLossPool(tragedy_dice=3, protagonist_last_dice=1,
                                                             adversary_last_dice=2)


def test_post_loss_roll_from_the_ledger():
    extra = [{"add": "tragedy", "by": "Corvo"}, {"add": "last_die", "by": "Livia"},
             {"add": "last_die", "by": "Ashur"}, {"add": "last_die", "by": "Batiato"}, {"roll": "post_loss"}]
    state = lost_scene(extra)
    second = state.stage_dicts()[1]
    assert second["tragedy_faces"] == [2, 4, 6] and second["protagonist_last_faces"] == [2]
    assert second["adversary_last_faces"] == [4, 1]
    # 0 + 3 (Tragedy dice) + 1 (Livia's last die) against 1 + 1 (Ashur's 4; Batiato's 1 fails)
    assert (second["protagonist_successes"], second["adversary_successes"]) == (4, 2)
    assert state.phase == "decided" and state.winner == "protagonist"
    assert end_scene(state)[0][0].victories == 1
    refused(state, {"roll": "post_loss"}, "If the Protagonist loses")
    refused(state, {"roll": "final"}, "The final roll")


def test_declining_or_tragedy_5_makes_the_loss_stand_and_the_adversary_writes_the_outcome():
    declined = apply(lost_scene(), {"decline": "post_loss", "by": "Corvo"})
    assert declined.phase == "decided" and declined.winner == "adversary"
    refused(lost_scene(), {"decline": "post_loss", "by": "Batiato"}, "If the Protagonist loses")
    refused(declined, {"decline": "post_loss", "by": "Corvo"}, "If the Protagonist loses")
    two = [{"name": "Espada rápida"}, {"name": "Si quieres mi sangre..."}]  # Tragedy 5 allows 7 − 5 = 2 Traits
    at_five = replay(dict(setup_with({"Corvo": {"tragedy": 5, "traits": two}}), faces=[1],
                          actions=[{"add": "trait", "by": "Corvo", "trait": "Espada rápida"}, {"roll": "final"}]))
    assert at_five.phase == "decided" and at_five.winner == "adversary"  # 0 vs 0: a tie
    state = apply(declined, {"impose": "consequence", "by": "Batiato", "consequence": "Marcado a fuego"})
    state = apply(state, {"impose": "tragedy", "by": "Batiato"})
    refused(state, {"impose": "tragedy", "by": "Batiato"}, "If the Protagonist loses")
    refused(state, {"impose": "consequence", "by": "Batiato", "consequence": "Marcado a fuego"}, "loses")
    refused(state, {"impose": "consequence", "by": "Ashur", "consequence": "Otra"}, "loses")
    corvo = end_scene(state)[0][0]
    assert corvo.consequences == ("Marcado a fuego",) and corvo.tragedy == 3 and corvo.victories == 0


def test_no_dice_after_the_roll_and_no_outcome_for_the_adversary_after_a_protagonist_win():
    won = scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES)
    refused(won, {"add": "support", "by": "Livia"}, "(support)")
    refused(won, {"impose": "consequence", "by": "Batiato", "consequence": "X"}, "loses")
    with pytest.raises(IllegalMove):
        end_scene(scene())


def test_victories_two_achieve_the_objective_but_not_at_tragedy_5():
    won = replay(dict(setup_with({"Corvo": {"victories": 1}}), faces=[2],
                      actions=[{"add": "trait", "by": "Corvo", "trait": "Espada rápida"}, {"roll": "final"}]))
    corvo = end_scene(won)[0][0]
    assert corvo.victories == 2 and corvo.objective_achieved
    assert not corvo.replace(tragedy=5).objective_achieved


def test_transformation_scene_resets_tragedy_and_the_winner_writes_flaw_and_trait():
    with pytest.raises(IllegalMove, match="Tragedy is 5"):
        replay(dict(ledger(), kind="transformation"))
    two = [{"name": "Espada rápida"}, {"name": "Si quieres mi sangre..."}]  # the most at Tragedy 5
    led = setup_with({"Corvo": {"tragedy": 5, "victories": 2, "traits": two}})
    led.update(kind="transformation", faces=[2],
               actions=[{"add": "trait", "by": "Corvo", "trait": "Espada rápida"}, {"roll": "final"}])
    state = replay(led)
    assert pending(state) == ["transform"] and not scene_result(state)["ended"]
    with pytest.raises(IllegalMove):
        end_scene(state)
    change = {"transform": "protagonist", "by": "Corvo", "flaw": "Desconfiado", "trait": "Espada rápida",
              "new_trait": "Espada cansada", "tragedy_text": "Perderá a su hermano"}
    refused(state, dict(change, by="Batiato"), "Transformation")
    refused(state, dict(change, trait="Nada"), "Transformation")
    done = apply(state, change)
    refused(done, change, "Transformation")
    corvo = end_scene(done)[0][0]
    assert (corvo.tragedy, corvo.flaw, corvo.tragedy_text) == (1, "Desconfiado", "Perderá a su hermano")
    assert corvo.trait("Espada cansada") is not None and corvo.trait("Espada rápida") is None
    assert corvo.victories == 3 and corvo.objective_achieved
    refused(scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES), change, "Transformation")


def test_transformation_won_by_the_adversary_after_a_turned_trait():
    two = [{"name": "Espada rápida", "exhausted": True}, {"name": "Si quieres mi sangre..."}]
    led = setup_with({"Corvo": {"tragedy": 5, "traits": two}})
    led.update(kind="transformation", faces=[2],
               actions=[{"add": "turned_trait", "by": "Ashur", "trait": "Espada rápida"}, {"roll": "final"}])
    state = replay(led)
    assert state.winner == "adversary" and state.phase == "decided"  # Tragedy 5: no post-loss step
    refused(state, {"impose": "tragedy", "by": "Batiato"}, "Transformation")
    state = apply(state, {"transform": "protagonist", "by": "Batiato", "flaw": "Sumiso",
                          "trait": "Espada rápida", "new_trait": "Espada rota"})
    corvo = end_scene(state)[0][0]
    assert [t.name for t in corvo.traits] == ["Espada rota", "Si quieres mi sangre..."]
    assert (corvo.tragedy, corvo.flaw, corvo.victories) == (1, "Sumiso", 0)


# --- replay errors, the page view, storage ---------------------------------------------------------
def test_replay_names_the_action_index_and_the_rule():
    actions = SEED_ACTIONS[:3] + [{"add": "flaw", "by": "Corvo", "dice": 1}]
    with pytest.raises(IllegalMove) as err:
        scene(actions)
    assert err.value.field == "actions[3].add"
    assert err.value.rule == "tragedia.md §Gathering dice (Flaw)"
    with pytest.raises(InvalidRequest) as err:
        scene([{"add": "support", "by": "Nadie"}])
    assert err.value.field == "actions[0].by"


@pytest.mark.parametrize("change, field", [
    ({"seed": None, "faces": None, "actions": [{"roll": "final"}]}, "actions[0].seed"),
    ({"seed": "12ab", "faces": None}, "seed"), ({"sides": 5}, "sides"), ({"kind": "duel"}, "kind"),
    ({"format": "other"}, "format"), ({"schema": 3}, "schema"), ({"extra": 1}, "extra"),
    ({"themes": ["A", "A"]}, "themes"), ({"participants": []}, "participants"), ({"actions": {}}, "actions"),
])
def test_bad_ledgers_are_invalid_requests(change, field):
    led = ledger()
    led.update(change)
    with pytest.raises(InvalidRequest) as err:
        replay(led)
    assert err.value.field == field


def test_roles_need_one_protagonist_one_adversary_and_distinct_names():
    led = ledger()
    led["participants"][3]["role"] = "adversary"
    with pytest.raises(InvalidRequest, match="exactly one adversary"):
        new_scene(led)
    led = ledger()
    led["participants"] = [p for p in led["participants"] if p["role"] != "protagonist"]
    with pytest.raises(InvalidRequest, match="at least one protagonist"):
        new_scene(led)
    led = ledger()
    led["participants"][3]["sheet"]["name"] = "Livia"
    with pytest.raises(InvalidRequest, match="same character name"):
        new_scene(led)


def test_faces_left_over_after_a_decided_scene_are_refused():
    with pytest.raises(InvalidRequest, match="faces given"):
        scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES + [2])
    with pytest.raises(InvalidRequest, match="more dice"):
        scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES)


def test_legal_adds_follow_the_rules():
    state = scene(SEED_ACTIONS[:5])
    corvo = legal_adds(state, "Corvo")
    assert corvo["trait"] == {"legal": True, "options": [{"trait": "Espada rápida"}], "reason": None, "why": None}
    assert not corvo["flaw"]["legal"] and "(Flaw)" in corvo["flaw"]["reason"]
    assert not corvo["tragedy"]["legal"] and corvo["consequence"]["options"] == [
        {"target": "Batiato", "consequence": "Crueldad"}]
    batiato = legal_adds(state, "Batiato")
    assert {"use": "improvised"} in batiato["destiny"]["options"]
    assert not batiato["tragedy_5"]["legal"]
    ashur = legal_adds(state, "Ashur")
    assert {"trait": "Si quieres mi sangre..."} in ashur["turned_trait"]["options"]
    rich = legal_adds(replay(setup_with({"Corvo": {"destiny": 4}})), "Corvo")
    assert {"use": "new_trait", "trait": None} in rich["destiny"]["options"]
    # every option offered is accepted by apply
    for name in ("Corvo", "Livia", "Batiato", "Ashur"):
        for source, entry in legal_adds(state, name).items():
            for option in entry["options"]:
                filled = {k: v or "Nuevo nombre" for k, v in option.items()}
                apply(state, {"add": source, "by": name, **filled})


def test_scene_view_for_the_page():
    view = scene_view(scene(SEED_ACTIONS))
    assert view.pools.to_dict() == {"protagonist": {"dice": 7, "auto_successes": 1, "wins_ties": True},
                                    "adversary": {"dice": 6}}
    assert view.pools.protagonist.dice == 7 and view.pools.post_loss is None
    assert view.can_roll and view.roll is None and view.phase == "gathering"
    assert [p.name for p in view.participants] == ["Corvo", "Livia", "Batiato", "Ashur"]
    assert view.participants[0].trait_limit == 4
    as_json = view.to_dict()
    assert json.loads(json.dumps(as_json)) == as_json
    # the JSON is scene_result's plus what the page needs now (``tirada scene view`` prints it)
    assert {k: v for k, v in as_json.items() if k in scene_result(scene(SEED_ACTIONS))} == scene_result(
        scene(SEED_ACTIONS))
    assert list(as_json)[-6:] == ["can_roll", "themes_exhausted", "destiny_prices", "rules", "table", "participants"]
    lost = scene_view(lost_scene())
    assert lost.participants[0].can_decline and not lost.participants[1].can_decline
    assert lost.participants[0].adds["tragedy"].legal
    assert lost.roll is not None and lost.roll.stages[0].stage == "final"
    assert lost.roll.to_dict() == scene_result(lost_scene())["roll"]   # the record keeps the roll's JSON


def test_sheets_survive_a_round_trip_through_their_dicts():
    state = scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES)
    for s in end_scene(state)[0]:
        assert Sheet.from_dict(json.loads(json.dumps(s.to_dict()))) == s


# --- the CLI ------------------------------------------------------------------------------------


def test_cli_scene_replay_from_stdin():
    led = ledger(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES)
    code, out, err = run(["scene", "replay", "-"], stdin=json.dumps(led))
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["winner"] == "protagonist" and result["sheets"][0]["victories"] == 1


def test_cli_scene_replay_reports_the_illegal_action():
    led = ledger(SEED_ACTIONS + [{"add": "support", "by": "Ashur"}])
    code, out, err = run(["scene", "replay", "-"], stdin=json.dumps(led))
    assert code == 2 and out == ""
    assert err.startswith("error: actions[10].by: Ashur already added a support die")
    assert err.strip().endswith("(tragedia.md §Gathering dice (support))") and err.count("\n") == 1


def test_cli_scene_usage_and_missing_file():
    assert run(["scene", "play", "-"], stdin="{}")[0] == 2
    code, _, err = run(["scene", "replay", "no/such/ledger.json"])
    assert code == 2 and "cannot read" in err


def test_cli_scene_without_seed_gets_a_fresh_one():
    led = ledger(SEED_ACTIONS + [{"roll": "final"}])
    del led["faces"]
    code, out, _ = run(["scene", "view", "-"], stdin=json.dumps(led))
    view = json.loads(out)
    assert code == 0 and len(view["seed"]) == 32 and len(view["roll"]["faces"]) == 13


DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "tragedia-scene.md"


@pytest.mark.skipif(sys.platform == "emscripten", reason="reads docs/ from the checkout")
def test_the_documented_example_ledger_replays():
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```json\n", 1)[1].split("\n```", 1)[0]
    state = replay(json.loads(block))
    assert state.pool("protagonist") == 7 and state.pool("adversary") == 6
    assert state.phase == "decided" and state.winner == "protagonist"


# --- robustness: any sequence of actions either applies or is refused with a TiradaError -----------
NAMES = ["Corvo", "Livia", "Batiato", "Ashur", "Nadie", 3, None]
WORDS = ["Si quieres mi sangre...", "Cicatrices de Tracia", "Oro de Capua", "Tigre", "Crueldad",
         "Sangre y arena", "Nuevo", "", None, 2]
ACTION = st.one_of(
    st.fixed_dictionaries({"add": st.sampled_from(list(SOURCES) + ["luck"]), "by": st.sampled_from(NAMES)},
                          optional={"trait": st.sampled_from(WORDS), "theme": st.sampled_from(WORDS),
                                    "domain": st.sampled_from(WORDS), "target": st.sampled_from(NAMES),
                                    "consequence": st.sampled_from(WORDS), "dice": st.integers(0, 3),
                                    "use": st.sampled_from(["exhausted_trait", "improvised", "npc_event",
                                                            "new_trait", "new_theme", "x"])}),
    st.fixed_dictionaries({"roll": st.sampled_from(["final", "post_loss", "x"])}),
    st.fixed_dictionaries({"decline": st.just("post_loss"), "by": st.sampled_from(NAMES)}),
    st.fixed_dictionaries({"impose": st.sampled_from(["consequence", "tragedy"]), "by": st.sampled_from(NAMES)},
                          optional={"consequence": st.sampled_from(WORDS)}),
    st.fixed_dictionaries({"enter": st.just("scene"), "by": st.sampled_from(NAMES)}),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(ACTION, max_size=25))
def test_random_actions_never_crash_and_refusals_leave_the_state_unchanged(actions):
    state = replay(setup_with({"Corvo": {"destiny": 3}, "Livia": {"destiny": 2}}))
    for action in actions:
        before = copy.deepcopy(state)
        try:
            after = apply(state, action)
        except (IllegalMove, InvalidRequest):
            after = state
        assert state == before  # apply never changes the state it was given
        state = after
        assert state.pool("protagonist") >= 0 and 1 <= state.protagonist.sheet.tragedy <= 5
        assert all(p.sheet.destiny >= 0 for p in state.participants)
    json.dumps(scene_result(state))


def test_a_scene_state_cannot_be_changed_in_place():
    """Issue #25: the stateful games keep frozen state. A rolled scene's stages are read-only
    Records (an assignment raises), the state hashes, and the result still reads JSON lists."""
    state = scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES)
    stage = state.stages[0]
    with pytest.raises(TypeError):
        stage["winner"] = "adversary"                       # type: ignore[index]
    assert isinstance(stage["protagonist_faces"], tuple)
    assert hash(state) == hash(scene(SEED_ACTIONS + [{"roll": "final"}], faces=P_FACES + A_FACES))
    faces = scene_result(state)["roll"]["stages"][0]["protagonist_faces"]
    faces.append(6)                                         # the result is a fresh copy: the state is untouched
    assert isinstance(faces, list) and len(state.stages[0]["protagonist_faces"]) == len(faces) - 1
    assert state.winner == "protagonist"
