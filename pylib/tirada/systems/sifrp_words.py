"""SIFRP's outcome in words, in the Spanish edition's terms (sifrp.md §Degrees): :func:`outcome_words`.

Success by degrees: 1 *éxito insignificante*, 2 *considerable*, 3 *increíble*, 4 *asombroso*
(marginal, great, incredible, astonishing); failure short by 1–4 *fallo insignificante* (marginal
failure), by 5+ *fallo crítico* (critical failure). An extended test says its tally (sifrp.md §Other
rules) and each of its rolls its own grade, a competition who wins (each character's words in ``rolls``, the roller first). The screen,
the snippets, the odds card's outcome names, the audit row and the userscript mark all read these
words (docs: :mod:`tirada.systems.words`). Plain Python only (the MicroPython reading core).
"""

from __future__ import annotations

from .generic_words import kept_faces, verdict
from .words import OutcomeWords, number, pick

__all__ = ["GRADES", "extended_roll_name", "extended_rows", "extended_words", "grade_name", "outcome_words",
           "roll_words", "span_words", "winner_prefix", "winner_words"]

#: outcome grade (as the odds name them: ``degrees_1``…``degrees_4``, ``marginal``, ``critical``)
#: → (Spanish, English), sifrp.md §Degrees.
GRADES = {
    "degrees_1": ("Éxito insignificante (1 grado)", "Marginal success (1 degree)"),
    "degrees_2": ("Éxito considerable (2 grados)", "Great success (2 degrees)"),
    "degrees_3": ("Éxito increíble (3 grados)", "Incredible success (3 degrees)"),
    "degrees_4": ("Éxito asombroso (4 grados)", "Astonishing success (4 degrees)"),
    "marginal": ("Fallo insignificante", "Marginal failure"),
    "critical": ("Fallo crítico", "Critical failure"),
}
_EXTENDED = {"done": ("Tarea concluida en {rolls} tiradas: {tally} de {goal}", "Task done in {rolls} rolls: {tally} of {goal}"),
             "open": ("Tarea sin concluir tras {rolls} tiradas: {tally} de {goal}",
                      "Task not done after {rolls} rolls: {tally} of {goal}")}
_ROLL_N = ("Tirada {n}", "Roll {n}")
_SPAN = ("cada tirada: {span}", "each roll: {span}")
_WINNER = {"winner": ("Gana {names}", "Winner: {names}"), "tie": ("Empate entre {names}", "Tie between {names}")}


def grade_name(grade: str, lang: str) -> str:
    """The name of an outcome grade (:data:`GRADES` key) in ``lang``.

    Raises:
        KeyError: not a grade.
    """
    return GRADES[grade][pick(lang)]


def _headline(result: dict, lang: str) -> str:
    """One test's outcome: its degrees, its kind of failure, or plain «Éxito»/«Fallo»."""
    if not isinstance(result.get("success"), bool):
        return ""
    degrees = result.get("degrees")
    if result["success"] and isinstance(degrees, int) and 1 <= degrees <= 4:
        return grade_name(f"degrees_{degrees}", lang)
    if not result["success"] and result.get("failure") in GRADES:
        return grade_name(result["failure"], lang)
    return verdict(result["success"], lang)


def extended_words(ext: dict, lang: str) -> str:
    """An extended test's tally: «Tarea concluida en 3 tiradas: 4 de 4»."""
    return _EXTENDED["done" if ext.get("done") else "open"][pick(lang)].format(
        rolls=ext.get("rolls"), tally=ext.get("tally"), goal=ext.get("goal"))


def extended_roll_name(n: int, lang: str) -> str:
    """The name of an extended test's ``n``-th roll (1-based): «Tirada 2» / «Roll 2»."""
    return _ROLL_N[pick(lang)].format(n=n)


def span_words(span: str, lang: str) -> str:
    """The time each roll of an extended test covers: «cada tirada: 1 hora» (``span`` is the player's text)."""
    return _SPAN[pick(lang)].format(span=span)


def extended_rows(result: dict) -> list:
    """Every roll of an extended test (``result["extended"]["attempts"]``, in the order rolled) with what
    they share from the request's result (sides, modifier, help, Difficulty and its name), so each reads
    as a test of its own: ``6+4+2 +1 = 13 contra 9``; ``[]`` for a result that is not an extended test."""
    ext = result.get("extended")
    if not isinstance(ext, dict):
        return []
    same = {k: result.get(k) for k in ("sides", "modifier", "teamwork", "difficulty", "difficulty_name")}
    out = []
    for attempt in ext.get("attempts") or []:
        if isinstance(attempt, dict):
            row = dict(attempt)
            row.update(same)
            out.append(row)
    return out


def winner_prefix(comp: dict, lang: str) -> str:
    """The words before the winners' names: «Gana », «Empate entre » (a snippet marks the names as user text)."""
    return _WINNER["tie" if comp.get("tie") else "winner"][pick(lang)].split("{names}")[0]


def winner_words(comp: dict, lang: str) -> str:
    """A competition's end: «Gana Ana» or «Empate entre Ana, Bruno» (names as given)."""
    return winner_prefix(comp, lang) + ", ".join(str(n) for n in comp.get("winners") or [])


def roll_words(result: dict, lang: str) -> OutcomeWords:
    """The words of one test (an extended test's roll, a competitor's): grade, total, kept dice."""
    judged = isinstance(result.get("success"), bool)
    return OutcomeWords(headline=_headline(result, lang), total=number(result.get("total", "")), kept=kept_faces(result),
                        ok=result["success"] if judged else None)


def outcome_words(result: dict, lang: str = "es") -> OutcomeWords:
    """The words of a SIFRP test (sifrp.md §Degrees): its grade, total and kept dice; an extended
    test's tally as the headline (no total: each roll has its own, :func:`roll_words` of each of
    :func:`extended_rows`, as its card and its snippet list them); a competition's winner as the
    headline and each character's test in ``rolls``."""
    ext = result.get("extended")
    if isinstance(ext, dict):
        return OutcomeWords(headline=extended_words(ext, lang), ok=bool(ext.get("done")))
    comp = result.get("competition")
    if isinstance(comp, dict):
        same = {k: result.get(k) for k in ("difficulty", "difficulty_name")}
        rows = [result] + [dict(r, **same) for r in comp.get("rivals") or [] if isinstance(r, dict)]
        return OutcomeWords(headline=winner_words(comp, lang), ok=True, rolls=tuple(roll_words(r, lang) for r in rows))
    return roll_words(result, lang)
