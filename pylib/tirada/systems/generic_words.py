"""The generic roll's outcome in words (es/en): :func:`outcome_words` (docs: :mod:`tirada.systems.words`).

A sum of dice says no outcome; against a difficulty it is «Éxito» / «Fallo» (the success counting of
``10d10>8f1`` too: successes − failures against it); with outcome bands (docs/notation.md §Bands) the
band's label is the headline, or follows a success or failure. Several rolls (``1d20+5; 2d6+3``) give
one :class:`~tirada.systems.words.OutcomeWords` per roll in ``rolls``. Plain Python only (the MicroPython
reading core, see :mod:`tirada.systems.words`).
"""

from __future__ import annotations

from .words import OutcomeWords, number, pick

__all__ = ["VERDICTS", "kept_faces", "outcome_words", "verdict"]

#: success / failure against a difficulty, (Spanish, English).
VERDICTS = {"success": ("Éxito", "Success"), "failure": ("Fallo", "Failure")}


def verdict(success: bool, lang: str) -> str:
    """«Éxito» or «Fallo» (``"Success"`` / ``"Failure"``)."""
    return VERDICTS["success" if success else "failure"][pick(lang)]


def kept_faces(result: dict) -> tuple:
    """The kept dice's faces as strings in the order rolled (each dice group's in turn)."""
    if isinstance(result.get("groups"), list):
        out: list = []
        for g in result["groups"]:
            out += kept_faces(g) if isinstance(g, dict) else []
        return tuple(out)
    faces = result["faces"] if isinstance(result.get("faces"), list) else []
    kept = set(result.get("kept_indices", range(len(faces))))
    return tuple(str(f) for i, f in enumerate(faces) if i in kept)


def _band(result: dict) -> str:
    band = result.get("band")
    return band["label"] if isinstance(band, dict) and isinstance(band.get("label"), str) else ""


def outcome_words(result: dict, lang: str = "es") -> OutcomeWords:
    """The words of a generic roll: headline «Éxito»/«Fallo» against a difficulty (``""`` without
    one), the band's label (the headline without a difficulty, else the detail), the total and the
    kept dice; several rolls each in ``rolls``."""
    if isinstance(result.get("rolls"), list):
        return OutcomeWords(rolls=tuple(outcome_words(one, lang) for one in result["rolls"] if isinstance(one, dict)))
    judged = isinstance(result.get("success"), bool)
    band = _band(result)
    headline = verdict(result["success"], lang) if judged else band
    return OutcomeWords(headline=headline, total=number(result.get("total", "")), kept=kept_faces(result),
                        detail=band if judged else "", ok=result["success"] if judged else None)
