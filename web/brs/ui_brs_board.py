"""HTML of the Confrontation: the step in words, the Battle Boards, the Graveyard/Renewals card and
the log (glue only: everything shown comes from the engine's typed records, issue #40: tirada.systems.brs.report.confrontation,
options.cells / now / choices, journal.entries).

Pure functions of engine output + language (no pyscript import), so they run anywhere.
"""

from __future__ import annotations

from shell import i18n
from shell.render import esc
from shell.strings import t
from tirada.systems.brs import ASPECTS
from tirada.systems.brs.board_view import Cell, Step
from tirada.systems.brs.story_view import Advanced, Confrontation, Event, Exchange, JournalEntry
from brs.ui_brs_after import trait_name
from brs.ui_brs_orders import orders_words

BOARD_ROWS = ("available", "advanced", "used")


def names_of(summary: Confrontation) -> list:
    """Player names in setup order."""
    return list(summary.names)


def die_label(cell: Cell, lang: str) -> str:
    """A die in words: "d8 Fuerza 5" (face omitted while unrolled)."""
    face = "" if cell.face is None else f" {cell.face}"
    return f'd{cell.d} {t("brs.aspect." + cell.aspect, lang)}{face}'


def die_state_words(cell: Cell, lang: str, selected: bool = False) -> list:
    """The state of a die as words (so colour is never the only signal)."""
    words = [t(f"brs.state.{cell.row}", lang)]
    if cell.mark:
        words.append(t(f"brs.mark.{cell.mark}", lang))
    if cell.kept:
        words.append(t("brs.state.kept", lang))
    if cell.tokens:
        words.append(t("brs.state.tokens", lang).format(n=cell.tokens))
    if selected:
        words.append(t("brs.state.selected", lang))
    return words


def die_button(cell: Cell, lang: str, enabled: bool, selected: bool) -> str:
    """One die as a button: face, size and state as text; ``aria-pressed`` when choosable."""
    words = die_state_words(cell, lang, selected)
    label = f'{die_label(cell, lang)}, «{cell.trait}»: {", ".join(words)}'
    cls = ["brs-die", cell.row] + ([f"mark-{cell.mark}"] if cell.mark else []) + (["on"] if selected else [])
    pressed = f' aria-pressed="{"true" if selected else "false"}"' if enabled else ""
    face = "·" if cell.face is None else str(cell.face)
    extra = "".join(f'<span class="tag">{esc(w)}</span>' for w in words[1:])
    return (f'<button type="button" class="{" ".join(cls)}" data-die="{cell.die}"{pressed}'
            f'{"" if enabled else " disabled"} aria-label="{esc(label)}" title="{esc(cell.trait)}">'
            f'<span class="face" aria-hidden="true">{face}</span>'
            f'<span class="d" aria-hidden="true">d{cell.d}</span>'
            f'<span aria-hidden="true">{extra}</span></button>')


def _chips(cells: list, lang: str) -> str:
    if not cells:
        return t("brs.board.none", lang)
    return ", ".join(esc(f"{die_label(c, lang)} «{c.trait}»") for c in cells)


