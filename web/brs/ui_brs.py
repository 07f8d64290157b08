"""The Blood Red Sands Confrontation view (issue #5): setup, Battle Boards, actions, log, and asynchronous
play by links (glue only). The Confrontation is (setup, moves), the state the engine's replay of them;
each move gives a link (``brs.link.encode_link``) anyone can open to see the same board and, with the
seat of the side to move (ui_brs_status, issue #29), continue; hot-seat play is the seat "both". The
current Confrontation is kept in localStorage (``Store.brs_current``) and resumes after a reload.

Longer than 400 lines because the start and the moves that roll now wait for the chain lock (issue #39)
beside their handlers; splitting the handlers from the view is left for issue #40's typed events."""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_proxy
from pyscript import document, when, window

from shell import app
from shell import busy
from shell import chain_writer
from shell import sharing
from fair import ui_fair
from shell import ui_refusal
from brs import ui_brs_actions as actions
from brs import ui_brs_board as boardview
from brs import ui_brs_read
from brs import ui_brs_records as records
from brs import ui_brs_setup as setupform
from brs import ui_brs_contest
from brs import ui_brs_seat as seats
from brs import ui_brs_status as status
from brs import ui_brs_story as story
from brs import ui_brs_form as form
from brs.ui_brs_form import closest as _closest, element as _el, query as _query
from brs.ui_brs_form import read_draft, render_setup, save_draft, setup_changed, setup_error
from brs.ui_brs_game import Game, draft, playing, set_draft
from shell.app import STORE, el, tr
from shell.page_events import LangChanged, LinkOpening
from tirada.links.snippets_story import titled_story
from tirada.systems.brs import Setup, play, replay
from tirada.systems.brs.journal import entries as journal_entries
from tirada.systems.brs.link import encode_link, open_link
from tirada.systems.brs.options import cells as board_cells, choices
from tirada.systems.brs.report import confrontation
from tirada.systems.brs.story_view import Confrontation
from tirada.systems.brs.stored import StoredMove
from tirada.storage_records import BrsCurrent
from tirada import TiradaError, new_seed
from tirada.systems.brs.signed import start_fresh
from tirada.systems.brs.fair import can_take_back




def start_game() -> None:
    """Validate the draft and start a Confrontation: a seed made now, signed by the starter's chain (the
    roll view's roller, else side 0's Leader; the roll view's thread label names the chains), numbered
    under the chain lock (web/shell/chain_writer.py: a task; the set-up form busy until it lands)."""
    draft = read_draft()
    save_draft()
    try:
        campaign = str(el("campaign").value).strip()
        base = {**setupform.to_setup(draft), **({"campaign": campaign} if campaign else {})}
        records.check_start(Setup.from_dict({**base, "seed": new_seed()}).to_dict())   # the trigger (issue #15)
    except TiradaError as err:
        setup_error(ui_refusal.text(err), setupform.path_of_error(err.field or ""))
        return
    roller, held = str(el("roller").value), busy.begin(el("brs-setup-form"), el("brs-start"))
    Game.task = asyncio.ensure_future(_start_locked(base, roller, campaign, held))


async def _start_locked(base: dict, roller: str, campaign: str, held: busy.Busy | None) -> None:
    try:   # one tab at a time (issue #39): a new chain nº each time
        setup = await chain_writer.hold(lambda: start_fresh(base, roller, ui_fair.commit_for(campaign)))
    except TiradaError as err:
        busy.end(held)
        setup_error(ui_refusal.text(err), setupform.path_of_error(err.field or ""))
        return
    finally:
        busy.end(held)
    el("brs-setup-error").hidden = True
    Game.setup, Game.moves, Game.selection, Game.undo = setup, [], [], []
    Game.state = replay(setup, [])
    el("brs-shared").hidden = True
    Game.seat = status.resolve_seat(Game.setup, Game.state.setup.players)
    after_change()
    el("brs-setup-card").open = False
    el("brs-status").focus()


@when("submit", "#brs-setup-form")
def on_start(event) -> None:
    event.preventDefault()
    start_game()


