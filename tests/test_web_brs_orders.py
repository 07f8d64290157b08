"""Standing orders on the page (issue #29, docs/brs-pace.md): the pure web/ui_brs_orders.py — the
panel of the seat's own players with the seed's words, the ``orders`` moves put before the seat's
next move — and the log's words for orders and for choices they took.

CPython only (imports web/ from the repository). Rules: ../shared/rules/blood-red-sands.md.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tirada.systems.brs import replay, summary
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.journal import journal
from tirada.systems.brs.options import board
from tirada.systems.brs.orders import ORDERS

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

import ui_brs_board as boardview  # noqa: E402
import ui_brs_orders as orderview  # noqa: E402
from render import esc  # noqa: E402
from strings import t  # noqa: E402

SEED = "00112233445566778899aabbccddeeff"
PICK = {"move": "pick", "attacker": 0, "target": 1}
ALL = {"strength": "battered", "endurance": "save", "ruling": "none", "devastate": "lose", "bonus": "die",
       "defeat": "largest"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_panel_shows_only_the_seat_players_with_every_key_and_the_seed_words(lang):
    state = replay(example_setup(SEED), [])
    html = orderview.panel_html(state, "1", {}, "k", lang)
    assert 'data-player="1"' in html and 'data-player="0"' not in html      # Sharla's seat only
    assert len(re.findall(r"<select ", html)) == len(ORDERS)
    for key in ORDERS:
        assert esc(t(f"brs.orders.{key}.seed", lang)) in html and esc(t(f"brs.orders.{key}", lang)) in html
    assert "Sharla jugó un dado de Fuerza" in html          # the seed's own words, in both languages
    assert t("brs.orders.in_link", lang) in html
    assert orderview.panel_html(state, "watch", {}, "k", lang) == ""
    assert len(re.findall(r"<fieldset", orderview.panel_html(state, "both", {}, "k", lang))) == 2


def test_a_changed_draft_is_marked_and_goes_before_the_seat_next_move_only_when_its_side_moves():
    state = replay(example_setup(SEED), [])
    drafts = {("k", 0): {**{k: "ask" for k in ORDERS}, **ALL}, ("k", 1): dict(ALL)}
    html = orderview.panel_html(state, "0", drafts, "k", "es")
    assert t("brs.orders.pending", "es") in html and 'value="battered" selected' in html
    # Haster's side picks now: his orders go first; Sharla's wait for her own post
    assert orderview.orders_first(state, "0", drafts, "k") == [{"move": "orders", "player": 0, "orders": drafts[("k", 0)]}]
    assert orderview.orders_first(state, "1", drafts, "k") == []
    # once in the link they are not sent again
    after = replay(example_setup(SEED), [{"move": "orders", "player": 0, "orders": drafts[("k", 0)]}])
    assert orderview.orders_first(after, "0", drafts, "k") == []
    assert t("brs.orders.in_link", "es") in orderview.panel_html(after, "0", drafts, "k", "es")
    assert orderview.orders_first(state, "watch", drafts, "k") == []


def test_the_log_tells_the_orders_and_each_choice_they_took():
    setup = example_setup()
    moves = [{"move": "orders", "player": 0, "orders": {"strength": "battered", "bonus": "none"}}, PICK,
             {"move": "attack", "dice": [0, 3]}, {"move": "defend", "dice": [9, 10, 11]}, {"move": "endurance", "die": 10}]
    state = replay(setup, moves)
    summ, cells = summary(state), board(state)
    summ["sides"] = list(state.setup.sides)
    names = boardview.names_of(summ)
    line = boardview.journal_line(journal(setup, moves)[0], names, cells, "es")
    assert line == ("Haster — fija sus órdenes permanentes: Fuerza del rival: qué dado tuyo se daña: Uno de cara par "
                    "(solo queda Vapuleado), el más pequeño; Premio por Vapulear: Nada")
    log = boardview.log_html(summ, cells, "es")
    assert "(orden permanente de Haster)" in log
    assert "(Haster&#x27;s standing order)" in boardview.log_html(summ, cells, "en")
