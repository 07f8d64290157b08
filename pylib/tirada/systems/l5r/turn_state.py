"""L5R 5e skirmish turn: one character's state (a JSON object, and :class:`TurnState`, its frozen value).

Rules: seed ``002_ffc4b51df0ee9169.txt`` ("Actuar por turnos", "ACCIONES DE ESCARAMUZAS", "IMPACTOS
CRÍTICOS" and the Incapacitado paragraph); ../shared/rules/l5r5e.md §Skirmish helpers. The moves on it
are in :mod:`tirada.systems.l5r.turn`; :mod:`tirada.systems.l5r.turn_game` plays them through the
common move interface (:mod:`tirada.systems.moves`).

State (a JSON object, :func:`new_state` fills the defaults and checks every field)::

    void_ring 1..10, void_points 0..void_ring, strife, composure, fatigue, endurance, honor, glory ≥ 0
    stance "air"|"earth"|"fire"|"water"|"void"|None     actions [{"action", "check": bool}] this turn
    unmasked, parried: bool (this scene)                 unconscious: bool (only UNCONSCIOUS_MOVES)
    incapacitated: bool (derived: fatigue > endurance, recomputed after every move; never trusted)
    weapons [{"name", "ready": bool, "grip": 1|2, "damaged": bool}]   light_wounds [ring]
    guarding {"target", "tn_bonus"}|None   waiting {"declared", "trigger"}|None   granted str|None
    challenge "pending"|None   pending_critical {"deadliness", "severity"}|None   reroll {"deadliness"}|None
    used_checks [id]: the checks moves took (the newest MAX_USED_CHECKS; kept across scenes by the page)
    settings {"parry_limit": "scene"|"unlimited", "light_wound_max": 1..100,
              "challenge_stake": "sabotage"|"defeat"}   (docs/l5r5e.md, [decision] rows)

The page and the CLI store and send that JSON object; :meth:`TurnState.from_dict` /
:meth:`TurnState.to_dict` convert it exactly (``to_dict(from_dict(new_state(x))) == new_state(x)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import IllegalMove, InvalidRequest
from ...fields import get_bool, get_choice, get_int, get_text, reject_unknown

__all__ = ["DEFAULT_SETTINGS", "MAX_USED_CHECKS", "RULE", "SETTINGS", "SLOT_ACTIONS", "STANCES", "Critical", "Guarding",
           "TurnAction", "TurnSettings", "TurnState", "Waiting", "Weapon", "illegal", "new_state", "read_object",
           "ready_weapon", "use_check", "wound_tn"]

RULE = "l5r5e.md §Skirmish helpers (seed 002, ESCARAMUZAS)"
STANCES = ("air", "earth", "fire", "water", "void")
MAX_USED_CHECKS = 200    #: the used checks a state remembers (the newest; each id at most 64 characters)
#: table settings where seed 002 is silent or says two things (docs/l5r5e.md, [decision]).
SETTINGS = {"parry_limit": ("scene", "unlimited"), "challenge_stake": ("sabotage", "defeat")}
DEFAULT_SETTINGS = {"parry_limit": "scene", "light_wound_max": 3, "challenge_stake": "sabotage"}
#: actions that take the turn's action (needs_check: None → only when a check is given).
SLOT_ACTIONS = {"challenge": True, "maneuver": None, "guard": True, "wait": False, "prepare": False,
                "strike": True, "assist": False, "recover": False, "skill": True}


def new_state(fields: dict | None = None) -> dict:
    """A character at the start of a scene, from ``fields`` (any subset of the state above).

    Raises:
        InvalidRequest: an unknown field, a number out of range, Void points above the Void ring,
        an unknown setting or stance.
    """
    f = dict(fields or {})
    reject_unknown(f, set(_blank()), "skirmish character")
    s = _blank()
    for name in ("void_ring", "void_points", "strife", "composure", "fatigue", "endurance", "honor", "glory"):
        lo, hi = (1, 10) if name == "void_ring" else (0, 1000)
        s[name] = get_int(f, name, s[name], lo=lo, hi=hi, rule=RULE)
    s["void_points"] = get_int(s, "void_points", lo=0, hi=s["void_ring"], rule=RULE)
    s["stance"] = get_choice(f, "stance", STANCES, None)
    for name in ("unmasked", "parried", "unconscious"):
        s[name] = get_bool(f, name, False)
    get_bool(f, "incapacitated", False)
    s["incapacitated"] = s["fatigue"] > s["endurance"]
    s["weapons"] = [_weapon(w, i) for i, w in enumerate(f.get("weapons") or [])]
    s["light_wounds"] = [get_choice({"ring": r}, "ring", STANCES) for r in f.get("light_wounds") or []]
    _restore(s, f)
    given = f.get("settings") or {}
    if not isinstance(given, dict):
        raise InvalidRequest("must be an object", field="settings", code="field.object")
    reject_unknown(given, set(DEFAULT_SETTINGS), "skirmish settings")
    s["settings"] = {name: get_choice(given, name, choices, DEFAULT_SETTINGS[name])
                     for name, choices in SETTINGS.items()}
    s["settings"]["light_wound_max"] = get_int(given, "light_wound_max", 3, lo=1, hi=100, rule=RULE)
    return s


def _blank() -> dict:
    return {"void_ring": 2, "void_points": 0, "strife": 0, "composure": 8, "fatigue": 0, "endurance": 8,
            "honor": 0, "glory": 0, "stance": None, "actions": [], "unmasked": False, "parried": False,
            "unconscious": False, "incapacitated": False, "weapons": [], "light_wounds": [], "guarding": None,
            "waiting": None, "granted": None, "challenge": None, "pending_critical": None, "reroll": None,
            "used_checks": [], "settings": dict(DEFAULT_SETTINGS)}


def read_object(f: dict, name: str) -> dict | None:
    """``f[name]``: an object or None.

    Raises:
        InvalidRequest: anything else (``field.object``).
    """
    value = f.get(name)
    if value is not None and not isinstance(value, dict):
        raise InvalidRequest("must be an object", field=name, code="field.object")
    return value


def _restore(s: dict, f: dict) -> None:
    """The turn's bookkeeping of a state passed back in (CLI / page), checked field by field."""
    actions = f.get("actions") or []
    if not isinstance(actions, list):
        raise InvalidRequest("must be a list", field="actions", code="field.object")
    for i, a in enumerate(actions):
        if not isinstance(a, dict):
            raise InvalidRequest("must be an object", field=f"actions[{i}]", code="field.object")
        s["actions"].append({"action": get_choice(a, "action", tuple(SLOT_ACTIONS)), "check": get_bool(a, "check")})
    if (g := read_object(f, "guarding")) is not None:
        s["guarding"] = {"target": get_text(g, "target", "self", max_len=40),
                         "tn_bonus": get_int(g, "tn_bonus", lo=1, hi=100)}
    if (w := read_object(f, "waiting")) is not None:
        s["waiting"] = {"declared": get_choice(w, "declared", tuple(SLOT_ACTIONS)),
                        "trigger": get_text(w, "trigger", max_len=120)}
    s["granted"] = get_choice(f, "granted", tuple(SLOT_ACTIONS) + ("any",), None)
    s["challenge"] = get_choice(f, "challenge", ("pending",), None)
    if (c := read_object(f, "pending_critical")) is not None:
        s["pending_critical"] = {"deadliness": get_int(c, "deadliness", lo=1, hi=100),
                                 "severity": get_int(c, "severity", lo=1, hi=100)}
    if (r := read_object(f, "reroll")) is not None:
        s["reroll"] = {"deadliness": get_int(r, "deadliness", lo=1, hi=100)}
    used = f.get("used_checks") or []
    if not isinstance(used, list) or len(used) > MAX_USED_CHECKS:
        raise InvalidRequest(f"must be a list of at most {MAX_USED_CHECKS} check ids", field="used_checks",
                             code="field.object")
    s["used_checks"] = [get_text({"id": x}, "id", max_len=64) for x in used]


