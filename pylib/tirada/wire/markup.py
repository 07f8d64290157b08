"""Forum post markup (docs/link-format.md §Snippets): a post is built as lines of tokens
``(text, mark)`` and rendered by one small renderer per markup — BBCode, Markdown, plain text and HTML
(a visual editor's paste) — so a new markup is a new renderer, not a new branch.

Hostile text (labels, names) is always shown literally: :func:`clean` removes control and invisible
characters (:data:`tirada.wire.roll_layout.HIDDEN`), joins whitespace and cuts long texts;
:func:`defang` stops forums from auto-linking it; BBCode brackets become fullwidth look-alikes,
Markdown specials get a backslash (CommonMark §2.4), HTML is escaped, and right-to-left text is
isolated (FSI … PDI) so it cannot reorder the line. The link's URL must be ``http(s)://``.

This is the wire floor (issue #25): no game rule here. :mod:`tirada.links.snippets` builds the tokens
of a verified roll; the systems build theirs (e.g. :mod:`tirada.systems.tragedia.snippet`).
"""

from __future__ import annotations

import re
from typing import Any, Optional, Tuple

from ..errors import InvalidRequest
from ..portable import category, is_space
from ..portable_text import collapse_spaces, escape_html, is_alnum, is_rtl, quote
from .roll_layout import HIDDEN

__all__ = ["MARKDOWN_SPECIAL", "MAX_SHOWN", "STYLES", "Token", "clean", "defang", "escape_bbcode",
           "escape_markdown", "isolate", "render", "titled_link"]

#: one piece of a snippet line: ``(text, mark)``; ``mark`` is ``None`` (plain), ``"b"``, ``"s"``,
#: ``"user"``, ``"user-b"`` or ``"url"`` (see :func:`tokens`).
Token = Tuple[str, Optional[str]]
MAX_SHOWN = 80                 #: longest user text shown in a snippet (characters)
STYLES = ("bbcode", "markdown", "text", "html")
#: characters escaped in Markdown: the ones that can open inline markup mid-line (CommonMark §6).
MARKDOWN_SPECIAL = frozenset("\\`*_[]<>~|&")

def clean(text: Any, max_len: int = MAX_SHOWN) -> str:
    """One line of user text: non-text → ``str()``; controls and invisible characters removed;
    whitespace runs → one space; longer than ``max_len`` → first ``max_len − 1`` characters + "…"."""
    text = "".join(ch for ch in str(text) if ch not in HIDDEN
                   and (is_space(ch) or category(ch) not in ("Cc", "Cs")))
    text = collapse_spaces(text)
    return text if len(text) <= max_len else text[:max_len - 1] + "…"


def defang(text: str) -> str:
    """Stop forums from turning user text into a link: ``://`` → ``：//`` (fullwidth colon) and
    ``www.`` (any case, not right after a letter or digit) → ``www․`` (one-dot leader). phpBB's magic
    URLs and GitHub-style Markdown autolink ``https://…`` and ``www.…`` in plain text, even inside bold
    and after backslash escapes. Read left to right, as the pattern ``://|(?<![^\\W_])www\\.``
    (ignoring case) would replace (MicroPython's ``re`` has no look-behind nor flags)."""
    out = []
    at, size = 0, len(text)
    while at < size:
        if text.startswith("://", at):
            out.append("\uff1a//")
            at += 3
        elif text[at:at + 4].lower() == "www." and not (at and is_alnum(text[at - 1])):
            out.append(text[at:at + 3] + "\u2024")
            at += 4
        else:
            out.append(text[at])
            at += 1
    return "".join(out)


def escape_bbcode(text: str) -> str:
    """Clean ``text``, :func:`defang` it and replace ``[``/``]`` with fullwidth ``［``/``］`` (no BBCode
    tag can open)."""
    return defang(clean(text)).replace("[", "\uff3b").replace("]", "\uff3d")


def _md(text: str) -> str:
    """Backslash before each :data:`MARKDOWN_SPECIAL` character (CommonMark §2.4)."""
    return "".join("\\" + ch if ch in MARKDOWN_SPECIAL else ch for ch in text)


