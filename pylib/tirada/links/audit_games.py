"""Thread audit, games part: Tragedia scene links and Blood Red Sands Confrontation links.

docs/link-format.md §9 and §16.10. Each game link is replayed exactly as the page opens it
(:func:`tirada.systems.tragedia.play.check_link`, :func:`tirada.systems.brs.link.check_opened`: the
same limits, so a link the page refuses is reported invalid with the page's reason). Its signed
randomness joins the chains of the people who made it:

* a scene's signed roll (ledger schema 2) is an entry of the roller's chain (the ``by`` name, the
  ledger's ``campaign``);
* a Confrontation's signed start is an entry of the starter's chain, and each signed move one of the
  mover's chain (:func:`tirada.systems.brs.signed.signed_entries`): the chain its ``by`` names (the
  person playing the fighter, docs/link-format.md §16.6.1), else the fighter's name. A move whose
  ``by`` does not hold (another player's chain, or a move that forks or breaks the chain it names) is
  flagged ``audit.by_mismatch`` (:func:`by_mismatch`).

Forks of games (:func:`game_forks`): two scene links of one scene whose actions diverge (``rolled``
when a roll follows the point where they part: a roll tried twice), and one Confrontation set-up
started more than once (different seeds: the starting dice tried again).

Every unchained kind is flagged alike (:func:`unchained_flags`, issue #38): a Confrontation of setup
version 2 whose start takes no chain number (``audit.unchained_start``: its starting dice can be tried
again unseen), and, in a thread where fair play (format 2) is in use, a format-1 roll (a generic, SIFRP or
L5R roll) of a roller whose chain holds format-2 entries, a format-1 Tragedia scene that rolls, or a
format-1 Confrontation (``audit.format1_in_chain``): their dice after a decision were computable
before it, or their rolls take no number, and the page has made only format 2 since fair play v2.

Public API (hooked into :mod:`tirada.links.audit`): :func:`game_row`, :func:`game_move_rows`,
:func:`game_forks`, :func:`unchained_flags`, :func:`by_mismatch`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..errors import TiradaError

__all__ = ["by_mismatch", "game_forks", "game_move_rows", "game_row", "unchained_flags"]


def _digest(value: Any) -> bytes:
    """SHA-256 of a JSON value written canonically (sorted keys, no spaces)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).digest()


def _bad(out: dict, err: TiradaError) -> dict:
    return {**out, "valid": False, "reason": str(err), "error": err.to_dict()}


def game_row(kind: str, row: dict, body: Any, link_id: str, short: str, version: int) -> dict:
    """An audit row for a scene (``kind`` ``"scene"``), Confrontation (``"brs"``) or Spoils bidding
    (``"bid"``: no randomness, so no chain entries) link whose frame
    was read: replayed as the page opens it. Never raises.

    Returns:
        ``row`` plus ``{"kind", "id", "fragment", "valid", "reason", "error"?, "format"}`` and, when
        valid, ``"signed"`` (the chain entries, :func:`game_move_rows` turns them into rows) and the
        keys :func:`game_forks` compares (``setup_key``, ``start_key``, ``actions`` / ``moves``).
    """
    out = {**row, "kind": kind, "id": link_id, "fragment": short, "format": version}
    if kind == "scene":
        return _scene_row(out, body, version)
    if kind == "bid":
        return _bid_row(out, body)
    return _brs_row(out, body)


def _bid_row(out: dict, body: Any) -> dict:
    """A Spoils bidding link (issue #29): its set-up checked and every bid folded again, as the page does."""
    from ..systems.brs.bidlink import check_bid_payload

    try:
        check_bid_payload(body)
    except TiradaError as err:
        return _bad(out, err)
    return {**out, "valid": True, "reason": None, "signed": []}


def _scene_row(out: dict, body: Any, version: int) -> dict:
    from ..systems.tragedia.play import check_link, roll_entries

    try:
        ledger = check_link(version, body)
        entries = roll_entries(ledger)
    except TiradaError as err:
        return _bad(out, err)
    signed = [{**e, "what": "scene_roll", "where": f"roll ({e['stage']}) of a Tragedia scene"} for e in entries]
    return {**out, "valid": True, "reason": None, "actions": list(ledger.get("actions") or []),
            "setup_key": _digest({k: v for k, v in ledger.items() if k != "actions"}).hex()[:12],
            "signed": signed}


