"""End to end (issue #29, docs/brs-pace.md): the seed's example Confrontation played by links between
two phone-sized browsers (360x640) with standing orders set, counting the posts.

Haster sets his orders in his first post, Sharla in hers (each through the "Órdenes permanentes"
panel, which offers each seat only its own player and quotes the seed's words). The page puts the
orders in front of that side's next move, so they travel in the link posted before the other side
rolls. From then on every choice the rules give the side that is not moving is taken by its orders:
at most one post per side per exchange. The final post names the winner and the Pain, and the thread
goes through the audit. The game is random (the page makes the seed): the test bot chooses each move
from the link's state and the page makes it (tests/helpers/brs_page.make_move handles every branch).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.brs import actor as _actor, bot_move  # noqa: E402
from helpers.brs_pace import ALL_ORDERS  # noqa: E402
from helpers.brs_page import link_of, make_move, open_link_in  # noqa: E402
from helpers.page import audit_text  # noqa: E402

from tirada.systems.brs import replay  # noqa: E402
from tirada.systems.brs.journal import journal  # noqa: E402
from tirada.systems.brs.link import decode_link  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "permissions": ["clipboard-read", "clipboard-write"]}


def post(page) -> str:
    """The forum post of the Confrontation as it stands: the copied BBCode snippet."""
    page.click('[data-brs-copy="bbcode"]')
    expect(page.locator("#brs-copy-status")).not_to_be_empty()
    return page.evaluate("navigator.clipboard.readText()")


def set_orders(page, player: int, orders: dict) -> None:
    """Set ``player``'s standing orders in the panel (its seed's words shown under each select)."""
    card = page.locator("#brs-orders-card")
    expect(card).to_be_visible()
    if card.get_attribute("open") is None:
        page.click("#brs-orders-card summary")
    assert page.locator('#brs-orders fieldset[data-player]').count() == 1      # this seat's own player only
    expect(page.locator("#brs-orders")).to_contain_text("Sharla jugó un dado de Fuerza")
    for key, choice in orders.items():
        page.select_option(f"#brs-order-{player}-{key}", choice)
        expect(page.locator(f"#brs-order-{player}-{key}")).to_have_value(choice)
    expect(page.locator(f'#brs-orders [data-orders-state="{player}"]')).to_contain_text("próximo movimiento")


def test_the_seed_example_by_links_with_standing_orders_is_one_post_per_side_per_exchange(new_context, base_url):
    ctx_a, _ = new_context(**PHONE)
    ctx_b, _ = new_context(**PHONE)
    haster = open_app(ctx_a.new_page(), base_url)
    if not haster.locator("#roller").is_visible():
        haster.click("#who summary")
    haster.fill("#roller", "Haster")                         # the roll view's roller: Haster's seat
    haster.click("#tab-brs")
    haster.click("#brs-example")
    haster.click("#brs-start")
    haster.wait_for_selector("#brs-game:not([hidden])")
    set_orders(haster, 0, ALL_ORDERS)

    pages, current, posts = {0: haster, 1: None}, 0, [link_of(haster)]
    for _ in range(150):
        setup, moves = decode_link(link_of(pages[current]))
        state = replay(setup, moves)
        if state.phase == "ended" and not state.pending:
            break
        move = bot_move(state, gentle=True)          # gentle: several exchanges before a Yield
        actor = _actor(state, move)
        side = state.setup.players[actor].side
        if side != current:                                  # a post: the other player opens it
            posts.append(post(pages[current]))
            link = link_of(pages[current])
            if pages[side] is None:
                pages[side] = open_app(ctx_b.new_page(), link)
                sharla = pages[side]
                sharla.wait_for_selector("#brs-seat [data-seat]")
                sharla.click('#brs-seat [data-seat="1"]')
                sharla.wait_for_selector("#brs-seat .brs-seat-line")
                set_orders(sharla, 1, ALL_ORDERS)
            else:
                open_link_in(pages[side], link)
            current = side
        make_move(pages[current], move, actor)
    else:
        pytest.fail("the Confrontation did not end")
    final = post(pages[current])
    posts.append(final)
    setup, moves = decode_link(link_of(pages[current]))
    state = replay(setup, moves)

    # each side's orders travel in its own first post, before the other side's dice
    orders = [(k, m["player"]) for k, m in enumerate(moves) if m["move"] == "orders"]
    assert [p for _, p in orders] == [0, 1], orders
    assert state.orders[0] == ALL_ORDERS and state.orders[1] == ALL_ORDERS
    assert any("order" in e for x in state.exchanges for e in x["events"]) or len(state.exchanges) < 2

    # the posts: runs of moves of one side; never two posts of one side in one exchange
    entries = journal(setup, moves)
    runs = []
    for e in entries:
        side = state.setup.players[e["player"]].side
        if not runs or runs[-1][0] != side:
            runs.append((side, e["round"], e["exchange"]))
    assert len(runs) == len(posts) - 1, (runs, len(posts))     # the first "post" is the start link
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
