"""The thread audit's report as the page reads it: typed records (issue #40: the page reads no result
by string key).

:func:`report` reads the dict of :func:`tirada.links.audit.audit` (with
:func:`tirada.links.audit_sealed_thread.audit_thread`'s ``sealed`` section; that dict stays what the CLI
prints and the tests check) once into an :class:`AuditReport`; web/audit/audit_view.py and
audit_sealed_view.py draw the report from it. Problems, refusals and flags keep their dicts
(``{"code", "params", "reason"}``), which the page words by their stable code
(web/shell/refusal.py ``message``); a row keeps its own dict too (:attr:`AuditRow.source`) for the
view's one-line result (``said``), which reads the roll's request and result as every other view does.

A report from an older engine may lack sections: each reads as empty. Rules:
docs/link-format.md §Thread audit, §Sealed rolls; issues #26, #38. Written in the reading-core pattern
(docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Tuple

from ..portable import Struct

__all__ = ["AuditReport", "AuditRow", "Chain", "GameFork", "Lazy", "Luck", "Other", "Person", "Problem", "Request",
           "SealedRoll", "SealedSection", "Unreadable", "report"]


class Lazy:
    """A read-only sequence of records made from ``items`` (dicts) by ``make`` only when asked for:
    a thread of 5,000 rolls gives 5,000 rows, and the page draws them 40 at a time (issue #39: no task
    over 200 ms), so each row is read into its record when its part is drawn, not all at once. Indexing,
    slicing (another :class:`Lazy`), ``len``, iteration and equality (by the records) work as a tuple's."""

    def __init__(self, items: list, make: Any) -> None:
        self._items = items
        self._make = make

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return Lazy(self._items[index], self._make)
        return self._make(self._items[index])

    def __iter__(self) -> Any:
        return (self._make(item) for item in self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Lazy, tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Lazy({len(self._items)} records)"


def _list(value: Any) -> list:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, (list, tuple)) else []


def _map(value: Any) -> dict:
    """``value`` when it is a dict, else ``{}``."""
    return value if isinstance(value, dict) else {}


def _words(value: Any) -> dict:
    """A ``{"es": …, "en": …}`` text, ``{}`` when absent."""
    return dict(value) if isinstance(value, dict) else {}


class Luck(Struct):
    """A streak's luck (:class:`tirada.links.luck.StreakLuck`): ``rolls`` rated (≥ 0), their ``mean``
    percentile (0..1), ``p`` (how often honest dice give a streak at least this good, 0..1) and whether
    it is ``flagged``."""

    _fields = ("rolls", "mean", "p", "flagged")
    rolls: int
    mean: float
    p: float
    flagged: bool

    def __init__(self, rolls: int, mean: float, p: float, flagged: bool) -> None:
        self._init(rolls, mean, p, flagged)

    @classmethod
    def of(cls, value: Any) -> Optional["Luck"]:
        """The luck of a chain or a person's dict, ``None`` when it has none."""
        if not isinstance(value, dict):
            return None
        return cls(value.get("rolls") or 0, value.get("mean") or 0.0, value.get("p") or 0.0, bool(value.get("flagged")))