def player_board(p: int, summary: Confrontation, cells: tuple, lang: str, selectable: set, selected: list) -> str:
    """The Battle Board of player ``p``: counters, Aspect columns in rule order (only those with
    dice on the board) with rows Available / Advanced / Used, then Battered, Devastated, sheet.
    ``cells``: :func:`tirada.systems.brs.options.cells`."""
    info = summary.players[p]
    side_name = summary_side(summary, info.side)
    tags = [t("brs.board.side", lang).format(side=side_name)]
    if info.leader:
        tags.append(t("brs.board.leader", lang))
    if info.hero:
        tags.append(t("brs.board.hero", lang))
    if not info.active:
        tags.append(t("brs.board.yielded", lang))
    mine: list[Cell] = [c for c in cells if c.owner == p]
    cols = []
    for aspect in ASPECTS:
        col = [c for c in mine if c.aspect == aspect and c.row in BOARD_ROWS]
        if not col:
            continue
        rows = []
        for row in BOARD_ROWS:
            dice = "".join(f"<li>{die_button(c, lang, c.die in selectable, c.die in selected)}</li>"
                           for c in col if c.row == row)
            rows.append(f'<div class="brs-row"><span class="brs-rowname">{esc(t("brs.row." + row, lang))}</span>'
                        f'<ul class="brs-dice">{dice or "<li class=brs-nodie>—</li>"}</ul></div>')
        cols.append(f'<section class="brs-col"><h4>{esc(t("brs.aspect." + aspect, lang))}</h4>{"".join(rows)}</section>')
    locked = (" (" + i18n.tn("brs.board.locked", lang, info.locked_advantage) + ")"
              if info.locked_advantage else "")
    horde = ", ".join(f"d{s}" for s in info.horde) or t("brs.board.none", lang)
    names = names_of(summary)
    weak = "; ".join(f"«{trait_name(w.trait, names[w.by], lang)}»" + (f" d{w.size}" if w.size else "")
                     for w in info.weaknesses) or t("brs.board.none", lang)
    vows = ", ".join(t("brs.vow." + v, lang) for v in info.vows) or t("brs.board.none", lang)
    counters = (f'<p class="brs-counters"><strong>{esc(t("brs.board.vp", lang))} {info.vp}</strong> · '
                f'{esc(t("brs.board.advantage", lang))} {info.advantage}{esc(locked)} · '
                f'{esc(t("brs.board.horde", lang))}: {esc(horde)}</p>'
                f'<p class="meta">{esc(t("brs.board.weaknesses", lang))}: {esc(weak)} · '
                f'{esc(t("brs.board.vows", lang))}: {esc(vows)}</p>')
    off = [f'<p class="meta"><strong>{esc(t("brs.row." + row, lang))}:</strong> '
           f'{_chips([c for c in mine if c.row == row], lang)}</p>'
           for row in ("battered", "lost", "sheet") if any(c.row == row for c in mine)]
    body = f'<div class="brs-cols">{"".join(cols)}</div>' if cols else f'<p>{esc(t("brs.board.empty", lang))}</p>'
    return (f'<article class="card brs-player" data-player="{p}" aria-labelledby="brs-player-{p}">'
            f'<h3 id="brs-player-{p}">{esc(info.name)} <span class="meta">({esc(" · ".join(tags))})</span></h3>'
            f'{counters}{body}{"".join(off)}</article>')


def summary_side(summary: Confrontation, side: int) -> str:
    """The name of side 0 or 1 (from the setup)."""
    return summary.sides[side]


def boards(summary: Confrontation, cells: tuple, lang: str, selectable: set, selected: list) -> str:
    """Every participant's Battle Board, side 0 first."""
    order = sorted(range(len(summary.players)), key=lambda p: (summary.players[p].side, p))
    return "".join(player_board(p, summary, cells, lang, selectable, selected) for p in order)


def step_sentence(step: Step, summary: Confrontation, cells: tuple, lang: str) -> str:
    """The current step in words, e.g. "Intercambio 3: Sharla defiende contra 13"."""
    names = names_of(summary)
    who = names[step.player] if step.player is not None else ""
    kw = {"n": step.number, "r": step.round, "player": who, "score": step.score,
          "target": names[step.target] if step.target is not None else "",
          "attacker": names[step.attacker] if step.attacker is not None else ""}
    kind = step.kind
    if kind == "ended":
        return t("brs.step.ended", lang).format(winner=summary.winner)
    if kind == "pick":
        if step.reversal and summary.reversal:
            return t("brs.step.pick_reversal", lang).format(
                **{**kw, "attacker": summary.reversal.player, "target": summary.reversal.must_target})
        side = summary.players[step.player].side if step.player is not None else 0
        return t("brs.step.pick", lang).format(**kw, side=summary_side(summary, side))
    if kind == "reinforce":
        return t("brs.step.reinforce", lang).format(prev=step.round - 1, player=who)
    if kind == "ruling" and step.subject is not None:
        src = cells[step.subject]
        return t("brs.step.ruling", lang).format(**{**kw, "player": names[src.owner]},
                                                 aspect=t("brs.aspect." + src.aspect, lang))
    if kind == "devastate" and step.subject is not None:
        die = cells[step.subject]
        return t("brs.step.devastate", lang).format(**kw, size=die.d, owner=names[die.owner])
    if kind == "defeat" and step.subject is not None:
        return t("brs.step.defeat", lang).format(**kw, victim=names[step.subject])
    if kind in ("stuck", "overwhelmed") and step.can is not None:
        return t(f"brs.step.{kind}_can", lang).format(**kw, choices=choices_words(step.can, lang))
    return t(f"brs.step.{kind}", lang).format(**kw)


#: the ways out of a stuck or Overwhelmed Hero's turn, in the order the step names them
WAYS_OUT = ("advantage", "renew", "vow", "yield")


def choices_words(can, lang: str) -> str:
    """What a stuck or Overwhelmed player can do now, only the actions they have (each has its button
    under «Acciones»): "Renueva, haz un Voto o ríndete"; the engine's legal kinds ``can``."""
    words = [t("brs.way." + k, lang) for k in WAYS_OUT if k in can]
    if not words:
        return t("brs.way.none", lang)
    if len(words) == 1:
        return words[0]
    return t("brs.way.join", lang).format(rest=", ".join(words[:-1]), last=words[-1])


