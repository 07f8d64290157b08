"""Tragedia scene state: who plays which role, the dice gathered so far, and what is used up.

Rules: ../shared/rules/tragedia.md §Roles in a scene and §Gathering dice (seed
``001_0d4b6b4e1f6e6362.txt``). A :class:`SceneState` is a frozen value; the actions of
``sources`` / ``moves`` return new states, and ``scene.replay`` folds a
ledger's actions over :func:`new_scene` (replay = the state).

Written in the reading-core pattern (docs/architecture.md §How the core is written; a scene link is
replayed on MicroPython, issue #41): records on :class:`tirada.portable.Struct`, ``.replace(**changes)``
for ``dataclasses.replace``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import IllegalMove, InvalidRequest
from ...fields import get_choice, get_int, get_int_list, get_text, reject_unknown
from ...names import check_name
from ...portable import Struct
from ..frozen import freeze
from .roll import DEFAULT_SIDES, check_sides
from .signed import check_roller_names, check_signed_setup
from .sheet import MAX_NAME, Sheet

__all__ = [
    "KINDS", "PHASES", "ROLES", "RULE_ALLY", "RULE_HENCHMAN", "RULE_ROLES", "SIDE_OF_ROLE",
    "TABLE_SETTINGS", "Contribution", "Participant", "SceneState", "new_scene", "read_table",
]

RULE_ROLES = "tragedia.md §Roles in a scene"
RULE_TRANSFORMATION = "tragedia.md §Character state the tool keeps (Transformation scene)"
ROLES = ("protagonist", "ally", "adversary", "henchman")
SIDE_OF_ROLE = {"protagonist": "protagonist", "ally": "protagonist",
                "adversary": "adversary", "henchman": "adversary"}
KINDS = ("character", "transformation")
#: gathering → (roll) → post_loss (only after a loss below Tragedy 5) → decided.
PHASES = ("gathering", "post_loss", "decided")
SETUP_FIELDS = {"format", "schema", "kind", "objective", "sides", "seed", "faces", "themes",
                "participants", "actions", "table", "campaign"}
RULE_HENCHMAN = "tragedia.md §Corrections and additions (lowering Tragedy as a Henchman)"
RULE_ALLY = "tragedia.md §Corrections and additions (removing Consequences as an Ally)"
#: Table settings where the seed gives no amount (docs/tragedia-scene.md §Table settings
#: [decision]): name → (default, lowest, highest). A ledger without ``table`` uses the defaults;
#: the settings only matter to the moves ``lower`` / ``remove``, which older ledgers never hold.
TABLE_SETTINGS = {
    # seed 001: "para reducir el nivel de Tragedia cuando se ha alcanzado el tope, aparte de jugar
    # como Secuaz, se puede jugar una escena de Transformación" — no amount given.
    "henchman_tragedy_drop": (1, 0, 4),
    # seed 001: "cada Consecuencia [...] se pueden eliminar jugando como Aliado" — no count given.
    "ally_consequences_removed": (1, 0, 20),
}
LEDGER_FORMAT = "tirada-tragedia-scene"
LEDGER_SCHEMA = 2          #: the schema the page writes: rolls signed by the roller's chain
SCHEMAS = (1, 2)           #: schemas read: 1 (rolls take no chain number), 2 (signed rolls)
MAX_PARTICIPANTS = 12
MAX_THEMES = 20


class Participant(Struct):
    """A player in the scene: ``role`` (one of :data:`ROLES`) and their character ``sheet``."""

    _fields = ("role", "sheet")
    role: str
    sheet: Sheet

    def __init__(self, role: str, sheet: Sheet) -> None:
        self._init(role, sheet)

    @property
    def name(self) -> str:
        """The character's name, used as ``by`` in actions."""
        return self.sheet.name

    @property
    def side(self) -> str:
        """``"protagonist"`` (Protagonist, Allies) or ``"adversary"`` (Adversary, Henchmen)."""
        return SIDE_OF_ROLE[self.role]