@when("click", "#brs-new")
def on_new(event) -> None:
    """Prepare another Confrontation from this one's setup (a new seed); the current one stays
    until the new one starts."""
    base = setupform.from_setup(Game.setup) if Game.setup else setupform.blank_draft("", app.State.lang)
    Game.draft = setupform.keep_typed(base.put(seed=new_seed()), draft().typed)
    render_setup()
    save_draft()
    card = el("brs-setup-card")
    card.open = True
    card.scrollIntoView()
    el("brs-start").focus()


# ---------------------------------------------------------------------------------- the game
def view_summary() -> Confrontation:
    """The engine's record of the Confrontation (tirada.systems.brs.report.confrontation: with the
    setup facts the boards show, side names and Heroes)."""
    return confrontation(playing()[1])


def choose_seat(seat: str | None) -> None:
    """The reader chose a seat (None: asked again); the status takes the focus."""
    if seat is not None:
        status.remember_seat(playing()[0], seat)
    Game.seat = seat
    render_game()
    first = _query("#brs-seat [data-seat]")
    (first if seat is None and first is not None else el("brs-status")).focus()


def share_url() -> str:
    return sharing.page_link(Game.fragment)


def render_game() -> None:
    """Draw the whole Confrontation (status, actions, boards, info, log, link) from the state."""
    if Game.state is None:
        el("brs-game").hidden = True
        return
    lang = app.State.lang
    setup, state = playing()
    summ, cells, now = view_summary(), board_cells(state), status.step_now(state)
    moving = status.drafted(state, setup, Game.seat)
    opts = seats.my_options(choices(moving), Game.seat, summ.players)
    then = seats.after_forced_pick(moving, opts, summ.players, Game.seat)
    names, entries = boardview.names_of(summ), journal_entries(setup, Game.moves)
    status.render_status(Game.seat, summ, cells, now, opts, entries, lang)
    selectable = actions.selectable_dice(opts)
    Game.selection = [i for i in Game.selection if i in selectable]
    el("brs-actions").innerHTML = actions.action_bar(opts, cells, names, lang, Game.selection, now.player, summ, now,
                                                     then)
    el("brs-actions-card").hidden = not opts and summ.status != "ended"
    status.render_odds(now, cells, opts)
    status.render_orders(state, setup, Game.seat, lang)
    el("brs-boards").innerHTML = seats.boards_html(Game.seat, summ, cells, lang, selectable, Game.selection,
                                                   boardview.player_board, status.compact())
    el("brs-info").innerHTML = boardview.info_card(summ, lang)
    el("brs-log").innerHTML = boardview.log_html(summ, cells, lang)
    el("brs-moves-heading").textContent = tr("brs.moves.heading").format(n=len(entries))
    el("brs-moves-list").innerHTML = boardview.journal_html(entries, summ, cells, lang)
    el("brs-share-link").value = share_url()
    el("brs-share-size").textContent = tr("brs.share.size").format(n=len(Game.fragment))
    el("brs-undo").hidden = not Game.undo
    el("brs-game").hidden = False
    records.render_after()


def after_change(push_url: bool = True) -> None:
    """The moves changed: new link, store, address bar, redraw."""
    setup = playing()[0]
    STORE.set_brs_current(setup=setup, moves=Game.moves)
    el("brs-error").hidden = True
    try:
        Game.fragment = encode_link(setup, Game.moves)
    except TiradaError as err:  # too long for a link: play on here, say why there is no link
        Game.fragment = ""
        show_move_error(err)
    if push_url and Game.fragment:
        STORE.show_brs_link(window, Game.fragment)
    el("brs-copy-status").textContent = ""
    render_game()
    app.show_notices()


def show_move_error(err: TiradaError) -> None:
    ui_refusal.line("brs-error", err, prefix=f'{tr("brs.error")}: ')


