"""The Confrontation's standing orders on the page (issue #29, docs/brs-pace.md): the panel where a
seat sets its own players' orders (each with the seed's words), and the ``orders`` moves that go in
front of this seat's next move when they changed.

Pure functions of the engine state + the seat + the drafts (``{(confrontation key, player): orders}``)
+ language, no pyscript import; tested on CPython (tests/test_web_brs_orders.py). Drafts live in this
browser's storage until posted (web/shell/store.py ``brs_order_drafts``; :func:`read_drafts` checks them). Only the seat's own
players get a panel or an ``orders`` move (a player cannot set the other side's orders; the engine
also refuses one unless that player's side is to move).
"""

from __future__ import annotations

import re

from shell.refusal import text as refusal_text
from shell.render import esc
from shell.strings import t
from tirada import TiradaError
from tirada.errors import InvalidRequest
from tirada.systems.brs.orders import ORDERS, QUICK_ORDERS, check_orders, side_to_move
from brs.ui_brs_seat import acting_sides


def in_link(state, p: int) -> dict:
    """Player ``p``'s orders as the link has them (every key ``ask`` before any ``orders`` move)."""
    orders = state.orders[p] if state.orders else None
    return dict(orders) if orders is not None else check_orders({})


def seat_players(state, seat: str | None) -> list:
    """The active players whose orders this seat sets: the players of its sides (none for watchers)."""
    sides = acting_sides(seat)
    return [p for p, sp in enumerate(state.setup.players) if sp.side in sides and state.players[p].active]


def orders_first(state, seat: str | None, drafts: dict, key: str) -> list:
    """The ``orders`` moves to make before this seat's next move: one per player of the seat whose side
    is to move now and whose draft differs from the link's."""
    now = side_to_move(state)
    out = []
    for p in seat_players(state, seat):
        draft = drafts.get((key, p))
        if draft is not None and state.side_of(p) == now and draft != in_link(state, p):
            out.append({"move": "orders", "player": p, "orders": dict(draft)})
    return out


def read_drafts(state, ckey: str, stored: dict) -> tuple:
    """The drafts kept in storage for the Confrontation ``ckey`` (``stored``: ``{player index as text:
    orders}``, web/shell/store.py ``brs_order_drafts``), checked against ``state``.

    Returns ``(drafts, problems, posted)``: ``drafts`` ``{(ckey, p): orders}`` usable now;
    ``problems`` ``[(stored key, TiradaError)]`` for entries that cannot be used — not orders
    (``brs.orders_draft_bad``, e.g. written by a newer Tirada or edited by hand) or for no player still
    in the fight (``brs.orders_draft_stale``): they stay stored untouched until that player picks new
    orders; ``posted``: stored keys whose orders the link already carries (to forget)."""
    drafts, problems, posted = {}, [], []
    for key, value in stored.items():
        # ASCII digits only: str.isdigit() takes "²" (int() then raises) and "٣" (read as 3)
        p = int(key) if isinstance(key, str) and re.fullmatch(r"[0-9]{1,3}", key) else None
        if p is None or p >= len(state.players) or not state.players[p].active:
            name = state.setup.players[p].name if p is not None and p < len(state.players) else str(key)[:20]
            problems.append((key, InvalidRequest(f"the stored draft orders of {name} can no longer be posted",
                                                 field="orders", code="brs.orders_draft_stale",
                                                 params={"player": name})))
            continue
        try:
            orders = check_orders(value)
        except TiradaError as err:
            name = state.setup.players[p].name
            problems.append((key, InvalidRequest(f"the stored draft orders of {name} are not orders: {err}",
                                                 field="orders", code="brs.orders_draft_bad",
                                                 params={"player": name, "why": err.field or ""})))
            continue
        if orders == in_link(state, p):
            posted.append(key)
        else:
            drafts[(ckey, p)] = orders
    return drafts, problems, posted


def carried(state, seat: str | None, drafts: dict, ckey: str, mine: dict) -> dict:
    """``drafts`` plus, for each of this seat's players who has set no orders in this Confrontation
    yet (no ``orders`` move in the link, no draft), the orders that player last chose in this
    browser (``mine``: ``{name: orders}``, web/shell/store.py ``brs_my_orders``; issue #42: orders
    belong to the player, so a new Confrontation starts with them and they go in front of that
    player's first move). A remembered value that is not orders is ignored."""
    out = dict(drafts)
    for p in seat_players(state, seat):
        name = state.setup.players[p].name
        if (ckey, p) in out or (state.orders and state.orders[p] is not None) or name not in mine:
            continue
        try:
            orders = check_orders(mine[name])
        except TiradaError:
            continue
        keys = keys_of(state, p)     # a pick order only for a Leader of several players here
        orders = {k: (v if k in keys else "ask") for k, v in orders.items()}
        if orders != in_link(state, p):
            out[(ckey, p)] = orders
    return out


def problems_html(problems: list, lang: str) -> str:
    """The stored drafts that cannot be used, each in the page's language with its code."""
    return "".join(f'<p class="field-error" role="alert" data-code="{esc(err.code)}">{esc(refusal_text(err, lang))}</p>'
                   for _, err in problems)


