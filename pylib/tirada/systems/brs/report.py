"""Blood Red Sands Confrontation: everything derived from a state, as JSON for the CLI and page.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``): exchange outcomes,
Cunning, damage, VP, Renewals (§Getting more dice), Devastated counts and destroyed Components,
Broken Heroes (§The fight, Battered), Reversal obligations, whose move it is, the winner.
Nothing here changes the state. The page reads :func:`confrontation`, the typed record of
:func:`summary` (:mod:`tirada.systems.brs.story_view`, issue #40).
"""

from __future__ import annotations

from typing import Mapping

from ...errors import InvalidRequest
from ...fields import reject_unknown
from ...portable import merged
from ..frozen import plain
from .checks import overwhelmed, renewal_allowed
from .replay import legal_moves, replay
from .state import State
from .story_view import Confrontation

__all__ = ["applied_pains", "broken_heroes", "confrontation", "die_view", "load_confrontation", "renewals", "summary", "winner"]


def die_view(state: State, i: int) -> dict:
    """``{"die": i, "d": size, "face": int|None, "aspect", "trait", "owner", "row"}`` for one die."""
    d = state.dice[i]
    return {"die": i, "d": d.size, "face": d.face, "aspect": d.aspect, "trait": d.trait, "owner": d.owner,
            "row": d.row}


def renewals(state: State) -> dict:
    """``{"used": [side…], "left": int, "may_renew": [side…]}`` (§Getting more dice, Renew)."""
    limit = 1 if state.setup.ordinary_spoils else 3
    return {"used": list(state.renewals), "left": max(0, limit - len(state.renewals)),
            "may_renew": [s for s in (0, 1) if renewal_allowed(state, s)]}


def winner(state: State) -> int | None:
    """The side that did not Yield, or ``None`` while the Confrontation goes on (§Yielding)."""
    return None if state.loser is None else 1 - state.loser


def broken_heroes(state: State) -> list:
    """Heroes whose remaining dice (rolled onto the board and not lost) are all Battered and whose
    side lost: they are Broken (§The fight, Battered). Empty until a side loses."""
    if state.loser is None:
        return []
    out = []
    for p, player in enumerate(state.setup.players):
        rows = [d.row for d in state.dice if d.owner == p and d.face is not None and d.row != "lost"]
        if player.hero and player.side == state.loser and rows and all(r == "battered" for r in rows):
            out.append(p)
    return out


def applied_pains(setup, win: int) -> list:
    """The Pains the loser suffers: those the winning side named in the bidding ("Nombrar un nuevo
    Dolor que tu oponente sufrirá cuando pierda la Confrontación", §Before the fight: the Spoils).

    A Spoils line the bidding filled reads ``"<side that named it>: <text>"``
    (:func:`tirada.systems.brs.spoils.setup_fields`); a line typed by hand may name one of the side's
    players instead ("Haster: …"). Returns ``[{"text", "by": side index | None}]``: the winner's lines
    (``by`` = ``win``, the text without the prefix) and the lines naming no side or player of
    either (``by`` None: the table decides); the loser's own bids do not apply.
    """
    names = {s: [setup.sides[s]] + [p.name for p in setup.players if p.side == s] for s in (0, 1)}
    out = []
    for line in setup.spoils:
        owner = next(((s, n) for s in (0, 1) for n in names[s] if line.startswith(f"{n}: ")), None)
        if owner is None:
            out.append({"text": line, "by": None})
        elif owner[0] == win:
            out.append({"text": line[len(owner[1]) + 2:], "by": win})
    return out


def _devastated(state: State) -> dict:
    per_component, destroyed = {}, []
    for c in range(len(state.setup.components)):
        dice = [d for d in state.dice if d.component == c]
        lost = sum(d.row == "lost" for d in dice)
        per_component[c] = lost
        if dice and lost == len(dice):
            destroyed.append(c)
    return {"per_component": per_component, "destroyed": destroyed}


def _adv(state: State, idxs: tuple, faces: dict) -> list:
    return [{"die": i, "d": state.dice[i].size, "face": faces[i], "aspect": state.dice[i].aspect} for i in idxs]


def _exchange(state: State, rec: Mapping) -> dict:
    names = [p.name for p in state.setup.players]
    faces = dict(rec["faces"])
    sfa, sfd = rec.get("soul_fused_attack"), rec.get("soul_fused_defence")
    return {
        "round": rec["round"], "exchange": rec["exchange"],
        "attacker": names[rec["attacker"]], "target": names[rec["target"]],
        "attack": _adv(state, rec["attack"], faces),
        "soul_fused_attack": None if sfa is None else _adv(state, (sfa,), faces)[0], "score": rec["score"],
        "defence": _adv(state, rec["defence"], faces),
        "soul_fused_defence": None if sfd is None else _adv(state, (sfd,), faces)[0], "outcome": rec["outcome"],
        "aspects_cancelled_for": None if rec["cancelled"] is None else names[rec["cancelled"]],
        "damage": [plain(d) for d in rec.get("damage", ())],
        "events": [plain(e) for e in rec["events"]],
    }


