"""Marks in place for the userscript's verification frame (issue #30; docs/link-format.md §20).

The userscript (web/tirada.user.js) runs on a forum page and sends the Tirada links it found to a
hidden frame of Tirada loaded from the address the reader configured; the frame (web/audit/ui_frame.py)
answers with one mark per link, computed here. Nothing is verified in the forum's page.

Protocol, version 2 (issue #38: bound to each request): every message is a JSON **text** (a
string, so that its size is checked before it is parsed), sent with ``postMessage``:

* ready (frame → forum page, once started, to the configured forum origin only):
  ``{"tirada": "listo", "v": 2}``;
* request (forum page → frame, accepted from the configured forum origin only): ``{"tirada":
  "verificar", "v": 2, "id": 32 lowercase hex digits (128 random bits from crypto.getRandomValues,
  new for each request), "lang": "es"|"en" (optional, default "es"), "links": [{"href": str,
  "text": str}, …]}`` — posted **with a MessagePort** (the requester's end of a new MessageChannel)
  — at most :data:`MAX_LINKS` links, each ``href`` at most :data:`MAX_HREF` characters, each
  ``text`` (the post's text since the previous Tirada link, this link's words included) at most
  :data:`MAX_TEXT`, the whole message at most :data:`MAX_MESSAGE` characters;
* answer, posted **only on that port** (never to a window, so no other script of the forum page
  can read it or make the userscript take it): ``{"tirada": "verificado", "v": 2, "id": id,
  "marks": [Mark, …]}``, one :class:`Mark` per link, in order; the userscript takes an answer only
  from the port of its own request and only with that request's id. A request without a port is
  not answered;
* error: ``{"tirada": "error", "v": 2, "id": id or null, "code": "frame.…", "params": {…}}`` for a
  message that is not a version-2 request or breaks a limit (codes ``frame.not_json``,
  ``frame.shape``, ``frame.version``, ``frame.too_long``, ``frame.too_many``): never an exception.

Each link is checked exactly as the thread audit checks it (:func:`tirada.links.audit._entry`: the
link decoded within the audit's work budget and its result recomputed; then
:func:`tirada.links.audit_thread.thread_flags`: the post text's claimed result against the
recomputed one, ``audit.claim``, and the address it points to against the frame's own,
``audit.other_address``). A mark is about one link: chains, forks and gaps need the whole thread
(the bookmarklet's audit). The answer depends on the message and the frame's address only: no
storage is read, so a sealed roll is marked as sealed, never revealed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, TypedDict

from ..errors import InvalidRequest, LinkError, TiradaError
from ..safejson import loads
from .audit import MAX_WORK, _entry, _scan
from .audit_thread import thread_flags
from .core_marks import (ANSWER, ERROR, MAX_HREF, MAX_LINKS, MAX_MESSAGE, MAX_TEXT, PROTOCOL, READY, VERSION,
                         good_id as _good_id, roll_lines)

__all__ = ["ANSWER", "ERROR", "MAX_HREF", "MAX_LINKS", "MAX_MESSAGE", "MAX_TEXT", "PROTOCOL", "READY", "VERSION",
           "LinkItem", "Mark", "MarkRequest", "Problem", "answer", "mark_link", "read_request", "ready"]


class Problem(TypedDict):
    """A reason a link is marked ✘: a stable code (worded by the page as ``err.<code>``) and its params."""

    code: str
    params: dict


class Mark(TypedDict):
    """One link's mark.

    ``status``: ``"ok"`` (✔), ``"bad"`` (✘: ``problems`` say why), ``"other"`` (the link points to
    another address than the frame's: not verified by the reader's Tirada). ``kind``: the link's
    kind (``"roll"``, ``"blind"``, ``"secret"``, ``"reveal"``, ``"request"``, ``"scene"``, ``"brs"``,
    …) or None when it cannot be read. ``who``: "tirada nº 7 de Sharla en «Arenas»" for a roll
    (the snippet's head line), else "". ``lines``: a verified roll's pool line and its dice and
    outcome lines (the snippet's, plain text), else []. ``roller``/``seq``: who signed it (None).
    """

    status: Literal["ok", "bad", "other"]
    kind: str | None
    who: str
    lines: List[str]
    roller: str | None
    seq: int | None
    problems: List[Problem]


@dataclass(frozen=True)
class LinkItem:
    """A link found on the forum page: its address and the post's text before it (its words last)."""

    href: str
    text: str


@dataclass(frozen=True)
class MarkRequest:
    """A version-2 request: its ``id`` (32 hex digits, echoed), the answer's language,
    1…:data:`MAX_LINKS` links."""

    id: str
    lang: str
    links: tuple


def _refuse(message: str, *, code: str, params: dict | None = None) -> InvalidRequest:
    return InvalidRequest(message, field="message", code=code, params=params or {})


def read_request(text: object) -> MarkRequest:
    """Parse and check a request message (a JSON text).

    Raises:
        InvalidRequest: ``frame.not_json`` (not a string, or not JSON), ``frame.too_long`` (over
        :data:`MAX_MESSAGE` characters, or a link's ``href``/``text`` over its limit; params ``n``),
        ``frame.version`` (``v`` is not 2; params ``v``), ``frame.shape`` (not a request of the
        shape above), ``frame.too_many`` (over :data:`MAX_LINKS` links; params ``n``).
    """
    if not isinstance(text, str):
        raise _refuse("the message must be a JSON text", code="frame.not_json")
    if len(text) > MAX_MESSAGE:
        raise _refuse(f"the message is longer than {MAX_MESSAGE} characters", code="frame.too_long",
                      params={"n": MAX_MESSAGE})
    try:
        data = loads(text, max_chars=MAX_MESSAGE, max_depth=8, field="message")
    except TiradaError:
        raise _refuse("the message is not JSON", code="frame.not_json") from None
    if not isinstance(data, dict) or data.get("tirada") != PROTOCOL:
        raise _refuse("the message is not a Tirada verification request", code="frame.shape")
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise _refuse(f"protocol version {data.get('v')!r} is not spoken here (only {VERSION})", code="frame.version",
                      params={"v": str(data.get("v"))[:20]})
    ident, lang, links = data.get("id"), data.get("lang", "es"), data.get("links")
    if not _good_id(ident) or lang not in ("es", "en") or not isinstance(links, list) or not links:
        raise _refuse("a request needs an id, a language and a list of links", code="frame.shape")
    if len(links) > MAX_LINKS:
        raise _refuse(f"at most {MAX_LINKS} links in one message", code="frame.too_many", params={"n": MAX_LINKS})
    items = []
    for link in links:
        if not isinstance(link, dict) or not isinstance(link.get("href"), str) \
                or not isinstance(link.get("text", ""), str):
            raise _refuse("each link is {href, text}", code="frame.shape")
        if len(link["href"]) > MAX_HREF:
            raise _refuse(f"a link is longer than {MAX_HREF} characters", code="frame.too_long",
                          params={"n": MAX_HREF})
        if len(link.get("text", "")) > MAX_TEXT:
            raise _refuse(f"a link's text is longer than {MAX_TEXT} characters", code="frame.too_long",
                          params={"n": MAX_TEXT})
        items.append(LinkItem(link["href"], link.get("text", "")))
    return MarkRequest(str(ident), lang, tuple(items))


def mark_link(item: LinkItem, home: str, lang: str = "es", budget: list | None = None) -> Mark:
    """The mark of one link: verified as the audit verifies it, its post text's claim compared with
    the recomputed result, its address compared with ``home`` (the frame's page address).

    ``budget`` is ``[bytes]`` of link data still allowed (shared by the links of one request; the
    audit's :data:`tirada.links.audit.MAX_WORK`); a link past it is ✘ ``audit.not_checked``.
    Never raises for a bad link: an address without a Tirada fragment is ✘ ``frame.no_link``.
    """
    budget = [MAX_WORK] if budget is None else budget
    empty: Mark = {"status": "bad", "kind": None, "who": "", "lines": [], "roller": None, "seq": None,
                   "problems": []}
    mine = _scan(item.href)[1]
    if not mine:
        none = LinkError("the address holds no Tirada link", field="href", code="frame.no_link")
        return {**empty, "problems": [{"code": none.code, "params": dict(none.params)}]}
    text, found, ends = _scan(item.text + "\n" + item.href)
    entry = next((f for f in found if f["fragment"] == mine[-1]["fragment"]), found[-1])
    row = _entry(entry, budget)
    thread_flags([row], text, ends, home, {})
    problems: List[Problem] = []
    if not row.get("valid"):
        error = row.get("error") or {}
        problems.append({"code": str(error.get("code") or "link.invalid"), "params": dict(error.get("params") or {})})
    problems += [{"code": f["code"], "params": dict(f.get("params") or {})} for f in row.get("flags", [])]
    codes = {p["code"] for p in problems}
    status: Literal["ok", "bad", "other"] = "other" if "audit.other_address" in codes else ("bad" if problems else "ok")
    roll = row.get("valid") and row.get("kind") == "roll" and isinstance(row.get("result"), dict)
    lines = roll_lines(row, lang) if roll else []
    seq = row.get("seq")
    return {"status": status, "kind": row.get("kind"), "who": lines[0] if lines else "", "lines": lines[1:],
            "roller": row.get("roller"), "seq": seq if isinstance(seq, int) else None, "problems": problems}


def _error(ident: object, err: TiradaError) -> dict:
    ident = ident if _good_id(ident) else None
    return {"tirada": ERROR, "v": VERSION, "id": ident, "code": err.code, "params": dict(err.params or {})}


def answer(text: object, home: str) -> dict:
    """The answer to one message (the ``text`` received): ``{"tirada": "verificado", "v": 2, "id",
    "lang", "marks": [Mark]}``, or ``{"tirada": "error", "v": 2, "id", "code", "params"}`` for a
    message :func:`read_request` refuses. ``home`` is the frame's page address (scheme, host, path).
    Never raises on any input."""
    try:
        request = read_request(text)
    except TiradaError as err:
        ident = None
        if isinstance(text, str) and len(text) <= MAX_MESSAGE:
            try:
                data = loads(text, max_chars=MAX_MESSAGE, max_depth=8, field="message")
                ident = data.get("id") if isinstance(data, dict) else None
            except TiradaError:
                pass
        return _error(ident, err)
    budget = [MAX_WORK]
    marks = []
    for item in request.links:
        try:
            marks.append(mark_link(item, home, request.lang, budget))
        except TiradaError as err:   # a text the audit refuses as a whole: this link alone is ✘
            marks.append({"status": "bad", "kind": None, "who": "", "lines": [], "roller": None, "seq": None,
                          "problems": [{"code": err.code, "params": dict(err.params or {})}]})
    return {"tirada": ANSWER, "v": VERSION, "id": request.id, "lang": request.lang, "marks": marks}


def ready() -> dict:
    """The frame's first message, sent once it can answer: ``{"tirada": "listo", "v": 2}``."""
    return {"tirada": READY, "v": VERSION}
