"""The done-when of issue #42 (docs/brs-pace.md §A duel by forum posts, measured): two players, each on
their own phone (360x640), set up a player-vs-player Confrontation from scratch (the duel starting point
and a quick character line each, not an example) and play it to its end by passing links, counting
every action a person makes (open a link, tap, type, choose; a select already showing the wanted value
is no action): set-up at most 12 per side, at most one post per side per exchange, and a median of at
most 5 actions per post in every game. On every step the page asks no question that a standing order
set by that player answers, and axe-core finds nothing serious on every screen the Confrontation shows
(after every move, the set-up, the seat choice, the «Rendirse» question, the end; each kind of screen —
the kinds of its controls and parts, ``SIGNATURE`` — checked once per game, as the same kinds of
controls with other dice are the same page for axe-core) at 360x640 and at 1280x800 (the same page
widened: the boards unfold as on a desktop), and in every kind of post a reader opens on a desktop.

Which move to make is the test bot's (tests/helpers/brs.bot_move, gentle) on the state decoded from
the page's own link; the page makes it with its quickest controls (the quick attack, a quick defence, a
Renewal or a Vow that makes a pick with nothing to choose first, a Yield the page offers now when the
bot would pick only to Yield), else through the ordinary controls (tests/helpers/brs_page.make_move,
counted). Each action is logged by kind, so a post's count can be read (``-s`` prints them).
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.brs import actor, bot_move  # noqa: E402
from helpers.brs_page import SIGNATURE, axe_both, axe_new_state, link_of, make_move  # noqa: E402

from tirada.systems.brs import play, replay  # noqa: E402
from tirada.systems.brs.link import decode_link  # noqa: E402
from tirada.systems.brs.orders import QUICK_ORDERS  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "permissions": ["clipboard-read", "clipboard-write"]}
FOLDED = "() => [...document.querySelectorAll('#brs-boards details.brs-other')].every(d => !d.open)"


class Person:
    """A player's page that counts the actions made on it (the rest goes to the page unchanged)."""

    def __init__(self, page):
        self.page, self.actions, self.log = page, 0, []

    def __getattr__(self, name):
        return getattr(self.page, name)

    def click(self, selector, **kw):
        self.actions += 1
        self.log.append(selector)
        self.page.click(selector, **kw)

    def fill(self, selector, value, **kw):
        self.actions += 1
        self.log.append(selector)
        self.page.fill(selector, value, **kw)

    def press(self, key):
        self.actions += 1
        self.log.append("key " + key)
        self.page.keyboard.press(key)

    def select_option(self, selector, value, **kw):
        if self.page.locator(selector).input_value() != str(value):   # already showing it: nothing to do
            self.actions += 1
            self.log.append(selector)
            self.page.select_option(selector, value, **kw)

    def goto(self, url, **kw):
        self.actions += 1
        self.log.append("open the link")
        self.page.goto(url, **kw)


def state_of(page):
    return replay(*decode_link(link_of(page)))


def no_question_an_order_answers(page, seat_players: list) -> None:
    """No control on the page asks this seat's players a choice their own link orders answer."""
    state = state_of(page)
    for p in seat_players:
        orders = state.orders[p] if state.orders else None
        if orders is None:
            continue
        for key, how in orders.items():
            if key != "pick" and how != "ask":
                assert page.locator(f'#brs-actions [data-move="{key}"][data-player="{p}"]').count() == 0, (key, p)


def set_orders(person: Person, p: int) -> None:
    """The player's own orders in one tap: «Usar las órdenes rápidas» beside the moves (kept for their
    next Confrontations; the panel still edits each)."""
    person.click(f'#brs-orders-quick [data-quick-orders="{p}"]')
    expect(person.page.locator(f"#brs-orders-quick-{p}")).to_contain_text("próximo movimiento")
    expect(person.page.locator(f"#brs-orders-quick-{p}")).to_be_focused()


