"""The L5R check played on the reading core while Pyodide starts (issue #41; pure: no pyscript, no js).

A first visit shows the roll form at once, but the full page (Pyodide) takes seconds more; SIFRP and the
generic roll already roll on the reading core then (tirada.core_roll). L5R's check is played in steps
(l5r5e.md §The check: roll → reroll → keep → explode): this module plays it on MicroPython, in the
core's Web Worker (web/core-worker.mjs), driven by web/core-check.mjs, with the page's own pieces: the
form read by :func:`tirada.systems.form_read.read_form`, each step rolled by
:mod:`tirada.links.fair_roll` (fresh dice made after each decision and numbered on the roller's chain:
docs/link-format.md §16), the board drawn and worded by web/l5r/ui_l5r_render.py (one voice: the HTML
the full page draws), the finished check made a link, verified and worded by :func:`tirada.core_roll.rolled`.
web/l5r/ui_l5r.py plays the same check on the full page with the same rules (web/l5r/check_steps.py:
the finished link's request, the previews of marked dice, the refusal line).

One check at a time per worker, kept here between the page's calls (:class:`Session`). Each call takes
and answers JSON text (:func:`begin_json`, :func:`tap_json`, :func:`add_json`, :func:`decide_json`);
every answer is a :class:`CheckStep`. The chain book is the page's to store: an answer carrying
``entry`` / ``head`` is stored by the page under the chain lock (web/chain-writer.mjs) before anything
of it is shown, as for a roll of the core (tirada.core_roll). Whatever the core cannot play as the full
page would (a chain whose stored copies differ, a damaged book, a value the form or the rules refuse
at the start) answers ``"full"``: the page queues the check for the full engine, which plays or words it.
"""

from __future__ import annotations

import json
from typing import Any

from l5r.check_steps import final_request, preview_texts, refusal_line, try_roll
from l5r.ui_l5r_render import board_html
from tirada import TiradaError
from tirada.core_roll import CoreRoll, FormAsk, chain_of, rolled
from tirada.links.fair_records import fair_check
from tirada.portable import NeedsFullEngine, Struct, supply_random
from tirada.systems.l5r.records import CheckView
from tirada.systems.l5r.request import MAX_ADDED

__all__ = ["STATES", "SYSTEM", "CheckStep", "Session", "add", "add_json", "begin", "begin_json", "decide", "decide_json",
           "merged_ask", "redraw_in", "redraw_in_json", "reset", "tap", "tap_json", "undo", "undo_json"]

SYSTEM = "l5r5e"
#: the states of a :class:`CheckStep`
STATES = ("board", "rolled", "refused", "full")


class CheckStep(Struct):
    """What the page shows after one call.

    Fields:
        state: ``"board"`` (the check waits for a decision: ``html``), ``"rolled"`` (done: ``roll``),
            ``"refused"`` (a decision or a die the rules refuse: ``error``, the board stays as it was),
            ``"full"`` (the full engine must play this check: ``code`` says why, as
            :class:`tirada.core_roll.CoreRoll`'s).
        code: the refusal's or the hand-over's code, ``""`` otherwise.
        html: the board (web/l5r/ui_l5r_render.py ``board_html``), ``""`` when unchanged.
        status: the live counters' line (#l5r-status), ``None`` when the board's own stands.
        confirm: the confirm button's words at the reroll (#l5r-confirm), ``None`` when the board's stand.
        error: the refusal line (#l5r-error: «No permitido: …»), ``""`` none.
        focus: what the page focuses: ``"step"`` (#l5r-step), ``"die:<index>"``, ``"add"``, ``""`` nothing.
        roll: a :class:`tirada.core_roll.CoreRoll`'s fields (state ``"rolled"``) when done, else None.
        key, entry, head: the chain book's key, its new entry and head to store (None: nothing numbered).
        field: the refused value's input name when the form or the rules refused the start (``"ring"``,
            ``"roller"``…; the page points at it when the full engine, which words refusals, could not load).
    """

    _fields = ("state", "code", "html", "status", "confirm", "error", "focus", "roll", "key", "entry", "head",
               "field")
    state: str
    code: str
    html: str
    status: Any
    confirm: Any
    error: str
    focus: str
    roll: Any
    key: str
    entry: Any
    head: Any
    field: str

    def __init__(self, state: str, code: str = "", html: str = "", status: Any = None, confirm: Any = None,
                 error: str = "", focus: str = "", roll: Any = None, key: str = "", entry: Any = None,
                 head: Any = None, field: str = "") -> None:
        if state not in STATES:
            raise ValueError("state must be one of " + ", ".join(STATES))
        self._init(state, code, html, status, confirm, error, focus, roll, key, entry, head, field)


