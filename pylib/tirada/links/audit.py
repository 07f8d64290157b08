"""Thread audit: find every Tirada link in pasted forum text and check each roller's chain.

docs/link-format.md §Thread audit. A link is found by its fragment ``#t1…`` whatever the base URL, in
bare URLs, BBCode ``[url=…]…[/url]`` and Markdown ``[…](…)`` alike (``%23t1…`` too). Each link is
verified (:func:`tirada.links.chain.verify`), then the links of each roller (name + campaign label) are
checked as one chain: sequence numbers seen, gaps (rolls made but not posted), forks (two rolls for
the same step), chain restarts (a second roll nº 1) and broken links (a ``prev`` that names a posted
roll with the wrong number, which the page never produces).

Public API: :func:`extract_links`, :func:`audit` (the ``audit`` command is :func:`tirada.cli.cmd_audit`). Output order is deterministic:
rollers sorted by (name, campaign), links by (seq, position in the text).

Longer than 400 lines because the sliced reading of issue #39 (_clean_steps, _scan_steps) shares the
link finder's private helpers with the checks; moving the reading to a module of its own is left for issue #40.
"""

from __future__ import annotations

import bisect
import re

from .. import names
from ..errors import InvalidRequest, LinkError, TiradaError
from ..plural import ngettext
from .audit_people import count_words, counts, people as people_of, twins
from .audit_thread import base_address, not_checked_row
from .chain import link_entries, verify_link
from .core_marks import MAX_WORK, verified_row   # MAX_WORK: most link-body bytes decoded in one audit
from .posts import _BREAKS, _HTML_BREAKS, Placer, clean, place_problems
from .thread_text import MAX_TEXT   # longest thread text accepted (characters)
from ..wire.codec import MAX_FRAGMENT, decode_body, payload_hash, read_frame, split_versioned

__all__ = ["MAX_TEXT", "audit", "audit_steps", "checked_steps", "clean", "extract_links", "extract_links_steps"]

MAX_LINKS = 5000              #: most distinct links examined in one audit
MAX_COPIES = 20              #: copies of one link whose snippets are each checked
CHUNK = 100                   #: links (or rollers) checked between two steps of :func:`audit_steps`
READ_SLICE = 25_000          #: characters of the pasted text cleaned between two steps of :func:`audit_steps`
MATCH_SLICE = 25             #: places that could start a link tried between two steps of :func:`audit_steps`
#: a link in the text: "#t1…" or "%23t1…" and what follows it up to a space or bracket (a second
#: "#" or "%23" in it makes the address hold two links, which is reported, never split)
_FRAGMENT = re.compile(r"(?:#|%23)(t\d{1,4}(?:[A-Za-z0-9_#-]|%[0-9A-Fa-f]{2}){8,})")
_ELLIPSIS = ("…", "...", "\u22ef")


def extract_links(text: str) -> list:
    """Every distinct link fragment in ``text``, in order of first appearance.

    Returns:
        ``[{"fragment": "t1…", "position": int (character offset once zero-width spaces, soft
        hyphens and word joiners are removed), "count": int (times posted), "starts": [int] (where
        each copy's address starts, the first :data:`MAX_COPIES`),
        "shortened": bool, "address": the ``http(s)://`` base it was first posted with or None,
        "start": offset where that address (or the ``#``) starts}]``; ``shortened`` marks a fragment
        followed by "…"/"..." that no full link in the text extends (a forum shortened the visible
        text of a link); a shortened copy of a full link in the same text is dropped.
    Raises:
        InvalidRequest: ``text`` is not a string or longer than :data:`MAX_TEXT`.
    """
    return _scan(text)[1]


def extract_links_steps(text: str):
    """:func:`extract_links` in steps: yields ``("read", percent, 100)``, returns its list.

    Raises:
        InvalidRequest: as :func:`extract_links`, before the first step.
    """
    scanned = yield from _scan_steps(text)
    return scanned[1]


