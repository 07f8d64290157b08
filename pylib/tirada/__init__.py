"""Tirada: the rules engine for dice and confrontations of play-by-post roleplaying games.

Pure Python (CPython 3.11+ and Pyodide); never imports ``pyscript`` or ``js``. Every random draw
comes from a dice source passed in (:mod:`tirada.dice`), so every roll can be recomputed from its
request and seed. Entry point for a roll of any system: :func:`roll`.
"""

from .dice import DiceStream, FixedFaces, new_seed
from .errors import IllegalMove, InvalidRequest, LinkError, TiradaError
from .systems import SYSTEMS, roll

__all__ = sorted([
    "DiceStream", "FixedFaces", "IllegalMove", "InvalidRequest", "LinkError", "SYSTEMS",
    "TiradaError", "new_seed", "roll",
])
__version__ = "0.1.0"