class Session:
    """The check on the board (class attributes: one per worker). ``request`` None: none."""

    request: Any = None     # the step-mode request so far (the fair check's)
    result: Any = None      # the engine's result for it
    fair: Any = None        # the fair-play check (tirada.links.fair_roll), chain state included
    marked: list = []       # pool indices tapped at the reroll / keep
    added: list = []        # kept dice added at the keep, [die, face]
    ask: Any = None         # the page's start (tirada.core_roll.FormAsk): roller, campaign, lang, page_url
    undo: Any = None        # the session before the last begin or decision, until the page stored its entry


_STATE = ("request", "result", "fair", "marked", "added", "ask")


def _saved() -> tuple:
    return tuple(getattr(Session, name) for name in _STATE)


def _restore(saved: tuple) -> None:
    for name, value in zip(_STATE, saved):
        setattr(Session, name, value)


# ---------------------------------------------------------------------------------- the calls
def _lang() -> str:
    return Session.ask.lang if isinstance(Session.ask, FormAsk) else "es"


def _board(focus: str) -> CheckStep:
    """The board as it stands, with the preview of marked dice (web/l5r/ui_l5r.py ``render_board``)."""
    check, lang = CheckView.from_result(Session.result), _lang()
    html = board_html(check, check.label, set(Session.marked), lang, Session.added)
    status = confirm = None
    error = ""
    if Session.marked and check.stage in ("reroll", "keep"):
        status, confirm, error = preview_texts(Session.request, check, Session.marked, Session.added, lang)
    return CheckStep("board", html=html, status=status, confirm=confirm, error=error, focus=focus)


def begin(asked: FormAsk) -> CheckStep:
    """Start the check of the form in ``asked`` (:class:`tirada.core_roll.FormAsk`, system ``"l5r5e"``): a fresh
    seed at the roller's next chain number and the pool rolled (one roll). Returns the board
    (``entry``/``head`` to store first), or ``"full"``. Never raises for bad input."""
    from tirada.chainbook import record
    from tirada.links import fair_roll
    from tirada.systems.form_read import read_form

    try:
        if asked.system != SYSTEM:
            return CheckStep("full", "core.system")
        try:
            supply_random(asked.random)
        except ValueError:
            return CheckStep("full", "core.random")
        request = read_form(SYSTEM, asked.values)
        request["system"] = SYSTEM
        request["step"] = True
        if asked.label:
            request["label"] = asked.label
        chain = chain_of(asked)
        if isinstance(chain, CoreRoll):
            return CheckStep("full", chain.code)
        key, book, before = chain
        result, started = fair_roll.begin(request, before)
        fair = fair_check(started)
        entry = head = None
        if before is not None and fair.chain is not None:
            entry, head = record(book, before, fair.chain)[key], fair.chain.to_dict()
        Session.undo = _saved()
        Session.request, Session.result, Session.fair = fair.request, result, fair
        Session.marked, Session.added, Session.ask = [], [], asked
        return _advanced(asked).replace(key=key, entry=entry, head=head)
    except TiradaError as err:
        return CheckStep("full", err.code, field=err.field if isinstance(err.field, str) else "")
    except NeedsFullEngine:
        return CheckStep("full", "core.interpreter")
    finally:
        supply_random("")


