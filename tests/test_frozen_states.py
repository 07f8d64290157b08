"""Blood Red Sands: a Confrontation state is deeply immutable, and no move (played or refused)
changes the state it was applied to. Issue #25 ("the three stateful games share one move interface
with frozen state"); tirada.systems.brs.state (module docstring: "a refused move leaves the state it
was applied to exactly as it was"); the records are tirada.systems.frozen.Record values.

Games: the rule file's worked example (blood-red-sands.md §Aspects, Haster attacks Sharla:
docs/examples/brs-haster-sharla.json), the same with standing orders (docs/brs-pace.md), whole
Confrontations played by the test bot, and random legal move sequences (hypothesis) that also make
Weaknesses instead of lost dice, take every battering bonus, set standing orders and Yield.
After every move: (a) every record reachable from both states refuses item assignment
(``TypeError``) and no dict, list or set is reachable; (b) the state the move was applied to is
equal to a snapshot taken before the move (a plain copy that shares nothing with the state),
including after refused moves.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tirada.errors import TiradaError
from tirada.portable import Struct
from tirada.systems.brs import legal_moves, play, replay, summary
from tirada.systems.brs.config import ASPECTS
from tirada.systems.brs.defence import defences_for
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.journal import journal
from tirada.systems.brs.moves import can_advance_two
from tirada.systems.brs.orders import ORDERS, side_to_move
from tirada.systems.brs.replay import new_confrontation
from tirada.systems.brs.state import PlayerState, State
from tirada.systems.frozen import Record, freeze, plain

from helpers.brs import big_setup, bot_move, play_out

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "brs-haster-sharla.json")

#: moves every state refuses (malformed, out of turn or naming nothing that exists)
REFUSED = [
    {"move": "fly"},
    {"move": "pick", "attacker": 99, "target": 0},
    {"move": "attack", "dice": [0, 0]},
    {"move": "defend", "dice": []},
    {"move": "orders", "player": 0, "orders": {"bonus": "maybe"}},
    {"move": "yield", "player": 99},
    {"move": "devastate", "weakness": {"size": 99, "trait": "Cojea"}},
    {"move": "defeat", "size": 99},
    {"move": "advantage", "die": 999},
]


def example() -> dict:
    with open(EXAMPLE, encoding="utf-8") as fh:
        return json.load(fh)


# ----- the two checks ---------------------------------------------------------------------------
def field_names(value) -> tuple:
    """The fields of a record: a dataclass's, or a :class:`tirada.portable.Struct`'s (the state's
    records since they joined the reading core, issue #41); ``()`` for anything else."""
    if isinstance(value, Struct):
        return value._fields
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(f.name for f in dataclasses.fields(value))
    return ()


def snapshot(value):
    """A plain copy of ``value`` sharing no object with it: records (dataclasses, Structs) as ``(type
    name, {field: copy})``, mappings as dicts, tuples as lists (compared with ``==`` on plain values only)."""
    if field_names(value):
        return (type(value).__name__, {f: snapshot(getattr(value, f)) for f in field_names(value)})
    if isinstance(value, dict) or isinstance(value, Record):
        return {"<map>": [[snapshot(k), snapshot(v)] for k, v in value.items()]}
    if isinstance(value, (tuple, list)):
        return [snapshot(v) for v in value]
    assert isinstance(value, (int, str, float, type(None))), type(value)
    return value


def reachable(value):
    """Every object reachable from ``value`` through record fields, mappings and sequences."""
    yield value
    if field_names(value):
        for f in field_names(value):
            yield from reachable(getattr(value, f))
    elif isinstance(value, (dict, Record)):
        for k, v in value.items():
            yield from reachable(k)
            yield from reachable(v)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from reachable(v)


def assert_deeply_frozen(state: State) -> int:
    """(a): no mutable container reachable; every record and tuple refuses item assignment and
    deletion; every record (dataclass or Struct) is frozen; the state hashes. Returns how many records
    were checked."""
    records = 0
    for obj in reachable(state):
        assert not isinstance(obj, (dict, list, set, bytearray)), f"mutable {type(obj).__name__}: {obj!r}"
        if field_names(obj):
            with pytest.raises(AttributeError):          # a Struct's refusal; a dataclass's FrozenInstanceError
                setattr(obj, field_names(obj)[0], None)
        if isinstance(obj, Record):
            records += 1
            key = next(iter(obj), "x")
            with pytest.raises(TypeError):
                obj[key] = "changed"                     # type: ignore[index]
            with pytest.raises(TypeError):
                obj["new key"] = 1                       # type: ignore[index]
            with pytest.raises(TypeError):
                del obj[key]                             # type: ignore[attr-defined]
            with pytest.raises(AttributeError):
                obj._items = {}                          # type: ignore[misc]
        if isinstance(obj, tuple) and obj:
            with pytest.raises(TypeError):
                obj[0] = "changed"                       # type: ignore[index]
    hash(state)
    return records


class Checked:
    """Plays moves with :func:`tirada.systems.brs.play` (the dice rebuilt from the state, so a refused
    move cannot move a dice stream on) and checks (a) and (b) around every move tried."""

    def __init__(self, setup: dict):
        self.state, _ = new_confrontation(setup)
        self.records = assert_deeply_frozen(self.state)
        self.played = 0
        self.refused = 0

    def attempt(self, move: dict) -> bool:
        """Try ``move``: True (and the state moves on) when it was played, False when refused."""
        before, snap = self.state, snapshot(self.state)
        try:
            after = play(before, move)
        except TiradaError:
            self.refused += 1
            assert snapshot(before) == snap, move       # (b) after a refused move
            assert_deeply_frozen(before)
            return False
        assert snapshot(before) == snap, move           # (b) after a played move
        self.records = max(self.records, assert_deeply_frozen(after))
        assert_deeply_frozen(before)
        self.state, self.played = after, self.played + 1
        return True

    def must(self, move: dict) -> None:
        assert self.attempt(move), move

    def refuse_all(self) -> None:
        for move in REFUSED:
            assert not self.attempt(move), move


# ----- the worked example -----------------------------------------------------------------------
def test_the_worked_example_is_frozen_after_every_move_and_refusals_change_nothing():
    """Haster attacks Sharla (score 10), her d4 2, d10 6 and d6 2 defend: Damage; her Strength, his
    Endurance; Sharla 1 VP. The exchange record is a Record at every step, its events too."""
    data = example()
    game = Checked(data["setup"])
    game.refuse_all()
    for move in data["moves"]:
        game.must(move)
        game.refuse_all()
        if move["move"] == "defend":
            assert isinstance(game.state.current, Record) and game.state.current["outcome"] == "Damage"
            with pytest.raises(TypeError):
                game.state.current["score"] = 0          # type: ignore[index]
    state = game.state
    assert state.current is None
    record = state.exchanges[0]
    assert isinstance(record, Record) and all(isinstance(e, Record) for e in record["events"] + record["damage"])
    assert record["score"] == 10 and record["outcome"] == "Damage"
    assert [e.get("aspect") for e in record["events"][:2]] == ["strength", "endurance"]
    assert summary(state)["vp"] == {"Haster": 0, "Sharla": 1}
    again = replay(data["setup"], data["moves"])
    assert state == again and hash(state) == hash(again)
    with pytest.raises(TypeError):
        record["events"][0]["die"] = 0                   # type: ignore[index]


def test_the_worked_example_with_standing_orders_keeps_the_orders_read_only():
    """Haster's order answers his Strength choice (docs/brs-pace.md); the orders and the event that
    records the answer (``"order": 0``) are Records."""
    data = example()
    game = Checked(data["setup"])
    game.must({"move": "orders", "player": 0, "orders": {"strength": "battered"}})
    for move in data["moves"][:3]:
        game.must(move)
        game.refuse_all()
    state = game.state
    assert isinstance(state.orders[0], Record) and state.orders[0]["strength"] == "battered"
    assert state.orders[1] is None
    assert state.current["events"][0]["order"] == 0
    with pytest.raises(TypeError):
        state.orders[0]["strength"] = "ask"              # type: ignore[index]


@pytest.mark.parametrize("setup", [big_setup(), example_setup("ab" * 16)], ids=["big", "example"])
def test_a_whole_bot_confrontation_is_frozen_after_every_move(setup):
    """Exchanges, Yields and "Derrotado por X" Weaknesses: every record frozen, the old states intact.
    ``example``: the worked example's setup (Haster against Sharla) on a seed, played to the end."""
    game = Checked(setup)
    for k, move in enumerate(play_out(setup)):
        game.must(move)
        if k % 7 == 0:
            game.refuse_all()
    state = game.state
    assert state.phase == "ended" and state.exchanges and state.yields
    assert all(isinstance(x, Record) for x in state.exchanges + state.yields)
    assert all(isinstance(w, Record) for p in state.players for w in p.weaknesses)


# ----- random legal move sequences -----------------------------------------------------------------
def random_move(state: State, rng: random.Random) -> dict:
    """A random move that is usually legal: other attack and defence dice than the bot's, Weaknesses
    instead of lost dice (sometimes claimed), any battering bonus, standing orders, Yields."""
    if state.pending:
        kind, subject, _ = state.pending[0]
        sizes = [s for s in state.graveyard_dice if s <= state.dice[subject].size] if kind == "devastate" else []
        if sizes and rng.random() < 0.7:
            weakness = {"size": rng.choice(sizes), "trait": rng.choice(["Cojea", "Miedo al agua"]),
                        "claim": rng.random() < 0.5}
            if weakness["claim"]:
                weakness["aspect"] = rng.choice(ASPECTS)
            return {"move": "devastate", "weakness": weakness}
        if kind == "bonus":
            return {"move": "bonus", "take": rng.choice(["die", "advantage", "none"])}
        return bot_move(state)
    roll = rng.random()
    if roll < 0.15 and state.phase != "ended" and side_to_move(state) is not None:
        side = side_to_move(state)
        players = state.active_players(side)
        if players:
            orders = {k: rng.choice(choices) for k, choices in ORDERS.items() if rng.random() < 0.5}
            return {"move": "orders", "player": rng.choice(players), "orders": orders}
    if state.phase == "pick" and state.yield_window and roll > 0.9:
        return {"move": "yield", "player": rng.choice(state.yield_window)}
    if state.phase == "attack" and state.attacker is not None and can_advance_two(state, state.attacker) \
            and state.reversal is None:
        dice = state.dice_of(state.attacker, "available")
        return {"move": "attack", "dice": rng.sample(dice, 2)}
    if state.phase == "defence" and roll < 0.6:
        found = defences_for(state, limit=4)["defences"]
        if found:
            best = rng.choice(found)
            return {"move": "defend", "dice": best["dice"], "soul_fused": best["soul_fused"]}
    return bot_move(state)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(3, 6), st.integers(0, 4))
