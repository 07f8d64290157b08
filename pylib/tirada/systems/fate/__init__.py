"""Fate Core / Fate Acelerado: four Fate dice plus a skill (or an approach), read top-down like its rule
file (docs/fate.md; this package is the worked example of docs/architecture.md §Adding a roll system).

Steps (each function below names its step):

1. the request (:func:`read_request`): ``skill`` (the skill's or approach's rating, −4…+12), against a
   ``difficulty`` (−4…+12) or an ``opposition`` (the opposing rating: the opponent rolls too), or
   neither (the total alone, nothing judged); ``invokes``: the invocations decided after seeing the
   dice, in order, each ``"+2"`` or ``"reroll"`` (at most :data:`MAX_INVOKES`);
2. the roller's four Fate dice (:func:`fate_dice`): each a d3 of the dice stream minus 2 (−1, 0, +1),
   in draw order; then, with an opposition, the opponent's four;
3. each invocation in turn (:func:`invoke`): ``"+2"`` adds 2; ``"reroll"`` is a decision whose dice
   must not be knowable before it: the dice source is told (``decided()``, fair play: in a format-2
   roll they come from fresh dice taking their own chain number, tirada.fresh) and the roller's four
   dice are drawn again;
4. the total (dice + skill + 2 per "+2"), its name on the ladder, the shifts (total − difficulty, or
   − the opposition's total) and the outcome (:func:`outcome_of`): fail (shifts < 0), tie (0),
   success (1–2), success with style (3 or more).

Exact odds: :mod:`tirada.systems.fate.odds` (4dF has 81 equally likely rolls, counted exactly; kept
apart, it needs :mod:`fractions`, which MicroPython lacks). The words (:func:`outcome_words`) are the
one source of the screen, the snippets, the audit row and the mark. Plain Python (no dataclasses, no
typing at run time): this module and its ``spec`` are in the MicroPython reading core
(:mod:`tirada.reading_core`; tests/test_reading_core.py runs Fate's vectors there).
"""

from __future__ import annotations

from ...dice import FixedFaces
from ...errors import InvalidRequest
from ...fields import get_int, reject_unknown
from ..words import OutcomeWords, pick

__all__ = ["LADDER", "MAX_INVOKES", "OUTCOMES", "blind_decisions", "fate_dice", "invoke", "ladder_name",
           "outcome_of", "outcome_words", "rated_roll", "read_request", "roll", "signed", "snippet_line", "snippet_lines",
           "sum_terms"]

RULE = "fate.md §The roll"
#: the most invocations one roll takes (docs/fate.md [decision]: far above any table's fate points)
MAX_INVOKES = 10
#: the ladder, rating → (Spanish, English) (docs/fate.md §The ladder)
LADDER = {8: ("Legendario", "Legendary"), 7: ("Épico", "Epic"), 6: ("Fantástico", "Fantastic"),
          5: ("Soberbio", "Superb"), 4: ("Excelente", "Great"), 3: ("Grande", "Good"), 2: ("Bueno", "Fair"),
          1: ("Normal", "Average"), 0: ("Mediocre", "Mediocre"), -1: ("Pobre", "Poor"), -2: ("Terrible", "Terrible")}
#: outcome → (Spanish, English): the four outcomes of an action (docs/fate.md §Outcomes)
OUTCOMES = {"fail": ("Fallo", "Failure"), "tie": ("Empate", "Tie"), "success": ("Éxito", "Success"),
            "style": ("Éxito con estilo", "Success with style")}
_SHIFTS = (("aumento", "aumentos"), ("shift", "shifts"))
#: before a failure's shifts: how far short it fell («por 2 aumentos», "by 2 shifts")
_SHORT_BY = ("por", "by")
_RANGE = (-4, 12)


def read_request(params: dict) -> dict:
    """Step 1: the checked request ``{"skill", "difficulty", "opposition", "invokes"}``.

    Raises:
        InvalidRequest: a rating out of −4…+12 or not a whole number (``field.range``,
            ``field.not_int``), both a difficulty and an opposition (``fate.both_targets``), ``invokes``
            not a list of at most :data:`MAX_INVOKES` ``"+2"``/``"reroll"`` (``fate.invokes``), an unknown
            field (``field.unknown``).
    """
    reject_unknown(params, {"skill", "difficulty", "opposition", "invokes"}, "Fate")
    low, high = _RANGE
    req = {"skill": get_int(params, "skill", 0, low, high, RULE),
           "difficulty": get_int(params, "difficulty", None, low, high, RULE),
           "opposition": get_int(params, "opposition", None, low, high, RULE)}
    if req["difficulty"] is not None and req["opposition"] is not None:
        raise InvalidRequest("a roll is against a difficulty or an opposition, not both", field="opposition",
                             rule=RULE, code="fate.both_targets")
    invokes = params.get("invokes", [])
    if not isinstance(invokes, list) or len(invokes) > MAX_INVOKES or any(i not in ("+2", "reroll") for i in invokes):
        raise InvalidRequest(f'invokes must be a list of at most {MAX_INVOKES} "+2" or "reroll"', field="invokes",
                             rule="fate.md §Invoking", code="fate.invokes", params={"n": MAX_INVOKES})
    req["invokes"] = list(invokes)
    return req


