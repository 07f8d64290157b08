"""Blood Red Sands fair play (setup version 2): fresh dice for every move that rolls, signed by the
moving player's roller chain (docs/brs-format.md §Fair play; docs/link-format.md §16).

In a version-1 Confrontation every die comes from the setup's one seed, so anyone holding the link
can compute what an Advantage reroll of each die would show before choosing the die. In version 2
the setup's seed draws only the starting dice; a move that rolls (``advantage``, ``renew``, ``vow``,
``reinforce``, ``devastate`` claiming a Weakness) carries ``"fresh": {"nonce", "seq", "prev", "by"?}``:

* ``nonce`` — 16 hex digits made by the mover's page when the move is committed; the move's dice are
  the stream of :func:`tirada.fresh.step_seed` ``(setup seed, move index + 1, nonce)``;
* ``seq``, ``prev`` — the chain position that nonce took in the mover's chain (roller = the player's
  name, campaign = the setup's ``campaign``), as :func:`tirada.links.chain.reserve` gives it;
* ``by`` (optional, docs/link-format.md §16.6.1) — the roller name of the person whose chain the nonce
  took its number in, when it is not the player's ``name`` (Bob playing the fighter «Haster»): a
  roller name (1..40 characters, trimmed NFC text), never equal to the mover's own name (one way to
  write each move). Links without ``by`` read as before.

A move without ``fresh`` that would roll is refused, and so is ``fresh`` on a move that rolls
nothing, so a link carries exactly the signatures it needs. Pure functions; the page injects the
commit (:func:`play_fresh`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...dice import DiceStream, parse_seed
from ...errors import InvalidRequest
from ...fresh import NeedFresh, NoDice, parse_nonce, step_seed
from ...wire.roll_layout import LIMITS, MAX_SEQ, check_int, check_prev, is_roller_name
from .state import State

__all__ = ["apply_v2", "can_take_back", "chain_name", "check_signature", "move_dice", "mover"]

RULE = "brs-format.md §Fair play"


def check_signature(value: Any, field: str = "fresh") -> dict:
    """A move signature ``{"nonce": 16 hex, "seq": 1..10^9, "prev": 12 hex | None, "by"?: roller
    name}``, normalised (``by`` kept only when given).

    Raises:
        InvalidRequest: ``brs.signature_invalid`` (another shape; ``prev`` missing for seq > 1 or given
        for seq 1), ``brs.signature_by`` (``by`` is not a roller name: empty, over 40 characters, not
        trimmed NFC text, a hidden character).
    """
    if not isinstance(value, Mapping) or set(value) - {"nonce", "seq", "prev", "by"}:
        raise InvalidRequest("must be {nonce, seq, prev, by?}", field=field, rule=RULE, code="brs.signature_invalid")
    nonce = parse_nonce(value.get("nonce"), f"{field}.nonce").hex()
    seq = check_int(value.get("seq"), "seq", 1, MAX_SEQ)
    prev = check_prev(value.get("prev"))
    if seq is None or (seq > 1) != (prev is not None):
        raise InvalidRequest("seq is required; prev is given exactly when seq is above 1", field=field, rule=RULE, code="brs.signature_invalid")
    out = {"nonce": nonce, "seq": seq, "prev": prev.hex() if prev else None}
    if "by" in value:
        by = value["by"]
        if not is_roller_name(by):
            raise InvalidRequest(f"by names the chain of the person who made the move: 1 to {LIMITS['roller']} "
                                 "characters of trimmed text", field=f"{field}.by", rule=RULE,
                                 code="brs.signature_by", params={"n": LIMITS["roller"]})
        out["by"] = by
    return out


def chain_name(state: State, who: int, sig: Mapping[str, Any]) -> str:
    """The roller name whose chain a checked signature (:func:`check_signature`) of player ``who``'s
    move took its number in: its ``by``, else the player's ``name`` (docs/link-format.md §16.6.1)."""
    return sig.get("by") or state.setup.players[who].name


