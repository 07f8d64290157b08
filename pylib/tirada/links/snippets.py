"""Forum snippets of a verified roll: BBCode, Markdown and plain text (docs/link-format.md §Snippets).

A snippet is three lines — what was rolled and by whom, the dice and the outcome, the link — built
as a list of tokens ``(text, style)`` (style ``None``, ``"b"`` bold or ``"s"`` struck) and then
rendered by one small renderer per markup, so a new markup is a new renderer, not a new branch.

Hostile text (labels, names) is always shown literally:

* every text is cleaned first: control and invisible characters (:data:`tirada.links.roll_layout.HIDDEN`) are
  removed, runs of whitespace become one space, and texts above :data:`MAX_SHOWN` characters are cut
  to that length with "…" (links refuse long texts; this also covers texts from elsewhere);
* **BBCode** has no escape that every forum supports (``[noparse]`` is missing from phpBB and
  others), so ``[`` and ``]`` in user text become the look-alike fullwidth brackets ``［`` ``］``
  (U+FF3B, U+FF3D): no tag can open, and readers still see brackets. ``<``/``>`` stay as they are
  (BBCode forums escape HTML themselves);
* **Markdown**: every ASCII punctuation character gets a backslash (CommonMark §2.4), which also
  stops raw HTML (``\\<img…``), links (``\\](…)``) and emphasis;
* the link's URL must be ``http(s)://`` and is percent-encoded outside ``A-Z a-z 0-9 -._~:/?#@!$&'*+,;=%``.

Public API: :func:`snippet`, :func:`titled_link`, :func:`tokens`, :func:`render`, :func:`escape_bbcode`, :func:`escape_markdown`,
:func:`clean`.
"""

from __future__ import annotations

import re
import string
import unicodedata
from typing import Any, List, Optional, Tuple
from urllib.parse import quote

from ..errors import InvalidRequest
from ..systems.registry import short_names
from .chain import verify
from .frame import PREFIX, split_fragment
from .roll_layout import HIDDEN

__all__ = ["MAX_SHOWN", "STYLES", "Token", "clean", "defang", "escape_bbcode", "escape_markdown", "render",
           "snippet", "titled_link", "tokens"]

#: one piece of a snippet line: ``(text, mark)``; ``mark`` is ``None`` (plain), ``"b"``, ``"s"``,
#: ``"user"``, ``"user-b"`` or ``"url"`` (see :func:`tokens`).
Token = Tuple[str, Optional[str]]
MAX_SHOWN = 80                 #: longest user text shown in a snippet (characters)
STYLES = ("bbcode", "markdown", "text")
_PUNCT = frozenset(string.punctuation)
_SPACES = re.compile(r"\s+")
_WORDS = {
    "es": {"success": "éxito", "failure": "fallo", "marginal": "fallo marginal", "critical":
           "fallo crítico", "degree": "grado", "degrees": "grados", "check": "Comprobar la tirada",
           "total": "total", "successes": "éxitos", "vs": "contra"},
    "en": {"success": "success", "failure": "failure", "marginal": "marginal failure", "critical":
           "critical failure", "degree": "degree", "degrees": "degrees", "check": "Check the roll",
           "total": "total", "successes": "successes", "vs": "vs"},
}


