"""Blood Red Sands Confrontation: the typed records the page reads for the Battle Board, the step
and each player's legal actions (issue #40: the page reads no result by string key).

:func:`tirada.systems.brs.options.cells` returns a :class:`Cell` per die,
:func:`tirada.systems.brs.options.now` a :class:`Step`, and :func:`tirada.systems.brs.options.choices`
``{player index: Choices}``: the same facts as ``board``, ``step`` and ``options`` (whose dicts the
tests and the command line keep, byte for byte as before), as records. Nothing here is stored or put
in a link (the link holds the setup and the moves, never a result).

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``) §Pieces (the Battle
Board's rows), §The fight: Rounds and Exchanges, §Aspects, §Getting more dice, §Yielding. Written in
the reading-core pattern (docs/architecture.md §How the core is written): plain classes on
:class:`tirada.portable.Struct`, frozen, equal by their fields.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from ...portable import Struct

__all__ = ["AttackChoice", "BonusChoice", "Cell", "Choices", "DefeatChoice", "Defence", "DefenceDamage", "Defences",
           "DefendChoice", "DevastateChoice", "DieChoice", "PickChoice", "ReinforceChoice", "RenewChoice",
           "RulingChoice", "Step", "VowChoice", "VowEnemy", "AdvantageChoice", "YieldChoice"]


class Cell(Struct):
    """One die as the Battle Board shows it: ``die`` its index (0..), ``owner`` player index,
    ``component`` global Component index (−1 for a claimed Weakness), ``d`` size 4..12, ``face``
    1..d or None before it is rolled, ``aspect``, ``trait`` text, ``row`` (``"sheet"``,
    ``"available"``, ``"advanced"``, ``"used"``, ``"battered"``, ``"lost"``: §Pieces), ``mark`` the
    provisional damage of the exchange being resolved (``"battered"``/``"devastated"``/None),
    ``tokens`` Advantage tokens on it (≥ 0), ``kept`` a Reversal's kept die."""

    _fields = ("die", "owner", "component", "d", "face", "aspect", "trait", "row", "mark", "tokens", "kept")
    die: int
    owner: int
    component: int
    d: int
    face: int | None
    aspect: str
    trait: str
    row: str
    mark: str | None
    tokens: int
    kept: bool

    def __init__(self, die: int, owner: int, component: int, d: int, face: int | None, aspect: str, trait: str,
                 row: str, mark: str | None, tokens: int, kept: bool) -> None:
        self._init(die, owner, component, d, face, aspect, trait, row, mark, tokens, kept)

    def to_dict(self) -> dict:
        """``{"die", "owner", "component", "d", "face", "aspect", "trait", "row", "mark", "tokens",
        "kept"}``: one item of :func:`tirada.systems.brs.options.board`."""
        return dict(zip(self._fields, self._values()))


class Step(Struct):
    """The current moment (:func:`tirada.systems.brs.options.step`): ``kind`` (``"pick"``,
    ``"attack"``, ``"stuck"``, ``"defend"``, ``"overwhelmed"``, ``"reinforce"``, an owed choice —
    ``"strength"``, ``"endurance"``, ``"ruling"``, ``"devastate"``, ``"bonus"``, ``"defeat"`` — or
    ``"ended"``), ``player`` who acts (None when over), ``number`` exchanges so far + 1, ``round``
    1.., ``exchange`` 1 or 2, ``attacker``/``target`` player indices or None, ``score`` the Attack
    Score or None, ``subject`` the die or player index of an owed choice, ``winner_side`` 0/1/None,
    ``reversal`` (a Reversal is pending) and ``can``: the legal kinds of a stuck or Overwhelmed
    player, sorted (None elsewhere; :func:`tirada.systems.brs.options.now`)."""

    _fields = ("kind", "player", "number", "round", "exchange", "attacker", "target", "score", "subject",
               "winner_side", "reversal", "can")
    kind: str
    player: int | None
    number: int
    round: int
    exchange: int
    attacker: int | None
    target: int | None
    score: int | None
    subject: int | None
    winner_side: int | None
    reversal: bool
    can: tuple | None

    def __init__(self, kind: str, player: int | None, number: int, round: int, exchange: int,
                 attacker: int | None, target: int | None, score: int | None, subject: int | None,
                 winner_side: int | None, reversal: bool, can: tuple | None = None) -> None:
        self._init(kind, player, number, round, exchange, attacker, target, score, subject, winner_side, reversal,
                   None if can is None else tuple(can))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any], can: Any = None) -> "Step":
        """The record of a :func:`~tirada.systems.brs.options.step` dict, with ``can`` (kinds) or None."""
        return cls(value["kind"], value["player"], value["number"], value["round"], value["exchange"],
                   value["attacker"], value["target"], value["score"], value["subject"], value["winner_side"],
                   value["reversal"], can)