def set_up(person: Person, base_url: str) -> None:
    """Ryo's set-up of the duel: both fighters from quick lines (Aria's was posted in the thread)."""
    person.page = open_app(person.page, base_url)
    person.actions += 1                                     # opening the page
    person.click("#tab-brs")
    person.click('[data-start-point="duel"]')
    person.fill("#brs-f-players-0-name", "Ryo")
    person.fill("#brs-f-players-0-quick", "Fuerza d10 d6, Sutileza d8, Resistencia d6 d4")
    person.press("Enter")
    person.fill("#brs-f-players-1-name", "Aria")
    person.fill("#brs-f-players-1-quick", "Hechicería d10, Sutileza d8 d6, Resistencia d6, Fortaleza d4")
    person.press("Enter")
    axe_both(person.page)
    person.click("#brs-start")
    person.page.wait_for_selector("#brs-game:not([hidden])")
    person.click('#brs-seat [data-seat="0"]')


SEEN: set = set()        # the screens axe-core checked in this run (signatures)


def yield_now(person: Person, p: int) -> None:
    """``p`` Yields through the page: «Rendirse…», axe-core on the question, «Sí, rendirme»; or one
    tap when the page says no other move is left."""
    ask = f'#brs-actions [data-yield-ask="{p}"]'
    if person.page.locator(ask).count():
        person.click(ask)
        expect(person.page.locator(f"#brs-{p}-yield-confirm")).to_be_visible()
        axe_new_state(person.page, SEEN)
    make_move(person, {"move": "yield", "player": p}, p)


def one_move(person: Person, state, move: dict, who: int) -> None:
    """The bot's ``move`` of ``who`` with the page's quickest control: a quick defence or the quick
    attack (with the pick when there is nothing to choose) whenever the page offers one; at a pick
    with nothing to choose, the bot's next move after it (a Renewal, a Vow) on the button that makes
    both, or the Yield the page offers now when the bot would pick only to Yield; else the move
    through the ordinary controls (a Renewal, a Vow, a Yield, a pick with choices)."""
    page = person.page
    before = link_of(page)
    for quick in (f'#brs-actions fieldset[data-player="{who}"] [data-suggest]',
                  f'#brs-actions [data-quick-attack][data-player="{who}"]'):
        if page.locator(quick).count():
            person.log.append("(quick)")
            person.click(f"{quick} >> nth=0")
            page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
            assert page.locator("#brs-error").is_hidden(), page.inner_text("#brs-error")
            return
    if move["move"] == "pick":
        a = move["attacker"]
        nxt = bot_move(play(state, move), gentle=True)
        if nxt["move"] in ("renew", "vow") and page.locator(
                f'#brs-actions [data-move="{nxt["move"]}"][data-player="{a}"][data-pick]').count():
            person.log.append(f"(pick + {nxt['move']})")
            make_move(person, nxt, a)
            made = decode_link(link_of(page))[1][-2:]      # two moves of the log: the pick, then the one that
            assert made[0] == move and made[1]["move"] == nxt["move"]           # rolls, signed when made
            assert "fresh" in made[1] and "fresh" not in made[0], made
            return
        if nxt["move"] == "yield" and page.locator(f'#brs-actions [data-yield-ask="{a}"], '
                                                   f'#brs-actions [data-move="yield"][data-player="{a}"]').count():
            person.log.append("(yield instead of a pick)")
            yield_now(person, a)
            return
    if move["move"] == "yield":
        yield_now(person, who)
        return
    make_move(person, move, who)


