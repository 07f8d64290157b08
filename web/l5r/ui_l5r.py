"""The L5R 5e check on the roll view: its handlers and flow (glue only: every rule is in tirada.systems.l5r.check).

The check runs in the engine's step mode (docs/l5r5e.md): the form's submit starts it (a fresh seed,
or faces typed elsewhere), then each tap on the board sends the same request plus one decision —
rerolls, keep, one explosion keep/drop, or the next faces — to ``tirada.systems.roll`` and renders
what it returns. Once the engine says ``"done"``, the roll becomes a normal finished roll of the
roll view: a share link carrying the seed and the decisions, a history entry and forum snippets.

Fair play v2 (issue #13): a seeded check runs through :mod:`tirada.links.fair_roll` — each decision after
which dice are drawn gets fresh dice made at that moment, numbered in the roller's chain (read from
storage at each step by :mod:`ui_fair`, so a second tab continues the numbering).

The HTML and words are web/l5r/ui_l5r_render.py (pure). The check's Form is web/l5r/form_l5r5e.py (reading
the fieldset, the finished check's card and summary); it names this module as its ``FLOW``, so the
roll view (web/roll/ui_roll.py) calls :func:`start_check` on the roll button. This module imports ui_roll
and changes what is on screen only through ``ui_roll.show_roll`` / ``clear_roll``.

Longer than 400 lines because each fair-play decision now waits for the chain lock (issue #39) in this
module's event handlers; splitting the handlers from the form is left for issue #40's typed events.
"""

from __future__ import annotations

import asyncio
import time

from pyscript import document, when

from shell import app
from shell import page_events
from shell import busy
from shell import chain_writer
from shell import refusal
from shell import ui_refusal
from fair import ui_fair
from roll import ui_roll
from shell.app import el, tr
from shell.page_events import BeforeRoll
from shell.busy import second_tap
from roll.forms import FormError
from shell.render import esc
from shell.page_events import LangChanged
from tirada.systems.l5r import skirmish
from tirada.systems.l5r.records import CheckView
from tirada.links import fair_roll
from tirada.links.fair_records import fair_check
from tirada import systems
from tirada import TiradaError
from tirada.links.roll_link import RolledLink, open_finished
from l5r.ui_l5r_render import board_html, tap_die
from l5r.ui_l5r_render import refusal_text as _refusal_text
from l5r.ui_l5r_state import Check, live as _live, on_screen
from l5r import check_steps

__all__ = ["start_check"]


def refusal_text(err: TiradaError) -> str:
    """An engine refusal in the UI language (web/l5r/ui_l5r_render.py :func:`refusal_text`)."""
    return _refusal_text(err, app.State.lang)


_node = app.node


def _closest(target, selector: str):
    return _node(target.closest(selector)) if hasattr(target, "closest") else None


def _fmt(key: str, **values) -> str:
    return tr(key).format(**values)


# ------------------------------------------------------------------------------ the board
def render_board(focus: bool = False) -> None:
    """Draw the board for :class:`Check` in #result."""
    box = el("result")
    box.setAttribute("aria-atomic", "false")
    check = _check()
    box.innerHTML = board_html(check, check.label, Check.marked, app.State.lang, Check.added)   # the request's label, as rolled
    box.hidden = False
    if Check.marked and check.stage in ("reroll", "keep"):
        preview("rerolls" if check.stage == "reroll" else "keep")
    if focus:
        first = _node(document.querySelector("#l5r-faces input"))
        (first or el("l5r-step")).focus()


def _check() -> CheckView:
    """The check on screen as its typed record; only called while there is one (as :func:`_live`)."""
    return CheckView.from_result(_live()[1])


def show_refusal(message: str) -> None:
    """One clear line saying why the engine refused a decision (the board stays as it was)."""
    show_refusal_line(f"{tr('l5r.refused')}: {message}")


def show_refusal_line(line: str) -> None:
    """The refusal line as worded (web/l5r/check_steps.py ``refusal_line``)."""
    box = _node(el("l5r-error"))
    if box is not None:
        box.textContent = line
        box.hidden = False
        ui_refusal.reveal(box)


def clear_refusal() -> None:
    """Hide the refusal line."""
    box = _node(el("l5r-error"))
    if box is not None:
        box.hidden = True
        box.textContent = ""


