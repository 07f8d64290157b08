"""The odds card beside the roll form (issue #8; glue only: no rules here).

ui_roll.py calls :func:`schedule` whenever a field of the form changes; after a short pause
(:data:`DELAY_MS`, so typing is never blocked by a recomputation) :func:`update` calls the one
engine function :func:`tirada.odds.odds` on the form's request and renders the answer with
:mod:`tirada.odds.chart`: a headline in the live region, an SVG bar chart (with ``<title>`` and
``<desc>``) and, under "show the numbers", the same values as tables. An incomplete or invalid
form shows "—". Works for every system ``odds()`` knows (it dispatches on ``request["system"]``).

No odds computation blocks the page's input for more than 100 ms (issue #28): the main thread
computes only what fits its share of work (``odds(request, main_thread=True)``,
:mod:`tirada.odds.budget`: counted steps, every typical expression); anything heavier shows
"Calculando…" and is computed by a Web Worker (web/odds-worker.mjs, a second Pyodide started on the
first such request). A newer request makes an older worker answer stale: it is dropped, and only
the newest waiting request is posted next. Why a worker and not slices: the odds modules are
straight-line integer code (no yield points), and a bound tight enough for 100 ms in Pyodide under
load would refuse most accepted explosions; the worker keeps every accepted expression and bounds
the main thread's part by work, not by a clock. Where a worker cannot start, the main thread
computes as before.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

import app
import contract
import ui_odds_worker
from app import el, tr
from render import esc
from tirada import TiradaError
from tirada.odds import odds
from tirada.odds.budget import OffMainThread

#: Pause after the last change before the odds are recomputed (milliseconds).
DELAY_MS = 200
#: The rule named by the engine when a pool is too large to compute on the fly.
LIMITS_RULE = "odds.md §Limits"


class Odds:
    """What the card shows: the last request, its odds (or None) and the pending timer."""

    request: dict | None = None
    result: dict | None = None
    note = ""
    timer = None
    reader = None
    asked = 0          # number of the newest request: a worker answer to an older one is dropped


# ------------------------------------------------------------------------------ scheduling
def _charts():
    """tirada.odds.chart, imported when the first odds are drawn (it is not needed to start)."""
    from tirada.odds import chart

    return chart


def _fire(*_args) -> None:
    Odds.timer = None
    reader, Odds.reader = Odds.reader, None
    if reader is not None:
        update(reader())


_FIRE = create_proxy(_fire)


def schedule(reader) -> None:
    """Recompute after :data:`DELAY_MS` of calm: ``reader()`` then returns the form's request
    (a dict) or None when the form is incomplete. A newer call replaces a pending one."""
    Odds.reader = reader
    if Odds.timer is not None:
        window.clearTimeout(Odds.timer)
    Odds.timer = window.setTimeout(_FIRE, DELAY_MS)


def _refused(code: str, rule) -> str:
    """The note of an engine refusal (its ``code`` and ``rule``): too large, several rolls, or none."""
    if rule == LIMITS_RULE:
        return "odds.too_big"
    return "odds.several_rolls" if code == "odds.several_rolls" else ""


def update(request) -> None:
    """Compute and show the odds of ``request`` (a roll request dict), or "—" when it is None or
    the engine refuses it (a pool too large to compute quickly says so in one line). Odds past the
    main thread's share show "Calculando…" and are computed by the worker (ui_odds_worker.py)."""
    if request == Odds.request and Odds.request is not None:
        return
    began = window.performance.now()
    Odds.request, Odds.result, Odds.note = request, None, ""
    Odds.asked += 1   # an older worker computation is now stale
    try:
        if request is not None:
            Odds.result = odds(request, main_thread=ui_odds_worker.available())
            setattr(window, contract.DIAGNOSTICS["odds_from"], "main")
    except OffMainThread:
        Odds.note = "odds.computing"
        ui_odds_worker.ask(Odds.asked, request, _answered)
    except TiradaError as err:
        Odds.note = _refused(err.code, err.rule)
    except Exception as err:  # an engine bug must not leave the last odds on screen or a traceback
        Odds.note = "odds.failed"
        window.console.error(f"odds: {type(err).__name__}: {err}"[:300])
    finally:
        render()
        _measure("odds-main", began)


def _measure(name: str, began: float) -> None:
    """A performance entry for the main thread's part (read by tests/e2e/test_odds_responsive.py);
    ``name`` is declared in web/contract.json."""
    window.performance.measure(contract.mark_name(name), to_js({"start": began}, dict_converter=window.Object.fromEntries))


