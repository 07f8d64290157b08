"""End to end (issue #42): a Confrontation two forum players can play without a guide — «Rendirse»
says what it ends and asks first (cancel keeps everything), and a move can be taken back until its
link is copied (never a move that rolled: docs/brs-pace.md §Taking a move back).

Moves are chosen by the engine tests' bot on the state decoded from the page's own link and made
through the page's controls (tests/helpers/brs_page.make_move).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.axe import axe_problems  # noqa: E402
from helpers.brs import actor, bot_move  # noqa: E402
from helpers.brs_page import link_of, make_move, moves_of  # noqa: E402
from helpers.page import take_seat  # noqa: E402

from tirada.systems.brs import replay  # noqa: E402
from tirada.systems.brs.link import decode_link  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "permissions": ["clipboard-read", "clipboard-write"]}


def start_example(page) -> None:
    """The seed's example started here, both sides on this device."""
    page.click("#tab-brs")
    page.click("#brs-example")
    page.click("#brs-start")
    page.wait_for_selector("#brs-game:not([hidden])")
    take_seat(page, "both")


def play_until(page, done, limit: int = 40):
    """Make the bot's moves through the page until ``done(state)``; the state then."""
    for _ in range(limit):
        state = replay(*decode_link(link_of(page)))
        if done(state):
            return state
        move = bot_move(state, gentle=True)
        make_move(page, move, actor(state, move))
    raise AssertionError("the state never came")


def test_yield_says_what_it_ends_asks_first_and_cancel_keeps_everything(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url)
    start_example(page)
    play_until(page, lambda s: page.locator("#brs-actions [data-yield-ask]").count() > 0)
    ask = page.locator("#brs-actions [data-yield-ask]").first
    p = ask.get_attribute("data-yield-ask")
    block = page.locator(f'#brs-actions fieldset[data-player="{p}"]')
    # before any tap the page says it ends the whole Confrontation, not the exchange
    expect(block).to_contain_text("termina toda la Confrontación, no solo este Intercambio")
    # the real Yield is not on screen until asked
    assert page.locator(f'#brs-actions [data-move="yield"][data-player="{p}"]').is_hidden()
    before, moves = link_of(page), len(moves_of(page))
    ask.click()
    question = page.locator(f"#brs-{p}-yield-confirm")
    expect(question).to_be_visible()
    expect(question).to_be_focused()
    expect(question).to_contain_text("¿Rendirte de verdad?")
    expect(ask).to_have_attribute("aria-expanded", "true")
    assert axe_problems(page) == []
    page.click(f'#brs-actions [data-yield-cancel="{p}"]')
    expect(question).to_be_hidden()
    expect(ask).to_be_focused()
    assert link_of(page) == before and len(moves_of(page)) == moves
    # by keyboard: Enter opens the question, Escape cancels it, nothing changes
    ask.focus()
    page.keyboard.press("Enter")
    expect(question).to_be_focused()
    page.keyboard.press("Escape")
    expect(question).to_be_hidden()
    expect(ask).to_be_focused()
    assert link_of(page) == before
    assert replay(*decode_link(before)).phase != "ended"


def test_a_move_is_taken_back_until_its_link_is_copied_never_a_roll(new_context, base_url):
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url)
    start_example(page)
    undo = page.locator("#brs-undo-button")
    expect(undo).to_be_hidden()                     # nothing made here yet
    empty = link_of(page)
    make_move(page, {"move": "pick", "attacker": 0, "target": 1}, 0)
    assert len(moves_of(page)) == 1
    expect(undo).to_be_visible()
    undo.click()
    expect(page.locator("#brs-status")).to_be_focused()
    assert link_of(page) == empty and moves_of(page) == []
    expect(page.locator("#brs-copy-status")).to_have_text("Movimiento deshecho.")
    expect(undo).to_be_hidden()
    # made again and copied: it is in the thread, no undo any more
    make_move(page, {"move": "pick", "attacker": 0, "target": 1}, 0)
    expect(undo).to_be_visible()
    page.click('[data-brs-copy="link"]')
    expect(page.locator("#brs-copy-status")).not_to_be_empty()
    expect(undo).to_be_hidden()
    state = replay(*decode_link(link_of(page)))
    make_move(page, bot_move(state), 0)            # Haster's attack: a choice among shown dice
    expect(undo).to_be_visible()
    # a move that rolls (Sharla's Advantage reroll) is final: signed with a chain number, no undo
    state = replay(*decode_link(link_of(page)))
    die = next(i for i in state.dice_of(1, "available") if state.dice[i].mark is None)
    make_move(page, {"move": "advantage", "die": die}, 1)
    made = moves_of(page)
    assert made[-1]["move"] == "advantage" and made[-1]["fresh"]["seq"] >= 1
    expect(undo).to_be_hidden()