def _brs_row(out: dict, body: Any) -> dict:
    from ..systems.brs.link import check_opened
    from ..systems.brs.signed import signed_entries, start_entry
    from .audit_fair import _setup_key

    try:
        setup, moves, _state = check_opened(body)
        signed = [{**e, "what": "move", "where": f"move {e['move']} of a Confrontation"}
                  for e in (signed_entries(setup, moves) if setup.get("version") == 2 else [])]
        start = start_entry(setup)
    except TiradaError as err:
        return _bad(out, err)
    _opponents(signed, [p["name"] for p in setup["players"]])
    if start is not None:
        signed.insert(0, {**start, "what": "start", "where": "start of a Confrontation"})
    return {**out, "valid": True, "reason": None, "format": 2 if setup.get("version") == 2 else 1,
            "setup_key": _setup_key(body), "moves": body[2], "signed": signed,
            "start_key": _digest({k: v for k, v in setup.items() if k not in ("seed", "start")}).hex()[:12],
            "signed_start": start, "seed": setup.get("seed")}


def _opponents(signed: list, players: list) -> None:
    """Mark (``"other_player": name``) each signed move whose ``by`` names, by its look
    (:func:`tirada.names.person`), another player of the same Confrontation: a move numbered in the
    chain that player's own moves use is not theirs to take (docs/link-format.md §16.6.1)."""
    from ..names import person

    looks = [person(n) for n in players]
    for e in signed:
        if e.get("by"):
            mine = person(e["roller"])
            other = next((players[i] for i, k in enumerate(looks) if k == mine and i != e["player"]), None)
            if other is not None:
                e["other_player"] = other


def _rolls(row: dict) -> bool:
    """Whether a valid game row holds randomness: a Confrontation always (its set-up seed), a scene
    when one of its actions rolls without typed faces."""
    if row.get("kind") == "brs":
        return True
    return any(isinstance(a, dict) and "roll" in a and a.get("faces") is None for a in row.get("actions") or [])


def unchained_flags(rows: list) -> None:
    """Flag the unchained kinds of a thread's rows in place (module docstring; ``row["flags"]``):
    ``audit.unchained_start`` on a version-2 Confrontation without a signed start, and
    ``audit.format1_in_chain`` on a format-1 roll whose roller has format-2 entries in the thread
    (rolls, sealed rolls or game entries under the same name and campaign) and on a format-1 scene or
    Confrontation that rolls in a thread holding any format-2 link."""
    from .audit_fair import flag

    fair: set = set()
    any_fair = False
    for row in rows:
        if not row.get("valid") or row.get("format") != 2:
            continue
        any_fair = any_fair or row.get("kind") not in ("request",)
        if row.get("roller"):
            fair.add((row["roller"], row.get("campaign")))
        for e in row.get("signed") or []:
            fair.add((e.get("roller"), e.get("campaign")))
    for row in rows:
        if not row.get("valid"):
            continue
        made = row.setdefault("flags", [])
        if row.get("kind") == "brs" and row.get("format") == 2 and row.get("signed_start") is None:
            made.append(flag(code="audit.unchained_start",
                             reason="a Confrontation whose start takes no chain number: its starting dice could "
                                    "be tried again unseen"))
        old_roll = row.get("kind") == "roll" and row.get("format") == 1 and (row.get("roller"), row.get("campaign")) in fair
        old_game = row.get("kind") in ("scene", "brs") and row.get("format") == 1 and any_fair and _rolls(row)
        if old_roll or old_game:
            made.append(flag(code="audit.format1_in_chain",
                             reason="an older (format 1) link among fair-play links: its dice after a decision "
                                    "were computable before it, or its rolls take no chain number; the page makes "
                                    "only format 2"))
        if not made:
            del row["flags"]


def by_mismatch(item: dict, other: str | None = None) -> dict:
    """The ``audit.by_mismatch`` flag of a Confrontation move that names, with ``by``, the chain it
    was numbered in (docs/link-format.md §16.6.1) when that attribution does not hold: the chain is
    another player's of the same Confrontation (``other``), or the move does not fit the chain it
    names (it forks or breaks it: :func:`tirada.links.audit_thread.chain_flags`). Params ``by`` (the
    chain's roller), ``character`` (the fighter), ``move`` (index)."""
    from .audit_fair import flag

    why = (f"that is the chain of {other}, another player of the Confrontation" if other
           else "it does not fit that chain (it forks or breaks it)")
    return flag(code="audit.by_mismatch", params={"by": item["roller"], "character": item.get("character") or "",
                                                  "move": item.get("move", 0)},
                reason=f"move {item.get('move', 0)} of {item.get('character')} is numbered in {item['roller']}'s chain "
                       f"(by) but {why}: {item['roller']} may not have made it")


