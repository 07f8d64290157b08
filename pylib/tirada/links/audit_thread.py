r"""Thread audit, thread-wide part: addresses, reused randomness, claims, each bad roll named.

docs/link-format.md §9.2. A link verifies on its own; these checks read the thread around it:

* **Address** (:mod:`tirada.links.audit_address`: :func:`base_address`, :func:`same_address`): the base
  URL a link was posted with,
  read as browsers read it (:mod:`tirada.links.address`, the WHATWG URL rules: ``//host``,
  ``http:\\host``, a tab or newline inside, ``http://host\@official/`` all go to ``host``). A link to
  another address than the page's own, or at an address that cannot be read or that depends on the
  forum page (a relative path), is flagged (``audit.other_address``): a modified copy of Tirada on
  another host can say "verified" for anything.
* **Reused randomness** (:func:`mark_reused`): the same seed or nonce in two different links means
  identical dice (``audit.reused``), whoever posted them.
* **Claims** (:mod:`tirada.links.claims`, in the reading core): the forum snippet posted before a link (:mod:`tirada.links.snippets`)
  is compared line by line with the snippet of the recomputed result; a line that differs is
  flagged with what the text says and what the link gives (``audit.claim``).
* **Named problems** (:func:`chain_flags`, :func:`problems`): every fork, restart, broken link,
  GM-request problem and the checks above are put on the roll they concern (``row["flags"]``), and
  the report starts with the list of every problem, each naming its roll.

Public API (used by :mod:`tirada.links.audit`): the functions above.
"""

from __future__ import annotations

import bisect
from ..errors import LinkError
from .audit_address import base_address, presumed_home, read_address, same_address
from .audit_fair import flag
from .audit_games import by_mismatch
from .claims import claim_flag, claim_lines, norm_line

__all__ = ["base_address", "chain_flags", "claim_flag", "claim_lines", "mark_reused", "norm_line", "presumed_home",
           "problems", "read_address", "same_address", "thread_flags",
           "thread_flags_steps"]

def _randomness(row: dict) -> list:
    """``[(randomness hex, owner)]`` of a valid row: a roll's seed and nonces, a Confrontation's setup
    seed and signed nonces. ``owner`` is what may legitimately repeat it: the same chain entry of the
    same roller (a link posted again with more steps), the same Confrontation."""
    out: list = []
    if row.get("kind") == "roll":
        request = row.get("request") or {}
        values = [request.get("seed")] + list(request.get("fresh") or [])
        entries = row.get("entries") or []
        for k, value in enumerate(values):
            if not isinstance(value, str):
                continue
            owner: tuple = (row.get("roller"), row.get("campaign"), entries[k]["id"]) if k < len(entries) \
                else ("link", row.get("id"), k)
            out.append((value.lower(), owner))
    elif row.get("kind") == "brs":
        if isinstance(row.get("seed"), str):
            out.append((row["seed"].lower(), ("brs", row.get("setup_key"))))
        for entry in row.get("signed") or []:
            if isinstance(entry.get("nonce"), str):
                out.append((entry["nonce"].lower(), (entry["roller"], entry["campaign"], entry["id"])))
    return out


def _who(row: dict) -> str:
    """A short name for a row in another row's flag: "Sharla nº 3", or the link's excerpt."""
    if row.get("roller") and row.get("seq") is not None:
        return f"{row['roller']} nº {row['seq']}"
    return row.get("fragment") or row.get("id") or "?"


def mark_reused(rows: list) -> int:
    """Flag every valid row that shares a seed or nonce with another link (``audit.reused``: the
    same dice twice). Returns how many rows were flagged. Linear in the randomness seen."""
    owners: dict = {}
    for row in rows:
        if row.get("valid"):
            for value, owner in _randomness(row):
                owners.setdefault(value, {}).setdefault(owner, row)
    flagged = 0
    for by_owner in owners.values():
        if len(by_owner) < 2:
            continue
        involved = list({id(r): r for r in by_owner.values()}.values())
        for row in involved:
            other = next((r for r in involved if r is not row), involved[0])
            row.setdefault("flags", []).append(flag(
                code="audit.reused", params={"other": _who(other)},
                reason=f"the same seed or nonce as another link ({_who(other)}): identical dice"))
            flagged += 1
    return flagged


def thread_flags(rows: list, text: str, ends: list, home: str | None, requests: dict) -> None:
    """:func:`thread_flags_steps` at once (the userscript frame's one link)."""
    for _step in thread_flags_steps(rows, text, ends, home, requests):
        pass


