"""Blood Red Sands: a Confrontation (setup + moves) as a share link, and back.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §What the tool must
do (asynchronous play: each move yields a link that the next player opens to continue). The link is
the generic format of :mod:`tirada.links.codec` (``t1…``, kind ``"brs"``: deterministic CBOR of
:func:`tirada.systems.brs.compact.to_compact`, raw-DEFLATEd, with an integrity check). It carries only the
setup (with its seed) and the players' decisions; opening it replays them, so nothing derived can
be edited.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import LinkError
from ...links.codec import decode_payload, encode_payload
from .compact import from_compact, to_compact
from .config import Setup
from .replay import replay

__all__ = ["decode_link", "encode_link", "open_link"]


def encode_link(setup: Setup | Mapping, moves: list) -> str:
    """The fragment ``"t1…"`` (no ``#``) of a Confrontation after ``moves``.

    Raises:
        InvalidRequest: a bad setup or move shape (see :func:`to_compact`).
        LinkError: the Confrontation is too large for a link.
    """
    return encode_payload("brs", to_compact(setup, list(moves)))


def decode_link(fragment: Any) -> tuple:
    """``(setup_dict, moves)`` from a fragment (full URL, ``#t1…`` or ``t1…``).

    Raises:
        LinkError: not a Tirada link, damaged, or a link of another kind (a roll, a scene).
        InvalidRequest: the setup it carries is invalid.
    """
    kind, data = decode_payload(fragment)
    if kind != "brs":
        raise LinkError(f"this is a {kind} link, not a Blood Red Sands Confrontation", field="link",
                        code="link.wrong_kind_brs", params={"kind": str(kind)[:20]})
    return from_compact(data)


def open_link(fragment: Any) -> tuple:
    """``(setup_dict, moves, state)``: :func:`decode_link`, then replay every move.

    Raises:
        LinkError / InvalidRequest / IllegalMove: as :func:`decode_link` and :func:`replay`.
    """
    setup, moves = decode_link(fragment)
    return setup, moves, replay(setup, moves)