def test_a_duel_set_up_from_scratch_and_played_by_links_within_the_action_budget(new_context, base_url):
    SEEN.clear()
    ctx_a, _ = new_context(**PHONE)
    ctx_b, _ = new_context(**PHONE)
    people = {0: Person(ctx_a.new_page()), 1: Person(ctx_b.new_page())}
    ctx_w, _ = new_context(viewport={"width": 1280, "height": 800})
    desk: list = []                 # a reader of the thread on a desktop: every post's link through axe
    set_up(people[0], base_url)
    setup_actions = {0: people[0].actions, 1: 0}
    opened = {0: True, 1: False}
    ordered = {0: False, 1: False}
    posts: list = []             # (side, exchange it started in, actions)
    post_logs: list = []         # the actions of each post, by kind
    log_start = len(people[0].log)
    current, start_actions = 0, people[0].actions      # the first post starts once the set-up is done
    posts_start_ex = 1
    for _ in range(200):
        state = state_of(people[current].page)
        if state.phase == "ended" and not state.pending:
            break
        move = bot_move(state, gentle=True)
        who = actor(state, move)
        side = state.setup.players[who].side
        if side != current:                                     # a post: copy, the other opens it
            person = people[current]
            person.click('[data-brs-copy="link"]')
            posts.append((current, posts_start_ex, person.actions - start_actions))
            post_logs.append(person.log[log_start:])
            link = link_of(person.page)
            if not desk:
                desk.append(open_app(ctx_w.new_page(), link))
            else:
                desk[0].goto(link)
            desk[0].wait_for_function("l => document.getElementById('brs-share-link').value === l", arg=link)
            if (sig := "desk " + desk[0].evaluate(SIGNATURE)) not in SEEN:
                SEEN.add(sig)
                assert axe_problems(desk[0]) == []
            other = people[side]
            if not opened[side]:
                other.page = open_app(other.page, link)
                other.actions += 1
                other.page.wait_for_selector("#brs-game:not([hidden])")
                axe_new_state(other.page, SEEN)                 # the seat choice
                other.click(f'#brs-seat [data-seat="{side}"]')
                setup_actions[side] = other.actions
                opened[side] = True
                start_actions = other.actions
                log_start = len(other.log)
            else:
                start_actions = other.actions              # opening the post's link is the post's first action
                log_start = len(other.log)
                other.goto(link)
                other.page.wait_for_function("l => document.getElementById('brs-share-link').value === l", arg=link)
            current, posts_start_ex = side, len(state.exchanges) + 1
            axe_new_state(other.page, SEEN)
        person = people[current]
        if not ordered[current]:                                # the player's own orders, once
            set_orders(person, current)
            axe_new_state(person.page, SEEN)
            ordered[current] = True
        no_question_an_order_answers(person.page, [current])
        person.log.append(f"== {move['move']}")
        one_move(person, state, move, who)
        no_question_an_order_answers(person.page, [current])
        axe_new_state(person.page, SEEN)                        # every kind of Confrontation screen
    else:
        raise AssertionError("the duel did not end")
    final = people[current]
    final.click('[data-brs-copy="link"]')
    posts.append((current, posts_start_ex, final.actions - start_actions))
    post_logs.append(final.log[log_start:])
    state = state_of(final.page)
    assert state.phase == "ended"
    axe_new_state(final.page, SEEN)
    for p in (0, 1):        # the quick orders went in the link, as that player's own
        assert state.orders[p] == QUICK_ORDERS, state.orders
    per_post = [n for _, _, n in posts]
    by_side_ex: dict = {}
    for s, ex, _ in posts:
        by_side_ex[(s, ex)] = by_side_ex.get((s, ex), 0) + 1
    report = {"setup": setup_actions, "posts": len(posts), "exchanges": len(state.exchanges),
              "median": statistics.median(per_post), "per_post": per_post, "worst": max(by_side_ex.values())}
    kinds = Counter(x for lg in post_logs for x in lg if x.startswith("("))
    print("issue #42 pace:", report, dict(kinds), "screens checked by axe-core:", len(SEEN))
    for n, lg in zip(per_post, post_logs):
        print("  post", n, [x for x in lg if not x.startswith("(")])
    assert setup_actions[0] <= 12 and setup_actions[1] <= 12, report
    assert max(by_side_ex.values()) <= 1, report
    assert statistics.median(per_post) <= 5, report