# ------------------------------------------------------------------------------- actions
def start_check() -> None:
    """The form's submit with L5R chosen (called by ui_roll.on_roll): read the form, start the check
    in step mode. A fair-play check is numbered in a task (it waits its turn for the chain,
    web/shell/chain_writer.py), the roll button disabled with a progress line until it lands (a
    second tap can take no second number); dice rolled elsewhere (faces) start at once."""
    view = ui_roll
    try:
        request = {**view.read_form("l5r5e"), "step": True}
        label = str(el("label").value).strip()
        if label:
            request["label"] = label
        page_events.emit(BeforeRoll(request))
        faces = view.parse_faces(str(el("faces").value))
        if faces is None and el("l5r-faces_mode").checked:
            faces = []
        request, Check.gm = page_events.gm_answer(request)   # a GM's roll request, when one is open
        if faces is None:
            Check.task = asyncio.ensure_future(_start_fair(request, busy.begin(el("roll"))))
            return
        request["faces"] = faces
        result = systems.roll(request)
    except (FormError, TiradaError) as err:
        _refused(err)
        return
    _started(request, result, None, None)


async def _start_fair(request: dict, held: busy.Busy | None) -> None:
    """Fair play: a fresh seed at the roller's next chain number and the pool, one roll, under the
    chain lock (a refused request stores nothing: no number taken); ``held``: the roll button, busy
    until then."""
    view = ui_roll
    try:
        who = view.chain_identity()
        result, fair = await chain_writer.number(    # one tab at a time (issue #39)
            *who, lambda head: ui_fair.advanced(fair_roll.begin(request, head)))
    except (FormError, TiradaError) as err:
        busy.end(held)
        _refused(err)
        return
    busy.end(held)
    _started(fair_check(fair).request, result, (who[0], who[1]), fair)


def _refused(err: Exception) -> None:
    """A check the form or the engine refused: its reason on the roll view (a form's on its field)."""
    view = ui_roll
    if isinstance(err, FormError):
        view.show_error(tr("error.heading"), str(err))
        ui_refusal.show_at(err.field, str(err))
    elif isinstance(err, TiradaError):
        view.show_error(tr("error.heading"), view.engine_message(err))


def _started(request: dict, result: dict, chain: tuple[str, str] | None, fair: dict | None) -> None:
    Check.request, Check.result, Check.marked, Check.chain, Check.fair, Check.added = request, result, set(), chain, fair, []
    ui_roll.clear_roll()
    el("shared").hidden = True
    el("share").hidden = True
    advanced(focus=True)


def decide(name: str, value, at=None) -> None:
    """Send one more decision (or faces) to the engine; refused ones leave the board as it was. The
    keep carries the kept dice added to it (``added``: the same decision, before any explosion).
    A fair-play decision takes the chain's next numbers under the chain lock (a task): until its
    answer lands the board is busy (web/shell/busy.py: its buttons disabled, a progress line after
    ``at``, the button used), so no second decision can be sent on the stage being replaced. Dice
    rolled elsewhere (faces) are decided at once."""
    fields = {name: value, **({"added": Check.added} if name == "keep" and Check.added else {})}
    if Check.fair is not None:
        if Check.deciding is not Check.fair:   # the board is busy meanwhile: nothing on it can be clicked
            Check.deciding = Check.fair
            Check.task = asyncio.ensure_future(_decide_fair(Check.fair, fields, busy.begin(el("result"), at)))
        return
    request = {**_live()[0], **fields}
    try:
        result = systems.roll(request)
    except TiradaError as err:
        show_refusal(refusal_text(err))
        return
    Check.request, Check.result, Check.marked = request, result, set()
    advanced(focus=True)