def fate_dice(dice) -> list:
    """Step 2: four Fate dice, each ``dice.roll(3) − 2`` (−1, 0, +1), in draw order."""
    return [dice.roll(3) - 2 for _ in range(4)]


def invoke(what: str, faces: list, dice) -> tuple:
    """Step 3: one invocation on the roller's ``faces``: ``(faces, bonus)``. ``"+2"``: the same dice,
    bonus 2; ``"reroll"``: the dice source is told a decision was taken (fresh dice), four new dice.

    Raises:
        InvalidRequest: a reroll from a plain seed (``fate.reroll_needs_fresh``): its dice would be
            knowable before the decision; only fresh dice (tirada.fresh) or typed faces may reroll."""
    if what == "+2":
        return faces, 2
    mark = getattr(dice, "decided", None)
    if mark is None and not isinstance(dice, FixedFaces):   # a seed's dice are known before the decision
        raise InvalidRequest("a reroll draws dice after a decision: it needs fresh dice (a format-2 roll)",
                             field="invokes", rule="fate.md §Invoking", code="fate.reroll_needs_fresh")
    if mark is not None:
        mark()
    return fate_dice(dice), 0


def outcome_of(shifts: int) -> str:
    """Step 4: ``"fail"`` (shifts < 0), ``"tie"`` (0), ``"success"`` (1–2), ``"style"`` (3 or more)."""
    return "fail" if shifts < 0 else "tie" if shifts == 0 else "success" if shifts < 3 else "style"


def ladder_name(value: int) -> object:
    """``{"es", "en"}`` name of ``value`` on the ladder, or ``None`` beyond it (below −2, above +8)."""
    names = LADDER.get(value)
    return {"es": names[0], "en": names[1]} if names else None


def roll(params: dict, dice) -> dict:
    """Roll a Fate action (steps 1–4). Returns the JSON-ready result:

    ``{"skill", "invokes", "faces": the roller's last four dice, "kept", "kept_indices", "rerolled":
    [[die, [earlier faces]]] (a reroll's replaced dice, as the snippets show them), "history": every
    set of four in order, "bonus": 2 per "+2", "modifier": skill + bonus, "total", "ladder": {"es",
    "en"} | None, "difficulty" (the value to beat: the difficulty, or the opposition's total),
    "opposition", "opposition_faces", "opposition_total", "shifts", "outcome"}``; without a difficulty
    or opposition the last four are ``None``.

    Raises:
        InvalidRequest: :func:`read_request`.
    """
    req = read_request(params)
    faces = fate_dice(dice)
    rival = fate_dice(dice) if req["opposition"] is not None else None
    history, bonus = [faces], 0
    for what in req["invokes"]:
        faces, more = invoke(what, faces, dice)
        bonus += more
        if faces is not history[-1]:
            history.append(faces)
    modifier = req["skill"] + bonus
    total = sum(faces) + modifier
    against = req["difficulty"] if rival is None else req["opposition"] + sum(rival)
    shifts = None if against is None else total - against
    rerolled = [[i, [h[i] for h in history[:-1]]] for i in range(4)] if len(history) > 1 else None
    return {"skill": req["skill"], "invokes": req["invokes"], "faces": faces, "kept": list(faces),
            "kept_indices": [0, 1, 2, 3], "rerolled": rerolled, "history": history, "bonus": bonus,
            "modifier": modifier, "total": total, "ladder": ladder_name(total), "difficulty": against,
            "opposition": req["opposition"], "opposition_faces": rival,
            "opposition_total": None if rival is None else against,
            "shifts": shifts, "outcome": None if shifts is None else outcome_of(shifts)}


def blind_decisions(request: dict) -> dict:
    """The blind policy (registry ``blind``): a sealed roll invokes nothing (docs/fate.md [decision]:
    an invocation spends a fate point, which only the player may choose)."""
    return {"invokes": []}


