"""The pool line (the labels of several rolls marked as user text), the dice and sums of a generic / SIFRP roll
as snippet tokens (:mod:`tirada.links.snippets`):
each die (dropped ones struck, explosion dice marked), the kept dice added up with every modifier,
and a success count (``10d10>8f1``: ``3 éxitos − 1 fallo``). Tokens are ``(text, style)`` with style
``None`` or ``"s"`` (struck)."""

from __future__ import annotations

from ..portable import merged
from .pool import band_parts, pool_text

__all__ = ["counted_text", "die_tokens", "pool_tokens", "sum_tokens"]


def face_text(face: object, sides: object = None) -> str:
    """A die's face as the card and the snippets write it: a Fate die (``sides`` ``"F"``, faces −1, 0, +1)
    signed as the sums around it are, ``"+1"``, ``"0"``, ``"−1"`` (a minus sign, U+2212); any other
    face as it is (``str``)."""
    if sides == "F" and isinstance(face, int) and not isinstance(face, bool):
        return f"+{face}" if face > 0 else str(face).replace("-", "\u2212")
    return str(face)


def die_tokens(faces: list, kept: set, exploded: set, rerolled: list | None = None, sides: object = None) -> list:
    """Each die as a token, dropped ones struck; an explosion die is marked ``!`` after its face; a
    rerolled die shows the faces it replaced first (``1→2→5``, as L5R's rerolls: ``rerolled`` is the result's
    ``[[index, [faces]], …]``); ``sides``: the dice's sides, ``"F"`` for Fate dice (:func:`face_text`)."""
    replaced = {i: old for i, old in rerolled or () if isinstance(old, list)}
    out: list = []
    for i, face in enumerate(faces):
        shown = face_text(face, sides)
        text = f"{shown}!" if i + 1 < len(faces) and (i + 1) in exploded else shown
        out.append((" " if i else "", None))
        for old in replaced.get(i, ()):
            out.append((f"{face_text(old, sides)}\u2192", None))
        out.append((text, None if i in kept else "s"))
    return out


def sum_tokens(result: dict, words: dict, sums: str = "") -> list:
    """``6+5+4+2 +3 +2 ayuda = `` — the kept dice added up with every modifier, so the total is
    explained (a SIFRP modifier +3 on kept dice adding to 17 reads ``… +3 = 20``); ``sums``: the
    terms already written (several dice groups: ``7+5−4``) instead of the kept dice."""
    kept = result.get("kept") or []
    text = sums or "".join(("+" if i and f >= 0 else "") + str(f) for i, f in enumerate(kept)).replace("-", "\u2212") or "0"
    extras = [(result.get("modifier"), ""), (result.get("teamwork"), " " + words["teamwork"])]
    for value, name in extras:
        if isinstance(value, int) and not isinstance(value, bool) and value:
            text += f" {value:+d}{name}".replace("-", "\u2212")
    return [(f"{text} = ", None)]


def counted_text(result: dict, words: dict) -> str:
    """Success counting (``10d10>8f1``): ``"3 éxitos − 1 fallo"``; ``""`` for a sum of dice."""
    if not isinstance(result.get("success_indices"), list):
        return ""
    n = len(result["success_indices"])
    text = f"{n} {words['success' if n == 1 else 'successes']}"
    failed = result.get("failure_indices")
    if isinstance(failed, list) and failed:
        text += f" \u2212 {len(failed)} {words['failure' if len(failed) == 1 else 'failures']}"
    return text


def pool_tokens(request: dict, lang: str) -> list:
    """The pool line; the labels of several rolls (user text: ``ataque: 1d20 +5; daño: 2d6 +3``) are
    marked ``"user"`` so each renderer escapes them."""
    if "bands" in request:   # outcome bands: their labels are user text
        rest = {k: v for k, v in request.items() if k != "bands"}
        return [(pool_text(rest, lang), None)] + band_parts(request["bands"], lang)
    rolls = request.get("rolls")
    if not (isinstance(rolls, list) and any(isinstance(r, dict) and isinstance(r.get("label"), str) for r in rolls)):
        return [(pool_text(request, lang), None)]
    out: list = []
    for i, one in enumerate(rolls):
        one = one if isinstance(one, dict) else {}
        out.append(("; " if i else "", None))
        if isinstance(one.get("label"), str):
            out += [(one["label"], "user"), (": ", None)]
        rest = {k: v for k, v in one.items() if k != "label"}
        out.append((pool_text(merged({"system": request.get("system")}, rest), lang, False), None))
    return out