async def _decide_fair(fair: dict, fields: dict, held: busy.Busy | None) -> None:
    """Fresh dice for what follows, at the chain's next numbers now (under the chain lock); then the
    new stage is drawn and focused (``held``, the busy board, is replaced by it). Refused: the
    board comes back as it was, with the reason, focus on the button used."""
    try:
        if Check.fair is not fair:            # the check ended meanwhile
            return
        who = Check.chain or ("", "")
        try:
            result, after = await chain_writer.number(    # one tab at a time (issue #39)
                *who, lambda head: ui_fair.advanced(fair_roll.advance(fair, fields, head)))
        except TiradaError as err:
            busy.end(held)
            show_refusal(refusal_text(err))
            return
        busy.end(held)
        if Check.fair is not fair:            # another check was started meanwhile: this one was left
            return
        Check.fair = after
        Check.request, Check.result, Check.marked = fair_check(after).request, result, set()
        advanced(focus=True)
    finally:
        busy.end(held)
        if Check.deciding is fair:
            Check.deciding = None


def advanced(focus: bool) -> None:
    """After the engine answered: finish the roll when done, else draw the next stage."""
    if _check().done:
        finish()
    else:
        render_board(focus)


def final_request() -> dict:
    """The request of the link: the form's fields, the seed and the decisions as applied (no step;
    web/l5r/check_steps.py, which the reading core plays the check with too)."""
    return check_steps.final_request(_live()[0], _check())


def finish() -> None:
    """The check is done: make it a finished roll of the roll view (link, history, snippets)."""
    view = ui_roll
    request, result = _live()
    Check.last_done = result
    el("result").setAttribute("aria-atomic", "true")
    if "faces" in request:   # dice rolled elsewhere: a card, a snippet without link, a history entry
        view.show_roll(faces=result, faces_request=request)
        view.remember_faces(result, request)
    else:
        try:
            done = make_link(final_request())
        except TiradaError as err:
            view.show_error(tr("error.internal"), refusal.text(err, app.State.lang))
            return
        current = {**done.verified, "fragment": done.fragment}
        view.show_roll(current)
        view.remember(current)
    Check.request = Check.result = Check.chain = Check.fair = None
    view.show_current()
    el("result").focus()
    update_skirmish()
    app.show_notices()


def make_link(request: dict) -> RolledLink:
    """The link (format 2) of the finished check: its seed and fresh nonces at the chain numbers
    they took when each was made (the chain was stored at each of them), decoded once and checked
    against the request played, with the result the last step gave: nothing is rolled again
    (tirada.links.roll_link.open_finished; issue #25)."""
    roller, campaign = Check.chain or ("", "")
    if Check.fair is None:
        raise RuntimeError("a finished link needs the fair-play check it was played as")
    fragment = fair_roll.finish({**Check.fair, "request": request}, roller or None,
                                campaign or None, int(time.time()), gm_request=Check.gm)
    verified = open_finished(fragment, request, _live()[1])
    if Check.gm is not None:
        page_events.gm_answered()
    return RolledLink(fragment, verified, None)


def try_roll(request: dict) -> dict:
    """Ask the engine whether marked dice are allowed (fair play: on a throwaway nonce, whose dice
    are never shown; the real ones are made when the decision is sent)."""
    return systems.roll(request, on_fresh=ui_fair.throwaway if "fresh" in request else None)


def toggle(index: int) -> None:
    """Mark / unmark a pool die; a die the rules do not allow is not marked and the engine's
    reason is shown instead. The counters preview the marked dice."""
    request, check = _live()[0], _check()
    stage = check.stage
    name = "rerolls" if stage == "reroll" else "keep"
    if index not in check.choice.allowed:
        try:
            try_roll({**request, name: sorted(Check.marked | {index})})
        except TiradaError as err:
            show_refusal(refusal_text(err))
        return
    Check.marked ^= {index}
    button = document.querySelector(f'[data-l5r-die="{index}"]')
    button.parentElement.outerHTML = tap_die(
        next(d for d in check.pool if d.index == index), stage, check.choice.allowed, Check.marked, app.State.lang)
    document.querySelector(f'[data-l5r-die="{index}"]').focus()
    preview(name)


def preview(name: str) -> None:
    """Ask the engine about the marked dice: show the reason when they are not allowed, and (at the
    keep) the counters they would give."""
    clear_refusal()
    request, check = _live()[0], _check()
    status, confirm, error = check_steps.preview_texts(request, check, Check.marked, Check.added, app.State.lang)
    if error:
        show_refusal_line(error)
    el("l5r-status").textContent = status
    if confirm is not None:
        el("l5r-confirm").textContent = confirm


