"""The userscript's verification frame, worded (issue #30; pure: no pyscript, tested on CPython).

web/audit/ui_frame.py receives the messages; this module reads where the frame may answer
(:func:`configured_origin`), asks the engine (:func:`tirada.links.marks.answer`) and adds the words
the userscript shows next to each link, in the language the request asked for. Protocol:
docs/link-format.md §20.
"""

from __future__ import annotations

import json
from typing import List
from urllib.parse import unquote, urlsplit

from shell import refusal
from shell.strings import t
from tirada.links import marks
from tirada.links.core_marks import ready_json, roll_words
from tirada.links.frame_records import MarkView, frame_answer

__all__ = ["WordedMark", "configured_origin", "home_of", "ready_text", "reply", "worded"]


class WordedMark(marks.Mark):
    """A :class:`tirada.links.marks.Mark` with its words: ``text`` (one line shown next to the link:
    the result, or the reasons) and ``title`` (who, the pool and every line, for a tooltip)."""

    text: str
    title: str
    reasons: List[str]


def configured_origin(fragment: str) -> str | None:
    """The forum origin the frame answers, from its address's fragment ``#origen=<origin>``
    (percent-encoded or not): ``scheme://host[:port]`` exactly, http(s) only, no path, no user; else None."""
    text = str(fragment or "").lstrip("#")
    if not text.startswith("origen="):
        return None
    origin = unquote(text[len("origen="):]).strip()
    try:
        parts = urlsplit(origin)
        parts.port  # noqa: B018  (a bad port raises)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password \
            or parts.path or parts.query or parts.fragment or origin != f"{parts.scheme}://{parts.netloc}":
        return None
    return origin


def home_of(href: str) -> str:
    """The frame page's own address as the audit compares addresses: without query or fragment."""
    parts = urlsplit(str(href))
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def _word(mark: MarkView, lang: str) -> WordedMark:
    reasons = [refusal.message(p, lang) for p in mark.problems]
    kind = mark.kind
    if mark.status == "other":
        text = t("frame.other", lang).format(address=mark.other_address)
    elif reasons:
        text = "; ".join(reasons)
    elif kind == "roll" and mark.lines:
        text = roll_words(mark.raw)[0]
    else:
        name = t(f"audit.kind_{kind}", lang) if kind else ""
        who = t("frame.by", lang).format(roller=mark.roller) if mark.roller else ""
        seq = f"nº {mark.seq}" if mark.seq is not None else ""
        state = t("frame.sealed", lang) if kind in ("blind", "secret") else t("frame.valid", lang)
        text = " ".join(x for x in (name, who, seq) if x) + ": " + state
    title = " · ".join(x for x in [mark.who, *mark.lines] if x) or text
    out: WordedMark = {**mark.raw, "text": text, "title": title, "reasons": reasons}  # type: ignore[typeddict-item]
    return out


def worded(answer: dict) -> dict:
    """The engine's answer with words: each mark gets ``text``, ``title`` and ``reasons``; an error
    answer gets ``text`` (in Spanish: an error answer may come before any language is known). The
    answer is read once into its :class:`tirada.links.frame_records.FrameAnswer`."""
    one = frame_answer(answer)
    if one.error:
        return {**answer, "text": refusal.message(answer, "es")}
    return {**answer, "marks": [_word(m, one.lang) for m in one.marks]}


def reply(message: object, home: str) -> str:
    """The JSON text the frame posts back for one received ``message`` (never raises)."""
    return json.dumps(worded(marks.answer(message, home)), ensure_ascii=False, separators=(",", ":"))


def ready_text() -> str:
    """The frame's first message, as the JSON text it posts."""
    return ready_json()
