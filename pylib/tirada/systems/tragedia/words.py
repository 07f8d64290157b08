"""A Tragedia final roll's outcome in words (tragedia.md §The final roll; es/en): :func:`outcome_words`.

The winner is the headline («Gana el Protagonista»), the total both sides' successes («8 éxitos
contra 3»: even faces plus automatic successes), the detail the tie rule when a tie decided («empate:
el Defecto le dio los empates»). Nothing is kept or dropped (every die counts), so ``kept`` is
empty. The scene view, a roll link's card, the scene and roll snippets, the audit row and the
userscript mark read these words (docs: :mod:`tirada.systems.words`). Plain Python only (the MicroPython
reading core).
"""

from __future__ import annotations

from ..words import OutcomeWords, pick

__all__ = ["SIDE_NAMES", "outcome_words"]

#: side → (Spanish, English).
SIDE_NAMES = {"protagonist": ("Protagonista", "Protagonist"), "adversary": ("Adversario", "Adversary")}
#: both sides' successes, (Spanish one/many, English one/many)
_SCORE = (("{p} éxito contra {a}", "{p} éxitos contra {a}"), ("{p} success vs {a}", "{p} successes vs {a}"))
_W = {
    "wins": ("Gana el {side}", "The {side} wins"),
    "for_now": ("De momento gana el {side}", "For now the {side} wins"),
    "tie_flaw": ("empate: el Defecto le dio los empates", "a tie: the Flaw gave them the ties"),
    "tie_adv": ("empate: los empates son del Adversario", "a tie: ties go to the Adversary"),
}


def outcome_words(result: dict, lang: str = "es", open_loss: bool = False) -> OutcomeWords:
    """The words of a final roll (:func:`tirada.systems.tragedia.roll.roll`'s result, or a scene's
    ``roll``); ``open_loss``: the scene's post-loss step is still open («De momento gana…»)."""
    i = pick(lang)
    side = SIDE_NAMES[result["winner"]][i]
    headline = _W["for_now" if open_loss else "wins"][i].format(side=side)
    mine = result["protagonist_successes"]
    total = _SCORE[i][0 if mine == 1 else 1].format(p=mine, a=result["adversary_successes"])
    detail = ""
    if result.get("tie"):
        detail = _W["tie_flaw" if result["winner"] == "protagonist" else "tie_adv"][i]
    return OutcomeWords(headline=headline, total=total, detail=detail, ok=result["winner"] == "protagonist")
