"""Blood Red Sands: a Confrontation (setup + moves) as a share link, and back.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §What the tool must
do (asynchronous play: each move yields a link that the next player opens to continue). The link is
the generic format of :mod:`tirada.wire.codec` (``t1…``, kind ``"brs"``: deterministic CBOR of
:func:`tirada.systems.brs.compact.to_compact`, raw-DEFLATEd, with an integrity check). It carries only the
setup (with its seed) and the players' decisions; opening it replays them, so nothing derived can
be edited. A Confrontation link always carries a seed: a setup with ``faces`` (dice typed by hand)
is refused both ways — a list of faces would fix every later roll, the opponent's rerolls included,
so typed dice stay in the browser that typed them (issue #18).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest, LinkError
from ...wire.codec import decode_payload, encode_payload
from .compact import from_compact, to_compact
from .config import Setup
from .replay import new_confrontation, replay

__all__ = ["MAX_LINK_WORK", "MAX_START_DICE", "MAX_START_FRAGMENT", "TYPED_DICE", "check_opened",
           "check_playable", "decode_link", "encode_link", "open_link"]

#: most moves × dice a link may ask to replay: ≈ 0.4 s on CPython, ≈ 1 s in Pyodide (a whole
#: 20-exchange game of 36 dice is 122 moves × 36 = 4,392; a 1,600-move link took 2 s in the page)
MAX_LINK_WORK = 12_000
#: most dice a Confrontation started on the page may hold: a whole game takes about 3.4 moves per
#: die (the 20-exchange game above: 122 moves for 36 dice), so at 4 per die a start of 54 dice
#: still opens from its link at the end (54 × 4 × 54 = 11,664 ≤ :data:`MAX_LINK_WORK`)
MAX_START_DICE = 54
#: longest link of a Confrontation before any move (half the longest link: the moves need room)
MAX_START_FRAGMENT = 4096

#: why a Confrontation with dice typed by hand has no link
TYPED_DICE = ("a Confrontation link needs a seed: dice typed by hand cannot be shared (they would fix "
              "every later roll); they stay in the browser that typed them")


def encode_link(setup: Setup | Mapping, moves: list) -> str:
    """The fragment (no ``#``) of a Confrontation after ``moves``: ``"t1…"`` for a version-1
    setup, ``"t2…"`` for a fair-play (version 2) one.

    Raises:
        InvalidRequest: a bad setup or move shape (see :func:`to_compact`), or a setup with ``faces``
        (dice typed by hand cannot be shared: field ``faces``).
        LinkError: the Confrontation is too large for a link.
    """
    faces = setup.faces if isinstance(setup, Setup) else (setup or {}).get("faces") if isinstance(setup, Mapping) else None
    if faces is not None:
        raise InvalidRequest(TYPED_DICE, field="faces", code="brs.link_typed_dice")
    compact = to_compact(setup, list(moves))
    return encode_payload("brs", compact, version=2 if compact[0] == 2 else 1)


def decode_link(fragment: Any) -> tuple:
    """``(setup_dict, moves)`` from a fragment (full URL, ``#t1…`` or ``t1…``).

    Raises:
        LinkError: not a Tirada link, damaged, a link of another kind (a roll, a scene), or one
        that carries dice typed by hand instead of a seed.
        InvalidRequest: the setup it carries is invalid.
    """
    kind, data = decode_payload(fragment)
    if kind != "brs":
        raise LinkError(f"this is a {kind} link, not a Blood Red Sands Confrontation", field="link",
                        code="link.wrong_kind_brs", params={"kind": str(kind)[:20]})
    setup, moves = from_compact(data)
    if setup.get("faces") is not None:
        raise LinkError(TYPED_DICE, field="faces", code="brs.link_typed_dice")
    return setup, moves


def check_playable(setup: Setup | Mapping) -> None:
    """Refuse at the start a Confrontation whose links would be refused before its end (a game
    must never stop mid-way): more than :data:`MAX_START_DICE` dice, or a link longer than
    :data:`MAX_START_FRAGMENT` characters before any move.

    Raises:
        InvalidRequest: ``brs.start_too_many_dice`` (params ``got``, ``n``; field ``players``),
        ``brs.start_too_long`` (params ``got``, ``n``), or what :func:`encode_link` refuses.
    """
    s = setup if isinstance(setup, Setup) else Setup.from_dict(setup)
    dice = len(s.traits)
    if dice > MAX_START_DICE:
        raise InvalidRequest(f"{dice} dice are too many for a game played by links (at most "
                             f"{MAX_START_DICE}: its link would be refused before the end)", field="players",
                             code="brs.start_too_many_dice", params={"got": dice, "n": MAX_START_DICE})
    try:
        size = len(encode_link(s, []))
    except LinkError:
        size = MAX_START_FRAGMENT + 1
    if size > MAX_START_FRAGMENT:
        raise InvalidRequest(f"the set-up alone makes a link of {size} characters (at most "
                             f"{MAX_START_FRAGMENT}, so the moves have room): shorten the texts",
                             field="players", code="brs.start_too_long", params={"got": size, "n": MAX_START_FRAGMENT})


def check_opened(data: Any) -> tuple:
    """``(setup_dict, moves, state)`` from the decoded body of a Confrontation link, checked as the
    page opens it (the thread audit calls this too, so both refuse the same links): no typed dice,
    moves × dice within :data:`MAX_LINK_WORK` (before replaying), every move replayed.

    Raises:
        LinkError / InvalidRequest / IllegalMove: as :func:`open_link`.
    """
    setup, moves = from_compact(data)
    if setup.get("faces") is not None:
        raise LinkError(TYPED_DICE, field="faces", code="brs.link_typed_dice")
    dice = len(new_confrontation(setup)[0].dice)
    if len(moves) * max(dice, 1) > MAX_LINK_WORK:   # bounded before the replay is spent
        raise LinkError(f"this Confrontation link has too many moves to replay at once ({len(moves)} moves "
                        f"of {dice} dice; at most {MAX_LINK_WORK} moves × dice)", field="moves",
                        code="brs.link_too_many_moves", params={"got": len(moves), "dice": dice, "n": MAX_LINK_WORK})
    return setup, moves, replay(setup, moves)


def open_link(fragment: Any) -> tuple:
    """``(setup_dict, moves, state)``: :func:`decode_link`, then replay every move
    (:func:`check_opened`).

    Raises:
        LinkError / InvalidRequest / IllegalMove: as :func:`decode_link` and :func:`replay`;
        LinkError (field ``moves``) when moves × dice pass :data:`MAX_LINK_WORK`, before replaying.
    """
    kind, data = decode_payload(fragment)
    if kind != "brs":
        raise LinkError(f"this is a {kind} link, not a Blood Red Sands Confrontation", field="link",
                        code="link.wrong_kind_brs", params={"kind": str(kind)[:20]})
    return check_opened(data)
