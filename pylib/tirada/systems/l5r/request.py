"""L5R 5e: the request of a check, read and checked before any die is drawn (l5r5e.md §The check).

:class:`CheckRequest` holds the check's fields and the player's decisions (``rerolls``, ``keep``,
``explosions``); :mod:`tirada.systems.l5r.check` runs the check's steps over it.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import IllegalMove, InvalidRequest
from ...fields import echo, get_bool, get_choice, get_int, get_int_list, reject_unknown
from ...portable import Struct
from .dice import DIE_SIDES, symbols_of

__all__ = ["FIELDS", "MAX_ADDED", "MAX_EXPLOSIONS", "RULE_KEEP", "RULE_POOL", "RULE_REROLL", "RULE_RESOLVE", "STANCES",
           "CheckRequest"]

RULE_POOL = "l5r5e.md §The check 3"
RULE_REROLL = "l5r5e.md §The check 4"
RULE_KEEP = "l5r5e.md §The check 5"
RULE_RESOLVE = "l5r5e.md §The check 6"
MAX_EXPLOSIONS = 20
#: Most kept dice added to one check ("add a kept die set to a result", docs/l5r5e.md §Added kept dice).
MAX_ADDED = 10
MAX_RING, MAX_SKILL, MAX_ASSIST, MAX_TN = 10, 10, 10, 20
STANCES = ("air", "earth", "fire", "water", "void")
FIELDS = {"ring", "skill", "tn", "assist_skilled", "assist_unskilled", "void", "stance", "compromised",
          "distinction", "adversity", "passion", "anxiety", "helpers_cancel_strife", "step",
          "rerolls", "keep", "explosions", "added"}


class CheckRequest(Struct):
    """A check (l5r5e.md §The check).

    Fields: ``ring`` 1..10, ``skill`` 0..10, ``tn`` 1..20; ``assist_skilled`` / ``assist_unskilled``
    0..10 helpers with / without rank in the skill; ``void``: a Void point spent ("aprovechar la
    oportunidad"); ``stance``: one of :data:`STANCES` or ``None``; ``compromised``: strife >
    Composure; ``distinction`` / ``adversity`` / ``passion`` / ``anxiety``: advantages that apply;
    ``helpers_cancel_strife`` 0..helpers: strife symbols cancelled by helpers taking 1 strife each;
    ``step``: interactive mode; decisions ``rerolls`` / ``keep`` (sorted tuples of pool indices) and
    ``explosions`` (tuple of bools), each ``None`` when not given; ``added``: kept dice added
    after the keep, set to a result ("add a kept die set to a result", core rules p. 27: after step
    5 a die of the noted type is placed in the pool set to that result; it is a kept die, outside
    the keep limit), a tuple of ``(die, face)`` with die ``"ring"``/``"skill"``, or ``None``.
    """

    _fields = ("ring", "skill", "tn", "assist_skilled", "assist_unskilled", "void", "stance", "compromised",
               "distinction", "adversity", "passion", "anxiety", "helpers_cancel_strife", "step", "rerolls", "keep",
               "explosions", "added")
    ring: int
    skill: int
    tn: int
    assist_skilled: int
    assist_unskilled: int
    void: bool
    stance: str | None
    compromised: bool
    distinction: bool
    adversity: bool
    passion: bool
    anxiety: bool
    helpers_cancel_strife: int
    step: bool
    rerolls: tuple | None
    keep: tuple | None
    explosions: tuple | None
    added: tuple | None

    def __init__(self, ring: int, skill: int, tn: int, assist_skilled: int = 0, assist_unskilled: int = 0,
                 void: bool = False, stance: str | None = None, compromised: bool = False, distinction: bool = False,
                 adversity: bool = False, passion: bool = False, anxiety: bool = False,
                 helpers_cancel_strife: int = 0, step: bool = False, rerolls: tuple | None = None,
                 keep: tuple | None = None, explosions: tuple | None = None, added: tuple | None = None) -> None:
        self._init(ring, skill, tn, assist_skilled, assist_unskilled, void, stance, compromised, distinction,
                   adversity, passion, anxiety, helpers_cancel_strife, step, rerolls, keep, explosions, added)

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "CheckRequest":
        """Validate a request dict and build the check.

        Raises:
            InvalidRequest: unknown field; a number out of range; a pool index outside the pool or
            repeated; ``explosions`` not a list of booleans; ``helpers_cancel_strife`` above the
            number of helpers; in step mode, a later decision given before an earlier one.
        """
        reject_unknown(req, FIELDS, "l5r5e")
        ring = get_int(req, "ring", lo=1, hi=MAX_RING, rule=RULE_POOL)
        skill = get_int(req, "skill", default=0, lo=0, hi=MAX_SKILL, rule=RULE_POOL)
        skilled = get_int(req, "assist_skilled", default=0, lo=0, hi=MAX_ASSIST, rule=RULE_POOL)
        unskilled = get_int(req, "assist_unskilled", default=0, lo=0, hi=MAX_ASSIST, rule=RULE_POOL)
        void = get_bool(req, "void")
        size = ring + skill + skilled + unskilled + int(void)
        cancel = get_int(req, "helpers_cancel_strife", default=0, lo=0, hi=skilled + unskilled,
                         rule=RULE_RESOLVE)
        r = cls(
            ring=ring, skill=skill, tn=get_int(req, "tn", lo=1, hi=MAX_TN, rule="l5r5e.md §The check 2"),
            assist_skilled=skilled, assist_unskilled=unskilled, void=void,
            stance=get_choice(req, "stance", STANCES, default=None),
            compromised=get_bool(req, "compromised"), distinction=get_bool(req, "distinction"),
            adversity=get_bool(req, "adversity"), passion=get_bool(req, "passion"),
            anxiety=get_bool(req, "anxiety"), helpers_cancel_strife=cancel, step=get_bool(req, "step"),
            rerolls=_indices(req, "rerolls", size), keep=_indices(req, "keep", size),
            explosions=_booleans(req, "explosions"), added=_added(req),
        )
        if r.step and r.rerolls is None and r.reroll_by and (r.keep is not None or r.explosions):
            raise InvalidRequest("decide the rerolls before the keep", field="keep", rule=RULE_REROLL,
                                 code="l5r.rerolls_first")
        if r.keep is None and r.added and r.step:
            raise InvalidRequest("add kept dice with the keep, not before it", field="added", rule=RULE_KEEP,
                                 code="l5r.added_keep_first")
        if r.compromised and r.added:
            for i, (die, face) in enumerate(r.added):
                if "strife" in symbols_of(die, face):
                    raise IllegalMove(f"a compromised character cannot keep a die showing strife (added die "
                                         f"{i + 1}, d{DIE_SIDES[die]} {face})", field=f"added[{i}]",
                                         rule="l5r5e.md §Composure, strife, unmasking, Void",
                                         code="l5r.compromised_added", params={"n": i + 1})
        if r.step and r.keep is None and r.explosions:
            raise InvalidRequest("decide the keep before the explosions", field="explosions", rule=RULE_KEEP,
                                 code="l5r.keep_first")
        return r

    @property
    def helpers(self) -> int:
        """Helpers, skilled or not."""
        return self.assist_skilled + self.assist_unskilled

    @property
    def ring_dice(self) -> int:
        """Ring dice (d6): ring + unskilled helpers + 1 with a Void point (§The check 3)."""
        return self.ring + self.assist_unskilled + int(self.void)

    @property
    def skill_dice(self) -> int:
        """Skill dice (d12): skill rank + skilled helpers (§The check 3)."""
        return self.skill + self.assist_skilled

    @property
    def keep_limit(self) -> int:
        """Most pool dice kept: ring + helpers + 1 with a Void point (§The check 5)."""
        return self.ring + self.helpers + int(self.void)

    @property
    def reroll_by(self) -> str | None:
        """``"distinction"``, ``"adversity"`` or ``None`` (neither, or both: they cancel; §The check 4)."""
        if self.distinction == self.adversity:
            return None
        return "distinction" if self.distinction else "adversity"


def _indices(req: Mapping[str, Any], name: str, size: int) -> tuple | None:
    if req.get(name) is None:
        return None
    values = get_int_list(req, name, lo=0, hi=size - 1, max_len=size)
    for i, v in enumerate(values):
        if v in values[:i]:
            raise InvalidRequest(f"pool die {v} is listed twice", field=f"{name}[{i}]",
                                 code="l5r.die_twice", params={"n": v + 1})
    return tuple(sorted(values))


def _booleans(req: Mapping[str, Any], name: str) -> tuple | None:
    value = req.get(name)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MAX_EXPLOSIONS:
        raise InvalidRequest(f"must be a list of at most {MAX_EXPLOSIONS} true/false (keep/drop)", field=name,
                             code="l5r.explosions_list", params={"n": MAX_EXPLOSIONS})
    for i, item in enumerate(value):
        if not isinstance(item, bool):
            got = echo(repr(item) if isinstance(item, str) else item, 40)
            raise InvalidRequest(f"must be true (keep) or false (drop), got {got}", field=f"{name}[{i}]",
                                 code="l5r.explosion_bool", params={"got": got})
    return tuple(value)


def _added(req: Mapping[str, Any]) -> tuple | None:
    """``added``: a list of at most :data:`MAX_ADDED` pairs ``[die, face]`` (die ``"ring"`` with
    face 1..6 or ``"skill"`` with face 1..12), as ``((die, face), ...)``; ``None`` when absent."""
    value = req.get("added")
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MAX_ADDED:
        raise InvalidRequest(f"must be a list of at most {MAX_ADDED} added dice [die, face]", field="added",
                             code="l5r.added_list", params={"n": MAX_ADDED})
    out = []
    for i, item in enumerate(value):
        die = item[0] if isinstance(item, list) and len(item) == 2 else None
        face = item[1] if die is not None else None
        if not (isinstance(die, str) and die in DIE_SIDES and isinstance(face, int) and not isinstance(face, bool)
                and 1 <= face <= DIE_SIDES[die]):
            got = echo(repr(item) if isinstance(item, str) else item, 40)
            raise InvalidRequest(f"an added die is [\"ring\", 1..6] or [\"skill\", 1..12], got {got}",
                                 field=f"added[{i}]", code="l5r.added_die", params={"got": got})
        out.append((die, face))
    return tuple(out)