def _weapon(w: Any, i: int) -> dict:
    if not isinstance(w, dict):
        raise InvalidRequest("each weapon must be an object", field=f"weapons[{i}]", code="field.object")
    return {"name": get_text(w, "name", max_len=40) or f"#{i + 1}", "ready": get_bool(w, "ready"),
            "grip": get_int(w, "grip", 1, lo=1, hi=2), "damaged": get_bool(w, "damaged")}


def wound_tn(state: dict, base_tn: int) -> int:
    """The TN of a check in the current stance after light wounds: +1 per light wound of the stance
    ring (seed 002, IMPACTOS CRÍTICOS: "una herida leve asociada a su anillo de aire, lo que hace que
    todas las tiradas realizadas con dicho anillo incrementen su NO en 1")."""
    return base_tn + sum(1 for r in state["light_wounds"] if r == state["stance"])


def use_check(state: dict, chk: dict, action: str) -> None:
    """Mark the finished check ``chk`` used by its optional ``id`` (the page's name for one check): a
    check serves **one** move, so its strife is never suffered twice nor its successes spent twice
    (issue #29). ``state`` is the move's own copy (a refused move leaves the check unused).

    Raises:
        IllegalMove: ``skirmish.check_used``, the check already served a move.
    """
    check_id = get_text(chk, "id", max_len=64)
    if check_id and check_id in state["used_checks"]:
        raise illegal("this check already served a skirmish move: make a new check",
                      code="skirmish.check_used", field="check", params={"action": action})
    if check_id:
        state["used_checks"] = (state["used_checks"] + [check_id])[-MAX_USED_CHECKS:]


