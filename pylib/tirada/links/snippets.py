"""Forum snippets of a verified roll: BBCode, Markdown and plain text (docs/link-format.md §Snippets).

A snippet says everything a reader needs without opening the link — what was rolled and by whom,
the pool in the game's notation (:func:`tirada.links.pool.pool_text`: "SIFRP 4D+2B−1P +3 vs 9"), each die
kept or dropped (struck), the sum with its modifiers, the total and the outcome, and the link — built
as a list of tokens ``(text, style)`` (style ``None``, ``"b"`` bold or ``"s"`` struck) and then
rendered by one small renderer per markup, so a new markup is a new renderer, not a new branch. The
tokens, the escaping and the renderers are the wire floor's :mod:`tirada.wire.markup` (re-exported
here); this module says what a verified roll's post holds.

Hostile text (labels, names) is always shown literally:

* every text is cleaned first: control and invisible characters (:data:`tirada.wire.roll_layout.HIDDEN`) are
  removed, runs of whitespace become one space, and texts above :data:`MAX_SHOWN` characters are cut
  to that length with "…" (links refuse long texts; this also covers texts from elsewhere);
* **BBCode** has no escape that every forum supports (``[noparse]`` is missing from phpBB and
  others), so ``[`` and ``]`` in user text become the look-alike fullwidth brackets ``［`` ``］``
  (U+FF3B, U+FF3D): no tag can open, and readers still see brackets. ``<``/``>`` stay as they are
  (BBCode forums escape HTML themselves);
* **Markdown**: the characters that can start markup in the middle of a line get a backslash
  (CommonMark §2.4): ``\\ ` * _ [ ] < > ~ | &`` — which stops emphasis, code, links (no ``[``),
  raw HTML and entities — and nothing else, so the post reads well where escapes are not processed
  (lines never start with user text, so line-start markers such as ``#`` or ``-`` cannot act);
* the link's URL must be ``http(s)://`` and is percent-encoded outside ``A-Z a-z 0-9 -._~:/?#@!$&'*+,;=%``.

Public API: :func:`snippet` (from a link), :func:`snippet_of` (from a result already verified, e.g.
:func:`tirada.links.roll_link.roll_link`'s: no decoding or rolling again), :func:`faces_snippet` (dice rolled
elsewhere: no link), :func:`titled_link`, :func:`tokens`, :func:`render`, :func:`escape_bbcode`, :func:`escape_markdown`,
:func:`clean`.
"""

from __future__ import annotations

from typing import List

from ..portable import merged
from ..systems import hook
from ..systems.registry import short_names
from ..systems.words import OutcomeWords, outcome_words
from .chain import verify
from ..wire.frame import split_versioned
from .pool import pool_text
from .snippet_dice import counted_text, die_tokens, pool_tokens, sum_tokens
from ..wire.markup import (MARKDOWN_SPECIAL, MAX_SHOWN, STYLES, Token, clean, defang, escape_bbcode,  # noqa: F401
                           escape_markdown, isolate, render, titled_link)

__all__ = ["MARKDOWN_SPECIAL", "MAX_SHOWN", "STYLES", "Token", "clean", "defang", "escape_bbcode",
           "escape_markdown", "faces_snippet", "render", "snippet", "snippet_of", "titled_link", "tokens"]

_WORDS = {
    "es": {"success": "éxito", "failure": "fallo", "check": "Comprobar la tirada",
           "total": "total", "successes": "éxitos", "vs": "contra", "teamwork": "ayuda",
           "elsewhere": "dados tirados fuera de Tirada (sin enlace: no se puede comprobar)",
           "rerolled": "repetido", "explosion": "explosión", "damage": "daño", "failures": "fallos"},
    "en": {"success": "success", "failure": "failure", "check": "Check the roll",
           "total": "total", "successes": "successes", "vs": "vs", "teamwork": "teamwork",
           "elsewhere": "dice rolled elsewhere (no link: it cannot be checked)",
           "rerolled": "rerolled", "explosion": "explosion", "damage": "damage", "failures": "failures"},
}


def _outcome(result: dict, words: dict, said: OutcomeWords) -> List[Token]:
    """Tokens for the outcome of a result in the system's own words (``said``: its
    :func:`tirada.systems.words.outcome_words`, as the screen says it): the total against the
    difficulty, then the headline and the detail (an outcome band's label is user text)."""
    out: List[Token] = []
    lang = "es" if words is _WORDS["es"] else "en"
    if isinstance(result.get("extended"), dict):   # a SIFRP extended test: the last roll's total, then the tally
        return [(str(result.get("total")), "b"), (f" {words['vs']} {result.get('difficulty')} \u2014 ", None),
                (said.headline, "b")]
    if result.get("winner") in ("protagonist", "adversary"):      # Tragedia's final roll
        out = [(said.headline, "b"), (": ", None), (said.total, "b")]
        return out + ([(f" ({said.detail})", None)] if said.detail else [])
    if said.total:
        out.append((said.total, "b"))
    elif "successes" in result:     # a result of no known system: its common keys
        out.append((f"{result['successes']} {words['successes']}", "b"))
    if result.get("difficulty") is not None:
        name = result.get("difficulty_name")
        name = f" ({name[lang]})" if isinstance(name, dict) else ""
        out.append((f" {words['vs']} {result['difficulty']}{name}", None))
    band = result.get("band")
    banded = isinstance(band, dict) and isinstance(band.get("label"), str)   # the band's label: user text
    if said.ok is not None:
        out += [(": ", None), (said.headline, "b")]
        if said.detail:
            out += [(" \u00b7 ", None), (said.detail, "user-b" if banded else None)]
    elif said.headline:
        out += [(": ", None), (said.headline, "user-b" if banded else "b")]
    damage = result.get("damage")
    if isinstance(damage, int) and not isinstance(damage, bool):   # SIFRP combat: base × degrees
        out.append((f", {words['damage']} {damage}", None))
    return out


