"""Browser-test helpers of the Confrontation page (tests/e2e/test_brs*.py): its link, opening a link
in a page already showing Tirada, and making a move through the page's controls."""

from __future__ import annotations

from helpers.brs import actor, bot_move
from tirada.systems.brs import replay
from tirada.systems.brs.link import decode_link


def haster_at_the_example(page):
    """A ready page as Haster (the roll view's roller, so his seat is known without asking) on the
    Confrontation tab with the seed's example loaded in the set-up."""
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", "Haster")
    page.click("#tab-brs")
    page.click("#brs-example")
    return page


def next_bot_move(page):
    """``(state, move, actor, side)``: the state of the page's Confrontation link and the test bot's
    next move for it (gentle: several exchanges before a Yield), or None once it has ended."""
    setup, moves = decode_link(link_of(page))
    state = replay(setup, moves)
    if state.phase == "ended" and not state.pending:
        return None
    move = bot_move(state, gentle=True)
    who = actor(state, move)
    return state, move, who, state.setup.players[who].side


def post(page) -> str:
    """The forum post of the Confrontation as it stands: the copied BBCode snippet (clipboard granted)."""
    from playwright.sync_api import expect

    page.click('[data-brs-copy="bbcode"]')
    expect(page.locator("#brs-copy-status")).not_to_be_empty()
    return page.evaluate("navigator.clipboard.readText()")


def link_of(page) -> str:
    return page.locator("#brs-share-link").input_value()


def moves_of(page) -> list:
    return decode_link(link_of(page))[1]


def open_link_in(page, link: str) -> None:
    """Open ``link`` in a page already showing Tirada (a fragment change: no reload needed)."""
    page.goto(link)
    page.wait_for_function("l => document.getElementById('brs-share-link').value === l", arg=link)


def set_orders(page, player: int, orders: dict) -> None:
    """Set ``player``'s standing orders in the panel (its seed's words shown under each select; the
    seat's own player only) and wait until the panel says they go with the next move."""
    from playwright.sync_api import expect

    card = page.locator("#brs-orders-card")
    expect(card).to_be_visible()
    if card.get_attribute("open") is None:
        page.click("#brs-orders-card summary")
    assert page.locator('#brs-orders fieldset[data-player]').count() == 1      # this seat's own player only
    # the rule under each order is told with this Confrontation's own fighters (issue #42)
    expect(page.locator("#brs-orders")).to_contain_text("juega un dado de Fuerza")
    for key, choice in orders.items():
        page.select_option(f"#brs-order-{player}-{key}", choice)
        expect(page.locator(f"#brs-order-{player}-{key}")).to_have_value(choice)
    expect(page.locator(f'#brs-orders [data-orders-state="{player}"]')).to_contain_text("próximo movimiento")


def play_by_links(pages: dict, hand_over, current: int = 0, after=None, limit: int = 150) -> int:
    """Play the Confrontation shown on ``pages[current]`` to its end with the test bot, one page per
    side (``pages``: {side: page}); returns the side that made the last move.

    Before a move of the other side (a post), ``hand_over(turn, current)`` is called, ``turn`` =
    ``(state, move, actor, side)``: it posts ``pages[current]``'s link and opens it on ``pages[side]``
    (it may put a new page there). Each move is made through the page's controls, then
    ``after(turn, page)`` is called when given: a true answer stops the game there.

    Raises:
        AssertionError: the Confrontation did not end within ``limit`` moves.
    """
    for _ in range(limit):
        turn = next_bot_move(pages[current])
        if turn is None:
            return current
        _state, move, actor, side = turn
        if side != current:                                  # a post: the other player opens it
            hand_over(turn, current)
            current = side
        make_move(pages[current], move, actor)
        if after is not None and after(turn, pages[current]):
            return current
    raise AssertionError("the Confrontation did not end")


