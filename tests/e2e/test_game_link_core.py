"""A Confrontation or a Tragedia scene link opened on a phone's first visit shows, from the reading core on
MicroPython and long before Pyodide, where the game stands — whose turn it is, or the scene's outcome —
recomputed from the link's moves, and says the rest is loading; then the full page opens the board or
the scene and the first view goes (issue #41; web/core-first.mjs showGame, tirada.links.core_game).
Each link is opened in a fresh browser at 360×640 with Pyodide held (or refused)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")

from conftest import READY_TIMEOUT_MS  # noqa: E402

from shell.strings import STRINGS  # noqa: E402  (web/shell/strings.py: the page's texts)
from tirada.links.core_game import game_view  # noqa: E402
from tirada.systems.brs.link import encode_link  # noqa: E402

from helpers.axe import axe_problems  # noqa: E402
from helpers.brs import big_setup, play_out  # noqa: E402
from helpers.link_cases import vector_fragments  # noqa: E402
from helpers.offline import wait_offline_ready  # noqa: E402
from helpers.page import hold_engine, refuse_engine, release  # noqa: E402

pytestmark = pytest.mark.e2e

LINKS = {name: fragment for _stem, name, fragment in vector_fragments() if name}
#: a fair-play Confrontation two moves in (Sharla spent Advantage: Haster to attack)
CONFRONTATION = LINKS["Haster vs Sharla, Sharla spends Advantage"]
#: the rule file's worked scene, decided (the Protagonist wins 8 to 3)
SCENE = LINKS["scene: the rule file's example, decided"]
#: a Spoils bidding after two Pains, Haster's side to bid
BID = LINKS["bid: the Spoils of Haster against Sharla after two Pains, Haster to bid"]


def _phone(new_context, locale: str = "es-ES"):
    ctx, _watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block", locale=locale)
    return ctx


@pytest.mark.parametrize(("locale", "lang"), [("es-ES", "es"), ("en-GB", "en")])
def test_a_confrontation_link_shows_whose_turn_it_is_before_pyodide_then_the_board(new_context, base_url, locale, lang):
    from playwright.sync_api import expect

    expected = game_view(CONFRONTATION, lang)
    assert expected.state == "verified" and expected.turn == "Haster" and expected.moves == 2
    ctx = _phone(new_context, locale)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{CONFRONTATION}")
    headline = page.locator("#core-headline")
    expect(headline).to_have_text(STRINGS["brs.turn"][lang].format(player="Haster"), timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    expect(page.locator("#shared-heading")).to_have_text(STRINGS["nav.brs"][lang])
    expect(page.locator("#shared-heading")).to_be_focused()                # what changed, never <body>
    expect(page.locator("#core-game-sides")).to_have_text(
        STRINGS["shared.bid_sides"][lang].format(a="Haster (Cronista)", b="Sharla"))
    expect(page.locator("#core-game-exchange")).to_have_text(STRINGS["brs.log.exchange"][lang].format(n=1, r=1))
    expect(page.locator("#core-verified")).to_have_text(STRINGS["shared.game_replayed"][lang].format(n=2))
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.game_loading"][lang])
    expect(page.locator("#loading-text")).to_have_text(STRINGS["loading.core_link"][lang])   # one short line above
    assert page.evaluate("document.querySelector('#shared-core').lang") == lang
    assert axe_problems(page) == []
    # the phone's width holds it: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    release(page, held)
    expect(page.locator("#brs-view")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared")).to_be_hidden()
    expect(page.locator("#brs-turn")).to_contain_text("Haster")             # the full page says the same turn


def test_a_decided_scene_link_shows_its_outcome_before_pyodide_then_the_scene(new_context, base_url):
    from playwright.sync_api import expect

    expected = game_view(SCENE, "es")
    assert expected.ended and expected.outcome.startswith("Gana el Protagonista")
    ctx = _phone(new_context)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{SCENE}")
    expect(page.locator("#core-headline")).to_have_text(expected.outcome, timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-heading")).to_have_text(STRINGS["scene.heading"]["es"])
    expect(page.locator("#core-game-objective")).to_have_text(
        f'{STRINGS["play.objective"]["es"]}: Corvo gana su libertad en la arena')
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    release(page, held)
    expect(page.locator("#scene-verdict")).to_have_text(expected.outcome, timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared")).to_be_hidden()


def test_the_first_view_stays_and_says_so_when_pyodide_fails(new_context, base_url):
    from playwright.sync_api import expect

    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    refused = refuse_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{CONFRONTATION}")
    expect(page.locator("#core-headline")).to_have_text(STRINGS["brs.turn"]["es"].format(player="Haster"),
                                                        timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.game_failed"]["es"], timeout=READY_TIMEOUT_MS)
    assert refused
    watch.errors.clear()   # the browser's console names the refused files


def test_a_damaged_confrontation_link_is_refused_by_the_core_with_its_code(new_context, base_url):
    from playwright.sync_api import expect

    damaged = CONFRONTATION[:-6]
    expected = game_view(damaged, "es")
    assert expected.state == "refused" and expected.code
    ctx = _phone(new_context)
    hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{damaged}")
    assert expected.refusal.startswith("el enlace está cortado")              # the page's catalog words it
    expect(page.locator("#core-refused")).to_have_text(
        STRINGS["shared.game_refused_why"]["es"].format(reason=expected.refusal, code=expected.code),
        timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-checking")).to_have_text(STRINGS["shared.game_refused_loading"]["es"])
    assert page.locator("#core-headline").count() == 0                     # never shown as replayed


def test_a_bidding_link_shows_whose_bid_it_is_before_pyodide(new_context, base_url):
    """The bidding's preview (its sides and number of bids, read in JavaScript) is replaced by the core's
    fold: whose bid it is, as the full page's pre-fight box says it."""
    from playwright.sync_api import expect

    expected = game_view(BID, "es")
    assert expected.status == "open" and expected.turn == "Haster (Cronista)"
    ctx = _phone(new_context)
    held = hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{BID}")
    expect(page.locator("#core-headline")).to_have_text(STRINGS["brs.pf.turn"]["es"].format(side="Haster (Cronista)"),
                                                        timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared-heading")).to_have_text(STRINGS["shared.bid_heading"]["es"])
    expect(page.locator("#core-verified")).to_have_text(STRINGS["shared.bid_replayed"]["es"].format(n=2))
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    release(page, held)
    expect(page.locator("#brs-view")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared")).to_be_hidden()


def test_a_confrontation_link_is_replayed_by_the_core_offline_after_one_visit(new_context, base_url):
    """After one visit the service worker has the games' bundle too (dist/core-games.bin): a phone
    offline opens a Confrontation link and the core replays it (then the full page opens the board)."""
    from playwright.sync_api import expect

    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="allow")
    first = ctx.new_page()
    first.goto(base_url)
    wait_offline_ready(first)
    ctx.set_offline(True)
    page = ctx.new_page()
    page.goto(f"{base_url}#{CONFRONTATION}")
    expect(page.locator("#brs-view")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#brs-turn")).to_contain_text("Haster")
    page.wait_for_function("window.tiradaCore !== undefined", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("window.tiradaCore") == "verified"       # "failed" had the bundle not been there
    assert watch.errors == []


def test_leaving_a_game_link_while_the_core_replays_it_breaks_nothing(new_context, base_url):
    """The link changed while the core still replays a long Confrontation (another roll link pasted in
    the address bar): no error, and the game's first view is not drawn over the page."""

    setup = big_setup(traits=5)
    long_game = encode_link(setup, play_out(setup))                         # long enough to leave it mid-way
    ctx, watch = new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    hold_engine(ctx)
    page = ctx.new_page()
    page.goto(f"{base_url}#{long_game}")
    page.wait_for_function("performance.getEntriesByName('tirada:core-start').length > 0", timeout=READY_TIMEOUT_MS)
    assert page.locator("#core-headline").count() == 0                     # still replaying
    roll = LINKS["4D+2B vs 9"]
    page.evaluate("(f) => { location.hash = f; }", roll)
    page.wait_for_timeout(1500)                                             # the core's answer arrives
    assert watch.errors == []
    assert page.locator("#core-headline").count() == 0                     # the game's view never drawn over it


def test_a_confrontation_link_shows_its_first_view_with_storage_refused(new_context, base_url):
    """A browser that refuses the page's storage (localStorage throws, as with third-party storage blocked):
    the first view needs none (the language falls back to the browser's), and the full page opens the board."""
    from playwright.sync_api import expect

    ctx = _phone(new_context)
    held = hold_engine(ctx)
    ctx.add_init_script("""Object.defineProperty(window, 'localStorage', {configurable: true,
      get() { throw new DOMException('refused', 'SecurityError'); }});""")
    page = ctx.new_page()
    page.goto(f"{base_url}#{CONFRONTATION}")
    expect(page.locator("#core-headline")).to_have_text(STRINGS["brs.turn"]["es"].format(player="Haster"),
                                                        timeout=READY_TIMEOUT_MS)
    release(page, held)
    expect(page.locator("#brs-view")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#brs-turn")).to_contain_text("Haster")
