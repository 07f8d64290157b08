"""Seats of the Confrontation (issue #29): which side this browser plays, the moves it is offered,
the choice when it is not known, and the other side's board as a compact line on a phone.

A seat is one of :data:`SEATS`: ``"0"`` / ``"1"`` (that side), ``"both"`` (one device for both
sides: hot-seat play) or ``"watch"`` (a reader who plays neither: read-only). It is chosen once per
Confrontation (web/shell/store.py keeps it under the key :func:`confrontation_key`). Pure functions of
engine output + language (no pyscript import), tested on CPython (tests/test_web_brs_seat.py).
"""

from __future__ import annotations

from shell.render import esc
from shell.strings import t
from tirada import TiradaError
from tirada.systems.brs import play
from tirada.systems.brs.board_view import Cell, Choices, Step
from tirada.systems.brs.options import choices
from tirada.systems.brs.story_view import Confrontation
from tirada.systems.brs.stored import confrontation_key

SEATS = ("0", "1", "both", "watch")

__all__ = ["SEATS", "chain_roller", "confrontation_key", "seat_for_roller"]


def seat_for_roller(roller: str, players) -> str | None:
    """The side (``"0"``/``"1"``) of the player whose name is ``roller`` (the roll view's roller,
    compared without case and outer spaces), or None when no player has that name; ``players``: the
    setup's (tirada.systems.brs.config.Player: ``.name``, ``.side``)."""
    name = (roller or "").strip().casefold()
    if not name:
        return None
    for p in players:
        if str(p.name).strip().casefold() == name:
            return str(p.side)
    return None


def chain_roller(seat: str | None, side: int, name: str, roller: str) -> str | None:
    """The person whose chain numbers a move of the player ``name`` on ``side`` made in this browser
    (docs/link-format.md §16.6.1, the move's ``fresh.by``): the roll view's ``roller`` (trimmed) when
    this browser plays that one side (seat ``"0"``/``"1"``: one person at the seat; hot-seat play of
    both sides names nobody) and it is a roller name other than the player's own; else ``None`` (the
    move is numbered in the chain named after the player, as before)."""
    from tirada.wire.roll_layout import is_roller_name

    person = (roller or "").strip()
    if seat != str(side) or not is_roller_name(person) or person == name:
        return None
    return person


def acting_sides(seat: str | None) -> set:
    """The sides whose moves the seat makes: ``{0}``, ``{1}``, ``{0, 1}`` or none (watch / unknown)."""
    return {"0": {0}, "1": {1}, "both": {0, 1}}.get(seat or "", set())


def my_options(opts: dict, seat: str | None, players) -> dict:
    """``opts`` (``{player: Choices}``, tirada.systems.brs.options.choices) kept to the players of the
    seat's sides; ``players``: the Confrontation's (``.side``)."""
    sides = acting_sides(seat)
    return {p: kinds for p, kinds in opts.items() if players[p].side in sides}


def _side_players(summ: Confrontation, side: int) -> str:
    return ", ".join(p.name for p in summ.players if p.side == side)


def choice_html(summ: Confrontation, lang: str) -> str:
    """The seat question: one button per side (its players named), both sides, neither."""
    buttons = [(str(s), t("brs.seat.side", lang).format(side=summ.sides[s], players=_side_players(summ, s)), "primary")
               for s in (0, 1)]
    buttons += [("both", t("brs.seat.both", lang), "ghost"), ("watch", t("brs.seat.watch", lang), "ghost")]
    items = "".join(f'<button type="button" class="{cls}" data-seat="{v}">{esc(text)}</button>' for v, text, cls in buttons)
    return (f'<h2 id="brs-seat-heading">{esc(t("brs.seat.ask", lang))}</h2>'
            f'<p class="meta">{esc(t("brs.seat.ask_help", lang))}</p><div class="buttons brs-seat-choice">{items}</div>')


