"""The thread-audit view: paste a forum thread, see every roller's chain checked (glue only).

A pasted selection of a rendered forum page is read from the clipboard's HTML
(:func:`tirada.links.paste.html_to_text`): the links' addresses behind words such as "Comprobar la
tirada" go into the text with it. The audit gets this page's own address, so links to any other
address are flagged. The report is drawn by the pure :mod:`audit_view`, a few elements a turn (also
when the language changes). A thread's text longer than :data:`HOLD_AT` characters (the bookmarklet's,
web/audit/ui_thread.py) is kept in the box without showing it (:func:`hold`): laying out 1.25 MB of
text is one task of ~0.4 s; «Mostrar y editar el texto» shows it, «Vaciar» empties it (issue #39).
"""

from __future__ import annotations

import asyncio
import gc
import time

from pyodide.ffi import to_js
from pyscript import when, window

from shell import app
from audit import audit_view, ui_audit_worker
from shell import contract
from shell import i18n
from shell import sharing
from shell import ui_refusal
from shell.app import STORE, el, tr
from shell.render import esc
from shell.page_events import LangChanged
from tirada.links import paste
from tirada.links.audit_sealed_thread import audit_thread_steps
from tirada import TRUST, TiradaError


class Audit:
    """The last report shown (re-rendered on a language change)."""

    report: dict | None = None
    run = 0             # the latest audit, redraw or cancel: an older one stops at its next step
    held: tuple[int, int] | None = None   # (posts, characters) of a thread's text kept in the box unshown
    pasting = 0         # the latest long paste being read: an older one stops at its next step
    paste_task: asyncio.Task[None] | None = None
    task: asyncio.Task[None] | None = None   # the audit's asyncio task (kept so it is not garbage-collected)
    step: tuple = ()    # the progress step shown last (drawn again when the language changes)


SLICE_S = 0.025     #: seconds of audit work between two turns of the browser (no task near 200 ms)
CHUNK = 2           #: links the engine checks between two of its steps (the time decides the turns)
PIECE = 50_000      #: characters of a long text converted to Python in one turn
PASTE_AT_ONCE = 2   #: pieces of clipboard HTML read at once; a longer page is read in steps
HOLD_AT = 100_000   #: longest text of a thread put in the box shown (its layout: ~35 ms; 1.25 MB: ~0.4 s)


class Turns:
    """The browser's turns while one audit (or paste) ``mine`` works: :meth:`due` says when
    :data:`SLICE_S` of work has run, :meth:`take` gives the browser a turn and says whether this
    work is still wanted (False once a newer one started or the person cancelled: it stops)."""

    def __init__(self, mine: int, current) -> None:
        self.mine, self.current, self.began = mine, current, time.perf_counter()

    def due(self) -> bool:
        return time.perf_counter() - self.began >= SLICE_S

    async def take(self) -> bool:
        await asyncio.sleep(0)
        self.began = time.perf_counter()
        return self.current() == self.mine


async def text_in_pieces(source, turns: Turns, kind: str = "") -> str | None:
    """The text of ``source`` (an element id, or a paste event and its clipboard ``kind``) converted
    :data:`PIECE` characters a time, a turn between (None: the work was dropped meanwhile)."""
    return await joined(getattr(window, contract.FUNCTIONS.text_pieces)(source, PIECE, kind), turns)


