"""The Confrontation's "your move first" part (issue #29), glue only: the status (last move, whose
move it is for this reader, the step, the end), the seat (remembered per Confrontation through
web/shell/store.py, else from the roll view's roller, else asked) and the defender's odds.

Imported by ui_brs (downwards only); the words come from the pure ui_brs_seat / ui_brs_story.
"""

from __future__ import annotations

from pyscript import document, window

from brs import ui_brs_board as boardview
from brs import ui_brs_orders as orderview
from brs import ui_brs_seat as seats
from brs import ui_brs_story as story
from roll import ui_odds
from shell import app
from shell.app import STORE, el
from shell.render import esc
from tirada import TiradaError
from tirada.odds import odds
from tirada.systems.brs import play
from tirada.systems.brs.board_view import Cell, Step
from tirada.systems.brs.options import now as step_record
from tirada.systems.brs.story_view import Confrontation
from tirada.systems.brs.stored import StoredMove
from tirada.systems.brs.signed import play_fresh
from tirada.systems.brs.orders import ORDERS, QUICK_ORDERS, check_orders, own_answer

def resolve_seat(setup: dict, players) -> str | None:
    """This browser's seat in the Confrontation ``setup``: the one remembered for it, else the side
    of the player (``players``: the setup's, with ``.name`` and ``.side``) named like the roll view's
    roller (then remembered), else None (the page asks)."""
    key = seats.confrontation_key(setup)
    seat = STORE.brs_seat(key) or seats.seat_for_roller(str(el("roller").value), players)
    if seat is not None:
        STORE.set_brs_seat(key, seat)
    return seat


def remember_seat(setup: dict, seat: str) -> None:
    """The reader chose ``seat`` for the Confrontation ``setup``."""
    STORE.set_brs_seat(seats.confrontation_key(setup), seat)


#: a phone-sized screen (the media query)
PHONE = "(max-width: 600px)"


def compact() -> bool:
    """A phone-sized screen: the other side's boards are folded to one line."""
    return bool(window.matchMedia(PHONE).matches)


def fold_boards() -> None:
    """The screen crossed the phone width (a phone turned, a window resized): fold the other side's
    boards on a phone, open them on a wider screen, as a new drawing would (nothing else is redrawn,
    so a note being typed or an open question stays)."""
    wide = not compact()
    for node in document.querySelectorAll("#brs-boards details.brs-other"):
        node.open = wide


def render_status(seat, summ: Confrontation, cells: tuple, now: Step, opts: dict, entries, lang: str) -> None:
    """The status card (last move, turn for this reader, step, end) and the seat card (the choice, or
    which side this browser plays), from the engine's records (tirada.systems.brs.report.confrontation,
    options.cells / now / choices, journal.entries)."""
    ended = summ.status == "ended"
    el("brs-last").textContent = story.last_move_text(entries, summ, cells, lang)
    el("brs-turn").textContent = seats.turn_line(seat, now, summ, opts, lang)
    el("brs-step").textContent = boardview.step_sentence(now, summ, cells, lang)
    el("brs-end").innerHTML = "".join(f"<p>{esc(x)}</p>" for x in story.end_lines(summ, lang))
    el("brs-end").hidden = not ended
    box = el("brs-seat")
    box.innerHTML = (seats.choice_html(summ, lang) if seat is None and not ended
                     else "" if seat is None else seats.seat_line(seat, summ, lang))
    box.hidden = seat is None and ended
    if seat is None:        # the choice comes first; once chosen, the seat line goes under the moves
        el("brs-error").before(box)
    else:
        el("brs-actions-card").after(box)


def render_odds(now: Step, cells: tuple, opts: dict) -> None:
    """For the defender (when this seat plays them): the exact odds of each outcome now and if they
    Renew their Used dice (tirada.odds, system "brs")."""
    box = el("brs-odds")
    if now.kind not in ("defend", "overwhelmed") or now.score is None or now.player not in opts:
        box.hidden = True
        return
    mine: list[Cell] = [c for c in cells if c.owner == now.player]
    request: dict = {"system": "brs", "attack_score": now.score,
                     "available": [c.face for c in mine if c.row == "available" and c.face is not None]}
    used = [c.d for c in mine if c.row == "used"]
    if used:
        request["renew"] = used
    try:
        box.innerHTML = ui_odds.card_html(odds(request), "brs-odds")
        box.hidden = False
    except TiradaError:
        box.hidden = True


#: drafts a full storage refused, ``{(confrontation key, player): orders}``: kept for this session
UNSAVED: dict = {}


def keep_draft(ckey: str, p: int, orders) -> None:
    """Keep (None: forget) player ``p``'s draft orders in this browser's storage, else in memory."""
    if STORE.set_brs_order_draft(ckey, p, orders) or orders is None:
        UNSAVED.pop((ckey, p), None)
    else:
        UNSAVED[(ckey, p)] = orders


