"""Thread audit of sealed rolls (docs/link-format.md §19.7; issue #27 item 4).

Given a thread's text (or its link fragments), ties together the sealed requests, the players' blind
rolls, the GM's secret rolls and the reveals:

* every sealed roll (a blind roll or a secret GM roll) is one :class:`SealedRow`: ``state``
  ``"revealed"`` (a reveal in the thread opens it and matches its commitment: the result is
  recomputed), ``"bad_reveal"`` (every reveal for it fails its commitment) or ``"sealed"`` (no
  reveal yet; ``age`` says for how long, from its ``created`` to ``now``);
* ``revealable`` — with the campaign secrets this device holds (the GM's page): ``"yes"`` when one
  of them sealed it, ``"lost"`` when none did ("no se podrá revelar" from here: the secret is not
  on this device); ``"unknown"`` without secrets (a player's page); a secret GM roll is ``"yes"`` /
  ``"lost"`` only on the page that kept its hidden request (``secret_rolls``), else ``"unknown"``;
* problems (each makes the audit not ``ok``): ``reveal_mismatch`` (a reveal that does not match the
  commitment, even beside one that does: the roll is then "revealed" and still flagged), ``second_answer`` (two different blind rolls for one sealed request), ``other_commitment``
  (a blind roll whose commitment is not its request's), ``mismatch`` (a blind roll that does not fit
  its request: another system, a fixed field changed, a bound broken, another roller),
  ``skipped`` (still sealed while a later sealed roll of the same campaign was revealed: a GM
  revealing only some answers), ``same_id`` (two different sealed requests with one id),
  ``no_request`` (a blind roll whose sealed request is not posted before it in the thread: nothing
  shows the secret was fixed by someone else before the roll — a player who sealed their own request
  could roll it privately again and again), ``after_reveal`` (a blind roll posted after a reveal of
  its request: the secret was public, so the dice of any seed could be computed before posting).

Pure: ``now`` (Unix seconds) is passed in. Bounded: at most :data:`MAX_SEALED` sealed links are
examined (the rest are counted in ``not_checked``), each link at most 8192 characters; a reveal is
matched to a sealed roll by hashes alone, and only a matching one has its dice rolled (once per
sealed roll), so a thread full of bogus reveals costs hashes, not rolls.
"""

from __future__ import annotations

import hmac
from dataclasses import asdict, dataclass, replace
from itertools import islice
from typing import Any, Iterable, Mapping

from ..errors import LinkError, TiradaError
from ..plural import ngettext
from ..storage_keys import MAX_SECRETS
from .audit import extract_links
from ..wire.codec import decode_body, read_frame
from .gm_request import mismatches
from .sealed import chain_entry, key_matches, verify_reveal
from .sealed_dice import commitment, hidden_bytes, request_secret
from ..wire.sealed_layout import KIND_CODES

__all__ = ["MAX_SEALED", "SealedAudit", "SealedRow", "audit_sealed", "sealed_kind"]

MAX_SEALED = 500                 #: most sealed links examined in one audit
_CODES = {code: kind for kind, code in KIND_CODES.items()}
_ROLLS = ("blind", "secret")


@dataclass(frozen=True)
class SealedRow:
    """One sealed roll in the thread.

    Fields: ``kind`` (``"blind"`` | ``"secret"``), ``id`` (the sealed request's or the secret roll's
    16 hex), ``position`` (character offset in the text), ``fragment``, ``roller``, ``campaign``,
    ``seq``, ``entry`` (the chain entry it took, ``{"seq", "prev", "id"}`` or ``None``: the main thread
    audit must count it in the roller's chain, :func:`tirada.links.sealed.chain_entry`), ``label``
    (``None`` when absent), ``created`` (Unix s or ``None``), ``age`` (seconds
    from ``created`` to the audit's ``now``, or ``None``), ``state`` (``"revealed"`` |
    ``"bad_reveal"`` | ``"sealed"``), ``revealable`` (``"yes"`` | ``"lost"`` | ``"unknown"``),
    ``problems`` (codes, module docstring), ``result`` (the recomputed result once revealed, else
    ``None``)."""

    kind: str
    id: str
    position: int
    fragment: str
    roller: str | None
    campaign: str | None
    seq: int | None
    entry: dict | None
    label: str | None
    created: int | None
    age: int | None
    state: str
    revealable: str
    problems: tuple
    result: dict | None


