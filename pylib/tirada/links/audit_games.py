"""Thread audit, games part: Tragedia scene links and Blood Red Sands Confrontation links.

docs/link-format.md §9 and §16.10. Each game link is replayed exactly as the page opens it
(:func:`tirada.systems.tragedia.play.check_link`, :func:`tirada.systems.brs.link.check_opened`: the
same limits, so a link the page refuses is reported invalid with the page's reason). Its signed
randomness joins the chains of the people who made it:

* a scene's signed roll (ledger schema 2) is an entry of the roller's chain (the ``by`` name, the
  ledger's ``campaign``);
* a Confrontation's signed start is an entry of the starter's chain, and each signed move one of the
  mover's chain (:func:`tirada.systems.brs.signed.signed_entries`).

Forks of games (:func:`game_forks`): two scene links of one scene whose actions diverge (``rolled``
when a roll follows the point where they part: a roll tried twice), and one Confrontation set-up
started more than once (different seeds: the starting dice tried again).

Public API (hooked into :mod:`tirada.links.audit`): :func:`game_row`, :func:`game_move_rows`,
:func:`game_forks`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..errors import TiradaError

__all__ = ["game_forks", "game_move_rows", "game_row"]


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
    if start is not None:
        signed.insert(0, {**start, "what": "start", "where": "start of a Confrontation"})
    return {**out, "valid": True, "reason": None, "format": 2 if setup.get("version") == 2 else 1,
            "setup_key": _setup_key(body), "moves": body[2], "signed": signed,
            "start_key": _digest({k: v for k, v in setup.items() if k not in ("seed", "start")}).hex()[:12],
            "signed_start": start, "seed": setup.get("seed")}


def game_move_rows(row: dict) -> list:
    """Pseudo-rows, one per signed entry of a valid game row, for the chains of who made them:
    ``kind`` ``"brs-move"`` (a signed entry of a game link) with ``what`` = ``"move"`` (``move``:
    its index), ``"start"`` (a Confrontation's start) or ``"scene_roll"`` (``stage``: final /
    post_loss)."""
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
