"""A whole forum thread carried to Tirada's audit in a URL fragment (issue #30, "Comprobar este hilo").

The "Comprobar este hilo" bookmarklet (web/audit/bookmarklet.py) runs on a forum page: it collects every
post that holds a Tirada link, in page order, as plain text with each link's address written next to
its words ("Comprobar la tirada https://…#t2…"), and opens Tirada's audit at
``<official address>#hilo1.<data>``. No server sees it: the part after ``#`` never leaves the browser.

Format (docs/link-format.md §Thread links): ``hilo1.`` then base64url without padding of the raw
DEFLATE (RFC 1951; the browser's ``CompressionStream("deflate-raw")``) of the UTF-8 JSON
``{"page": "<the forum page's address>", "posts": ["<post text>", …], "authors": ["<author>" | null, …],
"numbers": [<post's number on the page, 1-based> | null, …]}`` (``authors`` and ``numbers``, issue #38,
may be absent: links made before them; when present, one per post). The audit's text starts each post
with its post line (:func:`tirada.links.posts.post_line`), so every problem is named by its post and
author.

Limits (checked before the work is spent, so a hostile fragment cannot freeze the page): the
fragment at most :data:`MAX_FRAGMENT` characters (the bookmarklet leaves out the last posts beyond
it and says how many), the unpacked JSON at most :data:`tirada.links.thread_text.MAX_TEXT` characters'
worth of bytes, at most :data:`MAX_POSTS` posts, the page address at most 2,000 characters.

:func:`decode_thread` is plain Python of the reading core (runs unchanged on CPython, Pyodide and
MicroPython; docs/architecture.md §The reading core): the page's first verdict of a thread link
(:mod:`tirada.links.core_thread`) reads the thread with it before Pyodide is up. :func:`encode_thread`
(tests, tools) needs CPython's ``zlib`` and ``json``.
"""

from __future__ import annotations

import json
from typing import Any, Optional, Sequence, Tuple

from .. import safejson
from ..errors import LinkError
from ..portable import Struct
from .thread_text import MAX_AUTHOR, MAX_TEXT, neutral, post_line
from ..wire.frame import b64_decode, b64_encode
from ..wire.inflate import InflateError, inflate_raw

__all__ = ["MAX_FRAGMENT", "MAX_POSTS", "PREFIX", "ThreadPaste", "decode_thread", "encode_thread", "is_thread"]

PREFIX = "hilo1."                #: a thread fragment starts with this (no roll link starts with "h")
MAX_FRAGMENT = 1_500_000         #: longest thread fragment read (characters, without "#")
MAX_POSTS = 5000                 #: most posts read from one page
MAX_PAGE = 2000                  #: longest page address kept
RULE = "link-format.md §Thread links"


class ThreadPaste(Struct):
    """A thread as the bookmarklet collected it: ``page`` (the forum page's address, "" unknown,
    at most 2,000 characters), ``posts`` (each post's text, in page order), ``authors`` (each post's
    author as the forum shows it, None unknown; empty: not collected) and ``numbers`` (each post's
    number among the page's posts, 1-based, None unknown; empty: not collected). Frozen; equal when
    the fields are (a reading-core record, :class:`tirada.portable.Struct`)."""

    _fields = ("page", "posts", "authors", "numbers")

    page: str
    posts: Tuple[str, ...]
    authors: Tuple[Optional[str], ...]
    numbers: Tuple[Optional[int], ...]

    def __init__(self, page: str, posts: Sequence[str], authors: Sequence[Optional[str]] = (),
                 numbers: Sequence[Optional[int]] = ()) -> None:
        self._init(page, tuple(posts), tuple(authors), tuple(numbers))

    def number(self, k: int) -> int:
        """Post ``k``'s number (0-based place among the posts collected): its number on the page,
        else ``k + 1``."""
        return (self.numbers[k] if k < len(self.numbers) else None) or k + 1

    def author(self, k: int) -> Optional[str]:
        """Post ``k``'s author as collected (None unknown)."""
        return self.authors[k] if k < len(self.authors) else None

    def head(self, k: int) -> str:
        """Post ``k``'s post line (:func:`tirada.links.thread_text.post_line`)."""
        return post_line(self.number(k), self.author(k))

    def text(self) -> str:
        """The thread as the audit reads it: each post after its post line (its number on the page,
        else its place among the posts collected, and its author), separated by blank lines; a
        post's own text cannot make a post line (:func:`tirada.links.posts.neutral`)."""
        return "\n\n".join(self.head(k) + "\n" + neutral(post) for k, post in enumerate(self.posts))


def is_thread(fragment: Any) -> bool:
    """True when ``fragment`` (without ``#``) is a thread fragment (for routing only)."""
    return isinstance(fragment, str) and fragment.startswith(PREFIX)