def undo() -> CheckStep:
    """The page could not store the chain entry of the last begin or decision (full storage, another writer
    meanwhile): the check goes back to where it was before it, as if it had not been sent (its dice were
    never shown; the chain book is as it was, so the numbers it would have taken are free). Answers the
    board as it was (``html`` ``""`` when no check was on the board)."""
    if Session.undo is None:
        return CheckStep("full", "core.ask")
    _restore(Session.undo)
    Session.undo = None
    if Session.result is None:
        return CheckStep("full", "core.ask")
    return _board("")


def redraw_in(lang: Any) -> CheckStep:
    """The page's language changed while the check is on the board: the board again, in ``lang``."""
    if Session.result is None or not isinstance(Session.ask, FormAsk) or lang not in ("es", "en"):
        return CheckStep("full", "core.ask")
    Session.ask = Session.ask.replace(lang=lang)
    return _board("")


def tap(index: Any) -> CheckStep:
    """A pool die tapped at the reroll or keep: marked or unmarked, the counters previewed; a die the
    rules do not allow is not marked and the engine's reason is said (web/l5r/ui_l5r.py ``toggle``)."""
    if Session.result is None or not isinstance(index, int) or isinstance(index, bool):
        return CheckStep("full", "core.ask")
    check, lang = CheckView.from_result(Session.result), _lang()
    if check.stage not in ("reroll", "keep"):
        return CheckStep("full", "core.ask")
    if index not in check.choice.allowed:
        name = "rerolls" if check.stage == "reroll" else "keep"
        trial = dict(Session.request)
        trial[name] = sorted(set(Session.marked) | {index})
        try:
            try_roll(trial)
        except TiradaError as err:
            return CheckStep("refused", err.code, error=refusal_line(err, lang), focus=f"die:{index}")
        return CheckStep("board", focus=f"die:{index}")
    marked = set(Session.marked)
    marked ^= {index}
    Session.marked = sorted(marked)
    return _board(f"die:{index}")


def add(what: Any) -> CheckStep:
    """The add box at the keep: ``what`` ``"<die>:<face>"`` appends a kept die set to a result, an int takes
    back the added die at that index (web/l5r/ui_l5r_added.py)."""
    if Session.result is None or CheckView.from_result(Session.result).stage != "keep":
        return CheckStep("full", "core.ask")
    if isinstance(what, str) and ":" in what and len(Session.added) < MAX_ADDED:
        die, _, face = what.partition(":")
        try:
            Session.added = Session.added + [[die, int(face)]]
        except ValueError:
            return CheckStep("full", "core.ask")
    elif isinstance(what, int) and not isinstance(what, bool):
        Session.added = [a for i, a in enumerate(Session.added) if i != what]
    else:
        return CheckStep("full", "core.ask")
    return _board("add")


