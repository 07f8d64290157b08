"""The odds card beside the roll form (issue #8; glue only: no rules here).

ui_roll.py calls :func:`schedule` whenever a field of the form changes; after a short pause
(:data:`DELAY_MS`, so typing is never blocked by a recomputation) :func:`update` calls the one
engine function :func:`tirada.odds.odds` on the form's request and renders the answer with
:mod:`tirada.odds.chart`: a headline in the live region, an SVG bar chart (with ``<title>`` and
``<desc>``) and, under "show the numbers", the same values as tables. An incomplete or invalid
form shows "—"; a request the engine refuses to compute shows its one reason there instead ("too many
dice", "several rolls"), never beside "complete the form". Works for every system ``odds()`` knows (it dispatches on ``request["system"]``).

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

from dataclasses import replace

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from shell import app
from shell import contract
from roll import forms
from roll import ui_odds_worker
from shell.app import el, tr
from shell.render import esc
from shell.page_events import LangChanged
from tirada import TiradaError
from tirada.odds import odds
from tirada.odds.budget import OffMainThread
from tirada.odds.view import Card, WorkerAnswer, read

#: Pause after the last change before the odds are recomputed (milliseconds).
DELAY_MS = 200
#: The rule named by the engine when a pool is too large to compute on the fly.
LIMITS_RULE = "odds.md §Limits"
#: The window property saying which thread computed the odds on screen (web/shell/contract.json's name table).
ODDS_FROM = contract.DIAGNOSTICS.odds_from


class Odds:
    """What the card shows: the last request, its odds (or None) and the pending timer."""

    request: dict | None = None
    result: dict | None = None
    note = ""
    timer = None
    reader = None
    asked = 0          # number of the newest request: a worker answer to an older one is dropped


# ------------------------------------------------------------------------------ scheduling
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
            setattr(window, ODDS_FROM, "main")
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
    ``name`` is declared in web/shell/contract.json."""
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
    got = WorkerAnswer.of(answer)
    if got.kind == "ok":
        Odds.result = got.odds
        setattr(window, ODDS_FROM, "worker")
    elif got.kind == "error":
        Odds.note = _refused(got.code, got.rule)
    else:
        Odds.note = "odds.failed"
        window.console.error(f"odds: {got.failed}"[:300])
    render()
    _measure("odds-answer", began)




# -------------------------------------------------------------------------------- rendering
def _field_label(name: str) -> str:
    """The label text of the visible form field called ``name`` (the name itself if none)."""
    node = document.querySelector(f'fieldset[data-system]:not([hidden]) [name="{name}"]')
    if hasattr(node, "tagName") and node.labels.length:  # JS null arrives as JsNull, not None
        return str(node.labels[0].textContent).strip()
    return name


def view_of(result: dict) -> Card:
    """The odds card of ``result`` in the page's language, built by its system's Form (web/roll/forms.py:
    no fallback to another system's card; a generic roll's named outcomes come first, web/dice/form_generic.py),
    read as a :class:`tirada.odds.view.Card`."""
    return Card.of(forms.form_for(read(result).system).odds_view(result, app.State.lang, _field_label))



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
    if result is None:   # one message: the engine's reason when it gave one (too many dice, several
        figure.hidden, numbers.hidden = True, True   # rolls…), else "—" (said "complete the form")
        el("odds-note").textContent = ""
        el("odds-note").hidden = True
        if Odds.note:   # in the live headline, never beside "complete the form", which would contradict it
            summary.textContent = tr(Odds.note)
        else:
            summary.innerHTML = (f'<span aria-hidden="true">{esc(tr("odds.blank"))}</span>'
                                 f'<span class="sr-only">{esc(tr("odds.blank_sr"))}</span>')
        return
    view = view_of(result)
    rolls = read(result).rolls
    if rolls is not None:   # a roll set (6 4d6k3): the odds of each of its rolls
        view = replace(view, headline=f'{tr("odds.roll_set").format(n=rolls)} {view.headline}')
    summary.textContent = view.headline
    figure.innerHTML = view.svg + (f'<figcaption class="meta">{esc(view.legend)}</figcaption>'
                                   if view.legend else "")
    figure.hidden = not view.svg
    el("odds-tables").innerHTML = view.table + view.extra
    numbers.hidden = not (view.table or view.extra)
    note = view.note
    el("odds-note").textContent = note
    el("odds-note").hidden = not note



def card_html(result: dict, id_prefix: str) -> str:
    """The odds ``result`` of :func:`tirada.odds.odds` as one block of HTML (headline, chart, note,
    numbers under a ``<details>``) in the current language, for another view to put in its own live
    region (e.g. a scene or Confrontation view). ``id_prefix`` makes the chart's ids unique."""
    view = view_of(result)
    svg = view.svg.replace('"odds-chart-', f'"{id_prefix}-').replace(" odds-chart-", f" {id_prefix}-")
    legend = f'<figcaption class="meta">{esc(view.legend)}</figcaption>' if view.legend else ""
    parts = [f'<p class="odds-summary">{esc(view.headline)}</p>']
    if svg:
        parts.append(f'<figure class="odds-figure">{svg}{legend}</figure>')
    if view.note:
        parts.append(f'<p class="meta">{esc(view.note)}</p>')
    if view.table or view.extra:
        parts.append(f'<details class="odds-numbers"><summary>{esc(tr("odds.numbers"))}</summary>'
                     f'<div class="odds-tables">{view.table}{view.extra}</div></details>')
    return "".join(parts)


def on_lang_changed(_event: LangChanged) -> None:
    """The odds card in the new language (web/shell/page_events.py: LangChanged)."""
    render()
