"""Standing orders on the page (issue #29, docs/brs-pace.md): the pure web/brs/ui_brs_orders.py — the
panel of the seat's own players with the seed's words, the ``orders`` moves put before the seat's
next move — and the log's words for orders and for choices they took.

CPython only (imports web/ from the repository). Rules: ../shared/rules/blood-red-sands.md.
"""

from __future__ import annotations

import json
import re
import sys

import pytest

from helpers.brs_pace import example_three, three_at_exchange_2
from tirada.systems.brs import replay
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.journal import entries
from tirada.systems.brs.options import cells as board_cells
from tirada.systems.brs.report import confrontation
from tirada.systems.brs.orders import ORDERS, ordered_attacker

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from brs import ui_brs_board as boardview  # noqa: E402
from shell import store  # noqa: E402
from brs import ui_brs_orders as orderview  # noqa: E402
from shell.render import esc  # noqa: E402
from shell.strings import t  # noqa: E402

SEED = "00112233445566778899aabbccddeeff"
PICK = {"move": "pick", "attacker": 0, "target": 1}
ALL = {"strength": "battered", "endurance": "save", "ruling": "none", "devastate": "lose", "bonus": "die",
       "defeat": "largest"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_panel_shows_only_the_seat_players_with_every_key_and_the_seed_words(lang):
    state = replay(example_setup(SEED), [])
    html = orderview.panel_html(state, "1", {}, "k", lang)
    assert 'data-player="1"' in html and 'data-player="0"' not in html      # Sharla's seat only
    assert len(re.findall(r"<select ", html)) == len(ORDERS) - 1      # no pick: a side of one player
    assert 'data-order="pick"' not in html
    for key in ORDERS:
        if key == "pick":
            continue
        told = t(f"brs.orders.{key}.seed", lang).format(player="Sharla", other="Haster")
        assert esc(told) in html and esc(t(f"brs.orders.{key}", lang)) in html
    # the rule told with the fighters of this Confrontation (issue #42): Sharla's panel, Haster's Strength
    assert {"es": "Si Haster juega un dado de Fuerza, a Sharla", "en": "When Haster plays a Strength die, Sharla"}[lang] in html
    assert t("brs.orders.in_link", lang) in html
    assert orderview.panel_html(state, "watch", {}, "k", lang) == ""
    assert len(re.findall(r"<fieldset", orderview.panel_html(state, "both", {}, "k", lang))) == 2


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_leader_of_a_side_of_several_sets_whom_she_picks_with_the_seed_words(lang):
    state = replay(example_three(example_setup(SEED)), [])
    html = orderview.panel_html(state, "1", {}, "k", lang)
    assert len(re.findall(r"<fieldset", html)) == 3                      # Sharla, Kirra, Odo
    assert html.count('data-order="pick"') == 1 and 'id="brs-order-1-pick"' in html    # the Leader only
    assert esc(t("brs.orders.pick.seed", lang)) in html and "el Líder de ese bando elige qué jugador atacará" in html
    for choice in ORDERS["pick"][1:]:
        assert esc(t(f"brs.orders.pick.{choice}", lang)) in html


def test_a_pick_made_by_the_leader_order_says_so_in_the_log():
    setup, moves, state = three_at_exchange_2("self")
    a = ordered_attacker(state)
    moves.append({"move": "pick", "attacker": a, "target": 0})
    state = replay(setup, moves)
    summ, cells = confrontation(state), board_cells(state)
    names = boardview.names_of(summ)
    line = boardview.journal_line(entries(setup, moves)[-1], names, cells, "es")
    assert line == f"{names[a]} — elige el ataque: {names[a]} → Haster (orden permanente de Sharla)", line


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


def test_drafts_are_stored_per_confrontation_and_player_and_read_back_after_a_reload():
    st = store.Store(store.MemoryStorage())
    assert st.brs_order_drafts("k") == {}
    st.set_brs_order_draft("k", 0, dict(ALL))
    st.set_brs_order_draft("k", 1, {"strength": "smallest"})
    st.set_brs_order_draft("other", 0, {"bonus": "none"})
    again = store.Store(st.storage)                          # a reload: a new page, the same storage
    assert again.brs_order_drafts("k") == {"0": ALL, "1": {"strength": "smallest"}}
    state = replay(example_setup(SEED), [])
    drafts, problems, posted = orderview.read_drafts(state, "k", again.brs_order_drafts("k"))
    assert drafts == {("k", 0): {**ALL, **{k: "ask" for k in ORDERS if k not in ALL}},
                      ("k", 1): {**{k: "ask" for k in ORDERS}, "strength": "smallest"}}
    assert problems == [] and posted == []
    assert 'value="battered" selected' in orderview.panel_html(state, "0", drafts, "k", "es")
    again.set_brs_order_draft("k", 0, None)                  # posted: forgotten; the others stay
    assert st.brs_order_drafts("k") == {"1": {"strength": "smallest"}} and st.brs_order_drafts("other")
    again.set_brs_order_draft("k", 1, None)
    assert "k" not in json.loads(st.storage.getItem(st.BRS_ORDERS_KEY))
    for k in range(st.BRS_SEATS_CAP + 3):                     # the newest Confrontations kept
        st.set_brs_order_draft(f"c{k}", 0, {"bonus": "none"})
    assert len(json.loads(st.storage.getItem(st.BRS_ORDERS_KEY))) == st.BRS_SEATS_CAP


def test_drafts_the_link_already_carries_are_forgotten():
    moves = [{"move": "orders", "player": 0, "orders": dict(ALL)}]
    state = replay(example_setup(SEED), moves)
    drafts, problems, posted = orderview.read_drafts(state, "k", {"0": dict(ALL)})
    assert drafts == {} and problems == [] and posted == ["0"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bad_or_stale_stored_drafts_get_a_coded_message_and_stay_stored(lang):
    st = store.Store(store.MemoryStorage())
    raw = {"0": {"strength": "sideways"}, "1": {"bonus": "die"}, "7": {"bonus": "die"}, "x": {}}
    st.storage.setItem(st.BRS_ORDERS_KEY, json.dumps({"k": raw}))
    state = replay(example_setup(SEED), [])
    drafts, problems, posted = orderview.read_drafts(state, "k", st.brs_order_drafts("k"))
    assert list(drafts) == [("k", 1)] and posted == []
    assert [(key, err.code) for key, err in problems] == [("0", "brs.orders_draft_bad"), ("7", "brs.orders_draft_stale"),
                                                          ("x", "brs.orders_draft_stale")]
    html = orderview.problems_html(problems, lang)
    assert html.count('class="field-error"') == 3 and "Haster" in html and "strength" in html
    assert "err." not in html and "{" not in html                # every message in the catalog, filled
    assert json.loads(st.storage.getItem(st.BRS_ORDERS_KEY)) == {"k": raw}    # nothing lost
    assert st.problems == []
    # a Yielded player's draft can no longer be posted
    gone = state.with_player(1, active=False)
    assert [e.code for _, e in orderview.read_drafts(gone, "k", {"1": {"bonus": "die"}})[1]] == ["brs.orders_draft_stale"]


def test_a_stored_value_not_a_table_of_drafts_is_set_aside_with_the_storage_notice():
    st = store.Store(store.MemoryStorage())
    st.storage.setItem(st.BRS_ORDERS_KEY, json.dumps({"k": ["battered"]}))
    assert st.brs_order_drafts("k") == {}
    assert st.problems == ["storage.corrupt"]
    assert json.loads(st.storage.getItem("tirada.corrupt." + st.BRS_ORDERS_KEY)) == {"k": ["battered"]}


def test_the_log_tells_the_orders_and_each_choice_they_took():
    setup = example_setup()
    moves = [{"move": "orders", "player": 0, "orders": {"strength": "battered", "bonus": "none"}}, PICK,
             {"move": "attack", "dice": [0, 3]}, {"move": "defend", "dice": [9, 10, 11]}, {"move": "endurance", "die": 10}]
    state = replay(setup, moves)
    summ, cells = confrontation(state), board_cells(state)
    names = boardview.names_of(summ)
    line = boardview.journal_line(entries(setup, moves)[0], names, cells, "es")
    assert line == ("Haster — fija sus órdenes permanentes: Fuerza del rival: qué dado tuyo se daña: Uno de cara par "
                    "(solo queda Vapuleado), el más pequeño; Premio por Vapulear: Nada")
    log = boardview.log_html(summ, cells, "es")
    assert "(orden permanente de Haster)" in log
    assert "(Haster&#x27;s standing order)" in boardview.log_html(summ, cells, "en")
