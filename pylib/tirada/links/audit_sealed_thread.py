"""The thread audit with its sealed rolls (issue #27 item 4; docs/link-format.md §19.7).

:func:`audit_thread_steps` is :func:`tirada.links.audit.audit_steps` (every roller's chain) with
:func:`tirada.links.audit_sealed.audit_sealed` (commitments, blind and secret rolls, reveals) put into
the same report, so the page calls the engine once and draws one verdict:

* every sealed-roll problem becomes a named problem with a stable code, on the roll it concerns (its
  row in its roller's chain when it has one, so that roller's block is marked too), and the verdict
  counts it: ``audit.sealed_reveal_mismatch`` (a reveal that does not match the commitment),
  ``audit.sealed_second_answer`` (two answers to one sealed request; both named),
  ``audit.sealed_skipped`` (still sealed while the GM revealed a later one of the campaign: the GM
  revealed only some answers), ``audit.sealed_other_commitment``, ``audit.sealed_mismatch`` (a blind
  roll that does not fit its request), ``audit.sealed_no_request`` (its sealed request is not posted
  before it), ``audit.sealed_after_reveal`` (posted once the secret was public),
  ``audit.sealed_made_after_reveal`` (made once the secret was public, by its ``created`` time against
  the reveal's: a post edited after the reveal keeps its place in the text),
  ``audit.sealed_made_before_request`` (made before its sealed request was),
  ``audit.sealed_unchained`` (a blind or secret roll with no chain number, as an unchained answer to a
  GM request: tried any number of times unseen) and
  ``audit.sealed_same_id`` (two sealed requests, one id);
* ``report["sealed"]`` (:class:`SealedSection`) lists every sealed roll — unrevealed ones with their
  age (seconds since made, and links posted after it) and who can reveal them — for the page.

A thread without sealed links gets the report of :func:`tirada.links.audit.audit` unchanged.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, TypedDict

from .posts import Placer, place_problems
from .audit import CHUNK, MAX_LINKS, _scan_steps, checked_steps
from .audit_fair import flag
from .audit_sealed import SealedAudit, SealedRow, audit_sealed, sealed_kind
from .audit_thread import presumed_home, problems, same_address

__all__ = ["SealedRoll", "SealedSection", "add_sealed", "audit_thread", "audit_thread_steps"]

#: the sealed audit's problem codes → the English line for the CLI (the page words the code)
_REASONS = {
    "reveal_mismatch": "its reveal does not match the commitment sealed before the roll",
    "second_answer": "a second answer to the same sealed request",
    "skipped": "still sealed while the GM revealed a later sealed roll of the campaign",
    "other_commitment": "answers a sealed request with another commitment",
    "mismatch": "does not fit its sealed request",
    "no_request": "its sealed request is not posted before it in the thread",
    "after_reveal": "posted after its request's secret was revealed",
    "made_after_reveal": "made after its secret was revealed (its created time is later than the reveal's): "
                         "an edit could have swapped it in where the text order looks right",
    "made_before_request": "made before its sealed request (its created time is earlier than the request's)",
    "unchained": "a sealed roll outside any chain (no roller or number): nothing shows how many times it was tried",
}


class SealedRoll(TypedDict):
    """One sealed roll as the page lists it: ``kind`` (``"blind"`` | ``"secret"``), ``roller``,
    ``campaign``, ``seq`` (chain nº or None), ``label`` (or None), ``position`` (character offset),
    ``fragment`` (an excerpt), ``state`` (``"revealed"`` | ``"bad_reveal"`` | ``"sealed"``), ``age``
    (seconds from its making to the audit's ``now``, or None), ``later`` (links posted after it in
    the thread, ≥ 0), ``revealable`` (``"yes"``: this device holds its campaign secret — and, for a
    secret roll, its hidden request; ``"lost"``:
    this device holds secrets but not its one, "no se podrá revelar" from here; ``"unknown"``),
    ``problems`` (thread-audit codes, ``audit.sealed_*``), ``answers`` (answers its sealed request
    has in the thread; 1 for a secret roll) and ``link`` (its whole fragment, ``t2…``: the GM's list of
    pending rolls opens it to reveal it)."""

    kind: str
    roller: str | None
    campaign: str | None
    seq: int | None
    label: str | None
    position: int
    fragment: str
    state: str
    age: int | None
    later: int
    revealable: str
    problems: list
    answers: int
    link: str


class SealedSection(TypedDict):
    """``report["sealed"]``: ``rolls`` (:class:`SealedRoll`, thread order), ``revealed`` /
    ``sealed`` / ``lost`` (counts; ``lost``: unrevealed and not revealable from this device) and
    ``summary`` (``{"es", "en"}``, the engine's line)."""

    rolls: list
    revealed: int
    sealed: int
    lost: int
    summary: dict


def _short(fragment: str) -> str:
    return fragment if len(fragment) <= 24 else f"{fragment[:10]}…{fragment[-10:]}"


#: the thread-audit flag of each sealed-audit problem code (literal codes: tests/test_error_codes reads them)
_FLAGS = {f["code"][len("audit.sealed_"):]: f for f in (
    flag(code="audit.sealed_reveal_mismatch", reason=_REASONS["reveal_mismatch"]),
    flag(code="audit.sealed_second_answer", reason=_REASONS["second_answer"]),
    flag(code="audit.sealed_skipped", reason=_REASONS["skipped"]), flag(code="audit.sealed_mismatch", reason=_REASONS["mismatch"]),
    flag(code="audit.sealed_other_commitment", reason=_REASONS["other_commitment"]),
    flag(code="audit.sealed_no_request", reason=_REASONS["no_request"]),
    flag(code="audit.sealed_after_reveal", reason=_REASONS["after_reveal"]),
    flag(code="audit.sealed_made_after_reveal", reason=_REASONS["made_after_reveal"]),
    flag(code="audit.sealed_unchained", reason=_REASONS["unchained"]),
    flag(code="audit.sealed_made_before_request", reason=_REASONS["made_before_request"]))}


def _flag(code: str, answers: int) -> dict:
    """The thread-audit flag of one sealed-audit problem code."""
    made = dict(_FLAGS.get(code, _FLAGS["mismatch"]), params={})
    if code == "second_answer":
        made["reason"] = f"{made['reason']} ({answers} answers)"
    return made


def _moves(report: dict) -> dict:
    """``{(roller, campaign, entry id): (group, move row)}`` of the sealed rolls in the chains."""
    out = {}
    for group in report["rollers"]:
        for move in group.get("moves") or []:
            if str(move.get("what", "")).startswith("sealed_"):
                out[(move["roller"], move["campaign"], move["id"])] = (group, move)
    return out


def _answers(sealed: SealedAudit, row: SealedRow) -> int:
    if row.kind != "blind":
        return 1
    return next((r["answers"] for r in sealed.requests if r["id"] == row.id), 1)


def add_sealed(report: dict, sealed: SealedAudit, positions: Iterable = ()) -> None:
    """Put the sealed audit ``sealed`` into the thread-audit ``report`` (in place): each problem as a
    flag on the sealed roll's row in its roller's chain (that roller's block then not ok) or, for a
    roll without a chain row, in ``report["flagged_other"]``; a sealed request with two ids as a
    problem of the thread; ``report["problems"]`` and ``report["ok"]`` recomputed; ``report["sealed"]``
    (:class:`SealedSection`) when the thread holds sealed rolls or requests. ``positions``: the
    character offsets of every link in the thread (for ``later``). Nothing changes without sealed
    links."""
    if not sealed.rows and not sealed.requests:
        return
    import bisect

    moves = _moves(report)
    every = sorted(positions)
    rolls: list = []
    extra: list = []
    for row in sealed.rows:
        answers = _answers(sealed, row)
        made = [_flag(code, answers) for code in row.problems if code in _REASONS]
        entry = row.entry or {}
        found = moves.get((row.roller, row.campaign, entry.get("id")))
        if found is not None:
            found[1].setdefault("label", row.label or "")   # named with its request's label
        if made and found is not None:
            group, move = found
            have = {f["code"] for f in move.get("flags", [])}
            move.setdefault("flags", []).extend(f for f in made if f["code"] not in have)
            group["ok"] = False
        elif made:
            extra.append({"kind": row.kind, "position": row.position, "roller": row.roller, "campaign": row.campaign,
                          "seq": row.seq, "label": row.label or "", "fragment": _short(row.fragment), "flags": made})
        rolls.append(SealedRoll(kind=row.kind, roller=row.roller, campaign=row.campaign, seq=row.seq, label=row.label,
                                position=row.position, fragment=_short(row.fragment), state=row.state, age=row.age,
                                later=len(every) - bisect.bisect_right(every, row.position), revealable=row.revealable,
                                problems=[f["code"] for f in made], answers=answers, link=row.fragment))
    for req in sealed.requests:
        if req["problems"]:
            extra.append({"kind": "sealreq", "position": req["position"], "fragment": req["id"],
                          "flags": [flag(code="audit.sealed_same_id", params={"id": req["id"]},
                                         reason=f"two different sealed requests with one id ({req['id']})")]})
    report["flagged_other"] = report.get("flagged_other", []) + extra
    report["problems"] = problems(report)
    report["ok"] = not report["problems"]
    lost = sum(r["revealable"] == "lost" and r["state"] == "sealed" for r in rolls)
    report["sealed"] = SealedSection(rolls=rolls, revealed=sealed.revealed, sealed=sealed.sealed, lost=lost,
                                     summary=dict(sealed.summary))


def _other_addresses(report: dict, found: list, home: str | None, kinds: dict) -> None:
    """Flag ``audit.other_address`` on every sealed link (request, blind or secret roll, reveal) posted
    with another address than ``home``: a sealed request opened on a look-alike page lets that page
    pick the player's seed, and with the secret in the same hands the dice (report changed in place).
    Without ``home``, an address that cannot be read or is relative to the forum page is flagged.
    ``kinds``: ``{fragment: sealed kind}`` of the thread's sealed links (:func:`_sealed_kinds`)."""
    extra = []
    for found_link in found:
        kind = kinds.get(found_link["fragment"])
        if kind is None or found_link["shortened"] or same_address(found_link.get("address"), home):
            continue
        address = (found_link.get("address") or "")[:200]
        extra.append({"kind": kind, "position": found_link["position"], "fragment": _short(found_link["fragment"]),
                      "flags": [flag(code="audit.other_address", params={"address": address},
                                     reason=f"posted with another address ({address}) than this page's")]})
    if extra:
        report["flagged_other"] = report.get("flagged_other", []) + extra
        report["problems"] = problems(report)
        report["ok"] = not report["problems"]


def _reveal_claims(report: dict, scanned: tuple, kinds: dict, chunk: int = CHUNK):
    """Flag ``audit.sealed_reveal_claim`` on a reveal whose snippet (the text before it, in its post)
    says another result than the reveal gives (:func:`tirada.links.sealed_snippet.reveal_snippet`,
    recomputed from the reveal and its sealed roll in the thread; issue #38): the words a reader sees
    must be the revealed result. A reveal posted without a snippet claims nothing. ``scanned``: the
    thread as :func:`tirada.links.audit._scan_steps` read it (its links: the sealed ones suffice);
    ``kinds`` as :func:`_other_addresses`.
    Yields ``("progress", done, total)`` every ``chunk`` reveals compared."""
    import bisect

    from ..errors import TiradaError
    from .claims import claim_lines, norm_line
    from .sealed import read_sealed, verify_reveal
    from .sealed_snippet import reveal_snippet

    cleaned, found, ends = scanned
    rolls: dict = {}
    reveals = []
    for link in found:
        kind = kinds.get(link["fragment"]) if not link["shortened"] else None
        if kind in ("blind", "secret"):
            view = read_sealed(link["fragment"], (kind,))[1]
            rolls.setdefault(view.get("sealed_request") or view.get("id"), link["fragment"])
        elif kind == "reveal":
            reveals.append(link)
    extra = []
    for n, link in enumerate(reveals[:MAX_REVEAL_CLAIMS], 1):
        if n % chunk == 0:
            yield ("progress", n, min(len(reveals), MAX_REVEAL_CLAIMS))
        try:
            rid = read_sealed(link["fragment"], ("reveal",))[1]["id"]
            opened = verify_reveal(rolls[rid], link["fragment"]) if rid in rolls else None
        except TiradaError:
            opened = None        # a reveal that does not open its roll is flagged by the sealed audit
        if opened is None:
            continue
        expected = [[norm_line(line) for line in reveal_snippet(opened, link["fragment"], "https://x.invalid/", "text",
                                                               lang).split("\n")[:-1]] for lang in ("es", "en")]
        for start in link.get("starts") or [link["start"]]:
            at = bisect.bisect_right(ends, start)
            claimed = claim_lines(cleaned[ends[at - 1] if at else 0:start], expected)
            if claimed is not None:
                extra.append({"kind": "reveal", "position": link["position"], "roller": opened.link.get("roller"),
                              "campaign": opened.link.get("campaign"), "seq": opened.link.get("seq"),
                              "label": opened.link.get("label") or "", "fragment": _short(link["fragment"]),
                              "flags": [flag(code="audit.sealed_reveal_claim",
                                             params={"said": claimed["params"]["said"], "gives": claimed["params"]["gives"]},
                                             reason="the reveal's snippet says another result: " + claimed["reason"])]})
                break
    if extra:
        report["flagged_other"] = report.get("flagged_other", []) + extra
        report["problems"] = problems(report)
        report["ok"] = not report["problems"]


MAX_REVEAL_CLAIMS = 500     #: reveals whose snippets are compared in one audit (each rolls its dice once)


def audit_thread_steps(text: str, home: str | None = None, secrets: Iterable = (), now: int | None = None,
                       chunk: int = CHUNK, secret_rolls: Mapping | None = None) -> Iterator[tuple]:
    """:func:`tirada.links.audit.audit_steps` with the sealed rolls (module docstring): yields
    ``("progress", done, total)`` then ``("report", report)``, the report of
    :func:`tirada.links.audit.audit` plus the sealed problems and ``report["sealed"]``.

    Args:
        secrets: the campaign secrets this device holds (64 hex each; others ignored) — which
            unrevealed blind rolls it can reveal.
        now: Unix seconds for the sealed rolls' ages (None: no ages).
        secret_rolls: the GM's secret rolls kept on this device (roll id → hidden request): which
            unrevealed secret rolls it can reveal (the GM's list of pending sealed rolls).
    Raises:
        InvalidRequest: as :func:`tirada.links.audit.extract_links`.
    """
    scanned = yield from _scan_steps(text)      # the text is read once, in steps
    found = scanned[1]
    if home is None:                 # no official address given: the one most links were posted with
        home = presumed_home(found)
    report: dict = yield from checked_steps(scanned, chunk, home)
    kinds, sealed, positions = yield from _sealed_kinds(found, chunk)
    links = [(f["position"], f["fragment"]) for f in sealed]
    add_sealed(report, audit_sealed(links, secrets, now, secret_rolls), positions)
    _other_addresses(report, sealed, home, kinds)
    yield from _reveal_claims(report, (scanned[0], sealed, scanned[2]), kinds, chunk)
    place_problems(report, Placer(scanned[0]))   # the problems recomputed above, each named by its post
    yield ("report", report)


def _sealed_kinds(found: list, chunk: int = CHUNK):
    """The sealed links among ``found`` (:func:`tirada.links.audit.extract_links`' links; shortened
    ones are not read), each read once, in one pass: returns ``(kinds, sealed, positions)``:
    ``{fragment: "sealreq" | "blind" | "secret" | "reveal"}``, those links (in ``found``'s order) and
    every link's position; yields ``("progress", n, n)`` every ``chunk`` links (n: the links the
    audit checks). The passes after it walk the sealed links only (the others do nothing there)."""
    kinds: dict = {}
    sealed: list = []
    positions: list = []
    shown = min(len(found), MAX_LINKS)
    for n, link in enumerate(found, 1):
        if n % chunk == 0:
            yield ("progress", shown, shown)
        positions.append(link["position"])
        if not link["shortened"]:
            kind = sealed_kind(link["fragment"])
            if kind is not None:
                kinds[link["fragment"]] = kind
                sealed.append(link)
    return kinds, sealed, positions


def audit_thread(text: str, home: str | None = None, secrets: Iterable = (), now: int | None = None,
                 secret_rolls: Mapping | None = None) -> dict:
    """The last step of :func:`audit_thread_steps`: the whole report at once (the CLI's ``audit``)."""
    report: Any = None
    for step in audit_thread_steps(text, home, secrets, now, secret_rolls=secret_rolls):
        report = step[1] if step[0] == "report" else report
    return report