class Contribution(Struct):
    """Dice added by one action (tragedia.md §Gathering dice): ``source`` (``"trait"``, …), ``by``
    (a participant), ``side`` that rolls them, ``dice`` ≥ 1, ``stage`` (``"gathering"`` or
    ``"post_loss"``), ``detail`` (the Trait / Theme / Domain / Consequence / Destiny use) and the
    narrated ``note``."""

    _fields = ("source", "by", "side", "dice", "stage", "detail", "note")
    source: str
    by: str
    side: str
    dice: int
    stage: str
    detail: str
    note: str

    def __init__(self, source: str, by: str, side: str, dice: int, stage: str, detail: str = "",
                 note: str = "") -> None:
        self._init(source, by, side, dice, stage, detail, note)

    def to_dict(self) -> dict:
        """JSON-ready dict of the fields."""
        return {"source": self.source, "by": self.by, "side": self.side, "dice": self.dice,
                "stage": self.stage, "detail": self.detail, "note": self.note}


class SceneState(Struct):
    """One scene, as a frozen value.

    ``marks`` records what is used up this scene as tuples: ``("flaw", protagonist)``,
    ``("tragedy", stage, protagonist)``, ``("tragedy_5", protagonist)``, ``("support", by)``,
    ``("last_die", by)``, ``("consequence", target, name)``, ``("turned", owner, trait)``,
    ``("domain", owner, name)`` (one per use), ``("imposed_tragedy", protagonist)``,
    ``("lowered", henchman)``, ``("removed", ally, consequence)``.
    ``table`` holds the table settings (:data:`TABLE_SETTINGS`) as sorted ``(name, value)`` pairs.
    ``stages`` holds the roll stages (tragedia.final_stage / post_loss_stage dicts), ``draws`` how
    many dice have been drawn from ``seed`` / ``faces`` so far.
    """

    _fields = ("kind", "objective", "sides", "seed", "faces", "themes", "participants", "phase", "contributions",
               "exhausted_themes", "marks", "auto_successes", "protagonist_wins_ties", "adversary_in_scene",
               "stages", "draws", "transformed", "table", "schema", "campaign")
    kind: str
    objective: str
    sides: int
    seed: str | None
    faces: tuple | None
    themes: tuple
    participants: tuple
    phase: str
    contributions: tuple
    exhausted_themes: tuple
    marks: tuple
    auto_successes: int
    protagonist_wins_ties: bool
    adversary_in_scene: bool
    stages: tuple
    draws: int
    transformed: bool
    table: tuple
    schema: int
    campaign: str

    def __init__(self, kind: str, objective: str, sides: int, seed: str | None, faces: tuple | None,
                 themes: tuple, participants: tuple, phase: str = "gathering", contributions: tuple = (),
                 exhausted_themes: tuple = (), marks: tuple = (), auto_successes: int = 0,
                 protagonist_wins_ties: bool = False, adversary_in_scene: bool = False, stages: tuple = (),
                 draws: int = 0, transformed: bool = False, table: tuple = (), schema: int = 1,
                 campaign: str = "") -> None:
        # the roll stages frozen (Records of ints, bools, text and tuples of faces): a scene state
        # cannot be changed in place (issue #25, one move interface with frozen state)
        self._init(kind, objective, sides, seed, faces, themes, participants, phase, contributions,
                   exhausted_themes, marks, auto_successes, protagonist_wins_ties, adversary_in_scene,
                   freeze(tuple(stages)), draws, transformed, table, schema, campaign)

    # --- reading -------------------------------------------------------------------------------
    def stage_dicts(self) -> list:
        """The roll stages as the JSON dicts :mod:`tirada.systems.tragedia.roll` made them
        (``[{"stage": "final", "protagonist_faces": [int], ...}, ...]``): fresh, with lists."""
        return [{k: list(v) if isinstance(v, tuple) else v for k, v in stage.items()} for stage in self.stages]

    def participant(self, name: Any, field: str = "by") -> Participant:
        """The participant whose character is ``name``.

        Raises:
            InvalidRequest: no such participant (the names in the scene are listed).
        """
        for p in self.participants:
            if p.name == name:
                return p
        names = ", ".join(repr(p.name) for p in self.participants)
        raise InvalidRequest(f"{str(name)[:40]!r} is not in this scene; participants: {names}"[:300],
                             field=field,
                             code="tragedia.not_participant", params={"name": str(name)[:40], "names": names[:200]})

    def by_role(self, role: str) -> Participant:
        """The first participant playing ``role`` (the Adversary is always single; the Protagonist
        is the first of :attr:`protagonists`)."""
        return next(p for p in self.participants if p.role == role)

    @property
    def protagonist(self) -> Participant:
        """The first Protagonist (the only one in most scenes and in every Transformation scene)."""
        return self.by_role("protagonist")

    @property
    def protagonists(self) -> tuple:
        """Every Protagonist, in participant order: a scene has "al menos un jugador Protagonista"
        (seed 001, first paragraph), so one or more."""
        return tuple(p for p in self.participants if p.role == "protagonist")

    def setting(self, name: str) -> int:
        """The table setting ``name`` of :data:`TABLE_SETTINGS` (its default when the ledger has none)."""
        return dict(self.table).get(name, TABLE_SETTINGS[name][0])

    def raised(self, stage: str) -> bool:
        """True when some Protagonist raised Tragedy for dice in ``stage`` (gathering / post_loss)."""
        return any(m[:2] == ("tragedy", stage) for m in self.marks)

    @property
    def adversary(self) -> Participant:
        """The Adversary."""
        return self.by_role("adversary")

    def pool(self, side: str, stage: str = "gathering", source: str | None = None) -> int:
        """Dice gathered by ``side`` in ``stage`` (optionally only from ``source``)."""
        return sum(c.dice for c in self.contributions
                   if c.side == side and c.stage == stage and (source is None or c.source == source))

    def used(self, *mark: str) -> int:
        """How many times ``mark`` was recorded this scene."""
        return self.marks.count(tuple(mark))

    @property
    def winner(self) -> str | None:
        """The winner of the last roll stage, or ``None`` before the roll."""
        return self.stages[-1]["winner"] if self.stages else None

    # --- updating ------------------------------------------------------------------------------
    def with_sheet(self, sheet: Sheet) -> "SceneState":
        """The state with the participant named ``sheet.name`` holding ``sheet``."""
        return self.replace(participants=tuple(p.replace(sheet=sheet) if p.name == sheet.name else p
                                               for p in self.participants))

    def mark(self, *mark: str) -> "SceneState":
        """The state with ``mark`` recorded once more."""
        return self.replace(marks=self.marks + (tuple(mark),))

    def contribute(self, source: str, by: Participant, dice: int, detail: str = "", note: str = "",
                   side: str | None = None) -> "SceneState":
        """The state with ``dice`` more dice for ``side`` (default: ``by``'s side) in this phase."""
        stage = "post_loss" if self.phase == "post_loss" else "gathering"
        item = Contribution(source, by.name, side or by.side, dice, stage, detail, note)
        return self.replace(contributions=self.contributions + (item,))