@dataclass(frozen=True)
class SealedAudit:
    """The sealed-roll audit: ``rows`` (:class:`SealedRow`, in thread order), ``requests``
    (``[{"id", "position", "answers", "problems"}]`` per sealed request), ``invalid``
    (``[{"position", "kind", "reason"}]``: sealed links that cannot be read), ``not_checked`` (sealed
    links beyond :data:`MAX_SEALED`), ``revealed`` / ``sealed`` (counts), ``ok`` (no problem
    anywhere) and ``summary`` (``{"es", "en"}`` one line)."""

    rows: tuple
    requests: tuple
    invalid: tuple
    not_checked: int
    revealed: int
    sealed: int
    ok: bool
    summary: dict

    def to_dict(self) -> dict:
        """JSON-ready dict (rows as dicts, tuples as lists)."""
        out = asdict(self)
        out["rows"] = [{**row, "problems": list(row["problems"])} for row in out["rows"]]
        out["requests"], out["invalid"] = list(out["requests"]), list(out["invalid"])
        return out


def _links(source: Any) -> list:
    """``[(position, fragment)]`` from thread text, an iterable of fragments (positions: their
    indices) or of ``(position, fragment)`` pairs."""
    if isinstance(source, str):
        return [(found["position"], found["fragment"]) for found in extract_links(source)
                if not found["shortened"]]
    return [(int(item[0]), str(item[1])) if isinstance(item, tuple) else (k, str(item))
            for k, item in enumerate(source)]


def _read(links: list) -> tuple:
    """Sealed links decoded: ``(read [(kind, position, fragment, view)], invalid, not_checked)``."""
    read: list = []
    invalid: list = []
    skipped = 0
    for position, fragment in links:
        try:
            version, code, body, _work = read_frame(fragment)
        except LinkError:
            continue                     # not readable at all: the main audit reports it
        kind = _CODES.get(code)
        if kind is None:
            continue
        if len(read) + len(invalid) >= MAX_SEALED:
            skipped += 1
            continue
        try:
            read.append((kind, position, fragment, decode_body(code, body, version)[1]))
        except TiradaError as err:
            invalid.append({"position": position, "kind": kind, "reason": {"code": err.code, "params": err.params,
                                                                          "message": err.message}})
    return read, invalid, skipped


def sealed_kind(fragment: str) -> str | None:
    """``"sealreq"`` | ``"blind"`` | ``"secret"`` | ``"reveal"`` for a sealed link's fragment, else None
    (another kind, or not readable: the main audit reports those)."""
    try:
        return _CODES.get(read_frame(fragment)[1])
    except LinkError:
        return None


def _opens(view: dict, kind: str, opening: dict) -> bool:
    """Whether a reveal's opening matches a sealed roll's commitment (hashes only: cheap, so every
    reveal for an id can be tried without rolling any dice)."""
    try:
        if kind == "blind":
            hidden = b"" if opening.get("request") is None else None
        else:
            hidden = None if opening.get("request") is None else hidden_bytes(opening["request"])
        if hidden is None:
            return False
        rid = view["sealed_request"] if kind == "blind" else view["id"]
        return commitment(rid, bytes.fromhex(opening["secret"]), hidden).hex() == view["commitment"]
    except TiradaError:
        return False


