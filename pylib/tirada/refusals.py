"""A refusal as the page words it (issue #40: the page reads no result by string key).

The engine raises :class:`tirada.errors.TiradaError` (a dotted ``code``, JSON-ready ``params``, the
``field`` it concerns); an answer or a stored item may carry the same as a dict (``{"code", "params",
"field"?, "error" | "kind"?}``: the userscript frame's error answer and its marks' problems,
docs/link-format.md §20). :func:`refusal_of` reads either, once, into a :class:`Refusal`; the page
words it by its code (web/shell/refusal.py). A dict missing keys reads them as absent. Codes:
:mod:`tirada.errors` (tests/test_error_codes.py). Written in the reading-core pattern
(docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Optional

from .portable import Struct

__all__ = ["Refusal", "refusal_of"]


class Refusal(Struct):
    """One refusal: ``code`` (dotted, e.g. ``"request.out_of_range"``; ``None`` unknown), ``params``
    (``{name: JSON value}``, ``{}`` none), ``field`` (the engine's field path, e.g.
    ``"actions[2].faces[3]"``, or ``None``) and ``kind`` (the error's class name, ``"LinkError"``…, or
    ``None``)."""

    _fields = ("code", "params", "field", "kind")
    code: Optional[str]
    params: dict
    field: Optional[str]
    kind: Optional[str]

    def __init__(self, code: Optional[str] = None, params: Optional[dict] = None, field: Optional[str] = None,
                 kind: Optional[str] = None) -> None:
        self._init(code, params if isinstance(params, dict) else {}, field, kind)

    @property
    def count(self) -> Any:
        """The number the message's plural form follows (its ``n`` param; ``None`` when it has none)."""
        return self.params.get("n")

    @property
    def address(self) -> str:
        """The other address a link points to (its ``address`` param; ``""`` when it has none)."""
        return self.params.get("address", "")

    def to_dict(self) -> dict:
        """``{"code", "params", "field", "kind"}`` (JSON-ready)."""
        return self.as_dict()


def refusal_of(err: Any) -> Refusal:
    """The :class:`Refusal` of a :class:`tirada.errors.TiradaError` (its kind: the class name), of such a
    dict (its kind: ``"error"`` or ``"kind"``), or ``err`` itself when it is one already. Never raises."""
    if isinstance(err, Refusal):
        return err
    if isinstance(err, dict):
        get = err.get
        return Refusal(get("code"), get("params") or {}, get("field"), get("error") or get("kind"))
    return Refusal(getattr(err, "code", None), getattr(err, "params", None) or {}, getattr(err, "field", None),
                   type(err).__name__)
