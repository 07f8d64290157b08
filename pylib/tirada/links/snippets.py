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
from ..systems.generic_snippet import roll_line, snippet_lines
from ..systems.words import outcome_words
from .chain import verify
from ..wire.frame import split_versioned
from .pool import pool_text
from .snippet_dice import pool_tokens
from ..wire.markup import (MARKDOWN_SPECIAL, MAX_SHOWN, STYLES, Token, clean, defang, escape_bbcode,  # noqa: F401
                           escape_markdown, isolate, render, titled_link)

__all__ = ["MARKDOWN_SPECIAL", "MAX_SHOWN", "STYLES", "Token", "clean", "defang", "escape_bbcode",
           "escape_markdown", "faces_snippet", "render", "snippet", "snippet_of", "titled_link", "tokens"]

_WORDS = {
    "es": {"check": "Comprobar la tirada",
           "elsewhere": "dados tirados fuera de Tirada (sin enlace: no se puede comprobar)"},
    "en": {"check": "Check the roll",
           "elsewhere": "dice rolled elsewhere (no link: it cannot be checked)"},
}


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


def _body(request: dict, result: dict, lang: str) -> list:
    """The pool line and the dice/outcome lines of a result (no head, no link): each system's own
    lines (its registry ``snippet``: :mod:`tirada.systems.generic_snippet`, :mod:`tirada.systems.sifrp_snippet`,
    :mod:`tirada.systems.l5r.snippet`, Fate's…), fed by its outcome words; several generic rolls one line each."""
    system = result.get("system") or request.get("system")
    lines: List[List[Token]] = [pool_tokens(merged({"system": system}, request), lang)] if request else \
        [[(str(short_names().get(system, system)) if isinstance(system, str) else str(system), None)]]
    try:
        said = outcome_words(result, lang, system=system)   # the system's own words, as on the screen
    except (LookupError, TypeError, ValueError):   # no such system, or not its result: the generic roll's
        said = outcome_words(result, lang, system="generic")
    if isinstance(result.get("rolls"), list):     # several generic rolls: each its pool and its line
        subs: list = request["rolls"] if isinstance(request.get("rolls"), list) else []
        for i, one in enumerate(result["rolls"]):
            sub = {k: v for k, v in subs[i].items() if k != "label"} if i < len(subs) and isinstance(subs[i], dict) else None
            name = pool_text(merged({"system": "generic"}, sub), lang, False) if sub is not None else f"#{i + 1}"
            title: List[Token] = [(one["label"], "user-b"), (" \u2014 ", None)] if isinstance(one, dict) and \
                isinstance(one.get("label"), str) else []     # "ataque — 1d20 +5: [17] → 17 +5 = 22"
            lines.append(title + [(f"{name}: ", None)] + roll_line(one, lang, said.rolls[i]))
        return lines
    own = hook(system, "snippet") or snippet_lines     # the system's own lines, else the generic roll's
    return lines + list(own(result, lang, said))


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