class AuditRow(Struct):
    """One posted roll, or one signed entry of a game link (``kind`` ``"brs-move"``): ``valid``, its
    chain number ``seq`` (or ``None``), ``label`` (user text or ``None``), ``format`` (1: made before
    fair play v2), ``what`` / ``move`` (a signed entry: ``"move"``, ``"start"``…, 0-based), ``failed``
    (the link was refused: ``error`` says why, by code, or nothing known), ``flags`` (what is wrong
    with this roll: ``[{"code", "params", "reason"}]``), ``has_result`` (a result to show),
    ``luck`` (its percentile in the exact odds, 0..1, or ``None``), ``address`` (the page it was posted
    with) and ``position`` (in the thread's text); ``system``, ``request`` and ``result``: the roll's
    system, request and result as verified (dicts, ``{}`` none), for the view's one-line result."""

    _fields = ("valid", "seq", "label", "kind", "format", "what", "move", "failed", "error", "flags", "has_result",
               "luck", "address", "position", "system", "request", "result")
    valid: bool
    seq: Optional[int]
    label: Optional[str]
    kind: Optional[str]
    format: Any
    what: str
    move: int
    failed: bool
    error: Optional[dict]
    flags: Tuple[dict, ...]
    has_result: bool
    luck: Optional[float]
    address: Optional[str]
    position: int
    system: Optional[str]
    request: dict
    result: dict

    def __init__(self, valid: bool, seq: Optional[int], label: Optional[str], kind: Optional[str], format: Any,  # noqa: A002
                 what: str, move: int, failed: bool, error: Optional[dict], flags: tuple, has_result: bool,
                 luck: Optional[float], address: Optional[str], position: int, system: Optional[str], request: dict,
                 result: dict) -> None:
        self._init(valid, seq, label, kind, format, what, move, failed, error, tuple(flags), has_result, luck, address,
                   position, system, request, result)

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> "AuditRow":
        """The row of an audit's dict (or a verified roll's dict: its request and result)."""
        luck = row.get("luck")
        request = _map(row.get("request"))
        result = _map(row.get("result"))
        return cls(bool(row.get("valid")), row.get("seq"), row.get("label") or None, row.get("kind"),
                   row.get("format"), row.get("what") or "move", row.get("move") or 0,
                   bool(row.get("reason")) and not row.get("valid"), row.get("error") or None,
                   tuple(_list(row.get("flags"))), bool(row.get("valid")) and isinstance(row.get("result"), dict),
                   luck if isinstance(luck, (int, float)) and not isinstance(luck, bool) else None,
                   row.get("address") or None, row.get("position") or 0, request.get("system"), request, result)


class Chain(Struct):
    """One roller's chain in one campaign: ``roller`` (``None``: unsigned rolls), ``campaign``, ``ok``,
    ``summary`` (``{"es", "en"}``), ``missing`` (numbers made but not posted, ``((from, to), …)``),
    ``luck`` and ``rows`` (its links and signed entries in chain order, then as posted; :class:`Lazy`
    when read from a report: each row read when drawn)."""

    _fields = ("roller", "campaign", "ok", "summary", "missing", "luck", "rows")
    roller: Optional[str]
    campaign: Optional[str]
    ok: bool
    summary: dict
    missing: Tuple[tuple, ...]
    luck: Optional[Luck]
    rows: Sequence[AuditRow]

    def __init__(self, roller: Optional[str], campaign: Optional[str], ok: bool, summary: dict, missing: tuple,
                 luck: Optional[Luck], rows: Any) -> None:
        self._init(roller, campaign, ok, summary, tuple(missing), luck, rows if isinstance(rows, Lazy) else tuple(rows))

    @classmethod
    def of(cls, group: Mapping[str, Any]) -> "Chain":
        """The chain of an audit's roller group (its ``links`` and ``moves`` sorted)."""
        rows = sorted(_list(group.get("links")) + _list(group.get("moves")),
                      key=lambda r: (r.get("seq") or 0, r.get("position") or 0))
        missing = tuple((a, b) for a, b in group.get("missing") or ())
        return cls(group.get("roller"), group.get("campaign"), bool(group.get("ok", True)), _words(group.get("summary")),
                   missing, Luck.of(group.get("luck")), Lazy(rows, AuditRow.of))


class Person(Struct):
    """A person across chains and campaigns (issue #38): ``name``, ``summary`` (``{"es", "en"}``),
    ``chains`` (``((roller, campaign), …)``) and their ``luck`` together."""

    _fields = ("name", "summary", "chains", "luck")
    name: str
    summary: dict
    chains: Tuple[tuple, ...]
    luck: Optional[Luck]

    def __init__(self, name: str, summary: dict, chains: tuple, luck: Optional[Luck]) -> None:
        self._init(name, summary, tuple(chains), luck)


