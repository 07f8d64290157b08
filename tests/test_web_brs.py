"""The Confrontation page's pure glue (web/brs/ui_brs_board.py, ui_brs_actions.py, ui_brs_setup.py) and
its storage (web/shell/store.py ``brs_current``): every state of whole Confrontations renders in both
languages with only legal actions offered, the setup form round-trips, storage keeps other parts.

CPython only (imports web/ from the repository). Rules: ../shared/rules/blood-red-sands.md.
"""

from __future__ import annotations

import re
import sys

import pytest

from helpers.brs import big_setup, play_out
from tirada.systems.brs import Setup, apply, new_confrontation, replay
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.journal import entries
from tirada.systems.brs.options import board, cells as board_cells, choices, now as step_now, options, step
from tirada.systems.brs.report import confrontation as view

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from shell import store  # noqa: E402
from brs import ui_brs_actions as actions  # noqa: E402
from brs import ui_brs_read  # noqa: E402
from brs import ui_brs_board as boardview  # noqa: E402
from brs import ui_brs_setup as setupform  # noqa: E402

SEED = "00112233445566778899aabbccddeeff"


def test_every_state_of_two_whole_confrontations_renders_with_only_legal_buttons():
    for setup in (big_setup(), big_setup("ffeeddccbbaa99887766554433221100")):
        log = play_out(setup)
        state, dice = new_confrontation(setup)
        for move in log + [None]:
            opts, cells, now = choices(state), board_cells(state), step_now(state)
            # the records say what the dicts of options / board / step say (the CLI's and the tests' shape)
            assert {p: list(k) for p, k in opts.items()} == {p: list(k) for p, k in options(state).items()}
            assert [c.to_dict() for c in cells] == board(state)
            assert now == type(now).from_dict(step(state), now.can)
            for lang in ("es", "en"):
                s = view(state)
                bar = actions.action_bar(opts, cells, boardview.names_of(s), lang, [], now.player)
                buttons = set(re.findall(r'data-move="(\w+)" data-player="(\d+)"', bar))
                assert buttons == {(k, str(p)) for p, kinds in opts.items() for k in kinds}
                html = boardview.boards(s, cells, lang, actions.selectable_dice(opts), [])
                assert html.count('class="brs-die') == sum(c.row in ("available", "advanced", "used") for c in cells)
                sentence = boardview.step_sentence(now, s, cells, lang)
                assert "{" not in sentence and sentence
                assert "{" not in boardview.log_html(s, cells, lang) + boardview.info_card(s, lang)
            if move is not None:
                state = apply(state, move, dice)
        assert "Confrontación terminada" in boardview.step_sentence(step_now(state), view(state), board_cells(state), "es")
        said = boardview.journal_html(entries(setup, log), view(state), board_cells(state), "es")
        assert said.count("<li") == len(log)


def test_step_sentence_of_the_example_defence():
    setup = example_setup(SEED)
    moves = [{"move": "pick", "attacker": 0, "target": 1}]
    state = replay(setup, moves)
    avail = sorted(state.dice_of(0, "available"), key=lambda i: -state.dice[i].face)[:2]
    state = replay(setup, moves + [{"move": "attack", "dice": avail}])
    score = sum(state.dice[i].face for i in avail)
    text = boardview.step_sentence(step_now(state), view(state), board_cells(state), "es")
    assert text == f"Intercambio 1: Sharla defiende contra {score}"


def test_read_move_builds_engine_moves_from_the_controls():
    class Node:
        def __init__(self, value, checked=False):
            self.value, self.checked = value, checked

    nodes = {"brs-0-pick-attacker": Node("0"), "brs-0-pick-target": Node("1"), "brs-1-defend-sf": Node(""),
             "brs-1-devastate-choice-weakness": Node("weakness", True), "brs-1-devastate-size": Node("4"),
             "brs-1-devastate-trait": Node(" Cojea "), "brs-1-devastate-aspect": Node("strength"),
             "brs-1-devastate-claim": Node("", True), "brs-1-yield-leader": Node(""), "brs-1-yield-note": Node("")}
    get = nodes.get
    assert ui_brs_read.read_move("pick", 0, get, []) == {"move": "pick", "attacker": 0, "target": 1}
    assert ui_brs_read.read_move("defend", 1, get, [9, 10]) == {"move": "defend", "dice": [9, 10]}
    assert ui_brs_read.read_move("devastate", 1, get, []) == {
        "move": "devastate", "weakness": {"size": 4, "trait": "Cojea", "claim": True, "aspect": "strength"}}
    assert ui_brs_read.read_move("yield", 1, get, []) == {"move": "yield", "player": 1}
    assert ui_brs_read.read_move("bonus", 1, get, [], take="advantage") == {"move": "bonus", "take": "advantage"}


def test_setup_form_round_trips_the_example_and_keeps_bad_input():
    setup = example_setup(SEED)
    draft = setupform.from_setup(Setup.from_dict(setup).to_dict())
    html = setupform.render(draft, "es")
    assert 'id="brs-f-players-1-components-0-traits-3-aspect"' in html
    # the form makes fair-play (version 2) setups; the seed is added by the page when it starts
    assert Setup.from_dict(setupform.to_setup(draft)) == Setup.from_dict({**setup, "version": 2})
    assert 'id="brs-f-seed"' not in html

    class Field:
        def __init__(self, path, value, type_="text", checked=False):
            self.dataset = type("D", (), {"f": path})()
            self.value, self.type, self.checked = value, type_, checked

    draft = setupform.read(draft, [Field("players.0.advantage", "dos", "number"), Field("graveyard.dice_text", "4, d6"),
                           Field("spoils", "a\n\n b "), Field("back_down", "1"), Field("allow_d12", "", "checkbox", True)])
    assert draft.players[0].advantage == "dos"                  # kept as typed; the engine names the field
    out = setupform.to_setup(draft)
    assert out["graveyard"]["dice"] == [4, 6] and out["spoils"] == ["a", "b"] and out["back_down"] == 1
    assert setupform.path_of_error("players[0].components[1].traits[2].die") == "players.0.components.1.traits.2.die"
    draft = setupform.edit(draft, "add-trait", "players.1.components.0", "es")
    assert len(draft.players[1].components[0].traits) == 5
    draft = setupform.edit(draft, "del-player", "players.1", "es")      # never fewer than two participants
    assert len(draft.players) == 2


def test_store_keeps_the_other_parts_of_the_current_confrontation():
    st = store.Store(store.MemoryStorage())
    assert st.brs_current() == {"setup": None, "moves": [], "draft": None}
    st.set_brs_current(draft={"seed": "x"})
    st.set_brs_current(setup={"version": 1}, moves=[{"move": "pick"}])
    assert st.brs_current() == {"setup": {"version": 1}, "moves": [{"move": "pick"}], "draft": {"seed": "x"}}
    st.storage.setItem("tirada.brs.current", "[1, 2")             # damaged: set aside, not lost
    assert st.brs_current()["setup"] is None and "storage.corrupt" in st.problems
    assert st.storage.getItem("tirada.corrupt.tirada.brs.current") == "[1, 2"
