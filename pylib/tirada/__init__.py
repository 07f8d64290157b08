"""Tirada: the rules engine for dice and confrontations of play-by-post roleplaying games.

Pure Python (CPython 3.11+ and Pyodide); never imports ``pyscript`` or ``js``. Every random draw
comes from a dice source passed in (:mod:`tirada.dice`), so every roll can be recomputed from its
request and seed. Entry point for a roll of any system: :func:`roll`.

The names in :data:`__all__` are the public API the page and scripts use (tests pin the list).
They are loaded when first used (PEP 562 ``__getattr__``), so ``import tirada`` stays cheap and the
page imports a system's code only when it needs it. Systems' own flows stay in their packages:
:mod:`tirada.systems.brs` (Confrontations), :mod:`tirada.systems.tragedia` (scenes),
:mod:`tirada.systems.l5r` (skirmishes), and :mod:`tirada.odds`, :mod:`tirada.storage`,
:mod:`tirada.links` for odds, backups and share links.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .portable import lazy_attribute

if TYPE_CHECKING:   # what the lazy names are, for type checkers and editors
    from .dice import DiceStream, FixedFaces, new_seed
    from .errors import IllegalMove, InvalidRequest, LinkError, TiradaError
    from .links.chain import TRUST, ChainState, decode_link, encode_link, link_id, next_link, verify
    from .wire.codec import decode_payload, encode_payload
    from .links.snippets import snippet
    from .sheets import (Character, apply_l5r_result, check_l5r_roll, new_character, roll_request,
                         sheet_from_form, sheet_to_form)
    from .systems import SYSTEMS, roll
    from .systems.registry import REGISTRY, SystemSpec

#: public name → the module that defines it (relative to this package).
_HOME = {
    "ChainState": ".links.chain", "Character": ".sheets", "DiceStream": ".dice", "FixedFaces": ".dice",
    "IllegalMove": ".errors", "InvalidRequest": ".errors", "LinkError": ".errors", "REGISTRY": ".systems.registry",
    "SYSTEMS": ".systems", "SystemSpec": ".systems.registry", "TRUST": ".links.chain", "TiradaError": ".errors",
    "apply_l5r_result": ".sheets", "check_l5r_roll": ".sheets", "decode_link": ".links.chain",
    "decode_payload": ".wire.codec", "encode_link": ".links.chain", "encode_payload": ".wire.codec",
    "link_id": ".links.chain", "new_character": ".sheets", "new_seed": ".dice", "next_link": ".links.chain",
    "roll": ".systems", "roll_request": ".sheets", "sheet_from_form": ".sheets", "sheet_to_form": ".sheets",
    "snippet": ".links.snippets", "verify": ".links.chain",
}

__all__ = [
    "ChainState", "Character", "DiceStream", "FixedFaces", "IllegalMove", "InvalidRequest", "LinkError",
    "REGISTRY", "SYSTEMS", "SystemSpec", "TRUST", "TiradaError", "apply_l5r_result", "check_l5r_roll",
    "decode_link", "decode_payload", "encode_link", "encode_payload", "link_id", "new_character", "new_seed",
    "next_link", "roll", "roll_request", "sheet_from_form", "sheet_to_form", "snippet", "verify",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562); unknown names raise AttributeError."""
    return lazy_attribute(__name__, _HOME, globals(), name)


def __dir__() -> list:
    """The public names and the module's own attributes."""
    return sorted(set(globals()) | set(__all__))
