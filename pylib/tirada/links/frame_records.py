"""Typed records of the userscript frame's answer as the page words it (issue #40: the page reads no
result by string key; protocol: docs/link-format.md §20).

:func:`frame_answer` reads :func:`tirada.links.marks.answer`'s dict once into a :class:`FrameAnswer`
(an error answer, or a language and one :class:`MarkView` per link), each mark's problems as
:class:`tirada.refusals.Refusal` records. The dicts stay what the frame posts (``raw`` keeps each one,
unchanged): the page adds its words to them. A dict missing keys reads them as absent. Written in the
reading-core pattern (docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..portable import Struct
from ..refusals import refusal_of
from .core_marks import ERROR

__all__ = ["FrameAnswer", "MarkView", "OTHER_ADDRESS", "frame_answer", "mark_view"]

#: the problem code of a link to another address than the frame's (its param ``address``)
OTHER_ADDRESS = "audit.other_address"


class MarkView(Struct):
    """One link's mark (:class:`tirada.links.marks.Mark`): ``status`` (``"ok"`` ✔, ``"bad"`` ✘, ``"other"``
    another address), ``kind`` (``"roll"``, ``"blind"``… or ``None``), ``who`` (a roll's head line, ``""``
    none), ``lines`` (a verified roll's pool, dice and outcome lines, ``()`` none), ``roller`` / ``seq``
    (who signed it and their chain number, ``None`` none), ``problems`` (why it is ✘: a tuple of
    :class:`tirada.refusals.Refusal`) and ``raw`` (the mark's dict)."""

    _fields = ("status", "kind", "who", "lines", "roller", "seq", "problems", "raw")
    status: Any
    kind: Optional[str]
    who: str
    lines: tuple
    roller: Optional[str]
    seq: Optional[int]
    problems: tuple
    raw: dict

    def __init__(self, status: Any, kind: Optional[str] = None, who: str = "", lines: Any = (),
                 roller: Optional[str] = None, seq: Optional[int] = None, problems: tuple = (),
                 raw: Optional[dict] = None) -> None:
        self._init(status, kind, who, tuple(lines), roller, seq, tuple(problems), raw if isinstance(raw, dict) else {})

    @property
    def other_address(self) -> str:
        """The address a link to another copy of Tirada points to (``""`` when no problem says one)."""
        return next((p.address for p in self.problems if p.code == OTHER_ADDRESS), "")


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def mark_view(mark: Mapping[str, Any]) -> MarkView:
    """The :class:`MarkView` of a mark's dict. Never raises: missing keys read as absent."""
    get = mark.get
    return MarkView(get("status"), get("kind"), get("who") or "", _list(get("lines")), get("roller"), get("seq"),
                    tuple(refusal_of(p) for p in _list(get("problems")) if isinstance(p, dict)), dict(mark))


class FrameAnswer(Struct):
    """The frame's answer to one message: ``error`` (True: a refused message, worded by its code and
    params: :func:`tirada.refusals.refusal_of` of ``raw``), ``lang`` (``"es"`` | ``"en"``: the words'
    language), ``marks`` (a tuple of :class:`MarkView`, one per link asked) and ``raw`` (the dict)."""

    _fields = ("error", "lang", "marks", "raw")
    error: bool
    lang: str
    marks: tuple
    raw: dict

    def __init__(self, error: bool, lang: str = "es", marks: tuple = (), raw: Optional[dict] = None) -> None:
        self._init(error, lang, tuple(marks), raw if isinstance(raw, dict) else {})


def frame_answer(answer: Mapping[str, Any]) -> FrameAnswer:
    """The :class:`FrameAnswer` of :func:`tirada.links.marks.answer`'s dict (an error answer's ``tirada``
    is :data:`tirada.links.core_marks.ERROR`). Never raises."""
    get = answer.get
    error = get("tirada") == ERROR
    return FrameAnswer(error, get("lang", "es"),
                       () if error else tuple(mark_view(m) for m in _list(get("marks")) if isinstance(m, dict)),
                       dict(answer))