@when("paste", "#audit-text")
def on_paste(event) -> None:
    """A pasted rendered page: its text with every link's address (the HTML of the clipboard), put
    where the paste goes; plain text (no HTML) is pasted by the browser as usual. A long page is
    read in steps (:func:`tirada.links.paste.pasted_steps`, "Leyendo el texto… n %"), the page
    answering between them."""
    if getattr(event, "clipboardData", None) is None:
        return
    box = el("audit-text")
    reader = getattr(window, contract.FUNCTIONS.text_pieces)
    html_pieces = reader(event, PIECE, "text/html")
    if html_pieces.length > PASTE_AT_ONCE:
        plain_pieces = reader(event, PIECE, "text/plain")
        event.preventDefault()   # synchronously; the text is put in once read
        Audit.pasting += 1
        Audit.paste_task = asyncio.ensure_future(paste_in_steps(Audit.pasting, html_pieces, plain_pieces,
                                                                box.selectionStart, box.selectionEnd))
        return
    html = "".join(str(html_pieces[i]) for i in range(html_pieces.length))
    if not html.strip():
        return
    text = paste.drain(paste.pasted_steps(html, str(event.clipboardData.getData("text/plain") or "")))
    if text is None:
        return                   # the plain text is better (fewer links in the HTML, too long): the browser pastes it
    event.preventDefault()       # synchronously, before the browser pastes the plain text
    box.setRangeText(text, box.selectionStart, box.selectionEnd, "end")
    on_text()


async def joined(pieces, turns: Turns) -> str | None:
    """The JS array of text ``pieces`` as one Python text, a piece a time (None: dropped meanwhile)."""
    parts = []
    for i in range(pieces.length):
        parts.append(str(pieces[i]))
        if turns.due() and not await turns.take():
            return None
    return "".join(parts)


async def paste_in_steps(mine: int, html_pieces, plain_pieces, start: int, end: int) -> None:
    """Read a long pasted page in steps and put its text (or the plain text) where the paste went;
    a newer paste makes this one stop."""
    status = el("thread-status")
    turns = Turns(mine, lambda: Audit.pasting)
    html = await joined(html_pieces, turns)
    plain = await joined(plain_pieces, turns) if html is not None else None
    if html is None or plain is None:
        return
    steps = paste.pasted_steps(html, plain)
    while True:
        try:
            step = next(steps)
        except StopIteration as done:
            text = done.value
            break
        if turns.due():
            status.textContent = audit_view.progress_text(step, app.State.lang)
            if not await turns.take():
                return
    status.textContent = ""
    box = el("audit-text")
    box.setRangeText(plain if text is None else text, start, end, "end")
    on_text()
    focus_text()


@when("submit", "#audit-form")
def on_audit(event) -> None:
    """Start an audit of the box's text; one under way stops at its next step (its result never
    replaces the newer one's)."""
    event.preventDefault()   # synchronously: an async handler would run after the form was sent
    Audit.run += 1
    ui_audit_worker.drop()
    Audit.task = asyncio.ensure_future(run_audit(Audit.run))


@when("click", "#audit-cancel")
def on_cancel(_event) -> None:
    """Stop the audit under way: nothing is drawn from it; the text stays in its box."""
    Audit.run += 1
    ui_audit_worker.drop()
    el("audit-cancel").hidden = True
    box = el("audit-report")
    box.innerHTML = f'<p class="meta">{esc(tr("audit.cancelled"))}</p>'
    box.hidden = False
    Audit.report = None          # what the box shows is no report (a language change draws none)
    focus_text()