def _open(row: tuple, reveals: list) -> tuple:
    """``(state, result)`` of a sealed roll given the reveals ``[(fragment, view)]`` for its id: the
    first whose opening matches the commitment is verified (its dice rolled), the others only hashed."""
    kind, _position, fragment, view = row
    if not reveals:
        return "sealed", None
    for reveal_fragment, opening in reveals:
        if _opens(view, kind, opening):
            try:
                return "revealed", verify_reveal(fragment, reveal_fragment).result
            except TiradaError:
                break            # the commitment matches but the rules refuse the roll: a bad reveal
    return "bad_reveal", None


def _revealable(kind: str, fragment: str, view: dict, keys: list, held: Mapping) -> str:
    """``"yes"`` / ``"lost"`` / ``"unknown"`` (module docstring). A blind roll: whether one of ``keys``
    sealed its request. A secret roll: ``"unknown"`` unless this device kept its hidden request
    (``held``: roll id → request, the GM's secret rolls), then whether one of ``keys`` with that
    request gives its commitment (hashes only: no dice rolled)."""
    if kind == "secret":
        hidden = held.get(view.get("id") or "")
        if not isinstance(hidden, Mapping):
            return "unknown"
        for key in keys:
            try:
                got = commitment(view["id"], request_secret(key, view["id"]), hidden_bytes(hidden))
            except TiradaError:
                continue
            if hmac.compare_digest(got.hex(), str(view.get("commitment"))):
                return "yes"
        return "lost"
    if not keys:
        return "unknown"
    for key in keys:
        try:
            if key_matches(key, fragment):
                return "yes"
        except TiradaError:
            continue
    return "lost"


