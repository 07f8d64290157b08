"""Issue #42 on the page's side (CPython only: imports web/): the players' words only — no project
decision, source note or rulebook example name in any Confrontation string outside the rules help,
the orders' help told with the players' own fighters, «solo» without accent; the step names only the
ways out that have a button; each quick defence once, each die named by its Trait."""

from __future__ import annotations

import re
import sys

import pytest

from helpers.brs import duel
from tirada.systems.brs import replay
from tirada.systems.brs.board_view import Cell, Choices, Step, VowChoice
from tirada.systems.brs.options import cells as board, choices as options
from tirada.systems.brs.report import confrontation as summary

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from shell import strings  # noqa: E402
from brs import ui_brs_actions as actions  # noqa: E402
from brs import ui_brs_board as boardview  # noqa: E402
from brs import ui_brs_orders as orderview  # noqa: E402

#: what only the help's rules section may say: the project's decisions, notes on the source, the
#: rulebook example's names (blood-red-sands.md: Haster Culdrok, Sharla), the source's «sólo»
NOT_FOR_PLAYERS = ("Decisión del proyecto", "Decisiones del proyecto", "Project decision", "La fuente", "la fuente",
                   "The source", "the source", "Haster", "Sharla", "Culdrok", "sólo", "Sólo", "un Confrontación")


def _texts(value) -> list:
    return list(value) if isinstance(value, tuple) else [value]


def test_no_confrontation_string_outside_the_rules_help_speaks_for_the_designers():
    found = []
    for key, langs in strings.STRINGS.items():
        if not (key.startswith("brs.") or key == "nav.brs" or key.startswith("field.")) or key.startswith("brs.help."):
            continue
        for lang, value in langs.items():
            for text in _texts(value):
                found += [(key, lang, word) for word in NOT_FOR_PLAYERS if word in text]
    assert found == []
    # the rules help keeps them: that is where a table looks them up
    assert "Decisiones del proyecto" in strings.STRINGS["brs.help.decisions"]["es"]


def ryo_aria() -> dict:
    return duel([(10, "strength", 7), (8, "cunning", 3), (6, "endurance", 4)],
                [(10, "cunning", 2), (6, "strength", 4), (6, "endurance", 4), (8, "sorcery", 5)],
                sides=["Los de Ryo", "Casa de Aria"])


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_orders_help_names_the_players_own_fighters(lang):
    setup = ryo_aria()
    setup["players"][0]["name"], setup["players"][1]["name"] = "Ryo", "Aria"
    html = orderview.panel_html(replay(setup, []), "1", {}, "k", lang)
    assert "Ryo" in html and "Aria" in html
    assert not any(word in html for word in ("Sharla", "Haster"))


def test_each_quick_defence_once_each_die_named_by_its_trait():
    setup = ryo_aria()
    state = replay(setup, [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]}])
    opts, cells, summ = options(state), board(state), summary(state)
    names = boardview.names_of(summ)
    html = actions.action_bar(opts, cells, names, "es", [], 1, summ, None)
    texts = re.findall(r'data-suggest="[^"]*"[^>]*>([^<]*)</button>', html)
    assert len(texts) >= 2, html                    # two d6 showing 4: two defences, told apart
    assert len(texts) == len(set(texts))            # no option twice
    assert all("«" in x for x in texts)             # every die named by its Trait


@pytest.mark.parametrize("can, words", [
    (["renew", "vow", "yield"], "Renueva, haz un Voto o ríndete"),
    (["vow", "yield"], "haz un Voto o ríndete"),
    (["yield"], "ríndete"),
])
def test_the_stuck_step_names_only_the_ways_out_that_have_a_button(can, words):
    assert boardview.choices_words(can, "es") == words
    step = Step("stuck", 0, 3, 1, 1, 0, 1, None, None, None, False, can)
    setup = ryo_aria()
    setup["players"][0]["name"], setup["players"][1]["name"] = "Ryo", "Aria"
    text = boardview.step_sentence(step, summary(replay(setup, [])), (), "es")
    assert text.endswith(": " + words) and ("Renueva" in text) == ("renew" in can)


def test_the_quick_attack_takes_the_two_highest_or_the_kept_die_after_a_reversal():
    def cell(i: int, face: int, d: int, trait: str, kept: bool = False) -> Cell:
        return Cell(i, 0, 0, d, face, "strength", trait, "available", None, 0, kept)

    cells = (cell(0, 3, 6, "a"), cell(1, 6, 8, "b"), cell(2, 5, 10, "c"))
    assert 'data-quick-attack="1,2"' in actions.quick_attack(0, [0, 1, 2], cells, "es")
    cells = (cell(0, 3, 6, "a", kept=True),) + cells[1:]   # the Reversal's kept die must attack (brs.attack_required)
    html = actions.quick_attack(0, [0, 1, 2], cells, "es", target=1)
    assert 'data-quick-attack="0,1"' in html and 'data-target="1"' in html
    assert actions.quick_attack(0, [2], cells, "es") == ""      # one die: no quick attack


