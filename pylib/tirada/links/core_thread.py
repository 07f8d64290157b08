"""A thread link's first verdict from the reading core: each roll link checked before the audit is up (issue #41).

The «Comprobar este hilo» bookmarklet opens Tirada at ``#hilo1.<data>`` (:mod:`tirada.links.thread_link`).
The thread audit proper (:mod:`tirada.links.audit`: chain order, forks, GM requests, randomness used
twice, look-alike names) needs Pyodide, seconds away on a phone's first visit. Before it is up, the page
asks the reading core on MicroPython (web/core-first.mjs, web/core-worker.mjs) for
:func:`thread_view_json`: the thread decoded by :func:`tirada.links.thread_link.decode_thread` (the
same refusals, ``thread.*``), and for each post in order, each Tirada roll link in it with the mark
the userscript's frame would give it (:func:`tirada.links.core_marks.core_mark`: ✔ with the recomputed
result, ✘ refused with a code the core words, ✘ when the snippet posted before it claims another
result), the claim read in the text the thread audit reads it in (between the previous link and this
one, post lines included). Those marks are the full engine's (tests/test_core_thread.py compares each
with the thread audit's verdict of the same link). The core checks each link, not the thread.

Every link it cannot judge exactly as the audit would is ``"pending"`` (the full audit will say):
another kind of link (a request, a sealed roll, a Confrontation…), another address than the page's,
a refusal only the page's catalogs word, a post text the full audit reads differently (HTML, an
encoded ``%23t`` link, the breaks forums put in long words: such a post is ``unread`` too, as the audit
may find links there the core does not), a link copied more than once whose copies the core judges
differently or one of which it cannot judge (the audit judges a link once, every copy's claim read), anything past the audit's limits on links, every link past the first :data:`MAX_JUDGED`.

Plain Python of the reading core (runs unchanged on CPython, Pyodide and MicroPython;
docs/architecture.md §The reading core).
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import TiradaError
from ..portable import NeedsFullEngine, Struct
from .core_marks import MAX_WORK, core_mark, home_of, mark_texts
from .thread_link import decode_thread
from .thread_text import clean_author, neutral, post_words

__all__ = ["MAX_JUDGED", "MAX_LINKS", "MAX_SHOWN", "STATES", "ThreadMark", "ThreadPost", "ThreadView", "thread_view", "thread_view_json"]

STATES = ("read", "refused")    #: a :class:`ThreadView`'s states
MAX_LINKS = 5000                #: most distinct links judged (the audit's ``MAX_LINKS``; past it: pending)
#: most links (copies included) the core judges in one thread (a forum page's links): about 7 ms a link
#: on a desktop's MicroPython (the snippet recomputed for the claim check), four times that on a phone,
#: so the first verdict stays within seconds; the rest are pending, judged by the full audit
MAX_JUDGED = 100
MAX_SHOWN = 200                 #: most links whose marks the view carries (web/core-first.mjs draws as many)
#: what a fragment the core reads is made of after ``#t`` (base64url and the version's digits)
_FRAGMENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
#: after a fragment, what the audit may read as more of it (``#``, ``%41``) or remove first (the
#: breaks of tirada.links.posts.clean, their HTML forms): the link's extent is the audit's to say
_JOINERS = frozenset("#%&<\u200b\u00ad\u2060")
#: in a post, what the audit reads differently from the core (HTML, entities, breaks, encoded links)
_UNREAD = ("<", "&", "\u200b", "\u00ad", "\u2060", "%23t", "%23T")
_ADDRESS_STOPS = frozenset(" \t\n\r\f\v")   #: where an address read back from its ``#`` starts
_LOOK_BACK = 512                #: longest address read back (the audit's)


class ThreadMark(Struct):
    """One link of the thread as the core judged it.

    Fields:
        state: ``"ok"`` (✔), ``"bad"`` (✘) or ``"pending"`` (the full audit will say).
        text: the mark's words (:func:`tirada.links.core_marks.mark_texts`: the result, or why ✘;
            ``""`` pending); ``title``: who rolled and every line (``""`` pending).
        reasons: each reason it is ✘, in words (empty otherwise); ``codes``: their error codes.
        roller: who rolled (``None`` unknown); ``seq``: the roller's chain number (``None`` unknown).
        fragment: a recognisable excerpt of the link's fragment (its first and last 10 characters);
        position: where the fragment starts in the thread's text
            (:meth:`tirada.links.thread_link.ThreadPaste.text`; the audit report's ``position`` once
            the word breaks the audit removes are taken out, :func:`tirada.links.posts.clean`).
    """

    _fields = ("state", "text", "title", "reasons", "codes", "roller", "seq", "fragment", "position")

    state: str
    text: str
    title: str
    reasons: tuple
    codes: tuple
    roller: Any
    seq: Any
    fragment: str
    position: int

    def __init__(self, state: str, text: str = "", title: str = "", reasons: Any = (), codes: Any = (),
                 roller: Any = None, seq: Any = None, fragment: str = "", position: int = 0) -> None:
        if state not in ("ok", "bad", "pending"):
            raise ValueError("state must be ok, bad or pending")
        self._init(state, text, title, tuple(reasons), tuple(codes), roller, seq, fragment, position)

    def judged(self) -> tuple:
        """What the verdict is made of, without where the link stands (two copies of one link compare so)."""
        return self._values()[:-1]

    def to_json(self) -> dict:
        """The JSON form: the fields, tuples as lists."""
        return {name: list(value) if isinstance(value, tuple) else value
                for name, value in zip(self._fields, self._values())}


class ThreadPost(Struct):
    """One post of the thread with its links' marks.

    Fields:
        number: the post's number (on the page, else its place among the posts collected, 1-based);
        author: its author as its post line carries it (None unknown); place: the post named as the
        audit names it ("mensaje 3 de Sharla", :func:`tirada.links.thread_text.post_words`);
        marks: its links' :class:`ThreadMark`, in text order; unread: the post holds text the full
        audit reads differently (HTML, an encoded link, word breaks): it may find more there.
    """

    _fields = ("number", "author", "place", "marks", "unread")

    number: int
    author: Any
    place: str
    marks: tuple
    unread: bool

    def __init__(self, number: int, author: Any, place: str, marks: Any, unread: bool) -> None:
        self._init(number, author, place, tuple(marks), unread)

    def to_json(self) -> dict:
        """The JSON form (marks as :meth:`ThreadMark.to_json`)."""
        return {"number": self.number, "author": self.author, "place": self.place, "unread": self.unread,
                "marks": [mark.to_json() for mark in self.marks]}


class ThreadView(Struct):
    """A thread link's first verdict.

    Fields:
        state: ``"read"`` (the thread decoded: its posts' marks) or ``"refused"`` (``code``, ``params``:
            :func:`tirada.links.thread_link.decode_thread`'s refusal, ``thread.*``).
        page: the forum page's address (``""`` unknown); ``lang``: ``"es"`` or ``"en"``.
        links, ok, bad, pending: how many links the core found, ✔, ✘ and left to the full audit
            (``links == ok + bad + pending``).
        posts: the :class:`ThreadPost` s with a link or unread text, in page order, with the first
            :data:`MAX_SHOWN` links in all (the page draws no more; the counts are of every link).
    ``counts`` (``{"ok", "bad", "pending"}``, of every link) when ``posts`` holds only the first ones.
    """

    _fields = ("state", "code", "params", "page", "links", "ok", "bad", "pending", "posts", "lang")

    state: str
    code: str
    params: dict
    page: str
    links: int
    ok: int
    bad: int
    pending: int
    posts: tuple
    lang: str

    def __init__(self, state: str, code: str = "", params: Any = None, page: str = "", posts: Any = (),
                 lang: str = "es", counts: Any = None) -> None:
        if state not in STATES:
            raise ValueError("state must be one of " + ", ".join(STATES))
        posts = tuple(posts)
        if counts is None:    # every link is in ``posts``
            states = [mark.state for post in posts for mark in post.marks]
            counts = {name: states.count(name) for name in ("ok", "bad", "pending")}
        self._init(state, code, dict(params or {}), page, counts["ok"] + counts["bad"] + counts["pending"],
                   counts["ok"], counts["bad"], counts["pending"], posts, lang)

    def to_json(self) -> dict:
        """The JSON form (posts as :meth:`ThreadPost.to_json`)."""
        out = {name: value for name, value in zip(self._fields, self._values()) if name != "posts"}
        out["posts"] = [post.to_json() for post in self.posts]
        return out


def _short(fragment: str) -> str:
    return fragment if len(fragment) <= 24 else fragment[:10] + "…" + fragment[-10:]


def _links(text: str, start: int, end: int) -> list:
    """``[(address start, fragment start, fragment end, sure)]`` of every place in ``text[start:end]`` (a post) the audit
    reads as a link: ``#t`` and a digit followed by at least 8 fragment characters (shorter is no link
    for the audit either), or an encoded ``%23t`` one. ``sure``: the audit reads the link over the
    same characters (False for an encoded one, or one followed by what the audit may read on)."""
    found = []
    at = start
    while True:
        hash_at = text.find("#t", at, end)
        coded_at = text.find("%23t", at, end)
        if coded_at >= 0 and (hash_at < 0 or coded_at < hash_at):
            stop = coded_at + 4
            while stop < end and (text[stop] in _FRAGMENT_CHARS or text[stop] in _JOINERS):
                stop += 1
            found.append((coded_at, coded_at + 3, stop, False))
            at = stop
            continue
        if hash_at < 0:
            return found
        stop = hash_at + 2
        while stop < end and text[stop] in _FRAGMENT_CHARS:
            stop += 1
        if stop - hash_at - 1 < 10 or text[hash_at + 2] not in "0123456789":
            at = hash_at + 2          # "#tirada", "#t2abc": no link for the audit either
            continue
        begin = hash_at
        while begin > start and hash_at - begin < _LOOK_BACK and text[begin - 1] not in _ADDRESS_STOPS:
            begin -= 1
        found.append((begin, hash_at + 1, stop, stop >= end or text[stop] not in _JOINERS))
        at = stop


def _judge(href: str, key: str, before: str, home: str, lang: str, budget: list, position: int) -> ThreadMark:
    """One link's :class:`ThreadMark` (pending when the core cannot judge it as the audit would):
    ``href`` its address, ``key`` its fragment, ``before`` the text since the previous link,
    ``position`` where its fragment starts in the thread's text."""
    fragment = _short(key)
    try:
        mark = core_mark(href, before, home, lang, budget, line_end="")
        said, title, reasons = mark_texts(mark, lang)
    except (NeedsFullEngine, TiradaError):
        return ThreadMark("pending", fragment=fragment, position=position)
    return ThreadMark("ok" if mark["status"] == "ok" else "bad", said, title, reasons,
                      [p["code"] for p in mark["problems"]], mark["roller"], mark["seq"], fragment, position)


