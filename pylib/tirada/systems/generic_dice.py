"""One dice group of the generic roll: its request (:class:`GenericRequest`, every operator of
docs/notation.md on one ``NdS``) and its roll on the dice stream (:func:`roll_group`). Several groups,
arithmetic and several rolls are :mod:`tirada.systems.generic`, which re-exports these names.

Rule: ../shared/rules/sifrp.md §"The generic forum roll" (seed ``004_…``), extended by dice notation.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..dice import MAX_SIDES, Dice
from ..errors import InvalidRequest
from ..fields import get_bool, get_int, reject_unknown
from ..portable import Struct, category, is_nfc, strip

__all__ = ["FIELDS", "GROUP_FIELDS", "GenericRequest", "MAX_DICE", "MAX_EXPLOSIONS", "MAX_LABEL", "MAX_REROLLS", "MAX_ROLLS",
           "RULE", "face_range", "keep_indices", "roll_group", "roll_label"]

RULE = "sifrp.md §The generic forum roll"
MAX_DICE = 100
MAX_EXPLOSIONS = 100           #: most extra dice an exploding roll may add (then it is refused)
KEEP_WITHIN = 0.05             #: least chance of staying within MAX_EXPLOSIONS for exploding dice to be rolled
MAX_REROLLS = 100              #: most rerolls in one dice group (``r<2``; then it is refused)
MAX_ROLLS = 10                 #: most rolls in one ``rolls`` request
MAX_LABEL = 40                 #: longest label of one of several rolls (``ataque: 1d20+5; daño: 2d6+3``)
_OPS = {"fate", "successes", "failures", "reroll", "reroll_once", "explode_at", "compound", "penetrate",  # issue 28 operators
        "explode_once", "min_face", "max_face"}   # issue 43: Dice Maiden's e / Foundry's xo; Foundry's min/max, Avrae's mi/ma
FIELDS = {"dice", "sides", "keep", "keep_lowest", "modifier", "difficulty", "explode"} | _OPS
GROUP_FIELDS = {"dice", "sides", "keep", "keep_lowest", "explode", "subtract"} | _OPS
FATE_SIDES = 3                 #: a Fate/Fudge die is drawn as a d3: face = draw − 2 (−1, 0, +1)   #: fields of one of ``groups``


class GenericRequest(Struct):
    """A generic roll: ``dice`` 1..100 of ``sides`` 2..1000, keep ``keep`` 1..dice (highest, or
    lowest when ``keep_lowest``), ``modifier`` −10000..10000, ``difficulty`` int or ``None``,
    ``explode`` (bool; then ``keep`` ``None`` means every die rolled, explosions included),
    ``fate`` (bool: Fate/Fudge dice ``4dF``, faces −1, 0, +1, each drawn as a d3 minus 2; ``sides``
    is then 3 and absent from the request; no ``explode``), ``successes`` / ``failures`` (``(lo, hi)``
    faces, or ``None``: success counting, Roll20 ``5d10>7`` = ``(7, 10)``, ``f1`` = ``(1, 1)``; the
    total is then the dice in ``successes`` minus those in ``failures``, explosion dice included,
    plus the modifier; no ``keep``, no Fate dice, ``failures`` only with ``successes`` and apart from
    them; a range is ``>N`` (up to ``sides``), ``<N`` (from 1) or ``=N``), ``reroll`` (``(lo, hi)`` or
    ``None``: a die showing one of these faces is rolled again, while it does — at most
    :data:`MAX_REROLLS` in the group — or once with ``reroll_once``; the faces replaced are kept in the
    result; not every face, no explosions, no Fate dice), with ``explode``: ``explode_at`` (``(lo,
    hi)``: the faces that explode, default the highest; Roll20 ``!>5``), ``compound`` (``!!``: a
    die's explosions add to its own face, one die) or ``penetrate`` (``!p``: each explosion die
    counts one less; it explodes on its face before that), ``explode_once`` (Dice Maiden's ``e``,
    Foundry's ``xo``: each die explodes at most once, its extra die never; no keep, no ``!!``/``!p``);
    ``min_face`` / ``max_face`` (Foundry's ``min``/``max``, Avrae's ``mi``/``ma``: a die showing less
    / more counts as that number, 1..sides; the face rolled is kept in the result; no explosions,
    success counting or Fate dice)."""

    _fields = ("dice", "sides", "keep", "keep_lowest", "modifier", "difficulty", "explode", "fate", "successes",
               "failures", "reroll", "reroll_once", "explode_at", "compound", "penetrate", "explode_once",
               "min_face", "max_face")
    dice: int
    sides: int
    keep: int
    keep_lowest: bool
    modifier: int
    difficulty: int | None
    explode: bool
    fate: bool
    successes: tuple | None
    failures: tuple | None
    reroll: tuple | None
    reroll_once: bool
    explode_at: tuple | None
    compound: bool
    penetrate: bool
    explode_once: bool
    min_face: int | None
    max_face: int | None

    def __init__(self, dice: int, sides: int, keep: int, keep_lowest: bool = False, modifier: int = 0,
                 difficulty: int | None = None, explode: bool = False, fate: bool = False,
                 successes: tuple | None = None, failures: tuple | None = None, reroll: tuple | None = None,
                 reroll_once: bool = False, explode_at: tuple | None = None, compound: bool = False,
                 penetrate: bool = False, explode_once: bool = False, min_face: int | None = None,
                 max_face: int | None = None) -> None:
        self._init(dice, sides, keep, keep_lowest, modifier, difficulty, explode, fate, successes, failures, reroll,
                   reroll_once, explode_at, compound, penetrate, explode_once, min_face, max_face)

    def clamp(self, face: int) -> int:
        """What a die showing ``face`` counts as with ``min_face`` / ``max_face``."""
        if self.min_face is not None and face < self.min_face:
            return self.min_face
        return self.max_face if self.max_face is not None and face > self.max_face else face

    @classmethod
    def from_dict(cls, req: Mapping[str, Any]) -> "GenericRequest":
        """Validate a request dict (fields as in the CLI) and build the request.

        Raises:
            InvalidRequest: unknown field, or a field out of range (``sides: 1``, ``keep > dice``).
        """
        reject_unknown(req, FIELDS, "generic")
        dice = get_int(req, "dice", lo=1, hi=MAX_DICE, rule=RULE)
        fate = get_bool(req, "fate")
        explode = get_bool(req, "explode")
        if fate and ("sides" in req or explode):
            raise InvalidRequest("Fate dice (dF) have the faces −1, 0, +1: no sides, no explosions",
                                 field="sides" if "sides" in req else "explode", rule=RULE, code="generic.fate")
        sides = FATE_SIDES if fate else get_int(req, "sides", lo=2, hi=MAX_SIDES, rule=RULE)
        keep = get_int(req, "keep", default=None if explode else dice, lo=1, rule=RULE)
        if keep is not None and keep > dice and not explode:
            raise InvalidRequest(f"cannot keep {keep} of {dice} dice", field="keep", rule=RULE,
                                 code="generic.keep_too_many", params={"keep": keep, "n": dice})
        difficulty = req.get("difficulty")
        if difficulty is not None:
            difficulty = get_int(req, "difficulty", lo=-100000, hi=100000)
        successes, failures = face_range(req, "successes", sides), face_range(req, "failures", sides)
        if successes is None and failures is not None or successes is not None and (
                fate or "keep" in req or failures is not None and failures[0] <= successes[1] and successes[0] <= failures[1]):
            raise InvalidRequest("success counting: failures need successes and may not overlap them; no keep, "
                                 "no Fate dice", field="failures" if successes is None else "successes", rule=RULE,
                                 code="generic.count")
        reroll, once = face_range(req, "reroll", sides), get_bool(req, "reroll_once")
        if reroll is None and once or reroll is not None and (fate or explode or reroll == (1, sides)):
            raise InvalidRequest("a reroll names some faces (not all), without explosions or Fate dice",
                                 field="reroll", rule=RULE, code="generic.reroll")
        at, compound, penetrate = face_range(req, "explode_at", sides), get_bool(req, "compound"), get_bool(req, "penetrate")
        if (at is not None or compound or penetrate) and (not explode or compound and penetrate or at == (1, sides)
                                                          or successes is not None and (compound or penetrate)):
            raise InvalidRequest("explode_at, compound and penetrate go with explode (not together, not on every "
                                 "face, not compound or penetrate with success counting)", field="explode", rule=RULE,
                                 code="generic.explode_variant")
        if explode and not fate:
            _explosions_expected(dice, sides, at or (sides, sides))
        explode_once = get_bool(req, "explode_once")
        if explode_once and (not explode or compound or penetrate or "keep" in req):
            raise InvalidRequest("explode_once goes with explode, without compound, penetrate or keep",
                                 field="explode_once", rule=RULE, code="generic.explode_once")
        low = get_int(req, "min_face", default=None, lo=1, hi=sides, rule=RULE)
        high = get_int(req, "max_face", default=None, lo=1, hi=sides, rule=RULE)
        if (low is not None or high is not None) and (explode or fate or successes is not None or (
                low is not None and high is not None and low > high)):
            raise InvalidRequest("min_face and max_face (low ≤ high) go without explosions, success counting or Fate dice",
                                 field="min_face" if low is not None else "max_face", rule=RULE, code="generic.min_max")
        return cls(dice, sides, keep, get_bool(req, "keep_lowest"),
                   get_int(req, "modifier", default=0, lo=-10000, hi=10000), difficulty, explode, fate,
                   successes, failures, reroll, once, at, compound, penetrate, explode_once, low, high)


def _explosions_expected(dice: int, sides: int, at: tuple) -> None:
    """Refuse, before any die is drawn, dice that would pass :data:`MAX_EXPLOSIONS` in at least
    19 rolls out of 20 (``20d20!>2``: about 380 extra dice expected; every roll of it was refused
    only after its dice, with "roll again").

    Each die's explosions are geometric (``p`` the exploding faces' share), so a roll's total is
    negative binomial: ``P(total = k) = C(k + dice - 1, k) p^k (1 - p)^dice``; its sum up to the cap
    is the chance a roll stays within it. Under :data:`KEEP_WITHIN` it is refused (code
    ``generic.explode_likely``, params ``expected`` explosions and the cap ``n``). Dice that stay
    within the cap often enough still roll and, past it, are refused after rolling as before
    (``100d2!``: about half the rolls; the odds count up to the cap and report the cut-off).
    ``!!`` and ``!p`` explode as often (``!p`` on the face rolled, before one is taken off)."""
    p = (at[1] - at[0] + 1) / sides
    if p >= 1:
        return            # every face explodes: refused elsewhere (generic.explode_variant, notation.explode_all)
    expected = dice * p / (1 - p)
    if expected <= MAX_EXPLOSIONS:
        return            # at least about half the rolls stay within the cap
    term = within = (1 - p) ** dice          # underflows to 0 only when far more than the cap is expected
    for k in range(MAX_EXPLOSIONS):
        term *= p * (k + dice) / (k + 1)
        within += term
    if within < KEEP_WITHIN:
        raise InvalidRequest(f"these dice would explode about {round(expected)} times; at most {MAX_EXPLOSIONS} "
                             "explosions are rolled: explode on fewer faces or roll fewer dice", field="explode",
                             rule=RULE, code="generic.explode_likely",
                             params={"expected": round(expected), "n": MAX_EXPLOSIONS})


def face_range(req: Mapping[str, Any], name: str, sides: int) -> tuple | None:
    """``req[name]`` as ``(lo, hi)`` faces, ``1 <= lo <= hi <= sides``, with ``lo == 1``, ``hi ==
    sides`` or ``lo == hi`` (what ``<N``, ``>N`` and ``=N`` write); ``None`` when absent.

    Raises:
        InvalidRequest: ``generic.range`` for anything else (field ``name``).
    """
    value = req.get(name)
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
            and 1 <= value[0] <= value[1] <= sides and (value[0] == 1 or value[1] == sides or value[0] == value[1])):
        raise InvalidRequest(f"must be faces [lo, hi] within 1..{sides} written as >N, <N or =N", field=name,
                             rule=RULE, code="generic.range", params={"sides": sides})
    return value[0], value[1]

def keep_indices(faces: list, keep: int, lowest: bool = False) -> list:
    """Indices of the ``keep`` highest (or lowest) faces, best first; ties keep the earlier die.

    Args:
        faces: die faces in draw order. keep: 0..len(faces).
    Returns:
        list of indices into ``faces``, ordered by face (descending, or ascending when ``lowest``).
    """
    order = sorted(range(len(faces)), key=lambda i: (faces[i] if lowest else -faces[i], i))
    return order[:keep]


def roll_group(r: GenericRequest, dice: Dice) -> dict:
    """Roll one validated request: the dice in draw order, explosions right after the die that
    caused them (so a die and its explosions sit together), then keep and total."""
    faces: list = []
    exploded: list = []
    rerolled: list = []
    compounded: list = []
    clamped: list = []
    lo, hi = r.reroll or (0, -1)
    elo, ehi = r.explode_at or (r.sides, r.sides)
    rerolls = booms = 0
    for _ in range(r.dice):
        face = dice.roll(r.sides)
        replaced: list = []
        while lo <= face <= hi and not (r.reroll_once and replaced):
            if rerolls >= MAX_REROLLS:
                raise InvalidRequest(f"more than {MAX_REROLLS} rerolls; roll again with a new seed", field="reroll",
                                     rule=RULE, code="generic.too_many_rerolls", params={"n": MAX_REROLLS})
            rerolls += 1
            replaced.append(face)
            face = dice.roll(r.sides)
        if replaced:
            rerolled.append([len(faces), replaced])
        if r.clamp(face) != face:            # min/max: the die counts as the bound; the face rolled is shown
            clamped.append([len(faces), face])
        faces.append(face - 2 if r.fate else r.clamp(face))
        chain, first = [face], len(faces) - 1
        while r.explode and elo <= face <= ehi and not (r.explode_once and len(faces) - 1 > first):
            if booms >= MAX_EXPLOSIONS:
                raise InvalidRequest(f"more than {MAX_EXPLOSIONS} dice exploded; roll again with a new seed",
                                     field="explode", rule=RULE, code="generic.too_many_explosions",
                                     params={"n": MAX_EXPLOSIONS})
            booms += 1
            face = dice.roll(r.sides)
            if r.compound:       # !!: the explosion adds to the same die
                chain.append(face)
                faces[-1] += face
                continue
            exploded.append(len(faces))
            faces.append(face - 1 if r.penetrate else face)   # !p: one less, exploding on the face rolled
        if len(chain) > 1:
            compounded.append([len(faces) - 1, chain])
    keep = len(faces) if r.keep is None else min(r.keep, len(faces))
    idx = keep_indices(faces, keep, r.keep_lowest)
    kept = [faces[i] for i in idx]
    total = sum(kept) + r.modifier
    counted: dict = {}
    if r.successes is not None:   # success counting: every die rolled is compared, explosions included
        for name, (lo, hi) in (("success_indices", r.successes), ("failure_indices", r.failures or (0, -1))):
            counted[name] = [i for i, f in enumerate(faces) if lo <= f <= hi]
        total = len(counted["success_indices"]) - len(counted["failure_indices"]) + r.modifier
    out = {
        "sides": "F" if r.fate else r.sides,
        "faces": faces,
        "kept": kept,
        "kept_indices": idx,
        "dropped": [faces[i] for i in range(len(faces)) if i not in idx],
        "modifier": r.modifier,
        "total": total,
    }
    if r.explode:
        out["exploded_indices"] = exploded
    out.update(counted)
    if r.reroll is not None:
        out["rerolled"] = rerolled
    if r.compound:
        out["compounded"] = compounded
    if r.min_face is not None or r.max_face is not None:
        out["clamped"] = clamped
    if r.difficulty is not None:
        out.update(difficulty=r.difficulty, success=total >= r.difficulty, margin=total - r.difficulty)
    return out


def roll_label(value: Any, field: str = "label") -> str:
    """The label of one of several rolls (``ataque`` in ``ataque: 1d20+5; daño: 2d6+3``): a text of
    1..:data:`MAX_LABEL` characters, NFC, without surrounding spaces, ``;`` or ``:``, control or
    invisible format characters (ZWJ, which emoji need, is allowed).

    Raises:
        InvalidRequest: ``generic.roll_label`` (on ``field``) for anything else.
    """
    if not (isinstance(value, str) and 1 <= len(value) <= MAX_LABEL and value == strip(value)
            and is_nfc(value) and not any(ch in ";:" for ch in value)
            and all(ch == "\u200d" or category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in value)):
        raise InvalidRequest(f"a roll's label is 1 to {MAX_LABEL} visible characters (no ';' or ':')", field=field,
                             rule=RULE, code="generic.roll_label", params={"n": MAX_LABEL})
    return value