async def run_audit(mine: int) -> None:
    """Run the audit in steps (tirada.links.audit_sealed_thread.audit_thread_steps) and draw its
    report a few elements at a time (audit_view.render_parts), giving the browser a turn (and the
    progress on screen) whenever :data:`SLICE_S` of work has run, so a thread of 5 MB never freezes
    the page. ``mine``: this audit's number; once another audit starts or the person cancels
    (``Audit.run`` moves on) it stops at its next turn without drawing anything more. The cyclic
    garbage collector waits meanwhile (a full collection over a big report is one long pause)."""
    box, cancel = el("audit-report"), el("audit-cancel")
    cancel.hidden = False
    turns = Turns(mine, lambda: Audit.run)
    window.performance.mark(contract.mark_name("audit-start"))
    gc.disable()
    try:
        if not await warm(turns):
            return
        # one engine call: the chains and the sealed rolls (which this browser's campaign secrets and kept secret
        # rolls open: blind and secret rolls alike in the GM's list of pending ones), a long thread in the audit
        # worker (ui_audit_worker: its text never brought into Python), else (or where the worker fails) here
        args: dict = {"home": sharing.page_url(), "secrets": list(STORE.campaign_secrets().values()),
                      "now": int(time.time()), "secret_rolls": STORE.secret_rolls()}
        if ui_audit_worker.wanted(int(el("audit-text").textLength)):
            Audit.report = await ui_audit_worker.audit(getattr(window, contract.FUNCTIONS.text_message)("audit-text"),
                                                       args, lambda step: show_progress(box, step))
            if Audit.run != mine:
                return                   # cancelled, or a newer audit runs
        else:
            Audit.report = None
        text = await text_in_pieces("audit-text", turns) if Audit.report is None else ""
        if text is None:
            return
        for step in () if Audit.report is not None else audit_thread_steps(text, chunk=CHUNK, **args):
            if step[0] == "report":
                Audit.report = step[1]
            elif turns.due():
                show_progress(box, step)
                if not await turns.take():
                    return               # cancelled, or a newer audit runs: this one's result is stale
        if Audit.report is None or not await draw(box, Audit.report, turns):
            return
    except TiradaError as err:
        Audit.report = None
        box.innerHTML = f'<p class="error" role="alert">{esc(ui_refusal.text(err))}</p>'
    finally:
        if Audit.run == mine:    # the latest work ends: collect again (an older one leaves it to this one)
            gc.enable()
            cancel.hidden = True
    retire_first_verdict()
    box.hidden = False
    box.focus()
    box.scrollIntoView()     # the verdict first, at the top of the screen (a phone too)


def show_progress(box, step: tuple) -> None:
    """Show the progress of ``step`` (:func:`audit_view.progress_text`) in the report's box, scrolled
    into view when it first shows (below «Auditar» on a phone; later steps never move the page)."""
    first = box.hidden or el("audit-progress") is None
    Audit.step = step
    box.innerHTML = f'<p class="meta" id="audit-progress">{esc(audit_view.progress_text(step, app.State.lang))}</p>'
    box.hidden = False
    if first:
        box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))


def retire_first_verdict() -> None:
    """A thread link's first verdict from the reading core (#thread-core, web/core-first.mjs, issue #41)
    gives way: the full audit's report (or its refusal) is what the page shows now."""
    first = el("thread-core")
    if first is not None:
        first.hidden = True
        first.replaceChildren()


#: the engine modules an audit imports as it goes (the first audit of a page imports them a turn each)
WARM = ("tirada.names", "tirada.lookalike_data", "tirada.links.audit_address", "tirada.links.audit_thread",
        "tirada.links.audit_fair", "tirada.links.audit_people", "tirada.links.audit_games", "tirada.links.sealed",
        "tirada.links.audit_sealed", "tirada.links.sealed_snippet", "tirada.odds", "tirada.odds.bands",
        "tirada.links.luck", "tirada.links.pool")


async def warm(turns: Turns) -> bool:
    """Import the audit's modules not imported yet, one a turn (False: the audit was dropped)."""
    import importlib
    import sys

    for name in WARM:
        if name not in sys.modules:
            importlib.import_module(name)
            if not await turns.take():
                return False
    return True


async def draw(box, report: dict, turns: Turns) -> bool:
    """Draw ``report`` in ``box`` a few whole elements a turn, the verdict first, in the page's
    language (drawn again from the top when it changes meanwhile); False when the audit was dropped
    meanwhile (what is drawn stays until the newer one draws)."""
    lang = None
    while lang != app.State.lang:
        lang = app.State.lang
        waiting: list = []
        first = True
        for part in audit_view.render_slices(report, lang, audit_view.said):
            waiting.append(part)
            if turns.due():
                first = put(box, waiting, first)
                if not await turns.take():
                    return False
                if lang != app.State.lang:
                    break
        else:
            put(box, waiting, first)
    return True


async def redraw(mine: int, report: dict) -> None:
    """Draw the report shown again (the language changed) the way an audit draws it: a few elements
    a turn, so a report of thousands of rows never freezes the page (issue #39); ``mine`` as in
    :func:`run_audit` (a newer audit or redraw stops this one)."""
    gc.disable()
    try:
        await draw(el("audit-report"), report, Turns(mine, lambda: Audit.run))
    finally:
        if Audit.run == mine:
            gc.enable()