def _who(checked: dict, lang: str) -> list:
    """Tokens of "tirada nº 7 de Sharla en «Arenas»" (with " · pedida por el máster" when the roll
    answers a GM's request) with the names marked as user text."""
    es = lang == "es"
    out: List[Token] = [("tirada" if es else "roll", None)]
    if checked.get("seq") is not None:
        out.append((f" nº {checked['seq']}" if es else f" #{checked['seq']}", None))
    if checked.get("roller"):
        out += [(" de " if es else " by ", None), (checked["roller"], "user")]
    if checked.get("campaign"):
        out += [(" en «" if es else " in “", None), (checked["campaign"], "user"), ("»" if es else "”", None)]
    if checked.get("gm_request"):     # it answers a GM's request (its label is the request's)
        out.append((" · pedida por el máster" if es else " · requested by the GM", None))
    return out


def _l5r_dice(result: dict, lang: str) -> list:
    """Every L5R die in the order rolled: ``d6 4``, a rerolled die ``d12 3→10``, kept dice added after
    the keep ``añadido d12 12``, explosions ``explosión d12 6``; dropped dice struck."""
    from ..systems.l5r.dice import die_text

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
            text = {"explosion": ("explosión ", "explosion "), "added": ("añadido ", "added ")}[source][
                0 if lang == "es" else 1] + text
        out += [(", " if n else "", None), (text, None if d.get("kept") else "s")]
    return out


def _groups_line(result: dict, words: dict, said: OutcomeWords) -> list:
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
        sums += (sign if i or g.get("subtract") else "") + str(g.get("sum"))
    line.append((" \u2192 ", None))
    if arith:
        return line + [(f"{result['worked']} = ", None)] + _outcome(result, words, said)
    return line + sum_tokens({"kept": [], "modifier": result.get("modifier")}, words, sums) + _outcome(result, words, said)


def _before(result: dict) -> list | None:
    """The faces each die showed before the one it counts as: its rerolls (``rerolled``) and, with a
    minimum or maximum face, the face rolled (``clamped``: ``1→2``)."""
    out = [list(x) for x in result.get("rerolled") or () if isinstance(x, list) and len(x) == 2]
    for item in result.get("clamped") or ():
        if isinstance(item, list) and len(item) == 2:
            out.append([item[0], [item[1]]])
    return out or result.get("rerolled")


def _roll_line(result: dict, words: dict, said: OutcomeWords) -> list:
    """Dice, sum and outcome of one SIFRP / generic roll (``said``: its outcome words)."""
    if isinstance(result.get("groups"), list) and "total" in result:
        return _groups_line(result, words, said)
    faces = result.get("faces")
    line: list = []
    if isinstance(faces, list):
        line += die_tokens(faces, set(result.get("kept_indices", range(len(faces)))),
                            set(result.get("exploded_indices") or ()), _before(result), result.get("sides"))
        line.append((" \u2192 ", None))
        if "total" in result:
            line += sum_tokens(result, words, counted_text(result, words))
    return line + _outcome(result, words, said)


def _l5r_line(result: dict, lang: str, said: OutcomeWords) -> list:
    """An L5R check's outcome: ``3 éxitos contra un NO de 3: Éxito (+1 éxito adicional), 1 oportunidad,
    0 de conflicto`` (a check still waiting for a decision says so)."""
    from ..systems.l5r.words import vs_tn

    if not said.total:
        return [(said.headline, "b")]
    return [(vs_tn(result, lang), None), (": ", None), (said.headline, "b"), (f", {said.detail}", None)]


