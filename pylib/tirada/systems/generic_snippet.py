"""The generic roll's forum-snippet line, as ``(text, style)`` tokens (:mod:`tirada.wire.markup`): each
die (dropped ones struck, explosion dice marked ``!``, rerolled ones with the faces they replaced), the
kept dice added up with every modifier (``6+5+4 +3 +2 ayuda = ``), a success count (``10d10>8f1``: ``3
éxitos − 1 fallo``), several dice groups (``[7] + [2 5] − [4] → 7+5−4 +3 = 11``), an arithmetic tree's
worked expression, then the total against the difficulty and the outcome in the system's own words
(:func:`tirada.systems.words.outcome_words`, as the screen says it).

It is the generic roll's registry ``snippet`` (:func:`snippet_lines`); the systems whose dice read the
same (SIFRP: :mod:`tirada.systems.sifrp_snippet`) build their lines from :func:`dice_tokens`,
:func:`outcome_tokens` and :func:`roll_line`, and :mod:`tirada.links.snippets` puts the head, the pool
line and the link around them. Plain Python only (the MicroPython reading core).
"""

from __future__ import annotations

from .words import OutcomeWords, number, pick

__all__ = ["counted_text", "dice_tokens", "die_tokens", "face_text", "outcome_tokens", "roll_line", "snippet_lines",
           "sum_tokens", "words"]

_WORDS = (
    {"success": "éxito", "failure": "fallo", "successes": "éxitos", "failures": "fallos", "vs": "contra",
     "teamwork": "ayuda"},
    {"success": "success", "failure": "failure", "successes": "successes", "failures": "failures", "vs": "vs",
     "teamwork": "teamwork"},
)


def words(lang: str) -> dict:
    """The few words of a roll line in ``lang`` (``vs``, ``successes``, ``teamwork``…; any other
    language reads as English)."""
    return _WORDS[pick(lang)]


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
    terms already written (several dice groups: ``7+5−4``) instead of the kept dice; ``words``:
    :func:`words`."""
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


def _before(result: dict) -> list | None:
    """The faces each die showed before the one it counts as: its rerolls (``rerolled``) and, with a
    minimum or maximum face, the face rolled (``clamped``: ``1→2``)."""
    out = [list(x) for x in result.get("rerolled") or () if isinstance(x, list) and len(x) == 2]
    for item in result.get("clamped") or ():
        if isinstance(item, list) and len(item) == 2:
            out.append([item[0], [item[1]]])
    return out or result.get("rerolled")


def outcome_tokens(result: dict, lang: str, said: OutcomeWords) -> list:
    """Tokens for the outcome of a result in the system's own words (``said``: its
    :func:`tirada.systems.words.outcome_words`, as the screen says it): the total against the
    difficulty (with its name, SIFRP's «(Moderada)»), then the headline and the detail (an outcome
    band's label is user text)."""
    w = words(lang)
    out: list = []
    if said.total:
        out.append((said.total, "b"))
    elif "successes" in result:     # a result of no known system: its common keys
        out.append((f"{result['successes']} {w['successes']}", "b"))
    if result.get("difficulty") is not None:
        name = result.get("difficulty_name")
        name = f" ({name['es' if lang == 'es' else 'en']})" if isinstance(name, dict) else ""
        out.append((f" {w['vs']} {result['difficulty']}{name}", None))
    band = result.get("band")
    banded = isinstance(band, dict) and isinstance(band.get("label"), str)   # the band's label: user text
    if said.ok is not None:
        out += [(": ", None), (said.headline, "b")]
        if said.detail:
            out += [(" \u00b7 ", None), (said.detail, "user-b" if banded else None)]
    elif said.headline:
        out += [(": ", None), (said.headline, "user-b" if banded else "b")]
    return out


def _groups_line(result: dict, lang: str, said: OutcomeWords) -> list:
    """Several dice groups: ``[7] + [2 5] − [4] → 7+5−4 +3 = 11`` (each group's dice, then the
    groups' kept sums with their signs and the modifier); arithmetic (``worked`` in the result):
    ``[6 3] [4] → (9+4)×2 = 26`` (each group's dice in the order rolled, then the worked expression)."""
    line: list = []
    sums = ""
    arith = isinstance(result.get("worked"), str)
    for i, g in enumerate(result["groups"]):
        g = g if isinstance(g, dict) else {}
        sign = "\u2212" if g.get("subtract") else "+"
        faces: list = g["faces"] if isinstance(g.get("faces"), list) else []
        if arith:
            line += [(" [" if i else "[", None)]
        else:
            line += [((f" {sign} " if i else ("\u2212" if g.get("subtract") else "")) + "[", None)]
        line += die_tokens(faces, set(g.get("kept_indices", range(len(faces)))), set(g.get("exploded_indices") or ()),
                           _before(g), g.get("sides"))
        line.append(("]", None))
        sums += (sign if i or g.get("subtract") else "") + number(g.get("sum"))
    line.append((" \u2192 ", None))
    if arith:
        return line + [(f"{result['worked']} = ", None)] + outcome_tokens(result, lang, said)
    return line + sum_tokens({"kept": [], "modifier": result.get("modifier")}, words(lang), sums) + \
        outcome_tokens(result, lang, said)


def dice_tokens(result: dict, lang: str) -> list:
    """One roll's dice and sum, before its outcome: ``6 5 ~~2~~ → 6+5 +1 = `` (nothing when the
    result has no ``faces``)."""
    faces = result.get("faces")
    line: list = []
    if isinstance(faces, list):
        line += die_tokens(faces, set(result.get("kept_indices", range(len(faces)))),
                           set(result.get("exploded_indices") or ()), _before(result), result.get("sides"))
        line.append((" \u2192 ", None))
        if "total" in result:
            line += sum_tokens(result, words(lang), counted_text(result, words(lang)))
    return line


def roll_line(result: dict, lang: str, said: OutcomeWords) -> list:
    """Dice, sum and outcome of one generic roll (``said``: its outcome words): several groups or an
    arithmetic tree by :func:`_groups_line`, else :func:`dice_tokens` then :func:`outcome_tokens`."""
    if isinstance(result.get("groups"), list) and "total" in result:
        return _groups_line(result, lang, said)
    return dice_tokens(result, lang) + outcome_tokens(result, lang, said)


def snippet_lines(result: dict, lang: str, said: OutcomeWords) -> list:
    """The generic roll's registry ``snippet``: its one line (:func:`roll_line`), as a list of lines."""
    return [roll_line(result, lang, said)]
