"""Blood Red Sands fair play: playing a move with fresh dice (the page) and reading the signed moves
of a Confrontation (the audit). Rules of the signatures: :mod:`tirada.systems.brs.fair`
(docs/brs-format.md §Fair play).

Kept apart from :mod:`tirada.systems.brs.fair` because these fold moves with
:mod:`tirada.systems.brs.replay`, which itself uses that module.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...errors import IllegalMove, InvalidRequest
from ...dice import new_seed, parse_seed
from ...fresh import entry_id, new_nonce
from ...portable import merged
from .config import Setup
from .link import check_playable
from .start import check_mover_names
from .fair import apply_v2, chain_name, check_signature, mover
from .replay import _apply as apply
from .replay import apply as apply_move
from .replay import new_confrontation
from .state import State

__all__ = ["play_fresh", "signed_entries", "start_entry", "start_fresh"]


def play_fresh(state: State, move: Mapping[str, Any], commit: Callable[[int, str], dict]) -> tuple:
    """For the page: apply ``move`` to a version-2 state; when it rolls dice, first commit fresh
    dice for it.

    Args:
        commit: ``commit(player_index, nonce) -> {"seq", "prev", "by"?}`` — takes the next chain
            number for ``nonce`` (made here with :func:`~tirada.fresh.new_nonce`) in the chain of the
            person playing that seat and stores the chain; called only when the move is legal and
            rolls. ``by``: that person's roller name when the number was taken in their chain, not in
            the chain named after the player (docs/link-format.md §16.6.1); written in the signature
            when it differs from the player's name.
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
    trial = merged(move, {"fresh": {"nonce": nonce, "seq": 1, "prev": None}})
    apply_v2(state, trial, apply)
    position = commit(who, nonce)
    sig = {"nonce": nonce, "seq": position["seq"], "prev": position["prev"]}
    by = position.get("by")
    if by and by != state.setup.players[who].name:
        sig["by"] = by
    signed = merged(move, {"fresh": sig})
    return apply_v2(state, signed, apply), signed


def signed_entries(setup: Mapping[str, Any], moves: list) -> list:
    """The chain entries of a version-2 Confrontation's signed moves, replaying it to check them.

    Returns:
        ``[{"move": index, "player": index, "roller": name, "campaign": str | None, "seq", "prev",
        "id"}]`` in move order (``id`` = :func:`~tirada.fresh.entry_id` of the nonce at that position).
        ``roller`` is the chain the move was numbered in: the signature's ``by`` when it has one
        (docs/link-format.md §16.6.1; the entry then also carries ``"character"``: the player's
        name, and ``"by": True``), else the player's name.
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
            entry = {"move": k, "player": who, "roller": chain_name(state, who, sig),
                     "campaign": state.setup.campaign or None, "seq": sig["seq"], "prev": sig["prev"],
                     "id": entry_id(sig["seq"], sig["prev"], bytes.fromhex(sig["nonce"]))}
            if "by" in sig:
                entry.update(character=state.setup.players[who].name, by=True)
            out.append(entry)
    return out


def start_fresh(setup: Mapping[str, Any], roller: str | None, commit: Callable[[str, str], dict]) -> dict:
    """For the page's "Empezar": a version-2 setup with a seed made now, signed by the starter's
    chain (docs/brs-format.md §Fair play, the start).

    Args:
        setup: the set-up form's setup (``seed``, ``faces`` and ``start`` are replaced; ``version``
            becomes 2; ``campaign`` kept).
        roller: the name the starter rolls under (trimmed, 1..40 characters); empty or ``None``: the
            name of the Leader of side 0 (the Chronicler's side).
        commit: ``commit(roller, seed) -> {"seq", "prev"}`` — takes the starter's next chain number
            for the seed and stores the chain; called only once the setup is known to be playable.
    Returns:
        the setup dict (:meth:`Setup.to_dict`) with ``seed`` and ``start``.
    Raises:
        InvalidRequest: the setup is refused (:meth:`Setup.from_dict`; a player name that could not
        sign a move, :func:`~tirada.systems.brs.start.check_mover_names`; a bad starter name) or
        cannot be played to its end by links (:func:`check_playable`); nothing is committed then.
    """
    base = {k: v for k, v in dict(setup).items() if k not in ("seed", "faces", "start")}
    seed = new_seed()
    plain = Setup.from_dict(merged(base, {"version": 2, "seed": seed}))
    check_mover_names([p.name for p in plain.players])
    name = (roller.strip() if isinstance(roller, str) else "") or plain.players[plain.leader_of(0)].name
    trial = merged(base, {"version": 2, "seed": seed, "start": {"roller": name, "seq": 1, "prev": None}})
    checked = Setup.from_dict(trial)
    check_playable(checked)
    new_confrontation(checked.to_dict())   # rolls the starting dice
    position = commit(name, seed)
    return Setup.from_dict(merged(trial, {"start": {"roller": name, "seq": position["seq"],
                                                     "prev": position["prev"]}})).to_dict()


def start_entry(setup: Mapping[str, Any]) -> dict | None:
    """The chain entry of a signed start: ``{"roller", "campaign": str | None, "seq", "prev",
    "id"}`` (``id`` = :func:`~tirada.fresh.entry_id` of the setup's seed at that position), or
    ``None`` for a setup without ``start``.

    Raises:
        InvalidRequest: not a valid setup.
    """
    s = Setup.from_dict(setup)
    if s.start is None or s.seed is None:
        return None
    roller, seq, prev = s.start
    return {"roller": roller, "campaign": s.campaign or None, "seq": seq, "prev": prev,
            "id": entry_id(seq, prev, parse_seed(s.seed))}
