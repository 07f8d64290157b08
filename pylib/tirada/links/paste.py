"""A pasted selection of a rendered forum page, as text the thread audit can read.

docs/link-format.md §9.2. A GM selects the posts as the forum shows them and copies them: the plain
text has no addresses (the links sit behind words such as "Comprobar la tirada"), but the clipboard's
HTML has them (read as the browser reads an ``href``: the WHATWG URL rules of
:mod:`tirada.links.address`). :func:`html_to_text` gives the text as it reads, one line per line shown (``<br>``,
paragraphs, list items, table rows), with each link's target written right after its words:
``Comprobar la tirada https://…#t2…``, so every link is found, in post order, and the snippet lines
before it stay in place for the claim check.

Posts (issue #38): an element that holds one forum post — an ``<article>``, or an element with
``data-post-id`` / ``data-author``, an id ``p123`` / ``post_123``, or a class ``post``, ``message``,
``topic-post``, ``post_wrapper`` or ``postcontainer`` (phpBB, Discourse, XenForo, SMF, vBulletin and
the like), not inside another — starts a post line (:func:`tirada.links.posts.post_line`: its number as
pasted, and its author: the post's ``data-author``, else the first ``username`` /
``username-coloured`` / ``itemprop=author`` element's text, else the first ``poster`` / ``postauthor`` /
``post-author`` / ``message-name`` / ``author`` element's first line). The posts' own text cannot
make a post line (:func:`tirada.links.posts.neutral`). A page with none of these has no boundaries.

Public API: :func:`html_to_text`, :func:`html_to_text_steps`, :func:`pasted_steps`, :func:`drain`,
:data:`MAX_HTML`.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from ..errors import InvalidRequest
from ..steps import drain
from .address import parse
from .posts import MAX_AUTHOR, neutral, post_line

__all__ = ["MAX_HTML", "drain", "html_to_text", "html_to_text_steps", "pasted_steps"]

MAX_HTML = 10_000_000   #: longest clipboard HTML read (characters); the text it gives is then bounded by the audit
SLICE = 5_000          #: characters of HTML parsed between two steps of :func:`html_to_text_steps`
#: elements that start and end a line when shown
_BLOCKS = frozenset("address article aside blockquote br dd div dl dt figcaption figure footer form h1 h2 h3 "
                    "h4 h5 h6 header hr li main nav ol p pre section table tbody td th thead tr ul".split())
_HIDDEN = frozenset("script style template head title noscript".split())
_SPACES = re.compile(r"[ \t\r\n\f\v]+")
_LINES = re.compile(r"[ \t]*\n[ \t\n]*")
_POST_CLASSES = frozenset({"post", "message", "topic-post", "post_wrapper", "postcontainer"})
_POST_ID = re.compile(r"^(?:p|post)[_-]?\d+$", re.IGNORECASE)
#: elements naming a post's author, best first (the first found of the best kind is the author)
_AUTHOR_CLASSES = ({"username", "username-coloured"}, {"poster", "postauthor", "post-author", "message-name", "author"})
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_MARK = "\x00"     #: where a post line goes in the text being built (never in the page's own text)


def _is_post(tag: str, attrs: dict) -> bool:
    """Whether an element holds one forum post (module docstring)."""
    classes = set((attrs.get("class") or "").split())
    return (tag == "article" or "data-post-id" in attrs or "data-author" in attrs or bool(classes & _POST_CLASSES)
            or bool(_POST_ID.match(attrs.get("id") or "")))


def _author_rank(attrs: dict) -> int | None:
    """0 or 1: how surely an element names its post's author (:data:`_AUTHOR_CLASSES`); None: not at all."""
    classes = set((attrs.get("class") or "").split())
    if classes & _AUTHOR_CLASSES[0] or attrs.get("itemprop") == "author":
        return 0
    return 1 if classes & _AUTHOR_CLASSES[1] else None


def _href(value: str | None) -> str | None:
    """A link's ``href`` as the browser reads it (:mod:`tirada.links.address`): an absolute address
    serialized (``http://a\\@b/`` → ``http://a/@b/``, a tab or newline inside removed), else the
    text with tab, newline and surrounding blanks removed (a ``//host/…`` or relative address is
    then read by the audit as such); None when empty."""
    if not value:
        return None
    found = parse(value)
    if found is not None:
        return found.href
    cleaned = re.sub("[\t\n\r]", "", value).strip("".join(chr(c) for c in range(0x21)))
    return cleaned or None


