"""End to end (issue #42, "axe shows 0 serious on every Confrontation state at 360 and 1280 px"): the
Confrontation screens the book's example never reaches (tests/e2e/test_brs_forum_page.py plays that
one) — a side of several players (each player's own group; the pick with several attackers, with
several targets; a Yield that names a new Leader; the attack of a player who is not the Leader) and the Reinforce after a Round (a checkbox for
each Component not yet committed) — checked by axe-core at 360x640 and at 1280x800.

The set-up is built with the engine (two against one, each fighter with a Component held back to
Reinforce), played by the engine tests' bot (tests/helpers/brs.play_out) and opened as the page's own
link (tirada.systems.brs.link.encode_link) in a fresh 360x640 browser.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

from conftest import open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.brs import big_setup, play_out  # noqa: E402
from helpers.brs_page import axe_both, link_of, make_move, moves_of, open_link_in  # noqa: E402
from helpers.page import take_seat  # noqa: E402

from tirada.systems.brs import replay  # noqa: E402
from tirada.systems.brs.link import decode_link, encode_link  # noqa: E402
from tirada.systems.brs.options import options  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}}


def two_against_one() -> dict:
    """The Chronicler's horde (player 0) against Ilsa (1, the players' Leader) and Kael (2): each of
    the horde and Ilsa holds a third Component back (it joins by Reinforcing after a Round); Kael has
    an Advantage token, so his own group of controls shows while Ilsa picks."""
    setup = copy.deepcopy(big_setup())
    ilsa = setup["players"][1]
    ilsa["leader"] = True
    traits = [dict(t, trait=t["trait"].replace("Ilsa", "Kael")) for t in ilsa["components"][0]["traits"]]
    setup["players"].append({"name": "Kael", "side": 1, "hero": True, "advantage": 1,
                             "components": [{"name": "Kael", "committed": True, "traits": traits}]})
    setup["sides"] = ["Cronista", "Jugadoras"]
    return setup


def first(setup: dict, moves: list, found) -> list:
    """The shortest prefix of ``moves`` whose state's options (``{player: {kind: details}}``) are
    ``found``."""
    for k in range(len(moves) + 1):
        if found(options(replay(setup, moves[:k]))):
            return moves[:k]
    raise AssertionError("the bot's game never reached that state")


def several(kind: str, key: str):
    """A test of options: someone's ``kind`` offers several ``key`` (a pick's attackers, targets)."""
    return lambda opts: any(len(kinds.get(kind, {}).get(key, ())) > 1 for kinds in opts.values())


def option_count(page, select: str) -> int:
    return page.locator(f"{select} option").count()


def test_reinforce_and_a_side_of_several_players_pass_axe_at_360_and_1280(new_context, base_url):
    setup = two_against_one()
    game = play_out(setup)
    # 1. the first pick: the horde chooses which of two players it attacks
    start = first(setup, game, several("pick", "targets"))
    ctx, _ = new_context(**PHONE)
    page = open_app(ctx.new_page(), base_url + "#" + encode_link(setup, start))
    page.wait_for_selector("#brs-game:not([hidden])")
    take_seat(page, "both")
    assert moves_of(page) == start
    assert option_count(page, "#brs-0-pick-target") == 2                 # Ilsa and Kael
    expect(page.locator('#brs-actions fieldset[data-player="2"]')).to_be_visible()   # Kael's own group
    axe_both(page)
    # 2. the players' side picks: its Leader chooses which of them attacks; Kael has his own group, and
    #    Ilsa's «Rendirse» names who leads after her
    pick = first(setup, game, several("pick", "attackers"))
    open_link_in(page, base_url + "#" + encode_link(setup, pick))
    take_seat(page, "both")
    assert option_count(page, "#brs-1-pick-attacker") == 2
    expect(page.locator('#brs-actions fieldset[data-player="1"] [data-move="pick"]')).to_be_visible()
    expect(page.locator('#brs-actions fieldset[data-player="2"]')).to_be_visible()
    assert option_count(page, "#brs-1-yield-leader") >= 2                 # «nobody» and Kael
    axe_both(page)
    # the Leader sends Kael, not herself: the attack screen of a player who is not the Leader
    make_move(page, {"move": "pick", "attacker": 2, "target": 0}, 1)
    expect(page.locator('#brs-actions [data-move="attack"][data-player="2"]')).to_be_visible()
    axe_both(page)
    # 3. a Round has ended: the horde and Ilsa may Reinforce, a checkbox per Component held back
    reinforce = first(setup, game, lambda opts: sum("reinforce" in kinds for kinds in opts.values()) == 2)
    open_link_in(page, base_url + "#" + encode_link(setup, reinforce))
    take_seat(page, "both")
    boxes = {p: page.locator(f'#brs-actions fieldset[data-player="{p}"] input[type=checkbox][data-comp]')
             for p in (0, 1)}
    assert [boxes[p].count() for p in (0, 1)] == [1, 1], "the Reinforce checkboxes are not shown"
    expect(page.locator('#brs-actions [data-move="reinforce"][data-player="0"]')).to_be_visible()
    axe_both(page)
    boxes[0].first.check()                                                # ticked, then made
    axe_both(page)
    before = link_of(page)
    page.click('#brs-actions [data-move="reinforce"][data-player="0"]')
    page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
    assert moves_of(page)[-1] == {"move": "reinforce", "player": 0, "components": [2]}
    # the Component's dice are rolled into Available: the horde's board shows them
    state = replay(*decode_link(link_of(page)))
    assert any(d.owner == 0 and d.component == 2 and d.row == "available" for d in state.dice)
    expect(page.locator('#brs-actions fieldset[data-player="1"] input[type=checkbox][data-comp]')).to_have_count(1)
    axe_both(page)
