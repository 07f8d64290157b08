"""Fate's invocations on the roll view (glue only; the rules: tirada.systems.fate, docs/fate.md §Invoking).

Fate's Form (web/dice/form_fate.py) names this module as its ``FLOW``, so the roll button calls
:func:`start_check`. The roll is played decision by decision on the machinery of the L5R check
(web/l5r/ui_l5r.py): :func:`tirada.links.fair_roll.begin` draws the four dice from a fresh seed at the
roller's next chain number; the card shows them (outcome first) with «Invocar un aspecto: +2», «Volver a
tirar (invocación)» and «Aceptar». Each invocation is one :func:`tirada.links.fair_roll.advance` with
the invocations so far plus the new one: a reroll's dice are drawn only then, from fresh randomness
made at that moment that takes its own chain number (a "+2" draws nothing and takes none). «Aceptar»
makes the link (:func:`tirada.links.fair_roll.finish`, checked once with
:func:`tirada.links.roll_link.open_finished`: nothing rolled again), which carries the decisions, so it
verifies in another browser and in the thread audit. Dice typed in «caras» (rolled elsewhere) are
shown at once, as every roll of the form (``ui_roll.roll_form``).

Each numbered step waits its turn for the chain across tabs (web/shell/chain_writer.py). While one
decision is applied its buttons are disabled and the status line says so (``aria-busy``): a second
click then is not taken at all, so nothing is counted twice; a click that is the second of a double
tap is ignored as on the L5R board (``busy.second_tap``, web/shell/busy.py).
"""

from __future__ import annotations

import asyncio
import time

from pyscript import document, when

from shell import app
from shell import page_events
from shell import chain_writer
from fair import ui_fair
from shell import ui_refusal
from roll import ui_roll
from shell.app import el, tr
from shell.page_events import BeforeRoll
from shell.busy import second_tap
from shell.page_events import LangChanged
from dice.form_fate import decision_html, render_result
from roll.forms import FormError
from tirada import TiradaError
from tirada.links import fair_roll
from tirada.links.fair_records import fair_check
from tirada.links.roll_link import open_finished

__all__ = ["start_check"]

SYSTEM = "fate"


class Invoking:
    """The Fate roll whose decisions are being taken (``None`` fields: none)."""

    result: dict | None = None     # the engine's result after the last decision
    fair: dict | None = None       # the fair-play check (tirada.links.fair_roll): request, positions, chain
    who: tuple[str, str] = ("", "")   # (roller, campaign) of its chain
    gm: str | None = None          # the GM roll request it answers, if any
    busy = False                   # a decision is being applied

    @classmethod
    def clear(cls) -> None:
        """No roll being decided."""
        cls.result = cls.fair = cls.gm = None
        cls.who = ("", "")
        cls.busy = False


def start_check() -> None:
    """The roll button with Fate chosen (called by ui_roll.on_roll): dice typed in «caras» are shown at
    once; else the roll begins with fresh dice and waits for its decisions."""
    el("result").innerHTML = ""
    try:
        typed = ui_roll.parse_faces(str(el("faces").value)) is not None
    except FormError:
        typed = True                        # ui_roll.roll_form says what is wrong with them
    Invoking.clear()
    asyncio.ensure_future(ui_roll.roll_form(SYSTEM) if typed else begin())


async def begin() -> None:
    """Read the form and draw the four dice (a fresh seed at the roller's next chain number); show them
    with the decisions, focus on the result. A refused form or name shows why next to its field."""
    view = ui_roll
    ui_refusal.clear("#roller-form")
    try:
        request = view.read_form(SYSTEM)
        label = str(el("label").value).strip()
        if label:
            request["label"] = label
        page_events.emit(BeforeRoll(request))
        request, gm = page_events.gm_answer(request)   # a GM's roll request, when one is open
        who = view.chain_identity()
        result, fair = await chain_writer.number(
            *who, lambda head: ui_fair.advanced(fair_roll.begin(request, head)))
    except FormError as err:
        view.show_error(tr("error.heading"), str(err))
        ui_refusal.show_at(err.field, str(err))
        app.show_notices()
        return
    except TiradaError as err:
        view.show_error(tr("error.heading"), ui_refusal.show(err, "#roller-form"))
        app.show_notices()
        return
    Invoking.result, Invoking.fair, Invoking.who, Invoking.gm = result, fair, who, gm
    view.clear_roll()
    el("shared").hidden = True
    el("share").hidden = True
    render()
    el("result").focus()
    app.show_notices()