class _Reader(HTMLParser):
    """Collects the shown text; a link's ``href`` is written after its words (not after a link whose
    words already are its address; instead of words that show another address, so a look-alike
    ``href`` behind the official address as text is what the audit reads)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list = []
        self.hidden = 0
        self.pre = 0
        self.links: list = []     # open <a>: (href, index in out where its words start)
        self.post: list = []      # the open post: [tag, depth of that tag inside it]
        self.authors: list = []   # per post: [rank, name] of its best author element so far
        self.naming: list = []    # open author elements: [tag, depth, rank, [their shown words]]

    def handle_starttag(self, tag, attrs):
        named = dict(attrs)
        if tag not in _VOID:
            self._open(tag, named)
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag in _BLOCKS:
            self.out.append("\n")
            for naming in self.naming:
                naming[3].append("\n")
        if tag == "pre":
            self.pre += 1
        if tag == "a":
            href = _href(next((v for k, v in attrs if k == "href" and v), None))
            self.links.append((href, len(self.out)))

    def handle_startendtag(self, tag, attrs):
        if tag in _BLOCKS:
            self.out.append("\n")

    def _open(self, tag: str, attrs: dict) -> None:
        """Track the open post and its author elements."""
        if self.post:
            self.post[1] += tag == self.post[0]
            for naming in self.naming:
                naming[1] += tag == naming[0]
            rank = _author_rank(attrs)
            if rank is not None and (self.authors[-1][0] is None or rank < self.authors[-1][0]):
                self.naming.append([tag, 0, rank, []])
        elif _is_post(tag, attrs):
            self.post = [tag, 0]
            self.authors.append([0, attrs["data-author"]] if attrs.get("data-author") else [None, None])
            self.out.append(_MARK)

    def _close(self, tag: str) -> None:
        """Close an element of the open post: an author's name taken, the post ended."""
        if not self.post:
            return
        for naming in list(self.naming):
            if naming[0] == tag:
                naming[1] -= 1
                if naming[1] < 0:
                    self.naming.remove(naming)
                    words = [w for w in "".join(naming[3]).split("\n") if w.strip()]
                    best = self.authors[-1]
                    if words and (best[0] is None or naming[2] < best[0]):
                        best[:] = [naming[2], words[0].strip()[:MAX_AUTHOR]]
        if tag == self.post[0]:
            self.post[1] -= 1
            if self.post[1] < 0:
                self.post, self.naming = [], []

    def handle_endtag(self, tag):
        self._close(tag)
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag == "a" and self.links:
            href, at = self.links.pop()
            words = "".join(self.out[at:])
            if href and href.strip() not in words:
                if "://" in words:       # words that show another address: readers open the href, read that
                    del self.out[at:]
                self.out.append(f" {href.strip()} ")
        elif tag in _BLOCKS:
            self.out.append("\n")
        if tag == "pre":
            self.pre = max(0, self.pre - 1)

    def handle_data(self, data):
        if not self.hidden:
            data = neutral(data.replace(_MARK, ""))     # a post's text never makes a post line
            self.out.append(data if self.pre else _SPACES.sub(" ", data))
            for naming in self.naming:                  # an author's name: its words, never a link's address
                naming[3].append(data)


def html_to_text(html: str) -> str:
    """The text of a pasted HTML selection with every link's address after its words.

    Args:
        html: the clipboard's ``text/html`` (a fragment or a whole document), at most :data:`MAX_HTML`.
    Returns:
        the text, one line per shown line, blank runs collapsed; links with their addresses.
    Raises:
        InvalidRequest: not text, or longer than :data:`MAX_HTML` (``audit.html_too_long``).
    """
    return drain(html_to_text_steps(html, len(html) + 1 if isinstance(html, str) else 1))


def html_to_text_steps(html: str, chunk: int = SLICE):
    """:func:`html_to_text` in steps (the page reads a pasted page of megabytes without freezing):
    the HTML is parsed ``chunk`` characters at a time, each piece cut just before a ``<`` (so no
    run of text is split and the text is the same as read at once); yields ``("read", percent,
    100)`` after each piece, returns the text.

    Raises:
        InvalidRequest: as :func:`html_to_text`, before the first step.
    """
    if not isinstance(html, str):
        raise InvalidRequest("the pasted HTML must be text", field="text", code="audit.text_type")
    if len(html) > MAX_HTML:
        raise InvalidRequest(f"the pasted page is too long (at most {MAX_HTML} characters)", field="text",
                             code="audit.html_too_long", params={"n": MAX_HTML})
    reader = _Reader()
    at = 0
    while at < len(html):
        cut = html.find("<", at + chunk) if at + chunk < len(html) else -1
        cut = len(html) if cut < 0 else cut
        reader.feed(html[at:cut])
        at = cut
        yield ("read", 100 * at // len(html), 100)
    reader.close()
    for href, _ in reversed(reader.links):   # links left open by a cut selection
        if href:
            reader.out.append(f" {href.strip()} ")
    parts = "".join(reader.out).split(_MARK)
    text = parts[0] + "".join(f"\n{post_line(n, reader.authors[n - 1][1])}\n{part}" for n, part in enumerate(parts[1:], 1))
    return _LINES.sub("\n", text).strip()


def pasted_steps(html: str, plain: str, chunk: int = SLICE):
    """What the audit's text box takes from a paste, in steps (``("read", percent, 100)``): the
    HTML's text with every link's address (:func:`html_to_text_steps`), or None when the plain
    text is better — the HTML gives no text, holds fewer links than the plain text, or is too long
    to read (the plain text is then pasted as it is). Never raises."""
    from ..errors import TiradaError
    from .audit import extract_links_steps

    try:
        text = yield from html_to_text_steps(html, chunk)
        if not text:
            return None
        mine = yield from extract_links_steps(text)
        theirs = yield from extract_links_steps(plain)
    except TiradaError:
        return None
    return None if len(mine) < len(theirs) else text
