"""End to end (issue #29): two people play the seed's example Confrontation by links, each in their own
phone-sized browser (360x640), each at their own seat.

Haster's browser knows its seat from the roll view's roller name; Sharla's asks once. Every link each
of them opens offers only their own side's moves (never the other side's "Gastar Ventaja"), opens on
the last move in words and on what this reader must do, inside the first screen (bounding boxes
measured, focus on the status), with the other side's board folded to one line. Each post (the
copied BBCode snippet) tells what was advanced with which dice and faces; the final post names the
winner and the Pain. A third reader who plays neither side sees the game read-only. The thread of
posts goes through the audit, which lists each person once: Sharla is played by Bea (her «Mis datos»
name), so Sharla's moves that roll are numbered in Bea's chain (``fresh.by``, docs/link-format.md
§16.6.1) and counted under Bea, never under a person «Sharla».
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.brs_page import haster_at_the_example, link_of, make_move, open_link_in, play_by_links, post  # noqa: E402
from helpers.page import audit_text, take_seat  # noqa: E402

from tirada.systems.brs import replay  # noqa: E402
from tirada.systems.brs.link import decode_link  # noqa: E402
from tirada.systems.brs.signed import signed_entries  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "permissions": ["clipboard-read", "clipboard-write"]}
SCREEN = 640


def sign_as(page, name: str) -> None:
    """Fill «Mis datos» (the roll view's roller) with ``name`` and come back to the Confrontation."""
    page.click("#tab-roll")
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", name)
    page.click("#tab-brs")
    page.wait_for_selector("#brs-game:not([hidden])")


def in_first_screen(page, selector: str) -> bool:
    """The element's top edge is inside the viewport as the page shows it now."""
    box = page.locator(selector).first.bounding_box()
    return box is not None and 0 <= box["y"] < SCREEN - 24


def layout(page) -> list:
    """Top and height of what stands above the mover's controls, with the texts: why they moved down."""
    return page.evaluate("""() => ['brs-status', 'brs-last', 'brs-turn', 'brs-step', 'brs-seat', 'brs-error',
        'brs-actions-heading'].map(id => { const e = document.getElementById(id), r = e.getBoundingClientRect();
        return `${id} y=${Math.round(r.top)} h=${Math.round(r.height)} ${e.innerText.slice(0, 300)}`; })""")


def fieldset(page, group: str) -> list:
    """Each control of the mover's group: tag, top, height, grid column, disabled."""
    return page.eval_on_selector_all(f"{group} :is(button, select, input, legend, p)", """els => els.map(e => {
        const r = e.getBoundingClientRect();
        return `${e.tagName}#${e.id} y=${Math.round(r.top)} h=${Math.round(r.height)} col=${getComputedStyle(e.parentElement).gridColumn} ${e.disabled ? 'disabled' : ''} ${(e.innerText || '').slice(0, 60)}`; })""")


def own_move_players(page) -> set:
    return set(page.eval_on_selector_all("#brs-actions [data-move]", "els => els.map(e => +e.dataset.player)"))


def check_reader(page, side: int, state, actor: int) -> None:
    """What a reader of ``side`` sees when a link opens: their moves only, what changed and what
    to do inside the first screen, the focus on the status, the other side folded."""
    own = {p for p, pl in enumerate(state.setup.players) if pl.side == side}
    assert own_move_players(page) <= own
    assert page.evaluate("document.activeElement && document.activeElement.id") == "brs-status"
    assert in_first_screen(page, "#brs-last") and in_first_screen(page, "#brs-turn")
    assert page.inner_text("#brs-last").startswith("Último movimiento:")
    if actor in own:
        assert page.inner_text("#brs-turn").startswith("Te toca")
        group = f'#brs-actions fieldset[data-player="{actor}"]'
        assert in_first_screen(page, group), (page.locator(group).bounding_box(), layout(page))
        first = f"{group} :is(button, select, input):not([disabled])"
        assert in_first_screen(page, first), (page.locator(first).first.bounding_box(), layout(page), fieldset(page, group))
    folded = page.locator("#brs-boards details.brs-other")
    assert folded.count() >= 1 and page.locator("#brs-boards details.brs-other[open]").count() == 0


def test_two_phones_each_play_their_own_side_by_links(new_context, base_url):
    ctx_a, _ = new_context(**PHONE)
    ctx_b, _ = new_context(**PHONE)
    haster = haster_at_the_example(open_app(ctx_a.new_page(), base_url))   # his seat: from the roller's name
    haster.click("#brs-start")
    haster.wait_for_selector("#brs-game:not([hidden])")
    expect(haster.locator("#brs-seat .brs-seat-line")).to_contain_text("Juegas con el bando Haster (Cronista) (Haster)")
    assert haster.locator("#brs-seat [data-seat]").count() == 0        # not asked: chosen from the name
    assert own_move_players(haster) == {0}

    pages, posts, stories = {0: haster, 1: None}, [link_of(haster)], []

    def hand_over(turn, current: int) -> None:
        state, _move, actor, side = turn
        snippet = post(pages[current])
        posts.append(snippet)
        stories.append(snippet)
        link = link_of(pages[current])
        if pages[side] is None:
            pages[side] = sharla = open_app(ctx_b.new_page(), link)
            sharla.wait_for_selector("#brs-game:not([hidden])")
            assert in_first_screen(sharla, '#brs-seat [data-seat="1"]')     # asked once, at once
            assert own_move_players(sharla) == set()                      # nothing offered before
            sign_as(sharla, "Bea")             # Bea plays Sharla: her moves go to Bea's chain (§16.6.1)
            take_seat(sharla, "1")
        else:
            pages[side].evaluate("window.scrollTo(0, document.body.scrollHeight)")   # an old position
            open_link_in(pages[side], link)
        check_reader(pages[side], side, state, actor)

    spent = []

    def only_own_moves(turn, page) -> None:
        side = turn[3]
        assert own_move_players(page) <= {p for p, pl in enumerate(turn[0].setup.players) if pl.side == side}
        if side == 1 and not spent and page.locator("#brs-1-advantage-die").count():   # a move that rolls
            state = replay(*decode_link(link_of(page)))
            die = next(i for i, d in enumerate(state.dice) if d.owner == 1 and d.row == "available")
            make_move(page, {"move": "advantage", "die": die}, 1)
            spent.append(die)

    current = play_by_links(pages, hand_over, after=only_own_moves)
    state = replay(*decode_link(link_of(pages[current])))       # the end
    # Haster's page never offered Sharla's moves (her Advantage included), nor hers his
    assert haster.locator('#brs-actions [data-player="1"]').count() == 0
    final = post(pages[current])
    posts.append(final)
    summary_winner = state.setup.sides[1 - state.loser]
    assert f"Gana {summary_winner}" in final and ("Dolor" in final or "no pujó ningún Dolor" in final), final
    pain = "Sharla pierde el mapa" if state.loser == 1 else "Haster queda en deuda con ella"
    assert pain in final, final
    # each post told what was advanced, with which dice and faces, and what it did
    assert any(re.search(r"ataca a \w+ con d\d+ \w+ \(\d+\) \+ d\d+ \w+ \(\d+\) = \d+", s) for s in stories), stories
    if any(m["move"] == "defend" for m in decode_link(link_of(pages[current]))[1][:-3]):
        assert any(re.search(r"defiende con d\d+ .*contra \d+: (Inversión|Bloqueo|Daño)", s) for s in stories), stories
    for page in (haster, pages[1]):                          # the end, on both phones
        open_link_in(page, link_of(pages[current]))
        end = page.inner_text("#brs-end")
        assert f"Gana {summary_winner}" in end and "A las fichas" in end
        assert "puede renovar" not in page.inner_text("#brs-info")
        assert page.locator("#brs-actions [data-move]").count() == 0

    # a reader who plays neither side: read-only, with whose move it is
    ctx_c, _ = new_context(**PHONE)
    mid = posts[2] if len(posts) > 3 else posts[1]
    mid_link = mid[mid.index("http"):].split("]", 1)[0] if not mid.startswith("http") else mid
    watcher = open_app(ctx_c.new_page(), mid_link)
    watcher.wait_for_selector("#brs-seat [data-seat]")
    watcher.click('#brs-seat [data-seat="watch"]')
    expect(watcher.locator("#brs-seat .brs-seat-line")).to_contain_text("Solo miras")
    assert watcher.locator("#brs-actions [data-move]").count() == 0
    assert "mueve" in watcher.inner_text("#brs-turn") and watcher.locator("#brs-actions-card").is_hidden()

    text = audit_text(haster, "\n".join(posts))
    assert "Todo en orden" in text, text[:600]
    # one block per person, each once: Bea's moves under Bea (as Sharla), none under «Sharla»
    final_setup, final_moves = decode_link(link_of(pages[current]))
    entries = signed_entries(final_setup, final_moves)
    moved = {e["roller"]: sum(1 for x in entries if x["roller"] == e["roller"]) for e in entries}
    assert spent and moved.get("Bea"), (spent, entries)
    people = haster.locator("#audit-report .audit-person")
    names = [people.nth(k).get_attribute("data-person") for k in range(people.count())]
    assert sorted(names) == sorted({"Haster", *moved}) and "Sharla" not in names, names
    for name, n in moved.items():
        line = haster.locator(f'#audit-report .audit-person[data-person="{name}"] .audit-person-summary').inner_text()
        assert f"{n} {'jugada' if n == 1 else 'jugadas'} de Confrontación" in line, line
    bea = haster.locator('#audit-report .audit-person[data-person="Bea"] .audit-person-summary').inner_text()
    assert bea.endswith("con Sharla"), bea