def _participants(value: Any) -> tuple:
    if not isinstance(value, list) or not value:
        raise InvalidRequest("must be a list of {role, sheet}", field="participants", rule=RULE_ROLES,
                             code="tragedia.participants_list")
    if len(value) > MAX_PARTICIPANTS:
        raise InvalidRequest(f"at most {MAX_PARTICIPANTS} participants", field="participants",
                             code="tragedia.participants_count", params={"n": MAX_PARTICIPANTS})
    out = []
    for i, item in enumerate(value):
        where = f"participants[{i}]"
        if not isinstance(item, Mapping):
            raise InvalidRequest("must be a JSON object {role, sheet}", field=where,
                                 code="tragedia.participant_object")
        reject_unknown(item, {"role", "sheet"}, "participant")
        role = get_choice(item, "role", ROLES)
        out.append(Participant(role, Sheet.from_dict(item.get("sheet"), f"{where}.sheet")))
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise InvalidRequest("two participants have the same character name", field="participants",
                             rule=RULE_ROLES, code="tragedia.participants_names")
    if sum(p.role == "adversary" for p in out) != 1:
        raise InvalidRequest("a scene needs exactly one adversary", field="participants", rule=RULE_ROLES,
                             code="tragedia.one_adversary")
    if not any(p.role == "protagonist" for p in out):  # seed 001: "al menos un jugador Protagonista"
        raise InvalidRequest("a scene needs at least one protagonist", field="participants",
                             rule=RULE_ROLES, code="tragedia.one_protagonist")
    return tuple(out)


