"""A whole forum thread opened in the audit (issue #30, "Comprobar este hilo"): glue only.

The bookmarklet (web/audit/bookmarklet.py) opens ``#hilo1.…`` links; this view reads one with
:func:`tirada.links.thread_link.decode_thread`, puts the thread's posts in the audit's text box, says
where they came from and how many posts were read, and runs the audit on them (web/audit/ui_audit.py;
a long thread's text is kept in the box without being shown, :func:`ui_audit.hold`, issue #39).
A damaged or oversized thread link is refused in the page's language, with nothing else touched.
It also offers the bookmarklet itself in the audit tab's help: a link to drag to the bookmarks bar,
and its code to copy (phones: a bookmark whose address is that code).
"""

from __future__ import annotations

from pyscript import when, window

from shell import app
from audit import bookmarklet
from shell import refusal
from shell import sharing
from audit import ui_audit
from shell.app import el, tr
from shell.page_events import LinkOpening
from shell.render import error_box
from tirada import TiradaError
from tirada.links.thread_link import decode_thread


def open_thread(fragment: str) -> None:
    """Open a thread link: fill the audit with its posts and run it (the audit runs after the page
    has finished starting, so its button is ready)."""
    app.show_view("audit")
    status, report = el("thread-status"), el("audit-report")
    try:
        thread = decode_thread(fragment)
    except TiradaError as err:
        ui_audit.retire_first_verdict()     # the reading core's refusal gives way to the page's words
        status.textContent = ""
        report.innerHTML = error_box(tr("thread.error"), refusal.text(err, app.State.lang))
        report.hidden = False
        return
    ui_audit.hold(thread.text(), len(thread.posts))
    status.textContent = tr("thread.loaded").format(n=len(thread.posts), page=thread.page or "?")
    window.setTimeout(_SUBMIT, 0)


def _submit(*_args) -> None:
    el("audit-form").requestSubmit()


_SUBMIT = None


def render_help() -> None:
    """Bind the bookmarklet to this page's own address (the official one for whoever installs it)."""
    el("thread-bookmarklet").setAttribute("href", bookmarklet.href(sharing.page_url()))
    el("frame-address").textContent = sharing.page_url()   # what to give the userscript (issue #30)


@when("click", "#thread-bookmarklet")
def on_bookmarklet_click(event) -> None:
    """On Tirada's own page the bookmarklet has nothing to check: say where it goes."""
    event.preventDefault()
    el("thread-copy-status").textContent = tr("thread.drag")


@when("click", "#thread-copy")
async def on_copy(event) -> None:
    await sharing.copy(bookmarklet.href(sharing.page_url()), "thread-copy-status", "thread-code")
    el("thread-code").hidden = not el("thread-code").value    # shown only to copy by hand


def start() -> None:
    """Draw the help (runs once, when the audit view loads)."""
    global _SUBMIT
    from pyodide.ffi import create_proxy

    _SUBMIT = create_proxy(_submit)
    render_help()


def on_link_opening(event: LinkOpening) -> None:
    """Another kind of link is opened (web/shell/page_events.py): the status of an earlier thread goes."""
    if event.kind != "thread":
        el("thread-status").textContent = ""
        ui_audit.retire_first_verdict()     # the thread's first verdict (reading core) goes with it