def illegal(message: str, *, code: str, field: str | None = None, params: dict | None = None) -> IllegalMove:
    """An :class:`~tirada.errors.IllegalMove` of the skirmish rules (``rule`` :data:`RULE`)."""
    return IllegalMove(message, field=field, rule=RULE, code=code, params=params)


def ready_weapon(state: dict, name: Any) -> dict:
    """The readied weapon called ``name`` in ``state`` (the JSON object itself, to change in place).

    Raises:
        InvalidRequest: no name given. IllegalMove: no readied weapon of that name.
    """
    if not name:   # what is missing is the weapon's name, not a weapon called ""
        raise InvalidRequest("name the readied weapon", field="weapon", code="field.required")
    for w in state["weapons"]:
        if w["name"] == name and w["ready"]:
            return w
    raise illegal(f"no readied weapon named {name!r}"[:100],
                   code="skirmish.no_ready_weapon", field="weapon", params={"name": str(name)[:40]})


# ------------------------------------------------------------------------ the frozen value
@dataclass(frozen=True)
class TurnAction:
    """An action taken this turn: ``action`` (a key of :data:`SLOT_ACTIONS`), ``check`` made with it."""

    action: str
    check: bool


@dataclass(frozen=True)
class Weapon:
    """A carried weapon: ``name``, ``ready`` (readied), ``grip`` 1|2 hands, ``damaged`` (a destructive parry)."""

    name: str
    ready: bool
    grip: int
    damaged: bool


@dataclass(frozen=True)
class Guarding:
    """Proteger in force: ``target`` (``"self"`` or a name), attack TN ``+tn_bonus`` (≥ 1)."""

    target: str
    tn_bonus: int


@dataclass(frozen=True)
class Waiting:
    """Esperar: the ``declared`` action and its ``trigger`` (free text)."""

    declared: str
    trigger: str


@dataclass(frozen=True)
class Critical:
    """A critical strike: ``deadliness`` 1..100 and, once its check is made, its ``severity``."""

    deadliness: int
    severity: int


@dataclass(frozen=True)
class TurnSettings:
    """The table's settings (:data:`SETTINGS`; ``light_wound_max`` 1..100)."""

    parry_limit: str = "scene"
    light_wound_max: int = 3
    challenge_stake: str = "sabotage"