def escape_markdown(text: str) -> str:
    """Clean ``text``, :func:`defang` it and backslash-escape the :data:`MARKDOWN_SPECIAL`
    characters (CommonMark §2.4); other punctuation stays readable."""
    return _md(defang(clean(text)))


def _plain_text(text: str) -> str:
    """User text for the ``text`` style: cleaned and :func:`defang`-ed."""
    return defang(clean(text))


def _html_text(text: str) -> str:
    """User text for the ``html`` style (a visual editor's paste): cleaned, :func:`defang`-ed and
    HTML-escaped (no tag or entity can open)."""
    return escape_html(defang(clean(text)))


def _safe_url(url: Any) -> str:
    if not isinstance(url, str) or not re.match(r"[hH][tT][tT][pP][sS]?://[^\s]", url):
        raise InvalidRequest("the page address must start with http:// or https://", field="url", code="snippet.url")
    return quote(url, safe="-._~:/?#@!$&'*+,;=%")


def isolate(text: str) -> str:
    """Wrap text holding right-to-left letters in FSI … PDI (U+2068, U+2069) so it cannot reorder
    the rest of the line; other text is returned as it is."""
    rtl = any(is_rtl(ch) for ch in text)
    return f"\u2068{text}\u2069" if rtl else text


def render(lines: list, url: str, style: str = "bbcode") -> str:
    """Render :func:`tokens` in ``style`` (one of :data:`STYLES`).

    Raises:
        InvalidRequest: unknown style, or a URL that is not http(s).
    """
    if style not in STYLES:
        raise InvalidRequest(f"the style must be one of {', '.join(STYLES)}", field="style",
                             code="snippet.style", params={"choices": ', '.join(STYLES)})
    url = _safe_url(url)
    esc = {"bbcode": escape_bbcode, "markdown": escape_markdown, "text": _plain_text, "html": _html_text}[style]
    marks = {"bbcode": {"b": "[b]{}[/b]", "s": "[s]{}[/s]", "url": "[url=" + url + "]{}[/url]"},
             # Markdown: a dropped die in brackets, as in plain text (``~~…~~`` is an extension many
             # CommonMark renderers lack, and shows as tildes there)
             "markdown": {"b": "**{}**", "s": "({})", "url": "[{}](" + url + ")"},
             "text": {"b": "{}", "s": "({})", "url": "{}: " + url},
             # a visual editor's paste (rich text): bold, struck dropped dice, a real link
             "html": {"b": "<strong>{}</strong>", "s": "<s>{}</s>", "url": '<a href="' + escape_html(url) + '">{}</a>'}}[style]
    out = []
    for line in lines:
        text = ""
        for value, mark in line:
            if mark and mark.startswith("user"):
                value, mark = isolate(esc(value)), ("b" if mark == "user-b" else None)
            elif style == "markdown":
                value = _md(value)
            elif style == "html":
                value = escape_html(value)
            text += marks[mark].format(value) if mark else value
        out.append(text)
    # Markdown: two spaces end each line but the last, a hard line break (CommonMark §6.7): a single
    # newline is a soft break, and a CommonMark renderer joined the snippet into one run-on line
    return {"markdown": "  \n", "html": "<br>\n"}.get(style, "\n").join(out)


def titled_link(title: str, status: str, link_text: str, url: str, style: str = "bbcode") -> str:
    """A two-line snippet of a shared page state that is not one roll (a Blood Red Sands
    Confrontation link): ``title — status`` (the title bold), then the link.

    Args:
        title: the headline, e.g. "Confrontación: Rojos contra Azules" (user text: escaped and
            isolated like a label). status: one line on the state, e.g. whose move it is (escaped the
            same way). link_text: the words of the link. url: the page's ``http(s)://`` address with
            the fragment. style: one of :data:`STYLES`.
    Raises:
        InvalidRequest: unknown style, or a URL that is not http(s).
    """
    return render([[(title, "user-b"), (" — ", None), (status, "user")], [(link_text, "url")]], url, style)
