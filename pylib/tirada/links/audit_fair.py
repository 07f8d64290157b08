"""Thread audit, fair-play part: chains of entries, signed Confrontation moves, Confrontation forks.

docs/link-format.md §9 and §16.5. A roller's chain is made of **entries**: a format-1 roll link is one
entry (its id is the link's id); a format-2 roll link is one entry per seed or nonce
(:func:`tirada.links.chain.link_entries`); a signed move of a fair-play Confrontation is one entry of the
moving player's chain (:func:`tirada.systems.brs.signed.signed_entries`). The same entry seen in several links
(a Confrontation posted again after more moves) counts once.

Public API (used by :mod:`tirada.links.audit`): :func:`chain_report`, :func:`brs_row`,
:func:`move_rows`, :func:`confrontation_forks`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..errors import TiradaError
from .claims import flag

__all__ = ["brs_row", "chain_report", "confrontation_forks", "flag", "move_rows"]


def _gaps(seqs: list) -> list:
    """Ranges ``[from, to]`` of the numbers missing between the sorted distinct ``seqs``, computed
    arithmetically: ``[1, 4, 5, 9]`` → ``[[2, 3], [6, 8]]``. Linear in ``len(seqs)`` whatever the
    numbers are (nº 1 and nº 1,000,000,000 give one range, not a billion numbers)."""
    return [[a + 1, b - 1] for a, b in zip(seqs, seqs[1:]) if b - a > 1]


def _entries(rows: list) -> list:
    """Every chain entry of the valid rows, first sighting kept: ``[{"seq", "prev", "id",
    "position", "where"}]`` (``where``: "roll", "step k of a roll", "move k of a Confrontation")."""
    seen: dict = {}
    for row in rows:
        if not row["valid"]:
            continue
        for k, entry in enumerate(row.get("entries") or []):
            if entry["id"] in seen or entry.get("seq") is None:   # unnumbered: no chain
                continue
            where = row.get("where") or ("roll" if k == 0 else f"step {k} of a roll")
            seen[entry["id"]] = {**entry, "position": row["position"], "where": where}
    return list(seen.values())


def chain_report(rows: list) -> dict:
    """Chain checks for one roller (rows of :func:`tirada.links.audit.audit`, each with ``entries``).

    Returns:
        ``{"seqs": [int], "missing": [[from, to]] (gaps: numbers made and not posted), "before_first":
        int, "forks": [{"seq", "ids", "reason"}], "restarts": [id], "broken": [{"id", "seq",
        "reason"}], "invalid": [{"position", "seq", "reason", "error"}], "ok": bool}``.
    """
    entries = _entries(rows)
    by_id = {e["id"]: e for e in entries}
    by_seq: dict = {}
    for e in entries:
        by_seq.setdefault(e["seq"], []).append(e)
    seqs = sorted(by_seq)
    missing = _gaps(seqs)
    forks, broken = [], []
    by_prev: dict = {}
    for e in entries:
        if e["prev"] is not None:
            by_prev.setdefault(e["prev"], []).append(e)
    for _prev, kids in sorted(by_prev.items(), key=lambda kv: (kv[1][0]["seq"], kv[0])):
        if len(kids) > 1:
            forks.append({"seq": kids[0]["seq"], "ids": sorted(k["id"] for k in kids), "after": None,
                          "reason": "several entries follow the same previous one (the same step "
                                    "was rolled more than once)"})
    for e in entries:
        parent = by_id.get(e["prev"]) if e["prev"] else None
        if parent is not None and parent["seq"] != e["seq"] - 1:
            broken.append({"id": e["id"], "seq": e["seq"], "reason": f"names entry nº {parent['seq']} as "
                           f"its previous one but is numbered {e['seq']} (not made by the page)"})
        elif parent is None and e["prev"]:
            same = by_seq.get(e["seq"] - 1)
            if same:
                forks.append({"seq": e["seq"] - 1, "ids": sorted(p["id"] for p in same), "after": e["id"],
                              "reason": f"nº {e['seq']} ({e['where']}, {e['id']}) follows another, "
                                        f"unposted nº {e['seq'] - 1}"})
    firsts = sorted(by_seq.get(1, []), key=lambda e: e["position"])
    restarts = [e["id"] for e in firsts[1:]]
    invalid = [{"position": r["position"], "seq": r.get("seq"), "reason": r["reason"], "error": r.get("error")}
               for r in rows if not r["valid"]]
    return {
        "seqs": seqs, "missing": missing, "before_first": seqs[0] - 1 if seqs else 0,
        "forks": forks, "restarts": restarts, "broken": broken, "invalid": invalid,
        "ok": not (missing or forks or restarts or broken or invalid),
    }


def _setup_key(compact: list) -> str:
    """An id for a Confrontation's setup (its compact setup, hashed): links of one game share it."""
    text = json.dumps([compact[0], compact[1]], separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def brs_row(row: dict, compact: Any, link_id: str, short: str) -> dict:
    """An audit row for a Confrontation link: valid or not, its setup key, its moves (compact) and,
    for a fair-play one, the signed entries (replayed and checked). Never raises."""
    from ..systems.brs.compact import from_compact
    from ..systems.brs.signed import signed_entries

    out = {**row, "kind": "brs", "id": link_id, "fragment": short}
    try:
        setup, moves = from_compact(compact)
        signed = signed_entries(setup, moves) if setup.get("version") == 2 else []
        if setup.get("version") != 2:
            from ..systems.brs.replay import replay

            replay(setup, moves)
    except TiradaError as err:
        return {**out, "valid": False, "reason": str(err), "error": err.to_dict()}
    nonces = [m["fresh"].get("nonce") for m in moves if isinstance(m, dict) and isinstance(m.get("fresh"), dict)]
    signed = [{**e, "nonce": n} for e, n in zip(signed, nonces)]   # for the reused-randomness check
    return {**out, "valid": True, "reason": None, "setup_key": _setup_key(compact), "moves": compact[2],
            "signed": signed, "format": 2 if setup.get("version") == 2 else 1, "seed": setup.get("seed")}


def move_rows(row: dict) -> list:
    """Pseudo-rows, one per signed move of a Confrontation row, for the movers' chains."""
    return [{"position": row["position"], "posted": row["posted"], "valid": True, "kind": "brs-move",
             "roller": e["roller"], "campaign": e["campaign"], "seq": e["seq"], "prev": e["prev"],
             "id": e["id"], "where": f"move {e['move']} of a Confrontation", "move": e["move"],
             "entries": [{"seq": e["seq"], "prev": e["prev"], "id": e["id"]}]} for e in row.get("signed", [])]


def confrontation_forks(rows: list) -> list:
    """Confrontations posted with two different continuations of the same move (someone tried a
    move, did not like its dice, and made another): ``[{"setup", "move": index, "positions": [int],
    "reason"}]``, for valid Confrontation rows sharing a setup whose move lists diverge."""
    games: dict = {}
    for row in rows:
        if row.get("kind") == "brs" and row.get("valid"):
            games.setdefault(row["setup_key"], []).append(row)
    out = []
    for key, links in games.items():
        reported = set()
        for i, a in enumerate(links):
            for b in links[i + 1:]:
                ma, mb = a["moves"], b["moves"]
                k = next((j for j, (x, y) in enumerate(zip(ma, mb)) if x != y), None)
                if k is None or (k, a["position"]) in reported:
                    continue
                reported.add((k, a["position"]))
                out.append({"setup": key, "move": k, "positions": [a["position"], b["position"]],
                            "reason": f"two different moves nº {k + 1} of the same Confrontation"})
    return sorted(out, key=lambda f: (f["positions"][0], f["move"]))


def request_row(row: dict, spec: dict, link_id: str, short: str) -> dict:
    """An audit row for a GM roll request link (never raises)."""
    return {**row, "kind": "request", "valid": True, "reason": None, "id": link_id, "fragment": short,
            "spec": spec}


def _fixed_campaign(answers: list, rows: list, specs: dict, flags: dict, problems: dict) -> None:
    """A GM request naming no campaign fixes the campaign its answer comes from (issue #38): the
    campaign of the same person's (:func:`tirada.names.person`) first chained roll in the thread. An
    answer from another campaign — tried in throwaway chains and the best posted — gets
    ``audit.request_campaign_fixed`` (params ``got``, ``want``) and its request the problem
    ``"campaign"``."""
    from ..names import person

    home: dict = {}
    for row in sorted(rows, key=lambda r: r["position"]):
        if row.get("kind") == "roll" and row.get("valid") and row.get("roller") and row.get("seq") is not None:
            home.setdefault(person(row["roller"]), row.get("campaign") or "")
    for roll in answers:
        spec = specs.get(roll["gm_request"])
        if spec is None or spec.get("campaign") or not roll.get("roller") or roll.get("seq") is None:
            continue
        want, got = home.get(person(roll["roller"]), ""), roll.get("campaign") or ""
        if got != want:
            problems[roll["gm_request"]].append("campaign")
            flags.setdefault(roll["id"], []).append({"request": roll["gm_request"], "fails": True, **flag(
                code="audit.request_campaign_fixed", params={"got": got or "—", "want": want or "—"},
                reason=f"answers a request naming no campaign from campaign {got or 'none'}, while the same "
                       f"person's first roll in this thread is in {want or 'none'}: the answer could have been "
                       "tried in throwaway campaigns")})


def request_report(rows: list) -> tuple:
    """Match rolls to the GM roll requests in the text (docs/link-format.md §17.3).

    Returns:
        ``(requests, flags)``: ``requests`` = ``[{"id", "label", "for", "position", "rolls": [roll
        link ids], "problems": [code]}]`` in text order, codes ``"same_id"`` (two different requests
        with one id), ``"mismatch"`` (a roll that does not match it), ``"second_roll"`` (more than one
        roll), ``"unchained"`` (answered by a roll outside any chain), ``"no_roll"`` (no roll for it
        in the text); ``flags`` = ``{roll link id: [{"request", "reason", "fails": bool, "code",
        "params"}]}`` (:func:`flag`) — a second roll for the same request, a roll that does not match
        (``audit.request_campaign`` another campaign, ``audit.request_campaign_fixed`` a request naming
        no campaign answered from another campaign than the person's first roll in the thread
        (:func:`_fixed_campaign`, request problem ``"campaign"``), ``audit.request_roller`` another roller,
        ``audit.request_mismatch`` another field) and a roll with no roller or chain number
        (``audit.request_unchained``: nothing shows how often it was tried) fail; a roll naming a
        request that is not in the text is only noted.
    """
    from .gm_request import mismatches

    specs: dict = {}
    problems: dict = {}
    order = []
    for row in rows:
        if row.get("kind") != "request":
            continue
        spec = row["spec"]
        if spec["id"] in specs:
            if specs[spec["id"]] != spec:
                problems[spec["id"]].append("same_id")
            continue
        specs[spec["id"]] = spec
        problems[spec["id"]] = []
        order.append((spec["id"], row["position"]))
    flags: dict = {}
    answered: dict = {}
    rolls = sorted((r for r in rows if r.get("kind") == "roll" and r.get("gm_request")), key=lambda r: r["position"])
    for roll in rolls:
        rid = roll["gm_request"]
        spec = specs.get(rid)
        if spec is None:
            flags.setdefault(roll["id"], []).append({"request": rid, "fails": False, **flag(
                code="audit.request_absent", reason="names a GM request that is not in this text")})
            continue
        earlier = answered.setdefault(rid, [])
        mine = flags.setdefault(roll["id"], [])
        if earlier:
            mine.append({"request": rid, "fails": True, **flag(
                code="audit.request_second", reason="a second roll for the same GM request")})
        earlier.append(roll["id"])
        if roll.get("roller") is None or roll.get("seq") is None:
            problems[rid].append("unchained")
            mine.append({"request": rid, "fails": True, **flag(
                code="audit.request_unchained", reason="answers a GM request outside any chain (no roller "
                "or number): nothing shows how many times it was tried")})
        wrong = mismatches(spec, roll.get("request") or {}, roll.get("roller"), roll.get("campaign"))
        if wrong:
            problems[rid].append("mismatch")
            reason = "does not match its GM request: " + "; ".join(wrong)
            if wrong[-1].startswith("campaign "):
                mine.append({"request": rid, "fails": True, **flag(
                    code="audit.request_campaign", reason=reason,
                    params={"got": roll.get("campaign") or "—", "want": spec["campaign"]})})
            elif wrong[-1].startswith("rolled by "):
                mine.append({"request": rid, "fails": True, **flag(
                    code="audit.request_roller", reason=reason,
                    params={"got": roll.get("roller") or "—", "want": spec["for"]})})
            else:
                mine.append({"request": rid, "fails": True, **flag(code="audit.request_mismatch", reason=reason)})
    _fixed_campaign(rolls, rows, specs, flags, problems)
    requests = [{"id": rid, "label": specs[rid].get("label"), "for": specs[rid].get("for"), "position": pos,
                 "rolls": answered.get(rid, []),
                 "problems": problems[rid] + (["second_roll"] if len(answered.get(rid, [])) > 1 else [])
                 + ([] if answered.get(rid) else ["no_roll"])}
                for rid, pos in order]
    return requests, flags
