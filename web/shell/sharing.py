"""Sharing, the same for every view: the page URL of a link, typed faces, copy to the clipboard.

Pure except :func:`page_url` and :func:`copy`, which import ``pyscript`` when called, so the rest
(``parse_faces``, ``link_url``) is tested on CPython (tests/test_web_views.py).
"""

from __future__ import annotations


def parse_faces(text: str) -> list | None:
    """Typed faces ``"6, 5 3"`` (commas, semicolons or spaces between) → ``[6, 5, 3]``; empty or
    blank → ``None``. Raises ValueError on a non-number (each view words its own message)."""
    cleaned = str(text).replace(",", " ").replace(";", " ").split()
    return [int(x) for x in cleaned] if cleaned else None


def link_url(base: str, fragment: str) -> str:
    """``base`` (a page address; any ``#…`` part dropped) joined with a link's ``fragment``."""
    return str(base).split("#", 1)[0] + "#" + fragment


def page_url() -> str:
    """This page's URL without its fragment (read from ``window.location``)."""
    from pyscript import window

    from shell import store

    return store.page_url(window.location)


def page_link(fragment: str) -> str:
    """The whole share URL of ``fragment`` on this page."""
    return link_url(page_url(), fragment)


async def copy(text: str, status_id: str, field_id: str) -> None:
    """Put ``text`` on the clipboard and say so in ``#status_id``; when the browser refuses, put it
    in the ``#field_id`` input, select it and say "copy it by hand" instead."""
    from pyscript import window

    from shell.app import el, tr

    status = el(status_id)
    try:
        await window.navigator.clipboard.writeText(text)
        status.textContent = tr("action.copied")
    except Exception:
        el(field_id).value = text
        el(field_id).select()
        status.textContent = tr("action.copy_failed")


async def copy_rich(html: str, plain: str, status_id: str, field_id: str) -> None:
    """Put a snippet on the clipboard as rich text (``text/html``, for a forum's visual editor)
    with ``plain`` beside it (``text/plain``, for any other box). A browser without rich-text
    clipboard writes gets ``plain`` through :func:`copy` instead (and its status says so)."""
    from js import Object
    from pyodide.ffi import to_js
    from pyscript import window

    from shell.app import el, tr

    def blob(text: str, kind: str):
        return window.Blob.new(to_js([text]), to_js({"type": kind}, dict_converter=Object.fromEntries))

    try:
        item = window.ClipboardItem.new(to_js({"text/html": blob(html, "text/html"),
                                               "text/plain": blob(plain, "text/plain")},
                                              dict_converter=Object.fromEntries))
        await window.navigator.clipboard.write(to_js([item]))
        el(status_id).textContent = tr("action.copied_rich")
    except Exception:
        await copy(plain, status_id, field_id)


def can_share() -> bool:
    """True when the browser offers its share sheet (Web Share: phones, some desktops)."""
    from pyscript import window

    return bool(window.navigator.share) if hasattr(window.navigator, "share") else False


async def share(title: str, text: str, url: str, status_id: str) -> None:
    """Open the system share sheet with the snippet's text and the link (Web Share API); a
    cancelled sheet says nothing, a refusal says to copy instead."""
    from js import Object
    from pyodide.ffi import to_js
    from pyscript import window

    from shell.app import el, tr

    try:
        await window.navigator.share(to_js({"title": title, "text": text, "url": url}, dict_converter=Object.fromEntries))
        el(status_id).textContent = ""
    except Exception as err:
        if "AbortError" not in str(err):
            el(status_id).textContent = tr("action.share_failed")