def test_random_legal_move_sequences_keep_every_state_frozen_and_intact(seed, traits, junk):
    """Random games on random seeds: each move tried either plays (the old state intact, both
    frozen) or is refused (the state intact); the bot's move is the fallback, so the game goes on."""
    rng = random.Random(seed)
    setup = big_setup(seed=f"{seed:032x}", traits=traits)
    game = Checked(setup)
    for _ in range(400):
        if game.state.phase == "ended" and not game.state.pending:
            break
        if not game.attempt(random_move(game.state, rng)):
            game.must(bot_move(game.state))
        for move in rng.sample(REFUSED, junk):
            assert not game.attempt(move), move
    assert game.played > 0 and game.records > 0


def test_random_games_do_make_the_records_the_checks_are_about():
    """The random player reaches what the property test is about (else it would check little):
    Weaknesses instead of lost dice (their record nested in the exchange's damage), orders, Yields."""
    seen = {"weakness": 0, "orders": 0, "yields": 0}
    for seed in range(6):
        rng = random.Random(seed)
        setup = big_setup(seed=f"{seed:032x}")
        state, _ = new_confrontation(setup)
        for _ in range(400):
            if state.phase == "ended" and not state.pending:
                break
            state = _step(state, rng)
        assert_deeply_frozen(state)
        seen["weakness"] += sum(d.get("result") == "weakness" for x in state.exchanges for d in x["damage"])
        seen["orders"] += any(o is not None for o in state.orders)
        seen["yields"] += len(state.yields)
    assert all(seen.values()), seen


