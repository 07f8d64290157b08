"""Each roll system's odds card: the headline, chart, tables and notes of ``tirada.odds.odds`` output
(pure: no pyscript; tested on CPython in tests/test_forms.py). A system's Form (web/roll/forms.py) names its
builder as ``odds_view``; web/roll/ui_odds.py draws the card beside the roll form, and the scene and the
Confrontation put it in their own boxes (``ui_odds.card_html``).

Each builder is ``(result, lang, label) -> {"headline", "svg", "table", "legend", "extra", "note"?}``;
``label(name)`` names a form field (the page passes the visible input's label). ``result`` is the odds
dict (or its :class:`tirada.odds.view.OddsView`): it is read once into that typed record
(:func:`tirada.odds.view.read`) and drawn from its attributes.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from shell.render import esc
from shell.strings import t
from tirada.odds.view import OddsView, Prob, probs as read_probs, read

__all__ = ["view_brs", "view_l5r", "view_threshold", "view_tragedia"]


def _charts():
    """tirada.odds.chart, imported when the first odds are drawn (it is not needed to start)."""
    from tirada.odds import chart

    return chart


def _p(prob: Prob, lang: str) -> str:
    """``"16,7 % (1/6)"``: a percentage and its exact fraction when short (not for 0 or 1)."""
    exact = prob.exact
    text = _charts().percent(prob.p, lang)
    if isinstance(exact, str) and len(exact) <= _charts().EXACT_CHARS and exact not in ("0/1", "1/1"):
        return f"{text} ({exact})"
    return text


def _number(x: float, lang: str) -> str:
    text = f"{x:.2f}"
    return text.replace(".", ",") if lang == "es" else text


def _table(caption: str, rows: list, headers: tuple) -> str:
    """A small text table: ``rows`` are lists of cell texts (first cell is the row header)."""
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in headers)
    body = "".join(f'<tr><th scope="row">{esc(r[0])}</th>{"".join(f"<td>{esc(c)}</td>" for c in r[1:])}</tr>'
                   for r in rows)
    return (f'<table class="odds-table"><caption>{esc(caption)}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _prob_table(caption: str, probs: Mapping[str, Any], labels: list, lang: str) -> str:
    """A table of the named probabilities (``probs``: ``{key: Prob}`` or the odds dict's
    ``{key: {"p", "exact"?}}``; ``labels``: (key, text)): outcome, percentage and the exact fraction
    (that column only when every fraction is short)."""
    named = read_probs(probs)
    rows = [[text, _charts().percent(named[key].p, lang), named[key].exact or ""]
            for key, text in labels if key in named]
    headers: tuple = (t("odds.col.outcome", lang), t("odds.col.p", lang), t("odds.col.exact", lang))
    if not all(0 < len(r[2]) <= _charts().EXACT_CHARS for r in rows):
        rows, headers = [r[:2] for r in rows], headers[:2]
    return _table(caption, rows, headers)


def _chart(rows: list, cumulative: bool, title_key: str, col_key: str, mark, mark_key: str, lang: str) -> dict:
    """The chart, its description and the numbers table of one set of rows."""
    title = t(title_key, lang)
    bars = _charts().pick_bars(rows, cumulative, mark)
    if not bars:
        return {"svg": "", "table": "", "legend": ""}
    desc = t("odds.desc_range", lang).format(title=title, first=bars[0].label, last=bars[-1].label)
    marked = [b for b in bars if b.marked]
    legend = ""
    if marked and cumulative:
        desc += " " + t("odds.desc_mark", lang).format(label=marked[0].label, p=_charts().percent(marked[0].p, lang))
        legend = t("odds.legend", lang).format(label=marked[0].label)
    elif marked:
        legend = t("odds.legend_region", lang).format(label=marked[0].label.split("–")[0])
    headers = (t(col_key, lang), t("odds.col.p", lang), t("odds.col.exact", lang))
    return {"svg": _charts().svg_chart(bars, title, desc, lang, cumulative, id_prefix="odds-chart"),
            "table": _charts().table_html(bars, title, headers, lang, t(mark_key, lang) if marked else ""),
            "legend": legend}


def _view_threshold(result: "Mapping[str, Any] | OddsView", title_key: str, col_key: str, mark_key: str, headline_key: str,
                    lang: str) -> dict:
    """The "at least" chart marked at :attr:`~tirada.odds.view.OddsView.mark` and the chance of success
    as the headline (``""`` without one)."""
    odds = read(result)
    view = _chart(list(odds.at_least), True, title_key, col_key, odds.mark, mark_key, lang)
    view["headline"] = t(headline_key, lang).format(p=_p(odds.success, lang)) if odds.success is not None else ""
    view["extra"] = ""
    return view


def view_threshold(result: "Mapping[str, Any] | OddsView", lang: str, label: Callable[[str], str] = str) -> dict:
    """SIFRP and generic: "at least" chart marked at the difficulty; SIFRP adds its degrees."""
    odds = read(result)
    note = ""
    if odds.success is None:  # generic roll without a difficulty: the distribution
        view = _chart(list(odds.distribution), False, "odds.chart.total", "odds.col.total", None, "", lang)
        view.update(headline=t("odds.no_difficulty", lang), extra="")
    else:
        view = _view_threshold(odds, "odds.chart.total_at_least", "odds.col.total_at_least",
                               "odds.mark.difficulty", "odds.success", lang)
        if odds.outcomes is not None:   # SIFRP's grades, in the words of its results (tirada.systems.sifrp_words)
            from tirada.systems.sifrp_words import grade_name

            names = [(g, grade_name(g, lang)) for g in ("degrees_4", "degrees_3", "degrees_2", "degrees_1", "marginal", "critical")]
            view["extra"] = _prob_table(t("odds.sifrp.outcomes", lang), odds.outcomes, names, lang)
        if odds.expected_damage is not None:
            note = t("odds.expected_damage", lang).format(value=_number(odds.expected_damage, lang))
    note = _explosions(odds, note, lang)
    if note:
        view["note"] = note
    return view


def _explosions(odds: OddsView, note: str, lang: str) -> str:
    """``note`` followed by what an exploding roll's odds count and the chance of more
    (``explosion_bound``, ``cut_off``: docs/odds.md §Exploding): the note under the chart."""
    for bound, words in ((odds.explosion_bound, "odds.explosions"), (odds.reroll_bound, "odds.rerolls")):
        cut = odds.cut_off   # bound: an int, or one per dice group
        if cut is not None and bound is not None:
            text = _charts().percent(cut.p, lang) + (f" = {cut.exact}" if cut.exact is not None else "")
            bounds = " / ".join(str(b) for b in bound) if isinstance(bound, list) else str(bound)
            more = t(words, lang).format(bound=bounds, p=text)
            note = f"{note} {more}" if note else more
    return note


def view_l5r(result: "Mapping[str, Any] | OddsView", lang: str, label: Callable[[str], str] = str) -> dict:
    """L5R: "at least" chart of successes marked at the TN, expected successes and strife."""
    odds = read(result)
    view = _view_threshold(odds, "odds.chart.successes", "odds.col.successes", "odds.mark.tn", "odds.success", lang)
    successes = _number(odds.expected_successes, lang)
    strife = odds.expected_strife   # None under a distinction's or an adversity's rerolls
    notes = [t("odds.l5r.expected_successes", lang).format(successes=successes) if strife is None else
             t("odds.l5r.expected", lang).format(successes=successes, strife=_number(strife, lang)), t("odds.l5r.policy", lang)]
    if odds.rerolls in ("distinction", "adversity"):
        notes.append(t(f"odds.l5r.policy_{odds.rerolls}", lang))
    if odds.not_modelled:
        fields = ", ".join(label(name) for name in odds.not_modelled)
        notes.append(t("odds.l5r.not_modelled", lang).format(fields=fields))
    view["note"] = " ".join(notes)
    return view


def view_tragedia(result: "Mapping[str, Any] | OddsView", lang: str, label: Callable[[str], str] = str) -> dict:
    """Tragedia: "at least" chart of the margin, who wins, and the Tragedy step table."""
    odds = read(result)
    view = _view_threshold(odds, "odds.chart.margin", "odds.col.margin", "odds.mark.win",
                           "odds.protagonist_wins", lang)
    names = [(k, t(f"odds.tragedia.{k}", lang)) for k in ("protagonist", "adversary", "tie")]
    extra = _prob_table(t("odds.tragedia.outcomes", lang), odds.outcomes or {}, names, lang)
    steps = []
    for step in odds.tragedy_steps:
        turns = step.turns
        steps.append([str(step.tragedy_dice), _charts().percent(turns.p, lang) if turns else "—",
                      _charts().percent(step.win_overall.p, lang)])
    if steps:
        extra += _table(t("odds.tragedia.step", lang), steps, (t("odds.tragedia.step_dice", lang),
                                                           t("odds.tragedia.turns", lang), t("odds.tragedia.overall", lang)))
    view["extra"] = extra
    return view


def view_brs(result: "Mapping[str, Any] | OddsView", lang: str, label: Callable[[str], str] = str) -> dict:
    """Blood Red Sands: the best defence now; after a Renewal, the chart of the renewed sum."""
    odds = read(result)
    names = [(k, t(f"odds.brs.{k}", lang)) for k in ("reversal", "block", "damage", "overwhelmed")]
    headline = t("odds.brs.now", lang).format(outcome=t(f"odds.brs.{odds.best_now}", lang))
    renewal = odds.renewal
    if renewal is None:
        return {"svg": "", "table": "", "legend": "", "headline": headline, "extra": ""}
    view = _chart(list(renewal.at_least), True, "odds.chart.renewal", "odds.col.sum", odds.attack_score, "odds.mark.score", lang)
    table = [[text, _charts().percent(renewal.reachable[k].p, lang), _charts().percent(renewal.best[k].p, lang)]
             for k, text in names]
    view["headline"] = headline + ". " + t("odds.brs.reach", lang).format(p=_p(renewal.reach_score, lang))
    view["extra"] = _table(t("odds.brs.table", lang), table, (t("odds.col.outcome", lang), t("odds.brs.reachable", lang),
                                                        t("odds.brs.best", lang)))
    return view
