"""Blood Red Sands: the Competencia (contest) when no dice are in play (issue #15).

Rules: ../shared/rules/blood-red-sands.md §Corrections and additions (turn 2); seed
``000_95455a330fc0ceb0.txt``, Disparando la Confrontación: "Para luchar es necesario tener dados, así
que si no hay Componentes en escena con dados propios, no habrá lucha, y se debe recurrir a una
Competencia contra las fuerzas indefinidas del mundo controladas por el Cronista."

The seed names the Competencia and says nothing of how it is played. **[decision]** (docs/brs-rules.md,
each a table setting shown beside the seed's words in the page): the player rolls the dice the table
grants them (``player_dice``, the Traits they bring to bear), the Chronicler rolls the world's forces
(``world_dice``, sizes the Chronicler sets; default 2d6); each side's score is the sum of its
``count`` highest dice (default 2, as an Attack Score is the sum of 2 advanced dice); the player wins
when their score reaches the world's (``ties``: ``"player"`` — "igualar o superar", as a defence —
or ``"world"``). There is no exchange, no damage and no Victory Points: the winner takes the Spoils
as bid. A pure function of (request, dice); draw order: the player's dice in order, then the world's.

The page reads :func:`contest_view`, the result as typed records (issue #40); :func:`contest`'s dict
stays the command line's JSON.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import FixedFaces, dice_for
from ...errors import InvalidRequest
from ...fields import echo, get_choice, get_int, get_text, reject_unknown
from ...portable import Struct

__all__ = ["CONTEST_FIELDS", "ContestDie", "ContestResult", "ContestSide", "TIES", "contest", "contest_view",
           "needs_contest"]

RULE = "blood-red-sands.md §Corrections and additions (Competencia)"
TIES = ("player", "world")
SIZES = (4, 6, 8, 10, 12)
CONTEST_FIELDS = {"seed", "faces", "player", "world", "player_dice", "world_dice", "count", "ties"}


def needs_contest(setup: Any) -> bool:
    """True when a setup (JSON object as :meth:`tirada.systems.brs.config.Setup.from_dict` reads)
    has a side that commits no Component with dice: then there is no fight, only a Competencia."""
    if not isinstance(setup, Mapping) or not isinstance(setup.get("players"), list):
        return False
    armed = set()
    for p in setup["players"]:
        if not isinstance(p, Mapping):
            continue
        for c in p.get("components") or []:
            if isinstance(c, Mapping) and c.get("committed", True) and c.get("traits"):
                armed.add(p.get("side"))
    return not {0, 1} <= armed


def _pool(req: Mapping, name: str, default: list) -> list:
    value = req.get(name, default)
    if not isinstance(value, list) or not 1 <= len(value) <= 12:
        raise InvalidRequest("must list 1 to 12 die sizes", field=name, rule=RULE, code="brs.contest_dice",
                             params={"n": 12})
    for i, size in enumerate(value):
        if type(size) is not int or size not in SIZES:
            raise InvalidRequest(f"a die must be d4, d6, d8, d10 or d12, got {echo(size)}", field=f"{name}[{i}]",
                                 rule=RULE, code="brs.contest_size", params={"got": echo(size)})
    return list(value)


def _side(name: str, sizes: list, dice, count: int) -> dict:
    rolled = [{"d": s, "face": dice.roll(s)} for s in sizes]
    order = sorted(range(len(rolled)), key=lambda k: (-rolled[k]["face"], k))[:count]
    for k, r in enumerate(rolled):
        r["kept"] = k in order
    return {"name": name, "dice": rolled, "score": sum(rolled[k]["face"] for k in order)}


def contest(request: Any) -> dict:
    """Play a Competencia (see the module docstring for the [decision]).

    ``request``: ``{"player": name, "player_dice": [sizes], "world": name?, "world_dice": [sizes]?
    (default [6, 6]), "count": 1..3 (default 2), "ties": "player" | "world" (default "player"),
    "seed": hex? | "faces": [ints]?}`` (no seed nor faces: a fresh seed).

    Returns ``{"seed", "settings": {"count", "ties"}, "player": side, "world": side, "winner":
    "player" | "world", "margin"}`` with ``side = {"name", "dice": [{"d", "face", "kept"}], "score"}``.

    Raises:
        InvalidRequest: an unknown field, a bad pool, count or ties, a bad seed or faces (too few or
        too many faces for the dice).
    """
    if not isinstance(request, Mapping):
        raise InvalidRequest("the Competencia is a JSON object", field="request", rule=RULE,
                             code="brs.contest_object")
    reject_unknown(request, CONTEST_FIELDS, "Competencia")
    player = get_text(request, "player", "Jugador", 120).strip() or "Jugador"
    world = get_text(request, "world", "Fuerzas del mundo", 120).strip() or "Fuerzas del mundo"
    if "player_dice" not in request:
        raise InvalidRequest("is required", field="player_dice", rule=RULE, code="field.required")
    mine, theirs = _pool(request, "player_dice", []), _pool(request, "world_dice", [6, 6])
    count = get_int(request, "count", default=2, lo=1, hi=3, rule=RULE)
    ties = get_choice(request, "ties", TIES, default="player")
    dice, seed = dice_for(dict(request))
    out_player, out_world = _side(player, mine, dice, count), _side(world, theirs, dice, count)
    if isinstance(dice, FixedFaces):
        dice.finish()
    margin = out_player["score"] - out_world["score"]
    won = margin > 0 or (margin == 0 and ties == "player")
    return {"seed": seed, "settings": {"count": count, "ties": ties}, "player": out_player, "world": out_world,
            "winner": "player" if won else "world", "margin": margin}


class ContestDie(Struct):
    """A die of a Competencia pool: size ``d`` (4..12), its ``face`` and whether it was ``kept``
    (among the ``count`` highest that make the score)."""

    _fields = ("d", "face", "kept")
    d: int
    face: int
    kept: bool

    def __init__(self, d: int, face: int, kept: bool) -> None:
        self._init(d, face, kept)


class ContestSide(Struct):
    """One side of a Competencia: its ``name``, its ``dice`` in draw order and its ``score``."""

    _fields = ("name", "dice", "score")
    name: str
    dice: tuple
    score: int

    def __init__(self, name: str, dice: Any, score: int) -> None:
        self._init(name, tuple(dice), score)


class ContestResult(Struct):
    """A Competencia played (:func:`contest`): the ``seed`` (or None for typed faces), the
    ``player`` and ``world`` sides, the ``winner`` (``"player"`` or ``"world"``) and the ``margin``
    (player's score − world's)."""

    _fields = ("seed", "player", "world", "winner", "margin")
    seed: str | None
    player: ContestSide
    world: ContestSide
    winner: str
    margin: int

    def __init__(self, seed: str | None, player: ContestSide, world: ContestSide, winner: str, margin: int) -> None:
        self._init(seed, player, world, winner, margin)


def contest_view(request: Any) -> ContestResult:
    """:func:`contest` as a :class:`ContestResult` (same request, same refusals)."""
    out = contest(request)

    def side(value: Mapping[str, Any]) -> ContestSide:
        return ContestSide(value["name"], tuple(ContestDie(d["d"], d["face"], d["kept"]) for d in value["dice"]),
                           value["score"])

    return ContestResult(out["seed"], side(out["player"]), side(out["world"]), out["winner"], out["margin"])
