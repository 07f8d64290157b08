"""The roll view's HTML (pure: no pyscript, tested on CPython in tests/test_forms.py): the result card
of a roll on screen and the history list. web/roll/ui_roll.py (the handlers) puts them on the page; each
system's card comes from its Form (web/roll/result_views.py, web/roll/forms.py)."""

from __future__ import annotations

import time
from typing import Any, Mapping, Sequence

from roll import result_views
from shell.render import esc, meta_line
from shell.strings import t
from tirada.links.roll_record import HistoryEntry, RollHead, VerifiedRoll

__all__ = ["faces_card_html", "history_html", "link_card_html"]


def faces_card_html(result: Mapping[str, Any], lang: str) -> str:
    """Dice rolled elsewhere (typed faces): the system's card between "dice you typed" and "no link"."""
    body = result_views.view_for(RollHead.of(result).system).render_result(result, lang)
    return (f'<p class="faces-kicker">{esc(t("faces.heading", lang))}</p>{body}'
            f'<p class="meta">{esc(t("result.faces_given", lang))}</p>')


def link_card_html(verified: Mapping[str, Any], lang: str) -> str:
    """A verified roll: its pool in the game's notation, the system's card (with the roll's label)
    and who rolled it, in which chain, when."""
    from tirada.links.pool import pool_text

    roll = VerifiedRoll.of(verified)
    body = result_views.view_for(roll.system).render_result({**roll.result, "label": roll.label}, lang)
    pool = f'<p class="pool" id="result-pool">{esc(pool_text(roll.request, lang))}</p>'
    return pool + body + f'<p class="meta" id="roll-meta">{meta_line(dict(verified), lang)}</p>'


def history_html(items: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The newest 50 history entries as ``<li>``s: label · summary linking to the roll, and when;
    dice rolled elsewhere have no link and say so. Each stored entry is read as a
    :class:`tirada.links.roll_record.HistoryEntry`."""
    rows = []
    for item in items[:50]:
        entry = HistoryEntry.of(item)
        text = entry.text(lang)
        when_ = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.at / 1000))
        title = f"{entry.label} · " if entry.label else ""
        if entry.elsewhere:   # dice rolled elsewhere: no link to open
            rows.append(f'<li class="elsewhere"><span>{esc(title)}{esc(text)}</span> '
                        f'<span class="meta">{esc(t("faces.history", lang))} · {esc(when_)}</span></li>')
            continue
        rows.append(f'<li><a href="#{esc(entry.fragment)}">{esc(title)}'
                    f'{esc(text)}</a> <span class="meta">{esc(when_)}</span></li>')
    return "".join(rows)
