"""A first visit's plain start imports what the first screen needs, and no more (issue #41).

On a first visit Pyodide starts without the memory snapshot (web/pyodide-start.mjs), so every engine
module the page's start imports is read and run on the visitor's phone before the page is ready: ~25 ms
each of the 4×-slowed phone profile's CPU for the heavier ones (docs/benchmarks.md, "Fewer modules at a
plain start"). The Blood Red Sands Confrontation (tirada.systems.brs, through the BRS character sheet) and
the L5R skirmish turn box (web/l5r/ui_l5r_turn.py, a closed box) load after the page is ready
(web/shell/page.py ``BOXES``, ``LAZY``, ``load_rest``) or when they are opened.

CPython only: web/shell/page.py imported with stand-ins for the browser (tests/helpers/start_imports.py).
"""

from __future__ import annotations

import sys

import pytest

from helpers.start_imports import modules_at_start

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources in a subprocess (CPython only)")

#: engine modules a plain start imports today (65; 84 before the Confrontation and the skirmish turn were
#: held back): a ratchet, lower it when the start imports fewer
MOST_ENGINE_MODULES = 65
#: what waits for its view: the Confrontation's rules and sheet, the skirmish turn's rules and box, scenes
HELD_BACK = ("tirada.systems.brs", "tirada.sheets.brs", "tirada.systems.l5r.turn", "l5r.ui_l5r_turn",
             "tirada.systems.tragedia", "brs.ui_brs", "tragedia.ui_scene", "audit.ui_audit")


@pytest.fixture(scope="module")
def at_start() -> list:
    return modules_at_start()


def test_the_start_imports_the_roll_view_and_the_link_readers(at_start):
    for name in ("shell.page", "roll.ui_roll", "l5r.ui_l5r", "dice.ui_dice", "tirada.links.roll_link",
                 "tirada.links.thread_link", "tirada.sheets.sifrp"):
        assert name in at_start, name


def test_the_start_imports_no_confrontation_no_skirmish_turn_and_no_scene(at_start):
    assert [name for name in at_start if name.startswith(HELD_BACK)] == []


def test_the_start_imports_no_more_engine_modules_than_today(at_start):
    engine = [name for name in at_start if name == "tirada" or name.startswith("tirada.")]
    assert len(engine) <= MOST_ENGINE_MODULES, engine