def put(box, parts: list, first: bool) -> bool:
    """Add ``parts`` to ``box`` in order (replacing what it held when ``first``): whole elements at
    its end, :class:`audit_view.Rows` at the end of their list; empties ``parts``; returns False
    (what follows is added)."""
    run: list = []
    into = None                          # where the run goes: None, the box; else a list's id
    for part in parts + [None]:
        target = part.into if isinstance(part, audit_view.Rows) else None
        if run and (part is None or target != into):
            html = "".join(run)
            run = []
            if into is not None:
                el(into).insertAdjacentHTML("beforeend", html)
            elif first:
                box.innerHTML = html
                box.hidden = False
                first = False
            else:
                box.insertAdjacentHTML("beforeend", html)
        if part is not None:
            into = target
            run.append(part.html if target is not None else part)
    parts.clear()
    return first


def hold(text: str, posts: int) -> None:
    """Put a thread's ``text`` (``posts`` posts) in the audit's box, where the audit reads it. Over
    :data:`HOLD_AT` characters the box stays hidden (a box not shown is never laid out) and a line
    says what it holds, with «Mostrar y editar el texto» and «Vaciar»: nothing is lost, the audit
    and whoever shows it get the whole text."""
    box = el("audit-text")
    Audit.held = (posts, len(text)) if len(text) > HOLD_AT else None
    box.hidden = Audit.held is not None     # before the value: the text is never laid out
    box.value = text
    on_text()
    el("audit-held").hidden = Audit.held is None
    draw_held()


def held_text(posts: int, chars: int, lang: str) -> str:
    """The line in place of a held text: its posts and size (MB of characters, one decimal)."""
    size = f"{chars / 1_000_000:.1f}"
    return i18n.template("audit.held", lang, posts).format(
        n=audit_view.count(posts, lang), size=size.replace(".", ",") if lang == "es" else size)


def draw_held() -> None:
    if Audit.held is not None:
        el("audit-held-text").textContent = held_text(*Audit.held, app.State.lang)


def show_text(empty: bool) -> None:
    """Show the box (emptied first when ``empty``) in place of the held line, focus in it."""
    box = el("audit-text")
    if empty:
        box.value = ""
    Audit.held = None
    el("audit-held").hidden = True
    box.hidden = False
    box.focus()


def focus_text() -> None:
    """Focus the audit's text: its box, or «Mostrar y editar el texto» while it is held."""
    el("audit-show" if Audit.held is not None else "audit-text").focus()


@when("input", "#audit-text")
def on_input(_event) -> None:
    on_text()


def on_text() -> None:
    """A long thread in the box (typed, pasted, held): the audit worker starts while the person
    reads it or presses «Comprobar»."""
    if ui_audit_worker.wanted(int(el("audit-text").textLength)):   # (the value itself would be converted)
        ui_audit_worker.start()


@when("click", "#audit-show")
def on_show(_event) -> None:
    """Show the whole held text to read or edit it (laid out now, once, because it was asked for)."""
    show_text(empty=False)


@when("click", "#audit-clear")
def on_clear(_event) -> None:
    """Empty the held text and show the box, ready for another paste."""
    show_text(empty=True)


def on_lang_changed(_event: LangChanged) -> None:
    """The audit view, its held thread and any report shown, in the new language (web/shell/page_events.py: LangChanged)."""
    el("trust-text").textContent = TRUST[app.State.lang]
    draw_held()
    if Audit.step and el("audit-progress") is not None:    # an audit under way: its progress line too
        show_progress(el("audit-report"), Audit.step)
    # a report shown is drawn again in slices; an audit under way draws its own in the new language
    if Audit.report is not None and (Audit.task is None or Audit.task.done()):
        el("audit-report").hidden = True    # not laid out again in the new language before it is redrawn
        Audit.run += 1
        Audit.task = asyncio.ensure_future(redraw(Audit.run, Audit.report))


def start() -> None:
    on_lang_changed(LangChanged())