@dataclass(frozen=True)
class TurnState:
    """A skirmish character's state as a frozen value: the module's JSON state field by field, with
    tuples for its lists and the small dataclasses above for its objects (``reroll`` is the rerolled
    critical strike's deadliness, or None). ``effects``: what each move applied through
    :mod:`tirada.systems.l5r.turn_game` did (the ``effect`` objects of :func:`tirada.systems.l5r.turn.apply`),
    oldest first; they are not part of the JSON state."""

    void_ring: int = 2
    void_points: int = 0
    strife: int = 0
    composure: int = 8
    fatigue: int = 0
    endurance: int = 8
    honor: int = 0
    glory: int = 0
    stance: str | None = None
    actions: tuple[TurnAction, ...] = ()
    unmasked: bool = False
    parried: bool = False
    unconscious: bool = False
    incapacitated: bool = False
    weapons: tuple[Weapon, ...] = ()
    light_wounds: tuple[str, ...] = ()
    guarding: Guarding | None = None
    waiting: Waiting | None = None
    granted: str | None = None
    challenge: str | None = None
    pending_critical: Critical | None = None
    reroll: int | None = None
    used_checks: tuple[str, ...] = ()
    settings: TurnSettings = field(default_factory=TurnSettings)
    effects: tuple = ()

    @classmethod
    def from_dict(cls, data: Any, effects: tuple = ()) -> "TurnState":
        """The value of a JSON state (checked as :func:`new_state` checks it).

        Raises:
            InvalidRequest: as :func:`new_state`.
        """
        s = new_state(data)

        def opt(kind: Any, name: str) -> Any:
            return kind(**s[name]) if s[name] is not None else None

        return cls(
            void_ring=s["void_ring"], void_points=s["void_points"], strife=s["strife"], composure=s["composure"],
            fatigue=s["fatigue"], endurance=s["endurance"], honor=s["honor"], glory=s["glory"], stance=s["stance"],
            actions=tuple(TurnAction(**a) for a in s["actions"]), unmasked=s["unmasked"], parried=s["parried"],
            unconscious=s["unconscious"], incapacitated=s["incapacitated"],
            weapons=tuple(Weapon(**w) for w in s["weapons"]), light_wounds=tuple(s["light_wounds"]),
            guarding=opt(Guarding, "guarding"), waiting=opt(Waiting, "waiting"), granted=s["granted"],
            challenge=s["challenge"], pending_critical=opt(Critical, "pending_critical"),
            reroll=s["reroll"]["deadliness"] if s["reroll"] is not None else None,
            used_checks=tuple(s["used_checks"]), settings=TurnSettings(**s["settings"]), effects=effects)

    def tn_for(self, base_tn: int) -> int:
        """The TN of a check in the current stance: ``base_tn`` + 1 per light wound of the stance ring
        (as :func:`wound_tn`)."""
        return base_tn + sum(1 for r in self.light_wounds if r == self.stance)

    @property
    def compromised(self) -> bool:
        """Compromised: strife above Composure (l5r5e.md §Composure, strife, unmasking, Void)."""
        return self.strife > self.composure

    def to_dict(self) -> dict:
        """The JSON state (the shape of :func:`new_state`; ``effects`` left out)."""
        def opt(value: Any) -> dict | None:
            return dict(value.__dict__) if value is not None else None

        return {
            "void_ring": self.void_ring, "void_points": self.void_points, "strife": self.strife,
            "composure": self.composure, "fatigue": self.fatigue, "endurance": self.endurance, "honor": self.honor,
            "glory": self.glory, "stance": self.stance, "actions": [dict(a.__dict__) for a in self.actions],
            "unmasked": self.unmasked, "parried": self.parried, "unconscious": self.unconscious,
            "incapacitated": self.incapacitated, "weapons": [dict(w.__dict__) for w in self.weapons],
            "light_wounds": list(self.light_wounds), "guarding": opt(self.guarding), "waiting": opt(self.waiting),
            "granted": self.granted, "challenge": self.challenge, "pending_critical": opt(self.pending_critical),
            "reroll": {"deadliness": self.reroll} if self.reroll is not None else None,
            "used_checks": list(self.used_checks), "settings": dict(self.settings.__dict__)}