def clean(text: Any, max_len: int = MAX_SHOWN) -> str:
    """One line of user text: non-text → ``str()``; controls and invisible characters removed;
    whitespace runs → one space; longer than ``max_len`` → first ``max_len − 1`` characters + "…"."""
    text = "".join(ch for ch in str(text) if ch not in HIDDEN
                   and (ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cs")))
    text = _SPACES.sub(" ", text).strip()
    return text if len(text) <= max_len else text[:max_len - 1] + "…"


_AUTOLINK = re.compile(r"://|(?<![^\W_])www\.", re.IGNORECASE)


def defang(text: str) -> str:
    """Stop forums from turning user text into a link: ``://`` → ``：//`` (fullwidth colon) and
    ``www.`` → ``www․`` (one-dot leader). phpBB's magic URLs and GitHub-style Markdown autolink
    ``https://…`` and ``www.…`` in plain text, even inside bold and after backslash escapes."""
    return _AUTOLINK.sub(lambda m: "\uff1a//" if m.group(0) == "://" else m.group(0)[:3] + "\u2024", text)


def escape_bbcode(text: str) -> str:
    """Clean ``text``, :func:`defang` it and replace ``[``/``]`` with fullwidth ``［``/``］`` (no BBCode
    tag can open)."""
    return defang(clean(text)).replace("[", "\uff3b").replace("]", "\uff3d")


def escape_markdown(text: str) -> str:
    """Clean ``text``, :func:`defang` it and backslash-escape every ASCII punctuation character
    (CommonMark §2.4)."""
    return "".join("\\" + ch if ch in _PUNCT else ch for ch in defang(clean(text)))


def _plain_text(text: str) -> str:
    """User text for the ``text`` style: cleaned and :func:`defang`-ed."""
    return defang(clean(text))


def _safe_url(url: Any) -> str:
    if not isinstance(url, str) or not re.match(r"https?://[^\s]", url, re.IGNORECASE):
        raise InvalidRequest("the page address must start with http:// or https://", field="url", code="snippet.url")
    return quote(url, safe="-._~:/?#@!$&'*+,;=%")


def _outcome(result: dict, words: dict) -> List[Token]:
    """Tokens for the outcome of a result: Tragedia (``winner``), SIFRP and generic (``total``,
    ``difficulty``, ``success``, ``degrees``), or any system with the common keys."""
    out: List[Token] = []
    if result.get("winner") in ("protagonist", "adversary"):      # Tragedia's final roll
        es = words is _WORDS["es"]
        side = {"protagonist": ("protagonista", "protagonist"), "adversary": ("adversario", "adversary")}
        score = f"{result.get('protagonist_successes')}–{result.get('adversary_successes')}"
        who = side[result["winner"]][0 if es else 1]
        return [(score, "b"), (": ", None), ((f"gana el {who}" if es else f"the {who} wins"), "b")]
    if "total" in result:
        out.append((str(result["total"]), "b"))
    elif "successes" in result:
        out.append((f"{result['successes']} {words['successes']}", "b"))
    if result.get("difficulty") is not None:
        name = result.get("difficulty_name")
        name = f" ({name['es' if words is _WORDS['es'] else 'en']})" if isinstance(name, dict) else ""
        out.append((f" {words['vs']} {result['difficulty']}{name}", None))
    if isinstance(result.get("success"), bool):
        if result["success"]:
            text = words["success"]
            degrees = result.get("degrees")
            if isinstance(degrees, int) and degrees > 0:
                text += f", {degrees} {words['degree'] if degrees == 1 else words['degrees']}"
        else:
            text = words.get(result.get("failure") or "failure", words["failure"])
        out += [(": ", None), (text, "b")]
    return out


def _isolate(text: str) -> str:
    """Wrap text holding right-to-left letters in FSI … PDI (U+2068, U+2069) so it cannot reorder
    the rest of the line; other text is returned as it is."""
    rtl = any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)
    return f"\u2068{text}\u2069" if rtl else text


def _who(checked: dict, lang: str) -> list:
    """Tokens of "tirada nº 7 de Sharla en «Arenas»" with the names marked as user text."""
    es = lang == "es"
    out: List[Token] = [("tirada" if es else "roll", None)]
    if checked.get("seq") is not None:
        out.append((f" nº {checked['seq']}" if es else f" #{checked['seq']}", None))
    if checked.get("roller"):
        out += [(" de " if es else " by ", None), (checked["roller"], "user")]
    if checked.get("campaign"):
        out += [(" en «" if es else " in “", None), (checked["campaign"], "user"), ("»" if es else "”", None)]
    return out


def _dice_name(result: dict, lang: str) -> str:
    system = result.get("system")
    if system == "generic" and isinstance(result.get("faces"), list):
        return f"{len(result['faces'])}d{result.get('sides')}"
    return short_names().get(system, str(system)) if isinstance(system, str) else str(system)


def tokens(checked: dict, lang: str = "es") -> list:
    """The snippet of a :func:`tirada.links.chain.verify` result as lines of tokens ``[[(text, mark)]]``.

    ``mark``: ``None`` plain, ``"b"`` bold, ``"s"`` struck (a dropped die), ``"user"`` / ``"user-b"``
    user text (escaped by the renderer), ``"url"`` the link text.
    """
    words = _WORDS["es" if lang == "es" else "en"]
    result = checked["result"]
    head: List[Token] = [(checked["label"], "user-b"), (" — ", None)] if checked.get("label") else []
    head += _who(checked, lang)
    dice: List[Token] = [(_dice_name(result, lang) + ": ", None)]
    told = result.get("summary")
    if isinstance(told, dict) and isinstance(told.get(lang if lang == "es" else "en"), str):
        dice.append((told["es" if lang == "es" else "en"], None))   # the system's own one-liner (L5R)
        return [head, dice, [(words["check"], "url")]]
    faces = result.get("faces")
    if isinstance(faces, list):
        kept = set(result.get("kept_indices", range(len(faces))))
        for i, face in enumerate(faces):
            dice += [(" " if i else "", None), (str(face), None if i in kept else "s")]
        dice.append((" → ", None))
    dice += _outcome(result, words)
    return [head, dice, [(words["check"], "url")]]


def render(lines: list, url: str, style: str = "bbcode") -> str:
    """Render :func:`tokens` in ``style`` (one of :data:`STYLES`).

    Raises:
        InvalidRequest: unknown style, or a URL that is not http(s).
    """
    if style not in STYLES:
        raise InvalidRequest(f"the style must be one of {', '.join(STYLES)}", field="style",
                             code="snippet.style", params={"choices": ', '.join(STYLES)})
    url = _safe_url(url)
    esc = {"bbcode": escape_bbcode, "markdown": escape_markdown, "text": _plain_text}[style]
    marks = {"bbcode": {"b": "[b]{}[/b]", "s": "[s]{}[/s]", "url": "[url=" + url + "]{}[/url]"},
             "markdown": {"b": "**{}**", "s": "~~{}~~", "url": "[{}](" + url + ")"},
             "text": {"b": "{}", "s": "({})", "url": "{}: " + url}}[style]
    out = []
    for line in lines:
        text = ""
        for value, mark in line:
            if mark and mark.startswith("user"):
                value, mark = _isolate(esc(value)), ("b" if mark == "user-b" else None)
            elif style == "markdown":
                value = "".join("\\" + ch if ch in _PUNCT else ch for ch in value)
            text += marks[mark].format(value) if mark else value
        out.append(text)
    return "\n".join(out)


def snippet(fragment: str, base_url: str, style: str = "bbcode", lang: str = "es") -> str:
    """A forum snippet of the roll in ``fragment``, linking to ``base_url#fragment``.

    Args:
        fragment: a roll link (``t1…``, ``#t1…`` or a whole URL). base_url: the page's
        ``http(s)://`` address (any ``#…`` part is replaced). style: ``"bbcode"``, ``"markdown"``
        or ``"text"``. lang: ``"es"`` or ``"en"``.
    Raises:
        LinkError: the link cannot be verified; InvalidRequest: bad style or URL.
    """
    checked = verify(fragment)
    frag = PREFIX + split_fragment(fragment)   # the canonical fragment, as the page reads it
    url = str(base_url).split("#", 1)[0] + "#" + frag
    return render(tokens(checked, lang), url, style)


def titled_link(title: str, status: str, link_text: str, url: str, style: str = "bbcode") -> str:
    """A two-line snippet of a shared page state that is not one roll (a Blood Red Sands
    Confrontation link): ``title — status`` (the title bold), then the link.

    Args:
        title: the headline, e.g. "Confrontación: Rojos contra Azules" (user text: escaped and
            isolated like a label). status: one line on the state, e.g. whose move it is (escaped the
            same way). link_text: the words of the link. url: the page's ``http(s)://`` address with
            the fragment. style: one of :data:`STYLES`.
    Raises:
        InvalidRequest: unknown style, or a URL that is not http(s).
    """
    return render([[(title, "user-b"), (" — ", None), (status, "user")], [(link_text, "url")]], url, style)