def submit_faces() -> None:
    """Append the typed faces (kept in their inputs if refused)."""
    values = []
    for node in document.querySelectorAll("[data-l5r-face]"):
        try:
            values.append(int(str(node.value).strip()))
        except ValueError:
            show_refusal(tr("l5r.faces_number"))
            node.focus()
            return
    decide("faces", list(_live()[0].get("faces") or []) + values)


# ------------------------------------------------------------------------------- events


@when("click", "#result")
def on_board_click(event) -> None:
    if Check.result is None or _node(document.querySelector("#result .l5r-board")) is None:
        return
    request, stage = _live()[0], _check().stage
    target = event.target
    die = _closest(target, "[data-l5r-die]")
    if die is not None and stage in ("reroll", "keep"):
        toggle(int(die.dataset.l5rDie))
        return
    confirm = _closest(target, "[data-l5r-confirm]")
    if confirm is not None:
        if not second_tap(event):
            decide("rerolls" if stage == "reroll" else "keep", sorted(Check.marked), confirm)
        return
    boom = _closest(target, "[data-l5r-explosion]")
    if boom is not None and stage == "explosion" and not second_tap(event):
        decide("explosions", list(request.get("explosions") or []) + [boom.dataset.l5rExplosion == "keep"], boom)


@when("submit", "#result")
def on_faces(event) -> None:
    event.preventDefault()
    shown = on_screen()
    if shown is not None and shown.stage == "faces":
        submit_faces()


# ------------------------------------------------------------------------------ skirmish
def _sk(name: str) -> int:
    node = el(f"l5r-sk-{name}")
    try:
        return int(str(node.value).strip())
    except ValueError:
        raise FormError(f"{node.labels[0].textContent}: {tr('error.number')}", str(node.id)) from None


def update_skirmish() -> None:
    """Composure / Endurance from the rings; initiative, strike damage and critical severity from
    the last finished check (tirada.systems.l5r.skirmish)."""
    out = _node(el("l5r-sk-out"))
    if out is None:
        return
    lang = app.State.lang
    try:
        lines = [f'{tr("l5r.sk.composure")}: {skirmish.composure(_sk("earth"), _sk("water"))} · '
                 f'{tr("l5r.sk.endurance")}: {skirmish.endurance(_sk("earth"), _sk("fire"))}']
        if Check.last_done is None:
            lines.append(tr("l5r.sk.no_check"))
        else:
            r = CheckView.from_result(Check.last_done)
            success, bonus = bool(r.success), r.bonus_successes or 0
            lines.append(_fmt("l5r.sk.from_check", vs=r.vs_tn(lang)))
            ready = not el("l5r-sk-surprised").checked
            ini = skirmish.initiative(success, bonus, _sk("focus"), _sk("vigilance"), ready)
            lines.append(f'{tr("l5r.sk.initiative")}: {ini}')
            hit = skirmish.hit(success, bonus, r.opportunities, _sk("base_damage"), _sk("deadliness"))
            crit = f' + {_fmt("l5r.sk.critical", n=hit.critical_severity)}' if hit.critical_severity else ""
            lines.append(f'{tr("l5r.sk.damage")}: {hit.damage}{crit}')
            if _sk("deadliness") >= 1:
                sev = skirmish.critical_severity(_sk("deadliness"), success, bonus)
                lines.append(f'{tr("l5r.sk.severity")}: {sev}')
        out.innerHTML = "".join(f"<p>{esc(x)}</p>" for x in lines)
    except (TiradaError, ValueError) as err:
        out.innerHTML = f'<p class="error">{esc(ui_refusal.text(err))}</p>'


@when("input", "#l5r-skirmish")
def on_skirmish(event) -> None:
    update_skirmish()


def on_lang_changed(_event: LangChanged) -> None:
    """Re-draw the board (if a check is in progress) and the calculators in the new language. A
    check whose board was replaced (a link or another roll opened meanwhile) is abandoned."""
    if Check.result is not None and Check.deciding is None:   # a decision being numbered redraws when it lands
        if _node(document.querySelector("#result .l5r-board")) is None:
            Check.request = Check.result = Check.chain = Check.fair = None
            el("result").setAttribute("aria-atomic", "true")
        else:
            render_board()
    update_skirmish()

