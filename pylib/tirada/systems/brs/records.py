"""Blood Red Sands: the pre-fight and post-fight records as files (the ``brs bidding``, ``brs
trigger`` and ``brs aftermath`` commands of :mod:`tirada.cli`).

Rules: ../shared/rules/blood-red-sands.md §Before the fight: the Spoils, §The fight; formats in
docs/brs-spoils.md. Each record is opt-in and separate from the Confrontation's link.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...fields import reject_unknown

__all__ = ["RECORDS", "load_record"]

#: the record kinds a file may hold.
RECORDS = ("bidding", "trigger", "aftermath")


def _object(data: Any, keys: set, what: str) -> Mapping:
    if not isinstance(data, Mapping):
        raise InvalidRequest(f"a {what} file is a JSON object", field="file", code="cli.brs_file")
    reject_unknown(data, keys, f"{what} file")
    if "setup" in keys and "setup" not in data:
        raise InvalidRequest("is required", field="setup", code="field.required")
    return data


def load_record(kind: str, data: Any) -> dict:
    """Check one record file and return its JSON result.

    * ``bidding``: ``{"bids": [...], "sides"?: [2 names]}`` → :func:`.spoils.bidding_summary`.
    * ``trigger``: ``{"setup", "trigger"}`` → :func:`.trigger.check_trigger`.
    * ``aftermath``: ``{"setup", "moves", "kinds"?, "sheets"?: {player name: BRS sheet}}`` →
      :func:`.aftermath.aftermath`, plus ``sheets`` (each given sheet with the player's part
      applied, :func:`tirada.sheets.brs_record.apply_aftermath`) and ``most_devastated`` among them.
      The file is new input: its notes are checked as a new move's (a note over 200 characters is
      refused, ``replay(…, check_notes=True)``).

    Raises:
        InvalidRequest / IllegalMove: a bad file, bid, trigger, setup, move or sheet (the field names
        the place); an unknown kind (``cli.unknown_subcommand``).
    """
    if kind == "bidding":
        from .spoils import bidding_from_dict, bidding_summary

        req = _object(data, {"bids", "sides"}, "bidding")
        sides = req.get("sides") or ["Chronicler", "Players"]
        if not isinstance(sides, list) or len(sides) != 2 or not all(isinstance(s, str) for s in sides):
            raise InvalidRequest("must name exactly 2 sides", field="sides", code="brs.sides_two")
        return bidding_summary(bidding_from_dict({"bids": req.get("bids") or []}), tuple(sides))
    if kind == "trigger":
        from .trigger import check_trigger

        req = _object(data, {"setup", "trigger"}, "trigger")
        return check_trigger(req["setup"], req.get("trigger"))
    if kind == "aftermath":
        from ...sheets.brs import BrsSheet
        from ...sheets.brs_record import apply_aftermath, most_devastated
        from .aftermath import aftermath
        from .replay import replay

        req = _object(data, {"setup", "moves", "kinds", "sheets"}, "aftermath")
        out = aftermath(replay(req["setup"], req.get("moves") or [], check_notes=True), req.get("kinds"))
        given = req.get("sheets")
        if given is not None:
            if not isinstance(given, Mapping):
                raise InvalidRequest("must be an object {player name: sheet}", field="sheets", code="brs.aftermath_sheets")
            parts = {p["name"]: p for p in out["players"]}
            sheets = {}
            for name, raw in given.items():
                if name not in parts:
                    raise InvalidRequest("names no player of this Confrontation", field=f"sheets.{str(name)[:40]}",
                                         code="brs.aftermath_sheets")
                sheets[name] = apply_aftermath(BrsSheet.from_dict(raw, f"sheets.{name}"), parts[name])
            out["sheets"] = {n: s.to_dict() for n, s in sheets.items()}
            out["most_devastated"] = most_devastated(sheets)
        return out
    raise InvalidRequest(f"unknown record {kind[:20]!r}", field="command", code="cli.unknown_subcommand",
                         params={"sub": kind[:20]})