def render() -> None:
    """The card of the roll being decided (outcome first) and its decision buttons, in #result."""
    box = el("result")
    lang = app.State.lang
    box.innerHTML = render_result(Invoking.result or {}, lang) + decision_html(Invoking.result or {}, lang)
    box.hidden = False


def set_busy(busy: bool) -> None:
    """Disable the decision buttons and say a decision is being applied (or enable them again)."""
    Invoking.busy = busy
    group = document.querySelector("#fate-decide")
    if group is None:
        return
    group.setAttribute("aria-busy", "true" if busy else "false")
    for button in document.querySelectorAll("#fate-decide [data-fate-decide]"):
        button.disabled = busy
    el("fate-status").textContent = tr("fate.deciding") if busy else ""


async def invoke(what: str) -> None:
    """Apply one invocation (``"+2"`` or ``"reroll"``) after the dice were seen: the engine plays the
    roll again with every invocation so far plus this one, drawing a reroll's dice from fresh
    randomness made now (its own chain number). A refusal leaves the roll as it was and says why."""
    fair = Invoking.fair
    if fair is None:
        return
    invokes = fair_check(fair).decided("invokes") + [what]
    set_busy(True)                      # already, from the click (on_decide)
    await asyncio.sleep(0)              # the disabled buttons and the status are drawn first
    try:
        result, fair = await chain_writer.number(
            *Invoking.who, lambda head: ui_fair.advanced(fair_roll.advance(fair, {"invokes": invokes}, head)))
    except TiradaError as err:
        set_busy(False)
        el("fate-status").textContent = tr("fate.refused").format(message=ui_refusal.text(err))
        ui_refusal.reveal(el("fate-status"))
        app.show_notices()
        return
    Invoking.result, Invoking.fair = result, fair
    Invoking.busy = False
    render()
    el("result").focus()                # the changed result, outcome first


def accept() -> None:
    """«Aceptar»: the roll with its decisions becomes a finished roll of the roll view (its link,
    history entry and snippets); the link is checked once against the result shown."""
    fair, result = Invoking.fair, Invoking.result
    if fair is None or result is None:
        return
    view = ui_roll
    request = fair_check(fair).unstepped()
    roller, campaign = Invoking.who
    try:
        fragment = fair_roll.finish({**fair, "request": request}, roller or None, campaign or None,
                                    int(time.time()), gm_request=Invoking.gm)
        verified = open_finished(fragment, request, result)
    except TiradaError as err:
        el("fate-status").textContent = tr("fate.refused").format(message=ui_refusal.text(err))
        return
    if Invoking.gm is not None:
        page_events.gm_answered()
    Invoking.clear()
    current = {**verified, "fragment": fragment}
    view.show_roll(current)
    view.remember(current)
    view.show_current()
    el("result").focus()
    app.show_notices()


@when("click", "#result")
def on_decide(event) -> None:
    """A decision button of the roll being decided (none while one is applied; not the second click of
    a double tap)."""
    target = event.target
    button = target.closest("[data-fate-decide]") if hasattr(target, "closest") else None
    if button is None or Invoking.fair is None or Invoking.busy or button.disabled or second_tap(event):
        return
    what = str(button.dataset.fateDecide)
    if what == "accept":
        accept()
    elif what in ("+2", "reroll"):
        set_busy(True)      # now, before the task runs: a click arriving meanwhile finds the buttons disabled
        asyncio.ensure_future(invoke(what))


def on_lang_changed(_event: LangChanged) -> None:
    """Re-draw the roll being decided in the new language; one whose card was replaced meanwhile (a
    link or another roll opened) is abandoned."""
    if Invoking.fair is None:
        return
    if document.querySelector("#fate-decide") is None:
        Invoking.clear()
    elif not Invoking.busy:
        render()