def info_card(summary: Confrontation, lang: str) -> str:
    """Graveyard, Renewals, Spoils and Stipulations, a pending Reversal."""
    g = summary.graveyard
    dice = ", ".join(f"d{s}" for s in g.dice) or t("brs.board.none", lang)
    ren = summary.renewals
    who = ", ".join(summary_side(summary, s) for s in ren.may_renew) or t("brs.board.none", lang)
    sp = summary.spoils
    parts = [f'<h2>{esc(t("brs.info.heading", lang))}</h2>',
             f'<p><strong>{esc(t("brs.info.graveyard", lang))}:</strong> {esc(dice)} · '
             f'{esc(i18n.tn("brs.info.graveyard_tokens", lang, g.advantage))}</p>']
    if summary.status != "ended":   # no Renewal is left to take once a side Yielded
        parts.append(f'<p>{esc(t("brs.info.renewals", lang).format(left=ren.left, who=who))}</p>')
    if sp.ordinary:
        parts.append(f'<p>{esc(t("brs.info.ordinary", lang).format(side=sp.backed_down))}</p>')
    if sp.pains:
        parts.append(f'<p><strong>{esc(t("brs.info.spoils", lang))}:</strong></p><ul>'
                     + "".join(f"<li>{esc(x)}</li>" for x in sp.pains) + "</ul>")
    if sp.stipulations:
        parts.append(f'<p><strong>{esc(t("brs.info.stipulations", lang))}:</strong></p><ul>'
                     + "".join(f"<li>{esc(x)}</li>" for x in sp.stipulations) + "</ul>")
    rev = summary.reversal
    if rev and summary.status != "ended":
        parts.append(f'<p>{esc(t("brs.info.reversal", lang).format(player=rev.player, target=rev.must_target))}</p>')
    return "".join(parts)


# ------------------------------------------------------------------------------------- log
def _who_die(i, cells: tuple, names: list, lang: str) -> str:
    if i is None or not 0 <= i < len(cells):
        return "—"
    c = cells[i]
    return f"{names[c.owner]}: d{c.d} «{c.trait}»"


def _adv_list(items: tuple, sf: Advanced | None, lang: str) -> str:
    dice = [f"d{x.d} ({x.face})" for x in items]
    if sf:
        dice.append(f'd{sf.d} ({sf.face}, {t("brs.aspect.soul_fused", lang)})')
    return " + ".join(dice)


def _event(e: Event, cells: tuple, names: list, lang: str) -> str:
    """One Aspect / bonus / Vow event in words; one taken by a standing order says whose (issue #29)."""
    text = _event_text(e, cells, names, lang)
    return text + t("brs.log.by_order", lang).format(player=names[e.order]) if text and e.order is not None else text


def _event_text(e: Event, cells: tuple, names: list, lang: str) -> str:
    src = _who_die(e.source, cells, names, lang)
    if e.vow is not None:
        enemy = (t("brs.log.vow_enemy", lang).format(enemy=e.enemy_name, n=e.crossed) if e.enemy_name is not None
                 else "")
        return t("brs.log.vow", lang).format(player=names[e.by] if e.by is not None else "—",
                                             vow=t("brs.vow." + e.vow, lang)) + enemy
    if e.bonus is not None:
        return t(f"brs.log.bonus_{e.bonus}", lang).format(player=names[e.by] if e.by is not None else "—")
    if e.ruling is not None:
        die = " — " + _who_die(e.die, cells, names, lang) if e.die is not None else ""
        note = f" — {e.note}" if e.note else ""
        return t("brs.log.ruling", lang).format(source=src, action=t("brs.ruling." + e.ruling, lang), die=die) + note
    if e.aspect == "strength":
        if e.die is None:
            return t("brs.log.strength_none", lang).format(source=src)
        return t("brs.log.strength", lang).format(source=src, die=_who_die(e.die, cells, names, lang),
                                                  mark=t("brs.state." + str(e.mark), lang))
    if e.aspect == "endurance":
        if e.die is None:
            return t("brs.log.endurance_none", lang).format(source=src)
        before, _, after = str(e.lifted or "").partition("->")
        return t("brs.log.endurance", lang).format(source=src, die=_who_die(e.die, cells, names, lang),
                                                   before=t("brs.state." + before, lang),
                                                   after=t("brs.state." + after, lang))
    return ""