def _scan(text: str) -> tuple:
    """``(cleaned text, links of extract_links, sorted ends of every link posted)``."""
    from ..steps import drain

    return drain(_scan_steps(text))


def _check_text(text: object) -> None:
    if not isinstance(text, str):
        raise InvalidRequest("the thread text must be text", field="text", code="audit.text_type")
    if len(text) > MAX_TEXT:
        raise InvalidRequest(f"the thread text is too long (at most {MAX_TEXT} characters)", field="text",
                             code="audit.text_too_long", params={"n": MAX_TEXT})


def _clean_steps(text: str):
    """The text with the breaks forums put in long words removed (:data:`_BREAKS`, then
    :data:`_HTML_BREAKS`), :data:`READ_SLICE` characters a step: yields ``("read", percent, 100)``
    (0–30 % of the reading),
    returns the cleaned text (the same as cleaning it at once: an HTML break ends with its only
    ``>`` or ``;``, so the text is cut right after one of those, never inside a break)."""
    total = len(text)
    parts = []
    for at in range(0, total, READ_SLICE):
        parts.append(text[at:at + READ_SLICE].translate(_BREAKS))
        yield ("read", 10 * at // max(1, total), 100)
    text = "".join(parts)
    parts, at = [], 0
    while at < len(text):
        cuts = [p for p in (text.find(">", at + READ_SLICE - 1), text.find(";", at + READ_SLICE - 1)) if p >= 0]
        if not cuts and text.find(">", at) < 0 and text.find(";", at) < 0:
            parts.append(text[at:])          # no break can end in the rest
            break
        cut = min(cuts) + 1 if cuts else len(text)
        parts.append(_HTML_BREAKS.sub("", text[at:cut]))
        at = cut
        yield ("read", 10 + 20 * at // max(1, len(text)), 100)
    return "".join(parts)


def _scan_steps(text: str):
    """:func:`_scan` in steps (the page reads 5 MB without freezing): yields ``("read", percent,
    100)`` (how much of the text is read) after every :data:`READ_SLICE`
    characters cleaned and every :data:`MATCH_SLICE` places that could start a link; returns what
    :func:`_scan` returns. Links are found where ``#`` or ``%23`` starts one (the same links, in the
    same order, as ``_FRAGMENT.finditer``: a link starts with one of those).

    Raises:
        InvalidRequest: as :func:`extract_links`, before the first step.
    """
    _check_text(text)
    text = yield from _clean_steps(text)
    found: dict = {}
    ends = []
    pos, hashes, escapes, tried = 0, text.find("#"), text.find("%23"), 0
    while True:
        if 0 <= hashes < pos:
            hashes = text.find("#", pos)
        if 0 <= escapes < pos:
            escapes = text.find("%23", pos)
        at = min((p for p in (hashes, escapes) if p >= 0), default=-1)
        if at < 0:
            break
        tried += 1
        if tried % MATCH_SLICE == 0:
            yield ("read", 30 + 70 * at // max(1, len(text)), 100)
        match = _FRAGMENT.match(text, at)
        if match is None:
            pos = at + 1
            continue
        pos = match.end()
        raw = match.group(1)[:MAX_FRAGMENT + 1]
        fragment, problem = _canonical(raw)
        shortened = text.startswith(_ELLIPSIS, match.end())
        ends.append(match.end())
        entry = found.get(fragment)
        address, start = base_address(text, match.start())
        if entry is None:
            entry = found[fragment] = {"fragment": fragment, "position": match.start(1), "count": 0,
                                       "shortened": shortened, "problem": problem, "address": address,
                                       "start": start, "starts": []}
        if len(entry["starts"]) < MAX_COPIES:
            entry["starts"].append(start)     # each copy's snippet is checked (tirada.links.audit_thread)
        entry["count"] += 1
        entry["shortened"] = entry["shortened"] and shortened
    full: list | None = None       # the full links, sorted: only when a shortened one needs them
    out = []
    for n, (fragment, entry) in enumerate(found.items(), 1):
        if n % (MATCH_SLICE * 10) == 0:
            yield ("read", 100, 100)
        if entry["shortened"]:
            if full is None:
                full = [f for f, e in found.items() if not e["shortened"]]
                yield ("read", 100, 100)
                full.sort()
                yield ("read", 100, 100)
            if _extended(full, fragment):
                continue
        out.append(entry)
    return text, out, ends


def _why(err: TiradaError) -> dict:
    """``{"reason": English one line (CLI), "error": err.to_dict()}`` for a row the audit could not
    accept: ``error`` carries the stable code and params the page words in its own language."""
    return {"reason": str(err), "error": err.to_dict()}


def _canonical(raw: str) -> tuple:
    """``(fragment, problem)``: the link as the page reads it (:func:`tirada.wire.codec.split_versioned`,
    the one shared parse: percent-escapes decoded, one ``#`` only, format 1 or 2) and ``None``; or
    ``raw`` and the reason the page would refuse it."""
    try:
        version, rest = split_versioned("#" + raw)
        return f"t{version}" + rest, None
    except LinkError as err:
        return raw, err


def _extended(full: list, fragment: str) -> bool:
    """True when a fragment of the sorted list ``full`` other than ``fragment`` starts with it
    (binary search: a hostile thread of many links must not take quadratic time)."""
    i = bisect.bisect_left(full, fragment)
    while i < len(full) and full[i] == fragment:
        i += 1
    return i < len(full) and full[i].startswith(fragment)


def _short(fragment: str) -> str:
    """A recognisable excerpt of a fragment: its first and last 10 characters."""
    return fragment if len(fragment) <= 24 else f"{fragment[:10]}…{fragment[-10:]}"


def _merge_same(rows: list) -> list:
    """One row per roll: the same roll may be posted under two link texts (a compressed and a plain
    frame of the same payload have one id); later copies add their ``posted`` count to the first."""
    first: dict = {}
    out = []
    for row in rows:
        rid = row.get("id")
        if rid is not None and rid in first:
            first[rid]["posted"] += row["posted"]
            first[rid]["starts"] = (first[rid].get("starts") or []) + (row.get("starts") or [])
            continue
        if rid is not None:
            first[rid] = row
        out.append(row)
    return out


def _entry(found: dict, budget: list) -> dict:
    """Verify one extracted link → an audit row (never raises for a bad link).

    ``budget`` is ``[bytes]``: the link data still allowed to be examined in this audit. Every
    step is charged *before* it is spent: inflating stops at the budget (a compressed "zip bomb"
    costs what is left, not what it would inflate to), then the body is decoded once. Once the
    budget is spent the remaining links are listed as not checked instead of stalling the page.
    """
    row = {"position": found["position"], "posted": found["count"], "address": found.get("address"),
           "start": found.get("start", found["position"]),
           "starts": list(found.get("starts") or [found.get("start", found["position"])])}
    fragment = found["fragment"]
    if found.get("problem"):
        return {**row, "valid": False, "fragment": _short(fragment), **_why(found["problem"])}
    try:
        version, kind_code, body, work = read_frame(fragment, max_work=budget[0])
    except LinkError as err:
        if err.field == "work":
            budget[0] = 0
            err = LinkError("not checked: this text holds too much link data to check at once; "
                            "audit the thread in parts", code="audit.not_checked")
        elif found["shortened"]:
            err = LinkError("the forum shortened this link (…); paste the thread with the full links",
                            code="audit.shortened")
        return {**row, "valid": False, "fragment": _short(fragment), **_why(err)}
    budget[0] -= work
    try:
        kind, link = decode_body(kind_code, body, version)
    except LinkError as err:
        return {**row, "valid": False, "fragment": _short(fragment), **_why(err)}
    roll_id = payload_hash(kind_code, body, version)[:6].hex()
    if kind in ("brs", "scene", "bid"):
        from .audit_games import game_row   # replayed as the page opens it; signed entries

        return game_row(kind, row, link, roll_id, _short(fragment), version)
    if kind in ("blind", "secret"):
        from .sealed import chain_entry   # a sealed roll (issue #27): its place in the roller's chain

        entry = chain_entry(kind, link) if link.get("roller") else None
        signed = [] if entry is None else [{**entry, "roller": link["roller"], "campaign": link.get("campaign"),
                                            "what": f"sealed_{kind}", "where": f"a {kind} sealed roll"}]
        return {**row, "valid": True, "kind": kind, "reason": None, "id": roll_id, "fragment": _short(fragment),
                "format": version, "signed": signed}
    if kind == "request":
        from .audit_fair import request_row   # a GM roll request (format 2)

        return request_row(row, link, roll_id, _short(fragment))
    if kind != "roll":
        return {**row, "valid": True, "kind": kind, "reason": None}
    try:
        checked = verify_link(link, roll_id)
    except LinkError as err:   # a link that decodes but whose roll is refused still belongs to its roller
        try:
            entries = link_entries(link, roll_id)
        except TiradaError:
            entries = []
        row.update(valid=False, fragment=_short(fragment), **_why(err), roller=link.get("roller"),
                   campaign=link.get("campaign"), seq=link.get("seq"), prev=link.get("prev"),
                   id=roll_id, label=link["request"].get("label", ""), entries=entries,
                   format=link.get("format", 1))
        return row
    return verified_row(row, checked, _short(fragment))


def _chain(rows: list) -> dict:
    """Chain checks for one roller's rows, over their chain entries (docs/link-format.md §9, §16.5):
    a format-1 roll is one entry, a format-2 roll one per seed or nonce, a signed Confrontation move
    one. The same entry posted twice (a Confrontation link posted again after more moves) counts once."""
    from .audit_fair import chain_report

    return chain_report(rows)


def _summary(group: dict, lang: str) -> str:
    """One line per roller, in Spanish or English."""
    es = lang == "es"
    who = group["roller"] or ("tiradas sin nombre" if es else "unsigned rolls")
    if group["campaign"]:
        who += f" en «{group['campaign']}»" if es else f" in “{group['campaign']}”"
    parts = count_words(counts(group), lang)
    seqs = group.get("seqs")
    if seqs:
        parts[0] += f" (nº {seqs[0]})" if len(seqs) == 1 else f" (nº {seqs[0]}–{seqs[-1]})"
    labels = [("missing", "not posted", "not posted"), ("forks", "fork", "forks"),
              ("restarts", "chain restart", "chain restarts"), ("broken", "broken link", "broken links"),
              ("invalid", "invalid", "invalid"),
              ("lookalike", "name that looks like this one", "names that look like this one"),
              ("request_problems", "problem with GM requests", "problems with GM requests"),
              ("outside_requests", "roll outside the requests", "rolls outside the requests")]
    for key, one, other in labels:   # counted words through gettext plural forms (tirada.plural)
        items = group.get(key) or []
        count = sum(b - a + 1 for a, b in items) if key == "missing" else len(items)
        if count and key == "missing":
            numbers = ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in items[:5])
            parts.append(f"{count} {ngettext(one, other, count, lang)} (nº {numbers})")
        elif count:
            parts.append(f"{count} {ngettext(one, other, count, lang)}")
    scripts = group.get("mixed_script") or []
    if scripts:   # a list of script names, not a count
        parts.append(f"{'alfabetos mezclados en el nombre' if es else 'scripts mixed in the name'} "
                     f"({', '.join(scripts).lower()})")
    if group.get("ok"):
        parts.append("cadena completa" if es else "chain complete")
    if group.get("restarts"):
        parts.append("la cadena vuelve a empezar en el nº 1: suele ser otro dispositivo o datos del "
                     "navegador borrados; conviene preguntar antes de suponer nada" if es else
                     "the chain starts again at nº 1: usually another device or cleared browser data; "
                     "ask before assuming anything")
    return f"{who}: " + ", ".join(parts)


def audit(text: str, home: str | None = None) -> dict:
    """Audit a forum thread's text; ``home``: the page's own address (links posted with another
    base address are flagged; None: not checked).

    Returns:
        ``{"links_found": int, "rollers": [{"roller": str|None, "campaign": str|None,
        "links": [row], "seqs": [int], "missing": [[from, to]], "before_first": int, "forks":
        [{"seq", "ids", "reason"}], "restarts": [id], "broken": [{"id", "seq", "reason"}],
        "invalid": [{"position", "seq", "reason", "error"}], "lookalike": [up to 10 other roller names that
        look the same (same UTS #39 skeleton, same-looking campaign)], "mixed_script": [scripts]
        (empty unless the name mixes scripts, UTS #39 highly restrictive), "ok": bool, "summary": {"es", "en"}}],
        "invalid": [{"position", "fragment" (first and last 10 chars), "reason", "error"}], "other": [{"kind",
        "position"}], "problems": [named problems, :func:`tirada.links.audit_thread.problems`],
        "people": [each person across chains and campaigns, :func:`tirada.links.audit_people.people`], "ok": bool (no problem at all)}``. A row is ``{"position", "posted", "valid", "id", "seq", "prev",
        "created_iso", "label", "description", "fragment", "address", "flags": [{"code", "params",
        "reason"}] (what is wrong with this roll), "reason"?, "error"?}``; ``reason`` is the
        English line for the CLI, ``error`` the refusal's ``to_dict()`` (stable ``code`` and ``params``)
        that the page words in its own language. Unsigned rolls (no roller)
        are grouped with ``roller: None`` and get no chain checks.
    Raises:
        InvalidRequest: see :func:`extract_links` (a bad link is reported, never raised).
    """
    for step in audit_steps(text, home=home):
        if step[0] == "report":
            return step[1]
    raise AssertionError("audit_steps ends with its report")   # pragma: no cover


def audit_steps(text: str, chunk: int = CHUNK, home: str | None = None):
    """:func:`audit` in steps, so the page can draw and answer between them (long work never
    freezes it): yields ``("progress", done, total)`` after every ``chunk`` links or rollers
    checked, then ``("report", report)`` (the dict of :func:`audit`) last.

    Raises:
        InvalidRequest: see :func:`extract_links`, at the first step.
    """
    scanned = yield from _scan_steps(text)
    report = yield from checked_steps(scanned, chunk, home)
    yield ("report", report)


def checked_steps(scanned: tuple, chunk: int = CHUNK, home: str | None = None):
    """The checks of :func:`audit_steps` on a text already read (``scanned``: what
    :func:`_scan_steps` returns): yields ``("progress", done, total)`` as it goes, returns the
    report of :func:`audit`."""
    text, every, ends = scanned
    found = every[:MAX_LINKS]
    budget = [MAX_WORK]
    total = len(found)
    entries = []
    for start in range(0, total, chunk):
        entries += [_entry(f, budget) for f in found[start:start + chunk]]
        yield ("progress", len(entries), total)
    rows = _merge_same(entries)
    groups: dict = {}
    unreadable, other = [], []
    from .audit_fair import confrontation_forks, request_report
    from .audit_games import game_forks, game_move_rows

    yield ("progress", total, total)
    requests, flags = request_report(rows)
    from .audit_thread import chain_flags, problems, thread_flags_steps

    yield ("progress", total, total)
    yield from thread_flags_steps(rows, text, ends, home, flags, chunk)
    from .audit_games import unchained_flags

    unchained_flags(rows)
    yield ("progress", total, total)
    for row in rows:
        if row.get("kind") == "request":
            other.append({"kind": "request", "position": row["position"]})
            continue
        if row.get("kind") in ("brs", "scene", "blind", "secret"):
            if row["valid"]:
                other.append({"kind": row["kind"], "position": row["position"], "format": row["format"]})
                for move in game_move_rows(row):
                    groups.setdefault((move["roller"], move["campaign"]), []).append(move)
            else:
                unreadable.append({"position": row["position"], "fragment": row["fragment"],
                                   "reason": row["reason"], "error": row.get("error")})
            continue
        if "roller" not in row:
            if row.get("kind") and row["valid"]:
                other.append({"kind": row["kind"], "position": row["position"]})
            else:
                unreadable.append({"position": row["position"], "fragment": row["fragment"],
                                   "reason": row["reason"], "error": row.get("error")})
            continue
        key = (row["roller"], row["campaign"])
        groups.setdefault(key, []).append(row)
    yield ("progress", total, total)
    rollers = []
    order = sorted(groups, key=lambda k: (k[0] is None, (k[0] or "").casefold(), k[0] or "",
                                          (k[1] or "").casefold(), k[1] or ""))
    twins_of = twins(order)
    for n, (roller, campaign) in enumerate(order, 1):
        if n % chunk == 0:
            yield ("progress", total, total)
        every_row = sorted(groups[(roller, campaign)], key=lambda r: (r["seq"] or 0, r["position"]))
        links = [r for r in every_row if r.get("kind") != "brs-move"]
        seen_moves: set = set()      # one signed entry carried by several posts is listed once
        moves = []
        for r in every_row:
            if r.get("kind") == "brs-move" and r.get("id") not in seen_moves:
                seen_moves.add(r.get("id"))
                moves.append(r)
        group = {"roller": roller, "campaign": campaign, "links": links, "moves": moves}
        if roller is not None:
            group.update(_chain(every_row))
            group["request_problems"] = [{"id": r["id"], "seq": r.get("seq"), "reason": f["reason"]}
                                         for r in links for f in r.get("request_flags", []) if f["fails"]]
            group["outside_requests"] = [r["id"] for r in links if r["valid"] and not r.get("gm_request")] \
                if requests else []
            group["lookalike"] = twins_of.get((roller, campaign), [])
            mixed = names.mixed_script(roller) or names.mixed_script(campaign or "")
            group["mixed_script"] = sorted(names.scripts(roller) | names.scripts(campaign or "")) if mixed else []
            chain_flags(group, every_row)
            group["ok"] = (group["ok"] and not group["request_problems"] and not group["lookalike"]
                           and not mixed and not any(r.get("flags") for r in every_row))
        elif any(r.get("flags") for r in every_row):
            group["ok"] = False
        group["summary"] = {"es": _summary(group, "es"), "en": _summary(group, "en")}
        rollers.append(group)
    from .luck import Pricer, rate_rows    # the luck report (issue #26): exact odds, bounded pricing

    pricer = Pricer()
    people: dict = {}      # person (roller skeleton) → (groups, rated rolls, unrated count)
    for n, group in enumerate((g for g in rollers if g["roller"] is not None), 1):
        each, streak = rate_rows(group["links"], pricer)
        group["luck"] = streak.to_dict()
        for row, rated in zip(group["links"], each):
            row["luck"] = None if rated is None else round(rated.percentile, 4)
        mine = people.setdefault(names.person(group["roller"]), ([], [], [0]))
        mine[0].append(group)
        mine[1].extend(r for r in each if r is not None)
        mine[2][0] += streak.unrated
        if n % chunk == 0:
            yield ("progress", total, total)
    yield ("progress", total, total)
    report_people = people_of(people)
    yield ("progress", total, total)
    unreadable += [not_checked_row(every[MAX_LINKS], len(every) - MAX_LINKS, MAX_LINKS)] if len(every) > MAX_LINKS else []
    forks = confrontation_forks(rows)
    yield ("progress", total, total)
    report = {"links_found": len(every), "rollers": rollers, "invalid": unreadable, "other": other,
              "confrontation_forks": forks, "requests": requests, "game_forks": game_forks(rows),
              "flagged_other": [r for r in rows if r.get("flags") and r.get("kind") in ("brs", "scene", "request")],
              "people": report_people}
    yield ("progress", total, total)
    report["problems"] = problems(report)
    report["ok"] = not report["problems"]
    place_problems(report, Placer(text))     # each problem named by its post and author (or line)
    return report
