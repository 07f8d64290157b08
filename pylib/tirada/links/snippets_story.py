"""A forum snippet told in sentences (issue #29): a shared page state that is not one roll — a Blood
Red Sands Confrontation — posted as its title, what just happened and what comes now (or how it
ended), then the link.

:func:`tirada.links.snippets.titled_link` shows one status of at most
:data:`~tirada.links.snippets.MAX_SHOWN` characters, which cut "what was advanced, with which dice and
faces" and the Pain of the end short. Here each sentence keeps up to :data:`MAX_SENTENCE` characters;
it is cleaned and defanged whole (no link can open in it), then rendered as user text in pieces of
at most ``MAX_SHOWN`` characters (the renderer's per-text limit), so every style escapes it as before.
"""

from __future__ import annotations

from typing import List

from .snippets import MAX_SHOWN, Token, clean, defang, render

__all__ = ["MAX_SENTENCE", "MAX_SENTENCES", "titled_story"]

#: Longest sentence shown (characters): a Pain of the bidding is at most 358 (brs.spoils.MAX_PAIN_TEXT).
MAX_SENTENCE = 480
#: At most this many sentences (lines) between the title and the link.
MAX_SENTENCES = 6


def _pieces(text: str) -> list:
    """``text`` in runs of whole words of at most MAX_SHOWN characters (a longer word is cut)."""
    out: List[str] = []
    for word in text.split(" "):
        while len(word) > MAX_SHOWN:
            out.append(word[:MAX_SHOWN])
            word = word[MAX_SHOWN:]
        if out and len(out[-1]) + 1 + len(word) <= MAX_SHOWN:
            out[-1] += " " + word
        elif word:
            out.append(word)
    return out


def titled_story(title: str, sentences: list, link_text: str, url: str, style: str = "bbcode") -> str:
    """``title`` (bold), one line per sentence of ``sentences`` (the first :data:`MAX_SENTENCES`,
    each cut to :data:`MAX_SENTENCE` characters), then the link, in ``style``
    (:data:`tirada.links.snippets.STYLES`).

    Raises:
        InvalidRequest: unknown style, or a URL that is not http(s).
    """
    lines: List[List[Token]] = [[(title, "user-b")]]
    for sentence in sentences[:MAX_SENTENCES]:
        line: List[Token] = []
        for piece in _pieces(defang(clean(sentence, MAX_SENTENCE))):
            line += ([(" ", None)] if line else []) + [(piece, "user")]
        if line:
            lines.append(line)
    lines.append([(link_text, "url")])
    return render(lines, url, style)