def summary(state: State) -> dict:
    """The state as JSON: ``status`` (``"in progress"`` / ``"ended"``), ``winner`` (side name or
    ``"in progress"``), ``round``/``exchange``/``phase``, ``exchanges`` (one record each:
    attacker, target, attack and defence die indices, score, outcome, whose Aspects Cunning
    cancelled, final damage, Aspect events), ``spoils`` (Ordinary or not, the Pains and Stipulations that stand —
    none under Ordinary Spoils —, ``bearer``: who suffers them once a side lost: its original Leader if the
    Leader changed; ``applied``: :func:`applied_pains`), ``players`` (VP, Advantage, Horde, Weaknesses, Vows,
    devastated/battered counts, active, leader), ``vp`` by name, ``renewals``, ``devastated``
    (per Component, destroyed), ``broken``, ``reversal``, ``graveyard``, ``pending`` (the owed
    choice), ``overwhelmed``, ``to_move`` (``{player name: [kinds]}``), ``board`` (every die)."""
    names = [p.name for p in state.setup.players]
    win = winner(state)
    players = []
    for p, ps in enumerate(state.players):
        mine = [d for d in state.dice if d.owner == p]
        players.append({
            "name": names[p], "side": state.setup.players[p].side, "active": ps.active,
            "leader": state.leaders[state.setup.players[p].side] == p, "vp": ps.vp,
            "advantage": ps.advantage, "locked_advantage": ps.locked, "horde": list(ps.horde),
            "weaknesses": [dict(w) for w in ps.weaknesses], "vows": list(ps.vows),
            "devastated": sum(d.row == "lost" for d in mine), "battered": sum(d.row == "battered" for d in mine),
        })
    pending = None
    if state.pending:
        kind, subject, chooser = state.pending[0]
        pending = {"kind": kind, "subject": subject, "chooser": names[chooser]}
    rev = state.reversal
    setup, bearer = state.setup, None
    if state.loser is not None:
        b = state.spoils_bearer[state.loser]
        bearer = names[b if b is not None else state.leaders[state.loser]]
    spoils = {"ordinary": setup.ordinary_spoils, "backed_down": None if setup.back_down is None
              else setup.sides[setup.back_down],
              "pains": [] if setup.ordinary_spoils else list(setup.spoils),
              "stipulations": [] if setup.ordinary_spoils else list(setup.stipulations),
              "bearer": bearer, "applied": [] if win is None or setup.ordinary_spoils else applied_pains(setup, win)}
    return {
        "status": "ended" if state.phase == "ended" else "in progress",
        "winner": "in progress" if win is None else state.setup.sides[win],
        "winner_side": win,
        "spoils": spoils,
        "round": state.round, "exchange": state.exchange, "phase": state.phase,
        "exchanges": [_exchange(state, r) for r in state.exchanges],
        "yields": [merged(y, {"player": names[y["player"]]}) for y in state.yields],
        "players": players,
        "vp": {names[p]: ps.vp for p, ps in enumerate(state.players)},
        "renewals": renewals(state),
        "devastated": _devastated(state),
        "broken": [names[p] for p in broken_heroes(state)],
        "reversal": None if rev is None else {"player": names[rev[0]], "must_target": names[rev[1]],
                                              "kept_die": rev[2]},
        "graveyard": {"dice": list(state.graveyard_dice), "advantage": state.graveyard_advantage},
        "pending": pending,
        "overwhelmed": overwhelmed(state),
        "to_move": {names[p]: kinds for p, kinds in legal_moves(state).items()},
        "moves": state.moves,
        "board": [die_view(state, i) for i in range(len(state.dice))],
    }


def confrontation(state: State) -> Confrontation:
    """:func:`summary` as the page reads it: a :class:`~tirada.systems.brs.story_view.Confrontation`
    with the setup's side names and each player's Hero flag."""
    return Confrontation.from_summary(summary(state), state.setup.sides, [p.hero for p in state.setup.players])


def load_confrontation(data: object) -> dict:
    """Replay ``{"setup": …, "moves": […]}`` and return :func:`summary` of the final state.

    The file is the command line's way to make moves, so its notes are checked as new moves' are
    (``replay(…, check_notes=True)``: a note over 200 characters is refused, not cut).

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
    out = summary(replay(data["setup"], data.get("moves", []), check_notes=True))
    del out["board"]
    return out
