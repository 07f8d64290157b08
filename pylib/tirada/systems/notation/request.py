"""Notation as an engine input (issue 28, docs/notation.md §The engine and the command line): a request
with a ``notation`` text is the same request with the parsed fields (:func:`expand`), and
:func:`explain` says how a text was read. Links never carry the text: :func:`expand` runs before a
request is rolled, its odds computed or its link made, and a link holding ``notation`` is refused by
the roll as an unknown field.
"""

from __future__ import annotations

from typing import Any, Mapping

from .lexer import DEFAULT_DIALECT, dialect_name, refuse
from .parser import parse
from .render import format_group, format_post
from .tree import expr_text
from ...portable import Struct

__all__ = ["ALONGSIDE", "Explanation", "expand", "explain", "explained", "two_difficulties"]

#: request fields that may come with ``notation`` (the rest is what the notation writes)
ALONGSIDE = ("system", "seed", "faces", "label", "fresh", "difficulty", "bands", "dialect")


def expand(request: Mapping[str, Any]) -> dict:
    """``request`` with its ``notation`` text replaced by the generic fields it reads as
    (``{"system": "generic", "notation": "(2d6+3)*2", "difficulty": 15}`` →
    ``{"system": "generic", "expr": [...], "difficulty": 15}``); a request without it is returned as a
    copy. ``system`` defaults to ``"generic"``; a single roll's label joins the request's (" · ").
    ``dialect`` (``"roll20"`` by default, ``"foundry"``, ``"dicemaiden"``, ``"avrae"``) says how the text
    is read and stays in the request unless it is the default (so a Roll20 link keeps its bytes).

    Raises:
        InvalidRequest: ``notation.not_generic`` (another system), ``notation.with_fields`` (a field
        the notation writes given too: ``dice``, ``sides``, ``modifier``…), ``notation.not_text``, any
        refusal of :func:`~tirada.systems.notation.parse`.
    """
    dialect = dialect_name(request.get("dialect"))
    if "notation" not in request:
        return {k: v for k, v in request.items() if k != "dialect" or dialect != DEFAULT_DIALECT}
    text = request["notation"]
    if request.get("system", "generic") != "generic":
        raise refuse("notation is read for the generic roll only", code="notation.not_generic",
                     params={"system": str(request.get("system"))[:40]})
    if not isinstance(text, str):
        raise refuse("notation must be text", code="notation.not_text")
    extra = sorted(k for k in request if k not in ALONGSIDE and k != "notation")
    if extra:
        raise refuse(f"{extra[0]!r} comes from the notation: give one or the other", code="notation.with_fields",
                     params={"field": str(extra[0])[:40]})
    parsed = parse(text, dialect)
    out = {k: v for k, v in request.items() if k not in ("notation", "dialect")}
    if dialect != DEFAULT_DIALECT:     # whose notation it was, for showing it (the fields say what is rolled)
        out["dialect"] = dialect
    out["system"] = "generic"
    if "label" in parsed and isinstance(request.get("label"), str) and request["label"]:
        parsed["label"] = f'{request["label"]} · {parsed["label"]}'
    both = request.get("difficulty"), parsed.get("difficulty")
    if both[0] is not None and both[1] is not None and both[0] != both[1]:
        raise two_difficulties(both[1], both[0])
    out.update(parsed)
    return out


def two_difficulties(typed: Any, field: Any) -> Exception:
    """The refusal of a target typed in the notation (``vs 15``) that differs from the difficulty field."""
    return refuse(f"the notation says vs {typed} and the difficulty is {field}: keep one",
                  code="notation.two_difficulties", params={"text": f"vs {typed}"[:20], "other": str(field)[:20]})


def _grouped(params: Mapping[str, Any]) -> str:
    """One roll written with every operation in parentheses: ``3+1d6*2`` → ``3 + (1d6 * 2)``."""
    tree = params.get("expr")
    if tree is None:
        return format_post(params)

    def text(node: Any, top: bool) -> str:
        if not isinstance(node, list):
            return expr_text(node, format_group)
        inner = f"{text(node[1], False)} {node[0]} {text(node[2], False)}"
        return inner if top else f"({inner})"

    return text(tree, True)


def explain(text: Any, dialect: Any = None) -> dict:
    """How ``text`` was read in ``dialect`` (default Roll20): ``{"notation": text, "dialect": name,
    "dialect_words": {"es": "leído como Roll20", "en": …}, "request": the generic fields (what a link
    carries), "reads_as": the same written back as notation, "words": {"es": [one text per roll], "en":
    […]} (the reading in plain words, :mod:`.words`), "rolls": [{"label"?, "grouped": every operation
    in parentheses (precedence made visible), "divides": bool (``/`` rounds down)}]}``.

    Raises:
        InvalidRequest: what :func:`~tirada.systems.notation.parse` refuses; ``notation.dialect``.
    """
    from .words import dialect_words, post_words

    dialect = dialect_name(dialect)
    params = parse(text, dialect)
    rolls = params["rolls"] if "rolls" in params else [params]
    read = []
    for one in rolls:
        item: dict = {"label": one["label"]} if "label" in one else {}
        bare = {k: v for k, v in one.items() if k != "label"}
        item["grouped"] = _grouped(bare)
        item["divides"] = "/" in str(bare.get("expr", ""))
        read.append(item)
    return {"notation": text, "dialect": dialect,
            "dialect_words": {lang: dialect_words(dialect, lang) for lang in ("es", "en")},
            "request": params, "reads_as": format_post(params),
            "words": {lang: post_words(params, lang) for lang in ("es", "en")}, "rolls": read}


class Explanation(Struct):
    """How a notation was read, as the page says it (:func:`explain`'s dict read once): ``dialect`` (its
    name, ``"roll20"``…), ``dialect_words`` (``{"es", "en"}``: "leído como …"), ``words`` (``{"es", "en"}``:
    one text per roll) and ``raw`` (the dict, as the CLI prints it)."""

    _fields = ("dialect", "dialect_words", "words", "raw")
    dialect: Any
    dialect_words: dict
    words: dict
    raw: dict

    def __init__(self, dialect: Any, dialect_words: dict, words: dict, raw: dict) -> None:
        self._init(dialect, dialect_words, words, raw)

    def said(self, lang: str) -> list:
        """One text per roll in ``lang`` (English for any language but ``"es"``)."""
        return list(self.words.get("es" if lang == "es" else "en") or [])

    def dialect_said(self, lang: str) -> str:
        """"leído como Foundry" in ``lang`` (English for any language but ``"es"``)."""
        return self.dialect_words.get("es" if lang == "es" else "en") or ""


def explained(text: Any, dialect: Any = None) -> Explanation:
    """:func:`explain` read into an :class:`Explanation`. Raises what :func:`explain` raises."""
    out = explain(text, dialect)
    return Explanation(out["dialect"], out["dialect_words"], out["words"], out)