def _step(state: State, rng: random.Random) -> State:
    """One random move by either player, or the bot's move when the random one is refused."""
    try:
        return play(state, random_move(state, rng))
    except TiradaError:
        return play(state, bot_move(state))


# ----- what readers see is unchanged -------------------------------------------------------------
def _weakness_game() -> State:
    """A game whose exchanges hold a Weakness made instead of a lost die (a record inside a record)."""
    for seed in range(40):
        rng = random.Random(seed)
        state, _ = new_confrontation(big_setup(seed=f"{seed:032x}"))
        for _ in range(400):
            if any(d.get("weakness") for x in state.exchanges for d in x["damage"]):
                return state
            if state.phase == "ended" and not state.pending:
                break
            state = _step(state, rng)
    raise AssertionError("no game made a Weakness")  # pragma: no cover


def test_the_summary_and_journal_are_plain_json_with_nested_records_as_objects():
    state = _weakness_game()
    out = summary(state)
    text = json.dumps(out, ensure_ascii=False)          # a Record left in would raise TypeError here
    back = json.loads(text)
    damage = [d for x in back["exchanges"] for d in x["damage"] if d["result"] == "weakness"]
    assert damage and set(damage[0]["weakness"]) == {"trait", "size", "by"}
    assert all(type(d) is dict for x in out["exchanges"] for d in x["damage"] + x["events"])
    assert all(type(d["weakness"]) is dict for x in out["exchanges"] for d in x["damage"] if "weakness" in d)
    assert all(type(w) is dict for p in out["players"] for w in p["weaknesses"])
    assert all(type(y) is dict for y in out["yields"])