class PickChoice(Struct):
    """``pick``: the ``attackers`` who may attack and the ``targets`` (player indices; one each
    after a Reversal, one attacker when the Leader's standing order names them)."""

    _fields = ("attackers", "targets")
    attackers: tuple
    targets: tuple

    def __init__(self, attackers: Any, targets: Any) -> None:
        self._init(tuple(attackers), tuple(targets))


class AttackChoice(Struct):
    """``attack``: the ``dice`` that may be advanced (indices), the ``required`` die (a Reversal's
    kept die, or None) and the ``soul_fused`` dice that may go uncounted (§Aspects, Soul-Fused)."""

    _fields = ("dice", "required", "soul_fused")
    dice: tuple
    required: int | None
    soul_fused: tuple

    def __init__(self, dice: Any, required: int | None, soul_fused: Any) -> None:
        self._init(tuple(dice), required, tuple(soul_fused))


class DefenceDamage(Struct):
    """A die a suggested defence would damage: ``die`` index, ``face``, ``result``
    (``"battered"`` for an even face, ``"devastated"`` for an odd one: §The fight)."""

    _fields = ("die", "face", "result")
    die: int
    face: int
    result: str

    def __init__(self, die: int, face: int, result: str) -> None:
        self._init(die, face, result)


class Defence(Struct):
    """One smallest defence: the counted ``dice`` (indices), the ``soul_fused`` die added uncounted
    (or None), their ``sum``, the ``damage`` it takes and how many dice end ``battered`` and
    ``devastated``."""

    _fields = ("dice", "soul_fused", "sum", "damage", "battered", "devastated")
    dice: tuple
    soul_fused: int | None
    sum: int
    damage: tuple
    battered: int
    devastated: int

    def __init__(self, dice: Any, soul_fused: int | None, sum: int, damage: Any, battered: int,
                 devastated: int) -> None:
        self._init(tuple(dice), soul_fused, sum, tuple(damage), battered, devastated)


class Defences(Struct):
    """The smallest defences against ``score`` (:func:`tirada.systems.brs.defence.smallest_defences`):
    ``overwhelmed`` (no defence reaches it), ``counted`` dice each needs (1..; None when
    Overwhelmed), the ``outcome`` (``"Reversal"``, ``"Block"``, ``"Damage"``, ``"Overwhelmed"``),
    the best ``defences`` first, ``total`` found and ``complete`` (the search was not cut short)."""

    _fields = ("score", "overwhelmed", "counted", "outcome", "defences", "total", "complete")
    score: int
    overwhelmed: bool
    counted: int | None
    outcome: str
    defences: tuple
    total: int
    complete: bool

    def __init__(self, score: int, overwhelmed: bool, counted: int | None, outcome: str, defences: Any, total: int,
                 complete: bool) -> None:
        self._init(score, overwhelmed, counted, outcome, tuple(defences), total, complete)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Defences":
        """The record of a ``smallest_defences`` dict (the engine made it: every field is there)."""
        found = tuple(Defence(d["dice"], d["soul_fused"], d["sum"],
                              tuple(DefenceDamage(x["die"], x["face"], x["result"]) for x in d["damage"]),
                              d["battered"], d["devastated"]) for d in value["defences"])
        return cls(value["score"], value["overwhelmed"], value["counted"], value["outcome"], found, value["total"],
                   value["complete"])


