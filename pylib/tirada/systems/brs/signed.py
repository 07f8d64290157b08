"""Blood Red Sands fair play: playing a move with fresh dice (the page) and reading the signed moves
of a Confrontation (the audit). Rules of the signatures: :mod:`tirada.systems.brs.fair`
(docs/brs-format.md §Fair play).

Kept apart from :mod:`tirada.systems.brs.fair` because these fold moves with
:mod:`tirada.systems.brs.replay`, which itself uses that module.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...errors import IllegalMove, InvalidRequest
from ...fresh import entry_id, new_nonce
from .fair import apply_v2, check_signature, mover
from .replay import _apply as apply
from .replay import apply as apply_move
from .replay import new_confrontation
from .state import State

__all__ = ["play_fresh", "signed_entries"]


def play_fresh(state: State, move: Mapping[str, Any], commit: Callable[[int, str], dict]) -> tuple:
    """For the page: apply ``move`` to a version-2 state; when it rolls dice, first commit fresh
    dice for it.

    Args:
        commit: ``commit(player_index, nonce) -> {"seq", "prev"}`` — takes the mover's next chain
            number for ``nonce`` (made here with :func:`~tirada.fresh.new_nonce`) and stores the
            chain; called only when the move is legal and rolls.
    Returns:
        ``(new_state, move_as_logged)`` — the move with its ``fresh`` signature when it rolled (the
        new state has ``moves`` counted like :func:`tirada.systems.brs.replay.apply`).
    Raises:
        IllegalMove / InvalidRequest: as :func:`apply_v2` (nothing is committed for a refused move).
    """
    move = {k: v for k, v in dict(move).items() if k != "fresh"}
    try:
        return apply_v2(state, move, apply), move
    except InvalidRequest as err:
        if err.field != "fresh" or mover(state, move) is None:
            raise
    who = mover(state, move)
    assert who is not None   # a move that rolls nothing re-raised above
    nonce = new_nonce()
    # check that the move is legal before any chain number is taken: replay it on a throwaway nonce
    trial = {**move, "fresh": {"nonce": nonce, "seq": 1, "prev": None}}
    apply_v2(state, trial, apply)
    position = commit(who, nonce)
    signed = {**move, "fresh": {"nonce": nonce, "seq": position["seq"], "prev": position["prev"]}}
    return apply_v2(state, signed, apply), signed


def signed_entries(setup: Mapping[str, Any], moves: list) -> list:
    """The chain entries of a version-2 Confrontation's signed moves, replaying it to check them.

    Returns:
        ``[{"move": index, "player": index, "roller": name, "campaign": str | None, "seq", "prev",
        "id"}]`` in move order (``id`` = :func:`~tirada.fresh.entry_id` of the nonce at that position).
    Raises:
        IllegalMove / InvalidRequest: the Confrontation does not replay (see :func:`tirada.systems.brs.replay`).
    """
    state, _ = new_confrontation(setup)
    out = []
    for k, move in enumerate(moves):
        sig = move.get("fresh") if isinstance(move, Mapping) else None
        who = mover(state, move) if sig is not None else None
        try:
            state = apply_move(state, move, None)
        except (IllegalMove, InvalidRequest) as err:
            raise type(err)(f"move {k}: {err.message}", field=f"moves[{k}]", rule=err.rule, code=err.code,
                            params=err.params) from None
        if sig is not None:
            assert who is not None   # fresh dice on a move that rolls nothing was refused by apply_move
            sig = check_signature(sig)
            out.append({"move": k, "player": who, "roller": state.setup.players[who].name,
                        "campaign": state.setup.campaign or None, "seq": sig["seq"], "prev": sig["prev"],
                        "id": entry_id(sig["seq"], sig["prev"], bytes.fromhex(sig["nonce"]))})
    return out
