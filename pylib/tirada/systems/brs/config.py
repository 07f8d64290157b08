"""Blood Red Sands Confrontation: the setup (who fights with which dice) and the rule names.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``), §Pieces and
§Before the fight: the Spoils. The setup is everything fixed before the first move; the state is
a pure function of (setup, moves) (see :mod:`tirada.systems.brs.replay`).

Indices used everywhere: players are numbered in setup order; Components are numbered globally in
the order they appear (player by player); dice are numbered globally in trait order over all
Components (committed or not). Dice created later (a claimed Weakness) take the next numbers.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...fields import echo, get_bool, get_int, reject_unknown
from ...names import check_name
from ...portable import Struct, strip

__all__ = [
    "ASPECTS", "Component", "FORMAT_VERSION", "MANUAL_ASPECTS", "Player", "RULE_ASPECTS", "RULE_FIGHT",
    "RULE_MORE", "RULE_PIECES", "RULE_SPOILS", "RULE_YIELD", "SORCERY_ASPECTS", "Setup", "Trait",
    "VOWS",
]

FORMAT_VERSION = 1
#: setup versions read: 1, and 2 = fair play (each move that rolls carries fresh dice signed by the
#: moving player's chain, see :mod:`tirada.systems.brs.fair`).
VERSIONS = (1, 2)
RULE_PIECES = "blood-red-sands.md §Pieces"
RULE_SPOILS = "blood-red-sands.md §Before the fight: the Spoils"
RULE_FIGHT = "blood-red-sands.md §The fight: Rounds and Exchanges"
RULE_ASPECTS = "blood-red-sands.md §Aspects, in column order"
RULE_MORE = "blood-red-sands.md §Getting more dice"
RULE_YIELD = "blood-red-sands.md §Yielding"

#: The Aspects in Battle Board column order, left to right (§Aspects, in column order).
ASPECTS = ("soul_fused", "blessed_sorcery", "cunning", "soul_forged", "strength", "endurance",
           "sorcery", "fortaleza", "soul_reaper")
#: Aspects whose effect the seed leaves open: the table plays them with a manual ruling [decision].
MANUAL_ASPECTS = frozenset({"blessed_sorcery", "soul_forged", "sorcery", "fortaleza", "soul_reaper"})
#: Aspects that Cunning does not cancel (§Aspects 3).
SORCERY_ASPECTS = frozenset({"blessed_sorcery", "sorcery"})
#: The three Hero's Vows (§Getting more dice).
VOWS = ("faction_fails", "faction_succeeds", "enemy_dies")

MAX_PLAYERS = 8
MAX_COMPONENTS = 8
MAX_TRAITS = 12
MAX_TEXT = 120
SETUP_FIELDS = {"version", "seed", "faces", "sides", "players", "graveyard", "spoils", "stipulations",
                "back_down", "allow_d12", "campaign", "start"}
PLAYER_FIELDS = {"name", "side", "hero", "leader", "advantage", "vows", "components"}


class Trait(Struct):
    """One slot of a Component: ``trait`` text, ``die`` size (4, 6, 8, 10; 12 with ``allow_d12``)
    and ``aspect`` (one of :data:`ASPECTS`) (§Pieces)."""

    _fields = ("trait", "die", "aspect")
    trait: str
    die: int
    aspect: str

    def __init__(self, trait: str, die: int, aspect: str) -> None:
        self._init(trait, die, aspect)


class Component(Struct):
    """A character, group, place or thing made of dice (§Pieces): ``name``, ``owner`` (player
    index), ``committed`` at the start (else it may join by Reinforcing) and its ``traits``."""

    _fields = ("name", "owner", "committed", "traits")
    name: str
    owner: int
    committed: bool
    traits: tuple

    def __init__(self, name: str, owner: int, committed: bool, traits: tuple) -> None:
        self._init(name, owner, committed, traits)


class Player(Struct):
    """A participant: ``side`` 0 = the Chronicler's side, 1 = the players' side; ``hero`` (may
    make Vows); ``leader`` of its side; ``advantage`` tokens at the start (0..20); ``vows`` already
    made this Ordeal (each kind once per Ordeal); ``components``: global Component indices."""

    _fields = ("name", "side", "hero", "leader", "advantage", "vows", "components")
    name: str
    side: int
    hero: bool
    leader: bool
    advantage: int
    vows: tuple
    components: tuple

    def __init__(self, name: str, side: int, hero: bool, leader: bool, advantage: int, vows: tuple,
                 components: tuple) -> None:
        self._init(name, side, hero, leader, advantage, vows, components)


class Setup(Struct):
    """Everything fixed before the first move (§Pieces, §Before the fight: the Spoils).

    Fields: ``seed`` (hex) or ``faces`` (ints in draw order, for tables that roll by hand and for
    tests) — exactly one; ``sides``: two names; ``players``, ``components`` (flat, global order);
    ``graveyard_dice``: die sizes; ``graveyard_advantage``: tokens; ``spoils``, ``stipulations``:
    text; ``back_down``: ``None`` or the side (0/1) that Backed Down (Ordinary Spoils);
    ``allow_d12``.
    """

    _fields = ("seed", "faces", "sides", "players", "components", "graveyard_dice", "graveyard_advantage", "spoils",
               "stipulations", "back_down", "allow_d12", "version", "campaign", "start")
    seed: str | None
    faces: tuple | None
    sides: tuple
    players: tuple
    components: tuple
    graveyard_dice: tuple
    graveyard_advantage: int
    spoils: tuple
    stipulations: tuple
    back_down: int | None
    allow_d12: bool
    version: int
    campaign: str
    start: tuple | None    #: (roller, seq, prev | None): the start signed by the starter's chain

    def __init__(self, seed: str | None, faces: tuple | None, sides: tuple, players: tuple, components: tuple,
                 graveyard_dice: tuple, graveyard_advantage: int, spoils: tuple, stipulations: tuple,
                 back_down: int | None, allow_d12: bool, version: int = FORMAT_VERSION, campaign: str = "",
                 start: tuple | None = None) -> None:
        self._init(seed, faces, sides, players, components, graveyard_dice, graveyard_advantage, spoils,
                   stipulations, back_down, allow_d12, version, campaign, start)

    @property
    def traits(self) -> tuple:
        """``((component_index, Trait), …)`` in global die order."""
        return tuple((c, t) for c, comp in enumerate(self.components) for t in comp.traits)

    @property
    def ordinary_spoils(self) -> bool:
        """True when a side Backed Down: the fight is for the Ordinary Spoils (§Spoils)."""
        return self.back_down is not None

    def leader_of(self, side: int) -> int:
        """The player index of ``side``'s Leader at the start."""
        return next(i for i, p in enumerate(self.players) if p.side == side and p.leader)

    @classmethod
    def from_dict(cls, data: Any) -> "Setup":
        """Validate a setup JSON object (format in docs/brs-format.md) and build the Setup.

        Raises:
            InvalidRequest: unknown or missing field, bad die size or Aspect, text too long, a side
            without players or with no single Leader, neither or both of ``seed``/``faces``.
        """
        if not isinstance(data, Mapping):
            raise InvalidRequest("the setup must be a JSON object", field="setup", code="brs.setup_object")
        reject_unknown(data, SETUP_FIELDS, "Blood Red Sands setup")
        version = get_int(data, "version", default=FORMAT_VERSION)
        if version not in VERSIONS:
            raise InvalidRequest(f"unknown setup version {version}; this engine reads 1 and 2",
                                 field="version",
                                 code="brs.setup_version",
                                 params={"got": str(version)[:10], "version": VERSIONS[-1]})
        campaign = data.get("campaign") or ""
        if campaign:
            from ...wire.roll_layout import check_text   # the roller-chain rules for a campaign label

            if version != 2:
                raise InvalidRequest("a campaign label needs setup version 2", field="campaign",
                                     code="brs.campaign_needs_v2")
            campaign = check_text(strip(campaign) if isinstance(campaign, str) else campaign, "campaign") or ""
        from .start import check_mover_names, check_start   # version 2: the start's chain position

        start = check_start(data.get("start"), version)
        seed, faces = data.get("seed"), data.get("faces")
        if (seed is None) == (faces is None):
            raise InvalidRequest("give exactly one of seed (hex) or faces (list)", field="seed",
                                 code="brs.seed_or_faces")
        if faces is not None:
            if not isinstance(faces, list) or not all(type(f) is int for f in faces):
                raise InvalidRequest("must be a list of whole numbers", field="faces", code="field.int_list")
            faces = tuple(faces)
        elif not isinstance(seed, str):
            raise InvalidRequest("the seed must be a string of hex digits", field="seed", code="seed.not_hex")
        if version == 2 and faces is not None:
            raise InvalidRequest("a fair-play (version 2) Confrontation draws from a seed, not typed faces",
                                 field="faces", code="brs.fair_needs_seed")
        allow_d12 = get_bool(data, "allow_d12")
        sides = tuple(_texts(data, "sides", 2) or ("Chronicler", "Players"))
        if len(sides) != 2:
            raise InvalidRequest("must name exactly 2 sides", field="sides", code="brs.sides_two")
        players, components = _players(data.get("players"), allow_d12)
        if start is not None:   # a signed start promises every player can sign their moves
            check_mover_names([p.name for p in players])
        grave = data.get("graveyard") or {}
        if not isinstance(grave, Mapping):
            raise InvalidRequest("must be an object {dice, advantage}", field="graveyard",
                                 code="brs.graveyard_object")
        reject_unknown(grave, {"dice", "advantage"}, "graveyard")
        gdice = grave.get("dice") or []
        if not isinstance(gdice, list) or len(gdice) > 60:
            raise InvalidRequest("must be a list of at most 60 die sizes", field="graveyard.dice",
                                 code="brs.graveyard_dice", params={"n": 60})
        for i, size in enumerate(gdice):
            _size({"die": size}, f"graveyard.dice[{i}]", allow_d12)
        back = data.get("back_down")
        if back is not None:
            back = get_int(data, "back_down", lo=0, hi=1, rule=RULE_SPOILS)
        return cls(
            seed=strip(seed).lower() if isinstance(seed, str) else None, faces=faces, sides=sides,
            players=players, components=components, graveyard_dice=tuple(sorted(gdice)),
            graveyard_advantage=get_int(grave, "advantage", default=0, lo=0, hi=100),
            spoils=tuple(_texts(data, "spoils", 20)), stipulations=tuple(_texts(data, "stipulations", 20)),
            back_down=back, allow_d12=allow_d12, version=version, campaign=campaign, start=start,
        )

    def to_dict(self) -> dict:
        """The setup as the JSON object :meth:`from_dict` reads (round-trips exactly)."""
        out: dict = {"version": self.version}
        if self.campaign:
            out["campaign"] = self.campaign
        if self.seed is not None:
            out["seed"] = self.seed
        else:
            out["faces"] = list(self.faces or ())
        out["sides"] = list(self.sides)
        out["players"] = [{
            "name": p.name, "side": p.side, "hero": p.hero, "leader": p.leader, "advantage": p.advantage,
            "vows": list(p.vows),
            "components": [{"name": self.components[c].name, "committed": self.components[c].committed,
                            "traits": [{"trait": t.trait, "die": t.die, "aspect": t.aspect}
                                       for t in self.components[c].traits]} for c in p.components],
        } for p in self.players]
        out["graveyard"] = {"dice": list(self.graveyard_dice), "advantage": self.graveyard_advantage}
        out["spoils"] = list(self.spoils)
        out["stipulations"] = list(self.stipulations)
        out["back_down"] = self.back_down
        if self.allow_d12:
            out["allow_d12"] = True
        if self.start is not None:
            out["start"] = dict(zip(("roller", "seq", "prev"), self.start))
        return out


