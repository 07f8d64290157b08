"""L5R 5e narrative dice: the number → symbol tables (l5r5e.md §Dice and symbols; core book p. 25).

Ring die = d6 (black), skill die = d12 (white). A face's symbols are a tuple of symbol names from
:data:`SYMBOLS`; an ``"explosive"`` symbol also counts as a success (l5r5e.md: "An explosive success
also counts as a success").
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...portable import Struct, merged

__all__ = [
    "DIE_SIDES", "EXPLOSION_VALUE", "RING_FACES", "SKILL_FACES", "SYMBOLS", "SYMBOL_NAMES", "ExplosionDie", "PoolDie", "die_text",
    "draw", "missing_faces", "summary", "symbols_of", "tally",
]

#: Symbol names in display order; their English and Spanish words are in :data:`SYMBOL_NAMES`.
SYMBOLS = ("success", "explosive", "opportunity", "strife")

#: d6 face → symbols.
RING_FACES = {
    1: (),
    2: ("opportunity", "strife"),
    3: ("opportunity",),
    4: ("success", "strife"),
    5: ("success",),
    6: ("explosive", "strife"),
}

#: d12 face → symbols.
SKILL_FACES = {
    1: (), 2: (),
    3: ("opportunity",), 4: ("opportunity",), 5: ("opportunity",),
    6: ("success", "strife"), 7: ("success", "strife"),
    8: ("success",), 9: ("success",),
    10: ("success", "opportunity"),
    11: ("explosive", "strife"),
    12: ("explosive",),
}

#: die type → sides.
DIE_SIDES = {"ring": 6, "skill": 12}


def _fresh_die_value(faces: dict) -> tuple:
    """``(expected successes, expected strife)`` of one fresh roll of a die with this face table
    (explosive counts as a success), as exact fractions of the face count."""
    n = len(faces)
    successes = sum(s.count("success") + s.count("explosive") for s in faces.values())
    strife = sum(s.count("strife") for s in faces.values())
    try:
        from fractions import Fraction
    except ImportError:   # MicroPython: floats of these small fractions order and tie exactly as they do
        return successes / n, strife / n
    return Fraction(successes, n), Fraction(strife, n)


#: die type → ``(expected successes, expected strife)`` of the die an explosion of that type rolls
#: (l5r5e.md §The check 6: "roll one more die of the same type"): d12 7/12 and 1/4, d6 1/2 and 1/2.
#: The default keep uses it to prefer, between equal explosive faces, the die whose explosion is
#: worth more (issue #15: by the rule's value, not by pool order).
EXPLOSION_VALUE = {"ring": _fresh_die_value(RING_FACES), "skill": _fresh_die_value(SKILL_FACES)}


def symbols_of(die: str, face: int) -> tuple:
    """Symbols of ``face`` on a ``"ring"`` (d6) or ``"skill"`` (d12) die.

    Raises:
        KeyError: unknown die type or a face outside the die.
    """
    if die not in DIE_SIDES:
        raise KeyError(die)
    return (RING_FACES if die == "ring" else SKILL_FACES)[face]


def tally(symbols) -> dict:
    """Count symbols: ``{"successes", "explosive", "opportunities", "strife"}``; explosive
    successes are counted in ``successes`` too."""
    symbols = list(symbols)
    explosive = symbols.count("explosive")
    return {
        "successes": symbols.count("success") + explosive,
        "explosive": explosive,
        "opportunities": symbols.count("opportunity"),
        "strife": symbols.count("strife"),
    }


# --- Display: symbol names and the forum snippet (l5r5e.md §Dice and symbols) -------------------

#: symbol → (English, Español) as the seed names them.
SYMBOL_NAMES = {
    "success": ("success", "éxito"),
    "explosive": ("explosive success", "éxito relanzable"),
    "opportunity": ("opportunity", "oportunidad"),
    "strife": ("strife", "conflicto"),
}
_BLANK = ("blank", "en blanco")
_LANGS = ("en", "es")


def die_text(die: str, face: int, lang: str = "en") -> str:
    """One die for a forum post: ``"d12 11 (explosive success + strife)"`` / ``"d6 1 (en blanco)"``.

    Args:
        die: ``"ring"`` or ``"skill"``. face: 1..6 or 1..12. lang: ``"en"`` or ``"es"``.
    Raises:
        KeyError: unknown die type, face or language.
    """
    if lang not in _LANGS:
        raise KeyError(lang)
    n = _LANGS.index(lang)
    names = [SYMBOL_NAMES[s][n] for s in symbols_of(die, face)] or [_BLANK[n]]
    return f"d{DIE_SIDES[die]} {face} ({' + '.join(names)})"


def summary(kept: list, totals: dict, lang: str = "en") -> str:
    """The kept dice and the outcome as one line for a forum post, in the check's own words
    (:func:`tirada.systems.l5r.words.outcome_words`, as the screen and the snippets say them).

    Args:
        kept: ``[{"die": "ring"|"skill", "face": int, "explosion": bool}]`` in result order.
        totals: ``{"successes", "tn", "success", "bonus_successes", "margin", "opportunities", "strife"}``.
        lang: ``"en"`` or ``"es"`` (the Spanish edition's terms: éxito, NO, oportunidad, conflicto).
    Returns:
        e.g. ``"Kept: d6 5 (success), d6 3 (opportunity), d12 12 (explosive success), explosion
        d12 6 (success + strife). 3 successes vs TN 3: Success, 1 opportunity, 1 strife."``
    """
    from .words import outcome_words, vs_tn

    es = lang == "es"
    words = []
    for d in kept:
        prefix = ("explosión " if es else "explosion ") if d.get("explosion") else \
            ("añadido " if es else "added ") if d.get("added") else ""
        words.append(prefix + die_text(d["die"], d["face"], "es" if es else "en"))
    dice = ", ".join(words) or ("ninguno" if es else "none")
    said = outcome_words(merged({"stage": "done"}, totals, {"kept": kept}), "es" if es else "en")
    return f"{'Guardados' if es else 'Kept'}: {dice}. {vs_tn(totals, lang)}: {said.line()}."


# --- The dice of a check and how they are drawn (l5r5e.md §The check) ------------------------------

class PoolDie(Struct):
    """A die of the pool (l5r5e.md §The check 1): ``index`` (pool position), ``die`` ``"ring"``|``"skill"``,
    ``source`` ``"ring"``|``"assist"``|``"void"``|``"skill"``, ``faces``: its faces, first roll first (a
    rerolled die has two); the last is the face that counts. ``kept``: ``True``/``False`` once the keep
    is decided, else ``None``."""

    _fields = ("index", "die", "source", "faces", "kept")
    index: int
    die: str
    source: str
    faces: tuple
    kept: bool | None

    def __init__(self, index: int, die: str, source: str, faces: tuple, kept: bool | None = None) -> None:
        self._init(index, die, source, tuple(faces), kept)

    @property
    def face(self) -> int:
        """The face that counts (after any reroll)."""
        return self.faces[-1]

    @property
    def first_face(self) -> int:
        """The face first rolled (step 1), before any reroll."""
        return self.faces[0]

    @property
    def rerolled(self) -> bool:
        """Rerolled by a distinction or an adversity (step 2)."""
        return len(self.faces) > 1

    @property
    def symbols(self) -> tuple:
        """Symbols of :attr:`face` (l5r5e.md §Dice and symbols)."""
        return symbols_of(self.die, self.face)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "PoolDie":
        """The record of one ``pool`` item of a check's result (:meth:`to_dict`'s shape)."""
        return cls(value["index"], value["die"], value["source"], tuple(value["faces"]), value["kept"])

    def to_dict(self) -> dict:
        """``{"index", "die", "source", "face", "symbols", "faces", "rerolled", "kept"}``."""
        return {"index": self.index, "die": self.die, "source": self.source, "face": self.face,
                "symbols": list(self.symbols), "faces": list(self.faces), "rerolled": self.rerolled,
                "kept": self.kept}

    def text(self) -> str:
        """``"pool die 2, d6 2 (opportunity + strife)"`` for messages."""
        return f"pool die {self.index}, {die_text(self.die, self.face)}"


class ExplosionDie(Struct):
    """An explosion die: ``index`` in draw order among explosion dice, ``die`` as its source's type,
    ``face``, ``source`` ``"pool"``|``"added"``|``"explosion"`` and ``source_index`` (the die that
    exploded: a pool index, an index in the request's ``added``, or an explosion die's index),
    ``kept``: ``True``/``False`` or ``None`` while undecided."""

    _fields = ("index", "die", "face", "source", "source_index", "kept")
    index: int
    die: str
    face: int
    source: str
    source_index: int
    kept: bool | None

    def __init__(self, index: int, die: str, face: int, source: str, source_index: int,
                 kept: bool | None = None) -> None:
        self._init(index, die, face, source, source_index, kept)

    @property
    def symbols(self) -> tuple:
        """Symbols of :attr:`face`."""
        return symbols_of(self.die, self.face)

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "ExplosionDie":
        """The record of one ``explosion_dice`` item of a check's result (:meth:`to_dict`'s shape)."""
        return cls(value["index"], value["die"], value["face"], value["source"], value["source_index"],
                   value["kept"])

    def to_dict(self) -> dict:
        """``{"index", "die", "face", "symbols", "source", "source_index", "kept"}``."""
        return {"index": self.index, "die": self.die, "face": self.face, "symbols": list(self.symbols),
                "source": self.source, "source_index": self.source_index, "kept": self.kept}


def draw(dice, wanted: list, partial: bool) -> list:
    """Draw ``wanted`` = ``[(die, purpose[, where])]`` in order from ``dice`` (``dice.roll(sides)``).

    In faces mode (``dice.faces`` exists) the faces may run out: with ``partial`` the faces there
    are are drawn and the rest left to :func:`missing_faces`; otherwise it is refused.

    Returns:
        the faces drawn, in order (fewer than wanted only when ``partial``).
    Raises:
        InvalidRequest: the faces run out (field ``faces``; names the die needed and its purpose).
    """
    faces = getattr(dice, "faces", None)
    room = len(wanted) if faces is None else max(0, len(faces) - len(dice.draws))
    if room < len(wanted) and not partial:
        die, purpose = wanted[room][:2]
        raise InvalidRequest(f"the faces run out at the {purpose}: give its d{DIE_SIDES[die]} face "
                             f"({len(wanted) - room} more needed here)", field="faces",
                             code="faces.run_out", params={"sides": DIE_SIDES[die], "n": len(wanted) - room})
    return [dice.roll(DIE_SIDES[w[0]]) for w in wanted[:room]]


def missing_faces(wanted: list, drawn: int) -> list:
    """``[{"die", "sides", "for", ...where}]`` for ``wanted[drawn:]``: the faces still to be typed.

    ``for`` is the English purpose (``"reroll of pool die 1"``); an entry of ``wanted`` with a third
    item ``where`` (a dict, e.g. ``{"step": "reroll", "source": "pool", "source_index": 1}``) adds its
    keys, so a page can word the purpose in its own language.
    """
    return [merged({"die": w[0], "sides": DIE_SIDES[w[0]], "for": w[1]}, w[2] if len(w) > 2 else {})
            for w in wanted[drawn:]]
