"""The pool line of a snippet as tokens (:mod:`tirada.links.snippets`): the labels of several rolls and of
outcome bands marked as user text. (The dice and sums of a roll are its system's own snippet lines:
:mod:`tirada.systems.generic_snippet`, named by the registry entry's ``snippet``.) Tokens are ``(text, style)``."""

from __future__ import annotations

from ..portable import merged
from .pool import band_parts, pool_text

__all__ = ["pool_tokens"]


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