def _select(key: str, p: int, value: str, ckey: str, lang: str, name: str = "", other: str = "") -> str:
    """One order's select, with the rule under it told with this Confrontation's fighters (``name``
    the player, ``other`` an opponent: issue #42, the players' own names, never the rulebook's)."""
    opts = "".join(f'<option value="{c}"{" selected" if c == value else ""}>'
                   f'{esc(t("brs.orders.ask" if c == "ask" else f"brs.orders.{key}.{c}", lang))}</option>'
                   for c in ORDERS[key])
    sid = f"brs-order-{p}-{key}"
    return (f'<div class="field brs-order"><label for="{sid}">{esc(t("brs.orders." + key, lang))}</label>'
            f'<select id="{sid}" data-order="{key}" data-player="{p}" data-ckey="{esc(ckey)}" data-name="{esc(name)}">{opts}</select>'
            f'<p class="meta">{esc(t(f"brs.orders.{key}.seed", lang).format(player=name, other=other))}</p></div>')


def opponent(state, p: int) -> str:
    """The name of ``p``'s opponent to tell the rules with: the other side's Leader."""
    side = state.setup.players[p].side
    q = state.leaders[1 - side]
    if q is None:
        q = next((i for i, sp in enumerate(state.setup.players) if sp.side != side), p)
    return state.setup.players[q].name


def keys_of(state, p: int) -> list:
    """The order keys player ``p`` sets: ``pick`` only for the Leader of a side of several players."""
    side = state.setup.players[p].side
    leads = state.leaders[side] == p and len(state.active_players(side)) > 1
    return [k for k in ORDERS if k != "pick" or leads]


def panel_html(state, seat: str | None, drafts: dict, ckey: str, lang: str) -> str:
    """The orders of each of this seat's players: one select per key (``ask`` first), the seed's words
    under each, and whether the shown orders are the link's or go with the next move. Empty for a
    watcher, an unknown seat or an ended Confrontation."""
    if state.phase == "ended":
        return ""
    parts = []
    for p in seat_players(state, seat):
        have = in_link(state, p)
        draft = drafts.get((ckey, p)) or have
        where = t("brs.orders.in_link" if draft == have else "brs.orders.pending", lang)
        name = state.setup.players[p].name
        rows = "".join(_select(k, p, draft[k], ckey, lang, name, opponent(state, p)) for k in keys_of(state, p))
        parts.append(f'<fieldset class="brs-orders" data-player="{p}"><legend>'
                     f'{esc(t("brs.orders.player", lang).format(player=name))}</legend>'
                     f'<p class="meta" data-orders-state="{p}">{esc(where)}</p>{rows}</fieldset>')
    if not parts:
        return ""
    return (f'<p class="meta">{esc(t("brs.orders.help", lang))}</p>' + "".join(parts)
            + f'<p class="meta">{esc(t("brs.orders.renew", lang))}</p>')


def quick_html(state, seat: str | None, drafts: dict, ckey: str, lang: str) -> str:
    """«Órdenes rápidas» beside the moves (issue #42: a post in few actions): for each of this seat's
    players who has no orders at all (none in the link, no draft, none carried from an earlier
    Confrontation), one button (``data-quick-orders``) that sets :data:`~tirada.systems.brs.orders.QUICK_ORDERS`
    as their draft, said in words; for a player whose changed orders wait for the next move, a line
    saying so (``id="brs-orders-quick-{p}"``, focusable: the focus goes there after the tap). Empty
    for a watcher or an ended Confrontation. The orders are still the player's: the panel edits them."""
    if state.phase == "ended":
        return ""
    parts = []
    for p in seat_players(state, seat):
        name = state.setup.players[p].name
        have = in_link(state, p)
        draft = drafts.get((ckey, p))
        if draft is not None and draft != have:
            text = t("brs.orders.quick_pending", lang).format(player=name, orders=orders_words(draft, lang))
            parts.append(f'<p class="meta" id="brs-orders-quick-{p}" tabindex="-1">{esc(text)}</p>')
        elif draft is None and all(v == "ask" for v in have.values()):
            quick = {k: v for k, v in QUICK_ORDERS.items() if k in keys_of(state, p)}
            help_ = t("brs.orders.quick_help", lang).format(orders=orders_words(quick, lang))
            parts.append(f'<div class="brs-quick-orders" id="brs-orders-quick-{p}" tabindex="-1">'
                         f'<p>{esc(t("brs.orders.quick", lang).format(player=name))}</p>'
                         f'<p class="meta">{esc(help_)}</p>'
                         f'<button type="button" class="ghost" data-quick-orders="{p}" data-ckey="{esc(ckey)}" '
                         f'data-name="{esc(name)}">{esc(t("brs.orders.quick_button", lang).format(player=name))}</button></div>')
    return "".join(parts)


def orders_words(orders: dict, lang: str) -> str:
    """An ``orders`` move in words for the log and the post: each key not left to ``ask``
    ("Premio por Vapulear: Nada; …"), or "Preguntarme …" when all are."""
    told = [f'{t("brs.orders." + k, lang)}: {t(f"brs.orders.{k}.{v}", lang)}' for k, v in orders.items() if v != "ask"]
    return "; ".join(told) or t("brs.orders.ask", lang)
