"""Blood Red Sands, before the fight: triggering a Confrontation (*Disparando la Confrontación*).

Rules: ../shared/rules/blood-red-sands.md §Before the fight: the Spoils; seed
``000_95455a330fc0ceb0.txt`` "Disparando la Confrontación" and the example "El Líder 1 cuenta con
tres Componentes de los que sólo puede implicar 2".

A trigger is its own record, checked against a setup (opt-in: the Confrontation's replay and its
links never read it)::

    {"component": 3, "faces": 0, "limit": 2}

``component``: the global index (docs/brs-format.md §Indices) of the triggering player's Component;
``faces``: the Chronicler's Component it faces; ``limit``: the most Components each player may
involve at the start (``null`` = no limit).

[seed] Only a player can trigger (the Chronicler "no puedes, de hecho, iniciar el conflicto por ti
mismo"), and only when one of their Components and one of the Chronicler's face each other: "ésos
serán los Componentes con los que empezará la lucha" — both must be committed at the start.
[decision] (docs/brs-spoils.md): the example's "sólo puede implicar 2" is a table setting, default 2,
counted per player at the start (Reinforcing later is not limited by it); other Components of the
facing players may start committed within that limit.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...fields import get_int, reject_unknown
from .config import RULE_SPOILS, Setup

__all__ = ["DEFAULT_LIMIT", "check_trigger"]

#: the seed's example: "El Líder 1 cuenta con tres Componentes de los que sólo puede implicar 2".
DEFAULT_LIMIT = 2


def _component(setup: Setup, trig: Mapping, name: str) -> int:
    k = get_int(trig, name, lo=0, hi=max(0, len(setup.components) - 1), rule=RULE_SPOILS)
    return k


def check_trigger(setup: Setup | Mapping, trig: Any) -> dict:
    """Check that ``trig`` may open the Confrontation ``setup`` (a :class:`Setup` or its JSON).

    Returns ``{"player", "component", "faces", "faces_player", "limit", "involved": {player name:
    committed Components}}``.

    Raises:
        InvalidRequest: a bad setup; not an object / unknown field / index out of range; the
        triggering Component is the Chronicler side's (``brs.trigger_side``); ``faces`` is not a
        Chronicler-side Component (``brs.trigger_faces``); either is not committed
        (``brs.trigger_committed``); a player involves more Components than ``limit``
        (``brs.involve_limit``).
    """
    if not isinstance(setup, Setup):
        setup = Setup.from_dict(setup)
    if not isinstance(trig, Mapping):
        raise InvalidRequest("a trigger is a JSON object {component, faces, limit}", field="trigger",
                             code="brs.trigger_object")
    reject_unknown(trig, {"component", "faces", "limit"}, "trigger")
    mine, theirs = _component(setup, trig, "component"), _component(setup, trig, "faces")
    limit = trig.get("limit", DEFAULT_LIMIT)
    if limit is not None:
        limit = get_int({"limit": limit}, "limit", lo=1, hi=8, rule=RULE_SPOILS)
    owner = setup.components[mine].owner
    if setup.players[owner].side != 1:
        raise InvalidRequest("only a player triggers a Confrontation, never the Chronicler's side",
                             field="component", rule=RULE_SPOILS, code="brs.trigger_side")
    faces_owner = setup.components[theirs].owner
    if setup.players[faces_owner].side != 0:
        raise InvalidRequest("the triggering Component must face one of the Chronicler's", field="faces",
                             rule=RULE_SPOILS, code="brs.trigger_faces")
    for name, k in (("component", mine), ("faces", theirs)):
        if not setup.components[k].committed:
            raise InvalidRequest(f"{setup.components[k].name} opens the fight: it must be committed",
                                 field=name, rule=RULE_SPOILS, code="brs.trigger_committed",
                                 params={"name": setup.components[k].name})
    involved = {}
    for player in setup.players:
        n = sum(setup.components[c].committed for c in player.components)
        involved[player.name] = n
        if limit is not None and n > limit:
            raise InvalidRequest(f"{player.name} involves {n} Components; at most {limit} at the start",
                                 field="limit", rule=RULE_SPOILS, code="brs.involve_limit",
                                 params={"name": player.name, "n": limit, "got": n})
    return {"player": setup.players[owner].name, "component": setup.components[mine].name,
            "faces": setup.components[theirs].name, "faces_player": setup.players[faces_owner].name,
            "limit": limit, "involved": involved}
