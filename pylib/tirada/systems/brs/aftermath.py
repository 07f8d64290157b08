"""Blood Red Sands, after the fight: what an ended Confrontation leaves on each player's sheet.

Rules: ../shared/rules/blood-red-sands.md §The fight (Battered, Devastated), §Yielding; seed
``000_95455a330fc0ceb0.txt`` "Vapuleados", "Devastados" and "Anota en la Ficha cuántos dados llevas
Devastados".

A post-fight record (opt-in: nothing here changes a replay or a link). From the final state:

* Battered dice — and every die not lost — go back to the sheet ("los recuperas automáticamente al
  terminarla, así que devuélvelo a la ficha").
* Devastated dice: a Hero's slot is crossed for this Ordeal and comes back "en la próxima Ordalía
  que protagonicen"; a Faction's die is "perdido para siempre". A Component with every die
  Devastated "es destruido o asesinado".
* A Hero whose remaining dice are all Battered, on the losing side, is Broken (*Quebrantado*): "la
  Ordalía termina y debe retirarse de la Saga".
* Devastated dice are counted on the sheet for the Most Devastated award (*Personaje Más
  Devastado*); a Weakness taken instead is not a lost die ("sólo debes anotar aquellos que realmente
  pierdas").
* VP, Horde dice taken from the Graveyard and Weaknesses gained are carried to the sheet; Advantage
  tokens taken from the Graveyard are not ("no se podrán llevar de Ordalía en Ordalía").

[decision] (docs/brs-spoils.md): which Components are the Hero's is a table setting ``kinds``
(component index → ``"hero"`` / ``"faction"``); by default the first Component of a player marked
``hero`` is the Hero and every other Component counts as a Faction's.
"""

from __future__ import annotations

import hashlib
from typing import Any, Mapping

from ...errors import IllegalMove, InvalidRequest
from .config import RULE_FIGHT
from .report import broken_heroes, winner
from .state import State
from ...fields import typed_int

__all__ = ["KINDS", "aftermath", "default_kinds"]

KINDS = ("hero", "faction")


def default_kinds(state: State) -> dict:
    """``{component index: "hero" | "faction"}``: the first Component of each Hero player is the
    Hero, every other Component a Faction's [decision]."""
    out = {}
    for player in state.setup.players:
        for n, c in enumerate(player.components):
            out[c] = "hero" if player.hero and n == 0 else "faction"
    return out


def _kinds(state: State, kinds: Any) -> dict:
    out = default_kinds(state)
    if kinds is None:
        return out
    if not isinstance(kinds, Mapping):
        raise InvalidRequest("must be an object {component index: hero|faction}", field="kinds",
                             code="brs.aftermath_kinds")
    for key, value in kinds.items():
        k = typed_int(key) if isinstance(key, str) else key
        if type(k) is not int or k not in out or value not in KINDS:
            raise InvalidRequest("must map a Component index to hero or faction", field=f"kinds.{str(key)[:10]}",
                                 code="brs.aftermath_kinds")
        out[k] = value
    return out


def aftermath(state: State, kinds: Any = None) -> dict:
    """The consequences of an ended Confrontation, per player.

    ``kinds``: optional ``{component index: "hero" | "faction"}`` (see :func:`default_kinds`).
    Returns ``{"confrontation": id (the seed's first 16 hex digits and the number of moves: what a
    sheet remembers so that one Confrontation is recorded once), "winner": side name, "kinds": {index: kind}, "players": [{"name", "side", "won",
    "vp", "horde": [sizes], "weaknesses": [{"trait", "size", "by"}], "broken": bool, "devastated":
    int (dice really lost), "components": [{"index", "name", "kind", "returned": [slot],
    "crossed": [slot] (Hero: back next Ordeal), "lost": [slot] (Faction: for good),
    "destroyed": bool}]}]}`` where a slot is ``{"trait", "die", "aspect"}``.

    Raises:
        IllegalMove: the Confrontation has not ended (``brs.aftermath_not_ended``).
        InvalidRequest: a bad ``kinds`` (``brs.aftermath_kinds``).
    """
    if state.phase != "ended":
        raise IllegalMove("the Confrontation has not ended: a side must Yield first", field="moves",
                          rule=RULE_FIGHT, code="brs.aftermath_not_ended")
    kind_of = _kinds(state, kinds)
    names = [p.name for p in state.setup.players]
    win = winner(state)
    broken = set(broken_heroes(state))
    players = []
    for p, player in enumerate(state.setup.players):
        comps = []
        for c in player.components:
            dice = [d for d in state.dice if d.component == c]
            lost = [d for d in dice if d.row == "lost"]
            slots = [{"trait": d.trait, "die": d.size, "aspect": d.aspect} for d in lost]
            comps.append({
                "index": c, "name": state.setup.components[c].name, "kind": kind_of[c],
                "returned": [{"trait": d.trait, "die": d.size, "aspect": d.aspect} for d in dice if d.row != "lost"],
                "crossed": slots if kind_of[c] == "hero" else [],
                "lost": slots if kind_of[c] == "faction" else [],
                "destroyed": bool(dice) and len(lost) == len(dice),
            })
        ps = state.players[p]
        players.append({
            "name": names[p], "side": player.side, "won": win == player.side, "vp": ps.vp,
            "horde": list(ps.horde),
            "weaknesses": [{"trait": w["trait"], "size": w["size"], "by": names[w["by"]]} for w in ps.weaknesses],
            "broken": p in broken,
            "devastated": sum(len(x["crossed"]) + len(x["lost"]) for x in comps),
            "components": comps,
        })
    seed = state.setup.seed or hashlib.sha256(repr(state.setup.faces).encode()).hexdigest()
    key = f"{seed[:16]}-{state.moves}"
    for item in players:
        item["confrontation"] = key
    return {"confrontation": key, "winner": state.setup.sides[win] if win is not None else None,
            "kinds": {str(k): v for k, v in kind_of.items()}, "players": players}