def decide(asked: FormAsk) -> CheckStep:
    """Send the decision ``asked.name`` (``"rerolls"``, ``"keep"``: the dice marked; ``"explosions"``:
    ``asked.keep`` true or false for the next explosion die) with fresh dice made now at the chain's next
    numbers (``asked.book``/``head`` as stored now, re-read by the page; ``created``, ``random`` as in
    :func:`begin`). Returns the next board or, when the check is done, the finished roll (its link made,
    verified and worded); ``"refused"`` leaves the check as it was (nothing to store)."""
    from tirada.chainbook import record
    from tirada.links import fair_roll

    if Session.fair is None:
        return CheckStep("full", "core.ask")
    lang = _lang()
    name = asked.name
    if name in ("rerolls", "keep"):
        fields: dict = {name: sorted(Session.marked)}
        if name == "keep" and Session.added:
            fields["added"] = [list(a) for a in Session.added]
    elif name == "explosions":
        fields = {name: Session.fair.decided(name) + [asked.keep]}
    else:
        return CheckStep("full", "core.ask")
    try:
        try:
            supply_random(asked.random)
        except ValueError:
            return CheckStep("full", "core.random")
        now = merged_ask(asked)
        chain = chain_of(now)
        if isinstance(chain, CoreRoll):
            return CheckStep("full", chain.code)
        key, book, before = chain
        result, advanced = fair_roll.advance(Session.fair.raw, fields, before)
        after = fair_check(advanced)
        entry = head = None
        moved = after.chain
        if before is not None and moved is not None and moved.seq > before.seq:
            entry, head = record(book, before, moved)[key], moved.to_dict()
        Session.undo = _saved()
        Session.fair, Session.request, Session.result = after, after.request, result
        Session.marked = []
        return _advanced(now).replace(key=key, entry=entry, head=head)
    except TiradaError as err:
        return CheckStep("refused", err.code, error=refusal_line(err, lang), focus="")
    except NeedsFullEngine:
        return CheckStep("full", "core.interpreter")
    finally:
        supply_random("")


def merged_ask(asked: FormAsk) -> FormAsk:
    """The check's start (roller, campaign, lang, page address) with this call's book, head and clock."""
    start = Session.ask if isinstance(Session.ask, FormAsk) else FormAsk()
    return start.replace(book=asked.book, head=asked.head, created=asked.created)


def _advanced(start: FormAsk) -> CheckStep:
    """After the engine answered: the finished roll when done, else the next board (focus on its step)."""
    from tirada.links import fair_roll
    from tirada.links.roll_link import open_finished

    check = CheckView.from_result(Session.result)
    if not check.done:
        return _board("step")
    request = final_request(Session.request, check)
    finished = dict(Session.fair.raw)
    finished["request"] = request
    fragment = fair_roll.finish(finished, start.roller or None, start.campaign or None, start.created or 0)
    verified = open_finished(fragment, request, Session.result)
    done = rolled(start, verified, fragment, "", None, None)
    Session.request = Session.result = Session.fair = None
    Session.marked, Session.added = [], []
    return CheckStep("rolled", roll={name: value for name, value in zip(done._fields, done._values())})


# ---------------------------------------------------------------------------------- JSON for the page
def _answer(step: CheckStep) -> str:
    return json.dumps({name: value for name, value in zip(step._fields, step._values())})


def _read(text: Any) -> Any:
    from tirada.safejson import loads

    try:
        return loads(text)
    except (TiradaError, ValueError, TypeError):
        return None


def begin_json(ask_text: str) -> str:
    """:func:`begin` of the JSON text ``ask_text``, as JSON text (``"full"``/``core.ask`` when not an object)."""
    ask = _read(ask_text)
    return _answer(begin(FormAsk.of(ask)) if isinstance(ask, dict) else CheckStep("full", "core.ask"))


def tap_json(index: Any) -> str:
    """:func:`tap` of the pool index ``index`` (an int), as JSON text."""
    return _answer(tap(index))


def add_json(what: Any) -> str:
    """:func:`add` of ``what`` (``"<die>:<face>"`` or an int), as JSON text."""
    return _answer(add(what))


def decide_json(ask_text: str) -> str:
    """:func:`decide` of the JSON text ``ask_text``, as JSON text."""
    ask = _read(ask_text)
    return _answer(decide(FormAsk.of(ask)) if isinstance(ask, dict) else CheckStep("full", "core.ask"))


def reset() -> None:
    """Forget the check on the board (the page replaced it, or started another)."""
    Session.request = Session.result = Session.fair = Session.ask = Session.undo = None
    Session.marked, Session.added = [], []


def undo_json(_arg: Any = None) -> str:
    """:func:`undo`, as JSON text."""
    return _answer(undo())


def redraw_in_json(lang: Any) -> str:
    """:func:`redraw_in` of ``lang`` (``"es"``, ``"en"``), as JSON text."""
    return _answer(redraw_in(lang))

