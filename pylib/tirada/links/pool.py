"""What was rolled, in each game's own notation: the line a result card and a forum snippet show
above the dice (issue #14: "4D+2B−1P +3 vs 9", "5d10, keep 3").

:func:`pool_text` reads only the request (never the result), so it says what was *asked*; the dice
and the outcome are the result's. Texts are Spanish (``"es"``, the official terms of the Spanish
editions) or English (any other ``lang``). Total on any JSON-like request: a value of the wrong type
is shown as it is (the request is validated by the rules, not here).

* SIFRP (sifrp.md §The test): ``"4D+2B−1P +3 vs 9"`` — test dice D (after extra time), bonus dice B
  (+1 bought with Destiny), penalty dice P, modifier, helpers, Difficulty.
* Generic (sifrp.md §The generic forum roll; docs/notation.md): ``"5d10, keep 3 +2 vs 15"`` /
  ``"5d10, guardas 3 +2 contra 15"``; exploding, keep lowest, several rolls joined by ``"; "``;
  arithmetic ``"(2d6 + 3) × 2"``, ``"(4d6, guardas 3) ÷ 2"``.
* L5R 5e (l5r5e.md §The check): ``"Ring 3 + Skill 1 vs TN 3"`` / ``"Anillo 3 + Habilidad 1 contra NO 3"``
  plus stance, Void point, helpers and advantages.
* Tragedia: ``"7 protagonist dice vs 6 adversary dice"``.

The wording of each system is one declarative template (:mod:`tirada.links.pool_wording`, issue #25),
which web/link-reader.mjs reads too: this module only says templates (:func:`pool_text`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .pool_wording import GAME_NAMES, TEMPLATES, WORDS

__all__ = ["GAME_NAMES", "band_parts", "pool_text", "wording"]

_SIGNS = {"+": " + ", "-": " \u2212 ", "*": " \u00d7 ", "/": " \u00f7 "}


def wording() -> dict:
    """The pool wording as JSON-ready data, for web/link-reader.mjs (dist/generated.mjs, LINK_DATA):
    ``{"game_names", "words", "templates"}``."""
    import json

    return json.loads(json.dumps({"game_names": dict(GAME_NAMES), "words": WORDS, "templates": TEMPLATES}))


def _signed(value: Any) -> str:
    """`` +3`` / `` −2`` (a true minus sign) for a non-zero int, ``""`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value == 0:
        return ""
    return f" +{value}" if value > 0 else f" \u2212{-value}"


def _compare(faces: Any, sides: Any) -> str:
    """``[7, 10]`` on a d10 → ``"≥7"``, ``[1, 2]`` → ``"≤2"``, ``[3, 3]`` → ``"=3"``; anything else as it is."""
    if not (isinstance(faces, list) and len(faces) == 2 and all(type(v) is int for v in faces)):
        return str(faces)
    lo, hi = faces
    return f"={lo}" if lo == hi else f"\u2265{lo}" if type(sides) is int and hi == sides else \
        f"\u2264{hi}" if lo == 1 else str(faces)


class _Say:
    """One template said for one request: ``templates`` (a system's), ``words`` and ``lang``."""

    def __init__(self, templates: dict, lang: str) -> None:
        self.templates, self.lang = templates, lang
        self.words = WORDS[lang]

    def value(self, node: list, scope: Mapping[str, Any]) -> Any:
        op = node[0]
        if op == "get":
            return scope.get(node[1], node[2] if len(node) > 2 else None)
        if op == "lit":
            return node[1]
        if op == "or":
            return self.value(node[1], scope) or self.value(node[2], scope)
        if op == "times":
            return node[1] * self.value(node[2], scope)
        if op == "inc_if":
            v = self.value(node[1], scope)
            return v + 1 if isinstance(v, int) and self.cond(node[2], scope) else v
        if op == "sum":
            values = [scope.get(key) or 0 for key in node[1:]]
            return sum(values) if all(isinstance(v, int) for v in values) else 0
        if op == "pick":
            return self.value(node[2] if self.cond(node[1], scope) else node[3], scope)
        raise ValueError(f"pool template: unknown value {op!r}")

    def cond(self, node: list, scope: Mapping[str, Any], first: bool = False) -> bool:
        op = node[0]
        checks: dict[str, Callable[[], bool]] = {
            "truthy": lambda: bool(self.value(node[1], scope)),
            "int": lambda: (lambda v: isinstance(v, int) and not isinstance(v, bool))(self.value(node[1], scope)),
            "str": lambda: isinstance(self.value(node[1], scope), str),
            "list": lambda: (lambda v: isinstance(v, list) and bool(v))(self.value(node[1], scope)),
            "is_list": lambda: isinstance(self.value(node[1], scope), list),
            "not_none": lambda: self.value(node[1], scope) is not None,
            "has": lambda: node[1] in scope,
            "differ": lambda: bool(self.value(node[1], scope) != self.value(node[2], scope)),
            "word_in": lambda: (lambda v: isinstance(v, str) and v in self.words[node[1]])(self.value(node[2], scope)),
            "lang": lambda: self.lang == node[1],
            "first": lambda: first,
            "not": lambda: not self.cond(node[1], scope, first),
            "and": lambda: all(self.cond(c, scope, first) for c in node[1:]),
            "or": lambda: any(self.cond(c, scope, first) for c in node[1:]),
        }
        if op not in checks:
            raise ValueError(f"pool template: unknown condition {op!r}")
        return checks[op]()

    def text(self, nodes: list, scope: Mapping[str, Any], first: bool = False) -> str:
        return "".join(self.node(n, scope, first) for n in nodes)

    def node(self, node: Any, scope: Mapping[str, Any], first: bool) -> str:
        if isinstance(node, str):
            return node
        op, w = node[0], self.words
        if op == "show":
            return str(self.value(node[1], scope))
        if op == "word":
            return w[node[1]]
        if op == "word_of":
            return w[node[1]][self.value(node[2], scope)]
        if op == "plural":
            return w[node[1]][1 if self.value(node[2], scope) != 1 else 0]
        if op == "signed":
            return _signed(self.value(node[1], scope))
        if op == "compare":
            return _compare(self.value(node[1], scope), self.value(node[2], scope))
        if op == "list":
            return ", ".join(map(str, self.value(node[1], scope)))
        if op == "if":
            branch = node[2] if self.cond(node[1], scope, first) else node[3] if len(node) > 3 else []
            return self.text(branch, scope, first)
        if op == "ref":
            return self.text(self.templates[node[1]], scope)
        if op == "each":
            return node[2].join(self._items(self.value(node[1], scope), node[3], node[4]))
        if op == "lstrip":
            return self.text(node[1], scope, first).lstrip()
        if op == "join":
            parts: list[str] = []
            for item in node[4]:
                if item[0] == "words_if":
                    parts += [word for key, word in w[item[1]].items() if scope.get(key)]
                elif text := self.node(item, scope, first):
                    parts.append(text)
            return f"{node[2]}{node[1].join(parts)}{node[3]}" if parts else ""
        if op == "expr":
            from ..systems.notation.tree import expr_text

            def leaf(group: dict) -> str:
                text = self.text(node[2], group)
                return f"({text})" if " " in text else text

            return expr_text(self.value(node[1], scope), leaf, _SIGNS)
        if op == "bands":
            return "".join(part for part, _ in band_parts(self.value(node[1], scope), self.lang))
        raise ValueError(f"pool template: unknown node {op!r}")

    def _items(self, items: list, template: list, other: str) -> list[str]:
        """Each item of ``items`` said by ``template``; one that is no mapping is skipped
        (``other`` "skip"), read as an empty mapping ("empty") or said as "?"."""
        out = []
        for i, item in enumerate(items):
            if isinstance(item, Mapping):
                out.append(self.text(template, item, i == 0))
            elif other == "empty":
                out.append(self.text(template, {}, i == 0))
            elif other == "?":
                out.append("?")
        return out


def band_parts(value: Any, lang: str = "es") -> list:
    """Outcome bands (docs/notation.md §Bands) as the pool line writes them after the pool:
    ``[(", resultados: ", None), ("≤6 ", None), ("Fallo", "user"), (" / ", None), …]`` (``"user"``:
    the label, user text a snippet escapes); more than 5 bands: the first, "…", the last and how
    many. ``[]`` unless the value has the shape ``[1, label, cut, label, …]`` (labels texts, cuts
    ascending ints): the roll checks the rest; web/link-reader.mjs writes the same (node ``bands``)."""
    from ..systems.bands import Band

    if not (isinstance(value, list) and len(value) >= 4 and len(value) % 2 == 0 and type(value[0]) is int
            and value[0] == 1):
        return []
    labels, cuts = value[1::2], value[2::2]
    if not (all(isinstance(x, str) for x in labels) and all(type(c) is int for c in cuts)
            and all(a < b for a, b in zip(cuts, cuts[1:]))):
        return []
    bands = [Band(label, cuts[i - 1] if i else None, cuts[i] - 1 if i < len(cuts) else None)
             for i, label in enumerate(labels)]
    shown = [bands[0], None, bands[-1]] if len(bands) > 5 else bands
    out: list = [(f", {WORDS['es' if lang == 'es' else 'en']['bands']}: ", None)]
    for i, band in enumerate(shown):
        out.append((" / " if i else "", None))
        out += [("\u2026", None)] if band is None else [(band.edges() + " ", None), (band.label, "user")]
    return out + ([(f" ({len(bands)})", None)] if len(bands) > 5 else [])


def pool_text(request: Mapping[str, Any], lang: str = "es", with_game: bool = True) -> str:
    """The pool of ``request`` in its game's notation, e.g. ``"SIFRP 4D+2B−1P +3 vs 9"``, said by the
    system's template (:data:`tirada.links.pool_wording.TEMPLATES`).

    Args:
        request: a roll request (``system`` plus the system's fields; seed, label, faces ignored).
        lang: ``"es"`` or ``"en"``. with_game: prefix the game's short name (:data:`GAME_NAMES`).
    Returns:
        one line; for an unknown system, its id.
    """
    if not isinstance(request, Mapping):
        return "?"
    system = request.get("system")
    templates = TEMPLATES.get(system) if isinstance(system, str) else None
    if templates is None:   # a system without its own notation here: its short name from the registry
        from ..systems.registry import short_names

        return short_names().get(system, str(system)[:40]) if isinstance(system, str) else str(system)[:40]
    text = _Say(templates, "es" if lang == "es" else "en").text(templates["main"], request)
    name = GAME_NAMES.get(str(system), "")
    return f"{name} {text}" if with_game and name else text
