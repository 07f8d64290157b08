"""Legend of the Five Rings 5th edition (rules: ../shared/rules/l5r5e.md; docs/l5r5e.md).

Read top-down: :mod:`.dice` (the ring and skill dice, their faces and symbols), :mod:`.check` (a check:
roll, keep, explode; what ``systems.roll`` calls for ``system: "l5r5e"``), :mod:`.skirmish`
(skirmish conflicts built on checks).
"""
