"""End to end (issue #29, docs/brs-pace.md §On the page): standing orders on the Confrontation page.

* Orders being edited are kept in this browser's storage until posted: a reload keeps them, the next
  move carries them, and then the stored draft is gone (the link has them).
* An order left to "ask" stops the game for its player: two phones (360x640), Haster leaves his
  Strength, Endurance, ruling and Devastation orders at "Preguntarme", Sharla sets every order; when
  her post leads to a choice the rules give Haster, her page says it is his move, his page opens on
  "Te toca" with that choice in the first screen, he makes it himself (a move of the log, not an
  order's), and the thread goes through the audit. The dice are random (the page makes the seed): a
  game in which no such choice comes up (about one in nine with the test bot) is played again.
* The Leader's pick on a side of several players: a link of the three-player example where Sharla's
  order names the attacker opens on a phone with the pick offered to that attacker only, and the
  list of moves says the pick was her standing order's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import READY_TIMEOUT_MS, SETTLED, open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.brs_pace import ALL_ORDERS, three_at_exchange_2  # noqa: E402
from helpers.brs_page import (haster_at_the_example, link_of, make_move, moves_of, next_bot_move,  # noqa: E402
                              open_link_in, play_by_links, post, set_orders)
from helpers.page import audit_text, take_seat  # noqa: E402

from tirada.systems.brs import replay  # noqa: E402
from tirada.systems.brs.link import decode_link, encode_link  # noqa: E402
from tirada.systems.brs.orders import check_orders, ordered_attacker  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "permissions": ["clipboard-read", "clipboard-write"]}
ASKED = ("strength", "endurance", "ruling", "devastate")
HASTER = {"bonus": "die", "defeat": "largest"}          # the rest left to "ask"


def reload_app(page):
    """Reload the page (the address bar holds the Confrontation's latest link) and wait until ready."""
    page.reload()
    page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("#brs-game:not([hidden])")
    return page


def stored_drafts(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('tirada.brs.orders.v1') || '{}'"))


def started(page):
    page.click("#brs-start")
    page.wait_for_selector("#brs-game:not([hidden])")
    return page


def test_orders_being_edited_survive_a_reload_and_go_with_the_next_move(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    haster = started(haster_at_the_example(open_app(ctx.new_page(), base_url)))
    set_orders(haster, 0, {"strength": "battered", "bonus": "none"})
    wanted = check_orders({"strength": "battered", "bonus": "none"})
    assert [{p: check_orders(o) for p, o in game.items()} for game in stored_drafts(haster).values()] == [{"0": wanted}]
    haster = reload_app(haster)
    expect(haster.locator("#brs-order-0-strength")).to_have_value("battered")
    expect(haster.locator("#brs-order-0-bonus")).to_have_value("none")
    expect(haster.locator("#brs-order-0-endurance")).to_have_value("ask")
    expect(haster.locator('#brs-orders [data-orders-state="0"]')).to_contain_text("próximo movimiento")
    assert moves_of(haster) == []                             # not a move of its own

    state, move, actor, _side = next_bot_move(haster)         # Haster's pick: the orders go in front of it
    make_move(haster, move, actor)
    moves = moves_of(haster)
    assert moves[0] == {"move": "orders", "player": 0, "orders": wanted}
    assert moves[1]["move"] == move["move"]
    assert stored_drafts(haster) == {}                        # posted: the link has them now
    haster = reload_app(haster)
    expect(haster.locator('#brs-orders [data-orders-state="0"]')).to_contain_text("Son las que lleva el enlace")
    expect(haster.locator("#brs-order-0-strength")).to_have_value("battered")


def play_until_asked(ctx_a, ctx_b, base_url) -> dict | None:
    """One game from the example until Sharla's post leads to a choice Haster left to "ask" (then he
    makes it): ``{"posts", "kind", "pages"}``, or None when the game ended without such a choice."""
    haster = started(haster_at_the_example(open_app(ctx_a.new_page(), base_url)))
    set_orders(haster, 0, HASTER)
    pages, posts, seen = {0: haster, 1: None}, [], {}

    def hand_over(turn, current: int) -> None:
        state, move, _actor, side = turn
        posts.append(post(pages[current]))
        link = link_of(pages[current])
        if pages[side] is None:
            pages[side] = sharla = open_app(ctx_b.new_page(), link)
            sharla.wait_for_selector("#brs-seat [data-seat]")
            take_seat(sharla, "1")
            set_orders(sharla, 1, ALL_ORDERS)
            return
        stop = side == 0 and move["move"] in ASKED           # a choice Haster left to "ask": the game waits
        if stop:
            expect(pages[1].locator("#brs-turn")).to_contain_text("ahora mueve Haster")
            assert state.pending and state.pending[0][2] == 0 and state.orders[0][move["move"]] == "ask"
        open_link_in(pages[side], link)
        if stop:                                              # his phone opens on his choice
            expect(haster.locator("#brs-turn")).to_have_text("Te toca, Haster")
            group = '#brs-actions fieldset[data-player="0"]'
            expect(haster.locator(f'{group} [data-move="{move["move"]}"]')).to_be_visible()
            box = haster.locator(group).bounding_box()
            assert box is not None and 0 <= box["y"] < 640 - 24, box
            seen["kind"] = move["move"]

    play_by_links(pages, hand_over, after=lambda turn, page: "kind" in seen)   # stop once he has chosen
    return {"posts": posts, "kind": seen["kind"], "haster": haster} if "kind" in seen else None


def test_an_order_left_to_ask_stops_the_game_for_that_player(new_context, base_url):
    ctx_a, _ = new_context(**PHONE)
    ctx_b, _ = new_context(**PHONE)
    for _attempt in range(4):
        game = play_until_asked(ctx_a, ctx_b, base_url)
        if game is not None:
            break
    else:
        pytest.fail("no choice left to ask came up in four games")
    haster, kind = game["haster"], game["kind"]
    setup, moves = decode_link(link_of(haster))
    assert moves[-1]["move"] == kind                          # Haster's own move of the log, not an order's
    state = replay(setup, moves[:-1])
    assert state.pending[0][0] == kind and state.pending[0][2] == 0
    text = audit_text(haster, "\n".join(game["posts"] + [post(haster)]))
    assert "Todo en orden" in text, text[:600]


def test_the_leader_pick_order_gives_the_pick_to_the_attacker_it_names(new_context, base_url):
    setup, moves, state = three_at_exchange_2("defender")
    a = ordered_attacker(state)
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url + "#" + encode_link(setup, moves))
    page.wait_for_selector("#brs-seat [data-seat]")
    take_seat(page, "1")                                      # Sharla's side: Sharla, Kirra, Odo
    expect(page.locator("#brs-order-1-pick")).to_have_value("defender")     # the link's order
    assert page.locator('#brs-orders select[data-order="pick"]').count() == 1    # the Leader's only
    expect(page.locator("#brs-orders")).to_contain_text("el Líder de ese bando elige qué jugador atacará")
    picks = page.locator('#brs-actions [data-move="pick"]')
    expect(picks).to_have_count(1)
    assert picks.get_attribute("data-player") == str(a)       # the attacker picks, not the Leader
    options = page.eval_on_selector_all(f"#brs-{a}-pick-attacker option", "els => els.map(e => e.value)")
    assert options == [str(a)], options
    make_move(page, {"move": "pick", "attacker": a, "target": 0}, a)
    assert moves_of(page)[-1] == {"move": "pick", "attacker": a, "target": 0}
    expect(page.locator("#brs-moves-list")).to_contain_text("(orden permanente de Sharla)")