class Problem(Struct):
    """A named problem (:func:`tirada.links.audit_thread.problems`): who it concerns (``roller``,
    ``campaign``, ``seq``, ``label``, ``fragment``: each or ``None``), ``place`` (``{"es", "en"}``:
    where it was posted, "mensaje 3 de Sharla", "línea 12"; or ``None``) and ``source``: the problem's
    dict (``code``, ``params``), worded by its code."""

    _fields = ("roller", "campaign", "seq", "label", "fragment", "place", "source")
    roller: Optional[str]
    campaign: Optional[str]
    seq: Optional[int]
    label: Optional[str]
    fragment: Optional[str]
    place: Optional[dict]
    source: dict

    def __init__(self, roller: Optional[str], campaign: Optional[str], seq: Optional[int], label: Optional[str],
                 fragment: Optional[str], place: Optional[dict], source: dict) -> None:
        self._init(roller, campaign, seq, label, fragment, place, source)


class Request(Struct):
    """A GM's roll request in the thread: ``id``, ``label`` and ``for`` (``for_``; user text or
    ``None``) and its ``problems`` (codes: ``"same_id"``, ``"no_roll"``…)."""

    _fields = ("id", "label", "for_", "problems")
    id: str
    label: Optional[str]
    for_: Optional[str]
    problems: Tuple[str, ...]

    def __init__(self, id: str, label: Optional[str], for_: Optional[str], problems: tuple) -> None:  # noqa: A002
        self._init(id, label, for_, tuple(problems))


class GameFork(Struct):
    """A game link continued two ways: ``kind`` ``"scene"`` (at ``action``, ``rolled``: a roll tried
    twice) or a Confrontation set-up started more than once (``starts``: ``(roller, seq)`` or ``None``
    unsigned, each)."""

    _fields = ("kind", "action", "rolled", "starts")
    kind: str
    action: Any
    rolled: bool
    starts: Tuple[Optional[tuple], ...]

    def __init__(self, kind: str, action: Any, rolled: bool, starts: tuple) -> None:
        self._init(kind, action, rolled, tuple(starts))


class Other(Struct):
    """A link of another kind in the thread (a request, a Confrontation, a scene…): ``kind`` and
    ``format`` (1: made before fair play v2)."""

    _fields = ("kind", "format")
    kind: str
    format: Any

    def __init__(self, kind: str, format: Any) -> None:  # noqa: A002
        self._init(kind, format)


class Unreadable(Struct):
    """A link the audit could not read: ``fragment`` (its first and last characters) and ``error``
    (the refusal's dict, by code, or ``None``)."""

    _fields = ("fragment", "error")
    fragment: str
    error: Optional[dict]

    def __init__(self, fragment: str, error: Optional[dict]) -> None:
        self._init(fragment, error)


class SealedRoll(Struct):
    """A sealed roll of the thread (:func:`tirada.links.audit_sealed_thread.audit_thread`): ``kind``
    (``"secret"``, ``"blind"``…), ``state`` (``"sealed"``, ``"revealed"``, ``"bad_reveal"``),
    ``revealable`` (``"yes"``, ``"lost"``…), who (``roller``, ``campaign``, ``seq``, ``label``), ``link``
    (its reveal link, or ``None``), ``age`` (seconds, or ``None``), ``later`` (links posted after it),
    ``answers`` (≥ 1) and ``problems`` (codes)."""

    _fields = ("kind", "state", "revealable", "roller", "campaign", "seq", "label", "fragment", "link", "age", "later",
               "answers", "problems")
    kind: str
    state: str
    revealable: str
    roller: Optional[str]
    campaign: Optional[str]
    seq: Optional[int]
    label: Optional[str]
    fragment: Optional[str]
    link: Optional[str]
    age: Any
    later: int
    answers: int
    problems: Tuple[str, ...]

    def __init__(self, kind: str, state: str, revealable: str, roller: Optional[str], campaign: Optional[str],
                 seq: Optional[int], label: Optional[str], fragment: Optional[str], link: Optional[str],
                 age: Any, later: int, answers: int, problems: tuple) -> None:
        self._init(kind, state, revealable, roller, campaign, seq, label, fragment, link, age, later, answers,
                   tuple(problems))


class SealedSection(Struct):
    """The report's sealed rolls: ``rolls`` and their ``summary`` (``{"es", "en"}``)."""

    _fields = ("rolls", "summary")
    rolls: Tuple[SealedRoll, ...]
    summary: dict

    def __init__(self, rolls: tuple, summary: dict) -> None:
        self._init(tuple(rolls), summary)


