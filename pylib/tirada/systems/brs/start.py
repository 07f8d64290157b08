"""Blood Red Sands fair play: the Confrontation's start signed by the starter's chain (setup
version 2; docs/brs-format.md §Fair play, the start).

A version-2 setup's ``seed`` (made by the page when "Empezar" is pressed) draws every starting die.
Without a signature the starter could press "Empezar" again and again and post the best start with
no trace. A signed setup carries ``"start": {"roller", "seq", "prev"}`` — the position that seed
took in the starter's roller chain (roller = the name the starter rolls under, ≤ 40 characters;
campaign = the setup's ``campaign``), as :func:`tirada.links.chain.reserve` gives it; the chain
entry's id is :func:`tirada.fresh.entry_id` ``(seq, prev, seed bytes)``. A second start takes the
next number (a gap when only one is posted) or, from another device, the same one (a fork).

A signed setup also promises that the game can be played to its end: every player's name can sign
a move (a roller name, ≤ 40 characters), checked here; the sizes are checked by
:func:`tirada.systems.brs.link.check_playable`. Setups without ``start`` (made before) read as
before. Pure functions.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...portable import strip
from ...wire.roll_layout import LIMITS, MAX_SEQ, check_int, check_prev, check_text, is_roller_name

__all__ = ["RULE_START", "check_mover_names", "check_start"]

RULE_START = "brs-format.md §Fair play (the start)"


def check_start(value: Any, version: int) -> tuple | None:
    """A setup's ``start`` signature as ``(roller, seq, prev_hex | None)`` (``None`` when absent).

    Raises:
        InvalidRequest: ``brs.start_needs_v2`` (a start signature in a version-1 setup),
        ``brs.start_invalid`` (not ``{roller, seq 1..10^9, prev: 12 hex exactly when seq > 1}``, or a
        roller name the chains refuse: empty, over 40 characters, not trimmed NFC text).
    """
    if value is None:
        return None
    if version != 2:
        raise InvalidRequest("a signed start needs setup version 2", field="start", rule=RULE_START,
                             code="brs.start_needs_v2")
    if not isinstance(value, Mapping) or set(value) != {"roller", "seq", "prev"}:
        raise InvalidRequest("must be {roller, seq, prev}", field="start", rule=RULE_START, code="brs.start_invalid")
    try:
        roller = check_text(value["roller"], "roller")
        seq = check_int(value["seq"], "seq", 1, MAX_SEQ)
        prev = check_prev(value["prev"])
    except InvalidRequest:
        roller, seq, prev = None, None, None
    if roller is None or roller != value["roller"] or roller != strip(roller) or seq is None \
            or (seq > 1) != (prev is not None):
        raise InvalidRequest("must be {roller: 1 to 40 characters, seq: a whole number from 1, prev: 12 "
                             "hex digits exactly when seq is above 1}", field="start", rule=RULE_START,
                             code="brs.start_invalid")
    return (roller, seq, prev.hex() if prev else None)


def check_mover_names(names: list) -> None:
    """Every player's name can sign that player's moves that roll (a roller name: ≤ 40 characters,
    NFC): refused at the start, never at the first roll mid-game.

    Raises:
        InvalidRequest: ``brs.player_name_roller`` (params ``name``, ``n``), field
        ``players[i].name``.
    """
    for i, name in enumerate(names):
        if not is_roller_name(name):
            raise InvalidRequest(f"{name[:40]!r}…: a player's name signs their moves, so it has at most "
                                 f"{LIMITS['roller']} characters", field=f"players[{i}].name",
                                 rule=RULE_START, code="brs.player_name_roller",
                                 params={"name": name[:40], "n": LIMITS["roller"]})
