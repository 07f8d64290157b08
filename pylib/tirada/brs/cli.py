"""``python -m tirada brs …``: Blood Red Sands Confrontations from the command line.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``); formats in
docs/brs-format.md.

* ``brs replay FILE`` (or ``brs replay -`` / JSON on stdin): ``{"setup": …, "moves": […]}`` →
  the final state (:func:`tirada.brs.report.summary`).
* ``brs defences JSON``: ``{"score": int, "dice": [...], "limit": int?}`` →
  :func:`tirada.brs.defence.smallest_defences`.

An illegal move raises IllegalMove naming the move index and the rule (the CLI exits with 2).
"""

from __future__ import annotations

from typing import Mapping

from ..cli import read_json
from ..errors import InvalidRequest
from ..fields import reject_unknown
from .defence import smallest_defences
from .replay import replay
from .report import summary

__all__ = ["cmd_brs", "load_confrontation"]

USAGE = "usage: brs replay FILE | brs defences JSON"


def load_confrontation(data: object) -> dict:
    """Replay ``{"setup": …, "moves": […]}`` and return :func:`summary` of the final state.

    Raises:
        InvalidRequest: not that shape, or a bad setup; IllegalMove: a refused move (``field``
        ``moves[k]…``, ``rule`` its section).
    """
    if not isinstance(data, Mapping):
        raise InvalidRequest("a Confrontation file is a JSON object {setup, moves}", field="file",
                             code="cli.brs_file")
    reject_unknown(data, {"setup", "moves"}, "Confrontation file")
    if "setup" not in data:
        raise InvalidRequest("is required", field="setup", code="field.required")
    out = summary(replay(data["setup"], data.get("moves", [])))
    del out["board"]
    return out


def _read_file(path: str) -> str:  # CPython CLI only: the page passes text
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as err:
        raise InvalidRequest(f"cannot read {path[:80]}: {err.strerror}", field="file",
                             code="cli.cannot_read", params={"path": path[:80]}) from None


def cmd_brs(argv: list, stdin_text: str | None) -> dict:
    """``brs replay FILE|-`` or ``brs defences JSON`` (see the module docstring).

    Raises:
        InvalidRequest: no or unknown subcommand, unreadable file, invalid JSON or request;
        IllegalMove: a refused move in the replayed log.
    """
    if not argv:
        raise InvalidRequest(USAGE, field="command", code="cli.usage")
    sub, rest = argv[0], argv[1:]
    if sub == "replay":
        text = _read_file(rest[0]) if rest and rest[0] != "-" else stdin_text
        return load_confrontation(read_json([text] if text is not None else [], None, "Confrontation file"))
    if sub == "defences":
        req = read_json(rest, stdin_text, "defence request")
        if not isinstance(req, Mapping):
            raise InvalidRequest("the request is a JSON object {score, dice, limit?}", field="request",
                                 code="cli.brs_request")
        reject_unknown(req, {"score", "dice", "limit"}, "defences")
        if "score" not in req:
            raise InvalidRequest("is required", field="score", code="field.required")
        return smallest_defences(req["score"], req.get("dice"), req.get("limit", 10))
    raise InvalidRequest(f"unknown subcommand {sub[:20]!r}; {USAGE}", field="command",
                         code="cli.unknown_subcommand", params={"sub": sub[:20]})

