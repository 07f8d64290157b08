"""An L5R 5e check's outcome in words (l5r5e.md §The check 6; es/en): :func:`outcome_words`.

«Éxito» with its bonus successes («Éxito (+2 éxitos adicionales)», never «+0»), «Fallo (faltan 2)»;
the total is the kept successes («3 éxitos»), the detail the opportunities and the strife («1
oportunidad, 2 de conflicto»: the Spanish edition's *oportunidad*, *conflicto*, *NO*). A check still
waiting for a decision says so. The screen (web/l5r/ui_l5r_render.py), the forum snippets, the audit
row and the userscript mark read these words (docs: :mod:`tirada.systems.words`). Plain Python only
(the MicroPython reading core).
"""

from __future__ import annotations

from ..words import OutcomeWords, pick

__all__ = ["count", "outcome_words", "strife", "vs_tn"]

_COUNTS = {"successes": (("éxito", "éxitos"), ("success", "successes")),
           "opportunities": (("oportunidad", "oportunidades"), ("opportunity", "opportunities"))}
#: bonus successes (l5r5e.md §The check 6): (Spanish one/many, English one/many)
_BONUS = (("Éxito (+{n} éxito adicional)", "Éxito (+{n} éxitos adicionales)"),
          ("Success (+{n} bonus success)", "Success (+{n} bonus successes)"))
_W = {
    "success": ("Éxito", "Success"),
    "failure": ("Fallo (faltan {n})", "Failure ({n} short)"),
    "strife": ("{n} de conflicto", "{n} strife"),
    "vs_tn": ("{s} contra un NO de {tn}", "{s} vs TN {tn}"),   # "contra NO 3" reads as "no"
    "in_progress": ("Tirada sin terminar: faltan decisiones.", "Unfinished check: decisions missing."),
}


def count(what: str, n: int, lang: str) -> str:
    """``"1 éxito"``, ``"3 oportunidades"``, ``"2 successes"`` (``what``: successes, opportunities)."""
    one, many = _COUNTS[what][pick(lang)]
    return f"{n} {one if n == 1 else many}"


def strife(n: int, lang: str) -> str:
    """``"2 de conflicto"`` / ``"2 strife"``."""
    return _W["strife"][pick(lang)].format(n=n)


def vs_tn(result: dict, lang: str) -> str:
    """``"3 éxitos contra un NO de 3"`` / ``"3 successes vs TN 3"``."""
    return _W["vs_tn"][pick(lang)].format(s=count("successes", result["successes"], lang), tn=result["tn"])


def outcome_words(result: dict, lang: str = "es") -> OutcomeWords:
    """The words of an L5R check (:func:`tirada.systems.l5r.check.roll`'s result): headline
    «Éxito (+n éxitos adicionales)» / «Fallo (faltan n)», total «n éxitos», detail «n oportunidades,
    n de conflicto», the kept dice's faces (pool dice, then explosion and added dice); a check not
    done: the headline says it waits for decisions, nothing else."""
    i = pick(lang)
    if result.get("stage") != "done":
        return OutcomeWords(headline=_W["in_progress"][i])
    if result["success"]:
        bonus = result.get("bonus_successes") or 0
        headline = _BONUS[i][0 if bonus == 1 else 1].format(n=bonus) if bonus else _W["success"][i]
    else:
        headline = _W["failure"][i].format(n=-result["margin"])
    detail = f'{count("opportunities", result["opportunities"], lang)}, {strife(result["strife"], lang)}'
    kept = tuple(str(k["face"]) for k in result.get("kept") or [] if isinstance(k, dict))
    return OutcomeWords(headline=headline, total=count("successes", result["successes"], lang), kept=kept,
                        detail=detail, ok=bool(result["success"]))