def make_move(move: dict, pick: dict | None = None) -> None:
    """Apply one move with the engine (after ``pick``, a pick with nothing to choose, when given); a
    refused move shows its reason and changes nothing. In a fair-play Confrontation a move that rolls
    gets fresh dice now, signed by the mover's chain, under the chain lock (web/shell/chain_writer.py:
    a task, its pick with it, one new link; the game card busy until it lands, so no second move is
    sent on the board being replaced); a move that rolls nothing is played at once."""
    if Game.moving is not None:   # unreachable by a click: the game card's controls are off meanwhile
        return
    try:
        now = playing()[1]
        rolls = not can_take_back(play(now, pick) if pick else now, move)
    except TiradaError:           # refused below, at once, with its reason
        rolls = False
    if not rolls:
        made = len(Game.moves)
        if pick is not None:
            _moved(pick, None)
            if len(Game.moves) == made:
                return
        _moved(move, None)
        return
    Game.moving = move
    Game.task = asyncio.ensure_future(_move_locked(move, pick, busy.begin(el("brs-game"))))


async def _move_locked(move: dict, pick: dict | None, held: busy.Busy | None) -> None:
    try:
        setup, n = Game.setup, len(Game.moves)
        played: list = []     # (the state before, what _play made), once the lock is held
        await chain_writer.hold(lambda: played.append((playing()[1], _play(move, pick))))   # issue #39
        busy.end(held)
        Game.moving = None
        if Game.setup is setup and len(Game.moves) == n:   # else another Confrontation was opened meanwhile
            _moved(move, played[0])
    except TiradaError as err:
        busy.end(held)
        show_move_error(err)
    finally:
        busy.end(held)
        Game.moving = None


def _play(move: dict, pick: dict | None = None) -> tuple:
    """The engine's ``(state, moves made)`` for ``pick`` (when given) then ``move``, each after this
    seat's changed standing orders (issue #29). Raises TiradaError: refused (nothing kept)."""
    setup, now = playing()
    made: list = []
    if pick is not None:
        now, made = status.play_with_orders(now, setup, Game.seat, pick, commit_fresh)
    state, more = status.play_with_orders(now, setup, Game.seat, move, commit_fresh)
    return state, made + more


def _moved(move: dict, answer: tuple | None) -> None:
    """Show ``move`` played: ``answer`` = ``(state before, (state, moves made))``, or None to play
    it now (a move that rolls nothing); a refused move shows its reason and changes nothing."""
    try:
        now, (state, made) = answer if answer is not None else (playing()[1], _play(move))
    except TiradaError as err:
        show_move_error(err)
        return
    # a move that rolls is final; the others can be taken back until the link is copied (issue #42)
    Game.undo = Game.undo + [len(Game.moves)] if all(can_take_back(now, m) for m in made) else []
    Game.state, Game.moves, Game.selection = state, Game.moves + made, []
    el("brs-shared").hidden = True
    after_change()
    el("brs-status").focus()


def take_back() -> None:
    """Take back this browser's last move (with the standing orders that went in front of it, which
    become this seat's draft again): only moves that roll nothing, only before the link is copied
    (``Game.undo``; docs/brs-pace.md §Taking a move back)."""
    if not Game.undo or Game.state is None:
        return
    setup = playing()[0]
    n = Game.undo[-1]
    undone = Game.moves[n:]
    try:
        state = replay(setup, Game.moves[:n])
    except TiradaError as err:   # cannot happen for a prefix of a replayed log; say so rather than break
        show_move_error(err)
        return
    ckey = seats.confrontation_key(setup)
    for m in map(StoredMove.from_dict, undone):
        if m.kind == "orders":
            status.keep_draft(ckey, m.player, m.orders)
    Game.undo, Game.moves, Game.state, Game.selection = Game.undo[:-1], Game.moves[:n], state, []
    after_change()
    el("brs-copy-status").textContent = tr("brs.undo.done")
    el("brs-status").focus()


def link_copied() -> None:
    """The link is being copied: it goes to the thread, so its moves are final."""
    Game.undo = []
    el("brs-undo").hidden = True


