"""Canción de Hielo y Fuego (SIFRP): roll and keep d6, degrees of success.

Rules: ../shared/rules/sifrp.md (seed ``004_38fb49dce55d585d.txt``). Each function names its section.
Longer than 400 lines because the basic, extended, conflict and competition tests share one request
class and one draw order (seed 004 "Tipos de tiradas"): split, the page of rules would read in pieces.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..dice import Dice
from ..errors import InvalidRequest
from ..fields import get_bool, get_choice, get_int, get_int_list, get_text, reject_unknown
from ..names import check_name
from ..portable import Struct, merged, stable_sorted
from .generic import keep_indices

__all__ = ["DIFFICULTIES", "EXTENDED_COUNTS", "SifrpRequest", "combat_damage", "extended_gain", "competition",
           "degrees_for", "difficulty_name", "extra_time_dice", "failure_grade", "passive_value", "roll", "teamwork_bonus"]

RULE_TEST = "sifrp.md §The test"
RULE_DEGREES = "sifrp.md §Degrees"
RULE_EXTENDED = "sifrp.md §Other rules (Extended test)"
RULE_COMPETITION = "sifrp.md §Other rules (Competition)"
RULE_CONFLICT = "sifrp.md §Other rules (Conflict)"
MAX_RANK = 20
#: Fields of a rival in a competition (each rolls as an ordinary test against the shared Difficulty).
RIVAL_FIELDS = {"name", "test_dice", "bonus_dice", "penalty_dice", "modifier", "destiny_bonus",
                "helpers", "allow_more_helpers", "extra_time"}
FIELDS = RIVAL_FIELDS | {"difficulty", "weapon_damage", "extended_goal", "extended_count", "extended_max",
                         "extended_span", "rivals", "passive_rank"}
MAX_RIVALS, MAX_NAME = 7, 40
#: How an extended test tallies each roll (sifrp.md §Other rules, Extended test [decision]):
#: ``"degrees"`` adds the roll's degrees of success (0 on a failure), ``"successes"`` adds 1 per
#: successful roll. Default ``"degrees"``.
EXTENDED_COUNTS = ("degrees", "successes")
MAX_EXTENDED_GOAL, MAX_EXTENDED_ROLLS, DEFAULT_EXTENDED_ROLLS = 100, 50, 10

#: Standard Difficulty steps (sifrp.md §Difficulty): value → (English, Español).
DIFFICULTIES = {
    0: ("Automatic", "Automática"),
    3: ("Easy", "Fácil"),
    6: ("Routine", "Rutinaria"),
    9: ("Challenging", "Moderada"),
    12: ("Formidable", "Complicada"),
    15: ("Hard", "Difícil"),
    18: ("Very Hard", "Muy difícil"),
    21: ("Heroic", "Heroica"),
}
#: The top of the Difficulty scale: every TN from here up is Heroic.
HEROIC = 21


def difficulty_name(tn: int) -> dict | None:
    """``{"en": str, "es": str}`` for a standard Difficulty (0, 3, …, 18) or any TN of 21 and more
    (Heroic), else ``None``.

    sifrp.md §Difficulty: any integer TN is allowed; names label the standard steps. The seed
    (004, "Dificultad") says the steps climb "hasta llegar a 21 para las acciones heroicas": 21 is
    the top of the scale, so every TN above it is Heroic too."""
    names = DIFFICULTIES.get(min(tn, HEROIC))
    return {"en": names[0], "es": names[1]} if names else None


def degrees_for(result: int, tn: int) -> int:
    """Degrees of success, 1..4, or 0 on failure (sifrp.md §Degrees): margin 0–4 → 1, 5–9 → 2,
    10–14 → 3, 15+ → 4, never more than 4."""
    if result < tn:
        return 0
    return min(4, (result - tn) // 5 + 1)


def failure_grade(result: int, tn: int) -> str | None:
    """``"marginal"`` when short by 1–4, ``"critical"`` when short by 5+, ``None`` on success
    (sifrp.md §Degrees)."""
    if result >= tn:
        return None
    return "marginal" if tn - result <= 4 else "critical"


def passive_value(rank: int, bonus_dice: int = 0) -> int:
    """Passive value = 4 × rank (+1 per bonus die where the table uses it) (sifrp.md §Other rules).

    Raises:
        InvalidRequest: rank outside 1..20 or bonus_dice outside 0..20.
    """
    get_int({"rank": rank}, "rank", lo=1, hi=MAX_RANK)
    get_int({"bonus_dice": bonus_dice}, "bonus_dice", lo=0, hi=MAX_RANK)
    return 4 * rank + bonus_dice


def teamwork_bonus(helper_ranks: list, allow_more: bool = False) -> int:
    """Sum over helpers of ``max(1, rank // 2)`` (sifrp.md §Other rules, Teamwork).

    Args:
        helper_ranks: each helping ally's rank in the ability, 1..20.
        allow_more: the GM allows more than the normal 2 helpers.
    Raises:
        InvalidRequest: more than 2 helpers without ``allow_more``, or a rank out of range.
    """
    ranks = get_int_list({"helpers": list(helper_ranks)}, "helpers", lo=1, hi=MAX_RANK, max_len=20)
    if len(ranks) > 2 and not allow_more:
        raise InvalidRequest("at most 2 helpers unless the GM allows more (allow_more_helpers)",
                             field="helpers", rule="sifrp.md §Other rules (Teamwork)", code="sifrp.helpers")
    return sum(max(1, r // 2) for r in ranks)


def extra_time_dice(test_dice: int, units: int) -> int:
    """Test dice after taking ``units`` of extra time: +1D per unit, at most doubling
    (sifrp.md §Other rules, Extra time)."""
    return min(test_dice + units, 2 * test_dice)


def extended_gain(degrees: int, count: str = "degrees") -> int:
    """What one roll of an extended test adds to the tally (sifrp.md §Other rules, Extended test;
    seed 004 "tiradas básicas prolongadas": "Una vez obtenida la cantidad requerida de éxitos, la
    tarea se da por concluida").

    [decision] ``count`` ``"degrees"`` (default): each roll adds its degrees of success, 0..4 (the
    seed's "éxitos" read as the degrees of success the test already measures); ``"successes"``:
    each successful roll adds 1. A failed roll adds nothing (the seed names no setback).
    """
    if degrees <= 0:
        return 0
    return degrees if count == "degrees" else 1


def combat_damage(weapon_damage: int, degrees: int) -> int:
    """Damage = weapon base damage × degrees of success (sifrp.md §Other rules, Combat damage)."""
    return weapon_damage * degrees


def competition(entries: list) -> dict:
    """Winner of a competition (sifrp.md §Other rules, Competition).

    Args:
        entries: ``[(name, result, tn)]``; each rolled against the same TN.
    Returns:
        ``{"winners": [name], "tie": bool, "ranking": [{"name", "degrees", "margin"}]}``: most
        degrees wins; if all fail, least shortfall; equal → tie (several winners).
    Raises:
        InvalidRequest: fewer than 2 entries.
    """
    if len(entries) < 2:
        raise InvalidRequest("a competition needs at least 2 characters", field="entries",
                             code="sifrp.competition_two")
    rows = [{"name": n, "degrees": degrees_for(r, tn), "margin": r - tn} for n, r, tn in entries]
    anyone = any(row["degrees"] for row in rows)
    key = (lambda row: row["degrees"]) if anyone else (lambda row: row["margin"])
    best = max(key(row) for row in rows)
    winners = [row["name"] for row in rows if key(row) == best]
    ranking = stable_sorted(rows, key, reverse=True)
    return {"winners": winners, "tie": len(winners) > 1, "ranking": ranking}


class SifrpRequest(Struct):
    """A SIFRP test (sifrp.md §The test).

    Fields: ``test_dice`` D 1..20, ``bonus_dice`` B 0..20 as asked (a sheet may list a specialty
    above its ability: only ``min(B, D)`` are rolled, sifrp.md §The test 1 [decision]), ``penalty_dice`` P 0..40,
    ``modifier`` M −100..100, ``difficulty`` TN −100..200 (default 9, Challenging),
    ``destiny_bonus``: one extra +1B bought with Destiny, allowed beyond the cap; ``helpers``: allies'
    ranks (Teamwork); ``extra_time``: units, +1D each up to double; ``weapon_damage``: base damage.
    Extended test (sifrp.md §Other rules; seed 004 "tiradas básicas prolongadas"): ``extended_goal``
    the tally required, 1..100 (``None``: a single test); ``extended_count`` ``"degrees"`` /
    ``"successes"`` (:data:`EXTENDED_COUNTS`); ``extended_max`` the most rolls tried, 1..50
    (default 10); ``extended_span`` the time each roll covers ("Cada tirada realizada cubre un lapso
    de tiempo"), free text of at most 40 characters, shown only.
    """

    _fields = ("test_dice", "bonus_dice", "penalty_dice", "modifier", "difficulty", "destiny_bonus", "helpers",
               "allow_more_helpers", "extra_time", "weapon_damage", "extended_goal", "extended_count",
               "extended_max", "extended_span", "name", "rivals", "passive_rank")
    test_dice: int
    bonus_dice: int
    penalty_dice: int
    modifier: int
    difficulty: int
    destiny_bonus: bool
    helpers: tuple
    allow_more_helpers: bool
    extra_time: int
    weapon_damage: int | None
    extended_goal: int | None
    extended_count: str
    extended_max: int
    extended_span: str
    name: str
    rivals: tuple
    passive_rank: int | None

    def __init__(self, test_dice: int, bonus_dice: int = 0, penalty_dice: int = 0, modifier: int = 0,
                 difficulty: int = 9, destiny_bonus: bool = False, helpers: tuple = (),
                 allow_more_helpers: bool = False, extra_time: int = 0, weapon_damage: int | None = None,
                 extended_goal: int | None = None, extended_count: str = "degrees",
                 extended_max: int = DEFAULT_EXTENDED_ROLLS, extended_span: str = "", name: str = "",
                 rivals: tuple = (), passive_rank: int | None = None) -> None:
        self._init(test_dice, bonus_dice, penalty_dice, modifier, difficulty, destiny_bonus, helpers,
                   allow_more_helpers, extra_time, weapon_damage, extended_goal, extended_count, extended_max,
                   extended_span, name, rivals, passive_rank)

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "SifrpRequest":
        """Validate a request dict and build the request.

        Raises:
            InvalidRequest: unknown field; a field out of range. ``bonus_dice`` above the test dice
            is not refused: the cap is applied when rolling (sifrp.md §The test 1 [decision]).
            ``extended_count`` / ``extended_max`` / ``extended_span`` without ``extended_goal``.
            ``passive_rank`` together with ``difficulty``; ``rivals`` (see :func:`_contest_fields`).
        """
        reject_unknown(req, FIELDS, "sifrp")
        contest = _contest_fields(req, cls)
        d = get_int(req, "test_dice", lo=1, hi=MAX_RANK, rule=RULE_TEST)
        units = get_int(req, "extra_time", default=0, lo=0, hi=MAX_RANK)
        b = get_int(req, "bonus_dice", default=0, lo=0, hi=MAX_RANK, rule=RULE_TEST)
        weapon = req.get("weapon_damage")
        if weapon is not None:
            weapon = get_int(req, "weapon_damage", lo=0, hi=100)
        return cls(
            test_dice=d, bonus_dice=b,
            penalty_dice=get_int(req, "penalty_dice", default=0, lo=0, hi=2 * MAX_RANK, rule=RULE_TEST),
            modifier=get_int(req, "modifier", default=0, lo=-100, hi=100),
            difficulty=contest.pop("difficulty", None) or get_int(req, "difficulty", default=9, lo=-100, hi=200),
            destiny_bonus=get_bool(req, "destiny_bonus"),
            helpers=tuple(get_int_list(req, "helpers", lo=1, hi=MAX_RANK, max_len=20)),
            allow_more_helpers=get_bool(req, "allow_more_helpers"),
            extra_time=units, weapon_damage=weapon, **_extended_fields(req), **contest,
        )

    @property
    def bonus_rolled(self) -> int:
        """Bonus dice actually rolled: ``min(B, D)`` with D after extra time ("nunca se pueden tirar
        más dados de bonificación que dados de habilidad", sifrp.md §The test 1), not counting the
        Destiny die."""
        return min(self.bonus_dice, extra_time_dice(self.test_dice, self.extra_time))

    @property
    def dice_rolled(self) -> int:
        """D (after extra time) + the capped B (+1 with ``destiny_bonus``, which may pass the cap)."""
        return extra_time_dice(self.test_dice, self.extra_time) + self.bonus_rolled + int(self.destiny_bonus)

    @property
    def dice_kept(self) -> int:
        """``max(0, D − P)`` (sifrp.md §The test 3)."""
        return max(0, extra_time_dice(self.test_dice, self.extra_time) - self.penalty_dice)


def _contest_fields(req: Mapping[str, Any], cls: Any) -> dict:
    """Conflict and competition fields of a request, checked (sifrp.md §Other rules; seed 004
    "Tipos de tiradas").

    ``passive_rank`` 1..20: a conflict against the opponent's passive value, "cuatro veces el rango
    de la habilidad que se emplea para oponerse" → ``difficulty`` = 4 × rank (not with
    ``difficulty``). ``rivals``: 1..7 maps of :data:`RIVAL_FIELDS` (``name`` required) rolled "contra
    la misma dificultad" after this test; ``name`` (≤ 40) names this test's character and is then
    required; names are distinct. Not with an extended test or a passive value.
    Raises:
        InvalidRequest: as said, codes ``sifrp.passive_difficulty``, ``sifrp.rivals``,
        ``sifrp.competition_extended``, ``sifrp.competition_passive``, ``sifrp.competitor_same``;
        a rival's own field errors with ``field`` ``rivals[i].FIELD``.
    """
    out: dict = {"name": check_name(req.get("name"), "name", MAX_NAME, required=False)}
    if req.get("passive_rank") is not None:
        if req.get("difficulty") is not None:
            raise InvalidRequest("give the passive value's rank or the Difficulty, not both", field="passive_rank",
                                 rule=RULE_CONFLICT, code="sifrp.passive_difficulty")
        out["passive_rank"] = get_int(req, "passive_rank", lo=1, hi=MAX_RANK, rule=RULE_CONFLICT)
        out["difficulty"] = passive_value(out["passive_rank"])
    rivals = req.get("rivals")
    if rivals is None:
        return out
    if not isinstance(rivals, list) or not 1 <= len(rivals) <= MAX_RIVALS or not all(isinstance(x, dict) for x in rivals):
        raise InvalidRequest(f"must be a list of 1 to {MAX_RIVALS} rivals", field="rivals", rule=RULE_COMPETITION,
                             code="sifrp.rivals", params={"n": MAX_RIVALS})
    if req.get("extended_goal") is not None:
        raise InvalidRequest("a competition is made of single tests, not extended ones", field="rivals",
                             rule=RULE_COMPETITION, code="sifrp.competition_extended")
    if "passive_rank" in out:
        raise InvalidRequest("a competition is rolled against one Difficulty, not an opponent's passive value",
                             field="rivals", rule=RULE_COMPETITION, code="sifrp.competition_passive")
    out["name"] = check_name(req.get("name", ""), "name", MAX_NAME, rule=RULE_COMPETITION)
    seen, built = {out["name"]}, []
    tn = get_int(req, "difficulty", default=9, lo=-100, hi=200)
    for i, rival in enumerate(rivals):
        try:
            reject_unknown(rival, RIVAL_FIELDS, "sifrp")
            name = check_name(rival.get("name", ""), "name", MAX_NAME, rule=RULE_COMPETITION)
            if name in seen:
                raise InvalidRequest(f"two competitors are named {name!r}", field="name", rule=RULE_COMPETITION,
                                     code="sifrp.competitor_same", params={"name": name})
            rival_req = {k: v for k, v in rival.items() if k != "name"}
            built.append((name, cls.from_dict(merged(rival_req, {"difficulty": tn}))))
        except InvalidRequest as err:
            err.field = f"rivals[{i}].{err.field}" if err.field else f"rivals[{i}]"
            raise
        seen.add(name)
    out["rivals"] = tuple(built)
    return out


def _extended_fields(req: Mapping[str, Any]) -> dict:
    """The extended-test fields of a request (see :class:`SifrpRequest`), checked."""
    extra = [k for k in ("extended_count", "extended_max", "extended_span") if req.get(k) is not None]
    if req.get("extended_goal") is None:
        if extra:
            raise InvalidRequest("needs extended_goal (the tally the extended test must reach)",
                                 field=extra[0], rule=RULE_EXTENDED, code="sifrp.extended_goal")
        return {}
    span = get_text(req, "extended_span", max_len=40).strip()
    return {
        "extended_goal": get_int(req, "extended_goal", lo=1, hi=MAX_EXTENDED_GOAL, rule=RULE_EXTENDED),
        "extended_count": get_choice(req, "extended_count", EXTENDED_COUNTS, default="degrees"),
        "extended_max": get_int(req, "extended_max", default=DEFAULT_EXTENDED_ROLLS, lo=1,
                                hi=MAX_EXTENDED_ROLLS, rule=RULE_EXTENDED),
        "extended_span": span,
    }


def _attempt(r: SifrpRequest, dice: Dice) -> dict:
    """One test of request ``r`` on ``dice`` (the single roll of :func:`roll`)."""
    faces = [dice.roll(6) for _ in range(r.dice_rolled)]
    idx = keep_indices(faces, r.dice_kept)
    kept = [faces[i] for i in idx]
    teamwork = teamwork_bonus(list(r.helpers), r.allow_more_helpers) if r.helpers else 0
    total = sum(kept) + r.modifier + teamwork
    degrees = degrees_for(total, r.difficulty)
    return {
        "sides": 6,
        "faces": faces,
        "kept": kept,
        "kept_indices": idx,
        "dropped": [faces[i] for i in range(len(faces)) if i not in idx],
        "modifier": r.modifier,
        "teamwork": teamwork,
        "total": total,
        "difficulty": r.difficulty,
        "difficulty_name": difficulty_name(r.difficulty),
        "success": degrees > 0,
        "degrees": degrees,
        "failure": failure_grade(total, r.difficulty),
        "margin": total - r.difficulty,
        "damage": combat_damage(r.weapon_damage, degrees) if r.weapon_damage is not None else None,
    }


def _extended(r: SifrpRequest, dice: Dice) -> tuple:
    """``(last attempt, extended block)``: tests rolled one after another from the same ``dice``
    until the tally reaches ``r.extended_goal`` or ``r.extended_max`` rolls were made."""
    goal = r.extended_goal or 1     # always set here: roll() calls this only for extended tests
    attempts: list = []
    tally = 0
    while tally < goal and len(attempts) < r.extended_max:
        attempt = _attempt(r, dice)
        tally += extended_gain(attempt["degrees"], r.extended_count)
        attempts.append(attempt)
    block = {
        "goal": r.extended_goal, "count": r.extended_count, "max_rolls": r.extended_max,
        "span": r.extended_span, "rolls": len(attempts), "tally": tally, "done": tally >= goal,
        "attempts": [{k: a[k] for k in ("faces", "kept", "kept_indices", "total", "success", "degrees",
                                        "failure", "margin")} for a in attempts],
    }
    return attempts[-1], block


def roll(req: Mapping[str, Any], dice: Dice) -> dict:
    """Roll a SIFRP test on ``dice`` (sifrp.md §The test, §Degrees, §Other rules).

    Returns:
        ``{"faces": [int] draw order, "kept": [int] descending, "kept_indices": [int],
        "dropped": [int], "modifier": int, "teamwork": int, "total": int, "difficulty": int,
        "difficulty_name": {"en","es"} | None, "success": bool, "degrees": 0..4,
        "failure": "marginal" | "critical" | None, "margin": int, "damage": int | None,
        "bonus_capped"?: {"asked": int, "rolled": int}}`` — ``bonus_capped`` is present only when more
        bonus dice were asked than test dice allow and only ``rolled`` were thrown (sifrp.md §The
        test 1 [decision]); results without it are unchanged from format v1's vectors.
        With ``extended_goal`` (an extended test, "tiradas básicas prolongadas", seed 004): the
        tests are rolled one after another from the same ``dice`` until the tally reaches the goal
        or ``extended_max`` rolls were made; the top-level fields are those of the last roll, and
        ``"extended": {"goal", "count", "max_rolls", "span", "rolls": int, "tally": int, "done":
        bool, "attempts": [{"faces", "kept", "kept_indices", "total", "success", "degrees",
        "failure", "margin"}]}`` gives every roll (each covering ``span`` of time).
        With ``passive_rank`` (a conflict, seed 004 "Conflicto"): ``"passive": {"rank", "value"}``.
        With ``rivals`` (a competition, seed 004 "Competición"): the rivals roll after this test,
        ``"competition": {"name", "rivals": [...], "winners": [name], "tie", "ranking"}``.
    Raises:
        InvalidRequest: see :meth:`SifrpRequest.from_dict`; bad given faces.
    """
    r = SifrpRequest.from_dict(req)
    if r.extended_goal is None:
        out = _attempt(r, dice)
    else:
        out, block = _extended(r, dice)
        out["extended"] = block
    if r.bonus_rolled < r.bonus_dice:
        out["bonus_capped"] = {"asked": r.bonus_dice, "rolled": r.bonus_rolled}
    if r.passive_rank is not None:
        out["passive"] = {"rank": r.passive_rank, "value": r.difficulty}
    if r.rivals:
        out["competition"] = _competition(r, out, dice)
    return out


def _competition(r: SifrpRequest, first: dict, dice: Dice) -> dict:
    """The rivals' tests, drawn after ``first`` (this request's own test) from the same ``dice``,
    and the standing (:func:`competition`): ``{"name", "rivals": [attempt + "name" (+
    "bonus_capped")], "winners", "tie", "ranking"}``."""
    rivals = []
    for name, rival in r.rivals:
        attempt = merged({"name": name}, _attempt(rival, dice))
        for key in ("sides", "difficulty", "difficulty_name", "damage"):
            attempt.pop(key)
        if rival.bonus_rolled < rival.bonus_dice:
            attempt["bonus_capped"] = {"asked": rival.bonus_dice, "rolled": rival.bonus_rolled}
        rivals.append(attempt)
    entries = [(r.name, first["total"], r.difficulty)] + [(a["name"], a["total"], r.difficulty) for a in rivals]
    return merged({"name": r.name, "rivals": rivals}, competition(entries))
