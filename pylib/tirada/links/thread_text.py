"""The thread text as the audit reads it: its post lines and its bound (issue #38; reading core, issue #41).

A thread collected with its posts (:class:`tirada.links.thread_link.ThreadPaste`, a forum page pasted as
HTML) starts each post with one **post line** (docs/link-format.md §9.2)::

    ── #3 · Sharla ──          (post 3 of the thread as pasted, by Sharla)

:func:`post_line` writes it, :func:`neutral` keeps a post's own text from making one, and
:func:`post_words` names a post as the audit's report does ("mensaje 3 de Sharla"). The full audit
reads them back (:mod:`tirada.links.posts`); the reading core's first verdict of a thread link
(:mod:`tirada.links.core_thread`) names its posts with the same words.

Plain Python of the reading core (runs unchanged on CPython, Pyodide and MicroPython;
docs/architecture.md §The reading core).
"""

from __future__ import annotations

from typing import Optional

from ..portable_text import collapse_spaces

__all__ = ["BAR", "MAX_AUTHOR", "MAX_TEXT", "clean_author", "neutral", "post_line", "post_words"]

MAX_TEXT = 5_000_000             #: longest thread text the audit accepts (characters)
MAX_AUTHOR = 80                  #: longest author name kept (characters)
BAR = "\u2500\u2500"             #: what a post line starts and ends with


def neutral(text: str) -> str:
    """``text`` with every ``─`` (U+2500) written ``-``: a post's text, which must not hold a post line."""
    return text.replace("\u2500", "-")


def clean_author(name: Optional[str]) -> Optional[str]:
    """An author as a post line carries it: one line, blanks collapsed, at most :data:`MAX_AUTHOR`
    characters, no ``─``, ``#`` or ``%`` (written ``＃``, ``％``: a name is never read as a link, not even
    as ``%23t1…``); None when empty."""
    if not name:
        return None
    text = collapse_spaces(neutral(str(name))).replace("#", "\uff03").replace("%", "\uff05")[:MAX_AUTHOR].strip()
    return text or None


def post_line(number: int, author: Optional[str]) -> str:
    """The line that starts post ``number`` (1-based) by ``author`` (None: not known)."""
    who = clean_author(author)
    return BAR + " #" + str(int(number)) + (" \u00b7 " + who if who else "") + " " + BAR


def post_words(post: Optional[int], author: Optional[str], line: int, lang: str) -> str:
    """A place in the thread in the page's words: "mensaje 3 de Sharla" / "post 3 by Sharla",
    "mensaje 3", or, without a post (``post`` None), "línea 12" / "line 12" (``line``, 1-based)."""
    es = lang == "es"
    if post is None:
        return ("línea " if es else "line ") + str(line)
    text = ("mensaje " if es else "post ") + str(post)
    if author:
        text += (" de " if es else " by ") + author
    return text