def thread_view(fragment: Any, lang: str = "es", href: str = "") -> ThreadView:
    """The first verdict of the thread link ``fragment`` (``"hilo1.…"``, with or without ``#``) for
    the page at ``href`` (its ``location.href``: links posted with another address are pending), in
    ``lang`` (``"es"``, else English).

    Returns:
        :class:`ThreadView`: read, or refused with :func:`~tirada.links.thread_link.decode_thread`'s
        code. Never raises for bad input.
    """
    lang = "es" if lang == "es" else "en"
    try:
        paste = decode_thread(fragment)
    except TiradaError as err:
        return ThreadView("refused", code=str(err.code), params=err.params, lang=lang)
    home = home_of(href)
    budget = [MAX_WORK]
    budget_sure = True            # every link before was read over the audit's characters, charged as it is
    seen: dict = {}               # fragment -> (mark of its first copy, budget before it)
    mixed = set()                 # fragments with a copy the core judges differently, or cannot judge
    previous_sure = True
    judged = 0
    found = []                    # (post index, [(fragment, mark)], unread)
    # the thread's text (ThreadPaste.text) is read post by post, never indexed whole: MicroPython's
    # strings are UTF-8, and indexing a long one by character is a scan from its start
    since: list = []              # the thread's text since the previous link's end, in pieces
    offset = 0                    # where the post's line starts in the thread's text (characters)
    for k, post in enumerate(paste.posts):
        head, body = paste.head(k), neutral(post)
        since.append(("\n\n" if k else "") + head + "\n")
        start = offset + (2 if k else 0) + len(head) + 1     # where the post's own text starts
        offset = start + len(body)
        at = 0
        marks = []
        for begin, frag_at, stop, sure in _links(body, 0, len(body)):
            since.append(body[at:begin])
            before, since, at = "".join(since), [], stop
            address, key, position = body[begin:stop], body[frag_at:stop], start + frag_at
            judged += 1
            if not sure or not previous_sure or judged > MAX_JUDGED or (key not in seen and len(seen) >= MAX_LINKS):
                mark = None           # pending (made only if shown)
                mixed.add(key)        # the audit reads this copy's claim too: its other copies wait with it
            elif key in seen:
                first, before_budget = seen[key]
                mark = _judge(address, key, before, home, lang, list(before_budget), position)
                if mark.judged() != first.judged():
                    mixed.add(key)
            else:
                before_budget = list(budget)
                mark = _judge(address, key, before, home, lang, budget, position)
                if not budget_sure and "audit.not_checked" in mark.codes:
                    mark = ThreadMark("pending", fragment=mark.fragment, position=position)
                seen[key] = (mark, before_budget)
            budget_sure = budget_sure and sure
            previous_sure = sure
            marks.append((key, mark, position))
        since.append(body[at:])
        unread = any(stop_text in body for stop_text in _UNREAD)
        if marks or unread:
            found.append((k, marks, unread))
    counts = {"ok": 0, "bad": 0, "pending": 0}
    posts = []
    shown = 0
    for k, marks, unread in found:   # a link copied several times is judged once by the audit
        made: list = []
        for key, mark, position in marks:
            if mark is None or key in mixed:
                mark = None if shown + len(made) >= MAX_SHOWN else ThreadMark("pending", fragment=_short(key),
                                                                             position=position)
            counts["pending" if mark is None else mark.state] += 1
            if mark is not None and shown + len(made) < MAX_SHOWN:
                made.append(mark)
        if shown < MAX_SHOWN and (made or (unread and not marks)):
            number, author = paste.number(k), clean_author(paste.author(k))
            posts.append(ThreadPost(number, author, post_words(number, author, 0, lang), made, unread))
            shown += len(made)
    return ThreadView("read", page=paste.page, posts=posts, lang=lang, counts=counts)


def thread_view_json(fragment: Any, lang: str = "es", href: str = "") -> str:
    """:func:`thread_view` as JSON text (:meth:`ThreadView.to_json`): what web/core-worker.mjs posts to
    the page. Never raises: anything unexpected is ``{"state": "failed"}`` (the page waits for the
    full audit)."""
    try:
        return json.dumps(thread_view(fragment, lang, href).to_json())
    except Exception:   # never let the core break the page: the full audit reads the thread
        return json.dumps({"state": "failed"})