def read_table(value: Any) -> tuple:
    """The ledger's ``table`` object as sorted ``(name, value)`` pairs (``None`` → ``()``: defaults).

    Raises:
        InvalidRequest: not an object, an unknown setting, or a value outside its range
        (:data:`TABLE_SETTINGS`).
    """
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise InvalidRequest("must be a JSON object of table settings", field="table",
                             code="tragedia.table_object")
    reject_unknown(value, set(TABLE_SETTINGS), "table settings")
    return tuple(sorted((name, get_int(value, name, lo=lo, hi=hi, rule=RULE_HENCHMAN if name.startswith(
        "henchman") else RULE_ALLY)) for name, (_, lo, hi) in TABLE_SETTINGS.items() if name in value))


def _themes(value: Any) -> tuple:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_THEMES:
        raise InvalidRequest(f"must be a list of at most {MAX_THEMES} names", field="themes",
                             code="tragedia.themes_count", params={"n": MAX_THEMES})
    names = tuple(check_name(t, "theme", MAX_NAME, required=False) for t in value)
    if not all(names) or len(set(names)) != len(names):
        raise InvalidRequest("Theme names must be non-empty and different", field="themes",
                             code="tragedia.themes_names")
    return names


def new_scene(setup: Mapping[str, Any]) -> SceneState:
    """The state at the start of a scene: every Theme and Consequence fresh, no dice gathered.

    Args:
        setup: a ledger dict (docs/tragedia-scene.md): ``kind`` ``"character"`` (default) or
        ``"transformation"``, ``objective`` text, ``sides`` even 2..1000 (default 6), ``seed`` hex or
        ``faces`` ints (or neither, when every roll action carries its own ``seed``), ``themes``
        (the game's Themes), ``participants`` (``[{"role", "sheet"}]``: exactly one Protagonist and
        one Adversary, one or more Protagonists (seed 001: "al menos un jugador Protagonista"),
        any Allies and Henchmen, distinct character names), ``table`` (optional table settings,
        :data:`TABLE_SETTINGS`). ``actions`` is ignored here (see replay).
    Raises:
        InvalidRequest: unknown field, wrong format/schema, a bad sheet, roles, seed or faces.
        IllegalMove: a Transformation scene for a Protagonist below Tragedy 5.
    """
    if not isinstance(setup, Mapping):
        raise InvalidRequest("a scene ledger must be a JSON object", code="tragedia.ledger_object")
    reject_unknown(setup, SETUP_FIELDS, "Tragedia scene ledger")
    if setup.get("format", LEDGER_FORMAT) != LEDGER_FORMAT:
        raise InvalidRequest(f"must be {LEDGER_FORMAT!r}", field="format",
                             code="tragedia.ledger_format", params={"value": LEDGER_FORMAT})
    schema = setup.get("schema", 1)
    if type(schema) is not int or schema not in SCHEMAS:
        raise InvalidRequest(f"unknown ledger schema; this version reads {SCHEMAS[-1]}",
                             field="schema", code="tragedia.ledger_schema", params={"n": SCHEMAS[-1]})
    seed, faces = setup.get("seed"), setup.get("faces")
    campaign = check_signed_setup(setup, schema)   # schema 2: each roll its own seed; chain names
    if seed is not None:
        from ...dice import DiceStream
        seed = DiceStream(seed).seed.hex()
    if faces is not None:
        faces = tuple(get_int_list(setup, "faces", lo=1, max_len=1000))
    participants = _participants(setup.get("participants"))
    state = SceneState(
        kind=get_choice(setup, "kind", KINDS, default="character"),
        objective=get_text(setup, "objective", max_len=1000),
        sides=check_sides(setup["sides"]) if setup.get("sides") is not None else DEFAULT_SIDES,
        seed=seed, faces=faces, themes=_themes(setup.get("themes")), participants=participants,
        table=read_table(setup.get("table")), schema=schema, campaign=campaign,
    )
    if schema == 2:
        check_roller_names(participants)
    if state.kind == "transformation" and len(state.protagonists) != 1:
        raise InvalidRequest("a Transformation scene has exactly one Protagonist", field="participants",
                             rule=RULE_TRANSFORMATION, code="tragedia.transformation_one")
    if state.kind == "transformation" and state.protagonist.sheet.tragedy != 5:
        raise IllegalMove("a Transformation scene is played when the Protagonist's Tragedy is 5",
                          field="kind", rule=RULE_TRANSFORMATION, code="tragedia.transformation_level")
    return state