def commit_fresh(player: int, nonce: str) -> dict:
    """Take the next chain number for ``nonce`` (the chain read from storage now) in the chain of the
    person at the mover's seat (the roll view's roller, ``fresh.by``: docs/link-format.md §16.6.1),
    else in the chain named after the player, and store the chain: ``{"seq", "prev", "by"?}`` for the
    move's signature."""
    state = playing()[1]
    mover = state.setup.players[player]
    person = seats.chain_roller(Game.seat, mover.side, mover.name, str(el("roller").value))
    position = ui_fair.commit_for(state.setup.campaign)(person or mover.name, nonce)
    return {**position, "by": person} if person else position


def on_click(event) -> None:
    """Delegated clicks inside the view: dice on the board, action buttons, defence suggestions,
    setup add/remove buttons."""
    target = event.target
    if _closest(target, "#brs-undo-button") is not None:
        take_back()
        return
    if form.yield_click(target):
        return
    if form.setup_click(target):
        return
    node = _closest(target, "[data-seat]")
    if node is not None and Game.state is not None:
        choose_seat(str(node.dataset.seat))
        return
    if _closest(target, "[data-seat-change]") is not None and Game.state is not None:
        choose_seat(None)
        return
    node = _closest(target, "[data-quick-orders]")
    if node is not None and Game.state is not None:    # «Usar las órdenes rápidas»: one tap (issue #42)
        p = int(node.dataset.quickOrders)
        status.quick_orders(str(node.dataset.ckey), p, str(node.dataset.name))
        render_game()
        line = _query(f"#brs-orders-quick-{p}")
        (line if line is not None else el("brs-status")).focus()
        return
    node = _closest(target, "[data-die]")
    if node is not None and not node.disabled and Game.state is not None:
        i = int(node.dataset.die)
        where = "#brs-actions" if _closest(node, "#brs-actions") is not None else "#brs-boards"
        Game.selection = [x for x in Game.selection if x != i] if i in Game.selection else Game.selection + [i]
        render_game()
        again = _query(f'{where} [data-die="{i}"]')
        if again is not None:
            again.focus()
        return
    node = _closest(target, "[data-suggest]")
    if node is not None and Game.state is not None:     # a quick defence: one tap defends (issue #42)
        move: dict = {"move": "defend", "dice": [int(x) for x in str(node.dataset.suggest).split(",") if x]}
        if str(node.dataset.sf):
            move["soul_fused"] = int(str(node.dataset.sf))
        make_move(move)
        return
    node = _closest(target, "[data-quick-attack]")
    if node is not None and Game.state is not None:     # the two highest dice, and a pick with no choice
        p, made = int(node.dataset.player), len(Game.moves)
        if node.hasAttribute("data-target"):
            make_move({"move": "pick", "attacker": p, "target": int(node.getAttribute("data-target"))})
            if len(Game.moves) == made:
                return
        make_move({"move": "attack", "dice": [int(x) for x in str(node.dataset.quickAttack).split(",")]})
        return
    node = _closest(target, "[data-move]")
    if node is not None and not node.disabled and Game.state is not None:
        kind, p = str(node.dataset.move), int(node.dataset.player)
        take = node.getAttribute("data-take")
        move = ui_brs_read.read_move(kind, p, _el, Game.selection, take if isinstance(take, str) else None)
        if kind == "reinforce":
            boxes = document.querySelectorAll(f'#brs-actions fieldset[data-player="{p}"] input[data-comp]:checked')
            move["components"] = [int(b.dataset.comp) for b in boxes]
        pick = node.getAttribute("data-pick")
        if isinstance(pick, str) and pick:      # a pick with nothing to choose goes first (stuck_ways)
            attacker, target = (int(x) for x in pick.split(","))
            make_move(move, {"move": "pick", "attacker": attacker, "target": target})
            return
        make_move(move)