def exchange_item(x: Exchange, n: int, cells: tuple, names: list, lang: str) -> str:
    """One finished exchange as a list item of sentences."""
    lines = [t("brs.log.attack", lang).format(attacker=x.attacker, target=x.target,
                                              dice=_adv_list(x.attack, x.soul_fused_attack, lang), score=x.score)]
    if x.outcome == "Overwhelmed":
        lines.append(t("brs.log.overwhelmed", lang).format(target=x.target))
    else:
        lines.append(t("brs.log.defence", lang).format(target=x.target, outcome=t("brs.outcome." + x.outcome, lang),
                                                       dice=_adv_list(x.defence, x.soul_fused_defence, lang)))
    if x.aspects_cancelled_for:
        lines.append(t("brs.log.cancelled", lang).format(player=x.aspects_cancelled_for))
    lines += [s for s in (_event(e, cells, names, lang) for e in x.events) if s]
    if x.damage:
        parts = []
        for d in x.damage:
            die, by = _who_die(d.die, cells, names, lang), names[d.by] if d.by is not None else "—"
            w = d.weakness
            parts.append(t(f"brs.log.{d.result}", lang).format(die=die, by=by, trait="" if w is None else w.trait,
                                                               size="" if w is None else w.size))
        lines.append(t("brs.log.damage", lang).format(list="; ".join(parts)))
    head = t("brs.log.exchange", lang).format(n=n, r=x.round)
    return (f'<li><strong>{esc(head)}</strong> <span class="brs-outcome">{esc(t("brs.outcome." + x.outcome, lang))}'
            f'</span><br>{"<br>".join(esc(s) for s in lines)}</li>')


def log_html(summary: Confrontation, cells: tuple, lang: str) -> str:
    """The readable log: every finished exchange, the Yields and the end, newest last."""
    names = names_of(summary)
    items = [exchange_item(x, n, cells, names, lang) for n, x in enumerate(summary.exchanges, 1)]
    for y in summary.yields:
        if y.new_leader is not None:
            text = t("brs.log.yield_leader", lang).format(player=y.player, leader=names[y.new_leader], r=y.round)
        else:
            text = t("brs.log.yield", lang).format(player=y.player, r=y.round)
        note = f" — {y.note}" if y.note else ""
        items.append(f"<li>{esc(text + note)}</li>")
    if summary.status == "ended":
        bearer = summary.spoils.bearer or "—"
        items.append(f'<li><strong>{esc(t("brs.log.winner", lang).format(winner=summary.winner, bearer=bearer))}</strong></li>')
        if summary.broken:
            items.append(f'<li>{esc(t("brs.log.broken", lang).format(names=", ".join(summary.broken)))}</li>')
    if not items:
        return f'<p class="meta">{esc(t("brs.log.empty", lang))}</p>'
    return f'<ol class="brs-log">{"".join(items)}</ol>'


# ------------------------------------------------------------------------- every move (journal)
def _name(names: list, p: int | None) -> str:
    return "—" if p is None else names[p]


def journal_line(e: JournalEntry, names: list, cells: tuple, lang: str) -> str:
    """One journal entry in words: "Sharla — gasta Ventaja (tira: d4 «…» 2 → 5)"."""
    m, kind = e.move, e.move.kind
    who = names[e.player] if e.player is not None else "—"
    text = f'{who} — {t("brs.kind." + kind, lang)}'
    if kind == "pick":
        text += f": {_name(names, m.attacker)} → {_name(names, m.target)}"
    elif kind == "vow":
        text += f': {t("brs.vow." + str(m.vow), lang)}'
    elif kind == "ruling":
        text += f': {t("brs.ruling." + str(m.action), lang)}'
    elif kind == "bonus":
        text += f': {t("brs.take." + str(m.take), lang)}'
    elif kind == "devastate":
        w = m.weakness
        text += f": «{w.trait}» d{w.size}" if w else f': {t("brs.take.lost", lang)}'
    elif kind == "defeat":
        text += f": d{m.size}"
    elif kind == "orders":
        text += f": {orders_words(m.orders, lang)}"
    elif kind in ("strength", "endurance") and isinstance(m.die, int) and 0 <= m.die < len(cells):
        text += f": d{cells[m.die].d} «{cells[m.die].trait}»"
    if e.order is not None:
        text += t("brs.log.by_order", lang).format(player=names[e.order])
    if m.note:
        text += f" — {m.note}"
    if e.rolled:
        rolls = ", ".join(f"d{r.d} «{cells[r.die].trait}» "
                          + (f"{r.before} → {r.after}" if r.before is not None else str(r.after))
                          for r in e.rolled)
        text += f' ({t("brs.moves.rolled", lang)}: {rolls})'
    return text


def journal_html(entries: tuple, summary: Confrontation, cells: tuple, lang: str) -> str:
    """Every move in words ("7. Sharla — Ventaja: d4 2 → 5"), from tirada.systems.brs.journal.entries, newest last."""
    names = names_of(summary)
    return "".join(f'<li value="{e.n}">{esc(journal_line(e, names, cells, lang))}</li>' for e in entries)
