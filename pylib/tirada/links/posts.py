"""Post boundaries in an audited thread: which post, by which author, each link is in (issue #38).

docs/link-format.md §9.2. The audit reads text. When that text came with its posts — a rendered forum
page pasted as HTML (:func:`tirada.links.paste.html_to_text`) or a thread collected by the «Comprobar
este hilo» bookmarklet (:class:`tirada.links.thread_link.ThreadPaste`) — each post starts with one
**post line** of its own::

    ── #3 · Sharla ──          (post 3 of the thread as pasted, by Sharla)
    ── #4 ──                   (post 4, author not found on the page)

A GM reads it in the text box; the audit reads it back (:func:`read_posts`) and names every problem
by its post and author (:class:`PostPlace`). Plain text without post lines (BBCode, a plain-text
copy) has no boundaries: the audit says so, and a problem is named by its line in the text.

A post's own text never makes a post line: :func:`neutral` turns every box-drawing ``─`` (U+2500) in
it into ``-``, so a line of a post, however marked up, cannot pose as the start of another post
(nothing the audit removes later — zero-width spaces, soft hyphens — can put a ``─`` back).

Public API: :func:`post_line`, :func:`neutral`, :func:`read_posts`, :class:`PostPlace`,
:class:`Placer`, :func:`place_problems`.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Optional, TypedDict

from .thread_text import MAX_AUTHOR, clean_author, neutral, post_line, post_words

__all__ = ["MAX_AUTHOR", "Placer", "PlaceDict", "PostPlace", "clean", "clean_author", "neutral", "place_problems", "post_line", "read_posts"]

#: a post line once the audit has cleaned the text (its own line, nothing else on it)
_POST_LINE = re.compile(r"^\u2500\u2500 #(\d{1,6})(?: \u00b7 ([^\n]{1,%d}?))? \u2500\u2500[ \t]*$" % MAX_AUTHOR, re.M)
_BREAKS = {0x200B: None, 0x00AD: None, 0x2060: None}   # zero-width space, soft hyphen, word joiner
#: the same breaks in pasted HTML source: <wbr>, &shy;, &ZeroWidthSpace;, &#8203; and the like
_HTML_BREAKS = re.compile(r"<wbr\s*/?>|&(?:shy|ZeroWidthSpace|NoBreak);|&#(?:173|8203|8288|"
                          r"x0*(?:ad|200b|2060));", re.IGNORECASE)


def clean(text: str) -> str:
    """``text`` as the audit reads it (its positions are offsets in this): zero-width spaces, soft
    hyphens, word joiners and their HTML forms removed (forums break long words when displayed)."""
    return _HTML_BREAKS.sub("", text.translate(_BREAKS))


class PlaceDict(TypedDict):
    """:class:`PostPlace` as the report carries it (JSON): ``post`` (1-based or None), ``author`` (or
    None), ``line`` (1-based line of the text), ``boundaries`` (the text had post lines) and
    ``words`` (``{"es", "en"}``: "mensaje 3 de Sharla", "línea 12")."""

    post: Optional[int]
    author: Optional[str]
    line: int
    boundaries: bool
    words: dict


@dataclass(frozen=True)
class PostPlace:
    """Where a link stands in the audited text: ``post`` (the post's number as pasted, 1-based; None
    when the text has no post lines or the link precedes the first one), ``author`` (as the forum
    shows it; None unknown), ``line`` (1-based line of the text, always) and ``boundaries`` (whether
    the text had post lines at all)."""

    post: Optional[int]
    author: Optional[str]
    line: int
    boundaries: bool

    def words(self, lang: str) -> str:
        """In the page's words: "mensaje 3 de Sharla" / "post 3 by Sharla", "mensaje 3", or, without
        a post, "línea 12" / "line 12"."""
        return post_words(self.post, self.author, self.line, lang)

    def to_dict(self) -> PlaceDict:
        """The JSON form (:class:`PlaceDict`), with its words in both languages."""
        return PlaceDict(post=self.post, author=self.author, line=self.line, boundaries=self.boundaries,
                         words={"es": self.words("es"), "en": self.words("en")})


def read_posts(text: str) -> list:
    """``[(offset, number, author or None)]`` of every post line in ``text`` (offsets where each line
    starts), in text order."""
    return [(m.start(), int(m.group(1)), m.group(2)) for m in _POST_LINE.finditer(text)]


class Placer:
    """Places of positions in one text (built once per audit: its post lines and line starts)."""

    def __init__(self, text: str) -> None:
        self.posts = read_posts(text)
        self.starts = [p[0] for p in self.posts]
        self.newlines = [m.start() for m in re.finditer("\n", text)]

    @property
    def boundaries(self) -> bool:
        """Whether the text has post lines."""
        return bool(self.posts)

    def place(self, position: int) -> PostPlace:
        """The :class:`PostPlace` of a character offset of the text."""
        line = bisect.bisect_left(self.newlines, position) + 1
        at = bisect.bisect_right(self.starts, position) - 1
        if at < 0:
            return PostPlace(None, None, line, self.boundaries)
        _start, number, author = self.posts[at]
        return PostPlace(number, author, line, True)

    def to_list(self) -> list:
        """``[{"post", "author", "position"}]``: the post lines found (the report's ``posts``)."""
        return [{"post": n, "author": a, "position": s} for s, n, a in self.posts]


def place_problems(report: dict, placer: Placer) -> None:
    """Put its place (:meth:`PostPlace.to_dict`, key ``place``) on every problem of ``report`` that has
    a position (a problem of a whole chain, such as a look-alike name, has none: ``place`` None), and
    ``report["posts"]`` (:meth:`Placer.to_list`) and ``report["boundaries"]`` (bool) on the report."""
    for item in report.get("problems") or []:
        position = item.get("position")
        item["place"] = placer.place(position).to_dict() if isinstance(position, int) else None
    report["posts"] = placer.to_list()
    report["boundaries"] = placer.boundaries