def seat_line(seat: str, summ: Confrontation, lang: str) -> str:
    """Which side this browser plays, in one line, with a small "change" button."""
    if seat in ("0", "1"):
        s = int(seat)
        text = t("brs.seat.is_side", lang).format(side=summ.sides[s], players=_side_players(summ, s))
    else:
        text = t(f"brs.seat.is_{seat}", lang)
    return (f'<p class="meta brs-seat-line">{esc(text)} '
            f'<button type="button" class="link" data-seat-change="1">{esc(t("brs.seat.change", lang))}</button></p>')


def turn_line(seat: str | None, now: Step, summ: Confrontation, mine: dict, lang: str) -> str:
    """Whose move it is, for this reader: "Te toca, Sharla" when the seat acts now, else who moves
    (and, for a player of the other side, to pass them the link). Empty once the Confrontation ended."""
    p = now.player
    if p is None:
        return ""
    name, side = summ.players[p].name, summ.sides[summ.players[p].side]
    if p in mine:
        return t("brs.seat.yours", lang).format(player=name)
    if seat is None:
        return t("brs.turn", lang).format(player=name) + ". " + t("brs.seat.choose_first", lang)
    key = "brs.seat.wait" if seat in ("0", "1") else "brs.seat.watching"
    return t(key, lang).format(player=name, side=side)


def other_summary(p: int, summ: Confrontation, cells: tuple, lang: str) -> str:
    """A player's board as one line (for the other side's board on a phone): VP, Advantage and the
    Available dice with their faces."""
    info = summ.players[p]
    mine: list[Cell] = [c for c in cells if c.owner == p and c.row == "available" and c.face is not None]
    dice = ", ".join(f"d{c.d} ({c.face})" for c in mine) or t("brs.board.none", lang)
    return t("brs.seat.other", lang).format(name=info.name, vp=info.vp, adv=info.advantage, dice=dice)


def boards_html(seat: str | None, summ: Confrontation, cells: tuple, lang: str, selectable: set, selected: list,
                board, compact: bool) -> str:
    """Every Battle Board, side 0 first; with a seat of one side the other side's boards come last,
    each folded into a ``<details>`` whose summary is :func:`other_summary` (closed on a phone,
    ``compact``). ``board(p, …)`` draws one full board (ui_brs_board.player_board)."""
    players = summ.players
    mine = acting_sides(seat) if seat in ("0", "1") else {0, 1}
    order = sorted(range(len(players)), key=lambda p: (players[p].side not in mine, players[p].side, p))
    out = []
    for p in order:
        full = board(p, summ, cells, lang, selectable, selected)
        if players[p].side in mine:
            out.append(full)
        else:
            out.append(f'<details class="brs-other" data-player="{p}"{"" if compact else " open"}>'
                       f'<summary>{esc(other_summary(p, summ, cells, lang))}</summary>{full}</details>')
    return "".join(out)


def forced_pick(kinds: Choices) -> dict | None:
    """The pick of a player's options (tirada.systems.brs.board_view.Choices) when it has nothing to
    choose — one attacker, one target — as a move; else None."""
    det = kinds.pick
    if det is None or len(det.attackers) != 1 or len(det.targets) != 1:
        return None
    return {"move": "pick", "attacker": det.attackers[0], "target": det.targets[0]}


def after_forced_pick(state, opts: dict, players, seat) -> dict:
    """``{picker: the attacker's options once picked}`` for each of ``seat``'s pickers whose pick has
    nothing to choose and whose attacker is this seat's too (issue #42: the attacker's way out when
    stuck goes with the pick, ui_brs_actions.stuck_ways)."""
    out = {}
    for p, kinds in opts.items():
        pick = forced_pick(kinds)
        if pick is None:
            continue
        try:
            later = my_options(choices(play(state, pick)), seat, players)
        except TiradaError:
            continue
        attacker = kinds.pick.attackers[0]
        if attacker in later:
            out[p] = later[attacker]
    return out
