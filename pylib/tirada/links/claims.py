"""Claims: the snippet posted before a roll link compared with the recomputed one (docs/link-format.md §9.2).

The forum snippet posted before a link (:mod:`tirada.links.snippets`) is compared line by line with
the snippet of the recomputed result; a line that differs is flagged with what the text says and what
the link gives (``audit.claim``). The thread audit (:mod:`tirada.links.audit_thread`) reads every copy
of every link this way; the userscript's marks (:mod:`tirada.links.marks`, and the reading core's
:mod:`tirada.links.core_marks` before Pyodide is up) read one link's post.

Plain Python of the reading core (runs unchanged on CPython, Pyodide and MicroPython;
docs/architecture.md §The reading core): no ``re`` flags or ``str.translate`` (MicroPython lacks them),
Unicode spaces and case folding from :mod:`tirada.portable`.
"""

from __future__ import annotations

import re

from ..portable import casefold
from ..portable_text import collapse_spaces

__all__ = ["claim_flag", "claim_lines", "flag", "norm_line"]

_CLAIM_LINES = 12           #: lines read before a link for its snippet (more for a longer one: claim_lines)
_CLAIM_CHARS = 4000         #: characters read before a link for its snippet
#: the BBCode tags a snippet's markup holds, tried in this order (``[u]`` before ``[url]``)
_TAGS = ("b", "s", "i", "u", "url", "quote", "code")
#: the non-ASCII letters Python's IGNORECASE takes for a tag's letters (ſ for s; İ and ı for i)
_TAG_FOLDS = {"\u017f": "s", "\u0130": "i", "\u0131": "i"}


#: the markup as one pattern where ``re`` takes flags (not MicroPython's): what :func:`_strip_markup` removes
_MARKUP = re.compile(r"\[/?(?:b|s|i|u|url|quote|code)(?:=[^\]\n]*)?\]|\*\*|~~|[()\\]", re.IGNORECASE) \
    if hasattr(re, "IGNORECASE") else None


def _tag_end(line: str, at: int) -> int:
    """Where the BBCode tag starting with the ``[`` at ``at`` ends (after its ``]``), or -1: ``[b]``,
    ``[/url]``, ``[url=…]`` (no ``]`` nor newline inside), any of :data:`_TAGS` in any case."""
    start = at + 2 if line.startswith("/", at + 1) else at + 1
    for tag in _TAGS:
        name = line[start:start + len(tag)]
        if len(name) < len(tag) or any(_TAG_FOLDS.get(ch, ch.lower() if ord(ch) < 0x80 else ch) != want
                                       for ch, want in zip(name, tag)):
            continue
        end = start + len(tag)
        if line.startswith("=", end):
            close, newline = line.find("]", end), line.find("\n", end)
            if close >= 0 and (newline < 0 or close < newline):
                return close + 1
        elif line.startswith("]", end):
            return end + 1
    return -1


def _strip_markup(line: str) -> str:
    """``line`` without its snippet markup and escapes: BBCode tags (:func:`_tag_end`), Markdown
    ``**`` and ``~~``, and ``(``, ``)``, ``\\`` (struck dice in plain text, escapes), left to right:
    what ``re.sub(r"\\[/?(?:b|s|i|u|url|quote|code)(?:=[^\\]\\n]*)?\\]|\\*\\*|~~|[()\\\\]", "", line,
    flags=re.IGNORECASE)`` gives (written out: MicroPython's ``re`` has no flags and finds that pattern
    too complex)."""
    if "[" not in line and "*" not in line and "~" not in line:   # the common line: no scan needed
        return line.replace("(", "").replace(")", "").replace("\\", "")
    if _MARKUP is not None:     # CPython, Pyodide: the pattern itself (a long pasted line stays fast)
        return _MARKUP.sub("", line)
    out = []
    at, size = 0, len(line)
    while at < size:
        ch = line[at]
        end = _tag_end(line, at) if ch == "[" else -1
        if end >= 0:
            at = end
        elif line.startswith("**", at) or line.startswith("~~", at):
            at += 2
        elif ch in "()\\":
            at += 1
        else:
            out.append(ch)
            at += 1
    return "".join(out)


#: characters read as another before comparing (fullwidth brackets and colon, the one-dot leader of
#: :func:`tirada.wire.markup.defang`, a no-break space, the minus sign: snippets made before issue #40
#: wrote a negative total "-2") or dropped (bidi isolates)
_FOLD = (("\uff3b", "["), ("\uff3d", "]"), ("\uff1a", ":"), ("\u2024", "."), ("\u2066", ""), ("\u2067", ""),
         ("\u2068", ""), ("\u2069", ""), ("\u00a0", " "), ("\u2212", "-"))
#: a snippet's head line once normalised ("atletismo — tirada nº 3 de sharla en «arenas»", "roll #2 by bob");
#: its numbers are the ASCII digits Tirada writes
_HEAD = re.compile("(?:^(?:> *)*|\u2014 )(?:tirada|roll)(?: n\u00ba [0-9]+| #[0-9]+)?(?: (?:de|by) .+)?(?: \u00b7 .+)?$")


