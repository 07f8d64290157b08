"""Blood Red Sands: the Confrontation as (setup, log of moves) → state, replayed from a seed.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``); JSON formats in
docs/brs-format.md. Modules: :mod:`.config` (setup), :mod:`.state` (frozen state), :mod:`.moves`
(pick, attack, Advantage, Renew, Vow, Reinforce, Yield), :mod:`.aspects` (defence, outcome, Aspect
choices), :mod:`.settle` (Devastation, clean-up, bonuses, the end), :mod:`.replay` (fold, legal
moves), :mod:`.report` (derived JSON), :mod:`.defence` (smallest defence), :mod:`.compact` (short
serialisation for links), :mod:`.cli`.

The replay's names are imported here (they are the reading core's); :func:`smallest_defences` and
:func:`summary` are loaded when first used (PEP 562 ``__getattr__``), so importing a module of the
package (the reading core's :mod:`.link`, issue #41) does not load :mod:`.defence`, which only the
full page needs. (``replay`` stays imported here: the submodule of that name would shadow it.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...portable import lazy_attribute
from .compact import from_compact, to_compact
from .config import ASPECTS, Setup
from .replay import MOVES, apply, legal_moves, new_confrontation, play, replay
from .state import State

if TYPE_CHECKING:   # what the lazy names are, for type checkers and editors
    from .defence import smallest_defences
    from .report import summary

#: lazy public name → the module that defines it (relative to this package)
_HOME = {"smallest_defences": ".defence", "summary": ".report"}

__all__ = [
    "ASPECTS", "MOVES", "Setup", "State", "apply", "from_compact", "legal_moves", "new_confrontation",
    "play", "replay", "smallest_defences", "summary", "to_compact",
]


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562); unknown names raise AttributeError."""
    return lazy_attribute(__name__, _HOME, globals(), name)