def _texts(data: Mapping, name: str, max_items: int) -> list:
    value = data.get(name) or []
    if not isinstance(value, list) or len(value) > max_items:
        raise InvalidRequest(f"must be a list of at most {max_items} texts", field=name,
                             code="field.texts", params={"n": max_items})
    return [check_name(v, name, MAX_TEXT * 4, required=False) for v in value]


def _size(obj: Mapping, field: str, allow_d12: bool) -> int:
    size = obj.get("die")
    allowed = (4, 6, 8, 10, 12) if allow_d12 else (4, 6, 8, 10)
    if type(size) is not int or size not in allowed:
        extra = "" if allow_d12 else " (d12 only with allow_d12)"
        sizes = ", ".join("d" + str(s) for s in allowed)   # no f-string inside an f-string (MicroPython)
        raise InvalidRequest(f"a die must be one of {sizes}{extra}, got {echo(size)}",
                             field=field, rule=RULE_PIECES,
                             code="brs.die_size" if allow_d12 else "brs.die_size_no_d12",
                             params={"got": echo(size)})
    return size


def _players(raw: Any, allow_d12: bool) -> tuple:
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_PLAYERS:
        raise InvalidRequest(f"must be a list of 2 to {MAX_PLAYERS} players", field="players", rule=RULE_PIECES,
                             code="brs.players_count", params={"n": MAX_PLAYERS})
    players: list = []
    components: list = []
    for i, p in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(p, Mapping):
            raise InvalidRequest("must be an object", field=where, code="field.object")
        reject_unknown(p, PLAYER_FIELDS, "Blood Red Sands player")
        comps = p.get("components")
        if not isinstance(comps, list) or not 1 <= len(comps) <= MAX_COMPONENTS:
            raise InvalidRequest(f"must list 1 to {MAX_COMPONENTS} Components", field=f"{where}.components",
                                 rule=RULE_PIECES, code="brs.components_count", params={"n": MAX_COMPONENTS})
        indices = []
        for j, comp in enumerate(comps):
            indices.append(len(components))
            cwhere = f"{where}.components[{j}]"
            try:
                components.append(_component(comp, i, cwhere, allow_d12))
            except InvalidRequest as err:
                if err.field and err.field.startswith("players"):
                    raise
                raise InvalidRequest(err.message, field=f"{cwhere}.{err.field}", rule=err.rule,
                                     code=err.code, params=err.params) from None
        vows = p.get("vows") or []
        if not isinstance(vows, list) or any(v not in VOWS for v in vows) or len(set(vows)) != len(vows):
            raise InvalidRequest(f"must list distinct Vows among {', '.join(VOWS)}", field=f"{where}.vows",
                                 rule=RULE_MORE, code="brs.vows_list", params={"choices": ', '.join(VOWS)})
        try:
            players.append(Player(
                name=check_name(p.get("name"), "name", MAX_TEXT, required=False) or f"Player {i + 1}",
                side=get_int(p, "side", lo=0, hi=1, rule=RULE_PIECES), hero=get_bool(p, "hero"),
                leader=get_bool(p, "leader"), advantage=get_int(p, "advantage", default=0, lo=0, hi=20),
                vows=tuple(vows), components=tuple(indices)))
        except InvalidRequest as err:
            raise InvalidRequest(err.message, field=f"{where}.{err.field}", rule=err.rule,
                                 code=err.code, params=err.params) from None
    if len({p.name for p in players}) != len(players):
        raise InvalidRequest("each player needs a different name", field="players", rule=RULE_PIECES,
                             code="brs.players_names")
    for side in (0, 1):
        members = [k for k, p in enumerate(players) if p.side == side]
        if not members:
            raise InvalidRequest(f"side {side} has no player", field="players", rule=RULE_PIECES,
                                 code="brs.side_no_player", params={"side": side})
        leaders = [k for k in members if players[k].leader]
        if len(members) == 1 and not leaders:
            k = members[0]
            players[k] = players[k].replace(leader=True)
        elif len(leaders) != 1:
            raise InvalidRequest(f"side {side} needs exactly one Leader", field="players", rule=RULE_PIECES,
                                 code="brs.side_leader", params={"side": side})
        if not any(components[c].committed for k in members for c in players[k].components):
            raise InvalidRequest(f"side {side} commits no Component", field="players", rule=RULE_PIECES,
                                 code="brs.side_no_component", params={"side": side})
    return tuple(players), tuple(components)