def drafts(state, setup: dict, seat=None) -> tuple:
    """``(drafts, problems)`` of the standing orders being edited in this Confrontation, kept in this
    browser's storage until posted (issue #29): ui_brs_orders.read_drafts; drafts the link already
    carries are forgotten here. With ``seat``, the seat's players who set no orders here yet start
    with the orders they last chose (ui_brs_orders.carried, issue #42)."""
    ckey = seats.confrontation_key(setup)
    stored = {**STORE.brs_order_drafts(ckey), **{str(p): o for (k, p), o in UNSAVED.items() if k == ckey}}
    found, problems, posted = orderview.read_drafts(state, ckey, stored)
    for key in posted:
        keep_draft(ckey, int(key), None)
    if seat is not None:
        found = orderview.carried(state, seat, found, ckey, STORE.brs_my_orders())
    return found, problems


def render_orders(state, setup: dict, seat, lang: str) -> None:
    """The standing-orders panel of this seat's players (hidden for a watcher or at the end), under
    the stored drafts that cannot be used (the card opens to show them)."""
    found, problems = drafts(state, setup, seat)
    bad = orderview.problems_html(problems, lang) if state.phase != "ended" else ""
    html = orderview.panel_html(state, seat, found, seats.confrontation_key(setup), lang)
    el("brs-orders").innerHTML = bad + html
    el("brs-orders-quick").innerHTML = orderview.quick_html(state, seat, found, seats.confrontation_key(setup), lang)
    el("brs-orders-card").hidden = not (bad or html)
    if bad:
        el("brs-orders-card").open = True


def on_order_change(event, redraw) -> None:
    """A select of the orders panel changed: keep that player's draft, redraw, keep the focus there."""
    target = event.target
    if not bool(target.matches("#brs-orders select[data-order]")):
        return
    p = int(target.dataset.player)
    nodes = document.querySelectorAll(f'#brs-orders select[data-player="{p}"]')
    orders = {str(n.dataset.order): str(n.value) for n in nodes}
    keep_draft(str(target.dataset.ckey), p, orders)
    name = str(target.dataset.name)
    if name:        # the player's own orders, for their next Confrontations too (issue #42)
        STORE.set_brs_my_orders(name, orders)
    redraw()
    app.show_notices()      # a full storage says so (the draft is kept for this session)
    el(str(target.id)).focus()


def quick_orders(ckey: str, p: int, name: str) -> None:
    """«Usar las órdenes rápidas» (issue #42): player ``p``'s draft becomes the quick orders (they go in
    front of the seat's next move) and, as any change in the panel, that player's own orders by name."""
    orders = check_orders(QUICK_ORDERS)
    keep_draft(ckey, p, orders)
    if name:
        STORE.set_brs_my_orders(name, orders)
    app.show_notices()


def drafted(state, setup: dict, seat):
    """``state`` with this seat's changed standing orders played (they go in front of its next move),
    so the moves offered follow them (a Leader's ``pick`` order); ``state`` when one is refused."""
    out = state
    try:
        for m in orderview.orders_first(state, seat, drafts(state, setup, seat)[0], seats.confrontation_key(setup)):
            out = play(out, m)
    except TiradaError:
        return state
    return out


def play_with_orders(state, setup: dict, seat, move: dict, commit) -> tuple:
    """``(state, moves made)``: this seat's changed standing orders (ui_brs_orders.orders_first), then
    ``move``, each through the engine (a version-2 move that rolls signed by ``commit``).

    Raises:
        TiradaError: the first refused move (nothing is kept)."""
    made, ckey = [], seats.confrontation_key(setup)

    def one(state, m):
        if state.setup.version == 2:
            state, m = play_fresh(state, m, commit)
        else:
            state = play(state, m)
        made.append(m)
        return state

    for m in orderview.orders_first(state, seat, drafts(state, setup, seat)[0], ckey) + [move]:
        state = one(state, m)
    mine = orderview.seat_players(state, seat)
    for _ in range(len(ORDERS) * 4):      # what this seat's own orders answer is not asked (issue #42)
        auto = own_answer(state, mine)
        if auto is None:
            break
        state = one(state, auto)
    for m in map(StoredMove.from_dict, made):      # posted: the drafts are the link's now
        if m.kind == "orders":
            keep_draft(ckey, m.player, None)
    return state, made


def step_now(state) -> Step:
    """The engine's step record (tirada.systems.brs.options.now), with ``can`` (the legal kinds of the
    one to act) when a stuck or Overwhelmed player must find a way out: the step names only the
    actions that have a button (issue #42)."""
    return step_record(state)
