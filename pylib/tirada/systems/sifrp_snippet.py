"""SIFRP's forum-snippet lines (registry ``snippet``), in the words of :mod:`tirada.systems.sifrp_words`.

One test reads as the generic roll's line (:func:`tirada.systems.generic_snippet.roll_line`: dice, the kept
dice added up with the modifier and the help, the total against the Difficulty and its name, the degrees)
with its combat damage after (``, daño 6``: base × degrees); an extended test has one line per roll, as
its card lists them, then the tally; a competition has one line per character (the roller first) and then who wins. Plain Python
only (the MicroPython reading core).
"""

from __future__ import annotations

from ..portable import merged
from .generic_snippet import roll_line
from .sifrp_words import extended_roll_name, extended_rows, roll_words, span_words, winner_prefix
from .words import OutcomeWords, pick

__all__ = ["snippet_lines"]

_DAMAGE = ("daño", "damage")


def _test_line(result: dict, lang: str, said: OutcomeWords) -> list:
    """One test: the generic roll's line, then its combat damage (``, daño 6``) when it has one."""
    line = roll_line(result, lang, said)
    damage = result.get("damage")
    if isinstance(damage, int) and not isinstance(damage, bool):   # SIFRP combat: base × degrees
        line.append((f", {_DAMAGE[pick(lang)]} {damage}", None))
    return line


def _extended_lines(result: dict, lang: str, said: OutcomeWords) -> list:
    """An extended test as its card shows it: every roll in the order rolled, each with its dice, sum, total
    and grade (``Tirada 2: 4 6 2 → 6+4+2 = **12** contra 9 (Moderada): **Éxito insignificante (1 grado)**``),
    then the tally (``**Tarea concluida en 5 tiradas: 4 de 4** (cada tirada: 1 hora)``, the span as user text)."""
    lines = []
    for n, row in enumerate(extended_rows(result), 1):     # each roll's grade as its card's row says it
        lines.append([(extended_roll_name(n, lang) + ": ", None)] + roll_line(row, lang, roll_words(row, lang)))
    last: list = [(said.headline, "b")]
    span = result["extended"].get("span")
    if isinstance(span, str) and span:
        before, _, after = span_words("\x00", lang).partition("\x00")
        last += [(f" ({before}", None), (span, "user"), (f"{after})", None)]
    return lines + [last]


def snippet_lines(result: dict, lang: str, said: OutcomeWords) -> list:
    """The dice-and-outcome lines of a SIFRP result's snippet, as lists of ``(text, style)`` tokens: one
    test's line; an extended test's one line per roll and its tally; a competition's one line per character (``Ana: 6 5 2 → … = **14** contra 9: **Éxito
    considerable (2 grados)**``, names as user text) and ``**Gana** Ana`` (``said.rolls``: each
    character's words, the roller first)."""
    if isinstance(result.get("extended"), dict):
        return _extended_lines(result, lang, said)
    comp = result.get("competition")
    if not isinstance(comp, dict):
        return [_test_line(result, lang, said)]
    same = {k: result.get(k) for k in ("difficulty", "difficulty_name")}
    rows = [merged({"name": comp.get("name")}, result)] + [merged(r, same) for r in comp.get("rivals", [])
                                                           if isinstance(r, dict)]
    lines = []
    for row, one_said in zip(rows, said.rolls):
        lines.append([(str(row.get("name")), "user"), (": ", None)] + _test_line(row, lang, one_said))
    prefix = winner_prefix(comp, lang)      # "Gana " (CommonMark: no space inside the bold)
    last: list = [(prefix.rstrip(), "b"), (prefix[len(prefix.rstrip()):], None)]
    for i, name in enumerate(comp.get("winners") or []):
        last += ([(", ", None)] if i else []) + [(str(name), "user-b")]
    return lines + [last]
