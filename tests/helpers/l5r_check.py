"""The L5R check's worked example and a check played on fixed faces, shared by the L5R tests.

Rule: ../shared/rules/l5r5e.md §The check (Sakura, Fire 3, Fitness 1, TN 3, a Distinction).
"""

from __future__ import annotations

from tirada.dice import FixedFaces
from tirada.systems.l5r.check import roll

#: the rule file's worked example: its request with every decision, and the faces it draws
SAKURA = {"ring": 3, "skill": 1, "tn": 3, "distinction": True, "rerolls": [1, 3], "keep": [0, 1, 3],
          "explosions": [True]}
SAKURA_FACES = [5, 1, 2, 3, 3, 12, 6]  # pool d6 5,1,2 d12 3 | rerolls d6 1→3, d12 3→12 | explosion d12 6


def check(faces: list, **params) -> dict:
    """The check ``params`` rolled on ``faces`` (in draw order); a finished check must use them all."""
    dice = FixedFaces(faces)
    result = roll(params, dice)
    if result["stage"] == "done":
        dice.finish()
    return result