class DefendChoice(Struct):
    """``defend``: the undamaged Available ``dice`` (indices), the Attack ``score`` to reach, the
    ``soul_fused`` dice among them and the ``smallest`` defences (:class:`Defences`, 5 best)."""

    _fields = ("dice", "score", "soul_fused", "smallest")
    dice: tuple
    score: int
    soul_fused: tuple
    smallest: Defences

    def __init__(self, dice: Any, score: int, soul_fused: Any, smallest: Defences) -> None:
        self._init(tuple(dice), score, tuple(soul_fused), smallest)


class AdvantageChoice(Struct):
    """``advantage``: the ``dice`` a token may reroll and the ``tokens`` in hand (≥ 1)."""

    _fields = ("dice", "tokens")
    dice: tuple
    tokens: int

    def __init__(self, dice: Any, tokens: int) -> None:
        self._init(tuple(dice), tokens)


class RenewChoice(Struct):
    """``renew``: the Used ``dice`` a Renewal rerolls (§Getting more dice)."""

    _fields = ("dice",)
    dice: tuple

    def __init__(self, dice: Any) -> None:
        self._set("dice", tuple(dice))


class VowEnemy(Struct):
    """An enemy an "an enemy will die" Vow may name: its ``component`` index, ``name`` and the
    Traits it lost (``devastated``, ≥ 0; more than 3 is refused)."""

    _fields = ("component", "name", "devastated")
    component: int
    name: str
    devastated: int

    def __init__(self, component: int, name: str, devastated: int) -> None:
        self._init(component, name, devastated)


class VowChoice(Struct):
    """``vow``: the ``vows`` not made yet (in rule order) and, from setup version 2, the
    ``enemies`` an "an enemy will die" Vow may name (else None)."""

    _fields = ("vows", "enemies")
    vows: tuple
    enemies: tuple | None

    def __init__(self, vows: Any, enemies: Any = None) -> None:
        self._init(tuple(vows), None if enemies is None else tuple(
            e if isinstance(e, VowEnemy) else VowEnemy(e["component"], e["name"], e["devastated"]) for e in enemies))


class ReinforceChoice(Struct):
    """``reinforce``: the Components (indices) whose dice may still be committed."""

    _fields = ("components",)
    components: tuple

    def __init__(self, components: Any) -> None:
        self._set("components", tuple(components))


class YieldChoice(Struct):
    """``yield``: whether the player is their side's ``leader`` and the ``new_leaders`` they may name."""

    _fields = ("leader", "new_leaders")
    leader: bool
    new_leaders: tuple

    def __init__(self, leader: bool, new_leaders: Any) -> None:
        self._init(leader, tuple(new_leaders))


class DieChoice(Struct):
    """An owed ``strength`` or ``endurance`` choice: the ``source`` die whose Aspect acts and the
    ``dice`` it may act on (§Aspects)."""

    _fields = ("source", "dice")
    source: int
    dice: tuple

    def __init__(self, source: int, dice: Any) -> None:
        self._init(source, tuple(dice))


class RulingChoice(Struct):
    """An owed ``ruling`` (Cunning, Sorcery…: the Chronicler rules): the ``source`` die, the
    ``dice`` of the attacker and target it may touch and the ``actions``
    (:data:`tirada.systems.brs.aspects.RULINGS`)."""

    _fields = ("source", "dice", "actions")
    source: int
    dice: tuple
    actions: tuple

    def __init__(self, source: int, dice: Any, actions: Any) -> None:
        self._init(source, tuple(dice), tuple(actions))