def test_a_character_from_my_data_fills_name_and_components():
    from brs import ui_brs_setup as setupform

    draft = setupform.start_point("duel", "0" * 32, "es")
    from tirada.systems.brs.stored import brs_characters

    stored = [{"id": "ryo", "system": "brs", "name": "Ryo", "campaign": "",
               "sheet": {"components": [{"name": "Ryo", "traits": [{"trait": "x", "die": 10, "aspect": "strength"}]},
                                        {"name": "vacío", "traits": []}]}},
              {"id": "jon", "system": "sifrp", "name": "Jon", "campaign": "", "sheet": {}}]
    chars = brs_characters(stored)
    assert [c.id for c in chars] == ["ryo"]       # only the Blood Red Sands ones
    char = chars[0]
    draft = setupform.apply_character(draft, 0, char)
    assert draft.players[0].name == "Ryo"
    assert draft.to_dict()["players"][0]["components"] == [{"name": "Ryo", "committed": True,
                                                            "traits": [{"trait": "x", "die": 10, "aspect": "strength"}]}]
    html = setupform.render(draft, "es", [("ryo", "Ryo")])
    assert 'data-mine="0"' in html and '<option value="ryo">Ryo</option>' in html
    assert "data-mine" not in setupform.render(draft, "es", [])


def stuck_at_a_forced_pick():
    """Exchange 2 of a duel: B (one player a side) picks with nothing to choose, but once picked B has
    one Available die (two went to Used blocking): stuck, with a Renewal to get out."""
    setup = duel([(10, "cunning", 2), (8, "cunning", 2)], [(6, "cunning", 3), (6, "cunning", 1), (4, "cunning", 1)])
    return replay(setup, [{"move": "pick", "attacker": 0, "target": 1}, {"move": "attack", "dice": [0, 1]},
                          {"move": "defend", "dice": [2, 3]}])


def test_a_stuck_attackers_way_out_goes_with_a_pick_that_has_nothing_to_choose():
    from tirada.systems.brs import play

    state = stuck_at_a_forced_pick()
    opts, cells, summ = options(state), board(state), summary(state)
    pick = actions.forced_pick(opts[1])
    assert pick == {"move": "pick", "attacker": 1, "target": 0}
    then = options(play(state, pick))[1]
    assert "attack" not in then and {"renew", "yield"} <= set(then)
    names = boardview.names_of(summ)
    html = actions.action_bar(opts, cells, names, "es", [], 1, summ, None, {1: then})
    assert 'data-move="renew" data-player="1" data-pick="1,0"' in html           # one tap: the pick, then the Renewal
    assert "B ataca a A pero no tiene 2 dados Disponibles: Renueva o ríndete." in html
    assert 'data-yield-ask="1"' in html          # a Renewal is left: «Rendirse» still asks first
    # nothing to choose and not stuck: no such buttons (the quick attack makes the pick)
    attack = Choices.from_dict({"attack": {"dice": [], "required": None, "soul_fused": []}})
    assert "data-pick" not in actions.action_bar(opts, cells, names, "es", [], 1, summ, None, {1: attack})
    assert actions.stuck_ways(1, 0, attack, cells, names, "es") == ""


def test_a_yield_that_is_the_only_move_left_is_one_tap():
    state = stuck_at_a_forced_pick()
    opts, cells, summ = options(state), board(state), summary(state)
    only = Choices.from_dict({"yield": {"leader": True, "new_leaders": []}})
    renew = Choices.from_dict({"yield": {"leader": True, "new_leaders": []}, "renew": {"dice": [0]}})
    advantage = Choices.from_dict({"yield": {"leader": True, "new_leaders": []}, "advantage": {"dice": [0], "tokens": 1}})
    assert actions.only_yield(only)
    assert not actions.only_yield(advantage)          # a reroll may still save the day
    assert actions.only_yield(opts[1], only)                       # the pick would leave only a Yield
    assert not actions.only_yield(opts[1], renew)
    assert not actions.only_yield(opts[1])
    names = boardview.names_of(summ)
    html = actions.action_bar(opts, cells, names, "es", [], 1, summ, None, {1: only})
    assert "Rendirse (no queda otra jugada)" in html and "data-yield-ask" not in html
    assert "gana" in html                 # it still says what it ends


def test_the_only_enemy_a_vow_can_name_is_shown_chosen():
    one = VowChoice(["enemy_dies"], [{"component": 1, "name": "Aria", "devastated": 1},
                                     {"component": 2, "name": "Odo", "devastated": 4}])
    assert '<option value="1" selected>' in actions._vow_enemy(0, one, "es")
    two = VowChoice(["enemy_dies"], [{"component": 1, "name": "Aria", "devastated": 1},
                                     {"component": 2, "name": "Odo", "devastated": 0}])
    assert "selected" not in actions._vow_enemy(0, two, "es")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_quick_orders_are_one_tap_for_a_player_without_orders(lang):
    from tirada.systems.brs.orders import ORDERS, QUICK_ORDERS, check_orders

    assert check_orders(QUICK_ORDERS) == QUICK_ORDERS and set(QUICK_ORDERS) == set(ORDERS)
    assert all(v != "ask" for k, v in QUICK_ORDERS.items() if k != "pick")
    setup = ryo_aria()
    setup["players"][0]["name"], setup["players"][1]["name"] = "Ryo", "Aria"
    state = replay(setup, [])
    html = orderview.quick_html(state, "1", {}, "k", lang)
    assert 'data-quick-orders="1"' in html and "Aria" in html and 'data-quick-orders="0"' not in html
    assert orderview.quick_html(state, None, {}, "k", lang) == ""                  # a watcher sets no orders
    pending = orderview.quick_html(state, "1", {("k", 1): dict(QUICK_ORDERS)}, "k", lang)
    assert 'id="brs-orders-quick-1"' in pending and "data-quick-orders" not in pending
    from shell.render import esc
    assert esc(orderview.orders_words(QUICK_ORDERS, lang)) in pending
    posted = replay(setup, [{"move": "orders", "player": 0, "orders": dict(QUICK_ORDERS)}])
    assert orderview.quick_html(posted, "0", {}, "k", lang) == ""                  # the link has them: nothing to say