def _component(comp: Any, owner: int, where: str, allow_d12: bool) -> Component:
    if not isinstance(comp, Mapping):
        raise InvalidRequest("must be an object", field=where, code="field.object")
    reject_unknown(comp, {"name", "committed", "traits"}, "Component")
    traits = comp.get("traits")
    if not isinstance(traits, list) or not 1 <= len(traits) <= MAX_TRAITS:
        raise InvalidRequest(f"must list 1 to {MAX_TRAITS} Traits", field=f"{where}.traits", rule=RULE_PIECES,
                             code="brs.traits_count", params={"n": MAX_TRAITS})
    out = []
    for k, t in enumerate(traits):
        tw = f"{where}.traits[{k}]"
        if not isinstance(t, Mapping):
            raise InvalidRequest("must be an object {trait, die, aspect}", field=tw, code="brs.trait_object")
        reject_unknown(t, {"trait", "die", "aspect"}, "Trait")
        aspect = t.get("aspect")
        if aspect not in ASPECTS:
            raise InvalidRequest(f"unknown Aspect {str(aspect)[:30]!r}; known: {', '.join(ASPECTS)}",
                                 field=f"{tw}.aspect", rule=RULE_ASPECTS,
                                 code="brs.aspect_unknown",
                                 params={"got": str(aspect)[:30], "choices": ', '.join(ASPECTS)})
        out.append(Trait(check_name(t.get("trait"), "trait", MAX_TEXT, required=False), _size(t, f"{tw}.die", allow_d12), aspect))
    return Component(check_name(comp.get("name"), "name", MAX_TEXT, required=False), owner, get_bool(comp, "committed", True),
                     tuple(out))