def audit_sealed(source: Any, secrets: Iterable = (), now: int | None = None,
                 secret_rolls: Mapping | None = None) -> SealedAudit:
    """Audit the sealed rolls of a thread (module docstring).

    Args:
        source: the thread's text (links found as by :func:`tirada.links.audit.extract_links`), a
            list of link fragments (positions are then their indices) or of ``(position, fragment)``.
        secrets: the campaign secrets this device holds (64 hex digits each; bad ones are ignored).
        now: Unix seconds, for ``age`` (``None``: ages are ``None``).
        secret_rolls: the GM's secret rolls kept on this device (roll id → hidden request, as
            ``storage_keys`` part ``"secretrolls"``): which unrevealed secret rolls it can reveal.
    Returns:
        :class:`SealedAudit`.
    Raises:
        InvalidRequest: the text is not text or is too long (as ``extract_links``).
    """
    read, invalid, skipped = _read(_links(source))
    keys = list(islice(secrets, MAX_SECRETS))      # each is tried on each blind roll: bounded work
    held = secret_rolls if isinstance(secret_rolls, Mapping) else {}
    requests: dict = {}
    reveals: dict = {}
    first_reveal: dict = {}              # id → position of its first reveal in the thread
    revealed_at: dict = {}               # id → earliest ``created`` of a reveal of it (Unix s)
    for kind, position, fragment, view in read:
        if kind == "sealreq":
            requests.setdefault(view["id"], []).append((position, view))
        elif kind == "reveal":
            reveals.setdefault(view["id"], []).append((fragment, view))
            first_reveal.setdefault(view["id"], position)
            if isinstance(view.get("created"), int):
                revealed_at[view["id"]] = min(revealed_at.get(view["id"], view["created"]), view["created"])
    rows: list = []
    answers: dict = {}
    for entry in read:
        kind, position, fragment, view = entry
        if kind not in _ROLLS:
            continue
        rid = view["sealed_request"] if kind == "blind" else view["id"]
        problems = []
        if kind == "blind":
            answers.setdefault(rid, []).append(len(rows))
            if not any(p < position for p, _spec in requests.get(rid, [])):
                problems.append("no_request")       # nothing shows the secret was fixed before the roll
            if first_reveal.get(rid, position) < position:
                problems.append("after_reveal")     # the secret was public: any seed's dice were known
            made = view.get("created")
            if isinstance(made, int) and made > revealed_at.get(rid, made):
                problems.append("made_after_reveal")   # swapped in by an edit after the reveal: text order hides it
            made_requests = [spec.get("created") for _p, spec in requests.get(rid, [])[:1]]
            if isinstance(made, int) and made_requests and isinstance(made_requests[0], int) and made < made_requests[0]:
                problems.append("made_before_request")   # made before the secret existed: not this request's answer
            for _p, spec in requests.get(rid, [])[:1]:
                if spec["commitment"] != view["commitment"]:
                    problems.append("other_commitment")
                if mismatches(spec, view["request"], view.get("roller"), view.get("campaign")):
                    problems.append("mismatch")
        if view.get("seq") is None:
            problems.append("unchained")   # no chain number: nothing shows how often it was tried
        if kind == "secret" and isinstance(view.get("created"), int) and view["created"] > revealed_at.get(rid, view["created"]):
            problems.append("made_after_reveal")   # a secret roll made after its own reveal: not the one revealed
        state, result = _open(entry, reveals.get(rid, []))
        if state == "bad_reveal" or (state == "revealed" and not all(_opens(view, kind, opening)
                                                                     for _f, opening in reveals.get(rid, []))):
            problems.append("reveal_mismatch")      # a forged reveal beside a good one is named too
        created = view.get("created")
        rows.append(SealedRow(kind, rid, position, fragment, view.get("roller"), view.get("campaign"),
                              view.get("seq"), chain_entry(kind, view), view.get("label") or (view.get("request") or {}).get("label"),
                              created, now - created if now is not None and created is not None else None,
                              state, _revealable(kind, fragment, view, keys, held), tuple(problems), result))
    for indices in answers.values():
        if len(indices) > 1:
            for i in indices:
                rows[i] = _with(rows[i], "second_answer")
    latest: dict = {}
    for row in rows:
        if row.state == "revealed":
            latest[row.campaign] = max(latest.get(row.campaign, -1), row.position)
    rows = [_with(row, "skipped") if row.state == "sealed" and row.position < latest.get(row.campaign, -1) else row
            for row in rows]
    request_rows = []
    for rid, seen in requests.items():
        problems = ["same_id"] if len({spec["commitment"] for _p, spec in seen}) > 1 else []
        request_rows.append({"id": rid, "position": seen[0][0], "answers": len(answers.get(rid, [])),
                             "problems": problems})
    revealed = sum(row.state == "revealed" for row in rows)
    ok = not invalid and all(not row.problems for row in rows) and all(not r["problems"] for r in request_rows)
    return SealedAudit(tuple(rows), tuple(request_rows), tuple(invalid), skipped, revealed, len(rows) - revealed,
                       ok, _summary(rows, revealed, ok))


def _with(row: SealedRow, problem: str) -> SealedRow:
    return row if problem in row.problems else replace(row, problems=(*row.problems, problem))


def _summary(rows: list, revealed: int, ok: bool) -> dict:
    """One line, es/en: how many sealed rolls, how many revealed, lost ones ("no se podrá revelar"),
    and whether there are problems."""
    lost = sum(row.revealable == "lost" and row.state != "revealed" for row in rows)
    out = {}
    for lang in ("es", "en"):
        text = (f"{len(rows)} {ngettext('sealed roll', 'sealed rolls', len(rows), lang)}, "
                f"{revealed} {ngettext('revealed', 'revealed', revealed, lang)}")
        if lost:
            text += f"; {lost} {ngettext('cannot be revealed from here', 'cannot be revealed from here', lost, lang)}"
            text += " (falta el secreto de campaña)" if lang == "es" else " (the campaign secret is missing)"
        if not ok:
            text += "; hay problemas: revisa las marcadas" if lang == "es" else "; there are problems: see the flagged ones"
        out[lang] = text
    return out
