"""Thread audit: find every Tirada link in pasted forum text and check each roller's chain.

docs/link-format.md §Thread audit. A link is found by its fragment ``#t1…`` whatever the base URL, in
bare URLs, BBCode ``[url=…]…[/url]`` and Markdown ``[…](…)`` alike (``%23t1…`` too). Each link is
verified (:func:`tirada.links.chain.verify`), then the links of each roller (name + campaign label) are
checked as one chain: sequence numbers seen, gaps (rolls made but not posted), forks (two rolls for
the same step), chain restarts (a second roll nº 1) and broken links (a ``prev`` that names a posted
roll with the wrong number, which the page never produces).

Public API: :func:`extract_links`, :func:`audit` (the ``audit`` command is :func:`tirada.cli.cmd_audit`). Output order is deterministic:
rollers sorted by (name, campaign), links by (seq, position in the text).
"""

from __future__ import annotations

import bisect
import re

from .. import names
from ..errors import InvalidRequest, LinkError, TiradaError
from .chain import verify_link
from ..plural import ngettext
from .codec import MAX_FRAGMENT, decode_body, payload_hash, read_frame, split_fragment

__all__ = ["MAX_TEXT", "audit", "audit_steps", "extract_links"]

MAX_TEXT = 5_000_000          #: longest thread text accepted (characters)
MAX_LINKS = 5000              #: most distinct links examined in one audit
MAX_WORK = 200_000            #: most link-body bytes decoded in one audit (bounded time on the page)
CHUNK = 100                   #: links (or rollers) checked between two steps of :func:`audit_steps`
#: a link in the text: "#t1…" or "%23t1…" and what follows it up to a space or bracket (a second
#: "#" or "%23" in it makes the address hold two links, which is reported, never split)
_FRAGMENT = re.compile(r"(?:#|%23)(t\d{1,4}(?:[A-Za-z0-9_#-]|%[0-9A-Fa-f]{2}){8,})")
_ELLIPSIS = ("…", "...", "\u22ef")
PREFIX_T = "t1"
_BREAKS = {0x200B: None, 0x00AD: None, 0x2060: None}   # zero-width space, soft hyphen, word joiner
#: the same breaks in pasted HTML source: <wbr>, &shy;, &ZeroWidthSpace;, &#8203; and the like
_HTML_BREAKS = re.compile(r"<wbr\s*/?>|&(?:shy|ZeroWidthSpace|NoBreak);|&#(?:173|8203|8288|"
                          r"x0*(?:ad|200b|2060));", re.IGNORECASE)


def extract_links(text: str) -> list:
    """Every distinct link fragment in ``text``, in order of first appearance.

    Returns:
        ``[{"fragment": "t1…", "position": int (character offset once zero-width spaces, soft
        hyphens and word joiners are removed), "count": int (times posted),
        "shortened": bool}]``; ``shortened`` marks a fragment followed by "…"/"..." that no full
        link in the text extends (a forum shortened the visible text of a link); a shortened copy of
        a full link in the same text is dropped.
    Raises:
        InvalidRequest: ``text`` is not a string or longer than :data:`MAX_TEXT`.
    """
    if not isinstance(text, str):
        raise InvalidRequest("the thread text must be text", field="text", code="audit.text_type")
    if len(text) > MAX_TEXT:
        raise InvalidRequest(f"the thread text is too long (at most {MAX_TEXT} characters)", field="text",
                             code="audit.text_too_long", params={"n": MAX_TEXT})
    text = _HTML_BREAKS.sub("", text.translate(_BREAKS))   # forums break long words when displayed
    found: dict = {}
    for match in _FRAGMENT.finditer(text):
        raw = match.group(1)[:MAX_FRAGMENT + 1]
        fragment, problem = _canonical(raw)
        shortened = text.startswith(_ELLIPSIS, match.end())
        entry = found.setdefault(fragment, {"fragment": fragment, "position": match.start(1),
                                            "count": 0, "shortened": shortened, "problem": problem})
        entry["count"] += 1
        entry["shortened"] = entry["shortened"] and shortened
    full = sorted(f for f, e in found.items() if not e["shortened"])
    out = []
    for fragment, entry in found.items():
        if entry["shortened"] and _extended(full, fragment):
            continue
        out.append(entry)
    return out


def _why(err: TiradaError) -> dict:
    """``{"reason": English one line (CLI), "error": err.to_dict()}`` for a row the audit could not
    accept: ``error`` carries the stable code and params the page words in its own language."""
    return {"reason": str(err), "error": err.to_dict()}


