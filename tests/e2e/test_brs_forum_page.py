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
from helpers.brs_page import axe_both, axe_new_state, haster_at_the_example, link_of, make_move, moves_of, set_orders  # noqa: E402,E501
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


def test_yield_says_what_it_ends_asks_first_and_cancel_keeps_everything(warm_page):
    page = warm_page(**PHONE)
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


def test_a_move_is_taken_back_until_its_link_is_copied_never_a_roll(warm_page):
    page = warm_page(**PHONE)
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


def sides_are(page, a: str, b: str) -> None:
    expect(page.locator("#brs-f-sides-0")).to_have_value(a)
    expect(page.locator("#brs-f-sides-1")).to_have_value(b)


def test_typed_side_names_survive_every_path_that_redraws_the_setup(warm_page):
    page = warm_page(**PHONE)
    page.click("#tab-brs")
    page.fill("#brs-f-sides-0", "Los de Ryo")
    page.fill("#brs-f-sides-1", "Casa de Aria")
    page.click('[data-act="add-player"]')
    sides_are(page, "Los de Ryo", "Casa de Aria")
    page.click('[data-act="add-trait"] >> nth=0')
    sides_are(page, "Los de Ryo", "Casa de Aria")
    page.check("#brs-f-allow_d12")
    sides_are(page, "Los de Ryo", "Casa de Aria")
    page.click("#lang")                       # English and back: the form is drawn again each time
    expect(page.locator("html")).to_have_attribute("lang", "en")
    sides_are(page, "Los de Ryo", "Casa de Aria")
    page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.click("#brs-example")                # the example's fighters, the player's side names
    expect(page.locator("#brs-f-players-0-name")).to_have_value("Haster")
    sides_are(page, "Los de Ryo", "Casa de Aria")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    page.click("#tab-brs")
    sides_are(page, "Los de Ryo", "Casa de Aria")
    page.click("#brs-start")
    page.wait_for_selector("#brs-game:not([hidden])")
    take_seat(page, "both")
    assert decode_link(link_of(page))[0]["sides"] == ["Los de Ryo", "Casa de Aria"]
    page.click("#brs-new")                    # «Nueva Confrontación»: the names are still the typed ones
    sides_are(page, "Los de Ryo", "Casa de Aria")
    page.fill("#brs-f-sides-1", "Aria sola")  # typed again: the new name is the one kept
    page.click('[data-act="add-player"]')
    sides_are(page, "Los de Ryo", "Aria sola")


def test_standing_orders_belong_to_the_player_across_new_confrontations(warm_page):
    page = haster_at_the_example(warm_page(**PHONE))
    page.click("#brs-start")
    page.wait_for_selector("#brs-game:not([hidden])")
    set_orders(page, 0, {"strength": "battered", "ruling": "none"})
    page.click("#brs-new")
    before = link_of(page)
    page.click("#brs-start")
    page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
    assert moves_of(page) == []
    # the new Confrontation starts with Haster's own orders, ready to go with his first move
    if page.locator("#brs-orders-card").get_attribute("open") is None:
        page.click("#brs-orders-card summary")
    expect(page.locator("#brs-order-0-strength")).to_have_value("battered")
    expect(page.locator("#brs-order-0-ruling")).to_have_value("none")
    expect(page.locator('#brs-orders [data-orders-state="0"]')).to_contain_text("próximo movimiento")
    make_move(page, {"move": "pick", "attacker": 0, "target": 1}, 0)
    first = moves_of(page)[0]
    assert first["move"] == "orders" and first["player"] == 0
    assert first["orders"]["strength"] == "battered" and first["orders"]["ruling"] == "none"
    # editable any time: changed now, it goes with his next move
    page.select_option("#brs-order-0-strength", "smallest")
    expect(page.locator('#brs-orders [data-orders-state="0"]')).to_contain_text("próximo movimiento")