def thread_flags_steps(rows: list, text: str, ends: list, home: str | None, requests: dict, chunk: int = 100):
    """Flag the rows of an audit (``row["flags"]``): GM-request problems (``requests``: the flags of
    :func:`tirada.links.audit_fair.request_report`, also kept as ``row["request_flags"]``), another
    address than ``home``, a snippet claim its link does not give (the text between the previous
    link, ``ends`` sorted, and this one), and randomness used twice (:func:`mark_reused`). Without
    ``home``, the address most links use stands for it (:func:`presumed_home`). A roll
    answering a GM request that names its official address (``home`` of the request) and posted
    with another address is flagged ``audit.request_address``. Yields ``("progress", done, total)``
    after every ``chunk`` rows (the page draws between), nothing else."""
    if home is None:                 # no official address given: the one most links were posted with
        home = presumed_home(rows)
    official = {r["spec"]["id"]: r["spec"]["home"] for r in rows
                if r.get("kind") == "request" and isinstance(r.get("spec"), dict) and r["spec"].get("home")}
    claims = 0
    for n, row in enumerate(rows, 1):
        if n % chunk == 0:
            yield ("progress", n, len(rows))
        made = row.setdefault("flags", [])
        wanted = official.get(row.get("gm_request") or "")
        if wanted and not same_address(row.get("address"), wanted):
            made.append(flag(code="audit.request_address", params={"address": (row.get("address") or "")[:200],
                                                                    "home": wanted},
                             reason=f"answers a request whose official address is {wanted}, posted with another"))
        if row.get("id") in requests:
            row["request_flags"] = requests[row["id"]]
            made += [{k: f[k] for k in ("code", "params", "reason")} for f in requests[row["id"]] if f["fails"]]
        if not same_address(row.get("address"), home):
            made.append(flag(code="audit.other_address", params={"address": row["address"][:200]},
                             reason=f"posted with another address ({row['address'][:200]}) than this page's"))
        for start in row.get("starts") or [row.get("start", row["position"])]:   # every copy's own post
            claims += 1
            if claims % max(1, chunk // 10) == 0:       # a claim recomputes a snippet: a few a step
                yield ("progress", n, len(rows))
            before = text[ends[bisect.bisect_right(ends, start) - 1] if bisect.bisect_right(ends, start) else 0:start]
            claimed = claim_flag(row, before)
            if claimed is not None:
                made.append(claimed)
                break
    mark_reused(rows)
    for row in rows:
        if not row["flags"]:
            del row["flags"]


#: chain problems that, on a move whose ``by`` names the chain, say the attribution does not hold
_MISFITS = frozenset({"audit.fork", "audit.fork_unposted", "audit.broken"})


def chain_flags(group: dict, rows: list) -> None:
    """Put a roller's chain problems (:func:`tirada.links.audit_fair.chain_report`) on the rolls they
    concern: both rolls of a fork, a roll that follows an unposted twin, each restart, each broken
    link (``row["flags"]``, codes ``audit.fork``, ``audit.fork_unposted``, ``audit.restart``,
    ``audit.broken``), and ``audit.by_mismatch`` on a Confrontation move that names this chain with
    ``by`` (docs/link-format.md §16.6.1) and forks or breaks it."""
    owner: dict = {}
    for row in rows:
        for entry in row.get("entries") or []:
            owner.setdefault(entry["id"], row)

    def put(entry_id: str, made: dict) -> None:
        row = owner.get(entry_id)
        if row is not None and made["code"] not in {f["code"] for f in row.get("flags", [])}:
            row.setdefault("flags", []).append(made)

    for fork in group.get("forks") or []:
        for entry_id in fork["ids"]:
            put(entry_id, flag(code="audit.fork", params={"seq": fork["seq"]},
                               reason=f"fork: another roll for the same step (nº {fork['seq']})"))
        if fork.get("after"):
            put(fork["after"], flag(code="audit.fork_unposted", params={"seq": fork["seq"]},
                                    reason=f"follows another nº {fork['seq']} that was not posted"))
    for entry_id in group.get("restarts") or []:
        put(entry_id, flag(code="audit.restart", reason="the chain starts again at nº 1"))
    for broken in group.get("broken") or []:
        put(broken["id"], flag(code="audit.broken", params={"seq": broken["seq"]}, reason=broken["reason"]))
    for row in rows:     # a move numbered in this chain by its ``by`` that does not fit it (§16.6.1)
        if row.get("by") and {f["code"] for f in row.get("flags", [])} & _MISFITS:
            put(row["entries"][0]["id"], by_mismatch(row))


def _item(made: dict, row: dict | None, roller=None, campaign=None) -> dict:
    """One entry of :func:`problems`: the flag, and the roll (or roller) it names."""
    row = row or {}
    return {**made, "roller": row.get("roller", roller), "campaign": row.get("campaign", campaign),
            "seq": row.get("seq"), "label": row.get("label") or "", "position": row.get("position"),
            "fragment": row.get("fragment"), "address": row.get("address")}


def problems(report: dict) -> list:
    """Every problem of an audit report, each naming what it concerns, in text order (the page shows
    them first, under the verdict): ``[{"code", "params", "reason", "roller", "campaign", "seq",
    "label", "position", "fragment", "address"}]``. Flagged rows, invalid rolls, gaps, look-alike
    names, mixed scripts, unreadable links, Confrontation forks, flagged other links."""
    out = []
    for group in report["rollers"]:
        who = {"roller": group["roller"], "campaign": group["campaign"]}
        for row in group["links"] + group.get("moves", []):
            if not row["valid"] and row.get("error"):
                err = row["error"]
                out.append(_item(flag(code=err.get("code") or "link.invalid", reason=row.get("reason") or "",
                                      params=err.get("params")), row))
            for made in row.get("flags", []):
                out.append(_item(made, row))
        missing = group.get("missing") or []
        if missing:
            numbers = ", ".join(str(a) if a == b else f"{a}\u2013{b}" for a, b in missing[:5])
            out.append(_item(flag(code="audit.missing", params={"numbers": numbers},
                                  reason=f"not posted: nº {numbers}"), None, **who))
        if group.get("lookalike"):
            names = ", ".join(group["lookalike"])
            out.append(_item(flag(code="audit.lookalike", params={"names": names},
                                  reason=f"names that look like this one: {names}"), None, **who))
        if group.get("mixed_script"):
            scripts = ", ".join(group["mixed_script"]).lower()
            out.append(_item(flag(code="audit.mixed_script", params={"scripts": scripts},
                                  reason=f"scripts mixed in the name ({scripts})"), None, **who))
        luck = group.get("luck")
        if luck and luck["flagged"]:    # a statistic, worded as one (tirada.links.luck)
            one_in = max(1, round(1 / max(luck["p"], 1e-12)))
            out.append(_item(flag(code="audit.luck", params={"n": luck["rolls"], "mean": round(100 * luck["mean"]),
                                                                "one_in": one_in},
                                  reason=f"a streak this lucky comes from honest dice about once in {one_in}"),
                             None, **who))
    for who in report.get("people", []):   # luck across a person's campaigns, when no chain alone is flagged
        luck = who["luck"]
        alone = [g for g in report["rollers"] if g["roller"] is not None and [g["roller"], g["campaign"]] in who["chains"]]
        if luck["flagged"] and len(who["chains"]) > 1 and not any((g.get("luck") or {}).get("flagged") for g in alone):
            one_in = max(1, round(1 / max(luck["p"], 1e-12)))
            out.append(_item(flag(code="audit.luck_person", params={"n": luck["rolls"], "mean": round(100 * luck["mean"]),
                                                                       "one_in": one_in, "chains": len(who["chains"])},
                                  reason=f"over {len(who['chains'])} chains (campaigns or look-alike names), a streak "
                                         f"this lucky comes from honest dice about once in {one_in}"),
                             None, roller=who["name"]))
    for row in report.get("flagged_other", []):
        for made in row.get("flags", []):
            out.append(_item(made, row))
    for bad in report["invalid"]:
        err = bad.get("error") or {}
        out.append(_item(flag(code=err.get("code") or "link.invalid", reason=bad.get("reason") or "",
                              params=err.get("params")), bad))
    for fork in report.get("confrontation_forks", []):
        out.append(_item(flag(code="audit.brs_fork", params={"n": fork["move"] + 1}, reason=fork["reason"]),
                         {"position": fork["positions"][-1]}))
    for fork in report.get("game_forks", []):     # tirada.links.audit_games: a scene roll tried twice, a start
        if fork["kind"] == "scene":
            rolled = flag(code="audit.scene_fork_rolled", reason="with a roll") if fork["rolled"] else ""
            made = flag(code="audit.scene_fork", params={"n": fork["action"], "rolled": rolled},
                        reason=f"a Tragedia scene with two continuations after action {fork['action']}")
        else:          # each start by its chain entry; an unsigned one worded by its own code
            starts = [f'{s["roller"]} nº {s["seq"]}' if s else flag(code="audit.start_unsigned", reason="unsigned")
                      for s in fork["starts"]]
            made = flag(code="audit.brs_restart", params={"n": len(starts), "starts": starts},
                        reason=f"one Confrontation set-up started {len(starts)} times")
        out.append(_item(made, {"position": fork["positions"][-1]}))
    return sorted(out, key=lambda p: (p["position"] if p["position"] is not None else -1))


def not_checked_row(first: dict, n: int, most: int) -> dict:
    """The ``report["invalid"]`` row saying ``n`` links after the first ``most`` (from ``first``, a link
    of :func:`tirada.links.audit.extract_links`) were not checked: ``audit.too_many_links``, never
    silence (a tampered link past the limit must not leave the thread "en orden")."""
    err = LinkError(f"{n} links after the first {most} were not checked; audit the rest of the thread in "
                    "another paste", code="audit.too_many_links", params={"n": n, "max": most})
    fragment = first["fragment"]
    return {"position": first["position"], "fragment": fragment if len(fragment) <= 24 else f"{fragment[:10]}…",
            "reason": str(err), "error": err.to_dict()}
