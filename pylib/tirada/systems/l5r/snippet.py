"""An L5R 5e check's forum-snippet lines (registry ``snippet``), in the words of :mod:`tirada.systems.l5r.words`.

First every die in the order rolled (``d6 4``, a rerolled die ``d12 3→10``, kept dice added after the keep
``añadido d12 12``, explosions ``explosión d12 6``; dropped dice struck), then the outcome: ``3 éxitos
contra un NO de 3: **Éxito (+1 éxito adicional)**, 1 oportunidad, 0 de conflicto`` (a check still waiting
for a decision says so). Plain Python only (the MicroPython reading core).
"""

from __future__ import annotations

from ..generic_snippet import snippet_lines as generic_lines
from ..words import OutcomeWords, pick
from .dice import die_text
from .words import vs_tn

__all__ = ["dice_line", "snippet_lines"]

#: the word before a die that is not in the pool as rolled: (Spanish, English)
_SOURCE = {"explosion": ("explosión ", "explosion "), "added": ("añadido ", "added ")}


def dice_line(result: dict, lang: str) -> list:
    """Every die of a check in the order rolled, as ``(text, style)`` tokens (``"s"``: a dropped die)."""
    out: list = []
    added = [dict(k, kept=True) for k in result.get("kept") or [] if isinstance(k, dict) and k.get("added")]
    dice = [(d, "") for d in result.get("pool") or []] + [(k, "added") for k in added] + \
        [(x, "explosion") for x in result.get("explosion_dice") or []]
    for n, (d, source) in enumerate(dice):
        faces = d.get("faces") or [d.get("face")]
        text = die_text(d.get("die"), d.get("face"), lang)
        if len(faces) > 1:      # "d6 4" → "d6 2→4": the face before the reroll, then the one kept
            prefix = f"d{12 if d.get('die') == 'skill' else 6} "
            text = f"{prefix}{faces[0]}\u2192{text[len(prefix):]}"
        if source:      # "explosión d12 6", "añadido d12 12" (a kept die added after the keep, issue 28)
            text = _SOURCE[source][pick(lang)] + text
        out += [(", " if n else "", None), (text, None if d.get("kept") else "s")]
    return out


def snippet_lines(result: dict, lang: str, said: OutcomeWords) -> list:
    """The dice line (when the check rolled any) and the outcome line of a check (:func:`tirada.systems.l5r.check.roll`'s
    result; ``said``: its :func:`tirada.systems.l5r.words.outcome_words`); a result of another shape reads as
    the generic roll's line."""
    if not (isinstance(result.get("pool"), list) and "stage" in result):
        return generic_lines(result, lang, said)
    lines = [dice_line(result, lang)] if result.get("pool") else []
    if not said.total:
        return lines + [[(said.headline, "b")]]
    return lines + [[(vs_tn(result, lang), None), (": ", None), (said.headline, "b"), (f", {said.detail}", None)]]