def test_a_confrontation_link_opened_on_a_phone_shows_its_tab_whole(warm_page, new_context):
    page = warm_page(**PHONE)
    start_example(page)
    link = link_of(page)
    other, _ = new_context(**PHONE)
    phone = open_app(other.new_page(), link)              # a fresh phone opens the post's link
    phone.wait_for_selector("#brs-game:not([hidden])")
    expect(phone.locator("#tab-brs")).to_have_attribute("aria-current", "page")
    tab, row = phone.locator("#tab-brs").bounding_box(), phone.locator("#tabs").bounding_box()
    assert row["x"] <= tab["x"] and tab["x"] + tab["width"] <= row["x"] + row["width"] + 0.5, (tab, row)
    more = phone.locator("#tabs-more")
    if more.is_visible():                                 # the «Más →» cue stands beside it, never over it
        assert tab["x"] + tab["width"] <= more.bounding_box()["x"] + 0.5


def test_a_duel_between_two_players_set_up_from_quick_lines(warm_page):
    page = warm_page(**PHONE)
    page.click("#tab-brs")
    page.click('[data-start-point="duel"]')
    expect(page.locator("#brs-f-players-0-name")).to_be_focused()
    expect(page.locator("#brs-f-players-0-hero")).to_be_checked()     # two players: both Heroes
    page.fill("#brs-f-players-0-name", "Ryo")
    page.fill("#brs-f-players-0-quick", "Fuerza d10 d6, Destreza d8")  # «Destreza» is no Aspect
    page.click('[data-act="quick"][data-path="players.0"]')
    error = page.locator("#brs-setup-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("«Destreza» no es un Aspecto")
    expect(page.locator("#brs-f-players-0-quick")).to_be_focused()
    expect(page.locator("#brs-f-players-0-quick")).to_have_value("Fuerza d10 d6, Destreza d8")   # nothing lost
    page.fill("#brs-f-players-0-quick", "Fuerza d10 d6, Sutileza d8, Resistencia d6 d4")
    page.keyboard.press("Enter")                                       # Enter fills, never starts
    expect(page.locator("#brs-f-players-0-components-0-traits-4-die")).to_have_value("4")
    expect(error).to_be_hidden()
    page.fill("#brs-f-players-1-name", "Aria")
    page.fill("#brs-f-players-1-quick", "Hechicería d10, Sutileza d8 d6, Resistencia d6, Fortaleza d4")
    page.click('[data-act="quick"][data-path="players.1"]')
    expect(page.locator("#brs-f-players-1-components-0-traits-4-aspect")).to_have_value("fortaleza")
    page.click("#brs-start")
    page.wait_for_selector("#brs-game:not([hidden])")
    setup = decode_link(link_of(page))[0]
    assert [p["name"] for p in setup["players"]] == ["Ryo", "Aria"]
    assert [len(p["components"][0]["traits"]) for p in setup["players"]] == [5, 5]
    assert all(p["hero"] and p["leader"] for p in setup["players"])
    assert axe_problems(page) == []


def fits_one_screen(page, who: int, kind: str, height: int) -> None:
    """The dice ``who`` chooses from and the button confirming them show together in one screen."""
    picker = page.locator(f'#brs-actions fieldset[data-player="{who}"] .brs-picker')
    button = page.locator(f'#brs-actions [data-move="{kind}"][data-player="{who}"]')
    picker.scroll_into_view_if_needed()
    top, bottom = picker.bounding_box(), button.bounding_box()
    assert bottom["y"] + bottom["height"] - top["y"] <= height, (kind, top, bottom)


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_choosing_dice_and_confirming_fit_one_screen(warm_page, size):
    page = warm_page(viewport={"width": size[0], "height": size[1]})
    start_example(page)
    for _ in range(6):       # the page's seed may leave Sharla Overwhelmed (no defence): a new one then
        make_move(page, {"move": "pick", "attacker": 0, "target": 1}, 0)
        fits_one_screen(page, 0, "attack", size[1])
        assert axe_problems(page) == []
        make_move(page, bot_move(replay(*decode_link(link_of(page))), gentle=True), 0)      # Haster attacks
        if page.locator('#brs-actions [data-move="defend"][data-player="1"]').count():
            break
        before = link_of(page)
        page.click("#brs-new")
        page.click("#brs-start")
        page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
        take_seat(page, "both")
    fits_one_screen(page, 1, "defend", size[1])                            # Sharla defends
    assert axe_problems(page) == []


def test_a_participant_picked_from_my_data(warm_page):
    import json

    from tirada import storage

    page = warm_page(**PHONE)
    sheet = {"components": [{"name": "Ryo, espada a sueldo", "traits": [
        {"trait": "Golpe de espadón", "die": 10, "aspect": "strength"}, {"trait": "Ojo", "die": 8, "aspect": "cunning"}]}]}
    chars = [{"id": "ryo", "system": "brs", "name": "Ryo", "campaign": "", "updated": 0, "sheet": sheet}]
    page.evaluate("d => localStorage.setItem('tirada.characters.v1', d)", json.dumps(storage.characters_doc(chars)))
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    page.click("#tab-brs")
    page.click('[data-start-point="duel"]')
    page.select_option("#brs-f-players-0-mine", "ryo")               # one action: name and Traits
    expect(page.locator("#brs-f-players-0-name")).to_have_value("Ryo")
    expect(page.locator("#brs-f-players-0-components-0-traits-0-trait")).to_have_value("Golpe de espadón")
    expect(page.locator("#brs-f-players-0-components-0-traits-1-die")).to_have_value("8")
    expect(page.locator("#brs-f-players-0-mine")).to_be_focused()


def test_every_kind_of_confrontation_screen_passes_axe_at_360_and_1280(warm_page):
    """axe-core finds nothing serious on every kind of Confrontation screen (issue #42), at 360x640 and
    at 1280x800 (helpers.brs_page.axe_both): the set-up with a quick line refused, then the seed's
    example on one device (both sides, no standing orders, so every owed choice that comes is asked:
    Strength, Endurance, the manual rulings, a die Devastated…), a move
    refused with its reason, the orders panel open, the «Rendirse» question, to the end — after every
    move, each new kind of screen (helpers.brs_page.SIGNATURE) once (a tab of this worker's shared
    phone context: what is checked is every screen, not a first visit; issue #37)."""
    page = warm_page(**PHONE)
    page.click("#tab-brs")
    page.click('[data-start-point="duel"]')
    page.fill("#brs-f-players-0-quick", "Fuerza d10, Destreza d8")              # refused, said beside it
    page.click('[data-act="quick"][data-path="players.0"]')
    expect(page.locator("#brs-setup-error")).to_be_visible()
    axe_both(page)
    start_example(page)
    seen: set = set()
    axe_new_state(page, seen)
    page.click("#brs-orders-card summary")                                       # the orders panel open
    axe_new_state(page, seen)
    page.click("#brs-orders-card summary")
    state = replay(*decode_link(link_of(page)))
    move = bot_move(state, gentle=True)
    make_move(page, move, actor(state, move))                                   # the pick
    attack = '#brs-actions [data-move="attack"]'
    page.eval_on_selector(attack, "b => { b.disabled = false; }")               # a move the engine refuses
    page.click(attack)
    expect(page.locator("#brs-error")).to_be_visible()
    axe_new_state(page, seen)
    kinds: set = set()
    wanted = {"strength", "ruling", "renew", "vow", "yield"}
    for game in range(3):
        # the page's dice decide which screens a game shows: about 1 game in 70 of the example lacks one of
        # ``wanted`` (counted over 600 games of the engine with this bot); a new Confrontation then
        if game:
            before = link_of(page)
            page.click("#brs-new")
            page.click("#brs-start")
            page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
            take_seat(page, "both")
        for _ in range(150):
            state = replay(*decode_link(link_of(page)))
            if state.phase == "ended" and not state.pending:
                break
            # a vow's screen once the renewal's has come (renewing first, 1 game in 25 never vows)
            move = bot_move(state, gentle=True, vow_first="vow" not in kinds and "renew" in kinds)
            who = actor(state, move)
            kinds.add(move["move"])
            ask = f'#brs-actions [data-yield-ask="{who}"]'
            if move["move"] == "yield" and page.locator(ask).count():
                page.click(ask)                                                 # the «Rendirse» question
                axe_new_state(page, seen)
            make_move(page, move, who)
            axe_new_state(page, seen)
        else:
            raise AssertionError("the Confrontation did not end")
        assert page.locator("#brs-end").is_visible()
        if wanted <= kinds:
            break
    # screens of owed choices and of a stuck or Overwhelmed fighter came and were checked (Endurance, a die
    # Devastated and the others are checked when their game has them)
    assert wanted <= kinds, kinds
    assert len(seen) >= 8, seen