class AuditReport(Struct):
    """An audit report as the page draws it (see the module's text): ``links_found`` (≥ 0),
    ``problems`` (named, in text order), ``boundaries`` (``False``: plain text, problems placed by
    line), ``chains`` (every roller chain), ``people`` (``None``: an older engine's report, chains as
    they come), ``other`` links, GM ``requests``, ``confrontation_forks`` (the moves a Confrontation was
    continued two ways at, 0-based), ``game_forks``, ``unreadable`` links and ``sealed`` rolls.
    ``problems`` and ``unreadable`` are :class:`Lazy` when read from a report (the page lists the first
    30 and 200)."""

    _fields = ("links_found", "problems", "boundaries", "chains", "people", "other", "requests", "confrontation_forks",
               "game_forks", "unreadable", "sealed")
    links_found: int
    problems: Sequence[Problem]
    boundaries: Any
    chains: Tuple[Chain, ...]
    people: Optional[Tuple[Person, ...]]
    other: Tuple[Other, ...]
    requests: Tuple[Request, ...]
    confrontation_forks: Tuple[int, ...]
    game_forks: Tuple[GameFork, ...]
    unreadable: Sequence[Unreadable]
    sealed: SealedSection

    def __init__(self, links_found: int, problems: Any, boundaries: Any, chains: tuple, people: Optional[tuple],
                 other: tuple, requests: tuple, confrontation_forks: tuple, game_forks: tuple, unreadable: Any,
                 sealed: SealedSection) -> None:
        self._init(links_found, problems if isinstance(problems, Lazy) else tuple(problems), boundaries, tuple(chains),
                   people, tuple(other), tuple(requests), tuple(confrontation_forks), tuple(game_forks),
                   unreadable if isinstance(unreadable, Lazy) else tuple(unreadable), sealed)


def _problem(p: dict) -> Problem:
    return Problem(p.get("roller"), p.get("campaign"), p.get("seq"), p.get("label") or None, p.get("fragment") or None,
                   _words((p.get("place") or {}).get("words")) or None, p)


def _unreadable(b: dict) -> Unreadable:
    return Unreadable(b.get("fragment") or "", b.get("error") or None)


def _sealed(value: Any) -> SealedSection:
    sealed = value if isinstance(value, dict) else {}
    rolls = tuple(SealedRoll(r.get("kind") or "", r.get("state") or "", r.get("revealable") or "", r.get("roller"),
                             r.get("campaign"), r.get("seq"), r.get("label") or None, r.get("fragment") or None,
                             r.get("link") or None, r.get("age"), r.get("later") or 0, r.get("answers", 1),
                             tuple(r.get("problems") or ()))
                  for r in _list(sealed.get("rolls")))
    return SealedSection(rolls, _words(sealed.get("summary")))


def report(found: Mapping[str, Any]) -> AuditReport:
    """The :class:`AuditReport` of an audit's dict (see the module's text). Never raises for a report the
    page could draw before: missing sections read as empty."""
    people = found.get("people")
    return AuditReport(
        found.get("links_found") or 0,
        Lazy(_list(found.get("problems")), _problem),
        found.get("boundaries"),
        tuple(Chain.of(g) for g in _list(found.get("rollers"))),
        tuple(Person(p.get("name") or "", _words(p.get("summary")), tuple((r, c) for r, c in p.get("chains") or ()),
                     Luck.of(p.get("luck"))) for p in _list(people)) if isinstance(people, list) else None,
        tuple(Other(o.get("kind") or "", o.get("format")) for o in _list(found.get("other"))),
        tuple(Request(r.get("id") or "", r.get("label") or None, r.get("for") or None, tuple(r.get("problems") or ()))
              for r in _list(found.get("requests"))),
        tuple(f.get("move") or 0 for f in _list(found.get("confrontation_forks"))),
        tuple(GameFork(f.get("kind") or "", f.get("action"), bool(f.get("rolled")),
                       tuple((s.get("roller"), s.get("seq")) if isinstance(s, dict) and s else None
                             for s in f.get("starts") or ()))
              for f in _list(found.get("game_forks"))),
        Lazy(_list(found.get("invalid")), _unreadable),
        _sealed(found.get("sealed")))