def _canonical(raw: str) -> tuple:
    """``(fragment, problem)``: the link as the page reads it (:func:`tirada.links.codec.split_fragment`,
    the one shared parse: percent-escapes decoded, one ``#`` only) and ``None``; or ``raw`` and the
    reason the page would refuse it."""
    try:
        return PREFIX_T + split_fragment("#" + raw), None
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
    row = {"position": found["position"], "posted": found["count"]}
    fragment = found["fragment"]
    if found.get("problem"):
        return {**row, "valid": False, "fragment": _short(fragment), **_why(found["problem"])}
    try:
        kind_code, body, work = read_frame(fragment, max_work=budget[0])
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
        kind, link = decode_body(kind_code, body)
    except LinkError as err:
        return {**row, "valid": False, "fragment": _short(fragment), **_why(err)}
    if kind != "roll":
        return {**row, "valid": True, "kind": kind, "reason": None}
    roll_id = payload_hash(kind_code, body)[:6].hex()
    try:
        checked = verify_link(link, roll_id)
    except LinkError as err:   # a link that decodes but whose roll is refused still belongs to its roller
        row.update(valid=False, fragment=_short(fragment), **_why(err), roller=link.get("roller"),
                   campaign=link.get("campaign"), seq=link.get("seq"), prev=link.get("prev"),
                   id=roll_id, label=link["request"].get("label", ""))
        return row
    row.update(valid=True, kind="roll", id=checked["id"], roller=checked["roller"],
               campaign=checked["campaign"], seq=checked["seq"], prev=checked["prev"],
               created_iso=checked["created_iso"], label=checked["label"],
               description=checked["description"], fragment=_short(fragment),
               request=checked["request"], result=checked["result"])   # shown per roll by the page
    return row


def _gaps(seqs: list) -> list:
    """Ranges ``[from, to]`` of the numbers missing between the sorted distinct ``seqs``, computed
    arithmetically: ``[1, 4, 5, 9]`` → ``[[2, 3], [6, 8]]``. Linear in ``len(seqs)`` whatever the
    numbers are (rolls nº 1 and nº 1,000,000,000 give one range, not a billion numbers)."""
    return [[a + 1, b - 1] for a, b in zip(seqs, seqs[1:]) if b - a > 1]


def _chain(rows: list) -> dict:
    """Chain checks for one roller's rows (all carry ``seq``; invalid ones may lack ``id``).

    Every check goes through dicts keyed by id, ``prev`` or number: linear in the rows."""
    valid = [r for r in rows if r["valid"] and r["seq"] is not None]   # unnumbered: no chain
    by_id = {r["id"]: r for r in valid}
    by_seq: dict = {}
    for r in valid:
        by_seq.setdefault(r["seq"], []).append(r)
    seqs = sorted(by_seq)
    missing = _gaps(seqs)
    forks, broken = [], []
    by_prev: dict = {}
    for r in valid:
        if r["prev"] is not None:
            by_prev.setdefault(r["prev"], []).append(r)
    for _prev, kids in sorted(by_prev.items(), key=lambda kv: (kv[1][0]["seq"], kv[0])):
        if len(kids) > 1:
            forks.append({"seq": kids[0]["seq"], "ids": sorted(k["id"] for k in kids),
                          "reason": "several rolls follow the same previous roll"})
    for r in valid:
        parent = by_id.get(r["prev"]) if r["prev"] else None
        if parent is not None and parent["seq"] != r["seq"] - 1:
            broken.append({"id": r["id"], "seq": r["seq"], "reason": f"names roll nº {parent['seq']} as its "
                           f"previous roll but is numbered {r['seq']} (not made by the page)"})
        elif parent is None and r["prev"]:
            same = by_seq.get(r["seq"] - 1)
            if same:
                forks.append({"seq": r["seq"] - 1, "ids": sorted(p["id"] for p in same),
                              "reason": f"roll nº {r['seq']} ({r['id']}) follows another, unposted "
                                        f"roll nº {r['seq'] - 1}"})
    firsts = sorted(by_seq.get(1, []), key=lambda r: r["position"])
    restarts = [r["id"] for r in firsts[1:]]
    invalid = [{"position": r["position"], "seq": r.get("seq"), "reason": r["reason"], "error": r.get("error")}
               for r in rows if not r["valid"]]
    return {
        "seqs": seqs, "missing": missing, "before_first": seqs[0] - 1 if seqs else 0,
        "forks": forks, "restarts": restarts, "broken": broken, "invalid": invalid,
        "ok": not (missing or forks or restarts or broken or invalid),
    }


def _skeleton(name: str) -> str:
    """What a name looks like (:func:`tirada.names.skeleton`, UTS #39): rollers with the same
    skeleton but different names are flagged, so a new chain under a name that only differs by a
    look-alike letter, a mark or an invisible character cannot pass as a clean second chain."""
    return names.skeleton(name)


def _twins(order: list) -> dict:
    """``{(roller, campaign): [other roller names that look the same, up to 10]}``, grouped by the
    precomputed skeleton key (one pass: linear in the number of rollers, never pairwise)."""
    groups: dict = {}
    for roller, campaign in order:
        if roller is not None:
            groups.setdefault((_skeleton(roller), _skeleton(campaign or "")), []).append((roller, campaign))
    out = {}
    for members in groups.values():
        names_seen = sorted({r for r, _ in members})
        if len(names_seen) > 1:
            head = names_seen[:11]
            for roller, campaign in members:
                out[(roller, campaign)] = [n for n in head if n != roller][:10]
    return out