class DevastateChoice(Struct):
    """An owed ``devastate`` choice for ``die``: lose it, or take a Weakness of one of ``sizes``
    (Graveyard sizes up to the die's) and one of ``aspects``."""

    _fields = ("die", "sizes", "aspects")
    die: int
    sizes: tuple
    aspects: tuple

    def __init__(self, die: int, sizes: Any, aspects: Any) -> None:
        self._init(die, tuple(sizes), tuple(aspects))


class BonusChoice(Struct):
    """An owed ``bonus`` for the Battered ``die``: the ``takes`` open (``"none"``, ``"die"``,
    ``"advantage"``) and the ``smallest`` Graveyard die size (or None)."""

    _fields = ("die", "takes", "smallest")
    die: int
    takes: tuple
    smallest: int | None

    def __init__(self, die: int, takes: Any, smallest: int | None) -> None:
        self._init(die, tuple(takes), smallest)


class DefeatChoice(Struct):
    """An owed ``defeat`` of the ``victim`` (player index): the Graveyard ``sizes`` to take."""

    _fields = ("victim", "sizes")
    victim: int
    sizes: tuple

    def __init__(self, victim: int, sizes: Any) -> None:
        self._init(victim, tuple(sizes))


#: the record of each kind's details (``strength`` and ``endurance`` share one)
_KINDS: dict = {"pick": PickChoice, "attack": AttackChoice, "defend": DefendChoice, "advantage": AdvantageChoice,
                "renew": RenewChoice, "vow": VowChoice, "reinforce": ReinforceChoice, "yield": YieldChoice,
                "strength": DieChoice, "endurance": DieChoice, "ruling": RulingChoice,
                "devastate": DevastateChoice, "bonus": BonusChoice, "defeat": DefeatChoice}


def _choice(kind: str, details: Mapping[str, Any]) -> Any:
    if kind == "defend":
        return DefendChoice(details["dice"], details["score"], details["soul_fused"],
                            Defences.from_dict(details["smallest"]))
    return _KINDS[kind](**details)


class Choices(Struct):
    """One player's legal actions now (:func:`tirada.systems.brs.options.options`): ``kinds`` the
    legal kinds in the engine's order and ``details`` (``{kind: record}``); each kind's record is
    also an attribute (``pick``, ``attack``, …, ``yield_``), None when that kind is not legal.
    ``kind in choices`` and ``list(choices)`` give the kinds."""

    _fields = ("kinds", "details")
    kinds: tuple
    details: dict

    def __init__(self, kinds: Any, details: Mapping[str, Any]) -> None:
        self._init(tuple(kinds), dict(details))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "Choices":
        """The record of one player's ``{kind: details}`` of ``options``."""
        return cls(tuple(value), {kind: _choice(kind, details) for kind, details in value.items()})

    def __contains__(self, kind: object) -> bool:
        return kind in self.details

    def __iter__(self) -> Iterator[str]:
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    def __hash__(self) -> int:
        return hash(self.kinds)

    def of(self, kind: str) -> Any:
        """The record of ``kind`` (None when not legal now)."""
        return self.details.get(kind)

    pick = property(lambda self: self.details.get("pick"), doc="The :class:`PickChoice` or None.")
    attack = property(lambda self: self.details.get("attack"), doc="The :class:`AttackChoice` or None.")
    defend = property(lambda self: self.details.get("defend"), doc="The :class:`DefendChoice` or None.")
    advantage = property(lambda self: self.details.get("advantage"), doc="The :class:`AdvantageChoice` or None.")
    renew = property(lambda self: self.details.get("renew"), doc="The :class:`RenewChoice` or None.")
    vow = property(lambda self: self.details.get("vow"), doc="The :class:`VowChoice` or None.")
    reinforce = property(lambda self: self.details.get("reinforce"), doc="The :class:`ReinforceChoice` or None.")
    yield_ = property(lambda self: self.details.get("yield"), doc="The :class:`YieldChoice` or None.")
