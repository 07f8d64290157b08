"""A pasted selection of a rendered forum page, as text the thread audit can read.

docs/link-format.md §9.2. A GM selects the posts as the forum shows them and copies them: the plain
text has no addresses (the links sit behind words such as "Comprobar la tirada"), but the clipboard's
HTML has them (read as the browser reads an ``href``: the WHATWG URL rules of
:mod:`tirada.links.address`). :func:`html_to_text` gives the text as it reads, one line per line shown (``<br>``,
paragraphs, list items, table rows), with each link's target written right after its words:
``Comprobar la tirada https://…#t2…``, so every link is found, in post order, and the snippet lines
before it stay in place for the claim check.

Public API: :func:`html_to_text`, :func:`html_to_text_steps`, :func:`pasted_steps`, :func:`drain`,
:data:`MAX_HTML`.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any, Iterator

from ..errors import InvalidRequest
from .address import parse

__all__ = ["MAX_HTML", "drain", "html_to_text", "html_to_text_steps", "pasted_steps"]

MAX_HTML = 10_000_000   #: longest clipboard HTML read (characters); the text it gives is then bounded by the audit
SLICE = 5_000          #: characters of HTML parsed between two steps of :func:`html_to_text_steps`
#: elements that start and end a line when shown
_BLOCKS = frozenset("address article aside blockquote br dd div dl dt figcaption figure footer form h1 h2 h3 "
                    "h4 h5 h6 header hr li main nav ol p pre section table tbody td th thead tr ul".split())
_HIDDEN = frozenset("script style template head title noscript".split())
_SPACES = re.compile(r"[ \t\r\n\f\v]+")
_LINES = re.compile(r"[ \t]*\n[ \t\n]*")


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

    def handle_starttag(self, tag, attrs):
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag in _BLOCKS:
            self.out.append("\n")
        if tag == "pre":
            self.pre += 1
        if tag == "a":
            href = _href(next((v for k, v in attrs if k == "href" and v), None))
            self.links.append((href, len(self.out)))

    def handle_startendtag(self, tag, attrs):
        if tag in _BLOCKS:
            self.out.append("\n")

    def handle_endtag(self, tag):
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
            self.out.append(data if self.pre else _SPACES.sub(" ", data))


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


def drain(steps: Iterator) -> Any:
    """What a step generator (``html_to_text_steps``, ``pasted_steps``, the audit's reading) returns,
    its steps run at once (a short input, or the CLI)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


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
    return _LINES.sub("\n", "".join(reader.out)).strip()


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