def _answered(number: int, answer) -> None:
    """The worker's ``answer`` (a dict: ``ok`` / ``error`` / ``failed``) to request ``number``,
    or ``None`` when it could not start: then the main thread computes it, as before issue #28."""
    if number != Odds.asked:   # a newer request was made meanwhile: this answer is stale
        return
    began = window.performance.now()
    if answer is None:
        request, Odds.request = Odds.request, None
        update(request)
        return
    Odds.note = ""
    if "ok" in answer:
        Odds.result = answer["ok"]
        setattr(window, contract.DIAGNOSTICS["odds_from"], "worker")
    elif "error" in answer:
        Odds.note = _refused(answer["error"].get("code", ""), answer["error"].get("rule"))
    else:
        Odds.note = "odds.failed"
        window.console.error(f"odds: {answer.get('failed')}"[:300])
    render()
    _measure("odds-answer", began)




# -------------------------------------------------------------------------------- rendering
def _p(prob: dict) -> str:
    """``"16,7 % (1/6)"``: a percentage and its exact fraction when short (not for 0 or 1)."""
    exact = prob.get("exact")
    text = _charts().percent(prob["p"], app.State.lang)
    if isinstance(exact, str) and len(exact) <= _charts().EXACT_CHARS and exact not in ("0/1", "1/1"):
        return f"{text} ({exact})"
    return text


def _number(x: float) -> str:
    text = f"{x:.2f}"
    return text.replace(".", ",") if app.State.lang == "es" else text


