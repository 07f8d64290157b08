"""The thread-audit view: paste a forum thread, see every roller's chain checked (glue only).

A pasted selection of a rendered forum page is read from the clipboard's HTML
(:func:`tirada.links.paste.html_to_text`): the links' addresses behind words such as "Comprobar la
tirada" go into the text with it. The audit gets this page's own address, so links to any other
address are flagged. The report is drawn by the pure :mod:`audit_view`.
"""

from __future__ import annotations

import asyncio
import gc
import time

from pyscript import when, window

import app
import audit_view
import contract
import sharing
import ui_refusal
from app import STORE, el, tr
from render import esc
from strings import t
from tirada.links import paste
from tirada.links.audit_sealed_thread import audit_thread_steps
from tirada import TRUST, TiradaError


class Audit:
    """The last report shown (re-rendered on a language change)."""

    report: dict | None = None
    run = 0             # the latest audit started (or cancelled): an older one stops at its next step
    pasting = 0         # the latest long paste being read: an older one stops at its next step
    paste_task: asyncio.Task[None] | None = None
    task: asyncio.Task[None] | None = None   # the audit's asyncio task (kept so it is not garbage-collected)


def render_report(report: dict, lang: str) -> str:
    """HTML of an audit report (:func:`audit_view.render_report` with its result lines, :func:`audit_view.said`)."""
    return audit_view.render_report(report, lang, audit_view.said)


SLICE_S = 0.025     #: seconds of audit work between two turns of the browser (no task near 200 ms)
CHUNK = 2           #: links the engine checks between two of its steps (the time decides the turns)
PIECE = 50_000      #: characters of a long text converted to Python in one turn
PASTE_AT_ONCE = 2   #: pieces of clipboard HTML read at once; a longer page is read in steps


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
    return await joined(getattr(window, contract.FUNCTIONS["text_pieces"])(source, PIECE, kind), turns)


@when("paste", "#audit-text")
def on_paste(event) -> None:
    """A pasted rendered page: its text with every link's address (the HTML of the clipboard), put
    where the paste goes; plain text (no HTML) is pasted by the browser as usual. A long page is
    read in steps (:func:`tirada.links.paste.pasted_steps`, "Leyendo el texto… n %"), the page
    answering between them."""
    if getattr(event, "clipboardData", None) is None:
        return
    box = el("audit-text")
    reader = getattr(window, contract.FUNCTIONS["text_pieces"])
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
            status.textContent = progress_text(step, app.State.lang)
            if not await turns.take():
                return
    status.textContent = ""
    box = el("audit-text")
    box.setRangeText(plain if text is None else text, start, end, "end")
    box.focus()


def count(n: int, lang: str) -> str:
    """A count with its thousands grouped as the language writes them: 3.200 (es), 3,200 (en)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "es" else text


def progress_text(step: tuple, lang: str) -> str:
    """The progress line of one audit step: ``("read", percent, 100)`` while the pasted text is
    read, ``("progress", done, total)`` while its links are checked."""
    if step[0] == "read":
        return t("audit.reading", lang).format(pct=step[1])
    return t("audit.progress", lang).format(done=count(step[1], lang), total=count(step[2], lang))


@when("submit", "#audit-form")
def on_audit(event) -> None:
    """Start an audit of the box's text; one under way stops at its next step (its result never
    replaces the newer one's)."""
    event.preventDefault()   # synchronously: an async handler would run after the form was sent
    Audit.run += 1
    Audit.task = asyncio.ensure_future(run_audit(Audit.run))


@when("click", "#audit-cancel")
def on_cancel(_event) -> None:
    """Stop the audit under way: nothing is drawn from it; the text stays in its box."""
    Audit.run += 1
    el("audit-cancel").hidden = True
    box = el("audit-report")
    box.innerHTML = f'<p class="meta">{esc(tr("audit.cancelled"))}</p>'
    box.hidden = False
    el("audit-text").focus()


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
    collecting = gc.isenabled()
    gc.disable()
    try:
        if not await warm(turns):
            return
        text = await text_in_pieces("audit-text", turns)
        if text is None:
            return
        # one engine call: the chains and the sealed rolls (which this browser's campaign secrets and kept
        # secret rolls open: blind and secret rolls alike in the GM's list of pending ones)
        steps = audit_thread_steps(text, home=sharing.page_url(), secrets=list(STORE.campaign_secrets().values()),
                                   now=int(time.time()), chunk=CHUNK, secret_rolls=STORE.secret_rolls())
        for step in steps:
            if step[0] == "report":
                Audit.report = step[1]
            elif turns.due():
                box.innerHTML = f'<p class="meta" id="audit-progress">{esc(progress_text(step, app.State.lang))}</p>'
                box.hidden = False
                if not await turns.take():
                    return               # cancelled, or a newer audit runs: this one's result is stale
        if Audit.report is None or not await draw(box, Audit.report, turns):
            return
    except TiradaError as err:
        Audit.report = None
        box.innerHTML = f'<p class="error" role="alert">{esc(ui_refusal.text(err))}</p>'
    finally:
        if collecting and Audit.run == mine:
            gc.enable()
        if Audit.run == mine:
            cancel.hidden = True
    box.hidden = False
    box.focus()
    box.scrollIntoView()     # the verdict first, at the top of the screen (a phone too)


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
    """Draw ``report`` in ``box`` a few whole elements a turn, the verdict first; False when the
    audit was dropped meanwhile (what is drawn stays until the newer one draws)."""
    waiting: list = []
    first = True
    for part in audit_view.render_parts(report, app.State.lang, audit_view.said):
        waiting.append(part)
        if turns.due():
            first = put(box, waiting, first)
            if not await turns.take():
                return False
    put(box, waiting, first)
    return True


def put(box, parts: list, first: bool) -> bool:
    """Add ``parts`` (whole elements) to ``box`` (replacing what it held when ``first``); empties
    ``parts``; returns False (what follows is added)."""
    html = "".join(parts)
    parts.clear()
    if first:
        box.innerHTML = html
        box.hidden = False
    else:
        box.insertAdjacentHTML("beforeend", html)
    return False


def relang() -> None:
    el("trust-text").textContent = TRUST[app.State.lang]
    if Audit.report is not None:
        el("audit-report").innerHTML = render_report(Audit.report, app.State.lang)


app.ON_LANG.append(relang)


def start() -> None:
    relang()