# ------------------------------------------------------------------------------------ share
def snippet(kind: str) -> str:
    """The link, or a BBCode / Markdown post telling the last move and what comes now, or the end
    (tirada.links.snippets_story.titled_story)."""
    url = share_url()
    if kind == "link" or Game.state is None:
        return url
    setup, state = playing()
    summ, cells = view_summary(), board_cells(state)
    title = tr("brs.snippet.title").format(a=summ.sides[0], b=summ.sides[1])
    now = story.snippet_sentences(journal_entries(setup, Game.moves), summ, cells,
                                  boardview.step_sentence(status.step_now(state), summ, cells, app.State.lang), app.State.lang)
    return titled_story(title, now, tr("brs.snippet.open"), url, "bbcode" if kind == "bbcode" else "markdown")


@when("click", "[data-brs-copy]")
async def on_copy(event) -> None:
    if Game.state is None:
        return
    text = snippet(str(event.target.closest("[data-brs-copy]").dataset.brsCopy))  # async: no currentTarget
    link_copied()
    await sharing.copy(text, "brs-copy-status", "brs-share-link")


# ------------------------------------------------------------------------------------ links
def open_brs_link(fragment: str) -> None:
    """Open a Confrontation link: replay it and show whose move it is (or say why it cannot)."""
    app.show_view("brs")
    try:
        setup, moves, state = open_link(fragment)
    except TiradaError as err:
        box = el("brs-link-error")
        box.textContent = f'{tr("brs.link_error")}: {ui_refusal.text(err)}'
        box.hidden = False
        box.focus()                      # what changed (the reading core's first view had the focus)
        el("brs-shared").hidden = True   # the board below is not this link's
        return
    el("brs-link-error").hidden = True
    Game.setup, Game.moves, Game.state, Game.selection, Game.undo = setup, moves, state, [], []
    el("brs-shared").hidden = False
    el("brs-setup-card").open = False
    el("brs-proves").textContent = tr("brs.proves." + ("signed" if state.setup.start else f"v{state.setup.version}"))
    Game.seat = status.resolve_seat(Game.setup, Game.state.setup.players)
    after_change(push_url=False)
    box = el("brs-status")   # your move first: the link opens on what changed and what to do now
    box.scrollIntoView(True)
    box.focus()


def on_link_opening(event: LinkOpening) -> None:
    """Another link is being opened (web/shell/page_events.py): drop this view's link error and
    "opened from a link" banner."""
    if event.kind != "brs":
        el("brs-link-error").hidden = True
        el("brs-shared").hidden = True


def on_lang_changed(_event: LangChanged) -> None:
    """Re-draw in the new language (not while a move is being numbered: its landing re-draws, and the
    busy game card keeps its controls off until then)."""
    if Game.draft is not None:
        read_draft()
        render_setup()
    if Game.moving is None:
        render_game()


def start() -> None:
    """Restore the draft and the current Confrontation (if any) and listen to the view."""
    saved = BrsCurrent.from_dict(STORE.brs_current())
    Game.draft = setupform.sane_draft(saved.draft) or setupform.blank_draft(new_seed(), app.State.lang)
    records.start(draft, set_draft, setup_changed, lambda: Game.state)
    render_setup()
    if saved.setup:
        try:
            Game.state = replay(saved.setup, saved.moves)
            Game.setup, Game.moves = saved.setup, list(saved.moves)
            Game.fragment = encode_link(Game.setup, Game.moves)
            Game.seat = status.resolve_seat(Game.setup, Game.state.setup.players)
            el("brs-setup-card").open = False
            render_game()
        except TiradaError:
            Game.state = None
    window.matchMedia(status.PHONE).addEventListener("change", create_proxy(lambda event: status.fold_boards()))
    view = el("brs-view")
    ui_brs_contest.bind()
    view.addEventListener("click", create_proxy(on_click))
    view.addEventListener("keydown", create_proxy(form.on_key))
    el("brs-share-link").addEventListener("copy", create_proxy(lambda event: link_copied()))
    changed = create_proxy(form.on_setup_change)
    view.addEventListener("change", changed)
    view.addEventListener("input", changed)
    view.addEventListener("change", create_proxy(lambda event: status.on_order_change(event, render_game)))