def test_a_record_reads_as_the_dict_it_was_made_from():
    raw = {"round": 1, "events": ({"die": 3, "order": 0},), "damage": ({"weakness": {"size": 4}},), "score": None}
    rec = freeze(raw)
    assert isinstance(rec, Record) and rec == raw and raw == rec and not (rec != raw) and rec != {**raw, "round": 2}
    assert rec["events"][0]["die"] == 3 and rec.get("missing", 7) == 7 and "score" in rec and len(rec) == 4
    assert dict(rec) == raw and {**rec, "score": 9}["score"] == 9 and list(rec) == list(raw)
    assert isinstance(rec["damage"], tuple) and isinstance(rec["damage"][0]["weakness"], Record)
    assert plain(rec) == raw and type(plain(rec)["damage"][0]["weakness"]) is dict
    assert freeze({"dice": [1, [2]]}) == {"dice": (1, (2,))}      # lists become tuples
    assert freeze(rec) is rec and hash(rec) == hash(freeze(raw))
    same = (rec, 1)
    assert freeze(same) is same                          # already frozen: the same object back


def test_a_state_made_from_dicts_freezes_them_and_replace_keeps_them_frozen():
    state, _ = new_confrontation(example()["setup"])
    made = state.replace(current={"score": 3, "events": [{"die": 1}]}, exchanges=({"target": 1},),
                         yields=({"player": 0},), orders=({"bonus": "die"}, None))
    assert isinstance(made.current, Record) and made.current["events"] == ({"die": 1},)
    assert all(isinstance(r, Record) for r in made.exchanges + made.yields + made.orders[:1])
    again = made.replace(round=2)
    assert again.current is made.current and again.exchanges is made.exchanges   # nothing copied twice
    ps = PlayerState(advantage=0, weaknesses=({"trait": "Cojea", "size": 4, "by": 0},))
    assert isinstance(ps.weaknesses[0], Record) and ps.weaknesses == ({"trait": "Cojea", "size": 4, "by": 0},)
    assert_deeply_frozen(made)


def test_the_journal_and_the_legal_moves_read_frozen_states_as_before():
    data = example()
    entries = journal(data["setup"], data["moves"])
    assert entries[1]["score"] == 10 and entries[2]["outcome"] == "Damage"
    json.dumps(entries, ensure_ascii=False)
    state = replay(data["setup"], data["moves"][:2])
    assert state.phase == "defence" and legal_moves(state)[1][0] == "defend"