def make_move(page, move: dict, actor: int) -> None:
    """Make ``move`` through the page's controls as player ``actor``; wait for the new link."""
    before = link_of(page)
    kind = move["move"]
    pre = f"#brs-{actor}-{kind}"
    if kind == "pick":
        page.select_option(f"{pre}-attacker", str(move["attacker"]))
        page.select_option(f"{pre}-target", str(move["target"]))
    elif kind in ("attack", "defend"):
        for die in move["dice"]:
            # the dice beside the button that confirms them (issue #42); the board's are the same choice
            page.click(f'#brs-actions [data-die="{die}"]')
            page.wait_for_selector(f'#brs-boards [data-die="{die}"][aria-pressed=true]')
        if move.get("soul_fused") is not None:
            page.select_option(f"{pre}-sf", str(move["soul_fused"]))
    elif kind in ("strength", "endurance", "advantage"):
        page.select_option(f"{pre}-die", str(move["die"]))
    elif kind == "ruling":
        page.select_option(f"{pre}-action", move["action"])
        page.fill(f"{pre}-note", move.get("note", ""))
    elif kind == "defeat":
        page.select_option(f"{pre}-size", str(move["size"]))
    elif kind == "vow":
        page.select_option(f"{pre}-vow", move["vow"])
        if move.get("enemy") is not None:          # "el enemigo muere": the page asks which enemy
            page.select_option(f"{pre}-enemy", str(move["enemy"]))
    elif kind == "yield" and move.get("new_leader") is not None:
        page.select_option(f"{pre}-leader", str(move["new_leader"]))
    ask = f'#brs-actions [data-yield-ask="{actor}"]'
    if (kind == "yield" and page.locator(ask).count()          # «Rendirse» asks first (issue #42), unless it
            and page.locator(f"#brs-{actor}-yield-confirm").is_hidden()):   # is the only move left (one tap)
        page.click(ask)                                        # or the question is open already

    button = f'#brs-actions [data-move="{kind}"][data-player="{actor}"]'
    if kind == "bonus":
        button += f'[data-take="{move["take"]}"]'
    page.click(button)
    try:
        page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
    except Exception as error:                     # say which move the page did not take, and what it shows
        shown = page.evaluate("""() => ['brs-error', 'brs-turn', 'brs-last', 'status']
            .map(id => id + ': ' + ((document.getElementById(id) || {}).innerText || '')).join(' | ')""")
        raise AssertionError(f"the page did not take {move} by player {actor}: {shown}; link {before}") from error
    assert page.locator("#brs-error").is_hidden(), page.inner_text("#brs-error")


# ----------------------------------------------------------------------------- axe-core on every screen
PHONE_SIZE, DESKTOP_SIZE = {"width": 360, "height": 640}, {"width": 1280, "height": 800}
#: the other side's boards as a desktop draws them (open) or a phone (folded): ui_brs_status.fold_boards
UNFOLDED = "() => [...document.querySelectorAll('#brs-boards details.brs-other')].every(d => d.open)"
FOLDED = "() => [...document.querySelectorAll('#brs-boards details.brs-other')].every(d => !d.open)"
#: what a Confrontation screen shows, as the kinds of its controls and parts (names and dice aside): two
#: states with the same signature are the same screen for axe-core
SIGNATURE = """() => {
  const out = new Set(), shown = e => e && !e.hidden && e.offsetParent !== null;
  document.querySelectorAll('#brs-actions [data-move]').forEach(e =>
      out.add('move:' + e.dataset.move + (e.hasAttribute('data-pick') ? '+pick' : '')));
  for (const sel of ['[data-quick-attack]', '[data-suggest]', '.brs-confirm:not([hidden])', '[data-quick-orders]',
                     '#brs-orders-quick p', '#brs-seat [data-seat]', '.brs-vow-enemy', '#brs-orders-card[open]'])
    if (document.querySelector(sel)) out.add(sel);
  for (const id of ['brs-undo', 'brs-error', 'brs-end'])
    if (shown(document.getElementById(id))) out.add('#' + id);
  return [...out].sort().join(' ');
}"""


def axe_both(page) -> None:
    """axe-core (nothing serious) on the Confrontation as it is, at 360x640 and at 1280x800 (the same
    page resized: the other side's boards fold or unfold as a new drawing would), back to its size."""
    from helpers.axe import axe_problems

    size = page.viewport_size
    other = DESKTOP_SIZE if size["width"] <= 600 else PHONE_SIZE
    assert axe_problems(page) == [], size
    page.set_viewport_size(other)
    page.wait_for_function(UNFOLDED if other is DESKTOP_SIZE else FOLDED)
    assert axe_problems(page) == [], other
    page.set_viewport_size(size)
    page.wait_for_function(FOLDED if other is DESKTOP_SIZE else UNFOLDED)


def axe_new_state(page, seen: set) -> None:
    """:func:`axe_both` on a screen not seen yet (``seen``: the :data:`SIGNATURE` s already checked, kept
    by the caller): every kind of Confrontation screen once, at both sizes."""
    signature = page.evaluate(SIGNATURE)
    if signature not in seen:
        seen.add(signature)
        axe_both(page)