def game_move_rows(row: dict) -> list:
    """Pseudo-rows, one per signed entry of a valid game row, for the chains of who made them:
    ``kind`` ``"brs-move"`` (a signed entry of a game link) with ``what`` = ``"move"`` (``move``:
    its index), ``"start"`` (a Confrontation's start) or ``"scene_roll"`` (``stage``: final /
    post_loss). A move numbered in the chain of the person playing the fighter (``by``,
    docs/link-format.md §16.6.1) goes to that person's chain, with ``character`` (the fighter's
    name) and ``by: True``; one whose ``by`` names another player of the Confrontation is flagged
    (:func:`by_mismatch`)."""
    out = []
    for e in row.get("signed", []):
        item = {"position": row["position"], "posted": row["posted"], "valid": True, "kind": "brs-move",
                "what": e["what"], "roller": e["roller"], "campaign": e["campaign"], "seq": e["seq"],
                "prev": e["prev"], "id": e["id"], "where": e["where"], "game": row["kind"],
                "entries": [{"seq": e["seq"], "prev": e["prev"], "id": e["id"]}]}
        if "move" in e:
            item["move"] = e["move"]
        if "stage" in e:
            item["stage"] = e["stage"]
        if e.get("by"):      # a move numbered in the chain of the person playing the fighter (§16.6.1)
            item.update(character=e["character"], by=True)
        if e.get("other_player"):
            item["flags"] = [by_mismatch(item, e["other_player"])]
        out.append(item)
    return out


def _scene_forks(rows: list) -> list:
    """Points where two scene links of one scene part: ``[{"kind": "scene", "action": k,
    "positions": [first, second], "rolled": bool, "reason"}]``. Linear in the actions posted: each
    link's prefixes are hashed once, and a point is reported when a second, different next action
    follows the same prefix."""
    seen: dict = {}
    out = []
    for row in sorted(rows, key=lambda r: r["position"]):
        h = hashlib.sha256(row["setup_key"].encode())
        actions = row["actions"]
        for k, action in enumerate(actions):
            here = seen.setdefault((k, h.digest()), {})
            step = _digest(action)
            if step not in here:
                if len(here) == 1:   # a second continuation of the same point: report it once
                    first, first_actions = next(iter(here.values()))
                    rolled = any(isinstance(a, dict) and "roll" in a for a in first_actions[k:] + actions[k:])
                    out.append({"kind": "scene", "action": k, "positions": [first, row["position"]],
                                "rolled": rolled,
                                "reason": (f"two different continuations of the same Tragedia scene after "
                                           f"action {k}" + (", with a roll: a roll tried twice" if rolled else ""))})
                here[step] = (row["position"], actions)
            h.update(step)
    return out


def _start_forks(rows: list) -> list:
    """One Confrontation set-up started more than once (its links carry different seeds):
    ``[{"kind": "brs_start", "positions": [first link of each start], "starts": [{"roller", "seq"} |
    None], "reason"}]``."""
    groups: dict = {}
    for row in sorted(rows, key=lambda r: r["position"]):
        games = groups.setdefault(row["start_key"], {})
        games.setdefault(row["setup_key"], row)
    out = []
    for games in groups.values():
        if len(games) > 1:
            firsts = list(games.values())
            out.append({"kind": "brs_start", "positions": [r["position"] for r in firsts],
                        "starts": [{"roller": r["signed_start"]["roller"], "seq": r["signed_start"]["seq"]} if r.get("signed_start")
                                   else None for r in firsts],
                        "reason": f"the same Confrontation set-up was started {len(firsts)} times (other "
                                  "starting dice each time): unless it is a rematch, the start was tried again"})
    return out


def game_forks(rows: list) -> list:
    """Forks of the valid game rows of an audit (:func:`_scene_forks`, :func:`_start_forks`), by the
    position of their first link."""
    scenes = [r for r in rows if r.get("kind") == "scene" and r.get("valid")]
    fights = [r for r in rows if r.get("kind") == "brs" and r.get("valid")]
    return sorted(_scene_forks(scenes) + _start_forks(fights), key=lambda f: f["positions"])