def mover(state: State, move: Mapping[str, Any]) -> int | None:
    """The player index who makes ``move`` when it can roll dice (owner of the rerolled die, the
    player about to advance, the reinforcing player, the devastating player), else ``None``."""
    kind = move.get("move")
    if kind == "advantage":
        die = move.get("die")
        if type(die) is int and 0 <= die < len(state.dice):
            return state.dice[die].owner
        return None
    if kind in ("renew", "vow"):
        if state.phase == "attack":
            return move.get("player", state.attacker)
        if state.phase == "defence":
            return move.get("player", state.target)
        return None
    if kind == "reinforce":
        p = move.get("player")
        return p if type(p) is int else None
    if kind == "devastate" and state.pending and state.pending[0][0] == "devastate":
        return state.pending[0][2]
    return None


def can_take_back(state: State, move: Mapping[str, Any]) -> bool:
    """Whether ``move``, made on ``state``, may be taken back before its link is copied (issue #42,
    docs/brs-pace.md §Taking a move back): only a move that rolls nothing. A move that can roll
    (:func:`mover` names its roller: Advantage, Renew, Vow, Reinforce, a Devastation) or carries a
    ``fresh`` signature is final once made: taken back, it could be made again on new dice (version
    2: a new nonce) or its dice seen before choosing another move (version 1: the seed's stream), a
    re-roll nobody else would see. Every other move only chooses among what the board shows."""
    if "fresh" in move:
        return False
    if move.get("move") == "devastate":        # only a claimed Weakness rolls (settle.devastate)
        weakness = move.get("weakness")
        return not (isinstance(weakness, Mapping) and weakness.get("claim"))
    return mover(state, move) is None


def move_dice(setup_seed: str, index: int, move: Mapping[str, Any]):
    """The dice of move ``index`` (0-based) of a version-2 Confrontation: the stream of its nonce, or
    :class:`~tirada.fresh.NoDice` when it carries none."""
    sig = move.get("fresh")
    if sig is None:
        return NoDice()
    return DiceStream(step_seed(parse_seed(setup_seed), index + 1, bytes.fromhex(sig["nonce"])))


def apply_v2(state: State, move: Mapping[str, Any], apply: Callable) -> State:
    """Apply one move of a version-2 Confrontation with its own dice (``apply(state, move, dice)``
    is the plain move function, :func:`tirada.systems.brs.replay._apply`).

    Raises:
        InvalidRequest: a move that rolls dice without ``fresh`` (message says so), ``fresh`` on a
        move that rolls nothing, a bad signature.
        IllegalMove: as ``apply``.
    """
    move = dict(move)
    sig = move.pop("fresh", None)
    if sig is not None:
        sig = check_signature(sig)
        who = mover(state, move)
        if who is None:
            raise InvalidRequest("this move rolls no dice: it takes no fresh dice", field="fresh", rule=RULE, code="brs.fresh_not_rolled")
        if sig.get("by") == state.setup.players[who].name:
            raise InvalidRequest("by is written only when it is not the player's own name", field="fresh.by",
                                 rule=RULE, code="brs.signature_by_own")
    seed = state.setup.seed
    if seed is None:
        raise InvalidRequest("a fair-play (version 2) Confrontation draws from a seed, not typed faces",
                             field="faces", rule=RULE, code="brs.fair_needs_seed")
    dice = move_dice(seed, state.moves, {"fresh": sig} if sig else {})
    try:
        new = apply(state, move, dice)
    except NeedFresh:
        raise InvalidRequest("this move rolls dice: it needs fresh dice signed by the moving player's "
                             "chain", field="fresh", rule=RULE, code="brs.fresh_missing") from None
    if sig is not None and not dice.draws:
        raise InvalidRequest("this move rolled no dice: it takes no fresh dice", field="fresh", rule=RULE, code="brs.fresh_not_rolled")
    return new
