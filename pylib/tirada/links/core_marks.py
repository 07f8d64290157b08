"""The userscript's marks from the reading core: what the verification frame answers before Pyodide is up.

The userscript's hidden frame (web/audit/ui_frame.py; protocol in :mod:`tirada.links.marks`,
docs/link-format.md §20) answers a forum page's request with one mark per link. On a first visit
Pyodide takes seconds to arrive; the frame starts MicroPython first (web/core-first.mjs, issue #41)
and asks :func:`core_answer`.
For a roll link (SIFRP, L5R, generic, Fate…; a roll that answers a GM's request too) posted with the
frame's own address, the mark is computed here exactly as :func:`tirada.links.marks.answer` computes
it on the full engine (the same verification, :func:`tirada.links.chain.verify_link`; the same
snippet lines, :mod:`tirada.links.snippets`; the same claim check, :mod:`tirada.links.claims`), and
is byte for byte the same (tests/test_reading_core.py compares them on every link of tests/vectors/
and damaged copies of every roll link, on CPython and on MicroPython): ✔ with the recomputed result;
✘ when the link is refused with a code whose words are the core's (cut short, edited, a format or
kind this Tirada does not know, past the request's work budget: :mod:`tirada.links.mark_words`);
✘ when its post's snippet claims another result (``audit.claim``). :func:`core_answer_json` words
them as web/audit/frame_answer.py does (:func:`mark_texts`), in the request's language (es, en), from
the same catalog entries: the page's catalog takes them from :mod:`tirada.links.mark_words`.

Everything else is left to the full engine, never guessed: a link of another kind (sealed, request,
reveal, Confrontation, scene…), a refusal whose words need the page's catalogs (a roll the rules
refuse names its field and cause: ``link.roll_invalid``), the same seed or nonce twice in one link,
another address, a post text holding other links or HTML, a text only the full engine can read
(:class:`tirada.portable.NeedsFullEngine`). Such a link's mark is ``None`` in :func:`core_answer`;
the frame answers a request from the core only when every mark is there.

Plain Python of the reading core (runs unchanged on CPython, Pyodide and MicroPython;
docs/architecture.md §The reading core).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import LinkError, TiradaError
from ..portable import NeedsFullEngine, fullmatch, merged
from ..wire.frame import MAX_FRAGMENT, payload_hash, read_frame, split_versioned
from .mark_words import problem_text

__all__ = ["ANSWER", "ERROR", "MAX_HREF", "MAX_LINKS", "MAX_MESSAGE", "MAX_TEXT", "MAX_WORK", "PROTOCOL", "READY",
           "VERSION", "core_answer", "core_answer_json", "core_mark", "good_id", "home_of", "mark_texts", "ready_json",
           "roll_lines", "roll_words", "verified_row"]

PROTOCOL = "verificar"          #: the "tirada" field of a request
ANSWER = "verificado"           #: … of an answer
ERROR = "error"                 #: … of an error answer
READY = "listo"                 #: … of the frame's first message
VERSION = 2                     #: the only protocol version this frame speaks
MAX_LINKS = 50                  #: most links in one request (the userscript sends more in several)
MAX_TEXT = 4_000                #: longest post text sent with one link (characters; the audit reads 4,000)
MAX_HREF = MAX_FRAGMENT + 2_048  #: longest link address (a fragment of 8,192 plus its base)
MAX_MESSAGE = 600_000           #: longest request (characters of its JSON text)
MAX_WORK = 200_000              #: most link-body bytes decoded in one audit or one request (bounded time on the page)
_ID = re.compile("[0-9a-f]+")   #: a request id: 32 of these (128 random bits, unguessable by the forum's scripts)
#: what a page address this module compares may hold after ``scheme://`` (host, port, path)
_ADDRESS_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:/_~")
#: what a fragment this module reads may hold after ``t``: base64url and the version's digits
_FRAGMENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
#: what in a post text the full engine's reading would change or take for another link: where a
#: link may start (``#t1…``, ``%23t2…``: "roll #7" is no link), HTML breaks and entities, the breaks
#: forums put in long words (tirada.links.posts)
_TEXT_STOPS = ("#t", "%23t", "<", "&", "\u200b", "\u00ad", "\u2060")
_LOOK_BACK = 500                #: longest address read here (the audit reads 512 characters back)


def good_id(ident: object) -> bool:
    """Whether ``ident`` is a request id of protocol 2 (32 lowercase hex digits)."""
    return isinstance(ident, str) and len(ident) == 32 and fullmatch(_ID, ident)


def home_of(href: str) -> str:
    """The frame page's own address as the audit compares addresses: ``href`` (a browser's
    ``location.href``) without query or fragment."""
    return str(href).split("#", 1)[0].split("?", 1)[0]


def _plain_address(address: str) -> bool:
    """An ``http(s)://host[:port]/path`` address of plain ASCII (letters, digits, ``.-_~:/``), which
    every reading of addresses takes as itself."""
    for scheme in ("https://", "http://"):
        if address.startswith(scheme):
            rest = address[len(scheme):]
            return 0 < rest.find("/") and len(address) < _LOOK_BACK and all(ch in _ADDRESS_CHARS for ch in rest) \
                and "//" not in rest and ":" not in rest[rest.find("/"):]
    return False


def roll_lines(row: dict, lang: str) -> list:
    """The snippet of a verified roll row as plain-text lines (head, pool, dice and outcome)."""
    from .snippets import render, tokens

    return render(tokens(row, lang)[:-1], "https://tirada.invalid/", "text").split("\n")


def roll_words(mark: Any) -> tuple:
    """``(text, title)`` of a verified roll's ✔ mark: the result's lines (the dice and outcome, or
    the pool alone) joined with `` · ``, and every line with who rolled, for the tooltip."""
    text = " · ".join(mark["lines"][1:] or mark["lines"])
    title = " · ".join(x for x in [mark["who"]] + list(mark["lines"]) if x) or text
    return text, title


def verified_row(row: dict, checked: dict, fragment: str) -> dict:
    """An audit row of a roll link that verifies: ``row`` (where it was posted) with the fields of
    :func:`tirada.links.chain.verify_link`'s ``checked`` the audit and the marks read, and its
    ``fragment`` excerpt. Changes and returns ``row``."""
    row.update(valid=True, kind="roll", id=checked["id"], roller=checked["roller"],
               campaign=checked["campaign"], seq=checked["seq"], prev=checked["prev"],
               created_iso=checked["created_iso"], label=checked["label"],
               description=checked["description"], fragment=fragment,
               entries=checked["entries"], format=checked["format"], gm_request=checked["gm_request"],
               request=checked["request"], result=checked["result"])   # shown per roll by the page
    return row


def _short(fragment: str) -> str:
    """A recognisable excerpt of a fragment: its first and last 10 characters (the audit's)."""
    return fragment if len(fragment) <= 24 else fragment[:10] + "…" + fragment[-10:]


def _fragment(href: str) -> tuple:
    """``(base, fragment, problem)`` of a link address the core reads as the audit does
    (:func:`tirada.links.audit._canonical`): the canonical fragment and None, or the fragment as
    written and the :class:`~tirada.errors.LinkError` the audit refuses it with (a format this
    Tirada does not know); NeedsFullEngine for an address the core does not read."""
    base, sep, raw = href.partition("#")
    if not sep or len(raw) < 10 or len(raw) > MAX_FRAGMENT or raw[0] != "t" or not raw[1].isdigit() \
            or not all(ch in _FRAGMENT_CHARS for ch in raw[1:]):
        raise NeedsFullEngine("this address is read by the full engine")
    try:
        version, rest = split_versioned("#" + raw)
    except LinkError as err:
        return base, raw, err
    return base, "t" + str(version) + rest, None


def _own_text(text: str, fragment: str) -> Any:
    """The post text the claim check reads before this link: ``text`` itself when it holds no
    other link and nothing the full engine's reading changes (:data:`_TEXT_STOPS`), or what follows
    the one other roll link it starts with (the userscript sends the text since the previous link of
    the post, that link's address first: ``" https://…#t2… words…"``); None for anything else."""
    end = text.find(" ", 1)
    if text.startswith(" ") and "#t" in text[:max(end, 0)]:
        try:
            base, other, problem = _fragment(text[1:end])
        except NeedsFullEngine:
            return None
        if other == fragment or problem is not None or not _plain_address(base):
            return None
        text = text[end:]
    return None if any(stop in text for stop in _TEXT_STOPS) else text


def core_mark(href: str, text: str, home: str, lang: str, budget: list, line_end: str = "\n") -> dict:
    """The mark of one link (:class:`tirada.links.marks.Mark`) when the core judges it as
    :func:`tirada.links.marks.mark_link` would: a roll link ✔, or ✘ refused with a code
    :mod:`tirada.links.mark_words` words (cut short, edited, a newer format…; past the work budget,
    ``audit.not_checked``), or ✘ because its post's snippet claims another result (``audit.claim``).
    ``budget`` (``[bytes]``, shared by the links of one request) is charged as the full engine
    charges it. The claim is read in ``text + line_end``: the userscript's link stands on a line
    of its own (``"\n"``); a thread's (:mod:`tirada.links.core_thread`) right after ``text``, the
    thread audit's text between the previous link and this one (``""``).

    Raises:
        NeedsFullEngine: anything else (see the module's text); ``budget`` is charged first when the
        full engine would charge it.
        TiradaError: a link at another address whose frame is refused, or a refusal that is not a
        :class:`~tirada.errors.LinkError` (the full engine words it; :func:`core_answer` leaves it).
    """
    from .chain import verify_link
    from .claims import claim_flag
    from ..wire.codec import decode_body

    base, fragment, problem = _fragment(href)
    said = _own_text(text, fragment)
    if not _plain_address(base) or base != home or said is None:
        if problem is None:
            _charge(fragment, budget)
        raise NeedsFullEngine("another address, or a post the full engine reads")
    if problem is not None:
        return _refused(problem, lang)
    try:
        version, kind_code, body = _charge(fragment, budget)
        kind, link = decode_body(kind_code, body, version)
    except LinkError as err:
        return _refused(err, lang)
    if kind != "roll":
        raise NeedsFullEngine("only roll links are marked by the core")
    roll_id = payload_hash(kind_code, body, version)[:6].hex()
    try:
        checked = verify_link(link, roll_id)
    except LinkError as err:       # decoded, its roll refused: still its roller's (tirada.links.audit._entry)
        return _refused(err, lang, link.get("roller"), link.get("seq"))
    start = len(text) + 1
    row = verified_row({"position": start + len(base) + 1, "posted": 1, "address": base, "start": start,
                        "starts": [start]}, checked, _short(fragment))
    randomness = [v.lower() for v in [row["request"].get("seed")] + list(row["request"].get("fresh") or [])
                  if isinstance(v, str)]
    if len(set(randomness)) < len(randomness):
        raise NeedsFullEngine("randomness used twice is worded by the full engine")
    claimed = claim_flag(row, said + line_end)
    problems = [] if claimed is None else [{"code": claimed["code"], "params": dict(claimed["params"])}]
    for item in problems:
        problem_text(item, lang)   # NeedsFullEngine when the core cannot word it
    lines = roll_lines(row, lang)
    seq = row.get("seq")
    return {"status": "bad" if problems else "ok", "kind": "roll", "who": lines[0] if lines else "",
            "lines": lines[1:], "roller": row.get("roller"), "seq": seq if isinstance(seq, int) else None,
            "problems": problems}


def _refused(err: LinkError, lang: str, roller: Any = None, seq: Any = None) -> dict:
    """The ✘ mark of a link the audit refuses with ``err`` (its roller and chain number when the
    link decoded); NeedsFullEngine when :mod:`tirada.links.mark_words` cannot word it."""
    problem = {"code": str(err.code or "link.invalid"), "params": dict(err.params or {})}
    problem_text(problem, lang)
    if seq is True or seq is False:   # isinstance(True, int) differs on MicroPython: the full engine's
        raise NeedsFullEngine("a chain number that is not a number is read by the full engine")
    return {"status": "bad", "kind": None, "who": "", "lines": [], "roller": roller,
            "seq": seq if isinstance(seq, int) else None, "problems": [problem]}


def _charge(fragment: str, budget: list) -> tuple:
    """Read ``fragment``'s frame within ``budget`` as the audit does (:func:`tirada.links.audit._entry`):
    ``(version, kind code, body)``, the work charged; a link past the budget spends it all.

    Raises:
        LinkError: the frame's refusal; past the budget, ``audit.not_checked`` (the audit's words).
    """
    try:
        version, kind_code, body, work = read_frame(fragment, max_work=budget[0])
    except LinkError as err:
        if err.field == "work":
            budget[0] = 0
            raise LinkError("not checked: this text holds too much link data to check at once; "
                            "audit the thread in parts", code="audit.not_checked") from None
        raise
    budget[0] -= work
    return version, kind_code, body


def _request(text: Any) -> Any:
    """The request in ``text`` as :func:`tirada.links.marks.read_request` accepts it: ``(id, lang,
    [(href, text)])``; None for anything it refuses or might (the full engine words the error)."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE or "NaN" in text or "Infinity" in text:
        return None
    try:
        data = json.loads(text)
    except Exception:   # MicroPython's json raises ValueError or RuntimeError (too deep)
        return None
    if not isinstance(data, dict) or data.get("tirada") != PROTOCOL or isinstance(data.get("v"), bool) \
            or data.get("v") != VERSION or _depth(data) > 8:
        return None
    ident, lang, links = data.get("id"), data.get("lang", "es"), data.get("links")
    if not good_id(ident) or lang not in ("es", "en") or not isinstance(links, list) or not links \
            or len(links) > MAX_LINKS:
        return None
    items = []
    for link in links:
        if not isinstance(link, dict) or not isinstance(link.get("href"), str) \
                or not isinstance(link.get("text", ""), str) or len(link["href"]) > MAX_HREF \
                or len(link.get("text", "")) > MAX_TEXT:
            return None
        items.append((link["href"], link.get("text", "")))
    return ident, lang, items


def _depth(value: Any) -> int:
    """The nesting of lists and objects in ``value`` (a scalar is 0)."""
    if isinstance(value, dict):
        return 1 + max([_depth(v) for v in value.values()] + [0])
    if isinstance(value, list):
        return 1 + max([_depth(v) for v in value] + [0])
    return 0


def core_answer(text: Any, home: str) -> Any:
    """The answer to one message (the ``text`` received) as far as the core can give it:
    ``{"tirada": "verificado", "v": 2, "id", "lang", "marks": [Mark or None]}`` (None: that link is
    left to the full engine), or None for a message that is not a request the full engine would
    answer with marks. ``home`` is the frame's page address (:func:`home_of`). Never raises."""
    request = _request(text)
    if request is None:
        return None
    ident, lang, items = request
    budget = [MAX_WORK]
    marks: list = []
    for href, said in items:
        try:
            marks.append(core_mark(href, said, home, lang, budget))
        except (NeedsFullEngine, TiradaError):
            marks.append(None)
    return {"tirada": ANSWER, "v": VERSION, "id": ident, "lang": lang, "marks": marks}


def core_answer_json(text: Any, href: str) -> str:
    """What the frame's core worker posts: the JSON text of the full answer with each mark worded
    (``text``, ``title``, ``reasons``: web/audit/frame_answer.worded's words, :func:`mark_texts`)
    when the core judged every link of the request, else ``""`` (the frame waits for the full
    engine). ``href``: the frame page's ``location.href``."""
    try:
        answer = core_answer(text, home_of(href))
        if answer is None or any(mark is None for mark in answer["marks"]):
            return ""
        worded = []
        for mark in answer["marks"]:
            said, title, reasons = mark_texts(mark, answer["lang"])
            worded.append(merged(mark, {"text": said, "title": title, "reasons": reasons}))
        answer["marks"] = worded
        return json.dumps(answer)
    except Exception:   # never let the core break the frame: the full engine answers instead
        return ""


def mark_texts(mark: Any, lang: str) -> tuple:
    """``(text, title, reasons)`` of a mark the core gives, as web/audit/frame_answer.worded says
    them: a ✔ roll's :func:`roll_words`; a ✘ one's reasons (:func:`tirada.links.mark_words.problem_text`)
    joined with ``"; "``, its title who rolled and every line (a claim) or the text (a refusal)."""
    reasons = [problem_text(p, lang) for p in mark["problems"]]
    if not reasons:
        said, title = roll_words(mark)
        return said, title, reasons
    said = "; ".join(reasons)
    return said, " · ".join(x for x in [mark["who"]] + list(mark["lines"]) if x) or said, reasons


def ready_json() -> str:
    """The frame's first message, sent once it can answer, as the JSON text it posts:
    ``{"tirada":"listo","v":2}``."""
    return json.dumps({"tirada": READY, "v": VERSION}).replace(" ", "")
