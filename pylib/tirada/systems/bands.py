"""Named outcomes for any roll: outcome bands over the total (issue 28 item 4; docs/notation.md §Bands).

A roll may carry bands that name its total: ``≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito`` (Powered by
the Apocalypse), the Fate ladder, success levels of a d100 under a skill. The rules, decided here
and documented in docs/notation.md §Bands:

* **No gaps, no overlaps, everything named.** Bands are listed in ascending order; each starts
  one above where the previous ended; the first band takes every total below its end and the last
  every total above its start, so every possible total has exactly one name. A model that could
  leave a total unnamed cannot be written. So :class:`Bands` is held as ``cuts`` (the first total
  of each band after the first, strictly ascending) and ``labels`` (one more than the cuts).
* 2..:data:`MAX_BANDS` bands; a label is 1..:data:`MAX_BAND_LABEL` visible characters, NFC, without
  ``/`` (the separator), control or invisible characters; cuts within ±:data:`MAX_CUT`.
* The band is **recomputed** from the total every time a roll is verified: a link carries the
  bands (generic key 20 ``bands``, docs/link-format.md §5.1), never which one the roll fell in.

In a link and a request the bands are one list ``[1, label₀, cut₁, label₁, …, cutₙ₋₁, labelₙ₋₁]``:
the leading ``1`` is the version of this encoding (another number is refused with
``bands.version``: "made by a newer Tirada"), then labels and cuts alternate. Errors carry codes
``bands.*`` (es/en texts ``err.bands.*`` in web/shell/strings_errors.py).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest
from ..names import visible
from ..portable import Struct, category, is_nfc, is_space, nfc, strip
from .words import number

__all__ = ["BANDS_VERSION", "Band", "Bands", "MAX_BANDS", "MAX_BAND_LABEL", "MAX_CUT", "parse_bands", "split"]

BANDS_VERSION = 1           #: the first item of the link value
MAX_BANDS = 12              #: most bands in one roll (the Fate ladder has 11)
MAX_BAND_LABEL = 40         #: longest label (characters)
MAX_CUT = 100000            #: a band's edge lies within ±MAX_CUT (as a difficulty does)
RULE = "notation.md §Bands"
#: a label starting with one of these is written after ": " in :meth:`Band.text` (edge characters)
_EDGE_LIKE = frozenset("-\u2212\u2013\u2014.:+0123456789")
#: what may stand between a band's two ends (``7–9``, ``7—9``, ``7-9``, ``7..9``)
_DASHES = ("\u2013", "\u2014", "-", "..")


def _refuse(message: str, *, code: str, field: str = "bands", params: dict | None = None) -> InvalidRequest:
    return InvalidRequest(message, field=field, rule=RULE, code=code, params=params)


def _label(value: Any, field: str) -> str:
    if not (isinstance(value, str) and 1 <= len(value) <= MAX_BAND_LABEL and value == strip(value)
            and is_nfc(value) and "/" not in value
            and all(ch == "\u200d" or category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in value)
            and visible(value)):
        raise _refuse(f"a band's name is 1 to {MAX_BAND_LABEL} visible characters, without '/'", code="bands.label",
                      field=field, params={"n": MAX_BAND_LABEL, "text": str(value)[:MAX_BAND_LABEL]})
    return value


class Band(Struct):
    """One band: ``label``; ``lo`` / ``hi`` its first and last total (``None``: no end, the first
    band's ``lo`` and the last band's ``hi``)."""

    _fields = ("label", "lo", "hi")
    label: str
    lo: int | None
    hi: int | None

    def __init__(self, label: str, lo: int | None, hi: int | None) -> None:
        self._init(label, lo, hi)

    def edges(self) -> str:
        """The totals it holds: ``"≤6"``, ``"7–9"``, ``"8"``, ``"≥10"`` (minus signs as ``−``)."""
        if self.lo is None:
            return f"\u2264{number(self.hi)}"
        if self.hi is None:
            return f"\u2265{number(self.lo)}"
        return number(self.lo) if self.lo == self.hi else f"{number(self.lo)}\u2013{number(self.hi)}"

    def text(self) -> str:
        """``"≤6 Fallo"``, ``"7–9 Éxito parcial"``, ``"8 Normal"``, ``"≥10 Éxito"``; a label that
        could be read as part of the edge (``"-3 raro"``, ``":x"``, ``"..5"``) follows a ``": "``
        (``"8: -3 raro"``), so :func:`parse_bands` reads every text back to the same bands."""
        sep = ": " if self.label[0] in _EDGE_LIKE else " "   # (MicroPython's f-strings take no ":" in a literal)
        return f"{self.edges()}{sep}{self.label}"


class Bands(Struct):
    """Outcome bands: ``labels`` (2..:data:`MAX_BANDS` texts) and ``cuts`` (len(labels) − 1 ints,
    strictly ascending, within ±:data:`MAX_CUT`): band ``i`` holds the totals from ``cuts[i−1]``
    (none below for ``i`` = 0) to ``cuts[i] − 1`` (none above for the last)."""

    _fields = ("labels", "cuts")
    labels: tuple
    cuts: tuple

    def __init__(self, labels: tuple, cuts: tuple) -> None:
        self._init(labels, cuts)
        self._check()

    def _check(self) -> None:
        if not 2 <= len(self.labels) <= MAX_BANDS or len(self.cuts) != len(self.labels) - 1:
            raise _refuse(f"2 to {MAX_BANDS} bands", code="bands.count", params={"n": MAX_BANDS})
        for i, label in enumerate(self.labels):
            _label(label, f"bands[{i}]")
        for i, cut in enumerate(self.cuts):
            if type(cut) is not int or abs(cut) > MAX_CUT:
                raise _refuse(f"a band's edge is a whole number within ±{MAX_CUT}", code="bands.edge",
                              params={"n": MAX_CUT})
            if i and cut <= self.cuts[i - 1]:
                raise _refuse("bands go in ascending order, without overlaps", code="bands.overlap",
                              params={"a": self.cuts[i - 1], "b": cut})

    @classmethod
    def from_value(cls, value: Any) -> "Bands":
        """Read the link/request value ``[1, label₀, cut₁, label₁, …]``.

        Raises:
            InvalidRequest: ``bands.version`` (first item not 1: a newer encoding), ``bands.shape``
            (not such a list), ``bands.count``, ``bands.label``, ``bands.edge``, ``bands.overlap``.
        """
        if not isinstance(value, list) or not value or type(value[0]) is not int:
            raise _refuse("bands are [1, name, edge, name, …]", code="bands.shape")
        if value[0] != BANDS_VERSION:
            raise _refuse("these bands were written by a newer Tirada", code="bands.version",
                          params={"v": value[0]})
        items = value[1:]
        if len(items) % 2 == 0 or len(items) > 2 * MAX_BANDS - 1:
            raise _refuse("bands are [1, name, edge, name, …]", code="bands.shape")
        return cls(tuple(items[0::2]), tuple(items[1::2]))

    def to_value(self) -> list:
        """The link/request value ``[1, label₀, cut₁, label₁, …]`` (canonical: one per model)."""
        out: list = [BANDS_VERSION, self.labels[0]]
        for cut, label in zip(self.cuts, self.labels[1:]):
            out += [cut, label]
        return out

    def bands(self) -> tuple:
        """Every :class:`Band`, lowest first."""
        edges = (None,) + tuple(self.cuts) + (None,)
        return tuple(Band(label, edges[i], None if edges[i + 1] is None else edges[i + 1] - 1)
                     for i, label in enumerate(self.labels))

    def index_of(self, total: int) -> int:
        """The index of the band holding ``total`` (every int has exactly one)."""
        return sum(1 for cut in self.cuts if total >= cut)

    def name(self, total: int) -> dict:
        """``{"index": i, "label": label}`` of the band holding ``total`` (what a result carries)."""
        i = self.index_of(total)
        return {"index": i, "label": self.labels[i]}

    def text(self) -> str:
        """The canonical text: ``"≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"`` (:func:`parse_bands` reads it back)."""
        return " / ".join(b.text() for b in self.bands())


def _spaces(text: str, at: int) -> int:
    """The index of the first character at or after ``at`` that is not a space."""
    while at < len(text) and is_space(text[at]):
        at += 1
    return at


def _number(text: str, at: int) -> "tuple | None":
    """``(value, end)`` of the number at ``at``: an optional ``-`` or ``−`` and 1 to 7 ASCII digits not
    followed by another digit (``[-−]?[0-9]{1,7}(?![0-9])``; past 6 digits the range check refuses it),
    or ``None``."""
    start = at + 1 if text[at:at + 1] in ("-", "\u2212") else at
    end = start
    while end < len(text) and text[end] in "0123456789":
        end += 1
    if not 1 <= end - start <= 7:
        return None
    return int(text[at:end].replace("\u2212", "-")), end


def _edge(text: str, at: int) -> "tuple | None":
    """``(lo, hi, end)`` of the band's edge at ``at`` (``None``: open), the first of these that reads:
    ``≤N`` ``<=N``, ``≥N`` ``>=N``, ``A–B`` (:data:`_DASHES`), ``N+``, ``N``; else ``None``."""
    for signs, below in ((("\u2264", "<="), True), (("\u2265", ">="), False)):
        sign = next((s for s in signs if text.startswith(s, at)), None)
        if sign is not None:
            got = _number(text, _spaces(text, at + len(sign)))
            if got is None:
                return None
            return (None, got[0], got[1]) if below else (got[0], None, got[1])
    first = _number(text, at)
    if first is None:
        return None
    dash_at = _spaces(text, first[1])
    dash = next((d for d in _DASHES if text.startswith(d, dash_at)), None)
    second = None if dash is None else _number(text, _spaces(text, dash_at + len(dash)))
    if second is not None:
        return first[0], second[0], second[1]
    if text[first[1]:first[1] + 1] == "+":
        return first[0], None, first[1] + 1
    return first[0], first[0], first[1]


def _band(part: str) -> "tuple | None":
    """``(lo, hi, label)`` of one typed band (``"7–9 Éxito parcial"``): spaces, its edge (:func:`_edge`),
    spaces, an optional ``:``, spaces, the name up to the trailing spaces; ``None`` without an edge.
    What the regular expression ``^\\s*(?:edge)\\s*:?\\s*(.*?)\\s*$`` (``re.S``) read, written out for
    MicroPython's ``re`` (no flags, named groups or counted repetition)."""
    edge = _edge(part, _spaces(part, 0))
    if edge is None:
        return None
    at = _spaces(part, edge[2])
    if part[at:at + 1] == ":":
        at = _spaces(part, at + 1)
    end = len(part)
    while end > at and is_space(part[end - 1]):
        end -= 1
    return edge[0], edge[1], part[at:end]