def flag(code: str, reason: str, params: dict | None = None) -> dict:
    """One problem the audit found with a roll or the thread: ``{"code": stable dotted code (the page
    words it as ``"err." + code``), "params": JSON-ready dict, "reason": English one line (CLI)}``."""
    return {"code": code, "params": params or {}, "reason": reason}


def _norm(line: str) -> str:
    """A snippet line as compared: markup, escapes, brackets of struck dice, bidi isolates removed;
    spaces collapsed; case-folded."""
    for was, now in _FOLD:
        line = line.replace(was, now)
    return casefold(collapse_spaces(_strip_markup(line)))


def norm_line(line: str) -> str:
    """A snippet line as the claim check compares it (:func:`_norm`)."""
    return _norm(line)


def _expected(row: dict) -> list:
    """``[[normalised line]]``: the snippet of the row's recomputed result (without its link line)
    in each language, as :func:`tirada.links.snippets.snippet_of` writes it; once normalised, its
    BBCode, Markdown and plain-text forms are the same line (user text cleaned the same way)."""
    from .snippets import clean, tokens

    out = []
    for lang in ("es", "en"):
        lines = tokens(row, lang)[:-1]
        out.append([_norm("".join(clean(v) if (m or "").startswith("user") else v for v, m in line))
                    for line in lines])
    return out


def _diff(said: str, gives: str) -> tuple:
    """The words where two lines differ, common start and end removed: ``("18", "11")``."""
    a, b = said.split(), gives.split()
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    j = 0
    while j < min(len(a), len(b)) - i and a[-1 - j] == b[-1 - j]:
        j += 1
    return " ".join(a[i:len(a) - j])[:60] or "—", " ".join(b[i:len(b) - j])[:60] or "—"


def claim_flag(row: dict, before: str) -> dict | None:
    """``audit.claim`` when the snippet posted in ``before`` (the text between the previous link and
    this one) names this roll but says something its link does not give; ``None`` when it agrees
    or there is no snippet (its head line or pool line not found).

    The posted lines are read from the head line (label and who) or, without it, the pool line
    (:func:`_anchors`: every copy of a signed head line; a pool line under another roll's head is a
    quote, not a claim); each following line must equal the recomputed one (any language, BBCode,
    Markdown, plain text or the rendered page pasted). Only a valid roll row with a result is read;
    :func:`thread_flags` reads the text before each copy of the link (its own post).
    """
    if not row.get("valid") or row.get("kind") != "roll" or not isinstance(row.get("result"), dict):
        return None
    return claim_lines(before, _expected(row))


def claim_lines(before: str, expectations: list) -> dict | None:
    """``audit.claim`` when a snippet in ``before`` (anchored as :func:`_anchors` says) differs from the
    normalised lines it should have (``expectations``: one list of lines per language, head line first,
    without the link line); ``None`` when it agrees or there is none. Shared by roll links and reveals.
    Reads the last :data:`_CLAIM_CHARS` characters, and in them the last 12 lines, or as many as the
    longest expected snippet and 4 more (an extended task's snippet has one line per roll)."""
    longest = max([len(lines) for lines in expectations] + [0])   # a SIFRP extended task: one line per roll
    posted = [_norm(line) for line in before[-_CLAIM_CHARS:].split("\n")]
    posted = [line for line in posted if line][-max(_CLAIM_LINES, longest + 4):]
    if not posted:
        return None
    for expected in expectations:
        starts = _anchors(posted, expected)
        if not starts:
            continue
        for at, anchor in starts:
            for k, want in enumerate(expected[anchor + 1:], start=at + 1):
                if k >= len(posted) or posted[k] == want:
                    continue
                said, gives = _diff(posted[k], want)
                return flag(code="audit.claim", params={"said": said, "gives": gives},
                            reason=f"the text says {said}, the link gives {gives}")
        return None
    return None


def _anchors(posted: list, expected: list) -> list:
    """Where the snippets naming this roll start in ``posted`` (normalised lines): ``[(line, 0)]``
    for *every* line equal to its head line when that head is signed (it names the roller's chain
    number, so no other roll has it: a fake visible snippet cannot hide behind the real one repeated
    in hidden text), the last one for an unsigned head; without a head line, the last pool line
    ``[(line, 1)]`` that does not follow another roll's head line — a quote of someone else's
    snippet of the same pool is not a claim about this roll."""
    hits = [i for i, line in enumerate(posted) if line == expected[0]]
    if hits:
        signed = " nº " in expected[0] or " #" in expected[0]
        return [(i, 0) for i in (hits if signed else hits[-1:])]
    pools = [i for i, line in enumerate(posted) if line == expected[1] and not (i and _HEAD.search(posted[i - 1]))]
    return [(pools[-1], 1)] if pools else []