def _table(caption: str, rows: list, headers: tuple) -> str:
    """A small text table: ``rows`` are lists of cell texts (first cell is the row header)."""
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in headers)
    body = "".join(f'<tr><th scope="row">{esc(r[0])}</th>{"".join(f"<td>{esc(c)}</td>" for c in r[1:])}</tr>'
                   for r in rows)
    return (f'<table class="odds-table"><caption>{esc(caption)}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _prob_table(caption: str, probs: dict, labels: list) -> str:
    """A table of the named probabilities (``labels``: (key, text)): outcome, percentage and the
    exact fraction (that column only when every fraction is short)."""
    lang = app.State.lang
    rows = [[text, _charts().percent(probs[key]["p"], lang), probs[key].get("exact", "")]
            for key, text in labels if key in probs]
    headers: tuple[str, ...] = (tr("odds.col.outcome"), tr("odds.col.p"), tr("odds.col.exact"))
    if not all(0 < len(r[2]) <= _charts().EXACT_CHARS for r in rows):
        rows, headers = [r[:2] for r in rows], headers[:2]
    return _table(caption, rows, headers)


def _field_label(name: str) -> str:
    """The label text of the visible form field called ``name`` (the name itself if none)."""
    node = document.querySelector(f'fieldset[data-system]:not([hidden]) [name="{name}"]')
    if hasattr(node, "tagName") and node.labels.length:  # JS null arrives as JsNull, not None
        return str(node.labels[0].textContent).strip()
    return name


def _threshold(result: dict, rows: list):
    """The value the chart marks: the difficulty or TN when given, else the row whose
    "at least" probability is the chance of success (e.g. Tragedia's winning margin)."""
    for key in ("difficulty", "tn", "attack_score"):
        if isinstance(result.get(key), int):
            return result[key]
    success = result.get("success")
    if isinstance(success, dict):
        for row in rows:
            if row.get("exact") == success.get("exact") and row["p"] == success["p"]:
                return row["value"]
    return None


def _chart(rows: list, cumulative: bool, title_key: str, col_key: str, mark, mark_key: str) -> dict:
    """The chart, its description and the numbers table of one set of rows."""
    lang = app.State.lang
    title = tr(title_key)
    bars = _charts().pick_bars(rows, cumulative, mark)
    if not bars:
        return {"svg": "", "table": "", "legend": ""}
    desc = tr("odds.desc_range").format(title=title, first=bars[0].label, last=bars[-1].label)
    marked = [b for b in bars if b.marked]
    legend = ""
    if marked and cumulative:
        desc += " " + tr("odds.desc_mark").format(label=marked[0].label, p=_charts().percent(marked[0].p, lang))
        legend = tr("odds.legend").format(label=marked[0].label)
    elif marked:
        legend = tr("odds.legend_region").format(label=marked[0].label.split("–")[0])
    headers = (tr(col_key), tr("odds.col.p"), tr("odds.col.exact"))
    return {"svg": _charts().svg_chart(bars, title, desc, lang, cumulative, id_prefix="odds-chart"),
            "table": _charts().table_html(bars, title, headers, lang, tr(mark_key) if marked else ""),
            "legend": legend}


def _view_threshold(result: dict, title_key: str, col_key: str, mark_key: str, headline_key: str) -> dict:
    rows = result.get("at_least") or []
    view = _chart(rows, True, title_key, col_key, _threshold(result, rows), mark_key)
    view["headline"] = tr(headline_key).format(p=_p(result["success"])) if "success" in result else ""
    view["extra"] = ""
    return view


def view_sifrp(result: dict) -> dict:
    """SIFRP and generic: "at least" chart marked at the difficulty; SIFRP adds its degrees."""
    if "success" not in result:  # generic roll without a difficulty: the distribution
        view = _chart(result["distribution"], False, "odds.chart.total", "odds.col.total", None, "")
        view.update(headline=tr("odds.no_difficulty"), extra="")
        return _explosions(result, view)
    view = _view_threshold(result, "odds.chart.total_at_least", "odds.col.total_at_least",
                           "odds.mark.difficulty", "odds.success")
    if "outcomes" in result:
        names = [(f"degrees_{d}", tr(f"result.degrees_{d}")) for d in (4, 3, 2, 1)]
        names += [("marginal", tr("result.marginal")), ("critical", tr("result.critical"))]
        view["extra"] = _prob_table(tr("odds.sifrp.outcomes"), result["outcomes"], names)
    if isinstance(result.get("expected_damage"), (int, float)):
        view["note"] = tr("odds.expected_damage").format(value=_number(result["expected_damage"]))
    return _explosions(result, view)


def _explosions(result: dict, view: dict) -> dict:
    """An exploding roll's odds say how many explosions they count and the chance of more
    (``explosion_bound``, ``cut_off``: docs/odds.md §Exploding) in the note under the chart."""
    for key, words in (("explosion_bound", "odds.explosions"), ("reroll_bound", "odds.rerolls")):
        bound = result.get(key)   # an int, or one per dice group
        if isinstance(result.get("cut_off"), dict) and isinstance(bound, (int, list)):
            cut = result["cut_off"]
            exact = cut.get("exact")
            text = _charts().percent(cut["p"], app.State.lang) + (f" = {exact}" if isinstance(exact, str) else "")
            bounds = " / ".join(str(b) for b in bound) if isinstance(bound, list) else str(bound)
            note = tr(words).format(bound=bounds, p=text)
            view["note"] = f'{view["note"]} {note}' if view.get("note") else note
    return view


def view_l5r(result: dict) -> dict:
    """L5R: "at least" chart of successes marked at the TN, expected successes and strife."""
    view = _view_threshold(result, "odds.chart.successes", "odds.col.successes", "odds.mark.tn", "odds.success")
    successes = _number(result.get("expected_successes", 0))
    strife = result.get("expected_strife")   # None under a distinction's or an adversity's rerolls
    notes = [tr("odds.l5r.expected_successes").format(successes=successes) if strife is None else
             tr("odds.l5r.expected").format(successes=successes, strife=_number(strife)), tr("odds.l5r.policy")]
    if result.get("rerolls") in ("distinction", "adversity"):
        notes.append(tr(f"odds.l5r.policy_{result['rerolls']}"))
    if result.get("not_modelled"):
        fields = ", ".join(_field_label(name) for name in result["not_modelled"])
        notes.append(tr("odds.l5r.not_modelled").format(fields=fields))
    view["note"] = " ".join(notes)
    return view


def view_tragedia(result: dict) -> dict:
    """Tragedia: "at least" chart of the margin, who wins, and the Tragedy step table."""
    view = _view_threshold(result, "odds.chart.margin", "odds.col.margin", "odds.mark.win",
                           "odds.protagonist_wins")
    names = [(k, tr(f"odds.tragedia.{k}")) for k in ("protagonist", "adversary", "tie")]
    extra = _prob_table(tr("odds.tragedia.outcomes"), result.get("outcomes", {}), names)
    steps = []
    for step in result.get("tragedy_step", []):
        turns = step.get("turns")
        steps.append([str(step["tragedy_dice"]), _charts().percent(turns["p"], app.State.lang) if turns else "—",
                      _charts().percent(step["win_overall"]["p"], app.State.lang)])
    if steps:
        extra += _table(tr("odds.tragedia.step"), steps, (tr("odds.tragedia.step_dice"),
                                                           tr("odds.tragedia.turns"), tr("odds.tragedia.overall")))
    view["extra"] = extra
    return view


def view_brs(result: dict) -> dict:
    """Blood Red Sands: the best defence now; after a Renewal, the chart of the renewed sum."""
    names = [(k, tr(f"odds.brs.{k}")) for k in ("reversal", "block", "damage", "overwhelmed")]
    now = result.get("now", {})
    headline = tr("odds.brs.now").format(outcome=tr(f"odds.brs.{now.get('best', 'overwhelmed')}"))
    renewal = result.get("renewal")
    if not renewal:
        return {"svg": "", "table": "", "legend": "", "headline": headline, "extra": ""}
    rows = renewal.get("at_least", [])
    view = _chart(rows, True, "odds.chart.renewal", "odds.col.sum", result.get("attack_score"), "odds.mark.score")
    lang = app.State.lang
    table = [[text, _charts().percent(renewal["reachable"][k]["p"], lang), _charts().percent(renewal["best"][k]["p"], lang)]
             for k, text in names]
    view["headline"] = headline + ". " + tr("odds.brs.reach").format(p=_p(renewal["reach_score"]))
    view["extra"] = _table(tr("odds.brs.table"), table, (tr("odds.col.outcome"), tr("odds.brs.reachable"),
                                                        tr("odds.brs.best")))
    return view


def view_any(result: dict) -> dict:
    """A system without its own view: the "at least" chart and the chance of success."""
    return _view_threshold(result, "odds.chart.total_at_least", "odds.col.total_at_least",
                           "odds.mark.difficulty", "odds.success")


def _with_bands(result: dict, view: dict) -> dict:
    """Outcome bands first: each band's odds in the headline and a table (web/bands_view.py)."""
    if "bands" not in result:
        return view
    from bands_view import odds_view

    return odds_view(result, view, app.State.lang)


#: system id → view builder (``result -> {"headline", "svg", "table", "legend", "extra", "note"?}``).
VIEWS = {"sifrp": view_sifrp, "generic": view_sifrp, "l5r5e": view_l5r, "tragedia": view_tragedia,
         "brs": view_brs}


def render() -> None:
    """Show :attr:`Odds.result` in the current language (or "—")."""
    summary, figure, numbers = el("odds-summary"), el("odds-figure"), el("odds-numbers")
    if not hasattr(summary, "tagName"):  # JS null arrives as JsNull, not None
        return
    result = Odds.result
    summary.setAttribute("data-odds", "ready" if result is not None else Odds.note or "blank")
    if result is None and Odds.note == "odds.computing":   # the worker computes it (issue #28)
        summary.textContent = tr("odds.computing")
        figure.hidden, numbers.hidden = True, True
        el("odds-note").hidden = True
        return
    if result is None:
        note = tr(Odds.note) if Odds.note else ""
        summary.innerHTML = (f'<span aria-hidden="true">{esc(tr("odds.blank"))}</span>'
                             f'<span class="sr-only">{esc(tr("odds.blank_sr"))}</span>')
        figure.hidden, numbers.hidden = True, True
        el("odds-note").textContent = note
        el("odds-note").hidden = not note
        return
    view = _with_bands(result, VIEWS.get(str(result.get("system")), view_any)(result))
    if isinstance(result.get("rolls"), int):   # a roll set (6 4d6k3): the odds of each of its rolls
        view["headline"] = f'{tr("odds.roll_set").format(n=result["rolls"])} {view.get("headline", "")}'
    summary.textContent = view.get("headline", "")
    figure.innerHTML = view["svg"] + (f'<figcaption class="meta">{esc(view["legend"])}</figcaption>'
                                      if view.get("legend") else "")
    figure.hidden = not view["svg"]
    el("odds-tables").innerHTML = view["table"] + view.get("extra", "")
    numbers.hidden = not (view["table"] or view.get("extra"))
    note = view.get("note", "")
    el("odds-note").textContent = note
    el("odds-note").hidden = not note



def card_html(result: dict, id_prefix: str) -> str:
    """The odds ``result`` of :func:`tirada.odds.odds` as one block of HTML (headline, chart, note,
    numbers under a ``<details>``) in the current language, for another view to put in its own live
    region (e.g. a scene or Confrontation view). ``id_prefix`` makes the chart's ids unique."""
    view = _with_bands(result, VIEWS.get(str(result.get("system")), view_any)(result))
    svg = view["svg"].replace('"odds-chart-', f'"{id_prefix}-').replace(" odds-chart-", f" {id_prefix}-")
    legend = f'<figcaption class="meta">{esc(view["legend"])}</figcaption>' if view.get("legend") else ""
    parts = [f'<p class="odds-summary">{esc(view.get("headline", ""))}</p>']
    if svg:
        parts.append(f'<figure class="odds-figure">{svg}{legend}</figure>')
    if view.get("note"):
        parts.append(f'<p class="meta">{esc(view["note"])}</p>')
    if view["table"] or view.get("extra"):
        parts.append(f'<details class="odds-numbers"><summary>{esc(tr("odds.numbers"))}</summary>'
                     f'<div class="odds-tables">{view["table"]}{view.get("extra", "")}</div></details>')
    return "".join(parts)


app.ON_LANG.append(render)
