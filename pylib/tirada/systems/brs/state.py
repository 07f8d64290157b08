"""Blood Red Sands Confrontation state: frozen values and the small queries the moves need.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``). A :class:`State` is
never changed in place: every move returns a new one (:meth:`~tirada.portable.Struct.replace`), so a refused move
leaves the state it was applied to exactly as it was. It is deeply immutable: its records (the
exchange under way, finished exchanges, Yields, standing orders, Weaknesses) are read-only
:class:`tirada.systems.frozen.Record` values, frozen when a state is made (its ``__init__``), so
a move builds a new record (``merged(old, {key: value})``) instead of changing one. The records are
:class:`tirada.portable.Struct` values (no ``dataclasses``: the reading core replays a Confrontation
link on MicroPython too, issue #41).

Rows a die can be in (the Battle Board of §Pieces plus where dice go when they leave it):
``sheet`` (not committed, or returned after a Yield), ``available``, ``advanced``, ``used``,
``battered`` (out until the end), ``lost`` (Devastated, in the Graveyard).
During the resolution of an exchange a die may carry a provisional ``mark``: ``"battered"`` or
``"devastated"`` (§The fight: damage is provisional until the Aspects resolve).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import IllegalMove
from ...portable import Struct
from ..frozen import freeze
from .config import Setup

__all__ = ["Die", "PlayerState", "State", "initial_state", "lift_targets", "roll_die"]

ROWS = ("sheet", "available", "advanced", "used", "battered", "lost")


class Die(Struct):
    """One die on (or off) the Battle Board.

    ``owner`` player index; ``component`` global Component index (−1 for a claimed Weakness);
    ``size`` 4..12; ``aspect``; ``trait`` text; ``row`` (see module docstring); ``face`` 1..size
    or ``None`` before it is rolled; ``tokens`` Advantage tokens on it; ``mark`` provisional damage
    this exchange; ``by`` the player who inflicted ``mark``; ``kept`` a Reversal's kept die.
    """

    _fields = ("owner", "component", "size", "aspect", "trait", "row", "face", "tokens", "mark", "by", "kept")
    owner: int
    component: int
    size: int
    aspect: str
    trait: str
    row: str
    face: int | None
    tokens: int
    mark: str | None
    by: int | None
    kept: bool

    def __init__(self, owner: int, component: int, size: int, aspect: str, trait: str, row: str = "sheet",
                 face: int | None = None, tokens: int = 0, mark: str | None = None, by: int | None = None,
                 kept: bool = False) -> None:
        self._init(owner, component, size, aspect, trait, row, face, tokens, mark, by, kept)


class PlayerState(Struct):
    """Per-player counters: ``advantage`` tokens in hand; ``locked`` tokens stuck on Battered dice;
    ``active`` (False once Yielded); ``vows`` made; ``horde`` die sizes taken from the Graveyard;
    ``vp`` Victory Points; ``weaknesses`` ``({"trait", "size", "by"}, …)`` gained (read-only
    records: dicts given are frozen into :class:`tirada.systems.frozen.Record`);
    ``last_attacker`` the last player who attacked them (for "Derrotado por X")."""

    _fields = ("advantage", "locked", "active", "vows", "horde", "vp", "weaknesses", "last_attacker")
    advantage: int
    locked: int
    active: bool
    vows: tuple
    horde: tuple
    vp: int
    weaknesses: tuple
    last_attacker: int | None

    def __init__(self, advantage: int, locked: int = 0, active: bool = True, vows: tuple = (), horde: tuple = (),
                 vp: int = 0, weaknesses: tuple = (), last_attacker: int | None = None) -> None:
        self._init(advantage, locked, active, vows, horde, vp, freeze(weaknesses), last_attacker)


class State(Struct):
    """The whole Confrontation after some moves.

    ``round`` 1.., ``exchange`` 1 (Chronicler's side attacks) or 2 (the other side attacks);
    ``phase``: ``"pick"`` | ``"attack"`` | ``"defence"`` | ``"resolve"`` | ``"ended"``;
    ``stage`` within resolve: ``"aspects"`` → ``"devastation"`` → ``"bonus"``;
    ``pending``: choices still owed, head first, each ``(kind, die_or_player, chooser)``;
    ``renewals``: the side of each Renewal taken, in order; ``reversal``: ``None`` or
    ``(player, must_target, kept_die)``; ``yield_window``: players who may Yield now;
    ``reinforce_open``: a Round just ended; ``loser``: the side that Yielded; ``exchanges``: one
    record per finished exchange; ``yields``: one record per Yield; ``current``: the record being
    built; ``orders``: per player, their standing orders (a record of
    :data:`tirada.systems.brs.orders.ORDERS`) or None, empty before any ``orders`` move; ``draws``:
    ``((sides, face), …)`` every die drawn so far, in order; ``moves``: moves applied.

    The records are read-only: dicts (and lists) given for ``current``, ``exchanges``, ``yields``
    and ``orders`` are frozen into :class:`tirada.systems.frozen.Record` values (and tuples) when
    the state is made, so ``state.current["score"] = 0`` raises ``TypeError``; a record equals the
    dict with the same items, and :func:`tirada.systems.frozen.plain` gives dicts back for JSON.
    """

    _fields = ("setup", "dice", "players", "leaders", "graveyard_dice", "graveyard_advantage", "round", "exchange",
               "phase", "stage", "attacker", "target", "pending", "renewals", "reversal", "yield_window",
               "reinforce_open", "loser", "spoils_bearer", "exchanges", "yields", "current", "orders", "draws", "moves")
    setup: Setup
    dice: tuple
    players: tuple
    leaders: tuple
    graveyard_dice: tuple
    graveyard_advantage: int
    round: int
    exchange: int
    phase: str
    stage: str | None
    attacker: int | None
    target: int | None
    pending: tuple
    renewals: tuple
    reversal: tuple | None
    yield_window: tuple
    reinforce_open: bool
    loser: int | None
    spoils_bearer: tuple
    exchanges: tuple
    yields: tuple
    current: Mapping[str, Any] | None
    orders: tuple
    draws: tuple
    moves: int

    def __init__(self, setup: Setup, dice: tuple, players: tuple, leaders: tuple, graveyard_dice: tuple,
                 graveyard_advantage: int, round: int = 1, exchange: int = 1, phase: str = "pick",
                 stage: str | None = None, attacker: int | None = None, target: int | None = None,
                 pending: tuple = (), renewals: tuple = (), reversal: tuple | None = None, yield_window: tuple = (),
                 reinforce_open: bool = False, loser: int | None = None, spoils_bearer: tuple = (None, None),
                 exchanges: tuple = (), yields: tuple = (), current: Mapping[str, Any] | None = None,
                 orders: tuple = (), draws: tuple = (), moves: int = 0) -> None:
        self._init(setup, dice, players, leaders, graveyard_dice, graveyard_advantage, round, exchange, phase, stage,
                   attacker, target, pending, renewals, reversal, yield_window, reinforce_open, loser, spoils_bearer,
                   freeze(exchanges), freeze(yields), freeze(current), freeze(orders), draws, moves)

    # ----- the exchange under way (typed views of the optional fields) ---------------------
    @property
    def fight(self) -> Mapping[str, Any]:
        """``current``: the record of the exchange under way (attack, score, faces, defence…).

        Raises:
            IllegalMove: no exchange is under way (before a pick, or after the end).
        """
        if self.current is None:
            raise IllegalMove("no exchange is under way", field="move", rule="blood-red-sands.md §The fight",
                              code="brs.no_exchange")
        return self.current

    @property
    def fight_attacker(self) -> int:
        """``attacker`` of the exchange under way. Raises IllegalMove: none picked yet."""
        if self.attacker is None:
            raise IllegalMove("no attacker has been picked", field="move", rule="blood-red-sands.md §The fight",
                              code="brs.no_attacker")
        return self.attacker

    @property
    def fight_target(self) -> int:
        """``target`` of the exchange under way. Raises IllegalMove: none picked yet."""
        if self.target is None:
            raise IllegalMove("no target has been picked", field="move", rule="blood-red-sands.md §The fight",
                              code="brs.no_target")
        return self.target

    # ----- small queries -------------------------------------------------------------------
    @property
    def attacking_side(self) -> int:
        """0 in exchange 1 (the Chronicler's side attacks first), 1 in exchange 2 (§The fight)."""
        return 0 if self.exchange == 1 else 1

    def side_of(self, player: int) -> int:
        """The side (0/1) of ``player``."""
        return self.setup.players[player].side

    def active_players(self, side: int) -> list:
        """Players of ``side`` who have not Yielded, in setup order."""
        return [i for i, p in enumerate(self.setup.players) if p.side == side and self.players[i].active]

    def dice_of(self, player: int, *rows: str) -> list:
        """Indices of ``player``'s dice in any of ``rows`` (all rows when none given)."""
        return [i for i, d in enumerate(self.dice) if d.owner == player and (not rows or d.row in rows)]

    def graveyard_has_upto(self, size: int) -> bool:
        """True when the Graveyard holds a die of ``size`` or smaller."""
        return any(s <= size for s in self.graveyard_dice)

    def with_die(self, i: int, **changes) -> "State":
        """A copy with die ``i`` changed."""
        dice = list(self.dice)
        dice[i] = dice[i].replace(**changes)
        return self.replace(dice=tuple(dice))

    def with_player(self, p: int, **changes) -> "State":
        """A copy with player ``p``'s counters changed."""
        players = list(self.players)
        players[p] = players[p].replace(**changes)
        return self.replace(players=tuple(players))


def roll_die(state: State, i: int, dice, row: str = "available") -> State:
    """Roll die ``i`` on ``dice`` (one draw of its size) and put it in ``row``; records the draw."""
    size = state.dice[i].size
    face = dice.roll(size)
    state = state.replace(draws=state.draws + ((size, face),))
    return state.with_die(i, face=face, row=row)


def initial_state(setup: Setup, dice) -> State:
    """The state before the first move: committed Components' dice rolled into Available.

    Draw order: every die of a committed Component, in global die order (§Pieces: dice are rolled
    when placed in Available).
    """
    dice_list = tuple(Die(owner=setup.components[c].owner, component=c, size=t.die, aspect=t.aspect,
                          trait=t.trait) for c, t in setup.traits)
    players = tuple(PlayerState(advantage=p.advantage, vows=p.vows) for p in setup.players)
    state = State(setup=setup, dice=dice_list, players=players, leaders=(setup.leader_of(0), setup.leader_of(1)),
                  graveyard_dice=setup.graveyard_dice, graveyard_advantage=setup.graveyard_advantage)
    for i, d in enumerate(dice_list):
        if setup.components[d.component].committed:
            state = roll_die(state, i, dice)
    return state


def lift_targets(state: State, owner: int) -> list:
    """Dice of ``owner`` that Endurance can lift one step: Devastated this exchange → Battered →
    Used → Available (§Aspects 6)."""
    return [i for i in state.dice_of(owner) if state.dice[i].mark is not None
            or state.dice[i].row in ("battered", "used")]