def _summary(group: dict, lang: str) -> str:
    """One line per roller, in Spanish or English."""
    es = lang == "es"
    who = group["roller"] or ("tiradas sin nombre" if es else "unsigned rolls")
    if group["campaign"]:
        who += f" en «{group['campaign']}»" if es else f" in “{group['campaign']}”"
    n = sum(1 for r in group["links"] if r["valid"])
    parts = [f"{n} {ngettext('valid roll', 'valid rolls', n, lang)}"]
    seqs = group.get("seqs")
    if seqs:
        parts[0] += f" (nº {seqs[0]})" if len(seqs) == 1 else f" (nº {seqs[0]}–{seqs[-1]})"
    labels = [("missing", "not posted", "not posted"), ("forks", "fork", "forks"),
              ("restarts", "chain restart", "chain restarts"), ("broken", "broken link", "broken links"),
              ("invalid", "invalid", "invalid"),
              ("lookalike", "name that looks like this one", "names that look like this one")]
    for key, one, other in labels:   # counted words through gettext plural forms (tirada.plural)
        items = group.get(key) or []
        count = sum(b - a + 1 for a, b in items) if key == "missing" else len(items)
        if count:
            parts.append(f"{count} {ngettext(one, other, count, lang)}")
    scripts = group.get("mixed_script") or []
    if scripts:   # a list of script names, not a count
        parts.append(f"{'alfabetos mezclados en el nombre' if es else 'scripts mixed in the name'} "
                     f"({', '.join(scripts).lower()})")
    if group.get("ok"):
        parts.append("cadena completa" if es else "chain complete")
    return f"{who}: " + ", ".join(parts)


def audit(text: str) -> dict:
    """Audit a forum thread's text.

    Returns:
        ``{"links_found": int, "rollers": [{"roller": str|None, "campaign": str|None,
        "links": [row], "seqs": [int], "missing": [[from, to]], "before_first": int, "forks":
        [{"seq", "ids", "reason"}], "restarts": [id], "broken": [{"id", "seq", "reason"}],
        "invalid": [{"position", "seq", "reason", "error"}], "lookalike": [up to 10 other roller names that
        look the same (same UTS #39 skeleton, same-looking campaign)], "mixed_script": [scripts]
        (empty unless the name mixes scripts, UTS #39 highly restrictive), "ok": bool, "summary": {"es", "en"}}],
        "invalid": [{"position", "fragment" (first and last 10 chars), "reason", "error"}], "other": [{"kind",
        "position"}]}``. A row is ``{"position", "posted", "valid", "id", "seq", "prev",
        "created_iso", "label", "description", "fragment", "reason"?, "error"?}``; ``reason`` is the
        English line for the CLI, ``error`` the refusal's ``to_dict()`` (stable ``code`` and ``params``)
        that the page words in its own language. Unsigned rolls (no roller)
        are grouped with ``roller: None`` and get no chain checks.
    Raises:
        InvalidRequest: see :func:`extract_links` (a bad link is reported, never raised).
    """
    for step in audit_steps(text):
        if step[0] == "report":
            return step[1]
    raise AssertionError("audit_steps ends with its report")   # pragma: no cover


def audit_steps(text: str, chunk: int = CHUNK):
    """:func:`audit` in steps, so the page can draw and answer between them (long work never
    freezes it): yields ``("progress", done, total)`` after every ``chunk`` links or rollers
    checked, then ``("report", report)`` (the dict of :func:`audit`) last.

    Raises:
        InvalidRequest: see :func:`extract_links`, at the first step.
    """
    every = extract_links(text)
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
    for row in rows:
        if "roller" not in row:
            if row.get("kind") and row["valid"]:
                other.append({"kind": row["kind"], "position": row["position"]})
            else:
                unreadable.append({"position": row["position"], "fragment": row["fragment"],
                                   "reason": row["reason"], "error": row.get("error")})
            continue
        key = (row["roller"], row["campaign"])
        groups.setdefault(key, []).append(row)
    rollers = []
    order = sorted(groups, key=lambda k: (k[0] is None, (k[0] or "").casefold(), k[0] or "",
                                          (k[1] or "").casefold(), k[1] or ""))
    twins = _twins(order)
    for n, (roller, campaign) in enumerate(order, 1):
        if n % chunk == 0:
            yield ("progress", total, total)
        links = sorted(groups[(roller, campaign)], key=lambda r: (r["seq"] or 0, r["position"]))
        group = {"roller": roller, "campaign": campaign, "links": links}
        if roller is not None:
            group.update(_chain(links))
            group["lookalike"] = twins.get((roller, campaign), [])
            mixed = names.mixed_script(roller)
            group["mixed_script"] = sorted(names.scripts(roller)) if mixed else []
            group["ok"] = group["ok"] and not group["lookalike"] and not mixed
        group["summary"] = {"es": _summary(group, "es"), "en": _summary(group, "en")}
        rollers.append(group)
    yield ("report", {"links_found": len(every), "rollers": rollers, "invalid": unreadable, "other": other})