def _body(request: dict, result: dict, lang: str) -> list:
    """The pool line and the dice/outcome lines of a result (no head, no link)."""
    words = _WORDS["es" if lang == "es" else "en"]
    system = result.get("system") or request.get("system")
    lines: List[List[Token]] = [pool_tokens(merged({"system": system}, request), lang)] if request else \
        [[(str(short_names().get(system, system)) if isinstance(system, str) else str(system), None)]]
    try:
        said = outcome_words(result, lang, system=system)   # the system's own words, as on the screen
    except (LookupError, TypeError, ValueError):   # no such system, or not its result: the generic roll's
        said = outcome_words(result, lang, system="generic")
    if isinstance(result.get("pool"), list) and "stage" in result:   # an L5R check: every die, then the outcome
        if result.get("pool"):
            lines.append(_l5r_dice(result, lang))
        lines.append(_l5r_line(result, lang, said))
    elif isinstance(result.get("rolls"), list):
        subs: list = request["rolls"] if isinstance(request.get("rolls"), list) else []
        for i, one in enumerate(result["rolls"]):
            sub = {k: v for k, v in subs[i].items() if k != "label"} if i < len(subs) and isinstance(subs[i], dict) else None
            name = pool_text(merged({"system": "generic"}, sub), lang, False) if sub is not None else f"#{i + 1}"
            title: List[Token] = [(one["label"], "user-b"), (" \u2014 ", None)] if isinstance(one, dict) and \
                isinstance(one.get("label"), str) else []     # "ataque — 1d20 +5: [17] → 17 +5 = 22"
            lines.append(title + [(f"{name}: ", None)] + _roll_line(one, words, said.rolls[i]))
    elif isinstance(result.get("competition"), dict):   # a SIFRP competition: one line per character
        from ..systems.sifrp_words import winner_prefix

        comp = result["competition"]
        same = {k: result.get(k) for k in ("difficulty", "difficulty_name")}
        rows = [merged({"name": comp.get("name")}, result)] + [merged(r, same) for r in comp.get("rivals", [])
                                                         if isinstance(r, dict)]
        for row, one_said in zip(rows, said.rolls):
            named: List[Token] = [(str(row.get("name")), "user"), (": ", None)]
            lines.append(named + _roll_line(row, words, one_said))
        prefix = winner_prefix(comp, lang)      # "Gana " (CommonMark: no space inside the bold)
        line: list = [(prefix.rstrip(), "b"), (prefix[len(prefix.rstrip()):], None)]
        for i, name in enumerate(comp.get("winners") or []):
            line += ([(", ", None)] if i else []) + [(str(name), "user-b")]
        lines.append(line)
    else:
        own = hook(system, "snippet")        # the system's own line (registry ``snippet``), if it has one
        lines.append(own(result, lang, said) if own is not None else _roll_line(result, words, said))
    return lines


def tokens(checked: dict, lang: str = "es") -> list:
    """The snippet of a :func:`tirada.links.chain.verify` result as lines of tokens ``[[(text, mark)]]``:
    label and who, the pool (:func:`tirada.links.pool.pool_text`), the dice and outcome (one line per
    roll), the link.

    ``mark``: ``None`` plain, ``"b"`` bold, ``"s"`` struck (a dropped die), ``"user"`` / ``"user-b"``
    user text (escaped by the renderer), ``"url"`` the link text.
    """
    words = _WORDS["es" if lang == "es" else "en"]
    head = [(checked["label"], "user-b"), (" \u2014 ", None)] if checked.get("label") else []
    head += _who(checked, lang)
    request = {k: v for k, v in (checked.get("request") or {}).items() if k not in ("seed", "label")}
    return [head] + list(_body(request, checked["result"], lang)) + [[(words["check"], "url")]]


def snippet(fragment: str, base_url: str, style: str = "bbcode", lang: str = "es") -> str:
    """A forum snippet of the roll in ``fragment``, linking to ``base_url#fragment``.

    Args:
        fragment: a roll link (``t1…``, ``#t1…`` or a whole URL). base_url: the page's
        ``http(s)://`` address (any ``#…`` part is replaced). style: ``"bbcode"``, ``"markdown"``, ``"html"``
        or ``"text"``. lang: ``"es"`` or ``"en"``.
    Raises:
        LinkError: the link cannot be verified; InvalidRequest: bad style or URL.
    """
    return snippet_of(verify(fragment), fragment, base_url, style, lang)


def snippet_of(checked: dict, fragment: str, base_url: str, style: str = "bbcode", lang: str = "es") -> str:
    """:func:`snippet` of a result already verified (the ``verified`` of
    :func:`tirada.links.roll_link.roll_link` or :func:`tirada.links.chain.verify`): nothing is decoded or rolled.

    Raises:
        InvalidRequest: bad style or URL.
    """
    version, rest = split_versioned(fragment)   # the canonical fragment, as the page reads it
    frag = f"t{version}" + rest
    url = str(base_url).split("#", 1)[0] + "#" + frag
    return render(tokens(checked, lang), url, style)


def faces_snippet(result: dict, request: dict, style: str = "bbcode", lang: str = "es") -> str:
    """The snippet of dice rolled elsewhere (typed faces): the label, "dice rolled elsewhere (no
    link…)", the pool and the dice and outcome — and no link, since nothing can be verified.

    Args:
        result: :func:`tirada.systems.roll` of a request with ``faces``. request: that request.
    Raises:
        InvalidRequest: bad style.
    """
    words = _WORDS["es" if lang == "es" else "en"]
    label = result.get("label") or request.get("label")
    head = [(label, "user-b"), (" \u2014 ", None)] if label else []
    head.append((words["elsewhere"], None))
    params = {k: v for k, v in request.items() if k not in ("seed", "label", "faces")}
    lines = [head] + list(_body(params, result, lang))
    return render(lines, "https://x.invalid/", style)
