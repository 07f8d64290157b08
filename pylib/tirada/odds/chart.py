"""Small, readable SVG bar charts of odds, with the same numbers as an HTML table (issue #8).

Pure Python, no plotting stack: the page shows the odds of :func:`tirada.odds.odds` beside the
roll form, and this module turns its rows (``{"value", "p", "exact"?, "or_more"?}``, docs/odds.md
§Output) into

* :func:`pick_bars`: the bars worth drawing — negligible tails trimmed (< :data:`TAIL`), long
  ranges thinned (cumulative view) or binned (distribution view) to at most :data:`MAX_BARS`,
  the threshold bar (difficulty, TN…) always kept and marked;
* :func:`svg_chart`: an ``<svg role="img">`` with ``<title>`` and ``<desc>``, percentage grid lines,
  value labels and a text label on the marked bars (colour is never the only signal);
* :func:`table_html`: the bars as a ``<table>`` (value, percentage, exact fraction) for screen
  readers and for anyone who prefers numbers;
* :func:`chart`: all three at once.

The caller passes every piece of UI text (titles, headers, captions) already translated; this
module only formats numbers (:func:`percent`, with the decimal comma in Spanish) and escapes all
text it writes into the markup.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Optional, Sequence

from ..systems.words import number   # a negative total with U+2212, as the card and the snippets write it

__all__ = ["MAX_BARS", "TAIL", "Bar", "axis_percent", "chart", "drawn_rows", "for_card", "percent", "pick_bars", "svg_chart",
           "table_html"]

#: At most this many bars are drawn; longer ranges are thinned or binned.
MAX_BARS = 30
#: Tails whose total probability is below this are not drawn (they would be invisible bars).
TAIL = 0.0005
#: Exact fractions longer than this are left out of the table (nobody reads 40 digits).
EXACT_CHARS = 15

#: The chart's coordinate system (viewBox); the page scales it to the card's width.
WIDTH, HEIGHT = 320, 176
LEFT, RIGHT, TOP, BOTTOM = 46, 8, 20, 28


@dataclass(frozen=True)
class Bar:
    """One bar: its axis label (``"7"``, ``"6+"``, ``"10–14"``), probability, exact fraction
    (``"a/b"`` or None) and whether it is marked (the threshold, or the success region)."""

    label: str
    p: float
    exact: Optional[str]
    marked: bool = False


def percent(p: float, lang: str = "es") -> str:
    """``p`` (0..1) as a percentage with one decimal: ``"16,7 %"`` (es, no-break space) or
    ``"16.7%"`` (en). Never rounds a possible outcome to 0 or a doubtful one to 100: values
    strictly between 0 and 0.1 % read ``"<0,1 %"``, between 99.9 % and 100 % ``">99,9 %"``."""
    if p <= 0:
        text = "0"
    elif p >= 1:
        text = "100"
    elif p < 0.001:
        text = "<0.1"
    elif p > 0.999:
        text = ">99.9"
    else:
        text = f"{p * 100:.1f}"
    if lang == "es":
        return text.replace(".", ",") + "\u00a0%"
    return text + "%"


def _label(row: dict) -> str:
    return f"{number(row['value'])}+" if row.get("or_more") else number(row["value"])


def _short_exact(row: dict) -> Optional[str]:
    exact = row.get("exact")
    return exact if isinstance(exact, str) and len(exact) <= EXACT_CHARS else None


def _trim(rows: Sequence[dict], cumulative: bool, keep: Optional[int]) -> tuple:
    """Index range ``[lo, hi)`` of the rows worth drawing (tails below :data:`TAIL` cut)."""
    n = len(rows)
    lo, hi = 0, n
    if cumulative:
        # leading rows that are all ≈ 100 %: keep only the last of them
        while lo + 1 < n and rows[lo + 1]["p"] >= 1 - TAIL:
            lo += 1
        while hi - 1 > lo and rows[hi - 1]["p"] < TAIL:
            hi -= 1
    else:
        mass = 0.0
        while lo < n - 1 and mass + rows[lo]["p"] < TAIL:
            mass += rows[lo]["p"]
            lo += 1
        mass = 0.0
        while hi - 1 > lo and mass + rows[hi - 1]["p"] < TAIL:
            mass += rows[hi - 1]["p"]
            hi -= 1
    if keep is not None:
        lo, hi = min(lo, keep), max(hi, keep + 1)
    return lo, hi


def _anchor(rows: Sequence[dict], cumulative: bool, mark_from: Optional[int]) -> Optional[int]:
    """Index of the row the bars are aligned on (the threshold's, or the first past it), or None."""
    values = [r["value"] for r in rows]
    keep = values.index(mark_from) if mark_from in values else None
    if keep is None and mark_from is not None and not cumulative and values[0] < mark_from <= values[-1]:
        keep = next(i for i, v in enumerate(values) if v >= mark_from)
    return keep


def drawn_rows(rows: Sequence[dict], cumulative: bool, mark_from: Optional[int] = None) -> list:
    """The rows :func:`pick_bars` draws from (the tails it cuts left out): ``pick_bars`` on them
    gives the same bars, so the page's odds worker sends only these (issue #28)."""
    if not rows:
        return []
    lo, hi = _trim(rows, cumulative, _anchor(rows, cumulative, mark_from))
    return list(rows[lo:hi])


def for_card(result: dict) -> dict:
    """``result`` (an ``odds()`` answer, changed in place and returned) with only the rows the page's
    odds card draws (web/roll/ui_odds.py): with a ``success`` and an int ``difficulty``/``tn``, the
    "at least" rows of :func:`drawn_rows` and no distribution; without a ``success``, the
    distribution and no "at least" (its tails are cut by mass, which a second cut would cut
    again: it is sent whole). Other results are left whole. The page's odds
    worker sends this (issue #28): the main thread then parses a few dozen rows, not thousands."""
    mark = next((result[k] for k in ("difficulty", "tn") if isinstance(result.get(k), int)), None)
    if "success" in result and mark is not None and result.get("at_least"):
        result.pop("distribution", None)
        result["at_least"] = drawn_rows(result["at_least"], True, mark)
    elif "success" not in result and result.get("distribution"):
        result.pop("at_least", None)
    return result


def pick_bars(rows: Sequence[dict], cumulative: bool, mark_from: Optional[int] = None,
              max_bars: int = MAX_BARS) -> list:
    """The bars to draw for ``rows`` (sorted by value, as ``odds()`` returns them).

    Args:
        rows: ``[{"value": int, "p": float, "exact"?: str, "or_more"?: bool}]``, sorted by value.
        cumulative: True for an "at least" view (``at_least`` rows: bar = P(X ≥ value)); False for
            a distribution (bar = P(X = value)).
        mark_from: the threshold (difficulty, TN, …) or None. Cumulative view: the bar of exactly
            that value is marked (its height is the chance of success) and always drawn.
            Distribution view: every bar of a value ≥ threshold is marked (the success region).
        max_bars: at most this many bars (≥ 3). A longer cumulative range keeps every k-th value
            (aligned on the threshold); a longer distribution is binned into ranges ``"a–b"``
            whose probabilities are summed (bins start at the threshold).
    Returns:
        list of :class:`Bar`, left to right (empty for empty ``rows``).
    """
    if not rows:
        return []
    keep = _anchor(rows, cumulative, mark_from)
    lo, hi = _trim(rows, cumulative, keep)
    rows = list(rows[lo:hi])
    anchor = 0 if keep is None else keep - lo
    # thinning aligned on the anchor may add one bar at each end: hence max_bars - 2
    step = 1 if len(rows) <= max_bars else math.ceil(len(rows) / max(1, max_bars - 2))
    bars = []
    if cumulative:
        for i, row in enumerate(rows):
            if step == 1 or (i - anchor) % step == 0:
                marked = mark_from is not None and row["value"] == mark_from
                bars.append(Bar(_label(row), row["p"], _short_exact(row), marked))
        return bars
    start = anchor % step
    groups = ([rows[:start]] if start else []) + [rows[i:i + step] for i in range(start, len(rows), step)]
    for group in groups:
        first, last = group[0], group[-1]
        label = _label(first) if len(group) == 1 else f"{number(first['value'])}–{_label(last)}"
        p = sum(r["p"] for r in group)
        exact = _short_exact(first) if len(group) == 1 else None
        marked = mark_from is not None and first["value"] >= mark_from
        bars.append(Bar(label, p, exact, marked))
    return bars


def _nice_top(p: float) -> float:
    """Upper end of the distribution view's axis: the smallest of 5 %, 10 %, 20 %… ≥ p."""
    for top in (0.05, 0.1, 0.2, 0.25, 0.4, 0.5, 0.6, 0.8, 1.0):
        if p <= top + 1e-12:
            return top
    return 1.0


def axis_percent(p: float, lang: str = "es") -> str:
    """An axis tick: like :func:`percent` but without a needless ``,0`` (``"20 %"``, ``"12,5 %"``)."""
    text = _fmt(p * 100)
    return (text.replace(".", ",") + "\u00a0%") if lang == "es" else text + "%"


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def svg_chart(bars: Sequence[Bar], title: str, desc: str, lang: str = "es", cumulative: bool = True,
              id_prefix: str = "chart") -> str:
    """An accessible SVG bar chart of ``bars``.

    Args:
        bars: from :func:`pick_bars`.
        title: short name of the chart (its ``<title>``, read as the image's name).
        desc: one or two sentences saying what the bars are and the key number (``<desc>``).
        lang: ``"es"`` or ``"en"``, for the percentages (:func:`percent`).
        cumulative: True: the axis goes 0..100 %; False: 0..a round value above the tallest bar.
        id_prefix: prefix of the ids of ``<title>`` and ``<desc>`` (unique per page).
    Returns:
        ``<svg … role="img" aria-labelledby="…">`` markup; all text escaped. Marked bars are dark
        and carry their percentage as text; the others are light; a bar's ``<title>`` gives its
        value and percentage on hover.
    """
    esc = html.escape
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    top = 1.0 if cumulative else _nice_top(max((b.p for b in bars), default=0.0))
    base = TOP + plot_h
    parts = [f'<svg class="odds-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-labelledby="{id_prefix}-title {id_prefix}-desc" xmlns="http://www.w3.org/2000/svg">',
             f'<title id="{id_prefix}-title">{esc(title)}</title>',
             f'<desc id="{id_prefix}-desc">{esc(desc)}</desc>']
    for frac in (0.0, 0.5, 1.0):
        y = base - frac * plot_h
        parts.append(f'<line class="gridline" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_fmt(y)}" y2="{_fmt(y)}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 3}" y="{_fmt(y + 4)}" text-anchor="end">'
                     f'{esc(axis_percent(top * frac, lang))}</text>')
    n = max(1, len(bars))
    slot = plot_w / n
    width = max(1.0, slot * 0.78)
    every = max(1, math.ceil(n / (10 if max((len(b.label) for b in bars), default=1) <= 3 else 5)))
    show_all_values = n <= 6
    for i, bar in enumerate(bars):
        h = 0.0 if top <= 0 else min(1.0, bar.p / top) * plot_h
        x = LEFT + i * slot + (slot - width) / 2
        cx = LEFT + i * slot + slot / 2
        cls = "bar marked" if bar.marked else "bar"
        parts.append(f'<rect class="{cls}" x="{_fmt(x)}" y="{_fmt(base - h)}" width="{_fmt(width)}" '
                     f'height="{_fmt(max(h, 0.5))}"><title>{esc(bar.label)}: {esc(percent(bar.p, lang))}'
                     f'</title></rect>')
        if bar.marked or show_all_values:
            anchor = "end" if cx > WIDTH - 24 else ("start" if cx < LEFT + 12 and n > 8 else "middle")
            tx = WIDTH - RIGHT if anchor == "end" else (LEFT if anchor == "start" else cx)
            vcls = "value marked" if bar.marked else "value"
            parts.append(f'<text class="{vcls}" x="{_fmt(tx)}" y="{_fmt(max(base - h - 3, TOP - 4))}" '
                         f'text-anchor="{anchor}">{esc(percent(bar.p, lang))}</text>')
        if bar.marked or i % every == 0:
            lcls = "label marked" if bar.marked else "label"
            parts.append(f'<text class="{lcls}" x="{_fmt(cx)}" y="{base + 18}" text-anchor="middle">'
                         f'{esc(bar.label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def table_html(bars: Sequence[Bar], caption: str, headers: Sequence[str], lang: str = "es",
               mark_text: str = "") -> str:
    """The bars as an HTML table: ``<caption>``, then one row per bar (label, percentage, exact
    fraction when short, breakable after its slash; the column is left out when no bar has one). A
    marked row carries ``class="marked"`` and ``mark_text`` (e.g. "← tu
    dificultad") after its label, so the mark is in the text too. ``headers``: three column
    names (value, probability, exact). All text escaped."""
    esc = html.escape
    with_exact = any(bar.exact for bar in bars)
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in headers[:3 if with_exact else 2])
    rows = []
    for bar in bars:
        note = f' <span class="mark">{esc(mark_text)}</span>' if bar.marked and mark_text else ""
        cls = ' class="marked"' if bar.marked else ""
        exact = f'<td>{"/<wbr/>".join(esc(x) for x in (bar.exact or "").split("/"))}</td>' if with_exact else ""
        rows.append(f'<tr{cls}><th scope="row">{esc(bar.label)}{note}</th><td>{esc(percent(bar.p, lang))}</td>'
                    f'{exact}</tr>')
    return (f'<table class="odds-table"><caption>{esc(caption)}</caption><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def chart(rows: Sequence[dict], cumulative: bool, title: str, desc: str, caption: str,
          headers: Sequence[str], lang: str = "es", mark_from: Optional[int] = None, mark_text: str = "",
          id_prefix: str = "chart") -> dict:
    """:func:`pick_bars` + :func:`svg_chart` + :func:`table_html` of one set of odds rows.

    Returns:
        ``{"bars": [Bar], "svg": str, "table": str}`` (``svg`` and ``table`` are empty strings when
        ``rows`` is empty).
    """
    bars = pick_bars(rows, cumulative, mark_from)
    if not bars:
        return {"bars": [], "svg": "", "table": ""}
    return {"bars": bars,
            "svg": svg_chart(bars, title, desc, lang, cumulative, id_prefix),
            "table": table_html(bars, caption, headers, lang, mark_text)}
