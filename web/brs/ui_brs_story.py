"""The story of a Confrontation in words (issue #29): the last move (what was advanced, with which
dice and faces, and what it did), the end (who won, which Pain falls on whom, what goes back to the
sheets) and the forum snippet's status line built from them.

Pure functions of the engine's typed records (tirada.systems.brs.report.confrontation, journal.entries,
options.cells; issue #40) + language,
no pyscript import; tested on CPython (tests/test_web_brs_seat.py).
"""

from __future__ import annotations

from shell.strings import t
from brs.ui_brs_board import journal_line, names_of
from tirada.systems.brs.story_view import Confrontation, JournalEntry


def advanced_words(advanced, lang: str) -> str:
    """Dice advanced by an attack or a defence (story_view.Advanced records): "d4 Fuerza (2) + d10
    Resistencia (6)"."""
    return " + ".join(f'd{a.d} {t("brs.aspect." + a.aspect, lang)} ({a.face})' for a in advanced)


def move_story(entry: JournalEntry, summ: Confrontation, cells: tuple, lang: str) -> str:
    """One move in words; an attack or a defence says its dice, faces, score and outcome
    (tirada.systems.brs.journal.entries), any other move its journal line."""
    names = names_of(summ)
    kind = entry.move.kind
    if kind in ("attack", "defend") and entry.advanced and entry.player is not None:
        kw = {"player": names[entry.player], "dice": advanced_words(entry.advanced, lang), "score": entry.score}
        if kind == "attack":
            target = entry.target
            return t("brs.story.attack", lang).format(**kw, target=names[target] if isinstance(target, int) else "")
        return t("brs.story.defend", lang).format(**kw, outcome=t("brs.outcome." + str(entry.outcome), lang))
    return journal_line(entry, names, cells, lang)


def end_lines(summ: Confrontation, lang: str) -> list:
    """The end, in sentences: who won (and who Yielded), which Pain of the Spoils falls on whom
    (only the winner's bids apply: "Nombrar un nuevo Dolor que tu oponente sufrirá cuando pierda";
    Ordinary Spoils give the loser "Derrotado por (winner)"), the Stipulations, Broken Heroes and
    what each player takes back to the sheet. Empty while the Confrontation goes on."""
    if summ.status != "ended" or summ.winner_side is None:
        return []
    win = summ.winner_side
    winner, loser = summ.sides[win], summ.sides[1 - win]
    sp = summ.spoils
    bearer = sp.bearer or loser
    lines = [t("brs.end.winner", lang).format(winner=winner, loser=loser)]
    if sp.ordinary:
        lines.append(t("brs.end.ordinary", lang).format(bearer=bearer, winner=winner))
    else:
        mine = [f"«{p.text}»" for p in sp.applied if p.by is not None]
        table = [f"«{p.text}»" for p in sp.applied if p.by is None]
        if mine:
            lines.append(t("brs.end.pain", lang).format(winner=winner, bearer=bearer, pains="; ".join(mine)))
        if table:
            lines.append(t("brs.end.pain_table", lang).format(bearer=bearer, pains="; ".join(table)))
        if not mine and not table:
            lines.append(t("brs.end.no_pain", lang).format(winner=winner, bearer=bearer))
        if sp.stipulations:
            lines.append(t("brs.end.stipulations", lang).format(list="; ".join(f"«{s}»" for s in sp.stipulations)))
    if summ.broken:
        lines.append(t("brs.log.broken", lang).format(names=", ".join(summ.broken)))
    players = "; ".join(t("brs.end.player", lang).format(name=p.name, vp=p.vp, lost=p.devastated,
                                                         battered=p.battered) for p in summ.players)
    lines.append(t("brs.end.sheets", lang).format(list=players + "."))
    return lines


def turn_entries(entries, summ: Confrontation, most: int = 4) -> list:
    """The moves of the last hand: the trailing run of moves made by the side of the last mover
    (what changed for the other side's reader since their own move), the newest ``most``."""
    side = lambda e: None if e.player is None else summ.players[e.player].side   # noqa: E731
    run: list = []
    for e in reversed(entries):
        if run and side(e) != side(run[-1]):
            break
        run.append(e)
    return list(reversed(run))[-most:]


def last_move_text(entries, summ: Confrontation, cells: tuple, lang: str) -> str:
    """"Último movimiento: …" for the status — the newest two moves of the last hand
    (:func:`turn_entries`; a pick followed by its attack is told by the attack alone), "; " between
    them — or "Aún no hay movimientos."."""
    if not entries:
        return t("brs.last.none", lang)
    told = turn_entries(entries, summ, 2)
    if len(told) == 2 and told[0].move.kind == "pick" and told[1].move.kind == "attack":
        told = told[1:]     # "X ataca a Y con …" already says who picked whom: the status stays short
    return t("brs.last", lang).format(text="; ".join(move_story(e, summ, cells, lang) for e in told))


def snippet_sentences(entries, summ: Confrontation, cells: tuple, step_text: str, lang: str) -> list:
    """The forum post's sentences (tirada.links.snippets_story.titled_story): the story of each move
    of the last hand (:func:`turn_entries`) and what comes now, or — once ended — the winner, the
    Pain and the Stipulations (:func:`end_lines` without the sheets line)."""
    if summ.status == "ended":
        return end_lines(summ, lang)[:-1]
    if not entries:
        return [step_text]
    told = [move_story(e, summ, cells, lang) + "." for e in turn_entries(entries, summ)]
    return told + [t("brs.story.next", lang).format(step=step_text)]
