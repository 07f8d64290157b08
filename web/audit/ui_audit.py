"""The thread-audit view: paste a forum thread, see every roller's chain checked (glue only).

A pasted selection of a rendered forum page is read from the clipboard's HTML
(:func:`tirada.links.paste.html_to_text`): the links' addresses behind words such as "Comprobar la
tirada" go into the text with it. The audit gets this page's own address, so links to any other
address are flagged. The report is drawn by the pure :mod:`audit_view`.
"""

from __future__ import annotations

import asyncio
import time

from pyscript import when

import app
import audit_view
import sharing
import ui_refusal
from app import STORE, el, tr
from render import esc
from tirada.links import audit as auditing
from tirada.links import paste
from tirada.links.audit_sealed_thread import audit_thread_steps
from tirada import TRUST, TiradaError


class Audit:
    """The last report shown (re-rendered on a language change)."""

    report: dict | None = None
    running = False     # an audit is under way (a second submit is ignored until it ends)
    task: asyncio.Task[None] | None = None   # the audit's asyncio task (kept so it is not garbage-collected)


def render_report(report: dict, lang: str) -> str:
    """HTML of an audit report (:func:`audit_view.render_report` with its result lines, :func:`audit_view.said`)."""
    return audit_view.render_report(report, lang, audit_view.said)


@when("paste", "#audit-text")
def on_paste(event) -> None:
    """A pasted rendered page: its text with every link's address (the HTML of the clipboard), put
    where the paste goes; plain text (no HTML) is pasted by the browser as usual."""
    data = getattr(event, "clipboardData", None)
    html = str(data.getData("text/html") or "") if data is not None else ""
    if data is None or not html.strip():
        return
    try:
        text = paste.html_to_text(html)
        plain = str(data.getData("text/plain") or "")
        if not text or len(auditing.extract_links(text)) < len(auditing.extract_links(plain)):
            return               # the HTML holds fewer links than the plain text: paste that
    except TiradaError:
        return                   # too long to read: the browser pastes the plain text
    event.preventDefault()       # synchronously, before the browser pastes the plain text
    box = el("audit-text")
    box.setRangeText(text, box.selectionStart, box.selectionEnd, "end")


@when("submit", "#audit-form")
def on_audit(event) -> None:
    event.preventDefault()   # synchronously: an async handler would run after the form was sent
    if not Audit.running:
        Audit.running = True
        Audit.task = asyncio.ensure_future(run_audit())


async def run_audit() -> None:
    """Run the audit in steps (tirada.links.audit_sealed_thread.audit_thread_steps), drawing the progress and giving
    the browser a turn between steps, so a long thread never freezes the page."""
    box = el("audit-report")
    try:
        # one engine call: the chains and the sealed rolls (which this browser's campaign secrets and kept
        # secret rolls open: blind and secret rolls alike in the GM's list of pending ones)
        steps = audit_thread_steps(str(el("audit-text").value), home=sharing.page_url(),
                                   secrets=list(STORE.campaign_secrets().values()), now=int(time.time()),
                                   secret_rolls=STORE.secret_rolls())   # the GM's own secret rolls: listed to reveal
        for step in steps:
            if step[0] == "report":
                Audit.report = step[1]
                box.innerHTML = render_report(Audit.report, app.State.lang)
            else:
                box.innerHTML = f'<p class="meta">{esc(tr("audit.progress").format(done=step[1], total=step[2]))}</p>'
                box.hidden = False
                await asyncio.sleep(0)
    except TiradaError as err:
        Audit.report = None
        box.innerHTML = f'<p class="error" role="alert">{esc(ui_refusal.text(err))}</p>'
    finally:
        Audit.running = False
    box.hidden = False
    box.focus()
    box.scrollIntoView()     # the verdict first, at the top of the screen (a phone too)


def relang() -> None:
    el("trust-text").textContent = TRUST[app.State.lang]
    if Audit.report is not None:
        el("audit-report").innerHTML = render_report(Audit.report, app.State.lang)


app.ON_LANG.append(relang)


def start() -> None:
    relang()
