"""Blood Red Sands: the Confrontation as (setup, log of moves) → state, replayed from a seed.

Rules: ../shared/rules/blood-red-sands.md (seed ``000_95455a330fc0ceb0.txt``); JSON formats in
docs/brs-format.md. Modules: :mod:`.config` (setup), :mod:`.state` (frozen state), :mod:`.moves`
(pick, attack, Advantage, Renew, Vow, Reinforce, Yield), :mod:`.aspects` (defence, outcome, Aspect
choices), :mod:`.settle` (Devastation, clean-up, bonuses, the end), :mod:`.replay` (fold, legal
moves), :mod:`.report` (derived JSON), :mod:`.defence` (smallest defence), :mod:`.compact` (short
serialisation for links), :mod:`.cli`.
"""

from .compact import from_compact, to_compact
from .config import ASPECTS, Setup
from .defence import smallest_defences
from .replay import MOVES, apply, legal_moves, new_confrontation, play, replay
from .report import summary
from .state import State

__all__ = [
    "ASPECTS", "MOVES", "Setup", "State", "apply", "from_compact", "legal_moves", "new_confrontation",
    "play", "replay", "smallest_defences", "summary", "to_compact",
]
