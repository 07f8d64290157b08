"""The Confrontation page's glue for the seed-audit rules (issue #15): the "an enemy will die" Vow
controls with the seed's words, and the Competencia card's reading and result. CPython only
(imports web/ from the repository). Rules: ../shared/rules/blood-red-sands.md §Corrections and
additions (seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tirada.systems.brs.contest import contest_view

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from brs import ui_brs_actions as actions  # noqa: E402
from brs import ui_brs_read  # noqa: E402
from brs import ui_brs_contest as contestview  # noqa: E402


def _get(values: dict):
    return lambda node_id: SimpleNamespace(value=values[node_id]) if node_id in values else None


def test_enemy_vow_controls_show_the_seed_words_and_read_back():
    from tirada.systems.brs.board_view import Choices

    det = {"vows": ["faction_fails", "enemy_dies"], "enemies": [{"component": 0, "name": "Horda", "devastated": 2}]}
    html = actions.group(1, Choices.from_dict({"vow": det}), (), ["A", "B"], "es", [])
    assert "no deberá tener más de 3" in html and "Rasgos Devastados" in html and 'id="brs-1-vow-enemy"' in html
    assert "Horda — 2 Rasgos Devastados" in html
    move = ui_brs_read.read_move("vow", 1, _get({"brs-1-vow-vow": "enemy_dies", "brs-1-vow-enemy": "0",
                                             "brs-1-vow-crossed": "1", "brs-1-vow-note": ""}), [])
    assert move == {"move": "vow", "player": 1, "vow": "enemy_dies", "enemy": 0, "crossed": 1}
    other = ui_brs_read.read_move("vow", 1, _get({"brs-1-vow-vow": "faction_fails", "brs-1-vow-enemy": "0"}), [])
    assert "enemy" not in other
    assert "brs-1-vow-enemy" not in actions.group(1, Choices.from_dict({"vow": {"vows": ["enemy_dies"]}}), (), ["A", "B"],
                                                  "es", [])


def test_contest_card_reads_dice_and_writes_the_result():
    assert contestview.dice_list("d8 6, D4 d7x") == [8, 6, 4, "d7x"]
    req = contestview.read_request(_get({"brs-contest-player": " Ilsa ", "brs-contest-player-dice": "d8 d6 d4",
                                         "brs-contest-world-dice": "d6 d6", "brs-contest-count": "2",
                                         "brs-contest-ties": "world"}))
    assert req == {"player": "Ilsa", "player_dice": [8, 6, 4], "world_dice": [6, 6], "count": 2, "ties": "world"}
    out = contest_view({**req, "faces": [7, 2, 4, 5, 6], "world": "Fuerzas del mundo"})
    html = contestview.result_html(out, "es")
    assert "Ilsa: d8 (7), d6 (2, —), d4 (4) → 11" in html and "Empate: gana Fuerzas del mundo" in html


def _stuck_hero(version: int):
    """The example Confrontation (seed 0) after the bot's pick and attack: Sharla, a Hero, is
    Overwhelmed with no Used or Battered dice yet."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/: tests/helpers
    from helpers.brs import bot_move
    from tirada.systems.brs import replay
    from tirada.systems.brs.example import example_setup
    from tirada.systems.brs.state import Setup

    setup = Setup.from_dict({**example_setup("0" * 32), "version": version}).to_dict()
    moves: list = []
    for _ in range(2):
        moves.append(bot_move(replay(setup, moves)))
    return replay(setup, moves)


@pytest.mark.parametrize("version", [1, 2])
def test_a_stuck_hero_who_cannot_vow_is_told_why(version):
    # seed 000: "un Héroe puede hacer un Voto … para Renovar sus dados Usados y Vapuleados"; with
    # none of them a version-2 Vow is refused (brs.vow_nothing), so the page says why it is missing
    from tirada.systems.brs.options import cells, choices, now as step
    from tirada.systems.brs.report import confrontation

    state = _stuck_hero(version)
    now, opts, summ = step(state), choices(state), confrontation(state)
    assert now.kind in ("stuck", "overwhelmed") and now.player == 1
    summ = summ.replace(players=tuple(p.replace(hero=True) if i == 1 else p for i, p in enumerate(summ.players)))
    names = list(summ.names)
    html = actions.action_bar(opts, cells(state), names, "es", [], now.player, summ, now)
    note = "Sharla no puede hacer ahora un Voto de Héroe"
    if version == 2:
        assert "vow" not in opts[1] and note in html
    else:   # version 1 keeps offering the Vow: no note
        assert "vow" in opts[1] and note not in html