def parse_bands(text: Any) -> Bands:
    """Read bands typed by a person: ``"≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"``, one band per
    ``/`` or line; an edge is ``≤N`` ``<=N``, ``≥N`` ``>=N`` ``N+``, ``A–B`` ``A-B`` ``A..B`` or ``N``
    (negative numbers with ``-`` or ``−``), then an optional ``:`` and the name.

    The first band takes every total up to its end, the last every total from its start (so ``≤``
    and ``≥`` may be left out there); a band between them has both ends, and starts one above
    where the previous one ended.

    Raises:
        InvalidRequest: ``bands.empty``, ``bands.unreadable`` (a part without an edge, quoted),
        ``bands.open_middle`` (``≤``/``≥`` on a band that is not first/last), ``bands.reversed``
        (``9–7``), ``bands.gap`` / ``bands.overlap`` (naming the totals), ``bands.count``,
        ``bands.label``, ``bands.edge``, ``bands.too_long`` (over 600 characters).
        NeedsFullEngine: on MicroPython, a name NFC would change (:func:`tirada.portable.nfc`).
    """
    if not isinstance(text, str) or not strip(text):
        raise _refuse("no bands were written", code="bands.empty")
    if len(text) > 600:
        raise _refuse("at most 600 characters of bands", code="bands.too_long", params={"n": 600})
    parts = [p for p in text.replace("\n", "/").split("/") if strip(p)]
    if not 2 <= len(parts) <= MAX_BANDS:
        raise _refuse(f"2 to {MAX_BANDS} bands", code="bands.count", params={"n": MAX_BANDS})
    ranges, labels = [], []
    for i, part in enumerate(parts):
        band = _band(part)
        if band is None or not band[2]:
            raise _refuse("each band is its totals and its name, as in '7–9 Éxito parcial'", code="bands.unreadable",
                          params={"text": strip(part)[:40]})
        lo, hi, name = band
        if (lo is None and i) or (hi is None and i < len(parts) - 1):
            raise _refuse("only the first band may be open below (≤) and only the last open above (≥)",
                          code="bands.open_middle", params={"text": strip(part)[:40]})
        if lo is not None and hi is not None and lo > hi:
            raise _refuse("a band goes from its lowest total to its highest", code="bands.reversed",
                          params={"a": lo, "b": hi})
        ranges.append((lo, hi))
        labels.append(_label(nfc(name), f"bands[{i}]"))
    cuts = []
    for (_, prev_hi), (lo, _) in zip(ranges, ranges[1:]):
        assert prev_hi is not None and lo is not None   # only the first/last band is open: checked above
        if lo > prev_hi + 1:
            raise _refuse("no total may be left without a name", code="bands.gap",
                          params={"a": prev_hi + 1, "b": lo - 1})
        if lo <= prev_hi:
            raise _refuse("two bands may not name the same total", code="bands.overlap",
                          params={"a": lo, "b": prev_hi})
        cuts.append(lo)
    return Bands(tuple(labels), tuple(cuts))


def split(req: Mapping[str, Any]) -> "tuple[Bands | None, Mapping[str, Any]]":
    """``(bands or None, the request without them)``: a roll and its odds read ``bands`` this way.

    Raises:
        InvalidRequest: see :meth:`Bands.from_value`; ``bands.several_rolls`` with ``rolls`` (bands
        name one roll's total).
    """
    if "bands" not in req:
        return None, req
    rest = {k: v for k, v in req.items() if k != "bands"}
    if "rolls" in rest:
        raise _refuse("bands name the total of one roll, not of several", code="bands.several_rolls")
    return Bands.from_value(req["bands"]), rest