def rated_roll(request: dict, result: dict) -> object:
    """The value the luck report rates (registry ``rated``): the first four dice plus the skill, before
    any invocation (the odds price the roll before its decisions); ``None`` for a result that is no
    Fate roll's."""
    history = result.get("history")
    if not isinstance(history, list) or not history or not isinstance(result.get("skill"), int):
        return None
    return sum(history[0]) + result["skill"]


# ------------------------------------------------------------------------------------ words
def signed(value: int) -> str:
    """``"+3"``, ``"0"``, ``"−2"`` (a minus sign, U+2212), as Fate writes ratings."""
    return ("+" if value > 0 else "") + str(value).replace("-", "\u2212")


def _rated(value: int, lang: str) -> str:
    names = LADDER.get(value)
    return signed(value) + (f" ({names[pick(lang)]})" if names else "")


def sum_terms(faces: list) -> str:
    """The four dice added up as the card and the snippet write them: ``"1+0−1+1"`` (the first without
    its plus, a minus sign U+2212); ``""`` for no dice."""
    return "".join(("+" if i and f >= 0 else "") + str(f) for i, f in enumerate(faces)).replace("-", "\u2212")


def snippet_line(result: dict, lang: str, said: OutcomeWords) -> list:
    """The dice-and-outcome line of a Fate roll's forum snippet (registry ``snippet``), as the card
    says it: ``+1 0 0 +1 → 1+0+0+1 +3 = **+5 (Soberbio)** contra +1 (Normal): **Éxito con estilo** ·
    4 aumentos``; against an opposition, its dice and total (``contra oposición +2: −1 0 +1 +1 = +3
    (Grande)``). Returns ``(text, style)`` tokens (:mod:`tirada.wire.markup`: ``"b"`` bold)."""
    faces = [f for f in result.get("faces") or () if isinstance(f, int)]
    terms = sum_terms(faces)
    modifier = result.get("modifier")
    line: list = [(" ".join(signed(f) for f in faces) + " \u2192 ", None),
                  (f"{terms or '0'}{' ' + signed(modifier) if isinstance(modifier, int) and modifier else ''} = ",
                   None), (said.total, "b")]
    rival, against = result.get("opposition_faces"), result.get("difficulty")
    vs = _VS[pick(lang)]
    if isinstance(rival, list) and isinstance(result.get("opposition"), int) and isinstance(against, int):
        line.append((f" {vs[1]} {signed(result['opposition'])}: {' '.join(signed(f) for f in rival)} = "
                     f"{_rated(against, lang)}", None))
    elif isinstance(against, int):
        line.append((f" {vs[0]} {_rated(against, lang)}", None))
    if said.headline:
        line += [(": ", None), (said.headline, "b")]
        if said.detail:
            line.append((f" \u00b7 {said.detail}", None))
    return line


def snippet_lines(result: dict, lang: str, said: OutcomeWords) -> list:
    """The registry ``snippet``: a Fate roll's snippet is its one :func:`snippet_line`."""
    return [snippet_line(result, lang, said)]


#: "contra" / "contra oposición", by language (:func:`tirada.systems.words.pick`)
_VS = (("contra", "contra oposición"), ("vs", "vs opposition"))


def outcome_words(result: dict, lang: str = "es") -> OutcomeWords:
    """The words of a Fate roll: headline the outcome («Éxito con estilo»), detail the shifts («3
    aumentos»; a failure's «por 2 aumentos»; none for a tie), total the total on the ladder («+5 (Soberbio)»), kept the roller's four dice."""
    total = result.get("total")
    said = _rated(total, lang) if isinstance(total, int) else ""
    kept = tuple(signed(f) for f in result.get("faces") or ())
    outcome, shifts = result.get("outcome"), result.get("shifts")
    if outcome not in OUTCOMES or not isinstance(shifts, int):
        return OutcomeWords(total=said, kept=kept)
    n = abs(shifts)
    detail = f"{n} {_SHIFTS[pick(lang)][0 if n == 1 else 1]}"
    if shifts < 0:       # a failure is short by its shifts: «Fallo por 2 aumentos», never «Fallo 2 aumentos»
        detail = f"{_SHORT_BY[pick(lang)]} {detail}"
    elif shifts == 0:    # a tie has no shifts to say
        detail = ""
    return OutcomeWords(headline=OUTCOMES[outcome][pick(lang)], total=said, kept=kept, detail=detail,
                        ok=outcome != "fail")
