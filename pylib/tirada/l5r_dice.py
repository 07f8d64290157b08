"""L5R 5e narrative dice: the number → symbol tables (l5r5e.md §Dice and symbols; core book p. 25).

Ring die = d6 (black), skill die = d12 (white). A face's symbols are a tuple of symbol names from
:data:`SYMBOLS`; an ``"explosive"`` symbol also counts as a success (l5r5e.md: "An explosive success
also counts as a success").
"""

from __future__ import annotations

__all__ = ["DIE_SIDES", "RING_FACES", "SKILL_FACES", "SYMBOLS", "symbols_of", "tally"]

#: Symbol names in display order; Spanish names live in the page's catalogs.
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


def symbols_of(die: str, face: int) -> tuple:
    """Symbols of ``face`` on a ``"ring"`` (d6) or ``"skill"`` (d12) die.

    Raises:
        KeyError: unknown die type or a face outside the die.
    """
    return (RING_FACES if die == "ring" else SKILL_FACES)[face] if die in DIE_SIDES else {}[die]


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