def encode_thread(page: str, posts: Sequence[str], authors: Sequence[Optional[str]] = (),
                  numbers: Sequence[Optional[int]] = ()) -> str:
    """The fragment (without ``#``) the bookmarklet makes: for tests, the CLI and other tools.

    Raises:
        LinkError: ``thread.too_many_posts`` (more than :data:`MAX_POSTS` posts), ``thread.shape``
            (a post that is not text), ``thread.too_large`` (a result longer than :data:`MAX_FRAGMENT`).
    """
    if len(posts) > MAX_POSTS:
        raise LinkError(f"a thread link holds at most {MAX_POSTS} posts", field="posts", rule=RULE,
                        code="thread.too_many_posts", params={"n": MAX_POSTS})
    if not all(isinstance(p, str) for p in posts):
        raise LinkError("a thread holds posts of text", field="posts", rule=RULE, code="thread.shape")
    doc: dict = {"page": str(page)[:MAX_PAGE], "posts": list(posts)}
    if authors or numbers:
        doc.update(authors=list(authors), numbers=list(numbers))
    import zlib

    data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    fragment = PREFIX + b64_encode(packer.compress(data) + packer.flush())
    if len(fragment) > MAX_FRAGMENT:
        raise LinkError("the thread is too large for one link", field="posts", rule=RULE,
                        code="thread.too_large", params={"n": MAX_FRAGMENT})
    return fragment


def decode_thread(fragment: Any) -> ThreadPaste:
    """Read a thread fragment (with or without ``#``).

    Returns:
        :class:`ThreadPaste`.
    Raises:
        LinkError: ``thread.not_thread`` (no ``hilo1.`` head), ``thread.too_large`` (over the
            limits of the module docstring), ``thread.unreadable`` (not base64url; not exactly one
            complete raw-DEFLATE stream: damaged, cut short or followed by other bytes, read by
            :func:`tirada.wire.inflate.inflate_raw` as roll links are; not UTF-8 JSON), ``thread.too_many_posts`` (more than :data:`MAX_POSTS` posts),
            ``thread.shape`` (not ``{"page": str, "posts": [str]}``).
    """
    if isinstance(fragment, str) and fragment.startswith("#"):
        fragment = fragment[1:]
    if not is_thread(fragment):
        raise LinkError("this is not a thread link", field="link", rule=RULE, code="thread.not_thread")
    if len(fragment) > MAX_FRAGMENT:
        raise LinkError("the thread is too large for one link", field="link", rule=RULE,
                        code="thread.too_large", params={"n": MAX_FRAGMENT})
    try:
        data = inflate_raw(b64_decode(fragment[len(PREFIX):]), 4 * MAX_TEXT)
        if len(data) > 4 * MAX_TEXT:
            raise LinkError("the thread is too large", field="link", rule=RULE, code="thread.too_large",
                            params={"n": MAX_FRAGMENT})
        text = data.decode("utf-8")
        if len(text) > MAX_TEXT + 100_000:      # unpacked within the bound, but longer than a thread may be
            raise LinkError("the thread is too large", field="link", rule=RULE, code="thread.too_large",
                            params={"n": MAX_FRAGMENT})
    except (InflateError, UnicodeError, LinkError) as err:   # MicroPython: UnicodeError
        if isinstance(err, LinkError) and err.code == "thread.too_large":
            raise
        raise LinkError("the thread link is damaged: copy it again", field="link", rule=RULE,
                        code="thread.unreadable") from None
    try:
        doc = safejson.loads(text, max_chars=len(text), field="link")
    except Exception:   # safejson raises InvalidRequest with its own codes: one reason for the reader here
        raise LinkError("the thread link is damaged: copy it again", field="link", rule=RULE,
                        code="thread.unreadable") from None
    posts = doc.get("posts") if isinstance(doc, dict) else None
    page = doc.get("page", "") if isinstance(doc, dict) else None
    if isinstance(posts, list) and len(posts) > MAX_POSTS:
        raise LinkError(f"a thread link holds at most {MAX_POSTS} posts", field="link", rule=RULE,
                        code="thread.too_many_posts", params={"n": MAX_POSTS})
    if not isinstance(posts, list) or not isinstance(page, str) or not all(isinstance(p, str) for p in posts):
        raise LinkError("the thread link does not hold a list of posts", field="link", rule=RULE, code="thread.shape")
    authors, numbers = doc.get("authors", []), doc.get("numbers", [])
    if not (isinstance(authors, list) and len(authors) <= len(posts) and isinstance(numbers, list)
            and len(numbers) <= len(posts) and all(a is None or isinstance(a, str) for a in authors)
            and all(n is None or (type(n) is int and 0 < n < 10**6) for n in numbers)):
        raise LinkError("the thread link does not hold a list of posts", field="link", rule=RULE, code="thread.shape")
    return ThreadPaste(page[:MAX_PAGE], tuple(posts), tuple(a[:MAX_AUTHOR] if a else None for a in authors),
                       tuple(numbers))
