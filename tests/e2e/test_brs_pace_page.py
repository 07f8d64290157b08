"""End to end (issue #29, docs/brs-pace.md): the seed's example Confrontation played by links between
two phone-sized browsers (360x640) with standing orders set, counting the posts.

Haster sets his orders in his first post, Sharla in hers (each through the "Órdenes permanentes"
panel, which offers each seat only its own player and quotes the seed's words). The page puts the
orders in front of that side's next move, so they travel in the link posted before the other side
rolls. From then on every choice the rules give the side that is not moving is taken by its orders:
at most one post per side per exchange. The final post names the winner and the Pain, and the thread
goes through the audit. Before the fight the Spoils are bid by links too: Haster names a Pain, Sharla
opens his link in a fresh phone and names hers, Haster Calls and starts. The game is random (the page makes the seed): the test bot chooses each move
from the link's state and the page makes it (tests/helpers/brs_page.make_move handles every branch).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.brs_pace import ALL_ORDERS  # noqa: E402
from helpers.brs_page import haster_at_the_example, link_of, open_link_in, play_by_links, post, set_orders  # noqa: E402
from helpers.page import audit_text, take_seat  # noqa: E402

from tirada.wire.codec import decode_payload  # noqa: E402
from tirada.systems.brs import replay  # noqa: E402
from tirada.systems.brs.journal import journal  # noqa: E402
from tirada.systems.brs.link import decode_link  # noqa: E402
from tirada.systems.brs.orders import check_orders  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "permissions": ["clipboard-read", "clipboard-write"]}


def bid(page, act: str, text: str = "") -> None:
    """Make one bid in the bidding box; wait for its link."""
    before = page.locator("#brs-bid-link").input_value()
    page.select_option("#brs-f-prefight-act", act)
    if text:
        page.fill("#brs-f-prefight-text", text)
    page.click('#brs-prefight [data-pf-act="bid"]')
    page.wait_for_function("l => document.getElementById('brs-bid-link').value !== l", arg=before)


def bid_link(page) -> str:
    """The bidding's link as the page shows it (the post of one bid)."""
    expect(page.locator("#brs-bid-share")).to_be_visible()
    return page.locator("#brs-bid-link").input_value()


def test_the_seed_example_by_links_with_standing_orders_is_one_post_per_side_per_exchange(new_context, base_url):
    ctx_a, _ = new_context(**PHONE)
    ctx_b, _ = new_context(**PHONE)
    haster = haster_at_the_example(open_app(ctx_a.new_page(), base_url))   # his seat: from the roller's name

    # the Spoils by links: each bid a link the other side opens in their own browser and answers
    bid(haster, "pain", "Sharla pierde el mapa")
    posts = [bid_link(haster)]
    sharla = open_app(ctx_b.new_page(), posts[-1])           # a fresh phone opens the bidding link
    expect(sharla.locator("#brs-pf-turn")).to_have_text("Puja: Sharla")
    expect(sharla.locator("#brs-prefight")).to_contain_text("Sharla pierde el mapa")
    bid(sharla, "pain", "Haster queda en deuda con ella")
    posts.append(bid_link(sharla))
    haster.goto(posts[-1])
    expect(haster.locator("#brs-pf-turn")).to_have_text("Puja: Haster (Cronista)")
    bid(haster, "call")                                       # the Call: the Spoils stand, the fight starts
    expect(haster.locator("#brs-pf-result")).to_contain_text("Se vio la puja")
    called = bid_link(haster)
    assert decode_payload(called)[1]["bids"][-1] == {"act": "call"}
    assert "seed" not in decode_payload(called)[1]["setup"]     # nothing of the fight knowable while bidding
    haster.click("#brs-start")
    haster.wait_for_selector("#brs-game:not([hidden])")
    set_orders(haster, 0, ALL_ORDERS)
    assert decode_link(link_of(haster))[0]["spoils"] == ["Haster (Cronista): Sharla pierde el mapa",
                                                          "Sharla: Haster queda en deuda con ella"]

    pages, pending_call, seated = {0: haster, 1: sharla}, called, False   # the Call goes with Haster's first move

    def hand_over(turn, current: int) -> None:
        nonlocal pending_call, seated
        posts.append((pending_call + "\n" if pending_call else "") + post(pages[current]))
        pending_call = ""
        link = link_of(pages[current])
        if not seated:                                       # her first look at the fight: she takes her seat
            seated = True
            sharla.goto(link)
            sharla.wait_for_selector("#brs-seat [data-seat]")
            take_seat(sharla, "1")
            set_orders(sharla, 1, ALL_ORDERS)
        else:
            open_link_in(pages[turn[3]], link)

    current = play_by_links(pages, hand_over)
    final = post(pages[current])
    posts.append(final)
    setup, moves = decode_link(link_of(pages[current]))
    state = replay(setup, moves)

    # each side's orders travel in its own first post, before the other side's dice
    orders = [(k, m["player"]) for k, m in enumerate(moves) if m["move"] == "orders"]
    assert [p for _, p in orders] == [0, 1], orders
    assert state.orders[0] == check_orders(ALL_ORDERS) and state.orders[1] == check_orders(ALL_ORDERS)
    assert any("order" in e for x in state.exchanges for e in x["events"]) or len(state.exchanges) < 2

    # the posts: runs of moves of one side; never two posts of one side in one exchange
    entries = journal(setup, moves)
    runs = []
    for e in entries:
        side = state.setup.players[e["player"]].side
        if not runs or runs[-1][0] != side:
            runs.append((side, e["round"], e["exchange"]))
    assert len(runs) == len(posts) - 2, (runs, len(posts))     # two bid posts before the fight's first
    for side in (0, 1):
        starts = [(r, x) for s, r, x in runs if s == side]
        assert len(starts) == len(set(starts)), (side, runs)
    exchanges = len(state.exchanges) + (1 if state.current is not None else 0)
    assert max(sum(1 for s, _, _ in runs if s == side) for side in (0, 1)) <= exchanges, (runs, exchanges)

    # the final post names the winner and the Pain that falls on the loser
    winner = state.setup.sides[1 - state.loser]
    assert f"Gana {winner}" in final, final
    pain = "Sharla pierde el mapa" if state.loser == 1 else "Haster queda en deuda con ella"
    assert pain in final, final

    text = audit_text(haster, "\n".join(posts))
    assert "Todo en orden" in text, text[:600]
