"""SIFRP's forum-snippet lines (registry ``snippet``), in the words of :mod:`tirada.systems.sifrp_words`.

One test reads as the generic roll's line (:func:`tirada.systems.generic_snippet.roll_line`: dice, the kept
dice added up with the modifier and the help, the total against the Difficulty and its name, the degrees)
with its combat damage after (``, daño 6``: base × degrees); an extended test ends on the last roll's total
and the tally; a competition has one line per character (the roller first) and then who wins. Plain Python
only (the MicroPython reading core).
"""

from __future__ import annotations

from ..portable import merged
from .generic_snippet import dice_tokens, roll_line
from .sifrp_words import winner_prefix
from .words import OutcomeWords, pick

__all__ = ["snippet_lines"]

_DAMAGE = ("daño", "damage")
_VS = ("contra", "vs")


def _test_line(result: dict, lang: str, said: OutcomeWords) -> list:
    """One test: the generic roll's line, then its combat damage (``, daño 6``) when it has one; an extended
    test: its last roll's dice and total against the Difficulty, then the tally (``said.headline``)."""
    if isinstance(result.get("extended"), dict):
        return dice_tokens(result, lang) + [(str(result.get("total")), "b"),
                                            (f" {_VS[pick(lang)]} {result.get('difficulty')} \u2014 ", None),
                                            (said.headline, "b")]
    line = roll_line(result, lang, said)
    damage = result.get("damage")
    if isinstance(damage, int) and not isinstance(damage, bool):   # SIFRP combat: base × degrees
        line.append((f", {_DAMAGE[pick(lang)]} {damage}", None))
    return line


def snippet_lines(result: dict, lang: str, said: OutcomeWords) -> list:
    """The dice-and-outcome lines of a SIFRP result's snippet, as lists of ``(text, style)`` tokens: one
    test's line; a competition's one line per character (``Ana: 6 5 2 → … = **14** contra 9: **Éxito
    considerable (2 grados)**``, names as user text) and ``**Gana** Ana`` (``said.rolls``: each
    character's words, the roller first)."""
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
